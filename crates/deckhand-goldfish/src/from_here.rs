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
//!
//! The deck's own games beside every estimate (as many as its continuations) do not depend
//! on the position, nor on the game's seed: they are the same for every decision of every
//! game of a deck played from a seat with the same options. A [`DeckGamesCache`] keeps
//! them, so only the first estimate of a deck plays them ([`from_here_cached`]); the report
//! is the same with or without it.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;
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
use crate::report::{nonzero_by_turn, Better, Figure, FigureKind, Objective, KILL_FIGURES};
use crate::rng::Rng;
use crate::simulate::game_rng;

/// The most continuations one estimate plays per option.
pub const MAX_CONTINUATIONS: u32 = 1_000_000;

/// The most games one estimate plays on from the decision: its continuations times the
/// positions played on (the decision, and each option compared). Bounds the work, not only
/// the count: a PR Deck-Building buy with twenty options at the per-option bound would
/// play for many minutes. The deck's own games beside them are as many as the
/// continuations.
pub const MAX_ESTIMATE_GAMES: u64 = 1_000_000;

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
    /// How the objective's outcome spreads over the continuations and over the deck's own
    /// games: the figure the mean and the chance summarise.
    pub distribution: OutcomeDistribution,
    /// Each option of the pending decision played on the same deals (empty unless asked).
    pub options: Vec<OptionValue>,
}

/// The objective's outcome from here beside the deck's, as histograms in the shape the
/// Monte Carlo report gives its distributions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct OutcomeDistribution {
    /// What the histograms count and how they read. [`FigureKind::Distribution`]: games won
    /// on each turn, read cumulatively ("won by turn T"), for the objectives read from a
    /// game's result (the mean kill turn, a chance of winning). [`FigureKind::AtLeastByTurn`]:
    /// games with each value of an objective read at a turn, read as the chance of at least
    /// N by then (Showdown's Power at turn 5); its unit is the report's.
    pub figure: Figure,
    /// Over the continuations from the pending decision.
    pub here: Outcomes,
    /// Over the deck's own games from the start.
    pub deck: Outcomes,
}

impl OutcomeDistribution {
    /// The share of `outcomes`' games by value `at`, as the figure reads: won by turn `at`,
    /// or with at least `at` at the objective's turn.
    pub fn share(&self, outcomes: &Outcomes, at: u32) -> f64 {
        let games: u64 = match self.figure.kind {
            FigureKind::AtLeastByTurn => outcomes.counts.range(at..).map(|(_, c)| c).sum(),
            _ => outcomes.counts.range(..=at).map(|(_, c)| c).sum(),
        };
        games as f64 / outcomes.games.max(1) as f64
    }

    /// At most `most` values to show the distributions at, in order: every value from the
    /// least to the greatest either set of games had, thinned evenly (keeping both ends)
    /// when there are more.
    pub fn marks(&self, most: usize) -> Vec<u32> {
        let keys = || self.here.counts.keys().chain(self.deck.counts.keys());
        let (Some(&low), Some(&high)) = (keys().min(), keys().max()) else {
            return Vec::new();
        };
        let span = (high - low) as usize + 1;
        let most = most.max(2);
        if span <= most {
            return (low..=high).collect();
        }
        let mut marks: Vec<u32> = (0..most)
            .map(|k| low + ((k * (span - 1)) as f64 / (most - 1) as f64).round() as u32)
            .collect();
        marks.dedup();
        marks
    }
}

/// One set of games' outcomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Outcomes {
    /// `{"value": games}`: games per turn won on, or per value of the objective at its
    /// turn; only values some game had.
    pub counts: BTreeMap<u32, u64>,
    /// Games with no value: not won within the game's turn limit (a lost game, a deck that
    /// ran out); none for an objective read at a turn, which every game has.
    pub none: u64,
    /// Every game: the counts plus `none`.
    pub games: u64,
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

/// What the deck's own games gave: the objective's measure and its outcomes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DeckGames {
    measure: Measure,
    outcomes: Outcomes,
}

/// The deck's own games of the last few (deck, game, seat, options, count) asked about.
#[derive(Default)]
pub struct DeckGamesCache {
    /// Most recently used last; keyed by everything the games depend on, written out whole,
    /// so that two different questions never share an entry.
    entries: Mutex<VecDeque<(String, DeckGames)>>,
}

