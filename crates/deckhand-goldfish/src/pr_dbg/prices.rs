//! What a card costs to buy or Battle, and the Shards it makes, with the turn's stat changes
//! in force (`Mod`s: Coach Harriet Dunmore's extra Shards, discounts): the printed figures
//! when none is in force, which is most turns.

use super::*;

impl PrDbg {
    /// What Battling `card` costs now: its `battle_cost` with discounts, at least 1.
    pub(in crate::pr_dbg) fn battle_price(&self, state: &State, card: u16) -> u32 {
        let base = self.battle_cost[card as usize];
        if base == u8::MAX || state.mods.is_empty() {
            return u32::from(base);
        }
        let by = self.mod_sum(state, BATTLE_COST, card);
        (i64::from(base) + by).max(1) as u32
    }

    pub(super) fn mod_sum(&self, state: &State, stat: Id, card: u16) -> i64 {
        state
            .mods
            .iter()
            .filter(|m| {
                m.stat == stat
                    && match m.scope {
                        Scope::All => true,
                        Scope::Card(c) => c == card,
                        Scope::Filter(f) => self.fx.set(f).contains(card),
                    }
            })
            .map(|m| m.by)
            .sum()
    }

    /// Whether some stat change in force changes a Shard price (else every card costs its
    /// printed `shard_cost`: [`Self::shard_price`] adds nothing).
    #[inline]
    pub(in crate::pr_dbg) fn prices_changed(&self, state: &State) -> bool {
        let changed = state.mods.iter().any(|m| m.stat == SHARD_COST);
        debug_assert!(
            changed
                || (0..self.deck.len() as u16)
                    .all(|c| self.shard_price(state, c) == u32::from(self.f(c).shard_cost)),
            "a price changed by no cost change"
        );
        changed
    }

    /// What buying `card` costs now: its `shard_cost` with discounts.
    pub(in crate::pr_dbg) fn shard_price(&self, state: &State, card: u16) -> u32 {
        let cost = i64::from(self.f(card).shard_cost) + self.mod_sum(state, SHARD_COST, card);
        cost.max(0) as u32
    }

    pub(super) fn extra_shards(&self, state: &State, card: u16) -> u32 {
        if state.mods.is_empty() {
            return 0;
        }
        self.mod_sum(state, SHARDS_STAT, card).max(0) as u32
    }

    /// Buying with cost discounts in force: the same ranking by printed `shard_cost`,
    /// affordability and price discounted.
    pub(in crate::pr_dbg) fn buy_discounted<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> u32 {
        let mut bought = 0;
        loop {
            let price = |c: u16| self.shard_price(state, c);
            let best = (0..GRID)
                .filter(|&i| state.grid[i] != NONE && self.may_buy(state.grid[i]))
                .filter(|&i| price(state.grid[i]) <= state.shards)
                .max_by_key(|&i| (self.buy_key[state.grid[i] as usize], GRID - i));
            let Some(i) = self.buy_pick(state, best, rng, log) else {
                return bought;
            };
            let card = state.grid[i];
            let cost = price(card);
            state.grid[i] = NONE;
            state.shards -= cost;
            state.spent += u32::from(self.f(card).shard_cost);
            state.discard.push(card);
            bought += 1;
            self.gained(card, true, state, rng, log);
        }
    }
}
