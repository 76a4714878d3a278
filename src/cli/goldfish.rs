//! `deckhand goldfish` and `deckhand odds`: a deck played against an opponent who does
//! nothing (Monte Carlo, one game step by step, two decks compared) and exact draw odds.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use deckhand::goldfish::{
    random_seed, Comparison, Difference, GameLog, GameOption, GameOptions, GoldfishError,
    OddsQuery, OddsTable, Owner, SimOptions, SimReport, StepOptions, Zone,
};
use deckhand::{Deck, Deckhand, Side};

use super::{print_json, Outcome, Result};

#[derive(Args)]
pub struct GoldfishArgs {
    #[command(flatten)]
    source: super::DeckArg,
    /// The deck's side (default: the deck's own)
    #[arg(long, value_parser = ["hero", "villain"])]
    side: Option<String>,
    /// Games played from each seat (going first and going second)
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    games: u64,
    /// The random seed (default: a random one, printed); the same seed gives the same result
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Worker threads (default: every core); the result does not depend on it
    #[arg(long, default_value_t = 0, value_name = "T")]
    threads: usize,
    /// The pilot policy (default: the game's)
    #[arg(long)]
    policy: Option<String>,
    /// Play one game and show every turn
    #[arg(long, conflicts_with_all = ["against", "versions"])]
    step: bool,
    /// With --step: go first (the default)
    #[arg(long, requires = "step", conflicts_with = "second")]
    first: bool,
    /// With --step: go second
    #[arg(long, requires = "step")]
    second: bool,
    /// Measure each card: observed by where it was seen, and with one copy replaced by a
    /// blank on the same shuffles
    #[arg(long, conflicts_with_all = ["step", "against", "versions"])]
    impact: bool,
    /// Compare with this deck file (common random numbers)
    #[arg(long, value_name = "FILE", conflicts_with = "versions")]
    against: Option<PathBuf>,
    /// Compare two saved versions of --deck
    #[arg(long, num_args = 2, value_names = ["FROM", "TO"], requires = "deck")]
    versions: Option<Vec<i64>>,
    /// Heroes of the Grid: an enemy deck to fight, `Name` or `Name:FIGURES` (repeatable)
    #[arg(long, value_name = "NAME[:N]")]
    enemies: Vec<String>,
    /// Heroes of the Grid: the combat die's faces in hits (default from the game definition)
    #[arg(long, value_name = "0,0,1,1,1,2")]
    die: Option<String>,
    /// Showdown step-through: take (true) or refuse (false) the optional mulligan
    #[arg(long)]
    mulligan: Option<bool>,
    /// Which card effects play: all (the default), or keywords only (each game's bare
    /// procedure, as before card effects; docs/pilots.md)
    #[arg(long, value_parser = ["all", "keywords"], default_value = "all")]
    effects: String,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct OddsArgs {
    /// FILE QUERY, or only QUERY with --deck (the search language, e.g. "t:pilot")
    #[arg(value_name = "FILE QUERY", num_args = 1..=2, required = true)]
    args: Vec<String>,
    /// A stored deck, by name or id
    #[arg(long, value_name = "NAME_OR_ID")]
    deck: Option<String>,
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// How many matching cards are wanted
    #[arg(long, default_value_t = 1, value_name = "K")]
    at_least: u32,
    /// A second query: the chance of both at once (different cards)
    #[arg(long = "and", value_name = "QUERY")]
    and: Option<String>,
    /// How many cards of the second query are wanted
    #[arg(long, default_value_t = 1, value_name = "K", requires = "and")]
    and_at_least: u32,
    /// Rows up to this turn
    #[arg(long, default_value_t = 8, value_name = "N")]
    turns: u32,
    #[arg(long)]
    json: bool,
}

/// A deck file or a stored deck (a version of it), with a label for the output.
pub(super) fn load(
    deckhand: &Deckhand,
    file: Option<&Path>,
    stored: Option<&str>,
    version: Option<i64>,
    game: Option<&str>,
    side: Option<Side>,
) -> Result<(String, Deck)> {
    let (label, mut deck) = match (file, stored) {
        (Some(file), _) => {
            let text = deckhand::read_deck_text_file(file)?;
            let label = file.display().to_string();
            let format =
                deckhand::DeckFormat::from_path(&label).unwrap_or(deckhand::DeckFormat::Text);
            (
                label.clone(),
                deckhand.read_deck(format, &label, &text, game, side)?.0,
            )
        }
        (None, Some(reference)) => {
            let (stored, deck) = deckhand.load_deck(deckhand.find_deck(reference)?, version)?;
            let label = match version {
                Some(v) => format!("{} v{v}", stored.content.name),
                None => stored.content.name,
            };
            (label, deck)
        }
        (None, None) => {
            return Err(deckhand::Error::DeckNotFound {
                reference: "(none given: pass a FILE or --deck)".into(),
            }
            .into())
        }
    };
    deck.side = side.or(deck.side);
    Ok((label, deck))
}

/// Runs the command. A deck too small to play exits 1 with the reason, like a finding.
pub fn goldfish(deckhand: &Deckhand, args: GoldfishArgs, out: &mut impl Write) -> Result<Outcome> {
    match run_goldfish(deckhand, args, out) {
        Err(super::Failure::Api(deckhand::Error::Goldfish(
            err @ GoldfishError::TooFewCards { .. },
        ))) => {
            eprintln!("deckhand: {err}");
            Ok(Outcome::Finding)
        }
        other => other.map(|()| Outcome::Done),
    }
}

fn run_goldfish(deckhand: &Deckhand, mut args: GoldfishArgs, out: &mut impl Write) -> Result {
    let side = args.side.as_deref().and_then(Side::parse);
    let seed = args.seed.unwrap_or_else(random_seed);
    let [from, to] = match args.versions.as_deref() {
        Some(&[from, to]) => [Some(from), Some(to)],
        _ => [None, None],
    };
    let (label, deck) = load(
        deckhand,
        args.source.file.as_deref(),
        args.source.deck.as_deref(),
        from,
        args.source.game.as_deref(),
        side,
    )?;
    let side = side.or(deck.side);
    let playable = deckhand.playable(deck)?;
    drop_unused_options(&playable.game, &mut args);
    let picks = args
        .enemies
        .iter()
        .map(|pick| deckhand::goldfish::parse_enemy_pick(pick))
        .collect::<deckhand::Result<Vec<_>>>()?;
    let picks: Vec<(&str, u32)> = picks.iter().map(|(n, c)| (n.as_str(), *c)).collect();
    let enemies = if picks.is_empty() {
        Vec::new()
    } else {
        deckhand.enemy_lineup(&playable.game.id, &picks)?
    };
    let die_faces = args
        .die
        .as_deref()
        .map(deckhand::goldfish::parse_die_faces)
        .transpose()?;
    // clap allows only the two values.
    let effects = deckhand::goldfish::EffectsMode::from_id(&args.effects).unwrap_or_default();
    if args.step {
        let options = StepOptions {
            seed,
            going_first: !args.second,
            side,
            policy: args.policy,
            effects,
            game: GameOptions {
                enemies,
                die_faces,
                mulligan: args.mulligan,
            },
            ..StepOptions::default()
        };
        let log = playable.step(&options)?;
        return if args.json {
            print_json(out, &log)
        } else {
            Ok(step_text(&label, &log, out)?)
        };
    }
    // The engine uses at most one thread per core; say so rather than ignore the option.
    let threads = deckhand::goldfish::worker_threads(args.threads);
    if args.threads > threads {
        eprintln!(
            "deckhand: warning: --threads {}: this machine has {threads} cores; using {threads}",
            args.threads
        );
    }
    let options = SimOptions {
        games: args.games,
        seed,
        threads,
        side,
        policy: args.policy,
        effects,
        game: GameOptions {
            enemies,
            die_faces,
            mulligan: None,
        },
    };
    let game = playable.game.id.clone();
    let other = match (&args.against, to) {
        (Some(file), _) => Some(load(deckhand, Some(file), None, None, Some(&game), side)?),
        (None, Some(to)) => Some(load(
            deckhand,
            None,
            args.source.deck.as_deref(),
            Some(to),
            None,
            side,
        )?),
        (None, None) => None,
    };
    let mut progress = super::progress::delayed_bar(args.games, "games");
    if args.impact {
        let report = playable.impact(&options, &mut progress)?;
        if args.json {
            return print_json(out, &report);
        }
        return Ok(super::tuning::impact_text(&label, &report, out)?);
    }
    match other {
        None => {
            let report = playable.simulate(&options, &mut progress)?;
            warn_illegal(&label, &report);
            if args.json {
                return print_json(out, &report);
            }
            super::figures::sim_report(&label, &report, out)?;
        }
        Some((other_label, other)) => {
            let other = deckhand.playable(other)?;
            let comparison = playable.compare(&other, &options, &mut progress)?;
            warn_illegal(&label, &comparison.a);
            warn_illegal(&other_label, &comparison.b);
            if args.json {
                return print_json(out, &comparison);
            }
            comparison_text(&label, &other_label, &comparison, out)?;
        }
    }
    Ok(())
}

fn warn_illegal(label: &str, report: &SimReport) {
    for warning in &report.warnings {
        eprintln!("deckhand: warning: {label}: {warning}");
    }
    if report.legal == Some(false) {
        eprintln!(
            "deckhand: warning: {label} is not legal ({}); it plays anyway",
            report.legality_errors.join("; ")
        );
    }
}

fn difference_text(d: &Difference, unit: &str, scale: f64) -> String {
    let verdict = if d.significant {
        "a real difference at this sample size"
    } else {
        "within the noise at this sample size"
    };
    format!(
        "A {:.2}{unit}, B {:.2}{unit}: B − A = {:+.2}{unit} (95%: {:+.2} to {:+.2}), {verdict}",
        d.a * scale,
        d.b * scale,
        d.difference * scale,
        d.ci95[0] * scale,
        d.ci95[1] * scale
    )
}

fn comparison_text(a: &str, b: &str, c: &Comparison, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "A: {a}\nB: {b}\n({}: {} games from each seat on the same random numbers, seed {}, policy {})",
        c.game, c.games, c.seed, c.policy
    )?;
    let alike = c.a.seats_alike == Some(true);
    if alike {
        writeln!(
            out,
            "The seat does not matter in this game: going first is shown."
        )?;
    }
    let seats = [
        (&c.going_first, "Going first"),
        (&c.going_second, "Going second"),
    ];
    for (seat, name) in &seats[..if alike { 1 } else { 2 }] {
        writeln!(out, "\n{name}:")?;
        match &seat.mean_kill_turn {
            Some(d) => writeln!(
                out,
                "  mean kill turn over {} games both won: {}",
                d.pairs,
                difference_text(d, "", 1.0)
            )?,
            None => writeln!(out, "  no game was won by both decks")?,
        }
        for (turn, d) in seat
            .win_by_turn
            .iter()
            .filter(|(_, d)| d.a > 0.0 || d.b > 0.0)
        {
            writeln!(
                out,
                "  won by turn {turn:>2}: {}",
                difference_text(d, "%", 100.0)
            )?;
        }
    }
    Ok(())
}

