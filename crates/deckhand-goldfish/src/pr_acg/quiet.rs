//! The summons whose turn ends at its printed value: the pilot values them without playing
//! them out (docs/pilots.md#pr-action-plan-value). Exact, not an estimate: a debug build
//! plays every one out anyway and compares (`pilot.rs`, `pilot_plan_walk`).

use super::pilot::{value, Plan, Value};
use super::*;

/// Whether a summon's own effects can change what its turn ends with, decided from its
/// compiled effects when the deck is built. A summon without a `when battling` effect whose
/// `when summoned` effects only move the deck's top card back onto the deck (Crimson Comet
/// Ranger), or out to the discard or training area (Morphing Sigil), changes no hand, no
/// damage and no removed card: its turn ends at its printed value unless the deck runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Quiet {
    /// Its effects may change the turn: it is played out.
    Never,
    /// It changes nothing of the turn.
    Always,
    /// It changes nothing while the deck holds more than this many cards (its effects take
    /// at most that many out; the move that empties the deck loses the game).
    DeckAbove(u32),
}

impl Quiet {
    pub(super) fn of(fx: &Programs, card: u16) -> Quiet {
        if fx.has(card, Trigger::Battles) {
            return Quiet::Never;
        }
        // A card moved to the training area acts only through a `while in play` effect.
        let training = !fx.any(Trigger::Static);
        let mut out = 0;
        for effect in fx
            .of(card)
            .iter()
            .filter(|e| e.trigger == Trigger::Summoned)
        {
            match effect
                .cost()
                .is_empty()
                .then(|| taken_out(effect.steps(), training))
            {
                Some(Some(n)) => out += n,
                _ => return Quiet::Never,
            }
        }
        match out {
            0 => Quiet::Always,
            n => Quiet::DeckAbove(n),
        }
    }
}

/// The most cards `ops` take out of the deck when all they do is move cards from its top
/// (onto it again, to the bottom, the discard area, or the training area when `training`);
/// `None` when they do anything else.
fn taken_out(ops: &[crate::effects::Op], training: bool) -> Option<u32> {
    use super::board::{BOTTOM, DECK, DISCARD, TOP, TRAINING};
    use crate::effects::{Amt, Op};
    let mut out = 0;
    for op in ops {
        out += match op {
            Op::Move {
                count: Amt::Fixed(_),
                from: DECK | TOP,
                to: TOP | BOTTOM,
                search: false,
                ..
            } => 0,
            Op::Move {
                count: Amt::Fixed(n),
                from: DECK | TOP,
                to,
                search: false,
                ..
            } if *to == DISCARD || (*to == TRAINING && training) => u32::try_from(*n).ok()?,
            Op::Choose(options, _) => options
                .iter()
                .map(|o| taken_out(o, training))
                .try_fold(0, |most, n| Some(most.max(n?)))?,
            _ => return None,
        };
    }
    Some(out)
}

impl PrAcg {
    /// Whether summoning `summon` from `state` provably ends the turn at its printed value
    /// (`rest`: nothing else in play or in hand acts this turn): it has no `when battling`
    /// effect, and its `when summoned` effects only move cards within the deck or out of it
    /// without emptying it ([`Quiet`]); a card they move to the training area could act only
    /// through a `while in play` effect, and the deck has none then.
    #[inline]
    pub(super) fn quiet_summon(&self, state: &State, summon: u16, rest: bool) -> bool {
        rest && match self.quiet[summon as usize] {
            Quiet::Never => false,
            Quiet::Always => true,
            Quiet::DeckAbove(n) => state.deck_len() > n as usize,
        }
    }

