//! A turn's start that is the last one's but for Power (without a log): its first Leader
//! Action goes where the last one's went, without weighing the abilities again.
//!
//! Why it holds: in a deck whose effects are blind to Power ([`Pace::blind`]), nothing the
//! pilot does reads a card's power but to pick among targets (the Upgrade's character, a
//! `one [filter]` change), and each change adds the same Power whichever card it goes to.
//! So from two states alike but for the Upgrades' places and the Power (and the effects'
//! fired counts, which nothing reads), with the same stream, a turn plays the same: the
//! same cards move, the same numbers are drawn, each look's plan value differs by the
//! difference in Power alone, and each look's bar cuts the same looks. The pick is the
//! same. A game that reaches such a turn (a full hand with nothing to put down, the Leader
//! Action on an Upgrade) repeats it to its end: about a third of the turns of
//! dojo-dawn-patrol's games.
//!
//! What is compared: every field of the state but the Power, the Upgrades and the fired
//! counts, and the stream. The stream and a few counts first, at each turn's start; the
//! rest only when those are the last start's, so it is kept only then, or at a start that
//! can repeat (no card can go down and the hand cannot be filled).
//!
//! [`Pace::blind`]: super::pace::Pace::blind

use super::look::{Ability, Next};
use super::{Sms, State, HAND_SIZE};
use crate::log::NoLog;
use crate::rng::Rng;

