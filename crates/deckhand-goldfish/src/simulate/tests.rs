//! Whole games and whole runs: determinism across threads, the step-through replaying the
//! Monte Carlo, the report's JSON shape, and the invariant that no card is ever created or
//! lost.

use proptest::prelude::*;

use super::*;
use crate::log::Outcome;
use crate::registry::{simulate, step};
use crate::testing;
use crate::{pr_acg::PrAcg, pr_dbg::PrDbg, pr_hotg::PrHotg, sms::Sms, zoids::Zoids};

const ZOIDS: &str = "zoids-scramble";
const PR: &str = "pr-acg";

fn options(games: u64, seed: u64, threads: usize) -> SimOptions {
    SimOptions {
        games,
        seed,
        threads,
        ..SimOptions::default()
    }
}

fn run(game_id: &str, deck_text: &str, options: &SimOptions) -> SimReport {
    let game = testing::game(game_id);
    let deck = testing::sample_deck(game_id, deck_text);
    simulate(&game, &deck, options, &mut |_| true).unwrap()
}

#[test]
fn a_fixed_seed_gives_the_same_report_on_one_two_or_three_threads() {
    for (game, deck) in [
        (ZOIDS, testing::REPUBLIC_VANGUARD),
        (PR, testing::ECLIPSE_HORDE),
    ] {
        let one = run(game, deck, &options(5_000, 42, 1));
        assert_eq!(one, run(game, deck, &options(5_000, 42, 2)), "{game}");
        assert_eq!(one, run(game, deck, &options(5_000, 42, 3)), "{game}");
        assert_ne!(one, run(game, deck, &options(5_000, 43, 2)), "{game}");
    }
}

#[test]
fn every_game_ends_in_exactly_one_way() {
    for (game, deck) in [
        (ZOIDS, testing::REPUBLIC_VANGUARD),
        (ZOIDS, testing::CRIMSON_LEGION),
        (ZOIDS, testing::SHELLBACK_SKYGUARD),
        (PR, testing::STARFALL_VANGUARD),
        (PR, testing::ECLIPSE_HORDE),
    ] {
        let report = run(game, deck, &options(3_000, 7, 2));
        for seat in [&report.going_first, &report.going_second] {
            assert_eq!(seat.games, 3_000);
            assert_eq!(
                seat.wins + seat.deck_outs + seat.draws,
                seat.games,
                "{game}"
            );
            assert_eq!(seat.kill_turns.values().sum::<u64>(), seat.wins, "{game}");
            assert_eq!(
                seat.draws, 0,
                "{game}: decks never empty at the same moment"
            );
            let mean = seat.mean_kill_turn.unwrap();
            let [lo, hi] = seat.mean_kill_turn_ci95.unwrap();
            assert!(lo < mean && mean < hi, "{game}");
        }
    }
}

#[test]
fn going_second_kills_sooner_in_zoids_because_its_first_turn_has_a_battle() {
    let report = run(ZOIDS, testing::CRIMSON_LEGION, &options(20_000, 1, 2));
    let first = report.going_first.mean_kill_turn.unwrap();
    let second = report.going_second.mean_kill_turn.unwrap();
    assert!(second < first, "first {first}, second {second}");
}

#[test]
fn the_step_through_replays_game_zero_of_the_same_seed() {
    for (game_id, deck_text) in [
        (ZOIDS, testing::REPUBLIC_VANGUARD),
        (PR, testing::STARFALL_VANGUARD),
    ] {
        let game = testing::game(game_id);
        let deck = testing::sample_deck(game_id, deck_text);
        for seed in 0..20 {
            let report = simulate(&game, &deck, &options(1, seed, 1), &mut |_| true).unwrap();
            for (going_first, seat) in [(true, &report.going_first), (false, &report.going_second)]
            {
                let step = StepOptions {
                    seed,
                    going_first,
                    ..StepOptions::default()
                };
                let log = crate::step(&game, &deck, &step).unwrap();
                let simulated = match seat.kill_turns.iter().next() {
                    Some((&turn, _)) => (Outcome::Win, turn),
                    None => (Outcome::DeckOut, log.result.turn),
                };
                assert_eq!(
                    (log.result.outcome, log.result.turn),
                    simulated,
                    "{game_id} seed {seed}"
                );
                assert_eq!(log.turns.len() as u32, log.result.turn + 1);
                assert_eq!(
                    log.turns.last().unwrap().decisions.last().unwrap().action,
                    crate::Action::End
                );
            }
        }
    }
}

