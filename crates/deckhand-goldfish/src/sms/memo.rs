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
//! counts (the Table's cards and Attachments through the count of cards put down: only a
//! card put down changes them), and the stream; only at a start that can repeat (no card can go down and the
//! hand cannot be filled: either changes the state for good), and only such a start is
//! kept. The stream and a few counts first, the rest when those are the last start's.
//!
//! A start recalled means the turn before it left the state as it found it but for Power;
//! so does every turn from it, and every later start of the game is recalled with no
//! comparison (debug builds compare). Such a turn's actions are Upgrades, made in one pass;
//! its Mission Phase and last Leader Actions are the last such turn's: once seen (the
//! Mission Phase checked to leave the state as it found it but for the fired counts, the
//! Leader Actions and the Drama), they are replayed, not weighed or asked again.
//!
//! [`Pace::blind`]: super::pace::Pace::blind

use deckhand_core::Trigger;

use super::look::{Ability, Next};
use super::{Sms, State, HAND_SIZE};
use crate::log::NoLog;
use crate::rng::Rng;

#[cfg(test)]
thread_local! {
    /// Turn starts whose first Leader Action came from the memo, for the tests.
    pub(super) static RECALLED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Mission Phases of recalled turns done as the last one's, for the tests.
    pub(super) static PHASES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Last Leader Actions of recalled turns made as the last one's, for the tests.
    pub(super) static ENDS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
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
    /// This turn's start was recalled: the turn plays as the last one did (the module
    /// comment), which left the state as it found it but for Power and the fired counts.
    recalled: bool,
    /// What the Mission Phase of such a turn did, once seen ([`Sms::silent_mission_phase`]).
    phase: Option<Phase>,
    /// The Leader Actions after it in such a turn, once seen
    /// ([`Sms::silent_end_leader_actions`]).
    end: Option<Vec<EndStep>>,
    /// The fired counts and the rest of the state before that Mission Phase, while it is
    /// seen.
    counts: Vec<u32>,
    before: Rest,
}

/// One Leader Action at a turn's end, as the pilot made it: the lone Table ability fired
/// (`Sms::lone_ability`), or an ability used as [`Sms::use_ability`] uses it (`Keep`: none).
#[derive(Clone, Copy, Debug, PartialEq)]
enum EndStep {
    Lone(usize),
    Use(Ability),
}

/// A Mission Phase that left the state as it found it but for the fired counts, the
/// Leader Actions and the Drama: what it added to the counts (by card), and the Leader
/// Actions and Drama it left.
#[derive(Clone, Default)]
struct Phase {
    ticks: Vec<(u16, u32)>,
    leader_actions: u32,
    drama: u32,
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

/// The part of a state [`Rest`] keeps, borrowed: the one place that names the state's
/// fields for it. It destructures the state without `..`: a field added to the state fails
/// to compile until it is handled here (or said to be Power, or to move with a card put
/// down).
struct RestOf<'s> {
    library: &'s [u16],
    known: usize,
    hand: &'s [u16],
    table: usize,
    mulliganed: bool,
    stuck: bool,
    skip: u16,
    discard: &'s [u16],
    discard_hits: u16,
    leader_actions: u32,
    drama: u32,
    missions_played: &'s [bool],
    extra: i32,
}

impl<'s> RestOf<'s> {
    #[inline(always)]
    fn of(state: &'s State) -> Self {
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
        RestOf {
            library: library.remaining(),
            known: library.known_top().len(),
            hand,
            table: table.len(),
            mulliganed: *mulliganed,
            stuck: *stuck,
            skip: *skip,
            discard,
            discard_hits: *discard_hits,
            leader_actions: *leader_actions,
            drama: *drama,
            missions_played,
            extra: *extra,
        }
    }
}

impl Rest {
    /// Whether `state` holds this (the Leader Actions and the Drama only with `resources`).
    fn same(&self, state: &State, resources: bool) -> bool {
        let now = RestOf::of(state);
        self.known == now.known
            && self.table == now.table
            && self.mulliganed == now.mulliganed
            && self.stuck == now.stuck
            && self.skip == now.skip
            && self.discard_hits == now.discard_hits
            && (!resources
                || (self.leader_actions == now.leader_actions && self.drama == now.drama))
            && self.extra == now.extra
            && self.library == now.library
            && self.hand == now.hand
            && self.discard == now.discard
            && self.missions_played == now.missions_played
    }

