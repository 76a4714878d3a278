//! [`CardIndex`]: the tantivy index of every card, its persistence, its updates and its
//! searches.
//!
//! On disk the index is a series of generations (see [`crate::generations`]): several
//! processes can search one directory while another rebuilds or updates it.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use deckhand_core::{Card, Games};
use serde::Serialize;
use tantivy::directory::{Directory, MmapDirectory, OwnedBytes};
use tantivy::query::{BooleanQuery, EnableScoring, Occur, Query as TantivyQuery, TermQuery};
use tantivy::schema::{IndexRecordOption, Schema, Value};
use tantivy::{Executor, Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::collection::{Collection, CollectionDocs};
use crate::compile::Compiler;
use crate::document::document;
use crate::fields::{Fields, GAME, NAME_ORDER, SCHEMA_VERSION, SET_KEY, TYPE_KEY};
use crate::generations::{link_files, Generations, PointerVersion, ReaderLock, MANIFEST};
use crate::query::{parse, Direction, Expr, Query, SortKey, TextTarget, Vocabulary};
use crate::regex_filter::{CompiledRegex, RowMaps};
use crate::text_store::{self, PartWriter, TextStore};
use crate::top_cards::{SortBy, TopCards};
use crate::SearchError;

/// An incremental update indexes few cards.
const UPDATE_MEMORY: usize = 32 * 1024 * 1024;
/// Compiled regexes kept for the next searches (paging, typing).
const REGEX_CACHE: usize = 16;
/// Threads that verify a regex's candidates, one segment each (a full build makes
/// [`BUILD_THREADS`] segments).
const REGEX_THREADS: usize = 2;

/// The card index, in RAM or in a directory.
pub struct CardIndex {
    fields: Fields,
    schema: Schema,
    vocabulary: Vocabulary,
    /// The schema part of every stamp: a generation with another one is never used.
    schema_stamp: String,
    /// `None` for an index in RAM.
    generations: Option<Generations>,
    /// The generation searches use; replaced when a newer one is published.
    state: RwLock<Arc<Generation>>,
    /// `CURRENT` as last seen, to notice a newer generation with one `stat`.
    seen: Mutex<Option<PointerVersion>>,
    /// Recently compiled regexes by pattern, most recent last.
    regexes: Mutex<Vec<(String, Arc<CompiledRegex>)>>,
    /// Searches segments in parallel; made on the first regex search (`None`: threads
    /// could not be started, so searches stay on the caller's thread).
    executor: OnceLock<Option<Executor>>,
}

/// One opened, immutable state of the index.
struct Generation {
    /// The directory name (`gen-000007`); `None` in RAM.
    name: Option<String>,
    index: Index,
    reader: IndexReader,
    texts: TextStore,
    row_maps: Arc<RowMaps>,
    /// The last collection laid out over this generation's documents.
    collection: Mutex<Option<Arc<CollectionDocs>>>,
    /// The data stamp this generation describes.
    stamp: String,
    /// Keeps other processes from deleting the generation while it is in use.
    _lock: Option<ReaderLock>,
}

/// Limits of one search.
#[derive(Debug, Clone)]
pub struct SearchOptions<'a> {
    /// Only this game's cards.
    pub game: Option<&'a str>,
    /// At most this many hits (the total count is always exact).
    pub limit: usize,
    /// The player's copies, for `owned` and `wanted`; a query using them without one is
    /// [`SearchError::NoCollection`].
    pub collection: Option<&'a Collection>,
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

/// What changed in the database since the index last described it.
#[derive(Debug, Clone, Copy)]
pub struct IndexChanges<'a> {
    /// The data stamp before the changes (what the index should describe now).
    pub base_stamp: &'a str,
    /// The data stamp after them.
    pub stamp: &'a str,
    /// Cards added or changed, complete: each replaces the indexed card with its id.
    pub changed: &'a [Card],
    /// Ids of cards that no longer exist.
    pub removed: &'a [String],
}