#[test]
fn a_zoids_step_through_shows_the_opening_and_the_zones() {
    let game = testing::game(ZOIDS);
    let deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    let log = crate::step(
        &game,
        &deck,
        &StepOptions {
            seed: 5,
            going_first: true,
            ..StepOptions::default()
        },
    )
    .unwrap();
    let opening = &log.turns[0];
    assert_eq!(opening.draws.len(), 6);
    let zone = |turn: &crate::TurnLog, id: &str, owner: crate::Owner| {
        turn.zones
            .iter()
            .find(|z| z.id == id && z.owner == owner)
            .unwrap()
            .clone()
    };
    assert_eq!(zone(opening, "base", crate::Owner::You).hidden, 4);
    assert_eq!(zone(opening, "deck", crate::Owner::You).hidden, 30);
    assert_eq!(zone(opening, "base", crate::Owner::Opponent).hidden, 4);
    assert!(log.turns[1]
        .decisions
        .iter()
        .any(|d| d.text.starts_with("No battle")));
    let json = serde_json::to_value(&log).unwrap();
    assert_eq!(serde_json::from_value::<GameLog>(json).unwrap(), log);
}

#[test]
fn the_report_serialises_to_the_documented_json_shape() {
    let keys = |value: &serde_json::Value| -> Vec<String> {
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    let common = [
        "deck_outs",
        "draws",
        "games",
        "headline",
        "kill_turns",
        "mean_kill_turn",
        "mean_kill_turn_ci95",
        "median_kill_turn",
        "win_chance",
        "wins",
    ];
    for (game, deck, own) in [
        (
            ZOIDS,
            testing::REPUBLIC_VANGUARD,
            vec!["first_attack_turns"],
        ),
        (
            PR,
            testing::STARFALL_VANGUARD,
            vec!["damage_by_turn", "summon_chance_by_turn"],
        ),
    ] {
        let report = run(game, deck, &options(500, 42, 1));
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            keys(&json),
            [
                "coverage",
                "figures",
                "game",
                "games",
                "going_first",
                "going_second",
                "not_simulated",
                "objective",
                "policy",
                "seed"
            ]
        );
        let mut seat_keys: Vec<String> = common.iter().chain(&own).map(|k| k.to_string()).collect();
        seat_keys.sort();
        assert_eq!(keys(&json["going_first"]), seat_keys, "{game}");
        assert_eq!(keys(&json["going_second"]), seat_keys, "{game}");
        assert_eq!(json["policy"], "default");
        assert!(json["going_first"]["kill_turns"]
            .as_object()
            .unwrap()
            .keys()
            .all(|k| k.parse::<u32>().is_ok()));
        assert_eq!(
            serde_json::from_value::<SimReport>(json).unwrap(),
            report,
            "{game}"
        );
    }
}

#[test]
fn progress_counts_up_to_the_games_and_false_cancels() {
    let game = testing::game(ZOIDS);
    let deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    for threads in [1, 2] {
        let mut seen = Vec::new();
        simulate(&game, &deck, &options(5_000, 1, threads), &mut |done| {
            seen.push(done);
            true
        })
        .unwrap();
        assert!(
            seen.windows(2).all(|w| w[0] < w[1]) && seen.last() == Some(&5_000),
            "{seen:?}"
        );
        let cancelled = simulate(&game, &deck, &options(50_000, 1, threads), &mut |_| false);
        assert_eq!(cancelled, Err(GoldfishError::Cancelled));
    }
}

