//! Deck-construction rules as typed data (`[[deck.rules]]` in a game definition), and
//! their check against the game when the definition loads.
//!
//! A handful of rule kinds compose every game's rules; a game whose rule data cannot state
//! names a [`Hook`] instead, implemented in Rust in `legality.rs`.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::name::fold_name;
use crate::Game;

/// How bad a finding is: an error makes a deck illegal; a warning does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// The deck-construction part of a game definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRules {
    /// How a deck's side is decided when the player does not say.
    #[serde(default)]
    pub default_side: DefaultSide,
    /// The sections whose cards make up the deck: they count toward its size and are what
    /// every rule that names no sections of its own looks at. `side` and `maybe` never
    /// count, for any game (cards set aside, or being considered). Default: `["main"]`.
    #[serde(default = "main_only")]
    pub counted_sections: Vec<String>,
    /// Card types that belong in a given section wherever the deck's own sections list
    /// them (`sms`: Heroes, Villains and Leaders are characters). A card of such a type
    /// listed in `side` or `maybe` stays there and counts for nothing.
    #[serde(default)]
    pub section_of_type: BTreeMap<String, String>,
    /// The stat a deck's curve chart counts (a cost, or the energy a card needs).
    #[serde(default)]
    pub curve_stat: Option<String>,
    #[serde(default)]
    pub rules: Vec<Rule>,
}

fn main_only() -> Vec<String> {
    vec!["main".to_owned()]
}

impl DeckRules {
    /// Checks the rules against the game they belong to: every section, card type and
    /// stat they name exists. The error is `(key, message)`, the key naming the field.
    pub(crate) fn validate(&self, game: &Game) -> Result<(), (String, String)> {
        let known_type = |name: &String| game.card_type(name).is_some();
        for (card_type, section) in &self.section_of_type {
            if !known_type(card_type) || !game.own_section(section) {
                return Err((
                    format!("deck.section_of_type.{card_type}"),
                    format!(
                        "'{card_type}' is not a card type or '{section}' is not one of the game's sections"
                    ),
                ));
            }
        }
        if self.counted_sections.is_empty() {
            return Err((
                "deck.counted_sections".into(),
                "a deck needs at least one counted section".into(),
            ));
        }
        if let Some(section) = self.counted_sections.iter().find(|s| !game.own_section(s)) {
            return Err((
                "deck.counted_sections".into(),
                format!(
                    "'{section}' is not one of the game's sections (side and maybe never count)"
                ),
            ));
        }
        if let Some(stat) = self
            .curve_stat
            .as_ref()
            .filter(|s| !game.stats.contains_key(*s))
        {
            return Err(("deck.curve_stat".into(), format!("unknown stat '{stat}'")));
        }
        let mut ids = BTreeSet::new();
        for (i, rule) in self.rules.iter().enumerate() {
            let key = format!("deck.rules[{i}]");
            if !ids.insert(rule.id.as_str()) {
                return Err((key, format!("rule id '{}' is used twice", rule.id)));
            }
            rule.validate(game).map_err(|message| (key, message))?;
        }
        Ok(())
    }
}

