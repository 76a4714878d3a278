//! Fuzzes the search query parser. An error must point inside the query (or just past it).
//! Each input is parsed on a thread with a small stack, as the app's worker threads have:
//! a recursion without a bound then overflows (and aborts) on inputs of a few KB.

fn main() {
    let vocabulary = deckhand_core::query::Vocabulary::from_games(&deckhand_fuzz::games());
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            deckhand_fuzz::on_small_stack(|| {
                if let Err(error) = deckhand_core::query::parse(text, &vocabulary) {
                    assert!(error.column <= text.chars().count() + 1, "{error:?}");
                }
            });
        }
    });
}
