//! Two decks of one game, played on the same random numbers.
//!
//! Game `i` of deck A and game `i` of deck B draw from the same stream, so the shuffles
//! line up as far as the decks allow (common random numbers) and the paired differences
//! have far less noise than two independent runs. Differences are B − A.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::error::GoldfishError;
use crate::log::{NoLog, Outcome};
use crate::procedure::{play_game, Procedure, SeatTally};
use crate::report::SimReport;
use crate::simulate::{game_rng, policy_name, run_chunks, sim_report, SimOptions};

/// The result of [`compare`](crate::registry::compare).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub game: String,
    pub games: u64,
    pub seed: u64,
    pub policy: String,
    /// Deck A's own report (the same as `simulate` with these options would give).
    pub a: SimReport,
    pub b: SimReport,
    pub going_first: SeatComparison,
    pub going_second: SeatComparison,
}

/// B against A from one seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatComparison {
    /// Kill turn, over the games both decks won (negative: B kills sooner).
    pub mean_kill_turn: Option<Difference>,
    /// The chance of having won by each turn (positive: B more often).
    pub win_by_turn: BTreeMap<u32, Difference>,
}

/// A paired difference with its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Difference {
    pub a: f64,
    pub b: f64,
    /// `b − a`.
    pub difference: f64,
    /// 95% interval of the difference (normal approximation over the pairs).
    pub ci95: [f64; 2],
    /// True when the interval excludes 0: at this sample size the difference is real.
    pub significant: bool,
    /// How many paired games it rests on.
    pub pairs: u64,
}

/// Both decks' tallies and the joint kill-turn table per seat (`joint[ka * width + kb]`,
/// turn 0 standing for "not won").
struct Paired<F> {
    a: [SeatTally<F>; 2],
    b: [SeatTally<F>; 2],
    joint: [Vec<u64>; 2],
}

