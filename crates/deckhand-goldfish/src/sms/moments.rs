//! Showdown's side of the shared effect interpreter (docs/pilots.md#card-effects; the
//! trigger → moment map is `tests/fixtures/effects/sms.md`).
//!
//! Moments, with every effect on (`--effects keywords` runs none of them, so the pinned
//! figures of the bare procedure stay as they were):
//! - `activated` ("Leader:"): a Leader Action. The side gains one at the start of its turn
//!   when it has none, and never holds more than one (rulebook, "Leader Actions";
//!   docs/pilots.md#showdown-a-turn). It is
//!   spent before the first action and again after the Mission Phase, on the ability that
//!   adds the most Power on the Table (docs/pilots.md#showdown-the-decisions:
//!   then the most Main cards on it, then the most cards in hand; Training Montage's +2
//!   beats Sensei's +1), among those that would change something; ties: the card the deck
//!   list names first, then the first Table slot (docs/pilots.md#plan-value). A person is
//!   offered them in Table order, then the cards in hand that have one (Events, Swamp Gremlin)
//!   by name. An Event leaves the hand as it is used and goes to the Discard Pile.
//! - `turn_end`: the Mission Phase after the actions. Every card on the Table, in Table
//!   order, Employs its ability (free and optional, so always used), then the Missions in
//!   hand whose effects play are played, by name, each once a game, when their requirement
//!   ("Employ a X") holds; they go to the Discard Pile. The character a Mission Employs is
//!   assumed free (in the bundled decks one always is: the Missions' characters have no
//!   Employ ability of their own stated).
//! - `static` ("while in play"): recounted whenever the Table changes; a card's own
//!   `equipment_slots`, `vehicle_slots` and `ship_slots` changes set the Attachment slots it
//!   holds (a holder with a Ship slot takes Ships there and non-Ships in its Vehicle slot).
//! - Power on the Table is taken at the end of the turn, after the Mission Phase; bonuses
//!   "until end of turn" count in it and lapse right after.
//!
//! The pilot's choices (the card it would play soonest, its own ranking:
//! docs/pilots.md#how-the-pilot-uses-an-effect):
//! a card taken from the deck, hand or Discard Pile is the first Main card of the action
//! rule (most power, then name), else by name; a card put on the Table goes where the
//! action rule would put it; `one [filter]` is the matching card with the least power,
//! ties the first on the Table (the Upgrade rule), each `one` of an effect a
//! different card; a discard is a card the pilot never plays (by name), else an Event or
//! Mission, else the Main card with the least power; a choice takes the option with the
//! most discards that only touch cards the pilot never plays.

use crate::choice::ChoiceKind;
use deckhand_core::{Duration, Trigger};

use super::board::{SmsBoard, ATTACHED, EQUIPMENT_SLOTS, POWER, SHIP_SLOTS, TABLE, VEHICLE_SLOTS};
use super::{Kind, Sms, State, NONE};
use crate::effects::{Amt, Board, CardSet, EffectsMode, Id, Op, Programs, Tgt};
use crate::log::Log;
use crate::rng::Rng;

/// Asserts that a resolution without the interpreter (second) left the game as the
/// interpreter's (first) did, with the same count.
type Check = fn((&State, u32), (&State, u32));

/// The Attachment slots a card holds on the Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Caps {
    pub equipment: u8,
    pub vehicle: u8,
    pub ship: u8,
}

impl Caps {
    /// One Equipment and one Vehicle each; Mooks hold no Vehicle
    /// (docs/pilots.md#showdown-the-decisions).
    pub fn of(kind: Kind) -> Caps {
        Caps {
            equipment: 1,
            vehicle: u8::from(kind != Kind::Mook),
            ship: 0,
        }
    }
}

