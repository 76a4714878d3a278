//! The one trait each game's goldfish implements, and the loop that plays a game with it.

use crate::log::{GameResult, Log, Outcome, Zone};
use crate::report::{Figure, Objective, SeatFigures};
use crate::rng::Rng;

/// A game's solitaire procedure: set up, play a turn, report. Implementations hold the
/// deck's precomputed card features; the per-game state lives in `State`, allocated once
/// per worker and reset by `setup`, so that playing a game allocates nothing.
pub trait Procedure: Sync {
    /// Everything that changes during one game.
    type State: Send;
    /// This game's own figures for one seat, summed over games. Integer counts, so that
    /// merging chunks in any order gives the same report.
    type Figures: Send;

    fn new_state(&self) -> Self::State;
    fn new_figures(&self) -> Self::Figures;
    fn merge_figures(&self, into: &mut Self::Figures, from: &Self::Figures);
    /// The figures as reported for a seat that played `games` games.
    fn report_figures(&self, figures: &Self::Figures, games: u64) -> SeatFigures;
    /// What the report's figures are (every key one that `report_figures` fills, or a
    /// common one such as `wins`), in the order to show them.
    fn figures(&self) -> Vec<Figure>;
    /// The one number that ranks this game's decks.
    const OBJECTIVE: Objective;
    /// What this goldfish is and what its endings mean, in a player's words.
    const TELLING: crate::headline::Telling;

    /// Shuffles and deals the opening. `Some` when the opening already ends the game.
    fn setup<L: Log>(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        going_first: bool,
        log: &mut L,
    ) -> Option<Outcome>;

    /// Plays your turn `turn` (1 = your first turn). `Some` when the game ends in it.
    fn turn<L: Log>(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Self::Figures,
    ) -> Option<Outcome>;

    /// Records what the game's end tells (first attack turn…).
    fn finish(&self, state: &Self::State, result: GameResult, figures: &mut Self::Figures);

    /// A bound on a game's length in turns (the deck runs out by then); sizes turn tables.
    fn max_turns(&self) -> u32;

    /// The zones as a player sees them, for the step-through.
    fn zones(&self, state: &Self::State) -> Vec<Zone>;

    /// How many copies of each card index sit in any zone (for the invariant that cards
    /// are never created or lost).
    #[cfg(test)]
    fn census(&self, state: &Self::State) -> Vec<u32>;

    /// The deck's cards whose printed effects this procedure does not play.
    fn not_simulated(&self) -> &[String];

    /// Every deck card's state: its data combined with what this procedure plays.
    fn coverage(&self) -> &crate::effects::Coverage;

    /// How often each card's effects resolved in the game `state` is in, by the card index
    /// of the procedure's programs (its [`crate::effects::Fired`]).
    fn fired<'s>(&self, state: &'s Self::State) -> &'s [u32];

    /// What the deck lacks for this procedure to play all of it (the games play anyway).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// The objective's value as `state` stands, for an objective read at a turn
    /// ([`Objective::turn`]: Showdown's Power at turn 5); `None` for the others, whose
    /// value comes from the game's result (see `paired.rs`).
    fn objective_now(&self, _state: &Self::State) -> Option<f64> {
        None
    }

    /// The name of the policy that runs when none is asked for.
    fn default_policy(&self) -> &'static str {
        crate::simulate::DEFAULT_POLICY
    }

    /// True when the seat does not change the game (nobody acts against you): going
    /// second is then a second, independent sample of the same game.
    const SEATS_ALIKE: bool = false;
    /// True when a game can end in [`Outcome::Loss`], so the report counts losses.
    const LOSES: bool = false;
}

/// What the engine's registry ([`crate::registry`]) needs of a game's procedure besides
/// [`Procedure`]: its id, what it lets a player choose, and how it is built for a deck.
pub(crate) trait Goldfish: Procedure + Sized {
    /// The game's id (`zoids-scramble`).
    const ID: &'static str;
    /// The pilot policies a player may choose, `(id, label)`, the first the default
    /// (PR Deck-Building's buy-first and battle-first: docs/pilots.md#pr-deck-building-a-turn);
    /// empty when the pilot has one way to play. `default` always names the first.
    const POLICIES: &'static [(&'static str, &'static str)] = &[];
    /// The options of its own the goldfish takes (Heroes of the Grid's enemy line-up and
    /// combat die; Showdown's mulligan answer, which a person gives in the step-through);
    /// `build` reads them from [`Setup::game`](crate::simulate::Setup), and the registry
    /// refuses any other.
    const OPTIONS: &'static [crate::game_options::GameOption] = &[];
    /// The board the app draws for it: `zones` (the game-neutral one) or the game's own.
    const BOARD: &'static str = "zones";

