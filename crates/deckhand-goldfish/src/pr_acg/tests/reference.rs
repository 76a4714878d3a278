//! The PR Action pilot of docs/pilots.md#pr-action-card-game transcribed literally and slowly,
//! as a second implementation written from the text alone: every turn lists every plan (S, or S
//! with Z) the hand can pay for and takes the least by the rule's keys. The engine must play
//! every game exactly as it does (same draws, same result, same damage and summons each turn).

use deckhand_core::{fold_name, Card};

use crate::log::Outcome;

fn kind(card: &Card) -> &'static str {
    match fold_name(&card.card_type).as_str() {
        "ranger" | "villain" | "support" => "summon",
        "zord" | "megazord" => "extra",
        _ => "other",
    }
}

fn stat(card: &Card, name: &str) -> i64 {
    card.stats
        .get(name)
        .and_then(|v| v.as_number())
        .unwrap_or(0)
}

/// What one game came to: its end, and per turn (index = turn) the cards your battle
/// removed and whether you summoned (`None`: the game had ended before that summon step).
#[derive(Debug, PartialEq, Eq)]
pub struct Played {
    pub outcome: Outcome,
    pub turn: u32,
    pub turns: Vec<Option<(u64, bool)>>,
}

struct Game<'a> {
    deck: std::slice::Iter<'a, &'a Card>,
    left: usize,
    hand: Vec<&'a Card>,
    opponent: i64,
}

impl Game<'_> {
    /// Your draws, one at a time; `Some` when your deck reaches 0.
    fn mine(&mut self, n: usize) -> Option<Outcome> {
        for _ in 0..n {
            self.hand.push(self.deck.next().unwrap());
            self.left -= 1;
            if self.left == 0 {
                return Some(Outcome::DeckOut);
            }
        }
        None
    }

    fn theirs(&mut self, n: usize) -> Option<Outcome> {
        for _ in 0..n {
            self.opponent -= 1;
            if self.opponent == 0 {
                return Some(Outcome::Win);
            }
        }
        None
    }

    fn draws(&mut self, n: usize, going_first: bool) -> Option<Outcome> {
        if going_first {
            self.mine(n).or_else(|| self.theirs(n))
        } else {
            self.theirs(n).or_else(|| self.mine(n))
        }
    }
}

/// Plays one game whose deck, shuffled, is `order` (top first).
pub fn play(order: &[&Card], going_first: bool) -> Played {
    let mut game = Game {
        deck: order.iter(),
        left: order.len(),
        hand: Vec::new(),
        opponent: 30,
    };
    let mut turns = vec![None];
    if let Some(outcome) = game.draws(5, going_first) {
        return Played {
            outcome,
            turn: 0,
            turns,
        };
    }
    for turn in 1u32.. {
        if let Some(outcome) = game.draws(2, going_first) {
            return Played {
                outcome,
                turn,
                turns,
            };
        }
        let h = game.hand.len() as i64;
        // Every plan: (S, None) or (S, Some(Z)), as positions in hand.
        let mut plans: Vec<(usize, Option<usize>)> = Vec::new();
        for (s, sc) in game.hand.iter().enumerate() {
            if kind(sc) != "summon" || stat(sc, "cost") > h - 1 {
                continue;
            }
            plans.push((s, None));
            for (z, zc) in game.hand.iter().enumerate() {
                if kind(zc) == "extra" && stat(sc, "cost") + stat(zc, "cost") <= h - 2 {
                    plans.push((s, Some(z)));
                }
            }
        }
        let hand = &game.hand;
        let key = |&(s, z): &(usize, Option<usize>)| {
            let damage = stat(hand[z.unwrap_or(s)], "damage");
            let cost = stat(hand[s], "cost") + z.map_or(0, |z| stat(hand[z], "cost"));
            (
                -damage,
                cost,
                fold_name(&hand[s].name),
                z.map(|z| fold_name(&hand[z].name)),
            )
        };
        let Some(&(s, z)) = plans.iter().min_by_key(|p| key(p)) else {
            turns.push(Some((0, false)));
            continue;
        };
        let (summon, extra) = (hand[s], z.map(|z| hand[z]));
        let damage = stat(extra.unwrap_or(summon), "damage");
        let cost = stat(summon, "cost") + extra.map_or(0, |z| stat(z, "cost"));
        let mut rest: Vec<&Card> = (0..hand.len())
            .filter(|&i| i != s && Some(i) != z)
            .map(|i| hand[i])
            .collect();
        rest.sort_by_key(|c| (stat(c, "damage"), fold_name(&c.name)));
        game.hand = rest.split_off(cost as usize);
        let mut removed = 0;
        let mut won = false;
        for _ in 0..2 * damage {
            game.opponent -= 1;
            removed += 1;
            if game.opponent == 0 {
                won = true;
                break;
            }
        }
        turns.push(Some((removed, true)));
        if won {
            return Played {
                outcome: Outcome::Win,
                turn,
                turns,
            };
        }
    }
    unreachable!()
}
