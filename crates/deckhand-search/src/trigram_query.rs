//! [`TrigramQuery`]: which trigrams a text must contain for a regex to match somewhere in it,
//! computed from the regex's syntax tree (after Russ Cox, "Regular Expression Matching with a
//! Trigram Index").
//!
//! The query is a necessary condition, never a sufficient one: candidates are verified with
//! the regex itself. A regex with no usable literal (`/\d+/`) gives [`TrigramQuery::All`].

use std::collections::BTreeSet;

use regex_syntax::hir::{Class, Hir, HirKind};

use crate::trigram::{fold_char, keys};

/// Most strings a node may stand for before only its prefixes and suffixes are kept.
const MAX_EXACT: usize = 16;
/// Most prefixes (or suffixes) kept before they are folded into the query.
const MAX_SET: usize = 16;
/// A class wider than this is treated as "any character".
const MAX_CLASS: usize = 8;
/// At most this many trigrams are required of one literal: any subset still filters
/// correctly, and long literals would otherwise intersect dozens of posting lists.
const MAX_TRIGRAMS_PER_LITERAL: usize = 8;

/// A boolean condition over the trigrams of a (folded) text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrigramQuery {
    /// Every text qualifies (nothing is known).
    All,
    /// A trigram's key ([`crate::trigram::key`]).
    Trigram(u64),
    And(Vec<TrigramQuery>),
    Or(Vec<TrigramQuery>),
}

impl TrigramQuery {
    /// The condition a text must meet to contain a match of `hir` (parsed with the same
    /// flags the regex is compiled with).
    pub fn for_regex(hir: &Hir) -> TrigramQuery {
        let info = Info::of(hir);
        let required = match &info.exact {
            Some(exact) => any_of(exact),
            None => and(vec![any_of(&info.prefix), any_of(&info.suffix)]),
        };
        and(vec![info.matches, required])
    }
}

/// What is known about the strings one syntax node matches.
#[derive(Debug, Clone)]
struct Info {
    /// Every string the node matches, folded, when there are few.
    exact: Option<BTreeSet<String>>,
    /// Every match starts with one of these (`""`: nothing known). Unused when `exact` is set.
    prefix: BTreeSet<String>,
    /// Every match ends with one of these. Unused when `exact` is set.
    suffix: BTreeSet<String>,
    /// What a text containing a match must contain, beyond the above.
    matches: TrigramQuery,
}

impl Info {
    fn anything() -> Info {
        let empty: BTreeSet<String> = [String::new()].into();
        Info {
            exact: None,
            prefix: empty.clone(),
            suffix: empty,
            matches: TrigramQuery::All,
        }
    }

    fn exactly(strings: BTreeSet<String>) -> Info {
        Info {
            exact: Some(strings),
            prefix: BTreeSet::new(),
            suffix: BTreeSet::new(),
            matches: TrigramQuery::All,
        }
    }