#[cfg(test)]
thread_local! {
    /// Turn starts whose first Leader Action came from the memo, for the tests.
    pub(super) static RECALLED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The last turn's start, as far as a turn's play reads it (the module comment), and the
/// pick of its first Leader Action.
#[derive(Clone, Default)]
pub(super) struct Memo {
    /// The stream and the counts that move most; `None` before a game's first turn.
    quick: Option<Quick>,
    /// The rest of the state, when `kept` for the last start (`quick` was the start's
    /// before it too).
    rest: Rest,
    kept: bool,
    /// The first Leader Action's pick at the last start, when it was weighed.
    pick: Option<Ability>,
}

/// What a turn that draws, discards or puts a card down changes: compared first, at every
/// turn's start.
#[derive(Clone, PartialEq)]
struct Quick {
    rng: Rng,
    library: usize,
    hand_len: u32,
    discard: usize,
    deployed: u32,
}

impl Quick {
    fn of(state: &State, rng: &Rng) -> Quick {
        Quick {
            rng: rng.clone(),
            library: state.library.len(),
            hand_len: state.hand_len,
            discard: state.discard.len(),
            deployed: state.deployed,
        }
    }

    /// Whether `state` and `rng` hold these, the stream first (it moves with every card
    /// drawn).
    fn hold(&self, state: &State, rng: &Rng) -> bool {
        self.rng == *rng
            && self.library == state.library.len()
            && self.hand_len == state.hand_len
            && self.discard == state.discard.len()
            && self.deployed == state.deployed
    }
}

/// The rest of the state but its Power, Upgrades and fired counts. Not the Table's cards
/// and Attachments, the names on it and its slots' masks: only a card put down changes them
/// (`put_down`, `push_slot`; the Table only grows), and that counts in `deployed`.
#[derive(Clone, Default)]
struct Rest {
    library: Vec<u16>,
    known: usize,
    hand: Vec<u16>,
    table: usize,
    mulliganed: bool,
    stuck: bool,
    skip: u16,
    discard: Vec<u16>,
    discard_hits: u16,
    leader_actions: u32,
    drama: u32,
    missions_played: Vec<bool>,
    extra: i32,
}

impl Rest {
    /// Whether `state` holds this.
    // Both destructure the state without `..`: a field added to it fails to compile until it
    // is handled here (or said to be Power, or to move with a card put down).
    fn same(&self, state: &State) -> bool {
        let State {
            fired: _,
            library,
            hand,
            hand_len: _,
            table,
            named: _,
            power: _,
            deployed: _,
            mulliganed,
            stuck,
            skip,
            discard,
            discard_hits,
            leader_actions,
            drama,
            missions_played,
            extra,
            one_slots: _,
            ability_slots: _,
            employ_slots: _,
            memo: _,
        } = state;
        self.known == library.known_top().len()
            && self.table == table.len()
            && self.mulliganed == *mulliganed
            && self.stuck == *stuck
            && self.skip == *skip
            && self.discard_hits == *discard_hits
            && self.leader_actions == *leader_actions
            && self.drama == *drama
            && self.extra == *extra
            && self.library == library.remaining()
            && self.hand == *hand
            && self.discard == *discard
            && self.missions_played == *missions_played
    }

    fn keep(&mut self, state: &State) {
        use crate::scratch::copy_list;
        let State {
            fired: _,
            library,
            hand,
            hand_len: _,
            table,
            named: _,
            power: _,
            deployed: _,
            mulliganed,
            stuck,
            skip,
            discard,
            discard_hits,
            leader_actions,
            drama,
            missions_played,
            extra,
            one_slots: _,
            ability_slots: _,
            employ_slots: _,
            memo: _,
        } = state;
        copy_list(&mut self.library, library.remaining());
        self.known = library.known_top().len();
        copy_list(&mut self.hand, hand);
        self.table = table.len();
        self.mulliganed = *mulliganed;
        self.stuck = *stuck;
        self.skip = *skip;
        copy_list(&mut self.discard, discard);
        self.discard_hits = *discard_hits;
        self.leader_actions = *leader_actions;
        self.drama = *drama;
        copy_list(&mut self.missions_played, missions_played);
        self.extra = *extra;
    }
}

impl Memo {
    /// A new game: nothing to recall.
    pub(super) fn forget(&mut self) {
        self.quick = None;
        self.kept = false;
        self.pick = None;
    }

    /// At a turn's start: the last start's pick when this start is the last one but for
    /// Power; otherwise `None`, and this start is noted (its pick is for [`Memo::note`]).
    pub(super) fn recall(&mut self, state: &State, rng: &Rng) -> Option<Ability> {
        let pick = self.pick.take();
        if !self.quick.as_ref().is_some_and(|q| q.hold(state, rng)) {
            self.quick = Some(Quick::of(state, rng));
            // A start that can repeat (no card can go down or be drawn by the actions) is
            // kept at once, so that the first start that repeats it is recalled.
            self.kept = state.stuck && (state.hand_len >= HAND_SIZE || state.library.is_empty());
            if self.kept {
                self.rest.keep(state);
            }
            return None;
        }
        if self.kept && self.rest.same(state) {
            self.pick = pick;
            return pick;
        }
        self.rest.keep(state);
        self.kept = true;
        None
    }
}

impl Memo {
    /// The pick of the start [`Memo::recall`] noted last.
    pub(super) fn note(&mut self, pick: Ability) {
        self.pick = Some(pick);
    }
}

impl Sms {
    /// The first Leader Action of a turn's start without a log: the last start's pick when
    /// the memo recalls it (the module comment), used as the look that picked it was; else
    /// weighed ([`Sms::silent_leader_action`]) and its pick noted.
    pub(super) fn first_leader_action(&self, state: &mut State, rng: &mut Rng) -> Next {
        // Out of the state while the looks play: a look that becomes the game swaps states.
        let mut memo = state.memo.take().unwrap_or_default();
        let next = match memo.recall(state, rng) {
            Some(pick) => {
                #[cfg(debug_assertions)]
                self.check_recalled(pick, state, rng);
                #[cfg(test)]
                RECALLED.with(|n| n.set(n.get() + 1));
                Next::of(self.use_ability(pick, state, rng, &mut NoLog))
            }
            None => {
                let ready = self.abilities_that_act(state);
                let mut pick = None;
                let next = self.weigh_leader_action(&ready, state, rng, true, &mut pick);
                if let Some(pick) = pick {
                    memo.note(pick);
                }
                next
            }
        };
        state.memo = Some(memo);
        next
    }

    /// A recalled pick against the weighing it spares (debug builds).
    #[cfg(debug_assertions)]
    fn check_recalled(&self, pick: Ability, state: &State, rng: &Rng) {
        let (mut state, mut rng) = (state.clone(), rng.clone());
        let ready = self.abilities_that_act(&mut state);
        let mut weighed = None;
        self.weigh_leader_action(&ready, &mut state, &mut rng, true, &mut weighed);
        assert_eq!(
            weighed,
            Some(pick),
            "a turn's start alike but for Power picks as the last one did"
        );
    }
}