impl std::fmt::Debug for DeckGamesCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let held = self.entries.lock().map_or(0, |e| e.len());
        write!(f, "DeckGamesCache({held} held)")
    }
}

/// How many decks' games a cache keeps: a player compares a few decks, not dozens.
const CACHED_DECK_GAMES: usize = 8;

impl DeckGamesCache {
    /// Everything the deck's own games depend on: the game's rules, the deck's cards, the
    /// seat, the options that set the game up, and how many. Not the seed nor the picks.
    fn key(game: &Game, deck: &Deck, options: &PlayOptions, continuations: u32) -> String {
        let step = &options.step;
        format!(
            "{game:?}|{deck:?}|{}|{:?}|{:?}|{:?}|{:?}|{continuations}",
            step.going_first, step.side, step.policy, step.effects, step.game
        )
    }

    fn get(&self, key: &str) -> Option<DeckGames> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let at = entries.iter().position(|(k, _)| k == key)?;
        let entry = entries.remove(at)?;
        let games = entry.1.clone();
        entries.push_back(entry);
        Some(games)
    }

    fn put(&self, key: String, games: DeckGames) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain(|(k, _)| *k != key);
        if entries.len() >= CACHED_DECK_GAMES {
            entries.pop_front();
        }
        entries.push_back((key, games));
    }
}

/// The seed of the deck's own games: fixed, so that they are the same beside every game of
/// the deck (and can be kept), and apart from any game's seed a player deals.
const DECK_GAMES_SEED: u64 = 0x9d2c_5680_a5b3_f1e7;

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
    estimate(game, deck, options, continuations, compare, None)
}

/// [`from_here`], the deck's own games taken from `cache` when it holds them (and kept in
/// it when it does not): the same report, without playing them again.
pub fn from_here_cached(
    game: &Game,
    deck: &Deck,
    options: &PlayOptions,
    continuations: u32,
    compare: bool,
    cache: &DeckGamesCache,
) -> Result<FromHere, GoldfishError> {
    estimate(game, deck, options, continuations, compare, Some(cache))
}

fn estimate(
    game: &Game,
    deck: &Deck,
    options: &PlayOptions,
    continuations: u32,
    compare: bool,
    cache: Option<&DeckGamesCache>,
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
    let positions = 1 + labels.len() as u64;
    let games = u64::from(continuations) * positions;
    if games > MAX_ESTIMATE_GAMES {
        return Err(GoldfishError::InvalidOptions(format!(
            "an estimate plays at most {MAX_ESTIMATE_GAMES} games: {continuations} continuations \
             for the decision and each of its {} options make {games}; ask for at most {}",
            labels.len(),
            MAX_ESTIMATE_GAMES / positions
        )));
    }
    let runner = registry::find(&game.id)?;
    let key = cache.map(|_| DeckGamesCache::key(game, deck, options, continuations));
    let known = cache.zip(key.as_deref()).and_then(|(c, k)| c.get(k));
    let fresh = known.is_none();
    let mut estimate = runner.estimate_from_here(
        game,
        deck,
        options,
        decision.index,
        continuations,
        &labels,
        known.as_ref(),
    )?;
    if let (Some(cache), Some(key), true) = (cache, key, fresh) {
        let games = DeckGames {
            measure: estimate.deck.clone(),
            outcomes: estimate.distribution.deck.clone(),
        };
        cache.put(key, games);
    }
    for value in &mut estimate.options {
        value.pilot = value.index == decision.pilot.index;
    }
    Ok(estimate)
}

/// One game played on: its objective value (none when the game does not count, such as a
/// loss for a kill-turn objective), whether it was won, and its last turn.
#[derive(Debug, Clone, Copy)]
struct Played {
    value: Option<f64>,
    won: bool,
    turn: u32,
}

/// What the continuations of one option gave, in continuation order.
type Values = Vec<Played>;

