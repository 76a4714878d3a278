//! From here: how a played game is likely to end, and which option of the pending decision
//! is best, estimated by the pilot playing on from the current position many times.
//!
//! What a player has not seen is not fixed yet: the deck is shuffled lazily (one random
//! pick per draw) and dice are rolled when rolled, so everything hidden at a decision is
//! the game's random numbers after it. A continuation replays the seed and the picks up to
//! the decision, then reseeds the game's generator there ([`Replay`]) and lets the pilot
//! finish: the cards already seen stay where they are, the unseen ones are dealt anew, and
//! the true deck order is never looked at. Each option of the decision is played on the
//! same reseeds (paired), so their difference is the option's, not the deal's.
//!
//! Continuation `i` uses the same reseed whatever the thread count: the estimate depends on
//! the seed, the picks and the number of continuations only.

use std::thread;

use deckhand_core::{Deck, Game};
use serde::{Deserialize, Serialize};

use crate::choice::ChoiceKind;
use crate::compare::Difference;
use crate::error::GoldfishError;
use crate::log::{Action, Log, NoLog, Zone};
use crate::paired::{play_value, Measure, PairSums, ValueSums};
use crate::play::{play, PlayOptions};
use crate::procedure::Procedure;
use crate::registry;
use crate::report::{Better, Objective};
use crate::rng::Rng;
use crate::simulate::{game_rng, worker_threads};

/// The most continuations one estimate plays per option.
pub const MAX_CONTINUATIONS: u32 = 1_000_000;

/// The estimate from the pending decision of a played game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct FromHere {
    /// What the values measure (the game's objective: the mean kill turn, the chance
    /// every enemy falls, Power at turn 5…).
    pub objective: Objective,
    /// The objective from here, the pilot playing on, over `continuations` deals of the
    /// unseen cards.
    pub here: Measure,
    /// The chance of a win from here.
    pub win_chance: f64,
    /// The same objective over whole games of the deck from the start (the deck's average
    /// hand), for comparison.
    pub deck: Measure,
    pub continuations: u32,
    /// Each option of the pending decision played on the same deals (empty unless asked).
    pub options: Vec<OptionValue>,
}

/// One option of the pending decision, played on by the pilot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct OptionValue {
    pub index: u32,
    pub label: String,
    pub value: Measure,
    /// The option with the best value (ties: the lowest index).
    pub best: bool,
    /// The pilot's pick.
    pub pilot: bool,
    /// This option's value minus the best one's, paired on the same deals, with its
    /// interval; absent for the best option itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub versus_best: Option<Difference>,
}

/// The chooser of a continuation: the picks given, then, at decision `fork_at`, a fresh
/// generator and the pilot (or one forced pick) for the rest. Keeps no text.
pub(crate) struct Replay<'a> {
    picks: &'a [u32],
    /// The decision the unseen cards are dealt anew at (the pending one).
    fork_at: u32,
    fork_seed: u64,
    /// The pick taken at `fork_at` (an option compared), or the pilot's.
    forced: Option<u32>,
    asked: u32,
}

impl Log for Replay<'_> {
    const ENABLED: bool = false;
    const CHOOSES: bool = true;
    #[inline(always)]
    fn drew(&mut self, _card: impl FnOnce() -> String) {}
    #[inline(always)]
    fn decide(&mut self, _action: Action, _text: impl FnOnce() -> String) {}
    #[inline]
    fn choosing(&self) -> bool {
        self.asked <= self.fork_at
    }
    fn choose(
        &mut self,
        _kind: ChoiceKind,
        pilot: usize,
        _options: impl FnOnce() -> Vec<String>,
        _reason: impl FnOnce() -> String,
        _zones: impl FnOnce() -> Vec<Zone>,
        rng: &mut Rng,
    ) -> usize {
        let index = self.asked;
        self.asked += 1;
        if index == self.fork_at {
            *rng = Rng::for_game(self.fork_seed, u64::from(index));
            return self.forced.map_or(pilot, |p| p as usize);
        }
        match self.picks.get(index as usize) {
            Some(&p) if index < self.fork_at => p as usize,
            _ => pilot,
        }
    }
}

/// The seed continuation `i` reseeds with: mixed from the game's seed, so two games never
/// share their continuations' deals.
fn fork_seed(seed: u64, i: u32) -> u64 {
    seed ^ 0x5bd1_e995_c3a5_c85c ^ (u64::from(i) << 20).rotate_left(17)
}

