//! A Ranger's combat deck: drawn from the top, lazily shuffled, with cards put on the
//! bottom in order (defense reveals).

use crate::rng::Rng;

/// The combat deck: drawn from the top (lazily shuffled), cards put on the bottom in order.
pub(super) struct CombatDeck {
    pub(super) cards: Vec<u16>,
    pub(super) top: usize,
    /// `cards[top..shuffled]` are undrawn and unordered but for the first `known` (looked
    /// at and put back in order: "put them back in any order"); `cards[shuffled..]` are the
    /// cards put on the bottom, in order.
    pub(super) shuffled: usize,
    pub(super) known: usize,
}

impl Clone for CombatDeck {
    fn clone(&self) -> CombatDeck {
        CombatDeck {
            cards: self.cards.clone(),
            top: self.top,
            shuffled: self.shuffled,
            known: self.known,
        }
    }

    /// Reuses the buffer: the Reaction looks copy the battle (see `crate::scratch`).
    fn clone_from(&mut self, source: &CombatDeck) {
        self.cards.clone_from(&source.cards);
        self.top = source.top;
        self.shuffled = source.shuffled;
        self.known = source.known;
    }
}

impl CombatDeck {
    pub(super) fn reset(&mut self, order: &[u16]) {
        self.cards.clear();
        self.cards.extend_from_slice(order);
        self.top = 0;
        self.shuffled = order.len();
        self.known = 0;
    }

    pub(super) fn len(&self) -> usize {
        self.cards.len() - self.top
    }

    pub(super) fn draw(&mut self, rng: &mut Rng) -> Option<u16> {
        if self.known > 0 {
            self.known -= 1;
        } else if self.top < self.shuffled {
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
        self.known = 0;
    }

    /// Shuffles `card` into the undrawn cards (the bottom cards' order is lost too).
    pub(super) fn shuffle_in(&mut self, card: u16) {
        self.cards.push(card);
        self.shuffled = self.cards.len();
        self.known = 0;
    }

    /// The top `n` cards (fewer when the deck is smaller), drawn at random from the unordered
    /// ones as a draw would: from now on they are the deck's top, in this order.
    pub(super) fn peek(&mut self, n: usize, rng: &mut Rng) -> &mut [u16] {
        let n = n.min(self.len());
        while self.known < n && self.top + self.known < self.shuffled {
            let at = self.top + self.known;
            let pick = at + rng.below((self.shuffled - at) as u32) as usize;
            self.cards.swap(at, pick);
            self.known += 1;
        }
        // Past the unordered cards the bottom ones follow in order: all of them known.
        if self.top + self.known >= self.shuffled {
            self.known = self.shuffled - self.top;
        }
        &mut self.cards[self.top..self.top + n]
    }

    /// Moves the card `offset` below the top (looked at: [`CombatDeck::peek`]) to the
    /// bottom.
    pub(super) fn send_under(&mut self, offset: usize) {
        let at = self.top + offset;
        if at >= self.cards.len() {
            return;
        }
        let card = self.cards.remove(at);
        if at < self.shuffled {
            self.shuffled -= 1;
        }
        if offset < self.known {
            self.known -= 1;
        }
        self.cards.push(card);
    }
}
