//! The look-aheads' copies of a game (see `crate::scratch`). A look's copy never becomes
//! the game (`play_out` and `extra_value` only read a value off it), so the fired counts,
//! which only the game's report reads, are not copied.

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for [`super::PrAcg::play_out`] and the Extra summon looks.
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

crate::scratch::scratch_fields!(State {
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
} not copied { fired });
