//! One base deck and many variants of it played on the same games (common random numbers),
//! game by game, on the objective: what per-card impact and the tuner are built on.
//!
//! Each game's value is the objective as the game's report names it ([`Objective`]): the
//! kill turn of a won game for "mean kill turn" (a game not won does not count, as in
//! `compare`), 1 or 0 for a chance of winning, and for a per-turn objective the procedure's
//! [`Procedure::objective_now`] read after that turn. A variant's games pair with the base
//! deck's games that used the same random stream; only pairs where both count are kept.
//!
//! Statistics: the mean of the paired differences with a 95% interval from the normal
//! approximation (the pairs number in the thousands, so the sample mean is close to
//! normal), and a two-sided p-value from the same approximation for the corrections.

use std::collections::HashMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::choice::ChoiceKind;
use crate::compare::Difference;
use crate::error::GoldfishError;
use crate::log::{Action, GameResult, Log, NoLog, Outcome, Zone};
use crate::procedure::{play_game, Procedure};
use crate::report::{Better, Objective, MEAN_KILL_TURN};
use crate::rng::Rng;
use crate::simulate::{game_rng, run_chunks};

/// The 97.5% quantile of the standard normal: a 95% two-sided interval is ± 1.96 σ.
const Z95: f64 = 1.96;

/// Sums over paired values `(a, b)`; the difference is `b − a`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct PairSums {
    pub n: u64,
    sum_a: f64,
    sum_b: f64,
    sum_d: f64,
    sum_d2: f64,
}

impl PairSums {
    #[inline]
    pub fn add(&mut self, a: f64, b: f64) {
        let d = b - a;
        self.n += 1;
        self.sum_a += a;
        self.sum_b += b;
        self.sum_d += d;
        self.sum_d2 += d * d;
    }

    pub fn merge(&mut self, other: &PairSums) {
        self.n += other.n;
        self.sum_a += other.sum_a;
        self.sum_b += other.sum_b;
        self.sum_d += other.sum_d;
        self.sum_d2 += other.sum_d2;
    }

    /// The mean difference and its standard error; `None` below 2 pairs.
    pub fn mean_se(&self) -> Option<(f64, f64)> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum_d / n;
        let variance = ((self.sum_d2 - n * mean * mean) / (n - 1.0)).max(0.0);
        Some((mean, (variance / n).sqrt()))
    }

    /// The two-sided p-value of "no difference" (normal approximation); 1 without spread
    /// and a mean of 0, 0 without spread and any other mean.
    pub fn p_value(&self) -> f64 {
        match self.mean_se() {
            None => 1.0,
            Some((mean, 0.0)) => {
                if mean == 0.0 {
                    1.0
                } else {
                    0.0
                }
            }
            Some((mean, se)) => erfc((mean / se).abs() / std::f64::consts::SQRT_2),
        }
    }

    /// The difference with its 95% interval; `significant` as given (the caller corrects
    /// for the number of tests).
    pub fn difference(&self, significant: bool) -> Option<Difference> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum_d / n;
        let half = self.mean_se().map_or(0.0, |(_, se)| Z95 * se);
        Some(Difference {
            a: self.sum_a / n,
            b: self.sum_b / n,
            difference: mean,
            ci95: [mean - half, mean + half],
            significant,
            pairs: self.n,
        })
    }
}

/// A difference read as an improvement: positive when `b` is better than `a`.
pub(crate) fn improvement(difference: f64, better: Better) -> f64 {
    match better {
        Better::Lower => -difference,
        Better::Higher => difference,
    }
}

/// Holm's step-down correction: which of the tests with p-values `p` are significant at
/// family-wise level `alpha` (the chance of any false claim among them stays below it).
pub(crate) fn holm(p: &[f64], alpha: f64) -> Vec<bool> {
    let mut order: Vec<usize> = (0..p.len()).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let m = p.len();
    let mut significant = vec![false; m];
    for (k, &i) in order.iter().enumerate() {
        if p[i] > alpha / (m - k) as f64 {
            break;
        }
        significant[i] = true;
    }
    significant
}

/// The complementary error function, from Numerical Recipes' Chebyshev fit (relative
/// error below 1.2e-7 everywhere: ample for p-values compared with 0.05 / m).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// A mean with its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Measure {
    /// `null` when no game counted.
    pub value: Option<f64>,
    pub ci95: Option<[f64; 2]>,
    /// The games it rests on.
    pub games: u64,
}

