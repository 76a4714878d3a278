use super::*;

fn deckhand() -> Deckhand {
    Deckhand::open_in_memory().unwrap()
}

const NADIA_GRID: &str = "# game: pr-dbg\nCharacter\n1 Nadia Okonkwo\nMain\n2 Rookie Cadet Ames\n2 Cinder Imp\n2 Arc Baton\n2 Rolling Strike\n2 Prism Visor\n2 Hexmoth\n";

#[test]
fn a_random_seed_is_six_digits_at_most_and_differs_between_runs() {
    let seeds: std::collections::BTreeSet<u64> = (0..50).map(|_| random_seed()).collect();
    assert!(seeds.iter().all(|&s| s < RANDOM_SEEDS), "{seeds:?}");
    assert!(seeds.len() > 40, "{} distinct seeds of 50", seeds.len());
}

#[test]
fn a_pr_dbg_deck_without_a_starter_plays_the_rules_starter_for_its_side() {
    let deckhand = deckhand();
    let deck = deckhand
        .read_deck_text("grid.txt", NADIA_GRID, None, None)
        .unwrap();
    let playable = deckhand.playable(deck).unwrap();
    let starter = |side: Option<Side>| -> Vec<(u32, String)> {
        let deck = playable.deck_for(side);
        let mut lines: Vec<(u32, String)> = deck
            .entries
            .iter()
            .filter(|e| e.section == "starter")
            .map(|e| (e.count, e.card.name.clone()))
            .collect();
        lines.sort();
        lines
    };
    let names = |list: &[(u32, &str)]| {
        let mut lines: Vec<(u32, String)> = list.iter().map(|&(c, n)| (c, n.to_owned())).collect();
        lines.sort();
        lines
    };
    // Nadia is a Hero: her deck plays the Hero starter unless a run asks for Villain.
    assert_eq!(
        starter(None),
        names(&[
            (7, "Teamwork"),
            (1, "Attitude"),
            (1, "Power Coin"),
            (1, "Recovery")
        ])
    );
    assert_eq!(
        starter(Some(Side::Villain)),
        names(&[
            (7, "Mayhem"),
            (1, "Disposable"),
            (1, "Putty Clay"),
            (1, "Rebuild")
        ])
    );
    let options = SimOptions {
        games: 300,
        seed: 1,
        threads: 1,
        policy: Some("battle-first".into()),
        ..SimOptions::default()
    };
    let report = playable.simulate(&options, &mut |_| true).unwrap();
    assert_eq!(report.policy, "battle-first");
    assert!(report.going_first.counts("flip_turns").is_some());
}

#[test]
fn enemy_line_ups_are_found_by_enemy_deck_name_with_their_figures() {
    let deckhand = deckhand();
    let lineup = deckhand
        .enemy_lineup("pr-hotg", &[("gravel grunt", 3), ("Empress Noxara", 1)])
        .unwrap();
    let summary: Vec<(&str, usize, u32)> = lineup
        .iter()
        .map(|g| (g.name.as_str(), g.cards.len(), g.figures))
        .collect();
    assert_eq!(summary, [("Gravel Grunt", 5, 3), ("Empress Noxara", 8, 1)]);
    let err = deckhand
        .enemy_lineup("pr-hotg", &[("Gravel", 2)])
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("no enemy deck named 'Gravel'; did you mean 'Gravel Grunt'?"),
        "{err}"
    );
    let decks = deckhand.enemy_decks("pr-hotg").unwrap();
    let kinds: Vec<(&str, &str)> = decks
        .iter()
        .map(|d| (d.name.as_str(), d.kind.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("Clockjaw", "Monster"),
            ("Empress Noxara", "Boss"),
            ("Gravel Grunt", "Foot Soldier"),
            ("Scrap Hound", "Foot Soldier"),
            ("Static Wraith", "Foot Soldier"),
            ("Vexmoth", "Monster")
        ]
    );
    let deck = deckhand
        .read_deck_text(
            "falcon.txt",
            crate::bundled::DECK_FILES
                .iter()
                .find(|f| f.path.ends_with("crimson-falcon-skystrike.txt"))
                .unwrap()
                .text,
            None,
            None,
        )
        .unwrap();
    let options = SimOptions {
        games: 300,
        seed: 1,
        threads: 1,
        game: GameOptions {
            enemies: lineup,
            die_faces: Some(parse_die_faces("1, 1, 2").unwrap()),
            mulligan: None,
        },
        ..SimOptions::default()
    };
    let report = deckhand
        .playable(deck)
        .unwrap()
        .simulate(&options, &mut |_| true)
        .unwrap();
    assert!(report.going_first.scalar("hits_per_battle").unwrap() > 0.0);
}

