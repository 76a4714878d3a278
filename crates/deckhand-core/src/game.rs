//! A game definition: card types, stats, keywords, deck sections and card size, read from
//! `data/games/<id>.toml` and validated before anything else sees it.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::error::{line_column, CoreError, Location};
use crate::name::{fold_name, same_folded};
use crate::rules::{DeckRules, RuleKind};

/// Sections every game has besides its own: cards set aside, and cards being considered.
/// Neither ever counts toward a deck: no rule may name them.
pub const GENERIC_SECTIONS: &[&str] = &["side", "maybe"];

/// A validated game definition. Construct it with [`Game::from_toml`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The fixed id used by the CLI, the database and data files (`zoids-scramble`).
    pub id: String,
    pub name: String,
    /// A shorter label for tabs and pickers; falls back to `name`.
    #[serde(default)]
    pub short_name: Option<String>,
    /// The physical card size, for printing.
    pub card_size_mm: CardSize,
    /// Search queries that show what to type for this game (`t:zoid power>=5`); the app's
    /// search placeholders offer them. Each finds cards of the game's bundled sample set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub search_examples: Vec<String>,
    /// When true any keyword is accepted; `keywords` then only documents the known ones.
    #[serde(default)]
    pub open_keywords: bool,
    pub card_types: Vec<CardTypeDef>,
    #[serde(default)]
    pub stats: BTreeMap<String, StatDef>,
    #[serde(default)]
    pub keywords: Vec<KeywordDef>,
    pub sections: Vec<SectionDef>,
    /// Deck-construction rules; a game without them accepts any deck.
    #[serde(default)]
    pub deck: DeckRules,
    /// How the game's cards print: sizes per type and what a text proxy shows where.
    #[serde(default)]
    pub print: PrintDef,
    /// Facts the goldfish engine plays by that are assumptions rather than printed rules
    /// (the faces of a combat die), so that a user can edit them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish: Option<GoldfishDef>,
    /// Named rule variants (`[[formats]]`); a deck checked with none uses `deck.rules`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formats: Vec<crate::format::FormatDef>,
    /// The triggers, zones and resources its cards' effects may name (`[effects]`).
    #[serde(default)]
    pub effects: crate::effect::EffectsDef,
    /// How the game deals and what its table holds (`[play]`); defaults when absent.
    #[serde(default)]
    pub play: crate::table::PlayDef,
}

/// The `[goldfish]` table of a game definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldfishDef {
    /// The hits each face of the combat die shows (`pr-hotg`); empty for games without dice.
    #[serde(default)]
    pub die_faces: Vec<u8>,
    /// The enemy line-up a battle uses when none is chosen (`pr-hotg`: `--enemies`, and the
    /// Playtest view's picker starts with it); empty for games without enemies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemies: Vec<EnemyPick>,
    /// The card types of enemy cards, whose subtype names the enemy deck they belong to
    /// (`pr-hotg`: Foot Soldier, Monster, Boss). The first is the one fought in figures
    /// chosen one by one; a deck of another type comes whole. Empty for games without
    /// enemies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_types: Vec<String>,
}

/// One enemy deck of a line-up, by name, with its foot-soldier figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct EnemyPick {
    /// The enemy deck's name: its cards' subtype ("Putty Patrollers").
    pub name: String,
    /// Foot-soldier figures, 1 to 4 (a Monster or Boss always brings 4 cards).
    #[serde(default = "one_figure")]
    pub figures: u32,
}

fn one_figure() -> u32 {
    1
}

/// The most foot-soldier figures in one battle.
pub const MAX_FOOT_FIGURES: u32 = 4;

/// The most faces a die may have, and the most hits one face may show.
pub const MAX_DIE_FACES: usize = 20;
pub const MAX_FACE_HITS: u8 = 9;
/// A game's id, in characters (it names the game's file and every card id made from it).
pub const MAX_GAME_ID_CHARS: usize = 40;
/// A stat's id, in characters.
pub const MAX_STAT_ID_CHARS: usize = 40;

