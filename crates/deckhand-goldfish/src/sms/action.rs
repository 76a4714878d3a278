//! A Showdown turn's actions (docs/pilots.md#showdown-a-turn): where a Main card goes, the
//! actions the rules allow, and the pilot's pick among them.

use deckhand_core::{fold_name, Card};

use super::{Kind, Sms, State, HAND_SIZE, NONE};
use crate::choice::ChoiceKind;
use crate::deck_cards::type_key;
use crate::log::Log;
use crate::procedure::Procedure;
use crate::rng::Rng;

/// The most characters [`Sms::upgrades`] reads at once (a deck has a handful).
pub(super) const UPGRADED: usize = 8;

impl Sms {
    /// Where Main card `card` would go: `Some(NONE)` on the Table itself, `Some(i)` on
    /// Table slot `i` as an Attachment; `None` when it cannot be put down.
    pub(super) fn placement(&self, state: &State, card: u16) -> Option<u16> {
        let kind = self.f(card).kind;
        if kind != Kind::Mook && state.named[self.deck.name_id[card as usize] as usize] {
            return None;
        }
        if !kind.is_attachment() {
            return Some(NONE);
        }
        (0..state.table.len() as u16).find(|&i| self.fits(state, card, i))
    }

    /// Whether Attachment `card` fits a free slot of its kind on Table slot `i`, whose card
    /// meets the holder its text names.
    pub(super) fn fits(&self, state: &State, card: u16, i: u16) -> bool {
        let slot = &state.table[i as usize];
        if let Some(holds) = &self.holders[card as usize] {
            if !holds[slot.card as usize] {
                return false;
            }
        }
        let caps = self.f(slot.card).caps;
        match self.f(card).kind {
            Kind::Equipment => {
                (caps.equipment >= 1 && slot.equipment == NONE)
                    || (caps.equipment >= 2 && slot.equipment2 == NONE)
            }
            // A holder with a Ship slot takes Ships there and non-Ships in its Vehicle
            // slot (a Ship and a non-Ship at the same time).
            _ if caps.ship >= 1 => match self.f(card).ship {
                true => slot.ship == NONE,
                false => caps.vehicle >= 1 && slot.vehicle == NONE,
            },
            _ => caps.vehicle >= 1 && slot.vehicle == NONE,
        }
    }

    /// Puts Main card `card` (already out of its zone) on the Table at `at` (from
    /// [`Sms::placement`]); returns the slot it took and its holder when it is attached.
    pub(super) fn put_down(
        &self,
        state: &mut State,
        card: u16,
        at: u16,
    ) -> Option<(&'static str, u16)> {
        state.named[self.deck.name_id[card as usize] as usize] = true;
        state.deployed += 1;
        let power = u32::from(self.f(card).power);
        state.power += power;
        let placed = if at == NONE {
            self.push_slot(state, card);
            None
        } else {
            let caps = self.f(state.table[at as usize].card).caps;
            let slot = &mut state.table[at as usize];
            slot.power += power;
            let role = match self.f(card).kind {
                Kind::Equipment if slot.equipment == NONE => {
                    slot.equipment = card;
                    "no Equipment"
                }
                Kind::Equipment => {
                    slot.equipment2 = card;
                    "a second Equipment slot free"
                }
                _ if caps.ship >= 1 && self.f(card).ship => {
                    slot.ship = card;
                    "its Ship slot free"
                }
                _ => {
                    slot.vehicle = card;
                    "no Vehicle"
                }
            };
            Some((role, slot.card))
        };
        if !self.static_blind[card as usize] {
            self.refresh_statics(state);
        }
        placed
    }

    /// The Table slots `card` may go on as an Attachment (every free slot of its kind), or
    /// the Table itself (`NONE`) for an Ally, in Table order; empty when it cannot go down.
    pub(super) fn placements(&self, state: &State, card: u16) -> Vec<u16> {
        let kind = self.f(card).kind;
        if kind != Kind::Mook && state.named[self.deck.name_id[card as usize] as usize] {
            return Vec::new();
        }
        if !kind.is_attachment() {
            return vec![NONE];
        }
        (0..state.table.len() as u16)
            .filter(|&i| self.fits(state, card, i))
            .collect()
    }

