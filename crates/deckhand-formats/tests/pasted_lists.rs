//! Properties of pasted text lists: whatever headers, comments, blank lines and
//! decorations surround them, every card line is read with all its copies.

use deckhand_core::Game;
use deckhand_formats::{read_deck_file, DeckFormat};
use proptest::prelude::*;

fn zoids() -> Game {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/games/zoids-scramble.toml");
    Game::from_toml(
        "zoids-scramble.toml",
        &std::fs::read_to_string(path).unwrap(),
    )
    .unwrap()
}

/// A line that is not a card: a section or category header, a title, a comment, blank.
fn noise() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "",
        "   ",
        "// a comment",
        "# note",
        "Deck",
        "Sideboard",
        "SIDEBOARD:",
        "Main Deck (40)",
        "Creature (12)",
        "Trainer: 18",
        "Crypt:",
        "Reserve",
        "Command Zone",
        "Maybe",
        "Exported from somewhere",
        "About",
        "1st place list",
    ])
    .prop_map(str::to_owned)
}

/// A card name as other tools write them: letters, odd punctuation, non-ASCII.
fn name() -> impl Strategy<Value = String> {
    "[A-Za-zÆöé＊][A-Za-z0-9 ÆöéÖ＊#:=|'\"&.,-]{0,24}"
        .prop_map(|n| n.trim_end().to_owned())
        .prop_filter("a name that ends like a printing or a foil marker", |n| {
            !n.ends_with(')') && !n.ends_with('*') && !n.contains(" (")
        })
}

/// A card line: count, an optional `x`, a tab or spaces, the name, maybe a set and `*F*`.
fn card() -> impl Strategy<Value = (u32, String)> {
    (1u32..=999, name(), 0usize..6).prop_map(|(count, name, shape)| {
        let line = match shape {
            0 => format!("{count} {name}"),
            1 => format!("{count}x {name}"),
            2 => format!("{count}\t{name}"),
            3 => format!("  {count} {name} (zsx) 30p"),
            4 => format!("SB: {count} {name}"),
            _ => format!("{count} {name} *F*"),
        };
        (count, line)
    })
}

proptest! {
    #[test]
    fn every_card_line_is_read_with_all_its_copies(
        lines in prop::collection::vec(prop_oneof![noise().prop_map(|n| (0, n)), card()], 1..40),
        crlf in any::<bool>(),
    ) {
        let expected: u64 = lines.iter().map(|(n, _)| u64::from(*n)).sum();
        let cards = lines.iter().filter(|(n, _)| *n > 0).count();
        let text = lines.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join(if crlf { "\r\n" } else { "\n" });
        match read_deck_file(DeckFormat::Text, "p.txt", &text, &zoids()) {
            Ok(deck) => {
                prop_assert_eq!(deck.lines.len(), cards);
                prop_assert_eq!(deck.report.total(), expected);
            }
            Err(e) => {
                prop_assert_eq!(cards, 0, "{}", e);
                prop_assert!(e.to_string().contains("no cards found"));
            }
        }
    }
}
