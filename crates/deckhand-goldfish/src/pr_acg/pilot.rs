//! The PR Action pilot's decisions (docs/pilots.md#pr-action-card-game): the summon plan
//! (which Zord to summon and which to put on top), weighed by the turn's plan value played
//! out on samples; and which cards pay a cost. The options and reasons each choice point
//! shows are in `options.rs`.

use super::*;

/// A summon plan: `summon`, optionally `extra` on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) summon: u16,
    pub(super) extra: u16,
}

/// The plan value of a turn (docs/pilots.md#pr-action-plan-value), compared field by field: how
/// it ends (a win 2, on 1, a loss 0), the cards it removed from the opponent's deck, the cards
/// left in hand.
pub(super) type Value = (u8, u32, u32);

pub(super) fn value(end: Option<Outcome>, removed: u32, hand: u32) -> Value {
    let end = match end {
        Some(Outcome::Win) => 2,
        None => 1,
        Some(_) => 0,
    };
    (end, removed, hand)
}

/// Whether `card` has an effect that can act in a turn's summon or battle.
pub(super) fn acts(fx: &Programs, card: u16) -> bool {
    fx.has(card, Trigger::Summoned) || fx.has(card, Trigger::Battles)
}

use super::held::positions as bits;

/// The seed of the sample a plan is played out with: drawn from the game's stream without
/// advancing it, mixed so that it says nothing of the game's own next draws.
pub(super) fn sample_seed(rng: &Rng) -> u64 {
    rng.clone().next_u64() ^ 0x9E37_79B9_7F4A_7C15
}

impl PrAcg {
    pub(super) fn plan_damage(&self, plan: Plan) -> u32 {
        u32::from(
            self.f(if plan.extra == NONE {
                plan.summon
            } else {
                plan.extra
            })
            .damage,
        )
    }

    pub(super) fn plan_cost(&self, plan: Plan) -> u32 {
        let extra = if plan.extra == NONE {
            0
        } else {
            self.f(plan.extra).cost
        };
        u32::from(self.f(plan.summon).cost) + u32::from(extra)
    }

    /// The printed order of plans (docs/pilots.md#pr-action-the-decisions): damage (high
    /// first), total cost, summon name, Zord name (no Zord first). Smaller is better. The
    /// four fields packed into one number, 16 bits each, most significant first: a damage
    /// is a `u8`, a total cost two `u8`s, a name rank below `u16::MAX` (a deck's cards are
    /// indexed by `u16`), so each field fits and the number orders as the fields do.
    #[inline]
    pub(super) fn plan_key(&self, plan: Plan) -> u64 {
        let extra_rank = if plan.extra == NONE {
            0
        } else {
            u64::from(self.deck.name_rank[plan.extra as usize]) + 1
        };
        (u64::from(u8::MAX as u32 - self.plan_damage(plan)) << 48)
            | (u64::from(self.plan_cost(plan)) << 32)
            | (u64::from(self.deck.name_rank[plan.summon as usize]) << 16)
            | extra_rank
    }

    /// The pilot's plan for hand `hand` of `hand_len` cards, if any summon is affordable.
    #[inline]
    pub(super) fn choose_plan(&self, hand: &[u16], hand_len: u32) -> Option<Plan> {
        let held = |c: &&u16| hand[**c as usize] > 0;
        let solo = self
            .summons_by_damage
            .iter()
            .filter(held)
            .find(|&&s| u32::from(self.f(s).cost) < hand_len)
            .map(|&summon| Plan {
                summon,
                extra: NONE,
            });
        let cheapest = self.summons_by_cost.iter().find(held).copied();
        let with_extra = cheapest.and_then(|summon| {
            let budget = hand_len.checked_sub(2 + u32::from(self.f(summon).cost))?;
            self.extras_by_damage
                .iter()
                .filter(held)
                .find(|&&z| u32::from(self.f(z).cost) <= budget)
                .map(|&extra| Plan { summon, extra })
        });
        match (solo, with_extra) {
            (Some(a), Some(b)) => Some(if self.plan_key(b) < self.plan_key(a) {
                b
            } else {
                a
            }),
            (a, b) => a.or(b),
        }
    }