    /// [`Self::play_out`]'s result without playing: exact for a summon whose turn ends at
    /// its printed value ([`Self::quiet_summon`]). The summon's cost is paid as `pay` pays
    /// it (the lowest damage first, keeping `plan.extra`); the Extra summon step then takes
    /// the option with the best printed value among the Zords left, as
    /// [`Self::pilot_extra`] does when nothing acts. Inlined into the plan loop, which
    /// calls it for most summons; the rare case where the payment decides goes out of line
    /// ([`Self::printed_play_out_paid`]).
    #[inline]
    pub(super) fn printed_play_out(&self, state: &State, plan: Plan) -> (Value, u16) {
        let summon = plan.summon;
        let cost = u32::from(self.f(summon).cost);
        let keep = plan.extra;
        let hand_len = state.hand_len - 1 - cost;
        let printed = |damage: u32, played: u32| printed_value(state, hand_len, damage, played);
        // The kept Zord is the first of the Zords by damage that the hand can pay for, and
        // only kept when it deals more than the summon: no Zord left after paying beats it
        // (or the summon alone, when none is kept or the summon alone wins, keeping more
        // cards) unless it wins too at a lower cost. Only then does it matter which Zords
        // the payment leaves.
        let alone = printed(u32::from(self.f(summon).damage), 0);
        if keep == NONE || alone.0 == 2 {
            return (alone, NONE);
        }
        let kept = printed(
            u32::from(self.f(keep).damage),
            1 + u32::from(self.f(keep).cost),
        );
        if kept.0 != 2 {
            return (kept, keep);
        }
        self.printed_play_out_paid(state, plan, alone)
    }

    /// [`Self::printed_play_out`] where the kept Zord wins: a cheaper Zord the payment
    /// leaves in hand may win too and keep more cards (`alone`: the summon's value alone).
    #[inline(never)]
    fn printed_play_out_paid(&self, state: &State, plan: Plan, alone: Value) -> (Value, u16) {
        let summon = plan.summon;
        let cost = u32::from(self.f(summon).cost);
        let keep = plan.extra;
        let hand_len = state.hand_len - 1 - cost;
        let printed = |damage: u32, played: u32| printed_value(state, hand_len, damage, played);
        let left_in_hand = |c: u16| -> u16 { state.hand[c as usize] - u16::from(c == summon) };
        // Walk the pay order as `pay` does: every copy of a card above the kept one, until
        // the cost is paid; then the kept card itself.
        let (mut owed, mut stop, mut at_stop) = (cost, self.pay_order.len(), 0u32);
        if owed > 0 {
            for (i, &c) in self.pay_order.iter().enumerate() {
                let spare = u32::from(left_in_hand(c).saturating_sub(u16::from(c == keep)));
                let paid = spare.min(owed);
                owed -= paid;
                if owed == 0 {
                    (stop, at_stop) = (i, paid);
                    break;
                }
            }
        }
        let left = |z: u16| -> u32 {
            let held = u32::from(left_in_hand(z));
            if cost == 0 {
                return held;
            }
            let at = self.pay_at[z as usize] as usize;
            let kept = u32::from(z == keep && held > 0);
            let after = match at.cmp(&stop) {
                std::cmp::Ordering::Less => kept,
                std::cmp::Ordering::Equal => held - at_stop,
                std::cmp::Ordering::Greater => held,
            };
            if z == keep {
                after.saturating_sub(owed)
            } else {
                after
            }
        };
        let mut best = (alone, NONE);
        for &z in &self.extras_by_damage {
            let cost = u32::from(self.f(z).cost);
            if cost >= hand_len || left(z) == 0 {
                continue;
            }
            let value = printed(u32::from(self.f(z).damage), 1 + cost);
            if value > best.0 {
                best = (value, z);
            }
        }
        best
    }
}

/// The plan value of a turn that ends at a printed `damage` (twice that many cards off the
/// opponent's deck) with `played` more cards gone from a hand of `hand_len`.
#[inline(always)]
fn printed_value(state: &State, hand_len: u32, damage: u32, played: u32) -> Value {
    let removed = (2 * damage).min(state.opponent_deck);
    let end = (removed == state.opponent_deck).then_some(Outcome::Win);
    value(end, removed, hand_len - played)
}
