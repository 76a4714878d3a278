//! `deckhand goldfish --impact` and `deckhand tune`: the built binary against a temporary
//! database.

mod common;

use common::{text, Env};

use std::path::Path;

use serde_json::Value;

fn sample(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/decks")
        .join(path)
        .display()
        .to_string()
}

const VANGUARD: &str = "zoids-scramble/republic-vanguard.txt";

#[test]
fn impact_json_has_the_documented_shape_and_a_seed_repeats_it() {
    let env = Env::new();
    let deck = sample(VANGUARD);
    let args = [
        "goldfish", &deck, "--impact", "--games", "500", "--seed", "9", "--json",
    ];
    let report = env.json(&args);
    for key in ["game", "games", "seed", "objective", "cards"] {
        assert!(report.get(key).is_some(), "no {key}: {report}");
    }
    assert_eq!(report["objective"]["key"], "mean_kill_turn");
    assert_eq!(report["objective"]["better"], "lower");
    let cards = report["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 14);
    for card in cards {
        for key in [
            "card",
            "copies",
            "opening_hand",
            "drawn",
            "not_seen",
            "remove_one",
        ] {
            assert!(card.get(key).is_some(), "no {key}: {card}");
        }
        for key in ["a", "b", "difference", "ci95", "significant"] {
            assert!(card["remove_one"].get(key).is_some(), "no {key}: {card}");
        }
        assert!(card["opening_hand"]["games"].is_u64());
    }
    // Most helpful first: removing the first card costs the most (lower is better).
    let d = |c: &Value| c["remove_one"]["difference"].as_f64().unwrap();
    assert!(cards.windows(2).all(|w| d(&w[0]) >= d(&w[1])));
    assert_eq!(env.json(&args), report);
}

#[test]
fn impact_text_is_a_table_with_the_objective_and_the_correction() {
    let env = Env::new();
    let out = env.ok(&[
        "goldfish",
        &sample(VANGUARD),
        "--impact",
        "--games",
        "300",
        "--seed",
        "1",
    ]);
    assert!(
        out.contains("Objective: Mean kill turn (lower is better)"),
        "{out}"
    );
    assert!(out.contains("Holm's correction over 14 cards"), "{out}");
    assert!(out.contains("Sandstorm Cover"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains(" to ")).count(),
        14,
        "{out}"
    );
}

#[test]
fn tune_swaps_through_legal_decks_and_writes_the_result_in_the_decks_format() {
    let env = Env::new();
    let out = env.path("tuned.txt");
    let report = env.json(&[
        "tune",
        &sample(VANGUARD),
        "--pool",
        "t:pilot",
        "--games",
        "1000",
        "--rounds",
        "2",
        "--seed",
        "7",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    for key in [
        "game",
        "seed",
        "objective",
        "start",
        "steps",
        "end",
        "deck",
        "legal",
    ] {
        assert!(report.get(key).is_some(), "no {key}: {report}");
    }
    assert_eq!(report["legal"], true);
    let steps = report["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "{report}");
    for step in steps {
        for key in ["out", "in", "difference", "ci95"] {
            assert!(step.get(key).is_some(), "no {key}: {step}");
        }
    }
    // The written deck reads back, is legal, and holds the swaps.
    let check = env.json(&["deck", "check", out.to_str().unwrap(), "--json"]);
    assert_eq!(check["legal"], true, "{check}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains(steps[0]["in"].as_str().unwrap()),
        "{written}"
    );
}

#[test]
fn tune_refuses_an_illegal_deck_and_bad_options_with_exit_2() {
    let env = Env::new();
    let illegal = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks/zoids-14-cards.txt")
        .display()
        .to_string();
    for (args, says) in [
        (
            vec!["tune", illegal.as_str(), "--games", "100"],
            "not legal",
        ),
        (vec!["tune", &sample(VANGUARD), "--games", "0"], "games"),
        (vec!["tune", &sample(VANGUARD), "--pool", "t:"], "t:"),
    ] {
        let output = env.run(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&output.stderr)
        );
        let err = text(&output.stderr);
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
