//! `deckhand goldfish` and `deckhand odds`: the built binary against a temporary database.

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

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks")
        .join(name)
        .display()
        .to_string()
}

const VANGUARD: &str = "zoids-scramble/republic-vanguard.txt";
const LEGION: &str = "zoids-scramble/crimson-legion-rush.txt";
const STARFALL: &str = "pr-acg/starfall-vanguard-hero.txt";

#[test]
fn goldfish_json_has_the_documented_shape_and_a_seed_repeats_it() {
    let env = Env::new();
    let args = [
        "goldfish",
        &sample(VANGUARD),
        "--games",
        "2000",
        "--seed",
        "42",
        "--json",
    ];
    let report = env.json(&args);
    assert_eq!(report, env.json(&[&args[..], &["--threads", "1"]].concat()));
    assert_eq!(report["game"], "zoids-scramble");
    assert_eq!(report["games"], 2000);
    assert_eq!(report["seed"], 42);
    assert_eq!(report["policy"], "default");
    assert_eq!(report["legal"], true);
    for seat in ["going_first", "going_second"] {
        let seat = &report[seat];
        assert_eq!(seat["games"], 2000);
        let kills: u64 = seat["kill_turns"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(kills, seat["wins"].as_u64().unwrap());
        assert!(seat["mean_kill_turn"].as_f64().unwrap() > 1.0);
        assert!(seat["first_attack_turns"].is_object());
    }
    // Coverage: every distinct card once, the counts adding up to the cards listed; a
    // Command whose effects the pilot plays is simulated.
    let coverage = &report["coverage"];
    assert_eq!(coverage["counted"], "distinct cards");
    assert_eq!(coverage["effects"], "all");
    let cards = coverage["cards"].as_array().unwrap();
    let counted: u64 = ["simulated", "partial", "no_effect", "not_simulated"]
        .iter()
        .map(|k| coverage[k].as_u64().unwrap())
        .sum();
    assert_eq!(counted, cards.len() as u64);
    let state = |name: &str| {
        cards
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["state"].clone())
    };
    assert_eq!(state("Supply Drop"), Some("simulated".into()));
    let keywords = env.json(&[&args[..], &["--effects", "keywords"]].concat());
    assert_eq!(keywords["coverage"]["effects"], "keywords");
    assert!(keywords["not_simulated"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "Supply Drop"));

    let pr = env.json(&[
        "goldfish",
        &sample(STARFALL),
        "--games",
        "500",
        "--seed",
        "1",
        "--json",
    ]);
    assert!(pr["going_first"]["damage_by_turn"].is_object());
    assert!(
        pr["going_second"]["summon_chance_by_turn"]["1"]
            .as_f64()
            .unwrap()
            > 0.5
    );
}

/// A partial card (Grandma Gigawatt: its Employ's Upgrade of "an Attachment's Character"
/// is not stated) is left out in part: the text must not call it "not simulated", in the
/// report or in the step-through. (Shard of Ruin, the example before, is simulated now.)
#[test]
fn the_text_names_partial_cards_as_left_out_in_part_not_as_not_simulated() {
    let env = Env::new();
    let deck = sample("sms/dojo-dawn-patrol.txt");
    let report = env.run(&["goldfish", &deck, "--games", "200", "--seed", "3"]);
    let step = env.run(&["goldfish", &deck, "--step", "--seed", "3"]);
    for output in [report, step] {
        let out = text(&output.stdout);
        assert!(
            out.contains("\nNot simulated, in whole or in part: Grandma Gigawatt\n"),
            "{out}"
        );
        assert!(!out.contains("Not simulated:"), "{out}");
        assert!(!out.contains("Not simulated ("), "{out}");
    }
}

/// Issue 32: a simulated card whose effects never resolved in the run is named in the text,
/// and `--json` carries every card's `fired_per_game` and `never_fired`. In Doom Lab Gambit
/// Doctor Dismal waits for a Mook in a discard pile the goldfish never fills, so it never
/// fires, while Professor Wormwood fires every turn.
#[test]
fn the_report_names_the_simulated_cards_that_never_fired() {
    let env = Env::new();
    let deck = sample("sms/doom-lab-gambit.txt");
    let output = env.run(&["goldfish", &deck, "--games", "300", "--seed", "42"]);
    let out = text(&output.stdout);
    let line = out
        .lines()
        .find(|l| l.starts_with("Never fired in these games"))
        .unwrap_or_else(|| panic!("no never-fired line in {out}"));
    assert!(line.contains("Doctor Dismal"), "{line}");
    assert!(!line.contains("Professor Wormwood"), "{line}");
    let json = env.json(&[
        "goldfish", &deck, "--games", "300", "--seed", "42", "--json",
    ]);
    let card = |name: &str| {
        json["coverage"]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {json}"))
            .clone()
    };
    assert!(
        card("Professor Wormwood")["fired_per_game"]
            .as_f64()
            .unwrap()
            > 1.0
    );
    assert_eq!(card("Professor Wormwood")["never_fired"], false);
    assert_eq!(card("Doctor Dismal")["fired_per_game"], 0.0);
    assert_eq!(card("Doctor Dismal")["never_fired"], true);
}

