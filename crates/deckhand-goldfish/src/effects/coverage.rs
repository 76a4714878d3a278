//! What a deck's numbers play of each card: its data (card note, keyword notes and
//! templates, effects) combined with what the game's procedure runs ([`Plays`]). An effect
//! whose trigger, step, zone or filter the procedure does not run is never claimed: the card
//! is `partial` or `not_simulated`, with the reason.
//!
//! A card with no effects and no note is `simulated` when its text says no more than the
//! reminder text of its keywords, `not_simulated` otherwise (the core's `has_effect_text`).
//! The written form is the core's (`parse_effects`, `fill_template`), and so is the query
//! matcher that turns each filter into a card set once per deck.

use deckhand_core::query::{matches, parse_filter, Vocabulary};
use deckhand_core::{
    fill_template, fold_name, has_effect_text, parse_effects, Amount, Card, CoverageState, Effect,
    Game, GoldfishNote, Requirement, Step, StepKind, Target, Trigger,
};
use serde::{Deserialize, Serialize};

use super::{Amt, CardSet, Compiled, Id, Op, Programs, Req, Tgt};

/// Which effects play: `All` (the default) or `Keywords` (each game's bare procedure,
/// docs/pilots.md#card-effects, the figures pinned before card effects existed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectsMode {
    #[default]
    All,
    Keywords,
}

impl EffectsMode {
    pub fn id(self) -> &'static str {
        match self {
            EffectsMode::All => "all",
            EffectsMode::Keywords => "keywords",
        }
    }

    pub fn from_id(id: &str) -> Option<EffectsMode> {
        [EffectsMode::All, EffectsMode::Keywords]
            .into_iter()
            .find(|m| m.id() == id)
    }
}

/// What a game's procedure runs of the shared vocabulary. Ids given to the [`super::Board`]
/// are positions in `zones`, `resources` and `stats`.
pub struct Plays {
    /// Who plays, for reasons ("the Zoids Scramble pilot").
    pub pilot: &'static str,
    pub triggers: &'static [Trigger],
    /// Zones the board can count in.
    pub zones: &'static [&'static str],
    /// (from, to) zone pairs the board moves cards between.
    pub moves: &'static [(&'static str, &'static str)],
    /// The step kinds its [`super::Board`] carries out besides `move` (which `moves` says).
    /// A step of any other kind makes its card's effect unsupported when a deck is
    /// compiled; the board's method for it is never called.
    pub steps: &'static [StepKind],
    /// What else of an effect its board reads.
    pub reads: &'static [Reading],
    pub resources: &'static [&'static str],
    pub stats: &'static [&'static str],
    /// Keywords the procedure itself plays (`Unmanned`), with no effects stated.
    pub structural: &'static [&'static str],
    /// Card types the pilot never plays (their cards are `not_simulated`, unless their data
    /// says they have no goldfish effect).
    pub unplayed_types: &'static [&'static str],
    /// The procedure's own word on a card, before its data is read (a card the pilot never
    /// plays).
    pub card_rule: fn(&Card, EffectsMode) -> Option<GoldfishNote>,
}

/// What a board may be asked besides carrying out steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// It picks the card of a `one [filter]` target ([`super::Board::modify`] with
    /// [`super::Tgt::One`]).
    OneTarget,
    /// It knows both HP for an HP requirement ([`super::Board::hp`]).
    HpRequirement,
    /// It counts distinct card names ([`super::Board::distinct`]).
    DistinctNames,
}

impl Reading {
    /// Its word in the data form.
    fn name(self) -> &'static str {
        match self {
            Reading::OneTarget => "one",
            Reading::HpRequirement => "hp",
            Reading::DistinctNames => "distinct",
        }
    }
}

/// No procedure-specific rule.
#[cfg(test)]
pub fn no_rule(_: &Card, _: EffectsMode) -> Option<GoldfishNote> {
    None
}

/// Every report's coverage: how many of the deck's distinct cards are in each state, and
/// each card's state and reason.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Coverage {
    /// What the counts count: `distinct cards` (each card of the deck once, not its copies).
    pub counted: String,
    /// Which effects played (`all` or `keywords`).
    pub effects: String,
    pub simulated: u32,
    pub partial: u32,
    pub no_effect: u32,
    pub not_simulated: u32,
    /// Every distinct card, by folded name.
    pub cards: Vec<CardCoverage>,
    /// Per card index of the procedure's programs, its row of `cards` and whether any of
    /// its effects compiled (so can fire): what [`Coverage::with_fired`] reads. Not part of
    /// the report.
    #[serde(skip)]
    #[ts(skip)]
    rows: Vec<(u32, bool)>,
}

