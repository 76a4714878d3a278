//! The end of a turn played ahead, adopted. A look plays the rest of the turn as the
//! pilot would (docs/pilots.md#plan-value), on a copy of the game; from the state and stream
//! the game is in when the look starts, the game then plays the very same turn unless a
//! weighing picks something the look did not (a primer activated, an Ability that deals
//! nothing picked by a look: the looks weigh nothing). So the last such look of an
//! activation phase, the look without a new Ability that `next_activation` played, or the
//! look with the Ability it picked, is kept (`State::ahead`) until a pick replaces or drops
//! it, and at the turn's end its copy becomes the game instead of the buying, Battling and
//! turn's end effects being played again (`end_turn`).
//!
//! It holds when nothing is kept or asked (`Log::SILENT`: a person's pick, a log line or a
//! card drawn noted would differ), the look is the game's (not inside a look) and the goldfish still
//! stands after the look's buying and Battling (the look skips the turn's end effects once
//! it falls; the game fires them). The copy carries the game's fired counts (a look's copy
//! does not: they are the game's report), and its `planning` mark is taken off. Debug
//! builds play the end the full way on a clone and compare.

use super::carry::{Plan, Raw};
use super::*;

/// The rest of the turn through its end effects, played on a copy of the game by a look
/// the game has followed since.
#[derive(Clone)]
pub(in crate::pr_dbg) struct Ahead {
    state: Box<State>,
    rng: Rng,
    /// Cards bought (the turn's figure).
    bought: u32,
}

impl PrDbg {
    /// Whether a look from `state` may be kept to become the game: nothing is kept or
    /// asked ([`Log::SILENT`]: no log line, no card drawn noted, only the pilot picks) and
    /// `state` is the game's.
    #[inline(always)]
    pub(super) fn may_adopt<L: Log>(state: &State) -> bool {
        L::SILENT && !L::CHOOSES && !state.planning
    }

    /// The look from `state` with the Ability at `now` activated first, or without a new
    /// one (`None`), its copy kept when it may become the game (the goldfish stands after
    /// its buying and Battling), and what its play tells (`primer_look.rs`). `idle`: no
    /// damaging Ability is ready without a new one (`look_idle`'s premise), so with the hand
    /// empty the Abilities after it are skipped.
    pub(super) fn look_kept(
        &self,
        state: &State,
        rng: &Rng,
        now: Option<usize>,
        idle: bool,
    ) -> ((Plan, Raw), Option<Ahead>, super::Trace) {
        let mut copy = crate::scratch::take(&super::scratch::COPIES, state);
        copy.fired.clone_from(&state.fired);
        let mut r = rng.clone();
        // Without a new Ability, none damaging ready and the hand empty, the Abilities
        // after it activate nothing (`look_idle`).
        let activate = !idle || now.is_some() || !state.hand.is_empty();
        let (look, bought) = self.rest_of_turn(&mut copy, &mut r, now, activate);
        debug_assert_eq!(
            look,
            self.look(state, rng, now),
            "a kept look differs from a new one"
        );
        #[cfg(test)]
        if !activate {
            super::carry::IDLE_LOOKS.with(|n| n.set(n.get() + 1));
        }
        let trace = copy.trace;
        if copy.goldfish_hp <= 0 {
            crate::scratch::give_back(&super::scratch::COPIES, copy);
            return (look, None, trace);
        }
        copy.planning = false;
        let ahead = Ahead {
            state: copy,
            rng: r,
            bought,
        };
        (look, Some(ahead), trace)
    }

    /// The look's play on its copy `s` (see `PrDbg::look`): the rest of the turn
    /// through the turn's end effects. Returns the plan value, the HP it is made of and how
    /// many cards were bought.
    #[inline(always)]
    pub(super) fn rest_of_turn(
        &self,
        s: &mut State,
        r: &mut Rng,
        now: Option<usize>,
        activate: bool,
    ) -> ((Plan, Raw), u32) {
        let start = self.look_to_buy(s, r, now, activate);
        self.look_end(s, r, start)
    }

    /// [`Self::rest_of_turn`] up to the buying: the Ability at `now`, the hand and the
    /// Abilities. Returns the goldfish's HP and the Shards spent at the look's start.
    #[inline(always)]
    pub(super) fn look_to_buy(
        &self,
        s: &mut State,
        r: &mut Rng,
        now: Option<usize>,
        activate: bool,
    ) -> (i32, u32) {
        let log = &mut crate::log::NoLog;
        s.planning = true;
        s.trace = super::Trace::CLEAN;
        let start = (s.goldfish_hp, s.spent);
        if let Some(card) = now.and_then(|i| self.at_position(s, i)) {
            Self::mark_used(s, now.unwrap_or(0));
            self.activate_card(card, s, r, log);
        }
        if s.goldfish_hp > 0 && !s.hand.is_empty() {
            self.play_all_fx(s, r, log, None);
        }
        if s.goldfish_hp > 0 && activate {
            self.activate_all(s, r, log, None);
        }
        start
    }

