//! [`IndexBuild`]: a full build fed one card at a time, so the caller can stream cards
//! from the database instead of holding them all.

use std::path::{Path, PathBuf};

use deckhand_core::{Card, Games};
use tantivy::indexer::NoMergePolicy;
use tantivy::schema::Schema;
use tantivy::{Index, IndexWriter};

use super::{
    damaged_part, directory_error, open_texts, schema_stamp, stat_names, store_of, write_synced,
    CardIndex, Generation, Manifest,
};
use crate::document::document;
use crate::fields::Fields;
use crate::generations::{Generations, PointerVersion, ReaderLock, WriterLock};
use crate::query::Vocabulary;
use crate::text_store::{self, PartWriter};
use crate::SearchError;

/// tantivy's memory budget per indexing thread. A thread that fills it writes a segment
/// and starts another; 50k cards fit in one segment, and the arena is only touched as it
/// fills, so a small build costs little. It is most of a large import's peak memory.
const BUILD_MEMORY_PER_THREAD: usize = 48 * 1024 * 1024;
/// Below this many cards per thread another thread costs more than it saves.
const CARDS_PER_THREAD: usize = 2_000;

/// A full build under way: [`IndexBuild::add`] every card, then [`IndexBuild::finish`].
/// Dropped unfinished, it publishes nothing (on disk the half-written generation is
/// collected later).
pub struct IndexBuild {
    schema: Schema,
    fields: Fields,
    index: Index,
    writer: IndexWriter,
    texts: PartWriter,
    /// Where it goes on disk; `None` in RAM.
    target: Option<Target>,
    /// The schema part of the generation's stamp.
    schema_stamp: String,
    /// For the finished index's queries (`None` for a rebuild of an existing index).
    vocabulary: Option<Vocabulary>,
    /// Every card added so far is in tantivy's segments ([`IndexBuild::seal`]).
    sealed: bool,
}

struct Target {
    generations: Generations,
    writer: WriterLock,
    name: String,
    dir: PathBuf,
    lock: ReaderLock,
}

impl IndexBuild {
    /// Starts a build in `dir` (a new generation, published by `finish`) or in RAM.
    /// `expected` is about how many cards will come (it picks the number of threads).
    pub fn start(
        dir: Option<&Path>,
        games: &Games,
        expected: usize,
    ) -> Result<IndexBuild, SearchError> {
        let (schema, fields) = Fields::schema(stat_names(games));
        let mut build =
            IndexBuild::with_schema(dir, schema, fields, schema_stamp(games), expected)?;
        build.vocabulary = Some(Vocabulary::from_games(games));
        Ok(build)
    }

    pub(super) fn with_schema(
        dir: Option<&Path>,
        schema: Schema,
        fields: Fields,
        schema_stamp: String,
        expected: usize,
    ) -> Result<IndexBuild, SearchError> {
        let (index, target) = match dir {
            Some(dir) => {
                let generations = Generations::new(dir);
                let directory_error = directory_error(dir);
                let writer = generations.lock_writer().map_err(&directory_error)?;
                let (name, path, lock) = generations.create(&writer).map_err(&directory_error)?;
                let index = Index::create_in_dir(&path, schema.clone())?;
                let target = Target {
                    generations: Generations::new(dir),
                    writer,
                    name,
                    dir: path,
                    lock,
                };
                (index, Some(target))
            }
            None => (Index::create_in_ram(schema.clone()), None),
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = cores.min(expected / CARDS_PER_THREAD + 1).max(1);
        let writer: IndexWriter =
            index.writer_with_num_threads(threads, threads * BUILD_MEMORY_PER_THREAD)?;
        // One segment per thread is what searches want; merging them would only cost time.
        writer.set_merge_policy(Box::new(NoMergePolicy));
        Ok(IndexBuild {
            schema,
            fields,
            index,
            writer,
            texts: PartWriter::new(0),
            target,
            schema_stamp,
            vocabulary: None,
            sealed: false,
        })
    }

    /// Indexes one more card.
    pub fn add(&mut self, card: &Card) -> Result<(), SearchError> {
        self.sealed = false;
        let reference = self.texts.push(&card.name, card.text.as_deref());
        self.writer
            .add_document(document(&self.fields, card, reference))?;
        Ok(())
    }

    /// Commits the build, publishes it as the current generation (on disk) and opens it;
    /// `stamp` is the data stamp it describes.
    pub fn finish(self, stamp: &str) -> Result<CardIndex, SearchError> {
        let vocabulary = self
            .vocabulary
            .clone()
            .ok_or_else(|| SearchError::Directory {
                path: "index build".into(),
                message: "a rebuild finishes into its own index".into(),
            })?;
        let (schema, fields) = (self.schema.clone(), self.fields.clone());
        let schema_stamp = self.schema_stamp.clone();
        let generations = self
            .target
            .as_ref()
            .map(|t| Generations::new(t.generations.root()));
        let (generation, version) = self.finish_generation(stamp)?;
        Ok(CardIndex::with(
            vocabulary,
            schema_stamp,
            fields,
            schema,
            generations,
            generation,
            version,
        ))
    }

    /// Writes every card added so far into tantivy's segments: the bulk of what
    /// [`IndexBuild::finish`] does, and none of it needs the data stamp, so a caller can
    /// seal the build while it commits the data the stamp will describe. Nothing is
    /// published; a card added after this is still taken by `finish`.
    pub fn seal(&mut self) -> Result<(), SearchError> {
        self.writer.commit()?;
        self.sealed = true;
        Ok(())
    }

    pub(super) fn finish_generation(
        mut self,
        stamp: &str,
    ) -> Result<(Generation, Option<PointerVersion>), SearchError> {
        if !std::mem::take(&mut self.sealed) {
            self.writer.commit()?;
        }
        self.writer.wait_merging_threads()?;
        let file = self.texts.into_bytes();
        let Some(target) = self.target else {
            let texts = store_of(file)?;
            return Ok((
                Generation::new(None, self.index, texts, stamp.to_owned(), None)?,
                None,
            ));
        };
        let generations = &target.generations;
        let directory_error = directory_error(generations.root());
        write_synced(&text_store::file_path(&target.dir, 0), &file).map_err(&directory_error)?;
        let lengths = vec![file.len() as u64];
        drop(file);
        Manifest {
            stamp: format!("{}; data {stamp}", self.schema_stamp),
            texts: lengths.clone(),
        }
        .write(&target.dir)
        .map_err(&directory_error)?;
        generations
            .publish(&target.writer, &target.name)
            .map_err(&directory_error)?;
        let version = generations.pointer_version();
        let texts = open_texts(&target.dir, &lengths).ok_or_else(damaged_part)?;
        let generation = Generation::new(
            Some(target.name),
            self.index,
            texts,
            stamp.to_owned(),
            Some(target.lock),
        )?;
        generations.collect_garbage(&target.writer);
        Ok((generation, version))
    }
}
