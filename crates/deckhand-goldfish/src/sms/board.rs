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
use deckhand_core::{Duration, GoldfishNote, Trigger};

use super::{Kind, Sms, State, NONE};
use crate::effects::{Amt, Board, CardSet, EffectsMode, Id, Op, Plays, Programs, Reading, Tgt};
use crate::log::{Action, Log};
use crate::rng::Rng;
use deckhand_core::StepKind;

// Zone, resource and stat ids: positions in `PLAYS`.
pub(super) const DECK: Id = 0;
pub(super) const HAND: Id = 1;
pub(super) const DISCARD: Id = 2;
pub(super) const TABLE: Id = 3;
const ATTACHED: Id = 4;
pub(super) const LEADER_ACTION: Id = 0;
const DRAMA: Id = 1;
pub(super) const POWER: Id = 0;
const EQUIPMENT_SLOTS: Id = 1;
const VEHICLE_SLOTS: Id = 2;
const SHIP_SLOTS: Id = 3;

/// What the Showdown procedure runs of the effects vocabulary.
pub(super) const PLAYS: Plays = Plays {
    pilot: "the Showdown pilot",
    triggers: &[
        Trigger::Played,
        Trigger::Activated,
        Trigger::TurnEnd,
        Trigger::Static,
    ],
    zones: &["deck", "hand", "discard", "table", "attached"],
    moves: &[
        ("discard", "table"),
        ("hand", "table"),
        ("discard", "hand"),
        ("deck", "hand"),
    ],
    steps: &[
        StepKind::Draw,
        StepKind::Discard,
        StepKind::Gain,
        StepKind::Spend,
        StepKind::Modify,
        StepKind::Choose,
        StepKind::FillHand,
    ],
    reads: &[Reading::OneTarget],
    resources: &["leader_action", "drama"],
    stats: &["power", "equipment_slots", "vehicle_slots", "ship_slots"],
    structural: &[],
    unplayed_types: &["Combat"],
    card_rule,
};

/// With keyword effects only, Events and Missions are never played
/// (docs/pilots.md#showdown-a-turn).
pub(super) const PLAYS_KEYWORDS: Plays = Plays {
    unplayed_types: &["Combat", "Event", "Mission"],
    ..PLAYS
};

fn card_rule(_: &deckhand_core::Card, _: EffectsMode) -> Option<GoldfishNote> {
    None
}

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

