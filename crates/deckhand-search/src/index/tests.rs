use deckhand_core::CardSet;

use super::*;
use crate::Collection;

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
    names_among(index, query, &cards(), None)
}

fn names_owning(index: &CardIndex, query: &str, collection: &Collection) -> Vec<String> {
    names_among(index, query, &cards(), Some(collection))
}

/// The names of the cards `query` finds (all of them: the total is every hit), in order.
fn names_among(
    index: &CardIndex,
    query: &str,
    cards: &[Card],
    collection: Option<&Collection>,
) -> Vec<String> {
    let results = index
        .search_text(
            query,
            &SearchOptions {
                game: None,
                limit: 100,
                collection,
            },
        )
        .unwrap_or_else(|e| panic!("{query}: {e}"));
    assert_eq!(results.total, results.hits.len(), "{query}");
    results
        .hits
        .iter()
        .map(|hit| cards.iter().find(|c| c.id == hit.id).unwrap().name.clone())
        .collect()
}

/// `(owned, wanted)` copies per card name, as the caller hands them in.
fn collection_of(copies: &[(&str, u32, u32)]) -> Collection {
    let all = cards();
    let id = |name: &str| all.iter().find(|c| c.name == name).unwrap().id.clone();
    let owned = copies.iter().map(|(n, o, _)| (id(n), *o)).collect();
    let wanted = copies.iter().map(|(n, _, w)| (id(n), *w)).collect();
    Collection::new(owned, wanted)
}

/// `owned` and `wanted` count the copies in the collection given with the search; a card
/// the collection does not list has 0 of each.
#[test]
fn owned_and_wanted_compare_the_copies_in_the_collection() {
    let index = index();
    let collection = collection_of(&[
        ("Storm Hawk", 3, 0),
        ("Ember Cub", 1, 2),
        ("Tidecaller", 0, 4),
    ]);
    let cases: &[(&str, &[&str])] = &[
        ("owned>=1", &["Ember Cub", "Storm Hawk"]),
        ("owned>1", &["Storm Hawk"]),
        ("owned=3", &["Storm Hawk"]),
        ("owned:1", &["Ember Cub"]),
        ("owned:0", &["Quick Order", "Stone Golem", "Tidecaller"]),
        ("-owned>=1", &["Quick Order", "Stone Golem", "Tidecaller"]),
        ("owned!=0", &["Ember Cub", "Storm Hawk"]),
        (
            "owned<3",
            &["Ember Cub", "Quick Order", "Stone Golem", "Tidecaller"],
        ),
        (
            "owned<=1 t:unit",
            &["Ember Cub", "Stone Golem", "Tidecaller"],
        ),
        ("owned>=99", &[]),
        ("wanted>=1", &["Ember Cub", "Tidecaller"]),
        ("wanted>=3", &["Tidecaller"]),
        ("wanted:0 owned:0", &["Quick Order", "Stone Golem"]),
        (
            "owned>=1 or wanted>=1",
            &["Ember Cub", "Storm Hawk", "Tidecaller"],
        ),
        ("owned>=1 order:name dir:desc", &["Storm Hawk", "Ember Cub"]),
        ("storm owned>=1", &["Storm Hawk"]),
        ("/st.rm/ owned:0", &["Quick Order", "Stone Golem"]),
    ];
    for (query, expected) in cases {
        assert_eq!(
            names_owning(&index, query, &collection),
            *expected,
            "for {query:?}"
        );
    }
}

#[test]
fn a_changed_collection_changes_the_results_without_touching_the_index() {
    let index = index();
    let before = collection_of(&[("Storm Hawk", 1, 0)]);
    assert_eq!(names_owning(&index, "owned>=1", &before), ["Storm Hawk"]);
    let after = collection_of(&[("Storm Hawk", 0, 0), ("Stone Golem", 2, 0)]);
    assert_eq!(names_owning(&index, "owned>=1", &after), ["Stone Golem"]);
    assert_eq!(names_owning(&index, "owned>=1", &before), ["Storm Hawk"]);
}

#[test]
fn a_card_updated_in_the_index_keeps_its_copies() {
    let index = index();
    let mut changed = cards();
    changed.retain(|c| c.name == "Storm Hawk");
    changed[0].text = Some("Flying.".into());
    index
        .update(&IndexChanges {
            base_stamp: "",
            stamp: "after",
            changed: &changed,
            removed: &[],
        })
        .unwrap();
    let collection = collection_of(&[("Storm Hawk", 2, 0)]);
    assert_eq!(
        names_owning(&index, "owned>=2", &collection),
        ["Storm Hawk"]
    );
    assert_eq!(
        names_owning(&index, "owned:0", &collection),
        ["Ember Cub", "Quick Order", "Stone Golem", "Tidecaller"]
    );
}

