//! Fuzzes the card-set JSON reader (`CardSet::from_json`) against the bundled games.

fn main() {
    let games = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = deckhand_core::CardSet::from_json("fuzz.json", text, &games);
        }
    });
}