#[test]
fn a_heroes_of_the_grid_run_given_no_line_up_battles_the_definitions_default() {
    let deckhand = deckhand();
    let summary = deckhand
        .game_summaries()
        .unwrap()
        .into_iter()
        .find(|g| g.id == "pr-hotg")
        .unwrap();
    let picks: Vec<(&str, u32)> = summary
        .goldfish_enemies
        .iter()
        .map(|p| (p.name.as_str(), p.figures))
        .collect();
    assert_eq!(picks, [("Scrap Hound", 2)]);
    assert_eq!(
        summary.goldfish_max_foot_figures,
        deckhand_core::MAX_FOOT_FIGURES
    );
    let text = crate::bundled::DECK_FILES
        .iter()
        .find(|f| f.path.ends_with("jade-mantis-precision.txt"))
        .unwrap()
        .text;
    let deck = deckhand
        .read_deck_text("jade.txt", text, None, None)
        .unwrap();
    let playable = deckhand.playable(deck).unwrap();
    let options = SimOptions {
        games: 400,
        seed: 3,
        threads: 1,
        ..SimOptions::default()
    };
    let report = playable.simulate(&options, &mut |_| true).unwrap();
    let chance = report.going_first.scalar("all_defeated_chance").unwrap();
    assert!(0.0 < chance && chance < 1.0, "{chance}");
    let named = SimOptions {
        game: GameOptions::lineup(deckhand.enemy_lineup("pr-hotg", &picks).unwrap()),
        ..options
    };
    assert_eq!(playable.simulate(&named, &mut |_| true).unwrap(), report);
    let log = playable.step(&StepOptions::default()).unwrap();
    let row = log.turns[0]
        .zones
        .iter()
        .find(|z| z.id == "bottom_row")
        .unwrap();
    assert_eq!(row.cards.len(), 2, "two Scrap Hound figures");
}

#[test]
fn enemy_picks_and_die_faces_are_read_from_their_option_text() {
    let picks = [
        ("Putty Patrollers:3", Ok(("Putty Patrollers".to_owned(), 3))),
        ("Goldar", Ok(("Goldar".to_owned(), 1))),
        (
            " Rita Repulsa (VP3) : 2 ",
            Ok(("Rita Repulsa (VP3)".to_owned(), 2)),
        ),
        ("Putties:x", Err("'x' is not a number of figures")),
        (":3", Err("an enemy needs a name")),
    ];
    for (text, expected) in picks {
        let got = parse_enemy_pick(text).map_err(|e| e.to_string());
        match expected {
            Ok(pick) => assert_eq!(got.unwrap(), pick, "{text}"),
            Err(message) => assert!(got.unwrap_err().contains(message), "{text}"),
        }
    }
    assert_eq!(parse_die_faces("0,0,1,1,1,2").unwrap(), [0, 0, 1, 1, 1, 2]);
    for (text, message) in [
        ("0,a", "'a' is not a number of hits"),
        ("1,12", "not 12"),
        ("", "'' is not a number"),
    ] {
        let err = parse_die_faces(text).unwrap_err().to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
}

/// The app's From here gets the refusal as `{code, message}`: the bound on an
/// estimate's games holds for it as for the command line.
#[test]
fn an_estimate_past_its_bound_on_games_is_refused_as_invalid_input() {
    let deckhand = deckhand();
    let deck = deckhand
        .read_deck_text(
            "vanguard.txt",
            crate::bundled::DECK_FILES
                .iter()
                .find(|f| f.path.ends_with("republic-vanguard.txt"))
                .unwrap()
                .text,
            None,
            None,
        )
        .unwrap();
    let options = PlayOptions {
        step: StepOptions {
            seed: 7,
            going_first: true,
            ..StepOptions::default()
        },
        ..PlayOptions::default()
    };
    let err = deckhand
        .playable(deck)
        .unwrap()
        .from_here(&options, MAX_CONTINUATIONS, true)
        .unwrap_err();
    assert_eq!(err.code(), "invalid_input");
    let message = err.user_message();
    assert!(
        message.starts_with("an estimate plays at most 1000000 games: ") && !message.contains('\n'),
        "{message}"
    );
}