#[test]
fn counting_copies_without_a_collection_is_an_error_not_an_empty_result() {
    let err = index()
        .search_text(
            "owned>=1",
            &SearchOptions {
                game: None,
                limit: 10,
                collection: None,
            },
        )
        .unwrap_err();
    assert!(matches!(err, SearchError::NoCollection), "{err}");
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
                collection: None,
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
                collection: None,
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
                collection: None,
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

/// The fixture with "Storm Hawk" rewritten, "Tidecaller" removed and "Aardvark" added.
fn changes() -> (Vec<Card>, Vec<String>) {
    let all = cards();
    let mut hawk = all.iter().find(|c| c.name == "Storm Hawk").unwrap().clone();
    hawk.text = Some("Swims. Deal 4 damage.".into());
    let mut aardvark = all.iter().find(|c| c.name == "Ember Cub").unwrap().clone();
    aardvark.id = "aardvark".into();
    aardvark.name = "Aardvark".into();
    aardvark.text = Some("Digs.".into());
    let tidecaller = all
        .iter()
        .find(|c| c.name == "Tidecaller")
        .unwrap()
        .id
        .clone();
    (vec![hawk, aardvark], vec![tidecaller])
}

fn assert_changes_applied(index: &CardIndex) {
    let results = index
        .search_text(
            "order:name",
            &SearchOptions {
                game: None,
                limit: 100,
                collection: None,
            },
        )
        .unwrap();
    let names: Vec<String> = results
        .hits
        .iter()
        .map(|h| match h.id.as_str() {
            "aardvark" => "Aardvark".to_owned(),
            id => cards().into_iter().find(|c| c.id == id).unwrap().name,
        })
        .collect();
    assert_eq!(
        names,
        [
            "Aardvark",
            "Ember Cub",
            "Quick Order",
            "Stone Golem",
            "Storm Hawk"
        ]
    );
    for (query, total) in [
        ("o:swims", 1),
        ("/swims/", 1),
        ("kw:flying", 1),
        ("o:/flying\\./", 0),
        ("tidecaller", 0),
        ("/digs/", 1),
        ("/return a unit/", 0),
    ] {
        let found = index
            .search_text(
                query,
                &SearchOptions {
                    game: None,
                    limit: 10,
                    collection: None,
                },
            )
            .unwrap();
        assert_eq!(found.total, total, "{query}");
    }
}

#[test]
fn an_update_reindexes_changed_and_removed_cards_by_id() {
    let (changed, removed) = changes();
    let update = IndexChanges {
        base_stamp: "gen-1",
        stamp: "gen-2",
        changed: &changed,
        removed: &removed,
    };
    // In RAM.
    let index = index();
    assert_eq!(
        index.update(&update).unwrap(),
        UpdateOutcome::Updated {
            indexed: 2,
            removed: 1
        }
    );
    assert_changes_applied(&index);
    // In a directory, reopened by the new stamp.
    let dir = tempfile_dir("update");
    let path = dir.join("index");
    let index = CardIndex::build_in_dir(&path, &games(), "gen-1", &cards()).unwrap();
    assert_eq!(
        index.update(&update).unwrap(),
        UpdateOutcome::Updated {
            indexed: 2,
            removed: 1
        }
    );
    assert_changes_applied(&index);
    assert_eq!(index.stamp(), "gen-2");
    drop(index);
    assert!(CardIndex::open(&path, &games(), "gen-1").is_none());
    let reopened = CardIndex::open(&path, &games(), "gen-2").expect("updated index reopens");
    assert_changes_applied(&reopened);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_update_that_changes_nothing_writes_nothing_and_a_wrong_base_is_stale() {
    let dir = tempfile_dir("unchanged");
    let path = dir.join("index");
    let index = CardIndex::build_in_dir(&path, &games(), "gen-1", &cards()).unwrap();
    let listing = || {
        let mut names: Vec<String> = std::fs::read_dir(&path)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let before = listing();
    let same = IndexChanges {
        base_stamp: "gen-1",
        stamp: "gen-1",
        changed: &[],
        removed: &[],
    };
    assert_eq!(index.update(&same).unwrap(), UpdateOutcome::Unchanged);
    assert_eq!(listing(), before, "no new generation");
    let (changed, removed) = changes();
    let from_elsewhere = IndexChanges {
        base_stamp: "gen-0",
        stamp: "gen-9",
        changed: &changed,
        removed: &removed,
    };
    assert_eq!(index.update(&from_elsewhere).unwrap(), UpdateOutcome::Stale);
    assert_eq!(listing(), before);
    assert_eq!(index.card_count(), 5);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_moves_to_the_generation_another_index_published() {
    let dir = tempfile_dir("follow");
    let path = dir.join("index");
    let writer = CardIndex::build_in_dir(&path, &games(), "gen-1", &cards()).unwrap();
    let reader = CardIndex::open(&path, &games(), "gen-1").unwrap();
    let (changed, removed) = changes();
    writer
        .update(&IndexChanges {
            base_stamp: "gen-1",
            stamp: "gen-2",
            changed: &changed,
            removed: &removed,
        })
        .unwrap();
    assert_changes_applied(&reader);
    assert_eq!(reader.stamp(), "gen-2");
    writer.rebuild("gen-3", &cards()).unwrap();
    assert_eq!(reader.card_count(), 5);
    assert_eq!(names(&reader, "tidecaller"), ["Tidecaller"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 16: the deepest queries the parser lets through compile, run and drop on a thread
/// with a small stack (the app searches on worker threads, whose stacks are smaller than
/// the main thread's).
#[test]
fn the_deepest_queries_allowed_search_on_a_small_stack() {
    let n = crate::MAX_NESTING;
    let cases = [
        (
            format!("{}hawk{}", "(".repeat(n), ")".repeat(n)),
            vec!["Storm Hawk"],
        ),
        (format!("{}hawk", "-".repeat(n)), vec!["Storm Hawk"]),
        // An odd number of negations around `-hawk or golem`: hawk and not golem.
        (
            format!("{}hawk or golem{}", "(-".repeat(n / 2), ")".repeat(n / 2)),
            vec!["Storm Hawk"],
        ),
        (
            format!("{}hawk or golem{}", "-(".repeat(n / 2), ")".repeat(n / 2)),
            vec!["Stone Golem", "Storm Hawk"],
        ),
        (
            // regex-syntax counts the word (a run of literals) as a level of its own.
            format!("/{}hawk{}/", "(".repeat(n - 1), ")".repeat(n - 1)),
            vec!["Storm Hawk"],
        ),
    ];
    let index = index();
    for (query, expected) in cases {
        let found = on_small_stack(|| {
            let mut found = names(&index, &query);
            found.sort();
            found
        });
        assert_eq!(found, expected, "{query}");
    }
}

/// Runs `work` on a thread with a 512 KiB stack, what a debug build needs for queries nested
/// [`MAX_NESTING`](crate::MAX_NESTING) deep (the query language's own tests use the same).
fn on_small_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(512 * 1024)
            .spawn_scoped(scope, work)
            .expect("a thread")
            .join()
            .expect("the thread finished")
    })
}

#[test]
fn a_build_sealed_before_its_last_cards_still_finds_every_card() {
    let dir = tempfile::tempdir().unwrap();
    let cards = cards();
    let mut build = IndexBuild::start(Some(dir.path()), &games(), cards.len()).unwrap();
    build.add(&cards[0]).unwrap();
    build.add(&cards[1]).unwrap();
    build.seal().unwrap();
    // An import seals its build while it commits; cards after a seal are still taken.
    for card in &cards[2..] {
        build.add(card).unwrap();
    }
    let index = build.finish("stamp").unwrap();
    assert_eq!(index.card_count(), cards.len() as u64);
    assert_eq!(names(&index, "storm"), names(&self::index(), "storm"));
    assert_eq!(names(&index, "t:unit"), names(&self::index(), "t:unit"));
    let reopened = CardIndex::open(dir.path(), &games(), "stamp").unwrap();
    assert_eq!(reopened.card_count(), cards.len() as u64);
}

/// Numbers in names sort as numbers in the index as in the store's card list: "Grid Zoid
/// 553", "… 554", then "… 5530" (by the folded name alone 5530 came between 553 and 554),
/// in either direction and when names only break ties.
#[test]
fn order_name_puts_numbers_in_names_in_number_order() {
    let json = r#"{ "game": "tiny", "cards": [
      {"name": "Grid Zoid 5530", "type": "Order", "stats": {"cost": 1}},
      {"name": "Grid Zoid 554", "type": "Order", "stats": {"cost": 1}},
      {"name": "Grid Zoid 553", "type": "Order", "stats": {"cost": 1}},
      {"name": "Grid Zoid 9", "type": "Order", "stats": {"cost": 1}},
      {"name": "Grid Zoid 0553", "type": "Order", "stats": {"cost": 1}}
    ]}"#;
    let cards = CardSet::from_json("zoids.json", json, &games())
        .unwrap()
        .cards;
    let index = CardIndex::build_in_ram(&games(), &cards).unwrap();
    let search = |query: &str| names_among(&index, query, &cards, None);
    let ascending = [
        "Grid Zoid 9",
        "Grid Zoid 553",
        "Grid Zoid 0553",
        "Grid Zoid 554",
        "Grid Zoid 5530",
    ];
    // 553 and 0553 are the same number: the order between them is the index's own, so
    // only the numbers are compared there.
    let number = |name: &String| name.rsplit(' ').next().unwrap().parse::<u32>().unwrap();
    let numbers = |names: Vec<String>| names.iter().map(number).collect::<Vec<_>>();
    let expected: Vec<u32> = ascending
        .iter()
        .map(|n| n.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers(search("order:name")), expected);
    let mut descending = expected.clone();
    descending.reverse();
    assert_eq!(numbers(search("order:name dir:desc")), descending);
    // Every card has the same cost: the name breaks the tie, numbers as numbers.
    assert_eq!(numbers(search("order:cost")), expected);
}
