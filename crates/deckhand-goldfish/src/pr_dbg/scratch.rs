//! The look-aheads' copies of a game (see `crate::scratch`).

use std::cell::RefCell;

use super::State;
use crate::scratch::Pool;

thread_local! {
    /// This worker's spare copies for `look` (the Ability looks).
    pub(super) static COPIES: Pool<State> = const { RefCell::new(Vec::new()) };
}

use crate::scratch::copy_list;

// By hand rather than `crate::scratch::scratch_fields!`: most of the lists are empty at a
// look, and `clone_from` pays a copy call for each. The source is destructured without
// `..`, so a field added to the state fails to compile until it is handled here. Not
// copied: the fired counts (a look's copy becomes the game only through `moments::Ahead`,
// which copies them), the buffer `in_play` lends out (emptied before each use) and the
// look kept ahead (a look never keeps one), and what a look notes (each look starts it
// afresh).
impl crate::scratch::Scratch for State {
    fn copy_from(&mut self, source: &State) {
        let State {
            fired: _,
            in_play: _,
            ahead: _,
            trace: _,
            primed_plays,
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
        } = source;
        self.main_deck.clone_from(main_deck);
        copy_list(&mut self.main_discard, main_discard);
        self.grid = *grid;
        copy_list(&mut self.set_aside, set_aside);
        copy_list(&mut self.draw_pile, draw_pile);
        self.hand.clone_from(hand);
        copy_list(&mut self.played, played);
        copy_list(&mut self.discard, discard);
        copy_list(&mut self.attached, attached);
        self.used.clone_from(used);
        self.hp = *hp;
        self.goldfish_hp = *goldfish_hp;
        self.energy = *energy;
        self.flipped = *flipped;
        self.main_deck_out = *main_deck_out;
        self.shards = *shards;
        self.dealt = *dealt;
        self.made_shards = *made_shards;
        self.made_energy = *made_energy;
        self.played_cards = *played_cards;
        self.played_fx = *played_fx;
        self.standing_fx = *standing_fx;
        copy_list(&mut self.reactors, reactors);
        self.reactors_stale = *reactors_stale;
        self.admitted.clone_from(admitted);
        copy_list(&mut self.control, control);
        copy_list(&mut self.zord_bay, zord_bay);
        self.zord_used.clone_from(zord_used);
        copy_list(&mut self.destroyed, destroyed);
        self.battled = *battled;
        copy_list(&mut self.deck_top, deck_top);
        copy_list(&mut self.mods, mods);
        self.copying = *copying;
        self.turn = *turn;
        self.planning = *planning;
        self.spent = *spent;
        self.primed_plays = *primed_plays;
    }
}
