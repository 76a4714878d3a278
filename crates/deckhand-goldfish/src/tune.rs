//! The deck tuner: legal one-for-one swaps, each accepted only when the paired difference
//! on the objective is significant after Holm's correction over every candidate tried in
//! its round.
//!
//! A round: every swap of one copy of a counted card for one pool card that the caller's
//! legality check accepts is a candidate. All candidates play the current deck's games on
//! the same random numbers (`paired.rs`) in looks at 1/8, 1/4, 1/2 and all of the games.
//! After each interim look, a candidate whose improvement is below −1 standard error is
//! dropped (clearly worse: it would very rarely end significantly better), as is one that
//! plays exactly like the current deck. Dropping is a futility rule only: it can stop a
//! candidate from being accepted, never make one accepted, so the final test keeps its
//! level without spending alpha on the looks. After the last look the survivors'
//! two-sided p-values (an improvement's; any other counts as p = 1) go through Holm at a
//! family-wise 5% over all candidates of the round, and the significant swap with the
//! largest improvement is made. The tuner stops when a round accepts none.
//!
//! Each round draws from its own seed, derived from the run's, so that one round's luck is
//! not the next's. The same seed gives the same path on any number of threads. The
//! reported difference of a step is the estimate that selected it, so it is somewhat
//! optimistic (the best of many); the start and end measures are plain runs of the same
//! games.

use deckhand_core::{Card, Deck, Game};
use serde::Serialize;

use crate::deck_cards::replace_one;
use crate::error::GoldfishError;
use crate::impact::{counted_cards, ALPHA};
use crate::paired::{holm, improvement, run_paired, Measure, PairSums, PairedRun};
use crate::procedure::Procedure;
use crate::report::{Better, Objective};
use crate::rng::Rng;
use crate::simulate::{policy_name, SimOptions};

/// The most rounds a run may ask for.
pub const MAX_ROUNDS: u32 = 1000;

/// A candidate more than this many standard errors worse is dropped at an interim look.
const FUTILITY_Z: f64 = -1.0;

/// How to tune.
#[derive(Debug, Clone)]
pub struct TuneOptions {
    /// `games` is the games per seat each candidate plays in full; the rest as in a
    /// simulation.
    pub sim: SimOptions,
    pub rounds: u32,
    /// The cards that may come in.
    pub pool: Vec<Card>,
}

/// Where a run is, for a progress bar.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct TuneProgress {
    /// 1-based.
    pub round: u32,
    pub rounds: u32,
    /// Candidates of this round, and how many are still playing.
    pub candidates: usize,
    pub active: usize,
    /// Games (per seat) of this round's schedule played, out of `games`.
    pub games_done: u64,
    pub games: u64,
    /// The swaps accepted so far.
    pub steps: Vec<TuneStep>,
}

/// One accepted swap.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct TuneStep {
    pub out: String,
    #[serde(rename = "in")]
    pub in_: String,
    pub out_id: String,
    pub in_id: String,
    /// The section both sit in.
    pub section: String,
    /// New deck − current deck on the objective, with its 95% interval.
    pub difference: f64,
    /// The difference in a player's words: "makes your average kill turn 0.12 turns
    /// earlier".
    pub said: String,
    pub ci95: [f64; 2],
    /// The candidates tried in its round (the Holm correction's count).
    pub candidates: usize,
}

/// A line of the final deck.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct DeckCount {
    pub card: String,
    pub count: u32,
    pub section: String,
}

/// The result of [`tune`](crate::registry::tune).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct TuneReport {
    pub game: String,
    pub seed: u64,
    pub games: u64,
    pub rounds: u32,
    pub policy: String,
    pub objective: Objective,
    pub correction: String,
    pub start: Measure,
    pub steps: Vec<TuneStep>,
    pub end: Measure,
    pub deck: Vec<DeckCount>,
    /// Every deck passed through, the last included, passed the legality check.
    pub legal: bool,
    /// Why it stopped: `converged` (a round found no significant improvement), `rounds`,
    /// or `no-candidates` (no legal swap).
    pub stopped: String,
    /// The final deck itself, for writing out.
    #[serde(skip)]
    pub final_deck: Deck,
}

/// Refuses more rounds than [`MAX_ROUNDS`].
pub(crate) fn check_rounds(rounds: u32) -> Result<(), GoldfishError> {
    if rounds > MAX_ROUNDS {
        return Err(GoldfishError::InvalidOptions(format!(
            "rounds: {rounds} is out of range: a tuning runs 0 to {MAX_ROUNDS} rounds"
        )));
    }
    Ok(())
}

/// The seed of round `round`.
fn round_seed(seed: u64, round: u32) -> u64 {
    Rng::for_game(seed, u64::MAX - u64::from(round)).next_u64()
}

/// Where the looks fall: 1/8, 1/4, 1/2 and all of `games`, each at least one game.
fn looks(games: u64) -> Vec<u64> {
    let mut points: Vec<u64> = [games / 8, games / 4, games / 2, games]
        .into_iter()
        .filter(|&g| g > 0)
        .collect();
    points.dedup();
    points
}

/// Whether a candidate plays on after an interim look.
fn keeps_playing(sums: &PairSums, better: Better) -> bool {
    match sums.mean_se() {
        None => true,
        // No spread: it plays exactly like the current deck, or differs by the same
        // amount in every pair.
        Some((mean, 0.0)) => improvement(mean, better) > 0.0,
        Some((mean, se)) => improvement(mean, better) / se >= FUTILITY_Z,
    }
}

