//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::{Pool, Scratch};

thread_local! {
    /// This worker's spare copies for the Leader Action looks (`best_ability`).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

impl Scratch for State {
    fn copy_from(&mut self, source: &State) {
        // Every field by name: a new field fails to compile here until it is copied.
        let State {
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
        } = source;
        self.library.clone_from(library);
        self.hand.clone_from(hand);
        self.hand_len.clone_from(hand_len);
        self.table.clone_from(table);
        self.named.clone_from(named);
        self.power.clone_from(power);
        self.deployed.clone_from(deployed);
        self.mulliganed.clone_from(mulliganed);
        self.stuck.clone_from(stuck);
        self.discard.clone_from(discard);
        self.leader_actions.clone_from(leader_actions);
        self.drama.clone_from(drama);
        self.missions_played.clone_from(missions_played);
        self.extra.clone_from(extra);
        self.one_slots.clone_from(one_slots);
    }
}
