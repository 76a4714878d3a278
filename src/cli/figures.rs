//! A goldfish report as text, drawn from the figures the report describes, with no code
//! per game: the objective first, then the outcomes, the single numbers, one table by turn
//! with a column per per-turn figure, and the "at least" figures as quantiles by turn.

use std::collections::BTreeMap;
use std::io::{self, Write};

use deckhand::goldfish::{Better, Coverage, Figure, FigureKind, SeatReport, SimReport};
use serde_json::Value;

/// The shares of games the "at least" figures are read at: "in 90% of games, at least …".
const QUANTILES: [f64; 3] = [0.9, 0.5, 0.1];

pub fn sim_report(label: &str, report: &SimReport, out: &mut impl Write) -> io::Result<()> {
    let seats: &[(&SeatReport, &str)] = if report.seats_alike == Some(true) {
        writeln!(
            out,
            "{label} ({}): {} games, seed {}, policy {}",
            report.game, report.games, report.seed, report.policy
        )?;
        writeln!(
            out,
            "Nobody acts against you, so the seat does not matter: the games going first are\n\
             shown (--json adds going_second, a second sample of the same game)."
        )?;
        &[(&report.going_first, "")]
    } else {
        writeln!(
            out,
            "{label} ({}): {} games from each seat, seed {}, policy {}",
            report.game, report.games, report.seed, report.policy
        )?;
        &[
            (&report.going_first, "Going first"),
            (&report.going_second, "Going second"),
        ]
    };
    for (seat, name) in seats {
        writeln!(out)?;
        if !name.is_empty() {
            writeln!(out, "{name}:")?;
        }
        seat_text(report, seat, out)?;
    }
    writeln!(out, "\n{}", coverage_line(&report.coverage))?;
    if !report.not_simulated.is_empty() {
        writeln!(
            out,
            "Not simulated, in whole or in part: {}",
            report.not_simulated.join(", ")
        )?;
    }
    if let Some(line) = never_fired_line(&report.coverage) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

fn seat_text(report: &SimReport, seat: &SeatReport, out: &mut impl Write) -> io::Result<()> {
    let values = serde_json::to_value(seat).unwrap_or(Value::Null);
    let games = seat.games;
    let figure = |key: &str| report.figures.iter().find(|f| f.key == key);
    let objective = &report.objective;
    let value = match objective.turn {
        Some(turn) => &values[objective.key.as_ref()][turn.to_string()],
        None => &values[objective.key.as_ref()],
    };
    let shown = match figure(&objective.key) {
        Some(f) if f.kind == FigureKind::Chance => chance(value),
        _ => number(value),
    };
    let objective_interval = figure(&objective.key)
        .filter(|_| objective.turn.is_none())
        .map(|f| interval(f, &values))
        .unwrap_or_default();
    let better = match objective.better {
        Better::Lower => "lower",
        Better::Higher => "higher",
    };
    let headline = &seat.headline;
    writeln!(
        out,
        "  {} {}. {}",
        headline.value, headline.label, headline.detail
    )?;
    writeln!(
        out,
        "  {}: {shown}{objective_interval}, {better} is better",
        objective.label
    )?;
    // The objective's own figure is not repeated, unless it is one turn of a table.
    let rest: Vec<&Figure> = report
        .figures
        .iter()
        .filter(|f| objective.turn.is_some() || f.key != objective.key)
        .collect();
    let of_kind = |kind: FigureKind| rest.iter().copied().filter(move |f| f.kind == kind);

    let counts: Vec<String> = of_kind(FigureKind::Count)
        .map(|f| {
            let n = values[f.key.as_ref()].as_u64().unwrap_or(0);
            format!("{} {n} ({})", f.label, percent(n as f64, games as f64))
        })
        .collect();
    if !counts.is_empty() {
        writeln!(out, "  {}", counts.join(" · "))?;
    }
    for f in rest.iter().filter(|f| {
        matches!(
            f.kind,
            FigureKind::Scalar | FigureKind::Chance | FigureKind::PerEntity
        )
    }) {
        let v = &values[f.key.as_ref()];
        let text = match f.kind {
            FigureKind::Chance => chance(v),
            FigureKind::PerEntity => {
                let parts: Vec<String> = v
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(name, x)| format!("{name} {}", number(x)))
                    .collect();
                match parts.is_empty() {
                    true => "—".to_owned(),
                    false => parts.join(" · "),
                }
            }
            _ => format!("{}{}{}", number(v), unit(f), interval(f, &values)),
        };
        writeln!(out, "  {}: {text}", f.label)?;
    }

    let per_turn: Vec<&Figure> = rest
        .iter()
        .copied()
        .filter(|f| match f.kind {
            FigureKind::Distribution => !turn_map(&values[f.key.as_ref()]).is_empty(),
            FigureKind::ByTurn | FigureKind::ChanceByTurn => true,
            _ => false,
        })
        .collect();
    for f in of_kind(FigureKind::Distribution) {
        if turn_map(&values[f.key.as_ref()]).is_empty() {
            writeln!(out, "  {}: in no game", f.label)?;
        }
    }
    turn_table(&per_turn, &values, games, out)?;
    for f in of_kind(FigureKind::AtLeastByTurn) {
        at_least_table(f, &values[f.key.as_ref()], out)?;
    }
    Ok(())
}

