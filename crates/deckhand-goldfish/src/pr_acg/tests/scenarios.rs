//! The card scenario table `fixtures/effects/pr-acg.toml`: given zones, a summon plan played
//! from its paid summon to settlement with every effect on (`summon_and_battle`, the turn's
//! own code), the zones after. Every ACX card with effects of its own has a case, and each
//! case states the card's coverage, so a card whose effects never fire says so too.

use std::collections::BTreeSet;

use deckhand_core::CoverageState;
use serde::Deserialize;

use super::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    /// The card the case is about (the summon, the Zord or a training-area card).
    card: String,
    /// Its coverage with every effect on: `simulated` or `no_effect`.
    state: String,
    summon: String,
    #[serde(default)]
    zord: Option<String>,
    #[serde(default)]
    given: Zones,
    #[serde(default)]
    expect: Zones,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Zones {
    hand: Vec<String>,
    /// Top first.
    deck: Vec<String>,
    discard: Vec<String>,
    training: Vec<String>,
    opponent_deck: u32,
    outcome: Option<String>,
}

impl Default for Zones {
    fn default() -> Zones {
        Zones {
            hand: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            training: Vec::new(),
            opponent_deck: 30,
            outcome: None,
        }
    }
}

fn table() -> Table {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/effects/pr-acg.toml");
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Plays one case; returns the zones after.
fn play(case: &Case) -> Zones {
    let given = &case.given;
    let mut names: BTreeSet<&str> = [&given.hand, &given.deck, &given.discard, &given.training]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    names.insert(&case.card);
    names.insert(&case.summon);
    names.extend(case.zord.as_deref());
    // A card with no effects, so that every deck holds the 5 cards an opening needs.
    names.insert("Bramble Guard Ranger");
    let lines: Vec<(u32, &str)> = names.iter().map(|n| (3, *n)).collect();
    let p = PrAcg::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Default::default(),
    )
    .unwrap();
    let index = |name: &str| {
        p.deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} is not an ACX card")) as u16
    };
    let mut state = p.new_state();
    state.library = Library::new(&[]);
    // Known, in order: the deck's top is the last of `top`.
    state.top = given.deck.iter().rev().map(|n| index(n)).collect();
    for name in &given.hand {
        p.add_to_hand(&mut state, index(name));
    }
    state.discard = given.discard.iter().map(|n| index(n)).collect();
    state.training = given.training.iter().map(|n| index(n)).collect();
    state.opponent_deck = given.opponent_deck;
    let plan = Plan {
        summon: index(&case.summon),
        extra: case.zord.as_deref().map_or(NONE, index),
    };
    let (end, _) = p.summon_and_battle(&mut state, &mut Rng::for_game(1, 0), plan, &mut NoLog);
    let name = |c: u16| p.name(c).to_owned();
    Zones {
        hand: render_hand(&p, &state),
        deck: state.deck_cards().map(name).collect(),
        discard: state.discard.iter().map(|&c| name(c)).collect(),
        training: state.training.iter().map(|&c| name(c)).collect(),
        opponent_deck: state.opponent_deck,
        outcome: end.map(|o| format!("{o:?}").to_lowercase()),
    }
}

#[test]
fn every_card_scenario_ends_with_the_zones_it_states() {
    for mut case in table().case {
        let actual = play(&case);
        case.expect.hand.sort();
        assert_eq!(actual, case.expect, "{}", case.name);
    }
}

#[test]
fn every_acx_card_with_effects_has_a_scenario_and_the_state_it_states() {
    let table = table();
    let set = testing::cards(G);
    let with_effects: Vec<_> = set.iter().filter(|c| !c.effects.is_empty()).collect();
    assert!(!with_effects.is_empty());
    let lines: Vec<(u32, &str)> = with_effects.iter().map(|c| (1, c.name.as_str())).collect();
    let p = PrAcg::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Default::default(),
    )
    .unwrap();
    for card in with_effects {
        let row = p
            .coverage
            .cards
            .iter()
            .find(|c| c.name == card.name)
            .unwrap();
        let cases: Vec<&Case> = table.case.iter().filter(|c| c.card == card.name).collect();
        assert!(!cases.is_empty(), "{} has no scenario", card.name);
        for case in cases {
            assert_eq!(case.state, row.state.id(), "{}: {}", case.name, row.reason);
        }
    }
}

/// The whole ACX set with every effect on: two cards are left out, each with its reason,
/// so 70 of 72 (97.2 %) are simulated or have no goldfish effect (Shard of Ruin was the
/// third, until the `moved` zone let it ask whether the card it discarded is a Villain).
#[test]
fn the_acx_set_leaves_out_only_the_two_cards_the_vocabulary_cannot_state() {
    let set = testing::cards(G);
    let lines: Vec<(u32, &str)> = set.iter().map(|c| (1, c.name.as_str())).collect();
    let p = PrAcg::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Default::default(),
    )
    .unwrap();
    let c = &p.coverage;
    assert_eq!(
        testing::left_out(c, set.len()),
        ["Nova Stag Zord", "Thunderclap Amber Ranger"]
    );
    let state = |name: &str| c.cards.iter().find(|r| r.name == name).unwrap().state;
    assert_eq!(state("Shard of Ruin"), CoverageState::Simulated);
    assert_eq!(state("Nova Stag Zord"), CoverageState::NotSimulated);
    assert_eq!(c.simulated + c.no_effect, 70);
}
