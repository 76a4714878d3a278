//! A game definition: card types, stats, keywords, deck sections and card size, read from
//! `data/games/<id>.toml` and validated before anything else sees it.
//!
//! This file is the [`Game`] itself, how it is read and what it answers; the parts it
//! declares are in `declarations.rs` (card types, stats, keywords, sections), `print_def.rs`
//! (`[print]`) and `goldfish_def.rs` (`[goldfish]`); `validation.rs` checks a definition as a
//! whole once serde has read it.

mod declarations;
mod goldfish_def;
mod print_def;
mod validation;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{line_column, CoreError, Location};
use crate::name::{fold_name, same_folded};
use crate::rules::{DeckRules, RuleKind};

pub use declarations::{CardTypeDef, KeywordDef, KeywordValue, SectionDef, StatDef, StatKind};
pub use goldfish_def::{
    validate_die_faces, EnemyPick, GoldfishDef, MAX_DIE_FACES, MAX_FACE_HITS, MAX_FOOT_FIGURES,
};
pub use print_def::{parse_hex_color, FrameBy, PrintBack, PrintCorners, PrintDef};

/// Sections every game has besides its own: cards set aside, and cards being considered.
/// Neither ever counts toward a deck: no rule may name them.
pub const GENERIC_SECTIONS: &[&str] = &["side", "maybe"];

/// A validated game definition. Construct it with [`Game::from_toml`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The fixed id used by the CLI, the database and data files (`zoids-scramble`).
    pub id: String,
    pub name: String,
    /// A shorter label for tabs and pickers; falls back to `name`.
    #[serde(default)]
    pub short_name: Option<String>,
    /// The physical card size, for printing.
    pub card_size_mm: CardSize,
    /// Search queries that show what to type for this game (`t:zoid power>=5`); the app's
    /// search placeholders offer them. Each finds cards of the game's bundled sample set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub search_examples: Vec<String>,
    /// When true any keyword is accepted; `keywords` then only documents the known ones.
    #[serde(default)]
    pub open_keywords: bool,
    pub card_types: Vec<CardTypeDef>,
    #[serde(default)]
    pub stats: BTreeMap<String, StatDef>,
    #[serde(default)]
    pub keywords: Vec<KeywordDef>,
    pub sections: Vec<SectionDef>,
    /// Deck-construction rules; a game without them accepts any deck.
    #[serde(default)]
    pub deck: DeckRules,
    /// How the game's cards print: sizes per type and what a text proxy shows where.
    #[serde(default)]
    pub print: PrintDef,
    /// Facts the goldfish engine plays by that are assumptions rather than printed rules
    /// (the faces of a combat die), so that a user can edit them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish: Option<GoldfishDef>,
    /// Named rule variants (`[[formats]]`); a deck checked with none uses `deck.rules`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formats: Vec<crate::format::FormatDef>,
    /// The triggers, zones and resources its cards' effects may name (`[effects]`).
    #[serde(default)]
    pub effects: crate::effect::EffectsDef,
    /// How the game deals and what its table holds (`[play]`); defaults when absent.
    #[serde(default)]
    pub play: crate::table::PlayDef,
}
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSize {
    pub width: f64,
    pub height: f64,
}

impl Game {
    /// Parses and validates a definition. `source_name` only labels error messages.
    pub fn from_toml(source_name: &str, text: &str) -> Result<Game, CoreError> {
        let game: Game = toml::from_str(text).map_err(|err| {
            let location = match err.span() {
                Some(span) => line_column(text, span.start),
                None => Location::Path("(document)".into()),
            };
            CoreError::GameDefinition {
                source_name: source_name.to_owned(),
                location,
                message: explain_serde_message(err.message()),
            }
        })?;
        game.validate().map_err(|(key, message)| {
            // What serde cannot check names a key path; the player needs its line too.
            let (location, message) = match crate::locate::locate(text, &key) {
                Some(at) => (at, format!("{key}: {message}")),
                None => (Location::Path(key), message),
            };
            CoreError::GameDefinition {
                source_name: source_name.to_owned(),
                location,
                message,
            }
        })?;
        Ok(game)
    }

    pub fn display_short_name(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
    }

    /// The fixed starter deck of `side`: the composition of a `fixed_composition` rule
    /// that states that side (`pr-dbg`).
    pub fn starter_deck(&self, side: crate::Side) -> Option<&crate::Composition> {
        self.deck.rules.iter().find_map(|rule| match &rule.kind {
            RuleKind::FixedComposition { compositions, .. } => {
                compositions.iter().find(|c| c.side == Some(side))
            }
            _ => None,
        })
    }

    /// The card type with this name, compared case-insensitively.
    pub fn card_type(&self, name: &str) -> Option<&CardTypeDef> {
        self.card_types.iter().find(|t| same_folded(&t.name, name))
    }

    /// The physical size of a card of this type: its `[print.card_sizes]` entry, else
    /// `card_size_mm`.
    pub fn card_size_for(&self, card_type: &str) -> CardSize {
        let key = fold_name(card_type);
        self.print
            .card_sizes
            .iter()
            .find(|(name, _)| fold_name(name) == key)
            .map_or(self.card_size_mm, |(_, size)| *size)
    }

    /// The keyword definition for a keyword as written on a card (`Scouting: 1`).
    pub fn keyword(&self, written: &str) -> Option<&KeywordDef> {
        let name = written.split(':').next().unwrap_or(written);
        self.keywords.iter().find(|k| same_folded(&k.name, name))
    }
    /// True when `id` is one of this game's sections or a generic one.
    pub fn has_section(&self, id: &str) -> bool {
        GENERIC_SECTIONS.contains(&id) || self.own_section(id)
    }

    /// True when `id` is one of the game's own sections (not `side` or `maybe`).
    pub(crate) fn own_section(&self, id: &str) -> bool {
        self.sections.iter().any(|s| s.id == id)
    }

    /// The name a player sees for a section (`characters` → "Characters").
    pub fn section_name<'a>(&'a self, id: &'a str) -> &'a str {
        match id {
            "side" => "Side",
            "maybe" => "Maybe",
            _ => self
                .sections
                .iter()
                .find(|s| s.id == id)
                .map_or(id, |s| s.name.as_str()),
        }
    }

    /// The section cards of `card_type` always go to, if the game says so (compared
    /// case-insensitively; the map's keys are the game's type names).
    pub fn section_of_type(&self, card_type: &str) -> Option<&str> {
        let key = fold_name(card_type);
        self.deck
            .section_of_type
            .iter()
            .find(|(t, _)| fold_name(t) == key)
            .map(|(_, section)| section.as_str())
    }
}

/// serde's message on one line; a key or a value this build does not know is most likely
/// from a newer Deckhand (or a typo), and the definition is refused whole rather than read
/// in part.
fn explain_serde_message(message: &str) -> String {
    let message = message.trim().replace('\n', " ");
    for what in ["unknown field", "unknown variant"] {
        if let Some(rest) = message.strip_prefix(what) {
            let (name, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
            let expected = match expected.trim() {
                "" => String::new(),
                list => format!("; this version knows {list}"),
            };
            return format!(
                "{what}{name}: not known to this Deckhand (written for a newer Deckhand, or misspelt?){expected}"
            );
        }
    }
    message
}

#[cfg(test)]
pub(crate) mod tests;
