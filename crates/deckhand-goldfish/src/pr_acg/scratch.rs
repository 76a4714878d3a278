//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::{Pool, Scratch};

thread_local! {
    /// This worker's spare copies for [`super::PrAcg::play_out`] and the Extra summon looks.
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

impl Scratch for State {
    fn copy_from(&mut self, source: &State) {
        // Every field by name: a new field fails to compile here until it is copied.
        let State {
            library,
            top,
            bottom,
            hand,
            hand_len,
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
        } = source;
        self.library.clone_from(library);
        self.top.clone_from(top);
        self.bottom.clone_from(bottom);
        self.hand.clone_from(hand);
        self.hand_len.clone_from(hand_len);
        self.discard.clone_from(discard);
        self.training.clone_from(training);
        self.battle.clone_from(battle);
        self.damage_bonus.clone_from(damage_bonus);
        self.opponent_deck.clone_from(opponent_deck);
        self.opponent_hand.clone_from(opponent_hand);
        self.going_first.clone_from(going_first);
        self.ended.clone_from(ended);
        self.removed.clone_from(removed);
        self.moved.clone_from(moved);
    }
}
