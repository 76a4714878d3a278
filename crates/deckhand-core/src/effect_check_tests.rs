//! Effects checked against their game: in a card-set file (JSON path) and in a game
//! definition (`[effects]`, keyword templates).

use crate::{CardSet, Game, Games};

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = ["power"]
[stats.power]
label = "Power"
kind = "number"
[[keywords]]
name = "Scouting"
value = "number"
effects = "when set: may draw {value}"
[[keywords]]
name = "Charge"
value = "text"
effects = "when attacks: this +{1} {2} until end of battle"
goldfish = { state = "partial", reason = "the opponent's choice is not played" }
[[sections]]
id = "main"
name = "Main"
[effects]
triggers = ["set", "attacks", "activated", "static"]
zones = ["deck", "hand", "discard", "arena"]
resources = ["energy"]
"#;

fn games() -> Games {
    Games::from_sources([("tiny.toml", GAME)]).unwrap()
}

fn read(effects: &str, goldfish: &str) -> Result<CardSet, String> {
    let json = format!(
        r#"{{"game": "tiny", "cards": [{{"name": "Filler", "type": "Zoid"}},
        {{"name": "Odd", "type": "Zoid", "effects": {effects}{goldfish}}}]}}"#
    );
    CardSet::from_json("set.json", &json, &games()).map_err(|e| e.to_string())
}

#[test]
fn effects_that_fit_the_game_are_read() {
    let set = read(
        r#"[{"trigger": "set", "optional": true, "steps": [{"do": "draw", "count": 1}]},
            {"trigger": "activated", "cost": [{"do": "spend", "amount": 2, "resource": "energy"}],
             "steps": [{"do": "move", "count": {"each": 1, "filter": "t:zoid", "zone": "arena", "max": 3},
                        "from": "deck", "to": "hand", "filter": "t:zoid power<=3", "search": true}]}]"#,
        r#", "goldfish": {"state": "partial", "reason": "the search is played, the reveal is not"}"#,
    )
    .unwrap();
    assert_eq!(set.cards[1].effects.len(), 2);
    assert_eq!(
        crate::print_effects(&set.cards[1].effects),
        "when set: may draw 1 | activate (spend 2 energy): \
         search 1 per [t:zoid] in arena max 3 [t:zoid power<=3] from deck to hand"
    );
}

