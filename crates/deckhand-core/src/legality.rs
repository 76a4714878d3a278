//! Checks a [`Deck`] against its game's construction rules and reports [`Diagnostic`]s.
//! Findings are data, not errors: a deck is legal when no finding is an error.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::card::{Card, Side, StatValue};
use crate::deck::{Deck, DeckEntry};
use crate::game::Game;
use crate::name::fold_name;
use crate::rules::{CardFilter, DefaultSide, Hook, Rule, RuleKind, Severity};

/// One finding about a deck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The stable id of the rule (`deck-size`, `copies`…).
    pub rule: String,
    /// What is wrong, in a player's words.
    pub message: String,
    /// The names of the cards involved.
    pub cards: Vec<String>,
    /// How to fix it.
    pub hint: Option<String>,
}

/// The verdict on a deck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Legality {
    pub legal: bool,
    pub game: String,
    /// The side the rules used (the player's, or the game's default).
    pub side: Option<Side>,
    /// Cards per section.
    pub counts: BTreeMap<String, u32>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks `deck` against `game`'s rules.
pub fn check_deck(game: &Game, deck: &Deck) -> Legality {
    let entries = normalise_sections(game, deck);
    let side = deck.side.or_else(|| default_side(game, &entries));
    let mut counts = BTreeMap::new();
    for entry in &entries {
        let n = counts.entry(entry.section.clone()).or_insert(0u32);
        *n = n.saturating_add(entry.count);
    }
    let mut diagnostics = Vec::new();
    for rule in &game.deck.rules {
        let sections = rule.counted_sections();
        let counted: Vec<&DeckEntry> = entries
            .iter()
            .filter(|e| sections.contains(&e.section))
            .collect();
        let mut report = |message: String, cards: Vec<String>| {
            diagnostics.push(Diagnostic {
                severity: rule.severity,
                rule: rule.id.clone(),
                message,
                cards,
                hint: rule.hint.clone(),
            });
        };
        check_rule(rule, &counted, &entries, side, &mut report);
    }
    // A section the game does not have (kept from an imported file) is set aside: its
    // cards count for no rule, which the player should know.
    for (section, n) in counts.iter().filter(|(s, _)| !game.has_section(s)) {
        let cards = entries
            .iter()
            .filter(|e| &e.section == section)
            .collect::<Vec<_>>();
        diagnostics.push(Diagnostic {
            severity: Severity::Warning,
            rule: "unknown-section".into(),
            message: format!(
                "{} in '{section}', which is not a section of {}: no rule counts {}",
                plural(*n, "card"),
                game.name,
                if *n == 1 { "it" } else { "them" }
            ),
            cards: names(cards.iter()),
            hint: Some(
                "Move the cards to a section of the game, or keep them there as a note.".into(),
            ),
        });
    }
    // Errors first; within a severity, the order of the rules in the game definition.
    diagnostics.sort_by_key(|d| std::cmp::Reverse(d.severity));
    Legality {
        legal: !diagnostics.iter().any(|d| d.severity == Severity::Error),
        game: game.id.clone(),
        side,
        counts,
        diagnostics,
    }
}

/// Cards whose type always belongs in one section (`sms` characters) are moved there.
fn normalise_sections(game: &Game, deck: &Deck) -> Vec<DeckEntry> {
    deck.entries
        .iter()
        .map(|entry| {
            let forced = game
                .deck
                .section_of_type
                .iter()
                .find(|(t, _)| fold_name(t) == fold_name(&entry.card.card_type));
            match forced {
                Some((_, section)) => DeckEntry {
                    section: section.clone(),
                    ..entry.clone()
                },
                None => entry.clone(),
            }
        })
        .collect()
}

fn default_side(game: &Game, entries: &[DeckEntry]) -> Option<Side> {
    match game.deck.default_side {
        DefaultSide::None => None,
        DefaultSide::VillainIfAllVillain => {
            let mut sides = entries.iter().filter_map(|e| e.card.side).peekable();
            let all_villain = sides.peek().is_some() && sides.all(|s| s == Side::Villain);
            Some(if all_villain {
                Side::Villain
            } else {
                Side::Hero
            })
        }
    }
}

fn total(entries: &[&DeckEntry], filter: &CardFilter) -> u32 {
    entries
        .iter()
        .filter(|e| filter.matches(&e.card.card_type))
        .fold(0, |n, e| n.saturating_add(e.count))
}

fn plural(n: u32, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Distinct card names, in deck order.
fn names<'a>(entries: impl IntoIterator<Item = &'a &'a DeckEntry>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    entries
        .into_iter()
        .filter(|e| seen.insert(fold_name(&e.card.name)))
        .map(|e| e.card.name.clone())
        .collect()
}

