//! Play it yourself: a game is its seed plus the picks made so far, replayed. Each call
//! replays them through the same procedure the pilot plays and stops at the next decision
//! (or lets the pilot finish), so undo is one pick fewer and a branch is another pick list.

use deckhand_core::{Deck, Game};
use serde::{Deserialize, Serialize};

use crate::choice::{ChoiceKind, Picks};
use crate::error::GoldfishError;
use crate::log::{GameResult, TurnLog, Zone};
use crate::registry::{self, step};
use crate::simulate::StepOptions;

/// How to replay a game for a person.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayOptions {
    /// The seed, seat and game options, as for a step-through.
    pub step: StepOptions,
    /// The picks so far, by decision number.
    pub picks: Vec<u32>,
    /// Let the pilot play every decision after the picks.
    pub pilot_rest: bool,
}

/// The game as a person sees it after their picks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PlayState {
    pub game: String,
    pub seed: u64,
    pub going_first: bool,
    /// Your turn the game is at (0 = the setup).
    pub turn: u32,
    /// The picks applied, by decision number: yours, then the pilot's with
    /// [`PlayOptions::pilot_rest`]. Picks given past the game's end are not among them.
    pub picks: Vec<u32>,
    /// The zones now: at the pending decision, or when the game ended.
    pub zones: Vec<Zone>,
    /// Every turn so far; the last one stops at the pending decision.
    pub log: Vec<TurnLog>,
    /// The decision waiting for a pick; absent once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub decision: Option<PlayDecision>,
    /// How the game ended; absent while a decision waits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub result: Option<GameResult>,
}

/// A decision waiting for a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PlayDecision {
    pub kind: ChoiceKind,
    /// The decision's number: the position its pick takes in [`PlayState::picks`].
    pub index: u32,
    /// The question, in a player's words ("Which card do you buy?").
    pub prompt: String,
    /// The zones (ids) whose cards the options are about: a card of the same name in
    /// another zone offers nothing. Empty: any zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<String>,
    pub options: Vec<PlayOption>,
    /// What the pilot would pick, and why.
    pub pilot: PilotPick,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PlayOption {
    pub index: u32,
    pub label: String,
    /// The cards face up on the board that the label names, in its order: clicking one of
    /// them on a board offers this option.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct PilotPick {
    pub index: u32,
    pub reason: String,
}

/// Replays `options.picks` on the seed and returns where the game stands: the pending
/// decision, or (with [`PlayOptions::pilot_rest`], or when the picks finish the game) the
/// result. A pick out of range is [`GoldfishError::BadPick`].
pub fn play(game: &Game, deck: &Deck, options: &PlayOptions) -> Result<PlayState, GoldfishError> {
    let step_options = StepOptions {
        picks: Picks {
            picks: options.picks.clone(),
            stop_after: !options.pilot_rest,
        },
        ..options.step.clone()
    };
    let log = step(game, deck, &step_options)?;
    let (turn, zones, decision, result) = match log.pending {
        Some(pending) => {
            let choice = pending.choice;
            let kind = choice.kind.unwrap_or(ChoiceKind::Play);
            let pick_zones = registry::find(&game.id)?.pick_zones(kind);
            let names = named::board_names(&pending.zones, pick_zones);
            let decision = PlayDecision {
                kind,
                index: choice.index.unwrap_or(options.picks.len() as u32),
                prompt: kind.prompt().to_owned(),
                zones: pick_zones.iter().map(|&z| z.to_owned()).collect(),
                options: choice
                    .options
                    .into_iter()
                    .enumerate()
                    .map(|(i, label)| PlayOption {
                        index: i as u32,
                        cards: named::cards_named(&label, &names),
                        label,
                    })
                    .collect(),
                pilot: PilotPick {
                    index: choice.pilot.unwrap_or(0),
                    reason: choice.reason.unwrap_or_default(),
                },
            };
            (pending.turn, pending.zones, Some(decision), None)
        }
        None => {
            let zones = log
                .turns
                .last()
                .map(|t| t.zones.clone())
                .unwrap_or_default();
            (log.result.turn, zones, None, Some(log.result))
        }
    };
    // A game waiting at a decision used every pick given (it stops at the first decision
    // past them); a finished one used those its decisions took, the pilot's included, and
    // a pick list may run past its end.
    let picks = match decision.is_some() {
        true => options.picks.clone(),
        false => log
            .turns
            .iter()
            .flat_map(|t| &t.decisions)
            .filter_map(|d| d.index.map(|_| d.pick.unwrap_or(0)))
            .collect(),
    };
    Ok(PlayState {
        game: log.game,
        seed: log.seed,
        going_first: log.going_first,
        turn,
        picks,
        zones,
        log: log.turns,
        decision,
        result,
    })
}

impl ChoiceKind {
    /// The question a decision of this kind asks a person.
    pub fn prompt(self) -> &'static str {
        match self {
            ChoiceKind::Mulligan => "Keep this hand, or mulligan?",
            ChoiceKind::Set => "Which card do you put into play?",
            ChoiceKind::Summon => "Which card do you summon?",
            ChoiceKind::Play => "Which card do you play?",
            ChoiceKind::Attach => "What do you attach, and where?",
            ChoiceKind::Activate => "Which Ability do you use?",
            ChoiceKind::Buy => "Which card do you buy?",
            ChoiceKind::Battle => "Which enemy do you battle?",
            ChoiceKind::Attack => "Which card attacks?",
            ChoiceKind::Target => "Which card does it target?",
            ChoiceKind::Optional => "Do you use this effect?",
            ChoiceKind::Option => "Which option do you choose?",
            ChoiceKind::Reveal => "Which cards do you reveal?",
            ChoiceKind::Discard => "Which card do you discard?",
        }
    }
}

mod named;
#[cfg(test)]
mod paid_tests;
#[cfg(test)]
mod tests;
