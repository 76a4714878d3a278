//! Your hand: played from the front, drawn onto the back.

/// A queue of card indices over one `Vec`: taking the next card moves a cursor, not the
/// other cards. A `VecDeque` did the same with a ring buffer, whose wrapping arithmetic on
/// every push and pop cost more than the five-card hands it held (the hand empties every
/// turn, so the buffer never needs to wrap).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Hand {
    cards: Vec<u16>,
    /// Cards before it were played: `cards[front..]` is the hand.
    front: usize,
}

impl Clone for Hand {
    fn clone(&self) -> Hand {
        Hand {
            cards: self.cards.clone(),
            front: self.front,
        }
    }

    /// Reuses the buffer (the look-aheads' copies, `crate::scratch`).
    #[inline]
    fn clone_from(&mut self, source: &Hand) {
        crate::scratch::copy_list(&mut self.cards, &source.cards);
        self.front = source.front;
    }
}

impl Hand {
    pub(super) fn with_capacity(capacity: usize) -> Hand {
        Hand {
            cards: Vec::with_capacity(capacity),
            front: 0,
        }
    }

    #[inline]
    pub(super) fn len(&self) -> usize {
        self.cards.len() - self.front
    }

    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.front == self.cards.len()
    }

    #[inline]
    pub(super) fn push_back(&mut self, card: u16) {
        self.cards.push(card);
    }

    /// The next card, or `None` when the hand is empty (which also rewinds the cursor, so
    /// the buffer is reused from its start).
    #[inline]
    pub(super) fn pop_front(&mut self) -> Option<u16> {
        match self.cards.get(self.front) {
            Some(&card) => {
                self.front += 1;
                Some(card)
            }
            None => {
                self.clear();
                None
            }
        }
    }

    #[inline]
    pub(super) fn clear(&mut self) {
        self.cards.clear();
        self.front = 0;
    }

    /// The hand's cards, in order, to reorder in place.
    #[inline]
    pub(super) fn as_mut_slice(&mut self) -> &mut [u16] {
        &mut self.cards[self.front..]
    }

    #[inline]
    pub(super) fn as_slice(&self) -> &[u16] {
        &self.cards[self.front..]
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, u16> {
        self.as_slice().iter()
    }

    /// Takes out the card at position `i` of the hand.
    pub(super) fn remove(&mut self, i: usize) -> Option<u16> {
        (i < self.len()).then(|| self.cards.remove(self.front + i))
    }

    /// Empties the hand into `into`, in order.
    pub(super) fn drain_into(&mut self, into: &mut Vec<u16>) {
        into.extend_from_slice(self.as_slice());
        self.clear();
    }
}

impl std::ops::Index<usize> for Hand {
    type Output = u16;

    fn index(&self, i: usize) -> &u16 {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a Hand {
    type Item = &'a u16;
    type IntoIter = std::slice::Iter<'a, u16>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<u16> for Hand {
    fn from_iter<I: IntoIterator<Item = u16>>(cards: I) -> Hand {
        Hand {
            cards: cards.into_iter().collect(),
            front: 0,
        }
    }
}

impl From<Vec<u16>> for Hand {
    fn from(cards: Vec<u16>) -> Hand {
        Hand { cards, front: 0 }
    }
}
