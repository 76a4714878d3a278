//! Fuzzes the written form of card effects (`parse_effects`) with every bundled game's
//! words. Whatever is accepted must read back as written: printed and parsed again it is
//! the same, and through JSON (as the database stores it) it is the same. Each input runs
//! on a thread with a small stack: the parser recurses once per `choose`, and the one
//! nesting limit must hold before the stack gives out.

use deckhand_core::{parse_effects, print_effects, Effect, EffectWords};

fn main() {
    let games = deckhand_fuzz::games();
    let words: Vec<EffectWords> = games.iter().map(EffectWords::for_game).collect();
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        deckhand_fuzz::on_small_stack(|| {
            for words in words.iter().map(Some).chain([None]) {
                if let Ok(effects) = parse_effects(text, words) {
                    let printed = print_effects(&effects);
                    let again = parse_effects(&printed, words)
                        .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
                    assert_eq!(again, effects, "{printed:?} reads back otherwise");
                    let json = serde_json::to_string(&effects).expect("effects to JSON");
                    let stored: Vec<Effect> = serde_json::from_str(&json)
                        .unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
                    assert_eq!(stored, effects, "the JSON reads back otherwise");
                }
            }
        });
    });
}