    fn keep(&mut self, state: &State) {
        use crate::scratch::copy_list;
        let now = RestOf::of(state);
        copy_list(&mut self.library, now.library);
        self.known = now.known;
        copy_list(&mut self.hand, now.hand);
        self.table = now.table;
        self.mulliganed = now.mulliganed;
        self.stuck = now.stuck;
        self.skip = now.skip;
        copy_list(&mut self.discard, now.discard);
        self.discard_hits = now.discard_hits;
        self.leader_actions = now.leader_actions;
        self.drama = now.drama;
        copy_list(&mut self.missions_played, now.missions_played);
        self.extra = now.extra;
    }
}

impl Memo {
    /// A new game: nothing to recall.
    pub(super) fn forget(&mut self) {
        self.quick = None;
        self.kept = false;
        self.pick = None;
        self.recalled = false;
        self.phase = None;
        self.end = None;
    }

    /// At a turn's start: the last start's pick when this start is the last one but for
    /// Power; otherwise `None`, and this start is noted (its pick is for [`Memo::note`]).
    pub(super) fn recall(&mut self, state: &State, rng: &Rng) -> Option<Ability> {
        if self.recalled {
            // The last start was recalled: its turn left the state as it found it but for
            // Power, and so does each turn from it; this start is recalled too.
            debug_assert!(
                self.quick.as_ref().is_some_and(|q| q.hold(state, rng))
                    && self.kept
                    && self.rest.same(state, true),
                "a turn from a recalled start leaves the state as it found it but for Power"
            );
            return self.pick;
        }
        let pick = self.pick.take();
        self.phase = None;
        self.end = None;
        // Only a start from which no action can put a card down or fill the hand can
        // repeat: either changes the state for good. Only such a start is kept.
        if !(state.stuck && (state.hand_len >= HAND_SIZE || state.library.is_empty())) {
            self.kept = false;
            return None;
        }
        if self.kept
            && self.quick.as_ref().is_some_and(|q| q.hold(state, rng))
            && self.rest.same(state, true)
        {
            self.recalled = pick.is_some();
            self.pick = pick;
            return pick;
        }
        self.quick = Some(Quick::of(state, rng));
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
            None => match self.lone_paced(state, rng) {
                Some((pick, next)) => {
                    memo.note(pick);
                    next
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
            },
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

impl Sms {
    /// The Mission Phase of the game's turn without a log. In a turn whose start was
    /// recalled it does what it did in the last such turn (the turn plays the same), once
    /// seen to leave the state as it found it but for the fired counts, the Leader Actions
    /// and the Drama ([`Phase`]): the counts are added and the rest set, with no Employ
    /// ability or Mission asked. Debug builds play it and compare.
    pub(super) fn silent_mission_phase(&self, state: &mut State, rng: &mut Rng) {
        let Some(mut memo) = state.memo.take_if(|m| m.recalled) else {
            return self.mission_phase(state, rng, &mut NoLog);
        };
        match &memo.phase {
            Some(phase) => {
                #[cfg(debug_assertions)]
                let before = (state.clone(), rng.clone());
                for &(card, n) in &phase.ticks {
                    for _ in 0..n {
                        state.fired.tick(card, Trigger::TurnEnd);
                    }
                }
                state.leader_actions = phase.leader_actions;
                state.drama = phase.drama;
                #[cfg(debug_assertions)]
                {
                    let (mut played, mut stream) = before;
                    self.mission_phase(&mut played, &mut stream, &mut NoLog);
                    assert_eq!(
                        (super::last_look::seen(&played), stream),
                        (super::last_look::seen(state), rng.clone()),
                        "a recalled turn's Mission Phase does what the last one's did"
                    );
                }
                #[cfg(test)]
                PHASES.with(|n| n.set(n.get() + 1));
            }
            None => {
                crate::scratch::copy_list(&mut memo.counts, state.fired.counts());
                let quick = Quick::of(state, rng);
                memo.before.keep(state);
                let power = (state.power, state.extra);
                self.mission_phase(state, rng, &mut NoLog);
                let quiet = (state.power, state.extra) == power
                    && quick.hold(state, rng)
                    && memo.before.same(state, false);
                if quiet {
                    let ticks = (0..)
                        .zip(state.fired.counts().iter().zip(&memo.counts))
                        .filter(|(_, (after, before))| after != before)
                        .map(|(card, (after, before))| (card, after - before))
                        .collect();
                    memo.phase = Some(Phase {
                        ticks,
                        leader_actions: state.leader_actions,
                        drama: state.drama,
                    });
                }
            }
        }
        state.memo = Some(memo);
    }
}

impl Sms {
    /// The Leader Actions after the Mission Phase of the game's turn without a log. In a
    /// turn whose start was recalled they are those of the last such turn (the turn plays
    /// the same), once seen: each used again as it was, with no ability weighed. Debug
    /// builds play them and compare.
    pub(super) fn silent_end_leader_actions(&self, state: &mut State, rng: &mut Rng) {
        let Some(mut memo) = state.memo.take_if(|m| m.recalled) else {
            self.leader_actions(state, rng, &mut NoLog, false);
            return;
        };
        match memo.end.take() {
            Some(steps) => {
                #[cfg(debug_assertions)]
                let before = (state.clone(), rng.clone());
                for &step in &steps {
                    self.end_step(step, state, rng);
                }
                #[cfg(debug_assertions)]
                {
                    let (mut played, mut stream) = before;
                    self.leader_actions(&mut played, &mut stream, &mut NoLog, false);
                    assert_eq!(
                        (super::last_look::seen(&played), stream),
                        (super::last_look::seen(state), rng.clone()),
                        "a recalled turn's last Leader Actions are the last one's"
                    );
                }
                #[cfg(test)]
                ENDS.with(|n| n.set(n.get() + 1));
                memo.end = Some(steps);
            }
            None => {
                let mut steps = Vec::new();
                if self.noted_end_leader_actions(state, rng, &mut steps) {
                    memo.end = Some(steps);
                }
            }
        }
        state.memo = Some(memo);
    }

    fn end_step(&self, step: EndStep, state: &mut State, rng: &mut Rng) -> bool {
        match step {
            EndStep::Lone(i) => {
                let card = state.table[i].card;
                self.fire(card, Trigger::Activated, Some(i), state, rng, &mut NoLog) > 0
            }
            EndStep::Use(a) => self.use_ability(a, state, rng, &mut NoLog),
        }
    }

    /// `leader_actions` at the turn's end without a log (`leader_action`'s lone ability,
    /// then the weighing), noting each step in `steps`; false when one was not noted.
    fn noted_end_leader_actions(
        &self,
        state: &mut State,
        rng: &mut Rng,
        steps: &mut Vec<EndStep>,
    ) -> bool {
        while state.leader_actions > 0 {
            if let Some((i, alone)) = self.lone_slot(state) {
                let done = self.end_step(EndStep::Lone(i), state, rng);
                steps.push(EndStep::Lone(i));
                match (done, alone) {
                    (true, _) => continue,
                    (false, true) => return true,
                    (false, false) => {}
                }
            }
            let ready = self.abilities_that_act(state);
            let mut pick = None;
            let next = self.weigh_leader_action(&ready, state, rng, false, &mut pick);
            let Some(pick) = pick else {
                return false;
            };
            steps.push(EndStep::Use(pick));
            if !matches!(next, Next::Again) {
                return true;
            }
        }
        true
    }
}

impl Sms {
    /// The actions of the game's turn without a log. In a turn whose start was recalled
    /// each is an Upgrade (or a pass): the start is one from which no card can go down and
    /// the hand cannot be filled ([`Memo::recall`]), and an Upgrade changes neither. They
    /// are made in one pass ([`Sms::upgrades`]). Debug builds make them one by one and
    /// compare.
    pub(super) fn silent_actions(&self, state: &mut State, rng: &mut Rng) {
        let recalled = state.memo.as_ref().is_some_and(|m| m.recalled);
        if !recalled || self.table_start.len() > super::action::UPGRADED {
            return self.actions(state, rng, &mut NoLog, self.actions);
        }
        #[cfg(debug_assertions)]
        let before = (state.clone(), rng.clone());
        self.upgrades(state, self.actions);
        #[cfg(debug_assertions)]
        {
            let (mut acted, mut stream) = before;
            self.actions(&mut acted, &mut stream, &mut NoLog, self.actions);
            assert_eq!(
                (super::last_look::seen(&acted), stream),
                (super::last_look::seen(state), rng.clone()),
                "a recalled turn's actions are Upgrades"
            );
        }
    }
}