/// What [`CardIndex::update`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum UpdateOutcome {
    /// The index already described the new stamp, or nothing changed: no file was written
    /// (at most the stamp).
    Unchanged,
    /// A new generation with these cards re-indexed and removed.
    Updated { indexed: usize, removed: usize },
    /// The index does not describe `base_stamp` (another process rebuilt it, or the
    /// database changed behind it): rebuild it from the database with
    /// [`CardIndex::rebuild`].
    Stale,
}

/// What a generation directory records about itself, written last.
struct Manifest {
    /// The full stamp: schema version, stat names, data stamp.
    stamp: String,
    /// The byte length of each text store file, checked when opening.
    texts: Vec<u64>,
}

impl Manifest {
    fn read(dir: &Path) -> Option<Manifest> {
        let text = std::fs::read_to_string(dir.join(MANIFEST)).ok()?;
        let mut stamp = None;
        let mut texts = None;
        for line in text.lines() {
            match line.split_once('=') {
                Some(("stamp", v)) => stamp = Some(v.to_owned()),
                Some(("texts", v)) => {
                    texts = v
                        .split(',')
                        .filter(|s| !s.is_empty())
                        .map(|n| n.parse().ok())
                        .collect::<Option<Vec<u64>>>()
                }
                _ => {}
            }
        }
        Some(Manifest {
            stamp: stamp?,
            texts: texts?,
        })
    }

    fn write(&self, dir: &Path) -> std::io::Result<()> {
        let texts: Vec<String> = self.texts.iter().map(u64::to_string).collect();
        let body = format!("stamp={}\ntexts={}\n", self.stamp, texts.join(","));
        let temp = dir.join(format!("{MANIFEST}.tmp"));
        write_synced(&temp, body.as_bytes())?;
        std::fs::rename(temp, dir.join(MANIFEST))
    }
}

impl CardIndex {
    /// Builds an index in memory (tests, benchmarks, in-memory databases).
    pub fn build_in_ram(games: &Games, cards: &[Card]) -> Result<CardIndex, SearchError> {
        let mut build = IndexBuild::start(None, games, cards.len())?;
        cards.iter().try_for_each(|card| build.add(card))?;
        build.finish("")
    }

    /// Opens the index in `dir` if its current generation was built by this schema for the
    /// data `stamp` describes; `None` when it is missing, stale, from another schema or
    /// unreadable. Never panics on damaged files.
    pub fn open(dir: &Path, games: &Games, stamp: &str) -> Option<CardIndex> {
        let generations = Generations::new(dir);
        // Tidy up after other processes when nobody is writing (cheap when nothing to do).
        if let Ok(Some(writer)) = generations.try_lock_writer() {
            generations.collect_garbage(&writer);
        }
        let (name, lock, version) = generations.lock_current().ok()??;
        let (schema, fields) = Fields::schema(stat_names(games));
        let schema_stamp = schema_stamp(games);
        let generation = Generation::open(&generations, &name, lock, &schema, &schema_stamp)?;
        if generation.stamp != stamp {
            return None;
        }
        Some(CardIndex::with(
            Vocabulary::from_games(games),
            schema_stamp,
            fields,
            schema,
            Some(generations),
            generation,
            version,
        ))
    }

    /// Builds a fresh index of `cards` in `dir` as a new generation and makes it current.
    /// Other processes reading `dir` switch to it before their next search.
    pub fn build_in_dir(
        dir: &Path,
        games: &Games,
        stamp: &str,
        cards: &[Card],
    ) -> Result<CardIndex, SearchError> {
        let mut build = IndexBuild::start(Some(dir), games, cards.len())?;
        cards.iter().try_for_each(|card| build.add(card))?;
        build.finish(stamp)
    }