pub(super) fn zone_text(zone: &Zone) -> String {
    let owner = match zone.owner {
        Owner::You => String::new(),
        Owner::Opponent => "Opponent's ".to_owned(),
    };
    let cards: Vec<String> = zone
        .cards
        .iter()
        .map(|card| {
            let mut parts: Vec<String> = card.status.iter().cloned().collect();
            for attached in &card.attached {
                parts.push(format!("{} {}", attached.role, attached.name));
            }
            match parts.is_empty() {
                true => card.name.clone(),
                false => format!("{} ({})", card.name, parts.join("; ")),
            }
        })
        .collect();
    let mut text = cards.join(", ");
    if zone.hidden > 0 {
        if !text.is_empty() {
            text += " + ";
        }
        text += &format!("{} face down", zone.hidden);
    }
    if text.is_empty() {
        text = "—".into();
    }
    format!("{owner}{}: {text}", zone.name)
}

fn step_text(label: &str, log: &GameLog, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{label} ({}), seed {}, going {} — game 0 of `deckhand goldfish --seed {}`",
        log.game,
        log.seed,
        if log.going_first { "first" } else { "second" },
        log.seed
    )?;
    for turn in &log.turns {
        match turn.turn {
            0 => writeln!(out, "\nSetup")?,
            n => writeln!(out, "\nTurn {n}")?,
        }
        if !turn.draws.is_empty() {
            writeln!(out, "  drew: {}", turn.draws.join(", "))?;
        }
        for decision in &turn.decisions {
            writeln!(out, "  - {}", decision.text)?;
        }
        for zone in &turn.zones {
            writeln!(out, "    {}", zone_text(zone))?;
        }
    }
    writeln!(out, "\nResult: {}", log.ending)?;
    writeln!(out, "{}", super::figures::coverage_line(&log.coverage))?;
    if !log.not_simulated.is_empty() {
        writeln!(
            out,
            "Not simulated, in whole or in part: {}",
            log.not_simulated.join(", ")
        )?;
    }
    Ok(())
}

