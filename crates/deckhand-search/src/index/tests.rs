use deckhand_core::CardSet;

use super::*;

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = ["power", "cost", "tags"]
[[card_types]]
name = "Order"
stats = ["cost"]
[stats.power]
label = "Power"
kind = "number_list"
allow = ["MAX"]
[stats.cost]
label = "Cost"
kind = "number"
allow = ["X"]
[stats.tags]
label = "Tags"
kind = "list"
[[keywords]]
name = "Flying"
[[sections]]
id = "main"
name = "Main"
"#;

const CARDS: &str = r#"{ "game": "tiny", "cards": [
  {"name": "Storm Hawk", "type": "Unit", "side": "hero", "keywords": ["Flying"], "set": "T1",
   "text": "Flying. Deal 2 damage to a unit.", "stats": {"power": [3, 5], "cost": 2, "tags": ["bird"]}},
  {"name": "Stone Golem", "type": "Unit", "side": "villain", "set": "T1",
   "text": "Cannot be stormed.", "stats": {"power": ["MAX"], "cost": 5}},
  {"name": "Quick Order", "type": "Order", "text": "Draw a card. Storms follow.", "stats": {"cost": "X"}},
  {"name": "Ember Cub", "type": "Unit", "side": "hero", "set": "T2",
   "text": "When played, deal 1 damage.", "stats": {"power": [1], "cost": 1}},
  {"name": "Tidecaller", "type": "Unit", "text": "Return a unit.\nDraw two cards.", "stats": {"cost": 3}}
]}"#;

fn games() -> Games {
    Games::from_sources([("tiny.toml", GAME)]).unwrap()
}

fn cards() -> Vec<Card> {
    CardSet::from_json("cards.json", CARDS, &games())
        .unwrap()
        .cards
}

fn index() -> CardIndex {
    CardIndex::build_in_ram(&games(), &cards()).unwrap()
}

fn names(index: &CardIndex, query: &str) -> Vec<String> {
    let results = index
        .search_text(
            query,
            &SearchOptions {
                game: None,
                limit: 100,
            },
        )
        .unwrap_or_else(|e| panic!("{query}: {e}"));
    assert_eq!(results.total, results.hits.len(), "{query}");
    let all = cards();
    results
        .hits
        .iter()
        .map(|hit| all.iter().find(|c| c.id == hit.id).unwrap().name.clone())
        .collect()
}

/// Each query and exactly the cards it finds, in order.
#[test]
fn queries_find_exactly_the_expected_cards() {
    let index = index();
    let cases: &[(&str, &[&str])] = &[
        (
            "",
            &[
                "Ember Cub",
                "Quick Order",
                "Stone Golem",
                "Storm Hawk",
                "Tidecaller",
            ],
        ),
        // The last word is a prefix: "storm" also finds "storms" and "stormed", with the
        // card named Storm ranked first.
        ("storm", &["Storm Hawk", "Quick Order", "Stone Golem"]),
        ("storm hawk", &["Storm Hawk"]),
        ("storms", &["Quick Order"]),
        ("deal damage", &["Ember Cub", "Storm Hawk"]),
        ("\"deal 2 damage\"", &["Storm Hawk"]),
        ("n:storm", &["Storm Hawk"]),
        ("o:draw", &["Quick Order", "Tidecaller"]),
        ("t:order", &["Quick Order"]),
        ("kw:flying", &["Storm Hawk"]),
        ("side:villain", &["Stone Golem"]),
        ("-side:hero", &["Quick Order", "Stone Golem", "Tidecaller"]),
        ("s:t2", &["Ember Cub"]),
        ("cost<=2", &["Ember Cub", "Storm Hawk"]),
        ("cost>2", &["Stone Golem", "Tidecaller"]),
        ("cost:x", &["Quick Order"]),
        (
            "cost!=2",
            &["Ember Cub", "Quick Order", "Stone Golem", "Tidecaller"],
        ),
        ("power>=5", &["Stone Golem", "Storm Hawk"]),
        ("power>=99", &["Stone Golem"]),
        ("power<2", &["Ember Cub"]),
        ("power:max", &["Stone Golem"]),
        ("tags:bird", &["Storm Hawk"]),
        ("t:unit -(power>=5 or cost:3)", &["Ember Cub"]),
        ("storm or tidecaller", &["Storm Hawk", "Tidecaller"]),
        ("/st.rm/", &["Quick Order", "Stone Golem", "Storm Hawk"]),
        ("name:/^st/", &["Stone Golem", "Storm Hawk"]),
        ("o:/cards\\.$/", &["Tidecaller"]),
        ("o:/unit.*draw/", &["Tidecaller"]),
        ("!\"storm hawk\"", &["Storm Hawk"]),
        ("!\"storm\"", &[]),
        (
            "cost>=0 order:cost",
            &["Ember Cub", "Storm Hawk", "Tidecaller", "Stone Golem"],
        ),
        (
            "t:unit order:cost dir:desc",
            &["Stone Golem", "Tidecaller", "Storm Hawk", "Ember Cub"],
        ),
        (
            "order:power dir:desc",
            &[
                "Stone Golem",
                "Storm Hawk",
                "Ember Cub",
                "Quick Order",
                "Tidecaller",
            ],
        ),
        (
            "order:name dir:desc",
            &[
                "Tidecaller",
                "Storm Hawk",
                "Stone Golem",
                "Quick Order",
                "Ember Cub",
            ],
        ),
    ];
    for (query, expected) in cases {
        assert_eq!(names(&index, query), *expected, "for {query:?}");
    }
}

