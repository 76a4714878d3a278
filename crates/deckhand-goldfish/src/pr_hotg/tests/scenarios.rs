//! The card scenario table `fixtures/effects/pr-hotg.toml`: a battle state given, one card's
//! effects fired at their moment (`board.rs`), the state after. Every HGX card with effects has
//! a case. The die is one face of 1 hit, so every die rolled is a hit.

use std::collections::{BTreeMap, BTreeSet};

use deckhand_core::{Card, CoverageState, Trigger};
use serde::Deserialize;

use super::super::board::At;
use super::*;
use crate::log::NoLog;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    card: String,
    trigger: String,
    /// The enemy card (resolution order, top row first) the moment is about.
    #[serde(default)]
    at: usize,
    #[serde(default)]
    given: Given,
    #[serde(default)]
    expect: Expect,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Given {
    hand: Vec<String>,
    /// Top first.
    deck: Vec<String>,
    discard: Vec<String>,
    pool: u32,
    stored: u32,
    /// Enemy cards: the bottom row, and a Monster or Boss row.
    bottom: Vec<String>,
    top: Vec<String>,
    /// Enemy cards (by position) already defeated, and resolved.
    defeated: Vec<usize>,
    resolved: Vec<usize>,
    /// The damage about to be dealt (a Reaction), or dealt to the Rangers (`revealed`: the
    /// card on top of the deck is revealed against it).
    damage: u32,
    /// An attack's dice as rolled, in hits.
    rolls: Vec<u8>,
    /// Other Rangers on the team (their Ranger cards).
    rangers: Vec<String>,
    /// `plays_card`: the card just played (an Attack: at `at`), the cards played before
    /// it this battle, and the energy spent on it.
    plays: String,
    played: Vec<String>,
    spent: u32,
}

#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Expect {
    hand: Vec<String>,
    deck: Vec<String>,
    discard: Vec<String>,
    pool: u32,
    stored: u32,
    /// "Name left/health" (and "+1 damage" from a Passive) or "Name defeated", in
    /// resolution order.
    rows: Vec<String>,
    /// The attack: its fixed hits, dice as rolled, and how many cards its hits may reach.
    fixed: u32,
    rolls: Vec<u8>,
    split: u8,
    /// Damage prevented of what is about to be dealt; damage left past the reveals.
    prevented: u32,
    /// Changes to combat cards: "Name dice +1", "Name energy_cost +1".
    mods: Vec<String>,
    /// Cards lost to defense.
    lost: u32,
    /// The deck top first, when the case states it (a reorder).
    deck_order: Option<Vec<String>>,
    /// Hits saved for the next attack.
    next_hits: i32,
    /// The attack's dice may go at an adjacent card.
    adjacent: bool,
}

