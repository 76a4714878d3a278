//! [`CardSet`]: the deck cards a compiled filter matched, as bits.

/// Deck card indices a filter matched.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CardSet(Vec<u64>);

impl Clone for CardSet {
    fn clone(&self) -> CardSet {
        CardSet(self.0.clone())
    }

    /// Reuses the buffer: a game state's sets are copied by the pilots' look-aheads (see
    /// `crate::scratch`).
    #[inline]
    fn clone_from(&mut self, source: &CardSet) {
        crate::scratch::copy_list(&mut self.0, &source.0);
    }
}

impl CardSet {
    pub(super) fn new(len: usize) -> CardSet {
        CardSet(vec![0; len.div_ceil(64)])
    }

    pub(super) fn insert(&mut self, card: usize) {
        self.0[card / 64] |= 1 << (card % 64);
    }

    #[inline]
    pub fn contains(&self, card: u16) -> bool {
        let card = card as usize;
        self.0
            .get(card / 64)
            .is_some_and(|w| w & (1 << (card % 64)) != 0)
    }
}

impl CardSet {
    /// The empty set of a deck of `cards` cards.
    pub fn empty(cards: usize) -> CardSet {
        CardSet::new(cards)
    }

    /// Adds every card of `other`.
    pub fn union_with(&mut self, other: &CardSet) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (word, &more) in self.0.iter_mut().zip(&other.0) {
            *word |= more;
        }
    }

    /// How many cards of the set are in `bits` (card indices as bits, 64 to a word, like
    /// its own).
    #[inline]
    pub fn count_in(&self, bits: &[u64]) -> u32 {
        self.0
            .iter()
            .zip(bits)
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }

    /// Empties the set, keeping its room.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}