impl Default for DeckRules {
    fn default() -> Self {
        DeckRules {
            default_side: DefaultSide::default(),
            counted_sections: main_only(),
            section_of_type: BTreeMap::new(),
            curve_stat: None,
            rules: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefaultSide {
    /// The deck has no side.
    #[default]
    None,
    /// A villain deck when every sided card of the counted sections is a villain card,
    /// else a hero deck (`pr-acg`). Cards without a side are not looked at.
    VillainIfAllVillain,
}

/// Which cards a rule looks at.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFilter {
    /// Only cards of these types (default: every type).
    #[serde(default)]
    pub types: Vec<String>,
    /// Every type except these.
    #[serde(default)]
    pub not_types: Vec<String>,
}

/// One construction rule. `id` is stable (diagnostics carry it); `hint` tells the player
/// how to fix a violation. (Unknown keys are rejected by [`RuleKind`]: serde cannot deny
/// them on a struct with a flattened field.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    pub id: String,
    pub severity: Severity,
    /// The deck sections the rule counts; empty means the game's `counted_sections`.
    /// Never `side` or `maybe`.
    #[serde(default)]
    pub sections: Vec<String>,
    #[serde(default)]
    pub hint: Option<String>,
    #[serde(flatten)]
    pub kind: RuleKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleKind {
    /// The number of (filtered) cards is at least `min` and at most `max`.
    Size {
        #[serde(default)]
        filter: CardFilter,
        #[serde(default)]
        min: Option<u32>,
        #[serde(default)]
        max: Option<u32>,
    },
    /// At most `max` cards with the same name; `per_type` overrides it for some types.
    Copies {
        max: u32,
        #[serde(default)]
        per_type: BTreeMap<String, u32>,
        #[serde(default)]
        filter: CardFilter,
    },
    /// At most `max` cards matching `filter` in all (`sms`: one Super, ten Attachments).
    Limit {
        filter: CardFilter,
        max: u32,
        label: String,
    },
    /// Only cards of these types may be listed in the counted sections (`pr-dbg`'s main
    /// deck; `sms`'s characters). The finding names each card and the section it is in.
    AllowedTypes { types: Vec<String> },
    /// Every counted card that has `field` shares one value of it (`set_letter`, `color`).
    SameValue {
        field: String,
        #[serde(default)]
        filter: CardFilter,
    },
    /// In a deck of side `deck_side`, every card that has a side must be of that side.
    SideMatch { deck_side: crate::Side },
    /// Each card of `filter` names, in its `stat`, a Keyword, Name or Class that one of
    /// the cards of `satisfied_by` in the same counted sections must have (`sms` Leaders).
    Requirement {
        filter: CardFilter,
        stat: String,
        satisfied_by: CardFilter,
    },
    /// The counted sections, when present, hold exactly one of these lists. `aliases` maps
    /// other spellings of a card name to the one the lists use (`pr-dbg`: the rulebook
    /// also spells "Recovery" as "Recover"; docs/decks.md#each-games-deck-rules).
    FixedComposition {
        compositions: Vec<Composition>,
        #[serde(default)]
        aliases: BTreeMap<String, String>,
    },
    /// A rule written in Rust.
    Hook { hook: Hook },
}

/// A named, fixed deck list (a starter deck).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Composition {
    pub name: String,
    /// Card name → count.
    pub cards: BTreeMap<String, u32>,
    /// The side whose starter deck this is (`pr-dbg`: the goldfish plays it for a deck of
    /// that side that lists none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<crate::Side>,
}

/// Rules that data cannot express.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hook {
    /// `pr-hotg`: one or two distinct Rangers, listed; ten combat cards of each listed
    /// Ranger's color.
    HotgRangerTeam,
}

impl CardFilter {
    pub fn matches(&self, card_type: &str) -> bool {
        let eq = |t: &String| crate::fold_name(t) == crate::fold_name(card_type);
        (self.types.is_empty() || self.types.iter().any(eq)) && !self.not_types.iter().any(eq)
    }

    /// Type names the filter mentions (validated against the game's types).
    pub fn type_names(&self) -> impl Iterator<Item = &String> {
        self.types.iter().chain(&self.not_types)
    }
}

impl Rule {
    /// What serde cannot check about one rule (a default rule or a format's): the sections,
    /// card types and stats it names exist in `game`.
    pub(crate) fn validate(&self, game: &Game) -> Result<(), String> {
        let known_type = |name: &String| game.card_type(name).is_some();
        if let Some(section) = self.sections.iter().find(|s| !game.has_section(s)) {
            return Err(format!("unknown section '{section}'"));
        }
        if let Some(section) = self.sections.iter().find(|s| !game.own_section(s)) {
            return Err(format!(
                "a rule cannot count '{section}': side and maybe never count"
            ));
        }
        if let RuleKind::FixedComposition {
            compositions,
            aliases,
        } = &self.kind
        {
            let listed = |name: &String| {
                compositions
                    .iter()
                    .any(|c| c.cards.keys().any(|n| fold_name(n) == fold_name(name)))
            };
            if let Some((alias, name)) = aliases.iter().find(|(_, name)| !listed(name)) {
                return Err(format!(
                    "alias '{alias}' names '{name}', which no composition lists"
                ));
            }
        }
        if let RuleKind::Size {
            min: Some(min),
            max: Some(max),
            ..
        } = &self.kind
        {
            if min > max {
                return Err(format!("min {min} is above max {max}: no deck could pass"));
            }
        }
        let filters: Vec<&CardFilter> = match &self.kind {
            RuleKind::Size { filter, .. } | RuleKind::Copies { filter, .. } => vec![filter],
            RuleKind::Limit { filter, .. } | RuleKind::SameValue { filter, .. } => vec![filter],
            RuleKind::Requirement {
                filter,
                satisfied_by,
                ..
            } => vec![filter, satisfied_by],
            _ => vec![],
        };
        let mut types: Vec<&String> = filters.iter().flat_map(|f| f.type_names()).collect();
        match &self.kind {
            RuleKind::Copies { per_type, .. } => types.extend(per_type.keys()),
            RuleKind::AllowedTypes { types: allowed } => types.extend(allowed),
            _ => {}
        }
        if let Some(unknown) = types.into_iter().find(|t| !known_type(t)) {
            return Err(format!("'{unknown}' is not a card type of {}", game.name));
        }
        let stat = match &self.kind {
            RuleKind::Requirement { stat, .. } => Some(stat),
            RuleKind::SameValue { field, .. } if field != "color" && field != "side" => Some(field),
            _ => None,
        };
        if let Some(stat) = stat.filter(|s| !game.stats.contains_key(*s)) {
            return Err(format!("unknown stat '{stat}'"));
        }
        Ok(())
    }

