//! How often each deck card's effects fired in one game: the report's `fired_per_game`
//! (issue 32), so a card the coverage calls `simulated` but whose effect never did anything
//! in a run shows it.
//!
//! The interpreter ticks a card each time one of its effects resolves
//! ([`super::Programs::resolve`]: its requirement held, its steps would change something,
//! its cost was paid), through [`super::Board::fired`]; each game's state carries one
//! [`Fired`], and the Monte Carlo adds them up per seat as integers, so the totals do not
//! depend on the thread count. A pilot's look-ahead plays on a copy of the state, so what it
//! tries is never counted. A keyword the rules apply rather than the interpreter counts only
//! where its procedure ticks it: Heroes of the Grid's Guard (`pr_hotg/turns.rs`).

use deckhand_core::Trigger;

/// Per deck card index, the times its effects resolved in this game.
#[derive(Debug, Default)]
pub struct Fired {
    counts: Vec<u32>,
    /// Per card, 64 to a word: its `while in play` effect has applied this game. The
    /// procedures recount such effects whenever the board changes (Showdown's Power, after
    /// every card put down), so counting each recount would measure the recounting: a
    /// lasting effect counts once a game it applied in.
    lasting: Vec<u64>,
}

impl Clone for Fired {
    fn clone(&self) -> Fired {
        Fired {
            counts: self.counts.clone(),
            lasting: self.lasting.clone(),
        }
    }

    /// Reuses the buffers: the state is copied by the pilots' look-aheads
    /// (`crate::scratch`).
    #[inline]
    fn clone_from(&mut self, source: &Fired) {
        crate::scratch::copy_list(&mut self.counts, &source.counts);
        crate::scratch::copy_list(&mut self.lasting, &source.lasting);
    }
}

impl Fired {
    /// Counts for a deck (with whatever else its programs hold: Heroes of the Grid's enemy
    /// cards) of `cards` distinct cards.
    pub fn new(cards: usize) -> Fired {
        Fired {
            counts: vec![0; cards],
            lasting: vec![0; cards.div_ceil(64)],
        }
    }

    /// A new game: nothing fired yet.
    pub fn reset(&mut self) {
        self.counts.fill(0);
        self.lasting.fill(0);
    }

    /// One of `card`'s `trigger` effects resolved.
    #[inline]
    pub fn tick(&mut self, card: u16, trigger: Trigger) {
        let i = card as usize;
        if trigger == Trigger::Static {
            let Some(word) = self.lasting.get_mut(i / 64) else {
                return;
            };
            let bit = 1u64 << (i % 64);
            if *word & bit != 0 {
                return;
            }
            *word |= bit;
        }
        if let Some(n) = self.counts.get_mut(i) {
            *n += 1;
        }
    }

    /// The counts, by card index.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
}

/// Adds one game's counts into a run's totals (grown to fit).
pub fn add_fired(into: &mut Vec<u64>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, &b) in into.iter_mut().zip(from) {
        *a += u64::from(b);
    }
}

/// Adds another run's totals into `into` (grown to fit).
pub fn merge_fired(into: &mut Vec<u64>, from: &[u64]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, &b) in into.iter_mut().zip(from) {
        *a += b;
    }
}
