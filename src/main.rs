//! `deckhand`: the command-line face of the Deckhand API. Parsing and printing only; the
//! work happens in the library. Exit codes: 0 ok, 1 a finding, 2 bad input or usage.

mod cli;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use deckhand::Deckhand;

/// mimalloc rather than glibc's malloc: an import, a search index build and the goldfish
/// allocate small short-lived values by the million (docs/benchmarks.md, "The allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "deckhand",
    version,
    about = "Deck builder and collection manager for card games"
)]
struct Cli {
    /// The database file [default: $DECKHAND_DB, else ~/.local/share/deckhand/deckhand.sqlite3]
    #[arg(long, global = true, value_name = "PATH")]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games with their card counts
    Games {
        #[arg(long)]
        json: bool,
    },
    /// Import card files, all or nothing: card-set JSON, card spreadsheets (CSV with `,`
    /// or `;`, TSV; see docs/cards.md, "Card spreadsheets"), Cockatrice cards.xml, LackeyCCG
    /// carddata.txt, or with --format heroes-grid the Heroes of the Grid community export
    /// directory
    Import {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// json, csv, tsv, cockatrice, lackey or heroes-grid (one directory) [default: from
        /// the extension, then the header or root element; a .csv/.txt header's separator
        /// picks `,` or `;`]
        #[arg(long, value_parser = ["json", "deckhand", "csv", "tsv", "cockatrice", "lackey", "heroes-grid"])]
        format: Option<String>,
        /// The game of a spreadsheet without a `game` column
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Read a spreadsheet column as a field or stat (repeatable)
        #[arg(long, value_name = "COLUMN=FIELD", value_parser = cli::parse_column_map)]
        map: Vec<(String, String)>,
        /// Drop a spreadsheet column (repeatable)
        #[arg(long, value_name = "COLUMN")]
        ignore: Vec<String>,
        /// Report what would be added, updated and unchanged; write nothing
        #[arg(long)]
        dry_run: bool,
        /// Give each card that states no effects what its text reads as (see `effects read`;
        /// with --dry-run, how many would be read); `card undo` takes the import back
        #[arg(long)]
        read_effects: bool,
        #[arg(long)]
        json: bool,
    },
    /// List cards (`--json`: each with its image's size or null), or `cards export`
    #[command(args_conflicts_with_subcommands = true)]
    Cards {
        /// Only this game's cards (a game id, see `deckhand games`)
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        #[arg(long)]
        json: bool,
        #[command(subcommand)]
        command: Option<cli::sharing::CardsCommand>,
    },
    /// Card images kept in the database: set, remove, import a folder
    #[command(subcommand)]
    Image(cli::images::ImageCommand),
    /// Card packs: a game's cards (or one set's) with their images in one .zip
    #[command(subcommand)]
    Pack(cli::sharing::PackCommand),
    /// Show one card by name or id; or add, edit, duplicate, delete a card of your own and
    /// undo the last card change or import
    Card(cli::card::CardArgs),
    /// Search cards with the query language (see docs/search.md)
    Search {
        /// Words, "phrases", /regex/ and fields: name: text: type: sub: kw: set: side:
        /// color: game:, any stat (power>=5), owned>=1 / owned:0 / wanted>=1 (your
        /// collection and wishlist), order:FIELD dir:asc|desc; - negates, `or` and ( )
        #[arg(value_name = "QUERY")]
        query: String,
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// Show at most this many cards (1 to 10000)
        #[arg(long, default_value_t = 50, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=deckhand::MAX_SEARCH_LIMIT as u64))]
        limit: u64,
        #[arg(long)]
        json: bool,
    },
    /// Effects read off a card's text: `effects read` proposes them in the written form and
    /// names each sentence it cannot read
    #[command(subcommand)]
    Effects(cli::effects::EffectsCommand),
    /// Games you add: add, remove, export a definition, write a new one's template; any
    /// game's rules in plain words
    #[command(subcommand)]
    Game(cli::game::GameCommand),
    /// Decks: check a deck list against its game's construction rules
    #[command(subcommand)]
    Deck(cli::deck::DeckCommand),
    /// Play a deck against an opponent who does nothing: kill-turn statistics going first
    /// and second, one game step by step (--step), two decks compared (--against,
    /// --versions), or each card's impact (--impact). Exit 1 only for a deck too small to
    /// play
    Goldfish(cli::goldfish::GoldfishArgs),
    /// Play a game yourself: the seed replayed with your picks (--pick K, one per
    /// decision) up to the next decision, its options numbered with the pilot's pick and
    /// reason; --pilot-rest lets the pilot finish
    Play(cli::play::PlayArgs),
    /// Exact odds of having drawn the cards a search query names, by turn
    Odds(cli::goldfish::OddsArgs),
    /// Improve a deck by legal one-for-one swaps from a pool, each accepted only when
    /// paired games show it significantly better (Holm-corrected over the round's swaps)
    Tune(cli::tuning::TuneArgs),
    /// The cards you own: add, remove, set, list, import and export CSV, undo
    #[command(subcommand)]
    Collection(cli::collection::CollectionCommand),
    /// Back the database up (SQLite's online backup; safe while the app runs)
    Backup {
        /// The backup file [default: a new file in the backups folder beside the database]
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Replace the database with a backup, after checking its integrity and schema
    Restore {
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Print a deck as a print-and-play PDF: cards at their true size, text proxies or
    /// your images, crop marks, bleed, duplex backs; or `print calibration`, a test sheet
    Print(Box<cli::print::PrintArgs>),
    /// Measure performance (use a release build)
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Subcommand)]
enum BenchCommand {
    /// First-run cost (create a database, import all bundled card data), then a large
    /// generated Zoids Scramble set imported new, unchanged and with 100 cards changed
    Import {
        #[arg(long, default_value_t = 20)]
        runs: usize,
        /// Cards in the generated set (0: only the first-run measure)
        #[arg(long, default_value_t = 100_000, value_name = "N")]
        cards: usize,
        /// Timed rounds of the large-set import
        #[arg(long, default_value_t = 3, value_name = "N")]
        set_runs: usize,
        /// Rows of the generated card spreadsheet imported `--set-runs` times (0: none)
        #[arg(long, default_value_t = 10_000, value_name = "N")]
        sheet_rows: usize,
        /// Only write the generated set to FILE (to time `deckhand import FILE` itself)
        #[arg(long, value_name = "FILE")]
        write_set: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Deck checking: a stored deck, an editor draft, the deck list with verdicts
    Decks {
        #[arg(long, default_value_t = 200)]
        runs: usize,
        /// Also import this Heroes of the Grid community export (its Ranger decks)
        #[arg(long, value_name = "DIR")]
        heroes_grid: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// The effect reader: the bundled cards' texts read until `--texts` are read, the five
    /// games' words compiled first (issue 35: 10,000 texts in at most a second)
    Effects {
        #[arg(long, default_value_t = 10_000, value_name = "N")]
        texts: usize,
        #[arg(long, default_value_t = 5)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// Card images: a folder of one-megabyte JPEGs imported with thumbnails
    Images {
        #[arg(long, default_value_t = 1_000, value_name = "N")]
        count: usize,
        #[arg(long, default_value_t = 1)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// Goldfish throughput: full games per second for every game, on 1 and 2 threads
    Goldfish {
        /// Games per configuration (half from each seat)
        #[arg(long, default_value_t = 2_000_000)]
        games: u64,
        /// A built yardstick to run in the same run (shared/peers/zoidsim; see its README)
        #[arg(long, value_name = "ZOIDSIM")]
        peer: Option<PathBuf>,
        /// Rounds: every configuration and the yardstick timed once a round; figures are
        /// the rounds' median and range (a shared machine's speed swings between rounds)
        #[arg(long, default_value_t = 1)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// Playing a hand yourself: a pick answered late in a game, From here (10,000 games) and
    /// Which option is best (2,000 a option) at the first decision, for every game
    Play {
        #[arg(long, default_value_t = 5)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// Per-card impact and tuning: `goldfish --impact` on a 40-card, 15-distinct Zoids deck,
    /// and `tune` over a 60-card pool
    Tuning {
        /// Impact: games per card per seat
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Tune: games per candidate per seat
        #[arg(long, default_value_t = 10_000)]
        tune_games: u64,
        /// Tune: rounds
        #[arg(long, default_value_t = 10)]
        rounds: u32,
        #[arg(long)]
        json: bool,
    },
    /// The collection: import a large CSV, deck need, deck buildable, owned counts
    Collection {
        /// Synthetic cards in the database (spread over the five games)
        #[arg(long, default_value_t = 20_000)]
        cards: usize,
        /// Lines of the collection CSV
        #[arg(long, default_value_t = 100_000)]
        rows: usize,
        /// Stored 60-card decks
        #[arg(long, default_value_t = 1_000)]
        decks: usize,
        /// Timed imports (deck need and owned counts run 20 times as often)
        #[arg(long, default_value_t = 5)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// Search latency: the app's search (tantivy, then the rows from SQLite) against a
    /// SQLite FTS5/SQL baseline on the same synthetic database, warm and cold (a new
    /// process per query). Exit 1 if the engines disagree on a match count
    Search {
        /// How many synthetic cards to generate (spread over the five games)
        #[arg(long, default_value_t = 100_000)]
        cards: usize,
        /// Timed runs per query (after 3 warm-up runs)
        #[arg(long, default_value_t = 200)]
        runs: usize,
        #[arg(long)]
        json: bool,
    },
    /// One cold query for `bench search`: open the database, run the query once, print
    /// the timings as JSON
    #[command(hide = true)]
    SearchCold {
        #[arg(long)]
        engine: String,
        #[arg(long)]
        db: PathBuf,
        #[arg(long)]
        query: String,
        /// The SQLite baseline's statement (for --engine sqlite)
        #[arg(long, default_value = "")]
        sql: String,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(err),
    };
    match run(cli) {
        Ok(cli::Outcome::Done) => ExitCode::SUCCESS,
        // A finding, such as an illegal deck: reported on stdout, exit 1.
        Ok(cli::Outcome::Finding) => ExitCode::from(1),
        Err(cli::Failure::Api(err)) => {
            // The code only: the message may quote a card or deck name.
            tracing::warn!(code = err.code(), "command failed");
            eprintln!("deckhand: error: {err}");
            ExitCode::from(2)
        }
        // `deckhand cards | head` closes the pipe early: that is not a failure.
        Err(cli::Failure::Output(err)) if err.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(cli::Failure::Output(err)) => {
            eprintln!("deckhand: error: cannot write output: {err}");
            ExitCode::from(2)
        }
    }
}

/// An open database for one command. When the command is done it names every card row
/// the command had to leave out because the row cannot be read (a damaged file): the
/// command worked without them, and the player learns which cards to re-import or delete.
struct Opened(Deckhand);

impl std::ops::Deref for Opened {
    type Target = Deckhand;
    fn deref(&self) -> &Deckhand {
        &self.0
    }
}

impl std::ops::DerefMut for Opened {
    fn deref_mut(&mut self) -> &mut Deckhand {
        &mut self.0
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        for (id, why) in self.0.unreadable_cards() {
            eprintln!(
                "deckhand: warning: card row '{}' cannot be read and was left out ({}); delete it with `deckhand card delete {}` or import the card again",
                deckhand::clip(&id),
                deckhand::clip(&why),
                deckhand::clip(&id)
            );
        }
    }
}

/// Help and the version print as clap writes them; a usage error is one line in the form
/// of every other error (`deckhand: error: …`, with clap's tip and where to read more),
/// and exits 2.
fn usage_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Help asked for, or a bare `deckhand game`: what clap prints is the answer.
        let _ = err.print();
        return if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let rendered = err.render().to_string();
    let first = rendered
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid arguments");
    let message = first.strip_prefix("error: ").unwrap_or(first);
    let tip = rendered
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("tip: "))
        .map(|t| format!(" ({})", t.trim_start_matches("tip: ")))
        .unwrap_or_default();
    eprintln!(
        "deckhand: error: {}{tip}; see deckhand --help",
        deckhand::clip(message)
    );
    ExitCode::from(2)
}

fn run(cli: Cli) -> Result<cli::Outcome, cli::Failure> {
    let mut out = io::stdout().lock();
    // Commands that open a database log beside it (logs/cli.<date>.log), as the app does;
    // the benchmarks, which make throwaway databases, do not log.
    let open = || -> deckhand::Result<Opened> {
        let path = deckhand::resolve_db_path(cli.db.as_deref())?;
        deckhand::init_logging(&path, "cli");
        tracing::info!(
            version = env!("CARGO_PKG_VERSION"),
            "deckhand (CLI) starting"
        );
        let deckhand = Deckhand::open(&path)?;
        // A player's game file that no longer loads is skipped, not fatal: say which, once.
        for problem in deckhand.game_problems() {
            eprintln!("deckhand: warning: game file skipped: {}", problem.message);
        }
        Ok(Opened(deckhand))
    };
    match cli.command {
        Command::Game(command) => {
            if let Some(done) = cli::game::new_template(&command, &mut out) {
                done?;
            } else {
                cli::game::run(&mut *open()?, command, &mut out)?;
            }
        }
        Command::Games { json } => cli::games(&*open()?, json, &mut out)?,
        Command::Import {
            files,
            format,
            json,
            ..
        } if format.as_deref() == Some("heroes-grid") => {
            cli::import_heroes_grid(&mut *open()?, &files, json, &mut out)?
        }
        Command::Import {
            files,
            format,
            game,
            map,
            ignore,
            dry_run,
            read_effects,
            json,
        } => {
            let args = cli::ImportArgs {
                format,
                game,
                map,
                ignore,
                dry_run,
                read_effects,
            };
            cli::import(&mut *open()?, &files, args, json, &mut out)?
        }
        Command::Cards {
            command: Some(command),
            ..
        } => cli::sharing::cards(&*open()?, command, &mut out)?,
        Command::Cards { game, json, .. } => {
            cli::cards(&*open()?, game.as_deref(), json, &mut out)?
        }
        Command::Image(command) => cli::images::run(&mut *open()?, command, &mut out)?,
        Command::Pack(command) => cli::sharing::pack(&mut *open()?, command, &mut out)?,
        Command::Card(args) => cli::card::run(&mut *open()?, args, &mut out)?,
        Command::Effects(command) => cli::effects::run(&mut *open()?, command, &mut out)?,
        Command::Search {
            query,
            game,
            limit,
            json,
        } => cli::search(
            &*open()?,
            &query,
            game.as_deref(),
            // The parser bounds it to MAX_SEARCH_LIMIT, which fits any usize.
            usize::try_from(limit).unwrap_or(deckhand::MAX_SEARCH_LIMIT),
            json,
            &mut out,
        )?,
        // Benchmarks make their own databases.
        Command::Bench(BenchCommand::Import {
            runs,
            cards,
            set_runs,
            sheet_rows,
            write_set,
            json,
        }) => cli::bench_import(
            runs,
            (cards, sheet_rows),
            set_runs,
            write_set.as_deref(),
            json,
            &mut out,
        )?,
        Command::Bench(BenchCommand::Images { count, runs, json }) => {
            cli::bench_images(count, runs, json, &mut out)?
        }
        Command::Bench(BenchCommand::Tuning {
            games,
            tune_games,
            rounds,
            json,
        }) => cli::bench_tuning(games, tune_games, rounds, json, &mut out)?,
        Command::Bench(BenchCommand::Goldfish {
            games,
            peer,
            runs,
            json,
        }) => cli::bench_goldfish(games, peer.as_deref(), runs, json, &mut out)?,
        Command::Bench(BenchCommand::Play { runs, json }) => cli::bench_play(runs, json, &mut out)?,
        Command::Bench(BenchCommand::Search { cards, runs, json }) => {
            let outcome = cli::bench_search(cards, runs, json, &mut out)?;
            out.flush()?;
            return Ok(outcome);
        }
        Command::Bench(BenchCommand::SearchCold {
            engine,
            db,
            query,
            sql,
        }) => cli::bench_search_cold(&engine, &db, &query, &sql, &mut out)?,
        Command::Bench(BenchCommand::Collection {
            cards,
            rows,
            decks,
            runs,
            json,
        }) => cli::bench_collection(
            deckhand_bench::CollectionBenchSize {
                cards,
                rows,
                decks,
                runs,
            },
            json,
            &mut out,
        )?,
        Command::Bench(BenchCommand::Effects { texts, runs, json }) => {
            cli::effects::bench(texts, runs, json, &mut out)?
        }
        Command::Bench(BenchCommand::Decks {
            runs,
            heroes_grid,
            json,
        }) => cli::bench_decks(runs, heroes_grid.as_deref(), json, &mut out)?,
        Command::Goldfish(args) => {
            let outcome = cli::goldfish::goldfish(&*open()?, args, &mut out)?;
            out.flush()?;
            return Ok(outcome);
        }
        Command::Print(args) => {
            let db = || deckhand::resolve_db_path(cli.db.as_deref());
            cli::print::run(*args, open, db, &mut out)?
        }
        Command::Odds(args) => cli::goldfish::odds(&*open()?, args, &mut out)?,
        Command::Play(args) => cli::play::play(&*open()?, args, &mut out)?,
        Command::Tune(args) => cli::tuning::tune(&*open()?, args, &mut out)?,
        Command::Collection(command) => cli::collection::run(&mut *open()?, command, &mut out)?,
        Command::Backup { out: file } => {
            cli::collection::backup(&*open()?, file.as_deref(), &mut out)?
        }
        Command::Restore { file } => cli::collection::restore(&mut *open()?, &file, &mut out)?,
        Command::Deck(command) => {
            let outcome = cli::deck::run(&mut *open()?, command, &mut out)?;
            out.flush()?;
            return Ok(outcome);
        }
    }
    out.flush()?;
    Ok(cli::Outcome::Done)
}