    /// The sections this rule counts: its own, else the game's counted sections.
    pub fn counted_sections<'a>(&'a self, deck: &'a DeckRules) -> &'a [String] {
        if self.sections.is_empty() {
            &deck.counted_sections
        } else {
            &self.sections
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::tests::{error_of, MINIMAL};
    use crate::Game;

    #[test]
    fn deck_rules_are_checked_when_the_definition_loads() {
        let with_rule = |rule: &str| format!("{MINIMAL}\n[[deck.rules]]\n{rule}\n");
        let cases = [
            ("id = \"a\"\nkind = \"copies\"\nseverity = \"error\"\nmaxx = 3", "unknown field `maxx`"),
            ("id = \"a\"\nkind = \"copies\"\nseverity = \"error\"\nmax = 3\nper_type = { Wizard = 1 }",
             "deck.rules[0]: 'Wizard' is not a card type of Tiny Game"),
            ("id = \"a\"\nkind = \"size\"\nseverity = \"error\"\nmax = 3\nsections = [\"attic\"]",
             "deck.rules[0]: unknown section 'attic'"),
            ("id = \"a\"\nkind = \"size\"\nseverity = \"error\"\nmax = 3\nsections = [\"side\"]",
             "deck.rules[0]: a rule cannot count 'side': side and maybe never count"),
            ("id = \"a\"\nkind = \"fixed_composition\"\nseverity = \"error\"\naliases = { Recover = \"Recovery\" }\n[[deck.rules.compositions]]\nname = \"S\"\ncards = { Teamwork = 7 }",
             "deck.rules[0]: alias 'Recover' names 'Recovery', which no composition lists"),
            ("id = \"a\"\nkind = \"same_value\"\nseverity = \"error\"\nfield = \"letter\"",
             "deck.rules[0]: unknown stat 'letter'"),
            ("id = \"a\"\nkind = \"teleport\"\nseverity = \"error\"", "unknown variant `teleport`"),
            ("id = \"a\"\nkind = \"size\"\nseverity = \"fatal\"", "unknown variant `fatal`"),
        ];
        for (rule, expected) in cases {
            let err = error_of(&with_rule(rule));
            assert!(err.contains(expected), "{rule}: {err}");
        }
        assert!(Game::from_toml(
            "tiny.toml",
            &with_rule("id = \"a\"\nkind = \"copies\"\nseverity = \"error\"\nmax = 3")
        )
        .is_ok());
    }

    #[test]
    fn side_and_maybe_can_never_be_counted_or_forced() {
        let cases = [
            (
                "[deck]\ncounted_sections = [\"main\", \"maybe\"]",
                "tiny.toml: 16:1: deck.counted_sections: 'maybe' is not one of the game's sections (side and maybe never count)",
            ),
            (
                "[deck]\ncounted_sections = []",
                "tiny.toml: 16:1: deck.counted_sections: a deck needs at least one counted section",
            ),
            (
                "[deck.section_of_type]\nUnit = \"side\"",
                "tiny.toml: 16:1: deck.section_of_type.Unit: 'Unit' is not a card type or 'side' is not one of the game's sections",
            ),
        ];
        for (deck, expected) in cases {
            assert_eq!(
                error_of(&format!("{MINIMAL}\n{deck}\n")),
                expected,
                "{deck}"
            );
        }
        let game = Game::from_toml("tiny.toml", MINIMAL).unwrap();
        assert_eq!(game.deck.counted_sections, ["main"]);
        assert_eq!(
            (game.section_name("main"), game.section_name("maybe")),
            ("Main", "Maybe")
        );
    }
}
