//! `deckhand effects …`: effects read off a card's text (README "Reading effects off the
//! card"). A reading is printed, never applied.

use std::io::Write;

use clap::Subcommand;
use deckhand::{CardFactsInput, Deckhand, EffectReading};
use serde::Serialize;

use super::{print_json, Result};

#[derive(Subcommand)]
pub enum EffectsCommand {
    /// Read a card's text into effects in the written form, naming each sentence it
    /// cannot read (nothing is changed)
    Read {
        /// The card's text (quote it)
        #[arg(value_name = "TEXT")]
        text: String,
        #[arg(long, value_name = "GAME")]
        game: String,
        /// The card's type, as the card has it (picks the moment of sentences that name
        /// none)
        #[arg(long = "type", value_name = "TYPE")]
        card_type: Option<String>,
        /// A stat of the card (repeatable): `ability_cost=3`, `energy_cost=X`
        #[arg(long = "stat", value_name = "KEY=VALUE", value_parser = parse_stat)]
        stats: Vec<(String, String)>,
        /// The card's name, so that its text may call the card by it
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// The card's colour (a game's `yours` may name it)
        #[arg(long, value_name = "COLOR")]
        color: Option<String>,
        /// `{"effects_text", "effects", "unread": [{"text", "reason"}]}`
        #[arg(long)]
        json: bool,
    },
}

/// `KEY=VALUE`, both non-empty.
fn parse_stat(text: &str) -> std::result::Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() && !value.trim().is_empty() => {
            Ok((key.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(format!("expected KEY=VALUE (ability_cost=3), not '{text}'")),
    }
}

/// The JSON of a reading: exactly what a script needs to apply it or name what is left.
#[derive(Serialize)]
struct ReadingJson<'a> {
    effects_text: &'a str,
    effects: &'a [deckhand::Effect],
    unread: &'a [deckhand::UnreadSentence],
}

pub fn run(deckhand: &Deckhand, command: EffectsCommand, out: &mut impl Write) -> Result {
    match command {
        EffectsCommand::Read {
            text,
            game,
            card_type,
            stats,
            name,
            color,
            json,
        } => {
            let card = CardFactsInput {
                name,
                card_type,
                color,
                keywords: Vec::new(),
                stats: stats.into_iter().collect(),
            };
            let reading = deckhand.read_effects(&game, &text, &card)?;
            if json {
                print_json(
                    out,
                    &ReadingJson {
                        effects_text: &reading.effects_text,
                        effects: &reading.effects,
                        unread: &reading.unread,
                    },
                )
            } else {
                print_reading(&reading, out)
            }
        }
    }
}

fn print_reading(reading: &EffectReading, out: &mut impl Write) -> Result {
    if reading.effects.is_empty() {
        writeln!(out, "effects: (none read)")?;
    } else {
        writeln!(out, "effects: {}", reading.effects_text)?;
    }
    for sentence in &reading.no_effect {
        writeln!(
            out,
            "no goldfish effect: {} ({})",
            sentence.text, sentence.reason
        )?;
    }
    for sentence in &reading.unread {
        writeln!(out, "not read: {} ({})", sentence.text, sentence.reason)?;
    }
    let state = match reading.state {
        deckhand::ReadingState::Read => "read",
        deckhand::ReadingState::Partial => "partial: the sentences above are not read",
        deckhand::ReadingState::NotRead => "not read: nothing was read as effects",
    };
    writeln!(out, "state: {state}")?;
    Ok(())
}

/// `bench effects`: how long reading 10,000 card texts takes.
pub fn bench(texts: usize, runs: usize, json: bool, out: &mut impl Write) -> Result {
    let report = deckhand_bench::effects(texts, runs)?;
    if json {
        return print_json(out, &report);
    }
    let t = &report.rounds;
    writeln!(
        out,
        "{}: median {:.1} ms (min {:.1}, max {:.1}) over {} runs, {} build; {:.1} µs a text",
        t.name,
        t.median_ms,
        t.min_ms,
        t.max_ms,
        t.runs,
        report.profile,
        t.median_ms * 1000.0 / report.texts.max(1) as f64
    )?;
    writeln!(
        out,
        "{}: median {:.2} ms (in each round above)",
        report.compile.name, report.compile.median_ms
    )?;
    writeln!(
        out,
        "the {} distinct texts: {} read, {} partial, {} not read",
        report.distinct, report.read, report.partial, report.not_read
    )?;
    Ok(())
}
