//! Progress of long imports, reported to whoever runs them: the CLI draws a bar on stderr,
//! the app sends it to the page on a channel. One type for every import so both front ends
//! draw the same thing.

use serde::Serialize;

/// What an import is doing now. Stages run in this order; a stage may be skipped (nothing
/// changed: no indexing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ImportStage {
    /// Reading and checking the input (`done`/`total` in bytes). A card import stores
    /// each card as it reads it, so for cards this stage includes the database writes.
    Reading,
    /// Writing to the database (`done`/`total` in cards or rows).
    Storing,
    /// Bringing the search index up to date (`done`/`total` in cards).
    Indexing,
}

/// One report: `done` of `total` units of `stage`. `total` is 0 when not known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ImportProgress {
    pub stage: ImportStage,
    pub done: u64,
    pub total: u64,
}

/// The callback imports take. Called often (it must be cheap); throttle drawing in the sink.
pub type ProgressSink<'a> = &'a mut dyn FnMut(ImportProgress);
