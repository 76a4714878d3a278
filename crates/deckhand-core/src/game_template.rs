//! The commented template `deckhand game new` writes: a small, valid game that explains
//! every section and rule kind, for a player to edit into their own.

use crate::error::{CoreError, Location};
use crate::game::Game;

const TEMPLATE: &str = include_str!("templates/game.toml");

/// The template for a game `id` named `name`, checked to load as it is. A bad id or a name
/// that is not one line is the error.
pub fn game_template(id: &str, name: &str) -> Result<String, CoreError> {
    let refuse = |key: &str, message: String| CoreError::GameDefinition {
        source_name: "game new".into(),
        location: Location::Path(key.into()),
        message,
    };
    if name.trim().is_empty() || name.chars().any(char::is_control) {
        return Err(refuse(
            "--name",
            format!("'{}' is not a one-line name", crate::clip(name)),
        ));
    }
    let id_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    if id.is_empty() || !id.chars().all(id_char) {
        return Err(refuse(
            "--id",
            format!(
                "'{}' is not a lower-case id (letters a-z, digits and -)",
                crate::clip(id)
            ),
        ));
    }
    let quoted = name.trim().replace('\\', "\\\\").replace('"', "\\\"");
    let text = TEMPLATE.replace("{{ID}}", id).replace("{{NAME}}", &quoted);
    Game::from_toml("game new", &text)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_loads_and_keeps_the_id_and_name_it_was_given() {
        let text = game_template("my-game", "My \"Quoted\" Game").unwrap();
        let game = Game::from_toml("t.toml", &text).unwrap();
        assert_eq!(game.id, "my-game");
        assert_eq!(game.name, "My \"Quoted\" Game");
        assert_eq!(game.formats.len(), 1);
    }

    #[test]
    fn the_template_teaches_the_effect_reader_its_words() {
        let text = game_template("my-game", "My Game").unwrap();
        let game = Game::from_toml("t.toml", &text).unwrap();
        assert!(!game.effects.words.is_empty());
        let stats = [("cost".to_owned(), crate::StatValue::Number(2))].into();
        let facts = crate::CardFacts {
            card_type: Some("Unit"),
            stats: Some(&stats),
            ..crate::CardFacts::default()
        };
        let reading = crate::read_effects(
            "Tap: Banish a creature from the battlefield. Cast: Gain 1 [MANA].",
            &game,
            &facts,
        );
        assert_eq!(
            reading.effects_text,
            "activate (spend 2 mana): move 1 [t:unit] from battlefield to graveyard | \
             when played: gain 1 mana"
        );
    }

    #[test]
    fn the_template_explains_every_rule_kind() {
        for kind in [
            "size",
            "copies",
            "limit",
            "allowed_types",
            "same_value",
            "side_match",
            "requirement",
            "fixed_composition",
            "hook",
        ] {
            assert!(
                TEMPLATE.contains(&format!("kind = \"{kind}\"")),
                "the template does not show the rule kind {kind}"
            );
        }
    }

    #[test]
    fn a_bad_id_or_name_is_refused() {
        let err = game_template("My Game", "x").unwrap_err().to_string();
        assert_eq!(
            err,
            "game new: --id: 'My Game' is not a lower-case id (letters a-z, digits and -)"
        );
        let err = game_template("g", "two\nlines").unwrap_err().to_string();
        assert!(err.starts_with("game new: --name: "), "{err}");
    }
}
