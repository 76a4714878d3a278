//! Writing cards back out: card-set JSON and a card spreadsheet (CSV) that the readers
//! take back to the same cards (`deckhand cards export`, card packs). Pure: cards in,
//! text out.

use serde::Serialize;

use super::SetInfo;
use crate::card::{Card, StatValue};
use crate::effect::{Effect, GoldfishNote};
use crate::effect_text::print_effects;
use crate::formula::neutralise_formula;
use crate::game::Game;

/// A card as the card-set format states it: no `game` (the file says it once), absent
/// fields left out.
#[derive(Serialize)]
struct CardOut<'a> {
    id: &'a str,
    name: &'a str,
    #[serde(rename = "type")]
    card_type: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<&'a str>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    subtypes: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    keywords: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    stats: &'a std::collections::BTreeMap<String, StatValue>,
    #[serde(skip_serializing_if = "<[Effect]>::is_empty")]
    effects: &'a [Effect],
    #[serde(skip_serializing_if = "Option::is_none")]
    goldfish: Option<&'a GoldfishNote>,
}

#[derive(Serialize)]
struct SetFileOut<'a> {
    game: &'a str,
    #[serde(skip_serializing_if = "<[SetInfo]>::is_empty")]
    sets: &'a [SetInfo],
    cards: Vec<CardOut<'a>>,
}

/// Card-set JSON of `game` that [`CardSet::from_json`](super::CardSet::from_json) reads
/// back to exactly `cards`.
pub fn card_set_json(game: &str, sets: &[SetInfo], cards: &[Card]) -> String {
    let file = SetFileOut {
        game,
        sets,
        cards: cards
            .iter()
            .map(|c| CardOut {
                id: &c.id,
                name: &c.name,
                card_type: &c.card_type,
                set: c.set.as_deref(),
                number: c.number.as_deref(),
                side: c.side.map(|s| s.as_str()),
                color: c.color.as_deref(),
                subtypes: &c.subtypes,
                keywords: &c.keywords,
                text: c.text.as_deref(),
                stats: &c.stats,
                effects: &c.effects,
                goldfish: c.goldfish.as_ref(),
            })
            .collect(),
    };
    // Serialising plain strings, numbers and maps cannot fail.
    let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
    text.push('\n');
    text
}