/// Plays `continuations` continuations of `options`' game from its pending decision (and,
/// with `compare`, as many per option of it), and `continuations` whole games of the deck.
/// A game with no decision pending (over, or the picks past its end) is
/// [`GoldfishError::InvalidOptions`].
pub fn from_here(
    game: &Game,
    deck: &Deck,
    options: &PlayOptions,
    continuations: u32,
    compare: bool,
) -> Result<FromHere, GoldfishError> {
    if continuations == 0 || continuations > MAX_CONTINUATIONS {
        return Err(GoldfishError::InvalidOptions(format!(
            "continuations are 1 to {MAX_CONTINUATIONS}, not {continuations}"
        )));
    }
    // The replay checks every pick and finds the decision pending.
    let state = play(
        game,
        deck,
        &PlayOptions {
            pilot_rest: false,
            ..options.clone()
        },
    )?;
    let Some(decision) = state.decision else {
        return Err(GoldfishError::InvalidOptions(
            "the game is over: there is no decision to play on from".into(),
        ));
    };
    let labels: Vec<(u32, String)> = match compare {
        true => decision
            .options
            .iter()
            .map(|o| (o.index, o.label.clone()))
            .collect(),
        false => Vec::new(),
    };
    let run = registry::find(&game.id)?.from_here;
    let mut estimate = run(game, deck, options, decision.index, continuations, &labels)?;
    for value in &mut estimate.options {
        value.pilot = value.index == decision.pilot.index;
    }
    Ok(estimate)
}

/// What the continuations of one option gave: per continuation, its objective value (or
/// none, when the game does not count, such as a loss for a kill-turn objective) and
/// whether it was won.
type Values = Vec<(Option<f64>, bool)>;

/// [`from_here`] for a built procedure.
pub(crate) fn from_here_with<P: Procedure>(
    p: &P,
    options: &PlayOptions,
    fork_at: u32,
    continuations: u32,
    labels: &[(u32, String)],
) -> FromHere {
    let seed = options.step.seed;
    let going_first = options.step.going_first;
    let play_on = |forced: Option<u32>| -> Values {
        parallel(continuations, |range| {
            let mut state = p.new_state();
            let mut figures = p.new_figures();
            range
                .map(|i| {
                    let mut replay = Replay {
                        picks: &options.picks,
                        fork_at,
                        fork_seed: fork_seed(seed, i),
                        forced,
                        asked: 0,
                    };
                    let rng = game_rng(seed, 0, going_first);
                    let mut won = false;
                    let value = play_value(
                        p,
                        &mut state,
                        &mut figures,
                        rng,
                        going_first,
                        &mut replay,
                        |_, _| {},
                        &mut won,
                    );
                    (value, won)
                })
                .collect()
        })
    };
    let here = play_on(None);
    // The deck's own games: game i of a run seeded away from this game's seed.
    let deck_values = parallel(continuations, |range| {
        let mut state = p.new_state();
        let mut figures = p.new_figures();
        range
            .map(|i| {
                let mut won = false;
                let rng = game_rng(fork_seed(seed, u32::MAX), u64::from(i), going_first);
                let value = play_value(
                    p,
                    &mut state,
                    &mut figures,
                    rng,
                    going_first,
                    &mut NoLog,
                    |_, _| {},
                    &mut won,
                );
                (value, won)
            })
            .collect()
    });
    let per_option: Vec<Values> = labels.iter().map(|(i, _)| play_on(Some(*i))).collect();
    let objective = P::OBJECTIVE;
    let means: Vec<Option<f64>> = per_option.iter().map(|v| measure(v).value).collect();
    let best = best_index(&means, objective.better);
    let options = labels
        .iter()
        .zip(&per_option)
        .enumerate()
        .map(|(k, ((index, label), values))| OptionValue {
            index: *index,
            label: label.clone(),
            value: measure(values),
            best: Some(k) == best,
            pilot: false,
            versus_best: best
                .filter(|&b| b != k)
                .and_then(|b| paired(&per_option[b], values)),
        })
        .collect();
    FromHere {
        objective,
        win_chance: here.iter().filter(|(_, won)| *won).count() as f64 / f64::from(continuations),
        here: measure(&here),
        deck: measure(&deck_values),
        continuations,
        options,
    }
}

/// Runs `work` over `0..n` split into one contiguous range per worker, concatenated in
/// order: the result does not depend on the thread count.
fn parallel<T: Send>(n: u32, work: impl Fn(std::ops::Range<u32>) -> Vec<T> + Sync) -> Vec<T> {
    let threads = worker_threads(0).clamp(1, 64) as u32;
    let chunk = n.div_ceil(threads).max(1);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .step_by(chunk as usize)
            .map(|start| {
                let work = &work;
                scope.spawn(move || work(start..(start + chunk).min(n)))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a continuation worker panicked"))
            .collect()
    })
}

fn measure(values: &Values) -> Measure {
    let mut sums = ValueSums::default();
    for value in values.iter().filter_map(|(v, _)| *v) {
        sums.add(value);
    }
    sums.measure()
}

/// `b − a` over the continuations both count, with its interval.
fn paired(a: &Values, b: &Values) -> Option<Difference> {
    let mut sums = PairSums::default();
    for ((x, _), (y, _)) in a.iter().zip(b) {
        if let (Some(x), Some(y)) = (x, y) {
            sums.add(*x, *y);
        }
    }
    sums.difference(false)
}

/// The index of the best mean (ties: the lowest index); `None` when none counts.
fn best_index(means: &[Option<f64>], better: Better) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, mean) in means.iter().enumerate() {
        let Some(m) = *mean else { continue };
        let wins = match (best, better) {
            (None, _) => true,
            (Some((_, b)), Better::Lower) => m < b,
            (Some((_, b)), Better::Higher) => m > b,
        };
        if wins {
            best = Some((i, m));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests;
