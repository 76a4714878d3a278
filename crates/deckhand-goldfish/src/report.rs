//! The Monte Carlo result, in the JSON shape the CLI's `--json` documents, and the
//! descriptors by which a report describes its own figures.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::procedure::{Procedure, SeatTally};

/// The result of [`crate::simulate`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct SimReport {
    pub game: String,
    /// Games played from each seat: `going_first.games == going_second.games == games`.
    pub games: u64,
    pub seed: u64,
    /// The pilot policy that ran (`default` for games with one pilot).
    pub policy: String,
    pub going_first: SeatReport,
    pub going_second: SeatReport,
    /// Cards whose numbers leave something out (`partial` or `not_simulated` in
    /// `coverage`), sorted by name.
    pub not_simulated: Vec<String>,
    /// Each distinct card's state, and the counts per state.
    #[serde(default)]
    pub coverage: crate::effects::Coverage,
    /// Set by the caller, which checks legality; the engine plays illegal decks as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// The legality errors, when the caller sets `legal: false`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legality_errors: Vec<String>,
    /// `true` for games whose goldfish plays the same from either seat (PR Deck-Building,
    /// Heroes of the Grid, Showdown: nobody acts against you): `going_second` is then a
    /// second, independent sample of the same game rather than another seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats_alike: Option<bool>,
    /// What makes this game's deck better (the game's own measure).
    pub objective: Objective,
    /// The figures each seat report carries for this game, in the order to show them:
    /// renderers draw a report from this list alone.
    pub figures: Vec<Figure>,
    /// What the deck lacks for the game's goldfish to play all of it, one line each (a PR
    /// Deck-Building deck without a Character); the games play anyway.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// How a figure's value reads, and so how it is drawn. Values sit in each seat report
/// under the figure's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum FigureKind {
    /// `{"turn": games}`: games in which something happened on each turn (drawn with its
    /// share of all games and the cumulative share).
    Distribution,
    /// `{"turn": mean}`: a mean at each turn over the games still going then.
    ByTurn,
    /// `{"turn": chance}`, each between 0 and 1, over the games still going then.
    ChanceByTurn,
    /// `{"turn": {"n": chance}}`: the chance of at least n (in the figure's unit) by each
    /// turn; an n below a turn's smallest key is certain, above its largest impossible.
    AtLeastByTurn,
    /// A chance between 0 and 1.
    Chance,
    /// `{"name": mean}`: a mean for each of several entities (per Ranger).
    PerEntity,
    /// A number; `null` when it has none (a mean over no game).
    Scalar,
    /// A number of games (drawn with its share of all games).
    Count,
}

/// One figure of a game's report: which key of the seat report holds it, what to call it
/// and how it reads. Each game declares its own list beside its report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Figure {
    pub key: Cow<'static, str>,
    pub label: Cow<'static, str>,
    pub kind: FigureKind,
    /// What one unit of the value is ("Power", "cards"), where it helps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Cow<'static, str>>,
    /// The key of the value's 95% interval (`[lo, hi]`), when the report has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Cow<'static, str>>,
}

impl Figure {
    /// A figure without unit or interval.
    pub const fn new(key: &'static str, label: &'static str, kind: FigureKind) -> Figure {
        Figure {
            key: Cow::Borrowed(key),
            label: Cow::Borrowed(label),
            kind,
            unit: None,
            interval: None,
        }
    }

    /// A figure whose value counts `unit`s.
    pub const fn with_unit(
        key: &'static str,
        label: &'static str,
        kind: FigureKind,
        unit: &'static str,
    ) -> Figure {
        Figure {
            key: Cow::Borrowed(key),
            label: Cow::Borrowed(label),
            kind,
            unit: Some(Cow::Borrowed(unit)),
            interval: None,
        }
    }

    /// A figure whose 95% interval the report holds under `interval`.
    pub const fn with_interval(
        key: &'static str,
        label: &'static str,
        kind: FigureKind,
        interval: &'static str,
    ) -> Figure {
        Figure {
            key: Cow::Borrowed(key),
            label: Cow::Borrowed(label),
            kind,
            unit: None,
            interval: Some(Cow::Borrowed(interval)),
        }
    }
}

