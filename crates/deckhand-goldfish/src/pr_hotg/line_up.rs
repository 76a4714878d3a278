//! The enemy line-up of a battle: the groups of the options turned into enemy card indices,
//! foot-soldier decks and at most one Monster or Boss deck, checked against the rules.

use super::*;

/// Whether an enemy card's effect is plain damage or drain, which the simulator plays.
pub(super) fn enemy_simulated(card: &Card) -> bool {
    let plain = number(card, "damage").unwrap_or(0) > 0 || number(card, "drain").unwrap_or(0) > 0;
    plain && keyword(card, "Passive").is_none() && number(card, "health").is_some()
}

pub(super) type LineUp = (
    Vec<String>,
    Vec<Enemy>,
    Vec<(Vec<u16>, u32)>,
    Option<Vec<u16>>,
    Vec<Card>,
);

/// The line-up's enemy cards as indices, foot-soldier decks and the Monster or Boss deck.
pub(super) fn line_up(groups: &[EnemyGroup]) -> Result<LineUp, GoldfishError> {
    if groups.is_empty() {
        return Err(GoldfishError::MissingCards(
            "a Heroes of the Grid battle needs an enemy line-up: foot soldiers with their figures, and optionally a Monster or Boss".into(),
        ));
    }
    let (mut names, mut enemies, mut foot, mut boss, mut cards) =
        (Vec::new(), Vec::new(), Vec::new(), None, Vec::<Card>::new());
    let mut figures_total = 0;
    for group in groups {
        if group.cards.is_empty() {
            return Err(GoldfishError::MissingCards(format!(
                "the enemy deck '{}' has no cards",
                group.name
            )));
        }
        let mut deck = Vec::with_capacity(group.cards.len());
        let mut big = false;
        for card in &group.cards {
            big |= matches!(type_key(card).as_str(), "monster" | "boss");
            let index = match cards.iter().position(|c| c.id == card.id) {
                Some(i) => i,
                None => {
                    cards.push(card.clone());
                    names.push(card.name.clone());
                    enemies.push(Enemy {
                        health: number(card, "health").unwrap_or(1).max(1),
                        damage: number(card, "damage").unwrap_or(0),
                        drain: number(card, "drain").unwrap_or(0),
                        fast: keyword(card, "Fast").is_some(),
                        guard: keyword(card, "Guard").is_some(),
                    });
                    cards.len() - 1
                }
            };
            if index > usize::from(u16::MAX - 1) {
                return Err(GoldfishError::InvalidOptions("too many enemy cards".into()));
            }
            deck.push(index as u16);
        }
        if big {
            if boss.is_some() {
                return Err(GoldfishError::InvalidOptions(
                    "a battle has at most one Monster or Boss (one top row of 4 cards)".into(),
                ));
            }
            boss = Some(deck);
        } else {
            figures_total += group.figures;
            foot.push((deck, group.figures));
        }
    }
    if figures_total > MAX_FOOT_SOLDIERS {
        return Err(GoldfishError::InvalidOptions(format!(
            "at most {MAX_FOOT_SOLDIERS} foot soldiers take part in a battle; the line-up has {figures_total}"
        )));
    }
    Ok((names, enemies, foot, boss, cards))
}
