//! Human-readable output. Column widths adapt to the content; no colours, so output pipes
//! cleanly into other tools.

use std::io::{self, Write};

use deckhand::{
    Card, CardDetail, DeckImportReport, Game, GameSummary, HeroesGridReport, ImportReport,
    Legality, Severity,
};
use deckhand_bench::{GoldfishBenchReport, SearchBenchReport, Timing};

/// The widest a table column grows: a longer cell overflows its own row only.
pub const MAX_COLUMN: usize = 48;

/// A column's width: its widest cell (at least `min`), at most [`MAX_COLUMN`].
pub fn column_width<'a>(cells: impl Iterator<Item = &'a str>, min: usize) -> usize {
    cells
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(min)
        .clamp(min, MAX_COLUMN.max(min))
}

/// `text` padded with spaces to `width` characters, on the left (`right` aligned) or the
/// right, its control characters escaped (a row stored before names refused them must not
/// break the table). Padded by hand: `format!`'s width panics past 65,535, and a name may be
/// longer.
pub fn cell(text: &str, width: usize, right: bool) -> String {
    let text = deckhand::escape_controls(text);
    let pad = " ".repeat(width.saturating_sub(text.chars().count()));
    if right {
        pad + &text
    } else {
        format!("{text}{pad}")
    }
}

pub fn games(games: &[GameSummary], out: &mut impl Write) -> io::Result<()> {
    let id_width = column_width(games.iter().map(|g| g.id.as_str()), 2);
    let name_width = column_width(games.iter().map(|g| g.name.as_str()), 4);
    let row = |id: &str, name: &str, cards: &str| {
        format!(
            "{}  {}  {}",
            cell(id, id_width, false),
            cell(name, name_width, false),
            cell(cards, 5, true)
        )
    };
    writeln!(out, "{}", row("ID", "NAME", "CARDS"))?;
    for game in games {
        writeln!(
            out,
            "{}",
            row(&game.id, &game.name, &game.card_count.to_string())
        )?;
    }
    Ok(())
}

pub fn import_report(report: &ImportReport, out: &mut impl Write) -> io::Result<()> {
    for file in &report.files {
        writeln!(
            out,
            "{} ({}): {} added, {} updated, {} unchanged",
            file.file, file.game, file.added, file.updated, file.unchanged
        )?;
    }
    if report.files.len() > 1 {
        writeln!(
            out,
            "total: {} added, {} updated, {} unchanged",
            report.added, report.updated, report.unchanged
        )?;
    }
    if let Some(read) = &report.effects_read {
        writeln!(out, "{}", effects_read(read))?;
    }
    Ok(())
}

/// `effects read for 12 cards that stated none: 9 in full, 2 in part, 1 not at all`.
pub fn effects_read(read: &deckhand::EffectsRead) -> String {
    if read.cards() == 0 {
        return "effects read: no card without effects has text to read".into();
    }
    format!(
        "effects read for {} that stated none: {} in full, {} in part (the rest named in \
         each card's goldfish note), {} not at all",
        match read.cards() {
            1 => "1 card".to_owned(),
            n => format!("{n} cards"),
        },
        read.read,
        read.partial,
        read.not_read
    )
}

/// What `deck import` read: copies per section, section names read as another section or
/// kept, and the lines skipped as headers or titles.
pub fn deck_import_report(out: &mut impl Write, report: &DeckImportReport) -> io::Result<()> {
    let sections: Vec<String> = report
        .sections
        .iter()
        .map(|s| format!("{} {}", s.section, s.cards))
        .collect();
    writeln!(
        out,
        "read {} cards: {}",
        report.total(),
        sections.join(", ")
    )?;
    for name in report.renamed() {
        writeln!(out, "  '{}' read as {}", name.written, name.section)?;
    }
    for name in report.kept() {
        writeln!(
            out,
            "  '{}' kept as a section of its own: no rule counts its cards",
            name.section
        )?;
    }
    for line in &report.skipped {
        writeln!(
            out,
            "  skipped line {}: '{}' (a header or title)",
            line.line, line.text
        )?;
    }
    Ok(())
}