/// Which way is better for an [`Objective`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Better {
    Lower,
    Higher,
}

/// The one number by which a game ranks decks: a figure's value (at one turn, for a
/// per-turn figure).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Objective {
    /// The seat report's key holding the value.
    pub key: Cow<'static, str>,
    pub label: Cow<'static, str>,
    pub better: Better,
    /// For a per-turn figure, the turn whose value counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// The value as a player names it in a sentence: "your average kill turn".
    #[serde(default)]
    pub said: Cow<'static, str>,
    /// What one unit of the value is, which says how a change of it reads.
    #[serde(default)]
    pub unit: ObjectiveUnit,
}

/// What an [`Objective`]'s value counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveUnit {
    /// A turn: a change makes it later or earlier.
    Turn,
    /// A chance between 0 and 1: a change is in percentage points.
    Chance,
    /// Anything else (Power): a change makes it higher or lower.
    #[default]
    Amount,
}

impl Objective {
    /// How a change of the value by `by` reads: "your average kill turn 0.10 turns later",
    /// "your chance of a win 1.2 points lower", "your Power at turn 5 0.30 higher".
    pub fn change(&self, by: f64) -> String {
        let size = by.abs();
        let said = &self.said;
        match self.unit {
            ObjectiveUnit::Turn => {
                let way = if by > 0.0 { "later" } else { "earlier" };
                let noun = if format!("{size:.2}") == "1.00" {
                    "turn"
                } else {
                    "turns"
                };
                format!("{said} {size:.2} {noun} {way}")
            }
            ObjectiveUnit::Chance => {
                let way = if by > 0.0 { "higher" } else { "lower" };
                let points = 100.0 * size;
                let noun = if format!("{points:.1}") == "1.0" {
                    "point"
                } else {
                    "points"
                };
                format!("{said} {points:.1} {noun} {way}")
            }
            ObjectiveUnit::Amount => {
                let way = if by > 0.0 { "higher" } else { "lower" };
                format!("{said} {size:.2} {way}")
            }
        }
    }
}

/// The objective of the games that race to a kill: the mean kill turn, lower is better.
pub const MEAN_KILL_TURN: Objective = Objective {
    key: Cow::Borrowed("mean_kill_turn"),
    label: Cow::Borrowed("Mean kill turn"),
    better: Better::Lower,
    turn: None,
    said: Cow::Borrowed("your average kill turn"),
    unit: ObjectiveUnit::Turn,
};

/// The objective of a game mostly lost, where a mean over the few wins would rank decks by
/// rare luck (PR Deck-Building): the chance of a win, higher is better.
pub const WIN_CHANCE: Objective = Objective {
    key: Cow::Borrowed("win_chance"),
    label: Cow::Borrowed("Chance of a win"),
    better: Better::Higher,
    turn: None,
    said: Cow::Borrowed("your chance of a win"),
    unit: ObjectiveUnit::Chance,
};

/// The key of the mean kill turn's 95% interval.
pub const CI95: &str = "mean_kill_turn_ci95";

/// The figures every race to a kill reports: the outcomes and the kill turns.
pub const KILL_FIGURES: [Figure; 6] = [
    Figure::with_interval("mean_kill_turn", "Mean kill turn", FigureKind::Scalar, CI95),
    Figure::new("median_kill_turn", "Median kill turn", FigureKind::Scalar),
    Figure::new("wins", "Won", FigureKind::Count),
    Figure::new("deck_outs", "Lost to deck-out", FigureKind::Count),
    Figure::new("draws", "Draws", FigureKind::Count),
    Figure::new("kill_turns", "Won on turn", FigureKind::Distribution),
];