    /// The pilot's plan for the turn: the printed one (the bare procedure), or, where
    /// effects can change what a turn ends with, the plan whose turn, played out by the
    /// pilot, ends with the best plan value (docs/pilots.md#pr-action-plan-value: cards removed
    /// from the opponent's deck this turn, then cards left in hand; a win first, a loss last),
    /// ties in the printed order of plans. Each plan is played on a copy of the board, its
    /// unknown draws sampled from a stream of its own (every plan sees the same one), never the
    /// game's: the pilot knows what its deck holds, not its order. The plan's Zord is the one
    /// its summon keeps while paying; the Extra summon step chooses again. Returns the plan,
    /// and where it was measured its value with the Zord its turn was played out with (`NONE`
    /// for none).
    pub(super) fn pilot_plan(
        &self,
        state: &State,
        rng: &Rng,
    ) -> (Option<Plan>, Option<(Value, u16)>) {
        if !self.measures || !self.held_fit {
            return self.pilot_plan_walk(state, rng);
        }
        let plan = self.pilot_plan_held(state, rng);
        debug_assert_eq!(
            plan,
            self.pilot_plan_walk(state, rng),
            "the held cards' plan is not the walk's"
        );
        plan
    }

    /// [`Self::pilot_plan`] with the held summons and Zords as bits over their orders (the
    /// state's `held`; `held_fit`: each list is at most 64 cards long): every look below
    /// walks the few cards in hand, not the deck's lists. Where no plan is affordable, the printed
    /// plan is none too: a Zord plan needs a summon the hand can pay for.
    pub(super) fn pilot_plan_held(
        &self,
        state: &State,
        rng: &Rng,
    ) -> (Option<Plan>, Option<(Value, u16)>) {
        let hand_len = state.hand_len;
        debug_assert_eq!(state.held, self.held_of(state), "held bits out of date");
        let summons = state.held.summons;
        let cost = |i: usize| u32::from(self.f(self.summons_by_damage[i]).cost);
        if !bits(summons).any(|i| cost(i) < hand_len) {
            return (None, None);
        }
        let extras = state.held.extras;
        let held_summons = bits(summons).map(|i| self.summons_by_damage[i]);
        let held_extras = bits(extras).map(|i| self.extras_by_damage[i]);
        let training = self.static_in_training(state);
        if !training && summons & self.acts_summons == 0 && extras & self.acts_extras == 0 {
            return self.printed_best_plan(state, held_summons, held_extras);
        }
        let rest = !training && extras & self.acts_extras == 0;
        let seed = sample_seed(rng);
        let mut best: Option<((Value, u16), Plan)> = None;
        for summon in held_summons {
            let cost = u32::from(self.f(summon).cost);
            if cost >= hand_len {
                continue;
            }
            // `choose_extra`: the first Zord the hand pays for, if it beats the summon.
            let damage = self.f(summon).damage;
            let keep = hand_len.checked_sub(cost + 2).and_then(|budget| {
                held_extras
                    .clone()
                    .find(|&z| u32::from(self.f(z).cost) <= budget)
                    .filter(|&z| self.f(z).damage > damage)
            });
            let plan = Plan {
                summon,
                extra: keep.unwrap_or(NONE),
            };
            let (value, played) = match self.quiet_summon(state, summon, rest) {
                true => self.printed_play_out(state, plan),
                false => self.play_out(state, plan, seed),
            };
            self.keep_better(&mut best, (value, played), plan);
        }
        match best {
            Some((value, plan)) => (Some(plan), Some(value)),
            None => (None, None),
        }
    }

