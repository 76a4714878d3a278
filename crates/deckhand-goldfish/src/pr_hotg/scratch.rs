//! The look-aheads' copies of a battle (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for the Reaction looks (`reaction_plan`).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

// The fired counts: a Reaction look's copy never becomes the game, and its counts are never
// read.
crate::scratch::scratch_fields!(State {
    deck,
    hand,
    hand_len,
    discard,
    pool,
    stored,
    enemy_decks,
    top,
    top_len,
    bottom,
    bottom_len,
    next,
    enemies_first,
    hits,
    energy_spent,
    lost,
    defeated,
    attack,
    reveal,
    incoming,
    prevented,
    dealt,
    used,
    dice_mod,
    cost_mod,
    played,
    next_hits,
    next_filter,
    planning,
} not copied { fired });