/// Checks a die: 1 to 20 faces of 0 to 9 hits each.
pub fn validate_die_faces(faces: &[u8]) -> Result<(), String> {
    if faces.is_empty() || faces.len() > MAX_DIE_FACES {
        return Err(format!(
            "a die has 1 to {MAX_DIE_FACES} faces; this one has {}",
            faces.len()
        ));
    }
    if let Some(face) = faces.iter().find(|&&f| f > MAX_FACE_HITS) {
        return Err(format!(
            "a die face shows 0 to {MAX_FACE_HITS} hits, not {face}"
        ));
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSize {
    pub width: f64,
    pub height: f64,
}

/// The `[print]` section: what differs per game when cards are printed. Everything is
/// optional; a game without it prints plain proxies at `card_size_mm`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintDef {
    /// Card types whose physical size differs from `card_size_mm` (oversized cards).
    #[serde(default)]
    pub card_sizes: BTreeMap<String, CardSize>,
    /// Stats appended to the type line, in order (`Zoid — Liger · Power 5`).
    #[serde(default)]
    pub type_line: Vec<String>,
    /// Stats listed as `Label value` above the rules text.
    #[serde(default)]
    pub body: Vec<String>,
    /// Stats in the card's corners; each corner shows the first listed stat the card has.
    #[serde(default)]
    pub corners: PrintCorners,
    /// The card field whose value picks the frame colour.
    #[serde(default)]
    pub frame_by: FrameBy,
    /// Frame colour (`#rrggbb`) per value of `frame_by`, compared case-insensitively.
    #[serde(default)]
    pub frame_colors: BTreeMap<String, String>,
    /// Frame colour when no `frame_colors` entry matches; grey when absent.
    #[serde(default)]
    pub frame_default: Option<String>,
    /// The generated card back.
    #[serde(default)]
    pub back: PrintBack,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintCorners {
    #[serde(default)]
    pub top_left: Vec<String>,
    #[serde(default)]
    pub top_right: Vec<String>,
    #[serde(default)]
    pub bottom_left: Vec<String>,
    #[serde(default)]
    pub bottom_right: Vec<String>,
}

/// Which card field chooses a text proxy's frame colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FrameBy {
    /// Every card uses `frame_default`.
    #[default]
    None,
    Color,
    Side,
    Type,
}

/// The generated back of a game's cards: its title on two colours.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintBack {
    /// The words on the back; the game's name when absent.
    #[serde(default)]
    pub title: Option<String>,
    /// `#rrggbb`; dark grey when absent.
    #[serde(default)]
    pub background: Option<String>,
    /// `#rrggbb` for the border and title; white when absent.
    #[serde(default)]
    pub accent: Option<String>,
}

