//! What the deck's effects tell the pilot of Showdown's Leader abilities before the game
//! (docs/pilots.md#showdown-the-decisions): each card's [`Class`], and the [`Pace`] that
//! lets a Leader Action at the turn's start skip a look (`look.rs`'s module comment), and
//! with a lone paced ability on the Table and none in hand, the listing and weighing of the
//! ready abilities too ([`Sms::lone_paced`]).

use deckhand_core::Trigger;

use super::board::{LEADER_ACTION, POWER, TABLE};
use super::look::{Ability, Next};
use super::{Sms, State};
use crate::effects::{Amt, Op, Programs, Tgt};
use crate::log::NoLog;
use crate::rng::Rng;

#[cfg(test)]
thread_local! {
    /// Turn starts whose first Leader Action went to a lone paced ability, for the tests.
    pub(super) static LONE_PACED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// What a card's Leader ability can do to the plan value, known before the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// Only `one [filter]` power gains: when it acts, it adds Power.
    Upgrades,
    /// No power change and nothing put on the Table: it adds no Power and no Main card.
    Neutral,
    /// Anything else (or no ability).
    Other,
}

/// Each card's [`Class`], by its `activated` effects.
pub(super) fn ability_classes(fx: &Programs, cards: usize) -> Vec<Class> {
    fn neutral(ops: &[Op]) -> bool {
        ops.iter().all(|op| match op {
            Op::Modify { stat, .. } => *stat != POWER,
            Op::Move { to, .. } => *to != TABLE,
            Op::Choose(options, _) => options.iter().all(|o| neutral(o)),
            _ => true,
        })
    }
    fn upgrades(ops: &[Op]) -> bool {
        !ops.is_empty()
            && ops.iter().all(|op| {
                matches!(op, Op::Modify { stat, by: Amt::Fixed(n), target: Tgt::One(_), .. }
                    if *stat == POWER && *n > 0)
            })
    }
    (0..cards as u16)
        .map(|card| {
            let activated: Vec<&[Op]> = fx
                .of(card)
                .iter()
                .filter(|e| e.trigger == Trigger::Activated)
                .map(|e| e.steps())
                .collect();
            if activated.is_empty() {
                Class::Other
            } else if activated.iter().all(|ops| upgrades(ops)) {
                Class::Upgrades
            } else if activated.iter().all(|ops| neutral(ops)) {
                Class::Neutral
            } else {
                Class::Other
            }
        })
        .collect()
}

/// What the deck's effects let the pilot know, before the game, of a Leader Action at the
/// turn's start (the module comment): its `ability` cards are Table abilities that only add
/// Power, and using one then ends the turn exactly that Power better than keeping the
/// Leader Action when a `regains` card is on the Table.
///
/// Why: the Table card's turn-end effect gains a Leader Action for sure, and no more than
/// one is ever held, so both ways the turn's end holds one; nothing else spends or reads
/// them. The deck's effects read no card's power but to choose among targets (`one`, the
/// Upgrade action), and each adds the same Power whichever it picks: no power change is
/// negative (clamped at 0 it would depend on the target), and no effect's `one` targets
/// have two filters (which cards are left for the second would depend on powers). So the
/// turn plays the same with the Power added at the start, and ends with it on top.
pub(super) struct Pace {
    pub(super) ability: Vec<bool>,
    regains: Vec<bool>,
    /// The deck's effects are blind to Power, as above: they read no card's power but to
    /// choose among targets, and each adds the same Power whichever it picks (`memo.rs`).
    pub(super) blind: bool,
}

