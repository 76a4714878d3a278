//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for [`super::PrAcg::play_out`] and the Extra summon looks.
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

crate::scratch::scratch_fields!(State {
    fired,
    library,
    top,
    bottom,
    hand,
    hand_len,
    held,
    discard,
    training,
    battle,
    damage_bonus,
    opponent_deck,
    opponent_hand,
    going_first,
    ended,
    removed,
    moved,
});