#[test]
fn bad_requests_are_errors_with_reasons() {
    let zoids = testing::game(ZOIDS);
    let pr = testing::game(PR);
    let zoids_deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    let err = simulate(&pr, &zoids_deck, &options(10, 1, 1), &mut |_| true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the deck is a 'zoids-scramble' deck, not a 'pr-acg' deck"
    );
    let policy = SimOptions {
        policy: Some("buy-first".into()),
        ..options(10, 1, 1)
    };
    let err = simulate(&zoids, &zoids_deck, &policy, &mut |_| true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown policy 'buy-first' for zoids-scramble (known: default)"
    );
    let err = simulate(&zoids, &zoids_deck, &options(0, 1, 1), &mut |_| true).unwrap_err();
    assert!(matches!(err, GoldfishError::InvalidOptions(_)));
    let mut other = zoids.clone();
    other.id = "tiny-game".into();
    let mut tiny_deck = zoids_deck.clone();
    tiny_deck.game = "tiny-game".into();
    let err = simulate(&other, &tiny_deck, &options(10, 1, 1), &mut |_| true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "goldfish is not available for 'tiny-game' (it plays: zoids-scramble, pr-acg, pr-dbg, pr-hotg, sms)"
    );
}

#[test]
fn only_the_main_section_plays() {
    let game = testing::game(ZOIDS);
    let mut deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    let report = simulate(&game, &deck, &options(300, 3, 1), &mut |_| true).unwrap();
    let mut extra = deck.entries[0].clone();
    extra.section = "side".into();
    extra.card = testing::card(ZOIDS, "Pyre Tyrant");
    deck.entries.push(extra);
    let with_side = simulate(&game, &deck, &options(300, 3, 1), &mut |_| true).unwrap();
    assert_eq!(report, with_side);
}

/// Plays a whole game checking after the setup and every turn that each card of the deck
/// sits in exactly one zone.
fn census_holds<P: Procedure>(p: &P, seed: u64, going_first: bool) -> Result<(), TestCaseError> {
    let mut state = p.new_state();
    let full = p.census(&state);
    let mut figures = p.new_figures();
    let mut broken = None;
    let result = play_game(
        p,
        &mut state,
        &mut game_rng(seed, 0, going_first),
        going_first,
        &mut NoLog,
        &mut figures,
        |turn, state, _| {
            if broken.is_none() && p.census(state) != full {
                broken = Some(turn);
            }
        },
    );
    prop_assert_eq!(broken, None, "cards created or lost on turn {:?}", broken);
    prop_assert!(result.turn <= p.max_turns());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn zoids_cards_are_never_created_or_lost(deck in testing::any_deck(ZOIDS, 10, 2..14), seed: u64, first: bool) {
        let p = Zoids::new(&testing::game(ZOIDS), &deck, crate::EffectsMode::Keywords).unwrap();
        census_holds(&p, seed, first)?;
    }

    #[test]
    fn pr_action_cards_are_never_created_or_lost(deck in testing::any_deck(PR, 5, 2..14), seed: u64, first: bool) {
        let p = PrAcg::new(&testing::game(PR), &deck, Default::default()).unwrap();
        census_holds(&p, seed, first)?;
    }
}

#[test]
fn comparing_a_deck_with_itself_finds_no_difference() {
    let game = testing::game(ZOIDS);
    let deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    let same = crate::compare(&game, &deck, &deck, &options(2_000, 9, 2), &mut |_| true).unwrap();
    for seat in [&same.going_first, &same.going_second] {
        let kill = seat.mean_kill_turn.as_ref().unwrap();
        assert_eq!(
            (kill.difference, kill.ci95, kill.significant),
            (0.0, [0.0, 0.0], false)
        );
        assert!(seat
            .win_by_turn
            .values()
            .all(|d| d.difference == 0.0 && !d.significant));
    }
}

