//! The PR Deck-Building pilot's choices within a turn (GAMES.md): play or attach the hand,
//! activate attached Attacks, buy from The Grid and Battle adversaries.

use super::*;

impl PrDbg {
    /// Plays or attaches every card in hand. Returns (Shards, Energy gained).
    pub(super) fn play_hand<L: Log>(
        &self,
        state: &mut State,
        turn: u32,
        log: &mut L,
    ) -> (u32, u32) {
        let (shards, gained) = if state.attached.contains(&NONE) {
            self.attach_or_play(state, turn, log)
        } else {
            self.play_all(state)
        };
        if L::ENABLED {
            let played: Vec<&str> = state.played.iter().map(|&c| self.name(c)).collect();
            let energy = state.energy;
            if !played.is_empty() {
                log.decide(Action::Play, || {
                    format!(
                        "Play {}: {shards} Shard(s), {gained} Energy (now {energy})",
                        played.join(", ")
                    )
                });
            }
        }
        (shards, gained)
    }

    /// Plays every card in hand when every slot is taken (most turns after the flip).
    /// Returns (Shards, Energy gained).
    fn play_all(&self, state: &mut State) -> (u32, u32) {
        let (mut shards, mut energy) = (0, 0);
        for &card in &state.hand {
            let f = self.f(card);
            shards += u32::from(f.shards);
            energy += u32::from(f.energy);
        }
        // Energy only grows here, so capping once caps as card by card would.
        let before = state.energy;
        state.energy = (before + energy).min(MAX_ENERGY);
        state.hand.drain_into(&mut state.played);
        (shards, state.energy - before)
    }

    /// Attaches what fits an empty slot and plays the rest. Returns (Shards, Energy gained).
    fn attach_or_play<L: Log>(&self, state: &mut State, turn: u32, log: &mut L) -> (u32, u32) {
        // The order only matters when two cards might compete for an empty slot.
        let attachable = state
            .hand
            .iter()
            .filter(|&&c| self.f(c).ability_cost.is_some())
            .count();
        if attachable > 1 && state.attached.contains(&NONE) {
            state
                .hand
                .as_mut_slice()
                .sort_unstable_by_key(|&c| self.attach_rank[c as usize]);
        }
        let (mut shards, mut gained) = (0, 0);
        for i in 0..state.hand.len() {
            let card = state.hand[i];
            let f = self.f(card);
            let slot = f.ability_cost.and_then(|_| {
                (0..state.attached.len()).find(|&s| {
                    state.attached[s] == NONE
                        && (f.colour == ANY_COLOUR || self.slots[s] == f.colour)
                })
            });
            if let Some(s) = slot {
                state.attached[s] = card;
                let full = state.attached.iter().all(|&c| c != NONE);
                log.decide(Action::Attach, || {
                    format!(
                        "Attach {} to an empty slot of its colour instead of playing it (ability cost {})",
                        self.name(card),
                        f.ability_cost.unwrap_or(0)
                    )
                });
                if full && state.flipped == 0 {
                    state.flipped = turn;
                    log.decide(Action::Attach, || {
                        format!(
                            "All {} slots are filled: {} flips",
                            self.slots.len(),
                            self.name(self.character)
                        )
                    });
                }
                continue;
            }
            shards += u32::from(f.shards);
            let before = state.energy;
            state.energy = (state.energy + u32::from(f.energy)).min(MAX_ENERGY);
            gained += state.energy - before;
            state.played.push(card);
        }
        state.hand.clear();
        (shards, gained)
    }

    /// Activates attached Attacks with damage, most damage first (ties in slot order), and
    /// once flipped the character's own Attack (after the slots on a tie). `Some` when the
    /// goldfish falls.
    pub(super) fn activate<L: Log>(
        &self,
        state: &mut State,
        log: &mut L,
    ) -> (u32, Option<Outcome>) {
        let mut dealt = 0;
        // The character's own Attack takes the place after the last slot.
        let own = state.attached.len();
        let card_at = |state: &State, s: usize| {
            if s == own {
                (state.flipped > 0).then_some(self.character)
            } else {
                Some(state.attached[s]).filter(|&c| c != NONE)
            }
        };
        loop {
            let best = (0..=own)
                .filter(|&s| !state.used[s])
                .filter_map(|s| {
                    let f = self.f(card_at(state, s)?);
                    let cost = u32::from(f.ability_cost.unwrap_or(0));
                    f.damage
                        .filter(|_| cost <= state.energy)
                        .map(|d| (u8::MAX - d, s, cost))
                })
                .min();
            let Some((inverse, s, cost)) = best else {
                return (dealt, None);
            };
            let damage = u32::from(u8::MAX - inverse);
            state.used[s] = true;
            state.energy -= cost;
            state.goldfish_hp -= damage as i32;
            dealt += damage;
            let (card, left) = (card_at(state, s).unwrap_or(NONE), state.goldfish_hp.max(0));
            log.decide(Action::Attack, || {
                format!(
                    "Activate {} for {cost} Energy: deal {damage} damage (the goldfish has {left} HP)",
                    self.name(card)
                )
            });
            if state.goldfish_hp <= 0 {
                log.decide(Action::End, || "The goldfish has 0 HP: you win".to_owned());
                return (dealt, Some(Outcome::Win));
            }
        }
    }

