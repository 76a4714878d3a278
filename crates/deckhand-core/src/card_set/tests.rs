use super::*;

const GAME: &str = r#"
id = "zoids-scramble"
name = "Zoids Scramble"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = ["power", "attack_energy"]
[[card_types]]
name = "Command"
stats = ["timing", "set_letter"]
[stats.power]
label = "Power"
kind = "number"
min = 0
max = 20
allow = ["X"]
[stats.attack_energy]
label = "Attack energy"
kind = "number"
[stats.timing]
label = "Timing"
kind = "text"
values = ["operation", "battle"]
[stats.set_letter]
label = "Set letter"
kind = "text"
[[keywords]]
name = "Scouting"
value = "number"
[[keywords]]
name = "Flying"
[[sections]]
id = "main"
name = "Main"
"#;

fn games() -> Games {
    Games::from_sources([("zoids.toml", GAME)]).unwrap()
}

fn parse(json: &str) -> Result<CardSet, String> {
    CardSet::from_json("set.json", json, &games()).map_err(|e| e.to_string())
}

fn one_card(card: &str) -> String {
    format!(
        r#"{{"game": "zoids-scramble", "cards": [{{"name": "Filler", "type": "Zoid"}}, {card}]}}"#
    )
}

#[test]
fn a_minimal_card_gets_a_slug_id_and_canonical_type() {
    let set =
        parse(r#"{"game": "zoids-scramble", "cards": [{"name": "Ember Raptor", "type": "zoid"}]}"#)
            .unwrap();
    let card = &set.cards[0];
    assert_eq!(card.id, "zoids-scramble-ember-raptor");
    assert_eq!(card.card_type, "Zoid");
    assert!(card.stats.is_empty());
}

#[test]
fn stats_keywords_and_words_are_normalised() {
    let set = parse(&one_card(
        r#"{"name": "Ember Raptor", "type": "Zoid", "keywords": ["scouting: 2", "FLYING"],
            "stats": {"power": "x", "attack_energy": "3"}}"#,
    ))
    .unwrap();
    let card = &set.cards[1];
    assert_eq!(card.keywords, ["Scouting: 2", "Flying"]);
    assert_eq!(card.stats["power"], StatValue::Text("X".into()));
    assert_eq!(card.stats["attack_energy"], StatValue::Number(3));
}

