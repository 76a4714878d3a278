//! A Leader Action look at a turn's start known to lose before it is played (without a
//! log, `look.rs`): an Event that only swaps cards of the hand (Commercial Break's
//! "discard up to 2 cards and draw that many", `cycle.rs`), when nothing it or the turn's
//! actions draw can go down.
//!
//! Why it holds: the swap discards only cards the pilot never plays (`Sms::swap_pick`) and
//! draws the next cards of the stream, and the Event leaves the hand; nothing goes on the
//! Table, so no Main card's place changes. When no Main card in hand can go down and none
//! of the cards drawn can, each action is a Fill (drawing the next cards of the stream,
//! known by drawing them on a copy of the deck) or an Upgrade (+1 at most) or a pass, as
//! the pilot picks them (`Sms::act`). The end of the turn then adds at most what any
//! Leader ability of a card on the Table, in hand, in the deck or back from the Discard
//! Pile adds (`Tail::most_anywhere`). When that falls short of the best look's Power, the
//! look would be cut once its actions are done (`Sms::finish_look`): it loses, and is not
//! played. Most of dojo-dawn-patrol's turn starts that weigh Commercial Break are such:
//! a full hand with nothing to put down.

use std::cell::RefCell;

use super::look::{Ability, Bar};
use super::{Sms, State, HAND_SIZE};
use crate::library::Library;
use crate::rng::Rng;

thread_local! {
    /// A copy of the deck the foreseen draws are made on (its buffer reused).
    static DECK: RefCell<Option<Library>> = const { RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    /// Looks foreseen to lose, for the tests.
    pub(super) static FORESEEN: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl Sms {
    /// Whether the look at `ability` from the turn's start `state` (its Actions still to
    /// come) would end short of `bar` (Power, then Main cards on the Table) once its
    /// actions are done, known without
    /// playing it (the module comment). False when it cannot be told so.
    pub(super) fn foreseen_loss(
        &self,
        ability: Ability,
        state: &State,
        rng: &Rng,
        bar: Bar,
    ) -> bool {
        let Ability::Hand(card) = ability else {
            return false;
        };
        let (Some(tail), true) = (&self.tail, self.f(card).event) else {
            return false;
        };
        if state.leader_actions == 0 {
            return false;
        }
        // The Event leaves the hand, then the swap's discards (none a Main card).
        let Some((discards, draws)) = self.swap_counts(card, state) else {
            return false;
        };
        // After the swap the hand is short of `fill` cards: the first action fills it when
        // it is short and the deck holds more; every other action is an Upgrade (+1) or a
        // pass. The end adds at most what the deck's best Leader ability adds
        // (`Tail::most_anywhere`, read only when `most_of_any` is not short enough).
        let deck = state.library.len() as u32;
        let swapped = state.hand_len - 1 - discards + draws.min(deck);
        let fill = HAND_SIZE
            .saturating_sub(swapped)
            .min(deck - draws.min(deck));
        let upgrades = self.actions - u32::from(fill > 0).min(self.actions);
        // Nothing goes down: the Main cards on the Table stay as they are.
        let most = self.table_power(state) + upgrades;
        let reach = |end: u32| (most + end, state.deployed) >= bar;
        if reach(tail.most_of_any()) && reach(tail.most_anywhere(self, state)) {
            return false;
        }
        let placeable = |c: u16| self.placement(state, c).is_some();
        // The first `skip` of `mains` are not in hand or cannot go down (`State::skip`).
        if self.mains[state.skip as usize..]
            .iter()
            .any(|&c| state.hand[c as usize] > 0 && placeable(c))
        {
            return false;
        }
        // None of the cards drawn (the swap's, then the Fill's) can go down.
        let drawn = draws.min(deck) + fill;
        let mains = self.mains.len() as u16;
        let nothing_to_put = DECK.with(|copy| {
            let mut copy = copy.borrow_mut();
            let copy = match copy.as_mut() {
                Some(d) => {
                    d.clone_from(&state.library);
                    d
                }
                None => copy.insert(state.library.clone()),
            };
            let mut rng = rng.clone();
            (0..drawn).all(|_| {
                copy.draw(&mut rng)
                    .is_none_or(|c| self.take_rank[c as usize] >= mains || !placeable(c))
            })
        });
        nothing_to_put && self.foreseen(ability, state, rng, bar)
    }

    /// A look foreseen to lose: checked against the look (debug builds), counted (tests).
    fn foreseen(&self, ability: Ability, state: &State, rng: &Rng, bar: Bar) -> bool {
        #[cfg(debug_assertions)]
        {
            let look = self.look(ability, state, rng, true, Some(bar));
            assert!(
                look.is_none(),
                "a look foreseen to lose is cut once its actions are done"
            );
        }
        #[cfg(not(debug_assertions))]
        let _ = (ability, rng, bar);
        #[cfg(not(debug_assertions))]
        let _ = state;
        #[cfg(test)]
        FORESEEN.with(|n| n.set(n.get() + 1));
        true
    }
}
