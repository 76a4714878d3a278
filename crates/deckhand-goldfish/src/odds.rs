//! Exact draw odds: the hypergeometric chance of having seen at least k matching cards by
//! each turn, counting the game's real opening, and two categories at once through the
//! multivariate hypergeometric.
//!
//! "Seen by turn t" means in hand or played by the end of your turn t's normal draw
//! (Zoids Scramble: 6 + t; PR Action: 5 + 2t); Scouting and card effects are not counted.
//! Cards set aside unseen (Zoids Scramble's 4 base Energy) are just more unseen cards: the
//! seen cards are a uniform sample of the deck either way, capped by what the deck holds
//! after the set-aside. Turn 0 is the opening hand. Both seats draw alike in these games,
//! so the going-first and going-second columns agree; they stay apart for games whose
//! seats differ.
//!
//! Input is counts: the caller resolves a search query to the deck's matching cards.

use serde::{Deserialize, Serialize};

use crate::error::GoldfishError;

/// How a game deals: cards set aside unseen, the opening hand, the draw per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    pub set_aside: u32,
    pub hand: u32,
    pub per_turn: u32,
}

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

/// The dealing of a game with a goldfish procedure.
pub fn opening(game_id: &str) -> Result<Opening, GoldfishError> {
    let entry = crate::registry::find(game_id)?;
    entry.opening.ok_or_else(|| GoldfishError::UnsupportedGame {
        game: game_id.to_owned(),
        known: crate::registry::REGISTRY
            .iter()
            .filter(|e| e.opening.is_some())
            .map(|e| e.id)
            .collect::<Vec<_>>()
            .join(", "),
    })
}

impl Opening {
    /// Cards seen by your turn `turn`, for a deck of `deck_size`.
    pub fn seen(&self, deck_size: u32, turn: u32) -> u32 {
        let drawn = u64::from(self.hand) + u64::from(self.per_turn) * u64::from(turn);
        drawn.min(u64::from(deck_size.saturating_sub(self.set_aside))) as u32
    }
}

/// The most turns an odds table spans.
pub const MAX_ODDS_TURNS: u32 = 1000;

fn check(game_id: &str, deck_size: u32, turns: u32) -> Result<Opening, GoldfishError> {
    let opening = opening(game_id)?;
    if deck_size < opening.set_aside + opening.hand {
        return Err(GoldfishError::TooFewCards {
            game: game_id.to_owned(),
            needed: opening.set_aside + opening.hand,
            found: deck_size,
            opening: format!(
                "{} set aside, then {} drawn",
                opening.set_aside, opening.hand
            ),
        });
    }
    if turns > MAX_ODDS_TURNS {
        return Err(GoldfishError::InvalidOdds(format!(
            "at most {MAX_ODDS_TURNS} turns"
        )));
    }
    Ok(opening)
}

/// P(at least `wanted.at_least` of the `wanted.matching` matching cards seen) by each turn
/// `0..=turns`, for a deck of `deck_size`.
pub fn odds_at_least(
    game_id: &str,
    deck_size: u32,
    wanted: Category,
    turns: u32,
) -> Result<Vec<OddsRow>, GoldfishError> {
    let opening = check(game_id, deck_size, turns)?;
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
    game_id: &str,
    deck_size: u32,
    a: Category,
    b: Category,
    overlap: u32,
    turns: u32,
) -> Result<Vec<OddsRow>, GoldfishError> {
    let opening = check(game_id, deck_size, turns)?;
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

fn rows(opening: Opening, deck_size: u32, turns: u32, p: impl Fn(u32) -> f64) -> Vec<OddsRow> {
    (0..=turns)
        .map(|turn| {
            let seen = opening.seen(deck_size, turn);
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
struct LnFactorials(Vec<f64>);

impl LnFactorials {
    fn new(max: u32) -> LnFactorials {
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
    fn at_least(&self, n: u32, matching: u32, seen: u32, k: u32) -> f64 {
        let Some(total) = self.ln_choose(n, seen) else {
            return 0.0;
        };
        let sum: f64 = (k..=matching.min(seen))
            .filter_map(|x| {
                Some(self.ln_choose(matching, x)? + self.ln_choose(n - matching, seen - x)?)
            })
            .map(|ln| (ln - total).exp())
            .sum();
        sum.min(1.0)
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