/// Each bad card and the exact error a user sees.
#[test]
fn bad_cards_are_reported_with_their_json_path() {
    let cases = [
        (r#"{"name": "A", "type": "Pilot"}"#,
         "set.json: cards[1].type: 'Pilot' is not a card type of Zoids Scramble (types: Zoid, Command)"),
        (r#"{"name": "A", "type": "Zoid", "stats": {"power": "four"}}"#,
         "set.json: cards[1].stats.power: expected a number or one of X, found \"four\""),
        (r#"{"name": "A", "type": "Zoid", "stats": {"power": 21}}"#,
         "set.json: cards[1].stats.power: 21 is out of range (0..20)"),
        (r#"{"name": "A", "type": "Zoid", "stats": {"power": 2.5}}"#,
         "set.json: cards[1].stats.power: expected a whole number, found 2.5"),
        (r#"{"name": "A", "type": "Zoid", "stats": {"timing": "battle"}}"#,
         "set.json: cards[1].stats.timing: 'timing' is not a stat of a Zoid card (its stats: power, attack_energy)"),
        (r#"{"name": "A", "type": "Command", "stats": {"timing": "later"}}"#,
         "set.json: cards[1].stats.timing: 'later' is not one of operation, battle"),
        (r#"{"name": "A", "type": "Command", "stats": {"set_letter": ""}}"#,
         "set.json: cards[1].stats.set_letter: must not be empty (leave the stat out when a card has none)"),
        (r#"{"name": "A", "type": "Command", "stats": {"set_letter": "  "}}"#,
         "set.json: cards[1].stats.set_letter: must not be empty (leave the stat out when a card has none)"),
        (r#"{"name": "A", "type": "Command", "stats": {"timing": ""}}"#,
         "set.json: cards[1].stats.timing: must not be empty (leave the stat out when a card has none)"),
        (r#"{"name": "A", "type": "Zoid", "keywords": ["Scouting"]}"#,
         "set.json: cards[1].keywords[0]: 'Scouting' needs a value, as in 'Scouting: 1'"),
        (r#"{"name": "A", "type": "Zoid", "keywords": ["Scouting: lots"]}"#,
         "set.json: cards[1].keywords[0]: 'Scouting' needs a number, not 'lots'"),
        (r#"{"name": "A", "type": "Zoid", "keywords": ["Swimming"]}"#,
         "set.json: cards[1].keywords[0]: 'Swimming' is not a keyword of Zoids Scramble (keywords: Scouting, Flying)"),
        (r#"{"name": "A", "type": "Zoid", "side": "good"}"#,
         "set.json: cards[1].side: 'good' is not a side (hero or villain)"),
        (r#"{"name": "  ", "type": "Zoid"}"#, "set.json: cards[1].name: a card needs a name"),
        (r#"{"type": "Zoid"}"#, "set.json: cards[1]: missing field `name`"),
        (r#"{"name": "A", "type": "Zoid", "rarity": "rare"}"#,
         "set.json: cards[1].rarity: unknown field `rarity`, expected one of `name`, `type`, `id`, `set`, `number`, `side`, `color`, `subtypes`, `keywords`, `text`, `stats`, `effects`, `goldfish`"),
        (r#"{"name": "Filler", "type": "Zoid"}"#,
         "set.json: cards[1].id: id 'zoids-scramble-filler' is used again (first by cards[0])"),
    ];
    for (card, expected) in cases {
        assert_eq!(parse(&one_card(card)).unwrap_err(), expected, "for {card}");
    }
}

#[test]
fn malformed_json_is_reported_with_line_and_column() {
    let err =
        parse("{\n  \"game\": \"zoids-scramble\",\n  \"cards\": [ {\"name\": } ]\n}").unwrap_err();
    assert_eq!(err, "set.json: 3:23: expected value");
}

#[test]
fn trailing_garbage_is_an_error() {
    let err = parse(r#"{"game": "zoids-scramble"} x"#).unwrap_err();
    assert!(
        err.starts_with("set.json: 1:28: trailing characters"),
        "{err}"
    );
}

#[test]
fn an_unknown_game_is_named() {
    let err = parse(r#"{"game": "chess", "cards": []}"#).unwrap_err();
    assert_eq!(
        err,
        "set.json: game: unknown game 'chess' (known: zoids-scramble)"
    );
}

proptest::proptest! {
    /// Any input yields a card set or a one-line error, never a panic.
    #[test]
    fn arbitrary_input_never_panics(text in ".{0,200}") {
        if let Err(err) = CardSet::from_json("fuzz.json", &text, &games()) {
            proptest::prop_assert!(!err.to_string().contains('\n'));
        }
    }
}

#[test]
fn a_file_naming_its_game_last_reads_like_one_naming_it_first() {
    let first = parse(
        r#"{"game": "zoids-scramble", "sets": [{"code": "A", "name": "Alpha"}],
            "cards": [{"name": "Ember Raptor", "type": "Zoid", "set": "A"}]}"#,
    )
    .unwrap();
    let last = parse(
        r#"{"cards": [{"name": "Ember Raptor", "type": "Zoid", "set": "A"}],
            "sets": [{"code": "A", "name": "Alpha"}], "game": "zoids-scramble"}"#,
    )
    .unwrap();
    assert_eq!(first, last);
    let bad_last = parse(r#"{"cards": [{"name": "X", "type": "Nope"}], "game": "zoids-scramble"}"#);
    assert!(bad_last.unwrap_err().contains("cards[0].type"));
}

#[test]
fn a_streamed_read_hands_out_the_game_then_cards_with_growing_offsets() {
    let text = r#"{"game": "zoids-scramble", "cards": [
        {"name": "A1", "type": "Zoid"}, {"name": "B2", "type": "Zoid"}, {"name": "C3", "type": "Zoid"}]}"#;
    let mut seen = Vec::new();
    let summary = CardSet::read_json("set.json", text, &games(), &mut |item| {
        seen.push(match item {
            CardSetItem::Begin { game } => (game.to_owned(), 0),
            CardSetItem::Set(info) => (info.code.clone(), 0),
            CardSetItem::Card { card, read, .. } => (card.name, read),
        })
    })
    .unwrap();
    assert_eq!(summary.cards, 3);
    let names: Vec<&str> = seen.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["zoids-scramble", "A1", "B2", "C3"]);
    let offsets: Vec<usize> = seen[1..].iter().map(|(_, r)| *r).collect();
    assert!(
        offsets.windows(2).all(|w| w[0] < w[1]) && offsets[2] < text.len(),
        "{offsets:?}"
    );
}

