//! The set of known games: the bundled definitions and the ones a player added.

use std::collections::BTreeSet;

use crate::error::{CoreError, Location};
use crate::game::Game;

/// Every loaded game definition, in a stable order (by id).
#[derive(Debug, Clone, Default)]
pub struct Games {
    games: Vec<Game>,
    /// Ids of the games a player added (the others are bundled).
    player: BTreeSet<String>,
}

/// Where a loaded definition came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum GameOrigin {
    /// Compiled into this build from `data/games/`.
    Bundled,
    /// Added by the player (`deckhand game add`).
    Player,
}

impl Games {
    /// Parses each `(source_name, toml_text)`; the first malformed one is the error.
    pub fn from_sources<'a>(
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Games, CoreError> {
        let mut games = Games::default();
        for (source_name, text) in sources {
            let game = games.read_new(source_name, text)?;
            games.games.push(game);
        }
        games.games.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(games)
    }

    /// Parses and validates a definition that is to join these games: besides
    /// [`Game::from_toml`]'s checks, its id must not be one of theirs (a player's game
    /// never shadows a bundled one, nor another player's).
    pub fn read_new(&self, source_name: &str, text: &str) -> Result<Game, CoreError> {
        let game = Game::from_toml(source_name, text)?;
        if let Some(origin) = self.origin(&game.id) {
            let whose = match origin {
                GameOrigin::Bundled => "a bundled game; choose another",
                GameOrigin::Player => {
                    "a game already added (game add --replace installs a new version of it)"
                }
            };
            return Err(CoreError::GameDefinition {
                source_name: source_name.to_owned(),
                location: crate::locate::locate(text, "id")
                    .unwrap_or_else(|| Location::Path("id".into())),
                message: format!("id: '{}' is the id of {whose}", game.id),
            });
        }
        Ok(game)
    }

    /// Adds a player's game read with [`Games::read_new`].
    pub fn add_player_game(&mut self, game: Game) {
        self.player.insert(game.id.clone());
        let at = self.games.partition_point(|g| g.id < game.id);
        self.games.insert(at, game);
    }

    /// Removes a player's game; bundled games stay (`None`).
    pub fn remove_player_game(&mut self, id: &str) -> Option<Game> {
        if !self.player.remove(id) {
            return None;
        }
        let at = self.games.iter().position(|g| g.id == id)?;
        Some(self.games.remove(at))
    }

    /// Whether `id` is bundled or a player's; `None` for an unknown id.
    pub fn origin(&self, id: &str) -> Option<GameOrigin> {
        if self.player.contains(id) {
            Some(GameOrigin::Player)
        } else if self.games.iter().any(|g| g.id == id) {
            Some(GameOrigin::Bundled)
        } else {
            None
        }
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
