//! Checks a [`Deck`] against its game's construction rules and reports [`Diagnostic`]s.
//! Findings are data, not errors: a deck is legal when no finding is an error.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::card::{Card, Side, StatValue};
use crate::deck::{Deck, DeckEntry};
use crate::format::FormatDef;
use crate::game::{Game, GENERIC_SECTIONS};
use crate::name::fold_name;
use crate::rules::{CardFilter, DefaultSide, Hook, Rule, RuleKind, Severity};

/// One finding about a deck.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
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
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Legality {
    pub legal: bool,
    pub game: String,
    /// The format whose rules were used (its id); `None` for the game's own rules.
    pub format: Option<String>,
    /// The side the rules used (the player's, or the game's default).
    pub side: Option<Side>,
    /// Cards per section (after cards of a type with its own section were moved there).
    pub counts: BTreeMap<String, u32>,
    /// The deck's size: the cards of the game's counted sections. Side, Maybe and sections
    /// such as `sms` characters are not in it.
    pub size: u32,
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks `deck` against `game`'s own rules.
pub fn check_deck(game: &Game, deck: &Deck) -> Legality {
    check_deck_as(game, None, deck)
}

/// Checks `deck` against the rules of `format` (one of `game.formats`), or the game's own
/// rules when `None`; the verdict names the format it used.
pub fn check_deck_as(game: &Game, format: Option<&FormatDef>, deck: &Deck) -> Legality {
    let rules: Cow<[Rule]> = match format {
        Some(format) => Cow::Owned(format.rules(&game.deck.rules)),
        None => Cow::Borrowed(&game.deck.rules),
    };
    let entries = normalise_sections(game, deck);
    let side = deck.side.or_else(|| default_side(game, &entries));
    let mut counts = BTreeMap::new();
    for entry in &entries {
        let n = counts.entry(entry.section.clone()).or_insert(0u32);
        *n = n.saturating_add(entry.count);
    }
    let size = counts
        .iter()
        .filter(|(section, _)| game.deck.counted_sections.contains(section))
        .fold(0u32, |size, (_, n)| size.saturating_add(*n));
    let mut diagnostics = Vec::new();
    for rule in rules.iter() {
        let sections = rule.counted_sections(&game.deck);
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
        check_rule(game, rule, &counted, &entries, side, &mut report);
    }
    // A deck with no counted card cannot be played, whatever a game's size rules say (PR
    // Action only warns below 30): never legal, said once.
    if size == 0 && !diagnostics.iter().any(|d| d.severity == Severity::Error) {
        diagnostics.push(Diagnostic {
            severity: Severity::Error,
            rule: "empty-deck".into(),
            message: "The deck has no cards yet".into(),
            cards: Vec::new(),
            hint: Some("Add cards to the deck: search for them, or import a deck file.".into()),
        });
    }
    // A section the game does not have (kept from an imported file) is set aside: its
    // cards count for no rule, which the player should know. Grouped in one pass, so that
    // a file of 50,000 zones stays linear.
    let mut set_aside: BTreeMap<&str, Vec<&DeckEntry>> = BTreeMap::new();
    for entry in entries.iter().filter(|e| !game.has_section(&e.section)) {
        set_aside.entry(&entry.section).or_default().push(entry);
    }
    for (section, cards) in set_aside {
        let n = &counts[section];
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
        format: format.map(|f| f.id.clone()),
        side,
        counts,
        size,
        diagnostics,
    }
}

/// Cards whose type always belongs in one section (`sms` characters, the `pr-hotg`
/// Ranger) are moved there from any other of the game's sections. Side and Maybe are left
/// alone: what a player sets aside or is still considering never counts, whatever it is.
fn normalise_sections(game: &Game, deck: &Deck) -> Vec<DeckEntry> {
    deck.entries
        .iter()
        .map(|entry| {
            let aside = GENERIC_SECTIONS.contains(&entry.section.as_str());
            match game.section_of_type(&entry.card.card_type) {
                Some(section) if !aside => DeckEntry {
                    section: section.to_owned(),
                    ..entry.clone()
                },
                _ => entry.clone(),
            }
        })
        .collect()
}

/// The side a deck is played as when the player names none. Only the counted sections
/// decide it: a hero card kept in Side does not turn a villain main deck into a hero deck.
/// Cards without a side (neutral supports, if a set has them) neither make nor break a
/// villain deck: a main deck of villain cards and neutral cards is a villain deck, and a
/// main deck of neutral cards only is a hero deck (docs/decks.md#each-games-deck-rules:
/// "every card that has a side is a villain card", so that neutral cards, which either side
/// may play, never decide it).
fn default_side(game: &Game, entries: &[DeckEntry]) -> Option<Side> {
    match game.deck.default_side {
        DefaultSide::None => None,
        DefaultSide::VillainIfAllVillain => {
            let mut sides = entries
                .iter()
                .filter(|e| game.deck.counted_sections.contains(&e.section))
                .filter_map(|e| e.card.side)
                .peekable();
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
    game: &Game,
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
            if outside.is_empty() {
                return;
            }
            // One sentence per section, each card named with its type: "Power Punch
            // (Super) cannot be listed under Characters — only Hero, Villain or Leader
            // cards belong there".
            let mut by_section: BTreeMap<&str, Vec<&&DeckEntry>> = BTreeMap::new();
            for entry in &outside {
                by_section.entry(&entry.section).or_default().push(entry);
            }
            let sentences: Vec<String> = by_section
                .iter()
                .map(|(section, entries)| {
                    let cards: Vec<String> = names(entries.iter().copied())
                        .into_iter()
                        .map(|name| {
                            let card_type = entries
                                .iter()
                                .find(|e| e.card.name == name)
                                .map_or("", |e| e.card.card_type.as_str());
                            format!("{name} ({card_type})")
                        })
                        .collect();
                    format!(
                        "{} cannot be listed under {}",
                        cards.join(", "),
                        game.section_name(section)
                    )
                })
                .collect();
            report(
                format!(
                    "{} — only {} cards belong there",
                    sentences.join("; "),
                    or_list(types)
                ),
                names(outside),
            );
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
                // Only the rule's own sections can meet a requirement: a Hero in Side or
                // Maybe is not on the Table, so it satisfies no Leader.
                let met = counted
                    .iter()
                    .filter(|e| satisfied_by.matches(&e.card.card_type))
                    .any(|e| meets_requirement(&e.card, required));
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
        RuleKind::FixedComposition {
            compositions,
            aliases,
        } => {
            if counted.is_empty() {
                return;
            }
            let spelling = |name: &str| {
                let key = fold_name(name);
                aliases
                    .iter()
                    .find(|(alias, _)| fold_name(alias) == key)
                    .map_or(key, |(_, canonical)| fold_name(canonical))
            };
            let mut list: BTreeMap<String, u32> = BTreeMap::new();
            for entry in counted {
                let n = list.entry(spelling(&entry.card.name)).or_insert(0);
                *n = n.saturating_add(entry.count);
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

/// Whether `card` has the Keyword, Name or Class (a subtype) a requirement names, compared
/// as names are (folded). A Name must be the card's whole name: a requirement "Ninja" is
/// met by a Hero of Class or Keyword Ninja, but not by one merely named "Ninja Nate". The
/// rulebook's names are whole card names (its Table rule compares "the same Name";
/// docs/decks.md#each-games-deck-rules), and a
/// prefix or substring match would let "Ninja" be met by "Anti-Ninja Squad" or any name
/// that happens to contain the word.
fn meets_requirement(card: &Card, required: &str) -> bool {
    let wanted = fold_name(required);
    fold_name(&card.name) == wanted
        || card.subtypes.iter().any(|s| fold_name(s) == wanted)
        || card.keywords.iter().any(|k| {
            // `Name: value` keywords match on their name or their whole text.
            fold_name(k.split(':').next().unwrap_or(k)) == wanted || fold_name(k) == wanted
        })
}

/// "A, B or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `pr-hotg` (docs/decks.md#each-games-deck-rules): a combat deck is exactly 10 cards of one
/// Ranger's color; in two-Ranger mode one combined deck of 10 cards of each of exactly two
/// Rangers (a 15 + 5 split is not two Rangers' decks); the Rangers of a team are distinct. The
/// team is the Rangers listed in the `ranger` section (a Ranger listed elsewhere among the
/// deck's own sections is moved there first; one in Side or Maybe is not on the team): the
/// team's size never comes from the colors the combat cards happen to have.
fn hotg_ranger_team(
    counted: &[&DeckEntry],
    all: &[DeckEntry],
    report: &mut impl FnMut(String, Vec<String>),
) {
    // Only Ranger cards are Rangers: another card listed under Ranger is the
    // `ranger-section` rule's finding, not a team member.
    let listed: Vec<&DeckEntry> = all
        .iter()
        .filter(|e| e.section == "ranger" && fold_name(&e.card.card_type) == "ranger")
        .collect();
    let mut rangers: Vec<&DeckEntry> = Vec::new();
    for ranger in &listed {
        let twice = rangers
            .iter()
            .any(|r| fold_name(&r.card.name) == fold_name(&ranger.card.name));
        if ranger.count > 1 || twice {
            report(
                format!(
                    "{} is listed twice — the Rangers in one team are distinct",
                    ranger.card.name
                ),
                vec![ranger.card.name.clone()],
            );
        }
        if !twice {
            rangers.push(ranger);
        }
    }
    let team = rangers.len() as u32;
    if team == 0 {
        report(
            "the deck lists no Ranger — a combat deck belongs to one Ranger, or two in two-Ranger mode"
                .to_owned(),
            vec![],
        );
        return;
    }
    if team > 2 {
        report(
            format!(
                "the deck lists {} — a combat deck belongs to one Ranger, or two in two-Ranger mode",
                plural(team, "Ranger")
            ),
            names(rangers.iter()),
        );
        return;
    }
    let color_of = |e: &DeckEntry| e.card.color.as_deref().map(fold_name);
    let colors: BTreeSet<String> = rangers.iter().filter_map(|r| color_of(r)).collect();
    let outsiders: Vec<&&DeckEntry> = counted
        .iter()
        .filter(|e| !color_of(e).is_some_and(|c| colors.contains(&c)))
        .collect();
    if !outsiders.is_empty() {
        report(
            "some combat cards belong to no Ranger of this team".to_owned(),
            names(outsiders),
        );
    }
    let of_color = |color: &Option<String>| -> u32 {
        counted
            .iter()
            .filter(|e| color.is_some() && color_of(e) == *color)
            .fold(0, |n, e| n.saturating_add(e.count))
    };
    if team == 1 {
        let n: u32 = counted.iter().fold(0, |n, e| n.saturating_add(e.count));
        if n != 10 {
            report(
                format!("one Ranger's combat deck must have exactly 10 cards — this one has {n}"),
                vec![],
            );
        }
        return;
    }
    // Two Rangers of one color (two printings of a Ranger) share that color's cards: 20.
    let short: Vec<String> = rangers
        .iter()
        .filter_map(|r| {
            let color = color_of(r);
            let sharing = rangers.iter().filter(|o| color_of(o) == color).count() as u32;
            let n = of_color(&color);
            (n != 10 * sharing).then(|| format!("{} has {n}", r.card.name))
        })
        .collect();
    if !short.is_empty() {
        report(
            format!(
                "a two-Ranger combat deck needs exactly 10 cards of each Ranger — {}",
                short.join(", ")
            ),
            vec![],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::MINIMAL;

    /// Issue "Nothing a file can say breaks Deckhand": `deck check` of a `.cod` with
    /// 50,000 zones looked for each zone's cards among all the deck's (quadratic). Each
    /// kept section gets its one warning.
    #[test]
    fn fifty_thousand_kept_sections_each_get_one_warning() {
        let game = Game::from_toml("tiny.toml", MINIMAL).unwrap();
        let entries = (0..50_000)
            .map(|i| DeckEntry {
                section: format!("Zone {i}z"),
                count: 2,
                card: Card {
                    id: format!("unit-{i}"),
                    game: "tiny".into(),
                    name: format!("Unit {i}"),
                    card_type: "Unit".into(),
                    set: None,
                    number: None,
                    side: None,
                    color: None,
                    subtypes: Vec::new(),
                    keywords: Vec::new(),
                    text: None,
                    stats: BTreeMap::new(),
                    effects: Vec::new(),
                    goldfish: None,
                },
            })
            .collect();
        let deck = Deck {
            game: "tiny".into(),
            side: None,
            entries,
        };
        let legality = check_deck(&game, &deck);
        let warnings: Vec<&Diagnostic> = legality
            .diagnostics
            .iter()
            .filter(|d| d.rule == "unknown-section")
            .collect();
        assert_eq!(warnings.len(), 50_000);
        assert_eq!(legality.size, 0);
        let last = warnings
            .iter()
            .find(|d| d.message.starts_with("2 cards in 'Zone 49999z'"))
            .unwrap();
        assert_eq!(last.cards, ["Unit 49999"]);
    }
}
