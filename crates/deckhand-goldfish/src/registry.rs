//! The games this engine plays, one line each in [`REGISTRY`], and the engine's front door:
//! every run on "any game" (simulate, step, compare, impact, tune, a decision's estimate)
//! finds its game's [`Runner`] here. A game's module is its procedure (a
//! [`Goldfish`](crate::procedure::Goldfish)) and knows nothing of this table; the runs
//! (`simulate_with`, `compare_with`…) are generic over a procedure and know nothing of it
//! either. Adding a game's goldfish is its module and one line here.

use std::marker::PhantomData;

use deckhand_core::{Deck, Game};

use crate::choice::ChoiceKind;
use crate::compare::{compare_with, Comparison};
use crate::error::GoldfishError;
use crate::from_here::{from_here_with, DeckGames, FromHere};
use crate::game_options::GameOption;
use crate::impact::{impact_with, ImpactReport};
use crate::log::GameLog;
use crate::play::PlayOptions;
use crate::pr_acg::PrAcg;
use crate::pr_dbg::PrDbg;
use crate::pr_hotg::PrHotg;
use crate::procedure::Goldfish;
use crate::report::SimReport;
use crate::simulate::{
    check_games, policy_name, simulate_with, step_with, Setup, SimOptions, StepOptions,
    DEFAULT_POLICY,
};
use crate::sms::Sms;
use crate::tune::{check_rounds, tune_with, TuneOptions, TuneProgress, TuneReport};
use crate::zoids::Zoids;
use serde::Serialize;

