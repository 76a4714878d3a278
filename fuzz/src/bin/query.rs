//! Fuzzes the search query parser. An error must point inside the query (or just past it).

fn main() {
    let vocabulary = deckhand_search::Vocabulary::from_games(&deckhand_fuzz::games());
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            if let Err(error) = deckhand_search::parse(text, &vocabulary) {
                assert!(error.column <= text.chars().count() + 1, "{error:?}");
            }
        }
    });
}