    /// Replaces the whole index with `cards` (described by `stamp`): a new generation on
    /// disk, or a new index in RAM.
    pub fn rebuild(&self, stamp: &str, cards: &[Card]) -> Result<(), SearchError> {
        let dir = self.generations.as_ref().map(|g| g.root().to_owned());
        let mut build = IndexBuild::with_schema(
            dir.as_deref(),
            self.schema.clone(),
            self.fields.clone(),
            self.schema_stamp.clone(),
            cards.len(),
        )?;
        cards.iter().try_for_each(|card| build.add(card))?;
        let (generation, version) = build.finish_generation(stamp)?;
        self.switch(generation, version);
        if let Some(generations) = &self.generations {
            if let Ok(writer) = generations.lock_writer() {
                generations.collect_garbage(&writer);
            }
        }
        Ok(())
    }

    /// Re-indexes only the cards that changed: deletes each changed or removed card by id
    /// and adds the changed ones anew. An update with nothing in it writes nothing.
    ///
    /// On disk the update goes to a new generation that shares the unchanged files of the
    /// current one (hard links), so readers of the current one are not disturbed.
    pub fn update(&self, changes: &IndexChanges) -> Result<UpdateOutcome, SearchError> {
        match &self.generations {
            Some(generations) => self.update_in_dir(generations, changes),
            None => self.update_in_ram(changes),
        }
    }

    /// In RAM only this process changes the index, so the base stamp is not checked (an
    /// index from [`CardIndex::build_in_ram`] has none).
    fn update_in_ram(&self, changes: &IndexChanges) -> Result<UpdateOutcome, SearchError> {
        let current = self.current();
        if !current.stamp.is_empty() && current.stamp == changes.stamp {
            return Ok(UpdateOutcome::Unchanged);
        }
        let mut texts = current.texts.clone();
        if !changes.changed.is_empty() || !changes.removed.is_empty() {
            let part = apply(&current.index, &self.fields, changes, texts.rows())?;
            texts = texts
                .with_part(OwnedBytes::new(part))
                .ok_or_else(damaged_part)?;
        }
        let generation = Generation::new(
            None,
            current.index.clone(),
            texts,
            changes.stamp.to_owned(),
            None,
        )?;
        self.switch(generation, None);
        Ok(outcome(changes))
    }

    fn update_in_dir(
        &self,
        generations: &Generations,
        changes: &IndexChanges,
    ) -> Result<UpdateOutcome, SearchError> {
        let directory_error = directory_error(generations.root());
        let writer = generations.lock_writer().map_err(&directory_error)?;
        let Some(base_name) = generations.current().map_err(&directory_error)? else {
            return Ok(UpdateOutcome::Stale);
        };
        let base_dir = generations.dir(&base_name);
        let Some(base) = Manifest::read(&base_dir) else {
            return Ok(UpdateOutcome::Stale);
        };
        let full = |stamp: &str| format!("{}; data {stamp}", self.schema_stamp);
        if base.stamp == full(changes.stamp) {
            self.refresh();
            return Ok(UpdateOutcome::Unchanged);
        }
        if base.stamp != full(changes.base_stamp) {
            return Ok(UpdateOutcome::Stale);
        }
        if changes.changed.is_empty() && changes.removed.is_empty() {
            // Same cards, new stamp: only the manifest changes (atomically).
            Manifest {
                stamp: full(changes.stamp),
                texts: base.texts,
            }
            .write(&base_dir)
            .map_err(&directory_error)?;
            let current = self.current();
            if current.name.as_deref() == Some(base_name.as_str()) {
                if let Ok(Some((_, lock, version))) = generations.lock_current() {
                    let generation = Generation::new(
                        Some(base_name),
                        current.index.clone(),
                        current.texts.clone(),
                        changes.stamp.to_owned(),
                        Some(lock),
                    )?;
                    self.switch(generation, version);
                }
            }
            return Ok(UpdateOutcome::Unchanged);
        }
        let (name, dir, lock) = generations.create(&writer).map_err(&directory_error)?;
        link_files(&base_dir, &dir).map_err(&directory_error)?;
        let index = Index::open_in_dir(&dir)?;
        let current = self.current();
        // The rows of the base generation: this process may still be on an older one.
        let base_rows = if current.name.as_deref() == Some(base_name.as_str()) {
            current.texts.rows()
        } else {
            open_texts(&base_dir, &base.texts)
                .ok_or_else(damaged_part)?
                .rows()
        };
        let file_number = base.texts.len();
        let file = apply(&index, &self.fields, changes, base_rows)?;
        write_synced(&text_store::file_path(&dir, file_number), &file).map_err(&directory_error)?;
        let mut lengths = base.texts;
        lengths.push(file.len() as u64);
        Manifest {
            stamp: full(changes.stamp),
            texts: lengths.clone(),
        }
        .write(&dir)
        .map_err(&directory_error)?;
        generations
            .publish(&writer, &name)
            .map_err(&directory_error)?;
        let version = generations.pointer_version();
        let texts = open_texts(&dir, &lengths).ok_or_else(damaged_part)?;
        let generation = Generation::new(
            Some(name),
            index,
            texts,
            changes.stamp.to_owned(),
            Some(lock),
        )?;
        self.switch(generation, version);
        generations.collect_garbage(&writer);
        Ok(outcome(changes))
    }

