//! The pilot's Abilities with every effect on (docs/pilots.md#pr-deck-building-the-decisions:
//! attached Abilities the Energy covers, most damage first, each once a turn): which
//! one goes next, ranked by the damage the stated Ability deals now. A card with several
//! damaging activated effects (Nadia's two) uses the set of them that deals the most
//! within the Energy (docs/pilots.md#plan-value), not each in turn; and when the Energy does
//! not cover every damaging Ability ready, they too are chosen as one set across cards
//! (each card at its own best set), the most damage first within it. A stat change for
//! the turn (Coach Harriet Dunmore) is weighed by the rest of the turn instead (`prime.rs`).

use super::abilities::{deals_damage, unpack_set, BOARD_SET, ENERGIES};
use super::carry::{Carried, End, Plan, Raw};
use super::*;
use crate::choice::ChoiceKind;

/// The most damage a card's damaging activated effects deal as one set, each at most once,
/// their Energy costs together covered (docs/pilots.md#plan-value: at 7 Energy a 5-Energy
/// Ability dealing 4 beats a 6-Energy one dealing 2); ties: the fewest Energy spent, then
/// the earlier effects. `effects` are (Energy cost, damage), `i64::MAX` for one that cannot
/// be used. Returns (damage, the set as bits over `effects`, its Energy cost).
#[inline]
pub(in crate::pr_dbg) fn best_set(effects: &[(i64, i64)], energy: i64) -> (i64, u32, i64) {
    let mut best = (0, 0, 0u32);
    for set in 1..1u32 << effects.len() {
        let (mut cost, mut damage) = (0i64, 0);
        for (k, &(c, d)) in effects.iter().enumerate() {
            if set & (1 << k) != 0 {
                cost = cost.saturating_add(c);
                damage += d;
            }
        }
        if cost <= energy && (damage > best.0 || (damage == best.0 && cost < best.1)) {
            best = (damage, cost, set);
        }
    }
    // Nothing dealt: no set (a 0-damage effect is never worth its Energy here).
    match best.0 {
        0 => (0, 0, 0),
        _ => (best.0, best.2, best.1),
    }
}

/// The Abilities ready to activate, as [`PrDbg::next_activation`] ranks them: the best
/// (most damage, ties to the earlier position) and those that deal damage, with their
/// Energy cost, to choose among as one set.
#[derive(Default)]
struct Ranked {
    /// (damage, position, the card's set of effects: [`PrDbg::ability_set`]).
    best: Option<(i64, u32, u8)>,
    /// Per damaging Ability, in position order: (damage, Energy cost), then apart its
    /// position and set. Kept small (no card, the position and set narrowed, side by side
    /// rather than padded tuples): the ranking is zeroed at each activation choice, and
    /// under 256 bytes that is a few stores rather than a call to `memset`.
    damaging: [(i64, i64); MAX_DAMAGING],
    position: [u32; MAX_DAMAGING],
    set: [u8; MAX_DAMAGING],
    n: u8,
    /// Abilities that deal nothing but act and could raise the plan value, by position in
    /// position order: weighed by a look at the rest of the turn when no damaging one is
    /// ready.
    weigh: [u32; MAX_DAMAGING],
    n_weigh: u8,
    /// Positions whose Ability was weighed and declined earlier in this activation phase.
    declined: u64,
    /// The Energy the damaging Abilities ready need for the same pick with less
    /// (`PrDbg::spare_cost`, summed; `primer_look.rs`).
    required: u32,
}

/// How many damaging Abilities are chosen among as one set (more are ranked alone).
const MAX_DAMAGING: usize = 8;

