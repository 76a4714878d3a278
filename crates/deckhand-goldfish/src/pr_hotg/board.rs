//! The Heroes of the Grid side of the shared effect interpreter: what the procedure plays
//! of the vocabulary ([`PLAYS`]) and one effect's view of the battle ([`HotgBoard`]).
//!
//! The moment an effect fires in ([`At`]) decides what its steps mean (the mapping of
//! `tests/fixtures/effects/pr-hotg.md`):
//! - `Attack`: an Attack or Maneuver played at the enemy card in slot `i`: `roll N` rolls N
//!   more dice, `deal N damage` adds N fixed hits, `reroll N` rerolls up to N blank dice,
//!   `split hits among N` lets the hits go on to other cards once the target is defeated;
//! - `Won`: the attack defeated its target: `deal N damage` goes to the pilot's next target;
//! - `Answer`: a Reaction against the enemy card in slot `i` (`when blocks` before it
//!   resolves, `after attack` after): `prevent N damage` lowers what the card deals, hits
//!   (`deal`, `roll`) go to that card;
//! - `Reveal`: a card revealed for defense, before its shields are compared: stat changes
//!   to `shields` count for the comparison, `prevent` stops the damage that would go on past
//!   it, `move 1 from revealed to deck` shuffles it into the deck instead of the discard;
//! - `Enemy`: the enemy card in slot `i` resolves (`when attacks`): damage to the Rangers,
//!   discards from their hand;
//! - `Static`: an enemy card's Passive (slot `i`) or a Ranger's ability: `others`/`each`
//!   stat changes to the matching enemy cards in the sequence (`health`, `damage`) or the
//!   matching combat cards (`dice`, `energy_cost`);
//! - `Ability`: a Ranger's once-per-battle ability, at the enemy card in slot `i` if any.
//!
//! `damage` counts the damage about to be dealt (the card's, at a Reaction; what is left, at
//! a reveal; what it dealt, after it resolved).

use crate::choice::ChoiceKind;
use deckhand_core::{Duration, Trigger};

use super::*;
use crate::effects::{
    count_cards, count_hand, in_filter, Board, CardSet, Id, Move, Op, Plays, Reading, Tgt,
};
use deckhand_core::StepKind;

// Zone ids: positions in `PLAYS.zones`.
pub(super) const DECK: Id = 0;
pub(super) const HAND: Id = 1;
pub(super) const DISCARD: Id = 2;
pub(super) const RANGERS: Id = 3;
pub(super) const TARGET: Id = 4;
pub(super) const RESOLVED: Id = 5;
pub(super) const DAMAGE: Id = 6;
pub(super) const REVEALED: Id = 7;
pub(super) const PLAYED: Id = 8;
pub(super) const SPENT: Id = 9;
pub(super) const ENEMY_DECK: Id = 10;
pub(super) const SEQUENCE: Id = 11;

// Stat ids: positions in `PLAYS.stats`.
const DICE: Id = 0;
const SHIELDS: Id = 1;
const HEALTH: Id = 2;
const DAMAGE_STAT: Id = 3;
const ENERGY_COST: Id = 4;
const HITS: Id = 5;

