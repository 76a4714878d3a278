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
    /// Games lost another way than running out of cards (see [`crate::Outcome::Loss`]);
    /// present for the games that can end so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<u64>,
    /// The game's own figures, each under the key its report's [`Figure`] declares
    /// (`damage_by_turn`, `all_defeated_chance`…; the games' sections of docs/goldfish.md
    /// say what each means). Written beside the common figures, as one object. The app
    /// reads them by the report's keys, so they are not spelled out in its types.
    #[serde(flatten)]
    #[ts(skip)]
    pub figures: OwnFigures,
}

/// A seat's own figures in the order its game reports them (the order they are written
/// and shown in). Two are equal when they hold the same figures, in any order (a JSON
/// object read into a map comes back sorted).
#[derive(Debug, Clone, Default)]
pub struct OwnFigures(Vec<(String, FigureValue)>);

impl PartialEq for OwnFigures {
    fn eq(&self, other: &OwnFigures) -> bool {
        self.0.len() == other.0.len() && self.0.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl OwnFigures {
    pub fn get(&self, key: &str) -> Option<&FigureValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Sets `key`'s value, keeping its place when it has one.
    pub fn insert(&mut self, key: impl Into<String>, value: FigureValue) {
        let key = key.into();
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => self.0.push((key, value)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }
}

impl Serialize for OwnFigures {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for OwnFigures {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = OwnFigures;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a game's figures, by key")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<OwnFigures, A::Error> {
                let mut figures = OwnFigures::default();
                while let Some((key, value)) = map.next_entry::<String, FigureValue>()? {
                    figures.insert(key, value);
                }
                Ok(figures)
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// The value of one of a game's own figures. Written as its plain JSON value; read back by
/// its shape (see the `Deserialize` below).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FigureValue {
    /// A count of games (`ranger_defeats`).
    Count(u64),
    /// A chance or a mean (`hits_per_battle`).
    Scalar(f64),
    /// Games per turn (`first_attack_turns`).
    Counts(BTreeMap<u32, u64>),
    /// A mean per turn (`damage_by_turn`).
    ByTurn(BTreeMap<u32, f64>),
    /// A mean per name (`cards_lost_per_ranger`).
    Named(BTreeMap<String, f64>),
    /// A chance per turn and amount (`power_at_least_by_turn`).
    Table(BTreeMap<u32, BTreeMap<u32, f64>>),
}

/// A figure as written: a flattened map reaches serde with string keys, so turns are told
/// from names by whether every key is a number (an empty map reads as per-turn counts).
#[derive(Deserialize)]
#[serde(untagged)]
enum WrittenFigure {
    Count(u64),
    Scalar(f64),
    Counts(BTreeMap<String, u64>),
    Means(BTreeMap<String, f64>),
    Table(BTreeMap<String, BTreeMap<String, f64>>),
}

impl<'de> Deserialize<'de> for FigureValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        fn turns<V>(map: BTreeMap<String, V>) -> Result<BTreeMap<u32, V>, BTreeMap<String, V>> {
            match map.keys().all(|k| k.parse::<u32>().is_ok()) {
                true => Ok(map
                    .into_iter()
                    .map(|(k, v)| (k.parse().unwrap_or_default(), v))
                    .collect()),
                false => Err(map),
            }
        }
        let bad = |what: &str| serde::de::Error::custom(format!("a figure's {what} is not a turn"));
        Ok(match WrittenFigure::deserialize(deserializer)? {
            WrittenFigure::Count(n) => FigureValue::Count(n),
            WrittenFigure::Scalar(x) => FigureValue::Scalar(x),
            WrittenFigure::Counts(map) => FigureValue::Counts(turns(map).map_err(|_| bad("key"))?),
            WrittenFigure::Means(map) => match turns(map) {
                Ok(by_turn) => FigureValue::ByTurn(by_turn),
                Err(by_name) => FigureValue::Named(by_name),
            },
            WrittenFigure::Table(rows) => FigureValue::Table(
                turns(rows)
                    .map_err(|_| bad("row"))?
                    .into_iter()
                    .map(|(t, row)| Ok((t, turns(row).map_err(|_| bad("column"))?)))
                    .collect::<Result<_, D::Error>>()?,
            ),
        })
    }
}

impl From<u64> for FigureValue {
    fn from(n: u64) -> FigureValue {
        FigureValue::Count(n)
    }
}

impl From<f64> for FigureValue {
    fn from(x: f64) -> FigureValue {
        FigureValue::Scalar(x)
    }
}

impl From<BTreeMap<u32, u64>> for FigureValue {
    fn from(map: BTreeMap<u32, u64>) -> FigureValue {
        FigureValue::Counts(map)
    }
}

impl From<BTreeMap<u32, f64>> for FigureValue {
    fn from(map: BTreeMap<u32, f64>) -> FigureValue {
        FigureValue::ByTurn(map)
    }
}

impl From<BTreeMap<String, f64>> for FigureValue {
    fn from(map: BTreeMap<String, f64>) -> FigureValue {
        FigureValue::Named(map)
    }
}

impl From<BTreeMap<u32, BTreeMap<u32, f64>>> for FigureValue {
    fn from(map: BTreeMap<u32, BTreeMap<u32, f64>>) -> FigureValue {
        FigureValue::Table(map)
    }
}

/// A game's own figures for a seat, as its procedure reports them: each under a key its
/// [`Procedure::figures`] declares. Per-turn means are over the games still going at that
/// turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatFigures(pub Vec<(&'static str, FigureValue)>);

impl<const N: usize> From<[(&'static str, FigureValue); N]> for SeatFigures {
    fn from(figures: [(&'static str, FigureValue); N]) -> SeatFigures {
        SeatFigures(figures.into())
    }
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
        losses: P::LOSES.then_some(tally.losses),
        figures: OwnFigures(
            figures
                .0
                .into_iter()
                .map(|(key, value)| (key.to_owned(), value))
                .collect(),
        ),
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
        match self.figures.get(key) {
            Some(FigureValue::ByTurn(means)) => Some(means),
            _ => None,
        }
    }

    /// The game's own figure under `key`, if its report has one.
    pub fn figure(&self, key: &str) -> Option<&FigureValue> {
        self.figures.get(key)
    }

    /// A chance or a mean under `key`.
    pub fn scalar(&self, key: &str) -> Option<f64> {
        match self.figures.get(key) {
            Some(FigureValue::Scalar(x)) => Some(*x),
            _ => None,
        }
    }

    /// A count of games under `key`.
    pub fn count(&self, key: &str) -> Option<u64> {
        match self.figures.get(key) {
            Some(FigureValue::Count(n)) => Some(*n),
            _ => None,
        }
    }

    /// Games per turn under `key`.
    pub fn counts(&self, key: &str) -> Option<&BTreeMap<u32, u64>> {
        match self.figures.get(key) {
            Some(FigureValue::Counts(per_turn)) => Some(per_turn),
            _ => None,
        }
    }

    /// A mean per name under `key`.
    pub fn named(&self, key: &str) -> Option<&BTreeMap<String, f64>> {
        match self.figures.get(key) {
            Some(FigureValue::Named(per_name)) => Some(per_name),
            _ => None,
        }
    }

    /// A chance per turn and amount under `key`.
    pub fn table(&self, key: &str) -> Option<&BTreeMap<u32, BTreeMap<u32, f64>>> {
        match self.figures.get(key) {
            Some(FigureValue::Table(rows)) => Some(rows),
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
