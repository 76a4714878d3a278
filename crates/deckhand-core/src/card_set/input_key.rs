//! Recognising a card input that is stored exactly as written, before it is parsed.
//!
//! Re-importing a large set mostly finds cards that have not changed. Parsing and
//! validating each of them again only to learn that was most of an unchanged import. A
//! card's *input key* is a hash of its JSON object exactly as written, seeded with its
//! game's [`reading_fingerprint`]: the same key means the same bytes read by the same
//! definition and the same reader, so the card they make is the one stored then, and the
//! reader asks its [`CardSink`] whether it knows the key before it parses anything.
//!
//! The store keeps a card's key beside the content hash it was taken for, so any other
//! write of the row (an edit, an undo) makes the key stale without having to know of it.

use std::sync::Arc;

use crate::game::Game;

use super::CardSetItem;

/// Bumped whenever the card reader makes something else of the same input (what it trims,
/// how it spells a keyword, what it checks): every stored key then stops matching, and the
/// next import reads each card again. `reading_is_unchanged_since_the_last_reader_version`
/// fails when the bundled card files read differently, as a reminder.
pub const CARD_READER_VERSION: u64 = 1;

/// Where a card-set file's items go as it is read (see [`super::CardSet::read_json_into`]).
pub trait CardSink {
    /// A set or a validated card, in file order.
    fn item(&mut self, item: CardSetItem<'_>);

    /// Whether cards are read with their input keys: the reader then also asks
    /// [`CardSink::known`] before it parses each card.
    fn wants_input_keys(&self) -> bool {
        false
    }

    /// When the card input with this key is stored exactly as it is, the id of the card it
    /// made (the reader then neither parses nor hands on the card); `read` is how many
    /// bytes of the text have been read up to it.
    fn known(&mut self, _input_key: i64, _read: usize) -> Option<Arc<str>> {
        None
    }
}

impl<F: FnMut(CardSetItem<'_>)> CardSink for F {
    fn item(&mut self, item: CardSetItem<'_>) {
        self(item)
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a from `hash`: stable across builds and platforms, as stored fingerprints must be.
fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(FNV_PRIME);
    }
    hash
}

/// A fingerprint of how a card of `game` is read: the whole definition and
/// [`CARD_READER_VERSION`]. A changed definition (a type removed, a range narrowed) changes
/// it, so cards are checked against the new one.
pub fn reading_fingerprint(game: &Game) -> u64 {
    let definition = serde_json::to_string(game).expect("a game definition always serialises");
    let hash = fnv(FNV_OFFSET, &CARD_READER_VERSION.to_le_bytes());
    fnv(hash, definition.as_bytes())
}

/// The key of one card's JSON object `raw`, exactly as written, read as `fingerprint` says:
/// XXH3 seeded with the fingerprint (a specified hash: stable across builds and platforms,
/// and fast over a whole large file, which every re-import hashes).
pub fn input_key(fingerprint: u64, raw: &str) -> i64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(raw.as_bytes(), fingerprint) as i64
}