/// `base` changed by `card`'s own `while in play` slot effects.
pub(super) fn caps(fx: &crate::effects::Programs, card: u16, base: Caps) -> Caps {
    struct Slots(Caps);
    impl Board for Slots {
        // The slots are worked out once per deck, before any game: nothing to count.
        fn fired(&mut self, _card: u16, _trigger: Trigger) {}
        fn ask(
            &mut self,
            _kind: crate::choice::ChoiceKind,
            pilot: usize,
            _options: &dyn Fn() -> Vec<String>,
            _reason: &dyn Fn() -> String,
        ) -> usize {
            pilot
        }
        fn count(&self, _: Id, _: Option<&CardSet>) -> i64 {
            0
        }
        fn move_cards(
            &mut self,
            _: Id,
            _: Id,
            _: u32,
            _: Option<&CardSet>,
            _: bool,
            _: &str,
        ) -> u32 {
            0
        }
        fn draw(&mut self, _: u32, _: &str) -> u32 {
            0
        }
        fn modify(&mut self, stat: Id, by: i64, target: Tgt, _: Duration, _: &[CardSet]) {
            let add = |n: u8| (i64::from(n) + by).clamp(0, 4) as u8;
            if target != Tgt::This {
                return;
            }
            match stat {
                EQUIPMENT_SLOTS => self.0.equipment = add(self.0.equipment),
                VEHICLE_SLOTS => self.0.vehicle = add(self.0.vehicle),
                SHIP_SLOTS => self.0.ship = add(self.0.ship),
                _ => {}
            }
        }
    }
    let mut slots = Slots(base);
    fx.fire(card, Trigger::Static, &mut slots);
    slots.0
}

/// Per card, whether putting it down cannot change a `while in play` bonus: it has none of
/// its own, and every one in the deck counts only cards on the Table (or attached to its
/// card) that match a filter it does not meet, and goes to its own card or to cards of
/// such a filter. Only a card put down changes what those count (the Table only grows),
/// so the bonuses a recount would give are the ones standing. Any other bonus (counting
/// the hand, an unfiltered count, a `one` target) makes every card recount.
pub(super) fn statics_blind(fx: &Programs, cards: usize) -> Vec<bool> {
    let mut filters: Vec<u16> = Vec::new();
    let mut counted = |zone: Id, filter: Option<u16>| match filter {
        Some(f) if zone == TABLE || zone == ATTACHED => {
            filters.push(f);
            true
        }
        _ => false,
    };
    let mut blind = true;
    for card in 0..cards as u16 {
        for e in fx.of(card).iter().filter(|e| e.trigger == Trigger::Static) {
            let requirement = match e.requirement() {
                Some((zone, filter)) => counted(zone, filter),
                None => e.reads_nothing(),
            };
            blind &= requirement && e.cost().is_empty();
            for op in e.steps() {
                blind &= match op {
                    Op::Modify { stat, .. } if *stat != POWER => true,
                    Op::Modify { by, target, .. } => {
                        let by = match by {
                            Amt::Fixed(_) => true,
                            Amt::Per { zone, filter, .. } => counted(*zone, *filter),
                        };
                        let target = match target {
                            Tgt::This => true,
                            Tgt::Each(f) | Tgt::Others(f) => counted(TABLE, *f),
                            Tgt::One(_) => false,
                        };
                        by && target
                    }
                    _ => false,
                };
            }
        }
    }
    (0..cards as u16)
        .map(|c| {
            blind && !fx.has(c, Trigger::Static) && filters.iter().all(|&f| !fx.set(f).contains(c))
        })
        .collect()
}

/// Whether some effect of the deck gives a Power bonus that lapses (until the end of the
/// turn, a battle or an attack: a slot's `temp`), in a cost, a step or a choice's option.
pub(super) fn lapsing(fx: &Programs, cards: usize) -> bool {
    fn lapses(ops: &[Op]) -> bool {
        ops.iter().any(|op| match op {
            Op::Modify { duration, .. } => {
                !matches!(duration, Duration::Permanent | Duration::WhileInPlay)
            }
            Op::Choose(options, _) => options.iter().any(|o| lapses(o)),
            _ => false,
        })
    }
    (0..cards as u16)
        .flat_map(|c| fx.of(c))
        .any(|e| lapses(e.cost()) || lapses(e.steps()))
}

