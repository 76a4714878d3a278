//! Search over the bundled sample data, through the API and the CLI.

use std::process::Command;

use deckhand::Deckhand;

fn names(deckhand: &Deckhand, query: &str) -> Vec<String> {
    let page = deckhand
        .search(query, None, 100)
        .unwrap_or_else(|e| panic!("{query}: {e}"));
    assert_eq!(page.total, page.cards.len(), "{query}: more than one page");
    page.cards.into_iter().map(|c| c.card.name).collect()
}

/// Every bundled game offers 2 to 4 search examples (the app's placeholders show them), and
/// each one parses and finds at least one card of that game's sample set.
#[test]
fn every_games_search_examples_find_its_cards() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let summaries = deckhand.game_summaries().unwrap();
    assert!(!summaries.is_empty());
    for game in &summaries {
        assert!(
            (2..=4).contains(&game.search_examples.len()),
            "{}: {:?}",
            game.id,
            game.search_examples
        );
        for example in &game.search_examples {
            let page = deckhand
                .search(example, Some(&game.id), 1)
                .unwrap_or_else(|e| panic!("{}: {example}: {e}", game.id));
            assert!(page.total > 0, "{}: {example} finds no card", game.id);
            assert!(page.cards.iter().all(|c| c.card.game == game.id));
        }
    }
}

/// Each query over the bundled cards and exactly the names it returns, in order.
#[test]
fn queries_over_the_sample_data_return_exactly_the_expected_cards() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let cases: &[(&str, &[&str])] = &[
        (
            "t:zoid power>=9",
            &["Obsidian Dreadclaw", "Pyre Tyrant", "Twinstar Fangking"],
        ),
        (
            "kw:flying t:zoid power>=6",
            &[
                "Blackstorm Wyvern",
                "Skyclaw Chimera",
                "Tidebreaker Liger Skyglide Pack",
            ],
        ),
        (
            "energy_cost:x",
            &[
                "Blazing Wingbeat",
                "Lynx Eye Volley",
                "Stampede",
                "Stubborn Stand",
            ],
        ),
        (
            "power:max",
            &[
                "Argent Nova Ranger",
                "Empress Nocturna",
                "Nova Ultrazord",
                "Ruin Colossus Megazord",
            ],
        ),
        (
            "game:sms t:super",
            &[
                "Doctor Dismal Unleashed",
                "Mega Grimgear",
                "Thunderpaw Titan Form",
                "Ultra Dojo Dan",
            ],
        ),
        (
            "/^crimson/",
            &["Crimson Comet Ranger", "Crimson Falcon Ranger"],
        ),
        ("t:leader requires:ninja", &["Sensei Okonomi"]),
        (
            "game:pr-acg cost>=4 order:cost dir:desc",
            &[
                "Nova Ultrazord",
                "Ruin Colossus Megazord",
                "Clockwork Dreadnought",
                "Nightmare Megazord",
                "Sky Sentinel Megazord",
                "Starfall Megazord",
                "Tideguard Megazord",
            ],
        ),
        ("!\"dawnmane liger\"", &["Dawnmane Liger"]),
    ];
    for (query, expected) in cases {
        assert_eq!(names(&deckhand, query), *expected, "for {query:?}");
    }
}

#[test]
fn the_game_filter_limits_results_to_one_game() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let everywhere = deckhand.search("", None, 10_000).unwrap().total;
    let zoids = deckhand.search("", Some("zoids-scramble"), 10_000).unwrap();
    assert!(zoids.total < everywhere);
    assert!(zoids.cards.iter().all(|c| c.card.game == "zoids-scramble"));
    assert_eq!(
        zoids.total,
        deckhand.cards(Some("zoids-scramble")).unwrap().len()
    );
}

#[test]
fn an_import_is_searchable_at_once() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    assert_eq!(deckhand.search("quibblefrost", None, 10).unwrap().total, 0);
    deckhand
        .import_sources([(
            "new.json",
            r#"{"game": "zoids-scramble", "cards": [{"name": "Quibblefrost Raptor", "type": "Zoid", "stats": {"power": 3}}]}"#,
        )])
        .unwrap();
    assert_eq!(
        names(&deckhand, "quibblefrost power:3"),
        ["Quibblefrost Raptor"]
    );
}

