//! [`Deckhand`]: an open database together with the game definitions and the search
//! index. The areas (`cards`, `decks`, `search`, `import`, …) add their methods in their
//! own modules.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use deckhand_core::{CardSet, Games};
use deckhand_search::{CardIndex, Collection};
use deckhand_store::Store;

use crate::bundled;
use crate::game_files::{games_dir_for, load_player_games, PlayerGames};
use crate::output::OutputGuard;
use crate::search::build_index;
use crate::{Error, ImportReport, Result};

/// The bundled data's fingerprint in the `meta` table: when it differs from this build's,
/// the bundled card sets are (re)imported.
const BUNDLED_META_KEY: &str = "bundled_data_fingerprint";

/// An open Deckhand: game definitions, the card database and its search index.
pub struct Deckhand {
    pub(crate) games: Games,
    pub(crate) store: Store,
    pub(crate) index: CardIndex,
    /// Where the index is persisted; `None` keeps it in memory.
    pub(crate) index_dir: Option<PathBuf>,
    /// The collection `owned`/`wanted` searches compare with, and the store's change
    /// marker when it was read (see `search.rs`).
    pub(crate) collection_cache: Mutex<Option<CachedCollection>>,
    /// The database's files, which no export may replace.
    pub(crate) output_guard: OutputGuard,
    /// The games the player added (`games/` beside the database) and the files skipped.
    pub(crate) player_games: PlayerGames,
    /// The bundled sample cards (read-only), parsed once per set of games.
    pub(crate) sample_cards: bundled::SampleCards,
    /// The deck's own games beside each From here estimate, kept per deck, seat, options
    /// and count: handed to every [`crate::goldfish::Playable`], so that the app's
    /// estimates after the first of a deck play only the continuations.
    pub(crate) deck_games: Arc<deckhand_goldfish::DeckGamesCache>,
}

/// The collection searches last read, with the store's change marker at that moment.
pub(crate) type CachedCollection = ((i64, u64), Arc<Collection>);

impl Deckhand {
    /// Opens the database at `path` (creating it) and loads the bundled card data into it
    /// when it is new or when this build ships different bundled data; a database that has
    /// never had the bundled sample decks gets them, once.
    /// The search index lives beside it, in `<file>.index/`, and is rebuilt when missing,
    /// stale, corrupt or from an older schema.
    pub fn open(path: &Path) -> Result<Deckhand> {
        let started = std::time::Instant::now();
        let deckhand = Deckhand::open_file(path);
        let ms = started.elapsed().as_millis() as u64;
        match &deckhand {
            Ok(_) => tracing::info!(db = %path.display(), ms, "database opened"),
            Err(err) => {
                tracing::error!(db = %path.display(), ms, code = err.code(), error = %err, "database not opened")
            }
        }
        deckhand
    }

    fn open_file(path: &Path) -> Result<Deckhand> {
        let mut index_dir = path.as_os_str().to_owned();
        index_dir.push(".index");
        let store = Store::open(path)?;
        // Resolved once the file exists, so links to it are recognised.
        let guard = OutputGuard::for_database(path);
        let games_dir = games_dir_for(path);
        Deckhand::with_store(
            store,
            Some(PathBuf::from(index_dir)),
            guard,
            Some(games_dir),
        )
    }

    /// A Deckhand over a private in-memory database (tests, benchmarks): the bundled
    /// games only.
    pub fn open_in_memory() -> Result<Deckhand> {
        Deckhand::with_store(Store::open_in_memory()?, None, OutputGuard::default(), None)
    }

    fn with_store(
        mut store: Store,
        index_dir: Option<PathBuf>,
        output_guard: OutputGuard,
        games_dir: Option<PathBuf>,
    ) -> Result<Deckhand> {
        let mut games = bundled::games()?;
        let player_games = match games_dir {
            Some(dir) => load_player_games(&mut games, dir),
            None => PlayerGames::default(),
        };
        store.sync_games(games.iter())?;
        // The usual start reads the fingerprint and parses nothing; the import checks it
        // again under the write lock (another process may have just imported).
        if store.meta(BUNDLED_META_KEY)?.as_deref() != Some(bundled::FINGERPRINT) {
            let started = std::time::Instant::now();
            if import_bundled(&mut store, &games)?.is_some() {
                let ms = started.elapsed().as_millis() as u64;
                tracing::info!(ms, "bundled card sets imported");
            }
        }
        let stamp = store.data_stamp()?;
        let existing = index_dir
            .as_deref()
            .and_then(|dir| CardIndex::open(dir, &games, &stamp));
        let index = match existing {
            Some(index) => index,
            None => {
                let started = std::time::Instant::now();
                let index = build_index(&store, &games, index_dir.as_deref(), &mut |_| {})?;
                let ms = started.elapsed().as_millis() as u64;
                tracing::info!(ms, "search index built");
                index
            }
        };
        let mut deckhand = Deckhand {
            games,
            store,
            index,
            index_dir,
            collection_cache: Mutex::new(None),
            output_guard,
            player_games,
            sample_cards: bundled::SampleCards::default(),
            deck_games: Arc::default(),
        };
        // A new database, or one from a build before the samples: give them once.
        deckhand.give_sample_decks()?;
        Ok(deckhand)
    }