#[test]
fn name_matches_rank_above_text_matches() {
    // "damage" is in no name; "hawk" is in one name and no text.
    assert_eq!(names(&index(), "hawk"), ["Storm Hawk"]);
    let results = index()
        .search_text(
            "storm",
            &SearchOptions {
                game: None,
                limit: 10,
            },
        )
        .unwrap();
    assert_eq!(results.highlight, ["storm"]);
}

#[test]
fn the_total_counts_every_match_beyond_the_limit() {
    let results = index()
        .search_text(
            "t:unit",
            &SearchOptions {
                game: None,
                limit: 2,
            },
        )
        .unwrap();
    assert_eq!((results.total, results.hits.len()), (4, 2));
}

#[test]
fn a_bad_query_is_an_error_with_its_column() {
    let err = index()
        .search_text(
            "t:unit pwr>3",
            &SearchOptions {
                game: None,
                limit: 2,
            },
        )
        .unwrap_err();
    match err {
        SearchError::Query(e) => assert_eq!(
            (e.column, e.to_string().as_str()),
            (8, "unknown field 'pwr' at 8 — did you mean 'power'?")
        ),
        other => panic!("{other}"),
    }
}

#[test]
fn a_persisted_index_reopens_and_a_stale_or_corrupt_one_is_refused() {
    let dir = tempfile_dir("persisted");
    let path = dir.join("index");
    CardIndex::build_in_dir(&path, &games(), "gen-1", &cards()).unwrap();
    let reopened = CardIndex::open(&path, &games(), "gen-1").expect("fresh index reopens");
    assert_eq!(reopened.card_count(), 5);
    assert_eq!(
        names(&reopened, "/st.rm/"),
        ["Quick Order", "Stone Golem", "Storm Hawk"]
    );
    drop(reopened);
    assert!(
        CardIndex::open(&path, &games(), "gen-2").is_none(),
        "stale data stamp"
    );
    // Corrupt every segment file of the current generation: opening must refuse, not panic.
    let current = std::fs::read_to_string(path.join("CURRENT")).unwrap();
    for entry in std::fs::read_dir(path.join(current.trim()))
        .unwrap()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".json") && !name.starts_with('.') && name.contains('.') {
            std::fs::write(entry.path(), b"garbage").unwrap();
        }
    }
    assert!(
        CardIndex::open(&path, &games(), "gen-1").is_none(),
        "corrupt index"
    );
    // Rebuilding over the wreck works.
    CardIndex::build_in_dir(&path, &games(), "gen-1", &cards()).unwrap();
    assert!(CardIndex::open(&path, &games(), "gen-1").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

fn tempfile_dir(label: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "deckhand-search-test-{label}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