    /// [`Self::pilot_plan`] walking the deck's lists of summons and Zords: the reference
    /// the held cards' version is checked against, and the plan of a deck whose lists do
    /// not fit 64 bits.
    pub(super) fn pilot_plan_walk(
        &self,
        state: &State,
        rng: &Rng,
    ) -> (Option<Plan>, Option<(Value, u16)>) {
        let printed = self.choose_plan(&state.hand, state.hand_len);
        if !self.measures || printed.is_none() {
            return (printed, None);
        }
        let held = |c: &&u16| state.hand[**c as usize] > 0;
        let acts = self.static_in_training(state)
            || self
                .summons_by_damage
                .iter()
                .filter(held)
                .any(|&c| self.acts(c))
            || self
                .extras_by_damage
                .iter()
                .filter(held)
                .any(|&c| self.acts(c));
        if !acts {
            let held = |c: &u16| state.hand[*c as usize] > 0;
            return self.printed_best_plan(
                state,
                self.summons_by_damage.iter().copied().filter(held),
                self.extras_by_damage.iter().copied().filter(held),
            );
        }
        let seed = sample_seed(rng);
        // What a summon's turn needs besides its own effects to end at its printed value:
        // no `while in play` effect in the training area and no held Zord that acts.
        let rest = !self.static_in_training(state)
            && !self
                .extras_by_damage
                .iter()
                .filter(held)
                .any(|&c| self.acts(c));
        let mut best: Option<((Value, u16), Plan)> = None;
        for &summon in &self.summons_by_damage {
            let cost = u32::from(self.f(summon).cost);
            if state.hand[summon as usize] == 0 || cost >= state.hand_len {
                continue;
            }
            let keep = self.choose_extra(
                &state.hand,
                state.hand_len.checked_sub(cost + 2),
                i64::from(self.f(summon).damage),
            );
            let plan = Plan {
                summon,
                extra: keep.unwrap_or(NONE),
            };
            let (value, played) = match self.quiet_summon(state, summon, rest) {
                true => self.printed_play_out(state, plan),
                false => self.play_out(state, plan, seed),
            };
            debug_assert_eq!(
                (value, played),
                self.play_out(state, plan, seed),
                "a quiet summon's turn did not end at its printed value"
            );
            self.keep_better(&mut best, (value, played), plan);
        }
        match best {
            Some((value, plan)) => (Some(plan), Some(value)),
            None => (printed, None),
        }
    }

    /// Keeps `plan` as `best` when it ends the turn with a higher plan value, or an equal
    /// one and an earlier key (the order the printed plans are tried in).
    #[inline]
    fn keep_better(
        &self,
        best: &mut Option<((Value, u16), Plan)>,
        value: (Value, u16),
        plan: Plan,
    ) {
        let better = match *best {
            None => true,
            Some(((v, _), b)) => {
                value.0 > v || (value.0 == v && self.plan_key(plan) < self.plan_key(b))
            }
        };
        if better {
            *best = Some((value, plan));
        }
    }

    /// The pilot's Zord or Megazord for the Extra summon step on `summon`, from the hand as
    /// it stands: by printed damage (docs/pilots.md#pr-action-the-decisions), or, where effects
    /// count, the option (none first, then by damage, cost and name) whose rest of the turn
    /// ends with the best plan value.
    pub(super) fn pilot_extra(
        &self,
        state: &State,
        summon: u16,
        seed: impl FnOnce() -> u64,
    ) -> (Option<u16>, Option<Value>) {
        let base = i64::from(self.f(summon).damage) + state.damage_bonus[0];
        if !self.measures {
            let printed = self.choose_extra(&state.hand, state.hand_len.checked_sub(1), base);
            return (printed, None);
        }
        let held = self.held_extras(state);
        let acts = self.static_in_training(state)
            || self.fx.has(summon, Trigger::Battles)
            || match self.held_fit {
                true => state.held.extras & self.acts_extras != 0,
                false => held.clone().any(|z| self.acts(z)),
            };
        if !acts {
            let (extra, value) = match self.held_fit {
                true => {
                    let held = bits(state.held.extras).map(|i| self.extras_by_damage[i]);
                    self.printed_extra(state, state.hand_len, held, base)
                }
                false => self.printed_extra(state, state.hand_len, held, base),
            };
            return (extra, Some(value));
        }
        let seed = seed();
        let mut best = (self.extra_value(state, None, seed), None);
        for z in held {
            if u32::from(self.f(z).cost) >= state.hand_len {
                continue;
            }
            let value = self.extra_value(state, Some(z), seed);
            if value > best.0 {
                best = (value, Some(z));
            }
        }
        (best.1, Some(best.0))
    }

    /// The Extra summon step's pick where nothing fires, on a summon dealing `base` (its
    /// damage with its changes), from a hand of `hand_len` holding the Zords `held` (by
    /// damage): each option's value is its printed damage and its cost. The first Zord the
    /// hand pays for (by damage, then cost) is the best Zord unless it wins: then a cheaper
    /// one that wins too keeps more cards.
    #[inline]
    pub(super) fn printed_extra(
        &self,
        state: &State,
        hand_len: u32,
        held: impl Iterator<Item = u16> + Clone,
        base: i64,
    ) -> (Option<u16>, Value) {
        let printed = |damage: u32, played: u32| {
            let removed = (2 * damage).min(state.opponent_deck);
            let end = (removed == state.opponent_deck).then_some(Outcome::Win);
            value(end, removed, hand_len.saturating_sub(played))
        };
        let none = printed(base.max(0) as u32, 0);
        let Some(first) = held.clone().find(|&z| u32::from(self.f(z).cost) < hand_len) else {
            return (None, none);
        };
        let f = self.f(first);
        let value = printed(u32::from(f.damage), 1 + u32::from(f.cost));
        if value.0 != 2 {
            return match value > none {
                true => (Some(first), value),
                false => (None, none),
            };
        }
        let mut best = (none, None);
        for z in held {
            let cost = u32::from(self.f(z).cost);
            if cost >= hand_len {
                continue;
            }
            let value = printed(u32::from(self.f(z).damage), 1 + cost);
            if value > best.0 {
                best = (value, Some(z));
            }
        }
        (best.1, best.0)
    }

