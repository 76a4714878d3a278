//! From here, on the sample decks: deterministic, re-dealing only what is unseen, options
//! compared on the same deals.

use super::*;
use crate::simulate::StepOptions;
use crate::testing;
use crate::GameOptions;

fn zoids() -> (Game, Deck) {
    (
        testing::game("zoids-scramble"),
        testing::sample_deck("zoids-scramble", testing::REPUBLIC_VANGUARD),
    )
}

fn at(seed: u64, picks: Vec<u32>) -> PlayOptions {
    PlayOptions {
        step: StepOptions {
            seed,
            going_first: true,
            ..StepOptions::default()
        },
        picks,
        pilot_rest: false,
    }
}

#[test]
fn the_same_game_and_count_give_the_same_estimate() {
    let (game, deck) = zoids();
    let a = from_here(&game, &deck, &at(7, vec![]), 400, true).unwrap();
    let b = from_here(&game, &deck, &at(7, vec![]), 400, true).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.continuations, 400);
    assert_eq!(a.objective.key, "mean_kill_turn");
}

#[test]
fn continuations_deal_the_unseen_cards_anew_and_never_past_what_was_seen() {
    let (game, deck) = zoids();
    let here = from_here(&game, &deck, &at(7, vec![]), 2000, false).unwrap();
    let [low, high] = here.here.ci95.expect("an interval");
    assert!(high > low, "the continuations differ: {here:?}");
    // Never reseeded, a replay of the whole game's picks is the game itself.
    let whole = crate::step(&game, &deck, &at(7, vec![]).step).unwrap();
    let picks: Vec<u32> = whole
        .turns
        .iter()
        .flat_map(|t| &t.decisions)
        .filter_map(|d| d.pick)
        .collect();
    let p = crate::zoids::Zoids::new(&game, &deck, crate::EffectsMode::All).unwrap();
    let mut replay = Replay {
        picks: &picks,
        fork_at: u32::MAX,
        fork_seed: 1,
        forced: None,
        asked: 0,
    };
    let mut won = false;
    let value = play_value(
        &p,
        &mut p.new_state(),
        &mut p.new_figures(),
        game_rng(7, 0, true),
        true,
        &mut replay,
        |_, _| {},
        &mut won,
    );
    assert_eq!(won, whole.result.outcome == crate::Outcome::Win);
    assert_eq!(value, won.then(|| f64::from(whole.result.turn)));
}

#[test]
fn each_option_plays_on_the_same_deals_and_the_best_and_the_pilots_are_marked() {
    let (game, deck) = zoids();
    let estimate = from_here(&game, &deck, &at(7, vec![]), 1500, true).unwrap();
    let labels: Vec<&str> = estimate.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Set Dawnmane Liger in Standby",
            "Set Moonhowl Wolf in Standby",
            "Set no Zoid"
        ]
    );
    assert_eq!(estimate.options.iter().filter(|o| o.best).count(), 1);
    assert!(estimate.options[0].pilot && !estimate.options[1].pilot);
    let hold = &estimate.options[2];
    assert!(
        !hold.best,
        "holding the Zoid back is not the best opening: {estimate:?}"
    );
    let behind = hold.versus_best.as_ref().expect("paired with the best");
    assert!(behind.difference > 0.0, "it kills later: {behind:?}");
    // The pilot's option, played on, is the estimate from here.
    assert_eq!(estimate.options[0].value, estimate.here);
}

#[test]
fn the_decks_own_games_are_measured_beside_and_bad_requests_are_refused() {
    let (game, deck) = zoids();
    let estimate = from_here(&game, &deck, &at(3, vec![0]), 800, false).unwrap();
    assert!(estimate.deck.games > 0 && estimate.deck.games <= 800);
    assert!(estimate.options.is_empty());
    assert!((0.0..=1.0).contains(&estimate.win_chance));
    assert!(matches!(
        from_here(&game, &deck, &at(3, vec![]), 0, false),
        Err(GoldfishError::InvalidOptions(_))
    ));
    let over = PlayOptions {
        pilot_rest: true,
        ..at(3, vec![])
    };
    let finished = play(&game, &deck, &over).unwrap();
    assert!(matches!(
        from_here(&game, &deck, &at(3, finished.picks.clone()), 10, false),
        Err(GoldfishError::InvalidOptions(_))
    ));
}

