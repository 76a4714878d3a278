//! A Reaction window, and how the pilot weighs a paid Reaction: by the plan value
//! (docs/pilots.md#plan-value; Heroes of the Grid: enemy health removed this turn, then
//! cards kept in the Rangers' deck, then energy left in the pool) at the end of the turn,
//! played on a copy with it and without it. The copy continues from the game's own random
//! stream, so both lines meet the same dice and draws (a paired comparison).

use deckhand_core::Trigger;

use super::board::At;
use super::*;
use crate::choice::ChoiceKind;

/// A turn's plan value, compared field by field: enemy health removed (so far this
/// battle; both lines start from the same board), cards left in the Rangers' deck (-1
/// once the Rangers are defeated), energy left in the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Plan {
    removed: u32,
    deck: i64,
    pool: u32,
}

impl Plan {
    fn words(self) -> String {
        format!(
            "{} enemy health removed, {} cards in the deck, {} energy in the pool",
            self.removed,
            self.deck.max(0),
            self.pool
        )
    }
}

impl PrHotg {
    /// The energy the best Attack in hand needs (0 with none).
    fn keep_for_attack(&self, state: &State) -> u32 {
        self.attacks
            .iter()
            .filter(|&&c| state.hand[c as usize] > 0)
            .map(|&c| (u32::MAX - self.expected(state, c), self.cost(state, c)))
            .min()
            .map_or(0, |(_, cost)| cost)
    }

    /// A Reaction window against the enemy card in slot `i`: at most one is played.
    pub(super) fn react<L: Log>(
        &self,
        trigger: Trigger,
        i: usize,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if !self.fx.any(trigger) {
            return;
        }
        let energy = state.pool + state.stored;
        let keep = self.keep_for_attack(state);
        let useful = |state: &State, c: u16| -> bool {
            let r = self.reactions[c as usize];
            let prevents = r.prevents && state.incoming > state.prevented;
            let hits = r.hits && !self.slot(state, i).defeated;
            prevents || hits
        };
        // Each Reaction that does something now and whose requirement holds. A free one is
        // always played (the first); a paid one when the rest of the turn, played on a copy,
        // ends better with it (docs/pilots.md#plan-value). Inside such a look the old rule
        // stands, so looks never nest: a paid one leaving the energy for the best Attack.
        let mut pilot = None;
        let mut paid = Vec::new();
        for &c in &self.reaction_order {
            if state.hand[c as usize] == 0 || !self.fx.has(c, trigger) || !useful(state, c) {
                continue;
            }
            let cost = self.cost(state, c);
            if cost > energy || (state.planning && cost > 0 && energy - cost < keep) {
                continue;
            }
            if !self.would_happen(c, trigger, At::Answer(i), state) {
                continue;
            }
            if cost == 0 || state.planning {
                pilot = Some(c);
                break;
            }
            paid.push(c);
        }
        let mut weighed = None;
        if pilot.is_none() && !paid.is_empty() {
            let without = self.reaction_plan(trigger, i, None, state, rng);
            let mut best = without;
            for &c in &paid {
                let with = self.reaction_plan(trigger, i, Some(c), state, rng);
                // Ties: the cheaper, then the first in name order (`paid` is in that order).
                let cheaper = pilot.is_some_and(|p| self.cost(state, c) < self.cost(state, p));
                if with > best || (pilot.is_some() && with == best && cheaper) {
                    (pilot, best) = (Some(c), with);
                }
            }
            weighed = Some((without, best));
        }
        let pick = log.pick(
            ChoiceKind::Play,
            pilot,
            || {
                let mut options: Vec<Option<u16>> = self
                    .reaction_order
                    .iter()
                    .copied()
                    .filter(|&c| {
                        state.hand[c as usize] > 0
                            && self.fx.has(c, trigger)
                            && self.cost(state, c) <= energy
                    })
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| {
                let enemy = &self.enemy_names[self.slot(state, i).enemy as usize];
                match option {
                    Some(c) => format!(
                        "Play {} ({} energy) against {enemy}",
                        self.name(c),
                        self.cost(state, c)
                    ),
                    None => format!("Play no Reaction against {enemy}"),
                }
            },
            || match (pilot, weighed) {
                (Some(_), Some((without, with))) => format!(
                    "the rest of the turn ends better with it ({}) than without ({})",
                    with.words(),
                    without.words()
                ),
                (None, Some((without, _))) => format!(
                    "no Reaction in hand ends the turn better than none ({})",
                    without.words()
                ),
                (Some(_), None) if state.planning => "the first Reaction in hand that does something now and leaves the energy for the best Attack".to_owned(),
                (Some(_), None) => "the first free Reaction in hand that does something now".to_owned(),
                (None, None) => "no Reaction in hand does something now".to_owned(),
            },
            || Procedure::zones(self, state),
            rng,
        );
        if let Some(card) = pick {
            self.play_reaction(card, trigger, i, state, rng, log);
        }
    }

    /// The plan value at the end of this turn, played ahead on a copy by the pilot from the
    /// `trigger` window against slot `i`: with Reaction `card` played in it, or none.
    fn reaction_plan(
        &self,
        trigger: Trigger,
        i: usize,
        card: Option<u16>,
        state: &State,
        rng: &Rng,
    ) -> Plan {
        crate::scratch::with_copy(&super::scratch::COPIES, state, |s| {
            let mut r = rng.clone();
            let log = &mut crate::log::NoLog;
            s.planning = true;
            if let Some(card) = card {
                self.play_reaction(card, trigger, i, s, &mut r, log);
            }
            if trigger == Trigger::Blocks {
                let slot = *self.slot(s, i);
                let e = self.e(&slot);
                let damage = (i32::from(e.damage) + i32::from(slot.bonus_damage)).max(0) as u32;
                self.resolve_enemy(i, damage, s, &mut r, log);
            }
            if s.enemies_first && !s.defeated && !self.all_defeated(s) {
                let _ = self.ranger_turn(s, &mut r, log);
            }
            self.plan(s)
        })
    }

    fn plan(&self, state: &State) -> Plan {
        let slots = state.top[..state.top_len]
            .iter()
            .chain(&state.bottom[..state.bottom_len]);
        let removed = slots
            .map(|s| {
                let health = (i32::from(self.e(s).health) + i32::from(s.bonus_health)).max(1);
                let left = if s.defeated { 0 } else { self.health_left(s) };
                (health as u32).saturating_sub(left)
            })
            .sum();
        Plan {
            removed,
            deck: if state.defeated {
                -1
            } else {
                state.deck.len() as i64
            },
            pool: state.pool,
        }
    }

    /// Plays Reaction `card` in the `trigger` window against slot `i`: paid, fired, then
    /// to the discard pile.
    fn play_reaction<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        i: usize,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let cost = self.cost(state, card);
        self.pay(state, cost);
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
        self.fire(card, trigger, At::Answer(i), state, rng, log);
        state.discard.push(card);
    }
}
