//! The PR Deck-Building board of the step-through: your Status Tracker, hand, character
//! with its slots, deck and discard pile, The Grid, the main deck and its discard pile, and
//! the goldfish's HP.

use super::*;

impl PrDbg {
    /// The zones as a player sees them, for the step-through.
    pub(super) fn board(&self, state: &State) -> Vec<Zone> {
        let names = |cards: &[u16]| -> Vec<ZoneCard> {
            let mut sorted = cards.to_vec();
            sorted.sort_by_key(|&c| self.deck.name_rank[c as usize]);
            sorted.iter().map(|&c| self.card(c)).collect()
        };
        let character = if self.character == NONE {
            Vec::new()
        } else {
            let filled = state.attached.iter().filter(|&&c| c != NONE).count();
            let card = ZoneCard {
                attached: state
                    .attached
                    .iter()
                    .zip(&self.slots)
                    .enumerate()
                    .map(|(s, (&c, &colour))| Attached {
                        role: format!("slot {}", s + 1),
                        name: if c == NONE {
                            "(empty)".into()
                        } else {
                            self.name(c).into()
                        },
                        color: self.colour_name(colour),
                    })
                    .collect(),
                ..ZoneCard::plain(self.name(self.character))
                    .status(if state.flipped > 0 {
                        "flipped"
                    } else {
                        "starting side"
                    })
                    .stat("slots", self.slots.len() as i64)
                    .stat("slots_filled", filled as i64)
                    .tag("flipped", state.flipped > 0)
            };
            vec![card]
        };
        let grid = state
            .grid
            .iter()
            .map(|&c| {
                if c == NONE {
                    ZoneCard::plain("(empty)").tag("empty", true)
                } else {
                    let card = self.card(c).tag("adversary", self.is_adversary(c));
                    if self.is_adversary(c) {
                        card.status("adversary")
                    } else {
                        card
                    }
                }
            })
            .collect();
        let tracker = |hp: i32, energy: Option<u32>| {
            let mut cards = vec![ZoneCard::counter("HP", hp.max(0)).stat("max", HP)];
            if let Some(e) = energy {
                cards.push(ZoneCard::counter("Energy", e).stat("max", MAX_ENERGY));
            }
            cards
        };
        vec![
            Zone::visible(
                "tracker",
                "Status Tracker",
                Owner::You,
                tracker(state.hp, Some(state.energy)),
            ),
            Zone::visible(
                "hand",
                "Hand",
                Owner::You,
                names(&state.hand.iter().copied().collect::<Vec<_>>()),
            ),
            Zone::visible("character", "Character", Owner::You, character),
            // The cards known on top (a card looked at and kept) are still in the deck.
            Zone::hidden(
                "deck",
                "Deck",
                Owner::You,
                state.draw_pile.len() + state.deck_top.len(),
            ),
            Zone::visible("discard", "Discard pile", Owner::You, names(&state.discard)),
            Zone::visible("grid", "The Grid", Owner::You, grid),
            Zone::hidden("main_deck", "Main deck", Owner::You, state.main_deck.len()),
            Zone::visible(
                "main_discard",
                "Main deck discard pile",
                Owner::You,
                names(&state.main_discard),
            ),
            Zone::visible(
                "tracker",
                "Status Tracker",
                Owner::Opponent,
                tracker(state.goldfish_hp, None),
            ),
        ]
    }

    /// A card with the figures a board shows: its costs, what it makes, its colour.
    pub(super) fn card(&self, c: u16) -> ZoneCard {
        let f = self.f(c);
        let mut card = ZoneCard::plain(self.name(c))
            .stat("shard_cost", f.shard_cost)
            .stat("shards", f.shards)
            .stat("energy", f.energy);
        if let Some(cost) = f.battle_cost {
            card = card.stat("battle_cost", cost);
        }
        if let Some(damage) = f.damage {
            card = card.stat("damage", damage);
        }
        card.color = self.colour_name(f.colour);
        card
    }

    pub(super) fn colour_name(&self, colour: u8) -> Option<String> {
        if colour == ANY_COLOUR {
            return Some("any".into());
        }
        self.colour_names
            .get(usize::from(colour))
            .filter(|c| !c.is_empty())
            .cloned()
    }
}