/// A continuation that is never reseeded replays the step-through's game exactly, in every
/// game: the lean replay meets the same decisions as the logged one, in the same order.
#[test]
fn a_replay_without_a_new_deal_is_the_step_through_in_every_game() {
    use crate::procedure::Goldfish;
    fn check<G: Goldfish>(game: &Game, deck: &Deck, options: &StepOptions) {
        let p = G::build(game, deck, options.setup()).unwrap();
        for seed in 0..8 {
            let options = StepOptions {
                seed,
                ..options.clone()
            };
            let whole = crate::step(game, deck, &options).unwrap();
            let picks: Vec<u32> = whole
                .turns
                .iter()
                .flat_map(|t| &t.decisions)
                .filter_map(|d| d.pick)
                .collect();
            // Not the pilot's line: option 0 at the fourth decision, the pilot after it.
            let mut start: Vec<u32> = picks.iter().copied().take(3).collect();
            start.push(0);
            let mine_logged = crate::step(
                game,
                deck,
                &StepOptions {
                    picks: crate::Picks {
                        picks: start,
                        stop_after: false,
                    },
                    ..options.clone()
                },
            )
            .unwrap();
            let mine: Vec<u32> = mine_logged
                .turns
                .iter()
                .flat_map(|t| &t.decisions)
                .filter_map(|d| d.pick)
                .collect();
            for (picks, logged) in [(&picks, &whole), (&mine, &mine_logged)] {
                let mut replay = Replay {
                    picks,
                    fork_at: u32::MAX,
                    fork_seed: 1,
                    forced: None,
                    asked: 0,
                };
                let mut won = false;
                play_value(
                    &p,
                    &mut p.new_state(),
                    &mut p.new_figures(),
                    game_rng(seed, 0, options.going_first),
                    options.going_first,
                    &mut replay,
                    |_, _| {},
                    &mut won,
                );
                let asked = logged
                    .turns
                    .iter()
                    .flat_map(|t| &t.decisions)
                    .filter(|d| d.pick.is_some())
                    .count() as u32;
                assert_eq!(
                    replay.asked, asked,
                    "{} seed {seed}: the same decisions",
                    game.id
                );
                assert_eq!(
                    won,
                    logged.result.outcome == crate::Outcome::Win,
                    "{} seed {seed}",
                    game.id
                );
            }
        }
    }
    let hotg = StepOptions {
        game: GameOptions::lineup(vec![
            testing::enemy_group("Gravel Grunt", 2),
            testing::enemy_group("Clockjaw", 1),
        ]),
        going_first: true,
        ..StepOptions::default()
    };
    let first = StepOptions {
        going_first: true,
        ..StepOptions::default()
    };
    let (zg, zd) = zoids();
    check::<crate::zoids::Zoids>(&zg, &zd, &first);
    check::<crate::pr_acg::PrAcg>(
        &testing::game("pr-acg"),
        &testing::sample_deck("pr-acg", testing::STARFALL_VANGUARD),
        &first,
    );
    check::<crate::pr_dbg::PrDbg>(
        &testing::game("pr-dbg"),
        &testing::pr_dbg_deck(testing::PRISM_BREACH, "Nadia Okonkwo"),
        &first,
    );
    check::<crate::pr_hotg::PrHotg>(
        &testing::game("pr-hotg"),
        &testing::sample_deck("pr-hotg", testing::TIDE_AND_HORN),
        &hotg,
    );
    check::<crate::sms::Sms>(
        &testing::game("sms"),
        &testing::sample_deck("sms", testing::DOOM_LAB),
        &first,
    );
}

