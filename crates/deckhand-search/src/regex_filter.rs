//! [`RegexFilter`]: the tantivy query behind `/regex/`. The trigram index of the
//! [`TextStore`] narrows the cards to those whose name or text contains the regex's
//! literals; the regex then runs on each candidate. A regex without usable literals checks
//! every card.
//!
//! The regex runs on the folded string (see [`crate::trigram`]) with its case variants
//! folded the same way: `(?i)fl(y|ies)` becomes the plain literal search `fl(y|ies)`, which
//! the regex engine runs several times faster than the case-insensitive original. A pattern
//! that is case-sensitive somewhere (`(?-i)`) runs as written on the original string.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex};

use regex::bytes::Regex;
use regex_syntax::hir::{
    Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Repetition,
};
use tantivy::index::SegmentId;
use tantivy::query::doc_predicate_query::{
    ConstOrVariableSegmentPredicate, DocPredicate, DocPredicateQuery, SegmentDocPredicate,
};
use tantivy::query::{AllScorer, BitSetDocSet, Query as TantivyQuery};
use tantivy::{BitSet, DocId, DocSet, SegmentReader};

use crate::fields::TEXT_REF;
use crate::query::{TextTarget, MAX_NESTING};
use crate::text_store::{RowSet, TextStore, Which};
use crate::trigram::{fold_char, fold_into};
use crate::trigram_query::TrigramQuery;
use crate::SearchError;

/// Classes up to this many characters are rewritten to their folded members.
const MAX_FOLDED_CLASS: usize = 256;

/// A compiled `/regex/`, independent of any index state (cacheable by pattern).
#[derive(Debug)]
pub struct CompiledRegex {
    regex: Regex,
    /// The regex runs on folded strings (else on the originals).
    folded: bool,
    trigrams: TrigramQuery,
}

impl CompiledRegex {
    /// Compiles `pattern` (as written between the slashes): case-insensitive, `.` matching
    /// newlines, anchored only by a leading `^` / trailing `$`.
    pub fn new(pattern: &str) -> Result<CompiledRegex, SearchError> {
        let full = full_pattern(pattern);
        let invalid = |message: String| SearchError::Regex {
            pattern: pattern.to_owned(),
            message,
        };
        // The query parser already refused deeper patterns; `full_pattern` adds one group.
        // Bounded, because the trigram analysis and `fold_hir` recurse once per level.
        let hir = regex_syntax::ParserBuilder::new()
            .nest_limit(MAX_NESTING as u32 + 2)
            .build()
            .parse(&full)
            .map_err(|e| invalid(e.to_string()))?;
        let trigrams = TrigramQuery::for_regex(&hir);
        let (source, folded) = match fold_hir(&hir) {
            Some(folded) => (folded.to_string(), true),
            None => (full, false),
        };
        let regex = Regex::new(&source).map_err(|e| invalid(e.to_string()))?;
        Ok(CompiledRegex {
            regex,
            folded,
            trigrams,
        })
    }
}

/// Each segment's text store row per document (`u32::MAX`: none), read once from the
/// `text_ref` fast field. One per generation: its segments never change.
#[derive(Default)]
pub struct RowMaps {
    segments: Mutex<HashMap<SegmentId, Arc<Vec<u32>>>>,
}

impl RowMaps {
    fn of(&self, segment: &SegmentReader) -> tantivy::Result<Arc<Vec<u32>>> {
        let mut segments = self.segments.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(rows) = segments.get(&segment.segment_id()) {
            return Ok(Arc::clone(rows));
        }
        let column = segment.fast_fields().u64(TEXT_REF)?;
        let rows: Vec<u32> = (0..segment.max_doc())
            .map(|doc| {
                column
                    .first(doc)
                    .and_then(|row| u32::try_from(row).ok())
                    .unwrap_or(u32::MAX)
            })
            .collect();
        let rows = Arc::new(rows);
        segments.insert(segment.segment_id(), Arc::clone(&rows));
        Ok(rows)
    }
}