#[test]
fn a_comparison_plays_each_deck_exactly_as_its_own_simulation() {
    for (game_id, a, b) in [
        (
            ZOIDS,
            testing::REPUBLIC_VANGUARD,
            testing::SHELLBACK_SKYGUARD,
        ),
        (PR, testing::STARFALL_VANGUARD, testing::ECLIPSE_HORDE),
    ] {
        let game = testing::game(game_id);
        let (a, b) = (
            testing::sample_deck(game_id, a),
            testing::sample_deck(game_id, b),
        );
        let opts = options(3_000, 11, 2);
        let result = crate::compare(&game, &a, &b, &opts, &mut |_| true).unwrap();
        assert_eq!(
            result.a,
            simulate(&game, &a, &opts, &mut |_| true).unwrap(),
            "{game_id}"
        );
        assert_eq!(
            result.b,
            simulate(&game, &b, &opts, &mut |_| true).unwrap(),
            "{game_id}"
        );
        // The paired win-by-turn chances are the two decks' own cumulative chances.
        let seat = &result.going_first;
        let turn = *result.a.going_first.kill_turns.keys().next().unwrap();
        let own: u64 = result
            .a
            .going_first
            .kill_turns
            .range(..=turn)
            .map(|(_, n)| n)
            .sum();
        assert_eq!(seat.win_by_turn[&turn].a, own as f64 / 3_000.0, "{game_id}");
        assert_eq!(seat.win_by_turn[&turn].pairs, 3_000);
    }
}

/// The three later games with a deck and the options each needs.
fn later_games() -> Vec<(&'static str, deckhand_core::Deck, SimOptions)> {
    let hotg = SimOptions {
        game: crate::GameOptions::lineup(vec![
            testing::enemy_group("Gravel Grunt", 2),
            testing::enemy_group("Clockjaw", 1),
        ]),
        ..SimOptions::default()
    };
    vec![
        (
            "pr-dbg",
            testing::pr_dbg_deck(testing::PRISM_BREACH, "Nadia Okonkwo"),
            SimOptions::default(),
        ),
        (
            "pr-hotg",
            testing::sample_deck("pr-hotg", testing::TIDE_AND_HORN),
            hotg,
        ),
        (
            "sms",
            testing::sample_deck("sms", testing::DOJO_DAWN),
            SimOptions::default(),
        ),
    ]
}

#[test]
fn the_later_games_give_the_same_report_on_one_and_two_threads() {
    for (game_id, deck, base) in later_games() {
        let game = testing::game(game_id);
        let with = |threads, seed| SimOptions {
            games: 5_000,
            seed,
            threads,
            ..base.clone()
        };
        let one = simulate(&game, &deck, &with(1, 42), &mut |_| true).unwrap();
        assert_eq!(
            one,
            simulate(&game, &deck, &with(2, 42), &mut |_| true).unwrap(),
            "{game_id}"
        );
        assert_ne!(
            one,
            simulate(&game, &deck, &with(2, 43), &mut |_| true).unwrap(),
            "{game_id}"
        );
        for seat in [&one.going_first, &one.going_second] {
            let losses = seat.losses.unwrap_or(0);
            assert_eq!(
                seat.wins + seat.deck_outs + seat.draws + losses,
                5_000,
                "{game_id}"
            );
            assert_eq!(
                seat.kill_turns.values().sum::<u64>(),
                seat.wins,
                "{game_id}"
            );
        }
        assert_eq!(one.seats_alike, Some(true));
    }
}