pub fn odds(deckhand: &Deckhand, args: OddsArgs, out: &mut impl Write) -> Result {
    let (file, query) = match (args.args.as_slice(), &args.deck) {
        ([query], Some(_)) => (None, query.clone()),
        ([file, query], None) => (Some(PathBuf::from(file)), query.clone()),
        _ => {
            return Err(deckhand::Error::DeckNotFound {
                reference: "give FILE QUERY, or --deck NAME QUERY".into(),
            }
            .into())
        }
    };
    let (label, deck) = load(
        deckhand,
        file.as_deref(),
        args.deck.as_deref(),
        None,
        args.game.as_deref(),
        None,
    )?;
    let mut queries = vec![OddsQuery {
        query,
        at_least: args.at_least,
    }];
    if let Some(query) = args.and {
        queries.push(OddsQuery {
            query,
            at_least: args.and_at_least,
        });
    }
    let table = deckhand.goldfish_odds(&deck, &queries, args.turns)?;
    if args.json {
        return print_json(out, &table);
    }
    Ok(odds_text(&label, &table, out)?)
}

fn odds_text(label: &str, table: &OddsTable, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{label} ({}): {} cards", table.game, table.deck_size)?;
    for query in &table.queries {
        writeln!(
            out,
            "at least {} of the {} cards matching {:?}{}",
            query.at_least,
            query.matching,
            query.query,
            match query.cards.is_empty() {
                true => String::new(),
                false => format!(" ({})", query.cards.join(", ")),
            }
        )?;
    }
    if table.overlap > 0 {
        let overlap = table.overlap;
        writeln!(
            out,
            "{overlap} cards match both; each counts for one query only"
        )?;
    }
    writeln!(out, "  TURN  SEEN  GOING FIRST  GOING SECOND")?;
    for row in &table.rows {
        let turn = if row.turn == 0 {
            "open".to_owned()
        } else {
            row.turn.to_string()
        };
        writeln!(
            out,
            "  {turn:>4}  {:>4}  {:>10.1}%  {:>11.1}%",
            row.seen,
            100.0 * row.going_first,
            100.0 * row.going_second
        )?;
    }
    Ok(())
}

/// `--die` and `--enemies` mean something only in a game whose goldfish takes a combat die
/// or an enemy line-up: say so and drop them (the engine would refuse them), rather than
/// fail a run over an option of another game.
fn drop_unused_options(game: &deckhand::Game, args: &mut GoldfishArgs) {
    let takes = deckhand::goldfish::capabilities(&game.id).map_or(Vec::new(), |c| c.options);
    if args.die.is_some() && !takes.contains(&GameOption::CombatDie) {
        eprintln!(
            "deckhand: warning: --die is ignored: {} has no combat die",
            game.name
        );
        args.die = None;
    }
    if !args.enemies.is_empty() && !takes.contains(&GameOption::EnemyLineup) {
        eprintln!(
            "deckhand: warning: --enemies is ignored: {} has no enemies to choose",
            game.name
        );
        args.enemies.clear();
    }
}
