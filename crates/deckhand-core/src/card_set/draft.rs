//! A card typed by a player (the CLI's `card add`/`card edit`, the app's card form),
//! validated by the same [`check_card`] as a card-set file or a spreadsheet row, with
//! every problem named by its field.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{check_card, CardInput};
use crate::card::{Card, StatValue};
use crate::effect::{Effect, GoldfishNote};
use crate::effect_text::{parse_effects, EffectWords};
use crate::game::{Game, StatKind};
use crate::name::{fold_name, slug};

/// A card as a player writes it: the card-set JSON's fields, owned. Stats hold JSON values
/// (`3`, `"X"`, `["a", "b"]`), or text from [`CardDraft::set_stat_text`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct CardDraft {
    #[serde(default)]
    pub id: Option<String>,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
    #[serde(default)]
    pub set: Option<String>,
    #[serde(default)]
    pub number: Option<String>,
    #[serde(default)]
    pub side: Option<String>,
    #[serde(default)]
    pub color: Option<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub stats: BTreeMap<String, Value>,
    /// The effects as data; replaced by `effects_text` when that is given.
    #[serde(default)]
    pub effects: Vec<Effect>,
    #[serde(default)]
    pub goldfish: Option<GoldfishNote>,
    /// The effects in the written form (`when set: may draw 1`), as the card form types
    /// them: when given, read with the game's words in place of `effects`; what does not
    /// read is a problem of the field `effects`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub effects_text: Option<String>,
}

/// One problem of a draft: the field (`name`, `type`, `keywords[0]`, `stats.power`) and
/// the validator's message, the same words an import reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct FieldProblem {
    pub field: String,
    pub message: String,
}

impl CardDraft {
    /// The draft of a stored card: editing it and validating gives the card back.
    pub fn from_card(card: &Card) -> CardDraft {
        let stats = card
            .stats
            .iter()
            .map(|(id, value)| {
                let value = match value {
                    StatValue::Number(n) => Value::from(*n),
                    StatValue::Text(t) => Value::from(t.clone()),
                    StatValue::List(items) => Value::Array(
                        items
                            .iter()
                            .map(|item| match item {
                                StatValue::Number(n) => Value::from(*n),
                                other => Value::from(other.to_string()),
                            })
                            .collect(),
                    ),
                };
                (id.clone(), value)
            })
            .collect();
        CardDraft {
            id: Some(card.id.clone()),
            name: card.name.clone(),
            card_type: card.card_type.clone(),
            set: card.set.clone(),
            number: card.number.clone(),
            side: card.side.map(|s| s.as_str().to_owned()),
            color: card.color.clone(),
            subtypes: card.subtypes.clone(),
            keywords: card.keywords.clone(),
            text: card.text.clone(),
            stats,
            effects: card.effects.clone(),
            goldfish: card.goldfish.clone(),
            effects_text: None,
        }
    }

    /// Sets a stat from text as a command line or a spreadsheet cell writes it: the stat
    /// by its id or label (any case), a list stat's items separated by `;`; empty text
    /// removes the stat.
    pub fn set_stat_text(
        &mut self,
        game: &Game,
        key: &str,
        text: &str,
    ) -> Result<(), FieldProblem> {
        let folded = fold_name(key);
        let Some((id, def)) = game
            .stats
            .iter()
            .find(|(id, def)| fold_name(id) == folded || fold_name(&def.label) == folded)
        else {
            let known: Vec<&str> = game.stats.keys().map(String::as_str).collect();
            return Err(FieldProblem {
                field: format!("stats.{key}"),
                message: format!(
                    "'{key}' is not a stat of {} (stats: {})",
                    game.name,
                    known.join(", ")
                ),
            });
        };
        let text = text.trim();
        if text.is_empty() {
            self.stats.remove(id);
            return Ok(());
        }
        let value = match def.kind {
            StatKind::List | StatKind::NumberList => Value::Array(
                text.split(';')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| Value::String(s.to_owned()))
                    .collect(),
            ),
            StatKind::Number | StatKind::Text => Value::String(text.to_owned()),
        };
        self.stats.insert(id.clone(), value);
        Ok(())
    }

    /// Validates the draft as a card of `game`, listing every problem. Without an id, the
    /// id is a spreadsheet row's: `GAME-SET-NUMBER` (slugged) with a set and a number,
    /// else the JSON reader's slug of game and name.
    pub fn validate(&self, game: &Game) -> Result<Card, Vec<FieldProblem>> {
        // Written effects that do not read are one problem among the others.
        let (effects, unreadable) = match &self.effects_text {
            None => (self.effects.clone(), None),
            Some(text) => match parse_effects(text, Some(&EffectWords::for_game(game))) {
                Ok(effects) => (effects, None),
                Err(err) => (
                    Vec::new(),
                    Some(FieldProblem {
                        field: "effects".into(),
                        message: err.to_string(),
                    }),
                ),
            },
        };
        let given = |field: &Option<String>| {
            field
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
        };
        let id = match (&self.id, given(&self.set), given(&self.number)) {
            (Some(id), _, _) => Some(id.clone()),
            (None, Some(set), Some(number)) => Some(slug(&format!("{} {set} {number}", game.id))),
            (None, _, _) => None,
        };
        let input = CardInput {
            name: Cow::Borrowed(&self.name),
            card_type: self.card_type.trim().to_owned(),
            id,
            set: self.set.clone(),
            number: self.number.clone(),
            side: self.side.clone().filter(|s| !s.trim().is_empty()),
            color: self.color.clone(),
            subtypes: self
                .subtypes
                .iter()
                .filter(|s| !s.trim().is_empty())
                .cloned()
                .collect(),
            keywords: self.keywords.clone(),
            text: self.text.clone(),
            stats: self.stats.clone(),
            effects,
            goldfish: self.goldfish.clone(),
        };
        let checked = check_card(game, input).map_err(|problems| {
            problems
                .into_iter()
                .map(|(key, message)| FieldProblem {
                    field: key.trim_start_matches('.').to_owned(),
                    message,
                })
                .collect::<Vec<_>>()
        });
        match (checked, unreadable) {
            (checked, None) => checked,
            (Ok(_), Some(problem)) => Err(vec![problem]),
            (Err(mut problems), Some(problem)) => {
                problems.push(problem);
                Err(problems)
            }
        }
    }
}
