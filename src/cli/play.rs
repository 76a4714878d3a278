//! `deckhand play`: a game played by hand. The seed is replayed with the picks given and
//! the game stops at the next decision, its options numbered; pass them back with
//! `--pick` (one per decision, in order) to go on. A script, a test or a person at a shell
//! plays a whole game this way. `--from-here N` and `--compare N` add the pilot's estimate
//! of how the game ends from the pending decision, and of each of its options; `--odds
//! QUERY` the exact chance of drawing matching cards by each coming turn.

use std::io::{self, Write};

use clap::Args;
use deckhand::goldfish::{
    random_seed, Better, FigureKind, FromHere, Measure, Outcome as End, PlayOptions, PlayState,
    StepOptions,
};
use deckhand::{Deckhand, PlayOdds, Side};

use super::goldfish::{load, zone_text};
use super::{print_json, Result};

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    source: super::DeckArg,
    /// The deck's side (default: the deck's own)
    #[arg(long, value_parser = ["hero", "villain"])]
    side: Option<String>,
    /// Go first (the default)
    #[arg(long, conflicts_with = "second")]
    first: bool,
    /// Go second
    #[arg(long)]
    second: bool,
    /// The shuffle (default: a random one, printed); the same seed and picks, the same game
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Your pick at the next decision, an option's number from 0 (repeat, in order)
    #[arg(long = "pick", value_name = "K")]
    picks: Vec<u32>,
    /// Let the pilot play every decision after your picks, to the end of the game
    #[arg(long, conflicts_with_all = ["from_here", "compare"])]
    pilot_rest: bool,
    /// Estimate how the game ends from the pending decision: N games played on by the
    /// pilot, the cards you have not seen dealt anew, beside the deck's own N games
    #[arg(long, value_name = "N")]
    from_here: Option<u32>,
    /// Play each option of the pending decision on the same N deals and mark the best
    #[arg(long, value_name = "N")]
    compare: Option<u32>,
    /// The exact chance of drawing cards matching this search query by each coming turn,
    /// from the cards you have not seen
    #[arg(long, value_name = "QUERY", conflicts_with = "pilot_rest")]
    odds: Option<String>,
    /// With --odds: how many more matching cards (default 1)
    #[arg(long, value_name = "K", requires = "odds")]
    at_least: Option<u32>,
    /// With --odds: the last turn asked about (default: five turns from now)
    #[arg(long, value_name = "T", requires = "odds")]
    by_turn: Option<u32>,
    /// Heroes of the Grid: an enemy deck to fight, `Name` or `Name:FIGURES` (repeatable)
    #[arg(long, value_name = "NAME[:N]")]
    enemies: Vec<String>,
    /// Which card effects play: all (the default), or keywords only
    #[arg(long, value_parser = ["all", "keywords"], default_value = "all")]
    effects: String,
    #[arg(long)]
    json: bool,
}

