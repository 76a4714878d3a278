//! Fuzzes the text deck-file reader.

fn main() {
    let games = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        deckhand_fuzz::deck_file(&games, deckhand_formats::DeckFormat::Text, data);
    });
}