/// The results from one seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct SeatReport {
    /// The figure to lead with and why, in the player's words (see [`crate::headline()`]).
    #[serde(default)]
    pub headline: crate::headline::Headline,
    pub games: u64,
    pub wins: u64,
    /// `wins / games`: the chance of a win, every game.
    pub win_chance: f64,
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
    /// Games lost another way than running out of cards (see [`crate::Outcome::Loss`]);
    /// present for the games that can end so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<u64>,
    /// PR Deck-Building: Shards made by playing cards, mean per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shards_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Deck-Building: Energy gained by playing cards (what reached the tracker under its
    /// cap of 20), mean per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Deck-Building: cards bought, mean per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_bought_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Deck-Building: damage taken from adversaries in The Grid, mean per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_taken_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Deck-Building: damage your Attacks dealt the 30-HP goldfish, mean per turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish_damage_by_turn: Option<BTreeMap<u32, f64>>,
    /// PR Deck-Building: games whose character flipped (fourth slot filled) on each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flip_turns: Option<BTreeMap<u32, u64>>,
    /// Heroes of the Grid: the chance that every enemy card is defeated (= wins / games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_defeated_chance: Option<f64>,
    /// Heroes of the Grid: hits dealt to enemy cards, mean per battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits_per_battle: Option<f64>,
    /// Heroes of the Grid: cards each Ranger lost from the deck to defense (revealed and
    /// discarded), mean per battle, by Ranger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_lost_per_ranger: Option<BTreeMap<String, f64>>,
    /// Heroes of the Grid: energy spent on combat cards, mean per battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy_spent_per_battle: Option<f64>,
    /// Heroes of the Grid: battles in which the Rangers were defeated (the deck ran out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranger_defeats: Option<u64>,
    /// Showdown: total Power on your Table at the end of each turn, mean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_by_turn: Option<BTreeMap<u32, f64>>,
    /// Showdown: Main cards put on the Table so far, mean at the end of each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_deployed_by_turn: Option<BTreeMap<u32, f64>>,
    /// Showdown: cards in hand at the end of each turn, mean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_by_turn: Option<BTreeMap<u32, f64>>,
    /// Showdown: `power_at_least_by_turn[T][N]`, the chance of at least N Power on the
    /// Table at the end of turn T (the pilot never loses Power, so also "by turn T"). N runs
    /// from the least Power any game had at T (chance 1; every smaller N is certain too) to
    /// the most any game had.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_at_least_by_turn: Option<BTreeMap<u32, BTreeMap<u32, f64>>>,
    /// Showdown: games whose opening hand was mulliganed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mulligans: Option<u64>,
}

/// A game's own figures for a seat, as its procedure reports them; each game fills the
/// fields it reports (see [`SeatReport`] for their meaning). Per-turn means are over the
/// games still going at that turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatFigures {
    pub first_attack_turns: Option<BTreeMap<u32, u64>>,
    pub damage_by_turn: Option<BTreeMap<u32, f64>>,
    pub summon_chance_by_turn: Option<BTreeMap<u32, f64>>,
    pub shards_by_turn: Option<BTreeMap<u32, f64>>,
    pub energy_by_turn: Option<BTreeMap<u32, f64>>,
    pub cards_bought_by_turn: Option<BTreeMap<u32, f64>>,
    pub damage_taken_by_turn: Option<BTreeMap<u32, f64>>,
    pub goldfish_damage_by_turn: Option<BTreeMap<u32, f64>>,
    pub flip_turns: Option<BTreeMap<u32, u64>>,
    pub all_defeated_chance: Option<f64>,
    pub hits_per_battle: Option<f64>,
    pub cards_lost_per_ranger: Option<BTreeMap<String, f64>>,
    pub energy_spent_per_battle: Option<f64>,
    pub ranger_defeats: Option<u64>,
    pub power_by_turn: Option<BTreeMap<u32, f64>>,
    pub main_deployed_by_turn: Option<BTreeMap<u32, f64>>,
    pub hand_by_turn: Option<BTreeMap<u32, f64>>,
    pub power_at_least_by_turn: Option<BTreeMap<u32, BTreeMap<u32, f64>>>,
    pub mulligans: Option<u64>,
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
    let mut seat = SeatReport {
        headline: crate::headline::Headline::default(),
        games: tally.games,
        wins: tally.wins,
        win_chance: tally.wins as f64 / tally.games.max(1) as f64,
        kill_turns: nonzero_by_turn(&tally.kill_turns),
        mean_kill_turn: stats.map(|s| s.mean),
        mean_kill_turn_ci95: stats.and_then(|s| s.ci95),
        median_kill_turn: stats.map(|s| s.median),
        deck_outs: tally.deck_outs,
        draws: tally.draws,
        first_attack_turns: figures.first_attack_turns,
        damage_by_turn: figures.damage_by_turn,
        summon_chance_by_turn: figures.summon_chance_by_turn,
        losses: P::LOSES.then_some(tally.losses),
        shards_by_turn: figures.shards_by_turn,
        energy_by_turn: figures.energy_by_turn,
        cards_bought_by_turn: figures.cards_bought_by_turn,
        damage_taken_by_turn: figures.damage_taken_by_turn,
        goldfish_damage_by_turn: figures.goldfish_damage_by_turn,
        flip_turns: figures.flip_turns,
        all_defeated_chance: figures.all_defeated_chance,
        hits_per_battle: figures.hits_per_battle,
        cards_lost_per_ranger: figures.cards_lost_per_ranger,
        energy_spent_per_battle: figures.energy_spent_per_battle,
        ranger_defeats: figures.ranger_defeats,
        power_by_turn: figures.power_by_turn,
        main_deployed_by_turn: figures.main_deployed_by_turn,
        hand_by_turn: figures.hand_by_turn,
        power_at_least_by_turn: figures.power_at_least_by_turn,
        mulligans: figures.mulligans,
    };
    let [deck_out, draw, loss] = &tally.end_turns;
    let endings = crate::headline::Endings {
        deck_out,
        draw,
        loss,
    };
    seat.headline = crate::headline::headline(&P::OBJECTIVE, &P::TELLING, &seat, endings);
    seat
}