pub fn play(deckhand: &Deckhand, args: PlayArgs, out: &mut impl Write) -> Result {
    let side = args.side.as_deref().and_then(Side::parse);
    let (label, deck) = load(
        deckhand,
        args.source.file.as_deref(),
        args.source.deck.as_deref(),
        None,
        args.source.game.as_deref(),
        side,
    )?;
    let side = side.or(deck.side);
    let playable = deckhand.playable(deck)?;
    let enemies = args
        .enemies
        .iter()
        .map(|pick| deckhand::goldfish::parse_enemy_pick(pick))
        .collect::<deckhand::Result<Vec<_>>>()?;
    let enemies: Vec<(&str, u32)> = enemies.iter().map(|(n, c)| (n.as_str(), *c)).collect();
    let enemies = match enemies.is_empty() {
        true => Vec::new(),
        false => deckhand.enemy_lineup(&playable.game.id, &enemies)?,
    };
    let options = PlayOptions {
        step: StepOptions {
            seed: args.seed.unwrap_or_else(random_seed),
            going_first: !args.second,
            side,
            game: deckhand::goldfish::GameOptions::lineup(enemies),
            // clap allows only the two values.
            effects: deckhand::goldfish::EffectsMode::from_id(&args.effects).unwrap_or_default(),
            ..StepOptions::default()
        },
        picks: args.picks,
        pilot_rest: args.pilot_rest,
    };
    let state = playable.play(&options)?;
    // The game ended before every pick was taken: said once, so that a script learns its
    // line was shorter than it thought (the JSON's `picks` holds the ones applied).
    let unused = options.picks.len().saturating_sub(state.picks.len());
    if unused > 0 {
        let picks = match unused {
            1 => "1 pick was".to_owned(),
            n => format!("{n} picks were"),
        };
        eprintln!(
            "deckhand: warning: {picks} left unused: the game ended after {} decision(s)",
            state.picks.len()
        );
    }
    let estimate = match (args.compare, args.from_here) {
        (Some(n), _) if state.decision.is_some() => Some(playable.from_here(&options, n, true)?),
        (None, Some(n)) if state.decision.is_some() => {
            Some(playable.from_here(&options, n, false)?)
        }
        _ => None,
    };
    let odds = match &args.odds {
        Some(query) => {
            let by_turn = args.by_turn.unwrap_or(state.turn + DEFAULT_ODDS_TURNS);
            Some(deckhand.play_odds(
                &playable,
                &options,
                query,
                args.at_least.unwrap_or(1),
                by_turn,
            )?)
        }
        None => None,
    };
    if args.json {
        #[derive(serde::Serialize)]
        struct WithEstimate<'a> {
            #[serde(flatten)]
            state: &'a PlayState,
            #[serde(skip_serializing_if = "Option::is_none")]
            from_here: Option<&'a FromHere>,
            #[serde(skip_serializing_if = "Option::is_none")]
            odds: Option<&'a PlayOdds>,
        }
        return print_json(
            out,
            &WithEstimate {
                state: &state,
                from_here: estimate.as_ref(),
                odds: odds.as_ref(),
            },
        );
    }
    play_text(&label, &state, out)?;
    if let Some(estimate) = &estimate {
        estimate_text(estimate, out)?;
    }
    if let Some(odds) = &odds {
        odds_text(odds, out)?;
    }
    Ok(())
}

/// How many turns ahead `--odds` looks when not told.
const DEFAULT_ODDS_TURNS: u32 = 5;

fn odds_text(odds: &PlayOdds, out: &mut impl Write) -> io::Result<()> {
    let h = &odds.odds;
    let cards = match odds.cards.is_empty() {
        true => "no card of the deck".to_owned(),
        false => odds.cards.join(", "),
    };
    writeln!(out, "\nOdds from here: {} ({cards})", odds.query)?;
    writeln!(
        out,
        "  {} in the deck, {} seen, {} among the {} cards you have not seen; {} drawn a turn",
        h.matching, h.matching_seen, h.matching_unseen, h.unseen, h.draws_per_turn
    )?;
    writeln!(out, "  Drawing at least {} more by:", h.at_least)?;
    for row in &h.rows {
        writeln!(
            out,
            "    turn {:>2}  {:>2} drawn  {:>5.1} %",
            row.turn,
            row.drawn,
            100.0 * row.chance
        )?;
    }
    Ok(())
}

/// A value of the objective, its interval and what the interval rests on.
fn value_text(measure: &Measure) -> String {
    match (measure.value, measure.ci95) {
        (Some(v), Some([lo, hi])) => format!("{v:.2} ({lo:.2}–{hi:.2})"),
        (Some(v), None) => format!("{v:.2}"),
        _ => "— (no game counted)".to_owned(),
    }
}

fn estimate_text(estimate: &FromHere, out: &mut impl Write) -> io::Result<()> {
    let objective = &estimate.objective.label;
    writeln!(
        out,
        "\nFrom here: {} games played on by the pilot, the cards you have not seen dealt anew",
        estimate.continuations
    )?;
    writeln!(out, "  {objective}: {}", value_text(&estimate.here))?;
    writeln!(
        out,
        "  Chance of a win: {:.1} %",
        100.0 * estimate.win_chance
    )?;
    writeln!(
        out,
        "  The deck from the start: {}",
        value_text(&estimate.deck)
    )?;
    if let (Some(here), Some(deck)) = (estimate.here.value, estimate.deck.value) {
        let better = match estimate.objective.better {
            Better::Lower => here < deck,
            Better::Higher => here > deck,
        };
        writeln!(
            out,
            "  This position is {} than the deck's average game ({:+.2})",
            if better { "better" } else { "worse" },
            here - deck
        )?;
    }
    distribution_text(estimate, out)?;
    if estimate.options.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nWhich option is best: each played on the same {} deals ({objective})",
        estimate.continuations
    )?;
    for option in &estimate.options {
        let mut notes = Vec::new();
        if option.best {
            notes.push("best".to_owned());
        }
        if let Some(d) = &option.versus_best {
            notes.push(format!(
                "{:+.2} ({:+.2} to {:+.2}) against the best",
                d.difference, d.ci95[0], d.ci95[1]
            ));
        }
        if option.pilot {
            notes.push("the pilot's pick".to_owned());
        }
        writeln!(
            out,
            "  {:>2}  {}: {}  {}",
            option.index,
            option.label,
            value_text(&option.value),
            notes.join("; ")
        )?;
    }
    Ok(())
}