    /// The zones whose cards a decision of `kind` is about, so that a click on a card of
    /// the same name elsewhere (a copy in The Grid while an Ability is chosen) picks
    /// nothing; empty: any zone.
    fn pick_zones(_kind: crate::choice::ChoiceKind) -> &'static [&'static str] {
        &[]
    }

    /// The procedure for `deck`, its features read once.
    fn build(
        game: &deckhand_core::Game,
        deck: &deckhand_core::Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, crate::error::GoldfishError>;
}

/// Plays one game. `turn_done` runs after the setup (turn 0) and after every turn, with
/// the state as the turn left it (the step-through takes its log and zones there).
#[inline]
pub fn play_game<P, L, F>(
    procedure: &P,
    state: &mut P::State,
    rng: &mut Rng,
    going_first: bool,
    log: &mut L,
    figures: &mut P::Figures,
    mut turn_done: F,
) -> GameResult
where
    P: Procedure,
    L: Log,
    F: FnMut(u32, &P::State, &mut L),
{
    let mut ending = procedure.setup(state, rng, going_first, log);
    turn_done(0, state, log);
    let mut turn = 0;
    while ending.is_none() {
        turn += 1;
        if turn > procedure.max_turns() {
            // Unreachable: every procedure ends its game by `max_turns`. Kept so that a
            // mistake can never hang a run.
            ending = Some(Outcome::DeckOut);
            break;
        }
        ending = procedure.turn(state, rng, turn, log, figures);
        turn_done(turn, state, log);
    }
    let result = GameResult {
        outcome: ending.unwrap_or(Outcome::DeckOut),
        turn,
    };
    procedure.finish(state, result, figures);
    result
}

/// One seat's (going first or second) results, summed over games.
#[derive(Debug, Clone)]
pub struct SeatTally<F> {
    pub games: u64,
    pub wins: u64,
    pub deck_outs: u64,
    pub draws: u64,
    pub losses: u64,
    /// Wins by turn: `kill_turns[t]` games won on turn `t`.
    pub kill_turns: Vec<u64>,
    /// The other endings by turn, as `kill_turns`: deck-outs, draws and losses.
    pub end_turns: [Vec<u64>; 3],
    pub figures: F,
    /// Per card index, the times its effects resolved, summed over the games (integers:
    /// any merge order gives the same totals).
    pub fired: Vec<u64>,
}

impl<F> SeatTally<F> {
    pub fn new<P: Procedure<Figures = F>>(procedure: &P) -> SeatTally<F> {
        SeatTally {
            games: 0,
            wins: 0,
            deck_outs: 0,
            draws: 0,
            losses: 0,
            kill_turns: vec![0; procedure.max_turns() as usize + 1],
            end_turns: std::array::from_fn(|_| vec![0; procedure.max_turns() as usize + 1]),
            figures: procedure.new_figures(),
            fired: Vec::new(),
        }
    }

    /// Counts one game's result, and how often each card's effects fired in it.
    #[inline]
    pub fn record(&mut self, result: GameResult, fired: &[u32]) {
        crate::effects::add_fired(&mut self.fired, fired);
        self.games += 1;
        match result.outcome {
            Outcome::Win => {
                self.wins += 1;
                self.kill_turns[result.turn as usize] += 1;
            }
            Outcome::DeckOut => {
                self.deck_outs += 1;
                tick(&mut self.end_turns[0], result.turn);
            }
            Outcome::Draw => {
                self.draws += 1;
                tick(&mut self.end_turns[1], result.turn);
            }
            Outcome::Loss => {
                self.losses += 1;
                tick(&mut self.end_turns[2], result.turn);
            }
        }
    }

    pub fn merge<P: Procedure<Figures = F>>(&mut self, procedure: &P, other: &SeatTally<F>) {
        self.games += other.games;
        self.wins += other.wins;
        self.deck_outs += other.deck_outs;
        self.draws += other.draws;
        self.losses += other.losses;
        add_counts(&mut self.kill_turns, &other.kill_turns);
        for (a, b) in self.end_turns.iter_mut().zip(&other.end_turns) {
            add_counts(a, b);
        }
        procedure.merge_figures(&mut self.figures, &other.figures);
        crate::effects::merge_fired(&mut self.fired, &other.fired);
    }
}

/// Counts one game at `turn`; a turn past the table (a procedure overrunning `max_turns`,
/// which `play_game` ends as a deck-out) is counted at the last.
#[inline]
fn tick(counts: &mut [u64], turn: u32) {
    let last = counts.len().saturating_sub(1);
    if let Some(count) = counts.get_mut((turn as usize).min(last)) {
        *count += 1;
    }
}

/// Adds `from` into `into` element by element (tables of the same length).
pub fn add_counts(into: &mut [u64], from: &[u64]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += b;
    }
}