/// Sums of one deck's own values.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct ValueSums {
    n: u64,
    sum: f64,
    sum2: f64,
}

impl ValueSums {
    pub fn add(&mut self, v: f64) {
        self.n += 1;
        self.sum += v;
        self.sum2 += v * v;
    }

    fn merge(&mut self, o: &ValueSums) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum2 += o.sum2;
    }

    pub fn measure(&self) -> Measure {
        let n = self.n as f64;
        let mean = (self.n > 0).then(|| self.sum / n);
        let ci95 = mean.filter(|_| self.n >= 2).map(|m| {
            let half = Z95 * (((self.sum2 - n * m * m) / (n - 1.0)).max(0.0) / n).sqrt();
            [m - half, m + half]
        });
        Measure {
            value: mean,
            ci95,
            games: self.n,
        }
    }
}

/// Where a card was seen in one game of the base deck.
const NOT_SEEN: u8 = 0;
const OPENING: u8 = 1;
const DRAWN: u8 = 2;

/// Games and objective sums per card and per "where seen" (not seen, opening hand, drawn
/// later).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Seen {
    /// `tally[card * 3 + where]`.
    pub games: Vec<u64>,
    pub counted: Vec<ValueSums>,
}

impl Seen {
    fn new(cards: usize) -> Seen {
        Seen {
            games: vec![0; cards * 3],
            counted: vec![ValueSums::default(); cards * 3],
        }
    }

    fn merge(&mut self, o: &Seen) {
        for (a, b) in self.games.iter_mut().zip(&o.games) {
            *a += b;
        }
        for (a, b) in self.counted.iter_mut().zip(&o.counted) {
            a.merge(b);
        }
    }

    /// Games and mean value of card `card` seen `where_` (0 not seen, 1 opening, 2 drawn).
    pub fn observed(&self, card: usize, where_: usize) -> (u64, Option<f64>) {
        let i = card * 3 + where_;
        (self.games[i], self.counted[i].measure().value)
    }
}

/// The logger that notes which of the watched cards (by name) were drawn, and whether
/// into the opening hand (before the setup ends) or later. It keeps no text: decisions are
/// never built (`ENABLED` is false), only the drawn card's name is asked for.
struct SeenLog<'a> {
    names: &'a HashMap<String, usize>,
    opening: bool,
    seen: Vec<u8>,
}

impl Log for SeenLog<'_> {
    const ENABLED: bool = false;
    fn drew(&mut self, card: impl FnOnce() -> String) {
        if let Some(&i) = self.names.get(&card()) {
            if self.seen[i] == NOT_SEEN {
                self.seen[i] = if self.opening { OPENING } else { DRAWN };
            }
        }
    }
    #[inline(always)]
    fn decide(&mut self, _action: Action, _text: impl FnOnce() -> String) {}
    #[inline(always)]
    fn choose(
        &mut self,
        _kind: ChoiceKind,
        pilot: usize,
        _options: impl FnOnce() -> Vec<String>,
        _reason: impl FnOnce() -> String,
        _zones: impl FnOnce() -> Vec<Zone>,
        _rng: &mut Rng,
    ) -> usize {
        pilot
    }
}

/// The objective's value in a game that ended in `result`, for objectives read from the
/// result (`None` when the game does not count).
fn outcome_value(objective: &Objective, result: GameResult) -> Option<f64> {
    let won = result.outcome == Outcome::Win;
    if objective.key == MEAN_KILL_TURN.key {
        won.then(|| f64::from(result.turn))
    } else {
        Some(f64::from(u8::from(won)))
    }
}

/// Plays one game and returns its objective value; `won` tells whether it was won.
#[inline]
#[allow(clippy::too_many_arguments)] // The game's buffers, its stream and its observers.
pub(crate) fn play_value<P: Procedure, L: Log>(
    p: &P,
    state: &mut P::State,
    figures: &mut P::Figures,
    mut rng: Rng,
    going_first: bool,
    log: &mut L,
    mut at_turn: impl FnMut(u32, &mut L),
    won: &mut bool,
) -> Option<f64> {
    let at = P::OBJECTIVE.turn;
    let mut read = None;
    let result = play_game(
        p,
        state,
        &mut rng,
        going_first,
        log,
        figures,
        |turn, state, log| {
            if at == Some(turn) {
                read = p.objective_now(state);
            }
            at_turn(turn, log);
        },
    );
    *won = result.outcome == Outcome::Win;
    match at {
        // A game that ended before the objective's turn counts what it had at its end.
        Some(_) => read.or_else(|| p.objective_now(state)),
        None => outcome_value(&P::OBJECTIVE, result),
    }
}

