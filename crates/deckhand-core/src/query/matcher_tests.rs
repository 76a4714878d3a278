//! The in-memory matcher and effect filters. `deckhand-search`'s
//! `tests/matcher_agrees.rs` checks the same meaning against the real index.

use super::*;
use crate::{Card, CardSet, Games};

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
[[keywords]]
name = "Pack Hunter"
[[sections]]
id = "main"
name = "Main"
"#;

const CARDS: &str = r#"{ "game": "tiny", "cards": [
  {"name": "Storm Hawk", "type": "Unit", "side": "hero", "keywords": ["Flying"], "set": "T1",
   "subtypes": ["Bird", "Sky Wolf"], "color": "Blue",
   "text": "Flying. Deal 2 damage to a unit.", "stats": {"power": [3, 5], "cost": 2, "tags": ["bird"]}},
  {"name": "Stone Golem", "type": "Unit", "side": "villain", "set": "T1",
   "text": "Cannot be stormed.", "stats": {"power": ["MAX"], "cost": 5}},
  {"name": "Quick Order", "type": "Order", "text": "Draw a card. Storms follow.", "stats": {"cost": "X"}},
  {"name": "Ember Cub", "type": "Unit", "side": "hero", "set": "T2", "keywords": ["Pack Hunter"],
   "subtypes": ["Sky", "Wolf"], "color": "Red",
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

fn matching(query: &str) -> Vec<String> {
    let games = games();
    let vocabulary = Vocabulary::for_game(games.get("tiny").unwrap());
    let expr = parse_filter(query, &vocabulary).unwrap_or_else(|e| panic!("{query}: {e}"));
    let mut names: Vec<String> = cards()
        .into_iter()
        .filter(|card| expr.as_ref().is_none_or(|e| matches(e, card)))
        .map(|card| card.name)
        .collect();
    names.sort();
    names
}

/// The same cases as the index's `queries_find_exactly_the_expected_cards` (names sorted),
/// and the clauses effect filters use most.
#[test]
fn the_matcher_finds_exactly_the_cards_the_search_finds() {
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
        ("storm", &["Quick Order", "Stone Golem", "Storm Hawk"]),
        ("storm hawk", &["Storm Hawk"]),
        ("storms", &["Quick Order"]),
        ("deal damage", &["Ember Cub", "Storm Hawk"]),
        ("\"deal 2 damage\"", &["Storm Hawk"]),
        ("n:storm", &["Storm Hawk"]),
        ("o:draw", &["Quick Order", "Tidecaller"]),
        ("t:order", &["Quick Order"]),
        ("kw:flying", &["Storm Hawk"]),
        ("kw:hunter", &["Ember Cub"]),
        ("kw:\"pack hunter\"", &["Ember Cub"]),
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
        ("cost=1", &["Ember Cub"]),
        ("cost<1", &[]),
        ("power>=5", &["Stone Golem", "Storm Hawk"]),
        ("power>=99", &["Stone Golem"]),
        ("power<2", &["Ember Cub"]),
        ("power>3", &["Stone Golem", "Storm Hawk"]),
        ("power:max", &["Stone Golem"]),
        ("power!=3", &["Ember Cub", "Stone Golem"]),
        ("tags:bird", &["Storm Hawk"]),
        ("t:unit -(power>=5 or cost:3)", &["Ember Cub"]),
        ("storm or tidecaller", &["Storm Hawk", "Tidecaller"]),
        ("!\"storm hawk\"", &["Storm Hawk"]),
        ("!\"storm\"", &[]),
        ("sub:wolf", &["Ember Cub", "Storm Hawk"]),
        // A phrase never spans two subtypes, as in the index.
        ("sub:\"sky wolf\"", &["Storm Hawk"]),
        ("c:blue", &["Storm Hawk"]),
        ("color:red t:unit", &["Ember Cub"]),
        ("game:tiny t:order", &["Quick Order"]),
        (
            "t:unit and (kw:flying or cost:1)",
            &["Ember Cub", "Storm Hawk"],
        ),
    ];
    for (query, expected) in cases {
        assert_eq!(matching(query), *expected, "for {query:?}");
    }
}

#[test]
fn effect_filters_refuse_collection_counts_regexes_and_ordering_at_their_column() {
    let games = games();
    let vocabulary = Vocabulary::for_game(games.get("tiny").unwrap());
    let cases = [
        (
            "t:unit owned>=1",
            8,
            "cannot count copies in your collection (owned)",
        ),
        ("wanted:0", 1, "(wanted)"),
        ("t:unit /st.rm/", 8, "cannot use a regex"),
        ("n:/^st/", 1, "cannot use a regex"),
        ("t:unit order:cost", 8, "cannot order cards"),
        ("powr>=2", 1, "unknown field 'powr' at 1"),
    ];
    for (input, column, message) in cases {
        let err = parse_filter(input, &vocabulary).expect_err(input);
        assert_eq!(err.column, column, "{input}: {err}");
        assert!(err.to_string().contains(message), "{input}: {err}");
    }
}

#[test]
fn words_split_as_the_index_splits_them() {
    assert_eq!(
        word_tokens("Sky-Wolf's  ROAR!"),
        [Some("sky"), Some("wolf"), Some("s"), Some("roar")].map(|w| w.map(String::from))
    );
    let long = "a".repeat(40);
    assert_eq!(word_tokens(&format!("x {long} y"))[1], None);
}
