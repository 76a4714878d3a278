//! The Zoids Scramble pilot of docs/pilots.md#zoids-scramble transcribed literally and slowly,
//! as a second implementation written from the text alone: every step re-reads the card data
//! and sorts its candidates by the rule's keys. The engine must play every game exactly as it
//! does (same draws, same result, same first attack).

use deckhand_core::{fold_name, Card};

use crate::log::Outcome;

fn is_type(card: &Card, t: &str) -> bool {
    fold_name(&card.card_type) == t
}

/// The value of keyword `name` (`Some("")` for a plain keyword).
fn kw(card: &Card, name: &str) -> Option<String> {
    card.keywords.iter().find_map(|k| {
        let (key, value) = match k.find(':') {
            Some(i) => (&k[..i], k[i + 1..].trim()),
            None => (k.as_str(), ""),
        };
        (fold_name(key) == fold_name(name)).then(|| value.to_owned())
    })
}

fn ae(card: &Card) -> i64 {
    card.stats
        .get("attack_energy")
        .and_then(|v| v.as_number())
        .unwrap_or(0)
}

fn scouting(card: &Card) -> i64 {
    kw(card, "Scouting")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn unmanned(card: &Card) -> bool {
    kw(card, "Unmanned").is_some()
}

fn high_output(card: &Card) -> bool {
    kw(card, "High Output").is_some()
}

fn combiner(card: &Card) -> bool {
    kw(card, "Unison").is_some() || kw(card, "CAS").is_some()
}

fn can_pilot(pilot: &Card, zoid: &Card) -> bool {
    let types: Vec<String> = match pilot.stats.get("pilot_types") {
        Some(deckhand_core::StatValue::List(items)) => {
            items.iter().map(|i| fold_name(&i.to_string())).collect()
        }
        Some(v) => vec![fold_name(&v.to_string())],
        None => vec![],
    };
    zoid.subtypes.iter().any(|s| types.contains(&fold_name(s)))
}

struct Slot<'a> {
    zoid: &'a Card,
    pilot: Option<&'a Card>,
    energy: usize,
    exhausted: bool,
}

impl Slot<'_> {
    fn crewed(&self) -> bool {
        self.pilot.is_some() || unmanned(self.zoid)
    }
}

/// What one game came to.
#[derive(Debug, PartialEq, Eq)]
pub struct Played {
    pub outcome: Outcome,
    pub turn: u32,
    pub first_attack: Option<u32>,
}

/// Plays one game whose deck, shuffled, is `order` (top first).
pub fn play(order: &[&Card], going_first: bool) -> Played {
    let mut deck = order.iter().copied();
    let _base: Vec<&Card> = deck.by_ref().take(4).collect();
    let mut hand: Vec<&Card> = deck.by_ref().take(6).collect();
    let mut arena: Vec<Slot> = Vec::new();
    let mut opponent_base = 4;
    let mut first_attack = None;
    for turn in 1u32.. {
        if turn > 1 {
            arena.iter_mut().for_each(|s| s.exhausted = false);
        }
        match deck.next() {
            Some(card) => hand.push(card),
            None => {
                return Played {
                    outcome: Outcome::DeckOut,
                    turn,
                    first_attack,
                }
            }
        }
        // 1. Set a Zoid.
        let best = hand
            .iter()
            .enumerate()
            .filter(|(_, c)| is_type(c, "zoid") && !combiner(c))
            .min_by_key(|(_, c)| (ae(c), !unmanned(c), -scouting(c), fold_name(&c.name)))
            .map(|(i, _)| i);
        if let Some(i) = best {
            let zoid = hand.remove(i);
            arena.push(Slot {
                zoid,
                pilot: None,
                energy: 0,
                exhausted: false,
            });
            for _ in 0..scouting(zoid) {
                match deck.next() {
                    Some(card) => hand.push(card),
                    None => break,
                }
            }
        }
        // 2. Set a Pilot.
        let mut waiting: Vec<usize> = (0..arena.len())
            .filter(|&i| !unmanned(arena[i].zoid) && arena[i].pilot.is_none())
            .collect();
        waiting.sort_by_key(|&i| (ae(arena[i].zoid), i));
        for i in waiting {
            let named = |p: &Card| {
                arena.iter().any(|s| {
                    s.pilot
                        .is_some_and(|q| fold_name(&q.name) == fold_name(&p.name))
                })
            };
            let pilot = hand
                .iter()
                .enumerate()
                .filter(|(_, p)| is_type(p, "pilot") && can_pilot(p, arena[i].zoid) && !named(p))
                .min_by_key(|(_, p)| fold_name(&p.name))
                .map(|(j, _)| j);
            if let Some(j) = pilot {
                arena[i].pilot = Some(hand.remove(j));
                break;
            }
        }
        // 3. Set Energy.
        let goal = |z: &Card| ae(z).max(0) as usize + usize::from(high_output(z));
        let needy = (0..arena.len())
            .filter(|&i| arena[i].energy < goal(arena[i].zoid))
            .min_by_key(|&i| (!arena[i].crewed(), goal(arena[i].zoid) - arena[i].energy, i));
        if let (Some(i), false) = (needy, hand.is_empty()) {
            let named = |p: &Card| {
                arena.iter().any(|s| {
                    s.pilot
                        .is_some_and(|q| fold_name(&q.name) == fold_name(&p.name))
                })
            };
            let category = |c: &Card| match () {
                _ if !is_type(c, "zoid") && !is_type(c, "pilot") => 0,
                _ if is_type(c, "zoid") && combiner(c) => 1,
                _ if is_type(c, "pilot") && named(c) => 2,
                _ if is_type(c, "pilot") => 3,
                _ => 4,
            };
            let j = (0..hand.len())
                .min_by_key(|&j| {
                    let c = hand[j];
                    let cat = category(c);
                    (cat, if cat == 4 { -ae(c) } else { 0 }, fold_name(&c.name))
                })
                .unwrap();
            hand.remove(j);
            arena[i].energy += 1;
        }
        // 5. Battle.
        if going_first && turn == 1 {
            continue;
        }
        for slot in &mut arena {
            if !slot.exhausted && slot.crewed() && slot.energy as i64 >= ae(slot.zoid) {
                slot.exhausted = true;
                opponent_base -= 1;
                first_attack.get_or_insert(turn);
                if high_output(slot.zoid) && slot.energy > 0 {
                    slot.energy -= 1;
                }
                if opponent_base == 0 {
                    return Played {
                        outcome: Outcome::Win,
                        turn,
                        first_attack,
                    };
                }
            }
        }
    }
    unreachable!()
}
