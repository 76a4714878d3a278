//! Two readings of PR Deck-Building zones for the shared interpreter: the main deck's top
//! put back in the pilot's order (`reorder top N of main_deck`, Signal Tech Marisol) and the
//! distinct card names in a zone (`distinct`, Riverside Arcade).

use super::*;

impl<L: Log> PrBoard<'_, L> {
    /// "Look at the top N cards of the main deck and put them back in any order": the card
    /// the buying rule ranks first on top (docs/pilots.md#how-the-pilot-uses-an-effect: a
    /// choice takes the card the pilot would play soonest; The Grid refills from the top), the
    /// cards the side may not buy last, ties by name. They stay known on top until The Grid
    /// draws them. No DBX card puts cards under (`… to bottom`): the other zones are not
    /// reordered.
    pub(super) fn reorder_main_deck(&mut self, zone: Id, count: u32, label: &str) {
        if zone != MAIN_DECK || count == 0 {
            return;
        }
        let p = self.p;
        let rank = |&c: &u16| {
            (
                u32::MAX - p.buy_key[c as usize],
                p.deck.name_rank[c as usize],
            )
        };
        let n = self.state.main_deck.look(count as usize, self.rng, rank);
        if L::ENABLED {
            let top: Vec<&str> = self.state.main_deck.known_top()[..n]
                .iter()
                .map(|&c| p.name(c))
                .collect();
            self.note(|| {
                format!(
                    "{label}: look at the top {n} of the main deck, back in the buying rule's order: {}",
                    top.join(", ")
                )
            });
        }
    }

    /// How many distinct card names the matching cards in `zone` have.
    pub(super) fn distinct_names(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        if zone == PLAYED && self.p.tracks_played {
            let played = &self.state.played_cards;
            let distinct = match set {
                Some(set) => set.count_in(played),
                None => played.iter().map(|w| w.count_ones()).sum(),
            };
            debug_assert_eq!(
                i64::from(distinct),
                self.distinct_walk(zone, set),
                "played card bits out of step"
            );
            return i64::from(distinct);
        }
        self.distinct_walk(zone, set)
    }

    /// [`Self::distinct_names`] by walking the zone.
    fn distinct_walk(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let s = &*self.state;
        let zones: [&[u16]; 4] = match zone {
            DECK => [&s.draw_pile, &s.deck_top, &[], &[]],
            HAND => [s.hand.as_slice(), &[], &[], &[]],
            DISCARD => [&s.discard, &[], &[], &[]],
            PLAYED => [&s.played, &[], &[], &[]],
            CONTROL => [&s.played, &s.control, &s.attached, &s.zord_bay],
            ATTACHED => [&s.attached, &[], &[], &[]],
            Z_GRID => [&s.grid, &[], &[], &[]],
            MAIN_DECK => [s.main_deck.remaining(), &[], &[], &[]],
            MAIN_DISCARD => [&s.main_discard, &[], &[], &[]],
            DESTROYED => [&s.destroyed, &[], &[], &[]],
            ZORD_BAY => [&s.zord_bay, &[], &[], &[]],
            _ => [&[], &[], &[], &[]],
        };
        let name = |c: u16| self.p.deck.name_id[c as usize];
        let cards = || {
            zones
                .into_iter()
                .flatten()
                .copied()
                .filter(|&c| c != NONE && keep(set, c))
        };
        // Names seen, as bits: a deck rarely has more than 256 names; one that has counts
        // each name at its first occurrence instead. Neither allocates.
        let mut seen = [0u64; 4];
        if self.p.deck.len() <= 64 * seen.len() {
            let mut distinct = 0;
            for c in cards() {
                let id = usize::from(name(c));
                let (word, bit) = (id / 64, 1u64 << (id % 64));
                distinct += i64::from(seen[word] & bit == 0);
                seen[word] |= bit;
            }
            return distinct;
        }
        cards()
            .enumerate()
            .filter(|&(i, c)| cards().take(i).all(|d| name(d) != name(c)))
            .count() as i64
    }
}
