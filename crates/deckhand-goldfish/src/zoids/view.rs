//! The Zoids Scramble step-through's view, the zones as a player sees them: the hand, the
//! Arena (each Zoid with its Pilot and Energy), both bases' Energy, the deck and the
//! Scrapyard.

use super::*;

impl Zoids {
    /// The zones as a player sees them, for the step-through.
    pub(super) fn view(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let arena = state.arena[..state.arena_len]
            .iter()
            .map(|slot| {
                let mut attached = Vec::new();
                if slot.pilot != NO_PILOT {
                    attached.push(Attached {
                        role: "pilot".into(),
                        name: self.name(slot.pilot).into(),
                        color: None,
                    });
                }
                attached.extend(slot.energy.iter().map(|&e| Attached {
                    role: "energy".into(),
                    name: self.name(e).into(),
                    color: None,
                }));
                ZoneCard {
                    attached,
                    ..ZoneCard::plain(self.name(slot.zoid)).status(if slot.exhausted {
                        "exhausted"
                    } else {
                        "standby"
                    })
                }
            })
            .collect();
        let names = |cards: &[u16]| {
            cards
                .iter()
                .map(|&c| ZoneCard::plain(self.name(c)))
                .collect()
        };
        vec![
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::visible("arena", "Arena", Owner::You, arena),
            Zone::hidden("base", "Base Energy", Owner::You, state.base.len()),
            Zone::hidden(
                "deck",
                "Deck",
                Owner::You,
                state.library.len() + state.bottom.len(),
            ),
            Zone::visible(
                "scrapyard",
                "Scrapyard",
                Owner::You,
                names(&state.scrapyard),
            ),
            Zone::hidden(
                "base",
                "Base Energy",
                Owner::Opponent,
                usize::from(state.opponent_base),
            ),
        ]
    }
}