#[test]
fn a_streamed_read_stops_handing_out_cards_at_the_first_bad_one() {
    let text = r#"{"game": "zoids-scramble", "cards": [
        {"name": "A1", "type": "Zoid"}, {"name": "B2", "type": "Nope"}, {"name": "C3", "type": "Zoid"}]}"#;
    let mut cards = 0;
    let result = CardSet::read_json("set.json", text, &games(), &mut |item| {
        if let CardSetItem::Card { .. } = item {
            cards += 1;
        }
    });
    assert!(result.unwrap_err().to_string().contains("cards[1].type"));
    assert_eq!(cards, 1);
}

#[test]
fn a_draft_lists_every_problem_with_its_field_at_once() {
    let games = games();
    let game = games.get("zoids-scramble").unwrap();
    let draft = CardDraft {
        name: " ".into(),
        card_type: "Spaceship".into(),
        side: Some("neutral".into()),
        keywords: vec!["Flying Kick".into()],
        ..CardDraft::default()
    };
    let problems = draft.validate(game).unwrap_err();
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["name", "type", "side", "keywords[0]"]);
    assert!(problems[1]
        .message
        .contains("'Spaceship' is not a card type"));
}

#[test]
fn a_draft_of_a_stored_card_validates_back_to_the_same_card() {
    let games = games();
    let game = games.get("zoids-scramble").unwrap();
    let mut draft = CardDraft {
        id: Some("zx-1".into()),
        name: "Shield Liger".into(),
        card_type: "Zoid".into(),
        keywords: vec!["scouting: 2".into()],
        ..CardDraft::default()
    };
    draft.set_stat_text(game, "Attack energy", "3").unwrap();
    draft.set_stat_text(game, "power", "X").unwrap();
    let card = draft.validate(game).unwrap();
    assert_eq!(card.keywords, ["Scouting: 2"]);
    assert_eq!(CardDraft::from_card(&card).validate(game).unwrap(), card);
    draft.set_stat_text(game, "POWER", "").unwrap();
    assert!(!draft.stats.contains_key("power"));
}

#[test]
fn a_stat_out_of_range_and_one_of_another_type_are_both_named() {
    let games = games();
    let game = games.get("zoids-scramble").unwrap();
    let mut draft = CardDraft {
        name: "Liger".into(),
        card_type: "Zoid".into(),
        ..CardDraft::default()
    };
    draft.set_stat_text(game, "power", "99").unwrap();
    draft.set_stat_text(game, "timing", "battle").unwrap();
    let problems = draft.validate(game).unwrap_err();
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, ["stats.power", "stats.timing"]);
    assert!(problems[0].message.contains("99 is out of range (0..20)"));
    let unknown = draft.set_stat_text(game, "speed", "1").unwrap_err();
    assert!(unknown
        .message
        .contains("'speed' is not a stat of Zoids Scramble"));
}

