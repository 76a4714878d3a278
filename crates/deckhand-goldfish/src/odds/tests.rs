use super::*;
use crate::library::Library;
use crate::rng::Rng;
use crate::testing;

fn zoids() -> Game {
    testing::game("zoids-scramble")
}

fn pr() -> Game {
    testing::game("pr-acg")
}

/// 1 − P(none) by the product formula, as an independent check of the ≥1 case.
fn at_least_one(n: u32, matching: u32, seen: u32) -> f64 {
    1.0 - (0..seen)
        .map(|i| f64::from(n - matching - i) / f64::from(n - i))
        .product::<f64>()
}

#[test]
fn the_cards_seen_count_the_real_opening() {
    let (zoids, pr) = (zoids().play, pr().play);
    assert_eq!(zoids.seen_by(40, 0), 6);
    assert_eq!(zoids.seen_by(40, 3), 9);
    assert_eq!(
        zoids.seen_by(12, 5),
        8,
        "capped at the deck less the 4 set aside"
    );
    assert_eq!(pr.seen_by(30, 0), 5);
    assert_eq!(pr.seen_by(30, 2), 9);
}

#[test]
fn at_least_one_matches_the_product_formula() {
    let rows = odds_at_least(
        &zoids(),
        40,
        Category {
            matching: 4,
            at_least: 1,
        },
        5,
    )
    .unwrap();
    for row in &rows {
        let expected = at_least_one(40, 4, row.seen);
        assert!(
            (row.going_first - expected).abs() < 1e-12,
            "{row:?} vs {expected}"
        );
        assert_eq!(row.going_first, row.going_second);
    }
    let certain = odds_at_least(
        &pr(),
        30,
        Category {
            matching: 30,
            at_least: 5,
        },
        0,
    )
    .unwrap();
    assert!((certain[0].going_first - 1.0).abs() < 1e-12);
    let impossible = odds_at_least(
        &pr(),
        30,
        Category {
            matching: 2,
            at_least: 3,
        },
        3,
    )
    .unwrap();
    assert!(impossible.iter().all(|r| r.going_first == 0.0));
}

#[test]
fn questions_that_do_not_fit_the_deck_are_refused() {
    let wanted = Category {
        matching: 41,
        at_least: 1,
    };
    assert!(matches!(
        odds_at_least(&zoids(), 40, wanted, 3),
        Err(GoldfishError::InvalidOdds(_))
    ));
    let a = Category {
        matching: 30,
        at_least: 1,
    };
    let b = Category {
        matching: 20,
        at_least: 1,
    };
    assert!(matches!(
        odds_both(&zoids(), 40, a, b, 5, 3),
        Err(GoldfishError::InvalidOdds(_))
    ));
    assert!(matches!(
        odds_both(&zoids(), 40, b, b, 21, 3),
        Err(GoldfishError::InvalidOdds(_))
    ));
    assert!(matches!(
        odds_at_least(
            &zoids(),
            9,
            Category {
                matching: 1,
                at_least: 1
            },
            3
        ),
        Err(GoldfishError::TooFewCards { .. })
    ));
}

/// Every game has odds: the bundled ones by their `[play]` tables, a player-added game
/// without one by the defaults (a hand of 7, one card a turn).
#[test]
fn every_game_deals_by_its_definition_a_definition_without_play_seven_and_one() {
    let sms = testing::game("sms");
    let rows = odds_at_least(
        &sms,
        50,
        Category {
            matching: 10,
            at_least: 1,
        },
        3,
    )
    .unwrap();
    assert_eq!(
        rows.iter().map(|r| r.seen).collect::<Vec<_>>(),
        [8, 8, 8, 8],
        "Showdown draws by action"
    );
    let mut added = testing::game("sms");
    added.id = "my-game".into();
    added.play = deckhand_core::PlayDef::default();
    let rows = odds_at_least(
        &added,
        50,
        Category {
            matching: 10,
            at_least: 1,
        },
        2,
    )
    .unwrap();
    assert_eq!(rows.iter().map(|r| r.seen).collect::<Vec<_>>(), [7, 8, 9]);
}

