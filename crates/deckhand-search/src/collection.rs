//! [`Collection`]: how many copies of each card the player owns and wants, handed in by the
//! caller with each search. The index never stores it, so a change to the collection never
//! re-indexes anything: `owned>=1` and `wanted:0` become per-document filters
//! ([`CollectionFilter`]) over counts laid out by document ([`CollectionDocs`]), computed
//! once per collection snapshot and index generation.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tantivy::index::SegmentId;
use tantivy::query::doc_predicate_query::{
    ConstOrVariableSegmentPredicate, DocPredicate, DocPredicateQuery, SegmentDocPredicate,
};
use tantivy::query::{AllScorer, BitSetDocSet, Query as TantivyQuery};
use tantivy::schema::Field;
use tantivy::{BitSet, DocId, DocSet, Searcher, SegmentReader, TERMINATED};

use crate::query::{CmpOp, CollectionList};
use crate::SearchError;

/// Snapshots get process-unique ids, so caches can tell them apart without comparing maps.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The player's copies per card id: owned (every finish and place added up) and wanted.
/// A card missing from a map has 0.
pub struct Collection {
    id: u64,
    owned: HashMap<String, u32>,
    wanted: HashMap<String, u32>,
}

impl fmt::Debug for Collection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Collection")
            .field("owned", &self.owned.len())
            .field("wanted", &self.wanted.len())
            .finish()
    }
}

impl Collection {
    pub fn new(owned: HashMap<String, u32>, wanted: HashMap<String, u32>) -> Collection {
        Collection {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            owned,
            wanted,
        }
    }

    /// A collection with nothing owned or wanted.
    pub fn empty() -> Collection {
        Collection::new(HashMap::new(), HashMap::new())
    }

    pub fn count(&self, list: CollectionList, card: &str) -> u32 {
        let map = match list {
            CollectionList::Owned => &self.owned,
            CollectionList::Wanted => &self.wanted,
        };
        map.get(card).copied().unwrap_or(0)
    }
}

/// One segment's counts by document, and the documents whose count is not 0.
struct SegmentCounts {
    owned: Arc<Vec<u32>>,
    wanted: Arc<Vec<u32>>,
    any_owned: BitSet,
    any_wanted: BitSet,
}

/// A collection laid out over one index generation's documents.
pub struct CollectionDocs {
    /// The [`Collection`] snapshot these counts come from.
    collection: u64,
    segments: HashMap<SegmentId, SegmentCounts>,
}

impl CollectionDocs {
    /// Finds each collection card's document through the `id` field's term dictionary:
    /// one lookup per card owned or wanted, so the cost follows the collection's size.
    pub fn build(
        searcher: &Searcher,
        id_field: Field,
        collection: &Collection,
    ) -> Result<CollectionDocs, SearchError> {
        let mut segments = HashMap::new();
        for segment in searcher.segment_readers() {
            let max_doc = segment.max_doc();
            let mut owned = vec![0; max_doc as usize];
            let mut wanted = vec![0; max_doc as usize];
            let mut any_owned = BitSet::with_max_value(max_doc);
            let mut any_wanted = BitSet::with_max_value(max_doc);
            let ids = segment.inverted_index(id_field)?;
            let terms = ids.terms();
            for (list, map) in [
                (CollectionList::Owned, &collection.owned),
                (CollectionList::Wanted, &collection.wanted),
            ] {
                for (card, count) in map {
                    if *count == 0 {
                        continue;
                    }
                    let Some(info) = terms.get(card.as_bytes())? else {
                        continue;
                    };
                    let mut postings = ids.read_postings_from_terminfo(
                        &info,
                        tantivy::schema::IndexRecordOption::Basic,
                    )?;
                    let mut doc = postings.doc();
                    while doc != TERMINATED {
                        // A replaced card's old document is deleted; only the live one counts.
                        if !segment.is_deleted(doc) {
                            let (values, any) = match list {
                                CollectionList::Owned => (&mut owned, &mut any_owned),
                                CollectionList::Wanted => (&mut wanted, &mut any_wanted),
                            };
                            values[doc as usize] = *count;
                            any.insert(doc);
                        }
                        doc = postings.advance();
                    }
                }
            }
            let counts = SegmentCounts {
                owned: Arc::new(owned),
                wanted: Arc::new(wanted),
                any_owned,
                any_wanted,
            };
            segments.insert(segment.segment_id(), counts);
        }
        Ok(CollectionDocs {
            collection: collection.id,
            segments,
        })
    }

    /// Whether these counts come from `collection`.
    pub fn is_of(&self, collection: &Collection) -> bool {
        self.collection == collection.id
    }
}

/// The query behind `owned>=1`: documents whose count satisfies the comparison.
pub struct CollectionFilter {
    docs: Arc<CollectionDocs>,
    list: CollectionList,
    op: CmpOp,
    count: i64,
}

impl fmt::Debug for CollectionFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.list.name(), self.op.symbol(), self.count)
    }
}

impl CollectionFilter {
    pub fn query(
        docs: Arc<CollectionDocs>,
        list: CollectionList,
        op: CmpOp,
        count: i64,
    ) -> Box<dyn TantivyQuery> {
        Box::new(DocPredicateQuery::from(CollectionFilter {
            docs,
            list,
            op,
            count,
        }))
    }
}

impl DocPredicate for CollectionFilter {
    type SegmentDocPredicate = SegmentCollection;

    fn doc_predicate(
        &self,
        segment: &SegmentReader,
    ) -> tantivy::Result<ConstOrVariableSegmentPredicate<SegmentCollection>> {
        let holds_for_none = self.op.holds(0, self.count);
        let Some(counts) = self.docs.segments.get(&segment.segment_id()) else {
            // Not laid out (cannot happen within one generation): every count is 0.
            return Ok(ConstOrVariableSegmentPredicate::Const(holds_for_none));
        };
        let (values, any) = match self.list {
            CollectionList::Owned => (&counts.owned, &counts.any_owned),
            CollectionList::Wanted => (&counts.wanted, &counts.any_wanted),
        };
        // When 0 copies fail the comparison (`owned>=1`), only cards with copies can match:
        // walk those; else (`owned:0`, `owned<2`) every document is a candidate.
        let necessary_condition: Box<dyn DocSet> = if holds_for_none {
            Box::new(AllScorer::new(segment.max_doc()))
        } else {
            Box::new(BitSetDocSet::from(any.clone()))
        };
        Ok(ConstOrVariableSegmentPredicate::Variable {
            predicate: SegmentCollection {
                values: Arc::clone(values),
                op: self.op,
                count: self.count,
            },
            necessary_condition,
        })
    }
}

pub struct SegmentCollection {
    values: Arc<Vec<u32>>,
    op: CmpOp,
    count: i64,
}

impl SegmentDocPredicate for SegmentCollection {
    fn eval(&mut self, doc: DocId) -> bool {
        let value = self.values.get(doc as usize).copied().unwrap_or(0);
        self.op.holds(i64::from(value), self.count)
    }

    fn cost(&self) -> u64 {
        // An array read and a comparison: as cheap as advancing a posting list.
        1
    }
}
