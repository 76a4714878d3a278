//! The CLI's commands: each calls one API function and prints the result as text or JSON.

pub mod card;
pub mod collection;
pub mod deck;
pub mod effects;
mod figures;
pub mod game;
pub mod goldfish;
pub mod images;
pub mod play;
pub mod print;
mod progress;
pub mod sharing;
mod text;
pub mod tuning;

use std::io::{self, Write};
use std::path::PathBuf;

use deckhand::Deckhand;
use serde::Serialize;

/// How a command that ran to the end came out.
pub enum Outcome {
    Done,
    /// It found something the user asked about (an illegal deck): exit code 1.
    Finding,
}

/// Why a command stopped: the API refused, or stdout could not be written.
pub enum Failure {
    Api(deckhand::Error),
    Output(io::Error),
}

impl From<deckhand::Error> for Failure {
    fn from(err: deckhand::Error) -> Self {
        Failure::Api(err)
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Output(err)
    }
}

pub(crate) type Result<T = ()> = std::result::Result<T, Failure>;

/// The deck a command works on: a deck file, or a stored deck with `--deck`.
#[derive(clap::Args)]
pub struct DeckArg {
    /// A deck file (text, .cod, .o8d, .dek or .json)
    #[arg(
        value_name = "FILE",
        required_unless_present = "deck",
        conflicts_with = "deck"
    )]
    pub file: Option<PathBuf>,
    /// A stored deck, by name or id
    #[arg(long, value_name = "NAME_OR_ID")]
    pub deck: Option<String>,
    /// The game (default: the file's `# game:` line)
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
}

