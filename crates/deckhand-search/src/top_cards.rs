//! [`TopCards`]: the collector that counts every match and keeps the first `limit` in the
//! query's order: by relevance (then name), or by a column (then name, then relevance).
//!
//! String orders (name, type, set, game) use each segment's fast-field term ordinals, which
//! sort like the strings inside one segment; the few kept hits are turned into strings
//! before segments are merged. So the order stays exact when an incremental update adds
//! segments, without any global rank that a new card would shift.

use std::cmp::Ordering;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn};
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader};

use crate::fields::NAME_ORDER;

/// What a search sorts by.
#[derive(Debug, Clone)]
pub enum SortBy {
    Relevance,
    /// An `i64` fast column (a stat's first number).
    Number(String),
    /// A string fast column (`name_order`, `type_key`, `set_key`, `game`).
    Text(&'static str),
}

#[derive(Debug, Clone)]
pub struct TopCards {
    pub sort: SortBy,
    pub descending: bool,
    pub limit: usize,
}

/// One kept hit, comparable across segments.
#[derive(Debug, Clone)]
pub struct RankedHit {
    primary: Primary,
    /// The name's natural key (ties on the primary key go by name, numbers as numbers).
    name: Option<String>,
    pub score: Score,
    pub address: DocAddress,
}

#[derive(Debug, Clone)]
enum Primary {
    Relevance(Score),
    /// Already oriented: larger comes first; a card without the value is `i64::MIN`.
    Number(i64),
    Text {
        value: Option<String>,
        descending: bool,
    },
}

impl RankedHit {
    /// `Greater` when `self` comes first.
    fn precedence(&self, other: &RankedHit) -> Ordering {
        let primary = match (&self.primary, &other.primary) {
            (Primary::Relevance(a), Primary::Relevance(b)) => a.total_cmp(b),
            (Primary::Number(a), Primary::Number(b)) => a.cmp(b),
            (
                Primary::Text {
                    value: a,
                    descending,
                },
                Primary::Text { value: b, .. },
            ) => match (a, b) {
                (Some(a), Some(b)) if *descending => a.cmp(b),
                (Some(a), Some(b)) => b.cmp(a),
                // A card without the value sorts last in either direction.
                (a, b) => a.is_some().cmp(&b.is_some()),
            },
            _ => Ordering::Equal,
        };
        primary
            .then_with(|| match (&self.name, &other.name) {
                (Some(a), Some(b)) => b.cmp(a),
                (a, b) => a.is_some().cmp(&b.is_some()),
            })
            .then_with(|| self.score.total_cmp(&other.score))
            .then_with(|| other.address.cmp(&self.address))
    }
}

/// The per-segment sort key, larger first: (primary, name ordinal negated, score).
#[derive(Debug, Clone, Copy)]
struct SegmentKey {
    primary: i64,
    relevance: Score,
    name: i64,
    score: Score,
}

impl SegmentKey {
    fn precedence(&self, other: &SegmentKey, doc: DocId, other_doc: DocId) -> Ordering {
        self.primary
            .cmp(&other.primary)
            .then_with(|| self.relevance.total_cmp(&other.relevance))
            .then_with(|| self.name.cmp(&other.name))
            .then_with(|| self.score.total_cmp(&other.score))
            .then_with(|| other_doc.cmp(&doc))
    }
}

enum SegmentPrimary {
    Relevance,
    Number(Option<Column<i64>>),
    Text(Option<StrColumn>),
}

pub struct SegmentTopCards {
    segment: SegmentOrdinal,
    primary: SegmentPrimary,
    descending: bool,
    names: Option<StrColumn>,
    limit: usize,
    count: usize,
    kept: Vec<(SegmentKey, DocId)>,
    /// The worst key still kept once `kept` has been cut to `limit`.
    threshold: Option<(SegmentKey, DocId)>,
}

impl Collector for TopCards {
    type Fruit = (usize, Vec<RankedHit>);
    type Child = SegmentTopCards;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentTopCards> {
        let fast = reader.fast_fields();
        let primary = match &self.sort {
            SortBy::Relevance => SegmentPrimary::Relevance,
            // A segment where no card has the stat has no column: every value is missing.
            SortBy::Number(column) => SegmentPrimary::Number(fast.i64(column).ok()),
            SortBy::Text(column) => SegmentPrimary::Text(fast.str(column)?),
        };
        Ok(SegmentTopCards {
            segment,
            primary,
            descending: self.descending,
            names: fast.str(NAME_ORDER)?,
            limit: self.limit.max(1),
            count: 0,
            kept: Vec::new(),
            threshold: None,
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(
        &self,
        fruits: Vec<(usize, Vec<RankedHit>)>,
    ) -> tantivy::Result<(usize, Vec<RankedHit>)> {
        let total = fruits.iter().map(|(count, _)| count).sum();
        let mut hits: Vec<RankedHit> = fruits.into_iter().flat_map(|(_, hits)| hits).collect();
        hits.sort_by(|a, b| b.precedence(a));
        hits.truncate(self.limit.max(1));
        Ok((total, hits))
    }
}

impl SegmentTopCards {
    fn key(&self, doc: DocId, score: Score) -> SegmentKey {
        let oriented = |value: Option<i64>| match value {
            Some(v) if self.descending => v,
            Some(v) => v.saturating_neg(),
            None => i64::MIN,
        };
        let (primary, relevance) = match &self.primary {
            SegmentPrimary::Relevance => (0, score),
            SegmentPrimary::Number(column) => {
                (oriented(column.as_ref().and_then(|c| c.first(doc))), 0.0)
            }
            SegmentPrimary::Text(column) => (
                oriented(
                    column
                        .as_ref()
                        .and_then(|c| c.ords().first(doc))
                        .map(|ord| ord as i64),
                ),
                0.0,
            ),
        };
        let name = self
            .names
            .as_ref()
            .and_then(|c| c.ords().first(doc))
            .map_or(i64::MIN, |ord| -(ord as i64));
        SegmentKey {
            primary,
            relevance,
            name,
            score,
        }
    }

    fn cut(&mut self) {
        let limit = self.limit;
        self.kept
            .select_nth_unstable_by(limit - 1, |(a, da), (b, db)| b.precedence(a, *db, *da));
        self.kept.truncate(limit);
        self.threshold = self
            .kept
            .iter()
            .copied()
            .min_by(|(a, da), (b, db)| a.precedence(b, *da, *db));
    }

    fn text_of(column: &Option<StrColumn>, ord: Option<u64>) -> Option<String> {
        let (column, ord) = (column.as_ref()?, ord?);
        let mut text = String::new();
        column.ord_to_str(ord, &mut text).ok()?.then_some(text)
    }
}

impl SegmentCollector for SegmentTopCards {
    type Fruit = (usize, Vec<RankedHit>);

    fn collect(&mut self, doc: DocId, score: Score) {
        self.count += 1;
        let key = self.key(doc, score);
        if let Some((worst, worst_doc)) = &self.threshold {
            if key.precedence(worst, doc, *worst_doc) != Ordering::Greater {
                return;
            }
        }
        self.kept.push((key, doc));
        if self.kept.len() >= 2 * self.limit {
            self.cut();
        }
    }

    fn harvest(mut self) -> (usize, Vec<RankedHit>) {
        if self.kept.len() > self.limit {
            self.cut();
        }
        let names = self.names.take();
        let hits = self
            .kept
            .iter()
            .map(|(key, doc)| {
                let primary = match &self.primary {
                    SegmentPrimary::Relevance => Primary::Relevance(key.relevance),
                    SegmentPrimary::Number(_) => Primary::Number(key.primary),
                    SegmentPrimary::Text(column) => Primary::Text {
                        value: Self::text_of(
                            column,
                            column.as_ref().and_then(|c| c.ords().first(*doc)),
                        ),
                        descending: self.descending,
                    },
                };
                RankedHit {
                    primary,
                    name: Self::text_of(&names, names.as_ref().and_then(|c| c.ords().first(*doc))),
                    score: key.score,
                    address: DocAddress::new(self.segment, *doc),
                }
            })
            .collect();
        (self.count, hits)
    }
}
