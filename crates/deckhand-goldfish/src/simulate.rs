//! Monte Carlo runs and the step-through, for any game with a procedure.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use deckhand_core::{Card, Side};
use serde::{Deserialize, Serialize};

use crate::choice::Picks;
use crate::effects::EffectsMode;
use crate::error::GoldfishError;
use crate::game_options::GameOptions;
use crate::log::{GameLog, NoLog, Recorder, TurnLog};
use crate::procedure::{play_game, Procedure, SeatTally};
use crate::report::{seat_report, SimReport};
use crate::rng::Rng;

/// The policy every game has; games with several name theirs
/// (docs/pilots.md#pr-deck-building-a-turn).
pub const DEFAULT_POLICY: &str = "default";

/// Games per work unit. Each unit is seeded by its games' indices, not by the thread that
/// runs it, so the unit size and the thread count never change a result.
const CHUNK: u64 = 2048;

/// The most games one run plays from each seat: 100 million, minutes on a few cores. The
/// kill-turn figures settle within a few hundred thousand; a larger number is a slip that
/// would run for days.
pub const MAX_GAMES: u64 = 100_000_000;

/// How to run a simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimOptions {
    /// Games played from each seat: `games` going first and `games` going second.
    pub games: u64,
    pub seed: u64,
    /// Worker threads; 0 uses every core, and more than the cores use every core (see
    /// [`worker_threads`]). The result never depends on it.
    pub threads: usize,
    /// The deck's side where the game has sides (PR Action's hero or villain deck plays the
    /// same goldfish; later games use it).
    pub side: Option<Side>,
    /// The pilot policy; `None` is the game's default (PR Deck-Building: `buy-first` or
    /// `battle-first`).
    pub policy: Option<String>,
    /// Which effects play (`--effects`): all of them, or keyword effects only.
    pub effects: EffectsMode,
    /// The options only some games take (an enemy line-up…); refused by a game that does
    /// not take them.
    pub game: GameOptions,
}

impl Default for SimOptions {
    fn default() -> SimOptions {
        SimOptions {
            games: 100_000,
            seed: 0,
            threads: 0,
            side: None,
            policy: None,
            effects: EffectsMode::All,
            game: GameOptions::default(),
        }
    }
}

/// One enemy of a Heroes of the Grid line-up: an enemy deck and how many figures of it
/// fight. Foot soldiers draw one card per figure into the bottom row (at most 4 foot
/// soldiers in a battle); a Monster or Boss draws 4 cards into the top row, whatever
/// `figures` says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnemyGroup {
    /// The enemy deck's name (the cards' subtype: "Putty Patrollers", "Goldar").
    pub name: String,
    /// The enemy deck: each card once per copy.
    pub cards: Vec<Card>,
    pub figures: u32,
}

/// How to play one game step by step.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StepOptions {
    /// The game played is game 0 of a [`simulate`](crate::registry::simulate) run with this seed, from the same seat.
    pub seed: u64,
    pub going_first: bool,
    pub side: Option<Side>,
    pub policy: Option<String>,
    /// As in [`SimOptions`].
    pub effects: EffectsMode,
    /// As in [`SimOptions`] (with Showdown's mulligan answer for this one game).
    pub game: GameOptions,
    /// The picks that answer the game's choices instead of the pilot's, by decision
    /// number; with [`Picks::stop_after`] the game stops at the first decision past them
    /// ([`GameLog::pending`]).
    pub picks: Picks,
}

/// What a game's procedure takes besides the deck.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Setup<'a> {
    pub side: Option<Side>,
    pub policy: Option<&'a str>,
    pub effects: EffectsMode,
    /// The game reads the ones it takes; the registry has refused any other.
    pub game: &'a GameOptions,
}

impl Default for Setup<'_> {
    fn default() -> Self {
        Setup {
            side: None,
            policy: None,
            effects: EffectsMode::default(),
            game: &NO_GAME_OPTIONS,
        }
    }
}

/// What a [`Setup`] of no game options points at.
static NO_GAME_OPTIONS: GameOptions = GameOptions::NONE;

impl SimOptions {
    pub(crate) fn setup(&self) -> Setup<'_> {
        Setup {
            side: self.side,
            policy: self.policy.as_deref(),
            effects: self.effects,
            game: &self.game,
        }
    }
}