    /// The Zords and Megazords in hand, in `extras_by_damage`'s order: from the held bits
    /// (`held_fit`), or walking the list.
    #[inline]
    fn held_extras<'a>(&'a self, state: &'a State) -> impl Iterator<Item = u16> + Clone + 'a {
        let (fit, walk) = match self.held_fit {
            true => (state.held.extras, None),
            false => (0, Some(&self.extras_by_damage)),
        };
        bits(fit).map(|i| self.extras_by_damage[i]).chain(
            walk.into_iter()
                .flatten()
                .copied()
                .filter(|&z| state.hand[z as usize] > 0),
        )
    }

    /// Whether `card` has an effect that can act in this turn's summon or battle.
    pub(super) fn acts(&self, card: u16) -> bool {
        acts(&self.fx, card)
    }

    /// Whether a card of the training area has a `while in play` effect (it applies to the
    /// battling cards).
    pub(super) fn static_in_training(&self, state: &State) -> bool {
        self.fx.any(Trigger::Static)
            && state
                .training
                .iter()
                .any(|&c| self.fx.has(c, Trigger::Static))
    }

    /// The plan value of a turn no effect acts in, from `state`: `damage` dealt twice, and
    /// `played` cards leaving the hand (the cards played and their costs).
    pub(super) fn printed_value(&self, state: &State, damage: u32, played: u32) -> Value {
        let removed = (2 * damage).min(state.opponent_deck);
        let end = (removed == state.opponent_deck).then_some(Outcome::Win);
        value(end, removed, state.hand_len.saturating_sub(played))
    }

    /// The best plan by plan value when no effect can act this turn: every plan's value is
    /// its printed damage and its costs, ties in the printed order of plans.
    /// `summons` and `extras` are the held ones, each in its order (by damage). A Zord's
    /// plan deals the Zord's damage whatever the summon under it, so the best summon under
    /// each Zord is the cheapest held one (ties by name: the printed order of plans), as in
    /// [`Self::choose_plan`]: one pass over the summons, then one over the Zords.
    pub(super) fn printed_best_plan(
        &self,
        state: &State,
        summons: impl Iterator<Item = u16> + Clone,
        extras: impl Iterator<Item = u16> + Clone,
    ) -> (Option<Plan>, Option<(Value, u16)>) {
        let h = state.hand_len;
        let mut best: Option<(Value, Plan)> = None;
        let mut consider = |plan: Plan, value: Value| {
            let better = match best {
                None => true,
                Some((v, b)) => value > v || (value == v && self.plan_key(plan) < self.plan_key(b)),
            };
            if better {
                best = Some((value, plan));
            }
        };
        // The cheapest summon the hand pays for, by (cost, name).
        let mut cheapest: Option<(u32, u16, u16)> = None;
        for summon in summons.clone() {
            let cost = u32::from(self.f(summon).cost);
            if cost >= h {
                continue;
            }
            let rank = self.deck.name_rank[summon as usize];
            if cheapest.is_none_or(|(c, r, _)| (cost, rank) < (c, r)) {
                cheapest = Some((cost, rank, summon));
            }
            let solo = Plan {
                summon,
                extra: NONE,
            };
            consider(
                solo,
                self.printed_value(state, u32::from(self.f(summon).damage), 1 + cost),
            );
        }
        if let Some((cost, _, summon)) = cheapest {
            for extra in extras.clone() {
                let z = self.f(extra);
                if cost + u32::from(z.cost) + 2 > h {
                    continue;
                }
                let plan = Plan { summon, extra };
                consider(
                    plan,
                    self.printed_value(state, u32::from(z.damage), 2 + cost + u32::from(z.cost)),
                );
            }
        }
        let best = match best {
            Some((value, plan)) => (Some(plan), Some((value, plan.extra))),
            None => (None, None),
        };
        debug_assert_eq!(
            best,
            self.printed_best_plan_of_all(state, summons, extras),
            "the cheapest summon under each Zord missed the best printed plan"
        );
        best
    }