impl Ranked {
    /// The next of the damaging Abilities: the most damage among the set of them with the
    /// most damage that the Energy covers together (docs/pilots.md#plan-value: each at most
    /// once; ties: the fewest Energy, then the earlier positions), ties to the earlier
    /// position. When the Energy covers them all, that is the best alone.
    fn next(&self, energy: i64) -> Option<(i64, usize, u32)> {
        let best = self
            .best
            .map(|(damage, i, set)| (damage, i as usize, u32::from(set)));
        let n = usize::from(self.n);
        let cands = &self.damaging[..n];
        let total: i64 = cands.iter().map(|c| c.1).sum();
        if n < 2 || total <= energy {
            return best;
        }
        let (mut best_set, mut best_damage, mut best_cost) = (0u32, 0i64, 0i64);
        for set in 1..1u32 << n {
            let (mut damage, mut cost) = (0, 0);
            for (k, c) in cands.iter().enumerate() {
                if set & (1 << k) != 0 {
                    damage += c.0;
                    cost += c.1;
                }
            }
            if cost <= energy
                && (damage > best_damage || (damage == best_damage && cost < best_cost))
            {
                (best_set, best_damage, best_cost) = (set, damage, cost);
            }
        }
        let mut next: Option<(i64, usize, u32)> = None;
        for (k, &(damage, _)) in cands.iter().enumerate() {
            if best_set & (1 << k) != 0 && next.is_none_or(|(d, ..)| damage > d) {
                next = Some((damage, self.position[k] as usize, u32::from(self.set[k])));
            }
        }
        next.or(best)
    }
}

/// How many activated effects a card's set is chosen among: the rest never deal damage.
const MAX_SET: usize = 8;

/// One card's entries of the tables an activation choice reads ([`PrDbg`]'s
/// `ranked_cost`, `activation_cost`, `spare_cost`, `primes`, `weighable`, `heals_only`),
/// side by side: the ranking reads them for each ready position.
#[derive(Clone, Copy, Debug)]
pub(in crate::pr_dbg) struct ActCard {
    pub(in crate::pr_dbg) ranked_cost: u32,
    pub(in crate::pr_dbg) activation_cost: u32,
    pub(in crate::pr_dbg) spare_cost: u32,
    pub(in crate::pr_dbg) primes: bool,
    pub(in crate::pr_dbg) weighable: bool,
    pub(in crate::pr_dbg) heals_only: bool,
}

impl ActCard {
    /// Per card, then a last entry for an empty slot (no Ability: the costs `u32::MAX`).
    pub(in crate::pr_dbg) fn table(p: &PrDbg) -> Vec<ActCard> {
        (0..p.activation_cost.len())
            .map(|c| ActCard {
                ranked_cost: p.ranked_cost[c],
                activation_cost: p.activation_cost[c],
                spare_cost: p.spare_cost.get(c).copied().unwrap_or(u32::MAX),
                primes: p.primes.get(c) == Some(&true),
                weighable: p.weighable.get(c) == Some(&true),
                heals_only: p.heals_only.get(c) == Some(&true),
            })
            .collect()
    }
}

