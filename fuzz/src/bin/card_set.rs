//! Fuzzes the card-set JSON reader (`CardSet::from_json`) against the bundled games, and
//! checks that a read with input keys (as an import reads) makes the same cards and fails
//! with the same message as a plain read.

use deckhand_core::{Card, CardSet, CardSetItem, CardSink};

/// Wants input keys and knows none: every card is read, as on a first import.
#[derive(Default)]
struct Keyed {
    cards: Vec<Card>,
}

impl CardSink for Keyed {
    fn item(&mut self, item: CardSetItem<'_>) {
        if let CardSetItem::Card { card, .. } = item {
            self.cards.push(card);
        }
    }

    fn wants_input_keys(&self) -> bool {
        true
    }
}

fn main() {
    let games = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let plain = CardSet::from_json("fuzz.json", text, &games);
            let mut keyed = Keyed::default();
            let read = CardSet::read_json_into("fuzz.json", text, &games, &mut keyed);
            match (plain, read) {
                (Ok(set), Ok(_)) => assert_eq!(set.cards, keyed.cards),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                (a, b) => panic!("a keyed read disagrees: plain {a:?}, keyed {b:?}"),
            }
        }
    });
}