pub fn card_table(cards: &[Card], out: &mut impl Write) -> io::Result<()> {
    card_rows(cards, out)?;
    writeln!(
        out,
        "{} card{}",
        cards.len(),
        if cards.len() == 1 { "" } else { "s" }
    )
}

/// One row per card: id, name, type and compact stats.
pub fn card_rows(cards: &[Card], out: &mut impl Write) -> io::Result<()> {
    let id_w = column_width(cards.iter().map(|c| c.id.as_str()), 2);
    let name_w = column_width(cards.iter().map(|c| c.name.as_str()), 4);
    let type_w = column_width(cards.iter().map(|c| c.card_type.as_str()), 4);
    let row = |id: &str, name: &str, card_type: &str, stats: &str| {
        format!(
            "{}  {}  {}  {stats}",
            cell(id, id_w, false),
            cell(name, name_w, false),
            cell(card_type, type_w, false)
        )
    };
    writeln!(out, "{}", row("ID", "NAME", "TYPE", "STATS"))?;
    for card in cards {
        writeln!(
            out,
            "{}",
            row(&card.id, &card.name, &card.card_type, &compact_stats(card))
        )?;
    }
    Ok(())
}

fn compact_stats(card: &Card) -> String {
    card.stats
        .iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn card_detail(detail: &CardDetail, game: &Game, out: &mut impl Write) -> io::Result<()> {
    let card = &detail.card;
    writeln!(out, "{}", card.name)?;
    let mut field = |label: &str, value: &str| -> io::Result<()> {
        if !value.is_empty() {
            writeln!(out, "  {label:<16} {value}")?;
        }
        Ok(())
    };
    field("Game", &game.name)?;
    field("Type", &card.card_type)?;
    field("Id", &card.id)?;
    let printing = match (&card.set, &card.number) {
        (Some(set), Some(number)) => format!("{set} {number}"),
        (Some(set), None) => set.clone(),
        (None, Some(number)) => number.clone(),
        (None, None) => String::new(),
    };
    field("Set", &printing)?;
    field("Side", card.side.map_or("", |s| s.as_str()))?;
    field("Color", card.color.as_deref().unwrap_or(""))?;
    field("Subtypes", &card.subtypes.join(", "))?;
    field("Keywords", &card.keywords.join(", "))?;
    for (key, value) in &card.stats {
        let label = game
            .stats
            .get(key)
            .map_or(key.as_str(), |s| s.label.as_str());
        field(label, &value.to_string())?;
    }
    if let Some(text) = &card.text {
        writeln!(out)?;
        for line in text.lines() {
            writeln!(out, "  {line}")?;
        }
    }
    if !card.effects.is_empty() {
        writeln!(out)?;
        // One line each: the written form, as in `effects_text`.
        for effect in &card.effects {
            writeln!(out, "  {:<16} {effect}", "Effect")?;
        }
    }
    let coverage = &detail.coverage;
    match &coverage.reason {
        Some(reason) => writeln!(
            out,
            "  {:<16} {}: {reason}",
            "Goldfish",
            coverage.state.id()
        )?,
        None => writeln!(out, "  {:<16} {}", "Goldfish", coverage.state.id())?,
    }
    Ok(())
}

pub fn timings(timings: &[Timing], out: &mut impl Write) -> io::Result<()> {
    if cfg!(debug_assertions) {
        writeln!(
            out,
            "note: a debug build; measure with `cargo run --release --bin deckhand -- bench …`"
        )?;
    }
    for t in timings {
        writeln!(
            out,
            "{}: median {:.2} ms (min {:.2}, max {:.2}, {} runs)",
            t.name, t.median_ms, t.min_ms, t.max_ms, t.runs
        )?;
    }
    Ok(())
}

/// The search benchmark as Markdown, ready for `docs/benchmarks.md`.
pub fn search_bench(report: &SearchBenchReport, out: &mut impl Write) -> io::Result<()> {
    let setup = &report.setup;
    if cfg!(debug_assertions) {
        writeln!(out, "note: a debug build; measure with `cargo run --release --bin deckhand -- bench search`\n")?;
    }
    writeln!(
        out,
        "- machine: {} (load average {} at the end of the run)",
        setup.machine, setup.load_average
    )?;
    writeln!(out, "- build profile: {}", setup.profile)?;
    writeln!(
        out,
        "- data: {} cards ({} owned, {} wanted); database {:.1} MB, the baseline's FTS5 and stat tables {:.1} MB more, tantivy index {:.1} MB",
        setup.cards, setup.owned_cards, setup.wanted_cards, setup.database_mb, setup.baseline_tables_mb, setup.index_mb
    )?;
    writeln!(
        out,
        "- import of the synthetic cards (SQLite, then the index) {:.0} ms; baseline tables built in {:.0} ms",
        setup.import_ms, setup.baseline_build_ms
    )?;
    writeln!(
        out,
        "- warm: {} timed runs per query after 3 warm-ups; cold: the first query in a new process, after opening the database there (Deckhand::open {:.1} ms, a SQLite connection {:.1} ms; OS file cache warm)",
        setup.runs_per_query, setup.deckhand_open_ms, setup.sqlite_open_ms
    )?;
    writeln!(out, "- times in ms; every Deckhand time is `Deckhand::search` end to end (parse, index, the page's 20 rows read from SQLite); every SQLite time is one statement returning the page's rows and the total, rows decoded into cards")?;
    writeln!(out)?;
    writeln!(
        out,
        "| query | matches | Deckhand cold | p50 | p99 | SQLite cold | p50 | p99 |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|")?;
    for q in &report.queries {
        let matches = if q.deckhand_matches == q.sqlite_matches {
            q.deckhand_matches.to_string()
        } else {
            format!("{} ≠ {} (SQLite)", q.deckhand_matches, q.sqlite_matches)
        };
        writeln!(
            out,
            "| `{}` | {matches} | {:.2} | {:.3} | {:.3} | {:.2} | {:.3} | {:.3} |",
            q.query.replace('|', "\\|"),
            q.deckhand_cold_ms,
            q.deckhand_p50_ms,
            q.deckhand_p99_ms,
            q.sqlite_cold_ms,
            q.sqlite_p50_ms,
            q.sqlite_p99_ms,
        )?;
    }
    writeln!(
        out,
        "| **all queries** | | | **{:.3}** | **{:.3}** | | **{:.3}** | **{:.3}** |",
        report.deckhand_p50_ms, report.deckhand_p99_ms, report.sqlite_p50_ms, report.sqlite_p99_ms
    )?;
    if !report.mismatches.is_empty() {
        writeln!(out)?;
        writeln!(out, "MATCH COUNTS DIFFER (the run failed):")?;
        for mismatch in &report.mismatches {
            writeln!(out, "- {mismatch}")?;
        }
    }
    Ok(())
}

pub fn legality(file: &str, legality: &Legality, out: &mut impl Write) -> io::Result<()> {
    let errors = legality
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = legality.diagnostics.len() - errors;
    let verdict = if legality.legal { "legal" } else { "illegal" };
    let side = legality.side.map(|s| format!(" {s}")).unwrap_or_default();
    let format = legality
        .format
        .as_ref()
        .map(|f| format!(" (format {f})"))
        .unwrap_or_default();
    writeln!(
        out,
        "{file}: {verdict}{side} {} deck{format} ({} error{}, {} warning{})",
        legality.game,
        errors,
        if errors == 1 { "" } else { "s" },
        warnings,
        if warnings == 1 { "" } else { "s" }
    )?;
    for (section, count) in &legality.counts {
        writeln!(
            out,
            "  {section}: {count} card{}",
            if *count == 1 { "" } else { "s" }
        )?;
    }
    for d in &legality.diagnostics {
        let severity = if d.severity == Severity::Error {
            "error"
        } else {
            "warning"
        };
        writeln!(out, "{severity} [{}]: {}", d.rule, d.message)?;
        if !d.cards.is_empty() {
            writeln!(out, "    cards: {}", d.cards.join(", "))?;
        }
        if let Some(hint) = &d.hint {
            writeln!(out, "    hint: {hint}")?;
        }
    }
    Ok(())
}

pub fn heroes_grid_report(report: &HeroesGridReport, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "cards: {} added, {} updated, {} unchanged, {} skipped",
        report.cards_added,
        report.cards_updated,
        report.cards_unchanged,
        report.skipped_cards.len()
    )?;
    writeln!(
        out,
        "starting decks: {} saved, {} unchanged; {} Rangers have no printed deck",
        report.decks_saved, report.decks_unchanged, report.rangers_without_deck
    )?;
    let list = |title: &str, items: &[String], out: &mut dyn Write| -> io::Result<()> {
        if !items.is_empty() {
            writeln!(out, "{title} ({}):", items.len())?;
            for item in items {
                writeln!(out, "  {item}")?;
            }
        }
        Ok(())
    };
    list("irregular starting decks", &report.irregular_decks, out)?;
    list("skipped cards", &report.skipped_cards, out)?;
    list("notes", &report.notes, out)
}