#[test]
fn the_later_games_step_through_game_zero_of_the_same_seed() {
    for (game_id, deck, base) in later_games() {
        let game = testing::game(game_id);
        for seed in 0..10 {
            let options = SimOptions {
                games: 1,
                seed,
                threads: 1,
                ..base.clone()
            };
            let report = simulate(&game, &deck, &options, &mut |_| true).unwrap();
            let step = StepOptions {
                seed,
                going_first: true,
                game: base.game.clone(),
                ..StepOptions::default()
            };
            let log = crate::step(&game, &deck, &step).unwrap();
            let seat = &report.going_first;
            let outcome = match log.result.outcome {
                Outcome::Win => seat.wins,
                Outcome::DeckOut => seat.deck_outs,
                Outcome::Draw => seat.draws,
                Outcome::Loss => seat.losses.unwrap(),
            };
            assert_eq!(outcome, 1, "{game_id} seed {seed}");
            if log.result.outcome == Outcome::Win {
                assert_eq!(seat.kill_turns.get(&log.result.turn), Some(&1));
            }
            assert_eq!(log.turns.len() as u32, log.result.turn + 1);
            assert_eq!(log.policy, report.policy);
            let json = serde_json::to_value(&log).unwrap();
            assert_eq!(serde_json::from_value::<GameLog>(json).unwrap(), log);
        }
    }
}

#[test]
fn the_later_games_report_their_own_figures_in_json() {
    let own: [(&str, &[&str]); 3] = [
        (
            "pr-dbg",
            &[
                "cards_bought_by_turn",
                "damage_taken_by_turn",
                "energy_by_turn",
                "flip_turns",
                "goldfish_damage_by_turn",
                "losses",
                "shards_by_turn",
            ],
        ),
        (
            "pr-hotg",
            &[
                "all_defeated_chance",
                "cards_lost_per_ranger",
                "energy_spent_per_battle",
                "hits_per_battle",
                "losses",
                "ranger_defeats",
            ],
        ),
        (
            "sms",
            &[
                "hand_by_turn",
                "main_deployed_by_turn",
                "mulligans",
                "power_at_least_by_turn",
                "power_by_turn",
            ],
        ),
    ];
    for ((game_id, deck, base), (id, keys)) in later_games().into_iter().zip(own) {
        assert_eq!(game_id, id);
        let options = SimOptions {
            games: 300,
            seed: 1,
            threads: 1,
            ..base
        };
        let report = simulate(&testing::game(game_id), &deck, &options, &mut |_| true).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        let seat = json["going_first"].as_object().unwrap();
        for key in keys {
            assert!(seat.contains_key(*key), "{game_id}: {key}");
        }
        for absent in [
            "first_attack_turns",
            "damage_by_turn",
            "summon_chance_by_turn",
        ] {
            assert!(!seat.contains_key(absent), "{game_id}: {absent}");
        }
        assert_eq!(json["seats_alike"], true);
        assert_eq!(
            serde_json::from_value::<SimReport>(json).unwrap(),
            report,
            "{game_id}"
        );
    }
}

/// Whether `value` has the JSON shape a figure of `kind` promises.
fn has_shape(kind: crate::FigureKind, value: &serde_json::Value) -> bool {
    use crate::FigureKind::*;
    let chance = |v: &serde_json::Value| v.as_f64().is_some_and(|c| (0.0..=1.0).contains(&c));
    let by_turn = |v: &serde_json::Value, cell: &dyn Fn(&serde_json::Value) -> bool| {
        v.as_object()
            .is_some_and(|m| m.iter().all(|(k, v)| k.parse::<u32>().is_ok() && cell(v)))
    };
    match kind {
        Distribution => by_turn(value, &|v| v.is_u64()),
        ByTurn => by_turn(value, &|v| v.is_f64()),
        ChanceByTurn => by_turn(value, &chance),
        AtLeastByTurn => by_turn(value, &|row| by_turn(row, &chance)),
        Chance => chance(value),
        PerEntity => value
            .as_object()
            .is_some_and(|m| !m.is_empty() && m.values().all(|v| v.is_f64())),
        Scalar => value.is_number() || value.is_null(),
        Count => value.is_u64(),
    }
}

