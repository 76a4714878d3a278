//! From here, on the sample decks: deterministic, re-dealing only what is unseen, options
//! compared on the same deals.

use super::*;
use crate::simulate::StepOptions;
use crate::testing;

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
    let whole = crate::simulate::step(&game, &deck, &at(7, vec![]).step).unwrap();
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
    use crate::registry::Goldfish;
    fn check<G: Goldfish>(game: &Game, deck: &Deck, options: &StepOptions) {
        let p = G::build(game, deck, options.setup()).unwrap();
        for seed in 0..8 {
            let options = StepOptions {
                seed,
                ..options.clone()
            };
            let whole = crate::simulate::step(game, deck, &options).unwrap();
            let picks: Vec<u32> = whole
                .turns
                .iter()
                .flat_map(|t| &t.decisions)
                .filter_map(|d| d.pick)
                .collect();
            // Not the pilot's line: option 0 at the fourth decision, the pilot after it.
            let mut start: Vec<u32> = picks.iter().copied().take(3).collect();
            start.push(0);
            let mine_logged = crate::simulate::step(
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
        enemies: vec![
            testing::enemy_group("Gravel Grunt", 2),
            testing::enemy_group("Clockjaw", 1),
        ],
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
