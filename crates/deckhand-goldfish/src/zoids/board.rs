//! The Zoids Scramble side of the effect interpreter (`crate::effects`): what an effect
//! reads and changes of a game.

use super::*;
use crate::effects::{count_cards, count_hand, in_filter, Move};

/// The Zoids Scramble side of the effect interpreter: one effect's view of the game, with
/// `slot` the Arena slot of the effect's Zoid (`None` for a Command).
pub(super) struct ZoidsBoard<'a, L: Log> {
    pub(super) p: &'a Zoids,
    pub(super) state: &'a mut State,
    pub(super) rng: &'a mut Rng,
    pub(super) log: &'a mut L,
    pub(super) slot: Option<usize>,
}

impl<L: Log> ZoidsBoard<'_, L> {
    /// The Zoid an effect's "energy" means: its own, or for a Command the one step 3 would
    /// give Energy to, else the first set.
    fn energy_slot(&self) -> Option<usize> {
        self.slot.or_else(|| {
            self.p
                .energy_target(self.state)
                .map(|(_, _, i)| i)
                .or((self.state.arena_len > 0).then_some(0))
        })
    }

    fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            self.log.decide(Action::Draw, || text);
        }
    }
}

impl Zoids {
    /// The most cards effects can put back into the deck in one game (Emergency
    /// Reinforcements: one from the hand to the bottom), each a draw more before the deck
    /// runs out. A card's played or set effect fires once per copy, and once more each
    /// time an effect returns a card from the Scrapyard to the hand. An effect that fires
    /// again while its card stays in play could put cards back every turn: such a deck is
    /// given a long game (ten times its size), after which it counts as a deck-out.
    pub(super) fn turns_put_back(fx: &effects::Programs, deck: &DeckCards) -> u32 {
        let ceiling = i64::from(deck.size());
        let mut copies = vec![0i64; deck.len()];
        for &c in &deck.order {
            copies[c as usize] += 1;
        }
        let (mut returns, mut returns_again) = (0i64, 0i64);
        let (mut recovered, mut recovered_again) = (0i64, 0i64);
        for (c, &n) in copies.iter().enumerate() {
            let (once, again) = fx.most_moved(c as u16, None, BOTTOM, ceiling);
            returns += n * once;
            returns_again += again;
            let (once, again) = fx.most_moved(c as u16, Some(SCRAPYARD), HAND, ceiling);
            recovered += n * once;
            recovered_again += again;
        }
        let bound = match (returns, returns_again, recovered_again) {
            (0, 0, _) => 0,
            (_, 0, 0) => returns.saturating_mul(1 + recovered),
            _ => 10 * ceiling,
        };
        bound.clamp(0, i64::from(u16::MAX)) as u32
    }
}

impl<L: Log> Board for ZoidsBoard<'_, L> {
    crate::effects::counted_and_asked!();
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let state = &*self.state;
        let n = match zone {
            DECK => count_cards(state.library.remaining().iter().chain(&state.bottom), set),
            HAND => count_hand(&state.hand, set),
            ARENA => state.arena[..state.arena_len]
                .iter()
                .map(|s| {
                    let pilot = s.pilot != NO_PILOT && in_filter(set, s.pilot);
                    usize::from(in_filter(set, s.zoid)) + usize::from(pilot)
                })
                .sum(),
            ENERGY => self
                .energy_slot()
                .map_or(0, |i| count_cards(&state.arena[i].energy, set)),
            SCRAPYARD => count_cards(&state.scrapyard, set),
            BOTTOM => count_cards(&state.bottom, set),
            _ => 0,
        };
        n as i64
    }

    fn move_card(&mut self, step: Move<'_>, label: &str) -> bool {
        let (p, from, set) = (self.p, step.from, step.set);
        match (from, step.to) {
            (HAND, ENERGY) | (DECK, ENERGY) => {
                let Some(i) = self.energy_slot() else {
                    return false;
                };
                let card = if from == HAND {
                    let Some((card, _)) = p.energy_pick(self.state, set) else {
                        return false;
                    };
                    p.take_from_hand(self.state, card);
                    card
                } else {
                    let Some(card) = self.state.library.draw(self.rng) else {
                        return false;
                    };
                    card
                };
                self.state.arena[i].energy.push(card);
                let zoid = self.state.arena[i].zoid;
                self.note(|| {
                    format!(
                        "{label}: set {} as Energy on {}",
                        p.name(card),
                        p.name(zoid)
                    )
                });
            }
            (ENERGY, SCRAPYARD) => {
                // The Energy set last goes (High Output:
                // docs/pilots.md#zoids-the-decisions).
                let popped = self
                    .energy_slot()
                    .and_then(|i| self.state.arena[i].energy.pop());
                let Some(card) = popped else {
                    if L::ENABLED {
                        let _ = std::fmt::Write::write_fmt(
                            &mut self.state.attack_note,
                            format_args!("; {label} finds no Energy to scrap"),
                        );
                    }
                    return false;
                };
                self.state.scrapyard.push(card);
                if L::ENABLED {
                    let _ = std::fmt::Write::write_fmt(
                        &mut self.state.attack_note,
                        format_args!("; {label} puts {} into the Scrapyard", p.name(card)),
                    );
                }
            }
            (SCRAPYARD, HAND) => {
                let best = self
                    .state
                    .scrapyard
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| set.is_none_or(|s| s.contains(c)))
                    .min_by_key(|(_, &c)| p.play_rank[c as usize])
                    .map(|(i, _)| i);
                let Some(i) = best else { return false };
                let card = self.state.scrapyard.remove(i);
                self.state.hand[card as usize] += 1;
                self.state.hand_len += 1;
                self.note(|| {
                    format!(
                        "{label}: return {} from the Scrapyard to your hand",
                        p.name(card)
                    )
                });
            }
            (HAND, BOTTOM) => {
                let Some((card, _)) = p.energy_pick(self.state, set) else {
                    return false;
                };
                p.take_from_hand(self.state, card);
                self.state.bottom.push(card);
                self.note(|| format!("{label}: put {} on the bottom of your deck", p.name(card)));
            }
            _ => return false,
        }
        true
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        if count == 0 {
            return 0;
        }
        let mut drawn = 0;
        for _ in 0..count {
            if self.p.draw(self.state, self.rng, self.log).is_none() {
                break;
            }
            drawn += 1;
        }
        self.log.decide(Action::Draw, || match drawn {
            d if d == count => format!("{label}: draw {d}"),
            d => format!("{label}: draw {d}; the deck is empty"),
        });
        drawn
    }
}

impl crate::procedure::Goldfish for Zoids {
    const ID: &'static str = GAME_ID;

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        Zoids::new(game, deck, setup.effects)
    }
}
