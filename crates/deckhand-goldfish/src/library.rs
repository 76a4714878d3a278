//! The deck being drawn from, shuffled lazily.

use crate::rng::Rng;

/// A deck of card indices. Each game starts from the same printed order and shuffles only as
/// far as it draws: drawing swaps a uniformly chosen remaining card to the top (one
/// Fisher–Yates step), so a game that ends on turn 5 pays for a dozen swaps, not forty.
#[derive(Debug, Clone)]
pub struct Library {
    cards: Vec<u16>,
    drawn: usize,
}

impl Library {
    pub fn new(cards: &[u16]) -> Library {
        Library {
            cards: cards.to_vec(),
            drawn: 0,
        }
    }

    /// Puts every card back in `order` (the deck's printed order) for a new game, so that a
    /// game depends on its own random stream only.
    #[inline]
    pub fn reset(&mut self, order: &[u16]) {
        self.cards.copy_from_slice(order);
        self.drawn = 0;
    }

    /// Cards left to draw.
    #[inline]
    pub fn len(&self) -> usize {
        self.cards.len() - self.drawn
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Draws the top card of the shuffled deck, or `None` when it is empty.
    #[inline]
    pub fn draw(&mut self, rng: &mut Rng) -> Option<u16> {
        let left = self.len();
        if left == 0 {
            return None;
        }
        let pick = self.drawn + rng.below(left as u32) as usize;
        self.cards.swap(self.drawn, pick);
        self.drawn += 1;
        Some(self.cards[self.drawn - 1])
    }

    /// Returns a drawn card to the undrawn part: shuffling it back in, since every draw
    /// picks uniformly among the undrawn cards. (PR Deck-Building's Grid set-up sets cards
    /// aside and shuffles them back.) A card that was never drawn is left alone.
    pub fn put_back(&mut self, card: u16) {
        if let Some(i) = self.cards[..self.drawn].iter().rposition(|&c| c == card) {
            self.cards.swap(i, self.drawn - 1);
            self.drawn -= 1;
        }
    }

    /// Takes `card` out of the undrawn part (a search): it counts as drawn. False when no
    /// undrawn copy is left. The undrawn order needs no shuffle: every draw picks
    /// uniformly among the undrawn cards.
    pub fn take(&mut self, card: u16) -> bool {
        let Some(i) = self.cards[self.drawn..].iter().position(|&c| c == card) else {
            return false;
        };
        self.cards.swap(self.drawn, self.drawn + i);
        self.drawn += 1;
        true
    }

    /// The cards still in the deck, in no meaningful order (for counting, not for peeking).
    pub fn remaining(&self) -> &[u16] {
        &self.cards[self.drawn..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_everything_yields_each_card_once() {
        let order: Vec<u16> = (0..40).collect();
        let mut library = Library::new(&order);
        let mut rng = Rng::from_seed(3);
        let mut drawn: Vec<u16> = std::iter::from_fn(|| library.draw(&mut rng)).collect();
        assert_eq!(drawn.len(), 40);
        assert!(library.is_empty());
        drawn.sort();
        assert_eq!(drawn, order);
    }

    #[test]
    fn a_card_put_back_can_be_drawn_again() {
        let order: Vec<u16> = (0..3).collect();
        let mut library = Library::new(&order);
        let mut rng = Rng::from_seed(5);
        let first = library.draw(&mut rng).unwrap();
        let second = library.draw(&mut rng).unwrap();
        library.put_back(first);
        library.put_back(9);
        assert_eq!(library.len(), 2);
        let mut rest: Vec<u16> = std::iter::from_fn(|| library.draw(&mut rng)).collect();
        rest.push(second);
        rest.sort();
        assert_eq!(rest, order);
    }

    #[test]
    fn the_top_card_is_uniform() {
        let order: Vec<u16> = (0..4).collect();
        let mut library = Library::new(&order);
        let mut rng = Rng::from_seed(11);
        let mut seen = [0u32; 4];
        for _ in 0..8000 {
            library.reset(&order);
            seen[library.draw(&mut rng).unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (1800..2200).contains(&c)), "{seen:?}");
    }
}
