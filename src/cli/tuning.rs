//! `deckhand goldfish --impact`'s table and `deckhand tune`.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use deckhand::goldfish::{random_seed, Better, Objective, SimOptions};
use deckhand::tuning::{ImpactReport, Measure, TuneReport};
use deckhand::{Deckhand, Side};

use super::{print_json, Result};

#[derive(Args)]
pub struct TuneArgs {
    #[command(flatten)]
    source: super::DeckArg,
    /// The cards that may come in: a search query (default: every card of the game the
    /// deck's side may play; "owned>=1" tunes with what you own)
    #[arg(long, value_name = "QUERY")]
    pool: Option<String>,
    /// Games per seat each candidate swap plays in full (clearly worse ones stop early)
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    games: u64,
    /// The most swaps to make (it stops sooner when no swap helps significantly)
    #[arg(long, default_value_t = 10, value_name = "R")]
    rounds: u32,
    /// The random seed (default: a random one, printed); the same seed gives the same path
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Worker threads (default: every core); the result does not depend on it
    #[arg(long, default_value_t = 0, value_name = "T")]
    threads: usize,
    /// The deck's side (default: the deck's own)
    #[arg(long, value_parser = ["hero", "villain"])]
    side: Option<String>,
    /// The pilot policy (default: the game's)
    #[arg(long)]
    policy: Option<String>,
    /// Write the tuned deck here, in the deck file's own format (text for a stored deck,
    /// unless the file's extension names another)
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[arg(long)]
    json: bool,
}

/// `deckhand tune`.
pub fn tune(deckhand: &Deckhand, args: TuneArgs, out: &mut impl Write) -> Result {
    let side = args.side.as_deref().and_then(Side::parse);
    let seed = args.seed.unwrap_or_else(random_seed);
    let file = args.source.file.as_deref();
    let (label, deck) = super::goldfish::load(
        deckhand,
        file,
        args.source.deck.as_deref(),
        None,
        args.source.game.as_deref(),
        side,
    )?;
    let side = side.or(deck.side);
    let playable = deckhand.playable(deck)?;
    let pool = deckhand.tune_pool(&playable.game.id, args.pool.as_deref(), side)?;
    let options = SimOptions {
        games: args.games,
        seed,
        threads: deckhand::goldfish::worker_threads(args.threads),
        side,
        policy: args.policy,
        ..SimOptions::default()
    };
    let mut bar = super::progress::delayed_bar(u64::from(args.rounds) * args.games, "games");
    let report = playable.tune(&options, args.rounds, pool, &mut |p| {
        bar(u64::from(p.round.saturating_sub(1)) * p.games + p.games_done)
    })?;
    if let Some(path) = &args.out {
        let from = file.map(|f| f.display().to_string());
        let format = from
            .as_deref()
            .and_then(deckhand::DeckFormat::from_path)
            .or_else(|| deckhand::DeckFormat::from_path(&path.display().to_string()))
            .unwrap_or(deckhand::DeckFormat::Text);
        deckhand.write_tuned_deck(
            &report.final_deck,
            &format!("{label} (tuned)"),
            format,
            path,
        )?;
    }
    if args.json {
        return print_json(out, &report);
    }
    Ok(tune_text(&label, &report, out)?)
}

fn better_word(objective: &Objective) -> &'static str {
    match objective.better {
        Better::Lower => "lower is better",
        Better::Higher => "higher is better",
    }
}

fn value(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| format!("{v:.3}"))
}

fn measure(m: &Measure) -> String {
    match (m.value, m.ci95) {
        (Some(v), Some([lo, hi])) => format!("{v:.3} (95%: {lo:.3} to {hi:.3})"),
        (Some(v), None) => format!("{v:.3}"),
        _ => "no game counted".to_owned(),
    }
}

/// The impact table: one line per card, most helpful first.
pub fn impact_text(label: &str, r: &ImpactReport, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{label}: which cards matter ({}: {} games from each seat, both seats together, seed {}, policy {})",
        r.game, r.games, r.seed, r.policy
    )?;
    writeln!(
        out,
        "Objective: {} ({}). Observed: over the games where the card was in the opening hand, \
         drawn later, or never seen.\nRemove one: one copy replaced by a blank on the same \
         shuffles, B − A with its 95% interval; * significant after Holm's correction over {} cards; \
         ~ effects not all simulated.\n",
        r.objective.label,
        better_word(&r.objective),
        r.cards.len()
    )?;
    let width = super::text::column_width(r.cards.iter().map(|c| c.card.as_str()), 4) + 2;
    writeln!(
        out,
        "{}{:>6} {:>9} {:>9} {:>9}   Remove one",
        super::text::cell("Card", width, false),
        "Copies",
        "Opening",
        "Drawn",
        "Not seen"
    )?;
    for c in &r.cards {
        let name = format!("{}{}", c.card, if c.simulated { "" } else { " ~" });
        let removal = match &c.remove_one {
            Some(d) => format!(
                "{:+.3} ({:+.3} to {:+.3}){}",
                d.difference,
                d.ci95[0],
                d.ci95[1],
                if d.significant { " *" } else { "" }
            ),
            None => "no pair of games counted".to_owned(),
        };
        writeln!(
            out,
            "{}{:>6} {:>9} {:>9} {:>9}   {removal}",
            super::text::cell(&name, width, false),
            c.copies,
            value(c.opening_hand.value),
            value(c.drawn.value),
            value(c.not_seen.value)
        )?;
    }
    Ok(())
}

fn tune_text(label: &str, r: &TuneReport, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{label}: tuned ({}: {} games from each seat per candidate, at most {} rounds, seed {}, policy {})",
        r.game, r.games, r.rounds, r.seed, r.policy
    )?;
    writeln!(
        out,
        "Objective: {} ({}).\nStart: {}",
        r.objective.label,
        better_word(&r.objective),
        measure(&r.start)
    )?;
    if r.steps.is_empty() {
        writeln!(out, "No swap was significantly better.")?;
    }
    for (i, s) in r.steps.iter().enumerate() {
        writeln!(
            out,
            "{:>2}. −1 {}, +1 {}: {:+.3} (95%: {:+.3} to {:+.3}), best of {} legal swaps",
            i + 1,
            s.out,
            s.in_,
            s.difference,
            s.ci95[0],
            s.ci95[1],
            s.candidates
        )?;
    }
    writeln!(out, "End: {}", measure(&r.end))?;
    let why = match r.stopped.as_str() {
        "converged" => "no further swap was significantly better",
        "no-candidates" => "no legal swap was left to try",
        _ => "the rounds ran out",
    };
    writeln!(
        out,
        "Stopped: {why}. Every deck on the way was legal: {}.",
        r.legal
    )?;
    Ok(())
}
