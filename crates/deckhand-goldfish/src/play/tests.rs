//! The choice points seen from outside: a game is its seed plus its picks, in every game.

use deckhand_core::{Deck, Game};
use proptest::prelude::*;

use super::*;
use crate::log::{Decision, GameLog, Outcome};
use crate::testing;

/// Every game with a sample deck, and the step options it needs.
fn games() -> Vec<(Game, Deck, StepOptions)> {
    let hotg = StepOptions {
        enemies: vec![
            testing::enemy_group("Gravel Grunt", 2),
            testing::enemy_group("Clockjaw", 1),
        ],
        ..StepOptions::default()
    };
    vec![
        (
            testing::game("zoids-scramble"),
            testing::sample_deck("zoids-scramble", testing::REPUBLIC_VANGUARD),
            StepOptions::default(),
        ),
        (
            testing::game("pr-acg"),
            testing::sample_deck("pr-acg", testing::STARFALL_VANGUARD),
            StepOptions::default(),
        ),
        (
            testing::game("pr-dbg"),
            testing::pr_dbg_deck(testing::PRISM_BREACH, "Nadia Okonkwo"),
            StepOptions::default(),
        ),
        (
            testing::game("pr-hotg"),
            testing::sample_deck("pr-hotg", testing::TIDE_AND_HORN),
            hotg,
        ),
        (
            testing::game("sms"),
            testing::sample_deck("sms", testing::DOOM_LAB),
            StepOptions::default(),
        ),
    ]
}

fn choices(log: &GameLog) -> Vec<&Decision> {
    log.turns
        .iter()
        .flat_map(|t| &t.decisions)
        .filter(|d| d.kind.is_some())
        .collect()
}

fn with_seed(options: &StepOptions, seed: u64, going_first: bool) -> StepOptions {
    StepOptions {
        seed,
        going_first,
        ..options.clone()
    }
}

#[test]
fn replaying_the_pilots_picks_plays_the_same_game_in_every_game() {
    for (game, deck, options) in games() {
        let mut asked = 0;
        for seed in 0..6 {
            for going_first in [true, false] {
                let options = with_seed(&options, seed, going_first);
                let log = step(&game, &deck, &options).unwrap();
                let made = choices(&log);
                for (n, choice) in made.iter().enumerate() {
                    let options_len = choice.options.len() as u32;
                    assert_eq!(
                        choice.index,
                        Some(n as u32),
                        "{}: numbered in order",
                        game.id
                    );
                    assert!(
                        options_len > 1,
                        "{}: a choice has options: {choice:?}",
                        game.id
                    );
                    assert!(
                        choice.pick.unwrap() < options_len,
                        "{}: {choice:?}",
                        game.id
                    );
                    assert_eq!(choice.pick, choice.pilot, "{}: the pilot chose", game.id);
                    assert!(!choice.reason.as_deref().unwrap_or("").is_empty());
                }
                asked += made.len();
                let picks = made.iter().map(|c| c.pick.unwrap()).collect();
                let replayed = StepOptions {
                    picks: Picks {
                        picks,
                        stop_after: false,
                    },
                    ..options.clone()
                };
                assert_eq!(
                    step(&game, &deck, &replayed).unwrap(),
                    log,
                    "{} seed {seed}",
                    game.id
                );
            }
        }
        assert!(
            asked > 0,
            "{}: the pilot met no decision in 12 games",
            game.id
        );
    }
}

#[test]
fn a_game_stops_at_the_first_decision_past_its_picks_with_the_pilots_pick_and_the_board() {
    for (game, deck, options) in games() {
        let options = with_seed(&options, 3, true);
        let whole = step(&game, &deck, &options).unwrap();
        let made = choices(&whole);
        for k in [0, made.len() / 2, made.len().saturating_sub(1)] {
            let picks: Vec<u32> = made[..k].iter().map(|c| c.pick.unwrap()).collect();
            let state = play(
                &game,
                &deck,
                &PlayOptions {
                    step: options.clone(),
                    picks: picks.clone(),
                    pilot_rest: false,
                },
            )
            .unwrap();
            let decision = state
                .decision
                .as_ref()
                .unwrap_or_else(|| panic!("{}: decision {k} of {} waits", game.id, made.len()));
            let expected = made[k];
            assert_eq!(decision.index, k as u32, "{}", game.id);
            assert_eq!(Some(decision.kind), expected.kind, "{}", game.id);
            let labels: Vec<&str> = decision.options.iter().map(|o| o.label.as_str()).collect();
            assert_eq!(labels, expected.options, "{} decision {k}", game.id);
            assert_eq!(Some(decision.pilot.index), expected.pilot, "{}", game.id);
            assert_eq!(Some(&decision.pilot.reason), expected.reason.as_ref());
            assert!(
                !state.zones.is_empty(),
                "{}: the board at the decision",
                game.id
            );
            assert_eq!(state.result, None);
            assert_eq!(state.picks, picks);
            // The log stops before the pending decision: the choices logged are the picks.
            let logged = state
                .log
                .iter()
                .flat_map(|t| &t.decisions)
                .filter(|d| d.kind.is_some())
                .count();
            assert_eq!(logged, k, "{}", game.id);
            assert_eq!(state.log.last().map(|t| t.turn), Some(state.turn));
        }
    }
}

