//! Deckhand's goldfish engine: plays a deck against a goldfish opponent (each game says
//! what its goldfish does: [`Telling`]), to learn how fast and how reliably it wins.
//!
//! Pure: it gets the game definition, the resolved deck, options and a seed, and returns
//! results; no files, SQL, UI or clock. Each game's procedure is one module implementing
//! the crate's `Procedure` trait (`zoids.rs`, `pr_acg.rs`, `pr_dbg.rs`, `pr_hotg.rs`,
//! `sms.rs`), following its pilot as docs/pilots.md states it, one
//! section a game; each module's doc comment lists what it decided beyond that page.
//!
//! - [`simulate`]: Monte Carlo over many games from each seat, on any number of threads,
//!   with the same report for the same seed.
//! - [`step`]: one game, turn by turn, each decision with its reason, through the same
//!   decision code (the log is a type parameter that a Monte Carlo run compiles away).
//!   Every decision is a choice point (`choice.rs`): its options, the pilot's pick and
//!   reason, answered by the pilot, a script of picks, or a person.
//! - [`play`]: a game played by a person: its seed plus their picks, replayed to the next
//!   decision; [`from_here`]: how it is likely to end from there, and each option's worth,
//!   the pilot playing on with the unseen cards dealt anew.
//! - [`compare`]: two decks on common random numbers, paired differences with intervals.
//! - [`impact`]: each card's observed figures and its measured effect (one copy replaced
//!   by a blank, paired games), significance corrected with Holm's method.
//! - [`tune`]: legal one-for-one swaps from a pool, each accepted on a significant paired
//!   improvement (Holm over the round's candidates, futility drops between looks).
//! - [`odds_at_least`], [`odds_both`]: exact hypergeometric draw odds by turn, for any
//!   game, dealt as its definition's `[play]` table says; [`odds_from_here`] the same at a
//!   position played by hand, from the cards not yet seen.
//!
//! A report describes its own figures: each game's procedure lists them as [`Figure`]s
//! (key, label, [`FigureKind`], unit) with its [`Objective`], so that a renderer draws any
//! game's report from the report alone.
//!
//! Which cards play: the deck's `main` section (side and maybe sections never do). Card
//! effects run through one interpreter (`effects/`), compiled per deck; every report
//! states its [`Coverage`]: each card's data combined with what the procedure plays.
//! The games: one line each in `registry.rs`.
//!
//! Hot path: cards are `u16` indices into per-card feature tables read once from card
//! data (`Scouting: 1` is the number 1 from the keyword, never parsed out of card text);
//! the hand is a count per card; the deck is shuffled lazily, one Fisher–Yates swap per
//! draw; buffers live per worker, so playing a game allocates nothing.

mod choice;
mod compare;
mod deck_cards;
mod effects;
mod error;
mod from_here;
mod game_options;
mod headline;
mod impact;
mod library;
mod log;
mod odds;
mod odds_here;
mod paired;
mod play;
mod pr_acg;
mod pr_dbg;
mod pr_hotg;
mod procedure;
mod registry;
mod report;
mod rng;
mod scratch;
mod simulate;
mod sms;
#[cfg(test)]
mod testing;
mod tune;
mod zoids;

pub use choice::{BadPick, ChoiceKind, Pending, Picks};
pub use compare::{Comparison, Difference, SeatComparison};
pub use effects::{CardCoverage, Coverage, EffectsMode};
pub use error::GoldfishError;
pub use from_here::{
    from_here, from_here_cached, DeckGamesCache, FromHere, OptionValue, OutcomeDistribution,
    Outcomes, MAX_CONTINUATIONS, MAX_ESTIMATE_GAMES,
};
pub use game_options::{GameOption, GameOptions};
pub use headline::{headline, Headline, Telling};
pub use impact::{CardImpact, ImpactReport, Observed};
pub use log::{
    Action, Attached, Decision, GameLog, GameResult, Outcome, Owner, TurnLog, Zone, ZoneCard,
};
pub use odds::{odds_at_least, odds_both, Category, OddsRow, MAX_ODDS_TURNS};
pub use odds_here::{odds_from_here, HereOdds, HereOddsRow, ListedCard};
pub use paired::Measure;
pub use play::{play, PilotPick, PlayDecision, PlayOption, PlayOptions, PlayState};
pub use registry::{
    capabilities, compare, games, goldfish_about, impact, seats_alike, simulate, step, tune,
    GoldfishCapabilities, PolicyChoice,
};
pub use report::{
    Better, Figure, FigureKind, FigureValue, Objective, ObjectiveUnit, SeatReport, SimReport,
};
pub use simulate::{
    worker_threads, EnemyGroup, SimOptions, StepOptions, DEFAULT_POLICY, MAX_GAMES,
};
pub use tune::{DeckCount, TuneOptions, TuneProgress, TuneReport, TuneStep, MAX_ROUNDS};

/// Whether `game_id` has a goldfish procedure here.
pub fn supports(game_id: &str) -> bool {
    games().any(|g| g == game_id)
}
