//! The options only some games' goldfish take: an enemy line-up and a combat die (Heroes of
//! the Grid), the answer to the opening hand's mulligan (Showdown). Each game declares the
//! ones it takes ([`Goldfish::OPTIONS`](crate::procedure::Goldfish::OPTIONS)); a run carries
//! what a player gave in one [`GameOptions`]; the registry refuses one its game does not
//! take, and the game reads its own when it is built. The runs, the facade, the CLI and the
//! app pass them along without knowing which game takes what: they ask a game's
//! capabilities.

use serde::{Deserialize, Serialize};

use crate::error::GoldfishError;
use crate::simulate::EnemyGroup;

/// An option a game's goldfish may take. A new kind is a variant here, its field in
/// [`GameOptions`] and its arm in [`GameOptions::given`]; the compiler points at the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum GameOption {
    /// The enemies the goldfish battles, by enemy deck and figures.
    EnemyLineup,
    /// The combat die's faces, in hits.
    CombatDie,
    /// Whether the opening hand is mulliganed (the pilot decides when none is given).
    Mulligan,
}

impl GameOption {
    /// Every kind, in the order a form shows them.
    pub const ALL: [GameOption; 3] = [
        GameOption::EnemyLineup,
        GameOption::CombatDie,
        GameOption::Mulligan,
    ];

    /// In a player's words, as an error names it ("an enemy line-up").
    pub fn described(self) -> &'static str {
        match self {
            GameOption::EnemyLineup => "an enemy line-up (--enemies)",
            GameOption::CombatDie => "a combat die (--die)",
            GameOption::Mulligan => "a mulligan answer (--mulligan)",
        }
    }
}

/// What a player chose of the options only some games take; every field empty (the
/// default) means "the game's own defaults".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// [`GameOption::EnemyLineup`]; empty: the game definition's default line-up (the
    /// facade resolves it from the stored enemy decks).
    pub enemies: Vec<EnemyGroup>,
    /// [`GameOption::CombatDie`]; `None`: the game definition's `[goldfish] die_faces`.
    pub die_faces: Option<Vec<u8>>,
    /// [`GameOption::Mulligan`]: `Some(true)` mulligans every opening hand, `Some(false)`
    /// keeps it; `None` lets the pilot decide.
    pub mulligan: Option<bool>,
}

impl GameOptions {
    /// Nothing given: every game's defaults.
    pub const NONE: GameOptions = GameOptions {
        enemies: Vec::new(),
        die_faces: None,
        mulligan: None,
    };

    /// Just an enemy line-up.
    pub fn lineup(enemies: Vec<EnemyGroup>) -> GameOptions {
        GameOptions {
            enemies,
            ..GameOptions::default()
        }
    }

    /// The options given (not left to the game's defaults).
    pub fn given(&self) -> impl Iterator<Item = GameOption> + '_ {
        GameOption::ALL.into_iter().filter(|option| match option {
            GameOption::EnemyLineup => !self.enemies.is_empty(),
            GameOption::CombatDie => self.die_faces.is_some(),
            GameOption::Mulligan => self.mulligan.is_some(),
        })
    }

    /// Refuses an option given to a game whose goldfish does not take it (`takes`, the
    /// game's [`Goldfish::OPTIONS`](crate::procedure::Goldfish::OPTIONS)): a line-up given
    /// to a game without enemies would otherwise be dropped without a word.
    pub(crate) fn check(&self, game: &str, takes: &[GameOption]) -> Result<(), GoldfishError> {
        match self.given().find(|option| !takes.contains(option)) {
            None => Ok(()),
            Some(option) => Err(GoldfishError::InvalidOptions(format!(
                "{game}'s goldfish does not take {}{}",
                option.described(),
                match takes {
                    [] => String::from(": it takes no options of its own"),
                    _ => format!(
                        ": it takes {}",
                        takes
                            .iter()
                            .map(|o| o.described())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_the_game_does_not_take_is_refused_with_what_it_does_take() {
        let lineup = GameOptions {
            enemies: vec![EnemyGroup {
                name: "Putty Patrollers".into(),
                cards: Vec::new(),
                figures: 2,
            }],
            ..GameOptions::default()
        };
        let err = lineup.check("Zoids Scramble", &[]).unwrap_err().to_string();
        assert_eq!(
            err,
            "Zoids Scramble's goldfish does not take an enemy line-up (--enemies): it takes \
             no options of its own"
        );
        let die = GameOptions {
            die_faces: Some(vec![0, 1, 2]),
            ..GameOptions::default()
        };
        let err = die
            .check("Saturday Morning Showdown", &[GameOption::Mulligan])
            .unwrap_err();
        assert!(
            err.to_string().contains("it takes a mulligan answer"),
            "{err}"
        );
        assert!(die
            .check("pr-hotg", &[GameOption::EnemyLineup, GameOption::CombatDie])
            .is_ok());
        assert!(GameOptions::default().check("pr-acg", &[]).is_ok());
    }
}