/// Merges the lines of one card in one section (swaps add lines) into the first one.
fn tidy(deck: &Deck) -> Deck {
    let mut out = deck.clone();
    out.entries.clear();
    for entry in &deck.entries {
        match out
            .entries
            .iter_mut()
            .find(|e| e.section == entry.section && e.card.id == entry.card.id)
        {
            Some(e) => e.count += entry.count,
            None => out.entries.push(entry.clone()),
        }
    }
    out
}

pub(crate) fn tune_with<P: Procedure>(
    game: &Game,
    deck: &Deck,
    options: &TuneOptions,
    build: impl Fn(&Deck) -> Result<P, GoldfishError>,
    legal: &mut dyn FnMut(&Deck) -> bool,
    progress: &mut dyn FnMut(&TuneProgress) -> bool,
) -> Result<TuneReport, GoldfishError> {
    let sim = &options.sim;
    let better = P::OBJECTIVE.better;
    let measure = |deck: &Deck, progress: &mut dyn FnMut(u64) -> bool| {
        let base = build(deck)?;
        let batch = run_paired(
            &PairedRun {
                base: &base,
                variants: &[],
                active: &[],
                seed: sim.seed,
                threads: sim.threads,
                watch: None,
            },
            0..sim.games,
            progress,
        )?;
        Ok::<_, GoldfishError>((
            batch.base.measure(),
            policy_name(&base, sim.policy.as_deref()),
        ))
    };
    let mut steps: Vec<TuneStep> = Vec::new();
    let mut state = TuneProgress {
        round: 0,
        rounds: options.rounds,
        candidates: 0,
        active: 0,
        games_done: 0,
        games: sim.games,
        steps: Vec::new(),
    };
    let (start, policy) = measure(deck, &mut |done| {
        state.games_done = done;
        progress(&state)
    })?;
    let mut current = tidy(deck);
    let mut all_legal = legal(&current);
    let mut stopped = "rounds";
    for round in 0..options.rounds {
        let base = build(&current)?;
        let mut candidates: Vec<(TuneStep, P)> = Vec::new();
        for (out_id, out_name, section, _) in counted_cards(game, &current) {
            for card in options.pool.iter().filter(|c| c.id != out_id) {
                let Some(swapped) = replace_one(&current, &section, &out_id, card.clone()) else {
                    continue;
                };
                if !legal(&swapped) {
                    continue;
                }
                // A deck the engine cannot play (too few cards for the opening) is no
                // candidate.
                let Ok(p) = build(&swapped) else { continue };
                let step = TuneStep {
                    out: out_name.clone(),
                    in_: card.name.clone(),
                    out_id: out_id.clone(),
                    in_id: card.id.clone(),
                    section: section.clone(),
                    difference: 0.0,
                    said: String::new(),
                    ci95: [0.0, 0.0],
                    candidates: 0,
                };
                candidates.push((step, p));
            }
        }
        if candidates.is_empty() {
            stopped = "no-candidates";
            break;
        }
        let (mut tried, variants): (Vec<TuneStep>, Vec<P>) = candidates.into_iter().unzip();
        let mut sums = vec![PairSums::default(); variants.len()];
        let mut active: Vec<usize> = (0..variants.len()).collect();
        let seed = round_seed(sim.seed, round);
        let mut done = 0;
        state.round = round + 1;
        state.candidates = variants.len();
        for look in looks(sim.games) {
            state.active = active.len();
            let batch = run_paired(
                &PairedRun {
                    base: &base,
                    variants: &variants,
                    active: &active,
                    seed,
                    threads: sim.threads,
                    watch: None,
                },
                done..look,
                &mut |n| {
                    state.games_done = done + n;
                    progress(&state)
                },
            )?;
            for &k in &active {
                sums[k].merge(&batch.pairs[k]);
            }
            done = look;
            if look < sim.games {
                active.retain(|&k| keeps_playing(&sums[k], better));
                if active.is_empty() {
                    break;
                }
            }
        }
        let p: Vec<f64> = (0..variants.len())
            .map(|k| {
                let improves = sums[k]
                    .mean_se()
                    .is_some_and(|(mean, _)| improvement(mean, better) > 0.0);
                if active.contains(&k) && improves {
                    sums[k].p_value()
                } else {
                    1.0
                }
            })
            .collect();
        let significant = holm(&p, ALPHA);
        let best = (0..variants.len())
            .filter(|&k| significant[k])
            .filter_map(|k| {
                sums[k]
                    .mean_se()
                    .map(|(mean, _)| (k, improvement(mean, better)))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
        let Some((k, _)) = best else {
            stopped = "converged";
            break;
        };
        let d = sums[k].difference(true).expect("pairs were played");
        let mut step = tried.swap_remove(k);
        step.difference = d.difference;
        step.said = format!("makes {}", P::OBJECTIVE.change(d.difference));
        step.ci95 = d.ci95;
        step.candidates = variants.len();
        current = tidy(
            &replace_one(&current, &step.section, &step.out_id, {
                let card = options.pool.iter().find(|c| c.id == step.in_id);
                card.expect("a pool card").clone()
            })
            .expect("the candidate's copy is there"),
        );
        all_legal &= legal(&current);
        steps.push(step);
        state.steps = steps.clone();
    }
    let (end, _) = measure(&current, &mut |_| true)?;
    let deck_lines = current
        .entries
        .iter()
        .map(|e| DeckCount {
            card: e.card.name.clone(),
            count: e.count,
            section: e.section.clone(),
        })
        .collect();
    Ok(TuneReport {
        game: game.id.clone(),
        seed: sim.seed,
        games: sim.games,
        rounds: options.rounds,
        policy,
        objective: P::OBJECTIVE,
        correction: "holm".into(),
        start,
        steps,
        end,
        deck: deck_lines,
        legal: all_legal,
        stopped: stopped.into(),
        final_deck: current,
    })
}

#[cfg(test)]
mod tests;