    /// The slot of `slot`'s holder that Attachment `card` would take, in words.
    pub(super) fn role(&self, state: &State, card: u16, at: u16) -> &'static str {
        let slot = &state.table[at as usize];
        let caps = self.f(slot.card).caps;
        match self.f(card).kind {
            Kind::Equipment if slot.equipment == NONE => "no Equipment",
            Kind::Equipment => "a second Equipment slot free",
            _ if caps.ship >= 1 && self.f(card).ship => "its Ship slot free",
            _ => "no Vehicle",
        }
    }

    /// What an action does, as a person reads it.
    pub(super) fn step_label(&self, state: &State, step: Step) -> String {
        match step {
            Step::Put(card, NONE) => format!(
                "Put {} on the Table (power {})",
                self.name(card),
                self.f(card).power
            ),
            Step::Put(card, at) => format!(
                "Attach {} to {} (power {})",
                self.name(card),
                self.name(state.table[at as usize].card),
                self.f(card).power
            ),
            Step::Fill => format!(
                "Fill the hand: draw {}",
                (HAND_SIZE - state.hand_len.min(HAND_SIZE)).min(state.library.len() as u32)
            ),
            Step::Upgrade(i) => {
                let slot = &state.table[i as usize];
                format!(
                    "Upgrade {} to power {}",
                    self.name(slot.card),
                    self.slot_power(slot) + 1
                )
            }
            Step::Pass => "Pass".to_owned(),
        }
    }

    /// Every action the rules allow now: each Main card in hand on each place it may go
    /// (the pilot never replaces a card whose name is on the Table, so that is not
    /// offered), filling the hand when it holds fewer than 8 and the deck is not empty,
    /// an Upgrade on each character, and passing.
    pub(super) fn steps(&self, state: &State) -> Vec<Step> {
        let mut steps: Vec<Step> = Vec::new();
        for &card in &self.mains {
            if state.hand[card as usize] > 0 {
                steps.extend(
                    self.placements(state, card)
                        .into_iter()
                        .map(|at| Step::Put(card, at)),
                );
            }
        }
        if state.hand_len < HAND_SIZE && !state.library.is_empty() {
            steps.push(Step::Fill);
        }
        for (i, s) in state.table.iter().enumerate() {
            if s.upgradable {
                steps.push(Step::Upgrade(i as u16));
            }
        }
        steps.push(Step::Pass);
        steps
    }

    /// The Main card in hand with the most power that can be put down, and where: the first
    /// of `mains` from `State::skip` on (the ones before it are known not to be), which
    /// moves `skip` up to it.
    pub(super) fn best_put(&self, state: &mut State) -> Option<(u16, u16)> {
        let from = state.skip as usize;
        let found = self.mains[from..]
            .iter()
            .enumerate()
            .filter(|&(_, &c)| state.hand[c as usize] > 0)
            .find_map(|(k, &c)| self.placement(state, c).map(|at| (from + k, c, at)));
        state.skip = found.map_or(self.mains.len(), |(k, _, _)| k) as u16;
        let best = found.map(|(_, c, at)| (c, at));
        debug_assert_eq!(best, self.best_put_scan(state));
        best
    }

    /// Whether no Main card in hand can be put down: [`Sms::best_put`]'s answer without
    /// moving `State::skip` (the first `skip` of `mains` are known not to be).
    pub(super) fn none_to_put(&self, state: &State) -> bool {
        !self.mains[state.skip as usize..]
            .iter()
            .any(|&c| state.hand[c as usize] > 0 && self.placement(state, c).is_some())
    }

    /// [`Sms::best_put`] by the full scan of `mains`.
    pub(super) fn best_put_scan(&self, state: &State) -> Option<(u16, u16)> {
        self.mains
            .iter()
            .filter(|&&c| state.hand[c as usize] > 0)
            .find_map(|&c| self.placement(state, c).map(|at| (c, at)))
    }

    /// The turn's `n` actions. Without a log, once one is an Upgrade (or a pass) the rest
    /// are too: an Upgrade changes neither the hand nor the deck, so still no Main card can
    /// go down and the hand cannot be filled; they are made in one pass ([`Sms::upgrades`]),
    /// the first of them included ([`Sms::silent_actions_of`]).
    pub(super) fn actions<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L, n: u32) {
        if L::SILENT && !L::CHOOSES && self.table_start.len() <= UPGRADED {
            #[cfg(debug_assertions)]
            let before = (state.clone(), rng.clone());
            self.silent_actions_of(state, rng, n);
            #[cfg(debug_assertions)]
            {
                let (mut acted, mut stream) = before;
                for _ in 0..n {
                    self.act(&mut acted, &mut stream, &mut crate::log::NoLog);
                }
                assert_eq!(
                    (super::last_look::seen(state), rng.clone()),
                    (super::last_look::seen(&acted), stream),
                    "a turn's actions without a log differ from the actions one by one"
                );
            }
            return;
        }
        for _ in 0..n {
            self.act(state, rng, log);
        }
    }

    /// [`Sms::actions`] without a log: each the pilot's action as [`Sms::act`] makes it,
    /// and from the first Upgrade (or pass) on, the rest in one pass.
    fn silent_actions_of(&self, state: &mut State, rng: &mut Rng, n: u32) {
        for k in 0..n {
            let best = match state.stuck {
                true => None,
                false => self.best_put(state),
            };
            state.stuck = best.is_none();
            match best {
                Some((card, at)) => {
                    state.hand[card as usize] -= 1;
                    state.hand_len -= 1;
                    self.put_down(state, card, at);
                }
                None if state.hand_len < HAND_SIZE && !state.library.is_empty() => {
                    self.fill_hand(state, rng, &mut crate::log::NoLog);
                }
                None => return self.upgrades(state, n - k),
            }
        }
    }

    /// `m` Upgrade actions in a row (no Main card can go down, the hand cannot be filled):
    /// each to the character with the least power then (ties: the first), as [`Sms::act`]
    /// picks them, from one reading of the characters' powers. An Upgrade only adds to its
    /// character, so they are counted per character and added once each.
    pub(super) fn upgrades(&self, state: &mut State, m: u32) {
        let n = self.table_start.len();
        // Per character: its power before the clamp at 0 (an Upgrade adds 1 to it), and
        // the pick's order packed in one number, its power (clamped) then its place: the
        // least is the pick (`u64::MAX`: it cannot be upgraded).
        let mut raw = [0i32; UPGRADED];
        let mut order = [u64::MAX; UPGRADED];
        let rank = |raw: i32, i: usize| (raw.max(0) as u64) << 3 | i as u64;
        for (i, s) in state.table[..n].iter().enumerate() {
            raw[i] = s.power as i32 + s.bonus + s.temp;
            if s.upgradable {
                order[i] = rank(raw[i], i);
            }
        }
        let mut given = [0u32; UPGRADED];
        for _ in 0..m {
            let least = order.iter().fold(u64::MAX, |a, &b| a.min(b));
            if least == u64::MAX {
                break;
            }
            let w = (least & 7) as usize;
            raw[w] += 1;
            order[w] = rank(raw[w], w);
            given[w] += 1;
        }
        for (i, &g) in given[..n].iter().enumerate() {
            if g > 0 {
                self.upgrade(state, i, g);
            }
        }
    }

    /// [`Sms::upgrades`] one Upgrade at a time, each to the least by a scan (the tests'
    /// reference).
    #[cfg(test)]
    pub(super) fn upgrades_one_by_one(&self, state: &mut State, m: u32) {
        for _ in 0..m {
            let mut weakest: Option<(u32, usize)> = None;
            for (i, s) in state.table[..self.table_start.len()].iter().enumerate() {
                let power = self.slot_power(s);
                if s.upgradable && weakest.is_none_or(|(least, _)| power < least) {
                    weakest = Some((power, i));
                }
            }
            let Some((_, i)) = weakest else { return };
            self.upgrade(state, i, 1);
        }
    }

    /// One action: the pilot's, or the one picked in its stead; returns it.
    pub(super) fn act<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> Step {
        let best = if state.stuck {
            None
        } else {
            self.best_put(state)
        };
        state.stuck = best.is_none();
        let can_fill = state.hand_len < HAND_SIZE && !state.library.is_empty();
        let pilot = match best {
            Some((card, at)) => Step::Put(card, at),
            None if can_fill => Step::Fill,
            None => {
                // The characters are the first slots (they start on the Table; no effect
                // puts one down); a plain loop, ties to the first: this runs for most
                // actions of a game.
                let mut weakest: Option<(u32, usize)> = None;
                for (i, s) in state.table[..self.table_start.len()].iter().enumerate() {
                    let power = self.slot_power(s);
                    if s.upgradable && weakest.is_none_or(|(least, _)| power < least) {
                        weakest = Some((power, i));
                    }
                }
                match weakest {
                    Some((_, i)) => Step::Upgrade(i as u16),
                    None => Step::Pass,
                }
            }
        };
        let step = log.pick(
            ChoiceKind::Play,
            pilot,
            || self.steps(state),
            |s| self.step_label(state, s),
            || match pilot {
                Step::Put(_, NONE) => "the Main card in hand with the most power".to_owned(),
                Step::Put(card, at) => {
                    let holder = self.name(state.table[at as usize].card);
                    let named = match self.holders[card as usize] {
                        Some(_) => " its text allows",
                        None => "",
                    };
                    format!(
                        "the Main card in hand with the most power; {holder} is the first on the Table{named} with {}",
                        self.role(state, card, at)
                    )
                }
                Step::Fill => "no Main card in hand can be put on the Table".to_owned(),
                Step::Upgrade(i) => {
                    let why = if state.hand_len >= HAND_SIZE {
                        "the hand is full"
                    } else {
                        "the deck is empty"
                    };
                    format!(
                        "no Main card in hand can be put on the Table, {why}, and {} is the character with the least power",
                        self.name(state.table[i as usize].card)
                    )
                }
                Step::Pass => {
                    "nothing to put on the Table, no hand to fill and no character to upgrade"
                        .to_owned()
                }
            },
            || self.zones(state),
            rng,
        );
        match step {
            Step::Put(card, at) => {
                state.hand[card as usize] -= 1;
                state.hand_len -= 1;
                self.put_down(state, card, at);
            }
            Step::Fill => {
                self.fill_hand(state, rng, log);
            }
            Step::Upgrade(i) => self.upgrade(state, i as usize, 1),
            Step::Pass => {}
        }
        step
    }
}

