//! Showdown's Leader Actions (docs/pilots.md#showdown-the-decisions): which ability each
//! one goes to, weighed by the rest of the turn played on a copy of the game.
//!
//! Without a log ([`Log::SILENT`]) the pick is the same, found with fewer plays:
//! - the copy of the pick's look becomes the game, its stream with it, so the turn is not
//!   played a second time (the look played it as the game would: the same pilot from the
//!   same state and stream);
//! - at the turn's end nothing follows, so keeping the Leader Action is worth the board as
//!   it stands, no copy;
//! - at the turn's end, when every ability that can add Power has a gain known from the
//!   Table (`exact.rs`), the pick is made from those gains, no copy;
//! - at the turn's start, a Table ability that only adds Power ([`Pace`](super::pace::Pace)) beats keeping
//!   the Leader Action by exactly its Power, so keeping it is not looked at, and when no
//!   other ability is ready, the ability is used with no look at all;
//! - a look that, its actions done (or known to be Upgrades only), or its Mission Phase
//!   done, cannot end the turn with as much Power as the best look so far, or as much and
//!   as many Main cards on the Table, stops there (`tail.rs`): it would lose.
//! - at the turn's start, a state that is the last start's but for Power (and the same
//!   stream) takes the last start's pick, with no look (`memo.rs`).

use deckhand_core::Trigger;

use super::pace::Class;
use super::{Sms, State, HAND_SIZE, NONE};
use crate::choice::ChoiceKind;
use crate::log::{Log, NoLog};
use crate::rng::Rng;

/// A Showdown turn's plan value: Power on the Table, Main cards on it, cards in hand
/// (docs/pilots.md#plan-value), compared in that order.
pub(super) type TurnValue = (u32, u32, u32);

/// What a look must reach not to lose to the best look so far: that look's Power and Main
/// cards on the Table. Once a look's actions are done nothing more goes down (`tail.rs`),
/// so a look whose most Power and Main cards on the Table fall short of it, in that order,
/// ends with a lower plan value.
pub(super) type Bar = (u32, u32);

/// Whether a turn's end `end` lies within the bound `most` on it: no more Power, the same
/// Main cards on the Table (debug builds).
fn within(end: Bar, most: Bar) -> bool {
    end.0 <= most.0 && end.1 == most.1
}

/// The [`Bar`] the look that ended with `value` sets.
pub(super) fn bar_of(value: TurnValue) -> Bar {
    (value.0, value.1)
}

/// What one Leader Action did, for the loop that spends them.
pub(super) enum Next {
    /// An ability changed something: the next Leader Action, if any, is weighed.
    Again,
    /// Kept, or nothing changed: none more at this moment.
    Stop,
    /// A look became the game: the rest of the turn is played.
    Played,
}

impl Next {
    pub(super) fn of(done: bool) -> Next {
        match done {
            true => Next::Again,
            false => Next::Stop,
        }
    }
}

/// One ability tried on a copy: the copy and its stream where the look ended, and the
/// plan value there.
pub(super) struct Look {
    pub(super) ability: Ability,
    pub(super) state: Box<State>,
    pub(super) rng: Rng,
    pub(super) value: TurnValue,
    /// The ability changed something and, at the turn's start, left a Leader Action: the
    /// game would weigh the next one before its Actions, which the look played at once.
    pub(super) again: bool,
}

