//! The positions whose Ability was used this turn ([`super::State`]'s `used` and
//! `zord_used`), as bits: a turn's reset is one store, and a ranking reads the first 64
//! positions as a mask rather than a flag per position.

/// A set of positions. The first 64 live in one word; any beyond (a Character with more
/// than 63 slots, a Zord Bay of more than 64 cards: the positions are not bounded by the
/// rules, so a deck could) in `more`, which stays empty, and so allocation-free, otherwise.
#[derive(Default, Debug)]
pub(super) struct Used {
    low: u64,
    /// Positions 64 and on, a word per 64; a missing word reads as none used.
    more: Vec<u64>,
}

impl Used {
    /// Whether position `i` is in the set.
    #[inline(always)]
    pub(super) fn has(&self, i: usize) -> bool {
        match i {
            0..64 => self.low >> i & 1 != 0,
            _ => self
                .more
                .get(i / 64 - 1)
                .is_some_and(|w| w >> (i % 64) & 1 != 0),
        }
    }

    /// Puts position `i` in the set.
    #[inline]
    pub(super) fn insert(&mut self, i: usize) {
        match i {
            0..64 => self.low |= 1 << i,
            _ => {
                let word = i / 64 - 1;
                if self.more.len() <= word {
                    self.more.resize(word + 1, 0);
                }
                self.more[word] |= 1 << (i % 64);
            }
        }
    }

    /// Takes position `i` out of the set.
    #[inline]
    pub(super) fn remove(&mut self, i: usize) {
        match i {
            0..64 => self.low &= !(1 << i),
            _ => {
                if let Some(w) = self.more.get_mut(i / 64 - 1) {
                    *w &= !(1 << (i % 64));
                }
            }
        }
    }

    /// Empties the set (a new turn).
    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.low = 0;
        self.more.clear();
    }

    /// Positions 0 to 63 of the set, as bits.
    #[inline(always)]
    pub(super) fn low(&self) -> u64 {
        self.low
    }
}

// By hand: a removed position past the first word leaves a zero word behind, and a set
// with one reads the same as a set without it.
impl PartialEq for Used {
    fn eq(&self, other: &Self) -> bool {
        let words = self.more.len().max(other.more.len());
        self.low == other.low
            && (0..words).all(|w| self.more.get(w).unwrap_or(&0) == other.more.get(w).unwrap_or(&0))
    }
}

impl Eq for Used {}

// By hand: a look's copy reuses its own words (`clone_from`) rather than a new list.
impl Clone for Used {
    fn clone(&self) -> Self {
        Used {
            low: self.low,
            more: self.more.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.low = source.low;
        self.more.clone_from(&source.more);
    }
}

#[cfg(test)]
mod tests {
    use super::Used;

    #[test]
    fn positions_past_the_first_word_are_kept_apart_and_cleared_with_the_turn() {
        let mut used = Used::default();
        for i in [0, 5, 63, 64, 100, 200] {
            used.insert(i);
        }
        let set: Vec<usize> = (0..300).filter(|&i| used.has(i)).collect();
        assert_eq!(set, [0, 5, 63, 64, 100, 200]);
        used.remove(100);
        used.remove(500);
        assert!(!used.has(100) && used.has(200));
        assert_eq!(used.low(), 1 | 1 << 5 | 1 << 63);
        let mut emptied = Used::default();
        emptied.insert(300);
        emptied.remove(300);
        assert_eq!(
            emptied,
            Used::default(),
            "a position taken out leaves no trace"
        );
        used.clear();
        assert!((0..300).all(|i| !used.has(i)));
        assert_eq!(used, Used::default());
    }
}
