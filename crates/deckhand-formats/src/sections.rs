//! Section names as other tools write them, mapped to Deckhand's sections.
//!
//! A known name (the game's own section by id or name, or another tool's word for main,
//! side or maybe) maps to that section. Any other name a file states as a zone is kept as
//! a section of that name: the cards stay in the deck, uncounted, where the user sees them.

use std::collections::HashSet;

use deckhand_core::{fold_name, one_line, Game};

use crate::import_report::{SectionName, SectionOutcome};

/// Other tools' words for Deckhand's generic sections, folded.
const ALIASES: &[(&str, &[&str])] = &[
    (
        "main",
        &[
            "main",
            "main deck",
            "maindeck",
            "mainboard",
            "main board",
            "deck",
            "library",
            "cards",
        ],
    ),
    (
        "side",
        &["side", "sideboard", "side board", "side deck", "sb"],
    ),
    (
        "maybe",
        &["maybe", "maybeboard", "maybe board", "considering"],
    ),
];

/// Zones other games' tools write that Deckhand has no section for. In a text list only
/// these (and known sections) start a section; any other header is a category such as
/// `Creature (12)` and leaves the cards where they were.
const FOREIGN_ZONES: &[&str] = &[
    "reserve",
    "extra",
    "extra deck",
    "command zone",
    "commander",
    "companion",
    "identity",
    "ruler",
    "stone deck",
    "stones",
    "crypt",
    "tokens",
];

/// Longest section name kept from a file; longer ones are cut at a character boundary.
const MAX_KEPT_NAME: usize = 60;

/// A header's name without its decoration: `SIDEBOARD:` → `SIDEBOARD`,
/// `Trainer: 18` → `Trainer`, `Creature (12)` → `Creature`, `Side Deck - 15` → `Side Deck`.
pub(crate) fn header_name(written: &str) -> &str {
    let mut name = written.trim();
    loop {
        let before = name;
        name = name.trim_end_matches([':', '-', '=', '.', ' ', '\t']);
        if let Some(open) = name.rfind('(') {
            if name.ends_with(')') && name[open + 1..name.len() - 1].trim().parse::<u64>().is_ok() {
                name = &name[..open];
            }
        }
        let digits = name.trim_end_matches(|c: char| c.is_ascii_digit());
        if digits.len() < name.len() && digits.ends_with([' ', ':', '\t']) {
            name = digits;
        }
        if name == before {
            return name;
        }
    }
}

/// The Deckhand section a name maps to, if it is one: the game's section by id or name,
/// or a generic alias.
pub(crate) fn known_section(game: &Game, written: &str) -> Option<String> {
    let key = fold_name(header_name(written));
    if let Some(section) = game
        .sections
        .iter()
        .find(|s| fold_name(&s.id) == key || fold_name(&s.name) == key)
    {
        return Some(section.id.clone());
    }
    ALIASES
        .iter()
        .find(|(_, words)| words.contains(&key.as_str()))
        .map(|(id, _)| (*id).to_owned())
}

/// Whether a text header names another game's zone (kept as its own section).
pub(crate) fn is_foreign_zone(written: &str) -> bool {
    FOREIGN_ZONES.contains(&fold_name(header_name(written)).as_str())
}

/// Where the cards of a zone named `written` go, and what the report says about it. A
/// missing or blank name is the main deck. The name is made one line first (`one_line`,
/// as a deck name from a file is): a zone cannot put a line break or a terminal escape
/// into a section name, a report or a table.
pub(crate) fn section_for(game: &Game, written: &str) -> SectionName {
    let line = one_line(written);
    let trimmed = line.as_str();
    let (section, outcome) = match known_section(game, trimmed) {
        Some(id) => {
            let same = |name: &str| fold_name(name) == fold_name(trimmed);
            let own = game.sections.iter().find(|s| s.id == id);
            let outcome = if same(&id) || own.is_some_and(|s| same(&s.name)) {
                SectionOutcome::Same
            } else {
                SectionOutcome::Renamed
            };
            (id, outcome)
        }
        None if header_name(trimmed).is_empty() => ("main".to_owned(), SectionOutcome::Renamed),
        None => (kept_name(trimmed), SectionOutcome::Kept),
    };
    SectionName {
        written: trimmed.to_owned(),
        section,
        outcome,
    }
}

fn kept_name(written: &str) -> String {
    let name = header_name(written);
    match name.char_indices().nth(MAX_KEPT_NAME) {
        Some((cut, _)) => name[..cut].trim_end().to_owned(),
        None => name.to_owned(),
    }
}

/// The section names a file used, each once, in the order first used; a set of the
/// written names beside the list keeps a file of 50,000 zones linear.
#[derive(Debug, Default)]
pub(crate) struct SectionNames {
    list: Vec<SectionName>,
    seen: HashSet<String>,
}

impl SectionNames {
    /// Adds `name` unless the same written name is already there.
    pub(crate) fn note(&mut self, name: SectionName) {
        if self.seen.insert(name.written.clone()) {
            self.list.push(name);
        }
    }

    pub(crate) fn into_vec(self) -> Vec<SectionName> {
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::from_toml(
            "t.toml",
            r#"
id = "t"
name = "T"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
[[sections]]
id = "characters"
name = "Characters"
[[sections]]
id = "main"
name = "Combat deck"
"#,
        )
        .unwrap()
    }

    #[test]
    fn zone_names_map_to_sections_or_are_kept() {
        let cases = [
            ("main", "main", SectionOutcome::Same),
            ("Main", "main", SectionOutcome::Same),
            ("Combat deck", "main", SectionOutcome::Same),
            ("Deck", "main", SectionOutcome::Renamed),
            ("Main Deck (40)", "main", SectionOutcome::Renamed),
            ("", "main", SectionOutcome::Renamed),
            ("side", "side", SectionOutcome::Same),
            ("sideboard", "side", SectionOutcome::Renamed),
            ("SIDEBOARD:", "side", SectionOutcome::Renamed),
            ("Side Deck", "side", SectionOutcome::Renamed),
            ("Maybeboard", "maybe", SectionOutcome::Renamed),
            ("CHARACTERS", "characters", SectionOutcome::Same),
            ("Reserve", "Reserve", SectionOutcome::Kept),
            ("Command Zone", "Command Zone", SectionOutcome::Kept),
            ("Stone deck:", "Stone deck", SectionOutcome::Kept),
            ("tokens", "tokens", SectionOutcome::Kept),
        ];
        for (written, section, outcome) in cases {
            let name = section_for(&game(), written);
            assert_eq!(
                (name.section.as_str(), name.outcome),
                (section, outcome),
                "{written:?}"
            );
        }
    }

    #[test]
    fn header_decorations_are_removed() {
        let cases = [
            ("SIDEBOARD:", "SIDEBOARD"),
            ("Trainer: 18", "Trainer"),
            ("Creature (12)", "Creature"),
            ("Side Deck - 15", "Side Deck"),
            ("Crypt:", "Crypt"),
            ("Zoid 7", "Zoid"),
            ("Liger Zero", "Liger Zero"),
            ("Gun (Mk2)", "Gun (Mk2)"),
            (":", ""),
        ];
        for (written, expected) in cases {
            assert_eq!(header_name(written), expected, "{written:?}");
        }
    }
}