/// One game's goldfish as the engine runs it, object-safe: each run builds the game's
/// procedure for the deck, then plays. [`Runs`] is the one implementation, for any
/// [`Goldfish`].
pub(crate) trait Runner: Sync {
    fn id(&self) -> &'static str;
    /// The seat does not change the game ([`Procedure::SEATS_ALIKE`]).
    fn seats_alike(&self) -> bool;
    /// What the goldfish is, in a player's words ([`crate::Telling::goldfish`]).
    fn goldfish(&self) -> &'static str;
    fn capabilities(&self) -> GoldfishCapabilities;
    /// [`Goldfish::pick_zones`].
    fn pick_zones(&self, kind: ChoiceKind) -> &'static [&'static str];
    fn simulate(
        &self,
        game: &Game,
        deck: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport, GoldfishError>;
    fn step(
        &self,
        game: &Game,
        deck: &Deck,
        options: &StepOptions,
    ) -> Result<GameLog, GoldfishError>;
    fn compare(
        &self,
        game: &Game,
        a: &Deck,
        b: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Comparison, GoldfishError>;
    fn impact(
        &self,
        game: &Game,
        deck: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<ImpactReport, GoldfishError>;
    fn tune(
        &self,
        game: &Game,
        deck: &Deck,
        options: &TuneOptions,
        legal: &mut dyn FnMut(&Deck) -> bool,
        progress: &mut dyn FnMut(&TuneProgress) -> bool,
    ) -> Result<TuneReport, GoldfishError>;
    /// The estimate of decision `fork_at`'s options ([`crate::from_here`]).
    #[allow(clippy::too_many_arguments)]
    fn estimate_from_here(
        &self,
        game: &Game,
        deck: &Deck,
        options: &PlayOptions,
        fork_at: u32,
        continuations: u32,
        labels: &[(u32, String)],
        deck_games: Option<&DeckGames>,
    ) -> Result<FromHere, GoldfishError>;
}

/// The runs of game `G`.
pub(crate) struct Runs<G>(PhantomData<fn() -> G>);

impl<G: Goldfish> Runs<G> {
    const RUNS: Runs<G> = Runs(PhantomData);
}

impl<G: Goldfish> Runner for Runs<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn seats_alike(&self) -> bool {
        G::SEATS_ALIKE
    }

    fn goldfish(&self) -> &'static str {
        G::TELLING.goldfish
    }

    fn capabilities(&self) -> GoldfishCapabilities {
        GoldfishCapabilities {
            seats_alike: G::SEATS_ALIKE,
            policies: G::POLICIES
                .iter()
                .map(|&(id, label)| PolicyChoice {
                    id: id.to_owned(),
                    label: label.to_owned(),
                })
                .collect(),
            options: G::OPTIONS.to_vec(),
            board: G::BOARD.to_owned(),
        }
    }

    fn pick_zones(&self, kind: ChoiceKind) -> &'static [&'static str] {
        G::pick_zones(kind)
    }

    fn simulate(
        &self,
        game: &Game,
        deck: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport, GoldfishError> {
        let p = prepare::<G>(game, deck, options.setup())?;
        simulate_with(&p, &game.id, options, progress)
    }

    fn step(
        &self,
        game: &Game,
        deck: &Deck,
        options: &StepOptions,
    ) -> Result<GameLog, GoldfishError> {
        let p = prepare::<G>(game, deck, options.setup())?;
        let policy = policy_name(&p, options.policy.as_deref());
        step_with(&p, &game.id, &policy, options)
    }

    fn compare(
        &self,
        game: &Game,
        a: &Deck,
        b: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Comparison, GoldfishError> {
        let pa = prepare::<G>(game, a, options.setup())?;
        let pb = prepare::<G>(game, b, options.setup())?;
        compare_with(&pa, &pb, &game.id, options, progress)
    }

    fn impact(
        &self,
        game: &Game,
        deck: &Deck,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<ImpactReport, GoldfishError> {
        let build = |deck: &Deck| prepare::<G>(game, deck, options.setup());
        impact_with(game, deck, options, build, progress)
    }

    fn tune(
        &self,
        game: &Game,
        deck: &Deck,
        options: &TuneOptions,
        legal: &mut dyn FnMut(&Deck) -> bool,
        progress: &mut dyn FnMut(&TuneProgress) -> bool,
    ) -> Result<TuneReport, GoldfishError> {
        let build = |deck: &Deck| prepare::<G>(game, deck, options.sim.setup());
        tune_with(game, deck, options, build, legal, progress)
    }

    fn estimate_from_here(
        &self,
        game: &Game,
        deck: &Deck,
        options: &PlayOptions,
        fork_at: u32,
        continuations: u32,
        labels: &[(u32, String)],
        deck_games: Option<&DeckGames>,
    ) -> Result<FromHere, GoldfishError> {
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
    }
}

/// Every game with a goldfish, in the order reports list them.
pub(crate) static REGISTRY: [&dyn Runner; 5] = [
    &Runs::<Zoids>::RUNS,
    &Runs::<PrAcg>::RUNS,
    &Runs::<PrDbg>::RUNS,
    &Runs::<PrHotg>::RUNS,
    &Runs::<Sms>::RUNS,
];

/// Plays `options.games` games from each seat and reports the statistics.
///
/// `progress` is called on the calling thread with the number of games (per seat) done so
/// far, about every few milliseconds; returning `false` cancels the run. Game `i` going
/// first and going second each draw from their own stream of `seed` (see [`Rng`](crate::rng::Rng)),
/// so the same seed gives the same report on any number of threads.
pub fn simulate(
    game: &Game,
    deck: &Deck,
    options: &SimOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<SimReport, GoldfishError> {
    check_games(options.games)?;
    find(&game.id)?.simulate(game, deck, options, progress)
}

/// Plays one game and logs every turn: the draws, each decision with its reason, and the
/// zones after the turn. The game is game 0 of [`simulate`] with the same seed and seat,
/// played by the same decision code.
pub fn step(game: &Game, deck: &Deck, options: &StepOptions) -> Result<GameLog, GoldfishError> {
    find(&game.id)?.step(game, deck, options)
}

/// Plays `a` and `b` with common random numbers and states how they differ.
pub fn compare(
    game: &Game,
    a: &Deck,
    b: &Deck,
    options: &SimOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Comparison, GoldfishError> {
    check_games(options.games)?;
    find(&game.id)?.compare(game, a, b, options, progress)
}

/// Measures every card of `deck` ([`crate::impact`]'s documentation). `progress` gets games
/// done per seat; returning false cancels.
pub fn impact(
    game: &Game,
    deck: &Deck,
    options: &SimOptions,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<ImpactReport, GoldfishError> {
    check_games(options.games)?;
    find(&game.id)?.impact(game, deck, options, progress)
}

/// Tunes `deck` ([`crate::tune`]'s documentation). `legal` says whether a deck may be
/// passed through; `progress` returning false cancels.
pub fn tune(
    game: &Game,
    deck: &Deck,
    options: &TuneOptions,
    legal: &mut dyn FnMut(&Deck) -> bool,
    progress: &mut dyn FnMut(&TuneProgress) -> bool,
) -> Result<TuneReport, GoldfishError> {
    check_games(options.sim.games)?;
    check_rounds(options.rounds)?;
    find(&game.id)?.tune(game, deck, options, legal, progress)
}

/// The ids of the games this engine plays.
pub fn games() -> impl Iterator<Item = &'static str> {
    REGISTRY.iter().map(|r| r.id())
}

/// Whether the seat does not change `game_id`'s goldfish (nobody acts against you): a
/// person need not choose one. False for a game without a goldfish.
pub fn seats_alike(game_id: &str) -> bool {
    find(game_id).is_ok_and(|r| r.seats_alike())
}

/// What `game_id`'s goldfish is, in one sentence for its players; `None` for a game
/// without a goldfish.
pub fn goldfish_about(game_id: &str) -> Option<&'static str> {
    find(game_id).ok().map(|r| r.goldfish())
}

/// A pilot policy a player may choose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct PolicyChoice {
    /// What `--policy` takes (`battle-first`).
    pub id: String,
    /// In a player's words ("Battle first, then buy").
    pub label: String,
}

/// What a game's goldfish offers a player to choose, so the app and the CLI ask a game
/// what it has instead of knowing game ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct GoldfishCapabilities {
    /// The seat (first or second) does not change the game: no seat to choose.
    pub seats_alike: bool,
    /// The pilot policies, the first the default; empty when there is one way to play.
    pub policies: Vec<PolicyChoice>,
    /// The options of its own the goldfish takes: an enemy line-up and a combat die to
    /// choose; a mulligan answer, which the step-through lets a person give.
    pub options: Vec<GameOption>,
    /// The board the app draws: `zones` (game-neutral) or the game's own layout.
    pub board: String,
}

/// What `game_id`'s goldfish offers to choose; `None` for a game without a goldfish.
pub fn capabilities(game_id: &str) -> Option<GoldfishCapabilities> {
    find(game_id).ok().map(|r| r.capabilities())
}

/// The runner of `game_id`, or the error that names the games there are.
pub(crate) fn find(game_id: &str) -> Result<&'static dyn Runner, GoldfishError> {
    REGISTRY
        .iter()
        .copied()
        .find(|r| r.id() == game_id)
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
        .filter(|p| *p != DEFAULT_POLICY && !G::POLICIES.iter().any(|(id, _)| id == p))
    {
        let known: Vec<&str> = G::POLICIES.iter().map(|(id, _)| *id).collect();
        return Err(GoldfishError::UnknownPolicy {
            policy: policy.to_owned(),
            game: game.id.clone(),
            known: if known.is_empty() {
                DEFAULT_POLICY.to_owned()
            } else {
                known.join(", ")
            },
        });
    }
    setup.game.check(&game.name, G::OPTIONS)?;
    G::build(game, deck, setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (game, seats alike, policies, its own options, board)
    type Case = (
        &'static str,
        bool,
        &'static [&'static str],
        &'static [GameOption],
        &'static str,
    );

    #[test]
    fn each_game_says_what_its_goldfish_lets_a_player_choose_and_which_board_draws_it() {
        use GameOption::*;
        let cases: &[Case] = &[
            ("zoids-scramble", false, &[], &[], "zones"),
            ("pr-acg", false, &[], &[], "zones"),
            (
                "pr-dbg",
                true,
                &["buy-first", "battle-first"],
                &[],
                "pr-dbg",
            ),
            ("pr-hotg", true, &[], &[EnemyLineup, CombatDie], "pr-hotg"),
            ("sms", true, &[], &[Mulligan], "sms"),
        ];
        for &(game, seats_alike, policies, options, board) in cases {
            let caps = capabilities(game).unwrap();
            let ids: Vec<&str> = caps.policies.iter().map(|p| p.id.as_str()).collect();
            assert_eq!(
                (caps.seats_alike, ids.as_slice(), caps.options.as_slice()),
                (seats_alike, policies, options),
                "{game}"
            );
            assert_eq!(caps.board, board);
            assert!(caps.policies.iter().all(|p| !p.label.is_empty()));
        }
        assert!(capabilities("knights-of-the-table").is_none());
        assert_eq!(games().count(), cases.len());
    }
}
