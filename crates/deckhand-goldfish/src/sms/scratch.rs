//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for the Leader Action looks (`best_ability`).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

crate::scratch::scratch_fields!(State {
    fired,
    library,
    hand,
    hand_len,
    table,
    named,
    power,
    deployed,
    mulliganed,
    stuck,
    discard,
    leader_actions,
    drama,
    missions_played,
    extra,
    one_slots,
});
