//! The PR Action step-through's board: the zones a player sees at each choice.

use super::*;

impl PrAcg {
    /// The zones as you see them at a choice: your hand by name, your deck's count, your
    /// discard and training areas, the opponent's hand and deck as counts.
    pub(super) fn view(&self, state: &State) -> Vec<Zone> {
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
        let mut zones = vec![
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::hidden("deck", "Deck", Owner::You, state.deck_len()),
            Zone::visible("discard", "Discard area", Owner::You, names(&state.discard)),
        ];
        // With keyword effects only nothing reaches the training area: the board stays the
        // one the bare procedure shows.
        if self.effects_on {
            zones.push(Zone::visible(
                "training",
                "Training area",
                Owner::You,
                names(&state.training),
            ));
        }
        zones.extend([
            Zone::hidden(
                "hand",
                "Hand",
                Owner::Opponent,
                state.opponent_hand as usize,
            ),
            Zone::hidden(
                "deck",
                "Deck",
                Owner::Opponent,
                state.opponent_deck as usize,
            ),
        ]);
        zones
    }
}