#[cfg(test)]
thread_local! {
    /// Looks cut once their Mission Phase was done, for the tests.
    pub(super) static CUT_AFTER_PHASE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl Sms {
    /// Spends the side's Leader Actions (see `moments.rs`'s module comment); `refill` at the
    /// start of the turn. True when the rest of the turn was played with them (a look that
    /// became the game: only at the start, without a log).
    pub(super) fn leader_actions<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        refill: bool,
    ) -> bool {
        if refill && state.leader_actions == 0 {
            state.leader_actions = 1;
        }
        // At the start of the turn its Actions and Mission Phase are still to come.
        let ahead = refill;
        // Without a log the first at the turn's start may be the last start's (`memo.rs`).
        let mut first = ahead && L::SILENT && !L::CHOOSES && self.pace.blind;
        while state.leader_actions > 0 {
            let next = match first {
                true => self.first_leader_action(state, rng),
                false => self.leader_action(state, rng, log, ahead),
            };
            first = false;
            match next {
                Next::Again => {}
                Next::Stop => return false,
                Next::Played => return true,
            }
        }
        false
    }

    /// One Leader Action, or none: the ability whose use ends the turn with the highest
    /// plan value, used only when that beats keeping the Leader Action
    /// (docs/pilots.md#plan-value; ties: kept). With `ahead`, the turn's Actions and
    /// Mission Phase are still to come and are played on a copy for each.
    fn leader_action<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
        ahead: bool,
    ) -> Next {
        // Only the pilot answers: no choice to count, so the look-ahead can be skipped.
        // Only at the turn's end, where nothing follows: an Upgrade that acts adds Power.
        if !L::CHOOSES && !ahead {
            if let Some(done) = self.lone_ability(state, rng, log) {
                return Next::of(done);
            }
        }
        let ready = self.abilities_that_act(state);
        if L::SILENT {
            return self.silent_leader_action(&ready, state, rng, ahead);
        }
        let (best, gain) = self.best_ability(&ready, state, rng, ahead);
        let kept = match best {
            Ability::Keep => None,
            _ => Some(self.turn_value(state, rng, None, ahead)),
        };
        let pilot = match kept {
            Some(kept) if gain.1 <= kept => Ability::Keep,
            _ => best,
        };
        let gain = gain.0;
        let pick = log.pick(
            ChoiceKind::Activate,
            pilot,
            || {
                let mut options = ready.to_vec();
                options.push(Ability::Keep);
                options
            },
            |a| match a {
                Ability::Table(i) => format!(
                    "Leader Action: {}'s ability",
                    self.name(state.table[i as usize].card)
                ),
                Ability::Hand(card) => format!("Leader Action: {} from the hand", self.name(card)),
                Ability::Keep => "Keep the Leader Action".to_owned(),
            },
            || match (pilot, ready.len()) {
                (Ability::Keep, 0) => "no ability would change something".into(),
                (Ability::Keep, _) => {
                    "no ability ends the turn better than keeping the Leader Action".into()
                }
                (_, 1) => "the only ability that would change something".into(),
                _ => format!(
                    "it adds the most Power on the Table ({gain:+}; ties: the first in the deck list)"
                ),
            },
            || crate::procedure::Procedure::zones(self, state),
            rng,
        );
        Next::of(self.use_ability(pick, state, rng, log))
    }

    /// [`Self::leader_action`] without a log: the same pick (see the module comment), the
    /// pick's look kept as the game.
    fn silent_leader_action(
        &self,
        ready: &Abilities,
        state: &mut State,
        rng: &mut Rng,
        ahead: bool,
    ) -> Next {
        self.weigh_leader_action(ready, state, rng, ahead, &mut None)
    }

    /// [`Self::silent_leader_action`], noting in `pick` the ability it used (`Keep`: none):
    /// the game plays on as after [`Self::use_ability`] of it (the memo replays it so,
    /// `memo.rs`).
    pub(super) fn weigh_leader_action(
        &self,
        ready: &Abilities,
        state: &mut State,
        rng: &mut Rng,
        ahead: bool,
        pick: &mut Option<Ability>,
    ) -> Next {
        if ready.is_empty() {
            *pick = Some(Ability::Keep);
            return Next::Stop;
        }
        let paced = |a: Ability| match a {
            Ability::Table(i) => self.pace.ability[state.table[i as usize].card as usize],
            _ => false,
        };
        let neutral = |a: Ability| self.class(state, a) == Class::Neutral;
        let mut weighed = Abilities::default();
        let mut keep_weighed = true;
        let paced_n = match ahead {
            true => ready.iter().filter(|&a| paced(a)).count(),
            false => 0,
        };
        if paced_n > 0 && self.pace.holds(state) {
            // Keeping the Leader Action ends the turn worse than each paced ability, and
            // they rank among themselves by the Power they add (ties: the pilot's order).
            keep_weighed = false;
            let mut up: Option<(u32, Ability)> = None;
            for a in ready.iter().filter(|&a| paced(a)) {
                let power = match paced_n > 1 {
                    true => self.power_after(a, state, rng),
                    false => 0,
                };
                if up.is_none_or(|(p, b)| {
                    power > p || (power == p && self.order(state, a) < self.order(state, b))
                }) {
                    up = Some((power, a));
                }
                if paced_n == 1 {
                    break;
                }
            }
            let up = up.map_or(Ability::Keep, |(_, a)| a);
            if paced_n == ready.len() {
                *pick = Some(up);
                return Next::of(self.use_ability(up, state, rng, &mut NoLog));
            }
            weighed.push(up);
            ready
                .iter()
                .filter(|&a| !paced(a))
                .for_each(|a| weighed.push(a));
        } else if ahead {
            ready.iter().for_each(|a| weighed.push(a));
        } else if let Some(exact) = self.exact_pick(ready, state) {
            #[cfg(debug_assertions)]
            self.check_exact_pick(ready, exact, state, rng);
            *pick = Some(exact);
            return Next::of(self.use_ability(exact, state, rng, &mut NoLog));
        } else {
            // At the turn's end an ability that adds no Power and puts nothing down leaves
            // the Power as it is: it loses to any that adds some, so it comes last and is
            // not looked at once one has.
            ready
                .iter()
                .filter(|&a| !neutral(a))
                .for_each(|a| weighed.push(a));
            ready
                .iter()
                .filter(|&a| neutral(a))
                .for_each(|a| weighed.push(a));
        }
        let power = self.table_power(state);
        let mut best: Option<Look> = None;
        let last = weighed.len().wrapping_sub(1);
        for (k, ability) in weighed.iter().enumerate() {
            if ahead && !keep_weighed && k == last {
                if let Some(mut b) = best.take_if(|b| !b.again) {
                    if !self.foreseen_loss(ability, state, rng, bar_of(b.value)) {
                        return self.last_look(ability, false, b, state, rng, pick);
                    }
                    // It loses: the best look so far becomes the game, as `last_look` does.
                    *pick = Some(b.ability);
                    std::mem::swap(state, &mut *b.state);
                    *rng = b.rng;
                    crate::scratch::give_back(&super::scratch::COPIES, b.state);
                    return Next::Played;
                }
            }
            let beaten = best.as_ref().is_some_and(|b| b.value.0 > power);
            if !ahead && beaten && neutral(ability) {
                continue;
            }
            // A look that cannot reach the best one's Power ends once its actions are done.
            let bar = best.as_ref().map(|b| bar_of(b.value));
            if ahead && bar.is_some_and(|bar| self.foreseen_loss(ability, state, rng, bar)) {
                continue;
            }
            let Some(look) = self.look(ability, state, rng, ahead, bar) else {
                continue;
            };
            let better = best.as_ref().is_none_or(|b| {
                look.value > b.value
                    || (look.value == b.value
                        && self.order(state, ability) < self.order(state, b.ability))
            });
            let loser = match better {
                true => best.replace(look),
                false => Some(look),
            };
            if let Some(loser) = loser {
                crate::scratch::give_back(&super::scratch::COPIES, loser.state);
            }
        }
        let Some(mut best) = best else {
            *pick = Some(Ability::Keep);
            return Next::Stop;
        };
        if keep_weighed {
            if ahead && !best.again {
                return self.last_look(Ability::Keep, true, best, state, rng, pick);
            }
            if ahead {
                let keep = self
                    .look(Ability::Keep, state, rng, true, None)
                    .expect("a look without a bar is played to the end");
                let loser = match best.value <= keep.value {
                    true => std::mem::replace(&mut best, keep),
                    false => keep,
                };
                crate::scratch::give_back(&super::scratch::COPIES, loser.state);
            } else if best.value <= (power, state.deployed, state.hand_len) {
                crate::scratch::give_back(&super::scratch::COPIES, best.state);
                *pick = Some(Ability::Keep);
                return Next::Stop;
            }
        }
        *pick = Some(best.ability);
        if ahead && best.again {
            // The game weighs the next Leader Action before its Actions: used here, the
            // rest played by the game.
            crate::scratch::give_back(&super::scratch::COPIES, best.state);
            return Next::of(self.use_ability(best.ability, state, rng, &mut NoLog));
        }
        std::mem::swap(state, &mut *best.state);
        *rng = best.rng;
        crate::scratch::give_back(&super::scratch::COPIES, best.state);
        match ahead {
            true => Next::Played,
            false => Next::of(best.again),
        }
    }

    /// `ability` used on a copy of `state`, and with `ahead` the rest of the turn played
    /// there ([`Self::rest_of_turn`]). `None` when, its actions done, the turn cannot end
    /// with `bar` or more ([`Bar`], `tail.rs`): the look would lose to one that does.
    pub(super) fn look(
        &self,
        ability: Ability,
        state: &State,
        rng: &Rng,
        ahead: bool,
        bar: Option<Bar>,
    ) -> Option<Look> {
        let mut copy = crate::scratch::take(&super::scratch::COPIES, state);
        let mut rng = rng.clone();
        let again = self.use_in_look(ability, &mut copy, &mut rng, ahead);
        match self.finish_look(&mut copy, &mut rng, ahead, bar) {
            Some(value) => Some(Look {
                ability,
                state: copy,
                rng,
                value,
                again,
            }),
            None => {
                crate::scratch::give_back(&super::scratch::COPIES, copy);
                None
            }
        }
    }

    /// `ability` used in a look: whether it changed something and, at the turn's start,
    /// left a Leader Action ([`Look::again`]).
    pub(super) fn use_in_look(
        &self,
        ability: Ability,
        state: &mut State,
        rng: &mut Rng,
        ahead: bool,
    ) -> bool {
        let done = self.use_ability(ability, state, rng, &mut NoLog);
        done && (!ahead || state.leader_actions > 0)
    }

    /// The rest of a look once its ability is used, played on `copy`: its plan value, or
    /// `None` when it cannot end the turn with `bar` ([`Self::look`]): checked once its
    /// actions are done and again once its Mission Phase is.
    pub(super) fn finish_look(
        &self,
        copy: &mut State,
        rng: &mut Rng,
        ahead: bool,
        bar: Option<Bar>,
    ) -> Option<TurnValue> {
        if let (true, Some(bar), Some(tail)) = (ahead, bar, &self.tail) {
            // No Main card in hand can go down and the hand cannot be filled: each action is
            // an Upgrade (+1) or a pass, and leaves the hand as it is. The pilot's own marks
            // say which Main cards need no asking: none when the last action found none and
            // nothing came since (`State::stuck`), and none before `State::skip`.
            let upgrades_only = (copy.hand_len >= HAND_SIZE || copy.library.is_empty())
                && (copy.stuck || self.none_to_put(copy));
            debug_assert!(
                !upgrades_only || self.best_put_scan(copy).is_none(),
                "a look marked as Upgrades only holds a Main card that can go down"
            );
            let upgrades = self.table_power(copy) + self.actions;
            // No action draws: the Mission Phase starts from this stream.
            if upgrades_only && tail.short(self, copy, rng, upgrades, bar) {
                debug_assert!(
                    {
                        let most = (upgrades + tail.most(self, copy), copy.deployed);
                        within(bar_of(self.rest_of_turn(copy, rng, true)), most)
                    },
                    "a turn of Upgrades added more Power or Main cards than its bound"
                );
                return None;
            }
        }
        if ahead {
            self.actions_of_turn(copy, rng);
            if let (Some(bar), Some(tail)) = (bar, &self.tail) {
                let power = self.table_power(copy);
                if tail.short(self, copy, rng, power, bar) {
                    debug_assert!(
                        {
                            let most = (power + tail.most(self, copy), copy.deployed);
                            within(bar_of(self.rest_after_actions(copy, rng)), most)
                        },
                        "the end of a turn added more Power or Main cards than its bound"
                    );
                    return None;
                }
            }
            return self.rest_after_actions_bar(copy, rng, bar);
        }
        Some(self.rest_of_turn(copy, rng, false))
    }

    /// [`Self::rest_after_actions`] in a look that must reach `bar`: `None` when, its
    /// Mission Phase done, the Leader Action left cannot bring the turn there
    /// ([`Tail::most_at_end`](super::tail::Tail::most_at_end)).
    fn rest_after_actions_bar(
        &self,
        copy: &mut State,
        rng: &mut Rng,
        bar: Option<Bar>,
    ) -> Option<TurnValue> {
        let (Some(bar), Some(tail)) = (bar, &self.tail) else {
            return Some(self.rest_after_actions(copy, rng));
        };
        if self.fx.any(Trigger::TurnEnd) || !self.missions.is_empty() {
            self.mission_phase(copy, rng, &mut NoLog);
            let most = (
                self.table_power(copy) + tail.most_at_end(self, copy),
                copy.deployed,
            );
            if most < bar {
                #[cfg(debug_assertions)]
                {
                    self.leader_actions(copy, rng, &mut NoLog, false);
                    let end = (self.table_power(copy), copy.deployed);
                    assert!(
                        within(end, most),
                        "the Leader Action after the Mission Phase added more than its bound"
                    );
                }
                #[cfg(test)]
                CUT_AFTER_PHASE.with(|n| n.set(n.get() + 1));
                return None;
            }
            self.leader_actions(copy, rng, &mut NoLog, false);
        }
        Some((self.table_power(copy), copy.deployed, copy.hand_len))
    }

    /// Power on the Table right after `ability` is used, on a copy.
    fn power_after(&self, ability: Ability, state: &State, rng: &Rng) -> u32 {
        crate::scratch::with_copy(&super::scratch::COPIES, state, |after| {
            self.use_ability(ability, after, &mut rng.clone(), &mut NoLog);
            self.table_power(after)
        })
    }

    /// What `a`'s card's Leader ability can do to the plan value.
    pub(super) fn class(&self, state: &State, a: Ability) -> Class {
        match a {
            Ability::Table(i) => self.ability_class[state.table[i as usize].card as usize],
            Ability::Hand(card) => self.ability_class[card as usize],
            Ability::Keep => Class::Other,
        }
    }

    /// The pilot's order among abilities of equal worth: the card the deck list names
    /// first, then the first Table slot.
    pub(super) fn order(&self, state: &State, a: Ability) -> (u16, usize) {
        match a {
            Ability::Table(i) => (state.table[i as usize].card, i as usize),
            Ability::Hand(card) => (card, usize::MAX),
            Ability::Keep => (NONE, usize::MAX),
        }
    }

    /// Without a log, the pilot's pick found by firing, without the look-ahead, when the
    /// Table holds the only Leader ability there besides the hand's that add no Power
    /// ([`Class::Neutral`]), resolving it checks whether it acts (`worth_paying`), and it
    /// wins whenever it acts: no card in hand has an ability, or it only Upgrades
    /// ([`Class::Upgrades`], more Power than any Neutral ability). `Some(true)` when it
    /// acted; `None` to weigh them all.
    fn lone_ability<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> Option<bool> {
        let (i, alone) = self.lone_slot(state)?;
        let card = state.table[i].card;
        let done = self.fire(card, Trigger::Activated, Some(i), state, rng, log) > 0;
        match done || alone {
            true => Some(done),
            false => None,
        }
    }

    /// The Table slot [`Self::lone_ability`] fires, and whether no card in hand has a
    /// Leader ability; `None` when it fires none.
    pub(super) fn lone_slot(&self, state: &State) -> Option<(usize, bool)> {
        let i = self.sole_ability_slot(state)?;
        let card = state.table[i].card;
        let mut in_hand = self
            .hand_abilities
            .iter()
            .filter(|&&c| state.hand[c as usize] > 0)
            .peekable();
        let alone = in_hand.peek().is_none();
        if !alone
            && (self.ability_class[card as usize] != Class::Upgrades
                || in_hand.any(|&c| self.ability_class[c as usize] != Class::Neutral))
        {
            return None;
        }
        self.lone_weighed[card as usize].then_some((i, alone))
    }

    /// The Table slot of the only card there with a Leader ability; `None` when there are
    /// none or more.
    pub(super) fn sole_ability_slot(&self, state: &State) -> Option<usize> {
        // The marked slots (the first 64) hold a card with a Leader ability.
        let mut sources = state
            .ability_slots
            .of(state.table.len())
            .filter(|&i| i < 64 || self.fx.has(state.table[i].card, Trigger::Activated));
        let i = sources.next()?;
        match sources.next() {
            Some(_) => None,
            None => Some(i),
        }
    }

    /// The pilot's Leader Action among `ready` (docs/pilots.md#showdown-the-decisions): the
    /// ability after which the turn ends with the most Power on the Table, then the most
    /// Main cards on it, then the most cards in hand ([`Sms::turn_value`]); ties the card
    /// the deck list names first, then the first Table slot (each spends one Leader
    /// Action). Each is weighed by using it on a copy of the game and playing the rest of
    /// the turn there. Returns the pick, the Power it adds now and its turn value.
    fn best_ability(
        &self,
        ready: &Abilities,
        state: &State,
        rng: &Rng,
        ahead: bool,
    ) -> (Ability, (i64, TurnValue)) {
        let before = i64::from(self.table_power(state));
        // Ties: the card the deck list names first, then the first Table slot.
        let order = |a: Ability| self.order(state, a);
        let mut best: Option<((TurnValue, i64), Ability)> = None;
        for ability in ready.iter() {
            let value = crate::scratch::with_copy(&super::scratch::COPIES, state, |after| {
                let mut rng = rng.clone();
                self.use_ability(ability, after, &mut rng, &mut crate::log::NoLog);
                let gain = i64::from(self.table_power(after)) - before;
                (self.rest_of_turn(after, &mut rng, ahead), gain)
            });
            let better = best.is_none_or(|(b, a)| {
                value.0 > b.0 || (value.0 == b.0 && order(ability) < order(a))
            });
            if better {
                best = Some((value, ability));
            }
        }
        best.map_or(
            (Ability::Keep, (0, TurnValue::default())),
            |((value, gain), a)| (a, (gain, value)),
        )
    }

    /// The plan value of the turn from `state` on (docs/pilots.md#plan-value: Power on the
    /// Table at the turn's end, then Main cards on it, then cards in hand), on a copy,
    /// after `ability` when given.
    fn turn_value(
        &self,
        state: &State,
        rng: &Rng,
        ability: Option<Ability>,
        ahead: bool,
    ) -> TurnValue {
        crate::scratch::with_copy(&super::scratch::COPIES, state, |after| {
            let mut rng = rng.clone();
            if let Some(ability) = ability {
                self.use_ability(ability, after, &mut rng, &mut crate::log::NoLog);
            }
            self.rest_of_turn(after, &mut rng, ahead)
        })
    }

    /// Plays the rest of the turn on `state` (a copy) with the pilot and returns its plan
    /// value: with `ahead`, the turn's Actions, its Mission Phase and the Leader Actions
    /// left after it (a Leader Action kept now can still be used then); otherwise nothing
    /// is left.
    fn rest_of_turn(&self, state: &mut State, rng: &mut Rng, ahead: bool) -> TurnValue {
        if ahead {
            self.actions_of_turn(state, rng);
            return self.rest_after_actions(state, rng);
        }
        (self.table_power(state), state.deployed, state.hand_len)
    }

    /// The turn's actions, played by the pilot on `state` (a copy).
    fn actions_of_turn(&self, state: &mut State, rng: &mut Rng) {
        self.actions(state, rng, &mut NoLog, self.actions);
    }

    /// [`Self::rest_of_turn`] once the actions are done: the Mission Phase and the Leader
    /// Actions after it.
    fn rest_after_actions(&self, state: &mut State, rng: &mut Rng) -> TurnValue {
        if self.fx.any(Trigger::TurnEnd) || !self.missions.is_empty() {
            self.mission_phase(state, rng, &mut NoLog);
            self.leader_actions(state, rng, &mut NoLog, false);
        }
        (self.table_power(state), state.deployed, state.hand_len)
    }

    /// Every Leader ability that would change something now, in the pilot's order: the
    /// Table's in Table order, then the hand's by name (an Event is weighed out of the hand,
    /// as it is used).
    pub(super) fn abilities_that_act(&self, state: &mut State) -> Abilities {
        let mut ready = Abilities::default();
        for i in state.ability_slots.of(state.table.len()) {
            let card = state.table[i].card;
            if self.fx.has(card, Trigger::Activated)
                && self.would_act(card, Trigger::Activated, Some(i), state)
            {
                ready.push(Ability::Table(i as u32));
            }
        }
        for &card in &self.hand_abilities {
            if state.hand[card as usize] > 0 && self.hand_would_act(card, state) {
                ready.push(Ability::Hand(card));
            }
        }
        ready
    }

    /// Whether the Leader ability of `card`, in hand, would change something, used out of
    /// the hand (an Event leaves it as it is used). One resolved without the interpreter
    /// (`cycle.rs`, `exact.rs`) is asked with the card still in hand: of the hand it reads
    /// only the cards the pilot never plays, and a card with a Leader ability is not one.
    pub(super) fn hand_would_act(&self, card: u16, state: &mut State) -> bool {
        let out_of_hand = |state: &mut State| {
            let event = self.f(card).event;
            if event {
                self.take_from_hand(state, card);
            }
            let acts = self.would_act(card, Trigger::Activated, None, state);
            if event {
                self.return_to_hand(state, card);
            }
            acts
        };
        let fast = self
            .cycle_would_act(card, state)
            .or_else(|| self.exact_acts(card, state));
        match fast {
            Some(acts) => {
                debug_assert_eq!(
                    acts,
                    out_of_hand(state),
                    "a Leader ability in hand is asked as out of it"
                );
                acts
            }
            None => out_of_hand(state),
        }
    }

    /// Spends the Leader Action on `ability` (the choice was made: the ability's own "you
    /// may" is not asked again); true when it changed something.
    pub(super) fn use_ability<L: Log>(
        &self,
        ability: Ability,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> bool {
        match ability {
            Ability::Table(i) => {
                let i = i as usize;
                let card = state.table[i].card;
                self.fire_decided(card, Trigger::Activated, Some(i), state, rng, log) > 0
            }
            Ability::Hand(card) => {
                let event = self.f(card).event;
                if event {
                    self.take_from_hand(state, card);
                }
                let done = self.fire_decided(card, Trigger::Activated, None, state, rng, log) > 0;
                if event {
                    match done {
                        true => self.discard_push(state, card),
                        false => self.return_to_hand(state, card),
                    }
                }
                done
            }
            Ability::Keep => false,
        }
    }
}

/// Abilities ready, in the pilot's order, without allocating at each Leader Action: a few
/// inline, more all in a `Vec` (so that either holds them all and a walk over them is one
/// slice's, not a chain's).
#[derive(Default)]
pub(super) struct Abilities {
    inline: [Ability; 8],
    n: usize,
    more: Vec<Ability>,
}

impl Abilities {
    fn push(&mut self, a: Ability) {
        if self.more.is_empty() {
            if let Some(slot) = self.inline.get_mut(self.n) {
                *slot = a;
                self.n += 1;
                return;
            }
            self.more.extend_from_slice(&self.inline);
        }
        self.more.push(a);
    }

    fn all(&self) -> &[Ability] {
        match self.more.is_empty() {
            true => &self.inline[..self.n],
            false => &self.more,
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = Ability> + '_ {
        self.all().iter().copied()
    }

    fn len(&self) -> usize {
        self.all().len()
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn to_vec(&self) -> Vec<Ability> {
        self.all().to_vec()
    }
}

/// A Leader Action's use: the ability of a Table slot's card, of a card in hand, or none.
/// Small (8 bytes): [`Abilities`] is returned by value at every Leader Action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Ability {
    Table(u32),
    Hand(u16),
    #[default]
    Keep,
}
