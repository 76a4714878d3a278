//! Turns a parsed [`Expr`] into a tantivy query over the card index.

use std::ops::Bound;
use std::sync::Arc;

use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, EmptyQuery, Occur, PhrasePrefixQuery,
    PhraseQuery, Query as TantivyQuery, RangeQuery, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::Term;

use crate::collection::{CollectionDocs, CollectionFilter};
use crate::fields::Fields;
use crate::query::{CmpOp, Expr, StatOperand, TextTarget};
use crate::regex_filter::{CompiledRegex, RegexFilter, RowMaps};
use crate::text_store::TextStore;
use crate::SearchError;

/// Name matches outrank text matches: a card *called* "Storm" beats one that mentions it.
const NAME_BOOST: f32 = 3.0;

pub struct Compiler<'a> {
    pub fields: &'a Fields,
    /// Names and texts of the generation searched, and its rows, for regexes.
    pub texts: &'a TextStore,
    pub row_maps: &'a Arc<RowMaps>,
    /// Compiles a regex, or returns it compiled by an earlier search.
    pub regex: &'a dyn Fn(&str) -> Result<Arc<CompiledRegex>, SearchError>,
    pub analyzer: TextAnalyzer,
    /// The player's collection laid out over this generation, when the query counts copies.
    pub collection: Option<Arc<CollectionDocs>>,
}

type Boxed = Box<dyn TantivyQuery>;

impl Compiler<'_> {
    pub fn compile(&mut self, expr: Option<&Expr>) -> Result<Boxed, SearchError> {
        match expr {
            None => Ok(Box::new(AllQuery)),
            Some(expr) => self.expr(expr),
        }
    }

    fn expr(&mut self, expr: &Expr) -> Result<Boxed, SearchError> {
        Ok(match expr {
            Expr::And(items) => Box::new(BooleanQuery::new(
                items
                    .iter()
                    .map(|e| Ok((Occur::Must, self.expr(e)?)))
                    .collect::<Result<_, SearchError>>()?,
            )),
            Expr::Or(items) => Box::new(BooleanQuery::new(
                items
                    .iter()
                    .map(|e| Ok((Occur::Should, self.expr(e)?)))
                    .collect::<Result<_, SearchError>>()?,
            )),
            Expr::Not(inner) => Box::new(BooleanQuery::new(vec![
                (Occur::Must, Box::new(AllQuery) as Boxed),
                (Occur::MustNot, self.expr(inner)?),
            ])),
            Expr::Words {
                target,
                words,
                prefix,
            } => filter_unless_text(*target, self.text(*target, words, *prefix)),
            Expr::Phrase { target, phrase } => {
                filter_unless_text(*target, self.text(*target, phrase, false))
            }
            Expr::Regex { target, pattern } => filter(self.regex(*target, pattern)?),
            Expr::ExactName(name) => filter(term(self.fields.name_key, name)),
            Expr::Stat { stat, op, value } => filter(self.stat(stat, *op, value)),
            Expr::Collection { list, op, count } => {
                let docs = self.collection.clone().ok_or(SearchError::NoCollection)?;
                filter(CollectionFilter::query(docs, *list, *op, *count))
            }
        })
    }

    /// Words on a text target: every token must match (as a phrase when there are several).
    fn text(&mut self, target: TextTarget, words: &str, prefix: bool) -> Boxed {
        let f = self.fields;
        match target {
            TextTarget::NameOrText => {
                let name = self.tokens_query(f.name, words, prefix);
                let text = self.tokens_query(f.text, words, prefix);
                match (name, text) {
                    (Some(name), Some(text)) => Box::new(BooleanQuery::new(vec![
                        (
                            Occur::Should,
                            Box::new(BoostQuery::new(name, NAME_BOOST)) as Boxed,
                        ),
                        (Occur::Should, text),
                    ])),
                    // Only punctuation: nothing to look for, so it filters nothing.
                    _ => Box::new(AllQuery),
                }
            }
            TextTarget::Side => term(f.side, words),
            TextTarget::Game => term(f.game, words),
            _ => {
                let field = match target {
                    TextTarget::Name => f.name,
                    TextTarget::Text => f.text,
                    TextTarget::Type => f.card_type,
                    TextTarget::Subtype => f.subtypes,
                    TextTarget::Keyword => f.keywords,
                    TextTarget::Set => f.set,
                    _ => f.color,
                };
                self.tokens_query(field, words, prefix)
                    .unwrap_or_else(|| Box::new(AllQuery))
            }
        }
    }

    fn tokens_query(&mut self, field: Field, words: &str, prefix: bool) -> Option<Boxed> {
        let mut terms = Vec::new();
        let mut stream = self.analyzer.token_stream(words);
        while let Some(token) = stream.next() {
            terms.push(Term::from_field_text(field, &token.text));
        }
        Some(match (terms.len(), prefix) {
            (0, _) => return None,
            (1, false) => Box::new(TermQuery::new(
                terms.remove(0),
                IndexRecordOption::WithFreqs,
            )),
            (1, true) => {
                // A one-word prefix: every indexed word that starts with it, a range of the
                // term dictionary (no automaton to build).
                let token = terms[0].value().as_str().unwrap_or_default().to_owned();
                let upper = match after_prefix(&token) {
                    Some(next) => Bound::Excluded(Term::from_field_text(field, &next)),
                    None => Bound::Unbounded,
                };
                Box::new(RangeQuery::new(Bound::Included(terms.remove(0)), upper))
            }
            (_, false) => Box::new(PhraseQuery::new(terms)),
            (_, true) => Box::new(PhrasePrefixQuery::new(terms)),
        })
    }

    /// A regex over the whole name and/or text, case-insensitive (see [`RegexFilter`]).
    fn regex(&self, target: TextTarget, pattern: &str) -> Result<Boxed, SearchError> {
        Ok(RegexFilter::query(
            (self.regex)(pattern)?,
            self.texts,
            self.row_maps,
            target,
        ))
    }

    fn stat(&self, stat: &str, op: CmpOp, value: &StatOperand) -> Boxed {
        let Some(fields) = self.fields.stats.get(stat) else {
            return Box::new(EmptyQuery);
        };
        let equal: Boxed = match value {
            StatOperand::Number(n) => Box::new(TermQuery::new(
                Term::from_field_i64(fields.numbers, *n),
                IndexRecordOption::Basic,
            )),
            StatOperand::Word(word) => term(fields.words, word),
        };
        let n = match value {
            StatOperand::Number(n) => *n,
            // The parser only lets words through with = and !=.
            StatOperand::Word(_) => 0,
        };
        let range = |lower: Bound<i64>, upper: Bound<i64>| -> Boxed {
            let to_term = |b: Bound<i64>| match b {
                Bound::Included(v) => Bound::Included(Term::from_field_i64(fields.numbers, v)),
                Bound::Excluded(v) => Bound::Excluded(Term::from_field_i64(fields.numbers, v)),
                Bound::Unbounded => Bound::Unbounded,
            };
            Box::new(RangeQuery::new(to_term(lower), to_term(upper)))
        };
        match op {
            CmpOp::Eq => equal,
            CmpOp::Ne => Box::new(BooleanQuery::new(vec![
                (Occur::Must, term(self.fields.has_stat, stat)),
                (Occur::MustNot, equal),
            ])),
            CmpOp::Lt => range(Bound::Unbounded, Bound::Excluded(n)),
            CmpOp::Le => range(Bound::Unbounded, Bound::Included(n)),
            CmpOp::Gt => range(Bound::Excluded(n), Bound::Unbounded),
            CmpOp::Ge => range(Bound::Included(n), Bound::Unbounded),
        }
    }
}

