//! Building the battle simulator for a deck and line-up: the combat cards' stats, the
//! pilot's orders, and the compiled effects of the deck and of the line-up.

use deckhand_core::{Amount, Step, Trigger};

use super::*;
use crate::effects::KeywordPolicy;

/// The rule of the procedure without effects (`--effects keywords`).
const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &[],
    unplayed_types: &["Maneuver", "Reaction", "Ranger"],
};

fn fixed(amount: &Amount) -> u32 {
    match amount {
        Amount::Fixed(n) => (*n).clamp(0, 99) as u32,
        Amount::Per(_) => 0,
    }
}

/// The options of an `X` Attack's choice: (energy spent, expected hits × faces, dice).
fn x_options(card: &Card, die_sum: u32, faces: u32) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for effect in card.effects.iter().filter(|e| e.trigger == Trigger::Played) {
        for step in &effect.steps {
            let Step::Choose { options } = step else {
                continue;
            };
            for option in options {
                let (mut cost, mut value, mut rolled) = (0, 0, 0);
                for step in option {
                    match step {
                        Step::Spend { amount, .. } => cost += fixed(amount),
                        Step::Roll { dice } => {
                            value += fixed(dice) * die_sum;
                            rolled += fixed(dice);
                        }
                        Step::Damage { amount } => value += fixed(amount) * faces,
                        _ => {}
                    }
                }
                out.push((cost, value, rolled));
            }
        }
    }
    out
}

/// Whether a Reaction's effects prevent damage, deal hits, or both.
fn reacts(card: &Card) -> Reacts {
    let mut r = Reacts::default();
    let visit = |step: &Step, r: &mut Reacts| match step {
        Step::Prevent { .. } => r.prevents = true,
        Step::Damage { .. } | Step::Roll { .. } => r.hits = true,
        _ => {}
    };
    for effect in &card.effects {
        for step in &effect.steps {
            match step {
                Step::Choose { options } => options.iter().flatten().for_each(|s| visit(s, &mut r)),
                s => visit(s, &mut r),
            }
        }
    }
    r
}

/// How a Ranger's once-per-battle ability is used: the kind of its first step.
fn ability(card: &Card) -> ability::Ability {
    let first = card
        .effects
        .iter()
        .find(|e| e.trigger == Trigger::Activated)
        .and_then(|e| e.steps.first());
    match first {
        Some(Step::Damage { amount }) => ability::Ability::Hits(fixed(amount)),
        Some(Step::Reroll { .. }) => ability::Ability::Reroll,
        Some(Step::Modify { stat, by, .. }) if stat == "shields" => {
            ability::Ability::Shields(fixed(by) as i32)
        }
        _ => ability::Ability::Other,
    }
}

/// Damage an enemy card's unconditional `when attacks` effects deal.
fn attack_damage(card: &Card) -> u8 {
    card.effects
        .iter()
        .filter(|e| e.trigger == Trigger::Attacks && e.requirement.is_none())
        .flat_map(|e| &e.steps)
        .map(|s| match s {
            Step::Damage { amount } => fixed(amount),
            _ => 0,
        })
        .sum::<u32>()
        .min(255) as u8
}