/// Each problem names the card's JSON path down to the field at fault.
#[test]
fn an_effect_the_game_cannot_have_is_refused_at_its_json_path() {
    let step = |s: &str| {
        format!(r#"[{{"trigger": "set", "steps": [{{"do": "draw", "count": 1}}, {s}]}}]"#)
    };
    let cases = [
        (
            r#"[{"trigger": "played", "steps": [{"do": "draw", "count": 1}]}]"#.to_owned(),
            "cards[1].effects[0].trigger: Tiny Game has no trigger 'played' (its triggers: set, attacks, activated, static)",
        ),
        (
            step(r#"{"do": "move", "count": 1, "from": "deck", "to": "vault"}"#),
            "cards[1].effects[0].steps[1].to: Tiny Game has no zone 'vault' (its zones: deck, hand, discard, arena)",
        ),
        (
            step(r#"{"do": "gain", "amount": 1, "resource": "mana"}"#),
            "cards[1].effects[0].steps[1].resource: Tiny Game has no resource 'mana'",
        ),
        (
            step(r#"{"do": "modify", "stat": "speed", "by": 1, "target": "this", "duration": "turn"}"#),
            "cards[1].effects[0].steps[1].stat: 'speed' is not a stat of Tiny Game (its stats: power)",
        ),
        (
            step(r#"{"do": "modify", "stat": "power", "by": -100, "target": "this", "duration": "turn"}"#),
            "cards[1].effects[0].steps[1].by: an amount from -99 to 99, not -100",
        ),
        (
            step(r#"{"do": "draw", "count": 100}"#),
            "cards[1].effects[0].steps[1].count: an amount from 0 to 99, not 100",
        ),
        (
            step(r#"{"do": "heal", "amount": -1}"#),
            "cards[1].effects[0].steps[1].amount: an amount from 0 to 99, not -1",
        ),
        (
            step(r#"{"do": "discard", "count": 1, "filter": "powr<=2"}"#),
            "cards[1].effects[0].steps[1].filter: filter 'powr<=2': unknown field 'powr' at 1",
        ),
        (
            step(r#"{"do": "discard", "count": 1, "filter": "owned>=1"}"#),
            "cards[1].effects[0].steps[1].filter: filter 'owned>=1': an effect filter cannot count copies",
        ),
        (
            step(r#"{"do": "discard", "count": 1, "filter": "/a.b/"}"#),
            "cards[1].effects[0].steps[1].filter: filter '/a.b/': an effect filter cannot use a regex",
        ),
        (
            step(r#"{"do": "discard", "count": 1, "filter": " "}"#),
            "cards[1].effects[0].steps[1].filter: an empty filter",
        ),
        (
            step(r#"{"do": "modify", "stat": "power", "by": 1, "target": {"others": {"filter": "kw:["}}, "duration": "turn"}"#),
            "cards[1].effects[0].steps[1].target.others.filter: 'kw:[' holds [ or ] outside quotes",
        ),
        (
            step(r#"{"do": "modify", "stat": "power", "by": 1, "target": {"one": {"filter": "kw:["}}, "duration": "turn"}"#),
            "cards[1].effects[0].steps[1].target.one.filter: 'kw:[' holds [ or ] outside quotes",
        ),
        (
            step(r#"{"do": "fill_hand", "size": 100}"#),
            "cards[1].effects[0].steps[1].size: an amount from 0 to 99, not 100",
        ),
        (
            step(r#"{"do": "roll", "dice": {"each": 1, "zone": "bench"}}"#),
            "cards[1].effects[0].steps[1].dice.zone: Tiny Game has no zone 'bench'",
        ),
        (
            step(r#"{"do": "choose", "options": [[{"do": "draw", "count": 1}]]}"#),
            "cards[1].effects[0].steps[1].options: a choice needs at least two options",
        ),
        (
            step(r#"{"do": "choose", "options": [[{"do": "draw", "count": 1}], [{"do": "draw", "count": 1, "x": 1}]]}"#),
            // serde buffers a tagged step, so its path ends at the outer step.
            "cards[1].effects[0].steps[1]: unknown field `x`",
        ),
        (
            r#"[{"trigger": "set", "cost": [{"do": "draw", "count": 1}], "steps": [{"do": "draw", "count": 1}]}]"#.to_owned(),
            "cards[1].effects[0].cost: only an activated ability has a cost",
        ),
        (
            r#"[{"trigger": "set", "steps": []}]"#.to_owned(),
            "cards[1].effects[0].steps: an effect needs at least one step",
        ),
        (
            r#"[{"trigger": "set", "requirement": {"zone": "arena", "at_least": 0, "negated": true}, "steps": [{"do": "draw", "count": 1}]}]"#.to_owned(),
            "cards[1].effects[0].requirement.at_least: a negated requirement",
        ),
        (
            r#"[{"trigger": "set", "requirement": {"zone": "attic"}, "steps": [{"do": "draw", "count": 1}]}]"#.to_owned(),
            "cards[1].effects[0].requirement.zone: Tiny Game has no zone 'attic'",
        ),
    ];
    for (effects, expected) in cases {
        let err = read(&effects, "").expect_err(&effects);
        assert!(
            err.starts_with(&format!("set.json: {expected}")),
            "{effects}\n got: {err}\nwant: {expected}"
        );
    }
    let err = read(
        "[]",
        r#", "goldfish": {"state": "no_effect", "reason": " "}"#,
    )
    .unwrap_err();
    assert!(
        err.starts_with(
            "set.json: cards[1].goldfish.reason: a goldfish note (no_effect) needs its reason"
        ),
        "{err}"
    );
}

#[test]
fn a_game_definitions_effects_table_and_keyword_templates_are_checked() {
    let cases = [
        (
            r#"triggers = ["set", "sets"]"#,
            "effects.triggers[1]: unknown trigger 'sets'",
        ),
        (
            r#"triggers = ["set", "set"]"#,
            "effects.triggers[1]: 'set' is declared twice",
        ),
        (
            r#"zones = ["deck", "deck"]"#,
            "effects.zones[1]: 'deck' is declared twice",
        ),
        (
            r#"zones = ["draw pile"]"#,
            "effects.zones[0]: 'draw pile' is declared twice or is not one word",
        ),
        (
            r#"resources = [""]"#,
            "effects.resources[0]: '' is declared twice or is not one word",
        ),
    ];
    let base = GAME.split("[effects]").next().unwrap();
    for (table, expected) in cases {
        let text = format!("{base}[effects]\ntriggers = [\"set\", \"attacks\"]\n{table}\n");
        // A repeated key is TOML's own error; replace the default line instead.
        let text = if table.starts_with("triggers") {
            format!("{base}[effects]\n{table}\n")
        } else {
            text
        };
        let err = Game::from_toml("tiny.toml", &text).unwrap_err().to_string();
        assert!(
            err.starts_with("tiny.toml: ") && err.contains(expected),
            "{table}: {err}"
        );
    }
    let templates = [
        (
            "when set: may draw {value}",
            None,
        ),
        (
            "when set: move {value} from deck to {2}",
            None,
        ),
        (
            "when sets: draw {value}",
            Some("keywords[0].effects: the effects of 'Scouting' do not read once filled with a value: at 1: expected a trigger"),
        ),
        (
            "when blocks: draw {value}",
            Some("keywords[0].effects: the effects of 'Scouting' do not read once filled with a value: effects[0].trigger: Tiny Game has no trigger 'blocks'"),
        ),
        (
            "when set: move {value} from deck to vault",
            Some("at 31: expected a zone (deck, hand, discard, arena)"),
        ),
    ];
    for (template, expected) in templates {
        let text = GAME.replace("when set: may draw {value}", template);
        match (Game::from_toml("tiny.toml", &text), expected) {
            (Ok(_), None) => {}
            (Err(err), Some(expected)) => {
                assert!(err.to_string().contains(expected), "{template}: {err}")
            }
            (outcome, expected) => panic!("{template}: {outcome:?}, expected {expected:?}"),
        }
    }
    let text = GAME.replace("the opponent's choice is not played", "");
    let err = Game::from_toml("tiny.toml", &text).unwrap_err().to_string();
    assert!(
        err.contains("keywords[1].goldfish: a goldfish note (partial) needs its reason"),
        "{err}"
    );
}