    /// [`Self::printed_best_plan`] weighing every pair of a summon and a Zord: what debug
    /// builds check it against.
    pub(super) fn printed_best_plan_of_all(
        &self,
        state: &State,
        summons: impl Iterator<Item = u16>,
        extras: impl Iterator<Item = u16> + Clone,
    ) -> (Option<Plan>, Option<(Value, u16)>) {
        let h = state.hand_len;
        let mut best: Option<(Value, Plan)> = None;
        let mut consider = |plan: Plan, value: Value| {
            let better = match best {
                None => true,
                Some((v, b)) => value > v || (value == v && self.plan_key(plan) < self.plan_key(b)),
            };
            if better {
                best = Some((value, plan));
            }
        };
        for summon in summons {
            let cost = u32::from(self.f(summon).cost);
            if cost >= h {
                continue;
            }
            let solo = Plan {
                summon,
                extra: NONE,
            };
            consider(
                solo,
                self.printed_value(state, u32::from(self.f(summon).damage), 1 + cost),
            );
            for extra in extras.clone() {
                let z = self.f(extra);
                if cost + u32::from(z.cost) + 2 > h {
                    continue;
                }
                let plan = Plan { summon, extra };
                consider(
                    plan,
                    self.printed_value(state, u32::from(z.damage), 2 + cost + u32::from(z.cost)),
                );
            }
        }
        match best {
            Some((value, plan)) => (Some(plan), Some((value, plan.extra))),
            None => (None, None),
        }
    }

    /// The plan value of the turn from the paid summon on, `plan` played by the pilot on a
    /// copy of `state` (with `plan.summon` still in hand).
    pub(super) fn play_out(&self, state: &State, plan: Plan, seed: u64) -> (Value, u16) {
        if let Some(peeked) = self.mill_draw_play_out(state, plan, seed) {
            debug_assert_eq!(
                peeked,
                self.play_out_on_copy(state, plan, seed),
                "a mill-then-draw summon's peeked turn is not its played-out turn"
            );
            return peeked;
        }
        self.play_out_on_copy(state, plan, seed)
    }

    /// [`Self::play_out`] played on a copy of `state`.
    pub(super) fn play_out_on_copy(&self, state: &State, plan: Plan, seed: u64) -> (Value, u16) {
        crate::scratch::with_copy(&scratch::COPIES, state, |state| {
            let mut rng = Rng::from_seed(seed);
            let log = &mut crate::log::NoLog;
            let summon = plan.summon;
            self.take(state, summon);
            self.pay(
                state,
                summon,
                u32::from(self.f(summon).cost),
                plan.extra,
                &mut rng,
                log,
            );
            if let Some(end) = self.summoned(state, &mut rng, summon, log) {
                return (value(Some(end), state.removed, state.hand_len), NONE);
            }
            let (extra, _) = self.pilot_extra(state, summon, || seed ^ 1);
            (self.rest_of_turn(state, rng, extra), extra.unwrap_or(NONE))
        })
    }

    /// The plan value of the turn from the Extra summon step on, `extra` put on top (or
    /// none), on a copy of `state`.
    pub(super) fn extra_value(&self, state: &State, extra: Option<u16>, seed: u64) -> Value {
        crate::scratch::with_copy(&scratch::COPIES, state, |state| {
            self.rest_of_turn(state, Rng::from_seed(seed), extra)
        })
    }

    /// Plays the rest of the turn on `state` (a look-ahead's copy) and returns its value.
    pub(super) fn rest_of_turn(
        &self,
        state: &mut State,
        mut rng: Rng,
        extra: Option<u16>,
    ) -> Value {
        let log = &mut crate::log::NoLog;
        if let Some(z) = extra {
            self.take(state, z);
            self.pay(state, z, u32::from(self.f(z).cost), NONE, &mut rng, log);
            if let Some(end) = self.extra_summoned(state, &mut rng, z, log) {
                return value(Some(end), state.removed, state.hand_len);
            }
        }
        let (end, removed) = self.battle(state, &mut rng, log);
        value(end, removed, state.hand_len)
    }

