use super::*;
use crate::{CardSet, Games};

#[test]
fn reminder_text_alone_is_not_an_effect() {
    let cases: &[(&str, &[&str], bool)] = &[
        (
            "Scouting: 1 (When you set this Zoid, you may draw 1 card.)",
            &["Scouting: 1"],
            false,
        ),
        (
            "Flying (Zoids without Flying cannot attack.) Unmanned (No Pilot (ever).)",
            &["Flying", "Unmanned"],
            false,
        ),
        ("", &[], false),
        (
            "Attack Bonus: 1 (…) When it wins, draw 1 card.",
            &["Attack Bonus: 1"],
            true,
        ),
        ("When played: draw 2 cards.", &["Ally"], true),
        ("flying", &["Flying"], false),
        ("Flying (unclosed reminder", &["Flying"], false),
    ];
    for (text, keywords, expected) in cases {
        let keywords: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
        assert_eq!(has_effect_text(text, &keywords), *expected, "{text}");
    }
}

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = []
[[keywords]]
name = "Scouting"
value = "number"
effects = "when set: may draw {value}"
[[keywords]]
name = "Stealth"
goldfish = { state = "no_effect", reason = "only matters when the opponent attacks" }
[[keywords]]
name = "Unison"
goldfish = { state = "partial", reason = "the pair bonus is not played" }
[[keywords]]
name = "Mystery"
[[sections]]
id = "main"
name = "Main"
[effects]
triggers = ["set"]
zones = ["deck", "hand"]
"#;

#[test]
fn a_cards_coverage_comes_from_its_note_its_effects_and_its_keywords() {
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    let game = games.get("tiny").unwrap();
    let draw = r#""effects": [{"trigger": "set", "steps": [{"do": "draw", "count": 1}]}]"#;
    let cases = [
        (
            r#""text": "Nothing to see.""#.to_owned(),
            "not_simulated",
            Some("its text is not stated as effects"),
        ),
        (
            format!(r#""text": "When set, draw 1 card.", {draw}"#),
            "simulated",
            None,
        ),
        (
            r#""keywords": ["Scouting: 2"], "text": "Scouting: 2 (draw 2)""#.to_owned(),
            "simulated",
            None,
        ),
        (
            r#""keywords": ["Stealth"]"#.to_owned(),
            "no_effect",
            Some("Stealth: only matters when the opponent attacks"),
        ),
        (
            format!(r#""keywords": ["Stealth"], "text": "Draw.", {draw}"#),
            "simulated",
            None,
        ),
        (
            r#""keywords": ["Stealth", "Unison"]"#.to_owned(),
            "partial",
            Some("Unison: the pair bonus is not played"),
        ),
        (
            r#""keywords": ["Scouting: 1", "Mystery"]"#.to_owned(),
            "not_simulated",
            Some("Mystery states no effects"),
        ),
        (
            format!(
                r#""text": "Draw, then win.", {draw}, "goldfish": {{"state": "partial", "reason": "winning is not played"}}"#
            ),
            "partial",
            Some("winning is not played"),
        ),
        (String::new(), "simulated", None),
    ];
    for (fields, state, reason) in cases {
        let comma = if fields.is_empty() { "" } else { ", " };
        let json = format!(
            r#"{{"game": "tiny", "cards": [{{"name": "C", "type": "Zoid"{comma}{fields}}}]}}"#
        );
        let card = &CardSet::from_json("c.json", &json, &games).unwrap().cards[0];
        let (got, why) = coverage(card, game);
        assert_eq!((got.id(), why.as_deref()), (state, reason), "{fields}");
    }
}
