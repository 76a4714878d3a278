//! The set of known games.

use crate::error::CoreError;
use crate::game::Game;

/// Every loaded game definition, in a stable order (by id).
#[derive(Debug, Clone, Default)]
pub struct Games {
    games: Vec<Game>,
}

impl Games {
    /// Parses each `(source_name, toml_text)`; the first malformed one is the error.
    pub fn from_sources<'a>(
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Games, CoreError> {
        let mut games = Vec::new();
        for (source_name, text) in sources {
            let game = Game::from_toml(source_name, text)?;
            if games.iter().any(|g: &Game| g.id == game.id) {
                return Err(CoreError::GameDefinition {
                    source_name: source_name.to_owned(),
                    location: crate::Location::Path("id".into()),
                    message: format!("game '{}' is defined twice", game.id),
                });
            }
            games.push(game);
        }
        games.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(Games { games })
    }

    pub fn get(&self, id: &str) -> Result<&Game, CoreError> {
        self.games
            .iter()
            .find(|g| g.id == id)
            .ok_or_else(|| CoreError::UnknownGame {
                id: id.to_owned(),
                known: self.ids().join(", "),
            })
    }

    pub fn iter(&self) -> impl Iterator<Item = &Game> {
        self.games.iter()
    }

    pub fn ids(&self) -> Vec<&str> {
        self.games.iter().map(|g| g.id.as_str()).collect()
    }
}
