use deckhand_core::{CardSet, Games};

use super::*;
use crate::{CardFilter, NewImage};

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = ["attack", "cost", "power", "speed"]
[stats.attack]
label = "Attack"
kind = "number"
[stats.cost]
label = "Cost"
kind = "number"
[stats.power]
label = "Power"
kind = "number"
[stats.speed]
label = "Speed"
kind = "number"
[[sections]]
id = "main"
name = "Main"
"#;

/// A store with `n` cards of the tiny game, named so that name order differs from id
/// order and some names repeat (ties are broken by id).
fn store_with(n: usize) -> Store {
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    let mut store = Store::open_in_memory().unwrap();
    store.sync_games(games.iter()).unwrap();
    let cards: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id": "c{i:03}", "name": "Unit {}", "type": "Unit", "set": "S{}",
                    "side": "hero", "stats": {{"speed": 4, "power": {i}, "cost": 2, "attack": 1}}}}"#,
                (n - i) / 2,
                i % 2
            )
        })
        .collect();
    let json = format!(
        r#"{{"game": "tiny", "sets": [{{"code": "S0", "name": "Zero"}}, {{"code": "S1", "name": "One"}}],
            "cards": [{}]}}"#,
        cards.join(",")
    );
    let set = CardSet::from_json("set.json", &json, &games).unwrap();
    store.import(&[set]).unwrap();
    store
}

fn ids(rows: &[CardRow]) -> Vec<&str> {
    rows.iter().map(|r| r.id.as_str()).collect()
}

#[test]
fn windows_of_rows_follow_the_order_of_the_whole_card_list() {
    let store = store_with(25);
    let all = store.cards(&CardFilter { game: Some("tiny") }).unwrap();
    let all: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
    // (offset, limit): the start, the middle across a name tie, the end, past the end.
    for (offset, limit) in [(0, 10), (7, 6), (20, 10), (25, 5), (40, 3), (0, 0)] {
        let rows = store.card_rows("tiny", offset, limit).unwrap();
        let end = (offset + limit).min(all.len());
        let expected = all.get(offset.min(end)..end).unwrap_or_default();
        assert_eq!(ids(&rows), expected, "window ({offset}, {limit})");
    }
    assert!(store.card_rows("other", 0, 10).unwrap().is_empty());
}

/// Numbers in names sort as numbers, in the list and in its windows: "Unit 2" before
/// "Unit 10" (by the name key alone, "unit 10" came first and 5530 between 553 and 554).
#[test]
fn numbers_in_names_sort_as_numbers() {
    let store = store_with(25);
    let names: Vec<u32> = store
        .card_rows("tiny", 0, 25)
        .unwrap()
        .iter()
        .map(|r| r.name.trim_start_matches("Unit ").parse().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    assert_eq!(names.first(), Some(&0));
    assert_eq!(names.last(), Some(&12));
    let keys = [
        "zoid 553",
        "zoid 5530",
        "zoid 554",
        "zoid 0554a",
        "zoid",
        "zoid 1 b 2",
    ]
    .map(crate::migrations::natural_key);
    assert_eq!(
        keys,
        [
            "zoid 03553",
            "zoid 045530",
            "zoid 03554",
            "zoid 03554a",
            "zoid",
            "zoid 011 b 012"
        ]
    );
    let mut order = keys.to_vec();
    order.sort();
    assert_eq!(
        order,
        [
            "zoid",
            "zoid 011 b 012",
            "zoid 03553",
            "zoid 03554",
            "zoid 03554a",
            "zoid 045530"
        ]
    );
}

/// A database from before migration 12 gets every card's sort key when it is migrated.
#[test]
fn migrating_fills_the_sort_key_of_every_stored_card() {
    let mut conn = rusqlite::Connection::open_in_memory().unwrap();
    crate::migrations::migrate_to(&mut conn, 11).unwrap();
    conn.execute_batch(
        "INSERT INTO games (id, name) VALUES ('tiny', 'Tiny');
         INSERT INTO cards (id, game, name, name_key, type, stats)
         VALUES ('a', 'tiny', 'Zoid 5530', 'zoid 5530', 'Unit', '{}'),
                ('b', 'tiny', 'Zoid 554', 'zoid 554', 'Unit', '{}');",
    )
    .unwrap();
    crate::migrations::migrate_to(&mut conn, crate::migrations::SCHEMA_VERSION).unwrap();
    let order: Vec<String> = conn
        .prepare("SELECT id FROM cards ORDER BY name_order, id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(order, ["b", "a"]);
}

#[test]
fn a_row_carries_the_lists_columns_the_first_three_stats_and_the_image_size() {
    let mut store = store_with(2);
    let mut images = store.begin_images().unwrap();
    images
        .put(&NewImage {
            card: "c001".into(),
            format: "png",
            width: 30,
            height: 40,
            data: vec![7; 12],
            thumbnail: vec![1; 3],
        })
        .unwrap();
    images.commit().unwrap();
    let rows = store
        .card_rows_by_ids(&["c001", "missing", "c000"])
        .unwrap();
    assert_eq!(ids(&rows), ["c001", "c000"]);
    let row = &rows[0];
    assert_eq!(
        (row.name.as_str(), row.card_type.as_str()),
        ("Unit 0", "Unit")
    );
    assert_eq!(
        (row.set.as_deref(), row.side),
        (Some("S1"), Some(Side::Hero))
    );
    let stats: Vec<&str> = row.stats.keys().map(String::as_str).collect();
    assert_eq!(stats, ["attack", "cost", "power"]);
    assert_eq!(
        row.image,
        Some(ImageInfo {
            width: 30,
            height: 40,
            bytes: 12
        })
    );
    assert_eq!(rows[1].image, None);
    assert_eq!(store.card_set_codes("tiny").unwrap(), ["S0", "S1"]);
}

#[test]
fn choosing_a_window_walks_the_covering_index_without_a_sort() {
    let store = store_with(3);
    let plan: Vec<String> = store
        .conn
        .prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM cards WHERE game = ?1
             ORDER BY name_order, id LIMIT 10 OFFSET 5",
        )
        .unwrap()
        .query_map(["tiny"], |row| row.get::<_, String>(3))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let plan = plan.join("; ");
    assert!(
        plan.contains("USING COVERING INDEX cards_by_game_order") && !plan.contains("TEMP B-TREE"),
        "{plan}"
    );
}

/// A damaged row is left out of the window and named, as bulk reads do: one bad cell must
/// not empty the browser's list (issue 34).
#[test]
fn a_row_whose_stats_do_not_parse_is_left_out_and_named() {
    let store = store_with(2);
    store
        .conn
        .execute("UPDATE cards SET stats = '{oops' WHERE id = 'c000'", [])
        .unwrap();
    let rows = store.card_rows("tiny", 0, 5).unwrap();
    assert_eq!(
        rows.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        ["c001"]
    );
    let unreadable = store.unreadable_rows();
    assert_eq!(unreadable.len(), 1);
    assert_eq!(unreadable[0].0, "c000");
}
