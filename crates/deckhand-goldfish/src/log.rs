//! What a step-through shows, and the logger the decision code writes it through.
//!
//! The game procedures take a `L: Log` type parameter. Monte Carlo runs pass [`NoLog`],
//! whose methods are empty and inlined away, so the closures that would build the text are
//! never called; the step-through passes a [`Recorder`]. One decision code, two uses.
//! The same sink is the game's chooser: every decision goes through [`Log::choose`] (see
//! `choice.rs`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::choice::{BadPick, ChoiceKind, Pending, Picks};
use crate::rng::Rng;

/// The sink for a game's events. Messages are closures so that a silent run builds none.
pub trait Log {
    /// True when events are kept (lets the engine skip building zones).
    const ENABLED: bool;
    /// True when choices are answered by [`Log::choose`] (a script, a person), not simply
    /// by the pilot: only then are a decision's options built.
    const CHOOSES: bool = Self::ENABLED;
    /// True when nothing at all is kept or asked (Monte Carlo's [`NoLog`]): a pilot may then
    /// let a look-ahead's play on a copy stand for the game's, since playing it again would
    /// show nobody anything.
    const SILENT: bool = false;
    /// A card entered the hand from the deck.
    fn drew(&mut self, card: impl FnOnce() -> String);
    /// A decision or event of this turn, with its reason in a player's words.
    fn decide(&mut self, action: Action, text: impl FnOnce() -> String);

    /// A decision with more than one legal option: `pilot` is the pilot's pick among the
    /// options `options` builds (labels for people), `reason` its why, `zones` the board as
    /// it stands. Returns the pick to apply (an index into the options). The closures run
    /// only when someone looks. `rng` is the game's: a chooser that plays on from here with
    /// the unseen cards dealt anew reseeds it (see `from_here.rs`).
    #[allow(clippy::too_many_arguments)] // Separate closures: a silent run builds none.
    fn choose(
        &mut self,
        kind: ChoiceKind,
        pilot: usize,
        options: impl FnOnce() -> Vec<String>,
        reason: impl FnOnce() -> String,
        zones: impl FnOnce() -> Vec<Zone>,
        rng: &mut Rng,
    ) -> usize;

    /// Whether the next choice is still answered by [`Log::choose`]; once false, the pilot
    /// answers every later one without its options being built.
    #[inline(always)]
    fn choosing(&self) -> bool {
        true
    }

    /// A decision among `options` (what each means), the pilot preferring `pilot`, which
    /// must be one of them: returns the option to apply. A silent run returns `pilot`
    /// without building anything; a decision with one option is no decision and is not
    /// asked.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // Separate closures: a silent run builds none.
    fn pick<T: Copy + PartialEq>(
        &mut self,
        kind: ChoiceKind,
        pilot: T,
        options: impl FnOnce() -> Vec<T>,
        label: impl Fn(T) -> String,
        reason: impl FnOnce() -> String,
        zones: impl FnOnce() -> Vec<Zone>,
        rng: &mut Rng,
    ) -> T {
        if !Self::CHOOSES || !self.choosing() {
            return pilot;
        }
        let options = options();
        let at = options.iter().position(|&o| o == pilot);
        debug_assert!(
            at.is_some(),
            "the pilot's {} pick is not among the options",
            kind.word()
        );
        let Some(at) = at.filter(|_| options.len() > 1) else {
            return pilot;
        };
        let k = self.choose(
            kind,
            at,
            || options.iter().map(|&o| label(o)).collect(),
            reason,
            zones,
            rng,
        );
        options.get(k).copied().unwrap_or(pilot)
    }
}

/// The silent logger of Monte Carlo runs.
pub struct NoLog;

impl Log for NoLog {
    const ENABLED: bool = false;
    const SILENT: bool = true;
    #[inline(always)]
    fn drew(&mut self, _card: impl FnOnce() -> String) {}
    #[inline(always)]
    fn decide(&mut self, _action: Action, _text: impl FnOnce() -> String) {}
    #[inline(always)]
    fn choose(
        &mut self,
        _kind: ChoiceKind,
        pilot: usize,
        _options: impl FnOnce() -> Vec<String>,
        _reason: impl FnOnce() -> String,
        _zones: impl FnOnce() -> Vec<Zone>,
        _rng: &mut Rng,
    ) -> usize {
        pilot
    }
}

/// The logger of the step-through: collects the current turn's draws and decisions, and
/// answers each choice with the pilot's pick or a script's.
#[derive(Debug, Default)]
pub struct Recorder {
    pub draws: Vec<String>,
    pub decisions: Vec<Decision>,
    /// Your turn being played (0 = the setup); the step-through keeps it.
    pub turn: u32,
    script: Picks,
    /// Choices asked so far.
    asked: u32,
    /// The decision the game stopped at (with [`Picks::stop_after`]); nothing is recorded
    /// after it.
    pub pending: Option<Pending>,
    /// The first script pick the game could not take.
    pub bad_pick: Option<BadPick>,
}