/// One card's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[ts(rename = "DeckCardCoverage")]
pub struct CardCoverage {
    pub name: String,
    pub state: CoverageState,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// How many times a game its effects resolved, over the run's games from both seats (a
    /// step-through: in its one game). A `while in play` effect counts once a game it
    /// applied in.
    #[serde(default)]
    pub fired_per_game: f64,
    /// A `simulated` card with effects that never resolved in a Monte Carlo run: its state
    /// says the engine plays it, yet in these games it changed nothing (never drawn in
    /// time, its requirement never met, or its use never worth it).
    #[serde(default)]
    pub never_fired: bool,
}

impl Coverage {
    /// Names of cards whose numbers leave something out (partial or not simulated).
    pub fn left_out(&self) -> Vec<String> {
        self.cards
            .iter()
            .filter(|c| {
                matches!(
                    c.state,
                    CoverageState::Partial | CoverageState::NotSimulated
                )
            })
            .map(|c| c.name.clone())
            .collect()
    }

    /// The coverage with each card's `fired_per_game` from `fired` (times resolved, summed
    /// over `games` games, by card index); with `flag`, a `simulated` card with effects that
    /// never fired is marked `never_fired` (a Monte Carlo run: one game proves nothing).
    pub fn with_fired(&self, fired: &[u64], games: u64, flag: bool) -> Coverage {
        // A report's coverage carries no row map: it is the procedure's, and it would not
        // survive the report's JSON.
        let mut out = Coverage {
            counted: self.counted.clone(),
            effects: self.effects.clone(),
            simulated: self.simulated,
            partial: self.partial,
            no_effect: self.no_effect,
            not_simulated: self.not_simulated,
            cards: self.cards.clone(),
            rows: Vec::new(),
        };
        let mut totals = vec![0u64; out.cards.len()];
        let mut fires = vec![false; out.cards.len()];
        for (&(row, can), &n) in self
            .rows
            .iter()
            .zip(fired.iter().chain(std::iter::repeat(&0)))
        {
            totals[row as usize] += n;
            fires[row as usize] |= can;
        }
        for ((card, total), can) in out.cards.iter_mut().zip(totals).zip(fires) {
            card.fired_per_game = match games {
                0 => 0.0,
                g => total as f64 / g as f64,
            };
            card.never_fired = flag && can && total == 0 && card.state == CoverageState::Simulated;
        }
        out
    }
}

/// Compiles the programs of `cards` (the deck's distinct cards, by index) and states each
/// card's coverage.
pub fn build(
    game: &Game,
    cards: &[Card],
    mode: EffectsMode,
    plays: &Plays,
) -> (Programs, Coverage) {
    let mut b = Builder {
        game,
        cards,
        plays,
        programs: Programs::default(),
        filters: Vec::new(),
    };
    let mut rows: Vec<(String, u16, CardCoverage)> = Vec::new();
    for (index, card) in cards.iter().enumerate() {
        let start = b.programs.effects.len() as u32;
        let (state, reason) = b.card(card, mode);
        let end = b.programs.effects.len() as u32;
        for effect in &mut b.programs.effects[start as usize..] {
            effect.owner = index as u16;
        }
        b.programs.ranges.push((start, end));
        let mask = b.programs.effects[start as usize..]
            .iter()
            .fold(0u32, |m, e| m | super::trigger_bit(e.trigger));
        b.programs.masks.push(mask);
        b.programs.any |= mask;
        rows.push((
            fold_name(&card.name),
            index as u16,
            CardCoverage {
                name: card.name.clone(),
                state,
                reason,
                fired_per_game: 0.0,
                never_fired: false,
            },
        ));
    }
    b.programs.index_events();
    // Stable: of two cards with one folded name, the first is the row, and both count in it.
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let mut coverage = Coverage {
        counted: "distinct cards".into(),
        effects: mode.id().into(),
        rows: vec![(0, false); cards.len()],
        ..Coverage::default()
    };
    let mut last: Option<String> = None;
    for (folded, index, row) in rows {
        let (start, end) = b.programs.ranges[index as usize];
        let can_fire = end > start;
        if last.as_ref() != Some(&folded) {
            match row.state {
                CoverageState::Simulated => coverage.simulated += 1,
                CoverageState::Partial => coverage.partial += 1,
                CoverageState::NoEffect => coverage.no_effect += 1,
                CoverageState::NotSimulated => coverage.not_simulated += 1,
            }
            coverage.cards.push(row);
            last = Some(folded);
        }
        coverage.rows[index as usize] = ((coverage.cards.len() - 1) as u32, can_fire);
    }
    (b.programs, coverage)
}