/// Deals `trials` shuffled decks the way the game does (set-aside first, unseen) and
/// counts how often `event` holds for the seen cards' labels.
fn monte_carlo(
    game: &Game,
    labels: &[u16],
    turn: u32,
    trials: u32,
    event: impl Fn(&[u32; 4]) -> bool,
) -> f64 {
    let play = &game.play;
    let seen = play.seen_by(labels.len() as u32, turn);
    let mut library = Library::new(labels);
    let mut rng = Rng::from_seed(0x0dd5);
    let mut hits = 0;
    for _ in 0..trials {
        library.reset(labels);
        for _ in 0..play.set_aside {
            library.draw(&mut rng);
        }
        let mut counts = [0u32; 4];
        for _ in 0..seen {
            counts[library.draw(&mut rng).unwrap() as usize] += 1;
        }
        hits += u32::from(event(&counts));
    }
    f64::from(hits) / f64::from(trials)
}

/// A deck of `n` cards: `only_a` labelled 1, `only_b` labelled 2, `both` labelled 3.
fn labels(n: u32, only_a: u32, only_b: u32, both: u32) -> Vec<u16> {
    let mut deck = vec![0u16; n as usize];
    let mut i = 0;
    for (label, count) in [(1, only_a), (2, only_b), (3, both)] {
        for _ in 0..count {
            deck[i] = label;
            i += 1;
        }
    }
    deck
}

fn assert_within_three_standard_errors(exact: f64, estimate: f64, trials: u32, what: &str) {
    let se = (exact * (1.0 - exact) / f64::from(trials)).sqrt();
    assert!(
        (estimate - exact).abs() <= 3.0 * se.max(1e-9),
        "{what}: exact {exact}, Monte Carlo {estimate}, 3 SE = {}",
        3.0 * se
    );
}

#[test]
fn the_exact_odds_agree_with_dealing_shuffled_decks() {
    const TRIALS: u32 = 60_000;
    // (game, deck size, matching, at least, turn)
    let single = [
        (zoids(), 40, 4, 1, 2),
        (zoids(), 40, 12, 2, 0),
        (zoids(), 12, 3, 1, 5),
        (pr(), 30, 3, 1, 3),
        (pr(), 30, 9, 3, 1),
    ];
    for (game, n, matching, at_least, turn) in single {
        let wanted = Category { matching, at_least };
        let exact = odds_at_least(&game, n, wanted, turn).unwrap()[turn as usize].going_first;
        let deck = labels(n, matching, 0, 0);
        let estimate = monte_carlo(&game, &deck, turn, TRIALS, |c| c[1] >= at_least);
        assert_within_three_standard_errors(
            exact,
            estimate,
            TRIALS,
            &format!("{} {n} {matching} ≥{at_least} t{turn}", game.id),
        );
    }
    // (game, deck size, A, at least A, B, at least B, overlap, turn)
    let double = [
        (zoids(), 40, 12, 1, 8, 1, 0, 2),
        (pr(), 30, 6, 2, 5, 1, 2, 2),
        (zoids(), 40, 10, 1, 10, 1, 10, 1),
    ];
    for (game, n, a, ka, b, kb, overlap, turn) in double {
        let (ca, cb) = (
            Category {
                matching: a,
                at_least: ka,
            },
            Category {
                matching: b,
                at_least: kb,
            },
        );
        let exact = odds_both(&game, n, ca, cb, overlap, turn).unwrap()[turn as usize].going_first;
        let deck = labels(n, a - overlap, b - overlap, overlap);
        // Give the shared cards to A only as far as A still needs them.
        let estimate = monte_carlo(&game, &deck, turn, TRIALS, |c| {
            let for_a = ka.saturating_sub(c[1]).min(c[3]);
            c[1] + for_a >= ka && c[2] + (c[3] - for_a) >= kb
        });
        assert_within_three_standard_errors(
            exact,
            estimate,
            TRIALS,
            &format!("{} {a}/{b}/{overlap} t{turn}", game.id),
        );
    }
}