/// The query: a compiled regex, the target, and the candidate rows of one generation.
pub struct RegexFilter {
    regex: Arc<CompiledRegex>,
    /// Candidate rows for the name and for the text; `None` inside: every row. A string
    /// the target does not cover is never checked.
    name: Option<Option<RowSet>>,
    text: Option<Option<RowSet>>,
    texts: TextStore,
    row_maps: Arc<RowMaps>,
}

impl fmt::Debug for RegexFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegexFilter")
            .field("regex", &self.regex.regex.as_str())
            .finish_non_exhaustive()
    }
}

impl RegexFilter {
    pub fn query(
        regex: Arc<CompiledRegex>,
        texts: &TextStore,
        row_maps: &Arc<RowMaps>,
        target: TextTarget,
    ) -> Box<dyn TantivyQuery> {
        let (on_name, on_text) = match target {
            TextTarget::Name => (true, false),
            TextTarget::Text => (false, true),
            _ => (true, true),
        };
        let candidates = |which| texts.candidates(&regex.trigrams, which);
        let filter = RegexFilter {
            name: on_name.then(|| candidates(Which::Name)),
            text: on_text.then(|| candidates(Which::Text)),
            texts: texts.clone(),
            row_maps: Arc::clone(row_maps),
            regex,
        };
        Box::new(DocPredicateQuery::from(filter))
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

/// The same regex for folded strings: each (case-closed) class becomes its folded members.
/// `None` when some part is case-sensitive: folding would lose what it tells apart.
fn fold_hir(hir: &Hir) -> Option<Hir> {
    Some(match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => hir.clone(),
        HirKind::Literal(literal) => {
            // Under (?i) a character with case variants is a class; here it is not.
            let text = std::str::from_utf8(&literal.0).ok()?;
            if text.chars().any(has_case_variants) {
                return None;
            }
            hir.clone()
        }
        HirKind::Class(Class::Unicode(class)) => {
            let mut closed = class.clone();
            closed.case_fold_simple();
            if closed != *class {
                return None;
            }
            let size: usize = class
                .ranges()
                .iter()
                .map(|r| r.end() as usize - r.start() as usize + 1)
                .sum();
            if size > MAX_FOLDED_CLASS {
                // Case-closed: a folded character is in it exactly when the original is.
                return Some(hir.clone());
            }
            let members: BTreeSet<char> = class
                .ranges()
                .iter()
                .flat_map(|r| r.start()..=r.end())
                .map(fold_char)
                .collect();
            if members.len() == 1 {
                let c = members.into_iter().next()?;
                Hir::literal(c.to_string().into_bytes())
            } else {
                Hir::class(Class::Unicode(ClassUnicode::new(
                    members.into_iter().map(|c| ClassUnicodeRange::new(c, c)),
                )))
            }
        }
        HirKind::Class(Class::Bytes(_)) => return None,
        HirKind::Repetition(rep) => Hir::repetition(Repetition {
            sub: Box::new(fold_hir(&rep.sub)?),
            ..rep.clone()
        }),
        HirKind::Capture(capture) => Hir::capture(Capture {
            sub: Box::new(fold_hir(&capture.sub)?),
            ..capture.clone()
        }),
        HirKind::Concat(items) => Hir::concat(items.iter().map(fold_hir).collect::<Option<_>>()?),
        HirKind::Alternation(items) => {
            Hir::alternation(items.iter().map(fold_hir).collect::<Option<_>>()?)
        }
    })
}

fn has_case_variants(c: char) -> bool {
    let mut class = ClassUnicode::new([ClassUnicodeRange::new(c, c)]);
    class.case_fold_simple();
    class.ranges().len() > 1 || class.ranges().first().is_some_and(|r| r.start() != r.end())
}

impl DocPredicate for RegexFilter {
    type SegmentDocPredicate = SegmentRegex;