fn check_rule(
    rule: &Rule,
    counted: &[&DeckEntry],
    all: &[DeckEntry],
    side: Option<Side>,
    report: &mut impl FnMut(String, Vec<String>),
) {
    match &rule.kind {
        RuleKind::Size { filter, min, max } => {
            let n = total(counted, filter);
            let what = if filter.types.is_empty() && filter.not_types.is_empty() {
                "The deck".to_owned()
            } else {
                "The deck, not counting its uncounted cards,".to_owned()
            };
            match (*min, *max) {
                (Some(lo), Some(hi)) if lo == hi && n != lo => report(
                    format!(
                        "{what} has {} — it must have exactly {lo}",
                        plural(n, "card")
                    ),
                    vec![],
                ),
                (Some(lo), _) if n < lo => report(
                    format!("{what} has {} — it needs at least {lo}", plural(n, "card")),
                    vec![],
                ),
                (_, Some(hi)) if n > hi => report(
                    format!(
                        "{what} has {} — it may have at most {hi}",
                        plural(n, "card")
                    ),
                    vec![],
                ),
                _ => {}
            }
        }
        RuleKind::Copies {
            max,
            per_type,
            filter,
        } => {
            let mut by_name: BTreeMap<String, (String, String, u32)> = BTreeMap::new();
            for entry in counted.iter().filter(|e| filter.matches(&e.card.card_type)) {
                let slot = by_name.entry(fold_name(&entry.card.name)).or_insert((
                    entry.card.name.clone(),
                    entry.card.card_type.clone(),
                    0,
                ));
                slot.2 = slot.2.saturating_add(entry.count);
            }
            for (name, card_type, n) in by_name.into_values() {
                let limit = per_type
                    .iter()
                    .find(|(t, _)| fold_name(t) == fold_name(&card_type))
                    .map_or(*max, |(_, n)| *n);
                if n > limit {
                    let may = match limit {
                        1 => "a deck may hold only one card with the same name".to_owned(),
                        _ => format!("a deck may hold at most {limit} cards with the same name"),
                    };
                    report(format!("{n} cards named {name} — {may}"), vec![name]);
                }
            }
        }
        RuleKind::Limit { filter, max, label } => {
            let n = total(counted, filter);
            if n > *max {
                let matching: Vec<&&DeckEntry> = counted
                    .iter()
                    .filter(|e| filter.matches(&e.card.card_type))
                    .collect();
                report(
                    format!("{n} {label} cards — a deck may hold at most {max}"),
                    names(matching),
                );
            }
        }
        RuleKind::AllowedTypes { types } => {
            let allowed = CardFilter {
                types: types.clone(),
                not_types: vec![],
            };
            let outside: Vec<&&DeckEntry> = counted
                .iter()
                .filter(|e| !allowed.matches(&e.card.card_type))
                .collect();
            if !outside.is_empty() {
                let kinds: BTreeSet<&str> =
                    outside.iter().map(|e| e.card.card_type.as_str()).collect();
                report(
                    format!(
                        "{} cards cannot be in this deck — only {} cards belong in it",
                        kinds.into_iter().collect::<Vec<_>>().join(" and "),
                        types.join(", ")
                    ),
                    names(outside),
                );
            }
        }
        RuleKind::SameValue { field, filter } => {
            let mut by_value: BTreeMap<String, Vec<&&DeckEntry>> = BTreeMap::new();
            for entry in counted.iter().filter(|e| filter.matches(&e.card.card_type)) {
                if let Some(value) = field_value(&entry.card, field) {
                    by_value.entry(value).or_default().push(entry);
                }
            }
            if by_value.len() > 1 {
                let sizes = |v: &Vec<&&DeckEntry>| v.iter().map(|e| e.count).sum::<u32>();
                let majority = by_value
                    .iter()
                    .max_by_key(|(_, v)| sizes(v))
                    .map(|(k, _)| k.clone());
                let summary: Vec<String> = by_value
                    .iter()
                    .map(|(k, v)| format!("{k}: {}", plural(sizes(v), "card")))
                    .collect();
                let odd = by_value
                    .iter()
                    .filter(|(k, _)| Some(*k) != majority.as_ref())
                    .flat_map(|(_, v)| v.iter().copied());
                let label = field.replace('_', " ");
                report(
                    format!(
                        "cards carry different values of {label} ({}) — every card with a {label} must share one",
                        summary.join(", ")
                    ),
                    names(odd),
                );
            }
        }
        RuleKind::SideMatch { deck_side } => {
            if side != Some(*deck_side) {
                return;
            }
            let other: Vec<&&DeckEntry> = counted
                .iter()
                .filter(|e| e.card.side.is_some_and(|s| s != *deck_side))
                .collect();
            if !other.is_empty() {
                let other_side = if *deck_side == Side::Hero {
                    Side::Villain
                } else {
                    Side::Hero
                };
                let severity_word = if rule.severity == Severity::Error {
                    "may hold only"
                } else {
                    "should hold only"
                };
                report(
                    format!(
                        "a {deck_side} deck {severity_word} {deck_side} cards — {} {other_side}",
                        match other.len() {
                            1 => "1 card is".to_owned(),
                            n => format!("{n} cards are"),
                        }
                    ),
                    names(other),
                );
            }
        }
        RuleKind::Requirement {
            filter,
            stat,
            satisfied_by,
        } => {
            for entry in counted.iter().filter(|e| filter.matches(&e.card.card_type)) {
                let Some(StatValue::Text(required)) = entry.card.stats.get(stat) else {
                    continue;
                };
                let wanted = fold_name(required);
                let met = all
                    .iter()
                    .filter(|e| satisfied_by.matches(&e.card.card_type))
                    .any(|e| {
                        fold_name(&e.card.name) == wanted
                            || e.card.subtypes.iter().any(|s| fold_name(s) == wanted)
                            || e.card.keywords.iter().any(|k| {
                                fold_name(k.split(':').next().unwrap_or(k)) == wanted
                                    || fold_name(k) == wanted
                            })
                    });
                if !met {
                    report(
                        format!(
                            "{} requires a {} with the Keyword, Name or Class '{required}' — none in this deck has it",
                            entry.card.name,
                            satisfied_by.types.join(" or ")
                        ),
                        vec![entry.card.name.clone()],
                    );
                }
            }
        }
        RuleKind::FixedComposition { compositions } => {
            if counted.is_empty() {
                return;
            }
            let mut list: BTreeMap<String, u32> = BTreeMap::new();
            for entry in counted {
                let n = list.entry(fold_name(&entry.card.name)).or_insert(0);
                *n = u32::saturating_add(*n, entry.count);
            }
            let matches = compositions.iter().any(|c| {
                let expected: BTreeMap<String, u32> = c
                    .cards
                    .iter()
                    .map(|(name, n)| (fold_name(name), *n))
                    .collect();
                expected == list
            });
            if !matches {
                let known: Vec<String> = compositions
                    .iter()
                    .map(|c| {
                        let cards: Vec<String> =
                            c.cards.iter().map(|(n, k)| format!("{k} {n}")).collect();
                        format!("{}: {}", c.name, cards.join(", "))
                    })
                    .collect();
                report(
                    format!(
                        "this list matches no fixed composition ({})",
                        known.join("; ")
                    ),
                    names(counted.iter()),
                );
            }
        }
        RuleKind::Hook {
            hook: Hook::HotgRangerTeam,
        } => hotg_ranger_team(counted, all, report),
    }
}