impl PrDbg {
    /// The card whose Ability the pilot activates next: the most damage its stated Ability
    /// deals now (docs/pilots.md#pr-deck-building-the-decisions; a card without a `damage`
    /// stat, such as a Ranger-side character's, counts what its effects deal), ties in slot
    /// order (slots, the flipped Character, the Zord Bay), among the set of damaging Abilities
    /// with the most damage the Energy covers ([`Ranked::next`]). `(position, damage, set)`: an
    /// Ability that deals none is there only when the rest of the turn ends better with it
    /// (`rank_activation`); `set` is the one [`Self::ability_set`] chose for it as the board
    /// stands (0 for one that deals none), for [`Self::activate_set`].
    ///
    /// `known`: the look without a new Ability from this very state and stream, when
    /// [`PrDbg::prime`] or an earlier look made it (`carry.rs`). On return, the look with
    /// the Ability picked when a look picked it, else `None`. A look played here that
    /// plays the rest of the turn as the game will is kept (`State::ahead`, `ahead.rs`).
    // `Ranked` is built in place, then `declined` set: a struct update built a default
    // and copied its 400 bytes over at each activation choice.
    #[allow(clippy::field_reassign_with_default)]
    fn next_activation<L: Log>(
        &self,
        board: &mut PrBoard<'_, L>,
        declined: &mut u64,
        known: &mut Option<Carried>,
    ) -> Option<(usize, i64, u32)> {
        let picked = known;
        let known = picked.take().map(|k| k.without);
        if board.state.energy < self.cheapest_activation {
            return None;
        }
        let own = board.state.attached.len();
        // The slots and the flipped Character whose Ability is unused, covered and no
        // primer's (`rank_activation` passes over those), as bits read without a branch per
        // slot: which is ready is a coin toss each time.
        let last = self.act.len() - 1;
        let cost = |card: u16| self.act[usize::from(card).min(last)].ranked_cost;
        let energy = board.state.energy;
        let mut ready = 0u64;
        for (i, &card) in board.state.attached.iter().enumerate().take(63) {
            ready |= u64::from(cost(card) <= energy) << i;
        }
        if board.state.flipped > 0 && own < 64 {
            ready |= u64::from(cost(self.character) <= energy) << own;
        }
        // The used ones out in one mask: bit `i` is position `i` in both.
        ready &= !board.state.used.low();
        // Nothing ready (every Ability used, beyond the Energy or a primer's): the ranking
        // below would find none and weigh none, so it is not built.
        let zords = &board.state.zord_bay;
        let zord_ready =
            (0..zords.len()).any(|z| !board.state.zord_used.has(z) && cost(zords[z]) <= energy);
        if ready == 0 && !zord_ready {
            debug_assert!(
                self.ranks_nothing(board, *declined),
                "an activation choice skipped as having nothing ready ranks an Ability"
            );
            #[cfg(test)]
            super::carry::NOTHING_READY.with(|n| n.set(n.get() + 1));
            return None;
        }
        let mut best = Ranked::default();
        best.declined = *declined;
        while ready != 0 {
            let i = ready.trailing_zeros() as usize;
            ready &= ready - 1;
            let card = if i == own {
                self.character
            } else {
                board.state.attached[i]
            };
            self.rank_activation(i, card, false, board, &mut best);
        }
        for z in 0..board.state.zord_bay.len() {
            let (card, used) = (board.state.zord_bay[z], board.state.zord_used.has(z));
            self.rank_activation(own + 1 + z, card, used, board, &mut best);
        }
        if let Some((damage, i, set)) = best.next(i64::from(energy)) {
            if board.state.planning {
                let spare = board.state.energy.saturating_sub(best.required);
                board.state.trace.slack = board.state.trace.slack.min(spare);
            }
            return Some((i, damage, set));
        }
        if best.n_weigh == 0 {
            return None;
        }
        let weigh = &best.weigh[..usize::from(best.n_weigh)];
        self.weigh_idle(board, declined, picked, known, weigh)
    }

