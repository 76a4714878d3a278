//! The games this engine plays: one line per game in [`REGISTRY`]. Everything that works on
//! "any game" (simulate, step, compare, the policy check) goes through its entry, so
//! adding a game's goldfish is its module (a [`Procedure`] that is also [`Goldfish`]) and
//! one line here.

use deckhand_core::{Deck, Game};

use crate::compare::{compare_with, Comparison};
use crate::error::GoldfishError;
use crate::from_here::{from_here_with, DeckGames, FromHere};
use crate::impact::{impact_with, ImpactReport};
use crate::log::GameLog;
use crate::play::PlayOptions;
use crate::pr_acg::PrAcg;
use crate::pr_dbg::PrDbg;
use crate::pr_hotg::PrHotg;
use crate::procedure::Procedure;
use crate::report::SimReport;
use crate::simulate::{
    policy_name, simulate_with, step_with, Setup, SimOptions, StepOptions, DEFAULT_POLICY,
};
use crate::sms::Sms;
use crate::tune::{tune_with, TuneOptions, TuneProgress, TuneReport};
use crate::zoids::Zoids;

/// What the registry needs of a game's procedure besides [`Procedure`].
pub(crate) trait Goldfish: Procedure + Sized {
    /// The game's id (`zoids-scramble`).
    const ID: &'static str;
    /// The pilot policies it has (PR Deck-Building's buy-first and battle-first:
    /// docs/pilots.md#pr-deck-building-a-turn); `default` names the first.
    const POLICIES: &'static [&'static str] = &[DEFAULT_POLICY];

    /// The procedure for `deck`, its features read once.
    fn build(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<Self, GoldfishError>;
}

type SimulateFn =
    fn(&Game, &Deck, &SimOptions, &mut dyn FnMut(u64) -> bool) -> Result<SimReport, GoldfishError>;
type StepFn = fn(&Game, &Deck, &StepOptions) -> Result<GameLog, GoldfishError>;
type CompareFn = fn(
    &Game,
    &Deck,
    &Deck,
    &SimOptions,
    &mut dyn FnMut(u64) -> bool,
) -> Result<Comparison, GoldfishError>;

type ImpactFn = fn(
    &Game,
    &Deck,
    &SimOptions,
    &mut dyn FnMut(u64) -> bool,
) -> Result<ImpactReport, GoldfishError>;
type FromHereFn = fn(
    &Game,
    &Deck,
    &PlayOptions,
    u32,
    u32,
    &[(u32, String)],
    Option<&DeckGames>,
) -> Result<FromHere, GoldfishError>;
type TuneFn = fn(
    &Game,
    &Deck,
    &TuneOptions,
    &mut dyn FnMut(&Deck) -> bool,
    &mut dyn FnMut(&TuneProgress) -> bool,
) -> Result<TuneReport, GoldfishError>;

/// One game's entry: its id, and its runs compiled for its procedure.
pub(crate) struct Entry {
    pub id: &'static str,
    /// The seat does not change the game ([`Procedure::SEATS_ALIKE`]).
    pub seats_alike: bool,
    /// What the goldfish is, in a player's words ([`crate::Telling::goldfish`]).
    pub goldfish: &'static str,
    pub simulate: SimulateFn,
    pub step: StepFn,
    pub compare: CompareFn,
    pub impact: ImpactFn,
    pub tune: TuneFn,
    pub from_here: FromHereFn,
}

const fn entry<G: Goldfish>() -> Entry {
    Entry {
        id: G::ID,
        seats_alike: G::SEATS_ALIKE,
        goldfish: G::TELLING.goldfish,
        simulate: |game, deck, options, progress| {
            let p = prepare::<G>(game, deck, options.setup())?;
            simulate_with(&p, &game.id, options, progress)
        },
        step: |game, deck, options| {
            let p = prepare::<G>(game, deck, options.setup())?;
            let policy = policy_name(&p, options.policy.as_deref());
            step_with(&p, &game.id, &policy, options)
        },
        compare: |game, a, b, options, progress| {
            let pa = prepare::<G>(game, a, options.setup())?;
            let pb = prepare::<G>(game, b, options.setup())?;
            compare_with(&pa, &pb, &game.id, options, progress)
        },
        impact: |game, deck, options, progress| {
            let build = |deck: &Deck| prepare::<G>(game, deck, options.setup());
            impact_with(game, deck, options, build, progress)
        },
        from_here: |game, deck, options, fork_at, continuations, labels, deck_games| {
            let p = prepare::<G>(game, deck, options.step.setup())?;
            Ok(from_here_with(
                &p,
                options,
                fork_at,
                continuations,
                labels,
                crate::simulate::worker_threads(0),
                deck_games,
            ))
        },
        tune: |game, deck, options, legal, progress| {
            let build = |deck: &Deck| prepare::<G>(game, deck, options.sim.setup());
            tune_with(game, deck, options, build, legal, progress)
        },
    }
}

/// Every game with a goldfish, in the order reports list them.
pub(crate) const REGISTRY: &[Entry] = &[
    entry::<Zoids>(),
    entry::<PrAcg>(),
    entry::<PrDbg>(),
    entry::<PrHotg>(),
    entry::<Sms>(),
];

/// The ids of the games this engine plays.
pub fn games() -> impl Iterator<Item = &'static str> {
    REGISTRY.iter().map(|e| e.id)
}

/// Whether the seat does not change `game_id`'s goldfish (nobody acts against you): a
/// person need not choose one. False for a game without a goldfish.
pub fn seats_alike(game_id: &str) -> bool {
    find(game_id).is_ok_and(|e| e.seats_alike)
}

/// What `game_id`'s goldfish is, in one sentence for its players; `None` for a game
/// without a goldfish.
pub fn goldfish_about(game_id: &str) -> Option<&'static str> {
    find(game_id).ok().map(|e| e.goldfish)
}

/// The entry of `game_id`, or the error that names the games there are.
pub(crate) fn find(game_id: &str) -> Result<&'static Entry, GoldfishError> {
    REGISTRY
        .iter()
        .find(|e| e.id == game_id)
        .ok_or_else(|| GoldfishError::UnsupportedGame {
            game: game_id.to_owned(),
            known: games().collect::<Vec<_>>().join(", "),
        })
}

/// Checks the deck's game and the policy, then builds the procedure.
fn prepare<G: Goldfish>(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<G, GoldfishError> {
    if deck.game != game.id {
        return Err(GoldfishError::WrongGame {
            deck_game: deck.game.clone(),
            game: game.id.clone(),
        });
    }
    if let Some(policy) = setup
        .policy
        .filter(|p| *p != DEFAULT_POLICY && !G::POLICIES.contains(p))
    {
        return Err(GoldfishError::UnknownPolicy {
            policy: policy.to_owned(),
            game: game.id.clone(),
            known: G::POLICIES.join(", "),
        });
    }
    G::build(game, deck, setup)
}
