//! The written form of effects: one line a player reads and types, the same in the card
//! editor, a spreadsheet cell and `card --json`'s `effects_text`. [`print_effects`] is
//! canonical and [`parse_effects`] reads it back: `parse(print(e)) == e` for every valid
//! effect (the validator refuses the few typed shapes the grammar cannot say).
//!
//! ```text
//! trigger     := "when played" | "when set" | … | "while in play" | "activate (" [steps] ")"
//!              | ("when you play" | "when you attach" | "when you destroy" | "when you buy") [" " filter]
//! effect      := trigger [" if " requirement [" and " hp] | " if " hp] ": " ["may "] steps
//! requirement := [N "+ " | "no " | "fewer than " N " "] ["distinct "] [filter " "] "in " zone
//! hp          := "hp <= " INT | "hp < opponent"
//! steps       := step (", " step)*
//! amount      := INT | INT " per " ["distinct "] [filter " "] "in " zone [" max " INT]
//! filter      := "[" query "]"
//! ```
//! Several effects are joined by `" | "`. docs/effects.md lists every step.

use std::fmt::{self, Write as _};

use crate::effect::{
    Amount, Duration, Effect, HpCheck, PerCount, Requirement, Step, Target, Trigger,
};
use crate::effect::{EffectsDef, Filter, MAX_CHOICE_NESTING};
use crate::query::{parse_filter, Vocabulary};
use crate::Game;

/// Between two effects of one card.
pub const EFFECT_SEPARATOR: &str = " | ";

/// The written form cannot be read: where (1-based character) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectTextError {
    pub position: usize,
    pub message: String,
}

impl fmt::Display for EffectTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.position, self.message)
    }
}

/// The phrase of each trigger but `activated` (`activate (cost)`).
const TRIGGER_PHRASES: [(Trigger, &str); 14] = [
    (Trigger::Played, "when played"),
    (Trigger::Set, "when set"),
    (Trigger::Summoned, "when summoned"),
    (Trigger::Attacks, "when attacks"),
    (Trigger::Blocks, "when blocks"),
    (Trigger::Battles, "when battling"),
    (Trigger::WinsBattle, "when wins battle"),
    (Trigger::LosesBattle, "when loses battle"),
    (Trigger::Revealed, "when revealed"),
    (Trigger::Destroyed, "when destroyed"),
    (Trigger::TurnStart, "at turn start"),
    (Trigger::TurnEnd, "at turn end"),
    (Trigger::Static, "while in play"),
    (Trigger::AfterAttack, "after attack"),
];

const DURATIONS: [(Duration, &str); 5] = [
    (Duration::Battle, "until end of battle"),
    (Duration::Turn, "until end of turn"),
    (Duration::Permanent, "permanently"),
    (Duration::WhileInPlay, "while in play"),
    (Duration::NextAttack, "until next attack"),
];

/// The written form of `effects`, joined by [`EFFECT_SEPARATOR`]; empty for none.
pub fn print_effects(effects: &[Effect]) -> String {
    let mut out = String::new();
    for (i, effect) in effects.iter().enumerate() {
        if i > 0 {
            out.push_str(EFFECT_SEPARATOR);
        }
        let _ = write!(out, "{effect}");
    }
    out
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.trigger {
            Trigger::Activated => {
                f.write_str("activate (")?;
                write_steps(f, &self.cost)?;
                f.write_str(")")?;
            }
            trigger => f.write_str(trigger_phrase(trigger))?,
        }
        write_filter_after_space(f, self.card.as_ref())?;
        if let Some(requirement) = &self.requirement {
            f.write_str(" if ")?;
            if requirement.negated && requirement.at_least != 1 {
                write!(f, "fewer than {} ", requirement.at_least)?;
            } else if requirement.negated {
                f.write_str("no ")?;
            } else if requirement.at_least != 1 {
                write!(f, "{}+ ", requirement.at_least)?;
            }
            if requirement.distinct {
                f.write_str("distinct ")?;
            }
            write_filter_then_space(f, requirement.filter.as_ref())?;
            write!(f, "in {}", requirement.zone)?;
        }
        if let Some(hp) = &self.hp {
            f.write_str(if self.requirement.is_some() {
                " and "
            } else {
                " if "
            })?;
            write_hp(f, hp)?;
        }
        f.write_str(": ")?;
        if self.optional {
            f.write_str("may ")?;
        }
        write_steps(f, &self.steps)
    }
}