impl StepOptions {
    pub(crate) fn setup(&self) -> Setup<'_> {
        Setup {
            side: self.side,
            policy: self.policy.as_deref(),
            effects: self.effects,
            game: &self.game,
        }
    }
}

/// The random stream of game `index` from one seat.
pub(crate) fn game_rng(seed: u64, index: u64, going_first: bool) -> Rng {
    Rng::for_game(seed, 2 * index + u64::from(!going_first))
}

/// Refuses a number of games outside 1 to [`MAX_GAMES`]; the message names the option
/// as the CLI spells it without dashes, like the print options.
pub(crate) fn check_games(games: u64) -> Result<(), GoldfishError> {
    if games == 0 || games > MAX_GAMES {
        return Err(GoldfishError::InvalidOptions(format!(
            "games: {games} is out of range: a run plays 1 to {MAX_GAMES} (100 million) games \
             from each seat"
        )));
    }
    Ok(())
}

/// The worker threads a run asking for `asked` uses: every core for 0, and never more
/// than the cores (thousands of threads only compete for them, and each costs a stack).
pub fn worker_threads(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        0 => cores,
        n => n.min(cores),
    }
}

pub(crate) fn simulate_with<P: Procedure>(
    p: &P,
    game_id: &str,
    options: &SimOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<SimReport, GoldfishError> {
    let mut seats = [SeatTally::new(p), SeatTally::new(p)];
    run_chunks(
        options.games,
        options.threads,
        || p.new_state(),
        |state, range| play_chunk(p, state, options.seed, range),
        |chunk| {
            for (seat, part) in seats.iter_mut().zip(&chunk) {
                seat.merge(p, part);
            }
        },
        progress,
    )?;
    Ok(sim_report(p, game_id, options, &seats))
}

/// The report of a run whose seats' tallies are `seats`.
pub(crate) fn sim_report<P: Procedure>(
    p: &P,
    game_id: &str,
    options: &SimOptions,
    seats: &[SeatTally<P::Figures>; 2],
) -> SimReport {
    SimReport {
        game: game_id.to_owned(),
        games: options.games,
        seed: options.seed,
        policy: policy_name(p, options.policy.as_deref()),
        going_first: seat_report(p, &seats[0]),
        going_second: seat_report(p, &seats[1]),
        not_simulated: p.not_simulated().to_vec(),
        coverage: fired_coverage(p, seats),
        legal: None,
        legality_errors: Vec::new(),
        seats_alike: P::SEATS_ALIKE.then_some(true),
        objective: P::OBJECTIVE,
        figures: p.figures(),
        warnings: p.warnings(),
    }
}

/// The deck's coverage with how often each card fired a game, over both seats' games.
fn fired_coverage<P: Procedure>(
    p: &P,
    seats: &[SeatTally<P::Figures>; 2],
) -> crate::effects::Coverage {
    let mut fired = seats[0].fired.clone();
    crate::effects::merge_fired(&mut fired, &seats[1].fired);
    p.coverage()
        .with_fired(&fired, seats[0].games + seats[1].games, true)
}

/// The policy that ran, by name (`default` names the game's default policy).
pub(crate) fn policy_name<P: Procedure>(p: &P, asked: Option<&str>) -> String {
    match asked {
        None | Some(DEFAULT_POLICY) => p.default_policy().to_owned(),
        Some(policy) => policy.to_owned(),
    }
}

/// Plays games `range` from both seats.
fn play_chunk<P: Procedure>(
    p: &P,
    state: &mut P::State,
    seed: u64,
    range: Range<u64>,
) -> [SeatTally<P::Figures>; 2] {
    let mut seats = [SeatTally::new(p), SeatTally::new(p)];
    for index in range {
        for (seat, tally) in seats.iter_mut().enumerate() {
            let going_first = seat == 0;
            let mut rng = game_rng(seed, index, going_first);
            let result = play_game(
                p,
                state,
                &mut rng,
                going_first,
                &mut NoLog,
                &mut tally.figures,
                |_, _, _| {},
            );
            tally.record(result, p.fired(state));
        }
    }
    seats
}

/// Splits games `0..games` into chunks, runs them on `threads` workers (each with its own
/// `init()` state) and merges the results on the calling thread, which also reports
/// progress. Merging is order-independent for the callers' integer tallies.
pub(crate) fn run_chunks<S, O>(
    games: u64,
    threads: usize,
    init: impl Fn() -> S + Sync,
    run: impl Fn(&mut S, Range<u64>) -> O + Sync,
    mut merge: impl FnMut(O),
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<(), GoldfishError>
where
    O: Send,
{
    let chunks = games.div_ceil(CHUNK);
    let range = |chunk: u64| chunk * CHUNK..((chunk + 1) * CHUNK).min(games);
    let threads = (worker_threads(threads) as u64).min(chunks).max(1) as usize;
    if threads == 1 {
        return run_sequential(chunks, &range, &init, &run, &mut merge, progress);
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (init, run, next, stop) = (&init, &run, &next, &stop);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(u64, O)>();
        let mut spawned = 0;
        for _ in 0..threads {
            let sender = sender.clone();
            let worker = move || {
                let mut state = init();
                while !stop.load(Ordering::Relaxed) {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        break;
                    }
                    let games = range(chunk);
                    let count = games.end - games.start;
                    if sender.send((count, run(&mut state, games))).is_err() {
                        break;
                    }
                }
            };
            if std::thread::Builder::new()
                .name("goldfish".into())
                .spawn_scoped(scope, worker)
                .is_ok()
            {
                spawned += 1;
            }
        }
        drop(sender);
        if spawned == 0 {
            // No thread could start: play here instead.
            return run_sequential(chunks, &range, init, run, &mut merge, progress);
        }
        let mut done = 0;
        let mut cancelled = false;
        for (count, output) in receiver {
            if cancelled {
                continue;
            }
            merge(output);
            done += count;
            if !progress(done) {
                cancelled = true;
                stop.store(true, Ordering::Relaxed);
            }
        }
        if cancelled {
            Err(GoldfishError::Cancelled)
        } else {
            Ok(())
        }
    })
}