/// Only words in names and texts rank results; every other clause just filters, so that
/// `t:zoid power>=5` lists its cards by name rather than by term statistics.
fn filter(query: Boxed) -> Boxed {
    Box::new(ConstScoreQuery::new(query, 0.0))
}

fn filter_unless_text(target: TextTarget, query: Boxed) -> Boxed {
    match target {
        TextTarget::NameOrText | TextTarget::Name | TextTarget::Text => query,
        _ => filter(query),
    }
}

fn term(field: Field, text: &str) -> Boxed {
    Box::new(TermQuery::new(
        Term::from_field_text(field, text),
        IndexRecordOption::Basic,
    ))
}

/// The smallest string greater than every string starting with `prefix` (UTF-8 sorts like
/// code points); `None` when there is none.
fn after_prefix(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        let next = match last as u32 + 1 {
            0xD800 => Some('\u{E000}'),
            n => char::from_u32(n),
        };
        if let Some(next) = next {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::after_prefix;

    #[test]
    fn the_end_of_a_prefix_range_is_the_next_string_of_that_length() {
        let cases = [
            ("storm", Some("storn")),
            ("az", Some("a{")),
            ("\u{D7FF}", Some("\u{E000}")),
            ("a\u{10FFFF}", Some("b")),
            ("\u{10FFFF}", None),
        ];
        for (prefix, next) in cases {
            assert_eq!(after_prefix(prefix).as_deref(), next, "{prefix:?}");
        }
    }
}