/// Issue "Nothing a file can say breaks Deckhand": control characters from a file reached
/// error lines and tables raw. A card's name and id must be one line; every message
/// escapes what it quotes.
#[test]
fn a_card_name_or_id_with_a_control_character_is_refused_and_escaped() {
    let cases = [
        (r#"{"name": "Red\nRush", "type": "Zoid"}"#,
         "set.json: cards[1].name: a card name cannot hold line breaks or control characters: it holds a line break at character 4"),
        (r#"{"name": "Red \u001b[31mRush", "type": "Zoid"}"#,
         "set.json: cards[1].name: a card name cannot hold line breaks or control characters: it holds the control character U+001B at character 5"),
        (r#"{"name": "Red Rush", "id": "red\u0000rush", "type": "Zoid"}"#,
         "set.json: cards[1].id: an id cannot hold line breaks or control characters: it holds the control character U+0000 at character 4"),
        (r#"{"name": "Red Rush", "type": "Zo\nid"}"#,
         "set.json: cards[1].type: 'Zo\\nid' is not a card type of Zoids Scramble (types: Zoid, Command)"),
        (r#"{"name": "Red Rush", "type": "Zoid", "stats": {"pow\u001ber": 1}}"#,
         "set.json: cards[1].stats.pow\\u{1b}er: 'pow\\u{1b}er' is not a stat of a Zoid card (its stats: power, attack_energy)"),
    ];
    for (card, expected) in cases {
        let error = parse(&one_card(card)).unwrap_err();
        assert_eq!(error, expected, "for {card}");
        assert_eq!(error.lines().count(), 1);
    }
    let tab = parse(&one_card(r#"{"name": "Red\tRush", "type": "Zoid"}"#)).unwrap_err();
    assert!(tab.ends_with("it holds a tab at character 4"), "{tab}");
}

/// A sink that wants input keys and knows the cards whose keys it holds.
#[derive(Default)]
struct KeyedSink {
    known: Vec<(i64, std::sync::Arc<str>)>,
    asked: usize,
    cards: Vec<(String, Option<i64>)>,
}

impl CardSink for KeyedSink {
    fn item(&mut self, item: CardSetItem<'_>) {
        if let CardSetItem::Card {
            card, input_key, ..
        } = item
        {
            self.cards.push((card.name, input_key));
        }
    }

    fn wants_input_keys(&self) -> bool {
        true
    }

    fn known(&mut self, key: i64, _read: usize) -> Option<std::sync::Arc<str>> {
        self.asked += 1;
        self.known
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, id)| id.clone())
    }
}

fn key_of(written: &str) -> i64 {
    let games = games();
    input_key(
        reading_fingerprint(games.get("zoids-scramble").unwrap()),
        written,
    )
}

const B2: &str = r#"{"name": "B2", "type": "Zoid"}"#;

fn three_cards(middle: &str) -> String {
    format!(
        r#"{{"game": "zoids-scramble", "cards": [{{"name": "A1", "type": "Zoid"}}, {middle}, {{"name": "C3", "type": "Zoid"}}]}}"#
    )
}

#[test]
fn a_card_the_sink_knows_by_its_input_is_neither_read_nor_handed_on() {
    let mut sink = KeyedSink {
        known: vec![(key_of(B2), "zoids-scramble-b2".into())],
        ..Default::default()
    };
    let summary =
        CardSet::read_json_into("set.json", &three_cards(B2), &games(), &mut sink).unwrap();
    assert_eq!(summary.cards, 3);
    assert_eq!(sink.asked, 3);
    let names: Vec<&str> = sink.cards.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["A1", "C3"]);
    // The cards read come with their keys, to be known next time.
    assert_eq!(
        sink.cards[0].1,
        Some(key_of(r#"{"name": "A1", "type": "Zoid"}"#))
    );
}

#[test]
fn a_known_card_still_counts_for_the_files_repeated_id_check() {
    let mut sink = KeyedSink {
        known: vec![(key_of(B2), "zoids-scramble-a1".into())],
        ..Default::default()
    };
    let error = CardSet::read_json_into("set.json", &three_cards(B2), &games(), &mut sink)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("cards[1].id") && error.contains("'zoids-scramble-a1' is used again"),
        "{error}"
    );
}

