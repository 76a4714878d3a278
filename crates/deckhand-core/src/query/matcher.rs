//! [`matches`]: whether one card satisfies a query, in memory, with the meaning the card
//! search gives it (an effect filter and a search for the same words find the same cards).
//!
//! The search indexes text fields with tantivy's default analyzer; [`word_tokens`] is that
//! analyzer (split on every character that is not alphanumeric, drop words of 40 bytes or
//! more, lower-case) so that word, phrase and prefix clauses agree. A multi-valued field
//! (subtypes, keywords) matches a phrase only within one value, as in the index.

use crate::{fold_name, Card, StatValue};

use super::ast::{CmpOp, Expr, StatOperand, TextTarget};

/// The longest word the index keeps, in bytes, plus one (tantivy's `RemoveLongFilter(40)`).
pub(crate) const LONG_WORD: usize = 40;

/// Whether `card` satisfies `expr`. Collection counts and regexes are not answered here
/// (they are false): effect filters refuse them when they are read ([`super::filter_error`]).
pub fn matches(expr: &Expr, card: &Card) -> bool {
    match expr {
        Expr::And(items) => items.iter().all(|e| matches(e, card)),
        Expr::Or(items) => items.iter().any(|e| matches(e, card)),
        Expr::Not(inner) => !matches(inner, card),
        Expr::Words {
            target,
            words,
            prefix,
        } => text_matches(*target, words, *prefix, card),
        Expr::Phrase { target, phrase } => text_matches(*target, phrase, false, card),
        Expr::ExactName(name) => fold_name(&card.name) == *name,
        Expr::Stat { stat, op, value } => stat_matches(card, stat, *op, value),
        Expr::Regex { .. } | Expr::Collection { .. } => false,
    }
}

/// The words of `text` as the search index sees them: `None` stands for a word too long to
/// be indexed, which still takes its position (a phrase cannot jump over it).
pub fn word_tokens(text: &str) -> Vec<Option<String>> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| (w.len() < LONG_WORD).then(|| lower(w)))
        .collect()
}

fn lower(word: &str) -> String {
    if word.is_ascii() {
        word.to_ascii_lowercase()
    } else {
        word.chars().flat_map(char::to_lowercase).collect()
    }
}

fn text_matches(target: TextTarget, words: &str, prefix: bool, card: &Card) -> bool {
    match target {
        // Untokenised in the index: the whole value, exactly.
        TextTarget::Side => card.side.is_some_and(|side| side.as_str() == words),
        TextTarget::Game => card.game == words,
        _ => {
            let wanted: Vec<String> = word_tokens(words).into_iter().flatten().collect();
            // Only punctuation: nothing to look for, so the search filters nothing.
            if wanted.is_empty() {
                return true;
            }
            let one = |value: &str| phrase_in(&word_tokens(value), &wanted, prefix);
            match target {
                TextTarget::NameOrText => one(&card.name) || card.text.as_deref().is_some_and(one),
                TextTarget::Name => one(&card.name),
                TextTarget::Text => card.text.as_deref().is_some_and(one),
                TextTarget::Type => one(&card.card_type),
                TextTarget::Subtype => card.subtypes.iter().any(|s| one(s)),
                TextTarget::Keyword => card.keywords.iter().any(|k| one(k)),
                TextTarget::Set => card.set.as_deref().is_some_and(one),
                TextTarget::Color => card.color.as_deref().is_some_and(one),
                TextTarget::Side | TextTarget::Game => unreachable!("answered above"),
            }
        }
    }
}

/// Whether `wanted` occurs as consecutive words of `tokens`; with `prefix`, its last word
/// may be the start of a longer one.
fn phrase_in(tokens: &[Option<String>], wanted: &[String], prefix: bool) -> bool {
    if wanted.len() > tokens.len() {
        return false;
    }
    let last = wanted.len() - 1;
    tokens.windows(wanted.len()).any(|window| {
        window
            .iter()
            .zip(wanted)
            .enumerate()
            .all(|(i, (token, word))| {
                token.as_deref().is_some_and(|token| {
                    if prefix && i == last {
                        token.starts_with(word.as_str())
                    } else {
                        token == word
                    }
                })
            })
    })
}

/// A stat compared as the index does: every number of the value (a list gives several, `MAX`
/// is the largest number) for `<`, `>` and numbers; every word, folded, for words.
fn stat_matches(card: &Card, stat: &str, op: CmpOp, value: &StatOperand) -> bool {
    let Some(held) = card.stats.get(stat) else {
        return false;
    };
    let mut items = Vec::new();
    flatten(held, &mut items);
    let equal = || match value {
        StatOperand::Number(n) => items.iter().any(|item| number(item) == Some(*n)),
        StatOperand::Word(word) => items
            .iter()
            .any(|item| matches!(item, StatValue::Text(t) if fold_name(t) == *word)),
    };
    let n = match value {
        StatOperand::Number(n) => *n,
        // The parser lets words through with = and != only.
        StatOperand::Word(_) => return if op == CmpOp::Ne { !equal() } else { equal() },
    };
    match op {
        CmpOp::Eq => equal(),
        CmpOp::Ne => !equal(),
        _ => items
            .iter()
            .filter_map(|item| number(item))
            .any(|held| op.holds(held, n)),
    }
}

fn flatten<'a>(value: &'a StatValue, out: &mut Vec<&'a StatValue>) {
    match value {
        StatValue::List(items) => items.iter().for_each(|item| flatten(item, out)),
        other => out.push(other),
    }
}

/// The number the index stores for one stat item: `MAX` is `i64::MAX`.
fn number(item: &StatValue) -> Option<i64> {
    match item {
        StatValue::Number(n) => Some(*n),
        StatValue::Text(t) if fold_name(t) == "max" => Some(i64::MAX),
        _ => None,
    }
}
