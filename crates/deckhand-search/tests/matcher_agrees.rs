//! The in-memory matcher (`deckhand_core::query::matches`, what effect filters use) and the
//! tantivy search give every query the same meaning: over the bundled cards, for every
//! game's search examples and the clauses effect filters use, both find the same cards.

use std::path::Path;

use deckhand_core::query::{matches, parse_filter, Vocabulary};
use deckhand_core::{Card, CardSet, Games};
use deckhand_search::{CardIndex, SearchOptions};

fn data() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn bundled() -> (Games, Vec<Card>) {
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(data().join("games")).unwrap() {
        let path = entry.unwrap().path();
        sources.push((
            path.display().to_string(),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    let games = Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap();
    let mut cards = Vec::new();
    for game in games.iter() {
        for entry in std::fs::read_dir(data().join("cards").join(&game.id)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let set = CardSet::from_json(&path.display().to_string(), &text, &games).unwrap();
            cards.extend(set.cards);
        }
    }
    (games, cards)
}

/// Clauses effect filters use, beyond each game's own examples. A query naming a stat a
/// game lacks is skipped for that game.
const FILTERS: &[&str] = &[
    "",
    "t:zoid power<=3",
    "t:zoid power>3",
    "t:zoid -kw:flying",
    "t:pilot or t:command",
    "sub:wolf",
    "kw:ally",
    "kw:evil",
    "color:blue",
    "c:red or c:green",
    "side:hero",
    "-side:villain",
    "t:ranger cost<=2",
    "cost>=3",
    "cost!=0",
    "cost:x",
    "t:character",
    "shard_cost<3",
    "dice>=2",
    "health<5",
    "power=2",
    "power!=2",
    "t:\"foot soldier\"",
    "ranger",
    "n:red",
    "name:\"red ranger\"",
    "o:draw",
    "\"draw a card\"",
    "set:acx",
];

#[test]
fn the_matcher_and_the_search_find_the_same_bundled_cards() {
    let (games, cards) = bundled();
    let index = CardIndex::build_in_ram(&games, &cards).unwrap();
    let mut compared = 0;
    for game in games.iter() {
        let vocabulary = Vocabulary::for_game(game);
        let examples = game.search_examples.iter().map(|q| (q.as_str(), true));
        let queries = examples.chain(FILTERS.iter().map(|q| (*q, false)));
        for (query, example) in queries {
            let expr = match parse_filter(query, &vocabulary) {
                Ok(expr) => expr,
                // A filter naming another game's stat; a game's own examples must parse.
                Err(err) if !example => {
                    assert!(err.message.contains("unknown field"), "{query}: {err}");
                    continue;
                }
                Err(err) => panic!("{}: example {query:?}: {err}", game.id),
            };
            let options = SearchOptions {
                game: Some(&game.id),
                limit: cards.len(),
                collection: None,
            };
            let results = index.search_text(query, &options).unwrap();
            let mut searched: Vec<&str> = results.hits.iter().map(|h| h.id.as_str()).collect();
            searched.sort();
            let mut matched: Vec<&str> = cards
                .iter()
                .filter(|c| c.game == game.id && expr.as_ref().is_none_or(|e| matches(e, c)))
                .map(|c| c.id.as_str())
                .collect();
            matched.sort();
            assert_eq!(matched, searched, "{}: {query:?}", game.id);
            compared += 1;
        }
        assert!(
            !game.search_examples.is_empty(),
            "{} has search examples to compare",
            game.id
        );
    }
    assert!(compared > 5 * 10, "only {compared} queries compared");
}
