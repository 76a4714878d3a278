//! What an import did with a file: copies per section, what became of each section name
//! the file used, and the lines it skipped. Shown by the CLI and the app after an import.

use std::collections::HashMap;

use deckhand_core::clip;
use serde::Serialize;

use crate::deck_text::DeckLine;

/// The report of one deck file read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(rename = "DeckImportReport")]
pub struct ImportReport {
    /// Copies and lines per Deckhand section, in the order the sections first appear.
    pub sections: Vec<SectionCount>,
    /// Each section name the file used (once), and the section its cards went to.
    pub names: Vec<SectionName>,
    /// Lines that are neither cards nor sections (category headers such as `Creature (12)`,
    /// titles), skipped with their text.
    pub skipped: Vec<SkippedLine>,
}

/// How many cards one section received.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct SectionCount {
    pub section: String,
    /// Copies (the sum of the counts).
    pub cards: u64,
    /// Card lines (rows) read into it.
    pub lines: usize,
}

/// A section name as a file wrote it, and what Deckhand made of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct SectionName {
    /// As written (`Sideboard`, `SIDEBOARD:`, `Command Zone`).
    pub written: String,
    /// The section its cards went to (`side`, or the kept name).
    pub section: String,
    pub outcome: SectionOutcome,
}

/// What became of a section name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum SectionOutcome {
    /// The name is the section's own (`main`, `Characters`).
    Same,
    /// Another tool's name for a Deckhand section (`Sideboard` → `side`).
    Renamed,
    /// Deckhand has no such section: the cards are kept in a section of that name, which
    /// the rules do not count and the user can move them out of.
    Kept,
}

/// A line skipped as a header or title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(rename = "DeckSkippedLine")]
pub struct SkippedLine {
    pub line: usize,
    pub text: String,
}

impl ImportReport {
    pub(crate) fn new(
        lines: &[DeckLine],
        names: Vec<SectionName>,
        skipped: Vec<SkippedLine>,
    ) -> Self {
        let mut sections: Vec<SectionCount> = Vec::new();
        // Each section's place in `sections`: a file of 50,000 zones stays linear.
        let mut index: HashMap<&str, usize> = HashMap::new();
        for line in lines {
            let at = *index.entry(&line.section).or_insert_with(|| {
                sections.push(SectionCount {
                    section: line.section.clone(),
                    cards: 0,
                    lines: 0,
                });
                sections.len() - 1
            });
            sections[at].cards += u64::from(line.count);
            sections[at].lines += 1;
        }
        ImportReport {
            sections,
            names,
            skipped,
        }
    }

    /// Every copy read, in all sections.
    pub fn total(&self) -> u64 {
        self.sections.iter().map(|s| s.cards).sum()
    }

    /// The section names kept as sections of their own.
    pub fn kept(&self) -> impl Iterator<Item = &SectionName> {
        self.names
            .iter()
            .filter(|n| n.outcome == SectionOutcome::Kept)
    }

    /// The section names read as one of Deckhand's sections under another name.
    pub fn renamed(&self) -> impl Iterator<Item = &SectionName> {
        self.names
            .iter()
            .filter(|n| n.outcome == SectionOutcome::Renamed)
    }

    /// One line for people: `40 cards: main 35, side 5; kept 'Reserve'; 2 lines skipped`.
    pub fn summary(&self) -> String {
        let per_section = self
            .sections
            .iter()
            .map(|s| format!("{} {}", s.section, s.cards))
            .collect::<Vec<_>>()
            .join(", ");
        let total = self.total();
        let mut parts = vec![format!(
            "{total} card{}: {per_section}",
            if total == 1 { "" } else { "s" }
        )];
        let renamed: Vec<String> = self
            .renamed()
            .map(|n| format!("'{}' as {}", clip(&n.written), clip(&n.section)))
            .collect();
        if !renamed.is_empty() {
            parts.push(format!("read {}", renamed.join(", ")));
        }
        let kept: Vec<String> = self
            .kept()
            .map(|n| format!("'{}'", clip(&n.section)))
            .collect();
        if !kept.is_empty() {
            parts.push(format!(
                "kept {} as {} of {} own (not counted by the rules)",
                kept.join(", "),
                if kept.len() == 1 {
                    "a section"
                } else {
                    "sections"
                },
                if kept.len() == 1 { "its" } else { "their" }
            ));
        }
        match self.skipped.len() {
            0 => {}
            1 => parts.push(format!(
                "skipped line {} '{}'",
                self.skipped[0].line,
                clip(&self.skipped[0].text)
            )),
            n => parts.push(format!("skipped {n} header or title lines")),
        }
        parts.join("; ")
    }
}
