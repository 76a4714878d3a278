//! The deck being drawn from, shuffled lazily.

use crate::rng::Rng;

/// A deck of card indices. Each game starts from the same printed order and shuffles only as
/// far as it draws: drawing swaps a uniformly chosen remaining card to the top (one
/// Fisher–Yates step), so a game that ends on turn 5 pays for a dozen swaps, not forty.
#[derive(Debug)]
pub struct Library {
    cards: Vec<u16>,
    drawn: usize,
    /// The first `known` undrawn cards were looked at and put back in an order
    /// ([`Library::look`]): they are drawn first, in that order, before any random pick.
    known: usize,
}

impl Clone for Library {
    fn clone(&self) -> Library {
        Library {
            cards: self.cards.clone(),
            drawn: self.drawn,
            known: self.known,
        }
    }

    /// Reuses the buffer: the pilots' look-aheads copy a game's library several times a
    /// turn (see `crate::scratch`).
    #[inline]
    fn clone_from(&mut self, source: &Library) {
        crate::scratch::copy_list(&mut self.cards, &source.cards);
        self.drawn = source.drawn;
        self.known = source.known;
    }
}

impl Library {
    pub fn new(cards: &[u16]) -> Library {
        Library {
            cards: cards.to_vec(),
            drawn: 0,
            known: 0,
        }
    }

    /// Puts every card back in `order` (the deck's printed order) for a new game, so that a
    /// game depends on its own random stream only.
    #[inline]
    pub fn reset(&mut self, order: &[u16]) {
        self.cards.copy_from_slice(order);
        self.drawn = 0;
        self.known = 0;
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
        if self.known > 0 {
            self.known -= 1;
            self.drawn += 1;
            return Some(self.cards[self.drawn - 1]);
        }
        let pick = self.drawn + rng.below(left as u32) as usize;
        self.cards.swap(self.drawn, pick);
        self.drawn += 1;
        Some(self.cards[self.drawn - 1])
    }

    /// What [`Library::draw`] would take with `rng`, without drawing it: the card and where
    /// it lies. `after`: the place of a card peeked this way just before, taken as drawn (the
    /// second of two draws). `None` when the deck holds no card, or cards looked at
    /// ([`Library::look`]) lie on top: then this answers nothing.
    #[inline]
    pub fn peek(&self, rng: &mut Rng, after: Option<usize>) -> Option<(u16, usize)> {
        let drawn = self.drawn + usize::from(after.is_some());
        if self.known > 0 || drawn >= self.cards.len() {
            return None;
        }
        let pick = drawn + rng.below((self.cards.len() - drawn) as u32) as usize;
        // The first draw swapped the card at `self.drawn` into `after`'s place.
        let card = match after {
            Some(at) if at == pick => self.cards[self.drawn],
            _ => self.cards[pick],
        };
        Some((card, pick))
    }

    /// Returns a drawn card to the undrawn part: shuffling it back in, since every draw
    /// picks uniformly among the undrawn cards. (PR Deck-Building's Grid set-up sets cards
    /// aside and shuffles them back.) A card that was never drawn is left alone.
    pub fn put_back(&mut self, card: u16) {
        if let Some(i) = self.cards[..self.drawn].iter().rposition(|&c| c == card) {
            self.cards.swap(i, self.drawn - 1);
            self.drawn -= 1;
            // Below the cards known on top, among the ones drawn at random.
            let known = self.known;
            self.cards[self.drawn..=self.drawn + known].rotate_left(1);
        }
    }

    /// Takes one undrawn copy of `card` out of the deck (a search); false when none is left.
    pub fn take(&mut self, card: u16) -> bool {
        match self.cards[self.drawn..].iter().position(|&c| c == card) {
            Some(i) => {
                match self.known {
                    // Undrawn cards have no order: any position will do.
                    0 => self.cards.swap(self.drawn, self.drawn + i),
                    // The known top keeps its order.
                    _ => self.cards[self.drawn..=self.drawn + i].rotate_right(1),
                }
                self.drawn += 1;
                if i < self.known {
                    self.known -= 1;
                }
                true
            }
            None => false,
        }
    }

    /// Looks at the top `n` cards (drawn as [`Library::draw`] would: the known ones first,
    /// then at random) and puts them back on top in the order `rank` gives, lowest first:
    /// they are the next cards drawn. Returns how many were looked at.
    pub fn look<K: Ord>(&mut self, n: usize, rng: &mut Rng, rank: impl FnMut(&u16) -> K) -> usize {
        let n = n.min(self.len());
        for _ in 0..n {
            self.draw(rng);
        }
        let start = self.drawn - n;
        self.cards[start..self.drawn].sort_by_key(rank);
        self.drawn = start;
        self.known += n;
        n
    }

    /// The top `n` cards when they are known (looked at), top first.
    pub fn known_top(&self) -> &[u16] {
        &self.cards[self.drawn..self.drawn + self.known]
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
    fn peeking_at_two_draws_sees_the_cards_drawing_them_takes() {
        let order: Vec<u16> = (0..6).collect();
        for seed in 0..200 {
            let mut library = Library::new(&order);
            let mut rng = Rng::from_seed(seed);
            for _ in 0..seed % 4 {
                library.draw(&mut rng);
            }
            let (mut peeking, mut drawing) = (rng.clone(), rng);
            let (first, at) = library.peek(&mut peeking, None).unwrap();
            let (second, _) = library.peek(&mut peeking, Some(at)).unwrap();
            assert_eq!(library.draw(&mut drawing), Some(first));
            assert_eq!(library.draw(&mut drawing), Some(second));
            assert_eq!(peeking.next_u64(), drawing.next_u64());
        }
        let mut library = Library::new(&order);
        library.look(1, &mut Rng::from_seed(1), |&c| c);
        assert_eq!(library.peek(&mut Rng::from_seed(1), None), None);
    }

    #[test]
    fn a_searched_card_leaves_the_deck_once() {
        let mut library = Library::new(&[0, 1, 1, 2]);
        assert!(library.take(1));
        assert!(library.take(1));
        assert!(!library.take(1));
        let mut rest = library.remaining().to_vec();
        rest.sort();
        assert_eq!(rest, [0, 2]);
    }

    #[test]
    fn cards_looked_at_are_drawn_next_in_the_order_given() {
        let order: Vec<u16> = (0..10).collect();
        let mut library = Library::new(&order);
        let mut rng = Rng::from_seed(7);
        assert_eq!(library.look(3, &mut rng, |&c| c), 3);
        let top = library.known_top().to_vec();
        assert!(top.windows(2).all(|w| w[0] < w[1]), "{top:?}");
        // A second look sees the same three first, then one more; highest first now.
        library.look(4, &mut rng, |&c| std::cmp::Reverse(c));
        let again = library.known_top().to_vec();
        assert!(top.iter().all(|c| again.contains(c)), "{top:?} {again:?}");
        assert!(again.windows(2).all(|w| w[0] > w[1]), "{again:?}");
        // A card put back or searched for leaves the known order alone.
        let first = library.draw(&mut rng).unwrap();
        assert_eq!(first, again[0]);
        library.put_back(first);
        assert_eq!(library.known_top(), &again[1..]);
        assert!(library.take(again[2]));
        assert_eq!(library.known_top(), [again[1], again[3]]);
        assert_eq!(library.draw(&mut rng), Some(again[1]));
        assert_eq!(library.draw(&mut rng), Some(again[3]));
        let mut rest: Vec<u16> = std::iter::from_fn(|| library.draw(&mut rng)).collect();
        rest.extend([again[1], again[2], again[3]]);
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
