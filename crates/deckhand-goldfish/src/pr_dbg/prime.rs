//! The pilot's primers (docs/pilots.md#pr-deck-building-the-decisions): an Ability that
//! changes a stat for the turn (Coach Harriet Dunmore's extra Shards) deals nothing itself,
//! so it is weighed by the rest of the turn played ahead with it and without it
//! (docs/pilots.md#plan-value), at each moment of the Main Phase it could be used.

use super::carry::{Carried, End, Plan};
use super::*;
use crate::choice::ChoiceKind;

impl PrDbg {
    /// At a moment of the Main Phase, activates a primer ([`PrDbg::primes`]) when the rest
    /// of the turn, played by the pilot, ends with a higher plan value with it used now than
    /// without it (docs/pilots.md#plan-value: ties, not used; so a use that changes nothing,
    /// such as Harriet's after the last Hero card, is never made). Decided here: the
    /// Energy left does not count for it (see the comparison). A person is asked which
    /// primer to activate now, or none, whenever one is ready. True when one was activated.
    ///
    /// With `ask_always` false (after the hand, where the next Activate choice lists the
    /// primers too) a person is asked only when the pilot would activate one.
    ///
    /// `carried`: the looks from before the previous card, when they still hold (see
    /// `carry.rs`); on return, this weighing's, when none was activated and `steady` says
    /// the next weighing (the next card's, or `next_activation`'s) may reuse them.
    #[inline(always)]
    pub(super) fn prime<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        ask_always: bool,
        carried: &mut Option<Carried>,
        steady: bool,
    ) -> bool {
        if state.energy < self.cheapest_primer {
            // No primer is ready (the walk below would find none); the state is unchanged,
            // so the looks carried still hold.
            if !steady {
                *carried = None;
            }
            return false;
        }
        self.prime_known(state, rng, log, ask_always, carried, steady)
    }

    /// [`Self::prime`] once the Energy covers some primer: the weighing when it is known
    /// without a look, else [`Self::prime_ready`]. Small and out of line: the hand's loop
    /// stays tight, and the full weighing's frame is set up only when it runs.
    #[inline(never)]
    fn prime_known<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        ask_always: bool,
        carried: &mut Option<Carried>,
        steady: bool,
    ) -> bool {
        let positions = state.attached.len() + 1 + state.zord_bay.len();
        if positions > 64 {
            return self.prime_ready(state, rng, log, ask_always, carried, steady);
        }
        let ready = self.ready_primers(state);
        // Every ready primer's look is carried, each declined against the look without
        // when kept: a plan value compares ends, not the state they are read from, so each
        // is declined again and this weighing's looks are the carried ones (a person's
        // pick apart). No primer ready: nothing to weigh, as in `prime_ready`.
        let known = !L::CHOOSES && carried.is_some_and(|k| k.kept() == ready);
        if ready == 0 || known {
            #[cfg(debug_assertions)]
            if known && ready != 0 {
                self.check_known(state, rng, log, ask_always, *carried, steady);
            }
            #[cfg(test)]
            if known && ready != 0 {
                let n = u64::from(ready.count_ones());
                super::carry::WITH_REUSED.with(|c| c.set(c.get() + n));
                super::carry::PRIMES_KNOWN.with(|c| c.set(c.get() + 1));
            }
            if !steady {
                *carried = None;
            }
            return false;
        }
        self.prime_ready(state, rng, log, ask_always, carried, steady)
    }

    /// The ready primers ([`PrDbg::prime_ready`]'s `ready`) as bits by position, up to 64
    /// positions, read without a branch per position.
    #[inline(always)]
    fn ready_primers(&self, state: &State) -> u64 {
        let own = state.attached.len();
        let energy = state.energy;
        let last = self.primer_cost.len() - 1;
        // One table read a position: an empty slot and a card that is no primer read
        // `u32::MAX`, never covered.
        let primer = |card: u16| self.primer_cost[usize::from(card).min(last)] <= energy;
        let mut bits = 0u64;
        for (i, &card) in state.attached.iter().enumerate() {
            bits |= u64::from(primer(card)) << i;
        }
        let flipped = (state.flipped > 0) & primer(self.character);
        bits |= u64::from(flipped) << own;
        // The slots and the Character are positions 0 to `own`, under 64 (`prime_ready`).
        bits &= !state.used.low();
        for (z, &card) in state.zord_bay.iter().enumerate() {
            bits |= u64::from(primer(card) & !state.zord_used.has(z)) << (own + 1 + z);
        }
        debug_assert_eq!(
            bits,
            (0..own + 1 + state.zord_bay.len())
                .filter(|&i| self.primer_ready_at(state, energy, i))
                .fold(0, |b, i| b | 1u64 << i),
            "ready primer bits out of step"
        );
        bits
    }

    /// Debug builds: the weighing [`PrDbg::prime`] knew from the carried looks, played in
    /// full, declines every primer and keeps the same looks.
    #[cfg(debug_assertions)]
    #[cold]
    fn check_known<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        ask_always: bool,
        carried: Option<Carried>,
        steady: bool,
    ) {
        // The full weighing's own count of carried looks is not this one's.
        #[cfg(test)]
        let counted = super::carry::WITH_REUSED.with(|n| n.get());
        let mut full = carried;
        let kept = carried.map(|k| k.kept());
        let activated = self.prime_ready(state, rng, log, ask_always, &mut full, steady);
        assert!(
            !activated,
            "a primer declined on carried looks is activated"
        );
        assert_eq!(
            full.map(|f| f.kept()),
            kept.filter(|_| steady),
            "a weighing on carried looks keeps other looks"
        );
        #[cfg(test)]
        super::carry::WITH_REUSED.with(|c| c.set(counted));
    }

    /// [`Self::prime`] once the Energy covers some primer.
    #[inline(never)]
    fn prime_ready<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        ask_always: bool,
        carried: &mut Option<Carried>,
        steady: bool,
    ) -> bool {
        let own = state.attached.len();
        let last = self.activation_cost.len() - 1;
        let energy = state.energy;
        let ready = |state: &State, i: usize| {
            let used = match i {
                _ if i <= own => state.used.has(i),
                // Past the Zord Bay: no Ability there.
                _ if i - own > state.zord_bay.len() => true,
                _ => state.zord_used.has(i - own - 1),
            };
            !used
                && self.at_position(state, i).is_some_and(|c| {
                    self.primes[usize::from(c)]
                        && self.activation_cost[usize::from(c).min(last)] <= energy
                })
        };
        let positions = own + 1 + state.zord_bay.len();
        let Some(first) = (0..positions).find(|&i| ready(state, i)) else {
            if !steady {
                *carried = None;
            }
            return false;
        };
        let known = carried.take();
        let ((without, raw), trace) = match known {
            Some(known) => {
                let without = known.without.look(state);
                debug_assert_eq!(
                    without,
                    self.look(state, rng, None),
                    "a carried look differs from a new one"
                );
                (without, known.without.trace)
            }
            // Played from here as the game then plays when it declines (`steady`): kept
            // to become the game's end (`ahead.rs`).
            None if steady && Self::may_adopt::<L>(state) => {
                let (look, kept, trace) = self.look_kept(state, rng, None, false);
                Self::keep_ahead(state, kept);
                (look, trace)
            }
            None => self.look_traced(state, rng, None),
        };
        let mut pilot = None;
        let mut with = without;
        let mut looks = Carried::new(state, (without, raw), trace);
        for i in (first..positions).filter(|&i| ready(state, i)) {
            let ((value, raw), cut) = match known.and_then(|k| k.with_at(i)) {
                Some(end) => {
                    let value = end.look(state);
                    // A cut look's damage is a bound (`primer_look_played`).
                    debug_assert!(
                        match (end.cut, self.look(state, rng, Some(i))) {
                            (true, full) => full.0 .0 <= value.0 .0 && value.0 .0 < without.0,
                            (false, full) => full == value,
                        },
                        "a carried look with a primer differs from a new one"
                    );
                    (value, end.cut)
                }
                // Known from the look without it when its play says so
                // (`primer_look.rs`): the same turn, less Energy.
                None => match self.primer_look(state, i, (without, raw), trace) {
                    Some(value) => {
                        debug_assert_eq!(
                            value,
                            self.look(state, rng, Some(i)),
                            "a primer's look known from the look without it differs from its play"
                        );
                        (value, false)
                    }
                    None => self.primer_look_played(state, rng, i, without),
                },
            };
            // Better on damage, Shards' worth or HP: Energy left alone never makes it
            // better, since the effect's own cost is Energy (what it "saves" is only the
            // pilot's later use of Energy elsewhere, not the effect counting).
            if (value.0, value.1, value.2) > (without.0, without.1, without.2) {
                (pilot, with) = (Some(i), value);
                break;
            }
            if self.commute.is_some() {
                let mut end = End::new(state, (value, raw), super::Trace::UNKNOWN);
                end.cut = cut;
                looks.keep_with(i, end);
            }
        }
        if pilot.is_none() && !ask_always {
            if steady {
                *carried = Some(looks);
            }
            return false;
        }
        let words = |(damage, spent, hp, energy): Plan| {
            format!(
                "{damage} damage, {spent} Shards' worth bought and Battled, {hp} HP, {energy} Energy left"
            )
        };
        let pick = log.pick(
            ChoiceKind::Activate,
            pilot,
            || {
                let mut options: Vec<Option<usize>> = (0..positions)
                    .filter(|&i| ready(state, i))
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option.and_then(|i| self.at_position(state, i)) {
                Some(card) => format!(
                    "Activate {} for {} Energy now",
                    self.name(card),
                    self.f(card).ability_cost.unwrap_or(0)
                ),
                None => "Activate nothing now".to_owned(),
            },
            || match pilot {
                Some(_) => format!(
                    "the rest of the turn ends better with it now ({}) than without ({})",
                    words(with),
                    words(without)
                ),
                None => format!(
                    "the rest of the turn ends no better with it now (without: {})",
                    words(without)
                ),
            },
            || self.board(state),
            rng,
        );
        let Some(i) = pick else {
            if steady {
                *carried = Some(looks);
            }
            return false;
        };
        let Some(card) = self.at_position(state, i) else {
            return false;
        };
        // The game leaves the path of any look it kept (`ahead.rs`).
        Self::keep_ahead(state, None);
        Self::mark_used(state, i);
        self.activate_card(card, state, rng, log);
        true
    }

    /// The least Energy an unused primer in play asks (`u32::MAX`: none, or no weighing
    /// here: inside a look): below it `prime` finds no primer ready and returns at once, so
    /// `play_all_fx` asks it only at or above (most moments have none ready).
    pub(super) fn primer_floor(&self, state: &State) -> u32 {
        if !self.any_primer || state.planning {
            return u32::MAX;
        }
        let last = self.activation_cost.len() - 1;
        let cost = |card: u16, used: bool| {
            let card = usize::from(card).min(last);
            // The last entry (an empty slot) is no primer.
            match !used && self.primes.get(card) == Some(&true) {
                true => self.activation_cost[card],
                false => u32::MAX,
            }
        };
        let own = state.attached.len();
        let mut floor = u32::MAX;
        for s in 0..own {
            floor = floor.min(cost(state.attached[s], state.used.has(s)));
        }
        if state.flipped > 0 {
            floor = floor.min(cost(self.character, state.used.has(own)));
        }
        for z in 0..state.zord_bay.len() {
            floor = floor.min(cost(state.zord_bay[z], state.zord_used.has(z)));
        }
        debug_assert_eq!(
            (self.cheapest_primer..=MAX_ENERGY)
                .filter(|&e| e >= floor)
                .count(),
            (self.cheapest_primer..=MAX_ENERGY)
                .filter(|&e| self.primer_ready(state, e))
                .count(),
            "a primer's floor differs from the activation positions'"
        );
        floor
    }

    /// Whether some primer in play is unused and `energy` covers it, read position by
    /// position as `prime` reads them (the debug check of [`Self::primer_floor`]).
    pub(super) fn primer_ready(&self, state: &State, energy: u32) -> bool {
        (0..state.attached.len() + 1 + state.zord_bay.len())
            .any(|i| self.primer_ready_at(state, energy, i))
    }

    /// Whether the Ability at activation position `i` is an unused primer that `energy`
    /// covers, read the slow way: the debug checks' reference.
    pub(in crate::pr_dbg) fn primer_ready_at(&self, state: &State, energy: u32, i: usize) -> bool {
        let own = state.attached.len();
        let last = self.activation_cost.len() - 1;
        let used = match i {
            _ if i <= own => state.used.has(i),
            _ => state.zord_used.has(i - own - 1),
        };
        !used
            && self.at_position(state, i).is_some_and(|c| {
                self.primes[usize::from(c)]
                    && self.activation_cost[usize::from(c).min(last)] <= energy
            })
    }
}
