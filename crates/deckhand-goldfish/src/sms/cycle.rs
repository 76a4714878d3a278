//! Leader abilities that only change the hand, resolved and asked without the interpreter
//! when no log is kept: Commercial Break's "discard up to 2 cards and draw that many" (a
//! choice of options each a discard then a draw) and Cereal Prize Inside's search of the
//! deck for an Attachment. They are weighed in most Leader Action looks at the turn's
//! start, in the game and in each look.

use deckhand_core::Trigger;

use super::board::{DECK, HAND};
use super::exact::leader_ability;
use super::{Sms, State};
use crate::effects::{Amt, Op, Programs};
use crate::log::NoLog;
use crate::rng::Rng;

/// A Leader ability paid with the Leader Action alone, with no requirement, whose steps
/// only change the hand.
pub(super) struct Cycle {
    steps: Steps,
    optional: bool,
}

enum Steps {
    /// One choice among options each "discard `n`, then draw `m`" (any cards, fixed
    /// counts): per option, the cards discarded, then drawn.
    Swap(Vec<(u32, u32)>),
    /// Search the deck for `n` cards of a filter, into the hand.
    Search(Option<u16>, u32),
}

/// Each card's [`Cycle`], when its Leader ability is one.
pub(super) fn cycles(fx: &Programs, cards: usize) -> Vec<Option<Cycle>> {
    (0..cards as u16)
        .map(|card| {
            let e = leader_ability(fx, card)?;
            let steps = match e.steps() {
                [Op::Choose(options, _)] => Steps::Swap(
                    options
                        .iter()
                        .map(|o| match o.as_slice() {
                            [Op::Discard(Amt::Fixed(n), None), Op::Draw(Amt::Fixed(m))]
                                if *n >= 1 && *m >= 1 =>
                            {
                                Some((*n as u32, *m as u32))
                            }
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()
                        .filter(|o| !o.is_empty())?,
                ),
                [Op::Move {
                    count: Amt::Fixed(n),
                    from: DECK,
                    to: HAND,
                    filter,
                    search: true,
                }] if *n >= 1 => Steps::Search(*filter, *n as u32),
                _ => return None,
            };
            Some(Cycle {
                steps,
                optional: e.optional,
            })
        })
        .collect()
}

impl Sms {
    /// Fires `card`'s Leader ability, a [`Cycle`], as the interpreter would with the pilot
    /// answering (`Programs::resolve`, `SmsBoard`'s `pick`, `discard` and `draw`): the
    /// option with the most discards that only touch cards the pilot never plays (ties:
    /// the first; none: the first option, and an optional ability is then not used), the
    /// Leader Action paid, the discards in the pilot's order, the draws from the stream.
    /// `None`: the interpreter fires it. Checked against it in debug builds (`moments.rs`).
    pub(super) fn fire_cycle(&self, card: u16, state: &mut State, rng: &mut Rng) -> Option<u32> {
        let cycle = self.cycle[card as usize].as_ref()?;
        // A swap's option, picked once: whether it acts asks the same pick.
        let pick = match &cycle.steps {
            Steps::Swap(options) => self.swap_pick(options, state),
            Steps::Search(..) => None,
        };
        let acts = || match &cycle.steps {
            Steps::Swap(_) => pick.is_some() && !state.library.is_empty(),
            Steps::Search(..) => self.cycle_acts(cycle, state),
        };
        if (cycle.optional && !acts()) || state.leader_actions == 0 {
            return Some(0);
        }
        debug_assert_eq!(acts(), self.cycle_acts(cycle, state));
        state.leader_actions -= 1;
        let acted = match &cycle.steps {
            Steps::Swap(options) => {
                let (discards, draws) = options[pick.unwrap_or(0)];
                let acted = self.discard_in_order(state, discards);
                let mut drawn = 0;
                while drawn < draws && self.draw(state, rng, &mut NoLog) {
                    drawn += 1;
                }
                state.stuck &= drawn == 0;
                acted | (drawn > 0)
            }
            &Steps::Search(filter, n) => {
                let set = filter.map(|f| self.fx.set(f));
                let mut moved = 0;
                while moved < n {
                    let Some(c) = state
                        .library
                        .remaining()
                        .iter()
                        .copied()
                        .filter(|&c| set.is_none_or(|s| s.contains(c)))
                        .min_by_key(|&c| self.take_rank[c as usize])
                    else {
                        break;
                    };
                    state.library.take(c);
                    self.return_to_hand(state, c);
                    state.stuck = false;
                    moved += 1;
                }
                moved > 0
            }
        };
        if acted {
            state.fired.tick(card, Trigger::Activated);
        }
        Some(1)
    }

    /// The option of a [`Steps::Swap`] the pilot takes (`SmsBoard::pick`): the most
    /// discards that only touch cards it never plays, ties the first; `None` when each
    /// discards more of those than the hand holds.
    fn swap_pick(&self, options: &[(u32, u32)], state: &State) -> Option<usize> {
        // The pick reads the count only up to the most discards of an option: the count
        // stops there (the hand usually holds that many such cards among the first few).
        let most = options
            .iter()
            .map(|&(discards, _)| discards)
            .max()
            .unwrap_or(0);
        let mut dead = 0;
        for &c in &self.dead {
            if dead >= most {
                break;
            }
            dead += u32::from(state.hand[c as usize]);
        }
        debug_assert_eq!(
            dead.min(most),
            self.dead
                .iter()
                .map(|&c| u32::from(state.hand[c as usize]))
                .sum::<u32>()
                .min(most),
            "the capped count of the cards the pilot never plays differs from the full count"
        );
        let mut best: Option<(u32, usize)> = None;
        for (i, &(discards, _)) in options.iter().enumerate() {
            if discards <= dead && best.is_none_or(|(most, _)| discards > most) {
                best = Some((discards, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Whether `cycle` would change something now (`SmsBoard::acts` of its step).
    fn cycle_acts(&self, cycle: &Cycle, state: &State) -> bool {
        match &cycle.steps {
            Steps::Swap(options) => {
                self.swap_pick(options, state).is_some() && !state.library.is_empty()
            }
            &Steps::Search(filter, _) => {
                let set = filter.map(|f| self.fx.set(f));
                state
                    .library
                    .remaining()
                    .iter()
                    .any(|&c| set.is_none_or(|s| s.contains(c)))
            }
        }
    }

    /// The discards and draws of the option `card`'s Leader ability would take now, when it
    /// is a [`Steps::Swap`] that acts (each discard a card the pilot never plays).
    pub(super) fn swap_counts(&self, card: u16, state: &State) -> Option<(u32, u32)> {
        let Steps::Swap(options) = &self.cycle[card as usize].as_ref()?.steps else {
            return None;
        };
        Some(options[self.swap_pick(options, state)?])
    }

    /// [`Self::cycle_acts`] for `card`'s Leader ability, when it is a [`Cycle`].
    pub(super) fn cycle_would_act(&self, card: u16, state: &State) -> Option<bool> {
        Some(self.cycle_acts(self.cycle[card as usize].as_ref()?, state))
    }
}

/// [`Sms::fire_cycle`]'s game (and count) against the interpreter's from the same state
/// and stream (debug builds, tests).
pub(super) fn check_fire_cycle(interpreter: (&State, u32), fast: (&State, u32)) {
    let seen = |(s, n): (&State, u32)| {
        (
            n,
            s.leader_actions,
            s.hand.clone(),
            s.hand_len,
            s.discard.clone(),
            s.library.remaining().to_vec(),
            (s.stuck, s.skip),
            s.fired.counts().to_vec(),
        )
    };
    assert_eq!(
        seen(interpreter),
        seen(fast),
        "a hand-cycling Leader ability resolved without the interpreter differs from its resolving"
    );
}