    /// [`Self::next_activation`] when no damaging Ability is ready: the first of `weigh`
    /// that deals nothing but acts, when the rest of the turn ends with a higher plan value
    /// with it than without (docs/pilots.md#plan-value; ties: not used). A declined one is
    /// not weighed again this phase: the Abilities used after it only spend Energy it would
    /// need. Out of line: most activation choices rank a damaging Ability or nothing, and
    /// the looks' frame inlined into `activate_phase` was set up at every call.
    #[inline(never)]
    fn weigh_idle<L: Log>(
        &self,
        board: &mut PrBoard<'_, L>,
        declined: &mut u64,
        picked: &mut Option<Carried>,
        known: Option<End>,
        weigh: &[u32],
    ) -> Option<(usize, i64, u32)> {
        let mut without = known.map(|k| k.look(board.state));
        debug_assert!(
            without.is_none_or(|w| w == self.look(board.state, board.rng, None)),
            "a carried look differs from a new one"
        );
        for i in weigh.iter().map(|&i| i as usize) {
            // A heal known to win needs neither look (`carry.rs`); the game leaves the path
            // of any look it kept.
            if without.is_none() && self.heal_pick(board, i) {
                Self::keep_ahead(board.state, None);
                return Some((i, 0, 0));
            }
            let without = *without.get_or_insert_with(|| match Self::may_adopt::<L>(board.state) {
                // The look without, played here: the game's own end when all decline.
                true => {
                    let (look, kept, _) = self.look_kept(board.state, board.rng, None, true);
                    Self::keep_ahead(board.state, kept);
                    look
                }
                false => self.look_idle(board.state, board.rng),
            });
            let mut kept = None;
            let known = match self.heal_look(board, i, without) {
                Some(with) => Some(with),
                None => self.energy_look(board, i, without),
            };
            let (with, trace) = match known {
                Some(with) => {
                    debug_assert_eq!(
                        with,
                        self.look(board.state, board.rng, Some(i)),
                        "a heal's or an Energy gain's look differs from its play"
                    );
                    (with, super::Trace::UNKNOWN)
                }
                // Kept: when picked, the game then plays as this look did.
                None if Self::may_adopt::<L>(board.state) => {
                    let (look, ahead, trace) =
                        self.look_kept(board.state, board.rng, Some(i), false);
                    kept = ahead;
                    (look, trace)
                }
                None => self.look_traced(board.state, board.rng, Some(i)),
            };
            if with.0 > without.0 {
                *picked = Some(Carried::new(board.state, with, trace));
                Self::keep_ahead(board.state, kept);
                return Some((i, 0, 0));
            }
            Self::give_back(kept);
            *declined |= 1u64 << i.min(63);
        }
        None
    }

    /// Whether ranking every position the full way finds no Ability to use or weigh: the
    /// debug check of `next_activation`'s return when nothing is ready.
    #[allow(clippy::field_reassign_with_default)]
    fn ranks_nothing<L: Log>(&self, board: &mut PrBoard<'_, L>, declined: u64) -> bool {
        let mut best = Ranked::default();
        best.declined = declined;
        let own = board.state.attached.len();
        for i in 0..own.min(63) {
            let (card, used) = (board.state.attached[i], board.state.used.has(i));
            self.rank_activation(i, card, used, board, &mut best);
        }
        if board.state.flipped > 0 && own < 64 {
            let used = board.state.used.has(own);
            self.rank_activation(own, self.character, used, board, &mut best);
        }
        for z in 0..board.state.zord_bay.len() {
            let (card, used) = (board.state.zord_bay[z], board.state.zord_used.has(z));
            self.rank_activation(own + 1 + z, card, used, board, &mut best);
        }
        best.best.is_none() && best.n_weigh == 0
    }