/// The filters of the deck's `one [filter]` targets (Sensei Okonomi's Ninja, Training
/// Montage's Hero…). Each keeps its matching Table slots as a bit mask, set as a card is put
/// down (the Table only grows), so choosing the target is a walk over the few matching
/// slots, not a scan of the Table with the filter twice per Leader Action.
pub(super) fn one_filters(fx: &Programs, cards: usize) -> Vec<u16> {
    fn walk(ops: &[Op], out: &mut Vec<u16>) {
        for op in ops {
            match op {
                Op::Modify {
                    target: Tgt::One(Some(f)),
                    ..
                } if !out.contains(f) => out.push(*f),
                Op::Choose(options, _) => options.iter().for_each(|o| walk(o, out)),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for card in 0..cards as u16 {
        for effect in fx.of(card) {
            walk(effect.steps(), &mut out);
        }
    }
    out
}

/// The Table slots whose card has an effect for one trigger (Leader abilities, Employ
/// abilities), a bit each for the first 64, set as a card is put down (the Table only
/// grows): the moments that fire them walk these bits instead of asking every card.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct SlotMask(u64);

impl SlotMask {
    fn set(&mut self, i: usize) {
        if i < 64 {
            self.0 |= 1 << i;
        }
    }

    /// Among the first `len` Table slots, in Table order: the marked ones, then every slot
    /// past the first 64 (unmarked: the caller asks their cards, as it does the marked).
    pub(super) fn of(self, len: usize) -> Slots {
        let bits = match len {
            0..=63 => self.0 & ((1 << len) - 1),
            _ => self.0,
        };
        Slots {
            bits,
            next: 64,
            len,
        }
    }
}

/// The slots of [`SlotMask::of`].
pub(super) struct Slots {
    bits: u64,
    next: usize,
    len: usize,
}

impl Iterator for Slots {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.bits != 0 {
            let i = self.bits.trailing_zeros() as usize;
            self.bits &= self.bits - 1;
            return Some(i);
        }
        (self.next < self.len).then(|| {
            self.next += 1;
            self.next - 1
        })
    }
}

impl Sms {
    /// Puts `card` at the end of the Table, in the masks of the `one` filters it matches
    /// and of the triggers it has an effect for.
    ///
    /// The Main cards before the first Attachment in `mains` are Allies: a slot changes
    /// nothing for them, so the search for one to put down restarts there at most.
    pub(super) fn push_slot(&self, state: &mut State, card: u16) {
        state.skip = state.skip.min(self.first_attachment);
        let i = state.table.len();
        if i < 64 {
            for (mask, &f) in state.one_slots.iter_mut().zip(&self.one_filters) {
                if self.fx.set(f).contains(card) {
                    *mask |= 1 << i;
                }
            }
            if self.fx.has(card, Trigger::Activated) {
                state.ability_slots.set(i);
            }
            if self.fx.has(card, Trigger::TurnEnd) {
                state.employ_slots.set(i);
            }
        }
        state.table.push(self.slot(card));
    }

    pub(super) fn plays_effects(&self) -> bool {
        self.coverage.effects == EffectsMode::All.id()
    }

    /// Power on the Table (docs/pilots.md#showdown-a-turn), with the `while in play` and
    /// end-of-turn bonuses.
    pub(super) fn table_power(&self, state: &State) -> u32 {
        (i64::from(state.power) + i64::from(state.extra)).max(0) as u32
    }

    /// `n` Upgrades on Table slot `i`.
    pub(super) fn upgrade(&self, state: &mut State, i: usize, n: u32) {
        state.table[i].upgrades += n as u16;
        state.table[i].power += n;
        state.power += n;
    }

    /// The end of the turn: bonuses "until end of turn" lapse (none when no effect of the
    /// deck gives one: [`lapsing`]).
    pub(super) fn end_turn(&self, state: &mut State) {
        if !self.lapsing {
            debug_assert!(state.table.iter().all(|s| s.temp == 0));
            return;
        }
        for slot in &mut state.table {
            state.extra -= slot.temp;
            slot.temp = 0;
        }
    }

    /// Recounts every `while in play` power bonus on the Table.
    pub(super) fn refresh_statics(&self, state: &mut State) {
        if !self.fx.any(Trigger::Static) {
            return;
        }
        for slot in &mut state.table {
            state.extra -= slot.bonus;
            slot.bonus = 0;
        }
        let mut rng = Rng::for_game(0, 0);
        for i in 0..state.table.len() {
            let card = state.table[i].card;
            if self.fx.has(card, Trigger::Static) {
                self.fire(
                    card,
                    Trigger::Static,
                    Some(i),
                    state,
                    &mut rng,
                    &mut crate::log::NoLog,
                );
            }
        }
    }

    /// Runs `card`'s effects for `trigger`; `slot` is its Table slot.
    #[inline(always)]
    pub(super) fn fire<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> u32 {
        self.fire_with(card, trigger, slot, state, rng, log, false)
    }

    /// [`Self::fire`] for an ability whose use was chosen already (a Leader Action): its
    /// "you may" is not asked again.
    #[inline(always)]
    pub(super) fn fire_decided<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> u32 {
        self.fire_with(card, trigger, slot, state, rng, log, true)
    }

    // Inlined: each caller fires one trigger, so the choice of the shortcut below folds
    // away there (the Mission Phase's Employ abilities, the Leader Actions).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn fire_with<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        decided: bool,
    ) -> u32 {
        if !self.fx.has(card, trigger) {
            return 0;
        }
        // Without a log the pilot answers every choice, and four shapes of effect are
        // resolved without the interpreter: an Upgrade of known gain (`exact.rs`), a Leader
        // ability that only changes the hand (`cycle.rs`), a card's own `while in play` bonus and
        // a one-step Employ ability (`quick.rs`).
        if L::SILENT {
            let at = (card, trigger, slot, decided);
            let fast = match (trigger, slot) {
                (Trigger::Activated, _) if self.cycle[card as usize].is_some() => {
                    self.fire_fast(at, state, rng, log, |p, s, r| {
                        (p.fire_cycle(card, s, r), super::cycle::check_fire_cycle)
                    })
                }
                (Trigger::Activated, _) => self.fire_fast(at, state, rng, log, |p, s, _| {
                    (p.fire_exact(card, s), super::exact::check_fire_exact)
                }),
                (Trigger::Static, Some(i)) => self.fire_fast(at, state, rng, log, |p, s, _| {
                    (
                        p.fire_quick_static(card, i, s),
                        super::quick::check_fire_quick_static,
                    )
                }),
                (Trigger::TurnEnd, _) => self.fire_fast(at, state, rng, log, |p, s, r| {
                    (p.fire_quick(card, s, r), super::quick::check_fire_quick)
                }),
                _ => None,
            };
            if let Some(done) = fast {
                return done;
            }
        }
        self.fire_by_interpreter(card, trigger, slot, state, rng, log, decided)
    }

    /// A resolution without the interpreter (`fast`: its count, or `None` when the effect is
    /// not of its shape, and the check of its result); debug builds resolve the same effect
    /// through the interpreter from the same state and stream and assert that both agree.
    #[inline(always)]
    fn fire_fast<L: Log>(
        &self,
        (card, trigger, slot, decided): (u16, Trigger, Option<usize>, bool),
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        fast: impl FnOnce(&Self, &mut State, &mut Rng) -> (Option<u32>, Check),
    ) -> Option<u32> {
        #[cfg(debug_assertions)]
        let (before, stream) = (state.clone(), rng.clone());
        let (done, _check) = fast(self, state, rng);
        let done = done?;
        #[cfg(debug_assertions)]
        {
            let mut by_interpreter = before;
            let rng_after = rng.clone();
            let rng = &mut stream.clone();
            let n = self.fire_by_interpreter(
                card,
                trigger,
                slot,
                &mut by_interpreter,
                rng,
                log,
                decided,
            );
            _check((&by_interpreter, n), (state, done));
            assert_eq!(
                rng.clone().next_u64(),
                rng_after.clone().next_u64(),
                "a resolution without the interpreter drew from the stream as it does"
            );
        }
        #[cfg(not(debug_assertions))]
        let _ = (card, trigger, slot, decided, rng, log);
        Some(done)
    }

    /// [`Self::fire_with`] through the shared interpreter.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fire_by_interpreter<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        decided: bool,
    ) -> u32 {
        let mut board = SmsBoard {
            p: self,
            state,
            rng,
            log,
            slot,
            chosen: 0,
            decided,
        };
        self.fx.fire(card, trigger, &mut board)
    }

    /// True when one of `card`'s `trigger` effects would change something now.
    pub(super) fn would_act(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
    ) -> bool {
        if trigger == Trigger::Activated {
            if let Some(acts) = self.cycle_would_act(card, state) {
                debug_assert_eq!(
                    acts,
                    self.would_act_by_interpreter(card, trigger, slot, state),
                    "a Leader ability that changes the hand would act as the interpreter says"
                );
                return acts;
            }
            if let Some(acts) = self.exact_acts(card, state) {
                debug_assert_eq!(
                    acts,
                    self.would_act_by_interpreter(card, trigger, slot, state),
                    "an Upgrade of known gain would act as the interpreter says"
                );
                return acts;
            }
        }
        self.would_act_by_interpreter(card, trigger, slot, state)
    }

    /// [`Self::would_act`] asked of the interpreter.
    pub(super) fn would_act_by_interpreter(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
    ) -> bool {
        // Only read: nothing is drawn from it.
        let mut rng = Rng::unused();
        let mut log = crate::log::NoLog;
        let board = SmsBoard {
            p: self,
            state,
            rng: &mut rng,
            log: &mut log,
            slot,
            chosen: 0,
            decided: false,
        };
        self.fx.of(card).iter().any(|e| {
            e.trigger == trigger
                && self.fx.holds(e, &board)
                && e.steps().iter().any(|op| board.acts(op))
        })
    }

    /// Whether Mission `card` in hand can be played now: not played yet this game, and its
    /// effects would change something (its requirement holds).
    fn mission_ready(&self, state: &mut State, card: u16) -> bool {
        let name = self.deck.name_id[card as usize] as usize;
        if state.hand[card as usize] == 0 || state.missions_played[name] {
            return false;
        }
        self.take_from_hand(state, card);
        let acts = self.would_act(card, Trigger::Played, None, state);
        self.return_to_hand(state, card);
        acts
    }

    /// The Mission Phase: Employ abilities of the Table, then the Missions in hand, one at
    /// a time (which next, or none).
    pub(super) fn mission_phase<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        if self.fx.any(Trigger::TurnEnd) {
            for i in state.employ_slots.of(state.table.len()) {
                let card = state.table[i].card;
                if self.fx.has(card, Trigger::TurnEnd) {
                    self.fire(card, Trigger::TurnEnd, Some(i), state, rng, log);
                }
            }
        }
        // The pilot plays them by name in one pass: the next is looked for after the last.
        let mut from = 0;
        loop {
            let pilot = self.missions[from.min(self.missions.len())..]
                .iter()
                .copied()
                .find(|&c| self.mission_ready(state, c))
                .unwrap_or(NONE);
            let mut options: Vec<u16> = Vec::new();
            if L::CHOOSES {
                for &c in &self.missions {
                    if self.mission_ready(state, c) {
                        options.push(c);
                    }
                }
                options.push(NONE);
            }
            let pick = log.pick(
                ChoiceKind::Play,
                pilot,
                || options,
                |c| match c {
                    NONE => "Play no Mission".to_owned(),
                    c => format!("Play the Mission {}", self.name(c)),
                },
                || match pilot {
                    NONE => "no other Mission in hand can be played now".to_owned(),
                    _ => "its requirement holds (once a game)".to_owned(),
                },
                || crate::procedure::Procedure::zones(self, &*state),
                rng,
            );
            if pick == NONE {
                break;
            }
            let at = self.missions.iter().position(|&c| c == pick).unwrap_or(0);
            from = from.max(at + 1);
            let name = self.deck.name_id[pick as usize] as usize;
            self.take_from_hand(state, pick);
            self.fire(pick, Trigger::Played, None, state, rng, log);
            state.missions_played[name] = true;
            self.discard_push(state, pick);
        }
    }

    /// Discards up to `n` cards from the hand, each the first of the pilot's discard order
    /// still in hand (the pick `SmsBoard::discard` makes of any card): whether any went.
    pub(super) fn discard_in_order(&self, state: &mut State, n: u32) -> bool {
        let mut acted = false;
        for _ in 0..n {
            let Some(c) = self
                .discard_order
                .iter()
                .copied()
                .find(|&c| state.hand[c as usize] > 0)
            else {
                break;
            };
            self.take_from_hand(state, c);
            self.discard_push(state, c);
            acted = true;
        }
        acted
    }

    pub(super) fn take_from_hand(&self, state: &mut State, card: u16) {
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
    }

    pub(super) fn return_to_hand(&self, state: &mut State, card: u16) {
        state.hand[card as usize] += 1;
        state.hand_len += 1;
        self.gained(state, card);
    }
}