/// What [`run_paired`] sums over a range of games, both seats together.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Batch {
    /// The base deck's own values.
    pub base: ValueSums,
    /// Per variant (all of them; inactive ones stay empty): base `a`, variant `b`.
    pub pairs: Vec<PairSums>,
    /// Where the watched cards were seen in the base deck's games, when asked.
    pub seen: Option<Seen>,
}

impl Batch {
    fn new(variants: usize, watched: Option<usize>) -> Batch {
        Batch {
            base: ValueSums::default(),
            pairs: vec![PairSums::default(); variants],
            seen: watched.map(Seen::new),
        }
    }

    pub fn merge(&mut self, o: &Batch) {
        self.base.merge(&o.base);
        for (a, b) in self.pairs.iter_mut().zip(&o.pairs) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (&mut self.seen, &o.seen) {
            a.merge(b);
        }
    }
}

/// What one paired run plays.
pub(crate) struct PairedRun<'a, P> {
    pub base: &'a P,
    pub variants: &'a [P],
    /// The variants that play (indices into `variants`).
    pub active: &'a [usize],
    pub seed: u64,
    pub threads: usize,
    /// Card names whose sightings in the base deck's games are tallied.
    pub watch: Option<&'a [String]>,
}

/// Plays games `games` (indices; each from both seats) of the base deck and of each active
/// variant on the same random streams. Chunks merge in index order, so the floating-point
/// sums, and so the result, are the same on any number of threads. `progress` gets the
/// games done in this call.
pub(crate) fn run_paired<P: Procedure>(
    run: &PairedRun<'_, P>,
    games: Range<u64>,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Batch, GoldfishError> {
    let names: HashMap<String, usize> = run
        .watch
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), i))
        .collect();
    let watched = run.watch.map(<[String]>::len);
    let start = games.start;
    let mut parts: Vec<(u64, Batch)> = Vec::new();
    run_chunks(
        games.end - games.start,
        run.threads,
        || {
            let variants: Vec<(P::State, P::Figures)> = run
                .active
                .iter()
                .map(|&k| (run.variants[k].new_state(), run.variants[k].new_figures()))
                .collect();
            (run.base.new_state(), run.base.new_figures(), variants)
        },
        |(state, figures, variants), range| {
            let mut part = Batch::new(run.variants.len(), watched);
            for index in range.start + start..range.end + start {
                for going_first in [true, false] {
                    let rng = game_rng(run.seed, index, going_first);
                    let base = match &mut part.seen {
                        None => play_value(
                            run.base,
                            state,
                            figures,
                            rng.clone(),
                            going_first,
                            &mut NoLog,
                            |_, _| {},
                            &mut false,
                        ),
                        Some(seen) => {
                            let mut log = SeenLog {
                                names: &names,
                                opening: true,
                                seen: vec![NOT_SEEN; names.len()],
                            };
                            let value = play_value(
                                run.base,
                                state,
                                figures,
                                rng.clone(),
                                going_first,
                                &mut log,
                                |turn, log| {
                                    if turn == 0 {
                                        log.opening = false;
                                    }
                                },
                                &mut false,
                            );
                            for (card, &where_) in log.seen.iter().enumerate() {
                                let i = card * 3 + usize::from(where_);
                                seen.games[i] += 1;
                                if let Some(v) = value {
                                    seen.counted[i].add(v);
                                }
                            }
                            value
                        }
                    };
                    if let Some(v) = base {
                        part.base.add(v);
                    }
                    for (&k, (vstate, vfigures)) in run.active.iter().zip(variants.iter_mut()) {
                        let value = play_value(
                            &run.variants[k],
                            vstate,
                            vfigures,
                            rng.clone(),
                            going_first,
                            &mut NoLog,
                            |_, _| {},
                            &mut false,
                        );
                        if let (Some(a), Some(b)) = (base, value) {
                            part.pairs[k].add(a, b);
                        }
                    }
                }
            }
            (range.start, part)
        },
        |part| parts.push(part),
        progress,
    )?;
    parts.sort_by_key(|(start, _)| *start);
    let mut total = Batch::new(run.variants.len(), watched);
    for (_, part) in &parts {
        total.merge(part);
    }
    Ok(total)
}

#[cfg(test)]
mod tests;
