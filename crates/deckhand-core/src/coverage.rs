//! What a card's data says about its coverage in the goldfish
//! (docs/pilots.md#the-four-coverage-states): the data side only. The engine adds what its
//! procedure plays.
//!
//! In order: the card's own note decides; else text beyond its keywords' reminders with no
//! effects stated is `not_simulated`; else each keyword counts by its definition (effects
//! template → simulated, a note → its state, neither → not simulated) and the worst state
//! wins. A card with nothing to play (no text, no keywords) is simulated.

use crate::effect::CoverageState;
use crate::{Card, Game};

/// The card's coverage state and, unless simulated, the reason.
pub fn coverage(card: &Card, game: &Game) -> (CoverageState, Option<String>) {
    if let Some(note) = &card.goldfish {
        return (note.state, Some(note.reason.clone()));
    }
    let text = card.text.as_deref().unwrap_or("");
    if card.effects.is_empty() && has_effect_text(text, &card.keywords) {
        return (
            CoverageState::NotSimulated,
            Some("its text is not stated as effects".into()),
        );
    }
    let mut worst: Option<(CoverageState, Option<String>)> =
        (!card.effects.is_empty()).then_some((CoverageState::Simulated, None));
    for written in &card.keywords {
        let name = written.split(':').next().unwrap_or(written).trim();
        let this = match game.keyword(written) {
            Some(def) => match (&def.goldfish, &def.effects) {
                (Some(note), _) => (note.state, Some(format!("{name}: {}", note.reason))),
                (None, Some(_)) => (CoverageState::Simulated, None),
                (None, None) => (
                    CoverageState::NotSimulated,
                    Some(format!("{name} states no effects")),
                ),
            },
            None => (
                CoverageState::NotSimulated,
                Some(format!("{name} is not a keyword of {}", game.name)),
            ),
        };
        if worst.as_ref().is_none_or(|(w, _)| rank(this.0) > rank(*w)) {
            worst = Some(this);
        }
    }
    worst.unwrap_or((CoverageState::Simulated, None))
}

/// How much a state leaves out, for "the worst wins": a card whose keywords only cannot
/// matter has no goldfish effect, but with anything simulated it is simulated.
fn rank(state: CoverageState) -> u8 {
    match state {
        CoverageState::NoEffect => 0,
        CoverageState::Simulated => 1,
        CoverageState::Partial => 2,
        CoverageState::NotSimulated => 3,
    }
}

/// True when `text` holds more than `keywords` and their parenthesised reminders: each
/// keyword as written, optionally followed by a parenthesised reminder, is removed, and
/// anything left but spaces and punctuation is an effect.
pub fn has_effect_text(text: &str, keywords: &[String]) -> bool {
    let mut rest = text.to_owned();
    for written in keywords {
        while let Some(start) = find_folded(&rest, written) {
            let mut end = start + written.len();
            let after = &rest[end..];
            let trimmed = after.trim_start();
            if trimmed.starts_with('(') {
                let open = end + (after.len() - trimmed.len());
                end = closing_paren(&rest, open).map_or(rest.len(), |close| close + 1);
            }
            rest.replace_range(start..end, " ");
        }
    }
    rest.chars()
        .any(|c| !c.is_whitespace() && !c.is_ascii_punctuation())
}

/// The byte offset of `needle` in `haystack`, compared ASCII-case-insensitively.
fn find_folded(haystack: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    let hay = haystack.as_bytes();
    let pin = needle.as_bytes();
    (0..=hay.len().checked_sub(pin.len())?)
        .filter(|&i| haystack.is_char_boundary(i) && haystack.is_char_boundary(i + pin.len()))
        .find(|&i| hay[i..i + pin.len()].eq_ignore_ascii_case(pin))
}

/// The byte offset of the `)` closing the `(` at `open`, counting nesting.
fn closing_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
#[path = "coverage_tests.rs"]
mod tests;
