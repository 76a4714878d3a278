//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for the Leader Action looks (`best_ability`).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

// By hand rather than `crate::scratch::scratch_fields!`: the lists are copied with
// `copy_list` (most keep their length between copies: one copy call, no truncate and
// extend). The source is destructured without `..`, so a field added to the state fails to
// compile until it is handled here.
impl crate::scratch::Scratch for State {
    fn copy_from(&mut self, source: &State) {
        use crate::scratch::copy_list;
        let State {
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
            skip,
            discard,
            discard_hits,
            leader_actions,
            drama,
            missions_played,
            extra,
            one_slots,
            ability_slots,
            employ_slots,
            // Read only at the game's turn starts, never in a look.
            memo: _,
        } = source;
        self.fired.clone_from(fired);
        self.library.clone_from(library);
        copy_list(&mut self.hand, hand);
        self.hand_len = *hand_len;
        copy_list(&mut self.table, table);
        copy_list(&mut self.named, named);
        self.power = *power;
        self.deployed = *deployed;
        self.mulliganed = *mulliganed;
        self.stuck = *stuck;
        self.skip = *skip;
        copy_list(&mut self.discard, discard);
        self.discard_hits = *discard_hits;
        self.leader_actions = *leader_actions;
        self.drama = *drama;
        copy_list(&mut self.missions_played, missions_played);
        self.extra = *extra;
        copy_list(&mut self.one_slots, one_slots);
        self.ability_slots = *ability_slots;
        self.employ_slots = *employ_slots;
    }
}