    fn with(
        vocabulary: Vocabulary,
        schema_stamp: String,
        fields: Fields,
        schema: Schema,
        generations: Option<Generations>,
        generation: Generation,
        version: Option<PointerVersion>,
    ) -> CardIndex {
        CardIndex {
            fields,
            schema,
            vocabulary,
            schema_stamp,
            generations,
            state: RwLock::new(Arc::new(generation)),
            seen: Mutex::new(version),
            regexes: Mutex::new(Vec::new()),
            executor: OnceLock::new(),
        }
    }

    /// `pattern` compiled, from the cache when a recent search used it.
    fn compiled_regex(&self, pattern: &str) -> Result<Arc<CompiledRegex>, SearchError> {
        let mut cache = self.regexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = cache.iter().position(|(p, _)| p == pattern) {
            let entry = cache.remove(at);
            let regex = Arc::clone(&entry.1);
            cache.push(entry);
            return Ok(regex);
        }
        let regex = Arc::new(CompiledRegex::new(pattern)?);
        if cache.len() >= REGEX_CACHE {
            cache.remove(0);
        }
        cache.push((pattern.to_owned(), Arc::clone(&regex)));
        Ok(regex)
    }

    fn current(&self) -> Arc<Generation> {
        Arc::clone(&self.state.read().unwrap_or_else(|e| e.into_inner()))
    }

    fn switch(&self, generation: Generation, version: Option<PointerVersion>) {
        *self.state.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(generation);
        *self.seen.lock().unwrap_or_else(|e| e.into_inner()) = version;
    }

    /// Moves to a newer generation another process (or this one) published, if any. Costs
    /// one `stat` when there is none. A newer generation that cannot be opened (another
    /// schema, damaged) is ignored: this one stays usable.
    fn refresh(&self) {
        let Some(generations) = &self.generations else {
            return;
        };
        let version = generations.pointer_version();
        {
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            if *seen == version {
                return;
            }
            *seen = version;
        }
        let Ok(Some((name, lock, version))) = generations.lock_current() else {
            return;
        };
        if self.current().name.as_deref() == Some(name.as_str()) {
            return;
        }
        if let Some(generation) =
            Generation::open(generations, &name, lock, &self.schema, &self.schema_stamp)
        {
            self.switch(generation, version);
        }
    }

    /// The data stamp the index describes (after picking up any newer generation).
    pub fn stamp(&self) -> String {
        self.refresh();
        self.current().stamp.clone()
    }

    pub fn vocabulary(&self) -> &Vocabulary {
        &self.vocabulary
    }

