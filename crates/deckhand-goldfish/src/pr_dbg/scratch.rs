//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for `plan_value` (the Ability looks).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

// Not copied: the fired counts (a look's copy never becomes the game, and its counts are
// never read) and the buffer `in_play` lends out (emptied before each use).
crate::scratch::scratch_fields!(State {
    main_deck,
    main_discard,
    grid,
    set_aside,
    draw_pile,
    hand,
    played,
    discard,
    attached,
    used,
    hp,
    goldfish_hp,
    energy,
    flipped,
    main_deck_out,
    shards,
    dealt,
    made_shards,
    made_energy,
    played_cards,
    played_fx,
    standing_fx,
    reactors,
    reactors_stale,
    admitted,
    control,
    zord_bay,
    zord_used,
    destroyed,
    battled,
    deck_top,
    mods,
    copying,
    turn,
    planning,
    spent,
} not copied { fired, in_play });
