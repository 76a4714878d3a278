//! What every fuzz target shares: the bundled game definitions and the checks run on each
//! input. A check that fails panics, which AFL records as a crash.

use deckhand_core::Games;
use deckhand_formats::{read_deck_file, DeckFormat};

/// The five bundled games, as the app loads them.
pub fn games() -> Games {
    Games::from_sources([
        ("pr-acg.toml", include_str!("../../data/games/pr-acg.toml")),
        ("pr-dbg.toml", include_str!("../../data/games/pr-dbg.toml")),
        (
            "pr-hotg.toml",
            include_str!("../../data/games/pr-hotg.toml"),
        ),
        ("sms.toml", include_str!("../../data/games/sms.toml")),
        (
            "zoids-scramble.toml",
            include_str!("../../data/games/zoids-scramble.toml"),
        ),
    ])
    .expect("the bundled games load")
}

/// A worker thread's stack: small enough that a recursion without a bound overflows
/// within a few thousand levels of a few-KB input.
pub const SMALL_STACK: usize = 256 * 1024;

/// Runs `check` on a thread with a [`SMALL_STACK`], as the app's workers have: a parser
/// that recurses past its limit aborts here instead of passing on the main thread's 8 MB.
pub fn on_small_stack(check: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(SMALL_STACK)
            .spawn_scoped(scope, check)
            .expect("a checking thread")
            .join()
            .expect("the checking thread finished");
    });
}

/// Reads `data` as a deck file of `format` for every game; a deck that is read must hold
/// only lines a user could keep (a name, 1 to 999 copies).
pub fn deck_file(games: &Games, format: DeckFormat, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in games.iter() {
        if let Ok(file) = read_deck_file(format, "fuzz", text, game) {
            assert!(!file.lines.is_empty(), "a deck read with no cards");
            for line in &file.lines {
                assert!((1..=999).contains(&line.count), "count {}", line.count);
                assert!(!line.name.trim().is_empty(), "empty name");
                assert!(!line.section.trim().is_empty(), "empty section");
            }
            // Every copy read is in the report.
            let copies: u64 = file.lines.iter().map(|l| u64::from(l.count)).sum();
            assert_eq!(copies, file.report.total());
        }
    }
}