    /// Makes the card at position `i` the best so far when its Ability is unused, the
    /// Energy covers it and it deals more damage than the best (ties stay with the earlier
    /// position).
    #[inline(always)]
    fn rank_activation<L: Log>(
        &self,
        i: usize,
        card: u16,
        used: bool,
        board: &mut PrBoard<'_, L>,
        best: &mut Ranked,
    ) {
        // No card, no activated effect or too little Energy: one table read.
        let last = self.act.len() - 1;
        let act = self.act[usize::from(card).min(last)];
        if used || act.activation_cost > board.state.energy {
            return;
        }
        // A stat change for the turn is weighed at each moment by the rest of the turn
        // (`prime`), never used for its own sake.
        if act.primes {
            return;
        }
        board.card = card;
        let (damage, set, cost) = self.ability_set(card, board);
        // One that deals nothing but acts is weighed only when no damaging Ability is
        // ready (`next_activation`), and never inside a look-ahead, so looks never nest.
        if damage == 0 {
            // A heal at full HP changes nothing: no look needed to decline it.
            let heals_nothing = act.heals_only && board.state.hp >= HP;
            let weigh = !board.state.planning
                && act.weighable
                && !heals_nothing
                && best.declined & (1u64 << i.min(63)) == 0;
            // An Ability that deals nothing and would change nothing as the board stands
            // (ready an Equipment when none is exhausted, gain a card from an empty pile) is
            // never used (docs/pilots.md#plan-value). Asked last: it only reads the board,
            // and one that is not weighed is not used either way.
            let room = usize::from(best.n_weigh) < MAX_DAMAGING;
            if weigh && room && self.ability_acts(card, board) {
                // A position is a slot, the flipped Character or a Zord Bay card: a handful.
                best.weigh[usize::from(best.n_weigh)] = i as u32;
                best.n_weigh += 1;
            }
            return;
        }
        // A set is bits over at most `MAX_SET` effects: a byte.
        debug_assert!(set < 1 << MAX_SET, "a set of more than {MAX_SET} effects");
        if best.best.is_none_or(|(d, ..)| damage > d) {
            best.best = Some((damage, i as u32, set as u8));
        }
        best.required = best.required.saturating_add(act.spare_cost);
        let n = usize::from(best.n);
        if damage > 0 && n < MAX_DAMAGING {
            // A position is a slot, the flipped Character or a Zord Bay card: a handful.
            best.damaging[n] = (damage, cost);
            best.position[n] = i as u32;
            best.set[n] = set as u8;
            best.n += 1;
        }
    }

    /// Whether some activated effect of `card` holds and would change something now.
    fn ability_acts<L: Log>(&self, card: u16, board: &PrBoard<'_, L>) -> bool {
        self.fx.of(card).iter().any(|e| {
            e.trigger == Trigger::Activated
                && self.fx.holds(e, board)
                && !self.fx.idle(e.steps(), board)
        })
    }

    /// The damage `card`'s Ability would deal if activated now, and which of its activated
    /// effects that deal damage deal it ([`best_set`], bits in the order the effects are
    /// stated): an effect counts when its requirement holds, by its damage steps (a choice
    /// by the option the pilot takes) and its Energy cost on the board.
    #[inline(always)]
    pub(super) fn ability_set<L: Log>(
        &self,
        card: u16,
        board: &mut PrBoard<'_, L>,
    ) -> (i64, u32, i64) {
        // An Ability that reads nothing but the Energy: one table entry.
        let energy = board.state.energy as usize;
        if energy < ENERGIES {
            let entry = self.fixed_sets[usize::from(card) * ENERGIES + energy];
            if entry != BOARD_SET {
                debug_assert_eq!(
                    unpack_set(entry),
                    self.ability_set_read(card, board),
                    "a fixed Ability's set differs from its reading"
                );
                return unpack_set(entry);
            }
        }
        self.ability_set_read(card, board)
    }

    /// [`Self::ability_set`] read from the Ability's effects on the board.
    #[inline(never)]
    fn ability_set_read<L: Log>(&self, card: u16, board: &mut PrBoard<'_, L>) -> (i64, u32, i64) {
        let energy = i64::from(board.state.energy);
        match self.ability[card as usize] {
            Ability::Fixed(steps) => return best_set(&steps, energy),
            // Only the counts read on the board.
            Ability::Counted(effects) => {
                let steps = effects.map(|e| (e.cost, e.damage(&self.fx, &*board)));
                debug_assert_eq!(
                    best_set(&steps, energy),
                    self.ability_set_walk(card, board),
                    "a counted Ability's set differs from the walk over its effects"
                );
                return best_set(&steps, energy);
            }
            Ability::Board => {}
        }
        self.ability_set_walk(card, board)
    }