fn table() -> Table {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/effects/pr-hotg.toml");
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Plays one case with every effect on; returns the state after, as the table states it.
fn play(case: &Case) -> Expect {
    let g = &case.given;
    let mut names: BTreeSet<&str> = BTreeSet::new();
    for list in [&g.hand, &g.deck, &g.discard, &g.rangers, &g.played] {
        names.extend(list.iter().map(String::as_str));
    }
    if !g.plays.is_empty() {
        names.insert(&g.plays);
    }
    names.insert(&case.card);
    names.insert("Talon Dive");
    let is_ranger = |n: &str| testing::card(G, n).card_type == "Ranger";
    let lines: Vec<(&str, u32, &str)> = names
        .iter()
        .filter(|n| testing::card(G, n).side != Some(deckhand_core::Side::Villain))
        .map(|&n| (if is_ranger(n) { "ranger" } else { "main" }, 1, n))
        .collect();
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let group = |cards: &[String], figures| EnemyGroup {
        name: "test".into(),
        cards: cards.iter().map(|n| testing::card(G, n)).collect(),
        figures,
    };
    let villain = testing::card(G, &case.card).side == Some(deckhand_core::Side::Villain);
    let mut bottom = g.bottom.clone();
    if villain && !bottom.contains(&case.card) && !g.top.contains(&case.card) {
        bottom.insert(0, case.card.clone());
    }
    if bottom.is_empty() && g.top.is_empty() {
        bottom.push("Junkyard Snap".into());
    }
    let mut enemies = Vec::new();
    if !bottom.is_empty() {
        enemies.push(group(&bottom, bottom.len() as u32));
    }
    if !g.top.is_empty() {
        enemies.push(group(&g.top, 4));
    }
    let setup = Setup {
        game: &crate::GameOptions {
            enemies: enemies.to_vec(),
            die_faces: Some(vec![1]),
            mulligan: None,
        },
        ..Setup::default()
    };
    let p = PrHotg::new(&testing::game(G), &deck, setup).unwrap();
    let card = |name: &str| {
        p.deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} is not in the deck")) as u16
    };
    let enemy = |name: &str| p.enemy_names.iter().position(|n| n == name).unwrap() as u16;
    let mut state = p.new_state();
    state.deck.cards = g.deck.iter().map(|n| card(n)).collect();
    state.deck.top = 0;
    state.deck.shuffled = 0;
    for name in &g.hand {
        state.hand[card(name) as usize] += 1;
        state.hand_len += 1;
    }
    state.discard = g.discard.iter().map(|n| card(n)).collect();
    state.pool = g.pool;
    state.stored = g.stored;
    for name in &g.top {
        PrHotg::place(&mut state.top, &mut state.top_len, enemy(name), false);
    }
    for name in &bottom {
        PrHotg::place(&mut state.bottom, &mut state.bottom_len, enemy(name), false);
    }
    for &i in &g.defeated {
        p.slot_mut(&mut state, i).defeated = true;
    }
    for &i in &g.resolved {
        p.slot_mut(&mut state, i).resolved = true;
        state.next = state.next.max(i + 1);
    }
    state.incoming = g.damage;
    state.attack.rolls = g.rolls.clone();
    state.attack.split = (1, false);
    state.attack.spent = g.spent;
    state.played = g.played.iter().map(|n| card(n)).collect();
    let mut rng = Rng::for_game(1, 0);
    let trigger = Trigger::from_id(&case.trigger).expect("a trigger id");
    let fired = if villain {
        p.enemy_card(enemy(&case.card))
    } else {
        card(&case.card)
    };
    let lost_before = state.lost.iter().sum::<u32>();
    state.attack.card = fired;
    match trigger {
        Trigger::Revealed => p.suffer(&mut state, g.damage, &mut rng, &mut NoLog),
        Trigger::Static => p.refresh_statics(&mut state),
        Trigger::PlaysCard => {
            let other = card(&g.plays);
            let at = match p.f(other).attack {
                true => At::Attack(case.at),
                false => At::Static(Some(case.at)),
            };
            p.fire_plays(other, at, &mut state, &mut rng, &mut NoLog);
        }
        Trigger::Activated if g.damage > 0 => {
            // A shield ability is used at a reveal: the top card against the damage.
            p.suffer(&mut state, g.damage, &mut rng, &mut NoLog)
        }
        _ => {
            let at = match trigger {
                Trigger::Played if !villain => At::Attack(case.at),
                Trigger::WinsBattle => At::Won(case.at),
                Trigger::Blocks | Trigger::AfterAttack => At::Answer(case.at),
                Trigger::Attacks => At::Enemy(case.at),
                _ => At::Ability(Some(case.at)),
            };
            p.fire(fired, trigger, at, &mut state, &mut rng, &mut NoLog);
        }
    }
    let name = |c: &u16| p.name(*c).to_owned();
    let hand: Vec<String> = (0..p.deck.len() as u16)
        .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
        .map(|c| name(&c))
        .collect();
    let rows = (0..p.sequence_len(&state))
        .map(|i| {
            let slot = p.slot(&state, i);
            let n = &p.enemy_names[slot.enemy as usize];
            let health = (i32::from(p.e(slot).health) + i32::from(slot.bonus_health)).max(1);
            let mut more = match slot.bonus_damage {
                0 => String::new(),
                d => format!(" {d:+} damage"),
            };
            if slot.unguarded {
                more += " unguarded";
            }
            if slot.cap > 0 {
                more += &format!(" cap {}", slot.cap);
            }
            if slot.ignore > 0 {
                more += &format!(" ignores {}", slot.ignore);
            }
            match slot.defeated {
                true => format!("{n} defeated"),
                false => format!("{n} {}/{health}{more}", p.health_left(slot)),
            }
        })
        .collect();
    let mut mods: BTreeMap<String, String> = BTreeMap::new();
    for c in 0..p.deck.len() {
        for (stat, m) in [
            ("dice", state.dice_mod[c]),
            ("energy_cost", state.cost_mod[c]),
        ] {
            if m != 0 {
                mods.insert(format!("{} {stat}", p.name(c as u16)), format!("{m:+}"));
            }
        }
    }
    Expect {
        hand: sorted(hand),
        deck: sorted(state.deck.remaining().iter().map(name).collect()),
        discard: sorted(state.discard.iter().map(name).collect()),
        pool: state.pool,
        stored: state.stored,
        rows,
        fixed: state.attack.fixed,
        rolls: state.attack.rolls.clone(),
        split: if state.attack.split.0 > 1 {
            state.attack.split.0
        } else {
            0
        },
        prevented: state.prevented,
        mods: mods.into_iter().map(|(k, v)| format!("{k} {v}")).collect(),
        lost: state.lost.iter().sum::<u32>() - lost_before,
        deck_order: case
            .expect
            .deck_order
            .as_ref()
            .map(|_| state.deck.remaining().iter().map(name).collect()),
        next_hits: state.next_hits,
        adjacent: state.attack.adjacent,
    }
}

