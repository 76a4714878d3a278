//! The look with a primer (Coach Harriet Dunmore) known from the look without it. When the
//! deck's primers commute with its cards ([`Commute`]), a primer activated first changes
//! the rest of a turn in two ways only: the Shards of the cards its stat change reaches
//! ([`Commute::primed`]) played after it, and the Energy, lower by its cost. So when the
//! look without it
//! - played no such card after this state (`Trace::primed_plays`),
//! - never reached the cap of 20 (Energy only grows by what is made, so it stays under
//!   its Energy at the start plus what the turn made since: `Trace::made_energy`), and
//! - at each damaging Ability it activated had Energy to spare for the cost
//!   (`Trace::slack`: the Energy beyond the full costs of every damaging Ability ready,
//!   so that the same ones are ready, each card's best set is the same and the Energy
//!   still covers them all: the same pick; and one not ready or dealing nothing with more
//!   Energy is not with less),
//!
//! the look with it plays the very same turn with that much less Energy throughout (no
//! effect but an Ability's cost reads or pays Energy: [`Commute`], and the damaging
//! Abilities' own steps are checked too, `Commute::full_cost`): the same damage, Shards'
//! worth and HP, so it ends no better and is declined (docs/pilots.md#plan-value), and the
//! Energy left is lower by the cost.
//!
//! A look with a primer that must be played is cut at its buying when it cannot end better
//! ([`PrDbg::primer_look_played`]): with a primer's cost paid, most such looks activate less
//! and deal less damage than the look without, and damage is the plan value's first field.

use super::carry::{Plan, Raw};
use super::*;

/// What a look's play tells of the same turn with a primer activated first (see the module
/// comment); kept with a look's end (`carry::End`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::pr_dbg) struct Trace {
    /// The turn's cards played that some primer's stat change reaches
    /// (`State::primed_plays`) when the look ended: none is played after a state that
    /// played as many.
    pub(in crate::pr_dbg) primed_plays: u32,
    /// The least Energy spare at a damaging Ability activated: beyond the full costs of
    /// every damaging Ability then ready.
    pub(in crate::pr_dbg) slack: u32,
    /// The turn's Energy made (`State::made_energy`) when the look ended.
    pub(in crate::pr_dbg) made_energy: u32,
}

impl Trace {
    /// A look not played yet: nothing noted.
    pub(in crate::pr_dbg) const CLEAN: Trace = Trace {
        primed_plays: 0,
        slack: u32::MAX,
        made_energy: 0,
    };
    /// A look known otherwise (from another look): it tells nothing.
    pub(in crate::pr_dbg) const UNKNOWN: Trace = Trace {
        primed_plays: u32::MAX,
        slack: 0,
        made_energy: u32::MAX,
    };
}

impl PrDbg {
    /// [`Self::look`] with what its play tells ([`Trace`]).
    pub(super) fn look_traced(
        &self,
        state: &State,
        rng: &Rng,
        now: Option<usize>,
    ) -> ((Plan, Raw), Trace) {
        crate::scratch::with_copy(&super::scratch::COPIES, state, |s| {
            let mut r = rng.clone();
            let (look, _) = self.rest_of_turn(s, &mut r, now, true);
            (look, s.trace)
        })
    }

    /// The look with the primer at position `i`, known from the look `without` it and
    /// what that look's play tells (see the module comment), when it holds.
    pub(super) fn primer_look(
        &self,
        state: &State,
        i: usize,
        (without, raw): (Plan, Raw),
        trace: Trace,
    ) -> Option<(Plan, Raw)> {
        let commute = self.commute.as_ref()?;
        let cost = commute.primer_spend[usize::from(self.at_position(state, i)?)]?;
        let peak =
            i64::from(state.energy) + i64::from(trace.made_energy) - i64::from(state.made_energy);
        let primed = trace.primed_plays != state.primed_plays;
        if primed || trace.slack < cost || peak >= i64::from(MAX_ENERGY) {
            return None;
        }
        let energy = without.3.checked_sub(cost)?;
        #[cfg(test)]
        super::carry::PRIMER_LOOKS_KNOWN.with(|n| n.set(n.get() + 1));
        Some(((without.0, without.1, without.2, energy), raw))
    }
}

impl PrDbg {
    /// The look with the primer at position `i`, played, or cut at its buying when it is
    /// known to end worse than the look `without` it (then `true`, and a plan value whose
    /// damage is the most it deals, the rest 0): after the buying only The Grid's cards
    /// Battled deal damage, at most their `battles` damage ([`Commute::battle_damage`]), so
    /// when the damage dealt so far plus that is under the look without's, it is declined
    /// (docs/pilots.md#plan-value: damage is compared first) and its buying, Battling and
    /// turn's end are not played. Debug builds play it out and compare.
    pub(super) fn primer_look_played(
        &self,
        state: &State,
        rng: &Rng,
        i: usize,
        without: Plan,
    ) -> ((Plan, Raw), bool) {
        let table = self.commute.as_ref().and_then(|c| c.battle_damage.as_ref());
        let (look, cut) = crate::scratch::with_copy(&super::scratch::COPIES, state, |s| {
            let mut r = rng.clone();
            let start = self.look_to_buy(s, &mut r, Some(i), true);
            if let Some(table) = table {
                let rest: i64 = s
                    .grid
                    .iter()
                    .map(|&c| i64::from(table.get(usize::from(c)).copied().unwrap_or(0)))
                    .sum();
                let most = i64::from(start.0) - i64::from(s.goldfish_hp) + rest;
                if most < i64::from(without.0) {
                    let raw = Raw {
                        hp: 0,
                        adversaries: 0,
                    };
                    return (((most as i32, 0, 0, 0), raw), true);
                }
            }
            (self.look_end(s, &mut r, start).0, false)
        });
        #[cfg(debug_assertions)]
        if cut {
            let (full, _) = self.look(state, rng, Some(i));
            assert!(
                full.0 <= look.0 .0
                    && (full.0, full.1, full.2) <= (without.0, without.1, without.2),
                "a look with a primer cut at its buying deals more than its bound or ends better"
            );
        }
        #[cfg(test)]
        if cut {
            super::carry::PRIMER_LOOKS_CUT.with(|n| n.set(n.get() + 1));
        }
        (look, cut)
    }
}
