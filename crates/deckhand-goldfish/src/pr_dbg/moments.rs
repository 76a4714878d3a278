//! PR Deck-Building's moments with every effect on (`--effects all`, the default): mapped
//! onto the shared triggers (`tests/fixtures/effects/pr-dbg.md`), and the turn that plays
//! cards one at a time so their effects can happen, on the effect board (`board.rs`).
//!
//! Moments: at the start of the turn (after The Grid is refilled) `turn_start` effects of
//! the cards in play; each card played from the hand fires `plays_card` for the cards in
//! play (before it joins the played cards, so "the first time each turn" is "if no …
//! in played"), then its own `played` effects; attaching fires `attaches_card`; the pilot
//! activates its attached cards, the Zord Bay and, from the flip, the Character
//! (`activated`: the card's stated Ability replaces the stat Attack, never both); buying
//! fires `buys_card`, then the bought card's `summoned` (Locations go to `control` and stay
//! there: Ongoing; Signature Items attach; Zords go to the Zord Bay); Battling fires the
//! adversary's `battles` reward, then `wins_battle` for every card you control; destroying
//! fires `destroys_card`; `turn_end` effects happen before the adversary damage. "In play"
//! is the Character's starting side (until it flips: its non-activated effects and its
//! `static` discounts), the attached cards, the Zord Bay, the Ongoing cards and the cards
//! played this turn.
//!
//! Decided here, where docs/pilots.md#pr-deck-building and the audit notes leave a choice:
//! - Activation order: of the set of damaging Abilities with the most damage that the
//!   Energy covers together (all of them when it covers all), most damage first, as the
//!   stated Ability would deal it now (its
//!   damage steps, counted on the board: Nadia's 1 per Hero you control, Mentor Imara
//!   Vance's Locations; an Ability that deals none counts 0, whatever its `damage` stat),
//!   ties in slot order, the Character after its slots, the Zord Bay last; each once a turn
//!   unless readied; one whose `ability_cost` the Energy does not cover is skipped, and so
//!   is one that deals nothing and whose steps would change nothing as the board stands
//!   (Wren with no Equipment exhausted, Grapple Line with nothing to gain). Cards
//!   drawn by an effect during the Main Phase are played (or attached) at once, like the
//!   hand.
//! - The turn's figures (Shards, Energy, the flip) count the whole turn: what cards and
//!   effects make after the hand is played (an Ability's draw, a Battle reward) too.
//! - Destroying takes only Stuns and Starters (the least useful: Stuns, then Starters with
//!   the fewest Shards + Energy, then by name); with none, nothing is destroyed: the pilot
//!   never destroys a card it bought. A choice takes its first option whose moves and costs
//!   can be done in full that way, else its last.
//! - Cards taken from The Grid or the main deck discard pile ("gain a card…") are the ones
//!   the buying rule ranks first; cards sent away from The Grid are adversaries first (the
//!   highest `battle_cost`), else the card the buying rule ranks last; a free Battle
//!   (`move … to battled`) takes the adversary with the highest `battle_cost`, leftmost.
//! - A card put back on your deck is the least useful card in hand; "look at the top card"
//!   reveals it, and a card not moved stays on top, known, until drawn.
//! - An optional effect with a cost (Grid Sidearm's Ability) is never used: it changes no
//!   damage, buy or Battle this turn.
//! - An Ability that only changes a stat for the turn (Coach Harriet Dunmore's extra Shard
//!   per Hero played) is weighed before each card of the hand and after it: used at the
//!   first moment when the rest of the turn, played ahead on a copy, ends with more damage,
//!   more Shards' worth bought and Battled, or more HP than without it; else not at all.

use crate::choice::ChoiceKind;
use deckhand_core::{Duration, GoldfishNote};

use super::*;
use crate::effects::{Board, CardSet, Id, Op, Plays, Programs, Reading, Tgt};
use deckhand_core::StepKind;

