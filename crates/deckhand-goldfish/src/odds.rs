//! Exact draw odds: the hypergeometric chance of having seen at least k matching cards by
//! each turn, counting the game's real opening, and two categories at once through the
//! multivariate hypergeometric.
//!
//! "Seen by turn t" means in hand or played by the end of your turn t's normal draw
//! (Zoids Scramble: 6 + t; PR Action: 5 + 2t), as the game definition's `[play]` table
//! deals; Scouting and card effects are not counted.
//! Cards set aside unseen (Zoids Scramble's 4 base Energy) are just more unseen cards: the
//! seen cards are a uniform sample of the deck either way, capped by what the deck holds
//! after the set-aside. Turn 0 is the opening hand. Both seats draw alike in these games,
//! so the going-first and going-second columns agree; they stay apart for games whose
//! seats differ.
//!
//! Input is counts: the caller resolves a search query to the deck's matching cards.

use deckhand_core::{Game, PlayDef};
use serde::{Deserialize, Serialize};

use crate::error::GoldfishError;

/// One row of an odds table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct OddsRow {
    /// Your turn (0 = the opening hand).
    pub turn: u32,
    /// Cards seen by then.
    pub seen: u32,
    pub going_first: f64,
    pub going_second: f64,
}

/// A category of cards: how many the deck holds, and how many are wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub matching: u32,
    pub at_least: u32,
}

/// The most turns an odds table spans.
pub const MAX_ODDS_TURNS: u32 = 1000;

/// How `game` deals, checked against the deck and the turns asked. Every game deals by its
/// definition's `[play]` table (defaults when it has none), so every game has odds.
fn check(game: &Game, deck_size: u32, turns: u32) -> Result<&PlayDef, GoldfishError> {
    let play = &game.play;
    if deck_size < play.set_aside + play.opening_hand {
        return Err(GoldfishError::TooFewCards {
            game: game.id.clone(),
            needed: play.set_aside + play.opening_hand,
            found: deck_size,
            opening: format!(
                "{} set aside, then {} drawn",
                play.set_aside, play.opening_hand
            ),
        });
    }
    if turns > MAX_ODDS_TURNS {
        return Err(GoldfishError::InvalidOdds(format!(
            "at most {MAX_ODDS_TURNS} turns"
        )));
    }
    Ok(play)
}

/// P(at least `wanted.at_least` of the `wanted.matching` matching cards seen) by each turn
/// `0..=turns`, for a deck of `deck_size`.
pub fn odds_at_least(
    game: &Game,
    deck_size: u32,
    wanted: Category,
    turns: u32,
) -> Result<Vec<OddsRow>, GoldfishError> {
    let opening = check(game, deck_size, turns)?;
    if wanted.matching > deck_size {
        return Err(GoldfishError::InvalidOdds(format!(
            "{} matching cards in a deck of {deck_size}",
            wanted.matching
        )));
    }
    let table = LnFactorials::new(deck_size);
    Ok(rows(opening, deck_size, turns, |seen| {
        table.at_least(deck_size, wanted.matching, seen, wanted.at_least)
    }))
}

/// P(at least `a.at_least` cards of category A and at least `b.at_least` of B seen, as
/// different cards) by each turn. `overlap` cards match both queries; one such card counts
/// for one category only, so "a Zoid and a Pilot" always means two cards.
pub fn odds_both(
    game: &Game,
    deck_size: u32,
    a: Category,
    b: Category,
    overlap: u32,
    turns: u32,
) -> Result<Vec<OddsRow>, GoldfishError> {
    let opening = check(game, deck_size, turns)?;
    let union = u64::from(a.matching) + u64::from(b.matching) - u64::from(overlap.min(a.matching));
    if overlap > a.matching || overlap > b.matching || union > u64::from(deck_size) {
        return Err(GoldfishError::InvalidOdds(format!(
            "categories of {} and {} cards sharing {overlap} do not fit a deck of {deck_size}",
            a.matching, b.matching
        )));
    }
    let table = LnFactorials::new(deck_size);
    Ok(rows(opening, deck_size, turns, |seen| {
        table.both(deck_size, a, b, overlap, seen)
    }))
}

fn rows(play: &PlayDef, deck_size: u32, turns: u32, p: impl Fn(u32) -> f64) -> Vec<OddsRow> {
    (0..=turns)
        .map(|turn| {
            let seen = play.seen_by(deck_size, turn);
            let chance = p(seen);
            OddsRow {
                turn,
                seen,
                going_first: chance,
                going_second: chance,
            }
        })
        .collect()
}

/// `ln(n!)` for `n` up to a deck's size, so binomials of large decks neither overflow nor
/// lose precision.
pub(crate) struct LnFactorials(Vec<f64>);

impl LnFactorials {
    pub(crate) fn new(max: u32) -> LnFactorials {
        let mut table = Vec::with_capacity(max as usize + 1);
        let mut acc = 0.0;
        table.push(0.0);
        for i in 1..=max {
            acc += f64::from(i).ln();
            table.push(acc);
        }
        LnFactorials(table)
    }

    /// `ln C(n, k)`; `None` when `k > n`.
    fn ln_choose(&self, n: u32, k: u32) -> Option<f64> {
        (k <= n).then(|| self.0[n as usize] - self.0[k as usize] - self.0[(n - k) as usize])
    }

    /// P(X ≥ k) for X hypergeometric: `seen` cards from `n`, `matching` of which match.
    pub(crate) fn at_least(&self, n: u32, matching: u32, seen: u32, k: u32) -> f64 {
        let Some(total) = self.ln_choose(n, seen) else {
            return 0.0;
        };
        let sum: f64 = (k..=matching.min(seen))
            .filter_map(|x| {
                Some(self.ln_choose(matching, x)? + self.ln_choose(n - matching, seen - x)?)
            })
            .map(|ln| (ln - total).exp())
            .sum();
        // An empty sum of floats is −0.0, which prints as "-0.0 %".
        if sum > 0.0 {
            sum.min(1.0)
        } else {
            0.0
        }
    }

    /// P(≥ a.at_least of A and ≥ b.at_least of B, as distinct cards) among `seen` cards.
    fn both(&self, n: u32, a: Category, b: Category, overlap: u32, seen: u32) -> f64 {
        let Some(total) = self.ln_choose(n, seen) else {
            return 0.0;
        };
        let only_a = a.matching - overlap;
        let only_b = b.matching - overlap;
        let rest = n - only_a - only_b - overlap;
        let mut sum = 0.0;
        for x_ab in 0..=overlap.min(seen) {
            for x_a in 0..=only_a.min(seen - x_ab) {
                for x_b in 0..=only_b.min(seen - x_ab - x_a) {
                    // The shared cards can cover both wants exactly when these hold.
                    let enough = x_a + x_ab >= a.at_least
                        && x_b + x_ab >= b.at_least
                        && x_a + x_b + x_ab >= a.at_least + b.at_least;
                    if !enough {
                        continue;
                    }
                    let others = seen - x_ab - x_a - x_b;
                    let ln = [
                        self.ln_choose(overlap, x_ab),
                        self.ln_choose(only_a, x_a),
                        self.ln_choose(only_b, x_b),
                        self.ln_choose(rest, others),
                    ];
                    if let [Some(p), Some(q), Some(r), Some(s)] = ln {
                        sum += (p + q + r + s - total).exp();
                    }
                }
            }
        }
        sum.min(1.0)
    }
}

#[cfg(test)]
mod tests;