    fn of(hir: &Hir) -> Info {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => Info::exactly([String::new()].into()),
            HirKind::Literal(literal) => match std::str::from_utf8(&literal.0) {
                Ok(text) => Info::exactly([text.chars().map(fold_char).collect()].into()),
                Err(_) => Info::anything(),
            },
            HirKind::Class(Class::Unicode(class)) => {
                let size: usize = class
                    .ranges()
                    .iter()
                    .map(|r| (r.end() as usize).saturating_sub(r.start() as usize) + 1)
                    .sum();
                if size == 0 || size > MAX_CLASS {
                    return Info::anything();
                }
                let chars: BTreeSet<String> = class
                    .ranges()
                    .iter()
                    .flat_map(|r| r.start()..=r.end())
                    .map(|c| fold_char(c).to_string())
                    .collect();
                Info::exactly(chars)
            }
            HirKind::Class(Class::Bytes(_)) => Info::anything(),
            HirKind::Capture(capture) => Info::of(&capture.sub),
            HirKind::Repetition(rep) => {
                let sub = Info::of(&rep.sub);
                match (rep.min, rep.max) {
                    (1, Some(1)) => sub,
                    (0, Some(1)) => match sub.exact {
                        Some(mut exact) => {
                            exact.insert(String::new());
                            Info::exactly(exact)
                        }
                        None => Info::anything(),
                    },
                    (0, _) => Info::anything(),
                    // At least once: whatever one occurrence needs, nothing exact.
                    _ => sub.inexact(),
                }
            }
            HirKind::Concat(items) => items
                .iter()
                .map(Info::of)
                .reduce(Info::concat)
                .unwrap_or_else(|| Info::exactly([String::new()].into())),
            HirKind::Alternation(items) => items
                .iter()
                .map(Info::of)
                .reduce(Info::alternate)
                .unwrap_or_else(Info::anything),
        }
    }

    /// The same knowledge without an exact set: its strings become prefixes and suffixes.
    fn inexact(self) -> Info {
        match self.exact {
            None => self,
            Some(exact) => Info {
                exact: None,
                prefix: exact.clone(),
                suffix: exact,
                matches: self.matches,
            }
            .simplified(),
        }
    }

    fn starts(&self) -> &BTreeSet<String> {
        self.exact.as_ref().unwrap_or(&self.prefix)
    }

    fn ends(&self) -> &BTreeSet<String> {
        self.exact.as_ref().unwrap_or(&self.suffix)
    }

    fn concat(self, next: Info) -> Info {
        let matches = and(vec![self.matches.clone(), next.matches.clone()]);
        if let (Some(a), Some(b)) = (&self.exact, &next.exact) {
            if a.len() * b.len() <= MAX_EXACT {
                let mut info = Info::exactly(cross(a, b));
                info.matches = matches;
                return info;
            }
        }
        // Strings spanning the junction: a suffix of the left then a prefix of the right.
        // Dropping knowledge is always safe, so oversized products are skipped.
        let (ends, starts) = (self.ends(), next.starts());
        let junction = if ends.len() * starts.len() <= MAX_SET {
            any_of(&cross(ends, starts))
        } else {
            TrigramQuery::All
        };
        let prefix = match &self.exact {
            Some(exact) if exact.len() * starts.len() <= MAX_SET => cross(exact, starts),
            Some(exact) => exact.clone(),
            None => self.prefix.clone(),
        };
        let suffix = match &next.exact {
            Some(exact) if ends.len() * exact.len() <= MAX_SET => cross(ends, exact),
            Some(exact) => exact.clone(),
            None => next.suffix.clone(),
        };
        Info {
            exact: None,
            prefix,
            suffix,
            matches: and(vec![matches, junction]),
        }
        .simplified()
    }

    fn alternate(self, other: Info) -> Info {
        if let (Some(a), Some(b)) = (&self.exact, &other.exact) {
            if a.len() + b.len() <= MAX_EXACT {
                let mut info = Info::exactly(a.union(b).cloned().collect());
                info.matches = or(vec![self.matches, other.matches]);
                return info;
            }
        }
        let (left, right) = (self.inexact(), other.inexact());
        Info {
            exact: None,
            prefix: left.prefix.union(&right.prefix).cloned().collect(),
            suffix: left.suffix.union(&right.suffix).cloned().collect(),
            matches: or(vec![left.matches, right.matches]),
        }
        .simplified()
    }

    /// Keeps the prefix and suffix sets small: long strings join the query and are cut to
    /// the trigram at their outer end; a set still too large is forgotten (safe: the query
    /// only ever has to be a necessary condition).
    fn simplified(mut self) -> Info {
        if self.exact.is_some() {
            return self;
        }
        let mut required = vec![self.matches];
        for (set, keep_start) in [(&mut self.prefix, true), (&mut self.suffix, false)] {
            if set.iter().any(|s| s.chars().count() > 3) {
                if set.len() <= MAX_SET {
                    required.push(any_of(set));
                }
                *set = set
                    .iter()
                    .map(|s| {
                        let chars: Vec<char> = s.chars().collect();
                        let kept = if keep_start {
                            &chars[..chars.len().min(3)]
                        } else {
                            &chars[chars.len().saturating_sub(3)..]
                        };
                        kept.iter().collect()
                    })
                    .collect();
            }
            if set.len() > MAX_SET {
                *set = [String::new()].into();
            }
        }
        self.matches = and(required);
        self
    }
}

fn cross(left: &BTreeSet<String>, right: &BTreeSet<String>) -> BTreeSet<String> {
    left.iter()
        .flat_map(|l| right.iter().map(move |r| format!("{l}{r}")))
        .collect()
}

/// A text containing any one of `strings`: the trigrams of each, or `All` as soon as one
/// string is too short to have a trigram.
fn any_of(strings: &BTreeSet<String>) -> TrigramQuery {
    let mut alternatives = Vec::new();
    for string in strings {
        let grams = keys(string);
        if grams.is_empty() {
            return TrigramQuery::All;
        }
        // Spread the kept trigrams over the whole literal.
        let step = grams.len().div_ceil(MAX_TRIGRAMS_PER_LITERAL);
        let mut kept: Vec<TrigramQuery> = grams
            .into_iter()
            .step_by(step)
            .map(TrigramQuery::Trigram)
            .collect();
        kept.dedup();
        alternatives.push(and(kept));
    }
    or(alternatives)
}

fn and(items: Vec<TrigramQuery>) -> TrigramQuery {
    let mut out: Vec<TrigramQuery> = Vec::new();
    for item in items {
        match item {
            TrigramQuery::All => {}
            TrigramQuery::And(inner) => {
                for i in inner {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
            other => {
                if !out.contains(&other) {
                    out.push(other);
                }
            }
        }
    }
    match out.len() {
        0 => TrigramQuery::All,
        1 => out.remove(0),
        _ => TrigramQuery::And(out),
    }
}

fn or(items: Vec<TrigramQuery>) -> TrigramQuery {
    let mut out: Vec<TrigramQuery> = Vec::new();
    for item in items {
        match item {
            TrigramQuery::All => return TrigramQuery::All,
            TrigramQuery::Or(inner) => {
                for i in inner {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
            other => {
                if !out.contains(&other) {
                    out.push(other);
                }
            }
        }
    }
    match out.len() {
        // An empty alternation matches nothing; "all" stays a correct (if loose) filter.
        0 => TrigramQuery::All,
        1 => out.remove(0),
        _ => TrigramQuery::Or(out),
    }
}

#[cfg(test)]
mod tests;