    /// Imports every bundled card set in one transaction; returns what changed.
    pub fn import_bundled(&mut self) -> Result<ImportReport> {
        let sets = bundled::CARD_FILES
            .iter()
            .map(|file| CardSet::from_json(file.path, file.text, &self.games))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::BundledData(e.to_string()))?;
        let report = self.store.import(&sets)?;
        self.store
            .set_meta(BUNDLED_META_KEY, bundled::FINGERPRINT)?;
        Ok(report.into())
    }

    /// What keeps outputs off the database's files: for writers that run without the
    /// database (a PDF written on another thread).
    pub fn output_guard(&self) -> &OutputGuard {
        &self.output_guard
    }

    pub fn games(&self) -> &Games {
        &self.games
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }
}

/// The bundled card sets, imported unless the database already has this build's (`None`).
fn import_bundled(store: &mut Store, games: &Games) -> Result<Option<ImportReport>> {
    let sets = bundled::CARD_FILES
        .iter()
        .map(|file| CardSet::from_json(file.path, file.text, games))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Error::BundledData(e.to_string()))?;
    let report = store.import_unless_marked(BUNDLED_META_KEY, bundled::FINGERPRINT, &sets)?;
    Ok(report.map(Into::into))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_data_loads_and_every_game_has_a_full_sample_set() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let summaries = deckhand.game_summaries().unwrap();
        let ids: Vec<&str> = summaries.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(
            ids,
            ["pr-acg", "pr-dbg", "pr-hotg", "sms", "zoids-scramble"]
        );
        for game in &summaries {
            assert!(
                game.card_count >= 60,
                "{} has only {} cards",
                game.id,
                game.card_count
            );
        }
    }

    #[test]
    fn every_bundled_card_type_is_represented() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        for game in deckhand.games().iter() {
            let cards = deckhand.cards(Some(&game.id)).unwrap();
            for card_type in &game.card_types {
                assert!(
                    cards.iter().any(|c| c.card_type == card_type.name),
                    "{} has no {} card",
                    game.id,
                    card_type.name
                );
            }
        }
    }

    #[test]
    fn a_card_is_found_by_id_or_by_name_in_any_case() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        let any = deckhand.cards(Some("zoids-scramble")).unwrap().remove(0);
        assert_eq!(deckhand.card(&any.id, None).unwrap(), any);
        assert_eq!(
            deckhand
                .card(&any.name.to_uppercase(), Some("zoids-scramble"))
                .unwrap(),
            any
        );
        assert!(matches!(
            deckhand.card("No Such Card", None),
            Err(Error::CardNotFound { .. })
        ));
    }

    /// Until deck parsing lands, at least every line of every sample deck must name a
    /// bundled card of its game, and each deck must say which game it is for.
    #[test]
    fn every_sample_deck_names_real_cards_of_its_game() {
        let deckhand = Deckhand::open_in_memory().unwrap();
        assert!(bundled::DECK_FILES.len() >= 10);
        for file in bundled::DECK_FILES {
            let game = file.path.split('/').nth(2).unwrap();
            assert!(
                file.text.starts_with(&format!("# game: {game}")),
                "{}",
                file.path
            );
            for (number, line) in file.text.lines().enumerate() {
                let line = line.trim();
                let Some((count, name)) = line.split_once(' ') else {
                    continue;
                };
                if line.starts_with('#') || count.trim_end_matches('x').parse::<u32>().is_err() {
                    continue;
                }
                let card = deckhand.card(name, Some(game));
                assert!(
                    card.is_ok(),
                    "{}:{}: unknown card {name:?}",
                    file.path,
                    number + 1
                );
            }
        }
    }
}
