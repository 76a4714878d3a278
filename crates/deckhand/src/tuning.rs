//! Which cards matter and which swaps help: `deckhand goldfish --impact` and `deckhand
//! tune`, the engine's [`impact`](deckhand_goldfish::impact) and
//! [`tune`](deckhand_goldfish::tune) given what they need from the database: the pool of
//! cards that may come in (a search query), the legality check every deck passes through
//! (the deck's own format's rules), and the final deck written in a deck file format.

use std::path::Path;

use deckhand_core::{check_deck_as, Card, Deck, Side};
use deckhand_formats::{write_deck_file, DeckFormat};
pub use deckhand_goldfish::{
    CardImpact, DeckCount, ImpactReport, Measure, Observed, TuneOptions, TuneProgress, TuneReport,
    TuneStep, MAX_ROUNDS,
};

use crate::goldfish::GoldfishError;
use crate::goldfish::{Playable, SimOptions};
use crate::{Deckhand, Result};

impl Playable {
    /// Each counted card's impact (see [`deckhand_goldfish::impact`]). `progress` gets the
    /// games done per seat; returning false cancels.
    pub fn impact(
        &self,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<ImpactReport> {
        let deck = self.deck_for(options.side);
        let options = self.with_default_enemies(options, |o| &mut o.game.enemies);
        Ok(deckhand_goldfish::impact(
            &self.game, &deck, &options, progress,
        )?)
    }

    /// Tunes the deck with swaps from `pool`, every deck checked against the rules of the
    /// format the deck was checked with. An illegal deck is refused: the tuner only passes
    /// through legal decks, so it must start from one.
    pub fn tune(
        &self,
        sim: &SimOptions,
        rounds: u32,
        pool: Vec<Card>,
        progress: &mut dyn FnMut(&TuneProgress) -> bool,
    ) -> Result<TuneReport> {
        if !self.legality.legal {
            return Err(GoldfishError::InvalidOptions(format!(
                "the deck is not legal ({}): tune passes only through legal decks, so make it legal first",
                self.legality_errors().join("; ")
            ))
            .into());
        }
        let format = match self.legality.format.as_deref() {
            Some(name) => self.game.format(name)?,
            None => None,
        };
        let deck = self.deck_for(sim.side);
        let options = TuneOptions {
            sim: self
                .with_default_enemies(sim, |o| &mut o.game.enemies)
                .into_owned(),
            rounds,
            pool,
        };
        let game = &self.game;
        // The rules' starter deck a PR Deck-Building deck without one plays was added for
        // the run; the rules check the deck as the player holds it.
        let added_starter = !self.deck.entries.iter().any(|e| e.section == "starter");
        let held = |d: &Deck| {
            let mut d = d.clone();
            if added_starter {
                d.entries.retain(|e| e.section != "starter");
            }
            d
        };
        let mut legal = |d: &Deck| check_deck_as(game, format, &held(d)).legal;
        let mut report = deckhand_goldfish::tune(game, &deck, &options, &mut legal, progress)?;
        report.final_deck = held(&report.final_deck);
        Ok(report)
    }
}

/// The pool query of the app's Tune… dialog: its text, narrowed to the cards the player
/// owns when `owned_only` (`None`: every card the deck's side may play).
pub fn pool_query(query: &str, owned_only: bool) -> Option<String> {
    let query = query.trim();
    match (query.is_empty(), owned_only) {
        (true, false) => None,
        (true, true) => Some("owned>=1".into()),
        (false, false) => Some(query.into()),
        (false, true) => Some(format!("({query}) owned>=1")),
    }
}

impl Deckhand {
    /// The cards a tuning may bring in: the deck's game's cards that `query` matches (the
    /// search language; `owned>=1` for what the player owns), or all of them, keeping only
    /// those the deck's side may play (a card of no side fits both).
    pub fn tune_pool(
        &self,
        game: &str,
        query: Option<&str>,
        side: Option<Side>,
    ) -> Result<Vec<Card>> {
        let mut cards = match query.map(str::trim).filter(|q| !q.is_empty()) {
            None => self.cards(Some(game))?,
            Some(query) => {
                let ids = self.matching_card_ids(query, game)?;
                let mut ids: Vec<&str> = ids.iter().map(String::as_str).collect();
                ids.sort_unstable();
                self.store.cards_by_ids(&ids)?
            }
        };
        cards.retain(|c| side.is_none() || c.side.is_none() || c.side == side);
        cards.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        Ok(cards)
    }

    /// Writes a tuned deck to `out` in `format` (never over the database, never half).
    pub fn write_tuned_deck(
        &self,
        deck: &Deck,
        name: &str,
        format: DeckFormat,
        out: &Path,
    ) -> Result<()> {
        let game = self.games().get(&deck.game)?;
        let notes = "Tuned by deckhand tune.";
        let text = write_deck_file(format, deck, game, name, notes, None);
        crate::output::write_file(&self.output_guard, out, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owned_switch_narrows_the_pool_query() {
        let cases = [
            ("", false, None),
            ("  ", true, Some("owned>=1")),
            ("t:pilot", false, Some("t:pilot")),
            (
                "t:pilot or t:zoid",
                true,
                Some("(t:pilot or t:zoid) owned>=1"),
            ),
        ];
        for (query, owned, expected) in cases {
            assert_eq!(
                pool_query(query, owned).as_deref(),
                expected,
                "{query} {owned}"
            );
        }
    }
}
