//! A game's construction rules in plain words, for the app's Rules page and `deckhand game
//! rules`: so a player sees what "legal" means before building. Each rule: its id, what it
//! counts, its limit, its severity and its hint; then each format, as its changes and the
//! whole rule list it gives.

use serde::Serialize;

use deckhand_core::{CardFilter, Game, GameOrigin, Hook, Rule, RuleKind, Severity};

use crate::{Deckhand, Result};

/// Everything the Rules page shows for one game.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct GameRules {
    pub id: String,
    pub name: String,
    pub origin: GameOrigin,
    /// The sections that make up a deck, by name.
    pub counted_sections: Vec<String>,
    /// The default rules.
    pub rules: Vec<RuleWords>,
    pub formats: Vec<FormatRules>,
}

/// One rule in a player's words.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct RuleWords {
    pub id: String,
    /// What the rule counts or looks at ("copies of each card in Main deck").
    pub counts: String,
    /// The limit ("at most 3 (Spell: 2)").
    pub limit: String,
    pub severity: Severity,
    pub hint: Option<String>,
}

/// A format: what it changes, and the rules a deck of it is checked against.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct FormatRules {
    pub id: String,
    pub name: String,
    pub description: String,
    /// "replaces copies", "removes one-champion", "adds min-size".
    pub changes: Vec<String>,
    pub rules: Vec<RuleWords>,
}

impl Deckhand {
    /// The rules of `game` (and of each of its formats) in plain words.
    pub fn game_rules(&self, game: &str) -> Result<GameRules> {
        let game = self.games().get(game)?;
        let words = |rules: &[Rule]| rules.iter().map(|r| rule_words(game, r)).collect();
        Ok(GameRules {
            id: game.id.clone(),
            name: game.name.clone(),
            origin: self.game_origin(&game.id)?,
            counted_sections: game
                .deck
                .counted_sections
                .iter()
                .map(|s| game.section_name(s).to_owned())
                .collect(),
            rules: words(&game.deck.rules),
            formats: game
                .formats
                .iter()
                .map(|format| FormatRules {
                    id: format.id.clone(),
                    name: format.name.clone(),
                    description: format.description.clone(),
                    changes: format
                        .replace
                        .iter()
                        .map(|r| format!("replaces {}", r.id))
                        .chain(format.remove.iter().map(|id| format!("removes {id}")))
                        .chain(format.add.iter().map(|r| format!("adds {}", r.id)))
                        .collect(),
                    rules: words(&format.rules(&game.deck.rules)),
                })
                .collect(),
        })
    }
}

/// One rule's words: what it counts and its limit.
pub(crate) fn rule_words(game: &Game, rule: &Rule) -> RuleWords {
    let sections = rule
        .counted_sections(&game.deck)
        .iter()
        .map(|s| game.section_name(s))
        .collect::<Vec<_>>()
        .join(" and ");
    let stat = |id: &str| {
        game.stats
            .get(id)
            .map_or(id.to_owned(), |s| s.label.clone())
    };
    let (counts, limit) = match &rule.kind {
        RuleKind::Size { filter, min, max } => (
            format!("{} in {sections}", cards(filter)),
            match (min, max) {
                (Some(min), Some(max)) if min == max => format!("exactly {min}"),
                (Some(min), Some(max)) => format!("{min} to {max}"),
                (Some(min), None) => format!("at least {min}"),
                (None, Some(max)) => format!("at most {max}"),
                (None, None) => "any number".into(),
            },
        ),
        RuleKind::Copies {
            max,
            per_type,
            filter,
        } => {
            let overrides: Vec<String> =
                per_type.iter().map(|(t, n)| format!("{t}: {n}")).collect();
            let exceptions = if overrides.is_empty() {
                String::new()
            } else {
                format!(" ({})", overrides.join(", "))
            };
            (
                format!(
                    "copies of each of the {} (by name) in {sections}",
                    cards(filter)
                ),
                format!("at most {max} of each{exceptions}"),
            )
        }
        RuleKind::Limit { filter, max, label } => (
            if filter.types == [label.clone()] && filter.not_types.is_empty() {
                format!("{label} cards in {sections}")
            } else {
                format!("{label} cards ({}) in {sections}", cards(filter))
            },
            format!("at most {max} in all"),
        ),
        RuleKind::AllowedTypes { types } => (
            format!("the card types listed in {sections}"),
            format!("only {}", types.join(", ")),
        ),
        RuleKind::SameValue { field, filter } => (
            format!("the {} of the {} in {sections}", stat(field), cards(filter)),
            "one value, shared by every card that has one".into(),
        ),
        RuleKind::SideMatch { deck_side } => (
            format!(
                "the side of each card in a {} deck's {sections}",
                deck_side.as_str()
            ),
            format!("every card with a side is a {} card", deck_side.as_str()),
        ),
        RuleKind::Requirement {
            filter,
            stat: requires,
            satisfied_by,
        } => (
            format!(
                "what the {} in {sections} name as {}",
                cards(filter),
                stat(requires)
            ),
            format!(
                "each is met by one of the {} (keyword, name or class)",
                cards(satisfied_by)
            ),
        ),
        RuleKind::FixedComposition { compositions, .. } => (
            format!("the cards in {sections}, when listed"),
            format!(
                "exactly one of the fixed lists: {}",
                compositions
                    .iter()
                    .map(|c| format!("{} ({} cards)", c.name, c.cards.values().sum::<u32>()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        RuleKind::Hook {
            hook: Hook::HotgRangerTeam,
        } => (
            format!("the Rangers and combat cards in {sections}"),
            "one or two different Rangers, and 10 combat cards of each Ranger's colour".into(),
        ),
    };
    RuleWords {
        id: rule.id.clone(),
        counts,
        limit,
        severity: rule.severity,
        hint: rule.hint.clone(),
    }
}

/// "cards", "Unit or Spell cards", "cards other than Champion".
fn cards(filter: &CardFilter) -> String {
    let mut words = if filter.types.is_empty() {
        "cards".to_owned()
    } else {
        format!("{} cards", filter.types.join(" or "))
    };
    if !filter.not_types.is_empty() {
        words.push_str(&format!(" other than {}", filter.not_types.join(" or ")));
    }
    words
}

#[cfg(test)]
mod tests {
    use crate::Deckhand;

    #[test]
    fn every_bundled_rule_and_format_has_words() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        for game in deckhand.games().iter() {
            let rules = deckhand.game_rules(&game.id).unwrap();
            assert_eq!(rules.rules.len(), game.deck.rules.len(), "{}", game.id);
            let all = rules
                .rules
                .iter()
                .chain(rules.formats.iter().flat_map(|f| &f.rules));
            for rule in all {
                assert!(
                    !rule.counts.is_empty() && !rule.limit.is_empty(),
                    "{}: {rule:?}",
                    game.id
                );
            }
        }
        let sms = deckhand.game_rules("sms").unwrap();
        let super_limit = sms.rules.iter().find(|r| r.id == "one-super").unwrap();
        assert_eq!(
            (super_limit.counts.as_str(), super_limit.limit.as_str()),
            ("Super cards in Deck", "at most 1 in all")
        );
        let each = &sms.formats[0];
        assert_eq!(each.changes, ["replaces one-super"]);
        let replaced = each.rules.iter().find(|r| r.id == "one-super").unwrap();
        assert_eq!(replaced.limit, "at most 1 of each");
    }
}
