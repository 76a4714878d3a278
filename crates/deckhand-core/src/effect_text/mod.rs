//! The written form of effects: one line a player reads and types, the same in the card
//! editor, a spreadsheet cell and `card --json`'s `effects_text`. [`print_effects`] is
//! canonical and [`parse_effects`] reads it back: `parse(print(e)) == e` for every valid
//! effect (the validator refuses the few typed shapes the grammar cannot say).
//!
//! ```text
//! trigger     := "when played" | "when set" | … | "while in play" | "activate (" [steps] ")"
//!              | ("when you play" | "when you attach" | "when you destroy" | "when you buy") [" " filter]
//! effect      := trigger [" if " requirement [" and " hp] | " if " hp] ": " ["may "] steps
//! requirement := [N "+ " | "no " | "fewer than " N " "] ["distinct "] [filter " "] "in " zone
//! hp          := "hp <= " INT | "hp < opponent"
//! steps       := step (", " step)*
//! amount      := INT | INT " per " ["distinct "] [filter " "] "in " zone [" max " INT]
//! filter      := "[" query "]"
//! ```
//! Several effects are joined by `" | "`. docs/effects.md lists every step.
//!
//! `print` writes the form, `parser` reads its tokens (numbers, amounts, filters, names),
//! `sentence` the effect around the steps (trigger, requirement, hp) and `step` the steps;
//! `phrases` holds the fixed words both directions share, so they cannot drift apart.

mod parser;
mod phrases;
mod print;
mod sentence;
mod step;

use std::fmt;

use crate::effect::EffectsDef;
use crate::query::Vocabulary;
use crate::Game;

pub use parser::parse_effects;
pub use print::print_effects;

/// Between two effects of one card.
pub const EFFECT_SEPARATOR: &str = " | ";

/// The written form cannot be read: where (1-based character) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectTextError {
    pub position: usize,
    pub message: String,
}

impl fmt::Display for EffectTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.position, self.message)
    }
}

/// The words a game gives the written form: the zones, resources and stats it has, and the
/// query vocabulary its filters are checked with. Without them any word is accepted.
#[derive(Debug, Clone)]
pub struct EffectWords {
    pub zones: Vec<String>,
    pub resources: Vec<String>,
    pub stats: Vec<String>,
    pub vocabulary: Vocabulary,
}

impl EffectWords {
    pub fn for_game(game: &Game) -> EffectWords {
        let EffectsDef {
            zones, resources, ..
        } = &game.effects;
        EffectWords {
            zones: zones.clone(),
            resources: resources.clone(),
            stats: game.stats.keys().cloned().collect(),
            vocabulary: Vocabulary::for_game(game),
        }
    }
}

/// Fills a keyword's effects template: `{value}` is the keyword's whole value, `{1}`, `{2}`…
/// its whitespace-separated parts (a missing part is left as written, so it fails to parse).
pub fn fill_template(template: &str, value: &str) -> String {
    let mut out = template.replace("{value}", value.trim());
    for (i, part) in value.split_whitespace().enumerate() {
        out = out.replace(&format!("{{{}}}", i + 1), part);
    }
    out
}

#[cfg(test)]
mod tests;
