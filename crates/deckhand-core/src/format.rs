//! Named rule variants of a game (`[[formats]]` in its definition): rules added, replaced
//! (by rule id) or removed relative to the game's default `[[deck.rules]]`, so that where a
//! rulebook leaves a reading open the player picks it instead of us.

use serde::{Deserialize, Serialize};

use crate::error::CoreError;
use crate::game::Game;
use crate::name::fold_name;
use crate::rules::Rule;

/// The word that names a game's own rules wherever a format is asked for (`--as default`
/// overrides a deck file's `# format:` line); no format may take it as its id.
pub const DEFAULT_FORMAT: &str = "default";

/// One `[[formats]]` entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDef {
    /// A lower-case id, unique within the game (`one-of-each-super`).
    pub id: String,
    /// What a player sees; also accepted wherever a format is asked for.
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Rules the default rules do not have (their ids must not clash with them).
    #[serde(default)]
    pub add: Vec<Rule>,
    /// Rules that take the place of the default rule with the same id, where it stood.
    #[serde(default)]
    pub replace: Vec<Rule>,
    /// Ids of default rules this format does without.
    #[serde(default)]
    pub remove: Vec<String>,
}

impl FormatDef {
    /// The rules a deck of this format is checked against, in the definition's order:
    /// the default ones kept or replaced, then the added ones.
    pub fn rules(&self, default: &[Rule]) -> Vec<Rule> {
        default
            .iter()
            .filter(|rule| !self.remove.contains(&rule.id))
            .map(|rule| {
                self.replace
                    .iter()
                    .find(|r| r.id == rule.id)
                    .unwrap_or(rule)
                    .clone()
            })
            .chain(self.add.iter().cloned())
            .collect()
    }
}

