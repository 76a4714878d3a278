//! Which cards pull their weight: for each distinct card of the deck's counted sections,
//! the objective over the games where it was in the opening hand, drawn later, or never
//! seen (observed, in one run of the deck), and the paired difference when one copy is
//! replaced by a blank (measured, on the same random numbers; see `paired.rs`).
//!
//! Both seats' games are pooled (each game index is played going first and going second).
//! `significant` uses Holm's correction over the cards tested, at a family-wise 5%; the
//! interval is each card's own 95% interval.

use deckhand_core::{Deck, Game};
use serde::{Deserialize, Serialize};

use crate::compare::Difference;
use crate::deck_cards::{blank_of, replace_one};
use crate::error::GoldfishError;
use crate::paired::{holm, improvement, run_paired, PairedRun};
use crate::procedure::Procedure;
use crate::report::Objective;
use crate::simulate::{policy_name, SimOptions};

/// The family-wise error rate of the significance claims.
pub(crate) const ALPHA: f64 = 0.05;

/// The result of [`impact`](crate::registry::impact).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct ImpactReport {
    pub game: String,
    /// Games per seat: each card's pairs come from up to twice as many games.
    pub games: u64,
    pub seed: u64,
    pub policy: String,
    pub objective: Objective,
    /// How `significant` is decided: `holm` (over the cards tested, family-wise 5%).
    pub correction: String,
    /// From the most helpful card to the least (by the measured difference; cards not
    /// measured last).
    pub cards: Vec<CardImpact>,
}

/// One card's impact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct CardImpact {
    pub card: String,
    /// Copies in the counted sections.
    pub copies: u32,
    /// False when the engine does not play all of the card's effects (its figures leave
    /// something out).
    pub simulated: bool,
    pub opening_hand: Observed,
    /// Drawn after the opening hand (by the game's end: by the kill turn in a won game).
    pub drawn: Observed,
    pub not_seen: Observed,
    /// The deck with one copy replaced by a blank (`b`) against the deck (`a`); `null`
    /// when no pair of games counted.
    pub remove_one: Option<Difference>,
    /// `remove_one` in a player's words: "Cutting one copy makes your average kill turn
    /// 0.10 turns later"; `null` with it.
    #[serde(default)]
    pub cut_one: Option<String>,
}

/// The objective over the games of one kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Observed {
    pub games: u64,
    /// `null` when none of those games counted (no win, for a kill turn).
    pub value: Option<f64>,
}

/// The distinct cards of the counted sections: (card id, name, section, copies).
pub(crate) fn counted_cards(game: &Game, deck: &Deck) -> Vec<(String, String, String, u32)> {
    let counted = &game.deck.counted_sections;
    let mut cards: Vec<(String, String, String, u32)> = Vec::new();
    for entry in deck
        .entries
        .iter()
        .filter(|e| counted.contains(&e.section) && e.count > 0)
    {
        match cards.iter_mut().find(|c| c.0 == entry.card.id) {
            Some(card) => card.3 += entry.count,
            None => cards.push((
                entry.card.id.clone(),
                entry.card.name.clone(),
                entry.section.clone(),
                entry.count,
            )),
        }
    }
    cards
}

pub(crate) fn impact_with<P: Procedure>(
    game: &Game,
    deck: &Deck,
    options: &SimOptions,
    build: impl Fn(&Deck) -> Result<P, GoldfishError>,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<ImpactReport, GoldfishError> {
    let base = build(deck)?;
    let cards = counted_cards(game, deck);
    let mut variants = Vec::with_capacity(cards.len());
    for (id, _, section, _) in &cards {
        let card = &deck
            .entries
            .iter()
            .find(|e| &e.card.id == id)
            .expect("listed")
            .card;
        let blanked = replace_one(deck, section, id, blank_of(card)).expect("a copy is there");
        variants.push(build(&blanked)?);
    }
    let names: Vec<String> = cards.iter().map(|c| c.1.clone()).collect();
    let active: Vec<usize> = (0..variants.len()).collect();
    let batch = run_paired(
        &PairedRun {
            base: &base,
            variants: &variants,
            active: &active,
            seed: options.seed,
            threads: options.threads,
            watch: Some(&names),
        },
        0..options.games,
        progress,
    )?;
    let p: Vec<f64> = batch.pairs.iter().map(|s| s.p_value()).collect();
    let significant = holm(&p, ALPHA);
    let seen = batch.seen.as_ref().expect("watched");
    let not_simulated = base.not_simulated();
    let observed = |card: usize, where_: usize| {
        let (games, value) = seen.observed(card, where_);
        Observed { games, value }
    };
    let better = P::OBJECTIVE.better;
    let mut rows: Vec<CardImpact> = cards
        .iter()
        .enumerate()
        .map(|(i, (_, name, _, copies))| CardImpact {
            card: name.clone(),
            copies: *copies,
            simulated: !not_simulated.contains(name),
            opening_hand: observed(i, 1),
            drawn: observed(i, 2),
            not_seen: observed(i, 0),
            remove_one: batch.pairs[i].difference(significant[i]),
            cut_one: None,
        })
        .collect();
    // Most helpful first: removing a helpful card makes the objective worse, so the
    // removal's improvement is most negative.
    let help = |c: &CardImpact| {
        c.remove_one
            .as_ref()
            .map_or(f64::NEG_INFINITY, |d| -improvement(d.difference, better))
    };
    rows.sort_by(|x, y| help(y).total_cmp(&help(x)).then(x.card.cmp(&y.card)));
    for row in &mut rows {
        row.cut_one = row.remove_one.as_ref().map(|d| {
            let copy = if row.copies == 1 {
                "the copy"
            } else {
                "one copy"
            };
            format!("Cutting {copy} makes {}", P::OBJECTIVE.change(d.difference))
        });
    }
    Ok(ImpactReport {
        game: game.id.clone(),
        games: options.games,
        seed: options.seed,
        policy: policy_name(&base, options.policy.as_deref()),
        objective: P::OBJECTIVE,
        correction: "holm".into(),
        cards: rows,
    })
}

#[cfg(test)]
mod tests;