/// The single-threaded form of [`run_chunks`].
fn run_sequential<S, O>(
    chunks: u64,
    range: &impl Fn(u64) -> Range<u64>,
    init: &impl Fn() -> S,
    run: &impl Fn(&mut S, Range<u64>) -> O,
    merge: &mut impl FnMut(O),
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<(), GoldfishError> {
    let mut state = init();
    let mut done = 0;
    for chunk in 0..chunks {
        let games = range(chunk);
        done += games.end - games.start;
        merge(run(&mut state, games));
        if !progress(done) {
            return Err(GoldfishError::Cancelled);
        }
    }
    Ok(())
}

pub(crate) fn step_with<P: Procedure>(
    p: &P,
    game_id: &str,
    policy: &str,
    options: &StepOptions,
) -> Result<GameLog, GoldfishError> {
    let mut state = p.new_state();
    let mut figures = p.new_figures();
    let mut rng = game_rng(options.seed, 0, options.going_first);
    let mut log = Recorder::with_picks(options.picks.clone());
    let mut turns = Vec::new();
    // Once the game stops at a pending decision, the turn it fell in is the last one kept
    // (its zones those at the decision); the pilot plays the rest unrecorded.
    let mut kept_pending_turn = false;
    let result = play_game(
        p,
        &mut state,
        &mut rng,
        options.going_first,
        &mut log,
        &mut figures,
        |turn, state, log| {
            log.turn = turn + 1;
            if kept_pending_turn {
                return;
            }
            let zones = match &log.pending {
                Some(pending) => {
                    kept_pending_turn = true;
                    pending.zones.clone()
                }
                None => p.zones(state),
            };
            turns.push(TurnLog {
                turn,
                draws: std::mem::take(&mut log.draws),
                decisions: std::mem::take(&mut log.decisions),
                zones,
            });
        },
    );
    let fired: Vec<u64> = p.fired(&state).iter().map(|&n| u64::from(n)).collect();
    if let Some(bad) = log.bad_pick {
        return Err(GoldfishError::BadPick {
            index: bad.index,
            pick: bad.pick,
            options: bad.options,
        });
    }
    Ok(GameLog {
        game: game_id.to_owned(),
        seed: options.seed,
        going_first: options.going_first,
        policy: policy.to_owned(),
        turns,
        result,
        ending: crate::headline::ending(&P::TELLING, result),
        pending: log.pending,
        not_simulated: p.not_simulated().to_vec(),
        // This one game's counts; no card is flagged for not firing in a single game.
        coverage: p.coverage().with_fired(&fired, 1, false),
    })
}

#[cfg(test)]
mod tests;
