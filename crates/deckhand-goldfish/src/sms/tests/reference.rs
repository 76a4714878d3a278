//! The Showdown pilot of docs/pilots.md#saturday-morning-showdown transcribed literally and
//! slowly, as a second implementation written from the text alone: every action lists the Main
//! cards in hand with the places each may go and takes the first of the three actions that
//! applies. The engine must play every game exactly as it does (same mulligan, same Power,
//! deployments and hand size after every turn).

use deckhand_core::{fold_name, Card};

use crate::library::Library;
use crate::rng::Rng;

fn type_of(card: &Card) -> String {
    fold_name(&card.card_type)
}

fn has_subtype(card: &Card, name: &str) -> bool {
    card.subtypes.iter().any(|s| fold_name(s) == name)
}

fn power(card: &Card) -> u32 {
    card.stats
        .get("power")
        .and_then(|v| v.as_number())
        .map_or(0, |n| n.clamp(0, 255) as u32)
}

/// The characters are the Heroes, Villains and Leaders (docs/pilots.md#showdown-setup).
pub fn is_character(card: &Card) -> bool {
    matches!(type_of(card).as_str(), "hero" | "villain" | "leader")
}

/// docs/pilots.md#showdown-the-decisions: an Attachment whose text names its
/// holder ("Attach to a Doom Lab Villain.") goes only to a character or Ally that meets it:
/// of that type (Hero, Villain, Leader, Character, Ally) when the name ends with one, with
/// the rest of the name as one of its Keywords or Classes or in its Name.
fn may_hold(attachment: &Card, holder: &Card) -> bool {
    let text = attachment.text.clone().unwrap_or_default().to_lowercase();
    let Some(start) = text.find("attach to a ") else {
        return text.find("attach to an ").is_none_or(|at| {
            let named = text[at + "attach to an ".len()..]
                .split('.')
                .next()
                .unwrap();
            meets(named.trim(), holder)
        });
    };
    let named = text[start + "attach to a ".len()..]
        .split('.')
        .next()
        .unwrap();
    meets(named.trim(), holder)
}

fn meets(named: &str, holder: &Card) -> bool {
    let words: Vec<&str> = named.split_whitespace().collect();
    let kind = type_of(holder);
    let (rest, of_type) = match words.last().copied() {
        Some("villain") => (&words[..words.len() - 1], kind == "villain"),
        Some("hero") => (&words[..words.len() - 1], kind == "hero"),
        Some("leader") => (&words[..words.len() - 1], kind == "leader"),
        Some("character") => (&words[..words.len() - 1], is_character(holder)),
        Some("ally") => (
            &words[..words.len() - 1],
            matches!(kind.as_str(), "ally" | "super" | "mook"),
        ),
        _ => (&words[..], true),
    };
    let rest = rest.join(" ");
    of_type
        && (rest.is_empty()
            || holder
                .keywords
                .iter()
                .chain(&holder.subtypes)
                .any(|k| k.to_lowercase() == rest)
            || format!(" {} ", holder.name.to_lowercase()).contains(&format!(" {rest} ")))
}

/// A card on the Table and what is attached to it.
struct OnTable<'a> {
    card: &'a Card,
    upgrades: u32,
    equipment: Option<&'a Card>,
    vehicle: Option<&'a Card>,
}

impl OnTable<'_> {
    fn power(&self) -> u32 {
        power(self.card)
            + self.upgrades
            + self.equipment.map_or(0, power)
            + self.vehicle.map_or(0, power)
    }
}

/// What one game came to: whether the pilot took the mulligan, and after each turn
/// (index 0 = turn 1) Power on the Table, Main cards deployed and the hand size.
#[derive(Debug, PartialEq, Eq)]
pub struct Played {
    pub mulligan: bool,
    pub turns: Vec<(u32, u32, u32)>,
}

