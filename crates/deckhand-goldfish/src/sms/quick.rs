//! Employ abilities (`turn_end`) and `while in play` Power bonuses simple enough to
//! resolve without the interpreter when no log is kept: fired at every Mission Phase and
//! every recount, in the game and in each Leader Action look. Each is one step with no
//! cost and no requirement, so resolving it reads nothing but that step
//! (`Programs::resolve`: not idle, nothing paid or asked).

use deckhand_core::Trigger;

use deckhand_core::Duration;

use super::board::{ATTACHED, DISCARD, DRAMA, LEADER_ACTION, POWER};
use super::{Sms, State};
use crate::effects::{Amt, Id, Op, Programs};
use crate::rng::Rng;

/// A card's lone `turn_end` effect, when it is one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Quick {
    /// Gain `n` (> 0) of a resource: a Leader Action (one held at most) or Drama.
    Gain(Id, u32),
    /// Move cards of a filter from the Discard Pile elsewhere than the Table: resolved
    /// here only when the pile holds none (the interpreter moves nothing, counts nothing).
    FromDiscard(Option<u16>),
    /// Draw `n`, then discard `m` (any cards, in the pilot's order): Norbert Next Door.
    DrawDiscard(u32, u32),
}

/// A card's lone `static` effect when it is a Power bonus to its own card: `each` (times
/// the cards of `filter` attached to it, up to `max`, with `attached`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct QuickStatic {
    each: i64,
    attached: bool,
    filter: Option<u16>,
    max: Option<i64>,
}

/// Each card's [`QuickStatic`] effect.
pub(super) fn quick_statics(fx: &Programs, cards: usize) -> Vec<Option<QuickStatic>> {
    (0..cards as u16)
        .map(|card| {
            let mut statics = fx.of(card).iter().filter(|e| e.trigger == Trigger::Static);
            let e = statics.next()?;
            if statics.next().is_some() || !e.reads_nothing() || !e.cost().is_empty() {
                return None;
            }
            let [Op::Modify {
                stat: POWER,
                by,
                target: crate::effects::Tgt::This,
                duration: Duration::WhileInPlay,
            }] = e.steps()
            else {
                return None;
            };
            match by {
                Amt::Fixed(n) => Some(QuickStatic {
                    each: *n,
                    attached: false,
                    filter: None,
                    max: None,
                }),
                Amt::Per {
                    each,
                    filter,
                    zone: ATTACHED,
                    max,
                    distinct: false,
                } => Some(QuickStatic {
                    each: *each,
                    attached: true,
                    filter: *filter,
                    max: *max,
                }),
                _ => None,
            }
        })
        .collect()
}

/// Each card's [`Quick`] `turn_end` effect.
pub(super) fn quick_employs(fx: &Programs, cards: usize) -> Vec<Option<Quick>> {
    (0..cards as u16)
        .map(|card| {
            let mut turn_end = fx.of(card).iter().filter(|e| e.trigger == Trigger::TurnEnd);
            let e = turn_end.next()?;
            if turn_end.next().is_some() || !e.reads_nothing() || !e.cost().is_empty() {
                return None;
            }
            match e.steps() {
                [Op::Gain(Amt::Fixed(n), resource)]
                    if *n > 0 && (*resource == LEADER_ACTION || *resource == DRAMA) =>
                {
                    Some(Quick::Gain(*resource, *n as u32))
                }
                [Op::Move {
                    count: Amt::Fixed(n),
                    from: DISCARD,
                    to,
                    filter,
                    ..
                }] if *n > 0 && *to != super::board::TABLE => Some(Quick::FromDiscard(*filter)),
                [Op::Draw(Amt::Fixed(n)), Op::Discard(Amt::Fixed(m), None)] if *n > 0 && *m > 0 => {
                    Some(Quick::DrawDiscard(*n as u32, *m as u32))
                }
                _ => None,
            }
        })
        .collect()
}

impl Sms {
    /// Puts `card` on the Discard Pile, counted in `State::discard_hits`.
    pub(super) fn discard_push(&self, state: &mut State, card: u16) {
        state.discard.push(card);
        state.discard_hits += u16::from(self.discard_hit[card as usize]);
    }

