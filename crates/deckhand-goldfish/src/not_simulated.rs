//! Which cards the numbers leave something out for.
//!
//! The rule, the same for every game: a card is *not simulated* when
//! 1. its type is one the pilot never plays (Zoids Scramble Commands), or
//! 2. it has a keyword that the game's module neither plays nor shows to be without effect
//!    against an opponent who does nothing (Zoids Scramble `Unison`, `CAS`; any keyword the
//!    module does not know), or
//! 3. its printed text says more than the reminder text of its keywords: the keyword as
//!    written, optionally followed by a parenthesised reminder, is removed, and anything left
//!    but spaces and punctuation is an effect the engine does not play.
//!
//! Card text is only ever measured here, never read for effects.

use deckhand_core::{fold_name, Card};

/// How a game's module treats each keyword it knows.
pub struct KeywordPolicy {
    /// Keywords the engine acts on, or that cannot matter against a goldfish.
    pub accounted: &'static [&'static str],
    /// Types whose cards the pilot never plays.
    pub unplayed_types: &'static [&'static str],
}

/// The names of `cards` that are not simulated, sorted by folded name, each once.
pub fn not_simulated<'a>(
    cards: impl IntoIterator<Item = &'a Card>,
    policy: &KeywordPolicy,
) -> Vec<String> {
    let mut names: Vec<(String, String)> = cards
        .into_iter()
        .filter(|card| !is_simulated(card, policy))
        .map(|card| (fold_name(&card.name), card.name.clone()))
        .collect();
    names.sort();
    names.dedup_by(|a, b| a.0 == b.0);
    names.into_iter().map(|(_, name)| name).collect()
}

fn is_simulated(card: &Card, policy: &KeywordPolicy) -> bool {
    let card_type = fold_name(&card.card_type);
    if policy
        .unplayed_types
        .iter()
        .any(|t| fold_name(t) == card_type)
    {
        return false;
    }
    let accounted = |written: &String| {
        let name = written.split(':').next().unwrap_or(written);
        let key = fold_name(name);
        policy.accounted.iter().any(|k| fold_name(k) == key)
    };
    if !card.keywords.iter().all(accounted) {
        return false;
    }
    let text = card.text.as_deref().unwrap_or("");
    !has_effect_text(text, &card.keywords)
}

/// True when `text` holds more than `keywords` and their parenthesised reminders.
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
mod tests {
    use super::*;

    #[test]
    fn reminder_text_alone_is_not_an_effect() {
        let cases: &[(&str, &[&str], bool)] = &[
            (
                "Scouting: 1 (When you set this Zoid, you may draw 1 card.)",
                &["Scouting: 1"],
                false,
            ),
            (
                "Flying (Zoids without Flying cannot attack.) Unmanned (No Pilot (ever).)",
                &["Flying", "Unmanned"],
                false,
            ),
            ("", &[], false),
            (
                "Attack Bonus: 1 (…) When it wins, draw 1 card.",
                &["Attack Bonus: 1"],
                true,
            ),
            ("When played: draw 2 cards.", &["Ally"], true),
            ("flying", &["Flying"], false),
            ("Flying (unclosed reminder", &["Flying"], false),
        ];
        for (text, keywords, expected) in cases {
            let keywords: Vec<String> = keywords.iter().map(|k| k.to_string()).collect();
            assert_eq!(has_effect_text(text, &keywords), *expected, "{text}");
        }
    }
}