impl PrHotg {
    pub(crate) fn new(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<PrHotg, GoldfishError> {
        let cards = DeckCards::from_deck(deck, &["ranger", "main"])?;
        let die: Vec<u8> = match setup.game.die_faces.as_deref() {
            Some(faces) => faces.to_vec(),
            // The die is the definition's (the default of
            // docs/pilots.md#heroes-of-the-grid-not-modelled lives there, not here).
            None => game
                .goldfish
                .as_ref()
                .map(|g| g.die_faces.clone())
                .filter(|f| !f.is_empty())
                .ok_or_else(|| {
                    GoldfishError::InvalidOptions(format!(
                        "the {} definition states no combat die ([goldfish] die_faces): give one with --die",
                        game.id
                    ))
                })?,
        };
        validate_die_faces(&die).map_err(GoldfishError::InvalidOptions)?;
        let die_sum: u32 = die.iter().map(|&f| u32::from(f)).sum();
        let faces = die.len() as u32;
        // The Rangers: the deck's Ranger cards, else the colours of its combat cards.
        let is_ranger = |c: &Card| type_key(c) == "ranger";
        let mut colours: Vec<String> = Vec::new();
        let mut rangers: Vec<String> = Vec::new();
        for card in cards.cards.iter().filter(|c| is_ranger(c)) {
            colours.push(fold_name(card.color.as_deref().unwrap_or(&card.name)));
            rangers.push(card.name.clone());
        }
        let mut order = Vec::new();
        for entry in deck
            .entries
            .iter()
            .filter(|e| e.section == "main" || e.section == "ranger")
        {
            if is_ranger(&entry.card) {
                continue;
            }
            let card = cards
                .cards
                .iter()
                .position(|c| c.id == entry.card.id)
                .unwrap_or(0);
            order.extend(std::iter::repeat_n(card as u16, entry.count as usize));
        }
        let mut combat = Vec::with_capacity(cards.len());
        for card in &cards.cards {
            let colour = fold_name(card.color.as_deref().unwrap_or(""));
            let ranger = match colours.iter().position(|c| *c == colour) {
                Some(i) => i,
                None if is_ranger(card) => 0,
                None => {
                    colours.push(colour);
                    rangers.push(card.color.clone().unwrap_or_else(|| "Ranger".into()));
                    colours.len() - 1
                }
            };
            let cost = number(card, "energy_cost");
            let x = cost.is_none()
                && matches!(card.stats.get("energy_cost"), Some(StatValue::Text(t)) if t.eq_ignore_ascii_case("x"));
            let (dice, hits) = (small_stat(card, "dice"), small_stat(card, "hits"));
            let expected = u32::from(dice) * die_sum + u32::from(hits) * faces;
            combat.push(Combat {
                attack: type_key(card) == "attack" && cost.is_some() && expected > 0,
                x,
                cost: cost.unwrap_or(if x { 0 } else { u8::MAX }),
                dice,
                hits,
                shields: small_stat(card, "shields"),
                expected,
                ranger: ranger.min(255) as u8,
            });
        }
        if order.is_empty() {
            return Err(GoldfishError::MissingCards(
                "a Heroes of the Grid battle needs the Rangers' combat deck (the deck's Combat deck section is empty)".into(),
            ));
        }
        let (enemy_names, enemies, foot, boss, enemy_cards) = line_up(&setup.game.enemies)?;
        let effects_on = setup.effects == EffectsMode::All;
        let (fx, coverage) = match setup.effects {
            EffectsMode::All => {
                let mut all = cards.cards.clone();
                all.extend(enemy_cards.iter().cloned());
                effects::build(game, &all, setup.effects, &board::PLAYS)
            }
            EffectsMode::Keywords => (
                Programs::default(),
                effects::build(game, &cards.cards, setup.effects, &board::PLAYS_KEYWORDS).1,
            ),
        };
        let x_value: Vec<Vec<(u32, u32, u32)>> = cards
            .cards
            .iter()
            .map(|card| x_options(card, die_sum, faces))
            .collect();
        for (c, f) in combat.iter_mut().enumerate() {
            // An X Attack plays through its effect's choice, when its effects play.
            if effects_on && f.x && fx.has(c as u16, Trigger::Played) && !x_value[c].is_empty() {
                f.attack = type_key(&cards.cards[c]) == "attack";
            }
        }
        let rank = |c: u16| cards.name_rank[c as usize];
        let mut attacks: Vec<u16> = (0..cards.len() as u16)
            .filter(|&c| combat[c as usize].attack)
            .collect();
        attacks.sort_by_key(|&c| {
            (
                u32::MAX - combat[c as usize].expected,
                combat[c as usize].cost,
                rank(c),
            )
        });
        let mut discard_order: Vec<u16> = (0..cards.len() as u16).collect();
        discard_order.sort_by_key(|&c| {
            let f = combat[c as usize];
            (f.attack, f.expected, rank(c))
        });
        // Two-player mode when the deck names two Rangers (or, naming none, holds two colours).
        let named = cards.cards.iter().filter(|c| is_ranger(c)).count();
        let team = if named > 0 { named } else { rangers.len() }.max(1) as u32;
        let mut not_simulated = match setup.effects {
            EffectsMode::All => coverage.left_out(),
            EffectsMode::Keywords => {
                let mut names = effects::not_simulated(&cards.cards, &KEYWORDS);
                names.extend(
                    enemy_cards
                        .iter()
                        .filter(|c| !enemy_simulated(c))
                        .map(|c| c.name.clone()),
                );
                names
            }
        };
        not_simulated.sort_by_key(|n| fold_name(n));
        not_simulated.dedup_by(|a, b| fold_name(a) == fold_name(b));
        let n = cards.len() as u16;
        let of_type = |t: &str| -> Vec<u16> {
            (0..n)
                .filter(|&c| type_key(&cards.cards[c as usize]) == t)
                .collect()
        };
        let mut play_rank = vec![0u16; cards.len()];
        let mut rest: Vec<u16> = (0..n).filter(|c| !attacks.contains(c)).collect();
        rest.sort_by_key(|&c| rank(c));
        for (i, &c) in attacks.iter().chain(&rest).enumerate() {
            play_rank[c as usize] = i as u16;
        }
        let mut maneuvers: Vec<u16> = of_type("maneuver")
            .into_iter()
            .filter(|&c| fx.has(c, Trigger::Played) && combat[c as usize].cost != u8::MAX)
            .collect();
        maneuvers.sort_by_key(|&c| (combat[c as usize].cost, rank(c)));
        let mut reaction_order: Vec<u16> = of_type("reaction")
            .into_iter()
            .filter(|&c| fx.has(c, Trigger::Blocks) || fx.has(c, Trigger::AfterAttack))
            .collect();
        reaction_order.sort_by_key(|&c| rank(c));
        let reactions = cards.cards.iter().map(reacts).collect();
        let ranger_cards = of_type("ranger");
        let abilities = ranger_cards
            .iter()
            .filter(|&&c| fx.has(c, Trigger::Activated))
            .map(|&c| (c, ability(&cards.cards[c as usize])))
            .take(32)
            .collect();
        let static_rangers = ranger_cards
            .iter()
            .copied()
            .filter(|&c| fx.has(c, Trigger::Static))
            .collect();
        let plays_rangers = ranger_cards
            .iter()
            .copied()
            .filter(|&c| fx.has(c, Trigger::PlaysCard))
            .collect();
        // Known before the attack is aimed, so read from the data (the step itself is a
        // no-op when it fires).
        let ignores_guard = cards
            .cards
            .iter()
            .map(|card| {
                effects_on
                    && card.effects.iter().any(|e| {
                        e.trigger == Trigger::Played && e.steps.contains(&Step::IgnoreGuard)
                    })
            })
            .collect();
        let enemy_extra = enemy_cards
            .iter()
            .map(|card| if effects_on { attack_damage(card) } else { 0 })
            .collect();
        let summons = effects_on
            && enemy_cards.iter().flat_map(|c| &c.effects).any(|e| {
                e.steps
                    .iter()
                    .any(|s| matches!(s, Step::Move { to, .. } if to == "sequence"))
            });
        Ok(PrHotg {
            hand_size: if team > 1 { 7 } else { 5 },
            battle_energy: if team > 1 { 3 } else { 2 },
            stored: team,
            rangers,
            ranger_colours: colours,
            combat,
            order,
            attacks,
            discard_order,
            enemy_names,
            enemies,
            foot,
            boss,
            die,
            not_simulated,
            coverage,
            play_rank,
            maneuvers,
            reaction_order,
            reactions,
            x_value,
            abilities,
            static_rangers,
            plays_rangers,
            ignores_guard,
            summons,
            ranger_cards,
            enemy_extra,
            fx,
            effects_on,
            die_sum,
            deck: cards,
        })
    }
}