fn trigger_phrase(trigger: Trigger) -> &'static str {
    TRIGGER_PHRASES
        .iter()
        .chain(&CARD_TRIGGER_PHRASES)
        .find(|(t, _)| *t == trigger)
        .map_or("activate", |(_, phrase)| phrase)
}

fn write_steps(f: &mut fmt::Formatter<'_>, steps: &[Step]) -> fmt::Result {
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{step}")?;
    }
    Ok(())
}

fn write_filter_then_space(f: &mut fmt::Formatter<'_>, filter: Option<&Filter>) -> fmt::Result {
    match filter {
        Some(filter) => write!(f, "[{}] ", filter.0),
        None => Ok(()),
    }
}

fn write_filter_after_space(f: &mut fmt::Formatter<'_>, filter: Option<&Filter>) -> fmt::Result {
    match filter {
        Some(filter) => write!(f, " [{}]", filter.0),
        None => Ok(()),
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Fixed(n) => write!(f, "{n}"),
            Amount::Per(per) => {
                write!(f, "{} per ", per.each)?;
                if per.distinct {
                    f.write_str("distinct ")?;
                }
                write_filter_then_space(f, per.filter.as_ref())?;
                write!(f, "in {}", per.zone)?;
                if let Some(max) = per.max {
                    write!(f, " max {max}")?;
                }
                Ok(())
            }
        }
    }
}

/// `+2`, `-1`, `+1 per [kw:ally] in arena`: the sign, then the amount without it.
fn write_signed(f: &mut fmt::Formatter<'_>, amount: &Amount) -> fmt::Result {
    let negative = match amount {
        Amount::Fixed(n) => *n < 0,
        Amount::Per(per) => per.each < 0,
    };
    f.write_str(if negative { "-" } else { "+" })?;
    match amount {
        Amount::Fixed(n) => write!(f, "{}", n.unsigned_abs()),
        Amount::Per(per) => write!(
            f,
            "{}",
            Amount::Per(PerCount {
                each: per.each.saturating_abs(),
                ..per.clone()
            })
        ),
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Draw { count } => write!(f, "draw {count}"),
            Step::Discard { count, filter } => {
                write!(f, "discard {count}")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Move {
                count,
                from,
                to,
                filter,
                search,
            } => {
                write!(f, "{} {count}", if *search { "search" } else { "move" })?;
                write_filter_after_space(f, filter.as_ref())?;
                write!(f, " from {from} to {to}")
            }
            Step::Damage { amount } => write!(f, "deal {amount} damage"),
            Step::Prevent { amount } => write!(f, "prevent {amount} damage"),
            Step::Heal { amount } => write!(f, "heal {amount}"),
            Step::Gain { amount, resource } => write!(f, "gain {amount} {resource}"),
            Step::Spend { amount, resource } => write!(f, "spend {amount} {resource}"),
            Step::Modify {
                stat,
                by,
                target,
                duration,
            } => {
                match target {
                    Target::This => f.write_str("this")?,
                    Target::Others { filter } => {
                        f.write_str("others")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                    Target::Each { filter } => {
                        f.write_str("each")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                    Target::One { filter } => {
                        f.write_str("one")?;
                        write_filter_after_space(f, filter.as_ref())?;
                    }
                }
                f.write_str(" ")?;
                write_signed(f, by)?;
                let duration = DURATIONS
                    .iter()
                    .find(|(d, _)| d == duration)
                    .map_or("", |(_, phrase)| phrase);
                write!(f, " {stat} {duration}")
            }
            Step::Roll { dice } => write!(f, "roll {dice}"),
            Step::Ready { count, filter } => {
                write!(f, "ready {count}")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Copy { filter } => {
                f.write_str("copy")?;
                write_filter_after_space(f, filter.as_ref())
            }
            Step::Choose { options } => {
                f.write_str("choose ")?;
                for (i, option) in options.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" or ")?;
                    }
                    f.write_str("(")?;
                    write_steps(f, option)?;
                    f.write_str(")")?;
                }
                Ok(())
            }
            Step::Reroll { dice } => write!(f, "reroll {dice}"),
            Step::Split { among, row } => {
                write!(f, "split hits among {among}")?;
                if *row {
                    f.write_str(" in one row")?;
                }
                Ok(())
            }
            Step::FillHand { size } => write!(f, "fill hand to {size}"),
            Step::Reorder {
                count,
                zone,
                bottom,
            } => {
                write!(f, "reorder top {count} of {zone}")?;
                if *bottom {
                    f.write_str(" to bottom")?;
                }
                Ok(())
            }
            Step::IgnoreGuard => f.write_str("ignore guard"),
            Step::Unguard { target } => {
                f.write_str("unguard ")?;
                write_target(f, target)
            }
            Step::CapHits { max, target } => {
                write!(f, "cap hits at {max} on ")?;
                write_target(f, target)
            }
            Step::IgnoreHits { first, target } => {
                write!(f, "ignore first {first} hits on ")?;
                write_target(f, target)
            }
            Step::DamageAdjacent { amount } => {
                write!(f, "deal {amount} damage to an adjacent card")
            }
            Step::RollAdjacent => f.write_str("roll dice at an adjacent card"),
            Step::SwapAdjacent => f.write_str("swap two adjacent unresolved cards"),
        }
    }
}

