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
            sorted
                .iter()
                .map(|&c| ZoneCard::plain(self.name(c)))
                .collect()
        };
        let character = if self.character == NONE {
            Vec::new()
        } else {
            vec![ZoneCard {
                name: self.name(self.character).into(),
                status: Some(
                    if state.flipped > 0 {
                        "flipped"
                    } else {
                        "starting side"
                    }
                    .into(),
                ),
                attached: state
                    .attached
                    .iter()
                    .enumerate()
                    .map(|(s, &c)| Attached {
                        role: format!("slot {}", s + 1),
                        name: if c == NONE {
                            "(empty)".into()
                        } else {
                            self.name(c).into()
                        },
                    })
                    .collect(),
            }]
        };
        let grid = state
            .grid
            .iter()
            .map(|&c| {
                if c == NONE {
                    ZoneCard::plain("(empty)")
                } else {
                    ZoneCard {
                        name: self.name(c).into(),
                        status: self.is_adversary(c).then(|| "adversary".into()),
                        attached: Vec::new(),
                    }
                }
            })
            .collect();
        let tracker = |hp: i32, energy: Option<u32>| {
            let mut cards = vec![ZoneCard {
                name: "HP".into(),
                status: Some(hp.max(0).to_string()),
                attached: Vec::new(),
            }];
            if let Some(e) = energy {
                cards.push(ZoneCard {
                    name: "Energy".into(),
                    status: Some(e.to_string()),
                    attached: Vec::new(),
                });
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
            Zone::visible("hand", "Hand", Owner::You, names(&state.hand)),
            Zone::visible("character", "Character", Owner::You, character),
            Zone::hidden("deck", "Deck", Owner::You, state.draw_pile.len()),
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
}