/// The holder an Attachment's text names, "Attach to a Doom Lab Villain.": the words that
/// name a Keyword, Class or Name of the holder (folded, empty for any), and the card types
/// that may hold it (empty for any: a character or an Ally). The pilot's rule
/// (docs/pilots.md#showdown-the-decisions) wants it as a filter in the card's data; the effects
/// vocabulary has no step or requirement that names a holder, so the rule is read off the
/// card's text here, the rulebook's way ("Attachments search for their keyword in the Attached
/// to", a Keyword, Class or Name).
pub(super) fn holder_rule(card: &Card) -> Option<(String, &'static [&'static str])> {
    let text = fold_name(card.text.as_deref()?);
    let at = text.find("attach to a")?;
    let rest = &text[at + "attach to a".len()..];
    let rest = rest.strip_prefix("n ").or_else(|| rest.strip_prefix(' '))?;
    let named = rest.split(['.', ',', ';']).next()?.trim();
    let (phrase, last) = match named.rsplit_once(' ') {
        Some((phrase, last)) => (phrase, last),
        None => ("", named),
    };
    let types: &'static [&'static str] = match last {
        "hero" | "heroes" => &["hero"],
        "villain" | "villains" => &["villain"],
        "leader" => &["leader"],
        "character" | "characters" => &["hero", "villain", "leader"],
        "ally" | "allies" => &["ally", "super", "mook"],
        _ => return Some((named.to_owned(), &[])),
    };
    Some((phrase.to_owned(), types))
}

/// Whether `holder` meets a [`holder_rule`]: one of `types` (any when empty), with
/// `phrase` as a Keyword, a Class or in its Name (any when empty).
pub(super) fn holds(phrase: &str, types: &[&str], holder: &Card) -> bool {
    let kind = type_key(holder);
    if !matches!(
        kind.as_str(),
        "hero" | "villain" | "leader" | "ally" | "super" | "mook"
    ) {
        return false;
    }
    if !types.is_empty() && !types.contains(&kind.as_str()) {
        return false;
    }
    phrase.is_empty()
        || holder
            .keywords
            .iter()
            .chain(&holder.subtypes)
            .any(|k| fold_name(k) == phrase)
        || format!(" {} ", fold_name(&holder.name)).contains(&format!(" {phrase} "))
}

/// One action of a turn (see [`Sms::steps`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Put a Main card from the hand on the Table (`NONE`) or on a Table slot as an
    /// Attachment.
    Put(u16, u16),
    Fill,
    /// Upgrade the character on a Table slot.
    Upgrade(u16),
    Pass,
}
