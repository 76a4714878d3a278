//! The PR Deck-Building pilot's choices within a turn
//! (docs/pilots.md#pr-deck-building-the-decisions): play or attach the hand,
//! activate attached Attacks, buy from The Grid and Battle adversaries.

use super::*;
use crate::choice::ChoiceKind;

impl PrDbg {
    /// Plays or attaches every card in hand. Returns (Shards, Energy gained).
    pub(super) fn play_hand<L: Log>(
        &self,
        state: &mut State,
        turn: u32,
        rng: &mut Rng,
        log: &mut L,
    ) -> (u32, u32) {
        let (shards, gained) = if state.attached.contains(&NONE) {
            self.attach_or_play(state, turn, rng, log)
        } else {
            self.play_all(state)
        };
        if L::ENABLED {
            let played: Vec<&str> = state.played.iter().map(|&c| self.name(c)).collect();
            let energy = state.energy;
            if !played.is_empty() {
                log.decide(Action::Play, || {
                    format!(
                        "Play {}: {shards_shards}, {gained} Energy (now {energy})",
                        played.join(", "),
                        shards_shards =
                            deckhand_core::plural::count(shards as i64, "Shard", "Shards")
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
    fn attach_or_play<L: Log>(
        &self,
        state: &mut State,
        turn: u32,
        rng: &mut Rng,
        log: &mut L,
    ) -> (u32, u32) {
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
            let slot = f.ability_cost.and_then(|_| self.empty_slot(state, card));
            if let Some(s) = self.attach_or_play_pick(card, slot, state, rng, log) {
                state.attached[s] = card;
                let full = state.attached.iter().all(|&c| c != NONE);
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

    /// Whether to attach `card` (and to which empty slot of its colour) or play it: the
    /// pilot's `slot` is the first empty slot it fits, else playing it. Returns the slot to
    /// attach to, `None` to play it.
    pub(super) fn attach_or_play_pick<L: Log>(
        &self,
        card: u16,
        slot: Option<usize>,
        state: &State,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<usize> {
        let f = self.f(card);
        log.pick(
            ChoiceKind::Attach,
            slot,
            || {
                let mut options = vec![None];
                if f.ability_cost.is_some() {
                    options.extend(
                        (0..state.attached.len())
                            .filter(|&s| self.fits(state, card, s))
                            .map(Some),
                    );
                }
                options
            },
            |option| match option {
                Some(s) => format!(
                    "Attach {} to slot {} ({})",
                    self.name(card),
                    s + 1,
                    self.colour_name(self.slots[s]).unwrap_or_default()
                ),
                None => format!("Play {}", self.name(card)),
            },
            || match slot {
                Some(_) => format!(
                    "an empty slot of its colour takes it instead of playing it (ability cost {}); the first such slot",
                    f.ability_cost.unwrap_or(0)
                ),
                None => "no empty slot of its colour is left: play it".to_owned(),
            },
            || {
                // With card effects the card has left the hand before this is asked
                // (moments.rs plays the hand one card at a time): show it there, where the
                // player clicks it.
                let mut zones = self.board(state);
                if !state.hand.iter().any(|&c| c == card) {
                    if let Some(hand) = zones.iter_mut().find(|z| z.id == "hand") {
                        hand.cards.insert(0, self.card(card));
                    }
                }
                zones
            },
            rng,
        )
    }

    /// Whether slot `s` is empty and takes `card` (its colour, or a Signature Item).
    pub(super) fn fits(&self, state: &State, card: u16, s: usize) -> bool {
        let colour = self.f(card).colour;
        state.attached[s] == NONE && (colour == ANY_COLOUR || self.slots[s] == colour)
    }

    /// Activates attached Attacks with damage, most damage first (ties in slot order), and
    /// once flipped the character's own Attack (after the slots on a tie). `Some` when the
    /// goldfish falls.
    pub(super) fn activate<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
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
                .filter(|&s| !state.used.has(s))
                .filter_map(|s| {
                    let f = self.f(card_at(state, s)?);
                    let cost = u32::from(f.ability_cost.unwrap_or(0));
                    f.damage
                        .filter(|_| cost <= state.energy)
                        .map(|d| (u8::MAX - d, s, cost))
                })
                .min();
            // Which Attack next, or none: every unused Attack with damage whose cost the
            // Energy covers (the keyword procedure plays no other Ability).
            let ready = |s: usize| {
                let f = card_at(state, s).map(|c| self.f(c));
                f.filter(|f| f.damage.is_some())
                    .map(|f| u32::from(f.ability_cost.unwrap_or(0)))
                    .filter(|&cost| !state.used.has(s) && cost <= state.energy)
            };
            let energy = state.energy;
            let pick = log.pick(
                ChoiceKind::Activate,
                best.map(|(_, s, _)| s),
                || {
                    let mut options: Vec<Option<usize>> = (0..=own)
                        .filter(|&s| ready(s).is_some())
                        .map(Some)
                        .collect();
                    options.push(None);
                    options
                },
                |option| match option {
                    Some(s) => {
                        let card = card_at(state, s).unwrap_or(NONE);
                        format!(
                            "Activate {} for {} Energy: deal {} damage",
                            self.name(card),
                            ready(s).unwrap_or(0),
                            self.f(card).damage.unwrap_or(0)
                        )
                    }
                    None => "Activate nothing more".to_owned(),
                },
                || match best {
                    Some(_) => format!(
                        "the unused Attack with the most damage that the Energy ({energy}) covers"
                    ),
                    None => format!("no unused Attack that the Energy ({energy}) covers"),
                },
                || self.board(state),
                rng,
            );
            let Some(s) = pick else {
                return (dealt, None);
            };
            let card = card_at(state, s).unwrap_or(NONE);
            let cost = u32::from(self.f(card).ability_cost.unwrap_or(0));
            let damage = u32::from(self.f(card).damage.unwrap_or(0));
            state.used.insert(s);
            state.energy -= cost;
            state.goldfish_hp -= damage as i32;
            dealt += damage;
            let left = state.goldfish_hp.max(0);
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

    /// Buys the best card, then asks again, until the pilot (or a person) stops; returns
    /// how many.
    pub(super) fn buy<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> u32 {
        // Stat changes that change no price (Coach Harriet Dunmore's extra Shards) leave
        // the prices printed: buying reads the keys.
        if self.all && self.prices_changed(state) {
            return self.buy_discounted(state, rng, log);
        }
        if state.shards < self.cheapest_buy {
            return 0;
        }
        let mut bought = 0;
        loop {
            let shards = state.shards;
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
                    let covered = (key >> 16) & 0xff <= shards;
                    u32::from(covered) * ((key << 3) | (GRID - i) as u32)
                })
                // `u32::max`, not `Iterator::max`: a conditional move, not a branch.
                .fold(0, u32::max);
            // Keys of cards the side may buy are at least 1 << 24.
            let best = (best >= 8).then(|| GRID - (best & 7) as usize);
            let Some(i) = self.buy_pick(state, best, rng, log) else {
                return bought;
            };
            let card = state.grid[i];
            state.grid[i] = NONE;
            let cost = u32::from(self.f(card).shard_cost);
            state.shards -= cost;
            state.spent += cost;
            state.discard.push(card);
            bought += 1;
            if self.all {
                self.gained(card, true, state, rng, log);
                // Asked again as a new call would ask it, without the call: a discount the
                // card brought buys through `buy_discounted`.
                if self.prices_changed(state) {
                    return bought + self.buy_discounted(state, rng, log);
                }
                if state.shards < self.cheapest_buy {
                    return bought;
                }
            }
        }
    }

    /// Which Grid card to buy next, or none: every card your side may buy whose price the
    /// Shards cover. `best` is the pilot's (the buying rule's first); returns the position
    /// to buy.
    pub(super) fn buy_pick<L: Log>(
        &self,
        state: &State,
        best: Option<usize>,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<usize> {
        let price = |c: u16| {
            if self.all {
                self.shard_price(state, c)
            } else {
                u32::from(self.f(c).shard_cost)
            }
        };
        let shards = state.shards;
        log.pick(
            ChoiceKind::Buy,
            best,
            || {
                let mut options: Vec<Option<usize>> = (0..GRID)
                    .filter(|&i| {
                        let c = state.grid[i];
                        c != NONE && self.may_buy(c) && price(c) <= shards
                    })
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(i) => {
                    let card = state.grid[i];
                    let (cost, printed) = (price(card), u32::from(self.f(card).shard_cost));
                    let discount = if cost < printed {
                        format!(", discounted from {printed}")
                    } else {
                        String::new()
                    };
                    format!(
                        "Buy {} for {cost_shards}{discount} into your discard pile",
                        self.name(card),
                        cost_shards = deckhand_core::plural::count(cost as i64, "Shard", "Shards")
                    )
                }
                None => "Buy nothing more".to_owned(),
            },
            || match best {
                Some(_) => {
                    format!("the most expensive card you may buy that the Shards ({shards}) cover")
                }
                None => format!("no card you may buy that the Shards ({shards}) cover"),
            },
            || self.board(state),
            rng,
        )
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

    /// Battles adversaries, cheapest first, while the Shards cover them (asking each time
    /// which adversary next, or none).
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
            let Some(i) = self.battle_pick(state, best.map(|(_, i)| i), rng, log) else {
                return;
            };
            let card = state.grid[i];
            let cost = self.battle_price(state, card);
            state.grid[i] = NONE;
            state.shards -= cost;
            state.spent += u32::from(self.f(card).battle_cost.unwrap_or(0));
            if self.all {
                self.battled(card, state, rng, log);
            } else {
                state.main_discard.push(card);
            }
        }
    }

    /// Which adversary to Battle next, or none: every adversary in The Grid whose Battle
    /// price the Shards cover. `best` is the pilot's (the cheapest, leftmost).
    fn battle_pick<L: Log>(
        &self,
        state: &State,
        best: Option<usize>,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<usize> {
        let shards = state.shards;
        log.pick(
            ChoiceKind::Battle,
            best,
            || {
                let mut options: Vec<Option<usize>> = (0..GRID)
                    .filter(|&i| {
                        let c = state.grid[i];
                        c != NONE
                            && self.battle_cost[c as usize] != u8::MAX
                            && self.battle_price(state, c) <= shards
                    })
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(i) => {
                    let card = state.grid[i];
                    format!(
                        "Battle {} for {}",
                        self.name(card),
                        deckhand_core::plural::count(
                            i64::from(self.battle_price(state, card)),
                            "Shard",
                            "Shards"
                        )
                    )
                }
                None => "Battle no adversary".to_owned(),
            },
            || match best {
                Some(_) => {
                    format!("the cheapest adversary in The Grid that the Shards ({shards}) cover")
                }
                None => format!("no adversary that the Shards ({shards}) cover"),
            },
            || self.board(state),
            rng,
        )
    }
}
