//! The last Leader Action look of a turn's start, played on the game's own state instead
//! of a copy (without a log, `look.rs`): the look that wins becomes the game anyway, so
//! the last one needs no copy of its own. When it wins, the game is where it ended (or
//! right after its ability, when the game would weigh the next Leader Action before its
//! Actions); when it loses, the best look so far becomes the game, as it would have.
//!
//! Only when that best look does not need the state before the looks again (its own
//! ability used anew on it: [`Look::again`]).

use super::look::{bar_of, Ability, Look, Next, TurnValue};
use super::{Sms, State};
use crate::rng::Rng;

#[cfg(test)]
thread_local! {
    /// The last looks played on the game's state, (won, lost), for the tests.
    pub(super) static LAST_LOOKS: std::cell::Cell<(u32, u32)> =
        const { std::cell::Cell::new((0, 0)) };
}

impl Sms {
    /// Weighs `last` (keeping the Leader Action when `keep`: it wins ties) against `best`,
    /// the best of the looks before it, playing it on `state` itself; the game is left as
    /// the pick's look ended, and `pick` is the ability picked. `best.again` must be false.
    pub(super) fn last_look(
        &self,
        last: Ability,
        keep: bool,
        best: Look,
        state: &mut State,
        rng: &mut Rng,
        pick: &mut Option<Ability>,
    ) -> Next {
        debug_assert!(!best.again);
        #[cfg(debug_assertions)]
        let before = (state.clone(), rng.clone());
        // Ties: the pilot's order, read before the Table grows.
        let first = self.order(state, last) < self.order(state, best.ability);
        let wins = |value: TurnValue| match keep {
            true => best.value <= value,
            false => value > best.value || (value == best.value && first),
        };
        // Keeping the Leader Action is played to the end (no bar), as in the looks.
        let bar = (!keep).then_some(bar_of(best.value));
        let again = self.use_in_look(last, state, rng, true);
        let won = match again {
            // The game keeps the state right after the ability: the rest is valued on a copy.
            true => crate::scratch::with_copy(&super::scratch::COPIES, state, |copy| {
                self.finish_look(copy, &mut rng.clone(), true, bar)
            }),
            false => self.finish_look(state, rng, true, bar),
        }
        .is_some_and(wins);
        #[cfg(debug_assertions)]
        self.check_last_look(last, bar, won, again, before, state, rng, &wins);
        #[cfg(test)]
        LAST_LOOKS.with(|n| {
            let (w, l) = n.get();
            n.set((w + u32::from(won), l + u32::from(!won)));
        });
        *pick = Some(match won {
            true => last,
            false => best.ability,
        });
        if won {
            crate::scratch::give_back(&super::scratch::COPIES, best.state);
            return match again {
                true => Next::Again,
                false => Next::Played,
            };
        }
        let mut best = best;
        std::mem::swap(state, &mut *best.state);
        *rng = best.rng;
        crate::scratch::give_back(&super::scratch::COPIES, best.state);
        Next::Played
    }

    /// [`Self::last_look`] against the look on a copy it spares (debug builds): the same
    /// winner, and when it wins the same game and stream.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    fn check_last_look(
        &self,
        last: Ability,
        bar: Option<super::look::Bar>,
        won: bool,
        again: bool,
        (before, stream): (State, Rng),
        state: &State,
        rng: &Rng,
        wins: &dyn Fn(TurnValue) -> bool,
    ) {
        let look = self.look(last, &before, &stream, true, bar);
        assert_eq!(
            look.as_ref().is_some_and(|l| wins(l.value)),
            won,
            "the last look on the game's state picks as its copy does"
        );
        let Some(look) = look else {
            return;
        };
        if won {
            assert_eq!(look.again, again);
            let (mut after, mut after_rng) = (before, stream);
            let expected = match again {
                true => {
                    self.use_ability(last, &mut after, &mut after_rng, &mut crate::log::NoLog);
                    (seen(&after), after_rng.next_u64())
                }
                false => (seen(&look.state), look.rng.clone().next_u64()),
            };
            assert_eq!(
                (seen(state), rng.clone().next_u64()),
                expected,
                "the last look on the game's state ends as its copy does"
            );
        }
        crate::scratch::give_back(&super::scratch::COPIES, look.state);
    }
}

/// What a game's state holds, to compare two (debug builds, tests).
#[cfg(any(test, debug_assertions))]
pub(super) fn seen(s: &State) -> String {
    let slots: Vec<_> = s
        .table
        .iter()
        .map(|t| {
            let attached = (t.equipment, t.vehicle, t.equipment2, t.ship);
            (t.card, t.upgrades, attached, t.power, t.bonus, t.temp)
        })
        .collect();
    format!(
        "{:?}",
        (
            (s.fired.counts(), s.library.remaining(), s.library.len()),
            (&s.hand, s.hand_len, slots, &s.named),
            (s.power, s.deployed, s.mulliganed, s.stuck, s.skip),
            (&s.discard, s.discard_hits, s.leader_actions, s.drama),
            (&s.missions_played, s.extra, &s.one_slots),
        )
    )
}