/// A comma-separated card spreadsheet of `game` that [`read_sheet`](super::read_sheet)
/// reads back to `cards`: a `game` column (so no `--game` is needed), the card fields,
/// then each stat of the game that some card has, by id; lists joined by `; `; then
/// `effects` (their written form) and `goldfish` (`state: reason`) when some card has them.
/// A cell a spreadsheet would run as a formula is written behind a `'`
/// ([`neutralise_formula`]), which the reader takes off.
pub fn card_sheet_csv(game: &Game, cards: &[Card]) -> String {
    let stats: Vec<&String> = game
        .stats
        .keys()
        .filter(|id| cards.iter().any(|c| c.stats.contains_key(*id)))
        .collect();
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let mut header: Vec<&str> = vec![
        "game", "id", "name", "type", "set", "number", "side", "color", "subtypes", "keywords",
        "text",
    ];
    header.extend(stats.iter().map(|s| s.as_str()));
    // Only when used, so a plain game's sheet has no empty columns to puzzle over.
    let effects = cards.iter().any(|c| !c.effects.is_empty());
    let goldfish = cards.iter().any(|c| c.goldfish.is_some());
    if effects {
        header.push("effects");
    }
    if goldfish {
        header.push("goldfish");
    }
    // Writing to a Vec cannot fail.
    let _ = writer.write_record(&header);
    for card in cards {
        let mut row: Vec<String> = vec![
            game.id.clone(),
            card.id.clone(),
            card.name.clone(),
            card.card_type.clone(),
            card.set.clone().unwrap_or_default(),
            card.number.clone().unwrap_or_default(),
            card.side.map(|s| s.as_str().to_owned()).unwrap_or_default(),
            card.color.clone().unwrap_or_default(),
            card.subtypes.join("; "),
            card.keywords.join("; "),
            card.text.clone().unwrap_or_default(),
        ];
        row.extend(
            stats
                .iter()
                .map(|id| card.stats.get(*id).map(cell).unwrap_or_default()),
        );
        if effects {
            row.push(print_effects(&card.effects));
        }
        if goldfish {
            row.push(card.goldfish.as_ref().map(note_cell).unwrap_or_default());
        }
        let _ = writer.write_record(row.iter().map(|c| neutralise_formula(c).into_owned()));
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// A goldfish note as the sheet reader takes it back: `no_effect: the reason`.
fn note_cell(note: &GoldfishNote) -> String {
    if note.reason.is_empty() {
        note.state.id().to_owned()
    } else {
        format!("{}: {}", note.state.id(), note.reason)
    }
}

fn cell(value: &StatValue) -> String {
    match value {
        StatValue::Number(n) => n.to_string(),
        StatValue::Text(t) => t.clone(),
        StatValue::List(items) => items.iter().map(cell).collect::<Vec<_>>().join("; "),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::card_set::{read_sheet, CardSet, SheetOptions};
    use crate::games::Games;

    /// Every bundled card of every game, through both writers and back: the same cards.
    #[test]
    fn every_bundled_card_reads_back_the_same_from_json_and_from_csv() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
        let read_dir = |dir: &Path| -> Vec<(String, String)> {
            let mut files: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            files
                .iter()
                .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
                .collect()
        };
        let sources = read_dir(&data.join("games"));
        let games =
            Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap();
        let mut checked = 0;
        for game in games.iter() {
            for (name, text) in read_dir(&data.join("cards").join(&game.id)) {
                let set = CardSet::from_json(&name, &text, &games).unwrap();
                let json = card_set_json(&game.id, &set.sets, &set.cards);
                let again = CardSet::from_json("export.json", &json, &games).unwrap();
                assert_eq!(
                    (again.cards, again.sets),
                    (set.cards.clone(), set.sets.clone()),
                    "{name}"
                );
                let csv = card_sheet_csv(game, &set.cards);
                let options = SheetOptions {
                    delimiter: b',',
                    ..SheetOptions::default()
                };
                let sheet = read_sheet("export.csv", csv.as_bytes(), &games, &options).unwrap();
                let read: Vec<Card> = sheet.cards.into_iter().map(|(_, c)| c).collect();
                assert_eq!(read, set.cards, "{name}");
                checked += set.cards.len();
            }
        }
        assert!(checked > 300, "only {checked} cards checked");
    }

    /// Issue "Nothing a file can say breaks Deckhand": a cell a spreadsheet would run as a
    /// formula is exported behind a `'`, and the export reads back to the same cards and
    /// the same bytes; a number stays a number.
    #[test]
    fn formula_cells_are_neutralised_on_export_and_read_back_unchanged() {
        const GAME: &str = r#"
            id = "zoids-scramble"
            name = "Zoids Scramble"
            card_size_mm = { width = 63.0, height = 88.0 }
            [[card_types]]
            name = "Zoid"
            stats = ["power", "pilot"]
            [stats.power]
            label = "Power"
            kind = "number"
            min = -5
            max = 20
            [stats.pilot]
            label = "Pilot"
            kind = "text"
            [[sections]]
            id = "main"
            name = "Main"
        "#;
        let games = Games::from_sources([("zoids.toml", GAME)]).unwrap();
        let set = CardSet::from_json(
            "cards.json",
            r#"{"game": "zoids-scramble", "cards": [
                {"id": "link", "name": "=HYPERLINK(\"http://x.test\",\"free cards\")",
                 "type": "Zoid", "text": "-1 Power", "stats": {"power": -1, "pilot": "+Mara"}},
                {"id": "risk", "name": "@risk", "type": "Zoid", "set": "-1",
                 "text": "'=typed with a quote", "stats": {"power": 2}}
            ]}"#,
            &games,
        )
        .unwrap();
        let game = games.get("zoids-scramble").unwrap();
        let csv = card_sheet_csv(game, &set.cards);
        for written in [
            "\"'=HYPERLINK(",
            ",'-1 Power,'+Mara,-1\r\n",
            ",'@risk,Zoid,-1,,,,,,''=typed with a quote,,2\r\n",
        ] {
            assert!(csv.contains(written), "{written:?} in {csv}");
        }
        let options = SheetOptions {
            delimiter: b',',
            ..SheetOptions::default()
        };
        let sheet = read_sheet("export.csv", csv.as_bytes(), &games, &options).unwrap();
        let read: Vec<Card> = sheet.cards.into_iter().map(|(_, c)| c).collect();
        assert_eq!(read, set.cards);
        assert_eq!(card_sheet_csv(game, &read), csv);
    }
}
