//! A summon whose `when summoned` effects only discard the deck's top card and then, when
//! that card matches a filter, draw one (Shard of Ruin): the pilot values its plan by
//! peeking at the sample's next two draws instead of playing the turn out on a copy
//! (docs/pilots.md#pr-action-plan-value). Exact, not an estimate: a debug build plays every
//! one out anyway and compares (`pilot.rs`, `play_out`).

use super::board::{DECK, DISCARD, MOVED};
use super::pilot::{Plan, Value};
use super::*;
use crate::effects::{Amt, Op};

/// The draw's condition: a card in the filter (`None`: any card) was discarded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MillDraw {
    filter: Option<u16>,
}

impl MillDraw {
    /// Whether `card`'s effects are exactly that: no `when battling` effect, and two `when
    /// summoned` effects without a cost, "move 1 from the deck to the discard area" with no
    /// requirement, then "draw 1" if a matching card is among the cards moved.
    pub(super) fn of(fx: &Programs, card: u16) -> Option<MillDraw> {
        if fx.has(card, Trigger::Battles) {
            return None;
        }
        let mut summoned = fx
            .of(card)
            .iter()
            .filter(|e| e.trigger == Trigger::Summoned);
        let (mill, draw) = (summoned.next()?, summoned.next()?);
        let mills = mill.reads_nothing()
            && mill.cost().is_empty()
            && mill.steps()
                == [Op::Move {
                    count: Amt::Fixed(1),
                    from: DECK,
                    to: DISCARD,
                    filter: None,
                    search: false,
                }];
        let (zone, filter) = draw.requires_one_in()?;
        let draws =
            zone == MOVED && draw.cost().is_empty() && draw.steps() == [Op::Draw(Amt::Fixed(1))];
        (mills && draws && summoned.next().is_none()).then_some(MillDraw { filter })
    }
}

impl PrAcg {
    /// [`Self::play_out`]'s result for a [`MillDraw`] summon, without playing: `None` where
    /// this reading is not sure to be exact (a cost to pay, known cards on the deck, a deck of
    /// fewer than 3 cards, which the two moves could empty, a `while in play` effect in the
    /// training area, or a Zord in hand, drawn ones too, that acts): the caller plays it out.
    /// The summon leaves the hand; the sample's first draw is discarded and, when it matches,
    /// its second comes into the hand; nothing else changes, so the Extra summon step and the
    /// battle end at their printed values ([`Self::printed_extra`]).
    #[inline(never)]
    pub(super) fn mill_draw_play_out(
        &self,
        state: &State,
        plan: Plan,
        seed: u64,
    ) -> Option<(Value, u16)> {
        let summon = plan.summon;
        let mill = self.mill_draw[summon as usize]?;
        if self.f(summon).cost != 0
            || !self.held_fit
            || !state.top.is_empty()
            || !state.bottom.is_empty()
            || state.library.len() < 3
            || self.static_in_training(state)
        {
            return None;
        }
        let mut rng = Rng::from_seed(seed);
        let (milled, at) = state.library.peek(&mut rng, None)?;
        let mut extras = state.held.extras;
        let mut hand_len = state.hand_len - 1;
        if mill.filter.is_none_or(|f| self.fx.set(f).contains(milled)) {
            let (drawn, _) = state.library.peek(&mut rng, Some(at))?;
            extras |= self.bits[drawn as usize].extras;
            hand_len += 1;
        }
        if extras & self.acts_extras != 0 {
            return None;
        }
        let base = i64::from(self.f(summon).damage);
        let held = held::positions(extras).map(|i| self.extras_by_damage[i]);
        let (extra, value) = self.printed_extra(state, hand_len, held, base);
        Some((value, extra.unwrap_or(NONE)))
    }
}
