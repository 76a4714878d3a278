//! The Heroes of the Grid board of the step-through: the energy, the Rangers' hand, combat
//! deck and discard pile, and the combat sequence's two rows with each card's health.

use super::*;

impl PrHotg {
    /// The zones as a player sees them, for the step-through.
    pub(super) fn board(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let names = |cards: &[u16]| {
            cards
                .iter()
                .map(|&c| ZoneCard::plain(self.name(c)))
                .collect()
        };
        let row = |offset: usize, slots: &[Slot]| -> Vec<ZoneCard> {
            slots
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let e = self.e(s);
                    let mut status = if s.defeated {
                        "defeated".to_owned()
                    } else {
                        format!("{}/{} health", self.health_left(s), e.health)
                    };
                    if offset + i < state.next {
                        status += ", resolved";
                    }
                    if !s.defeated && self.guarded(state, offset + i) {
                        status += ", guarded";
                    }
                    ZoneCard {
                        name: self.enemy_names[s.enemy as usize].clone(),
                        status: Some(status),
                        attached: Vec::new(),
                    }
                })
                .collect()
        };
        let energy = vec![
            ZoneCard {
                name: "Shared pool".into(),
                status: Some(state.pool.to_string()),
                attached: Vec::new(),
            },
            ZoneCard {
                name: "Stored tokens".into(),
                status: Some(state.stored.to_string()),
                attached: Vec::new(),
            },
        ];
        vec![
            Zone::visible("energy", "Energy", Owner::You, energy),
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::hidden("deck", "Combat deck", Owner::You, state.deck.len()),
            Zone::visible("discard", "Discard pile", Owner::You, names(&state.discard)),
            Zone::visible(
                "top_row",
                "Monster / Boss row",
                Owner::Opponent,
                row(0, &state.top[..state.top_len]),
            ),
            Zone::visible(
                "bottom_row",
                "Foot soldier row",
                Owner::Opponent,
                row(state.top_len, &state.bottom[..state.bottom_len]),
            ),
        ]
    }
}
