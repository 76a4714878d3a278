use super::*;

#[test]
fn holm_steps_down_from_the_smallest_p_value() {
    // (p-values, significant at 5%): Holm compares the k-th smallest with 0.05 / (m − k).
    let cases: &[(&[f64], &[bool])] = &[
        (&[0.01, 0.02, 0.03], &[true, true, true]),
        (&[0.01, 0.04, 0.03], &[true, false, false]),
        (&[0.02, 0.5], &[true, false]),
        (&[0.03, 0.5], &[false, false]),
        (&[0.5, 0.001, 0.2, 0.0125], &[false, true, false, true]),
        (&[], &[]),
    ];
    for (p, expected) in cases {
        assert_eq!(holm(p, 0.05), expected.to_vec(), "p = {p:?}");
    }
}

#[test]
fn p_values_follow_the_normal_distribution() {
    // (z, two-sided p) from the standard normal table.
    for (z, p) in [
        (0.0, 1.0),
        (1.0, 0.3173),
        (1.96, 0.05),
        (2.576, 0.01),
        (-3.0, 0.0027),
    ] {
        let got = erfc(f64::abs(z) / std::f64::consts::SQRT_2);
        assert!((got - p).abs() < 1e-4, "z {z}: {got} against {p}");
    }
}

#[test]
fn a_difference_without_spread_is_exact() {
    let mut same = PairSums::default();
    let mut shifted = PairSums::default();
    for turn in [4.0, 5.0, 6.0, 5.0] {
        same.add(turn, turn);
        shifted.add(turn, turn - 1.0);
    }
    let d = same.difference(false).unwrap();
    assert_eq!((d.difference, d.ci95, d.pairs), (0.0, [0.0, 0.0], 4));
    assert_eq!(same.p_value(), 1.0);
    assert_eq!(shifted.p_value(), 0.0);
    assert_eq!(PairSums::default().difference(false), None);
}

/// The interval's coverage where the answer is known: two decks whose kill turns come from
/// the same distribution differ by 0 on average, so the 95% interval of 300 pairs must hold
/// 0 in about 95% of 400 seeded runs (binomial spread ±1.1%: 92–98% is a 2.7σ window).
#[test]
fn the_interval_holds_a_known_zero_difference_in_95_percent_of_runs() {
    let kill_turn = |rng: &mut Rng| f64::from(3 + rng.below(4) + rng.below(3));
    let runs = 400;
    let held = (0..runs)
        .filter(|&seed| {
            let mut rng = Rng::from_seed(seed);
            let mut sums = PairSums::default();
            for _ in 0..300 {
                // Correlated pairs, as common random numbers make them.
                let shared = kill_turn(&mut rng);
                let a = shared + f64::from(rng.below(2));
                let b = shared + f64::from(rng.below(2));
                sums.add(a, b);
            }
            let d = sums.difference(false).unwrap();
            d.ci95[0] <= 0.0 && 0.0 <= d.ci95[1]
        })
        .count();
    let coverage = held as f64 / f64::from(runs as u32);
    assert!((0.92..=0.98).contains(&coverage), "coverage {coverage}");
}

#[test]
fn the_interval_misses_a_real_difference() {
    let mut rng = Rng::from_seed(1);
    let mut sums = PairSums::default();
    for _ in 0..2000 {
        let a = f64::from(3 + rng.below(5));
        sums.add(a, a + f64::from(rng.below(2)));
    }
    let d = sums.difference(true).unwrap();
    assert!(d.ci95[0] > 0.0 && sums.p_value() < 1e-6, "{d:?}");
}
