//! The card scenario table `fixtures/effects/zoids-scramble.toml`: given zones, a card's
//! effect fired at one moment, the zones after. Every ZSX card whose own effects play has
//! a case.

use std::collections::BTreeSet;

use deckhand_core::{CoverageState, Trigger};
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
    card: String,
    trigger: String,
    #[serde(default)]
    given: Zones,
    #[serde(default)]
    expect: Zones,
}

#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Zones {
    hand: Vec<String>,
    deck: Vec<String>,
    scrapyard: Vec<String>,
    bottom: Vec<String>,
    arena: Vec<SlotSpec>,
}

#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotSpec {
    zoid: String,
    #[serde(default)]
    pilot: Option<String>,
    #[serde(default)]
    energy: Vec<String>,
}

fn table() -> Table {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/effects/zoids-scramble.toml");
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

impl Zones {
    fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        names.extend(self.hand.iter().map(String::as_str));
        names.extend(self.deck.iter().map(String::as_str));
        names.extend(self.scrapyard.iter().map(String::as_str));
        names.extend(self.bottom.iter().map(String::as_str));
        for slot in &self.arena {
            names.push(&slot.zoid);
            names.extend(slot.pilot.as_deref());
            names.extend(slot.energy.iter().map(String::as_str));
        }
        names
    }
}

/// Plays one case with every effect on; returns the zones after.
fn play(case: &Case) -> Zones {
    let mut names: BTreeSet<&str> = case.given.names().into_iter().collect();
    names.insert(&case.card);
    // Ten copies of one card make the deck playable; the state is set by hand below.
    let mut lines: Vec<(u32, &str)> = names.iter().map(|n| (1, *n)).collect();
    lines.push((10, "Sentinel Drone Wolf"));
    let p = Zoids::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        EffectsMode::All,
    )
    .unwrap();
    let index = |name: &str| {
        p.deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} is not a ZSX card")) as u16
    };
    let mut state = p.new_state();
    let given = &case.given;
    let deck: Vec<u16> = given.deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&deck);
    for name in &given.hand {
        state.hand[index(name) as usize] += 1;
        state.hand_len += 1;
    }
    state.scrapyard = given.scrapyard.iter().map(|n| index(n)).collect();
    state.bottom = given.bottom.iter().map(|n| index(n)).collect();
    for spec in &given.arena {
        let pilot = spec.pilot.as_deref().map_or(NO_PILOT, index);
        if pilot != NO_PILOT {
            state.pilot_name_in_arena[p.deck.name_id[pilot as usize] as usize] = true;
        }
        state.arena.push(Slot {
            zoid: index(&spec.zoid),
            pilot,
            energy: spec.energy.iter().map(|n| index(n)).collect(),
            exhausted: false,
        });
    }
    state.arena_len = state.arena.len();
    let card = index(&case.card);
    let trigger = Trigger::from_id(&case.trigger).expect("a trigger id");
    let slot = state.arena[..state.arena_len]
        .iter()
        .position(|s| s.zoid == card || s.pilot == card);
    let mut rng = Rng::for_game(1, 0);
    p.fire(card, trigger, slot, &mut state, &mut rng, &mut NoLog);
    let name = |c: &u16| p.name(*c).to_owned();
    let mut hand: Vec<String> = (0..p.deck.len() as u16)
        .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
        .map(|c| name(&c))
        .collect();
    hand.sort();
    assert_eq!(
        hand.len(),
        state.hand_len as usize,
        "{}: hand count",
        case.name
    );
    let mut deck: Vec<String> = state.library.remaining().iter().map(name).collect();
    deck.sort();
    Zones {
        hand,
        deck,
        scrapyard: state.scrapyard.iter().map(name).collect(),
        bottom: state.bottom.iter().map(name).collect(),
        arena: state.arena[..state.arena_len]
            .iter()
            .map(|s| SlotSpec {
                zoid: name(&s.zoid),
                pilot: (s.pilot != NO_PILOT).then(|| name(&s.pilot)),
                energy: s.energy.iter().map(name).collect(),
            })
            .collect(),
    }
}

#[test]
fn every_card_scenario_ends_with_the_zones_it_states() {
    for mut case in table().case {
        let actual = play(&case);
        let expected = &mut case.expect;
        expected.hand.sort();
        expected.deck.sort();
        assert_eq!(&actual, expected, "{}", case.name);
    }
}

#[test]
fn every_zsx_card_whose_own_effects_play_has_a_scenario() {
    let cases: BTreeSet<String> = table().case.into_iter().map(|c| c.card).collect();
    let set = testing::cards(G);
    let with_effects: Vec<_> = set.iter().filter(|c| !c.effects.is_empty()).collect();
    assert!(!with_effects.is_empty());
    let lines: Vec<(u32, &str)> = with_effects.iter().map(|c| (1, c.name.as_str())).collect();
    let deck = testing::deck(G, &[&lines[..], &[(10, "Sentinel Drone Wolf")]].concat());
    let p = Zoids::new(&testing::game(G), &deck, EffectsMode::All).unwrap();
    for card in with_effects {
        let state = p
            .coverage
            .cards
            .iter()
            .find(|c| c.name == card.name)
            .unwrap();
        assert_eq!(
            state.state,
            CoverageState::Simulated,
            "{}: {}",
            card.name,
            state.reason
        );
        assert!(cases.contains(&card.name), "{} has no scenario", card.name);
    }
}

/// The whole ZSX set's coverage with every effect on: every card is simulated or says in
/// its data why it has no goldfish effect (the Unison and CAS Zoids, which the pilot never
/// sets, included); none is left out.
#[test]
fn every_zsx_card_is_simulated_or_has_no_goldfish_effect() {
    let set = testing::cards(G);
    let lines: Vec<(u32, &str)> = set.iter().map(|c| (1, c.name.as_str())).collect();
    let p = Zoids::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        EffectsMode::All,
    )
    .unwrap();
    assert_eq!(
        testing::left_out(&p.coverage, set.len()),
        Vec::<&str>::new()
    );
}