/// The histogram's mean over the games it counts, and how many those are.
fn histogram_mean(outcomes: &Outcomes) -> (u64, f64) {
    let n: u64 = outcomes.counts.values().sum();
    let sum: f64 = outcomes
        .counts
        .iter()
        .map(|(v, c)| f64::from(*v) * *c as f64)
        .sum();
    (n, sum / n.max(1) as f64)
}

/// Every game is in the histogram once (counted or `none`), and the histogram gives back
/// the mean the estimate reports beside it.
fn check_distribution(estimate: &FromHere, continuations: u64) {
    let d = &estimate.distribution;
    for (outcomes, measure) in [(&d.here, &estimate.here), (&d.deck, &estimate.deck)] {
        assert_eq!(outcomes.games, continuations, "{estimate:?}");
        let (counted, mean) = histogram_mean(outcomes);
        assert_eq!(counted + outcomes.none, outcomes.games, "{outcomes:?}");
        assert!(!outcomes.counts.values().any(|&c| c == 0), "{outcomes:?}");
        let value = measure.value.expect("some game counts");
        match (estimate.objective.key.as_ref(), d.figure.kind) {
            ("mean_kill_turn", FigureKind::Distribution) => {
                // The kill turn counts won games only: exactly those the histogram counts.
                assert_eq!(counted, measure.games);
                assert!((mean - value).abs() < 1e-9, "{mean} against {value}");
            }
            (_, FigureKind::Distribution) => {
                // A chance of winning: the share won by the last turn.
                assert_eq!(measure.games, outcomes.games);
                assert!((counted as f64 / outcomes.games as f64 - value).abs() < 1e-12);
            }
            (_, FigureKind::AtLeastByTurn) => {
                assert_eq!(outcomes.none, 0, "every game has a value at the turn");
                assert!((mean - value).abs() < 1e-9, "{mean} against {value}");
            }
            (key, kind) => panic!("{key} read as {kind:?}"),
        }
    }
    // Read cumulatively, the shown values run from the first to the last value any game
    // had, and the share at the far end is every counted game.
    let marks = d.marks(8);
    assert!(
        marks.len() <= 8 && marks.windows(2).all(|w| w[0] < w[1]),
        "{marks:?}"
    );
    for outcomes in [&d.here, &d.deck].into_iter().filter(|_| !marks.is_empty()) {
        let (counted, _) = histogram_mean(outcomes);
        let all = counted as f64 / outcomes.games as f64;
        let end = match d.figure.kind {
            FigureKind::AtLeastByTurn => marks[0],
            _ => *marks.last().unwrap(),
        };
        assert!((d.share(outcomes, end) - all).abs() < 1e-12, "{outcomes:?}");
    }
    let (won, _) = histogram_mean(&d.here);
    if d.figure.kind == FigureKind::Distribution {
        assert!((won as f64 / continuations as f64 - estimate.win_chance).abs() < 1e-12);
    }
}

#[test]
fn the_distribution_from_here_counts_every_continuation_and_gives_back_the_mean() {
    let (game, deck) = zoids();
    let estimate = from_here(&game, &deck, &at(7, vec![]), 600, false).unwrap();
    assert_eq!(estimate.distribution.figure.key, "kill_turns");
    assert_eq!(estimate.distribution.figure.kind, FigureKind::Distribution);
    check_distribution(&estimate, 600);
    // The continuations are won on more than one turn: a spread, not a point.
    assert!(estimate.distribution.here.counts.len() > 1, "{estimate:?}");
}

