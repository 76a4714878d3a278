//! Deck checking as the editor and the deck list use it: how long a verdict takes.

use std::path::Path;
use std::time::Instant;

use crate::Timing;
use deckhand::{Deckhand, Result, SAMPLE_TAG};

/// Opens a fresh in-memory database, which holds every bundled sample deck (and, with
/// `heroes_grid`, imports the community export with its Ranger decks), then times, `runs`
/// times each:
/// checking a stored deck, checking the largest deck as an unsaved draft (the editor's
/// check after every change), and listing every deck with its verdict.
pub fn decks(runs: usize, heroes_grid: Option<&Path>) -> Result<Vec<Timing>> {
    let mut deckhand = Deckhand::open_in_memory()?;
    if let Some(dir) = heroes_grid {
        deckhand.import_heroes_grid(dir)?;
    }
    // A new database holds every bundled sample deck (tagged `sample`).
    let all = deckhand.list_decks(None, false)?;
    let mut ids = Vec::new();
    for deck in &all {
        if deckhand
            .deck_content(deck.id, None)?
            .tags
            .iter()
            .any(|t| t == SAMPLE_TAG)
        {
            ids.push(deck.id);
        }
    }
    let largest = all
        .iter()
        .max_by_key(|d| d.card_count)
        .expect("the bundled decks were just imported");
    let draft = deckhand.deck_content(largest.id, None)?;

    let runs = runs.max(1);
    let mut stored = Vec::with_capacity(runs * ids.len());
    let mut drafts = Vec::with_capacity(runs);
    let mut listing = Vec::with_capacity(runs);
    for _ in 0..runs {
        for &id in &ids {
            let started = Instant::now();
            deckhand.deck_view(id, None)?;
            stored.push(started.elapsed());
        }
        let started = Instant::now();
        deckhand.check_draft(&draft)?;
        drafts.push(started.elapsed());
        let started = Instant::now();
        deckhand.deck_list_items(None, false)?;
        listing.push(started.elapsed());
    }
    Ok(vec![
        Timing::from_samples(
            format!("load and check a stored sample deck ({} decks)", ids.len()),
            stored,
        ),
        Timing::from_samples(
            format!("check an editor draft ({} cards)", largest.card_count),
            drafts,
        ),
        Timing::from_samples(
            format!("list every deck with its verdict ({} decks)", all.len()),
            listing,
        ),
    ])
}