    /// [`Self::rest_of_turn`] from the buying on (`start`: [`Self::look_to_buy`]'s).
    #[inline(always)]
    pub(super) fn look_end(
        &self,
        s: &mut State,
        r: &mut Rng,
        (goldfish, spent): (i32, u32),
    ) -> ((Plan, Raw), u32) {
        let log = &mut crate::log::NoLog;
        let mut bought = 0;
        if s.goldfish_hp > 0 {
            bought = self.buy_and_battle(s, r, log);
            self.fire_in_play(Trigger::TurnEnd, s, r, log);
        }
        // HP as the turn leaves it, after the adversaries' damage: a heal that the
        // end of the turn takes back to 0 changes nothing.
        let adversaries = match s.goldfish_hp > 0 {
            true => self.adversary_damage(s),
            false => 0,
        };
        let hp = match s.goldfish_hp > 0 {
            true => (s.hp - adversaries).max(0),
            false => s.hp,
        };
        let raw = Raw {
            hp: s.hp,
            adversaries,
        };
        s.trace.made_energy = s.made_energy;
        s.trace.primed_plays = s.primed_plays;
        let plan = (
            goldfish - s.goldfish_hp,
            s.spent - spent,
            hp.min(HP),
            s.energy,
        );
        ((plan, raw), bought)
    }

    /// Keeps `ahead` as the game's end played ahead (`None`: none is known), returning the
    /// one kept before to the pool.
    #[inline]
    pub(super) fn keep_ahead(state: &mut State, ahead: Option<Ahead>) {
        Self::give_back(std::mem::replace(&mut state.ahead, ahead));
    }

    /// Returns a kept look's copy to the pool.
    #[inline]
    pub(super) fn give_back(ahead: Option<Ahead>) {
        if let Some(ahead) = ahead {
            crate::scratch::give_back(&super::scratch::COPIES, ahead.state);
        }
    }

    /// Makes the look's copy the game (its state and stream); returns the cards it bought.
    pub(in crate::pr_dbg) fn adopt(&self, state: &mut State, rng: &mut Rng, ahead: Ahead) -> u32 {
        let Ahead {
            state: mut copy,
            rng: r,
            bought,
        } = ahead;
        #[cfg(debug_assertions)]
        self.check_adopted(state, rng, &copy, &r, bought);
        #[cfg(test)]
        super::carry::ADOPTED.with(|n| n.set(n.get() + 1));
        std::mem::swap(state, &mut *copy);
        *rng = r;
        crate::scratch::give_back(&super::scratch::COPIES, copy);
        bought
    }

    /// Debug builds: the end of the turn played the full way from the game's state ends
    /// where the adopted look did.
    #[cfg(debug_assertions)]
    #[cold]
    fn check_adopted(&self, state: &State, rng: &Rng, copy: &State, r: &Rng, bought: u32) {
        let mut game = state.clone();
        let mut stream = rng.clone();
        let log = &mut crate::log::NoLog;
        let played = self.buy_and_battle(&mut game, &mut stream, log);
        self.fire_in_play(Trigger::TurnEnd, &mut game, &mut stream, log);
        assert_eq!(played, bought, "an adopted look bought otherwise");
        assert_eq!(
            format!("{stream:?}"),
            format!("{r:?}"),
            "an adopted look drew otherwise"
        );
        assert_eq!(
            summary(&game),
            summary(copy),
            "an adopted look ends otherwise"
        );
    }
}

/// What a state's end of turn may change, to compare (debug builds).
#[cfg(debug_assertions)]
fn summary(s: &State) -> String {
    format!(
        "{:?}",
        (
            (
                s.main_deck.remaining(),
                &s.main_discard,
                s.grid,
                &s.set_aside,
                &s.draw_pile,
                s.hand.as_slice(),
                &s.played,
                &s.discard,
                &s.attached,
                &s.used,
            ),
            (
                s.hp,
                s.goldfish_hp,
                s.energy,
                s.flipped,
                s.main_deck_out,
                s.shards,
                s.dealt,
                s.made_shards,
                s.made_energy,
                s.played_cards,
                s.played_fx,
                s.standing_fx,
            ),
            (
                &s.control,
                &s.zord_bay,
                &s.zord_used,
                &s.destroyed,
                s.battled,
                &s.deck_top,
                s.mods.len(),
                s.copying,
                s.turn,
                s.planning,
                s.spent,
                s.fired.counts(),
            ),
        )
    )
}