// Guard, adjacency, hit rules and reordering (Heroes of the Grid, issue 19).
/// `this`, `others [f]`, `each [f]`, `one [f]`: as a stat change names its cards.
fn write_target(f: &mut fmt::Formatter<'_>, target: &Target) -> fmt::Result {
    let (word, filter) = match target {
        Target::This => return f.write_str("this"),
        Target::Others { filter } => ("others", filter),
        Target::Each { filter } => ("each", filter),
        Target::One { filter } => ("one", filter),
    };
    f.write_str(word)?;
    write_filter_after_space(f, filter.as_ref())
}

/// The words a game gives the written form: the zones, resources and stats it has, and the
/// query vocabulary its filters are checked with. Without them any word is accepted.
#[derive(Debug, Clone)]
pub struct EffectWords {
    pub zones: Vec<String>,
    pub resources: Vec<String>,
    pub stats: Vec<String>,
    pub vocabulary: Vocabulary,
}

impl EffectWords {
    pub fn for_game(game: &Game) -> EffectWords {
        let EffectsDef {
            zones, resources, ..
        } = &game.effects;
        EffectWords {
            zones: zones.clone(),
            resources: resources.clone(),
            stats: game.stats.keys().cloned().collect(),
            vocabulary: Vocabulary::for_game(game),
        }
    }
}

/// Reads effects in the written form (several joined by `" | "`; blank is none). With
/// `words`, zones, resources, stats and filters must be the game's.
pub fn parse_effects(
    text: &str,
    words: Option<&EffectWords>,
) -> Result<Vec<Effect>, EffectTextError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        pos: 0,
        words,
        choice_depth: 0,
    };
    parser.skip_spaces();
    let mut effects = Vec::new();
    if parser.at_end() {
        return Ok(effects);
    }
    loop {
        effects.push(parser.effect()?);
        parser.skip_trailing_spaces();
        if parser.at_end() {
            return Ok(effects);
        }
        if !parser.eat(EFFECT_SEPARATOR) {
            return Err(parser.error("expected \" | \" and another effect, or the end"));
        }
    }
}

/// Fills a keyword's effects template: `{value}` is the keyword's whole value, `{1}`, `{2}`…
/// its whitespace-separated parts (a missing part is left as written, so it fails to parse).
pub fn fill_template(template: &str, value: &str) -> String {
    let mut out = template.replace("{value}", value.trim());
    for (i, part) in value.split_whitespace().enumerate() {
        out = out.replace(&format!("{{{}}}", i + 1), part);
    }
    out
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    words: Option<&'a EffectWords>,
    /// How many `choose (` the parser is inside.
    choice_depth: usize,
}

