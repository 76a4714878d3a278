//! [`RegexFilter`]: the tantivy query behind `/regex/`. The trigram index narrows the cards
//! to those that contain the regex's literals; the regex then runs on each candidate's
//! name and/or text from the [`TextStore`]. A regex without usable literals checks every
//! card.

use std::fmt;
use std::sync::Arc;

use regex::bytes::Regex;
use tantivy::columnar::Column;
use tantivy::query::doc_predicate_query::{
    ConstOrVariableSegmentPredicate, DocPredicate, DocPredicateQuery, SegmentDocPredicate,
};
use tantivy::query::{
    AllScorer, BooleanQuery, EnableScoring, Occur, Query as TantivyQuery, TermQuery, Weight,
};
use tantivy::schema::{Field, IndexRecordOption, Schema};
use tantivy::{DocId, DocSet, SegmentReader, Term};

use crate::fields::{Fields, TEXT_REF};
use crate::query::TextTarget;
use crate::text_store::TextStore;
use crate::trigram_query::TrigramQuery;
use crate::SearchError;

/// Which of a card's strings the regex runs on.
#[derive(Debug, Clone, Copy)]
enum Target {
    Name,
    Text,
    Either,
}

pub struct RegexFilter {
    regex: Arc<Regex>,
    target: Target,
    /// The candidates; `None` when the regex has no usable literal.
    candidates: Option<Arc<dyn Weight>>,
    texts: TextStore,
}

impl fmt::Debug for RegexFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegexFilter")
            .field("regex", &self.regex.as_str())
            .field("target", &self.target)
            .finish_non_exhaustive()
    }
}

impl RegexFilter {
    /// The query for `pattern` (as written between the slashes) on `target`: case-
    /// insensitive, `.` matching newlines, anchored only by a leading `^` / trailing `$`.
    pub fn query(
        fields: &Fields,
        schema: &Schema,
        texts: &TextStore,
        target: TextTarget,
        pattern: &str,
    ) -> Result<Box<dyn TantivyQuery>, SearchError> {
        let full = full_pattern(pattern);
        let invalid = |message: String| SearchError::Regex {
            pattern: pattern.to_owned(),
            message,
        };
        let regex = Regex::new(&full).map_err(|e| invalid(e.to_string()))?;
        let hir = regex_syntax::Parser::new()
            .parse(&full)
            .map_err(|e| invalid(e.to_string()))?;
        let trigrams = TrigramQuery::for_regex(&hir);
        let (target, fields_to_search) = match target {
            TextTarget::Name => (Target::Name, vec![fields.name_tri]),
            TextTarget::Text => (Target::Text, vec![fields.text_tri]),
            _ => (Target::Either, vec![fields.name_tri, fields.text_tri]),
        };
        let candidates = match &trigrams {
            TrigramQuery::All => None,
            query => {
                let per_field: Vec<(Occur, Box<dyn TantivyQuery>)> = fields_to_search
                    .iter()
                    .map(|field| (Occur::Should, to_tantivy(query, *field)))
                    .collect();
                let query = BooleanQuery::new(per_field);
                let weight = query.weight(EnableScoring::disabled_from_schema(schema))?;
                Some(Arc::from(weight))
            }
        };
        let filter = RegexFilter {
            regex: Arc::new(regex),
            target,
            candidates,
            texts: texts.clone(),
        };
        Ok(Box::new(DocPredicateQuery::from(filter)))
    }
}

/// The pattern as the regex engine runs it. A leading `^` and a trailing `$` anchor to the
/// start and end of the whole name or text (not of a line).
fn full_pattern(pattern: &str) -> String {
    let anchored_start = pattern.starts_with('^');
    let anchored_end = pattern.ends_with('$') && !pattern.ends_with("\\$");
    let start = usize::from(anchored_start);
    let end = pattern.len() - usize::from(anchored_end);
    let core = pattern.get(start..end.max(start)).unwrap_or_default();
    format!(
        "(?is){}(?:{core}){}",
        if anchored_start { r"\A" } else { "" },
        if anchored_end { r"\z" } else { "" }
    )
}

fn to_tantivy(query: &TrigramQuery, field: Field) -> Box<dyn TantivyQuery> {
    let all = |items: &[TrigramQuery], occur: Occur| -> Box<dyn TantivyQuery> {
        Box::new(BooleanQuery::new(
            items
                .iter()
                .map(|q| (occur, to_tantivy(q, field)))
                .collect(),
        ))
    };
    match query {
        TrigramQuery::All => Box::new(tantivy::query::AllQuery),
        TrigramQuery::Trigram(gram) => Box::new(TermQuery::new(
            Term::from_field_text(field, gram),
            IndexRecordOption::Basic,
        )),
        TrigramQuery::And(items) => all(items, Occur::Must),
        TrigramQuery::Or(items) => all(items, Occur::Should),
    }
}

impl DocPredicate for RegexFilter {
    type SegmentDocPredicate = SegmentRegex;

    fn doc_predicate(
        &self,
        segment: &SegmentReader,
    ) -> tantivy::Result<ConstOrVariableSegmentPredicate<SegmentRegex>> {
        let necessary_condition: Box<dyn DocSet> = match &self.candidates {
            Some(weight) => Box::new(weight.scorer(segment, 1.0)?),
            None => Box::new(AllScorer::new(segment.max_doc())),
        };
        let references = segment.fast_fields().u64(TEXT_REF)?;
        Ok(ConstOrVariableSegmentPredicate::Variable {
            predicate: SegmentRegex {
                regex: Arc::clone(&self.regex),
                target: self.target,
                references,
                texts: self.texts.clone(),
            },
            necessary_condition,
        })
    }
}

pub struct SegmentRegex {
    regex: Arc<Regex>,
    target: Target,
    references: Column<u64>,
    texts: TextStore,
}

impl SegmentDocPredicate for SegmentRegex {
    fn eval(&mut self, doc: DocId) -> bool {
        let Some((name, text)) = self
            .references
            .first(doc)
            .and_then(|reference| self.texts.get(reference))
        else {
            return false;
        };
        let on_text = || text.is_some_and(|t| self.regex.is_match(t));
        match self.target {
            Target::Name => self.regex.is_match(name),
            Target::Text => on_text(),
            Target::Either => self.regex.is_match(name) || on_text(),
        }
    }

    fn cost(&self) -> u64 {
        // A regex over a card text: far dearer than advancing a posting list.
        1_000
    }
}

#[cfg(test)]
mod tests {
    use super::full_pattern;

    #[test]
    fn only_a_leading_caret_and_a_trailing_dollar_anchor() {
        let cases = [
            ("st.rm", "(?is)(?:st.rm)"),
            ("^st", r"(?is)\A(?:st)"),
            ("cards\\.$", r"(?is)(?:cards\.)\z"),
            ("cost \\$", r"(?is)(?:cost \$)"),
            ("^$", r"(?is)\A(?:)\z"),
            ("^", r"(?is)\A(?:)"),
        ];
        for (pattern, full) in cases {
            assert_eq!(full_pattern(pattern), full, "{pattern}");
        }
    }
}