/// What this procedure runs of the effects vocabulary.
pub(super) const PLAYS: Plays = Plays {
    pilot: "the Heroes of the Grid pilot",
    triggers: &[
        Trigger::Played,
        Trigger::WinsBattle,
        Trigger::Blocks,
        Trigger::Revealed,
        Trigger::Attacks,
        Trigger::Static,
        Trigger::Activated,
        Trigger::AfterAttack,
        Trigger::PlaysCard,
    ],
    zones: &[
        "deck",
        "hand",
        "discard",
        "rangers",
        "target",
        "resolved",
        "damage",
        "revealed",
        "played",
        "spent",
        "enemy_deck",
        "sequence",
    ],
    moves: &[
        ("deck", "hand"),
        ("discard", "deck"),
        ("discard", "hand"),
        ("revealed", "deck"),
        ("enemy_deck", "sequence"),
    ],
    steps: &[
        StepKind::Draw,
        StepKind::Discard,
        StepKind::Damage,
        StepKind::Prevent,
        StepKind::Gain,
        StepKind::Spend,
        StepKind::Modify,
        StepKind::Roll,
        StepKind::Choose,
        StepKind::Reroll,
        StepKind::Split,
        StepKind::Reorder,
        StepKind::IgnoreGuard,
        StepKind::Unguard,
        StepKind::CapHits,
        StepKind::IgnoreHits,
        StepKind::DamageAdjacent,
        StepKind::RollAdjacent,
        StepKind::SwapAdjacent,
    ],
    reads: &[Reading::OneTarget],
    resources: &["energy"],
    stats: &["dice", "shields", "health", "damage", "energy_cost", "hits"],
    structural: &[],
    unplayed_types: &[],
    card_rule,
};

/// No word of its own on a card: the data's notes and effects say it all.
fn card_rule(_: &Card, _: EffectsMode) -> Option<deckhand_core::GoldfishNote> {
    None
}

/// With keyword effects only: the bare procedure, Attacks with a numeric cost only.
pub(super) const PLAYS_KEYWORDS: Plays = Plays {
    triggers: &[],
    unplayed_types: &["Maneuver", "Reaction", "Ranger"],
    ..PLAYS
};

/// The moment an effect fires in; `usize` is a slot of the combat sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum At {
    Attack(usize),
    Won(usize),
    Answer(usize),
    Reveal,
    Enemy(usize),
    Static(Option<usize>),
    Ability(Option<usize>),
}

/// The attack being played: its dice as rolled (hits per die) and its fixed hits.
#[derive(Debug, Clone, Default)]
pub(super) struct Attack {
    pub(super) rolls: Vec<u8>,
    pub(super) fixed: u32,
    /// Up to how many cards its hits may go to, and whether in one row.
    pub(super) split: (u8, bool),
    /// The energy spent on it (its cost, and an `X` Attack's choice): the `spent` zone.
    pub(super) spent: u32,
    /// Its dice may be rolled against a card adjacent to its target.
    pub(super) adjacent: bool,
    /// The card played.
    pub(super) card: u16,
    /// A change to an `X` Attack's dice (Ion Haze), applied to the first roll of its
    /// choice, never below 1 die: its dice are not a stat.
    pub(super) x_mod: i8,
    pub(super) notes: String,
}

/// A card being revealed for defense.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Reveal {
    pub(super) shields: i32,
    /// Damage stopped past this card.
    pub(super) prevent: u32,
    /// Shuffled into the deck instead of discarded.
    pub(super) to_deck: bool,
}

pub(super) struct HotgBoard<'a, L: Log> {
    pub(super) p: &'a PrHotg,
    pub(super) state: &'a mut State,
    pub(super) rng: &'a mut Rng,
    pub(super) log: &'a mut L,
    pub(super) at: At,
}

impl<L: Log> HotgBoard<'_, L> {
    fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            match self.at {
                At::Attack(_) | At::Won(_) => {
                    self.state.attack.notes.push_str("; ");
                    self.state.attack.notes.push_str(&text);
                }
                At::Reveal => self.log.decide(Action::Damage, || text),
                At::Enemy(_) => self.log.decide(Action::Opponent, || text),
                _ => self.log.decide(Action::Play, || text),
            }
        }
    }

    fn slot_at(&self) -> Option<usize> {
        match self.at {
            At::Attack(i) | At::Won(i) | At::Answer(i) | At::Enemy(i) => Some(i),
            At::Static(i) | At::Ability(i) => i,
            At::Reveal => None,
        }
    }

    /// Hits to the enemy card in slot `i` (not an attack: Guard does not stop them).
    fn hit(&mut self, i: usize, hits: u32, label: &str) {
        let p = self.p;
        let left = p.hit_slot(self.state, i, hits);
        let name = &p.enemy_names[p.slot(self.state, i).enemy as usize];
        self.note(|| match left {
            0 => format!(
                "{label}: {hits_hits} to {name}, defeated",
                hits_hits = deckhand_core::plural::count(hits as i64, "hit", "hits")
            ),
            l => format!(
                "{label}: {hits_hits} to {name}, {l} health left",
                hits_hits = deckhand_core::plural::count(hits as i64, "hit", "hits")
            ),
        });
    }
}