type Parsed<T> = Result<T, EffectTextError>;

impl Parser<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    /// Blanks at the very end only (never eats the space of `" | "`).
    fn skip_trailing_spaces(&mut self) {
        if self.chars[self.pos..].iter().all(|c| c.is_whitespace()) {
            self.pos = self.chars.len();
        }
    }

    fn looking_at(&self, literal: &str) -> bool {
        (self.pos..)
            .zip(literal.chars())
            .all(|(i, expected)| self.chars.get(i) == Some(&expected))
    }

    fn eat(&mut self, literal: &str) -> bool {
        if self.looking_at(literal) {
            self.pos += literal.chars().count();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, literal: &str) -> Parsed<()> {
        if self.eat(literal) {
            Ok(())
        } else {
            Err(self.error(&format!("expected {literal:?}")))
        }
    }

    fn error(&self, message: &str) -> EffectTextError {
        self.error_at(self.pos, message)
    }

    fn error_at(&self, pos: usize, message: &str) -> EffectTextError {
        EffectTextError {
            position: pos + 1,
            message: message.to_owned(),
        }
    }

    fn effect(&mut self) -> Parsed<Effect> {
        let (trigger, cost) = self.trigger()?;
        let card = if trigger.on_another_card() {
            self.space_then_filter()?
        } else {
            None
        };
        let (mut requirement, mut hp) = (None, None);
        if self.eat(" if ") {
            if self.looking_at("hp ") {
                hp = Some(self.hp()?);
            } else {
                requirement = Some(self.requirement()?);
                if self.eat(" and ") {
                    hp = Some(self.hp()?);
                }
            }
        }
        if !self.eat(": ") {
            return Err(self.error(if requirement.is_none() && hp.is_none() {
                "expected \": \" (or \" if \" and a requirement) after the trigger"
            } else {
                "expected \": \" after the requirement"
            }));
        }
        let optional = self.eat("may ");
        let steps = self.steps()?;
        Ok(Effect {
            trigger,
            requirement,
            optional,
            cost,
            steps,
            card,
            hp,
        })
    }

    fn trigger(&mut self) -> Parsed<(Trigger, Vec<Step>)> {
        if self.eat("activate (") {
            let cost = if self.looking_at(")") {
                Vec::new()
            } else {
                self.steps()?
            };
            self.expect(")")?;
            return Ok((Trigger::Activated, cost));
        }
        for (trigger, phrase) in TRIGGER_PHRASES.into_iter().chain(CARD_TRIGGER_PHRASES) {
            if self.looking_at(phrase)
                && !self
                    .chars
                    .get(self.pos + phrase.len())
                    .is_some_and(|c| c.is_alphanumeric())
            {
                self.pos += phrase.len();
                return Ok((trigger, Vec::new()));
            }
        }
        Err(self.error(
            "expected a trigger (when played, when set, when summoned, when attacks, when blocks, \
             when battling, when wins battle, when loses battle, when revealed, when destroyed, \
             at turn start, at turn end, while in play, after attack, activate (cost), \
             when you play, when you attach, when you destroy, when you buy)",
        ))
    }

    fn requirement(&mut self) -> Parsed<Requirement> {
        let mut at_least = 1;
        let mut negated = false;
        if self.eat("no ") {
            negated = true;
        } else if self.eat("fewer than ") {
            let start = self.pos;
            let n = self.integer()?;
            at_least =
                u32::try_from(n).map_err(|_| self.error_at(start, "expected a count from 0 up"))?;
            negated = true;
            self.expect(" ")?;
        } else if self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            let start = self.pos;
            let n = self.integer()?;
            at_least =
                u32::try_from(n).map_err(|_| self.error_at(start, "expected a count from 0 up"))?;
            self.expect("+ ")?;
        }
        let distinct = self.eat("distinct ");
        let filter = self.filter_then_space()?;
        self.expect("in ")?;
        let zone = self.zone()?;
        Ok(Requirement {
            filter,
            zone,
            at_least,
            negated,
            distinct,
        })
    }

    fn steps(&mut self) -> Parsed<Vec<Step>> {
        let mut steps = vec![self.step()?];
        while self.eat(", ") {
            steps.push(self.step()?);
        }
        Ok(steps)
    }

    fn step(&mut self) -> Parsed<Step> {
        if self.eat("draw ") {
            return Ok(Step::Draw {
                count: self.amount()?,
            });
        }
        if self.eat("discard ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            return Ok(Step::Discard { count, filter });
        }
        let search = self.looking_at("search ");
        if self.eat("move ") || self.eat("search ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            self.expect(" from ")?;
            let from = self.zone()?;
            self.expect(" to ")?;
            let to = self.zone()?;
            return Ok(Step::Move {
                count,
                from,
                to,
                filter,
                search,
            });
        }
        if self.eat("deal ") {
            let amount = self.amount()?;
            self.expect(" damage")?;
            if self.eat(" to an adjacent card") {
                return Ok(Step::DamageAdjacent { amount });
            }
            return Ok(Step::Damage { amount });
        }
        if let Some(step) = self.hotg_step()? {
            return Ok(step);
        }
        if self.eat("prevent ") {
            let amount = self.amount()?;
            self.expect(" damage")?;
            return Ok(Step::Prevent { amount });
        }
        if self.eat("heal ") {
            return Ok(Step::Heal {
                amount: self.amount()?,
            });
        }
        if self.eat("gain ") {
            let amount = self.amount()?;
            self.expect(" ")?;
            let resource = self.resource()?;
            return Ok(Step::Gain { amount, resource });
        }
        if self.eat("spend ") {
            let amount = self.amount()?;
            self.expect(" ")?;
            let resource = self.resource()?;
            return Ok(Step::Spend { amount, resource });
        }
        if self.eat("reroll ") {
            return Ok(Step::Reroll {
                dice: self.amount()?,
            });
        }
        if self.eat("split hits among ") {
            let among = self.amount()?;
            let row = self.eat(" in one row");
            return Ok(Step::Split { among, row });
        }
        if self.eat("roll ") {
            return Ok(Step::Roll {
                dice: self.amount()?,
            });
        }
        if self.eat("ready ") {
            let count = self.amount()?;
            let filter = self.space_then_filter()?;
            return Ok(Step::Ready { count, filter });
        }
        if self.looking_at("copy")
            && !self
                .chars
                .get(self.pos + 4)
                .is_some_and(|c| c.is_alphanumeric())
        {
            self.pos += 4;
            let filter = self.space_then_filter()?;
            return Ok(Step::Copy { filter });
        }
        let choice_at = self.pos;
        if self.eat("choose (") {
            // Bounded before recursing: deep nesting would overflow the stack here, and
            // what is stored must read back from its JSON (`MAX_CHOICE_NESTING`).
            if self.choice_depth >= MAX_CHOICE_NESTING {
                return Err(self.error_at(
                    choice_at,
                    &format!("choices nest at most {MAX_CHOICE_NESTING} deep"),
                ));
            }
            self.choice_depth += 1;
            let mut options = vec![self.steps()?];
            self.expect(")")?;
            while self.eat(" or (") {
                options.push(self.steps()?);
                self.expect(")")?;
            }
            self.choice_depth -= 1;
            return Ok(Step::Choose { options });
        }
        if self.eat("fill hand to ") {
            return Ok(Step::FillHand {
                size: self.amount()?,
            });
        }
        let target = if self.eat("this") {
            Some(Target::This)
        } else if self.eat("others") {
            Some(Target::Others {
                filter: self.space_then_filter()?,
            })
        } else if self.eat("each") {
            Some(Target::Each {
                filter: self.space_then_filter()?,
            })
        } else if self.eat("one") {
            Some(Target::One {
                filter: self.space_then_filter()?,
            })
        } else {
            None
        };
        let Some(target) = target else {
            return Err(self.error(
                "expected a step (draw, discard, move, search, deal, prevent, heal, gain, spend, \
                 roll, choose, reroll, split hits among, fill hand to, ready, copy, \
                 reorder top, ignore guard, unguard, cap hits at, ignore first, \
                 roll dice at an adjacent card, swap two adjacent unresolved cards, \
                 or this/others/each/one and a stat change)",
            ));
        };
        self.expect(" ")?;
        let by = self.signed_amount()?;
        self.expect(" ")?;
        let stat = self.stat()?;
        self.expect(" ")?;
        let duration = DURATIONS
            .iter()
            .find(|(_, phrase)| self.looking_at(phrase))
            .map(|(duration, phrase)| (*duration, phrase.len()));
        let Some((duration, len)) = duration else {
            return Err(self.error(
                "expected a duration (until end of battle, until end of turn, permanently, \
                 while in play, until next attack)",
            ));
        };
        self.pos += len;
        Ok(Step::Modify {
            stat,
            by,
            target,
            duration,
        })
    }

    /// The steps of Guard, hit rules and reordering; `None` when none starts here.
    fn hotg_step(&mut self) -> Parsed<Option<Step>> {
        if self.eat("reorder top ") {
            let count = self.amount()?;
            self.expect(" of ")?;
            let zone = self.zone()?;
            let bottom = self.eat(" to bottom");
            return Ok(Some(Step::Reorder {
                count,
                zone,
                bottom,
            }));
        }
        if self.eat("roll dice at an adjacent card") {
            return Ok(Some(Step::RollAdjacent));
        }
        if self.eat("swap two adjacent unresolved cards") {
            return Ok(Some(Step::SwapAdjacent));
        }
        if self.eat("ignore guard") {
            return Ok(Some(Step::IgnoreGuard));
        }
        if self.eat("unguard ") {
            let target = self.target()?;
            return Ok(Some(Step::Unguard { target }));
        }
        if self.eat("cap hits at ") {
            let max = self.amount()?;
            self.expect(" on ")?;
            let target = self.target()?;
            return Ok(Some(Step::CapHits { max, target }));
        }
        if self.eat("ignore first ") {
            let first = self.amount()?;
            self.expect(" hits on ")?;
            let target = self.target()?;
            return Ok(Some(Step::IgnoreHits { first, target }));
        }
        Ok(None)
    }

    /// `this`, `others [f]`, `each [f]` or `one [f]`.
    fn target(&mut self) -> Parsed<Target> {
        if self.eat("this") {
            return Ok(Target::This);
        }
        let make: fn(Option<Filter>) -> Target = if self.eat("others") {
            |filter| Target::Others { filter }
        } else if self.eat("each") {
            |filter| Target::Each { filter }
        } else if self.eat("one") {
            |filter| Target::One { filter }
        } else {
            return Err(self.error("expected this, others, each or one"));
        };
        Ok(make(self.space_then_filter()?))
    }

    fn integer(&mut self) -> Parsed<i64> {
        let start = self.pos;
        let negative = self.eat("-");
        let digits_start = self.pos;
        while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.error("expected a number"));
        }
        let digits: String = self.chars[digits_start..self.pos].iter().collect();
        let magnitude = digits
            .parse::<i64>()
            .map_err(|_| self.error_at(start, "expected a number of at most 18 digits"))?;
        Ok(if negative { -magnitude } else { magnitude })
    }

    fn amount(&mut self) -> Parsed<Amount> {
        let each = self.integer()?;
        if !self.eat(" per ") {
            return Ok(Amount::Fixed(each));
        }
        let distinct = self.eat("distinct ");
        let filter = self.filter_then_space()?;
        self.expect("in ")?;
        let zone = self.zone()?;
        let max = if self.eat(" max ") {
            Some(self.integer()?)
        } else {
            None
        };
        Ok(Amount::Per(PerCount {
            each,
            filter,
            zone,
            max,
            distinct,
        }))
    }

    fn signed_amount(&mut self) -> Parsed<Amount> {
        let negative = if self.eat("+") {
            false
        } else if self.eat("-") {
            true
        } else {
            return Err(self.error("expected + or - and an amount (+2, -1)"));
        };
        if self.looking_at("-") {
            return Err(self.error("expected a number"));
        }
        Ok(match self.amount()? {
            Amount::Fixed(n) if negative => Amount::Fixed(-n),
            Amount::Per(per) if negative => Amount::Per(PerCount {
                each: -per.each,
                ..per
            }),
            amount => amount,
        })
    }

    /// `[query]`, when the next character opens one.
    fn filter(&mut self) -> Parsed<Filter> {
        let open = self.pos;
        self.expect("[")?;
        let start = self.pos;
        let mut quoted = false;
        while let Some(&c) = self.chars.get(self.pos) {
            match c {
                '"' => quoted = !quoted,
                ']' if !quoted => break,
                _ => {}
            }
            self.pos += 1;
        }
        if self.at_end() {
            return Err(self.error_at(open, "unclosed [: expected ] after the filter"));
        }
        let query: String = self.chars[start..self.pos].iter().collect();
        self.pos += 1;
        if let Some(words) = self.words {
            if let Err(err) = parse_filter(&query, &words.vocabulary) {
                return Err(self.error_at(
                    start + err.column.saturating_sub(1),
                    &format!("in the filter: {err}"),
                ));
            }
        }
        Ok(Filter(query))
    }

    fn filter_then_space(&mut self) -> Parsed<Option<Filter>> {
        if !self.looking_at("[") {
            return Ok(None);
        }
        let filter = self.filter()?;
        self.expect(" ")?;
        Ok(Some(filter))
    }

    fn space_then_filter(&mut self) -> Parsed<Option<Filter>> {
        if !self.looking_at(" [") {
            return Ok(None);
        }
        self.pos += 1;
        self.filter().map(Some)
    }

    /// A name: letters, digits, `_` and `-`.
    fn name(&mut self) -> Option<String> {
        let start = self.pos;
        while self
            .chars
            .get(self.pos)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        {
            self.pos += 1;
        }
        (self.pos > start).then(|| self.chars[start..self.pos].iter().collect())
    }

    fn known_name(&mut self, what: &str, known: Option<&[String]>) -> Parsed<String> {
        let start = self.pos;
        let name = self.name();
        let expected = || match known {
            Some(known) => format!("expected {what} ({})", known.join(", ")),
            None => format!("expected {what}"),
        };
        match (name, known) {
            (Some(name), Some(known)) if !known.contains(&name) => {
                Err(self.error_at(start, &expected()))
            }
            (Some(name), _) => Ok(name),
            (None, _) => Err(self.error_at(start, &expected())),
        }
    }

    fn zone(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.zones.as_slice());
        self.known_name("a zone", known)
    }

    fn resource(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.resources.as_slice());
        self.known_name("a resource", known)
    }

    fn stat(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.stats.as_slice());
        self.known_name("a stat", known)
    }
}

