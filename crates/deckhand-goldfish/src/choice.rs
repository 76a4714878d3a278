//! Choice points: every decision of a game's procedure, in the open.
//!
//! A procedure never just does what its pilot prefers: at each decision it asks its
//! [`Log`](crate::log::Log) (the game's chooser) with the decision's [`ChoiceKind`], the
//! pilot's pick, and closures that build the legal options and the pilot's reason, and it
//! applies the pick it gets back. Who answers:
//! - the Monte Carlo's [`NoLog`](crate::log::NoLog): the pilot's pick, inlined, the
//!   closures never called (a choice point costs nothing there);
//! - the step-through's [`Recorder`](crate::log::Recorder): the pilot's pick, or a
//!   [`Picks`] script's (a game is its seed plus its picks, replayed), each choice logged
//!   with its options, pick and reason; past the script's end it can stop at the next
//!   decision and hold it as [`Pending`] for a person to answer.
//!
//! Options are labels for people; the procedure keeps the list of what they mean, in the
//! same order, and maps the pick back (see each game's call sites).

use serde::{Deserialize, Serialize};

use crate::log::{Decision, Zone};

/// What a decision is about (the list: mulligan, set, summon, play, attach,
/// activate, buy, battle, target, an optional effect, a `choose`, a reveal for defense).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceKind {
    /// Keep the opening hand or mulligan it.
    Mulligan,
    /// Which card to put into play (a Zoid set, a Ranger deployed), or none.
    Set,
    /// Which card to summon (PR Action's Zords), or none.
    Summon,
    /// Which card to play from hand, or none.
    Play,
    /// What to attach, and to which card.
    Attach,
    /// Which Ability to activate, or none.
    Activate,
    /// Which card to buy, or none.
    Buy,
    /// Which adversary or enemy to battle, or none.
    Battle,
    /// Which card attacks, or none.
    Attack,
    /// Which card an effect or an attack targets.
    Target,
    /// Whether to use an optional ("may") effect.
    Optional,
    /// Which option of a `choose` effect.
    Option,
    /// Which cards to reveal for defense.
    Reveal,
    /// Which card to discard or give up.
    Discard,
}

impl ChoiceKind {
    /// The kind in a few words, for the text log ("buy", "attack").
    pub fn word(self) -> &'static str {
        match self {
            ChoiceKind::Mulligan => "mulligan",
            ChoiceKind::Set => "set",
            ChoiceKind::Summon => "summon",
            ChoiceKind::Play => "play",
            ChoiceKind::Attach => "attach",
            ChoiceKind::Activate => "activate",
            ChoiceKind::Buy => "buy",
            ChoiceKind::Battle => "battle",
            ChoiceKind::Attack => "attack",
            ChoiceKind::Target => "target",
            ChoiceKind::Optional => "optional effect",
            ChoiceKind::Option => "option",
            ChoiceKind::Reveal => "reveal",
            ChoiceKind::Discard => "discard",
        }
    }
}

/// A decision waiting for a person's pick, with the board as it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Pending {
    /// Your turn it falls in (0 = the setup).
    pub turn: u32,
    /// The decision, its options and the pilot's pick and reason (`pick` is the pilot's).
    pub choice: Decision,
    /// The zones at the decision.
    pub zones: Vec<Zone>,
}

/// A script of picks, by decision number: a game is its seed plus these.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picks {
    /// The pick for decision `i` at `picks[i]`; decisions past the end take the pilot's.
    pub picks: Vec<u32>,
    /// Stop at the first decision past the script and hold it as [`Pending`].
    pub stop_after: bool,
}

/// A script's pick that the game could not take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadPick {
    /// The decision's number.
    pub index: u32,
    pub pick: u32,
    /// How many options it had.
    pub options: u32,
}

impl ChoiceKind {
    /// The log line's kind for a choice of this kind.
    pub(crate) fn action(self) -> crate::log::Action {
        use crate::log::Action;
        match self {
            ChoiceKind::Mulligan => Action::Mulligan,
            ChoiceKind::Set | ChoiceKind::Summon | ChoiceKind::Play => Action::Play,
            ChoiceKind::Attach => Action::Attach,
            ChoiceKind::Activate | ChoiceKind::Attack | ChoiceKind::Battle => Action::Attack,
            ChoiceKind::Buy => Action::Buy,
            ChoiceKind::Reveal => Action::Damage,
            ChoiceKind::Target | ChoiceKind::Optional | ChoiceKind::Option => Action::Play,
            ChoiceKind::Discard => Action::Pay,
        }
    }
}