impl<L: Log> Board for HotgBoard<'_, L> {
    crate::effects::counted_and_asked!();
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let (p, state) = (self.p, &*self.state);
        let n = match zone {
            DECK => count_cards(&state.deck.cards[state.deck.top..], set),
            HAND => count_hand(&state.hand, set),
            DISCARD => count_cards(&state.discard, set),
            RANGERS if p.ranger_cards.is_empty() => p.stored as usize,
            RANGERS => count_cards(&p.ranger_cards, set),
            TARGET => self.slot_at().map_or(0, |i| {
                let slot = p.slot(state, i);
                usize::from(!slot.defeated && in_filter(set, p.enemy_card(slot.enemy)))
            }),
            RESOLVED => (0..state.next.min(p.sequence_len(state)))
                .map(|i| p.slot(state, i))
                .filter(|s| s.resolved && in_filter(set, p.enemy_card(s.enemy)))
                .count(),
            DAMAGE => state.incoming as usize,
            REVEALED => usize::from(self.at == At::Reveal),
            PLAYED => count_cards(&state.played, set),
            SPENT => state.attack.spent as usize,
            SEQUENCE => (0..p.sequence_len(state))
                .filter(|&i| in_filter(set, p.enemy_card(p.slot(state, i).enemy)))
                .count(),
            _ => 0,
        };
        n as i64
    }

    fn move_card(&mut self, step: Move<'_>, label: &str) -> bool {
        let (p, to, set) = (self.p, step.to, step.set);
        match (step.from, to) {
            (DECK, HAND) => {
                let Some(card) = self.take_which(DECK, set, label) else {
                    return false;
                };
                self.state.deck.take(card);
                self.state.hand[card as usize] += 1;
                self.state.hand_len += 1;
                self.note(|| format!("{label}: search the deck for {}", p.name(card)));
            }
            (DISCARD, DECK) | (DISCARD, HAND) => {
                let Some(card) = self.take_which(DISCARD, set, label) else {
                    return false;
                };
                let at = self.state.discard.iter().position(|&c| c == card);
                self.state.discard.remove(at.unwrap_or(0));
                if to == DECK {
                    self.state.deck.shuffle_in(card);
                    self.note(|| format!("{label}: shuffle {} into the deck", p.name(card)));
                } else {
                    self.state.hand[card as usize] += 1;
                    self.state.hand_len += 1;
                    self.note(|| format!("{label}: return {} to the hand", p.name(card)));
                }
            }
            (REVEALED, DECK) if self.at == At::Reveal && !self.state.reveal.to_deck => {
                self.state.reveal.to_deck = true;
            }
            (ENEMY_DECK, SEQUENCE) => {
                let Some(name) = p.summon(self.state, self.rng) else {
                    return false;
                };
                self.note(|| format!("{label}: {name} joins the right end of the bottom row"));
            }
            _ => return false,
        }
        true
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        let p = self.p;
        let mut drawn = 0;
        // As the pilot's own draw: never the deck's last card (an empty deck is a defeat).
        while drawn < count && self.state.deck.len() > 1 {
            let Some(card) = self.state.deck.draw(self.rng) else {
                break;
            };
            self.state.hand[card as usize] += 1;
            self.state.hand_len += 1;
            drawn += 1;
            self.note(|| format!("{label}: draw {}", p.name(card)));
        }
        drawn
    }

    /// One card at a time, each a choice (the pilot's: the least useful).
    fn discard(&mut self, count: u32, set: Option<&CardSet>, label: &str) -> u32 {
        let p = self.p;
        let mut done = 0;
        while done < count {
            let Some(card) = p.discard_one(
                self.state,
                set,
                || format!("for {label}"),
                self.rng,
                self.log,
            ) else {
                break;
            };
            self.state.hand[card as usize] -= 1;
            self.state.hand_len -= 1;
            self.state.discard.push(card);
            done += 1;
        }
        done
    }

    fn damage(&mut self, amount: i64, label: &str) {
        let n = amount.max(0) as u32;
        match self.at {
            At::Attack(_) => self.state.attack.fixed += n,
            At::Answer(i) | At::Ability(Some(i)) => self.hit(i, n, label),
            At::Won(_) | At::Ability(None) => {
                if let Some(i) = self.p.next_target(self.state, n * self.p.faces()) {
                    self.hit(i, n, label);
                }
            }
            At::Enemy(_) => {
                let prevented = n.min(self.state.prevented);
                self.state.prevented -= prevented;
                let dealt = n - prevented;
                self.state.dealt += dealt;
                self.note(|| format!("{label}: {n} more damage ({prevented} prevented)"));
                self.p.suffer(self.state, dealt, self.rng, self.log);
            }
            At::Reveal | At::Static(_) => {}
        }
    }

    fn prevent(&mut self, amount: i64, label: &str) {
        let n = amount.max(0) as u32;
        match self.at {
            At::Reveal => {
                self.state.reveal.prevent = self.state.reveal.prevent.saturating_add(n);
                self.note(|| format!("{label}: the damage past this card is prevented"));
            }
            _ => {
                self.state.prevented = self.state.prevented.saturating_add(n);
                self.note(|| format!("{label}: prevent {n} damage"));
            }
        }
    }

    /// At a Reaction, the damage the enemy card is about to deal that nothing prevents yet.
    fn incoming(&self) -> Option<i64> {
        match self.at {
            At::Answer(_) => Some(i64::from(
                self.state.incoming.saturating_sub(self.state.prevented),
            )),
            _ => None,
        }
    }

    /// The energy in the pool and the stored tokens (`Board::spend` pays from both).
    fn affords(&self, _resource: Id, amount: i64) -> Option<bool> {
        Some(amount <= i64::from(self.state.pool + self.state.stored))
    }

    /// A search of the deck or the discard pile finds any matching card there.
    fn movable(&self, from: Id, to: Id, set: Option<&CardSet>) -> Option<i64> {
        match (from, to) {
            (DECK, HAND) | (DISCARD, DECK) | (DISCARD, HAND) => Some(self.count(from, set)),
            _ => None,
        }
    }

    fn gain(&mut self, _resource: Id, amount: i64, label: &str) {
        let n = amount.max(0) as u32;
        self.state.pool += n;
        self.note(|| format!("{label}: gain {n} energy"));
    }

    fn spend(&mut self, _resource: Id, amount: i64, label: &str) -> bool {
        let n = amount.max(0) as u32;
        if n > self.state.pool + self.state.stored {
            return false;
        }
        self.p.pay(self.state, n);
        if matches!(self.at, At::Attack(_)) {
            self.state.attack.spent += n;
        }
        if n > 0 {
            self.note(|| format!("{label}: spend {n} energy"));
        }
        true
    }

    fn modify(&mut self, stat: Id, by: i64, target: Tgt, duration: Duration, sets: &[CardSet]) {
        let by = by.clamp(-99, 99) as i8;
        let set = match target {
            Tgt::This => None,
            Tgt::Others(f) | Tgt::Each(f) => f.map(|f| &sets[f as usize]),
            // `one` card: at a reveal, the card revealed (Cobalt Orca Ranger's shield);
            // nowhere else.
            Tgt::One(_) if self.at == At::Reveal => None,
            Tgt::One(_) => return,
        };
        let keep = |c: u16| set.is_none_or(|s| s.contains(c));
        let (p, state) = (self.p, &mut *self.state);
        if duration == Duration::NextAttack {
            // "The next attack you play deals 1 additional hit": kept until an attack plays.
            if stat == HITS {
                state.next_hits += i32::from(by);
                state.next_filter = match target {
                    Tgt::Others(f) | Tgt::Each(f) | Tgt::One(f) => f,
                    Tgt::This => None,
                };
                let n = state.next_hits;
                self.note(|| {
                    format!(
                        "the next attack played deals {n:+} {n_hits}",
                        n_hits = deckhand_core::plural::noun(i64::from(n), "hit", "hits")
                    )
                });
            }
            return;
        }
        match (self.at, stat) {
            (At::Reveal, SHIELDS) => state.reveal.shields += i32::from(by),
            (At::Static(own), HEALTH | DAMAGE_STAT) => {
                for i in 0..p.sequence_len(state) {
                    let others = matches!(target, Tgt::Others(_));
                    if Some(i) == own && others {
                        continue;
                    }
                    let slot = p.slot_mut(state, i);
                    if slot.defeated || !keep(p.enemy_card(slot.enemy)) {
                        continue;
                    }
                    match stat {
                        HEALTH => slot.bonus_health = slot.bonus_health.saturating_add(by),
                        _ => slot.bonus_damage = slot.bonus_damage.saturating_add(by),
                    }
                }
            }
            (At::Static(_), DICE | ENERGY_COST) => {
                for c in 0..p.deck.len() as u16 {
                    if keep(c) {
                        let m = match stat {
                            DICE => &mut state.dice_mod[c as usize],
                            _ => &mut state.cost_mod[c as usize],
                        };
                        *m = m.saturating_add(by);
                    }
                }
            }
            _ => {}
        }
    }

    fn roll(&mut self, dice: i64, label: &str) {
        let mut n = dice.clamp(0, 99) as u8;
        match self.at {
            At::Attack(_) => {
                let m = std::mem::take(&mut self.state.attack.x_mod);
                if m < 0 && n > 0 {
                    n = (i32::from(n) + i32::from(m)).max(1) as u8;
                }
                for _ in 0..n {
                    let face = self.p.roll_die(self.rng);
                    self.state.attack.rolls.push(face);
                }
                self.note(|| format!("{label}: roll {n} more"));
            }
            At::Answer(i) | At::Ability(Some(i)) => {
                let hits = self.p.roll(n, self.rng);
                self.hit(i, hits, label);
            }
            _ => {}
        }
    }

    fn reroll(&mut self, dice: i64, label: &str) {
        let mut left = dice.max(0);
        let mut rerolled = 0;
        let was = if L::ENABLED {
            format!("{:?}", self.state.attack.rolls)
        } else {
            String::new()
        };
        for i in 0..self.state.attack.rolls.len() {
            if left == 0 {
                break;
            }
            if self.state.attack.rolls[i] == 0 {
                self.state.attack.rolls[i] = self.p.roll_die(self.rng);
                left -= 1;
                rerolled += 1;
            }
        }
        if rerolled > 0 {
            let now = format!("{:?}", self.state.attack.rolls);
            self.note(|| format!("{label}: reroll {rerolled} blank die: {was} → {now}"));
        }
    }

    fn split(&mut self, among: i64, row: bool, _label: &str) {
        self.state.attack.split = (among.clamp(1, 8) as u8, row);
    }

    /// The option the pilot ranks first: at an attack the most enemy health it can expect
    /// to remove, then the cheaper (`choose_spend`); at a Reaction the cheapest that
    /// prevents all the damage, else the most; else the first.
    fn choose(&mut self, options: &[Vec<Op>]) -> usize {
        if let At::Attack(i) = self.at {
            return self.choose_spend(i, options);
        }
        let energy = i64::from(self.state.pool + self.state.stored);
        let faces = i64::from(self.p.faces());
        let die = i64::from(self.p.die_sum);
        let need = i64::from(self.state.incoming.saturating_sub(self.state.prevented));
        let mut best: Option<(i64, usize)> = None;
        for (i, option) in options.iter().enumerate() {
            let (mut cost, mut value) = (0, 0);
            for op in option {
                match op {
                    Op::Spend(crate::effects::Amt::Fixed(n), _) => cost += n,
                    Op::Roll(crate::effects::Amt::Fixed(n)) => {
                        value += self.p.x_dice(*n, self.state.attack.x_mod) * die
                    }
                    Op::Damage(crate::effects::Amt::Fixed(n)) => value += n * faces,
                    Op::Prevent(crate::effects::Amt::Fixed(n)) => value += (*n).min(need),
                    _ => {}
                }
            }
            if cost > energy {
                continue;
            }
            // More value first, then the cheaper; the earlier option on a tie.
            let key = value * 1000 - cost;
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, i));
            }
        }
        best.map_or(0, |(_, i)| i)
    }

    fn worth_paying(&mut self, _cost: &[Op], _steps: &[Op]) -> bool {
        true
    }

    /// The pilot's order (docs/pilots.md#how-the-pilot-uses-an-effect: the card it would play
    /// soonest first): its ranking,
    /// Attacks best first. `bottom`: every card but an Attack it would play goes under.
    fn reorder(&mut self, zone: Id, count: u32, bottom: bool, label: &str) {
        if zone != DECK || count == 0 {
            return;
        }
        let p = self.p;
        let top = self.state.deck.peek(count as usize, self.rng);
        top.sort_by_key(|&c| p.play_rank[c as usize]);
        let n = top.len();
        let mut under = 0;
        if bottom {
            // Attacks come first in the ranking, so the ones to keep are a prefix.
            let keep = top.iter().take_while(|&&c| p.f(c).attack).count();
            // Under in the ranking's order.
            for _ in keep..n {
                self.state.deck.send_under(keep);
                under += 1;
            }
        }
        if L::ENABLED {
            let deck = &self.state.deck;
            let kept: Vec<&str> = deck.cards[deck.top..deck.top + (n - under)]
                .iter()
                .map(|&c| p.name(c))
                .collect();
            self.note(|| {
                format!(
                    "{label}: look at the top {n}, keep {} on top (the cards it would play soonest first), {under} to the bottom",
                    if kept.is_empty() { "none".to_owned() } else { kept.join(", ") }
                )
            });
        }
    }

    /// The attack's hits land after its effects: `turns.rs` decides where its dice go.
    fn roll_adjacent(&mut self, _label: &str) {
        if let At::Attack(_) = self.at {
            self.state.attack.adjacent = true;
        }
    }

    /// The first pair of neighbours in one row, in resolution order, neither resolved yet,
    /// whose left card would deal more (damage and drain; a defeated card none) than its
    /// right one: they swap, so the harder hit comes a turn later (none: no swap).
    fn swap_adjacent(&mut self, label: &str) {
        let p = self.p;
        let state = &mut *self.state;
        let pair = p.swap_pair(state);
        let Some(i) = pair else {
            self.note(|| format!("{label}: no unresolved neighbours to swap"));
            return;
        };
        let (a, b) = (*p.slot(state, i), *p.slot(state, i + 1));
        *p.slot_mut(state, i) = b;
        *p.slot_mut(state, i + 1) = a;
        self.note(|| {
            let (a, b) = (
                &p.enemy_names[a.enemy as usize],
                &p.enemy_names[b.enemy as usize],
            );
            format!("{label}: {a} and {b} swap places, so {a}'s harder hit comes a turn later")
        });
    }

    /// Read before the attack is aimed (`PrHotg::ignores_guard`): nothing left to do.
    fn ignore_guard(&mut self, label: &str) {
        self.note(|| format!("{label}: it may target a guarded enemy card"));
    }

    /// `one`: the first enemy card in resolution order that guards an undefeated card.
    fn unguard(&mut self, target: Tgt, sets: &[CardSet], label: &str) {
        let p = self.p;
        let set = match target {
            Tgt::This => return,
            Tgt::Others(f) | Tgt::Each(f) | Tgt::One(f) => f.map(|f| &sets[f as usize]),
        };
        let own = match self.at {
            At::Static(own) => own,
            _ => None,
        };
        let state = &*self.state;
        let fits = |i: usize| {
            let slot = p.slot(state, i);
            !slot.defeated
                && !slot.unguarded
                && p.e(slot).guard
                && set.is_none_or(|s| s.contains(p.enemy_card(slot.enemy)))
                && !(matches!(target, Tgt::Others(_)) && Some(i) == own)
        };
        let done: Vec<usize> = if let Tgt::One(_) = target {
            // Which Guard card: any there is; the pilot's the first that guards a card
            // (none such: it lifts nothing).
            let Some(pilot) =
                (0..p.sequence_len(state)).find(|&i| fits(i) && p.guards_any(state, i))
            else {
                return;
            };
            let i = self.log.pick(
                ChoiceKind::Target,
                pilot,
                || (0..p.sequence_len(state)).filter(|&i| fits(i)).collect(),
                |i| {
                    let name = &p.enemy_names[p.slot(state, i).enemy as usize];
                    format!("{label}: {name} stops guarding")
                },
                || "the first Guard card in resolution order that guards a card".to_owned(),
                || Procedure::zones(p, state),
                self.rng,
            );
            vec![i]
        } else {
            (0..p.sequence_len(state)).filter(|&i| fits(i)).collect()
        };
        for &i in &done {
            p.slot_mut(self.state, i).unguarded = true;
        }
        for i in done {
            let name = &p.enemy_names[p.slot(self.state, i).enemy as usize];
            self.note(|| format!("{label}: {name} stops guarding until the end of the battle"));
        }
    }

    fn cap_hits(&mut self, max: i64, target: Tgt, sets: &[CardSet]) {
        let max = max.clamp(1, 255) as u8;
        self.hit_rule(target, sets, |slot| {
            slot.cap = if slot.cap == 0 {
                max
            } else {
                slot.cap.min(max)
            };
        });
    }

    fn ignore_hits(&mut self, first: i64, target: Tgt, sets: &[CardSet]) {
        let first = first.clamp(0, 255) as u8;
        self.hit_rule(target, sets, |slot| {
            slot.ignore = slot.ignore.saturating_add(first);
        });
    }

    /// At a defeated target: the adjacent card the pilot would aim at (one it can defeat
    /// with the most health left, else the least health left; the earlier on a tie).
    fn damage_adjacent(&mut self, amount: i64, label: &str) {
        let n = amount.max(0) as u32;
        let Some(i) = self.slot_at() else {
            return;
        };
        let (p, state) = (self.p, &*self.state);
        match p.pick_target(state, p.adjacent(state, i), |_, left| left <= n) {
            Some((_, j)) => self.hit(j, n, label),
            None => self.note(|| format!("{label}: no undefeated adjacent enemy card")),
        }
    }
}

// Hit rules (a Passive's cap and ignored hits), recomputed with the other Passives.
impl<L: Log> HotgBoard<'_, L> {
    fn hit_rule(&mut self, target: Tgt, sets: &[CardSet], apply: impl Fn(&mut Slot)) {
        let p = self.p;
        let At::Static(own) = self.at else {
            return;
        };
        let set = match target {
            Tgt::This => {
                if let Some(i) = own {
                    apply(p.slot_mut(self.state, i));
                }
                return;
            }
            Tgt::Others(f) | Tgt::Each(f) | Tgt::One(f) => f.map(|f| &sets[f as usize]),
        };
        for i in 0..p.sequence_len(self.state) {
            if matches!(target, Tgt::Others(_)) && Some(i) == own {
                continue;
            }
            let slot = p.slot_mut(self.state, i);
            if !slot.defeated && set.is_none_or(|s| s.contains(p.enemy_card(slot.enemy))) {
                apply(slot);
            }
        }
    }
}