#[path = "abilities.rs"]
mod abilities;
#[path = "activation.rs"]
mod activation;
#[path = "ahead.rs"]
mod ahead;
#[path = "board.rs"]
mod board;
use board::*;
// The zone id, over `super::HAND` (the hand's size).
use board::HAND;
pub(super) use board::{PLAYED, PLAYS};
#[path = "carry.rs"]
mod carry;
#[path = "look.rs"]
mod look;
#[path = "prices.rs"]
mod prices;
#[path = "prime.rs"]
mod prime;
#[path = "primer_look.rs"]
mod primer_look;
#[path = "rewards.rs"]
mod rewards;
pub(super) use abilities::Ability;
#[cfg(test)]
pub(super) use abilities::{unpack_set, ENERGIES};
#[cfg(test)]
pub(super) use activation::best_set;
pub(super) use activation::ActCard;
pub(super) use ahead::Ahead;
use carry::Carried;
pub(super) use carry::Commute;
#[cfg(test)]
pub(super) use carry::{
    ADOPTED, ENERGY_KNOWN, HEALS_KNOWN, HEAL_PICKS, IDLE_LOOKS, NOTHING_READY, PRIMER_LOOKS_CUT,
    PRIMER_LOOKS_KNOWN, PRIMES_KNOWN, REWARDS, SETS_CARRIED, WITH_REUSED,
};
pub(super) use primer_look::Trace;
pub(super) use rewards::{rewards, Reward};

/// Per deck card, the event triggers some effect reacts to with that card as the other
/// card (`PrDbg::reacts`).
pub(super) fn reactions(fx: &Programs, cards: usize) -> Vec<u32> {
    let mut reacts = vec![0u32; cards];
    for owner in 0..cards as u16 {
        for effect in fx.of(owner) {
            if !effect.trigger.on_another_card() {
                continue;
            }
            let bit = fx.mask(owner) & (1 << effect.trigger as u32);
            for (c, r) in reacts.iter_mut().enumerate() {
                if effect
                    .event_filter()
                    .is_none_or(|f| fx.set(f).contains(c as u16))
                {
                    *r |= bit;
                }
            }
        }
    }
    reacts
}

/// A stat change in force: a cost discount or extra Shards for matching cards. Plain data
/// (the filter by its index), so a look's copy of the state copies the list in one move.
#[derive(Debug, Clone, Copy)]
pub struct Mod {
    stat: Id,
    by: i64,
    scope: Scope,
    /// Ends with the turn (else while its card is in play).
    turn: bool,
    /// The Character's starting side's: ends when it flips.
    character: bool,
}

/// The cards a [`Mod`] changes.
#[derive(Debug, Clone, Copy)]
enum Scope {
    All,
    /// Its own card.
    Card(u16),
    /// A compiled filter's cards (`Programs::set`).
    Filter(u16),
}

