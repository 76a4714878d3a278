//! One effect's view of a Showdown game for the shared interpreter (`moments.rs` maps the
//! moments; the pilot's choices inside an effect are its module comment's).

use deckhand_core::{Duration, GoldfishNote, StepKind, Trigger};

use super::{Sms, State, NONE};
use crate::choice::ChoiceKind;
use crate::effects::{
    count_cards, count_hand, Amt, Board, CardSet, EffectsMode, Id, Move, Op, Plays, Reading, Tgt,
};
use crate::log::{Action, Log};
use crate::rng::Rng;

// Zone, resource and stat ids: positions in `PLAYS`.
pub(super) const DECK: Id = 0;
pub(super) const HAND: Id = 1;
pub(super) const DISCARD: Id = 2;
pub(super) const TABLE: Id = 3;
pub(super) const ATTACHED: Id = 4;
pub(super) const LEADER_ACTION: Id = 0;
pub(super) const DRAMA: Id = 1;
pub(super) const POWER: Id = 0;
pub(super) const EQUIPMENT_SLOTS: Id = 1;
pub(super) const VEHICLE_SLOTS: Id = 2;
pub(super) const SHIP_SLOTS: Id = 3;

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

/// One effect's view of a Showdown game; `slot` is the Table slot of the effect's card.
pub(super) struct SmsBoard<'a, L: Log> {
    pub(super) p: &'a Sms,
    pub(super) state: &'a mut State,
    pub(super) rng: &'a mut Rng,
    pub(super) log: &'a mut L,
    pub(super) slot: Option<usize>,
    /// Table slots this effect's `one` targets already chose (a bit each).
    pub(super) chosen: u64,
    /// The effect's use was chosen already (a Leader Action): its "you may" is not asked.
    pub(super) decided: bool,
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
    pub(super) fn acts(&self, op: &Op) -> bool {
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
    /// candidates are the filter's mask ([`one_filters`](super::moments::one_filters)) less
    /// the slots this effect chose; a Table past 64 slots, or an untracked filter, is scanned.
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

    /// The Table slots `filter` matches, as bits
    /// ([`one_filters`](super::moments::one_filters)); `None` past 64 slots or for an
    /// untracked filter.
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
        let state = &*self.state;
        let n = match zone {
            DECK => count_cards(state.library.remaining(), set),
            HAND => count_hand(&state.hand, set),
            DISCARD => count_cards(&state.discard, set),
            TABLE => (0..state.table.len())
                .map(|i| {
                    count_cards([&state.table[i].card], set) + count_cards(&self.attached(i), set)
                })
                .sum(),
            ATTACHED => self.slot.map_or(0, |i| count_cards(&self.attached(i), set)),
            _ => 0,
        };
        n as i64
    }

    fn move_card(&mut self, step: Move<'_>, label: &str) -> bool {
        let (p, from, to, set, search) = (self.p, step.from, step.to, step.set, step.search);
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
        let Some(mut card) = card else {
            return false;
        };
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
                p.discard_remove(self.state, i);
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
                self.note(|| format!("{label}: take {} from {whence} into the hand", p.name(card)));
            }
        }
        true
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
            p.discard_push(self.state, card);
            self.note(|| format!("{label}: discard {}", p.name(card)));
            done += 1;
        }
        done
    }

    fn gain(&mut self, resource: Id, amount: i64, label: &str) {
        let amount = amount.max(0) as u32;
        self.state.gain(resource, amount);
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