    pub fn card_count(&self) -> u64 {
        self.refresh();
        self.current().reader.searcher().num_docs()
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
        self.refresh();
        let generation = self.current();
        let regex = |pattern: &str| self.compiled_regex(pattern);
        let searcher = generation.reader.searcher();
        let collection = match (query.uses_collection(), options.collection) {
            (false, _) => None,
            (true, None) => return Err(SearchError::NoCollection),
            (true, Some(collection)) => {
                Some(generation.collection_docs(&searcher, self.fields.id, collection)?)
            }
        };
        let mut compiler = Compiler {
            fields: &self.fields,
            texts: &generation.texts,
            row_maps: &generation.row_maps,
            regex: &regex,
            analyzer: generation.index.tokenizer_for_field(self.fields.name)?,
            collection,
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
        let collector = TopCards {
            sort: self.sort_by(query),
            descending: query.direction == Some(Direction::Desc),
            limit: options.limit.max(1),
        };
        // Verifying a regex's candidates dominates its search: do it on every segment at
        // once. Other queries take well under a millisecond, less than a thread handoff.
        let parallel = has_regex(query.expr.as_ref()) && searcher.segment_readers().len() > 1;
        let executor = if parallel {
            self.executor
                .get_or_init(|| Executor::multi_thread(REGEX_THREADS, "deckhand-regex-").ok())
                .as_ref()
        } else {
            None
        };
        let (total, top) = match executor {
            Some(executor) => searcher.search_with_executor(
                &compiled,
                &collector,
                executor,
                EnableScoring::enabled_from_searcher(&searcher),
            )?,
            None => searcher.search(&compiled, &collector)?,
        };
        let mut hits = Vec::with_capacity(top.len());
        for hit in top {
            let doc: TantivyDocument = searcher.doc(hit.address)?;
            hits.push(Hit {
                id: doc
                    .get_first(self.fields.id)
                    .and_then(|v| v.as_str())
                    .unwrap_or_default()
                    .to_owned(),
                score: hit.score,
            });
        }
        Ok(SearchResults {
            total,
            hits,
            highlight: highlight_terms(query.expr.as_ref()),
        })
    }

    fn sort_by(&self, query: &Query) -> SortBy {
        match &query.order {
            None => SortBy::Relevance,
            Some(SortKey::Name) => SortBy::Text(NAME_ORDER),
            Some(SortKey::Type) => SortBy::Text(TYPE_KEY),
            Some(SortKey::Set) => SortBy::Text(SET_KEY),
            Some(SortKey::Game) => SortBy::Text(GAME),
            Some(SortKey::Stat(stat)) => match self.fields.stats.get(stat) {
                Some(f) => SortBy::Number(f.sort_column.clone()),
                None => SortBy::Relevance,
            },
        }
    }
}

impl Generation {
    fn new(
        name: Option<String>,
        index: Index,
        texts: TextStore,
        stamp: String,
        lock: Option<ReaderLock>,
    ) -> Result<Generation, SearchError> {
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(Generation {
            name,
            index,
            reader,
            texts,
            row_maps: Arc::default(),
            collection: Mutex::new(None),
            stamp,
            _lock: lock,
        })
    }

    /// `collection` laid out over this generation, reusing the last layout when the
    /// collection has not changed since.
    fn collection_docs(
        &self,
        searcher: &tantivy::Searcher,
        id_field: tantivy::schema::Field,
        collection: &Collection,
    ) -> Result<Arc<CollectionDocs>, SearchError> {
        let mut cached = self.collection.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(docs) = cached.as_ref().filter(|d| d.is_of(collection)) {
            return Ok(Arc::clone(docs));
        }
        let docs = Arc::new(CollectionDocs::build(searcher, id_field, collection)?);
        *cached = Some(Arc::clone(&docs));
        Ok(docs)
    }