/// Reads `#rrggbb` into its three channels.
pub fn parse_hex_color(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// A card type and the stats a card of that type may carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct CardTypeDef {
    pub name: String,
    #[serde(default)]
    pub stats: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum StatKind {
    /// An integer, optionally within `min..=max`, or one of the `allow` words (`X`, `MAX`).
    Number,
    /// A word or phrase, optionally one of `values`.
    Text,
    /// A list of words, optionally each one of `values`.
    List,
    /// A list of numbers (each as for `Number`), optionally of a fixed `length`.
    NumberList,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct StatDef {
    pub label: String,
    pub kind: StatKind,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    /// Words a numeric stat may hold instead of a number, such as `X` or `MAX`.
    #[serde(default)]
    pub allow: Vec<String>,
    /// The closed set of values of a text or list stat.
    #[serde(default)]
    pub values: Vec<String>,
    /// The exact length of a number list.
    #[serde(default)]
    pub length: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum KeywordValue {
    /// `Scouting: 1`
    Number,
    /// `Support: Liger +1`
    Text,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct KeywordDef {
    pub name: String,
    /// Absent for plain keywords (`Flying`); present for `Name: value` keywords.
    #[serde(default)]
    pub value: Option<KeywordValue>,
    /// What the keyword does, in the effects' written form, `{value}` standing for the
    /// keyword's value (`when set: may draw {value}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<String>,
    /// Why the keyword cannot matter against a goldfish, or what of it is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish: Option<crate::effect::GoldfishNote>,
}

/// A part of a deck list (`main`, `side`, `characters`…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionDef {
    pub id: String,
    pub name: String,
}

impl Game {
    /// Parses and validates a definition. `source_name` only labels error messages.
    pub fn from_toml(source_name: &str, text: &str) -> Result<Game, CoreError> {
        let game: Game = toml::from_str(text).map_err(|err| {
            let location = match err.span() {
                Some(span) => line_column(text, span.start),
                None => Location::Path("(document)".into()),
            };
            CoreError::GameDefinition {
                source_name: source_name.to_owned(),
                location,
                message: explain_serde_message(err.message()),
            }
        })?;
        game.validate().map_err(|(key, message)| {
            // What serde cannot check names a key path; the player needs its line too.
            let (location, message) = match crate::locate::locate(text, &key) {
                Some(at) => (at, format!("{key}: {message}")),
                None => (Location::Path(key), message),
            };
            CoreError::GameDefinition {
                source_name: source_name.to_owned(),
                location,
                message,
            }
        })?;
        Ok(game)
    }

    pub fn display_short_name(&self) -> &str {
        self.short_name.as_deref().unwrap_or(&self.name)
    }

    /// The fixed starter deck of `side`: the composition of a `fixed_composition` rule
    /// that states that side (`pr-dbg`).
    pub fn starter_deck(&self, side: crate::Side) -> Option<&crate::Composition> {
        self.deck.rules.iter().find_map(|rule| match &rule.kind {
            RuleKind::FixedComposition { compositions, .. } => {
                compositions.iter().find(|c| c.side == Some(side))
            }
            _ => None,
        })
    }

    /// The card type with this name, compared case-insensitively.
    pub fn card_type(&self, name: &str) -> Option<&CardTypeDef> {
        self.card_types.iter().find(|t| same_folded(&t.name, name))
    }

    /// The physical size of a card of this type: its `[print.card_sizes]` entry, else
    /// `card_size_mm`.
    pub fn card_size_for(&self, card_type: &str) -> CardSize {
        let key = fold_name(card_type);
        self.print
            .card_sizes
            .iter()
            .find(|(name, _)| fold_name(name) == key)
            .map_or(self.card_size_mm, |(_, size)| *size)
    }

    /// The keyword definition for a keyword as written on a card (`Scouting: 1`).
    pub fn keyword(&self, written: &str) -> Option<&KeywordDef> {
        let name = written.split(':').next().unwrap_or(written);
        self.keywords.iter().find(|k| same_folded(&k.name, name))
    }

    fn validate(&self) -> Result<(), (String, String)> {
        let fail = |key: &str, message: String| Err((key.to_owned(), message));
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return fail("id", format!("'{}' is not a lower-case id", self.id));
        }
        if self.id.starts_with('-') || self.id.chars().count() > MAX_GAME_ID_CHARS {
            return fail(
                "id",
                format!(
                    "'{}' must start with a letter or digit and be at most {MAX_GAME_ID_CHARS} characters",
                    crate::clip(&self.id)
                ),
            );
        }
        if self.name.trim().is_empty() {
            return fail("name", "must not be empty".into());
        }
        if !valid_size(self.card_size_mm) {
            return fail(
                "card_size_mm",
                "width and height must be between 0 and 500 mm".into(),
            );
        }
        for (i, example) in self.search_examples.iter().enumerate() {
            if example.trim().is_empty() || example.contains('\n') {
                return fail(
                    &format!("search_examples[{i}]"),
                    "an example is one non-empty line".into(),
                );
            }
            // Shown to players as something to try: it must be a query search reads.
            if let Err(err) =
                crate::query::parse(example, &crate::query::Vocabulary::for_game(self))
            {
                return fail(
                    &format!("search_examples[{i}]"),
                    format!(
                        "'{}' is not a query search reads: {err}",
                        crate::clip(example)
                    ),
                );
            }
        }
        if self.card_types.is_empty() {
            return fail("card_types", "a game needs at least one card type".into());
        }
        let mut seen = BTreeSet::new();
        for (i, card_type) in self.card_types.iter().enumerate() {
            if !seen.insert(fold_name(&card_type.name)) || card_type.name.trim().is_empty() {
                return fail(
                    &format!("card_types[{i}].name"),
                    format!("'{}' is empty or declared twice", card_type.name),
                );
            }
            for (j, stat) in card_type.stats.iter().enumerate() {
                if !self.stats.contains_key(stat) {
                    return fail(
                        &format!("card_types[{i}].stats[{j}]"),
                        format!("unknown stat '{stat}' (declare it under [stats.{stat}])"),
                    );
                }
            }
        }
        for (name, stat) in &self.stats {
            let key = format!("stats.{name}");
            validate_stat_id(name).or_else(|message| fail(&key, message))?;
            validate_stat(stat).or_else(|message| fail(&key, message))?;
        }
        let mut seen = BTreeSet::new();
        for (i, keyword) in self.keywords.iter().enumerate() {
            if keyword.name.contains(':') || !seen.insert(fold_name(&keyword.name)) {
                return fail(
                    &format!("keywords[{i}].name"),
                    format!("'{}' contains ':' or is declared twice", keyword.name),
                );
            }
        }
        if self.sections.is_empty() {
            return fail("sections", "a game needs at least one deck section".into());
        }
        let mut seen = BTreeSet::new();
        for (i, section) in self.sections.iter().enumerate() {
            if !seen.insert(section.id.as_str()) || GENERIC_SECTIONS.contains(&section.id.as_str())
            {
                return fail(
                    &format!("sections[{i}].id"),
                    format!(
                        "'{}' is declared twice or is a built-in section",
                        section.id
                    ),
                );
            }
        }
        self.play.validate()?;
        if let Some(goldfish) = self.goldfish.as_ref().filter(|g| !g.die_faces.is_empty()) {
            validate_die_faces(&goldfish.die_faces)
                .or_else(|message| fail("goldfish.die_faces", message))?;
        }
        let picks = self.goldfish.as_ref().map_or(&[][..], |g| &g.enemies[..]);
        let mut seen = BTreeSet::new();
        for (i, pick) in picks.iter().enumerate() {
            if pick.name.trim().is_empty() || !seen.insert(fold_name(&pick.name)) {
                return fail(
                    &format!("goldfish.enemies[{i}].name"),
                    format!("'{}' is empty or named twice", pick.name),
                );
            }
            if !(1..=MAX_FOOT_FIGURES).contains(&pick.figures) {
                return fail(
                    &format!("goldfish.enemies[{i}].figures"),
                    format!(
                        "an enemy takes 1 to {MAX_FOOT_FIGURES} figures, not {}",
                        pick.figures
                    ),
                );
            }
        }
        let enemy_types = self
            .goldfish
            .as_ref()
            .map_or(&[][..], |g| &g.enemy_types[..]);
        for (i, name) in enemy_types.iter().enumerate() {
            if self.card_type(name).is_none() {
                return fail(
                    &format!("goldfish.enemy_types[{i}]"),
                    format!("'{name}' is not one of the game's card types"),
                );
            }
        }
        crate::effect_check::check_game_effects(self)?;
        self.deck.validate(self)?;
        self.validate_formats()?;
        self.validate_print()
    }

    fn validate_print(&self) -> Result<(), (String, String)> {
        let print = &self.print;
        for (card_type, size) in &print.card_sizes {
            if self.card_type(card_type).is_none() || !valid_size(*size) {
                return Err((
                    format!("print.card_sizes.{card_type}"),
                    format!("'{card_type}' is not a card type, or its size is not 0–500 mm"),
                ));
            }
        }
        let corners = &print.corners;
        let stat_lists = [
            ("print.type_line", &print.type_line),
            ("print.body", &print.body),
            ("print.corners.top_left", &corners.top_left),
            ("print.corners.top_right", &corners.top_right),
            ("print.corners.bottom_left", &corners.bottom_left),
            ("print.corners.bottom_right", &corners.bottom_right),
        ];
        for (key, stats) in stat_lists {
            if let Some((i, stat)) = stats
                .iter()
                .enumerate()
                .find(|(_, s)| !self.stats.contains_key(*s))
            {
                return Err((format!("{key}[{i}]"), format!("unknown stat '{stat}'")));
            }
        }
        for (value, color) in &print.frame_colors {
            let key_ok = match print.frame_by {
                FrameBy::Side => crate::card::Side::parse(value).is_some(),
                FrameBy::Type => self.card_type(value).is_some(),
                FrameBy::Color => true,
                FrameBy::None => false,
            };
            if !key_ok {
                return Err((
                    format!("print.frame_colors.{value}"),
                    format!(
                        "'{value}' is not a value of frame_by = {:?}",
                        print.frame_by
                    )
                    .to_lowercase(),
                ));
            }
            if parse_hex_color(color).is_none() {
                return Err((
                    format!("print.frame_colors.{value}"),
                    format!("'{color}' is not a #rrggbb colour"),
                ));
            }
        }
        let colors = [
            ("print.frame_default", &print.frame_default),
            ("print.back.background", &print.back.background),
            ("print.back.accent", &print.back.accent),
        ];
        for (key, color) in colors {
            if let Some(color) = color.as_ref().filter(|c| parse_hex_color(c).is_none()) {
                return Err((key.into(), format!("'{color}' is not a #rrggbb colour")));
            }
        }
        Ok(())
    }

    /// True when `id` is one of this game's sections or a generic one.
    pub fn has_section(&self, id: &str) -> bool {
        GENERIC_SECTIONS.contains(&id) || self.own_section(id)
    }

    /// True when `id` is one of the game's own sections (not `side` or `maybe`).
    pub(crate) fn own_section(&self, id: &str) -> bool {
        self.sections.iter().any(|s| s.id == id)
    }

    /// The name a player sees for a section (`characters` → "Characters").
    pub fn section_name<'a>(&'a self, id: &'a str) -> &'a str {
        match id {
            "side" => "Side",
            "maybe" => "Maybe",
            _ => self
                .sections
                .iter()
                .find(|s| s.id == id)
                .map_or(id, |s| s.name.as_str()),
        }
    }

    /// The section cards of `card_type` always go to, if the game says so (compared
    /// case-insensitively; the map's keys are the game's type names).
    pub fn section_of_type(&self, card_type: &str) -> Option<&str> {
        let key = fold_name(card_type);
        self.deck
            .section_of_type
            .iter()
            .find(|(t, _)| fold_name(t) == key)
            .map(|(_, section)| section.as_str())
    }
}

/// serde's message on one line; a key or a value this build does not know is most likely
/// from a newer Deckhand (or a typo), and the definition is refused whole rather than read
/// in part.
fn explain_serde_message(message: &str) -> String {
    let message = message.trim().replace('\n', " ");
    for what in ["unknown field", "unknown variant"] {
        if let Some(rest) = message.strip_prefix(what) {
            let (name, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
            let expected = match expected.trim() {
                "" => String::new(),
                list => format!("; this version knows {list}"),
            };
            return format!(
                "{what}{name}: not known to this Deckhand (written for a newer Deckhand, or misspelt?){expected}"
            );
        }
    }
    message
}

fn valid_size(size: CardSize) -> bool {
    size.width > 0.0 && size.height > 0.0 && size.width < 500.0 && size.height < 500.0
}

/// A stat's id is a word search and the card files can name: lower-case letters, digits,
/// `_` and `-`, starting with a letter, and none of their own fields (a stat `name` would
/// make a second `name` column in an export that import refuses).
fn validate_stat_id(id: &str) -> Result<(), String> {
    let shaped = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        && id.len() <= MAX_STAT_ID_CHARS;
    if !shaped {
        return Err(format!(
            "'{}' is not a stat id: lower-case letters, digits, '_' and '-', starting with a letter, at most {MAX_STAT_ID_CHARS} characters",
            crate::clip(id)
        ));
    }
    if crate::query::is_query_word(id) || crate::card_set::is_card_field(id) {
        return Err(format!(
            "'{id}' is a card field or a search word already: give the stat another id"
        ));
    }
    Ok(())
}

fn validate_stat(stat: &StatDef) -> Result<(), String> {
    let numeric = matches!(stat.kind, StatKind::Number | StatKind::NumberList);
    if !numeric && (stat.min.is_some() || stat.max.is_some() || !stat.allow.is_empty()) {
        return Err("`min`, `max` and `allow` apply only to number stats".into());
    }
    if numeric && !stat.values.is_empty() {
        return Err("`values` applies only to text and list stats".into());
    }
    if stat.length.is_some() && stat.kind != StatKind::NumberList {
        return Err("`length` applies only to number_list stats".into());
    }
    if let (Some(min), Some(max)) = (stat.min, stat.max) {
        if min > max {
            return Err(format!("min {min} is greater than max {max}"));
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const MINIMAL: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = ["power"]
[stats.power]
label = "Power"
kind = "number"
[[sections]]
id = "main"
name = "Main"
"#;

    pub(crate) fn error_of(text: &str) -> String {
        Game::from_toml("tiny.toml", text).unwrap_err().to_string()
    }

    #[test]
    fn a_minimal_definition_loads() {
        let game = Game::from_toml("tiny.toml", MINIMAL).unwrap();
        assert_eq!(game.id, "tiny");
        assert!(game.card_type("unit").is_some());
    }

    #[test]
    fn an_undeclared_stat_is_named_with_its_key() {
        let text = MINIMAL.replace(r#"stats = ["power"]"#, r#"stats = ["pwer"]"#);
        assert_eq!(
            error_of(&text),
            "tiny.toml: 7:10: card_types[0].stats[0]: unknown stat 'pwer' (declare it under [stats.pwer])"
        );
    }

    #[test]
    fn an_unknown_key_is_a_line_and_column_error() {
        let text = MINIMAL.replace("name = \"Tiny Game\"", "name = \"Tiny Game\"\ncolour = 1");
        let err = error_of(&text);
        assert!(
            err.starts_with("tiny.toml: 4:1: unknown field `colour`"),
            "{err}"
        );
    }

    #[test]
    fn an_inverted_range_is_rejected() {
        let text = MINIMAL.replace("kind = \"number\"", "kind = \"number\"\nmin = 5\nmax = 1");
        assert_eq!(
            error_of(&text),
            "tiny.toml: 8:8: stats.power: min 5 is greater than max 1"
        );
    }

    #[test]
    fn a_duplicate_card_type_is_rejected() {
        let text = MINIMAL.replace(
            "[stats.power]",
            "[[card_types]]\nname = \"UNIT\"\n[stats.power]",
        );
        assert!(error_of(&text).contains("card_types[1].name"));
    }

    #[test]
    fn print_sections_are_checked_when_the_definition_loads() {
        let with_print = |print: &str| format!("{MINIMAL}\n[print]\n{print}\n");
        let cases = [
            ("body = [\"pwr\"]", "print.body[0]: unknown stat 'pwr'"),
            (
                "corners = { top_left = [\"power\", \"cost\"] }",
                "print.corners.top_left[1]: unknown stat 'cost'",
            ),
            (
                "card_sizes = { Giant = { width = 70.0, height = 120.0 } }",
                "print.card_sizes.Giant",
            ),
            (
                "card_sizes = { Unit = { width = 0.0, height = 120.0 } }",
                "print.card_sizes.Unit",
            ),
            (
                "frame_by = \"side\"\nframe_colors = { purple = \"#ff00ff\" }",
                "print.frame_colors.purple",
            ),
            (
                "frame_by = \"color\"\nframe_colors = { Red = \"red\" }",
                "'red' is not a #rrggbb colour",
            ),
            (
                "back = { background = \"#12345\" }",
                "print.back.background",
            ),
            ("corner = []", "unknown field `corner`"),
        ];
        for (print, expected) in cases {
            let err = error_of(&with_print(print));
            assert!(err.contains(expected), "{print}: {err}");
        }
        let game = Game::from_toml(
            "tiny.toml",
            &with_print("card_sizes = { unit = { width = 70.0, height = 120.0 } }\nframe_by = \"type\"\nframe_colors = { Unit = \"#AA0000\" }"),
        )
        .unwrap();
        assert_eq!(game.card_size_for("UNIT").height, 120.0);
        assert_eq!(parse_hex_color("#AA0000"), Some([170, 0, 0]));
    }

    #[test]
    fn die_faces_are_read_and_checked() {
        let with = |faces: &str| format!("{MINIMAL}\n[goldfish]\ndie_faces = {faces}\n");
        let game = Game::from_toml("tiny.toml", &with("[0, 0, 1, 1, 1, 2]")).unwrap();
        assert_eq!(game.goldfish.unwrap().die_faces, vec![0, 0, 1, 1, 1, 2]);
        assert_eq!(
            Game::from_toml("tiny.toml", MINIMAL).unwrap().goldfish,
            None
        );
        let cases = [
            (
                "[0, 12]",
                "goldfish.die_faces: a die face shows 0 to 9 hits, not 12",
            ),
            ("[-1]", "invalid value"),
            ("[1]\nsides = 6", "unknown field `sides`"),
        ];
        for (faces, expected) in cases {
            let err = error_of(&with(faces));
            assert!(err.contains(expected), "{faces}: {err}");
        }
    }

    #[test]
    fn a_default_enemy_line_up_is_read_and_checked() {
        let with = |enemies: &str| format!("{MINIMAL}\n[goldfish]\nenemies = {enemies}\n");
        let game = Game::from_toml(
            "tiny.toml",
            &with(r#"[{ name = "Gravel Grunt", figures = 3 }, { name = "Clockjaw" }]"#),
        )
        .unwrap();
        let picks = game.goldfish.unwrap().enemies;
        assert_eq!(
            picks,
            [
                EnemyPick {
                    name: "Gravel Grunt".into(),
                    figures: 3
                },
                EnemyPick {
                    name: "Clockjaw".into(),
                    figures: 1
                }
            ]
        );
        let cases = [
            (
                r#"[{ name = "Grunts", figures = 5 }]"#,
                "goldfish.enemies[0].figures: an enemy takes 1 to 4 figures, not 5",
            ),
            (
                r#"[{ name = "Grunts", figures = 0 }]"#,
                "goldfish.enemies[0].figures: an enemy takes 1 to 4 figures, not 0",
            ),
            (
                r#"[{ name = "Grunts" }, { name = "GRUNTS" }]"#,
                "goldfish.enemies[1].name: 'GRUNTS' is empty or named twice",
            ),
            (r#"[{ name = " " }]"#, "goldfish.enemies[0].name"),
            (
                r#"[{ name = "Grunts", count = 2 }]"#,
                "unknown field `count`",
            ),
        ];
        for (enemies, expected) in cases {
            let err = error_of(&with(enemies));
            assert!(err.contains(expected), "{enemies}: {err}");
        }
    }

    #[test]
    fn an_enemy_type_must_be_one_of_the_games_card_types() {
        let with = |types: &str| format!("{MINIMAL}\n[goldfish]\nenemy_types = {types}\n");
        let game = Game::from_toml("tiny.toml", &with(r#"["unit"]"#)).unwrap();
        assert_eq!(game.goldfish.unwrap().enemy_types, ["unit"]);
        let err = error_of(&with(r#"["Unit", "Monster"]"#));
        assert!(
            err.contains("goldfish.enemy_types[1]: 'Monster' is not one of the game's card types"),
            "{err}"
        );
    }

    #[test]
    fn search_examples_are_read_and_a_blank_one_is_refused() {
        let with = |examples: &str| {
            MINIMAL.replace(
                "name = \"Tiny Game\"",
                &format!("name = \"Tiny Game\"\nsearch_examples = {examples}"),
            )
        };
        let game = Game::from_toml("tiny.toml", &with(r#"["t:unit power>=2"]"#)).unwrap();
        assert_eq!(game.search_examples, ["t:unit power>=2"]);
        assert!(Game::from_toml("tiny.toml", MINIMAL)
            .unwrap()
            .search_examples
            .is_empty());
        let err = error_of(&with(r#"["t:unit", " "]"#));
        assert!(err.contains("search_examples[1]: "), "{err}");
    }
}