#[test]
fn every_game_describes_each_figure_its_report_carries_and_its_objective() {
    let mut games: Vec<(&str, deckhand_core::Deck, SimOptions)> = vec![
        (
            ZOIDS,
            testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD),
            SimOptions::default(),
        ),
        (
            PR,
            testing::sample_deck(PR, testing::STARFALL_VANGUARD),
            SimOptions::default(),
        ),
    ];
    games.extend(later_games());
    assert_eq!(games.len(), crate::games().count());
    // The keys every seat report has whatever the game: a game leaves out those that say
    // nothing for it (every Showdown game lasts 15 turns). Its own keys it must describe.
    let common = [
        // The headline restates described figures in words, for the one line shown first.
        "headline",
        "games",
        "wins",
        "win_chance",
        "kill_turns",
        "mean_kill_turn",
        "mean_kill_turn_ci95",
        "median_kill_turn",
        "deck_outs",
        "draws",
    ];
    for (game_id, deck, base) in games {
        let options = SimOptions {
            games: 200,
            seed: 3,
            threads: 1,
            ..base
        };
        let report = simulate(&testing::game(game_id), &deck, &options, &mut |_| true).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        let seat = json["going_first"].as_object().unwrap();
        let mut described = Vec::new();
        for figure in &report.figures {
            let value = seat.get(figure.key.as_ref());
            assert!(
                value.is_some_and(|v| has_shape(figure.kind, v)),
                "{game_id}: {} is not a {:?}: {value:?}",
                figure.key,
                figure.kind
            );
            if let Some(interval) = &figure.interval {
                assert!(
                    seat.contains_key(interval.as_ref()),
                    "{game_id}: {interval}"
                );
                described.push(interval.to_string());
            }
            described.push(figure.key.to_string());
        }
        // Every figure the report carries is described (no figure only in JSON).
        for key in seat.keys() {
            assert!(
                described.contains(key) || common.contains(&key.as_str()),
                "{game_id}: {key} is not described"
            );
        }
        let objective = &report.objective;
        let figure = report.figures.iter().find(|f| f.key == objective.key);
        let value = match (figure.map(|f| f.kind), objective.turn) {
            (Some(crate::FigureKind::ByTurn), Some(turn)) => seat[objective.key.as_ref()]
                .get(turn.to_string())
                .and_then(|v| v.as_f64()),
            (Some(crate::FigureKind::Scalar | crate::FigureKind::Chance), None) => {
                seat[objective.key.as_ref()].as_f64()
            }
            other => panic!("{game_id}: the objective reads {other:?}"),
        };
        assert!(value.is_some(), "{game_id}: no objective value");
        assert_eq!(
            serde_json::from_value::<SimReport>(json).unwrap(),
            report,
            "{game_id}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pr_deck_building_cards_are_never_created_or_lost(
        deck in testing::any_sections("pr-dbg", &["main", "main", "character"]),
        battle_first: bool,
        seed: u64,
    ) {
        let deck = testing::with_entries(deck, &[("starter", 7, "Teamwork"), ("starter", 1, "Recovery")]);
        let setup = Setup { policy: battle_first.then_some("battle-first"), ..Setup::default() };
        let p = PrDbg::new(&testing::game("pr-dbg"), &deck, setup).unwrap();
        census_holds(&p, seed, true)?;
    }

    #[test]
    fn heroes_of_the_grid_cards_are_never_created_or_lost(
        deck in testing::any_sections("pr-hotg", &["main", "ranger"]),
        foot in 0u32..5,
        monster: bool,
        seed: u64,
    ) {
        let mut enemies = vec![testing::enemy_group("Static Wraith", foot)];
        if monster {
            enemies.push(testing::enemy_group("Empress Noxara", 1));
        }
        let options = crate::GameOptions::lineup(enemies);
        let setup = Setup { game: &options, ..Setup::default() };
        if let Ok(p) = PrHotg::new(&testing::game("pr-hotg"), &deck, setup) {
            census_holds(&p, seed, true)?;
        }
    }

    #[test]
    fn showdown_cards_are_never_created_or_lost(
        deck in testing::any_sections("sms", &["main", "characters"]),
        villain: bool,
        mulligan in prop::option::of(any::<bool>()),
        seed: u64,
    ) {
        let side = Some(if villain { deckhand_core::Side::Villain } else { deckhand_core::Side::Hero });
        let options = crate::GameOptions { mulligan, ..Default::default() };
        let setup = Setup { side, game: &options, ..Setup::default() };
        let p = Sms::new(&testing::game("sms"), &deck, setup).unwrap();
        census_holds(&p, seed, true)?;
    }
}