#[test]
fn goldfish_text_shows_the_kill_turns_of_both_seats_and_the_seed() {
    let env = Env::new();
    let output = env.run(&["goldfish", &sample(VANGUARD), "--games", "1000"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains(", seed "), "the random seed is printed: {out}");
    for needed in [
        "Going first:",
        "Going second:",
        "Mean kill turn: ",
        "Won on",
        "by then",
        "First attack",
        "Coverage (distinct cards, effects: all): ",
    ] {
        assert!(out.contains(needed), "{needed} in {out}");
    }
}

/// The five games' sample decks, each with what its goldfish needs besides the deck.
fn every_game() -> [(&'static str, Vec<String>); 5] {
    let with = |deck: &str, extra: &[&str]| {
        let mut args = vec![sample(deck)];
        args.extend(extra.iter().map(|a| a.to_string()));
        args
    };
    [
        ("zoids-scramble", with(VANGUARD, &[])),
        ("pr-acg", with(STARFALL, &[])),
        ("pr-dbg", with("pr-dbg/block-party.txt", &[])),
        (
            "pr-hotg",
            with(
                "pr-hotg/tide-and-horn-duo.txt",
                &["--enemies", "Gravel Grunt:2", "--enemies", "Clockjaw"],
            ),
        ),
        ("sms", with("sms/doom-lab-gambit.txt", &[])),
    ]
}

#[test]
fn the_text_of_every_game_shows_its_own_figures_with_its_objective_first() {
    let env = Env::new();
    // What each game's text must show, its objective first (table headers may wrap, so
    // single words stand for them); the three games where nobody acts against you show one
    // seat and say why.
    let cases: [(&str, &[&str]); 5] = [
        (
            "zoids-scramble",
            &["Mean kill turn: ", ", lower is better", "First attack"],
        ),
        ("pr-acg", &["Mean kill turn: ", "summon", "removed"]),
        (
            "pr-dbg",
            &[
                "Chance of a win: ",
                ", higher is better",
                "Mean kill turn: ",
                "Shards",
                "Energy",
                "bought",
                "taken",
                "dealt",
                "flipped",
                "Lost (HP 0) ",
            ],
        ),
        (
            "pr-hotg",
            &[
                "Every enemy card defeated: ",
                ", higher is better",
                "Hits dealt per battle: ",
                "Cards lost to defense per battle: ",
                "Battles lost ",
            ],
        ),
        (
            "sms",
            &[
                "Power on the Table at turn 5: ",
                ", higher is better",
                "deployed",
                "hand",
                "Power on the Table: at least this much Power by each turn",
                "Mulligans ",
            ],
        ),
    ];
    for ((game, args), (id, needed)) in every_game().into_iter().zip(cases) {
        assert_eq!(game, id);
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        args.splice(0..0, ["goldfish"]);
        args.extend(["--games", "2000", "--seed", "1"]);
        let out = env.ok(&args);
        // The headline first (the figure that answers "how does it do", and why), then
        // the objective.
        let mut indented = out.lines().filter(|l| l.starts_with("  "));
        let headline = indented.next().unwrap_or("");
        assert!(
            [
                " average kill turn. ",
                " of games won. ",
                " of battles won. ",
                ", on average. "
            ]
            .iter()
            .any(|label| headline.contains(label)),
            "{game}: the headline comes first, not {headline:?}"
        );
        let first_line = indented.next().unwrap_or("");
        assert!(
            first_line.starts_with(&format!("  {}", needed[0])),
            "{game}: the objective comes next, not {first_line:?}"
        );
        for needed in needed {
            assert!(out.contains(needed), "{game}: {needed:?} in\n{out}");
        }
        let alike = game != "zoids-scramble" && game != "pr-acg";
        assert_eq!(out.contains("Going second"), !alike, "{game}:\n{out}");
        assert_eq!(
            out.contains("seat does not matter"),
            alike,
            "{game}:\n{out}"
        );
        // One seat: the objective once.
        let objectives = out.matches(needed[0]).count();
        assert_eq!(objectives, if alike { 1 } else { 2 }, "{game}:\n{out}");
        // Every figure the report describes is named, word for word.
        args.push("--json");
        for figure in env.json(&args)["figures"].as_array().unwrap() {
            let label = figure["label"].as_str().unwrap();
            for word in label.split(' ') {
                assert!(out.contains(word), "{game}: {label:?} in\n{out}");
            }
        }
    }
}

#[test]
fn the_json_of_every_game_describes_figures_that_its_seats_carry() {
    let env = Env::new();
    for (game, args) in every_game() {
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        args.splice(0..0, ["goldfish"]);
        args.extend(["--games", "500", "--seed", "2", "--json"]);
        let report = env.json(&args);
        assert_eq!(report["game"], game);
        let figures = report["figures"].as_array().unwrap();
        assert!(figures.len() >= 3, "{game}: {figures:?}");
        let kinds = [
            "distribution",
            "by_turn",
            "chance_by_turn",
            "at_least_by_turn",
            "chance",
            "per_entity",
            "scalar",
            "count",
        ];
        for figure in figures {
            let key = figure["key"].as_str().unwrap();
            assert!(figure["label"].as_str().is_some_and(|l| !l.is_empty()));
            assert!(
                kinds.contains(&figure["kind"].as_str().unwrap()),
                "{figure}"
            );
            for seat in ["going_first", "going_second"] {
                assert!(
                    report[seat].get(key).is_some(),
                    "{game}: {seat} has no {key}"
                );
            }
        }
        let objective = &report["objective"];
        let key = objective["key"].as_str().unwrap();
        assert!(["lower", "higher"].contains(&objective["better"].as_str().unwrap()));
        let value = match objective["turn"].as_u64() {
            Some(turn) => &report["going_first"][key][turn.to_string()],
            None => &report["going_first"][key],
        };
        assert!(value.is_number() || value.is_null(), "{game}: {objective}");
        // The documented keys stay (docs/command-line.md, "JSON output (stable)").
        for key in ["games", "wins", "kill_turns", "deck_outs", "draws"] {
            assert!(report["going_first"].get(key).is_some(), "{game}: {key}");
        }
    }
}

#[test]
fn an_illegal_deck_still_plays_with_a_warning_and_a_too_small_one_exits_1() {
    let env = Env::new();
    let output = env.run(&[
        "goldfish",
        &fixture("zoids-14-cards.txt"),
        "--games",
        "200",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        text(&output.stderr).contains("is not legal"),
        "{}",
        text(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["legal"], false);
    assert!(!report["legality_errors"].as_array().unwrap().is_empty());

    let output = env.run(&["goldfish", &fixture("zoids-9-cards.txt"), "--games", "200"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("needs at least 10 cards"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn bad_goldfish_input_exits_2() {
    let env = Env::new();
    for args in [
        vec!["goldfish", &sample(VANGUARD), "--policy", "buy-first"],
        vec!["goldfish", &sample(VANGUARD), "--games", "0"],
        vec!["goldfish", &sample(VANGUARD), "--first"],
    ] {
        let output = env.run(&args.iter().map(|a| a.as_ref()).collect::<Vec<&str>>());
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}

/// Issue 16: `--games 1000000000000` ran for days. Exit 2 naming the option, before any
/// game is played (the unplayable deck comes first: before the bound it got as far as the
/// deck and exited 1).
#[test]
fn too_many_games_exit_2_naming_the_option_before_playing() {
    let env = Env::new();
    let unplayable = fixture("zoids-9-cards.txt");
    let vanguard = sample(VANGUARD);
    let legion = sample(LEGION);
    let cases = [
        vec![unplayable.as_str()],
        vec![vanguard.as_str()],
        vec![vanguard.as_str(), "--against", legion.as_str()],
    ];
    for deck in cases {
        let mut args = vec!["goldfish", "--games", "1000000000000"];
        args.extend_from_slice(&deck);
        let output = env.run(&args);
        assert_eq!(output.status.code(), Some(2), "{deck:?}");
        assert_eq!(
            text(&output.stderr).trim_end(),
            "deckhand: error: games: 1000000000000 is out of range: a run plays 1 to 100000000 \
             (100 million) games from each seat",
            "{deck:?}"
        );
    }
}

/// Issue 16: `--threads 10000` started ten thousand threads. The run uses the cores, says
/// so once, and gives the same report.
#[test]
fn more_threads_than_cores_use_the_cores_and_say_so_once() {
    let env = Env::new();
    let run = |threads: &str| {
        env.run(&[
            "goldfish",
            &sample(VANGUARD),
            "--games",
            "5000",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ])
    };
    let many = run("10000");
    assert!(many.status.success(), "{}", text(&many.stderr));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(
        text(&many.stderr),
        format!(
            "deckhand: warning: --threads 10000: this machine has {cores} cores; using {cores}\n"
        )
    );
    let one = run("1");
    assert_eq!(text(&one.stderr), "");
    assert_eq!(text(&many.stdout), text(&one.stdout));
}

#[test]
fn step_plays_one_game_to_its_end_turn_by_turn() {
    let env = Env::new();
    let log = env.json(&[
        "goldfish",
        &sample(VANGUARD),
        "--step",
        "--second",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(log["going_first"], false);
    let turns = log["turns"].as_array().unwrap();
    assert_eq!(turns[0]["turn"], 0);
    assert_eq!(
        turns.len() as u64,
        log["result"]["turn"].as_u64().unwrap() + 1
    );
    assert!(turns[1]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .any(|z| z["id"] == "arena"));

    let output = env.run(&["goldfish", &sample(VANGUARD), "--step", "--seed", "3"]);
    let out = text(&output.stdout);
    assert!(
        out.contains("Setup") && out.contains("Turn 1") && out.contains("Result: "),
        "{out}"
    );
    assert!(
        out.contains("No battle: the first player skips the Battle phase"),
        "{out}"
    );
}

#[test]
fn against_and_versions_compare_two_decks_on_the_same_random_numbers() {
    let env = Env::new();
    let comparison = env.json(&[
        "goldfish",
        &sample(VANGUARD),
        "--against",
        &sample(LEGION),
        "--games",
        "2000",
        "--seed",
        "5",
        "--json",
    ]);
    let kill = &comparison["going_first"]["mean_kill_turn"];
    assert!(kill["difference"].is_f64() && kill["significant"].is_boolean());
    assert_eq!(comparison["a"]["game"], "zoids-scramble");

    env.json(&[
        "deck",
        "import",
        &sample(VANGUARD),
        "--name",
        "Vanguard",
        "--json",
    ]);
    env.json(&[
        "deck",
        "import",
        &sample(LEGION),
        "--into",
        "Vanguard",
        "--json",
    ]);
    let versions = env.json(&[
        "goldfish",
        "--deck",
        "Vanguard",
        "--versions",
        "1",
        "2",
        "--games",
        "2000",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(versions["going_first"], comparison["going_first"]);
    let output = env.run(&[
        "goldfish",
        "--deck",
        "Vanguard",
        "--versions",
        "1",
        "2",
        "--games",
        "500",
    ]);
    let out = text(&output.stdout);
    assert!(
        out.contains("A: Vanguard v1") && out.contains("B: Vanguard v2") && out.contains("B − A"),
        "{out}"
    );
}

#[test]
fn odds_gives_the_exact_chance_by_turn_for_one_query_or_two() {
    let env = Env::new();
    let table = env.json(&[
        "odds",
        &sample(VANGUARD),
        "t:pilot",
        "--turns",
        "3",
        "--json",
    ]);
    assert_eq!(table["deck_size"], 40);
    assert_eq!(table["queries"][0]["matching"], 12);
    // 12 Pilots in 40 cards, 6 seen in the opening: 1 − C(28,6)/C(40,6).
    let none: f64 = (0..6)
        .map(|i| (28.0 - i as f64) / (40.0 - i as f64))
        .product();
    let open = table["rows"][0]["going_first"].as_f64().unwrap();
    assert!((open - (1.0 - none)).abs() < 1e-9, "{open}");
    assert_eq!(table["rows"][3]["seen"], 9);

    let both = env.json(&[
        "odds",
        &sample(VANGUARD),
        "t:pilot",
        "--and",
        "t:zoid attack_energy<=0",
        "--json",
    ]);
    assert_eq!(both["queries"][1]["matching"], 7);
    assert!(both["rows"][0]["going_first"].as_f64().unwrap() < open);

    let output = env.run(&["odds", &sample(VANGUARD), "t:pilot", "--at-least", "2"]);
    assert!(
        text(&output.stdout).contains("GOING FIRST"),
        "{}",
        text(&output.stderr)
    );
    let output = env.run(&["odds", &sample(VANGUARD), "power>>"]);
    assert_eq!(output.status.code(), Some(2));
}

/// Every game has odds, dealt as its definition's `[play]` table says: a Showdown hand of 8
/// and no draw a turn (filling the hand is an action), a Heroes of the Grid hand of 5.
#[test]
fn odds_work_for_every_game_as_its_definition_deals() {
    let env = Env::new();
    for (deck, query, hand, later) in [
        ("sms/doom-lab-gambit.txt", "t:ally", 8, 8),
        ("pr-hotg/tide-and-horn-duo.txt", "energy_cost<=1", 5, 5),
        ("pr-dbg/block-party.txt", "t:hero", 5, 15),
        ("pr-acg/eclipse-horde-villain.txt", "damage>=2", 5, 9),
    ] {
        let table = env.json(&["odds", &sample(deck), query, "--turns", "2", "--json"]);
        let seen: Vec<u64> = table["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["seen"].as_u64().unwrap())
            .collect();
        assert_eq!(seen[0], hand, "{deck}: {table}");
        assert_eq!(
            seen[2],
            later.min(table["deck_size"].as_u64().unwrap()),
            "{deck}"
        );
        assert!(
            table["queries"][0]["matching"].as_u64().unwrap() > 0,
            "{deck}: {query} matches"
        );
    }
}