pub(crate) fn print_json(out: &mut impl Write, value: &impl Serialize) -> Result {
    serde_json::to_writer_pretty(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

#[derive(Serialize)]
struct GameRow<'a> {
    id: &'a str,
    name: &'a str,
    card_count: usize,
    origin: deckhand::GameOrigin,
}

pub fn games(deckhand: &Deckhand, json: bool, out: &mut impl Write) -> Result {
    let games = deckhand.game_summaries()?;
    if json {
        let rows: Vec<GameRow> = games
            .iter()
            .map(|g| GameRow {
                id: &g.id,
                name: &g.name,
                card_count: g.card_count,
                origin: g.origin,
            })
            .collect();
        return print_json(out, &rows);
    }
    text::games(&games, out)?;
    Ok(())
}

/// `deckhand import`'s options besides the files.
pub struct ImportArgs {
    pub format: Option<String>,
    pub game: Option<String>,
    pub map: Vec<(String, String)>,
    pub ignore: Vec<String>,
    pub dry_run: bool,
    pub read_effects: bool,
}

pub fn import(
    deckhand: &mut Deckhand,
    files: &[PathBuf],
    args: ImportArgs,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let format = match args.format.as_deref() {
        Some("json" | "deckhand") => Some(deckhand::CardFileFormat::Json),
        Some("csv") => Some(deckhand::CardFileFormat::Csv),
        Some("tsv") => Some(deckhand::CardFileFormat::Tsv),
        Some("cockatrice") => Some(deckhand::CardFileFormat::Cockatrice),
        Some("lackey") => Some(deckhand::CardFileFormat::Lackey),
        _ => None,
    };
    let options = deckhand::CardImportOptions {
        format,
        game: args.game,
        map: args.map,
        ignore: args.ignore,
        dry_run: args.dry_run,
        read_effects: args.read_effects,
    };
    let report = deckhand.import_card_files(files, &options, &mut progress::import_sink(json))?;
    if json {
        return print_json(out, &report);
    }
    text::import_report(&report, out)?;
    if args.dry_run {
        writeln!(out, "dry run: nothing was written")?;
    }
    Ok(())
}

/// `--map COLUMN=FIELD`, checked by the argument parser (a usage error exits 2).
pub fn parse_column_map(pair: &str) -> std::result::Result<(String, String), String> {
    match pair.split_once('=') {
        Some((column, field)) if !column.trim().is_empty() && !field.trim().is_empty() => {
            Ok((column.trim().to_owned(), field.trim().to_owned()))
        }
        _ => Err(format!("'{pair}' is not COLUMN=FIELD")),
    }
}

pub fn import_heroes_grid(
    deckhand: &mut Deckhand,
    dirs: &[PathBuf],
    json: bool,
    out: &mut impl Write,
) -> Result {
    let [dir] = dirs else {
        return Err(deckhand::Error::ReadFile {
            path: dirs.first().cloned().unwrap_or_default(),
            message: "--format heroes-grid takes exactly one directory".into(),
        }
        .into());
    };
    let report = deckhand.import_heroes_grid(dir)?;
    if json {
        return print_json(out, &report);
    }
    text::heroes_grid_report(&report, out)?;
    Ok(())
}

pub fn cards(deckhand: &Deckhand, game: Option<&str>, json: bool, out: &mut impl Write) -> Result {
    if json {
        return print_json(out, &deckhand.card_views(game)?);
    }
    let cards = deckhand.cards(game)?;
    text::card_table(&cards, out)?;
    Ok(())
}

pub fn card(
    deckhand: &Deckhand,
    name_or_id: &str,
    game: Option<&str>,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let detail = deckhand.card_detail(name_or_id, game)?;
    if json {
        return print_json(out, &detail);
    }
    let game = deckhand
        .games()
        .get(&detail.card.game)
        .map_err(deckhand::Error::from)?;
    text::card_detail(&detail, game, out)?;
    Ok(())
}

pub fn search(
    deckhand: &Deckhand,
    query: &str,
    game: Option<&str>,
    limit: usize,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let page = deckhand.search(query, game, limit)?;
    if json {
        return print_json(out, &page.cards);
    }
    let cards: Vec<deckhand::Card> = page.cards.into_iter().map(|c| c.card).collect();
    text::card_rows(&cards, out)?;
    writeln!(
        out,
        "{} of {} matching card{}",
        cards.len(),
        page.total,
        if page.total == 1 { "" } else { "s" }
    )?;
    Ok(())
}

pub fn bench_import(
    runs: usize,
    (cards, sheet_rows): (usize, usize),
    set_runs: usize,
    write_set: Option<&std::path::Path>,
    json: bool,
    out: &mut impl Write,
) -> Result {
    if let Some(path) = write_set {
        let bytes = deckhand_bench::write_zoids_set(path, cards, 0)?;
        writeln!(
            out,
            "wrote {cards} cards ({bytes} bytes) to {}",
            path.display()
        )?;
        return Ok(());
    }
    let first_run = deckhand_bench::first_run_import(runs)?;
    let dir = std::env::temp_dir().join(format!("deckhand-bench-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let measured = bench_import_runs(&dir, cards, sheet_rows, set_runs);
    let _ = std::fs::remove_dir_all(&dir);
    let (set, sheet) = measured?;
    if json {
        #[derive(Serialize)]
        struct Report {
            first_run: Vec<deckhand_bench::Timing>,
            set: Option<deckhand_bench::ImportBenchReport>,
            sheet: Vec<deckhand_bench::Timing>,
        }
        return print_json(
            out,
            &Report {
                first_run,
                set,
                sheet,
            },
        );
    }
    text::timings(&first_run, out)?;
    if let Some(set) = set {
        writeln!(
            out,
            "{}, {} build; a {}-card Zoids Scramble set, {:.1} MB of JSON:",
            set.machine,
            set.profile,
            set.cards,
            set.file_bytes as f64 / 1e6
        )?;
        text::timings(&set.timings, out)?;
        writeln!(
            out,
            "the unchanged re-import took {:.1}x the plain SQLite read of its rows (median of the rounds)",
            set.unchanged_over_plain_read
        )?;
    }
    text::timings(&sheet, out)?;
    Ok(())
}

/// The large-set and spreadsheet rounds of `bench import`, in `dir`.
fn bench_import_runs(
    dir: &std::path::Path,
    cards: usize,
    sheet_rows: usize,
    set_runs: usize,
) -> deckhand::Result<(
    Option<deckhand_bench::ImportBenchReport>,
    Vec<deckhand_bench::Timing>,
)> {
    let set = if cards > 0 {
        Some(deckhand_bench::import_set(dir, cards, set_runs)?)
    } else {
        None
    };
    let sheet = if sheet_rows > 0 {
        vec![deckhand_bench::import_sheet(dir, sheet_rows, set_runs)?]
    } else {
        vec![]
    };
    Ok((set, sheet))
}

pub fn bench_decks(
    runs: usize,
    heroes_grid: Option<&std::path::Path>,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let timings = deckhand_bench::decks(runs, heroes_grid)?;
    if json {
        return print_json(out, &timings);
    }
    text::timings(&timings, out)?;
    Ok(())
}

pub fn bench_play(runs: usize, json: bool, out: &mut impl Write) -> Result {
    let report = deckhand_bench::play(runs)?;
    if json {
        return print_json(out, &report);
    }
    writeln!(
        out,
        "Playing a hand yourself ({} build, {} threads, {} runs: fastest–slowest, ms)",
        report.profile, report.threads, report.runs
    )?;
    writeln!(
        out,
        "{:<16} {:<34} {:>18} {:>18} {:>22}",
        "game", "deck", "pick (≤ 50)", "from here (≤ 300)", "compare (≤ 300)"
    )?;
    for t in &report.timings {
        writeln!(
            out,
            "{:<16} {:<34} {:>18} {:>18} {:>22}",
            t.game,
            t.deck,
            format!("{:.1}–{:.1} @ t{}", t.pick_ms[0], t.pick_ms[1], t.pick_turn),
            format!("{:.0}–{:.0}", t.from_here_ms[0], t.from_here_ms[1]),
            format!(
                "{:.0}–{:.0} ({} options)",
                t.compare_ms[0], t.compare_ms[1], t.options
            ),
        )?;
    }
    Ok(())
}

pub fn bench_goldfish(
    games: u64,
    peer: Option<&std::path::Path>,
    runs: usize,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let report = deckhand_bench::goldfish(games.max(2), peer, runs)?;
    if json {
        return print_json(out, &report);
    }
    text::goldfish_bench(&report, out)?;
    Ok(())
}

pub fn bench_tuning(
    games: u64,
    tune_games: u64,
    rounds: u32,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let r = deckhand_bench::tuning(games.max(1), tune_games.max(1), rounds)?;
    if json {
        return print_json(out, &r);
    }
    writeln!(
        out,
        "Tuning ({} build, {}, {} threads)\n  impact: {} cards, {} distinct, {} games per card per seat: {:.2} s\n  tune: {} rounds over a {}-card pool, {} games per candidate per seat: {:.1} s ({} swaps, stopped: {})",
        r.profile, r.machine, r.threads, r.deck_cards, r.distinct_cards, r.impact_games, r.impact_seconds,
        r.tune_rounds, r.pool, r.tune_games, r.tune_seconds, r.tune_steps, r.tune_stopped
    )?;
    Ok(())
}

pub fn bench_search(
    cards: usize,
    runs: usize,
    json: bool,
    out: &mut impl Write,
) -> Result<Outcome> {
    let dir = std::env::temp_dir().join(format!("deckhand-bench-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let exe = std::env::current_exe()?;
    let report = deckhand_bench::search(&dir, cards.max(1), runs.max(1), &exe);
    let _ = std::fs::remove_dir_all(&dir);
    let report = report?;
    if json {
        print_json(out, &report)?;
    } else {
        text::search_bench(&report, out)?;
    }
    if report.mismatches.is_empty() {
        return Ok(Outcome::Done);
    }
    for mismatch in &report.mismatches {
        eprintln!("deckhand: bench search: match counts differ: {mismatch}");
    }
    Ok(Outcome::Finding)
}

/// The child of a cold `bench search` run (hidden command).
pub fn bench_search_cold(
    engine: &str,
    db: &std::path::Path,
    query: &str,
    sql: &str,
    out: &mut impl Write,
) -> Result {
    let engine = deckhand_bench::ColdEngine::parse(engine).ok_or_else(|| {
        deckhand::Error::Benchmark(format!("unknown engine '{engine}': deckhand or sqlite"))
    })?;
    let timing = deckhand_bench::search_cold(db, engine, query, sql)?;
    serde_json::to_writer(&mut *out, &timing).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

pub fn bench_images(count: usize, runs: usize, json: bool, out: &mut impl Write) -> Result {
    let dir = std::env::temp_dir().join(format!("deckhand-bench-images-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = deckhand_bench::images(&dir, count, runs);
    let _ = std::fs::remove_dir_all(&dir);
    let (_, timings) = result?;
    if json {
        return print_json(out, &timings);
    }
    text::timings(&timings, out)?;
    Ok(())
}

pub fn bench_collection(
    size: deckhand_bench::CollectionBenchSize,
    json: bool,
    out: &mut impl Write,
) -> Result {
    let dir =
        std::env::temp_dir().join(format!("deckhand-bench-collection-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let timings = deckhand_bench::collection(&dir, size);
    let _ = std::fs::remove_dir_all(&dir);
    let timings = timings?;
    if json {
        return print_json(out, &timings);
    }
    text::timings(&timings, out)?;
    Ok(())
}
