//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::{Pool, Scratch};

thread_local! {
    /// This worker's spare copies for `plan_value` (the Ability looks).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

impl Scratch for State {
    fn copy_from(&mut self, source: &State) {
        // Every field by name: a new field fails to compile here until it is copied.
        let State {
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
            in_play,
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
        } = source;
        self.main_deck.clone_from(main_deck);
        self.main_discard.clone_from(main_discard);
        self.grid.clone_from(grid);
        self.set_aside.clone_from(set_aside);
        self.draw_pile.clone_from(draw_pile);
        self.hand.clone_from(hand);
        self.played.clone_from(played);
        self.discard.clone_from(discard);
        self.attached.clone_from(attached);
        self.used.clone_from(used);
        self.hp.clone_from(hp);
        self.goldfish_hp.clone_from(goldfish_hp);
        self.energy.clone_from(energy);
        self.flipped.clone_from(flipped);
        self.main_deck_out.clone_from(main_deck_out);
        self.shards.clone_from(shards);
        self.dealt.clone_from(dealt);
        self.made_shards.clone_from(made_shards);
        self.made_energy.clone_from(made_energy);
        self.played_cards.clone_from(played_cards);
        self.in_play.clone_from(in_play);
        self.played_fx.clone_from(played_fx);
        self.standing_fx.clone_from(standing_fx);
        self.reactors.clone_from(reactors);
        self.reactors_stale.clone_from(reactors_stale);
        self.admitted.clone_from(admitted);
        self.control.clone_from(control);
        self.zord_bay.clone_from(zord_bay);
        self.zord_used.clone_from(zord_used);
        self.destroyed.clone_from(destroyed);
        self.battled.clone_from(battled);
        self.deck_top.clone_from(deck_top);
        self.mods.clone_from(mods);
        self.copying.clone_from(copying);
        self.turn.clone_from(turn);
        self.planning.clone_from(planning);
        self.spent.clone_from(spent);
    }
}