pub fn goldfish_bench(report: &GoldfishBenchReport, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "machine: {} · build: {}",
        report.machine, report.profile
    )?;
    let runs = report.timings.first().map_or(1, |t| t.runs);
    if let Some(peer) = &report.peer {
        let range = match runs {
            1 => String::new(),
            _ => format!(
                " (median of {runs} rounds, {:.0}–{:.0})",
                peer.games_per_second_min, peer.games_per_second_max
            ),
        };
        writeln!(
            out,
            "yardstick (same run): {:.0} games/s on 1 thread{range} — {}",
            peer.games_per_second, peer.command
        )?;
    }
    if runs > 1 {
        writeln!(
            out,
            "{runs} rounds: the median per core and its range; vs peer is the median of the rounds' ratios"
        )?;
    }
    writeln!(
        out,
        "{:<16} {:<32} {:>7} {:>12} {:>14} {:>21} {:>10}",
        "game", "deck", "threads", "games", "games/s/core", "range", "vs peer"
    )?;
    for t in &report.timings {
        let ratio = t.vs_peer.map_or("—".to_owned(), |r| format!("{r:.2}×"));
        let range = format!("{:.0}–{:.0}", t.per_core_min, t.per_core_max);
        writeln!(
            out,
            "{:<16} {:<32} {:>7} {:>12} {:>14.0} {:>21} {:>10}",
            t.game, t.deck, t.threads, t.games, t.per_core, range, ratio
        )?;
    }
    writeln!(
        out,
        "\nthe app's path (draft → report, as the Simulate button; best and worst of {} runs):",
        deckhand_bench::APP_RUNS
    )?;
    writeln!(
        out,
        "{:<16} {:<32} {:>7} {:>8} {:>10} {:>10} {:>10}",
        "game", "deck", "threads", "games", "best s", "worst s", "mean kill"
    )?;
    for t in &report.app_path {
        let kill = t
            .mean_kill_turn_first
            .map_or("—".to_owned(), |k| format!("{k:.2}"));
        writeln!(
            out,
            "{:<16} {:<32} {:>7} {:>8} {:>10.3} {:>10.3} {:>10}",
            t.game, t.deck, t.threads, t.games, t.best_seconds, t.worst_seconds, kill
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod cell_tests {
    use super::*;

    #[test]
    fn a_cell_past_65535_characters_pads_without_panicking_and_controls_are_escaped() {
        let long = "n".repeat(70_000);
        assert_eq!(
            cell(&long, column_width([long.as_str()].into_iter(), 4), false),
            long
        );
        assert_eq!(column_width([long.as_str()].into_iter(), 4), MAX_COLUMN);
        assert_eq!(cell("a\nb", 6, false), "a\\nb  ");
        assert_eq!(cell("7", 3, true), "  7");
    }
}