struct Builder<'a> {
    game: &'a Game,
    cards: &'a [Card],
    plays: &'a Plays,
    programs: Programs,
    /// Filters already matched, by text, so equal filters share one set.
    filters: Vec<String>,
}

type Part = (CoverageState, String);

impl Builder<'_> {
    fn card(&mut self, card: &Card, mode: EffectsMode) -> Part {
        if let Some(note) = (self.plays.card_rule)(card, mode) {
            return (note.state, note.reason);
        }
        let card_type = fold_name(&card.card_type);
        if self
            .plays
            .unplayed_types
            .iter()
            .any(|t| fold_name(t) == card_type)
            && card
                .goldfish
                .as_ref()
                .is_none_or(|n| n.state != CoverageState::NoEffect)
        {
            return (
                CoverageState::NotSimulated,
                format!("{} never plays a {}", self.plays.pilot, card.card_type),
            );
        }
        let mut parts: Vec<Part> = Vec::new();
        for written in &card.keywords {
            self.keyword(written, &mut parts);
        }
        let no_effect = card
            .goldfish
            .as_ref()
            .is_some_and(|n| n.state == CoverageState::NoEffect);
        match mode {
            // What cannot change a goldfish game is not run (and not claimed).
            _ if no_effect => {}
            EffectsMode::Keywords if !card.effects.is_empty() => parts.push((
                CoverageState::NotSimulated,
                "its own effects are off (--effects keywords)".into(),
            )),
            _ => {
                for effect in &card.effects {
                    parts.push(self.effect(effect, card.name.clone()));
                }
            }
        }
        match &card.goldfish {
            Some(note) => parts.push((note.state, note.reason.clone())),
            None if card.effects.is_empty()
                && has_effect_text(card.text.as_deref().unwrap_or(""), &card.keywords) =>
            {
                parts.push((
                    CoverageState::NotSimulated,
                    "its text is not stated as effects".into(),
                ));
            }
            None => {}
        }
        combine(parts)
    }

    fn keyword(&mut self, written: &str, parts: &mut Vec<Part>) {
        let (name, value) = match written.split_once(':') {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (written.trim(), ""),
        };
        let def = self
            .game
            .keywords
            .iter()
            .find(|k| fold_name(&k.name) == fold_name(name));
        let Some(def) = def else {
            parts.push((
                CoverageState::NotSimulated,
                format!("the keyword {name} is not one of the game's"),
            ));
            return;
        };
        if let Some(note) = &def.goldfish {
            parts.push((note.state, format!("{name}: {}", note.reason)));
            if note.state == CoverageState::NoEffect {
                return;
            }
        }
        if let Some(template) = &def.effects {
            let label = match value {
                "" => name.to_owned(),
                v => format!("{name} {v}"),
            };
            match parse_effects(&fill_template(template, value), None) {
                Ok(effects) => {
                    for effect in &effects {
                        let (state, reason) = self.effect(effect, label.clone());
                        let reason = match reason.is_empty() {
                            true => reason,
                            false => format!("{name}: {reason}"),
                        };
                        parts.push((state, reason));
                    }
                }
                Err(err) => parts.push((
                    CoverageState::NotSimulated,
                    format!("{name}: its effects template cannot be read ({err})"),
                )),
            }
        } else if def.goldfish.is_none() {
            if self
                .plays
                .structural
                .iter()
                .any(|k| fold_name(k) == fold_name(name))
            {
                parts.push((CoverageState::Simulated, String::new()));
            } else {
                parts.push((
                    CoverageState::NotSimulated,
                    format!(
                        "{name} has no effects stated and {} does not play it",
                        self.plays.pilot
                    ),
                ));
            }
        }
    }

    /// Compiles one effect when the procedure runs all of it; otherwise says why not.
    fn effect(&mut self, effect: &Effect, label: String) -> Part {
        if !self.plays.triggers.contains(&effect.trigger) {
            return (
                CoverageState::NotSimulated,
                format!(
                    "{} does not play `{}` effects yet",
                    self.plays.pilot,
                    trigger_words(effect.trigger)
                ),
            );
        }
        match self.compile(effect, label) {
            Ok(compiled) => {
                self.programs.effects.push(compiled);
                (CoverageState::Simulated, String::new())
            }
            Err(why) => (CoverageState::NotSimulated, why),
        }
    }

    fn compile(&mut self, effect: &Effect, label: String) -> Result<Compiled, String> {
        let requirement = match &effect.requirement {
            Some(r) => Some(self.requirement(r)?),
            None => None,
        };
        if effect.hp.is_some() {
            self.reads(Reading::HpRequirement)?;
        }
        Ok(Compiled {
            trigger: effect.trigger,
            optional: effect.optional,
            requirement,
            cost: self.steps(&effect.cost)?,
            steps: self.steps(&effect.steps)?,
            label,
            text: effect.to_string().into(),
            card: self.filter(effect.card.as_ref().map(|f| f.0.as_str()))?,
            hp: effect.hp,
            // Set by `build` once the card's effects are compiled.
            owner: 0,
        })
    }

    fn requirement(&mut self, r: &Requirement) -> Result<Req, String> {
        if r.distinct {
            self.reads(Reading::DistinctNames)?;
        }
        Ok(Req {
            filter: self.filter(r.filter.as_ref().map(|f| f.0.as_str()))?,
            zone: self.zone(&r.zone)?,
            at_least: r.at_least,
            negated: r.negated,
            distinct: r.distinct,
        })
    }

    fn steps(&mut self, steps: &[Step]) -> Result<Vec<Op>, String> {
        steps.iter().map(|s| self.step(s)).collect()
    }

    fn reads(&self, reading: Reading) -> Result<(), String> {
        match self.plays.reads.contains(&reading) {
            true => Ok(()),
            false => Err(format!(
                "{} does not play `{}` steps yet",
                self.plays.pilot,
                reading.name()
            )),
        }
    }

    fn step(&mut self, step: &Step) -> Result<Op, String> {
        let kind = step.kind();
        if kind != StepKind::Move && !self.plays.steps.contains(&kind) {
            return Err(format!(
                "{} does not play `{kind}` steps yet",
                self.plays.pilot
            ));
        }
        Ok(match step {
            Step::Move {
                count,
                from,
                to,
                filter,
                search,
            } => {
                if !self.plays.moves.contains(&(from.as_str(), to.as_str())) {
                    return Err(format!(
                        "{} does not move cards from {from} to {to} yet",
                        self.plays.pilot
                    ));
                }
                Op::Move {
                    count: self.amount(count)?,
                    from: self.zone(from)?,
                    to: self.zone(to)?,
                    filter: self.filter(filter.as_ref().map(|f| f.0.as_str()))?,
                    search: *search,
                }
            }
            Step::Draw { count } => Op::Draw(self.amount(count)?),
            Step::Discard { count, filter } => Op::Discard(
                self.amount(count)?,
                self.filter(filter.as_ref().map(|f| f.0.as_str()))?,
            ),
            Step::Damage { amount } => Op::Damage(self.amount(amount)?),
            Step::Prevent { amount } => Op::Prevent(self.amount(amount)?),
            Step::Heal { amount } => Op::Heal(self.amount(amount)?),
            Step::Gain { amount, resource } => {
                Op::Gain(self.amount(amount)?, self.resource(resource)?)
            }
            Step::Spend { amount, resource } => {
                Op::Spend(self.amount(amount)?, self.resource(resource)?)
            }
            Step::Modify {
                stat,
                by,
                target,
                duration,
            } => {
                let stat = position(self.plays.stats, stat)
                    .ok_or_else(|| format!("{} does not keep the stat {stat}", self.plays.pilot))?;
                let target = match target {
                    Target::This => Tgt::This,
                    Target::Others { filter } => {
                        Tgt::Others(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
                    }
                    Target::Each { filter } => {
                        Tgt::Each(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
                    }
                    Target::One { filter } => {
                        self.reads(Reading::OneTarget)?;
                        Tgt::One(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
                    }
                };
                Op::Modify {
                    stat,
                    by: self.amount(by)?,
                    target,
                    duration: *duration,
                }
            }
            Step::Roll { dice } => Op::Roll(self.amount(dice)?),
            Step::Choose { options } => {
                let compiled = options
                    .iter()
                    .map(|o| self.steps(o))
                    .collect::<Result<_, _>>()?;
                let labels = options
                    .iter()
                    .map(|o| o.iter().map(Step::to_string).collect::<Vec<_>>().join(", "))
                    .collect();
                Op::Choose(compiled, labels)
            }
            Step::Reroll { dice } => Op::Reroll(self.amount(dice)?),
            Step::Split { among, row } => Op::Split(self.amount(among)?, *row),
            Step::FillHand { size } => Op::FillHand(self.amount(size)?),
            Step::Ready { count, filter } => Op::Ready(
                self.amount(count)?,
                self.filter(filter.as_ref().map(|f| f.0.as_str()))?,
            ),
            Step::Copy { filter } => Op::Copy(self.filter(filter.as_ref().map(|f| f.0.as_str()))?),
            Step::Reorder {
                count,
                zone,
                bottom,
            } => Op::Reorder(self.amount(count)?, self.zone(zone)?, *bottom),
            Step::IgnoreGuard => Op::IgnoreGuard,
            Step::Unguard { target } => Op::Unguard(self.target(target)?),
            Step::CapHits { max, target } => Op::CapHits(self.amount(max)?, self.target(target)?),
            Step::IgnoreHits { first, target } => {
                Op::IgnoreHits(self.amount(first)?, self.target(target)?)
            }
            Step::DamageAdjacent { amount } => Op::DamageAdjacent(self.amount(amount)?),
            Step::RollAdjacent => Op::RollAdjacent,
            Step::SwapAdjacent => Op::SwapAdjacent,
        })
    }

    /// A Guard or hit-rule step's cards (as a stat change's).
    fn target(&mut self, target: &Target) -> Result<Tgt, String> {
        Ok(match target {
            Target::This => Tgt::This,
            Target::Others { filter } => {
                Tgt::Others(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
            }
            Target::Each { filter } => {
                Tgt::Each(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
            }
            Target::One { filter } => {
                self.reads(Reading::OneTarget)?;
                Tgt::One(self.filter(filter.as_ref().map(|f| f.0.as_str()))?)
            }
        })
    }

    fn amount(&mut self, amount: &Amount) -> Result<Amt, String> {
        Ok(match amount {
            Amount::Fixed(n) => Amt::Fixed(*n),
            Amount::Per(p) => {
                if p.distinct {
                    self.reads(Reading::DistinctNames)?;
                }
                Amt::Per {
                    each: p.each,
                    filter: self.filter(p.filter.as_ref().map(|f| f.0.as_str()))?,
                    zone: self.zone(&p.zone)?,
                    max: p.max,
                    distinct: p.distinct,
                }
            }
        })
    }

    fn zone(&self, zone: &str) -> Result<Id, String> {
        position(self.plays.zones, zone)
            .ok_or_else(|| format!("{} does not keep the zone {zone}", self.plays.pilot))
    }

    fn resource(&self, resource: &str) -> Result<Id, String> {
        position(self.plays.resources, resource)
            .ok_or_else(|| format!("{} does not keep the resource {resource}", self.plays.pilot))
    }

    /// The set of deck cards `filter` matches, evaluated here once.
    fn filter(&mut self, filter: Option<&str>) -> Result<Option<u16>, String> {
        let Some(filter) = filter else {
            return Ok(None);
        };
        if let Some(i) = self.filters.iter().position(|f| f == filter) {
            return Ok(Some(i as u16));
        }
        let expr = parse_filter(filter, &Vocabulary::for_game(self.game))
            .map_err(|e| format!("the filter [{filter}] cannot be read: {e}"))?;
        let mut set = CardSet::new(self.cards.len());
        for (i, card) in self.cards.iter().enumerate() {
            if expr.as_ref().is_none_or(|e| matches(e, card)) {
                set.insert(i);
            }
        }
        self.filters.push(filter.to_owned());
        self.programs.sets.push(set);
        Ok(Some((self.filters.len() - 1) as u16))
    }
}

fn position(list: &[&str], name: &str) -> Option<Id> {
    list.iter().position(|z| *z == name).map(|i| i as Id)
}

/// A trigger as the written form says it.
pub fn trigger_words(trigger: Trigger) -> &'static str {
    match trigger {
        Trigger::Played => "when played",
        Trigger::Set => "when set",
        Trigger::Summoned => "when summoned",
        Trigger::Attacks => "when attacks",
        Trigger::Blocks => "when blocks",
        Trigger::Battles => "when battling",
        Trigger::WinsBattle => "when wins battle",
        Trigger::LosesBattle => "when loses battle",
        Trigger::Revealed => "when revealed",
        Trigger::Destroyed => "when destroyed",
        Trigger::TurnStart => "at turn start",
        Trigger::TurnEnd => "at turn end",
        Trigger::Activated => "activate",
        Trigger::Static => "while in play",
        Trigger::AfterAttack => "after attack",
        Trigger::PlaysCard => "when you play",
        Trigger::AttachesCard => "when you attach",
        Trigger::DestroysCard => "when you destroy",
        Trigger::BuysCard => "when you buy",
    }
}

#[cfg(test)]
pub(super) fn combine_for_tests(parts: Vec<Part>) -> Part {
    combine(parts)
}

/// One state for a card from the states of its parts: nothing left out is `simulated` (or
/// `no_effect` when nothing of it plays), something left out beside something played is
/// `partial`, nothing played is `not_simulated`. The reason names what is left out.
fn combine(parts: Vec<Part>) -> Part {
    use CoverageState::*;
    let has = |s: CoverageState| parts.iter().any(|(p, _)| *p == s);
    let reasons = |keep: &dyn Fn(CoverageState) -> bool| {
        let mut out: Vec<&str> = Vec::new();
        for (s, r) in &parts {
            if keep(*s) && !r.is_empty() && !out.contains(&r.as_str()) {
                out.push(r);
            }
        }
        out.join("; ")
    };
    let left_out = has(Partial) || has(NotSimulated);
    let played = has(Simulated) || has(Partial);
    match (left_out, played) {
        (false, _) if parts.is_empty() || has(Simulated) => (Simulated, String::new()),
        (false, _) => (NoEffect, reasons(&|s| s == NoEffect)),
        (true, true) => (Partial, reasons(&|s| matches!(s, Partial | NotSimulated))),
        (true, false) => (NotSimulated, reasons(&|s| s == NotSimulated)),
    }
}

/// How a game's module treats each keyword it knows.
pub struct KeywordPolicy {
    /// Keywords the engine acts on, or that cannot matter against a goldfish.
    pub accounted: &'static [&'static str],
    /// Types whose cards the pilot never plays.
    pub unplayed_types: &'static [&'static str],
}

/// The names of `cards` that are not simulated (the rule of the procedures without effects:
/// unplayed types, keywords neither played nor without effect, text beyond keyword
/// reminders), sorted by folded name, each once.
pub fn not_simulated<'a>(
    cards: impl IntoIterator<Item = &'a Card>,
    policy: &KeywordPolicy,
) -> Vec<String> {
    let mut names: Vec<(String, String)> = cards
        .into_iter()
        .filter(|card| !is_simulated(card, policy))
        .map(|card| (fold_name(&card.name), card.name.clone()))
        .collect();
    names.sort();
    names.dedup_by(|a, b| a.0 == b.0);
    names.into_iter().map(|(_, name)| name).collect()
}

fn is_simulated(card: &Card, policy: &KeywordPolicy) -> bool {
    let card_type = fold_name(&card.card_type);
    if policy
        .unplayed_types
        .iter()
        .any(|t| fold_name(t) == card_type)
    {
        return false;
    }
    let accounted = |written: &String| {
        let name = written.split(':').next().unwrap_or(written);
        let key = fold_name(name);
        policy.accounted.iter().any(|k| fold_name(k) == key)
    };
    if !card.keywords.iter().all(accounted) {
        return false;
    }
    let text = card.text.as_deref().unwrap_or("");
    !has_effect_text(text, &card.keywords)
}