fn cli(db: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_deckhand"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_search_prints_cards_with_scores_and_rejects_bad_queries_with_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let output = cli(
        &db,
        &[
            "search",
            "t:zoid power>=9",
            "--game",
            "zoids-scramble",
            "--json",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let cards: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let cards = cards.as_array().unwrap();
    assert_eq!(cards.len(), 3);
    assert!(cards
        .iter()
        .all(|c| c["score"].is_number() && c["type"] == "Zoid"));

    let text = cli(&db, &["search", "liger", "--limit", "2"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.lines().last().unwrap().starts_with("2 of "),
        "{stdout}"
    );

    for (query, message) in [
        (
            "pwr>=5",
            "deckhand: error: unknown field 'pwr' at 1 — did you mean 'power'?",
        ),
        (
            "t:zoid (a or b",
            "deckhand: error: unclosed ( opened at 8 — add a matching )",
        ),
    ] {
        let bad = cli(&db, &["search", query]);
        assert_eq!(bad.status.code(), Some(2), "{query}");
        assert_eq!(String::from_utf8_lossy(&bad.stderr).trim(), message);
    }
}

#[test]
fn a_deleted_or_damaged_index_is_rebuilt_on_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    let index = dir.path().join("deckhand.sqlite3.index");
    let count = |db| {
        let output = cli(db, &["search", "t:zoid", "--json"]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&output.stdout)
            .unwrap()
            .as_array()
            .unwrap()
            .len()
    };
    let expected = count(&db);
    assert!(expected > 0 && index.is_dir());

    std::fs::remove_dir_all(&index).unwrap();
    assert_eq!(count(&db), expected, "after deleting the index");

    for entry in std::fs::read_dir(&index).unwrap().flatten() {
        if entry
            .path()
            .extension()
            .is_some_and(|e| e == "idx" || e == "term")
        {
            std::fs::write(entry.path(), b"damaged").unwrap();
        }
    }
    assert_eq!(count(&db), expected, "after damaging the index");

    std::fs::write(index.join("deckhand-stamp"), "schema 0; stats ; data old").unwrap();
    assert_eq!(count(&db), expected, "after an older schema stamp");
}

/// The card browser's windows (`card_rows`, `search_rows`), cut at several places, put
/// together give exactly the whole list and the whole search, in the same order.
#[test]
fn windows_of_rows_add_up_to_the_whole_list_and_the_whole_search() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let game = "zoids-scramble";
    let all: Vec<String> = deckhand
        .cards(Some(game))
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    let query = "t:zoid";
    let found: Vec<String> = deckhand
        .search(query, Some(game), 5000)
        .unwrap()
        .cards
        .into_iter()
        .map(|c| c.card.id)
        .collect();
    assert!(
        all.len() > 20 && found.len() > 10,
        "{} {}",
        all.len(),
        found.len()
    );
    for size in [1, 7, 50] {
        let mut listed = Vec::new();
        let mut searched = Vec::new();
        let mut offset = 0;
        while offset < all.len() {
            let page = deckhand.card_rows(game, offset, size).unwrap();
            assert_eq!((page.total, page.offset), (all.len(), offset));
            listed.extend(page.rows.into_iter().map(|r| r.id));
            let page = deckhand.search_rows(query, game, offset, size).unwrap();
            assert_eq!(page.total, found.len(), "window {offset}+{size}");
            searched.extend(page.rows.into_iter().map(|r| r.id));
            offset += size;
        }
        assert_eq!(listed, all, "windows of {size}");
        assert_eq!(searched, found, "windows of {size}");
    }
}

/// A window names a game that exists and takes a query that parses; past the end it is
/// empty, never an error.
#[test]
fn a_window_of_an_unknown_game_or_a_bad_query_is_refused_and_past_the_end_is_empty() {
    let deckhand = Deckhand::open_in_memory().unwrap();
    let unknown = deckhand.card_rows("no-such-game", 0, 10).unwrap_err();
    assert_eq!(unknown.code(), "unknown_game", "{unknown}");
    let bad = deckhand
        .search_rows("pwr>=5", "zoids-scramble", 0, 10)
        .unwrap_err();
    assert_eq!(bad.code(), "bad_query", "{bad}");
    let past = deckhand.card_rows("zoids-scramble", 1_000_000, 10).unwrap();
    assert!(past.rows.is_empty() && past.total > 0);
    let past = deckhand
        .search_rows("t:zoid", "zoids-scramble", 1_000_000, 10)
        .unwrap();
    assert!(past.rows.is_empty() && past.total > 0);
    // The window is capped, whatever the page asks for.
    let capped = deckhand.card_rows("zoids-scramble", 0, usize::MAX).unwrap();
    assert!(capped.rows.len() <= deckhand::MAX_ROW_WINDOW);
}