/// Plays one game: `characters` on the Table in deck-list order, `deck` the deck proper in
/// printed order, shuffled by `rng` as the engine's library shuffles (the randomness, not
/// the pilot, is shared).
pub fn play<'a>(
    characters: &[&'a Card],
    deck: &[&'a Card],
    villain: bool,
    rng: &mut Rng,
) -> Played {
    let positions: Vec<u16> = (0..deck.len() as u16).collect();
    let mut library = Library::new(&positions);
    let is_main = |card: &Card| match type_of(card).as_str() {
        "ally" | "super" => true,
        "mook" => villain,
        "attachment" => has_subtype(card, "equipment") || has_subtype(card, "vehicle"),
        _ => false,
    };
    let mut hand: Vec<&'a Card> = Vec::new();
    let fill = |hand: &mut Vec<&'a Card>, library: &mut Library, rng: &mut Rng| {
        while hand.len() < 8 {
            match library.draw(rng) {
                Some(p) => hand.push(deck[p as usize]),
                None => break,
            }
        }
    };
    fill(&mut hand, &mut library, rng);
    let mulligan = !hand.iter().any(|c| is_main(c));
    if mulligan {
        hand.clear();
        library.reset(&positions);
        fill(&mut hand, &mut library, rng);
    }
    let mut table: Vec<OnTable<'a>> = characters
        .iter()
        .map(|&card| OnTable {
            card,
            upgrades: 0,
            equipment: None,
            vehicle: None,
        })
        .collect();
    let mut deployed = 0;
    let mut turns = Vec::new();
    for _turn in 1..=15 {
        for _action in 0..if villain { 4 } else { 3 } {
            // 1. The Main card with the most power that can go down (ties by folded name).
            let on_table = |name: &str| {
                table.iter().any(|t| {
                    [Some(t.card), t.equipment, t.vehicle]
                        .into_iter()
                        .flatten()
                        .any(|c| fold_name(&c.name) == fold_name(name))
                })
            };
            let mut candidates: Vec<(usize, Option<usize>)> = Vec::new();
            for (h, card) in hand.iter().enumerate() {
                if !is_main(card) || (type_of(card) != "mook" && on_table(&card.name)) {
                    continue;
                }
                if type_of(card) != "attachment" {
                    candidates.push((h, None));
                    continue;
                }
                // Characters first (deck-list order), then Allies in the order put down:
                // the Table is kept in exactly that order.
                let equipment = has_subtype(card, "equipment");
                let holder = table.iter().position(|t| {
                    if !may_hold(card, t.card) {
                        return false;
                    }
                    if equipment {
                        t.equipment.is_none()
                    } else {
                        t.vehicle.is_none() && type_of(t.card) != "mook"
                    }
                });
                if let Some(t) = holder {
                    candidates.push((h, Some(t)));
                }
            }
            let best = candidates.into_iter().min_by_key(|&(h, _)| {
                (std::cmp::Reverse(power(hand[h])), fold_name(&hand[h].name))
            });
            if let Some((h, at)) = best {
                let card = hand.remove(h);
                deployed += 1;
                match at {
                    None => table.push(OnTable {
                        card,
                        upgrades: 0,
                        equipment: None,
                        vehicle: None,
                    }),
                    Some(t) if has_subtype(card, "equipment") => table[t].equipment = Some(card),
                    Some(t) => table[t].vehicle = Some(card),
                }
                continue;
            }
            // 2. Fill the hand when it holds fewer than 8 and the deck is not empty.
            if hand.len() < 8 && !library.is_empty() {
                fill(&mut hand, &mut library, rng);
                continue;
            }
            // 3. Upgrade the character with the least power (ties: the first listed).
            let weakest = table
                .iter()
                .enumerate()
                .filter(|(_, t)| is_character(t.card))
                .min_by_key(|(i, t)| (t.power(), *i))
                .map(|(i, _)| i);
            if let Some(i) = weakest {
                table[i].upgrades += 1;
            }
        }
        let power: u32 = table.iter().map(OnTable::power).sum();
        turns.push((power, deployed, hand.len() as u32));
    }
    Played { mulligan, turns }
}