impl Pace {
    pub(super) fn new(fx: &Programs, classes: &[Class]) -> Pace {
        let cards = classes.len();
        fn blind(ops: &[Op], activated: bool, one: &mut Option<Option<u16>>) -> bool {
            ops.iter().all(|op| match op {
                Op::Modify {
                    stat, by, target, ..
                } if *stat == POWER => {
                    let up = match by {
                        Amt::Fixed(n) => *n >= 0,
                        Amt::Per { each, .. } => *each >= 0,
                    };
                    let single = match target {
                        Tgt::One(f) => *one.get_or_insert(*f) == *f,
                        _ => true,
                    };
                    up && single
                }
                Op::Spend(_, resource) => activated || *resource != LEADER_ACTION,
                Op::Choose(options, _) => options.iter().all(|o| blind(o, activated, one)),
                _ => true,
            })
        }
        let blind_deck = (0..cards as u16).all(|card| {
            fx.of(card).iter().all(|e| {
                let activated = e.trigger == Trigger::Activated;
                let mut one = None;
                blind(e.cost(), activated, &mut one) && blind(e.steps(), activated, &mut one)
            })
        });
        let ability = (0..cards as u16)
            .map(|card| {
                blind_deck
                    && classes[card as usize] == Class::Upgrades
                    && fx
                        .of(card)
                        .iter()
                        .filter(|e| e.trigger == Trigger::Activated)
                        .flat_map(|e| e.cost())
                        .all(|op| matches!(op, Op::Spend(_, LEADER_ACTION)))
            })
            .collect();
        let regains = (0..cards as u16)
            .map(|card| {
                fx.of(card).iter().any(|e| {
                    e.trigger == Trigger::TurnEnd
                        && e.reads_nothing()
                        && e.cost().is_empty()
                        && matches!(e.steps().first(), Some(Op::Gain(Amt::Fixed(n), LEADER_ACTION)) if *n >= 1)
                })
            })
            .collect();
        Pace {
            ability,
            regains,
            blind: blind_deck,
        }
    }

    /// Whether a card on the Table regains a Leader Action at the turn's end (the Table
    /// only grows, so it is still there then). Such a card has a `turn_end` effect: only
    /// the Employ slots are asked.
    pub(super) fn holds(&self, state: &State) -> bool {
        let holds = state
            .employ_slots
            .of(state.table.len())
            .any(|i| self.regains[state.table[i].card as usize]);
        debug_assert_eq!(
            holds,
            state.table.iter().any(|s| self.regains[s.card as usize])
        );
        holds
    }
}

impl Sms {
    /// The first Leader Action of a turn's start without a log, when the Table holds one
    /// Leader ability, a paced one ([`Pace::ability`]) that [`Pace::holds`] for, and no card
    /// with a Leader ability is in hand: the weighing would have it alone to weigh (or none,
    /// when it would change nothing), and use it with no look. So it is used when it would
    /// act, and the Leader Action kept when not, without listing the ready abilities
    /// (`Sms::abilities_that_act`) or weighing them. `None`: weighed as usual; else the
    /// pick (`Keep`: none) and what the weighing would return.
    pub(super) fn lone_paced(&self, state: &mut State, rng: &mut Rng) -> Option<(Ability, Next)> {
        if self
            .hand_abilities
            .iter()
            .any(|&c| state.hand[c as usize] > 0)
        {
            return None;
        }
        let i = self.sole_ability_slot(state)?;
        let card = state.table[i].card;
        if !self.pace.ability[card as usize] || !self.pace.holds(state) {
            return None;
        }
        #[cfg(debug_assertions)]
        let weighed = {
            let (mut state, mut rng) = (state.clone(), rng.clone());
            let ready = self.abilities_that_act(&mut state);
            let mut pick = None;
            self.weigh_leader_action(&ready, &mut state, &mut rng, true, &mut pick);
            (pick, super::last_look::seen(&state), rng)
        };
        let pick = match self.would_act(card, Trigger::Activated, Some(i), state) {
            true => Ability::Table(i as u32),
            false => Ability::Keep,
        };
        let next = match pick {
            Ability::Keep => Next::Stop,
            _ => Next::of(self.use_ability(pick, state, rng, &mut NoLog)),
        };
        #[cfg(debug_assertions)]
        assert_eq!(
            weighed,
            (Some(pick), super::last_look::seen(state), rng.clone()),
            "a lone paced ability at a turn's start is used as the weighing uses it"
        );
        #[cfg(test)]
        LONE_PACED.with(|n| n.set(n.get() + 1));
        Some((pick, next))
    }
}
