//! A Ranger's combat deck: drawn from the top, lazily shuffled, with cards put on the
//! bottom in order (defense reveals).

use crate::rng::Rng;

/// The combat deck: drawn from the top (lazily shuffled), cards put on the bottom in order.
pub(super) struct CombatDeck {
    pub(super) cards: Vec<u16>,
    pub(super) top: usize,
    /// `cards[top..shuffled]` are undrawn and unordered; `cards[shuffled..]` are the cards
    /// put on the bottom, in order.
    pub(super) shuffled: usize,
}

impl CombatDeck {
    pub(super) fn reset(&mut self, order: &[u16]) {
        self.cards.clear();
        self.cards.extend_from_slice(order);
        self.top = 0;
        self.shuffled = order.len();
    }

    pub(super) fn len(&self) -> usize {
        self.cards.len() - self.top
    }

    pub(super) fn draw(&mut self, rng: &mut Rng) -> Option<u16> {
        if self.top < self.shuffled {
            let pick = self.top + rng.below((self.shuffled - self.top) as u32) as usize;
            self.cards.swap(self.top, pick);
        } else if self.top == self.cards.len() {
            return None;
        } else {
            self.shuffled += 1;
        }
        self.top += 1;
        Some(self.cards[self.top - 1])
    }

    pub(super) fn put_bottom(&mut self, card: u16) {
        // Reclaim the drawn prefix when the buffer would grow, so a battle never allocates.
        if self.cards.len() == self.cards.capacity() {
            self.cards.drain(..self.top);
            self.shuffled -= self.top;
            self.top = 0;
        }
        self.cards.push(card);
    }

    /// The undrawn cards (for counting and searching; order not meaningful).
    pub(super) fn remaining(&self) -> &[u16] {
        &self.cards[self.top..]
    }

    /// Takes `card` out of the undrawn cards, then shuffles them ("search your deck").
    pub(super) fn take(&mut self, card: u16) {
        if let Some(at) = self.cards[self.top..].iter().position(|&c| c == card) {
            self.cards.remove(self.top + at);
        }
        self.shuffled = self.cards.len();
    }

    /// Shuffles `card` into the undrawn cards (the bottom cards' order is lost too).
    pub(super) fn shuffle_in(&mut self, card: u16) {
        self.cards.push(card);
        self.shuffled = self.cards.len();
    }
}