    /// Buys the best card again and again; returns how many.
    pub(super) fn buy<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> u32 {
        if self.all && !state.mods.is_empty() {
            return self.buy_discounted(state, rng, log);
        }
        if state.shards < self.cheapest_buy {
            return 0;
        }
        let shards = &mut state.shards;
        let mut bought = 0;
        loop {
            // The best key: `shard_cost`, `shards`, `energy`, then the leftmost (the low
            // bits hold `GRID - i`). Branch-free: which card wins is unpredictable, and a
            // mispredicted branch per Grid card cost more than the whole comparison.
            let best = state
                .grid
                .iter()
                .enumerate()
                .map(|(i, &card)| {
                    // An empty space reads the trailing 0 key: never bought.
                    let last = self.buy_key.len() - 1;
                    let key = self.buy_key[usize::from(card).min(last)];
                    let covered = (key >> 16) & 0xff <= *shards;
                    u32::from(covered) * ((key << 3) | (GRID - i) as u32)
                })
                // `u32::max`, not `Iterator::max`: a conditional move, not a branch.
                .fold(0, u32::max);
            // Keys of cards the side may buy are at least 1 << 24.
            if best < 8 {
                return bought;
            }
            let i = GRID - (best & 7) as usize;
            let card = state.grid[i];
            state.grid[i] = NONE;
            let cost = u32::from(self.f(card).shard_cost);
            *shards -= cost;
            state.discard.push(card);
            bought += 1;
            let left = *shards;
            log.decide(Action::Buy, || {
                format!(
                    "Buy {} for {cost} Shard(s) into your discard pile: the most expensive card you may buy that the Shards cover ({left} left)",
                    self.name(card)
                )
            });
            if self.all {
                self.gained(card, true, state, rng, log);
                return bought + self.buy(state, rng, log);
            }
        }
    }

    /// The cheapest Grid card to Battle that the Shards cover, no discount in force:
    /// (`battle_cost`, position), ties to the leftmost. Branch-free like buying: the key
    /// holds the cost above the position, and a card not covered (or an empty space) reads
    /// `u32::MAX`.
    #[inline]
    fn cheapest_battle(&self, state: &State) -> Option<(u32, usize)> {
        let best = state
            .grid
            .iter()
            .enumerate()
            .map(|(i, &card)| {
                let last = self.battle_cost.len() - 1;
                let cost = u32::from(self.battle_cost[usize::from(card).min(last)]);
                let open = (card != NONE) & (cost <= state.shards);
                if open {
                    (cost << 3) | i as u32
                } else {
                    u32::MAX
                }
            })
            .fold(u32::MAX, u32::min);
        (best != u32::MAX).then_some((best >> 3, (best & 7) as usize))
    }

    /// Battles adversaries, cheapest first, while the Shards cover them.
    pub(super) fn battle<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        loop {
            if state.mods.is_empty() && state.shards < self.cheapest_battle {
                return;
            }
            let best = if state.mods.is_empty() {
                self.cheapest_battle(state)
            } else {
                let mut best: Option<(u32, usize)> = None;
                for (i, &card) in state.grid.iter().enumerate() {
                    if card == NONE {
                        continue;
                    }
                    let cost = self.battle_price(state, card);
                    if cost <= state.shards && best.is_none_or(|(b, _)| cost < b) {
                        best = Some((cost, i));
                    }
                }
                best
            };
            let Some((cost, i)) = best else {
                return;
            };
            let card = state.grid[i];
            state.grid[i] = NONE;
            state.shards -= cost;
            let left = state.shards;
            log.decide(Action::Buy, || {
                format!(
                    "Battle {} for {cost} Shard(s): the cheapest adversary in The Grid ({left} left)",
                    self.name(card)
                )
            });
            if self.all {
                self.battled(card, state, rng, log);
            } else {
                state.main_discard.push(card);
            }
        }
    }
}
