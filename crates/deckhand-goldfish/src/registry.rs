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
use serde::Serialize;

/// What the registry needs of a game's procedure besides [`Procedure`].
pub(crate) trait Goldfish: Procedure + Sized {
    /// The game's id (`zoids-scramble`).
    const ID: &'static str;
    /// The pilot policies a player may choose, `(id, label)`, the first the default
    /// (PR Deck-Building's buy-first and battle-first: docs/pilots.md#pr-deck-building-a-turn);
    /// empty when the pilot has one way to play. `default` always names the first.
    const POLICIES: &'static [(&'static str, &'static str)] = &[];
    /// A person may answer the opening hand's mulligan in the step-through (Showdown);
    /// otherwise the pilot's rule decides it there.
    const MULLIGAN_CHOICE: bool = false;
    /// The goldfish takes an enemy line-up and a combat die (Heroes of the Grid).
    const ENEMY_LINEUP: bool = false;
    /// The board the app draws for it: `zones` (the game-neutral one) or the game's own.
    const BOARD: &'static str = "zones";

    /// The zones whose cards a decision of `kind` is about, so that a click on a card of
    /// the same name elsewhere (a copy in The Grid while an Ability is chosen) picks
    /// nothing; empty: any zone.
    fn pick_zones(_kind: crate::choice::ChoiceKind) -> &'static [&'static str] {
        &[]
    }

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
    pub policies: &'static [(&'static str, &'static str)],
    pub mulligan_choice: bool,
    pub enemy_lineup: bool,
    pub board: &'static str,
    pub pick_zones: fn(crate::choice::ChoiceKind) -> &'static [&'static str],
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
        policies: G::POLICIES,
        mulligan_choice: G::MULLIGAN_CHOICE,
        enemy_lineup: G::ENEMY_LINEUP,
        board: G::BOARD,
        pick_zones: G::pick_zones,
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
    /// The step-through lets a person mulligan or keep the opening hand.
    pub mulligan_choice: bool,
    /// The goldfish takes an enemy line-up and a combat die to choose.
    pub enemy_lineup: bool,
    /// The board the app draws: `zones` (game-neutral) or the game's own layout.
    pub board: String,
}

/// What `game_id`'s goldfish offers to choose; `None` for a game without a goldfish.
pub fn capabilities(game_id: &str) -> Option<GoldfishCapabilities> {
    let e = find(game_id).ok()?;
    Some(GoldfishCapabilities {
        seats_alike: e.seats_alike,
        policies: e
            .policies
            .iter()
            .map(|&(id, label)| PolicyChoice {
                id: id.to_owned(),
                label: label.to_owned(),
            })
            .collect(),
        mulligan_choice: e.mulligan_choice,
        enemy_lineup: e.enemy_lineup,
        board: e.board.to_owned(),
    })
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
    G::build(game, deck, setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (game, seats alike, policies, mulligan choice, enemy line-up, board)
    type Case = (
        &'static str,
        bool,
        &'static [&'static str],
        bool,
        bool,
        &'static str,
    );

    #[test]
    fn each_game_says_what_its_goldfish_lets_a_player_choose_and_which_board_draws_it() {
        let cases: &[Case] = &[
            ("zoids-scramble", false, &[], false, false, "zones"),
            ("pr-acg", false, &[], false, false, "zones"),
            (
                "pr-dbg",
                true,
                &["buy-first", "battle-first"],
                false,
                false,
                "pr-dbg",
            ),
            ("pr-hotg", true, &[], false, true, "pr-hotg"),
            ("sms", true, &[], true, false, "sms"),
        ];
        for &(game, seats_alike, policies, mulligan, enemies, board) in cases {
            let caps = capabilities(game).unwrap();
            let ids: Vec<&str> = caps.policies.iter().map(|p| p.id.as_str()).collect();
            assert_eq!(
                (caps.seats_alike, ids.as_slice(), caps.mulligan_choice),
                (seats_alike, policies, mulligan),
                "{game}"
            );
            assert_eq!((caps.enemy_lineup, caps.board.as_str()), (enemies, board));
            assert!(caps.policies.iter().all(|p| !p.label.is_empty()));
        }
        assert!(capabilities("knights-of-the-table").is_none());
        assert_eq!(games().count(), cases.len());
    }
}
