//! `deckhand play`: a game played by hand from the shell, the built binary against a
//! temporary database.

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

/// Every game's first sample deck.
const SAMPLES: [&str; 5] = [
    "zoids-scramble/republic-vanguard.txt",
    "pr-acg/starfall-vanguard-hero.txt",
    "pr-dbg/block-party.txt",
    "pr-hotg/tide-and-horn-duo.txt",
    "sms/doom-lab-gambit.txt",
];

fn play(env: &Env, deck: &str, seed: &str, picks: &[u32], rest: bool) -> Value {
    let deck = sample(deck);
    let mut args = vec!["play", &deck, "--seed", seed, "--json"];
    let picks: Vec<String> = picks.iter().map(|p| p.to_string()).collect();
    for pick in &picks {
        args.extend(["--pick", pick]);
    }
    if rest {
        args.push("--pilot-rest");
    }
    env.json(&args)
}

#[test]
fn a_hand_is_played_pick_by_pick_in_every_game_and_the_pilot_can_finish_it() {
    let env = Env::new();
    for deck in SAMPLES {
        let mut picks = Vec::new();
        // Three decisions by hand: the pilot's pick, then its last option, then the first.
        for turn in 0..3 {
            let state = play(&env, deck, "11", &picks, false);
            let decision = &state["decision"];
            assert!(decision.is_object(), "{deck}: a decision waits: {state}");
            assert_eq!(decision["index"], picks.len() as u64, "{deck}");
            assert!(!decision["prompt"].as_str().unwrap().is_empty());
            let options = decision["options"].as_array().unwrap();
            assert!(options.len() > 1, "{deck}: {decision}");
            assert!(options
                .iter()
                .enumerate()
                .all(|(i, o)| o["index"] == i as u64 && !o["label"].as_str().unwrap().is_empty()));
            assert!(!decision["pilot"]["reason"].as_str().unwrap().is_empty());
            assert!(
                !state["zones"].as_array().unwrap().is_empty(),
                "{deck}: the board"
            );
            assert_eq!(state["result"], Value::Null);
            let pilot = decision["pilot"]["index"].as_u64().unwrap() as u32;
            picks.push(match turn {
                0 => pilot,
                1 => options.len() as u32 - 1,
                _ => 0,
            });
        }
        let done = play(&env, deck, "11", &picks, true);
        assert_eq!(done["decision"], Value::Null, "{deck}");
        assert!(done["result"]["outcome"].is_string(), "{deck}: {done}");
        let replayed: Vec<u32> = done["picks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(&replayed[..3], &picks[..], "{deck}: the game kept my picks");
        // The whole game's picks replayed without the pilot give the same end.
        let again = play(&env, deck, "11", &replayed, false);
        assert_eq!(again["result"], done["result"], "{deck}");
    }
}

#[test]
fn the_pilots_picks_played_by_hand_reproduce_the_step_through() {
    let env = Env::new();
    let deck = sample(SAMPLES[0]);
    let step = env.json(&["goldfish", &deck, "--step", "--seed", "4", "--json"]);
    let choices: Vec<&Value> = step["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["decisions"].as_array().unwrap())
        .filter(|d| d["kind"].is_string())
        .collect();
    assert!(!choices.is_empty());
    for choice in &choices {
        let options = choice["options"].as_array().unwrap();
        assert!(choice["pick"].as_u64().unwrap() < options.len() as u64);
        assert!(!choice["reason"].as_str().unwrap().is_empty());
    }
    let picks: Vec<u32> = choices
        .iter()
        .map(|c| c["pick"].as_u64().unwrap() as u32)
        .collect();
    let played = play(&env, SAMPLES[0], "4", &picks, false);
    assert_eq!(played["result"], step["result"]);
    assert_eq!(played["log"], step["turns"]);
}

#[test]
fn the_text_numbers_the_options_and_marks_the_pilots_pick() {
    let env = Env::new();
    let output = env.run(&["play", &sample(SAMPLES[0]), "--seed", "7"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(
        out.contains("Decision #0: Which card do you put into play?"),
        "{out}"
    );
    assert!(
        out.contains("   0  Set Dawnmane Liger in Standby  ← the pilot's pick"),
        "{out}"
    );
    assert!(out.contains("The pilot would pick 0: "), "{out}");
    assert!(out.contains("Go on with: --pick K"), "{out}");
}

#[test]
fn a_pick_out_of_range_exits_2_naming_the_decision() {
    let env = Env::new();
    let output = env.run(&["play", &sample(SAMPLES[0]), "--seed", "7", "--pick", "9"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "deckhand: error: pick 9 at decision 0 is out of range: that decision has 3 options (0 to 2)\n"
    );
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn from_here_gives_the_distribution_beside_the_decks_in_json_and_text() {
    let env = Env::new();
    for deck in [SAMPLES[0], SAMPLES[4]] {
        let path = sample(deck);
        let args = ["play", &path, "--seed", "7", "--from-here", "300"];
        let json = env.json(&[&args[..], &["--json"]].concat());
        let estimate = &json["from_here"];
        let d = &estimate["distribution"];
        for side in ["here", "deck"] {
            let outcomes = &d[side];
            let counted: u64 = outcomes["counts"]
                .as_object()
                .unwrap()
                .values()
                .map(|c| c.as_u64().unwrap())
                .sum();
            assert_eq!(outcomes["games"], 300, "{deck} {side}: {outcomes}");
            assert_eq!(counted + outcomes["none"].as_u64().unwrap(), 300, "{deck}");
        }
        let output = env.run(&args);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let out = text(&output.stdout);
        match d["figure"]["kind"].as_str().unwrap() {
            "distribution" => {
                assert!(
                    out.contains("  Won by turn:\n    from here  by turn "),
                    "{out}"
                );
                assert!(out.contains(" · not won: "), "{out}");
            }
            kind => {
                assert_eq!(kind, "at_least_by_turn", "{deck}");
                assert!(
                    out.contains("  Power on the Table at turn 5, at least:\n    from here  "),
                    "{out}"
                );
                assert!(out.contains(" Power: 100.0 %"), "{out}");
            }
        }
        assert!(out.contains("\n    the deck   "), "{out}");
    }
}

#[test]
fn picks_past_the_games_end_are_not_echoed_and_are_said_once_to_be_unused() {
    let env = Env::new();
    let deck = sample(SAMPLES[0]);
    let done = play(&env, SAMPLES[0], "11", &[], true);
    let taken: Vec<u64> = done["picks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    let given: Vec<String> = taken.iter().chain(&[0, 2]).map(|p| p.to_string()).collect();
    let mut args = vec!["play", deck.as_str(), "--seed", "11"];
    for pick in &given {
        args.extend(["--pick", pick]);
    }
    let warning = format!(
        "deckhand: warning: 2 picks were left unused: the game ended after {} decision(s)\n",
        taken.len()
    );
    let output = env.run(&[&args[..], &["--json"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stderr), warning);
    let json: Value = serde_json::from_str(&text(&output.stdout)).unwrap();
    assert_eq!(json["picks"], done["picks"], "only the picks applied");
    assert_eq!(json["result"], done["result"]);
    let output = env.run(&args);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stderr), warning, "said once");
    assert!(text(&output.stdout).contains(&format!("{} pick(s) so far", taken.len())));
    // Every pick taken: nothing to say.
    let output = env.run(&args[..args.len() - 4]);
    assert_eq!(text(&output.stderr), "");
}

#[test]
fn an_estimate_past_a_million_games_in_all_exits_2_naming_the_limit() {
    let env = Env::new();
    let deck = sample(SAMPLES[0]);
    let output = env.run(&["play", &deck, "--seed", "7", "--compare", "300000"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "deckhand: error: an estimate plays at most 1000000 games: 300000 continuations for the \
         decision and each of its 3 options make 1200000; ask for at most 250000\n"
    );
    assert_eq!(text(&output.stdout), "");
}

/// P(at least k of `matching` among `pool` cards, `drawn` drawn), by the sum of products.
fn hypergeometric_at_least(pool: u64, matching: u64, drawn: u64, k: u64) -> f64 {
    let choose = |n: u64, r: u64| -> f64 {
        if r > n {
            return 0.0;
        }
        (0..r).map(|i| (n - i) as f64 / (i + 1) as f64).product()
    };
    (k..=matching.min(drawn))
        .map(|x| choose(matching, x) * choose(pool - matching, drawn - x) / choose(pool, drawn))
        .sum()
}

#[test]
fn odds_from_here_count_the_cards_seen_on_the_board_and_print_the_same_figures_as_text() {
    let env = Env::new();
    let path = sample(SAMPLES[0]);
    let args = [
        "play",
        &path,
        "--seed",
        "7",
        "--pick",
        "0",
        "--odds",
        "t:pilot",
        "--at-least",
        "2",
        "--by-turn",
        "4",
    ];
    let json = env.json(&[&args[..], &["--json"]].concat());
    let odds = &json["odds"];
    assert_eq!(odds["query"], "t:pilot");
    // Republic Vanguard holds 12 Pilots; the ones face up on the board are seen.
    let pilots: Vec<String> = odds["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().split_once(' ').unwrap().1.to_owned())
        .collect();
    let mut face_up = 0;
    for zone in json["zones"].as_array().unwrap() {
        if zone["owner"] != "you" {
            continue;
        }
        for card in zone["cards"].as_array().into_iter().flatten() {
            let names = std::iter::once(&card["name"]).chain(
                card["attached"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|a| &a["name"]),
            );
            face_up += names
                .filter(|n| pilots.iter().any(|p| p == n.as_str().unwrap()))
                .count();
        }
    }
    assert_eq!(odds["matching"], 12);
    assert_eq!(odds["matching_seen"], face_up as u64, "{json}");
    assert_eq!(odds["matching_unseen"], 12 - face_up as u64);
    let turn = json["turn"].as_u64().unwrap();
    let rows = odds["rows"].as_array().unwrap();
    assert_eq!(rows.len() as u64, 4 - turn);
    let pool = odds["unseen"].as_u64().unwrap();
    let output = env.run(&args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    for (i, row) in rows.iter().enumerate() {
        let drawn = row["drawn"].as_u64().unwrap();
        assert_eq!(drawn, i as u64 + 1, "Zoids Scramble draws one a turn");
        let chance = row["chance"].as_f64().unwrap();
        let by_hand = hypergeometric_at_least(pool, 12 - face_up as u64, drawn, 2);
        assert!(
            (chance - by_hand).abs() < 1e-9,
            "{chance} against {by_hand}"
        );
        let line = format!(
            "    turn {:>2}  {:>2} drawn  {:>5.1} %",
            row["turn"].as_u64().unwrap(),
            drawn,
            100.0 * chance
        );
        assert!(out.contains(&line), "{line:?} not in\n{out}");
    }
    assert!(out.contains("\nOdds from here: t:pilot ("), "{out}");
}

#[test]
fn odds_from_here_with_a_bad_query_exit_2_and_print_no_game() {
    let env = Env::new();
    let path = sample(SAMPLES[0]);
    let output = env.run(&["play", &path, "--seed", "7", "--odds", "power>>"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with("deckhand: error: "),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(text(&output.stdout), "");
    let output = env.run(&[
        "play",
        &path,
        "--seed",
        "7",
        "--odds",
        "t:pilot",
        "--by-turn",
        "0",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("later turn"),
        "{}",
        text(&output.stderr)
    );
}

/// Block Party, seed 1: at its first Ability, Robotics Whiz Wren is in a slot and in The
/// Grid. The decision is about the Character's zone, so the option names the slot's card and
/// a click on The Grid's copy offers nothing.
#[test]
fn an_ability_option_names_the_card_in_the_characters_slot_not_its_copy_in_the_grid() {
    let env = Env::new();
    let mut picks = Vec::new();
    let mut state = play(&env, "pr-dbg/block-party.txt", "1", &picks, false);
    while state["decision"]["kind"] != "activate" {
        picks.push(state["decision"]["pilot"]["index"].as_u64().unwrap() as u32);
        assert!(picks.len() < 40, "no Ability decision by pick 40");
        state = play(&env, "pr-dbg/block-party.txt", "1", &picks, false);
    }
    let names = |zone: &str| -> Vec<String> {
        let zone = state["zones"]
            .as_array()
            .unwrap()
            .iter()
            .find(|z| z["id"] == zone)
            .unwrap();
        let cards = zone["cards"].as_array().unwrap();
        let attached = cards
            .iter()
            .flat_map(|c| c["attached"].as_array().into_iter().flatten());
        cards
            .iter()
            .map(|c| &c["name"])
            .chain(attached.map(|a| &a["name"]))
            .map(|n| n.as_str().unwrap().to_owned())
            .collect()
    };
    let wren = "Robotics Whiz Wren".to_owned();
    assert!(names("grid").contains(&wren) && names("character").contains(&wren));
    assert_eq!(state["decision"]["zones"], serde_json::json!(["character"]));
    let option = &state["decision"]["options"][0];
    assert_eq!(option["label"], "Activate Robotics Whiz Wren for 1 Energy");
    assert_eq!(option["cards"], serde_json::json!(["Robotics Whiz Wren"]));
}
