//! The Monte Carlo result, in the JSON shape the CLI's `--json` documents.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::procedure::{Procedure, SeatTally};

/// The result of [`crate::simulate`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    pub game: String,
    /// Games played from each seat: `going_first.games == going_second.games == games`.
    pub games: u64,
    pub seed: u64,
    /// The pilot policy that ran (`default` for games with one pilot).
    pub policy: String,
    pub going_first: SeatReport,
    pub going_second: SeatReport,
    /// Cards whose printed effects the engine does not play (see the crate docs for the
    /// rule), sorted by name.
    pub not_simulated: Vec<String>,
    /// Set by the caller, which checks legality; the engine plays illegal decks as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// The legality errors, when the caller sets `legal: false`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legality_errors: Vec<String>,
}

/// The results from one seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatReport {
    pub games: u64,
    pub wins: u64,
    /// Games won on each of your turns (only turns with wins appear).
    pub kill_turns: BTreeMap<u32, u64>,
    /// Over won games; `null` when none was won.
    pub mean_kill_turn: Option<f64>,
    /// A 95% interval for the mean kill turn (normal approximation); `null` below 2 wins.
    pub mean_kill_turn_ci95: Option<[f64; 2]>,
    /// The lower median kill turn over won games; `null` when none was won.
    pub median_kill_turn: Option<u32>,
    /// Games lost because your deck ran out first.
    pub deck_outs: u64,
    /// Games in which both decks ran out at the same moment.
    pub draws: u64,
    /// Zoids Scramble: games whose first attack came on each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_attack_turns: Option<BTreeMap<u32, u64>>,
    /// PR Action: the mean number of cards your battle removed from the opponent's deck
    /// on each turn, over the games still going at that turn's summon step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Action: the chance of summoning on each turn, over the games still going at that
    /// turn's summon step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summon_chance_by_turn: Option<BTreeMap<u32, f64>>,
}

/// A game's own figures for a seat; each game fills the fields it reports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatFigures {
    pub first_attack_turns: Option<BTreeMap<u32, u64>>,
    pub damage_by_turn: Option<BTreeMap<u32, f64>>,
    pub summon_chance_by_turn: Option<BTreeMap<u32, f64>>,
}

/// Mean, median and 95% interval of a histogram `counts[value]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HistogramStats {
    pub n: u64,
    pub mean: f64,
    pub ci95: Option<[f64; 2]>,
    pub median: u32,
}

/// Statistics of a histogram; `None` when it is empty.
pub fn histogram_stats(counts: &[u64]) -> Option<HistogramStats> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let nf = n as f64;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(t, &c)| t as f64 * c as f64)
        .sum::<f64>()
        / nf;
    let ci95 = (n >= 2).then(|| {
        let variance = counts
            .iter()
            .enumerate()
            .map(|(t, &c)| (t as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / (nf - 1.0);
        let half = 1.96 * (variance / nf).sqrt();
        [mean - half, mean + half]
    });
    let mut seen = 0;
    let mut median = 0;
    for (t, &c) in counts.iter().enumerate() {
        seen += c;
        if 2 * seen >= n {
            median = t as u32;
            break;
        }
    }
    Some(HistogramStats {
        n,
        mean,
        ci95,
        median,
    })
}

/// The nonzero entries of a per-turn table, keyed by turn.
pub fn nonzero_by_turn(counts: &[u64]) -> BTreeMap<u32, u64> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(t, &c)| (t as u32, c))
        .collect()
}

pub(crate) fn seat_report<P: Procedure>(
    procedure: &P,
    tally: &SeatTally<P::Figures>,
) -> SeatReport {
    let stats = histogram_stats(&tally.kill_turns);
    let figures = procedure.report_figures(&tally.figures, tally.games);
    SeatReport {
        games: tally.games,
        wins: tally.wins,
        kill_turns: nonzero_by_turn(&tally.kill_turns),
        mean_kill_turn: stats.map(|s| s.mean),
        mean_kill_turn_ci95: stats.and_then(|s| s.ci95),
        median_kill_turn: stats.map(|s| s.median),
        deck_outs: tally.deck_outs,
        draws: tally.draws,
        first_attack_turns: figures.first_attack_turns,
        damage_by_turn: figures.damage_by_turn,
        summon_chance_by_turn: figures.summon_chance_by_turn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_statistics_are_the_textbook_ones() {
        // Kill turns 4, 5, 5, 6.
        let stats = histogram_stats(&[0, 0, 0, 0, 1, 2, 1]).unwrap();
        assert_eq!(stats.n, 4);
        assert!((stats.mean - 5.0).abs() < 1e-12);
        assert_eq!(stats.median, 5);
        let half = 1.96 * ((2.0 / 3.0) / 4.0f64).sqrt();
        let [lo, hi] = stats.ci95.unwrap();
        assert!((lo - (5.0 - half)).abs() < 1e-12 && (hi - (5.0 + half)).abs() < 1e-12);
        assert_eq!(histogram_stats(&[0, 0]), None);
        assert_eq!(histogram_stats(&[0, 1]).unwrap().ci95, None);
    }
}