#[test]
fn every_card_scenario_ends_with_the_state_it_states() {
    let mut failures = Vec::new();
    for case in table().case {
        let actual = play(&case);
        let mut expected = case.expect;
        expected.hand = sorted(expected.hand);
        expected.deck = sorted(expected.deck);
        expected.discard = sorted(expected.discard);
        if actual != expected {
            failures.push(format!(
                "{}:\n  expected {expected:?}\n  actual   {actual:?}",
                case.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_hgx_card_with_effects_has_a_scenario() {
    let cases: BTreeSet<String> = table().case.into_iter().map(|c| c.card).collect();
    let missing: Vec<String> = testing::cards(G)
        .into_iter()
        .filter(|c| !c.effects.is_empty() && !cases.contains(&c.name))
        .map(|c| c.name)
        .collect();
    assert!(missing.is_empty(), "no scenario: {missing:?}");
}

/// The whole HGX set with every effect on (its combat and Ranger cards in the deck, its
/// enemy cards in the line-up): no card is left out, so all 82 are simulated or have no
/// goldfish effect (Silent Steps, the last, since `swap two adjacent unresolved cards`).
#[test]
fn the_hgx_set_leaves_out_no_card() {
    let set = testing::cards(G);
    let villain = |c: &&Card| c.side == Some(deckhand_core::Side::Villain);
    let lines: Vec<(&str, u32, &str)> = set
        .iter()
        .filter(|c| !villain(c))
        .map(|c| match c.card_type.as_str() {
            "Ranger" => ("ranger", 1, c.name.as_str()),
            _ => ("main", 1, c.name.as_str()),
        })
        .collect();
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let enemies = [EnemyGroup {
        name: "every enemy card".into(),
        cards: set.iter().filter(villain).cloned().collect(),
        figures: 4,
    }];
    let setup = Setup {
        game: &crate::GameOptions::lineup(enemies.to_vec()),
        ..Setup::default()
    };
    let p = PrHotg::new(&testing::game(G), &deck, setup).unwrap();
    let c = &p.coverage;
    assert!(testing::left_out(c, set.len()).is_empty());
    let state = |name: &str| c.cards.iter().find(|r| r.name == name).unwrap().state;
    assert_eq!(state("Silent Steps"), CoverageState::Simulated);
    assert_eq!(c.simulated + c.no_effect, 82);
}