    /// The pilot's Zord or Megazord to put on a summon dealing `base` (its damage with its
    /// changes), from `hand` with at most `budget` cards to pay: the one with the most damage
    /// it can pay for (ties: the lower cost, then the name), when that beats the summon alone
    /// (the printed order of plans with S fixed: an equal damage goes to the lower total
    /// cost, no Zord).
    #[inline]
    pub(super) fn choose_extra(&self, hand: &[u16], budget: Option<u32>, base: i64) -> Option<u16> {
        let budget = budget?;
        self.extras_by_damage
            .iter()
            .copied()
            .filter(|&z| hand[z as usize] > 0)
            .find(|&z| u32::from(self.f(z).cost) <= budget)
            .filter(|&z| i64::from(self.f(z).damage) > base)
    }

    /// Pays `cost` for `card`, one card at a time, each a choice (the unit decision: which
    /// card next, rather than every set of `cost` cards). The rules let a cost be paid from
    /// the hand and the training area; the pilot pays from the hand, lowest damage first
    /// (ties by name), keeping one `keep` (the Zord it means to put on top) while it can.
    #[allow(clippy::too_many_arguments)] // The turn's state, what is paid, and its chooser.
    pub(super) fn pay<L: Log>(
        &self,
        state: &mut State,
        card: u16,
        cost: u32,
        keep: u16,
        rng: &mut Rng,
        log: &mut L,
    ) {
        // Every card before `cursor` in the pay order is gone from the hand (`keep` aside):
        // a pick only ever removes cards, so the pilot's scan never goes back.
        let mut cursor = 0;
        // The first unit paid without a choice (one card left to choose from: every later
        // one is forced too), and where its card went in the discard area.
        let mut forced: Option<(u32, usize)> = None;
        for paid in 0..cost {
            let kept = |c: u16| u16::from(c == keep);
            let next = match self.pay_fit {
                // The first held card in the pay order, `keep`'s last copy aside.
                true => {
                    debug_assert_eq!(state.held, self.held_of(state), "held bits out of date");
                    let mut held = state.held.pay;
                    if keep != NONE && state.hand[keep as usize] == 1 {
                        held &= !self.bits[keep as usize].pay;
                    }
                    (held != 0).then(|| held.trailing_zeros() as usize)
                }
                false => self.pay_order[cursor..]
                    .iter()
                    .position(|&c| state.hand[c as usize] > kept(c))
                    .map(|i| cursor + i),
            };
            let pilot = match next {
                Some(i) => {
                    cursor = i;
                    (false, self.pay_order[cursor])
                }
                None if keep != NONE && state.hand[keep as usize] > 0 => (false, keep),
                None => match self.pay_order.iter().find(|c| state.training.contains(c)) {
                    Some(&c) => (true, c),
                    // Nothing left to pay with: never, for a summon the options allowed.
                    None => break,
                },
            };
            if L::ENABLED && forced.is_none() && self.pay_options(state).len() < 2 {
                forced = Some((paid, state.discard.len()));
            }
            let pick = log.pick(
                ChoiceKind::Discard,
                pilot,
                || self.pay_options(state),
                |(training, c)| {
                    let from = if training {
                        "the training area"
                    } else {
                        "hand"
                    };
                    format!("Discard {} from {from}", self.name(c))
                },
                || {
                    let mut why = format!(
                        "card {} of {cost} paying for {}: the lowest damage in hand first (ties by name)",
                        paid + 1,
                        self.name(card)
                    );
                    if keep != NONE {
                        why += &format!(", keeping {} for the extra summon", self.name(keep));
                    }
                    why
                },
                || self.zones(state),
                rng,
            );
            match pick {
                (false, c) => self.take(state, c),
                (true, c) => {
                    if let Some(i) = state.training.iter().rposition(|&t| t == c) {
                        state.training.remove(i);
                    }
                }
            }
            state.discard.push(pick.1);
        }
        if let Some((k, at)) = forced {
            log.decide(Action::Pay, || {
                let paid: Vec<&str> = state.discard[at..]
                    .iter()
                    .map(|&c| self.name(c))
                    .collect();
                let paid = paid.join(", ");
                let name = self.name(card);
                if k == 0 {
                    format!("Pay {cost} for {name}: discard {paid} (lowest damage first)")
                } else {
                    format!(
                        "Pay the last {} for {name}: discard {paid} (the only card left to pay with)",
                        cost - k
                    )
                }
            });
        }
    }
}
