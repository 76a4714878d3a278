//! Fuzzes card packs (`PackReader`, as `deckhand pack import` opens a .zip) from memory.
//! Whatever opens has a version 1 manifest and a UTF-8 card file; each card the card-set
//! reader accepts from it reads back from its JSON; every image entry the manifest names is
//! read within its cap or refused with a message, and nothing panics or runs away.

use std::io::Cursor;

use deckhand_core::{Card, CardSet};
use deckhand_formats::PackReader;

/// A small image cap, so the target also meets packs past it.
const IMAGE_CAP: u64 = 64 * 1024;

fn main() {
    let games = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        let Ok(mut pack) = PackReader::open(Cursor::new(data), "fuzz.zip") else {
            return;
        };
        assert_eq!(pack.manifest.version, 1, "a pack of another version opened");
        if let Ok(set) = CardSet::from_json("fuzz.zip:cards.json", &pack.cards_text, &games) {
            for card in &set.cards {
                let json = serde_json::to_string(card).expect("a card to JSON");
                let stored: Card = serde_json::from_str(&json)
                    .unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
                assert_eq!(&stored, card, "the JSON reads back otherwise");
            }
        }
        let entries: Vec<String> = pack.manifest.images.values().cloned().collect();
        for entry in entries {
            match pack.image(&entry, IMAGE_CAP) {
                Ok(bytes) => assert!(bytes.len() as u64 <= IMAGE_CAP, "an image past its cap"),
                Err(e) => assert!(!e.message.is_empty()),
            }
        }
    });
}