#[test]
fn an_input_key_changes_with_the_text_as_written_and_with_the_game_definition() {
    let spaced = r#"{"name": "B2",  "type": "Zoid"}"#;
    assert_eq!(key_of(B2), key_of(B2));
    assert_ne!(key_of(B2), key_of(spaced));
    let narrowed = GAME.replace("max = 20", "max = 19");
    let other = Games::from_sources([("zoids.toml", narrowed.as_str())]).unwrap();
    assert_ne!(
        input_key(
            reading_fingerprint(other.get("zoids-scramble").unwrap()),
            B2
        ),
        key_of(B2)
    );
}

#[test]
fn a_read_with_input_keys_reports_every_problem_as_a_plain_read_does() {
    let cases = [
        r#"{"name": 5, "type": "Zoid"}"#,
        r#"{"name": "B2", "type": "Nope"}"#,
        r#"{"name": "B2", "type": "Zoid", "stats": {"power": 99}}"#,
        r#"{"name": "B2", "type": "Zoid", "colour": "red"}"#,
        r#"{"name": "B2", "type": "Zoid""#,
    ];
    for middle in cases {
        let text = three_cards(middle);
        let plain = CardSet::read_json("set.json", &text, &games(), &mut |_| {}).unwrap_err();
        let mut sink = KeyedSink::default();
        let keyed = CardSet::read_json_into("set.json", &text, &games(), &mut sink).unwrap_err();
        assert_eq!(keyed.to_string(), plain.to_string(), "{middle}");
    }
}

/// Every input this reader normalises, read with the test game: if what they read as
/// changes, the stored input keys of every player's cards would vouch for cards the
/// reader now makes differently.
const READER_SAMPLES: &str = r#"{"game": "zoids-scramble", "sets": [{"code": "T", "name": "T"}],
 "cards": [
  {"name": "  Ember Raptor ", "type": "zoid", "set": " T ", "number": "", "color": " red ",
   "subtypes": [" Raptor "], "keywords": ["scouting : 2", "FLYING"], "text": "  Fast.  ",
   "stats": {"power": "X", "attack_energy": 3}},
  {"id": " ZS-001 ", "name": "Quick Order", "type": "Command", "side": "Hero",
   "stats": {"timing": "Operation", "set_letter": "A"}},
  {"name": "Plain", "type": "Zoid", "text": ""}
 ]}"#;

#[test]
fn reading_is_unchanged_since_the_last_reader_version() {
    let set = CardSet::from_json("samples.json", READER_SAMPLES, &games()).unwrap();
    let read = serde_json::to_string(&set.cards).unwrap();
    let hash = read.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    assert_eq!(
        (CARD_READER_VERSION, hash),
        (1, 17_512_837_929_564_241_835),
        "the reader makes something else of the same input now: bump CARD_READER_VERSION \
         (stored input keys must stop vouching for cards) and record the new pair here. \
         It reads: {read}"
    );
}

#[test]
fn a_read_with_input_keys_refuses_exactly_the_nesting_a_plain_read_refuses() {
    // A card parsed by itself has two more levels to spend than in its file.
    for depth in 120..=128 {
        let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let text = three_cards(&format!(
            r#"{{"name": "B2", "type": "Zoid", "text": "[{{", "stats": {{"power": {nested}}}}}"#
        ));
        let plain = CardSet::read_json("set.json", &text, &games(), &mut |_| {})
            .map(|s| s.cards)
            .map_err(|e| e.to_string());
        let mut sink = KeyedSink::default();
        let keyed = CardSet::read_json_into("set.json", &text, &games(), &mut sink)
            .map(|s| s.cards)
            .map_err(|e| e.to_string());
        assert_eq!(keyed, plain, "{depth} deep");
    }
}

#[test]
fn cards_written_before_the_game_key_are_still_known_by_their_input() {
    let text = format!(
        r#"{{"cards": [{{"name": "A1", "type": "Zoid"}}, {B2}], "game": "zoids-scramble"}}"#
    );
    let mut sink = KeyedSink {
        known: vec![(key_of(B2), "zoids-scramble-b2".into())],
        ..Default::default()
    };
    let summary = CardSet::read_json_into("set.json", &text, &games(), &mut sink).unwrap();
    assert_eq!((summary.cards, sink.asked), (2, 2));
    let names: Vec<&str> = sink.cards.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["A1"]);
}
