//! Leader abilities whose Power gain is known from the Table before they are used (an
//! Upgrade-only ability of one filter): at the turn's end the pilot's pick among them needs
//! no look (`look.rs`), since each ends the turn with the Power as it stands plus its gain.
//! Without a log such an ability is also used without the interpreter ([`Sms::fire_exact`]):
//! it is fired at most turns, in the game and in each look.

use deckhand_core::{Duration, Trigger};

use super::board::{LEADER_ACTION, POWER};
use super::look::{Abilities, Ability, TurnValue};
use super::pace::Class;
use super::{Sms, State};
use crate::effects::{Amt, Compiled, Op, Programs, Tgt};
#[cfg(debug_assertions)]
use crate::rng::Rng;

/// A Leader ability whose Power gain is known from the Table before it is used: one
/// `activated` effect with no requirement, paid with the Leader Action alone, whose steps
/// are all `one [filter]` power gains of the same filter. Each step goes to a different
/// matching card, so with `n` of them on the Table the first `n` steps add their Power.
pub(super) struct Exact {
    /// The `one` filter's place in `Sms::one_filters` (its Table slots are
    /// `State::one_slots` there); `None` for any card.
    filter: Option<usize>,
    adds: Vec<u32>,
    /// "You may": used only when a matching card is on the Table (the interpreter's
    /// `worth_paying`); otherwise the Leader Action is spent even then.
    optional: bool,
    /// Every step is an Upgrade (permanent): [`Sms::fire_exact`] plays it.
    upgrades: bool,
}

/// `card`'s one Activated effect when it is paid with the Leader Action alone and reads
/// nothing (no requirement, no count): the shape the shortcuts here and in `cycle.rs` start
/// from.
pub(super) fn leader_ability(fx: &Programs, card: u16) -> Option<&Compiled> {
    let mut activated = fx
        .of(card)
        .iter()
        .filter(|e| e.trigger == Trigger::Activated);
    let e = activated.next()?;
    if activated.next().is_some() || !e.reads_nothing() {
        return None;
    }
    matches!(e.cost(), [Op::Spend(Amt::Fixed(1), LEADER_ACTION)]).then_some(e)
}

/// Each card's [`Exact`] gain, when it has one.
pub(super) fn exact_gains(fx: &Programs, cards: usize, one_filters: &[u16]) -> Vec<Option<Exact>> {
    (0..cards as u16)
        .map(|card| {
            let e = leader_ability(fx, card)?;
            let mut filter = None;
            let mut adds = Vec::new();
            let mut upgrades = true;
            for op in e.steps() {
                let Op::Modify {
                    stat,
                    by: Amt::Fixed(n),
                    target: Tgt::One(f),
                    duration,
                } = op
                else {
                    return None;
                };
                if *stat != POWER || *n <= 0 || *filter.get_or_insert(*f) != *f {
                    return None;
                }
                upgrades &= *duration == Duration::Permanent;
                adds.push(*n as u32);
            }
            let filter = match filter.flatten() {
                Some(f) => Some(one_filters.iter().position(|&g| g == f)?),
                None => None,
            };
            (!adds.is_empty()).then_some(Exact {
                filter,
                adds,
                optional: e.optional,
                upgrades,
            })
        })
        .collect()
}

impl Sms {
    /// The Table slots an [`Exact`] ability's `one [filter]` may pick, as bits; `None` past
    /// 64 slots.
    fn exact_mask(&self, exact: &Exact, state: &State) -> Option<u64> {
        match (exact.filter, state.table.len()) {
            (_, 65..) => None,
            (None, 64) => Some(u64::MAX),
            (None, n) => Some((1 << n) - 1),
            (Some(k), _) => Some(state.one_slots[k]),
        }
    }

    /// Whether `card`'s Leader ability would change something now, when its gain is known
    /// ([`Exact`]): a matching card is on the Table (what the interpreter's `acts` asks of
    /// its first step; each step has the same filter). `None`: ask the interpreter.
    pub(super) fn exact_acts(&self, card: u16, state: &State) -> Option<bool> {
        let exact = self.exact[card as usize].as_ref()?;
        Some(self.exact_mask(exact, state)? != 0)
    }