// Triggers on another card's event and HP requirements (PR Deck-Building).

/// The phrase of each trigger on another card's event; an optional filter follows.
const CARD_TRIGGER_PHRASES: [(Trigger, &str); 4] = [
    (Trigger::PlaysCard, "when you play"),
    (Trigger::AttachesCard, "when you attach"),
    (Trigger::DestroysCard, "when you destroy"),
    (Trigger::BuysCard, "when you buy"),
];

fn write_hp(f: &mut fmt::Formatter<'_>, hp: &HpCheck) -> fmt::Result {
    match hp {
        HpCheck::AtMost(n) => write!(f, "hp <= {n}"),
        HpCheck::BelowOpponent => f.write_str("hp < opponent"),
    }
}

impl Parser<'_> {
    /// `hp <= N` or `hp < opponent`.
    fn hp(&mut self) -> Parsed<HpCheck> {
        self.expect("hp ")?;
        if self.eat("<= ") {
            return Ok(HpCheck::AtMost(self.integer()?));
        }
        if self.eat("< opponent") {
            return Ok(HpCheck::BelowOpponent);
        }
        Err(self.error("expected \"<= \" and a number, or \"< opponent\""))
    }
}

#[cfg(test)]
#[path = "effect_text_tests.rs"]
mod tests;
