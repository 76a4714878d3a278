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
    /// this reading is not sure to be exact (a cost to pay, a game over, known cards on the deck, a deck of
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
            || state.ended.is_some()
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

impl PrAcg {
    /// A [`MillDraw`] summon's `when summoned` effects resolved where no one looks (a
    /// [`crate::log::NoLog`] game or look): what the interpreter does, card for card and
    /// count for count, without reading the compiled steps. The top card goes to the discard
    /// area (the `moved` zone), which loses the game if it empties the deck; when it matches,
    /// one card is drawn, which loses it too if that empties the deck.
    pub(super) fn mill_draw_summoned(
        &self,
        state: &mut State,
        rng: &mut Rng,
        summon: u16,
        mill: MillDraw,
    ) {
        #[cfg(debug_assertions)]
        let interpreted = {
            let (mut state, mut rng) = (state.clone(), rng.clone());
            self.fire(
                summon,
                Trigger::Summoned,
                Some(0),
                &mut state,
                &mut rng,
                &mut crate::log::NoLog,
            );
            (state, rng)
        };
        self.mill_then_draw(state, rng, summon, mill);
        #[cfg(debug_assertions)]
        {
            let (ours, theirs) = (
                self.resolved(state, rng),
                self.resolved(&interpreted.0, &interpreted.1),
            );
            debug_assert_eq!(
                ours, theirs,
                "a mill-then-draw summon resolved unlike its effects"
            );
        }
    }

    #[inline]
    fn mill_then_draw(&self, state: &mut State, rng: &mut Rng, summon: u16, mill: MillDraw) {
        if state.ended.is_some() {
            return;
        }
        state.moved.clear();
        let Some(milled) = state.draw_one(rng) else {
            return;
        };
        state.discard.push(milled);
        state.moved.push(milled);
        state.fired.tick(summon, Trigger::Summoned);
        if state.deck_len() == 0 {
            state.ended = Some(Outcome::DeckOut);
            return;
        }
        if mill
            .filter
            .is_some_and(|f| !self.fx.set(f).contains(milled))
        {
            return;
        }
        let Some(drawn) = state.draw_one(rng) else {
            return;
        };
        self.add_to_hand(state, drawn);
        state.fired.tick(summon, Trigger::Summoned);
        if state.deck_len() == 0 {
            state.ended = Some(Outcome::DeckOut);
        }
    }

    /// What a resolution leaves that a debug build compares: every zone the effects touch,
    /// the counts, and the random stream's next number.
    #[cfg(debug_assertions)]
    #[allow(clippy::type_complexity)]
    fn resolved(
        &self,
        state: &State,
        rng: &Rng,
    ) -> (
        Vec<u16>,
        Held,
        Vec<u16>,
        Vec<u16>,
        Vec<u16>,
        Option<Outcome>,
        Vec<u32>,
        u64,
    ) {
        (
            state.hand.clone(),
            state.held,
            state.discard.clone(),
            state.moved.clone(),
            state.deck_cards().collect(),
            state.ended,
            state.fired.counts().to_vec(),
            rng.clone().next_u64(),
        )
    }
}