impl Recorder {
    /// A recorder that answers choices from `script`.
    pub fn with_picks(script: Picks) -> Recorder {
        Recorder {
            script,
            ..Recorder::default()
        }
    }

    /// Whether the game stopped at a pending decision.
    pub fn stopped(&self) -> bool {
        self.pending.is_some()
    }
}

impl Log for Recorder {
    const ENABLED: bool = true;
    fn drew(&mut self, card: impl FnOnce() -> String) {
        if !self.stopped() {
            self.draws.push(card());
        }
    }
    fn decide(&mut self, action: Action, text: impl FnOnce() -> String) {
        if !self.stopped() {
            self.decisions.push(Decision::event(action, text()));
        }
    }
    fn choose(
        &mut self,
        kind: ChoiceKind,
        pilot: usize,
        options: impl FnOnce() -> Vec<String>,
        reason: impl FnOnce() -> String,
        zones: impl FnOnce() -> Vec<Zone>,
        _rng: &mut Rng,
    ) -> usize {
        let index = self.asked;
        self.asked += 1;
        if self.stopped() {
            return pilot;
        }
        let options = options();
        let reason = reason();
        let scripted = self.script.picks.get(index as usize).copied();
        if scripted.is_none() && self.script.stop_after {
            self.pending = Some(Pending {
                turn: self.turn,
                choice: Decision::choice(kind, index, options, pilot, pilot, reason),
                zones: zones(),
            });
            return pilot;
        }
        let pick = match scripted {
            Some(p) if (p as usize) < options.len() => p as usize,
            Some(p) => {
                self.bad_pick.get_or_insert(BadPick {
                    index,
                    pick: p,
                    options: options.len() as u32,
                });
                pilot
            }
            None => pilot,
        };
        self.decisions
            .push(Decision::choice(kind, index, options, pick, pilot, reason));
        pick
    }
}

/// The kind of a logged decision, so that a UI can style or filter lines without reading
/// their text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setting up: shuffling, setting cards aside, the opening hand.
    Setup,
    /// A draw beyond the turn's normal draw (Scouting) or a note about drawing.
    Draw,
    /// Readying exhausted Zoids.
    Ready,
    /// A card put into play (a Zoid, a summon).
    Play,
    /// A card attached to another (a Pilot, an Energy card, a Zord on top).
    Attach,
    /// Something the pilot chose not to do, and why.
    Hold,
    /// Cards discarded to pay a cost.
    Pay,
    /// An attack or a battle.
    Attack,
    /// What the opponent did (it only draws), or an enemy card resolving.
    Opponent,
    /// Buying a card, or Battling an adversary (PR Deck-Building).
    Buy,
    /// A mulligan decision (Showdown).
    Mulligan,
    /// Damage suffered, and cards revealed for defense.
    Damage,
    /// The game ended.
    End,
}

/// One logged line of a turn: an event, or a choice with its options, pick and reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Decision {
    pub action: Action,
    /// The decision and its reason ("Set Pilot Vera on Thunder Liger: the only Zoid she can
    /// pilot").
    pub text: String,
    /// A choice's kind; absent for an event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub kind: Option<ChoiceKind>,
    /// A choice's number in its game (from 0): the index a script's picks follow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub index: Option<u32>,
    /// A choice's legal options, each described for a person.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// The option applied: an index into `options`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pick: Option<u32>,
    /// The pilot's pick (the same as `pick` unless a script or a person chose otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pilot: Option<u32>,
    /// Why the pilot picks `pilot`, in a short sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reason: Option<String>,
}

impl Decision {
    /// A line that is not a choice.
    pub fn event(action: Action, text: String) -> Decision {
        Decision {
            action,
            text,
            kind: None,
            index: None,
            options: Vec::new(),
            pick: None,
            pilot: None,
            reason: None,
        }
    }

    /// A choice: its text is the option applied and the pilot's reason, or, when someone
    /// else chose, what the pilot would have done.
    pub fn choice(
        kind: ChoiceKind,
        index: u32,
        options: Vec<String>,
        pick: usize,
        pilot: usize,
        reason: String,
    ) -> Decision {
        let label = |k: usize| options.get(k).map(String::as_str).unwrap_or("?");
        let text = if pick == pilot {
            format!("{}: {reason}", label(pick))
        } else {
            format!(
                "{} (your pick; the pilot would {}: {reason})",
                label(pick),
                lower_first(label(pilot))
            )
        };
        Decision {
            action: kind.action(),
            text,
            kind: Some(kind),
            index: Some(index),
            pick: Some(pick as u32),
            pilot: Some(pilot as u32),
            reason: Some(reason),
            options,
        }
    }
}

/// `s` with its first letter in lower case ("Buy Red Ranger" → "buy Red Ranger").
fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whose zone a zone is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Owner {
    You,
    Opponent,
}