    /// Takes the Discard Pile's `i`th card out, counted in `State::discard_hits`.
    pub(super) fn discard_remove(&self, state: &mut State, i: usize) -> u16 {
        let card = state.discard.remove(i);
        state.discard_hits -= u16::from(self.discard_hit[card as usize]);
        card
    }

    /// Whether the Discard Pile holds a card of `filter` (any card when `None`), by a
    /// scan: what `State::discard_hits` keeps.
    pub(super) fn discard_matches(&self, state: &State, filter: Option<u16>) -> bool {
        let set = filter.map(|f| self.fx.set(f));
        state
            .discard
            .iter()
            .any(|&c| set.is_none_or(|s| s.contains(c)))
    }

    /// Resolves `card`'s `turn_end` effect as the interpreter would with no log
    /// ([`Quick`]); `None`: the interpreter resolves it. Inlined into the Mission Phase:
    /// it runs for each Employ ability there, looks included, and the call cost about a
    /// third of its work.
    #[inline]
    pub(super) fn fire_quick(&self, card: u16, state: &mut State, rng: &mut Rng) -> Option<u32> {
        match self.quick[card as usize]? {
            Quick::Gain(resource, n) => {
                state.gain(resource, n);
                state.fired.tick(card, Trigger::TurnEnd);
                Some(1)
            }
            Quick::FromDiscard(filter) => {
                let none = match self.discard_filter == Some(filter) {
                    true => state.discard_hits == 0,
                    false => !self.discard_matches(state, filter),
                };
                debug_assert_eq!(none, !self.discard_matches(state, filter));
                none.then_some(1)
            }
            // As `SmsBoard`'s `draw` and `discard` (the discard: the first card of the
            // pilot's order in hand).
            Quick::DrawDiscard(n, m) => {
                let mut drawn = 0;
                while drawn < n && self.draw(state, rng, &mut crate::log::NoLog) {
                    drawn += 1;
                }
                state.stuck &= drawn == 0;
                let acted = self.discard_in_order(state, m) | (drawn > 0);
                if acted {
                    state.fired.tick(card, Trigger::TurnEnd);
                }
                Some(1)
            }
        }
    }
}

impl Sms {
    /// Resolves the `while in play` bonus of the card on Table slot `slot` as the
    /// interpreter would ([`QuickStatic`]); `None`: the interpreter resolves it.
    pub(super) fn fire_quick_static(
        &self,
        card: u16,
        slot: usize,
        state: &mut State,
    ) -> Option<u32> {
        let q = self.quick_static[card as usize]?;
        let by = match q.attached {
            false => q.each,
            true => {
                let s = &state.table[slot];
                let set = q.filter.map(|f| self.fx.set(f));
                let n = crate::effects::count_cards(
                    &[s.equipment, s.equipment2, s.vehicle, s.ship],
                    set,
                ) as i64;
                let n = q.each * n;
                q.max.map_or(n, |m| n.min(m))
            }
        };
        let by = by as i32;
        state.table[slot].bonus += by;
        state.extra += by;
        if by != 0 {
            state.fired.tick(card, Trigger::Static);
        }
        Some(1)
    }
}

/// [`Sms::fire_quick`]'s game (and count) against the interpreter's from the same state
/// (debug builds, tests).
pub(super) fn check_fire_quick(interpreter: (&State, u32), quick: (&State, u32)) {
    let seen = |(s, n): (&State, u32)| {
        (
            n,
            s.leader_actions,
            s.drama,
            s.hand.clone(),
            (s.hand_len, s.stuck, s.skip),
            s.discard.clone(),
            s.discard_hits,
            s.library.remaining().to_vec(),
            s.fired.counts().to_vec(),
        )
    };
    assert_eq!(
        seen(interpreter),
        seen(quick),
        "an Employ ability resolved without the interpreter differs from its resolving"
    );
}

/// [`Sms::fire_quick_static`]'s game (and count) against the interpreter's from the same
/// state (debug builds, tests).
pub(super) fn check_fire_quick_static(interpreter: (&State, u32), quick: (&State, u32)) {
    let seen = |(s, n): (&State, u32)| {
        let bonuses: Vec<i32> = s.table.iter().map(|t| t.bonus).collect();
        (n, s.extra, bonuses, s.fired.counts().to_vec())
    };
    assert_eq!(
        seen(interpreter),
        seen(quick),
        "a `while in play` bonus resolved without the interpreter differs from its resolving"
    );
}
