//! Reactions to a card played that read only the played cards and gain Shards or Energy,
//! resolved from the played cards' bits (`State::played_cards`) without the interpreter.
//! Riverside Arcade ("two or more Starters with different names in one turn: gain 1
//! Shard", one effect per Starter name) is half the card-played reactions of a block-party
//! game; Nadia Okonkwo's Teenager side and Abandoned Foundry have the same shape.
//!
//! The interpreter resolves such an effect in three readings of the played cards (its
//! requirement, whether its gain is idle, the gain): here each is one AND and population
//! count, in the same order and with the same result, then the same `gain` and `fired`
//! calls on the board (so the log reads the same). Debug builds resolve it the full way on
//! a copy and compare.

use super::*;
use crate::effects::Amt;

/// One reaction of that shape, decided once per deck ([`rewards`]).
#[derive(Debug, Clone, Copy)]
pub(in crate::pr_dbg) struct Reward {
    /// The requirement on the played cards: (filter, at least, negated), counted by
    /// distinct name (a requirement not by name asks at most "at least 1", the same test).
    req: Option<(Option<u16>, u32, bool)>,
    /// `each` per distinct matching played card name, at most `max`; or fixed (`each`,
    /// no filter read: `per` false).
    each: i64,
    per: bool,
    filter: Option<u16>,
    max: Option<i64>,
    resource: Id,
    owner: u16,
}

/// Per compiled effect (by [`Programs::effect`]'s index), the [`Reward`] it is, and per card
/// whether every reaction of it to a card played is one; both empty of rewards unless the
/// played cards are kept as bits (`PrDbg::tracks_played`).
pub(in crate::pr_dbg) fn rewards(
    fx: &Programs,
    cards: usize,
    tracks_played: bool,
) -> (Vec<Option<Reward>>, Vec<bool>) {
    let mut table: Vec<Option<Reward>> = Vec::new();
    let mut rewarded = vec![false; cards];
    if !tracks_played {
        return (table, rewarded);
    }
    for (card, rewarded) in rewarded.iter_mut().enumerate() {
        let card = card as u16;
        let mut all = true;
        let mut any = false;
        for other in 0..cards as u16 {
            for &i in fx.reactions(card, Trigger::PlaysCard, other) {
                any = true;
                let shape = reward(fx.effect(i));
                all &= shape.is_some();
                if table.len() <= i as usize {
                    table.resize(i as usize + 1, None);
                }
                table[i as usize] = shape;
            }
        }
        *rewarded = any && all;
    }
    (table, rewarded)
}

/// `effect` as a [`Reward`], when it has that shape.
fn reward(effect: &crate::effects::Compiled) -> Option<Reward> {
    if effect.optional || effect.reads_hp() || !effect.cost().is_empty() {
        return None;
    }
    let req = match effect.requirement_in_full() {
        None => None,
        Some((zone, filter, at_least, negated, distinct)) => {
            // Not by name, only "at least 1" (or 0) reads the same from the bits.
            if zone != PLAYED || (!distinct && at_least > 1) {
                return None;
            }
            Some((filter, at_least, negated))
        }
    };
    let [Op::Gain(amount, resource)] = effect.steps() else {
        return None;
    };
    let (each, per, filter, max) = match amount {
        Amt::Fixed(n) => (*n, false, None, None),
        Amt::Per {
            each,
            filter,
            zone,
            max,
            distinct,
        } => {
            if *zone != PLAYED || !*distinct {
                return None;
            }
            (*each, true, *filter, *max)
        }
    };
    Some(Reward {
        req,
        each,
        per,
        filter,
        max,
        resource: *resource,
        owner: effect.owner(),
    })
}

impl PrDbg {
    /// The played cards matching `filter`, by distinct name, from the bits.
    #[inline(always)]
    fn played_matching(&self, state: &State, filter: Option<u16>) -> i64 {
        let played = &state.played_cards;
        i64::from(match filter {
            Some(f) => self.fx.set(f).count_in(played),
            None => played.iter().map(|w| w.count_ones()).sum(),
        })
    }

    /// What `reward` gains now: 0 when its requirement fails or its gain is idle (the
    /// interpreter's `holds`, then `idle`).
    #[inline(always)]
    fn reward_amount(&self, reward: &Reward, state: &State) -> i64 {
        if let Some((filter, at_least, negated)) = reward.req {
            let holds = self.played_matching(state, filter) >= i64::from(at_least);
            if holds == negated {
                return 0;
            }
        }
        if !reward.per {
            return reward.each;
        }
        let n = reward.each * self.played_matching(state, reward.filter);
        reward.max.map_or(n, |m| n.min(m))
    }

    /// `card`'s reactions to `other` played, every one a [`Reward`] (`PrDbg::rewarded`).
    pub(super) fn react_rewards<L: Log>(&self, board: &mut PrBoard<'_, L>, other: u16) {
        #[cfg(debug_assertions)]
        let full = self.react_in_full(board, other);
        for &i in self.fx.reactions(board.card, Trigger::PlaysCard, other) {
            let Some(reward) = self.rewards[i as usize] else {
                unreachable!("a rewarded card's reaction is no reward");
            };
            let amount = self.reward_amount(&reward, board.state);
            if amount > 0 {
                board.gain(reward.resource, amount, &self.fx.effect(i).label);
                board.fired(reward.owner, Trigger::PlaysCard);
            }
        }
        #[cfg(debug_assertions)]
        {
            let s = &*board.state;
            let now = (s.shards, s.made_shards, s.energy, s.made_energy);
            assert_eq!(now, full.0, "a reward differs from its resolution");
            assert_eq!(s.fired.counts(), &full.1[..], "a reward fired otherwise");
        }
        #[cfg(test)]
        super::carry::REWARDS.with(|n| n.set(n.get() + 1));
    }

    /// Debug builds: the reactions resolved by the interpreter on a copy, (Shards and
    /// Energy, made and on hand) and the fired counts after.
    #[cfg(debug_assertions)]
    fn react_in_full<L: Log>(
        &self,
        board: &PrBoard<'_, L>,
        other: u16,
    ) -> ((u32, u32, u32, u32), Vec<u32>) {
        let mut state = board.state.clone();
        let mut rng = board.rng.clone();
        let mut copy = PrBoard {
            p: self,
            state: &mut state,
            rng: &mut rng,
            log: &mut crate::log::NoLog,
            card: board.card,
        };
        self.fx
            .fire_event(board.card, Trigger::PlaysCard, other, &mut copy);
        let s = &state;
        (
            (s.shards, s.made_shards, s.energy, s.made_energy),
            s.fired.counts().to_vec(),
        )
    }
}