#[test]
fn the_pilot_finishing_a_played_game_ends_it_as_the_step_through_does() {
    for (game, deck, options) in games() {
        let options = with_seed(&options, 5, false);
        let whole = step(&game, &deck, &options).unwrap();
        let state = play(
            &game,
            &deck,
            &PlayOptions {
                step: options.clone(),
                picks: Vec::new(),
                pilot_rest: true,
            },
        )
        .unwrap();
        assert_eq!(state.decision, None);
        assert_eq!(state.result, Some(whole.result), "{}", game.id);
        assert_eq!(state.picks.len(), choices(&whole).len());
        assert_eq!(state.log, whole.turns);
    }
}

#[test]
fn a_pick_other_than_the_pilots_is_applied_logged_as_yours_and_replays_the_same() {
    let (game, deck, options) = games().remove(0);
    let options = with_seed(&options, 7, true);
    let whole = step(&game, &deck, &options).unwrap();
    // The first decision with a "none" option the pilot did not take: hold back instead.
    let (k, choice) = choices(&whole)
        .into_iter()
        .enumerate()
        .find(|(_, c)| {
            c.options.last().is_some_and(|o| o.ends_with("no Zoid"))
                && c.pick != Some(c.options.len() as u32 - 1)
        })
        .expect("the pilot sets a Zoid");
    let mut picks: Vec<u32> = choices(&whole)[..k]
        .iter()
        .map(|c| c.pick.unwrap())
        .collect();
    picks.push(choice.options.len() as u32 - 1);
    let mine = StepOptions {
        picks: Picks {
            picks,
            stop_after: false,
        },
        ..options.clone()
    };
    let log = step(&game, &deck, &mine).unwrap();
    let taken = choices(&log)[k];
    assert_ne!(taken.pick, taken.pilot);
    assert!(
        taken
            .text
            .starts_with("Set no Zoid (your pick; the pilot would set "),
        "{}",
        taken.text
    );
    assert_ne!(log, whole, "holding a Zoid back changes the game");
    assert_eq!(
        step(&game, &deck, &mine).unwrap(),
        log,
        "the same seed and picks, the same game"
    );
}

#[test]
fn a_pick_out_of_range_is_an_error_naming_the_decision_and_its_options() {
    let (game, deck, options) = games().remove(0);
    let bad = StepOptions {
        picks: Picks {
            picks: vec![99],
            stop_after: true,
        },
        ..options
    };
    let err = step(&game, &deck, &bad).unwrap_err().to_string();
    assert!(
        err.starts_with("pick 99 at decision 0 is out of range: that decision has "),
        "{err}"
    );
}

/// Plays a game choosing `pick % options` at each decision, one replay per decision.
fn random_game(game: &Game, deck: &Deck, options: &StepOptions, choices: &[u32]) -> PlayState {
    let mut picks = Vec::new();
    loop {
        let state = play(
            game,
            deck,
            &PlayOptions {
                step: options.clone(),
                picks: picks.clone(),
                pilot_rest: false,
            },
        )
        .unwrap();
        let Some(decision) = &state.decision else {
            return state;
        };
        let n = decision.options.len() as u32;
        picks.push(choices.get(picks.len()).copied().unwrap_or(0) % n);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any legal picks: every game ends, in one way, and nothing panics.
    #[test]
    fn any_legal_picks_play_a_whole_game_in_every_game(
        which in 0usize..5,
        seed in 0u64..1000,
        going_first: bool,
        choices in proptest::collection::vec(0u32..64, 0..200),
    ) {
        let (game, deck, options) = games().swap_remove(which);
        let state = random_game(&game, &deck, &with_seed(&options, seed, going_first), &choices);
        let result = state.result.expect("the game ended");
        prop_assert!(matches!(result.outcome, Outcome::Win | Outcome::DeckOut | Outcome::Draw | Outcome::Loss));
        prop_assert!(!state.zones.is_empty());
    }
}