    /// Tests: `card`'s set as [`Self::ability_set`] reads it and as the walk over its
    /// effects reads it, on `state`, and whether its damage is read from counts
    /// ([`Ability::Counted`]).
    #[cfg(test)]
    pub(in crate::pr_dbg) fn ability_set_both(
        &self,
        state: &mut State,
        card: u16,
    ) -> ((i64, u32, i64), (i64, u32, i64), bool) {
        let mut rng = Rng::from_seed(1);
        let mut board = PrBoard {
            p: self,
            state,
            rng: &mut rng,
            log: &mut crate::log::NoLog,
            card,
        };
        let read = self.ability_set(card, &mut board);
        let walked = self.ability_set_walk(card, &mut board);
        let counted = matches!(self.ability[usize::from(card)], Ability::Counted(_));
        (read, walked, counted)
    }

    /// [`Self::ability_set_read`] by a walk over the card's activated effects.
    fn ability_set_walk<L: Log>(&self, card: u16, board: &mut PrBoard<'_, L>) -> (i64, u32, i64) {
        let energy = i64::from(board.state.energy);
        let mut effects = [(i64::MAX, 0); MAX_SET];
        let mut n = 0;
        for effect in self.fx.of(card) {
            if effect.trigger != Trigger::Activated || n == MAX_SET {
                continue;
            }
            n += 1;
            if !self.fx.holds(effect, board) {
                continue;
            }
            let mut cost = 0;
            for op in effect.cost() {
                if let Op::Spend(amount, ENERGY) = op {
                    cost += self.fx.amount_on(amount, board);
                }
            }
            effects[n - 1] = (cost, self.steps_damage(effect.steps(), board));
        }
        best_set(&effects[..n], energy)
    }

    fn steps_damage<L: Log>(&self, steps: &[Op], board: &mut PrBoard<'_, L>) -> i64 {
        let mut damage = 0;
        for op in steps {
            match op {
                Op::Damage(amount) => damage += self.fx.amount_on(amount, board).max(0),
                Op::Choose(options, _) if !options.is_empty() => {
                    let pick = board.choose(options).min(options.len() - 1);
                    damage += self.steps_damage(&options[pick], board);
                }
                _ => {}
            }
        }
        damage
    }

    /// Resolves `card`'s activated effects in the order stated, of those that deal damage
    /// only the set [`Self::ability_set`] chose.
    pub(super) fn activate_card<L: Log>(
        &self,
        card: u16,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let mut board = PrBoard {
            p: self,
            state,
            rng,
            log,
            card,
        };
        let (_, set, _) = self.ability_set(card, &mut board);
        self.resolve_set(set, &mut board);
    }

    /// [`Self::activate_card`] with the set the ranking chose for `card` on this board
    /// (`next_activation`): marking its position used changes no requirement, amount or
    /// choice an Ability's damage reads, so the set is the same (debug-checked).
    fn activate_set<L: Log>(
        &self,
        card: u16,
        set: u32,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let mut board = PrBoard {
            p: self,
            state,
            rng,
            log,
            card,
        };
        debug_assert_eq!(
            set,
            self.ability_set(card, &mut board).1,
            "the ranking's set differs from a new one"
        );
        #[cfg(test)]
        super::carry::SETS_CARRIED.with(|n| n.set(n.get() + 1));
        self.resolve_set(set, &mut board);
    }

    /// Resolves `board.card`'s activated effects in the order stated, of those that deal
    /// damage only the bits of `set`.
    #[inline(always)]
    fn resolve_set<L: Log>(&self, set: u32, board: &mut PrBoard<'_, L>) {
        let card = board.card;
        let activated = self
            .fx
            .of(card)
            .iter()
            .filter(|e| e.trigger == Trigger::Activated);
        for (k, effect) in activated.enumerate() {
            let chosen = k < MAX_SET && set & (1 << k) != 0;
            if chosen || !deals_damage(effect.steps()) {
                self.fx.resolve(effect, board);
            }
        }
    }

