//! Games a player adds: definitions in `games/` beside the database, loaded at start-up
//! after the bundled ones; `add`, `remove`, `export`, and the commented template of a new
//! one. A file that does not load is reported (path and reason) and skipped: the other
//! games, and everything else, keep working.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use deckhand_core::{game_template, GameOrigin, Games};

use crate::output::{write_file, OutputGuard};
use crate::search::build_index;
use crate::user_file::read_game_file;
use crate::{bundled, Deckhand, Error, Result};

/// A player's game file that was not loaded, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct GameFileProblem {
    pub path: PathBuf,
    /// One line, naming the line and column where the file has one.
    pub message: String,
}

/// A player's game as loaded: the file it came from and its text (what `export` writes).
#[derive(Debug, Clone)]
pub(crate) struct PlayerGameFile {
    pub path: PathBuf,
    pub text: String,
}

/// The player's games of one database: where they live, the loaded ones by id, the files
/// that were skipped.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlayerGames {
    /// `None` for an in-memory database, which has no data directory.
    pub dir: Option<PathBuf>,
    pub files: BTreeMap<String, PlayerGameFile>,
    pub problems: Vec<GameFileProblem>,
}

/// A game added with [`Deckhand::add_game`].
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct AddedGame {
    pub id: String,
    pub name: String,
    /// Where the definition was installed.
    pub path: PathBuf,
    /// True when it took the place of an earlier definition of the same id.
    pub replaced: bool,
}

/// The folder of a database's own games: `games/` beside the database file, so a test
/// database in a temporary folder has its own.
pub fn games_dir_for(db: &Path) -> PathBuf {
    db.parent().unwrap_or(Path::new(".")).join("games")
}