impl Game {
    /// The format `name` (its id or its name, case-insensitively); `None` for
    /// [`DEFAULT_FORMAT`], the game's own rules. An unknown name is an error listing the
    /// game's formats.
    pub fn format(&self, name: &str) -> Result<Option<&FormatDef>, CoreError> {
        let key = fold_name(name);
        if key == DEFAULT_FORMAT {
            return Ok(None);
        }
        self.formats
            .iter()
            .find(|f| fold_name(&f.id) == key || fold_name(&f.name) == key)
            .map(Some)
            .ok_or_else(|| CoreError::UnknownFormat {
                game: self.id.clone(),
                format: name.trim().to_owned(),
                known: std::iter::once(DEFAULT_FORMAT)
                    .chain(self.formats.iter().map(|f| f.id.as_str()))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Checks the `[[formats]]`: ids and names unique, a replaced or removed rule exists,
    /// an added rule's id is new, and every rule a format brings passes the checks the
    /// default rules do.
    pub(crate) fn validate_formats(&self) -> Result<(), (String, String)> {
        let exists = |id: &String| self.deck.rules.iter().any(|r| &r.id == id);
        let mut ids = std::collections::BTreeSet::new();
        let mut names = std::collections::BTreeSet::new();
        for (i, format) in self.formats.iter().enumerate() {
            let key = |what: &str| format!("formats[{i}]{what}");
            let lower = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
            if format.id.is_empty() || !format.id.chars().all(lower) {
                return Err((
                    key(".id"),
                    format!("'{}' is not a lower-case id", format.id),
                ));
            }
            if format.id == DEFAULT_FORMAT || !ids.insert(format.id.as_str()) {
                return Err((
                    key(".id"),
                    format!("'{}' is reserved or used twice", format.id),
                ));
            }
            let name = fold_name(&format.name);
            if name.is_empty() || name == DEFAULT_FORMAT || !names.insert(name) {
                return Err((
                    key(".name"),
                    format!("'{}' is empty, reserved or used twice", format.name),
                ));
            }
            for (j, id) in format.remove.iter().enumerate() {
                if !exists(id) {
                    return Err((
                        key(&format!(".remove[{j}]")),
                        format!("no default rule has the id '{id}'"),
                    ));
                }
            }
            for (j, rule) in format.replace.iter().enumerate() {
                let at = key(&format!(".replace[{j}]"));
                if !exists(&rule.id) || format.remove.contains(&rule.id) {
                    return Err((
                        at,
                        format!("no default rule to replace has the id '{}'", rule.id),
                    ));
                }
                if format.replace[..j].iter().any(|r| r.id == rule.id) {
                    return Err((at, format!("rule '{}' is replaced twice", rule.id)));
                }
                rule.validate(self).map_err(|m| (at, m))?;
            }
            for (j, rule) in format.add.iter().enumerate() {
                let at = key(&format!(".add[{j}]"));
                if exists(&rule.id) || format.add[..j].iter().any(|r| r.id == rule.id) {
                    return Err((
                        at,
                        format!(
                            "rule id '{}' clashes with another rule (replace it instead)",
                            rule.id
                        ),
                    ));
                }
                rule.validate(self).map_err(|m| (at, m))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
[[card_types]]
name = "Hero"
[[sections]]
id = "main"
name = "Main"
[[deck.rules]]
id = "size"
kind = "size"
severity = "error"
max = 40
[[deck.rules]]
id = "copies"
kind = "copies"
severity = "warning"
max = 4
[[deck.rules]]
id = "one-hero"
kind = "limit"
severity = "error"
filter = { types = ["Hero"] }
max = 1
label = "Hero"
"#;

    fn with_format(format: &str) -> String {
        format!("{GAME}\n[[formats]]\nid = \"strict\"\nname = \"Strict\"\n{format}\n")
    }

    #[test]
    fn a_format_removes_replaces_in_place_and_adds_rules() {
        let text = with_format(
            "description = \"d\"\nremove = [\"one-hero\"]\n\
             [[formats.replace]]\nid = \"copies\"\nkind = \"copies\"\nseverity = \"error\"\nmax = 2\n\
             [[formats.add]]\nid = \"min\"\nkind = \"size\"\nseverity = \"error\"\nmin = 40\n",
        );
        let game = Game::from_toml("tiny.toml", &text).unwrap();
        let format = game.format("STRICT").unwrap().unwrap();
        assert_eq!(game.format("strict").unwrap(), Some(format));
        let rules = format.rules(&game.deck.rules);
        let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, ["size", "copies", "min"]);
        assert_eq!(rules[1].severity, crate::Severity::Error);
        assert_eq!(game.format("Default").unwrap(), None);
    }

    #[test]
    fn an_unknown_format_names_the_game_s_formats() {
        let game = Game::from_toml("tiny.toml", &with_format("")).unwrap();
        assert_eq!(
            game.format("loose").unwrap_err().to_string(),
            "tiny has no format 'loose' (its formats: default, strict)"
        );
    }

    #[test]
    fn formats_are_checked_when_the_definition_loads() {
        let rule =
            |id: &str| format!("id = \"{id}\"\nkind = \"size\"\nseverity = \"error\"\nmax = 3");
        let cases = [
            (
                "remove = [\"sizee\"]".to_owned(),
                "tiny.toml: formats[0].remove[0]: no default rule has the id 'sizee'",
            ),
            (
                format!("[[formats.replace]]\n{}", rule("nope")),
                "tiny.toml: formats[0].replace[0]: no default rule to replace has the id 'nope'",
            ),
            (
                format!("remove = [\"size\"]\n[[formats.replace]]\n{}", rule("size")),
                "tiny.toml: formats[0].replace[0]: no default rule to replace has the id 'size'",
            ),
            (
                format!("[[formats.add]]\n{}", rule("copies")),
                "tiny.toml: formats[0].add[0]: rule id 'copies' clashes with another rule (replace it instead)",
            ),
            (
                format!("[[formats.add]]\n{}\n[[formats.add]]\n{}", rule("new"), rule("new")),
                "tiny.toml: formats[0].add[1]: rule id 'new' clashes with another rule (replace it instead)",
            ),
            (
                "[[formats.add]]\nid = \"x\"\nkind = \"limit\"\nseverity = \"error\"\nfilter = { types = [\"Wizard\"] }\nmax = 1\nlabel = \"W\"".to_owned(),
                "tiny.toml: formats[0].add[0]: 'Wizard' is not a card type of Tiny Game",
            ),
            (
                "[[formats]]\nid = \"other\"\nname = \"STRICT\"".to_owned(),
                "tiny.toml: formats[1].name: 'STRICT' is empty, reserved or used twice",
            ),
            (
                "[[formats]]\nid = \"strict\"\nname = \"Other\"".to_owned(),
                "tiny.toml: formats[1].id: 'strict' is reserved or used twice",
            ),
            (
                "[[formats]]\nid = \"default\"\nname = \"Other\"".to_owned(),
                "tiny.toml: formats[1].id: 'default' is reserved or used twice",
            ),
            (
                "[[formats]]\nid = \"Big One\"\nname = \"Other\"".to_owned(),
                "tiny.toml: formats[1].id: 'Big One' is not a lower-case id",
            ),
        ];
        for (format, expected) in cases {
            let err = Game::from_toml("tiny.toml", &with_format(&format))
                .unwrap_err()
                .to_string();
            // `tiny.toml: LINE:COLUMN: key: message`, the key as the case states it.
            let (at, rest) = err
                .strip_prefix("tiny.toml: ")
                .and_then(|e| e.split_once(": "))
                .unwrap_or_else(|| panic!("{err}"));
            let line_column = at.split(':').all(|n| n.parse::<usize>().is_ok());
            assert!(line_column, "{format}: {err}");
            assert_eq!(format!("tiny.toml: {rest}"), expected, "{format}");
        }
        let err = Game::from_toml("tiny.toml", &with_format("adds = []"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `adds`"), "{err}");
    }
}