/// One row per turn, one column per figure (two for a distribution: the share of games on
/// that turn and by then).
fn turn_table(
    figures: &[&Figure],
    values: &Value,
    games: u64,
    out: &mut impl Write,
) -> io::Result<()> {
    let maps: Vec<BTreeMap<u32, f64>> = figures
        .iter()
        .map(|f| turn_map(&values[f.key.as_ref()]))
        .collect();
    let (Some(&first), Some(&last)) = (
        maps.iter().filter_map(|m| m.keys().next()).min(),
        maps.iter().filter_map(|m| m.keys().next_back()).max(),
    ) else {
        return Ok(());
    };
    let mut headers: Vec<[String; 2]> = vec![[String::new(), "Turn".to_owned()]];
    for f in figures {
        let label = format!("{}{}", f.label, unit_suffix(f));
        headers.push(two_lines(&label));
        if f.kind == FigureKind::Distribution {
            headers.push([String::new(), "by then".to_owned()]);
        }
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut cumulative = vec![0.0; figures.len()];
    for turn in first.min(1)..=last {
        let mut row = vec![turn.to_string()];
        for (i, (f, map)) in figures.iter().zip(&maps).enumerate() {
            let v = map.get(&turn).copied();
            match f.kind {
                FigureKind::Distribution => {
                    cumulative[i] += v.unwrap_or(0.0);
                    row.push(percent(v.unwrap_or(0.0), games as f64));
                    row.push(percent(cumulative[i], games as f64));
                }
                FigureKind::ChanceByTurn => row.push(v.map_or("-".to_owned(), |v| percent(v, 1.0))),
                _ => row.push(v.map_or("-".to_owned(), |v| format!("{v:.2}"))),
            }
        }
        rows.push(row);
    }
    let widths: Vec<usize> = (0..headers.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain(headers[c].iter().map(|h| h.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    writeln!(out)?;
    let line = |cells: &mut dyn Iterator<Item = &String>| -> String {
        let text: Vec<String> = cells
            .zip(&widths)
            .map(|(text, &w)| super::text::cell(text, w, true))
            .collect();
        format!("  {}", text.join("  ")).trim_end().to_owned()
    };
    for l in 0..2 {
        let text = line(&mut headers.iter().map(|h| &h[l]));
        if !text.is_empty() {
            writeln!(out, "{text}")?;
        }
    }
    for row in &rows {
        writeln!(out, "{}", line(&mut row.iter()))?;
    }
    Ok(())
}

/// `{turn: {n: chance}}` read as "at least this much by each turn, in 90% / 50% / 10% of
/// games": for each share, the largest n whose chance reaches it.
fn at_least_table(f: &Figure, value: &Value, out: &mut impl Write) -> io::Result<()> {
    let Some(turns) = value.as_object() else {
        return Ok(());
    };
    let mut rows: Vec<(u32, Vec<u32>)> = turns
        .iter()
        .filter_map(|(turn, row)| {
            let chances = turn_map(row);
            let lowest = *chances.keys().next()?;
            let quantiles = QUANTILES
                .iter()
                .map(|&q| {
                    chances
                        .iter()
                        .filter(|(_, &c)| c >= q - 1e-12)
                        .map(|(&n, _)| n)
                        .max()
                        // Below its smallest key a turn's chance is 1.
                        .unwrap_or(lowest.saturating_sub(1))
                })
                .collect();
            Some((turn.parse().ok()?, quantiles))
        })
        .collect();
    rows.sort();
    if rows.is_empty() {
        return Ok(());
    }
    let unit = f.unit.as_deref().unwrap_or("");
    writeln!(
        out,
        "\n  {}: at least this much {unit} by each turn, in this share of games",
        f.label
    )?;
    let headers: Vec<String> = QUANTILES
        .iter()
        .map(|q| format!("{:.0}%", 100.0 * q))
        .collect();
    writeln!(
        out,
        "  Turn  {}",
        headers
            .iter()
            .map(|h| format!("{h:>5}"))
            .collect::<Vec<_>>()
            .join("  ")
    )?;
    for (turn, values) in rows {
        let cells: Vec<String> = values.iter().map(|v| format!("{v:>5}")).collect();
        writeln!(out, "  {turn:>4}  {}", cells.join("  "))?;
    }
    Ok(())
}

/// A `{"turn": number}` object as a map; anything else is empty.
fn turn_map(value: &Value) -> BTreeMap<u32, f64> {
    value
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| Some((k.parse().ok()?, v.as_f64()?)))
        .collect()
}

/// A column header on at most two lines, as narrow as that allows.
fn two_lines(label: &str) -> [String; 2] {
    let words: Vec<&str> = label.split(' ').collect();
    let widest = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    for width in widest.max(6)..=label.chars().count() {
        let mut lines: Vec<String> = vec![String::new()];
        for word in &words {
            let current = lines.last_mut().expect("one line at least");
            if current.is_empty() {
                current.push_str(word);
            } else if current.chars().count() + 1 + word.chars().count() <= width {
                current.push(' ');
                current.push_str(word);
            } else {
                lines.push((*word).to_owned());
            }
        }
        match lines.as_slice() {
            [one] => return [String::new(), one.clone()],
            [top, bottom] => return [top.clone(), bottom.clone()],
            _ => {}
        }
    }
    [String::new(), label.to_owned()]
}

fn number(value: &Value) -> String {
    match value {
        Value::Number(n) if n.is_u64() || n.is_i64() => n.to_string(),
        Value::Number(n) => format!("{:.2}", n.as_f64().unwrap_or(0.0)),
        _ => "—".to_owned(),
    }
}

fn chance(value: &Value) -> String {
    value.as_f64().map_or("—".to_owned(), |c| percent(c, 1.0))
}

fn percent(part: f64, whole: f64) -> String {
    format!("{:.1}%", 100.0 * part / whole.max(f64::MIN_POSITIVE))
}

fn unit(f: &Figure) -> String {
    f.unit
        .as_deref()
        .map(|u| format!(" {u}"))
        .unwrap_or_default()
}

/// `" (HP)"` after a column label whose unit it does not already name.
fn unit_suffix(f: &Figure) -> String {
    match f.unit.as_deref() {
        Some(u) if !f.label.to_lowercase().contains(&u.to_lowercase()) => format!(" ({u})"),
        _ => String::new(),
    }
}

fn interval(f: &Figure, values: &Value) -> String {
    let Some(key) = f.interval.as_deref() else {
        return String::new();
    };
    match values[key].as_array().map(|a| a.as_slice()) {
        Some([lo, hi]) => format!(
            " (95%: {:.2}–{:.2})",
            lo.as_f64().unwrap_or(0.0),
            hi.as_f64().unwrap_or(0.0)
        ),
        _ => String::new(),
    }
}

/// The simulated cards whose effects never resolved in the run, on one line (`None`: every
/// one of them fired). The state says the engine plays them; the run says they did nothing.
pub fn never_fired_line(coverage: &Coverage) -> Option<String> {
    let names: Vec<&str> = coverage
        .cards
        .iter()
        .filter(|c| c.never_fired)
        .map(|c| c.name.as_str())
        .collect();
    (!names.is_empty()).then(|| {
        format!(
            "Never fired in these games (simulated, but their effects never did anything): {}",
            names.join(", ")
        )
    })
}

/// The report's coverage on one line: how many of the deck's distinct cards are in each
/// state, and which effects played.
pub fn coverage_line(coverage: &Coverage) -> String {
    format!(
        "Coverage ({}, effects: {}): {} simulated, {} partial, {} no goldfish effect, {} not simulated",
        coverage.counted,
        coverage.effects,
        coverage.simulated,
        coverage.partial,
        coverage.no_effect,
        coverage.not_simulated
    )
}
