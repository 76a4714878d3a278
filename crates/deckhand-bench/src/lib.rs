//! Benchmarks behind `deckhand bench …`. They report figures; they never pass or fail.

use std::time::{Duration, Instant};

use serde::Serialize;

use deckhand::{Deckhand, Result};

mod collection;
mod decks;
mod effects;
mod goldfish;
mod images;
mod import;
mod play;
mod search;
mod synthetic;
mod tuning;

pub use collection::{collection, CollectionBenchSize};
pub use decks::decks;
pub use effects::{effects, EffectsBenchReport};
pub use goldfish::{
    goldfish, AppPathTiming, GoldfishBenchReport, GoldfishTiming, PeerTiming, APP_GAMES, APP_RUNS,
};
pub use images::images;
pub use import::{import_set, import_sheet, write_zoids_set, write_zoids_sheet, ImportBenchReport};
pub use play::{play, PlayBenchReport, PlayTiming};
pub use search::{
    search, search_cold, ColdEngine, ColdTiming, QueryTiming, SearchBenchReport, SearchBenchSetup,
};
pub use tuning::{tuning, TuningBenchReport};

/// Timing of one measured operation over several runs.
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    pub name: String,
    pub runs: usize,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
}

impl Timing {
    pub fn from_samples(name: impl Into<String>, mut samples: Vec<Duration>) -> Timing {
        samples.sort();
        Timing {
            name: name.into(),
            runs: samples.len(),
            median_ms: percentile(&samples, 50.0),
            min_ms: samples.first().map_or(0.0, |d| ms(*d)),
            max_ms: samples.last().map_or(0.0, |d| ms(*d)),
        }
    }
}

/// First-run cost: a new database file, migrations, and the import of every bundled card
/// set, exactly what a player's first launch does.
pub fn first_run_import(runs: usize) -> Result<Vec<Timing>> {
    let dir = std::env::temp_dir().join(format!("deckhand-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| deckhand::Error::DataDir {
        path: dir.clone(),
        message: e.to_string(),
    })?;
    let mut open_new = Vec::with_capacity(runs);
    let mut reopen = Vec::with_capacity(runs);
    for run in 0..runs.max(1) {
        let path = dir.join(format!("run-{run}.sqlite3"));
        let started = Instant::now();
        drop(Deckhand::open(&path)?);
        open_new.push(started.elapsed());
        let started = Instant::now();
        drop(Deckhand::open(&path)?);
        reopen.push(started.elapsed());
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(vec![
        Timing::from_samples("open a new database and import all bundled data", open_new),
        Timing::from_samples("open an existing database", reopen),
    ])
}

/// The build profile the figures come from: only `release` figures are worth quoting.
pub const PROFILE: &str = if cfg!(debug_assertions) {
    "debug"
} else {
    "release"
};

/// The machine, for the header of every table: CPU model, cores, memory.
pub fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown CPU", |(_, m)| m.trim())
        .to_owned();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let memory_gib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|l| l.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(String::new(), |kb| {
            format!(", {:.0} GiB", kb / 1024.0 / 1024.0)
        });
    format!("{model}, {cores} cores{memory_gib}")
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The nearest-rank percentile of sorted samples, in milliseconds.
fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    ms(sorted[rank.clamp(1, sorted.len()) - 1])
}
