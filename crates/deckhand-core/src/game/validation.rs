//! A definition checked as a whole once serde has read it: ids, names, stats, sections,
//! the goldfish facts, effects, deck rules, formats and `[print]`. Each failure names the
//! key path it is about, so the loader can point at its line.

use std::collections::BTreeSet;

use super::{
    parse_hex_color, validate_die_faces, CardSize, FrameBy, Game, StatDef, StatKind,
    GENERIC_SECTIONS, MAX_FOOT_FIGURES,
};
use crate::name::fold_name;

/// A game's id, in characters (it names the game's file and every card id made from it).
pub const MAX_GAME_ID_CHARS: usize = 40;
/// A stat's id, in characters.
pub const MAX_STAT_ID_CHARS: usize = 40;

impl Game {
    pub(super) fn validate(&self) -> Result<(), (String, String)> {
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