/// Issue 16: `--games 1000000000000` was accepted and ran for days. The bound is here, in
/// the engine, so the app's goldfish command has it too.
#[test]
fn a_run_of_more_than_100_million_games_a_seat_is_refused_before_it_starts() {
    let game = testing::game(ZOIDS);
    let deck = testing::sample_deck(ZOIDS, testing::REPUBLIC_VANGUARD);
    for games in [0, MAX_GAMES + 1, 1_000_000_000_000] {
        let err = simulate(&game, &deck, &options(games, 1, 1), &mut |_| {
            panic!("{games} games started")
        })
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "games: {games} is out of range: a run plays 1 to 100000000 (100 million) \
                 games from each seat"
            )
        );
    }
    assert_eq!(
        run(ZOIDS, testing::REPUBLIC_VANGUARD, &options(1, 1, 1)).games,
        1
    );
}

/// Issue 16: `--threads 10000` started ten thousand threads.
#[test]
fn a_run_never_uses_more_threads_than_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (asked, used) in [(0, cores), (1, 1), (cores, cores), (10_000, cores)] {
        assert_eq!(worker_threads(asked), used, "{asked} asked");
    }
}

mod fired;

/// Issue 32: a game's own figures live in one map, not in fields of every game. Each is
/// under a key its report declares, is written beside the common figures in the JSON, and
/// reads back as what it was.
#[test]
fn each_games_own_figures_are_the_ones_its_report_declares_and_round_trip_through_json() {
    for sample in testing::sample_decks() {
        let game = testing::game(sample.game);
        let options = SimOptions {
            games: 40,
            seed: 3,
            threads: 1,
            game: crate::GameOptions::lineup(sample.enemies.clone()),
            ..SimOptions::default()
        };
        let report = simulate(&game, &sample.deck, &options, &mut |_| true).unwrap();
        let declared: Vec<&str> = report.figures.iter().map(|f| f.key.as_ref()).collect();
        let seat = &report.going_first;
        assert!(
            !seat.figures.is_empty(),
            "{}: no figure of its own",
            sample.name
        );
        for key in seat.figures.keys() {
            assert!(declared.contains(&key), "{}: {key}", sample.name);
        }
        let json = serde_json::to_value(&report).unwrap();
        for key in seat.figures.keys() {
            assert!(
                !json["going_first"][key].is_null(),
                "{}: {key}",
                sample.name
            );
        }
        let text = serde_json::to_string(&report).unwrap();
        let back: SimReport = serde_json::from_str(&text).unwrap();
        // serde_json reads some floats back one unit off in the last place: the figures must
        // come back as the same kinds under the same keys, so the read-back writes the same
        // shape.
        let kinds = |seat: &crate::SeatReport| {
            seat.figures
                .keys()
                .map(|k| {
                    (
                        k.to_owned(),
                        std::mem::discriminant(seat.figure(k).unwrap()),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(kinds(&back.going_first), kinds(seat), "{}", sample.name);
    }
}
