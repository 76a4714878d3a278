use super::*;
use crate::library::Library;
use crate::rng::Rng;

const ZOIDS: &str = "zoids-scramble";
const PR: &str = "pr-acg";

/// 1 − P(none) by the product formula, as an independent check of the ≥1 case.
fn at_least_one(n: u32, matching: u32, seen: u32) -> f64 {
    1.0 - (0..seen)
        .map(|i| f64::from(n - matching - i) / f64::from(n - i))
        .product::<f64>()
}

#[test]
fn the_cards_seen_count_the_real_opening() {
    let zoids = opening(ZOIDS).unwrap();
    let pr = opening(PR).unwrap();
    assert_eq!(zoids.seen(40, 0), 6);
    assert_eq!(zoids.seen(40, 3), 9);
    assert_eq!(
        zoids.seen(12, 5),
        8,
        "capped at the deck less the 4 set aside"
    );
    assert_eq!(pr.seen(30, 0), 5);
    assert_eq!(pr.seen(30, 2), 9);
}

#[test]
fn at_least_one_matches_the_product_formula() {
    let rows = odds_at_least(
        ZOIDS,
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
        PR,
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
        PR,
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
        odds_at_least(ZOIDS, 40, wanted, 3),
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
        odds_both(ZOIDS, 40, a, b, 5, 3),
        Err(GoldfishError::InvalidOdds(_))
    ));
    assert!(matches!(
        odds_both(ZOIDS, 40, b, b, 21, 3),
        Err(GoldfishError::InvalidOdds(_))
    ));
    assert!(matches!(
        odds_at_least(
            ZOIDS,
            9,
            Category {
                matching: 1,
                at_least: 1
            },
            3
        ),
        Err(GoldfishError::TooFewCards { .. })
    ));
    assert!(matches!(
        odds_at_least(
            "sms",
            50,
            Category {
                matching: 1,
                at_least: 1
            },
            3
        ),
        Err(GoldfishError::UnsupportedGame { .. })
    ));
}

/// Deals `trials` shuffled decks the way the game does (set-aside first, unseen) and
/// counts how often `event` holds for the seen cards' labels.
fn monte_carlo(
    game: &str,
    labels: &[u16],
    turn: u32,
    trials: u32,
    event: impl Fn(&[u32; 4]) -> bool,
) -> f64 {
    let opening = opening(game).unwrap();
    let seen = opening.seen(labels.len() as u32, turn);
    let mut library = Library::new(labels);
    let mut rng = Rng::from_seed(0x0dd5);
    let mut hits = 0;
    for _ in 0..trials {
        library.reset(labels);
        for _ in 0..opening.set_aside {
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
        (ZOIDS, 40, 4, 1, 2),
        (ZOIDS, 40, 12, 2, 0),
        (ZOIDS, 12, 3, 1, 5),
        (PR, 30, 3, 1, 3),
        (PR, 30, 9, 3, 1),
    ];
    for (game, n, matching, at_least, turn) in single {
        let wanted = Category { matching, at_least };
        let exact = odds_at_least(game, n, wanted, turn).unwrap()[turn as usize].going_first;
        let deck = labels(n, matching, 0, 0);
        let estimate = monte_carlo(game, &deck, turn, TRIALS, |c| c[1] >= at_least);
        assert_within_three_standard_errors(
            exact,
            estimate,
            TRIALS,
            &format!("{game} {n} {matching} ≥{at_least} t{turn}"),
        );
    }
    // (game, deck size, A, at least A, B, at least B, overlap, turn)
    let double = [
        (ZOIDS, 40, 12, 1, 8, 1, 0, 2),
        (PR, 30, 6, 2, 5, 1, 2, 2),
        (ZOIDS, 40, 10, 1, 10, 1, 10, 1),
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
        let exact = odds_both(game, n, ca, cb, overlap, turn).unwrap()[turn as usize].going_first;
        let deck = labels(n, a - overlap, b - overlap, overlap);
        // Give the shared cards to A only as far as A still needs them.
        let estimate = monte_carlo(game, &deck, turn, TRIALS, |c| {
            let for_a = ka.saturating_sub(c[1]).min(c[3]);
            c[1] + for_a >= ka && c[2] + (c[3] - for_a) >= kb
        });
        assert_within_three_standard_errors(
            exact,
            estimate,
            TRIALS,
            &format!("{game} {a}/{b}/{overlap} t{turn}"),
        );
    }
}
