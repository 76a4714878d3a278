//! Card-set imports: JSON files validated against their games, then stored all or nothing
//! in one transaction, then the index brought up to date.

use std::path::Path;

use deckhand_core::CardSet;
use deckhand_store::ImportReport;

use crate::{Deckhand, Error, Result};

impl Deckhand {
    /// Parses every `(source name, JSON text)` and imports them all in one transaction:
    /// if any file is invalid, nothing is written.
    pub fn import_sources<'a>(
        &mut self,
        sources: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ImportReport> {
        let sets = sources
            .into_iter()
            .map(|(name, text)| CardSet::from_json(name, text, &self.games))
            .collect::<Result<Vec<_>, _>>()?;
        let report = self.store.import(&sets)?;
        self.reindex()?;
        Ok(report)
    }

    /// Imports already-validated card sets (benchmarks, generated data).
    pub fn import_card_sets(&mut self, sets: &[CardSet]) -> Result<ImportReport> {
        let report = self.store.import(sets)?;
        self.reindex()?;
        Ok(report)
    }

    /// Reads and imports card-set files, all or nothing.
    pub fn import_files(&mut self, paths: &[impl AsRef<Path>]) -> Result<ImportReport> {
        let mut sources = Vec::with_capacity(paths.len());
        for path in paths {
            let path = path.as_ref();
            let text = std::fs::read_to_string(path).map_err(|e| Error::ReadFile {
                path: path.to_owned(),
                message: e.to_string(),
            })?;
            sources.push((path.display().to_string(), text));
        }
        self.import_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))
    }
}