impl PrDbg {
    /// One turn with every effect on, after The Grid is refilled.
    pub(super) fn turn_all<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Figures,
    ) -> Option<Outcome> {
        let t = turn as usize;
        state.turn = turn;
        // A look kept by the last turn (the goldfish fell before its end) is not this one's.
        Self::give_back(state.ahead.take());
        state.mods.retain(|m| !m.turn);
        state.shards = 0;
        state.zord_used.clear();
        state.made_shards = 0;
        state.made_energy = 0;
        state.spent = 0;
        state.primed_plays = 0;
        let end = self.main_phase(state, rng, turn, log, figures);
        // Counted once the turn is over: an Ability's Shards, the cards it draws (one may
        // fill the last slot) and Battle rewards all come after the cards in hand.
        figures.shards[t] += u64::from(state.made_shards);
        figures.energy[t] += u64::from(state.made_energy);
        if state.flipped == turn {
            figures.flips[t] += 1;
        }
        end
    }

    fn main_phase<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Figures,
    ) -> Option<Outcome> {
        self.fire_in_play(Trigger::TurnStart, state, rng, log);
        let carried = self.play_all_fx(state, rng, log, None);
        if let Some(end) = self.won(state, log) {
            return Some(end);
        }
        if let Some(end) = self.activate_all(state, rng, log, carried) {
            return Some(end);
        }
        self.end_turn(state, rng, turn, log, figures)
    }

    fn won<L: Log>(&self, state: &State, log: &mut L) -> Option<Outcome> {
        (state.goldfish_hp <= 0).then(|| {
            log.decide(Action::End, || "The goldfish has 0 HP: you win".to_owned());
            Outcome::Win
        })
    }

    /// Plays or attaches every card in hand, one at a time (cards drawn meanwhile too).
    /// `carried`: a look without a new Ability from here, if one is known (`carry.rs`).
    /// Returns the looks of the last weighing of the primers when they hold after the last
    /// card, for the next weighing of `activate_all`.
    fn play_all_fx<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        mut carried: Option<Carried>,
    ) -> Option<Carried> {
        // Whether a slot may be empty: most turns come after the flip, and a card with an
        // Ability then skips the look for a slot. Slots only fill, so an effect that fills
        // one meanwhile leaves this true at worst, which costs a look, never a wrong play.
        let mut open = any_empty(&state.attached);
        // The least Energy an unused primer in play asks: the weighing below is asked only
        // at or above it. Read when first needed (at or above the cheapest primer's Energy,
        // which no floor is under: most turns' hands start below it and many end there),
        // and forgotten after anything that may change the primers in play or their use
        // (an attach, an effect, a primer activated).
        let mut floor: Option<u32> = None;
        if state.hand.len() == 5 && open {
            self.sort_five(state.hand.as_mut_slice());
        } else if state.hand.len() > 1 && open {
            // A stable insertion sort: a hand is a handful of cards.
            let hand = state.hand.as_mut_slice();
            for i in 1..hand.len() {
                let card = hand[i];
                let rank = self.attach_rank[card as usize];
                let mut j = i;
                while j > 0 && self.attach_rank[hand[j - 1] as usize] > rank {
                    hand[j] = hand[j - 1];
                    j -= 1;
                }
                hand[j] = card;
            }
        }
        // The looks from before the last card (see `carry.rs`).
        loop {
            // `self` read through a barrier each card: the tables only some cards' paths
            // read were otherwise all loaded and spilled at every call.
            let p: &PrDbg = std::hint::black_box(self);
            // A look with a primer from before the last card holds only when the Energy
            // never reached the cap while that card was played (`carry.rs`).
            if state.energy >= MAX_ENERGY {
                if let Some(c) = &mut carried {
                    c.forget_with();
                }
            }
            debug_assert!(
                floor.is_none_or(|f| f == p.primer_floor(state)),
                "a stale primer floor"
            );
            // Before each card: a paid effect worth something only before the cards it
            // changes (Coach Harriet Dunmore), if the rest of the turn ends better with it.
            // With no look carried and no primer the Energy covers, the weighing ends at once
            // (`prime`) and `steady` could only clear the `None`: neither is asked.
            if p.any_primer
                && !state.planning
                && !state.hand.is_empty()
                && (carried.is_some()
                    || (state.energy >= p.cheapest_primer
                        && state.energy >= *floor.get_or_insert_with(|| p.primer_floor(state))))
            {
                // A look from here plays the hand as this loop does: only the pilot picks
                // (a person may play a card otherwise), the look's fresh `open` is this
                // loop's and its sort leaves the hand as it is, and the goldfish stands
                // (a look after its fall plays nothing). Then a look carried from the last
                // card ends as a new one would.
                let steady =
                    !L::CHOOSES
                        && state.goldfish_hp > 0
                        && open == any_empty(&state.attached)
                        && (!open
                            || state.hand.as_slice().windows(2).all(|w| {
                                p.attach_rank[w[0] as usize] <= p.attach_rank[w[1] as usize]
                            }));
                if !steady {
                    carried = None;
                }
                if p.prime(state, rng, log, true, &mut carried, steady) {
                    carried = None;
                    floor = None;
                }
            }
            let Some(card) = state.hand.pop_front() else {
                // The looks from before the last card end as new ones from here would (see
                // `steady` above: the look plays no hand from here).
                if L::CHOOSES || state.goldfish_hp <= 0 {
                    carried = None;
                }
                return carried;
            };
            let f = p.f(card);
            let slot = match f.ability_cost {
                Some(_) if open => {
                    let slot = p.empty_slot(state, card);
                    p.attach_or_play_pick(card, slot, state, rng, log)
                }
                _ => None,
            };
            if let Some(s) = slot {
                p.attach(card, s, state, rng, log);
                open = any_empty(&state.attached);
                floor = None;
                continue;
            }
            // A primer's stat change reaches this card: its looks played it otherwise, and
            // a look with a primer would play it otherwise (`primer_look.rs`).
            if f.primed {
                if let Some(c) = &mut carried {
                    c.forget_with();
                }
                state.primed_plays += 1;
            }
            if Programs::mask_has(p.reacts[usize::from(card)], Trigger::PlaysCard) {
                p.fire_event_all(Trigger::PlaysCard, card, state, rng, log);
                if !p.keeps_primers {
                    floor = None;
                }
            }
            let shards = u32::from(f.shards) + p.extra_shards(state, card);
            state.shards += shards;
            state.made_shards += shards;
            let before = state.energy;
            state.energy = (state.energy + u32::from(f.energy)).min(MAX_ENERGY);
            state.made_energy += state.energy - before;
            state.played.push(card);
            p.mark_played(state, card);
            state.played_fx |= p.fx.mask(card);
            let (total, energy) = (state.shards, state.energy);
            log.decide(Action::Play, || {
                format!(
                    "Play {}: {shards_shards} ({total} this turn), {} Energy (now {energy})",
                    p.name(card),
                    state.energy - before,
                    shards_shards = deckhand_core::plural::count(shards as i64, "Shard", "Shards")
                )
            });
            if p.fx.has(card, Trigger::Played) {
                p.fire_card(card, Trigger::Played, state, rng, log);
                if !p.keeps_primers {
                    floor = None;
                }
            }
        }
    }

    /// Sorts a hand of five (the usual hand) by `attach_rank`, keeping the order of equals,
    /// through a sorting network: nine compare-and-swaps that are conditional moves, where
    /// an insertion sort took a mispredicted branch per card out of place.
    pub(super) fn sort_five(&self, hand: &mut [u16]) {
        const NETWORK: [(usize, usize); 9] = [
            (0, 1),
            (3, 4),
            (2, 4),
            (2, 3),
            (0, 3),
            (0, 2),
            (1, 4),
            (1, 3),
            (1, 2),
        ];
        let cards: [u16; 5] = std::array::from_fn(|i| hand[i]);
        // The rank above the position: distinct keys, so the network sorts stably.
        let mut keys: [u32; 5] =
            std::array::from_fn(|i| (self.attach_rank[cards[i] as usize] << 8) | i as u32);
        for (a, b) in NETWORK {
            let (x, y) = (keys[a], keys[b]);
            keys[a] = x.min(y);
            keys[b] = x.max(y);
        }
        for (slot, key) in hand.iter_mut().zip(keys) {
            *slot = cards[(key & 0xff) as usize];
        }
    }

    /// The first empty slot `card` fits (a Signature Item fits any).
    pub(super) fn empty_slot(&self, state: &State, card: u16) -> Option<usize> {
        let colour = self.f(card).colour;
        (0..state.attached.len()).find(|&s| {
            state.attached[s] == NONE && (colour == ANY_COLOUR || self.slots[s] == colour)
        })
    }

    /// Attaches `card` to slot `s`; the fourth slot filled flips the character.
    fn attach<L: Log>(&self, card: u16, s: usize, state: &mut State, rng: &mut Rng, log: &mut L) {
        state.attached[s] = card;
        state.standing_fx |= self.fx.mask(card);
        state.reactors_stale |= self.fx.reacts_to_events(card);
        self.fire_event_all(Trigger::AttachesCard, card, state, rng, log);
        if state.flipped == 0 && state.attached.iter().all(|&c| c != NONE) {
            state.flipped = state.turn.max(1);
            // The Character's starting side leaves play.
            self.reread_in_play(state);
            state.mods.retain(|m| !m.character);
            log.decide(Action::Attach, || {
                format!(
                    "All {} slots are filled: {} flips",
                    self.slots.len(),
                    self.name(self.character)
                )
            });
        }
    }

    /// `card` just entered your discard pile, bought or gained: `buys_card` for the cards
    /// in play (when bought), then its own `summoned` effects.
    pub(super) fn gained<L: Log>(
        &self,
        card: u16,
        bought: bool,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if bought {
            self.fire_event_all(Trigger::BuysCard, card, state, rng, log);
        }
        self.fire_card(card, Trigger::Summoned, state, rng, log);
    }

    /// Battles `card` (already paid for, out of The Grid): its reward, your cards'
    /// reactions, then the main deck discard pile.
    pub(super) fn battled<L: Log>(&self, card: u16, state: &mut State, rng: &mut Rng, log: &mut L) {
        state.battled = card;
        self.fire_card(card, Trigger::Battles, state, rng, log);
        self.fire_in_play(Trigger::WinsBattle, state, rng, log);
        state.battled = NONE;
        state.main_discard.push(card);
    }

    /// Runs `card`'s effects for `trigger`.
    pub(super) fn fire_card<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if self.fx.has(card, trigger) {
            let mut board = PrBoard {
                p: self,
                state,
                rng,
                log,
                card,
            };
            self.fx.fire(card, trigger, &mut board);
        }
    }

    /// The cards in play that have an effect for `trigger`, in order: the Character's
    /// starting side, the attached cards, the Zord Bay, the Ongoing cards, the cards played
    /// this turn. A snapshot (what an effect moves meanwhile still fires), written into a
    /// buffer the state lends out, so no moment allocates.
    fn in_play(&self, trigger: Trigger, state: &mut State) -> Vec<u16> {
        let mut cards = std::mem::take(&mut state.in_play);
        cards.clear();
        if !self.in_play_has(trigger, state) {
            return cards;
        }
        // Plain loops: a chain of filtered iterators cost more than the moment's effects.
        if state.flipped == 0 && self.character != NONE && self.fx.has(self.character, trigger) {
            cards.push(self.character);
        }
        for zone in [&state.attached, &state.zord_bay, &state.control] {
            for &c in zone {
                if c != NONE && self.fx.has(c, trigger) {
                    cards.push(c);
                }
            }
        }
        if Programs::mask_has(state.played_fx, trigger) {
            for &c in &state.played {
                if self.fx.has(c, trigger) {
                    cards.push(c);
                }
            }
        }
        cards
    }

    /// The cards in play with an effect that reacts to `trigger` on `other`'s event, in the
    /// order of [`Self::in_play`]: a card whose filters never admit `other` is left out at
    /// once (its effects would do nothing), so a moment walks only the cards that act.
    fn in_play_reacting(&self, trigger: Trigger, other: u16, state: &mut State) -> Vec<u16> {
        if state.reactors_stale {
            self.reread_reactors(state);
        }
        debug_assert_eq!(
            state.reactors,
            {
                let mut fresh = Vec::new();
                self.standing_reactors(state, &mut fresh);
                fresh
            },
            "stale reactors"
        );
        let mut cards = std::mem::take(&mut state.in_play);
        cards.clear();
        let reacts = |c: u16| self.fx.reacts(c, trigger, other);
        for &c in &state.reactors {
            if reacts(c) {
                cards.push(c);
            }
        }
        if Programs::mask_has(state.played_fx, trigger) {
            for &c in &state.played {
                if reacts(c) {
                    cards.push(c);
                }
            }
        }
        cards
    }

    /// The standing cards in play (the Character's starting side, the attached cards, the
    /// Zord Bay, the Ongoing cards) that react to some other card's event, in that order.
    /// Those zones change a few times a game, so the list is kept (`State::reactors`) and
    /// read again only when one of them changed.
    fn standing_reactors(&self, state: &State, reactors: &mut Vec<u16>) {
        reactors.clear();
        if state.flipped == 0 && self.fx.reacts_to_events(self.character) {
            reactors.push(self.character);
        }
        for zone in [&state.attached, &state.zord_bay, &state.control] {
            for &c in zone {
                if self.fx.reacts_to_events(c) {
                    reactors.push(c);
                }
            }
        }
    }

    /// Reads the in-play trigger masks afresh: at set-up, at the flip, when a played card
    /// leaves, and after a test sets the zones by hand.
    pub(super) fn reread_in_play(&self, state: &mut State) {
        (state.standing_fx, state.played_fx) = self.in_play_masks(state);
        state.reactors_stale = true;
        self.reread_played(state);
    }

    /// Adds `card` to the played cards' bits (`PrDbg::tracks_played`).
    #[inline]
    fn mark_played(&self, state: &mut State, card: u16) {
        if self.tracks_played {
            let card = usize::from(card);
            state.played_cards[(card / 64) % PLAYED_WORDS] |= 1 << (card % 64);
        }
    }

    /// Reads the played cards' trigger mask and bits afresh after one left.
    fn reread_played(&self, state: &mut State) {
        state.played_fx = state.played.iter().fold(0, |m, &c| m | self.fx.mask(c));
        state.played_cards = [0; PLAYED_WORDS];
        for i in 0..state.played.len() {
            self.mark_played(state, state.played[i]);
        }
    }

    /// (standing, played) trigger masks of the cards in play now.
    fn in_play_masks(&self, state: &State) -> (u32, u32) {
        let character = if state.flipped == 0 {
            self.fx.mask(self.character)
        } else {
            0
        };
        let mask = |cards: &[u16]| cards.iter().fold(0, |m, &c| m | self.fx.mask(c));
        (
            character | mask(&state.attached) | mask(&state.zord_bay) | mask(&state.control),
            mask(&state.played),
        )
    }

    /// Whether some card in play may have an effect for `trigger`: the masks may hold more
    /// than is in play (a superset only costs a walk), never less.
    #[inline(always)]
    fn in_play_has(&self, trigger: Trigger, state: &State) -> bool {
        debug_assert_eq!(
            {
                let (standing, played) = self.in_play_masks(state);
                (standing | played) & !(state.standing_fx | state.played_fx)
            },
            0,
            "stale in-play trigger masks"
        );
        Programs::mask_has(state.standing_fx | state.played_fx, trigger)
    }

    /// Fires `trigger` for every card in play. The tests that usually end it are inlined
    /// into every moment; the walk is not.
    #[inline(always)]
    pub(super) fn fire_in_play<L: Log>(
        &self,
        trigger: Trigger,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if self.fx.any(trigger) && self.in_play_has(trigger, state) {
            self.fire_in_play_walk(trigger, state, rng, log);
        }
    }

    #[inline(never)]
    fn fire_in_play_walk<L: Log>(
        &self,
        trigger: Trigger,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let cards = self.in_play(trigger, state);
        for &card in &cards {
            self.fire_card(card, trigger, state, rng, log);
        }
        state.in_play = cards;
    }

    /// Fires a trigger on `other`'s event for every card in play. Most cards played wake
    /// nothing: that test is inlined into the caller, the walk is not.
    #[inline(always)]
    fn fire_event_all<L: Log>(
        &self,
        trigger: Trigger,
        other: u16,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if Programs::mask_has(self.reacts[other as usize], trigger)
            && self.may_react(trigger, other, state)
        {
            self.fire_event_walk(trigger, other, state, rng, log);
        }
    }

    /// Whether a card in play may react to `trigger` on `other`'s event: a standing card
    /// whose filters admit `other` (`State::admitted`), or a played card with the trigger.
    #[inline(always)]
    fn may_react(&self, trigger: Trigger, other: u16, state: &mut State) -> bool {
        if state.reactors_stale {
            self.reread_reactors(state);
        }
        let standing =
            fx::event_slot(trigger).is_some_and(|slot| state.admitted[slot].contains(other));
        standing || Programs::mask_has(state.played_fx, trigger)
    }

    /// Reads the standing reactors afresh (`State::reactors`, `State::admitted`) after a
    /// standing zone changed.
    #[inline(never)]
    fn reread_reactors(&self, state: &mut State) {
        state.reactors_stale = false;
        let mut reactors = std::mem::take(&mut state.reactors);
        self.standing_reactors(state, &mut reactors);
        for (admitted, trigger) in state.admitted.iter_mut().zip(fx::EVENT_TRIGGERS) {
            if !self.fx.any(trigger) {
                // Nothing in the deck reacts to it: the set stays empty.
                continue;
            }
            admitted.clear();
            for &c in &reactors {
                if let Some(admits) = self.fx.admits(c, trigger) {
                    admitted.union_with(admits);
                }
            }
        }
        state.reactors = reactors;
    }

    #[inline(never)]
    fn fire_event_walk<L: Log>(
        &self,
        trigger: Trigger,
        other: u16,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if let ([card], false) = (
            &state.reactors[..],
            Programs::mask_has(state.played_fx, trigger),
        ) {
            // One card in play can react: no list to keep while it does.
            debug_assert!(!state.reactors_stale);
            self.react(*card, trigger, other, state, rng, log);
            return;
        }
        let cards = self.in_play_reacting(trigger, other, state);
        for &card in &cards {
            self.react(card, trigger, other, state, rng, log);
        }
        state.in_play = cards;
    }

    /// Runs `card`'s effects for `trigger` on `other`'s event.
    fn react<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        other: u16,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        let mut board = PrBoard {
            p: self,
            state,
            rng,
            log,
            card,
        };
        // Riverside Arcade's kind: read from the played cards' bits (`rewards.rs`).
        if trigger == Trigger::PlaysCard && self.rewarded[usize::from(card)] {
            self.react_rewards(&mut board, other);
            return;
        }
        self.fx.fire_event(card, trigger, other, &mut board);
    }

    /// Least useful first: Stuns and Starters, fewest Shards + Energy, then by name.
    fn useless_rank(&self, card: u16) -> (bool, u8, u16) {
        let f = self.f(card);
        (
            !self.fodder[card as usize],
            f.shards + f.energy,
            self.deck.name_rank[card as usize],
        )
    }
}