    /// Fires `card`'s Leader ability, an Upgrade of known gain ([`Exact`]), as the
    /// interpreter would with the pilot answering (`Programs::resolve`: used when it acts if
    /// optional, the Leader Action paid, each step's `one` the matching card with the least
    /// power not yet chosen, ties the first on the Table), without building a board.
    /// `None`: the interpreter fires it. Checked against it in debug builds (`moments.rs`).
    pub(super) fn fire_exact(&self, card: u16, state: &mut State) -> Option<u32> {
        let exact = self.exact[card as usize].as_ref().filter(|e| e.upgrades)?;
        let mut mask = self.exact_mask(exact, state)?;
        if (exact.optional && mask == 0) || state.leader_actions == 0 {
            return Some(0);
        }
        state.leader_actions -= 1;
        for &n in &exact.adds {
            if mask == 0 {
                break;
            }
            // The matching card with the least power not chosen yet (ties: the first).
            let mut bits = mask;
            let mut least = bits.trailing_zeros() as usize;
            let mut least_power = self.slot_power(&state.table[least]);
            bits &= bits - 1;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                let power = self.slot_power(&state.table[i]);
                if power < least_power {
                    (least, least_power) = (i, power);
                }
                bits &= bits - 1;
            }
            mask &= !(1 << least);
            self.upgrade(state, least, n);
        }
        state.fired.tick(card, Trigger::Activated);
        Some(1)
    }

    /// At the turn's end, the pick among `ready` found without a look, when every ability
    /// there that can add Power has a known gain ([`Exact`]): each ends the turn with the
    /// Power as it stands plus that gain, the same Main cards, and the hand less the Event
    /// used; the best of them (ties: the pilot's order) beats keeping the Leader Action and
    /// any ability that adds no Power ([`Class::Neutral`]), as the looks would find.
    /// `None`: the looks decide.
    pub(super) fn exact_pick(&self, ready: &Abilities, state: &State) -> Option<Ability> {
        // The Power is not clamped at 0 now, so a gain adds to it exactly.
        if i64::from(state.power) + i64::from(state.extra) < 0 || state.table.len() > 64 {
            return None;
        }
        let mut best: Option<(TurnValue, Ability)> = None;
        for a in ready.iter() {
            if self.class(state, a) == Class::Neutral {
                continue;
            }
            let value = self.exact_value(a, state)?;
            if best.is_none_or(|(v, b)| {
                value > v || (value == v && self.order(state, a) < self.order(state, b))
            }) {
                best = Some((value, a));
            }
        }
        best.map(|(_, a)| a)
    }

    /// The plan value right after `a` is used at the turn's end, when its gain is known
    /// ([`Exact`]) and it adds some.
    fn exact_value(&self, a: Ability, state: &State) -> Option<TurnValue> {
        let (card, used_up) = match a {
            Ability::Table(i) => (state.table[i as usize].card, false),
            Ability::Hand(card) => (card, self.f(card).event),
            Ability::Keep => return None,
        };
        let exact = self.exact[card as usize].as_ref()?;
        let slots = match exact.filter {
            None => state.table.len() as u32,
            Some(k) => state.one_slots[k].count_ones(),
        };
        let gain: u32 = exact.adds.iter().take(slots as usize).sum();
        if gain == 0 {
            return None;
        }
        Some((
            self.table_power(state) + gain,
            state.deployed,
            state.hand_len - u32::from(used_up),
        ))
    }

    /// [`Self::exact_pick`] checked against the looks it spares (debug builds).
    #[cfg(debug_assertions)]
    pub(super) fn check_exact_pick(
        &self,
        ready: &Abilities,
        pick: Ability,
        state: &State,
        rng: &Rng,
    ) {
        for a in ready.iter() {
            if self.class(state, a) == Class::Neutral {
                continue;
            }
            let look = self
                .look(a, state, rng, false, None)
                .expect("a look without a bar is played to the end");
            assert_eq!(
                Some(look.value),
                self.exact_value(a, state),
                "an Upgrade's known gain differs from its look"
            );
            crate::scratch::give_back(&super::scratch::COPIES, look.state);
        }
        let looked = self.exact_pick(ready, state);
        assert_eq!(looked, Some(pick));
    }
}

/// [`Sms::fire_exact`]'s game (and count) against the interpreter's from the same state
/// (debug builds, tests): the same Power, Upgrades, Leader Actions and fired counts.
pub(super) fn check_fire_exact(interpreter: (&State, u32), fast: (&State, u32)) {
    let seen = |(s, n): (&State, u32)| {
        let slots: Vec<(u16, u16, u32, i32, i32)> = s
            .table
            .iter()
            .map(|t| (t.card, t.upgrades, t.power, t.bonus, t.temp))
            .collect();
        (
            n,
            s.power,
            s.extra,
            s.leader_actions,
            slots,
            s.fired.counts().to_vec(),
        )
    };
    assert_eq!(
        seen(interpreter),
        seen(fast),
        "an Upgrade of known gain fired without the interpreter differs from its firing"
    );
}