    /// Opens a published generation, checking every checksum and the schema. `None` for
    /// anything unusable; tantivy can panic on a damaged file, and that counts as unusable.
    fn open(
        generations: &Generations,
        name: &str,
        lock: ReaderLock,
        schema: &Schema,
        schema_stamp: &str,
    ) -> Option<Generation> {
        let dir = generations.dir(name);
        let manifest = Manifest::read(&dir)?;
        let data_stamp = manifest
            .stamp
            .strip_prefix(schema_stamp)?
            .strip_prefix("; data ")?
            .to_owned();
        std::panic::catch_unwind(|| {
            let index = Index::open_in_dir(&dir).ok()?;
            if !index.validate_checksum().ok()?.is_empty() || index.schema() != *schema {
                return None;
            }
            let texts = open_texts(&dir, &manifest.texts)?;
            let generation =
                Generation::new(Some(name.to_owned()), index, texts, data_stamp, None).ok()?;
            generation
                .reader
                .searcher()
                .search(&tantivy::query::AllQuery, &tantivy::collector::Count)
                .ok()?;
            Some(generation)
        })
        .ok()
        .flatten()
        .map(|generation| Generation {
            _lock: Some(lock),
            ..generation
        })
    }
}

/// Applies `changes` to `index`; returns the new text store part, whose rows start at
/// `first_row`.
fn apply(
    index: &Index,
    fields: &Fields,
    changes: &IndexChanges,
    first_row: u32,
) -> Result<Vec<u8>, SearchError> {
    let mut writer: IndexWriter = index.writer_with_num_threads(1, UPDATE_MEMORY)?;
    for id in changes
        .changed
        .iter()
        .map(|c| c.id.as_str())
        .chain(changes.removed.iter().map(String::as_str))
    {
        writer.delete_term(Term::from_field_text(fields.id, id));
    }
    let mut texts = PartWriter::new(first_row);
    for card in changes.changed {
        let reference = texts.push(&card.name, card.text.as_deref());
        writer.add_document(document(fields, card, reference))?;
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    Ok(texts.into_bytes())
}

fn outcome(changes: &IndexChanges) -> UpdateOutcome {
    if changes.changed.is_empty() && changes.removed.is_empty() {
        UpdateOutcome::Unchanged
    } else {
        UpdateOutcome::Updated {
            indexed: changes.changed.len(),
            removed: changes.removed.len(),
        }
    }
}

/// Maps the text store files of a generation; `None` if one is missing or has another size.
fn open_texts(dir: &Path, lengths: &[u64]) -> Option<TextStore> {
    // Not through the index's own directory: that one expects tantivy's footer on files.
    let directory = MmapDirectory::open(dir).ok()?;
    let mut files = Vec::with_capacity(lengths.len());
    for (n, length) in lengths.iter().enumerate() {
        let bytes = directory
            .open_read(Path::new(&text_store::file_name(n)))
            .ok()?
            .read_bytes()
            .ok()?;
        if bytes.len() as u64 != *length {
            return None;
        }
        files.push(bytes);
    }
    TextStore::from_parts(files)
}

/// A store of one part written in memory.
fn store_of(part: Vec<u8>) -> Result<TextStore, SearchError> {
    TextStore::from_parts(vec![OwnedBytes::new(part)]).ok_or_else(damaged_part)
}

fn damaged_part() -> SearchError {
    SearchError::Directory {
        path: "text store".into(),
        message: "a part is missing, has another size or is malformed".into(),
    }
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    std::io::Write::write_all(&mut file, bytes)?;
    file.sync_all()
}

fn directory_error(root: &Path) -> impl Fn(std::io::Error) -> SearchError + '_ {
    move |e| SearchError::Directory {
        path: root.display().to_string(),
        message: e.to_string(),
    }
}

fn stat_names(games: &Games) -> BTreeSet<String> {
    games.iter().flat_map(|g| g.stats.keys().cloned()).collect()
}

fn schema_stamp(games: &Games) -> String {
    let stats: Vec<String> = stat_names(games).into_iter().collect();
    format!("schema {SCHEMA_VERSION}; stats {}", stats.join(","))
}

fn has_regex(expr: Option<&Expr>) -> bool {
    match expr {
        Some(Expr::And(items) | Expr::Or(items)) => items.iter().any(|e| has_regex(Some(e))),
        Some(Expr::Not(inner)) => has_regex(Some(inner)),
        Some(Expr::Regex { .. }) => true,
        _ => false,
    }
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

mod build;

pub use build::IndexBuild;

#[cfg(test)]
mod tests;