/// The objective's distribution from here and the deck's, one line each, at a few values:
/// "won by turn T" for a race to a win, "at least N" for a value at a turn.
fn distribution_text(estimate: &FromHere, out: &mut impl Write) -> io::Result<()> {
    let d = &estimate.distribution;
    let marks = d.marks(8);
    if marks.is_empty() {
        return writeln!(out, "  Won in no game, from here or from the start");
    }
    let at_least = d.figure.kind == FigureKind::AtLeastByTurn;
    let unit = d
        .figure
        .unit
        .as_deref()
        .map(|u| format!(" {u}"))
        .unwrap_or_default();
    match at_least {
        true => writeln!(out, "  {}, at least:", d.figure.label)?,
        false => writeln!(out, "  Won by turn:")?,
    }
    for (name, outcomes) in [("from here", &d.here), ("the deck ", &d.deck)] {
        let mut figures: Vec<String> = marks
            .iter()
            .map(|&m| {
                let share = 100.0 * d.share(outcomes, m);
                match at_least {
                    true => format!("{m}{unit}: {share:.1} %"),
                    false => format!("by turn {m}: {share:.1} %"),
                }
            })
            .collect();
        if !at_least {
            let never = 100.0 * outcomes.none as f64 / outcomes.games.max(1) as f64;
            figures.push(format!("not won: {never:.1} %"));
        }
        writeln!(out, "    {name}  {}", figures.join(" · "))?;
    }
    Ok(())
}

fn play_text(label: &str, state: &PlayState, out: &mut impl Write) -> io::Result<()> {
    let seat = if state.going_first { "first" } else { "second" };
    writeln!(
        out,
        "{label} ({}), seed {}, going {seat}, {} pick(s) so far",
        state.game,
        state.seed,
        state.picks.len()
    )?;
    for turn in &state.log {
        match turn.turn {
            0 => writeln!(out, "\nSetup")?,
            n => writeln!(out, "\nTurn {n}")?,
        }
        if !turn.draws.is_empty() {
            writeln!(out, "  drew: {}", turn.draws.join(", "))?;
        }
        for decision in &turn.decisions {
            let number = decision.index.map(|i| format!("#{i} ")).unwrap_or_default();
            writeln!(out, "  - {number}{}", decision.text)?;
        }
    }
    writeln!(out, "\nBoard")?;
    for zone in &state.zones {
        writeln!(out, "    {}", zone_text(zone))?;
    }
    match (&state.decision, &state.result) {
        (Some(decision), _) => {
            writeln!(out, "\nDecision #{}: {}", decision.index, decision.prompt)?;
            for option in &decision.options {
                let mark = if option.index == decision.pilot.index {
                    "  ← the pilot's pick"
                } else {
                    ""
                };
                writeln!(out, "  {:>2}  {}{mark}", option.index, option.label)?;
            }
            writeln!(
                out,
                "The pilot would pick {}: {}",
                decision.pilot.index, decision.pilot.reason
            )?;
            let mut next: Vec<String> = state.picks.iter().map(|p| format!("--pick {p}")).collect();
            next.push("--pick K".to_owned());
            writeln!(out, "Go on with: {}", next.join(" "))?;
        }
        (None, Some(result)) => {
            let text = match result.outcome {
                End::Win => format!("you win on turn {}", result.turn),
                End::DeckOut => format!("your deck runs out on turn {}", result.turn),
                End::Draw => format!("a draw on turn {}", result.turn),
                End::Loss => format!("you lose on turn {}", result.turn),
            };
            writeln!(out, "\nResult: {text}")?;
        }
        (None, None) => {}
    }
    Ok(())
}