/// The value of a card field a `same_value` rule compares: `color`, `side` or a stat.
fn field_value(card: &Card, field: &str) -> Option<String> {
    match field {
        "color" => card.color.as_deref().map(fold_name),
        "side" => card.side.map(|s| s.as_str().to_owned()),
        stat => card.stats.get(stat).map(|v| fold_name(&v.to_string())),
    }
}

/// `pr-hotg` (GAMES.md): a combat deck is exactly 10 cards of one Ranger's color; in
/// two-Ranger mode one combined deck of exactly 20 cards from exactly two Rangers; the
/// Rangers of a team are distinct. The team comes from the `ranger` section when it is
/// filled, otherwise from the combat cards' colors.
fn hotg_ranger_team(
    counted: &[&DeckEntry],
    all: &[DeckEntry],
    report: &mut impl FnMut(String, Vec<String>),
) {
    let rangers: Vec<&DeckEntry> = all.iter().filter(|e| e.section == "ranger").collect();
    let mut seen = BTreeSet::new();
    for ranger in &rangers {
        if ranger.count > 1 || !seen.insert(fold_name(&ranger.card.name)) {
            report(
                format!(
                    "{} is listed twice — the Rangers in one team are distinct",
                    ranger.card.name
                ),
                vec![ranger.card.name.clone()],
            );
        }
    }
    let colors: BTreeSet<String> = if rangers.is_empty() {
        counted
            .iter()
            .filter_map(|e| e.card.color.as_deref().map(fold_name))
            .collect()
    } else {
        rangers
            .iter()
            .filter_map(|e| e.card.color.as_deref().map(fold_name))
            .collect()
    };
    let team = colors.len() as u32;
    if team == 0 {
        report(
            "the deck has no Ranger — a combat deck belongs to one Ranger, or two in two-Ranger mode"
                .to_owned(),
            vec![],
        );
        return;
    }
    if team > 2 {
        report(
            format!(
                "the combat cards come from {} — a deck belongs to one Ranger, or two in two-Ranger mode",
                plural(team, "Ranger")
            ),
            vec![],
        );
        return;
    }
    let outsiders: Vec<&&DeckEntry> = counted
        .iter()
        .filter(|e| {
            !e.card
                .color
                .as_deref()
                .is_some_and(|c| colors.contains(&fold_name(c)))
        })
        .collect();
    if !outsiders.is_empty() {
        report(
            "some combat cards belong to no Ranger of this team".to_owned(),
            names(outsiders),
        );
    }
    let n: u32 = counted.iter().fold(0, |n, e| n.saturating_add(e.count));
    let expected = 10 * team;
    if n != expected {
        let mode = if team == 1 {
            "one Ranger's combat deck"
        } else {
            "a two-Ranger combat deck"
        };
        report(
            format!("{mode} must have exactly {expected} cards — this one has {n}"),
            vec![],
        );
    }
}
