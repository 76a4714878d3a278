//! `deckhand effects …`: effects read off a card's text (docs/effects.md, "Reading effects off the
//! card"): one text's reading printed, or the stored cards' of a game or set, given to
//! them only with `--apply`.

use std::io::Write;

use clap::Subcommand;
use deckhand::{escape_controls, CardFactsInput, Deckhand, EffectReading, StoredEffectsReading};
use serde::Serialize;

use super::{print_json, Result};

#[derive(Subcommand)]
pub enum EffectsCommand {
    /// Read a card's text into effects in the written form, naming each sentence it
    /// cannot read; or with --set (or no TEXT) the stored cards of the game that state no
    /// effects, given their readings only with --apply
    Read {
        /// The card's text (quote it); without it, the game's stored cards are read
        #[arg(value_name = "TEXT", required_unless_present_any = ["set", "apply"])]
        text: Option<String>,
        #[arg(long, value_name = "GAME")]
        game: String,
        /// Read the stored cards of this set (a set code) that state no effects
        #[arg(long, value_name = "SET", conflicts_with_all = ["text", "card_type", "stats", "name", "color"])]
        set: Option<String>,
        /// Give the stored cards their readings (effects and goldfish note) in one change
        /// that `card undo` takes back; without it nothing is written
        #[arg(long, conflicts_with = "text")]
        apply: bool,
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

pub fn run(deckhand: &mut Deckhand, command: EffectsCommand, out: &mut impl Write) -> Result {
    match command {
        EffectsCommand::Read {
            text: None,
            game,
            set,
            apply,
            json,
            ..
        } => {
            let reading = deckhand.read_stored_effects(&game, set.as_deref(), apply)?;
            if json {
                print_json(out, &reading)
            } else {
                print_stored(&reading, out)
            }
        }
        EffectsCommand::Read {
            text: Some(text),
            game,
            card_type,
            stats,
            name,
            color,
            json,
            ..
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

/// Each stored card's reading, one block a card, then the counts and what was done.
fn print_stored(stored: &StoredEffectsReading, out: &mut impl Write) -> Result {
    for card in &stored.cards {
        let (name, id) = (escape_controls(&card.name), escape_controls(&card.id));
        writeln!(out, "{name} ({id})")?;
        let reading = &card.reading;
        if !reading.effects.is_empty() {
            writeln!(out, "  effects: {}", reading.effects_text)?;
        }
        for sentence in &reading.unread {
            let text = escape_controls(&sentence.text);
            writeln!(out, "  not read: {text} ({})", sentence.reason)?;
        }
    }
    let place = match &stored.set {
        Some(set) => format!("set {set} of {}", stored.game),
        None => stored.game.clone(),
    };
    if stored.cards.is_empty() {
        writeln!(
            out,
            "no card of {place} needs reading: {} state effects or a note already, have no text or are bundled samples",
            stored.left
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "{} ({place})",
        super::text::effects_read(&stored.counts)
    )?;
    if stored.applied {
        writeln!(
            out,
            "applied: each card has its effects and, where not all was read, a goldfish note naming what was not (`deckhand card undo` takes it back)"
        )?;
    } else {
        writeln!(
            out,
            "nothing was written: add --apply to give the cards these effects"
        )?;
    }
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