    /// The card at activation position `i` (the slots, the flipped Character, the Zord
    /// Bay), if any.
    pub(super) fn at_position(&self, state: &State, i: usize) -> Option<u16> {
        let own = state.attached.len();
        let card = match i {
            _ if i < own => state.attached[i],
            _ if i == own => match state.flipped > 0 {
                true => self.character,
                false => NONE,
            },
            _ => state.zord_bay.get(i - own - 1).copied().unwrap_or(NONE),
        };
        (card != NONE).then_some(card)
    }

    /// Which Ability to activate next, or none: every unused Ability in play (a slot, the
    /// flipped Character, the Zord Bay) whose cost the Energy covers. `best` is the
    /// pilot's; returns the position to activate.
    fn activation_pick<L: Log>(
        &self,
        state: &State,
        best: Option<(usize, i64, u32)>,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<usize> {
        let own = state.attached.len();
        let energy = state.energy;
        let last = self.activation_cost.len() - 1;
        let cost = |card: u16| self.activation_cost[usize::from(card).min(last)];
        log.pick(
            ChoiceKind::Activate,
            best.map(|(i, ..)| i),
            || {
                let positions = own + 1 + state.zord_bay.len();
                let mut options: Vec<Option<usize>> = (0..positions)
                    .filter(|&i| {
                        let used = match i {
                            _ if i <= own => state.used.has(i),
                            _ => state.zord_used.has(i - own - 1),
                        };
                        !used && self.at_position(state, i).is_some_and(|c| cost(c) <= energy)
                    })
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option.and_then(|i| self.at_position(state, i)) {
                Some(card) => format!(
                    "Activate {} for {} Energy",
                    self.name(card),
                    self.f(card).ability_cost.unwrap_or(0)
                ),
                None => "Activate nothing more".to_owned(),
            },
            || match best {
                Some((_, 0, _)) => format!(
                    "it deals no damage, but the rest of the turn ends better with it than without (Energy {energy})"
                ),
                Some(_) => format!(
                    "the unused Ability with the most damage as the board stands (Energy {energy})"
                ),
                None => format!(
                    "no unused Ability that the Energy ({energy}) covers deals damage or ends the turn better"
                ),
            },
            || self.board(state),
            rng,
        )
    }

    /// Marks the Ability at position `i` used this turn.
    pub(super) fn mark_used(state: &mut State, i: usize) {
        let own = state.attached.len();
        if i <= own {
            state.used.insert(i);
        } else {
            state.zord_used.insert(i - own - 1);
        }
    }

    /// The plan value (docs/pilots.md#pr-deck-building-plan-value: damage dealt this turn, the
    /// Shard cost bought and Battled, HP, Energy left) at the end of this turn's buying and
    /// Battling, played ahead on a copy by the pilot: with the Ability at position `now`
    /// activated first, or without it for the rest of the turn.
    /// Returns it with the HP it is made of.
    pub(super) fn look(&self, state: &State, rng: &Rng, now: Option<usize>) -> (Plan, Raw) {
        self.look_from(state, rng, now, true)
    }

    /// The look without a new Ability from a state where no damaging Ability is ready
    /// (`next_activation` found none): with the hand empty, its `activate_all` would
    /// activate nothing (inside a look nothing else is weighed, and the ranking reads the
    /// board without drawing from the stream), so it is skipped. Otherwise a full look.
    fn look_idle(&self, state: &State, rng: &Rng) -> (Plan, Raw) {
        if !state.hand.is_empty() {
            return self.look(state, rng, None);
        }
        let look = self.look_from(state, rng, None, false);
        debug_assert_eq!(
            look,
            self.look(state, rng, None),
            "a look that skips the Abilities differs from a full one"
        );
        #[cfg(test)]
        super::carry::IDLE_LOOKS.with(|n| n.set(n.get() + 1));
        look
    }

    /// [`Self::look`]; `activate` false skips the Abilities after the hand
    /// ([`Self::look_idle`]).
    #[inline(always)]
    fn look_from(
        &self,
        state: &State,
        rng: &Rng,
        now: Option<usize>,
        activate: bool,
    ) -> (Plan, Raw) {
        crate::scratch::with_copy(&super::scratch::COPIES, state, |s| {
            let mut r = rng.clone();
            self.rest_of_turn(s, &mut r, now, activate).0
        })
    }

    /// Activates Abilities until none is left that the Energy covers. `Some` when the
    /// goldfish falls. `carried`: the looks of the hand's last weighing, when they hold
    /// here (`play_all_fx`'s answer).
    #[inline]
    pub(super) fn activate_all<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        carried: Option<Carried>,
    ) -> Option<Outcome> {
        // No Ability the Energy covers, a primer's included: `prime`'s first test declines
        // (the cheapest primer costs at least the cheapest Ability) and `next_activation`'s
        // ends the phase with nothing to pick from (a chooser is not asked a decision with
        // one option), so the phase's frame is not built.
        debug_assert!(self.cheapest_activation <= self.cheapest_primer);
        if state.energy < self.cheapest_activation {
            return None;
        }
        self.activate_phase(state, rng, log, carried)
    }

    /// Tests: a silent activation phase on a copy of `state` with a stream from `seed`,
    /// through [`Self::activate_all`] or, `full`, its frame whatever the Energy; the
    /// state and stream it leaves, and whether the goldfish fell.
    #[cfg(test)]
    pub(in crate::pr_dbg) fn activation_phase_on(
        &self,
        state: &State,
        seed: u64,
        full: bool,
    ) -> (State, Rng, bool) {
        let (mut s, mut rng) = (state.clone(), Rng::from_seed(seed));
        let log = &mut crate::log::NoLog;
        let end = match full {
            true => self.activate_phase(&mut s, &mut rng, log, None),
            false => self.activate_all(&mut s, &mut rng, log, None),
        };
        (s, rng, end.is_some())
    }

    /// [`Self::activate_all`] past its test that nothing can be activated.
    #[inline(never)]
    fn activate_phase<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        mut carried: Option<Carried>,
    ) -> Option<Outcome> {
        let mut declined = 0u64;
        loop {
            // `self` read through a barrier each round: the phase's rounds are few (one or
            // two), and without it every table any path reads was loaded and spilled at
            // entry.
            let p: &PrDbg = std::hint::black_box(self);
            // The look without a primer, when `prime` declined them all: the weighing of an
            // Ability that deals nothing starts from the same state and stream, so its look
            // without is this one. Only the pilot picks (a person's pick could draw from the
            // stream in between).
            let mut known = carried.take();
            if p.any_primer
                && !state.planning
                && p.prime(state, rng, log, false, &mut known, !L::CHOOSES)
            {
                if let Some(end) = p.won(state, log) {
                    return Some(end);
                }
                continue;
            }
            let mut board = PrBoard {
                p,
                state: &mut *state,
                rng: &mut *rng,
                log: &mut *log,
                card: NONE,
            };
            let best = p.next_activation(&mut board, &mut declined, &mut known);
            let i = p.activation_pick(state, best, rng, log)?;
            let card = p.at_position(state, i)?;
            Self::mark_used(state, i);
            match best {
                // The pilot's pick: the set its ranking chose, on the same board.
                Some((b, _, set)) if b == i => p.activate_set(card, set, state, rng, log),
                _ => p.activate_card(card, state, rng, log),
            }
            if let Some(end) = p.won(state, log) {
                return Some(end);
            }
            // The look that picked this Ability played it as the game just did, then the
            // rest of the turn: from here on it is the look without a new Ability (only
            // the pilot picks: a person's pick may be another).
            carried = known.filter(|_| !L::CHOOSES);
            if !state.hand.is_empty() {
                carried = p.play_all_fx(state, rng, log, carried);
                if let Some(end) = p.won(state, log) {
                    return Some(end);
                }
            }
        }
    }
}