/// A card shown in a zone, with what is set on it.
///
/// The same shape for every game; a game fills what its board shows. `stats` and `tags`
/// let a board draw a figure (health left, power) or a state (defeated, adversary)
/// without reading `status`, which is for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ZoneCard {
    pub name: String,
    /// `standby` / `exhausted` for Zoids, a short state in words elsewhere; absent where a
    /// game has no such state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Cards set on this one (a Pilot, Energy cards), in the order they were set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<Attached>,
    /// The card's colour where the game has colours (a Ranger's, a slot's), folded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// Figures by name (`health`, `health_left`, `power`, `shard_cost`…), in name order.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, i64>,
    /// States as stable words (`adversary`, `defeated`, `resolved`, `guarded`, `fast`,
    /// `character`…; `counter` marks a tracker's figure, not a card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// A card set on another card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Attached {
    /// `pilot`, `energy`, `slot 1`…
    pub role: String,
    pub name: String,
    /// The colour of the slot it fills (PR Deck-Building), folded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

/// A zone after a turn: its face-up cards and how many face-down cards it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Zone {
    /// Stable id: `hand`, `arena`, `base`, `deck`, `scrapyard`, `discard`…
    pub id: String,
    /// The zone's name in the game's words ("Arena", "Scrapyard").
    pub name: String,
    pub owner: Owner,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<ZoneCard>,
    /// Cards the player cannot see (a deck, face-down base Energy, the opponent's hand).
    #[serde(default)]
    pub hidden: u32,
}

impl Zone {
    pub(crate) fn visible(id: &str, name: &str, owner: Owner, cards: Vec<ZoneCard>) -> Zone {
        Zone {
            id: id.to_owned(),
            name: name.to_owned(),
            owner,
            cards,
            hidden: 0,
        }
    }

    pub(crate) fn hidden(id: &str, name: &str, owner: Owner, hidden: usize) -> Zone {
        Zone {
            id: id.to_owned(),
            name: name.to_owned(),
            owner,
            cards: Vec::new(),
            hidden: hidden as u32,
        }
    }
}

impl ZoneCard {
    pub(crate) fn plain(name: &str) -> ZoneCard {
        ZoneCard {
            name: name.to_owned(),
            status: None,
            attached: Vec::new(),
            color: None,
            stats: BTreeMap::new(),
            tags: Vec::new(),
        }
    }

    /// A tracker's figure shown among the cards (HP, Energy, a pool): its value as status
    /// and `value`, tagged `counter` so nothing reads it as a card.
    pub(crate) fn counter(name: &str, value: impl Into<i64>) -> ZoneCard {
        let value = value.into();
        ZoneCard::plain(name)
            .status(value.to_string())
            .stat("value", value)
            .tag("counter", true)
    }

    /// Sets a figure (builder style, for the boards).
    pub(crate) fn stat(mut self, name: &str, value: impl Into<i64>) -> ZoneCard {
        self.stats.insert(name.to_owned(), value.into());
        self
    }

    /// Adds a state word when `on`.
    pub(crate) fn tag(mut self, tag: &str, on: bool) -> ZoneCard {
        if on {
            self.tags.push(tag.to_owned());
        }
        self
    }

    pub(crate) fn status(mut self, status: impl Into<String>) -> ZoneCard {
        self.status = Some(status.into());
        self
    }
}

/// One turn of a step-through (turn 0 is the setup).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct TurnLog {
    /// Your own turn number; 0 for the setup.
    pub turn: u32,
    /// Every card that entered your hand from the deck this turn, in order.
    pub draws: Vec<String>,
    pub decisions: Vec<Decision>,
    /// The zones after the turn.
    pub zones: Vec<Zone>,
}

/// How a game ended, from your side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// You won (the kill).
    Win,
    /// Your deck ran out before you won.
    DeckOut,
    /// Both decks ran out at the same moment; in games with a turn limit (Showdown's 15
    /// turns, PR Deck-Building's cap), nobody won by then.
    Draw,
    /// You lost another way: your HP fell to 0 (PR Deck-Building), or the battle ended
    /// with enemy cards standing (Heroes of the Grid).
    Loss,
}

/// The end of a game: what happened and on which of your turns (0 = during the setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct GameResult {
    pub outcome: Outcome,
    pub turn: u32,
}

/// One whole game, turn by turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct GameLog {
    pub game: String,
    pub seed: u64,
    pub going_first: bool,
    pub policy: String,
    pub turns: Vec<TurnLog>,
    /// How the game ended; with a [`Pending`] decision, how it ends when the pilot plays
    /// the rest.
    pub result: GameResult,
    /// How the game ended and why, in a player's words (see [`crate::headline::ending`]).
    #[serde(default)]
    pub ending: String,
    /// The decision the game stopped at for a person to answer (a step-through with
    /// [`Picks::stop_after`]); the log ends there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pending: Option<Pending>,
    /// Cards whose printed effects this game did not play (see [`crate::SimReport`]).
    pub not_simulated: Vec<String>,
    /// As in [`crate::SimReport`].
    #[serde(default)]
    pub coverage: crate::effects::Coverage,
}