impl Sms {
    /// Puts `card` at the end of the Table, in the masks of the `one` filters it matches.
    pub(super) fn push_slot(&self, state: &mut State, card: u16) {
        let i = state.table.len();
        if i < 64 {
            for (mask, &f) in state.one_slots.iter_mut().zip(&self.one_filters) {
                if self.fx.set(f).contains(card) {
                    *mask |= 1 << i;
                }
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

    /// The end of the turn: bonuses "until end of turn" lapse.
    pub(super) fn end_turn(&self, state: &mut State) {
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

    #[allow(clippy::too_many_arguments)]
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
            for i in 0..state.table.len() {
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
            state.discard.push(pick);
        }
    }

    pub(super) fn take_from_hand(&self, state: &mut State, card: u16) {
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
    }

    pub(super) fn return_to_hand(&self, state: &mut State, card: u16) {
        state.hand[card as usize] += 1;
        state.hand_len += 1;
    }
}

/// One effect's view of a Showdown game; `slot` is the Table slot of the effect's card.
struct SmsBoard<'a, L: Log> {
    p: &'a Sms,
    state: &'a mut State,
    rng: &'a mut Rng,
    log: &'a mut L,
    slot: Option<usize>,
    /// Table slots this effect's `one` targets already chose (a bit each).
    chosen: u64,
    /// The effect's use was chosen already (a Leader Action): its "you may" is not asked.
    decided: bool,
}

impl<L: Log> SmsBoard<'_, L> {
    fn keep(set: Option<&CardSet>, card: u16) -> bool {
        set.is_none_or(|s| s.contains(card))
    }

    fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            self.log.decide(Action::Draw, || text);
        }
    }

    /// The card of `cards` (with a copy in the zone) the pilot would take first.
    fn best(
        &self,
        cards: impl Iterator<Item = u16>,
        set: Option<&CardSet>,
        to_table: bool,
    ) -> Option<u16> {
        cards
            .filter(|&c| Self::keep(set, c))
            .filter(|&c| !to_table || self.p.placement(self.state, c).is_some())
            .min_by_key(|&c| self.p.take_rank[c as usize])
    }

    fn in_hand(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.state.hand.len() as u16).filter(|&c| self.state.hand[c as usize] > 0)
    }

    /// The option of a choice the pilot takes: the most discards that only touch cards it
    /// never plays; `None` when every option discards more of those than the hand holds.
    fn pick(&self, options: &[Vec<Op>]) -> Option<usize> {
        let dead: i64 = self
            .p
            .dead
            .iter()
            .map(|&c| i64::from(self.state.hand[c as usize]))
            .sum();
        // Ties: the first option. One pass, each option's discards counted once: a Leader
        // Action look asks this several times a turn.
        let mut best: Option<(i64, usize)> = None;
        for (i, option) in options.iter().enumerate() {
            let discards: i64 = option
                .iter()
                .map(|op| match op {
                    Op::Discard(Amt::Fixed(n), _) => *n,
                    _ => 0,
                })
                .sum();
            if discards <= dead && best.is_none_or(|(most, _)| discards > most) {
                best = Some((discards, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Whether step `op` would change something now (an optional effect with a cost is used
    /// only then: docs/pilots.md#showdown-known-gaps).
    fn acts(&self, op: &Op) -> bool {
        let set = |f: &Option<u16>| f.map(|f| self.p.fx.set(f));
        let state = &*self.state;
        match op {
            Op::Move {
                from, to, filter, ..
            } => {
                let to_table = *to == TABLE;
                let set = set(filter);
                // Whether a card is there to take, not which ([`Self::best`]): the first
                // one that may go ends the walk.
                let takes = |c: u16| {
                    Self::keep(set, c) && (!to_table || self.p.placement(state, c).is_some())
                };
                match *from {
                    HAND => self.in_hand().any(takes),
                    DISCARD => state.discard.iter().any(|&c| takes(c)),
                    DECK => state.library.remaining().iter().any(|&c| takes(c)),
                    _ => false,
                }
            }
            Op::Draw(_) => !state.library.is_empty(),
            Op::FillHand(Amt::Fixed(n)) => {
                i64::from(state.hand_len) < *n && !state.library.is_empty()
            }
            Op::Discard(..) => state.hand_len > 0,
            Op::Modify {
                target: Tgt::One(filter),
                ..
            } => self.any_one(*filter),
            Op::Choose(options, _) => self.pick(options).is_some() && !state.library.is_empty(),
            _ => true,
        }
    }

    /// The Table slot a `one [filter]` target takes: least power, ties the first. The
    /// candidates are the filter's mask ([`one_filters`]) less the slots this effect chose;
    /// a Table past 64 slots, or an untracked filter, is scanned.
    fn one(&self, filter: Option<u16>) -> Option<usize> {
        let table = &self.state.table;
        let mask = self.one_mask(filter);
        let mut best: Option<(u32, usize)> = None;
        let mut consider = |i: usize| {
            let power = self.p.slot_power(&table[i]);
            if best.is_none_or(|(least, _)| power < least) {
                best = Some((power, i));
            }
        };
        let Some(mask) = mask else {
            return self.one_by_scan(filter);
        };
        let mut bits = mask & !self.chosen;
        while bits != 0 {
            consider(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        let one = best.map(|(_, i)| i);
        debug_assert_eq!(
            one,
            self.one_by_scan(filter),
            "the `one` mask and the Table"
        );
        one
    }

    /// Whether [`Self::one`] finds a card: any candidate, without ranking them.
    fn any_one(&self, filter: Option<u16>) -> bool {
        match self.one_mask(filter) {
            Some(mask) => mask & !self.chosen != 0,
            None => self.one(filter).is_some(),
        }
    }

    /// The Table slots `filter` matches, as bits ([`one_filters`]); `None` past 64 slots or
    /// for an untracked filter.
    fn one_mask(&self, filter: Option<u16>) -> Option<u64> {
        let table = &self.state.table;
        match filter {
            _ if table.len() > 64 => None,
            None => Some(match table.len() {
                64 => u64::MAX,
                n => (1 << n) - 1,
            }),
            Some(f) => self
                .p
                .one_filters
                .iter()
                .position(|&g| g == f)
                .map(|k| self.state.one_slots[k]),
        }
    }

    /// [`Self::one`] by a scan of the whole Table with the filter.
    fn one_by_scan(&self, filter: Option<u16>) -> Option<usize> {
        let set = filter.map(|f| self.p.fx.set(f));
        let mut best: Option<(u32, usize)> = None;
        for (i, s) in self.state.table.iter().enumerate() {
            if Self::keep(set, s.card) && (i >= 64 || self.chosen & (1 << i) == 0) {
                let power = self.p.slot_power(s);
                if best.is_none_or(|(least, _)| power < least) {
                    best = Some((power, i));
                }
            }
        }
        best.map(|(_, i)| i)
    }

    /// Which matching card a `one` stat change goes to: the pilot's `pilot` ([`Self::one`]),
    /// or any other matching card this effect has not chosen yet.
    fn pick_one(&mut self, pilot: usize, filter: Option<u16>, by: i64) -> usize {
        let (p, state) = (self.p, &*self.state);
        let set = filter.map(|f| p.fx.set(f));
        let chosen = self.chosen;
        self.log.pick(
            ChoiceKind::Target,
            pilot,
            || {
                (0..state.table.len())
                    .filter(|&i| {
                        Self::keep(set, state.table[i].card) && (i >= 64 || chosen & (1 << i) == 0)
                    })
                    .collect()
            },
            |i| {
                let slot = &state.table[i];
                format!(
                    "{by:+} power to {} (power {})",
                    p.name(slot.card),
                    p.slot_power(slot)
                )
            },
            || "the matching card with the least power (ties: the first on the Table)".to_owned(),
            || crate::procedure::Procedure::zones(p, state),
            self.rng,
        )
    }

    fn attached(&self, slot: usize) -> [u16; 4] {
        let s = &self.state.table[slot];
        [s.equipment, s.equipment2, s.vehicle, s.ship]
    }

    /// Which card a move takes from `from`: the pilot's `pilot` ([`Self::best`]) or any
    /// other card there that the move may take.
    fn pick_card(
        &mut self,
        pilot: u16,
        from: Id,
        set: Option<&CardSet>,
        to_table: bool,
        label: &str,
    ) -> u16 {
        let (p, state) = (self.p, &*self.state);
        self.log.pick(
            ChoiceKind::Target,
            pilot,
            || {
                let mut cards: Vec<u16> = match from {
                    HAND => (0..state.hand.len() as u16)
                        .filter(|&c| state.hand[c as usize] > 0)
                        .collect(),
                    DISCARD => state.discard.clone(),
                    _ => state.library.remaining().to_vec(),
                };
                cards.retain(|&c| {
                    Self::keep(set, c) && (!to_table || p.placement(state, c).is_some())
                });
                cards.sort_by_key(|&c| p.take_rank[c as usize]);
                cards.dedup();
                cards
            },
            |c| match to_table {
                true => format!("{label}: put {} on the Table", p.name(c)),
                false => format!("{label}: take {} into the hand", p.name(c)),
            },
            || "the card the pilot would play soonest (most power, then name)".to_owned(),
            || crate::procedure::Procedure::zones(p, state),
            self.rng,
        )
    }

    /// Puts `card`, already out of its zone, on the Table where the action rule would.
    fn put_down(&mut self, card: u16, label: &str) -> bool {
        let Some(pilot) = self.p.placement(self.state, card) else {
            return false;
        };
        let (p, state) = (self.p, &*self.state);
        let at = self.log.pick(
            ChoiceKind::Attach,
            pilot,
            || p.placements(state, card),
            |at| match at {
                NONE => format!("{label}: put {} on the Table", p.name(card)),
                at => format!(
                    "{label}: attach {} to {}",
                    p.name(card),
                    p.name(state.table[at as usize].card)
                ),
            },
            || {
                "the first on the Table (that its text allows) with a free slot of its kind"
                    .to_owned()
            },
            || crate::procedure::Procedure::zones(p, state),
            self.rng,
        );
        let placed = self.p.put_down(self.state, card, at);
        self.state.stuck = false;
        let p = self.p;
        self.note(|| match placed {
            None => format!(
                "{label}: put {} on the Table (power {})",
                p.name(card),
                p.f(card).power
            ),
            Some((_, holder)) => format!(
                "{label}: attach {} to {} (power {})",
                p.name(card),
                p.name(holder),
                p.f(card).power
            ),
        });
        true
    }
}

impl<L: Log> Board for SmsBoard<'_, L> {
    fn fired(&mut self, card: u16, trigger: Trigger) {
        self.state.fired.tick(card, trigger);
    }
    fn ask(
        &mut self,
        kind: ChoiceKind,
        pilot: usize,
        options: &dyn Fn() -> Vec<String>,
        reason: &dyn Fn() -> String,
    ) -> usize {
        if self.decided && kind == ChoiceKind::Optional {
            return pilot;
        }
        let (p, state) = (self.p, &*self.state);
        self.log.choose(
            kind,
            pilot,
            options,
            reason,
            || crate::procedure::Procedure::zones(p, state),
            self.rng,
        )
    }
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let keep = |c: &u16| *c != NONE && Self::keep(set, *c);
        let state = &*self.state;
        let n = match zone {
            DECK => state.library.remaining().iter().filter(|c| keep(c)).count(),
            HAND => self
                .in_hand()
                .filter(|c| keep(c))
                .map(|c| usize::from(state.hand[c as usize]))
                .sum(),
            DISCARD => state.discard.iter().filter(|c| keep(c)).count(),
            TABLE => (0..state.table.len())
                .map(|i| {
                    usize::from(keep(&state.table[i].card))
                        + self.attached(i).iter().filter(|c| keep(c)).count()
                })
                .sum(),
            ATTACHED => self
                .slot
                .map_or(0, |i| self.attached(i).iter().filter(|c| keep(c)).count()),
            _ => 0,
        };
        n as i64
    }

    fn move_cards(
        &mut self,
        from: Id,
        to: Id,
        count: u32,
        set: Option<&CardSet>,
        search: bool,
        label: &str,
    ) -> u32 {
        let p = self.p;
        let mut moved = 0;
        for _ in 0..count {
            let to_table = to == TABLE;
            let card = match from {
                HAND => self.best(self.in_hand(), set, to_table),
                DISCARD => self.best(self.state.discard.iter().copied(), set, to_table),
                DECK if search => self.best(
                    self.state.library.remaining().iter().copied(),
                    set,
                    to_table,
                ),
                DECK => self.state.library.remaining().first().copied(),
                _ => None,
            };
            let Some(mut card) = card else { break };
            if from != DECK || search {
                card = self.pick_card(card, from, set, to_table, label);
            }
            match from {
                HAND => p.take_from_hand(self.state, card),
                DISCARD => {
                    let i = self
                        .state
                        .discard
                        .iter()
                        .position(|&c| c == card)
                        .unwrap_or(0);
                    self.state.discard.remove(i);
                }
                _ if search => {
                    self.state.library.take(card);
                }
                _ => {
                    self.state.library.draw(self.rng);
                }
            }
            match to {
                TABLE => {
                    self.put_down(card, label);
                }
                _ => {
                    p.return_to_hand(self.state, card);
                    self.state.stuck = false;
                    let whence = match from {
                        DISCARD => "the Discard Pile",
                        _ => "the deck",
                    };
                    self.note(|| {
                        format!("{label}: take {} from {whence} into the hand", p.name(card))
                    });
                }
            }
            moved += 1;
        }
        moved
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        let mut drawn = 0;
        while drawn < count && self.p.draw(self.state, self.rng, self.log) {
            drawn += 1;
        }
        self.state.stuck &= drawn == 0;
        self.note(|| format!("{label}: draw {drawn}"));
        drawn
    }

    fn fill_hand(&mut self, size: u32, label: &str) -> u32 {
        let mut drawn = 0;
        while self.state.hand_len < size && self.p.draw(self.state, self.rng, self.log) {
            drawn += 1;
        }
        self.state.stuck &= drawn == 0;
        self.note(|| format!("{label}: fill the hand to {size}: draw {drawn}"));
        drawn
    }

    fn discard(&mut self, count: u32, set: Option<&CardSet>, label: &str) -> u32 {
        let p = self.p;
        let mut done = 0;
        for _ in 0..count {
            let pick = p
                .discard_order
                .iter()
                .copied()
                .find(|&c| self.state.hand[c as usize] > 0 && Self::keep(set, c));
            let Some(pilot) = pick else { break };
            let state = &*self.state;
            let card = self.log.pick(
                ChoiceKind::Discard,
                pilot,
                || {
                    p.discard_order
                        .iter()
                        .copied()
                        .filter(|&c| state.hand[c as usize] > 0 && Self::keep(set, c))
                        .collect()
                },
                |c| format!("{label}: discard {}", p.name(c)),
                || {
                    "first a card the pilot never plays (by name), then an Event or a Mission, then the Main card with the least power".to_owned()
                },
                || crate::procedure::Procedure::zones(p, state),
                self.rng,
            );
            p.take_from_hand(self.state, card);
            self.state.discard.push(card);
            self.note(|| format!("{label}: discard {}", p.name(card)));
            done += 1;
        }
        done
    }

    fn gain(&mut self, resource: Id, amount: i64, label: &str) {
        let amount = amount.max(0) as u32;
        match resource {
            // Rulebook: "You may never have more than 1 Leader Action."
            LEADER_ACTION => {
                self.state.leader_actions = (self.state.leader_actions + amount).min(1)
            }
            DRAMA => self.state.drama += amount,
            _ => {}
        }
        let what = if resource == DRAMA {
            "Drama"
        } else {
            "Leader Action"
        };
        self.note(|| format!("{label}: gain {amount} {what}"));
    }

    fn spend(&mut self, resource: Id, amount: i64, _label: &str) -> bool {
        let amount = amount.max(0) as u32;
        let pool = match resource {
            LEADER_ACTION => &mut self.state.leader_actions,
            DRAMA => &mut self.state.drama,
            _ => return false,
        };
        if *pool < amount {
            return false;
        }
        *pool -= amount;
        true
    }

    fn modify(&mut self, stat: Id, by: i64, target: Tgt, duration: Duration, sets: &[CardSet]) {
        if stat != POWER {
            return; // slot stats: `caps`, once per deck
        }
        let set = |f: Option<u16>| f.map(|f| &sets[f as usize]);
        // The target slots, without allocating: `One` is a single slot, the rest a filter
        // over the Table.
        let one = match target {
            Tgt::One(f) => match self.one(f) {
                Some(i) => Some(self.pick_one(i, f, by)),
                None => return,
            },
            _ => None,
        };
        let by32 = by as i32;
        let slots = match one {
            Some(i) => i..i + 1,
            None => 0..self.state.table.len(),
        };
        for i in slots {
            let card = self.state.table[i].card;
            let hit = match target {
                Tgt::This => Some(i) == self.slot,
                Tgt::Others(f) => Some(i) != self.slot && Self::keep(set(f), card),
                Tgt::Each(f) => Self::keep(set(f), card),
                Tgt::One(_) => Some(i) == one,
            };
            if !hit {
                continue;
            }
            if one.is_some() && i < 64 {
                self.chosen |= 1 << i;
            }
            match duration {
                Duration::WhileInPlay => {
                    self.state.table[i].bonus += by32;
                    self.state.extra += by32;
                }
                Duration::Permanent if by >= 0 => self.p.upgrade(self.state, i, by as u32),
                Duration::Permanent => {
                    let slot = &mut self.state.table[i];
                    let down = (by.unsigned_abs() as u32).min(slot.power);
                    slot.power -= down;
                    self.state.power -= down;
                }
                Duration::Turn | Duration::Battle | Duration::NextAttack => {
                    self.state.table[i].temp += by32;
                    self.state.extra += by32;
                }
            }
            if L::ENABLED && duration != Duration::WhileInPlay {
                let p = self.p;
                let slot = self.state.table[i];
                let lasts = match duration {
                    Duration::Permanent => "an Upgrade",
                    _ => "until the end of the turn",
                };
                self.note(|| {
                    format!(
                        "{by:+} power to {} ({lasts}; power {} now): the matching card with the least power",
                        p.name(slot.card),
                        p.slot_power(&slot)
                    )
                });
            }
        }
    }

    fn choose(&mut self, options: &[Vec<Op>]) -> usize {
        self.pick(options).unwrap_or(0)
    }

    fn worth_paying(&mut self, _cost: &[Op], steps: &[Op]) -> bool {
        steps.iter().any(|op| self.acts(op))
    }

    fn begin(&mut self) {
        self.chosen = 0;
    }
}