impl SeatReport {
    /// The per-turn means under `key` (the [`FigureKind::ByTurn`] figures), for a figure
    /// named by its key as an [`Objective`] names it.
    pub fn by_turn(&self, key: &str) -> Option<&BTreeMap<u32, f64>> {
        match key {
            "damage_by_turn" => self.damage_by_turn.as_ref(),
            "summon_chance_by_turn" => self.summon_chance_by_turn.as_ref(),
            "shards_by_turn" => self.shards_by_turn.as_ref(),
            "energy_by_turn" => self.energy_by_turn.as_ref(),
            "cards_bought_by_turn" => self.cards_bought_by_turn.as_ref(),
            "damage_taken_by_turn" => self.damage_taken_by_turn.as_ref(),
            "goldfish_damage_by_turn" => self.goldfish_damage_by_turn.as_ref(),
            "power_by_turn" => self.power_by_turn.as_ref(),
            "main_deployed_by_turn" => self.main_deployed_by_turn.as_ref(),
            "hand_by_turn" => self.hand_by_turn.as_ref(),
            _ => None,
        }
    }
}

/// Per-turn means: `values[t] / reached[t]` for the turns some game reached.
pub fn mean_by_turn(reached: &[u64], values: &[u64]) -> BTreeMap<u32, f64> {
    reached
        .iter()
        .zip(values)
        .enumerate()
        .filter(|(_, (&n, _))| n > 0)
        .map(|(t, (&n, &v))| (t as u32, v as f64 / n as f64))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_of_the_objective_reads_in_its_own_unit_and_direction() {
        let power = Objective {
            key: Cow::Borrowed("power_by_turn"),
            label: Cow::Borrowed("Power on the Table at turn 5"),
            better: Better::Higher,
            turn: Some(5),
            said: Cow::Borrowed("your Power on the Table at turn 5"),
            unit: ObjectiveUnit::Amount,
        };
        for (objective, by, expected) in [
            (
                &MEAN_KILL_TURN,
                0.1,
                "your average kill turn 0.10 turns later",
            ),
            (
                &MEAN_KILL_TURN,
                -1.0,
                "your average kill turn 1.00 turn earlier",
            ),
            (&WIN_CHANCE, -0.012, "your chance of a win 1.2 points lower"),
            (&WIN_CHANCE, 0.01, "your chance of a win 1.0 point higher"),
            (&power, 0.3, "your Power on the Table at turn 5 0.30 higher"),
        ] {
            assert_eq!(objective.change(by), expected);
        }
    }

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
