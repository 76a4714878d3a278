//! Fuzzes game definitions (`Game::from_toml`), keywords' effect templates and search
//! examples included. A definition that is accepted must load again the way a player's
//! game loads at start-up, beside the bundled games, and read back as written: its
//! effects and templates parse, and it gives the same game twice.

use deckhand_core::{Game, Games};

fn main() {
    let bundled = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        deckhand_fuzz::on_small_stack(|| {
            if let Ok(game) = Game::from_toml("fuzz.toml", text) {
                let again = Game::from_toml("fuzz.toml", text).expect("loads twice");
                assert_eq!(format!("{again:?}"), format!("{game:?}"));
                let _ = bundled.read_new("fuzz.toml", text);
                let _ = Games::from_sources([("fuzz.toml", text)]);
            }
        });
    });
}