#[test]
fn a_chance_and_a_value_at_a_turn_are_distributed_too() {
    // One foot soldier: a battle won sometimes, on various turns.
    let hotg = PlayOptions {
        step: StepOptions {
            game: GameOptions::lineup(vec![testing::enemy_group("Gravel Grunt", 1)]),
            ..at(5, vec![]).step
        },
        ..at(5, vec![])
    };
    let estimate = from_here(
        &testing::game("pr-hotg"),
        &testing::sample_deck("pr-hotg", testing::TIDE_AND_HORN),
        &hotg,
        300,
        false,
    )
    .unwrap();
    assert_eq!(estimate.distribution.figure.kind, FigureKind::Distribution);
    check_distribution(&estimate, 300);
    let won: u64 = estimate.distribution.deck.counts.values().sum();
    assert!(won > 0, "the battle is won sometimes: {estimate:?}");

    let estimate = from_here(
        &testing::game("sms"),
        &testing::sample_deck("sms", testing::DOOM_LAB),
        &at(5, vec![]),
        300,
        false,
    )
    .unwrap();
    let figure = &estimate.distribution.figure;
    assert_eq!(figure.kind, FigureKind::AtLeastByTurn);
    assert_eq!(figure.unit.as_deref(), Some("Power"));
    check_distribution(&estimate, 300);
}

#[test]
fn the_estimate_is_the_same_on_any_number_of_threads() {
    let (game, deck) = zoids();
    let p = crate::zoids::Zoids::new(&game, &deck, crate::EffectsMode::All).unwrap();
    let options = at(7, vec![0]);
    let fork_at = play(&game, &deck, &options)
        .unwrap()
        .decision
        .expect("a decision waits")
        .index;
    let labels = [(0, "a".to_owned()), (1, "b".to_owned())];
    let one = from_here_with(&p, &options, fork_at, 301, &labels, 1, None);
    for threads in [2, 3, 8] {
        assert_eq!(
            from_here_with(&p, &options, fork_at, 301, &labels, threads, None),
            one,
            "{threads} threads"
        );
    }
}

#[test]
fn an_estimate_of_more_than_a_million_games_in_all_is_refused_before_it_plays() {
    let (game, deck) = zoids();
    // The first decision has three options: 250,001 continuations for each and for the
    // decision make 1,000,004 games.
    let started = std::time::Instant::now();
    let err = from_here(&game, &deck, &at(7, vec![]), 250_001, true).unwrap_err();
    assert!(matches!(err, GoldfishError::InvalidOptions(_)));
    assert_eq!(
        err.to_string(),
        "an estimate plays at most 1000000 games: 250001 continuations for the decision and \
         each of its 3 options make 1000004; ask for at most 250000"
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "refused before playing"
    );
}

#[test]
fn an_estimate_with_the_decks_games_kept_is_the_one_played_without_them() {
    let (game, deck) = zoids();
    let cache = DeckGamesCache::default();
    let second = |mut o: PlayOptions| {
        o.step.going_first = false;
        o
    };
    // Several positions, seeds, seats and counts through one cache: each report equals
    // the one played from nothing, whether its deck games were kept or not.
    let asks = [
        (at(7, vec![]), 300, false),
        (at(7, vec![0]), 300, false),
        (at(9, vec![]), 300, true),
        (second(at(7, vec![])), 300, false),
        (at(7, vec![0]), 200, false),
        (at(7, vec![]), 300, false),
    ];
    for (options, n, compare) in &asks {
        let plain = from_here(&game, &deck, options, *n, *compare).unwrap();
        let kept = from_here_cached(&game, &deck, options, *n, *compare, &cache).unwrap();
        assert_eq!(
            kept, plain,
            "seed {} picks {:?} n {n}",
            options.step.seed, options.picks
        );
    }
    let held = cache.entries.lock().unwrap().len();
    assert_eq!(held, 3, "one entry per seat and count: {cache:?}");
}

#[test]
fn the_decks_own_games_are_the_same_beside_every_game_and_decision() {
    let (game, deck) = zoids();
    let a = from_here(&game, &deck, &at(7, vec![]), 300, false).unwrap();
    let b = from_here(&game, &deck, &at(12, vec![0]), 300, false).unwrap();
    assert_eq!(a.deck, b.deck);
    assert_eq!(a.distribution.deck, b.distribution.deck);
    assert_ne!(a.here, b.here, "the positions differ");
}