/// Plays one game to its end and notes what [`Played`] keeps.
fn play_one<P: Procedure, L: Log>(
    p: &P,
    state: &mut P::State,
    figures: &mut P::Figures,
    rng: Rng,
    going_first: bool,
    log: &mut L,
) -> Played {
    let mut won = false;
    let mut turn = 0;
    let value = play_value(
        p,
        state,
        figures,
        rng,
        going_first,
        log,
        |t, _| turn = t,
        &mut won,
    );
    Played { value, won, turn }
}

/// [`from_here`] for a built procedure, on `threads` workers (the estimate is the same on
/// any number); `deck_games` are the deck's own games when already played.
pub(crate) fn from_here_with<P: Procedure>(
    p: &P,
    options: &PlayOptions,
    fork_at: u32,
    continuations: u32,
    labels: &[(u32, String)],
    threads: usize,
    deck_games: Option<&DeckGames>,
) -> FromHere {
    let seed = options.step.seed;
    let going_first = options.step.going_first;
    let play_on = |forced: Option<u32>| -> Values {
        parallel(threads, continuations, |range| {
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
                    play_one(p, &mut state, &mut figures, rng, going_first, &mut replay)
                })
                .collect()
        })
    };
    let here = play_on(None);
    let figure = outcome_figure(p);
    let deck = match deck_games {
        Some(games) => games.clone(),
        None => {
            // The deck's own games: game i of a run with the deck games' seed.
            let values = parallel(threads, continuations, |range| {
                let mut state = p.new_state();
                let mut figures = p.new_figures();
                range
                    .map(|i| {
                        let rng = game_rng(DECK_GAMES_SEED, u64::from(i), going_first);
                        play_one(p, &mut state, &mut figures, rng, going_first, &mut NoLog)
                    })
                    .collect()
            });
            DeckGames {
                measure: measure(&values),
                outcomes: outcomes(&values, figure.kind),
            }
        }
    };
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
        win_chance: here.iter().filter(|g| g.won).count() as f64 / f64::from(continuations),
        here: measure(&here),
        deck: deck.measure,
        continuations,
        distribution: OutcomeDistribution {
            here: outcomes(&here, figure.kind),
            deck: deck.outcomes,
            figure,
        },
        options,
    }
}

/// What a game's outcome histogram counts: for an objective read at a turn, its value then
/// (the report's figure for that key lends the unit); for the others, the turn of the win,
/// as the report's kill-turn figure.
fn outcome_figure<P: Procedure>(p: &P) -> Figure {
    let objective = P::OBJECTIVE;
    match objective.turn {
        Some(_) => Figure {
            kind: FigureKind::AtLeastByTurn,
            unit: p
                .figures()
                .into_iter()
                .find(|f| f.key == objective.key)
                .and_then(|f| f.unit),
            interval: None,
            key: objective.key,
            label: objective.label,
        },
        None => KILL_FIGURES[5].clone(),
    }
}

/// The histogram of `values` for a figure of `kind` (see [`OutcomeDistribution::figure`]).
fn outcomes(values: &Values, kind: FigureKind) -> Outcomes {
    let mut counts: Vec<u64> = Vec::new();
    let mut none = 0;
    for game in values {
        let key = match kind {
            // The objectives read at a turn count whole units (Power).
            FigureKind::AtLeastByTurn => game.value.map(|v| v.round().max(0.0) as usize),
            _ => game.won.then_some(game.turn as usize),
        };
        match key {
            Some(k) => {
                if counts.len() <= k {
                    counts.resize(k + 1, 0);
                }
                counts[k] += 1;
            }
            None => none += 1,
        }
    }
    Outcomes {
        counts: nonzero_by_turn(&counts),
        none,
        games: values.len() as u64,
    }
}

/// Runs `work` over `0..n` split into one contiguous range per worker, concatenated in
/// order: the result does not depend on the thread count.
fn parallel<T: Send>(
    threads: usize,
    n: u32,
    work: impl Fn(std::ops::Range<u32>) -> Vec<T> + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, 64) as u32;
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
    for value in values.iter().filter_map(|g| g.value) {
        sums.add(value);
    }
    sums.measure()
}

/// `b − a` over the continuations both count, with its interval.
fn paired(a: &Values, b: &Values) -> Option<Difference> {
    let mut sums = PairSums::default();
    for (x, y) in a.iter().zip(b) {
        if let (Some(x), Some(y)) = (x.value, y.value) {
            sums.add(x, y);
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