/// Whether no effect but an Ability's (`activated`) attaches a card, puts one in the Zord
/// Bay, readies or copies: then only an attach or an Ability changes the unused primers in
/// play (`PrDbg::keeps_primers`).
pub(super) fn keeps_primers(fx: &Programs, cards: usize) -> bool {
    fn keeps(op: &Op) -> bool {
        match op {
            Op::Move { to, .. } => *to != ATTACHED && *to != ZORD_BAY,
            Op::Ready(..) | Op::Copy(_) => false,
            Op::Choose(options, _) => options.iter().flatten().all(keeps),
            _ => true,
        }
    }
    (0..cards as u16).all(|card| {
        fx.of(card)
            .iter()
            .all(|e| e.trigger == Trigger::Activated || e.steps().iter().chain(e.cost()).all(keeps))
    })
}

/// Whether a slot is empty, reading every slot: no early exit to mispredict.
#[inline]
fn any_empty(attached: &[u16]) -> bool {
    attached.iter().fold(false, |any, &c| any | (c == NONE))
}

#[cfg(test)]
impl PrDbg {
    /// Fires one card's effects at one moment, as the scenario table states it: `other` is
    /// the card of an event (`plays_card`…) or the adversary being Battled.
    pub(super) fn fire_scenario<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        other: u16,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if trigger.on_another_card() {
            self.react(card, trigger, other, state, rng, log);
        } else {
            state.battled = other;
            self.fire_card(card, trigger, state, rng, log);
            state.battled = NONE;
        }
    }
}
