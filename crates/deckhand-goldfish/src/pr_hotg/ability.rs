//! A Ranger's once-per-battle ability: how it is used, asking whether to use it now, and
//! the hits one deals at the start of a Ranger turn.

use deckhand_core::Trigger;

use super::board::At;
use super::*;
use crate::choice::ChoiceKind;

/// How a Ranger's once-per-battle ability is used (the kind of its first step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ability {
    Hits(u32),
    Reroll,
    Shields(i32),
    Other,
}

impl PrHotg {
    /// The first unused once-per-battle ability of `kind`'s kind: its entry and how it is
    /// used.
    pub(super) fn unused(&self, kind: Ability, state: &State) -> Option<(usize, Ability)> {
        self.abilities.iter().enumerate().find_map(|(n, &(_, k))| {
            let same = std::mem::discriminant(&k) == std::mem::discriminant(&kind);
            (same && state.used & (1 << n) == 0).then_some((n, k))
        })
    }

    /// Asks whether to use ability `n` now (the pilot: `pilot`); uses it if so.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn offer_ability<L: Log>(
        &self,
        n: usize,
        pilot: bool,
        what: impl Fn() -> String,
        reason: impl FnOnce() -> String,
        at: At,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let card = self.abilities[n].0;
        let use_it = log.pick(
            ChoiceKind::Activate,
            pilot,
            || vec![true, false],
            |option| match option {
                true => format!(
                    "Use {}'s once-per-battle ability: {}",
                    self.name(card),
                    what()
                ),
                false => format!("Do not use {}'s ability now", self.name(card)),
            },
            reason,
            || Procedure::zones(self, state),
            rng,
        );
        if use_it {
            self.activate(n, at, state, rng, log);
        }
    }

    /// Uses once-per-battle ability `n` at `at`.
    pub(super) fn activate<L: Log>(
        &self,
        n: usize,
        at: At,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        state.used |= 1 << n;
        self.fire(self.abilities[n].0, Trigger::Activated, at, state, rng, log);
    }

    /// Hits from an ability, at the start of a Ranger turn: at a card they defeat, else on
    /// the final turn. The choice: which enemy card (any standing one, Guard or not), or
    /// not now.
    pub(super) fn use_hits_ability<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        for n in 0..self.abilities.len() {
            let (card, Ability::Hits(h)) = self.abilities[n] else {
                continue;
            };
            if state.used & (1 << n) != 0 {
                continue;
            }
            let last = state.next >= self.sequence_len(state);
            let best = self.pick_target(state, 0..self.sequence_len(state), |_, left| left <= h);
            let pilot = best.and_then(|(cannot, i)| (!cannot || last).then_some(i));
            let pick = log.pick(
                ChoiceKind::Activate,
                pilot,
                || {
                    let mut options: Vec<Option<usize>> = (0..self.sequence_len(state))
                        .filter(|&i| !self.slot(state, i).defeated)
                        .map(Some)
                        .collect();
                    options.push(None);
                    options
                },
                |option| match option {
                    Some(i) => {
                        let slot = self.slot(state, i);
                        format!(
                            "Use {}'s once-per-battle ability at {} ({} health left)",
                            self.name(card),
                            self.enemy_names[slot.enemy as usize],
                            self.health_left(slot)
                        )
                    }
                    None => format!("Do not use {}'s ability now", self.name(card)),
                },
                || match (pilot, best) {
                    (Some(_), Some((false, _))) => {
                        format!(
                            "{h_hits} would defeat it, the card with the most health they can defeat", h_hits = deckhand_core::plural::count(h as i64, "hit", "hits"))
                    }
                    (Some(_), _) => {
                        "the final turn: the card with the least health left".to_owned()
                    }
                    _ => format!("{h_hits} would defeat no enemy card yet; kept for a later turn", h_hits = deckhand_core::plural::count(h as i64, "hit", "hits")),
                },
                || Procedure::zones(self, state),
                rng,
            );
            if let Some(i) = pick {
                self.activate(n, At::Ability(Some(i)), state, rng, log);
            }
        }
    }
}