pub(crate) fn compare_with<P: Procedure>(
    pa: &P,
    pb: &P,
    game_id: &str,
    options: &SimOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Comparison, GoldfishError> {
    let width = pb.max_turns() as usize + 1;
    let new_paired = || Paired {
        a: [SeatTally::new(pa), SeatTally::new(pa)],
        b: [SeatTally::new(pb), SeatTally::new(pb)],
        joint: [
            vec![0; (pa.max_turns() as usize + 1) * width],
            vec![0; (pa.max_turns() as usize + 1) * width],
        ],
    };
    let mut total = new_paired();
    run_chunks(
        options.games,
        options.threads,
        || (pa.new_state(), pb.new_state()),
        |(sa, sb), range: Range<u64>| {
            let mut part = new_paired();
            for index in range {
                for seat in 0..2 {
                    let going_first = seat == 0;
                    let ra = play_game(
                        pa,
                        sa,
                        &mut game_rng(options.seed, index, going_first),
                        going_first,
                        &mut NoLog,
                        &mut part.a[seat].figures,
                        |_, _, _| {},
                    );
                    let rb = play_game(
                        pb,
                        sb,
                        &mut game_rng(options.seed, index, going_first),
                        going_first,
                        &mut NoLog,
                        &mut part.b[seat].figures,
                        |_, _, _| {},
                    );
                    part.a[seat].record(ra, pa.fired(sa));
                    part.b[seat].record(rb, pb.fired(sb));
                    let won = |r: crate::log::GameResult| {
                        if r.outcome == Outcome::Win {
                            r.turn as usize
                        } else {
                            0
                        }
                    };
                    part.joint[seat][won(ra) * width + won(rb)] += 1;
                }
            }
            part
        },
        |part| {
            for seat in 0..2 {
                total.a[seat].merge(pa, &part.a[seat]);
                total.b[seat].merge(pb, &part.b[seat]);
                for (t, p) in total.joint[seat].iter_mut().zip(&part.joint[seat]) {
                    *t += p;
                }
            }
        },
        progress,
    )?;
    let policy = policy_name(pa, options.policy.as_deref());
    let report = |p: &P, seats: &[SeatTally<P::Figures>; 2]| sim_report(p, game_id, options, seats);
    Ok(Comparison {
        game: game_id.to_owned(),
        games: options.games,
        seed: options.seed,
        policy: policy.clone(),
        a: report(pa, &total.a),
        b: report(pb, &total.b),
        going_first: seat_comparison(&total.joint[0], width),
        going_second: seat_comparison(&total.joint[1], width),
    })
}

/// Paired statistics from a joint table of kill turns (0 = not won).
pub(crate) fn seat_comparison(joint: &[u64], width: usize) -> SeatComparison {
    let cells = || {
        joint
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(move |(i, &n)| (i / width, i % width, n))
    };
    let kill_pairs = Pairs::from(
        cells()
            .filter(|&(ka, kb, _)| ka > 0 && kb > 0)
            .map(|(ka, kb, n)| (ka as f64, kb as f64, n)),
    );
    let last_turn = cells().map(|(ka, kb, _)| ka.max(kb)).max().unwrap_or(0);
    let win_by_turn = (1..=last_turn)
        .filter_map(|turn| {
            let by = |k: usize| f64::from(u8::from(k > 0 && k <= turn));
            Pairs::from(cells().map(|(ka, kb, n)| (by(ka), by(kb), n)))
                .difference()
                .map(|d| (turn as u32, d))
        })
        .collect();
    SeatComparison {
        mean_kill_turn: kill_pairs.difference(),
        win_by_turn,
    }
}

/// Sums over weighted pairs `(a, b, count)`.
#[derive(Default)]
struct Pairs {
    n: u64,
    sum_a: f64,
    sum_b: f64,
    sum_d: f64,
    sum_d2: f64,
}

impl Pairs {
    fn from(pairs: impl Iterator<Item = (f64, f64, u64)>) -> Pairs {
        let mut s = Pairs::default();
        for (a, b, count) in pairs {
            let c = count as f64;
            s.n += count;
            s.sum_a += a * c;
            s.sum_b += b * c;
            s.sum_d += (b - a) * c;
            s.sum_d2 += (b - a).powi(2) * c;
        }
        s
    }

    fn difference(&self) -> Option<Difference> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum_d / n;
        let half = if self.n >= 2 {
            let variance = ((self.sum_d2 - n * mean * mean) / (n - 1.0)).max(0.0);
            1.96 * (variance / n).sqrt()
        } else {
            f64::INFINITY
        };
        let ci95 = [mean - half, mean + half];
        Some(Difference {
            a: self.sum_a / n,
            b: self.sum_b / n,
            difference: mean,
            ci95: if half.is_finite() { ci95 } else { [mean, mean] },
            significant: half.is_finite() && (ci95[0] > 0.0 || ci95[1] < 0.0),
            pairs: self.n,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_consistent_one_turn_gain_is_significant() {
        // 100 pairs: A wins on turn 5, B on turn 4 in every one.
        let width = 7;
        let mut joint = vec![0u64; 7 * width];
        joint[5 * width + 4] = 100;
        let seat = seat_comparison(&joint, width);
        let kill = seat.mean_kill_turn.unwrap();
        assert_eq!((kill.a, kill.b, kill.difference), (5.0, 4.0, -1.0));
        assert!(kill.significant);
        let by4 = &seat.win_by_turn[&4];
        assert_eq!((by4.a, by4.b, by4.difference), (0.0, 1.0, 1.0));
        assert!(seat.win_by_turn[&5].difference == 0.0 && !seat.win_by_turn[&5].significant);
    }

    #[test]
    fn a_difference_within_noise_is_not_significant() {
        // Half the pairs favour A by a turn, half favour B.
        let width = 7;
        let mut joint = vec![0u64; 7 * width];
        joint[5 * width + 4] = 50;
        joint[4 * width + 5] = 50;
        let kill = seat_comparison(&joint, width).mean_kill_turn.unwrap();
        assert_eq!(kill.difference, 0.0);
        assert!(!kill.significant);
        assert!(kill.ci95[0] < 0.0 && kill.ci95[1] > 0.0);
    }
}
