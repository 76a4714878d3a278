//! Progress bars on stderr, drawn with indicatif: only when stderr is a terminal, never
//! with `--json` (a script reads stdout and may capture stderr), and only for work large
//! enough to be waited on.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use deckhand::{ImportProgress, ImportStage};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A stage smaller than this is not worth a bar: a few thousand cards or rows...
const MIN_UNITS: u64 = 3_000;
/// ...or, for reading, about that many cards of JSON.
const MIN_BYTES: u64 = 1024 * 1024;

fn bar(total: u64, message: &'static str, bytes: bool) -> ProgressBar {
    let template = if bytes {
        "{msg:>9} [{bar:30}] {percent:>3}%  {bytes}/{total_bytes}"
    } else {
        "{msg:>9} [{bar:30}] {percent:>3}%  {pos}/{len}"
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("#>-");
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(style);
    bar.set_message(message);
    bar
}

/// The sink for an import's progress: one bar per stage, each drawn only when the stage
/// is large, stderr is a terminal and `json` is off.
pub fn import_sink(json: bool) -> impl FnMut(ImportProgress) {
    let enabled = !json && std::io::stderr().is_terminal();
    let mut current: Option<(ImportStage, ProgressBar)> = None;
    move |progress: ImportProgress| {
        if !enabled {
            return;
        }
        if current.as_ref().map(|(stage, _)| *stage) != Some(progress.stage) {
            if let Some((_, bar)) = current.take() {
                bar.finish_and_clear();
            }
            let (message, bytes) = match progress.stage {
                ImportStage::Reading => ("reading", true),
                ImportStage::Storing => ("storing", false),
                ImportStage::Indexing => ("indexing", false),
            };
            let large = progress.total >= if bytes { MIN_BYTES } else { MIN_UNITS };
            let shown = if large {
                bar(progress.total, message, bytes)
            } else {
                ProgressBar::hidden()
            };
            current = Some((progress.stage, shown));
        }
        if let Some((_, bar)) = &current {
            bar.set_position(progress.done);
            if progress.done >= progress.total {
                bar.finish_and_clear();
            }
        }
    }
}

/// A bar for `total` units of `what` (goldfish games, printed images), shown once the work
/// has taken a second (only on a terminal). The callback returns `true`: go on.
pub fn delayed_bar(total: u64, what: &'static str) -> impl FnMut(u64) -> bool {
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut shown: Option<ProgressBar> = None;
    move |done| {
        if terminal && shown.is_none() && start.elapsed() > Duration::from_secs(1) {
            shown = Some(bar(total, what, false));
        }
        if let Some(bar) = &shown {
            bar.set_position(done);
            if done >= total {
                bar.finish_and_clear();
            }
        }
        true
    }
}