/// Loads every `*.toml` of `dir` into `games` (in name order; a missing folder holds no
/// games). Each file is checked as `game add` checks it; one that fails is a problem,
/// not an error.
pub(crate) fn load_player_games(games: &mut Games, dir: PathBuf) -> PlayerGames {
    let mut loaded = PlayerGames {
        dir: Some(dir.clone()),
        ..PlayerGames::default()
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return loaded;
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        // Hidden files are an editor's or an interrupted write's, never a game.
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    paths.sort();
    for path in paths {
        let read = read_game_file(&path).and_then(|text| {
            let game = games.read_new(&path.display().to_string(), &text)?;
            Ok((game, text))
        });
        match read {
            Ok((game, text)) => {
                loaded
                    .files
                    .insert(game.id.clone(), PlayerGameFile { path, text });
                games.add_player_game(game);
            }
            Err(err) => loaded.problems.push(GameFileProblem {
                path,
                message: err.to_string(),
            }),
        }
    }
    loaded
}

/// Writes the commented template of a new game `id` named `name` to `out` (it loads as
/// it is; an id of a bundled game is refused, since such a game could never be added).
pub fn write_game_template(id: &str, name: &str, out: &Path) -> Result<()> {
    let text = game_template(id, name)?;
    // The template is valid; what is left to check is that the id is free.
    bundled::games()?.read_new("game new", &text)?;
    write_file(&OutputGuard::default(), out, text.as_bytes())
}

impl Deckhand {
    /// The player's game files that did not load at start-up, with the reason.
    pub fn game_problems(&self) -> &[GameFileProblem] {
        &self.player_games.problems
    }

    /// Whether a game is bundled or a player's.
    pub fn game_origin(&self, id: &str) -> Result<GameOrigin> {
        self.games.get(id)?;
        Ok(self.games.origin(id).unwrap_or(GameOrigin::Bundled))
    }

    /// Checks the definition in `file` and installs it in the games folder (written whole
    /// or not at all), then loads it. Its id must be new, unless `replace` is set and it
    /// is the id of a player's game (a bundled game is never replaced).
    pub fn add_game(&mut self, file: &Path, replace: bool) -> Result<AddedGame> {
        let dir = self.player_games.dir.clone().ok_or_else(no_games_dir)?;
        let text = read_game_file(file)?;
        let shown = file.display().to_string();
        let mut games = self.games.clone();
        let game = match deckhand_core::Game::from_toml(&shown, &text) {
            Ok(game) if replace && games.origin(&game.id) == Some(GameOrigin::Player) => {
                games.remove_player_game(&game.id);
                games.read_new(&shown, &text)?
            }
            Ok(_) => games.read_new(&shown, &text)?,
            Err(err) => return Err(err.into()),
        };
        if replace {
            self.check_cards_fit(&game, &shown)?;
        }
        std::fs::create_dir_all(&dir).map_err(|e| Error::DataDir {
            path: dir.clone(),
            message: e.to_string(),
        })?;
        // Other processes may add games meanwhile: the lock makes "is the id free?" and
        // the write one step, and the folder is looked at again under it.
        let _lock = lock_games_dir(&dir)?;
        let old = self
            .player_games
            .files
            .get(&game.id)
            .map(|f| f.path.clone());
        let path = old
            .clone()
            .unwrap_or_else(|| dir.join(format!("{}.toml", game.id)));
        if old.is_none() && path.exists() {
            return Err(Error::GameNotAdded {
                source_name: shown,
                message: format!(
                    "a game with id '{}' was added meanwhile (by another Deckhand);                      game add --replace installs a new version of it",
                    game.id
                ),
            });
        }
        write_file(&self.output_guard, &path, text.as_bytes())?;
        self.store.sync_games(std::iter::once(&game))?;
        let added = AddedGame {
            id: game.id.clone(),
            name: game.name.clone(),
            path: path.clone(),
            replaced: old.is_some(),
        };
        games.add_player_game(game);
        self.games = games;
        self.sample_cards.invalidate();
        self.player_games
            .files
            .insert(added.id.clone(), PlayerGameFile { path, text });
        // Its stats are search fields: the index's schema follows the games.
        self.index = build_index(
            &self.store,
            &self.games,
            self.index_dir.as_deref(),
            &mut |_| {},
        )?;
        Ok(added)
    }

    /// Refuses a new definition of a stored game that its stored cards would not fit (a
    /// type removed, a range narrowed…): they would export to files import refuses.
    fn check_cards_fit(&self, game: &deckhand_core::Game, source_name: &str) -> Result<()> {
        const NAMED: usize = 5;
        let mut misfits = Vec::new();
        let mut count = 0usize;
        let filter = deckhand_store::CardFilter {
            game: Some(&game.id),
        };
        self.store.for_each_card(&filter, |card| {
            if let Err(problems) = deckhand_core::CardDraft::from_card(&card).validate(game) {
                count += 1;
                if misfits.len() < NAMED {
                    let why = problems.first().map_or("", |p| p.message.as_str());
                    misfits.push(format!(
                        "'{}' ({}): {}",
                        deckhand_core::clip(&card.name),
                        deckhand_core::clip(&card.id),
                        deckhand_core::clip(why)
                    ));
                }
            }
            Ok::<(), Error>(())
        })?;
        if count == 0 {
            return Ok(());
        }
        let more = if count > NAMED {
            format!("; and {} more", count - NAMED)
        } else {
            String::new()
        };
        Err(Error::GameNotAdded {
            source_name: source_name.to_owned(),
            message: format!(
                "{count} stored card{} of {} would not fit this definition, so it was not installed: {}{more}; edit or delete those cards first, or keep what they need in the definition",
                if count == 1 { "" } else { "s" },
                game.id,
                misfits.join("; ")
            ),
        })
    }

    /// Removes a player's game: refused for a bundled game, and while the database holds
    /// cards, decks (deleted ones too: they can be restored) or collection rows of it.
    /// Returns the file that was deleted.
    pub fn remove_game(&mut self, id: &str) -> Result<PathBuf> {
        self.games.get(id)?;
        let Some(file) = self.player_games.files.get(id).cloned() else {
            return Err(Error::BundledGame { id: id.to_owned() });
        };
        let usage = self.store.game_usage(id)?;
        if !usage.is_empty() {
            return Err(Error::GameInUse {
                id: id.to_owned(),
                usage,
            });
        }
        std::fs::remove_file(&file.path).map_err(|e| Error::WriteFile {
            path: file.path.clone(),
            message: e.to_string(),
        })?;
        self.store.forget_game(id)?;
        self.games.remove_player_game(id);
        self.sample_cards.invalidate();
        self.player_games.files.remove(id);
        Ok(file.path)
    }

    /// The text of a game's definition: a bundled file as shipped (its comments too), a
    /// player's as installed.
    pub fn game_definition(&self, id: &str) -> Result<String> {
        self.games.get(id)?;
        if let Some(file) = self.player_games.files.get(id) {
            return Ok(file.text.clone());
        }
        bundled::GAME_FILES
            .iter()
            .find(|file| file.path == format!("data/games/{id}.toml"))
            .map(|file| file.text.to_owned())
            .ok_or_else(|| Error::BundledData(format!("no bundled file for game '{id}'")))
    }

    /// Writes a game's definition to `out` (any game: a bundled one is a starting point).
    pub fn export_game(&self, id: &str, out: &Path) -> Result<()> {
        let text = self.game_definition(id)?;
        write_file(&self.output_guard, out, text.as_bytes())
    }
}

/// An exclusive lock on the games folder, held while a game is added; released on drop.
fn lock_games_dir(dir: &Path) -> Result<std::fs::File> {
    use fs4::fs_std::FileExt;
    let path = dir.join(".lock");
    let failed = |e: std::io::Error| Error::DataDir {
        path: path.clone(),
        message: format!("cannot lock the games folder: {e}"),
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(failed)?;
    FileExt::lock_exclusive(&file).map_err(failed)?;
    Ok(file)
}

fn no_games_dir() -> Error {
    Error::DataDir {
        path: PathBuf::from("games"),
        message: "an in-memory database has no folder for games".into(),
    }
}
