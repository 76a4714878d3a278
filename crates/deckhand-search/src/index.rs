//! [`CardIndex`]: the tantivy index of every card, its persistence and its searches.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use deckhand_core::{fold_name, Card, Games, StatValue};
use serde::Serialize;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query as TantivyQuery, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Index, IndexReader, ReloadPolicy, SegmentReader, TantivyDocument, Term};

use crate::compile::Compiler;
use crate::fields::{Fields, SCHEMA_VERSION};
use crate::query::{parse, Direction, Expr, Query, SortKey, TextTarget, Vocabulary};
use crate::SearchError;

const STAMP_FILE: &str = "deckhand-stamp";
const WRITER_MEMORY: usize = 128 * 1024 * 1024;
/// tantivy refuses terms longer than this; card texts never come close, but a hostile
/// import must not fail the whole index.
const MAX_RAW_TERM_BYTES: usize = 32 * 1024;

/// The card index, in RAM or in a directory.
pub struct CardIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    vocabulary: Vocabulary,
}

/// Limits of one search.
#[derive(Debug, Clone)]
pub struct SearchOptions<'a> {
    /// Only this game's cards.
    pub game: Option<&'a str>,
    /// At most this many hits (the total count is always exact).
    pub limit: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hit {
    pub id: String,
    /// BM25 relevance (1.0 for queries without words); ordering may use other keys.
    pub score: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResults {
    /// How many cards match in all.
    pub total: usize,
    /// The first `limit` matches, in order.
    pub hits: Vec<Hit>,
    /// Words and phrases to highlight in names and texts.
    pub highlight: Vec<String>,
}

impl CardIndex {
    /// Builds an index in memory (tests, benchmarks, in-memory databases).
    pub fn build_in_ram(games: &Games, cards: &[Card]) -> Result<CardIndex, SearchError> {
        let (schema, fields) = Fields::schema(stat_names(games));
        let index = Index::create_in_ram(schema);
        CardIndex::fill(index, fields, games, cards)
    }

    /// Opens the index in `dir` if it was built by this schema for the data `stamp`
    /// describes; `None` when it is missing, stale, from an older schema or unreadable.
    pub fn open(dir: &Path, games: &Games, stamp: &str) -> Option<CardIndex> {
        let expected = full_stamp(games, stamp);
        let found = std::fs::read_to_string(dir.join(STAMP_FILE)).ok()?;
        if found != expected {
            return None;
        }
        // tantivy trusts its files and can panic on a damaged one: verify every checksum
        // first, and treat any panic that still escapes as "corrupt, rebuild".
        std::panic::catch_unwind(|| {
            let index = Index::open_in_dir(dir).ok()?;
            if !index.validate_checksum().ok()?.is_empty() {
                return None;
            }
            let (schema, fields) = Fields::schema(stat_names(games));
            if index.schema() != schema {
                return None;
            }
            let reader = index
                .reader_builder()
                .reload_policy(ReloadPolicy::Manual)
                .try_into()
                .ok()?;
            let built = CardIndex {
                index,
                reader,
                fields,
                vocabulary: Vocabulary::from_games(games),
            };
            built
                .reader
                .searcher()
                .search(&tantivy::query::AllQuery, &Count)
                .ok()?;
            Some(built)
        })
        .ok()
        .flatten()
    }

    /// Builds a fresh index of `cards` in `dir`, replacing whatever was there. The stamp is
    /// written last, so an interrupted build is rebuilt next time.
    pub fn build_in_dir(
        dir: &Path,
        games: &Games,
        stamp: &str,
        cards: &[Card],
    ) -> Result<CardIndex, SearchError> {
        let directory_error = |e: std::io::Error| SearchError::Directory {
            path: dir.display().to_string(),
            message: e.to_string(),
        };
        if dir.exists() {
            std::fs::remove_dir_all(dir).map_err(directory_error)?;
        }
        std::fs::create_dir_all(dir).map_err(directory_error)?;
        let (schema, fields) = Fields::schema(stat_names(games));
        let index = Index::create_in_dir(dir, schema)?;
        let built = CardIndex::fill(index, fields, games, cards)?;
        std::fs::write(dir.join(STAMP_FILE), full_stamp(games, stamp)).map_err(directory_error)?;
        Ok(built)
    }

    fn fill(
        index: Index,
        fields: Fields,
        games: &Games,
        cards: &[Card],
    ) -> Result<CardIndex, SearchError> {
        let ranks = Ranks::of(cards);
        let mut writer = index.writer_with_num_threads::<TantivyDocument>(1, WRITER_MEMORY)?;
        for card in cards {
            writer.add_document(document(&fields, &ranks, card))?;
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(CardIndex {
            index,
            reader,
            fields,
            vocabulary: Vocabulary::from_games(games),
        })
    }

    pub fn vocabulary(&self) -> &Vocabulary {
        &self.vocabulary
    }

    pub fn card_count(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// Parses `text` and runs it.
    pub fn search_text(
        &self,
        text: &str,
        options: &SearchOptions,
    ) -> Result<SearchResults, SearchError> {
        let query = parse(text, &self.vocabulary)?;
        self.search(&query, options)
    }

    pub fn search(
        &self,
        query: &Query,
        options: &SearchOptions,
    ) -> Result<SearchResults, SearchError> {
        let mut compiler = Compiler {
            fields: &self.fields,
            analyzer: self.index.tokenizer_for_field(self.fields.name)?,
        };
        let mut compiled = compiler.compile(query.expr.as_ref())?;
        if let Some(game) = options.game {
            compiled = Box::new(BooleanQuery::new(vec![
                (Occur::Must, compiled),
                (
                    Occur::Must,
                    Box::new(TermQuery::new(
                        Term::from_field_text(self.fields.game, game),
                        IndexRecordOption::Basic,
                    )) as Box<dyn TantivyQuery>,
                ),
            ]));
        }
        let searcher = self.reader.searcher();
        let limit = options.limit.max(1);
        let order = SortColumn::for_query(query, &self.fields);
        let (total, top) = searcher.search(
            &compiled,
            &(
                Count,
                TopDocs::with_limit(limit)
                    .tweak_score(move |segment: &SegmentReader| order.key_fn(segment)),
            ),
        )?;
        let mut hits = Vec::with_capacity(top.len());
        for ((_, _, _, score), address) in top {
            hits.push(Hit {
                id: self.stored_id(&searcher, address)?,
                score,
            });
        }
        Ok(SearchResults {
            total,
            hits,
            highlight: highlight_terms(query.expr.as_ref()),
        })
    }

    fn stored_id(
        &self,
        searcher: &tantivy::Searcher,
        address: DocAddress,
    ) -> Result<String, SearchError> {
        let doc: TantivyDocument = searcher.doc(address)?;
        Ok(doc
            .get_first(self.fields.id)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned())
    }
}

/// The ordering of one search, turned into a per-document sort key
/// `(primary, -name_rank, score)`, largest first.
#[derive(Clone)]
struct SortColumn {
    /// The fast column to sort by; `None` sorts by relevance.
    column: Option<String>,
    descending: bool,
}

impl SortColumn {
    fn for_query(query: &Query, fields: &Fields) -> SortColumn {
        let descending = query.direction == Some(Direction::Desc);
        let column = match &query.order {
            None => None,
            Some(SortKey::Name) => Some("name_rank".to_owned()),
            Some(SortKey::Type) => Some("type_rank".to_owned()),
            Some(SortKey::Set) => Some("set_rank".to_owned()),
            Some(SortKey::Game) => Some("game_rank".to_owned()),
            Some(SortKey::Stat(stat)) => fields.stats.get(stat).map(|f| f.sort_column.clone()),
        };
        SortColumn { column, descending }
    }

    /// The key is `(primary, relevance, -name_rank, score)`, compared largest first: by
    /// relevance the primary is constant; by a column the relevance is.
    fn key_fn(&self, segment: &SegmentReader) -> impl Fn(u32, f32) -> (i64, f32, i64, f32) + use<> {
        let fast = segment.fast_fields();
        let names = fast.i64("name_rank").ok();
        let primary = self.column.as_deref().and_then(|c| fast.i64(c).ok());
        let by_relevance = self.column.is_none();
        let descending = self.descending;
        move |doc, score| {
            let name_rank = names
                .as_ref()
                .and_then(|c| c.first(doc))
                .unwrap_or(i64::MAX);
            if by_relevance {
                return (0, score, -name_rank, score);
            }
            // Cards without the value sort last in either direction.
            let primary = match primary.as_ref().and_then(|c| c.first(doc)) {
                Some(v) if descending => v,
                Some(v) => -v,
                None => i64::MIN,
            };
            (primary, 0.0, -name_rank, score)
        }
    }
}

/// Sort ranks of the string orderings: a value's position among the distinct values.
struct Ranks {
    name: HashMap<String, i64>,
    card_type: HashMap<String, i64>,
    set: HashMap<String, i64>,
    game: HashMap<String, i64>,
}

impl Ranks {
    fn of(cards: &[Card]) -> Ranks {
        fn rank(values: impl Iterator<Item = String>) -> HashMap<String, i64> {
            let sorted: BTreeSet<String> = values.collect();
            sorted
                .into_iter()
                .enumerate()
                .map(|(i, v)| (v, i as i64))
                .collect()
        }
        Ranks {
            name: rank(cards.iter().map(|c| fold_name(&c.name))),
            card_type: rank(cards.iter().map(|c| fold_name(&c.card_type))),
            set: rank(cards.iter().filter_map(|c| c.set.as_deref().map(fold_name))),
            game: rank(cards.iter().map(|c| c.game.clone())),
        }
    }
}

fn document(fields: &Fields, ranks: &Ranks, card: &Card) -> TantivyDocument {
    let rank = |map: &HashMap<String, i64>, key: &str| map.get(key).copied().unwrap_or(i64::MAX);
    let name_key = fold_name(&card.name);
    let mut doc = TantivyDocument::default();
    doc.add_text(fields.id, &card.id);
    doc.add_text(fields.game, &card.game);
    doc.add_text(fields.name, &card.name);
    doc.add_text(fields.name_key, &name_key);
    doc.add_text(fields.name_raw, truncate(&card.name));
    doc.add_i64(fields.name_rank, rank(&ranks.name, &name_key));
    doc.add_i64(fields.game_rank, rank(&ranks.game, &card.game));
    if let Some(text) = &card.text {
        doc.add_text(fields.text, text);
        doc.add_text(fields.text_raw, truncate(text));
    }
    doc.add_text(fields.card_type, &card.card_type);
    doc.add_i64(
        fields.type_rank,
        rank(&ranks.card_type, &fold_name(&card.card_type)),
    );
    for subtype in &card.subtypes {
        doc.add_text(fields.subtypes, subtype);
    }
    for keyword in &card.keywords {
        doc.add_text(fields.keywords, keyword);
    }
    if let Some(set) = &card.set {
        doc.add_text(fields.set, set);
        doc.add_i64(fields.set_rank, rank(&ranks.set, &fold_name(set)));
    }
    if let Some(side) = card.side {
        doc.add_text(fields.side, side.as_str());
    }
    if let Some(color) = &card.color {
        doc.add_text(fields.color, color);
    }
    for (stat, value) in &card.stats {
        let Some(stat_fields) = fields.stats.get(stat) else {
            continue;
        };
        doc.add_text(fields.has_stat, stat);
        let mut first_number = None;
        for item in flatten(value) {
            match item {
                StatValue::Number(n) => {
                    doc.add_i64(stat_fields.numbers, *n);
                    first_number.get_or_insert(*n);
                }
                StatValue::Text(word) => {
                    let folded = fold_name(word);
                    // MAX is the largest value: it passes any lower bound (power>=9).
                    if folded == "max" {
                        doc.add_i64(stat_fields.numbers, i64::MAX);
                        first_number.get_or_insert(i64::MAX);
                    }
                    doc.add_text(stat_fields.words, &folded);
                }
                StatValue::List(_) => {}
            }
        }
        if let Some(n) = first_number {
            doc.add_i64(stat_fields.sort, n);
        }
    }
    doc
}

fn flatten(value: &StatValue) -> Vec<&StatValue> {
    match value {
        StatValue::List(items) => items.iter().flat_map(flatten).collect(),
        other => vec![other],
    }
}

fn truncate(text: &str) -> &str {
    if text.len() <= MAX_RAW_TERM_BYTES {
        return text;
    }
    let mut end = MAX_RAW_TERM_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

fn stat_names(games: &Games) -> BTreeSet<String> {
    games.iter().flat_map(|g| g.stats.keys().cloned()).collect()
}

fn full_stamp(games: &Games, stamp: &str) -> String {
    let stats: Vec<String> = stat_names(games).into_iter().collect();
    format!(
        "schema {SCHEMA_VERSION}; stats {}; data {stamp}",
        stats.join(",")
    )
}

/// The words and phrases a user expects highlighted: the positive name/text clauses.
fn highlight_terms(expr: Option<&Expr>) -> Vec<String> {
    fn walk(expr: &Expr, out: &mut Vec<String>) {
        match expr {
            Expr::And(items) | Expr::Or(items) => items.iter().for_each(|e| walk(e, out)),
            Expr::Words {
                target,
                words: text,
                ..
            }
            | Expr::Phrase {
                target,
                phrase: text,
            } if matches!(
                target,
                TextTarget::NameOrText | TextTarget::Name | TextTarget::Text
            ) && !out.contains(text) =>
            {
                out.push(text.clone());
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(expr) = expr {
        walk(expr, &mut out);
    }
    out
}

#[cfg(test)]
mod tests;