    fn doc_predicate(
        &self,
        segment: &SegmentReader,
    ) -> tantivy::Result<ConstOrVariableSegmentPredicate<SegmentRegex>> {
        let rows = self.row_maps.of(segment)?;
        let restricted: Vec<&RowSet> = match (&self.name, &self.text) {
            (Some(None), _) | (_, Some(None)) => Vec::new(),
            (name, text) => name.iter().chain(text).flatten().collect(),
        };
        let necessary_condition: Box<dyn DocSet> = if restricted.is_empty() {
            Box::new(AllScorer::new(segment.max_doc()))
        } else {
            // The candidates are rows; keep the documents holding one.
            let mut docs = BitSet::with_max_value(segment.max_doc());
            for (doc, row) in rows.iter().enumerate() {
                if restricted.iter().any(|set| set.contains(u64::from(*row))) {
                    docs.insert(doc as DocId);
                }
            }
            Box::new(BitSetDocSet::from(docs))
        };
        Ok(ConstOrVariableSegmentPredicate::Variable {
            predicate: SegmentRegex {
                regex: Arc::clone(&self.regex),
                name: self.name.clone(),
                text: self.text.clone(),
                rows,
                texts: self.texts.clone(),
                folded: Vec::new(),
            },
            necessary_condition,
        })
    }
}

pub struct SegmentRegex {
    regex: Arc<CompiledRegex>,
    name: Option<Option<RowSet>>,
    text: Option<Option<RowSet>>,
    rows: Arc<Vec<u32>>,
    texts: TextStore,
    /// Reused buffer for the folded string.
    folded: Vec<u8>,
}

fn matches(regex: &CompiledRegex, buffer: &mut Vec<u8>, value: &[u8]) -> bool {
    if regex.folded {
        fold_into(value, buffer);
        regex.regex.is_match(buffer)
    } else {
        regex.regex.is_match(value)
    }
}

/// Whether a string with `candidates` must be checked for `row`.
fn check(candidates: &Option<Option<RowSet>>, row: u64) -> bool {
    match candidates {
        None => false,
        Some(None) => true,
        Some(Some(set)) => set.contains(row),
    }
}

impl SegmentDocPredicate for SegmentRegex {
    fn eval(&mut self, doc: DocId) -> bool {
        let Some(row) = self.rows.get(doc as usize).map(|r| u64::from(*r)) else {
            return false;
        };
        let Some((name, text)) = self.texts.get(row) else {
            return false;
        };
        let (regex, buffer) = (&self.regex, &mut self.folded);
        if check(&self.name, row) && matches(regex, buffer, name) {
            return true;
        }
        match text {
            Some(text) if check(&self.text, row) => matches(regex, buffer, text),
            _ => false,
        }
    }

    fn cost(&self) -> u64 {
        // A regex over a card text: far dearer than advancing a posting list.
        1_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_verifying_regex_matches_exactly_what_the_pattern_matches() {
        let patterns = [
            "fl(y|ies)",
            "deal \\d damage",
            "(?-i)Fl(y|ies)",
            "(a)(b)?c",
            "^(st)+",
            "(?:x|(y))z$",
            "((é))",
            "[^a]b",
            "(?s)a.b",
            "\\w\\W\\s\\S\\b",
            "[é-ü]",
            "ⅷ",
        ];
        let texts = [
            "Flies over walls.",
            "fly",
            "FLY",
            "Deal 3 damage.",
            "deal ٣ damage",
            "deal x damage",
            "ac abc",
            "Stst",
            "a st",
            "yz",
            "xz!",
            "É",
            "éb ab",
            "a\nb",
            "aéb",
            "x! ",
            "Ⅷ",
            "",
        ];
        for pattern in patterns {
            let compiled = CompiledRegex::new(pattern).unwrap();
            let original = Regex::new(&full_pattern(pattern)).unwrap();
            let mut buffer = Vec::new();
            for text in texts {
                assert_eq!(
                    matches(&compiled, &mut buffer, text.as_bytes()),
                    original.is_match(text.as_bytes()),
                    "{pattern} on {text:?}"
                );
            }
        }
    }

    #[test]
    fn case_insensitive_regexes_run_folded_and_case_sensitive_ones_as_written() {
        let cases = [
            ("fl(y|ies)", true),
            ("deal \\d damage", true),
            ("[A-Z]+", true),
            ("(?-i)Storm", false),
            ("(?-i:S)torm", false),
        ];
        for (pattern, folded) in cases {
            assert_eq!(
                CompiledRegex::new(pattern).unwrap().folded,
                folded,
                "{pattern}"
            );
        }
    }
}
