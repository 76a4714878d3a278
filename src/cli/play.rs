//! `deckhand play`: a game played by hand. The seed is replayed with the picks given and
//! the game stops at the next decision, its options numbered; pass them back with
//! `--pick` (one per decision, in order) to go on. A script, a test or a person at a shell
//! plays a whole game this way.

use std::io::{self, Write};

use clap::Args;
use deckhand::goldfish::{random_seed, Outcome as End, PlayOptions, PlayState, StepOptions};
use deckhand::{Deckhand, Side};

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
    #[arg(long)]
    pilot_rest: bool,
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
        false => deckhand.enemy_lineup(&enemies)?,
    };
    let options = PlayOptions {
        step: StepOptions {
            seed: args.seed.unwrap_or_else(random_seed),
            going_first: !args.second,
            side,
            enemies,
            // clap allows only the two values.
            effects: deckhand::goldfish::EffectsMode::from_id(&args.effects).unwrap_or_default(),
            ..StepOptions::default()
        },
        picks: args.picks,
        pilot_rest: args.pilot_rest,
    };
    let state = playable.play(&options)?;
    if args.json {
        return print_json(out, &state);
    }
    Ok(play_text(&label, &state, out)?)
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
