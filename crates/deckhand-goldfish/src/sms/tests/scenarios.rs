//! The card scenario table `fixtures/effects/sms.toml`: given a state, a card's moment, the
//! state after. Every SMX card with effects has a case.

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
    card: String,
    trigger: String,
    #[serde(default)]
    side: Option<String>,
    given: Given,
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Given {
    characters: Vec<String>,
    #[serde(default)]
    table: Vec<String>,
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    deck: Vec<String>,
    #[serde(default)]
    discard: Vec<String>,
    #[serde(default)]
    leader_actions: u32,
}

#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Expect {
    table: Vec<String>,
    hand: Vec<String>,
    deck: Vec<String>,
    discard: Vec<String>,
    leader_actions: u32,
    drama: u32,
    power: u32,
}

fn table() -> Table {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/effects/sms.toml");
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Plays one case with every effect on; returns the state after.
fn play(case: &Case) -> Expect {
    let g = &case.given;
    let mut lines: Vec<(&str, u32, &str)> = g
        .characters
        .iter()
        .map(|n| ("characters", 1, n.as_str()))
        .collect();
    let mut main: BTreeSet<&str> = [&g.table, &g.hand, &g.deck, &g.discard]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    main.insert(&case.card);
    for name in &g.characters {
        main.remove(name.as_str());
    }
    lines.extend(main.iter().map(|&n| ("main", 1, n)));
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let side = match case.side.as_deref() {
        Some("villain") => Side::Villain,
        _ => Side::Hero,
    };
    let setup = Setup {
        side: Some(side),
        effects: EffectsMode::All,
        ..Setup::default()
    };
    let p = Sms::new(&testing::game(G), &deck, setup).unwrap();
    let index = |name: &str| {
        p.deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} is not an SMX card")) as u16
    };
    let mut state = p.new_state();
    p.start(&mut state);
    for name in &g.table {
        let card = index(name);
        let at = p
            .placement(&state, card)
            .unwrap_or_else(|| panic!("{}: {name} has no place", case.name));
        p.put_down(&mut state, card, at);
    }
    state.deployed = 0;
    for name in &g.hand {
        state.hand[index(name) as usize] += 1;
        state.hand_len += 1;
    }
    let order: Vec<u16> = g.deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&order);
    state.discard = g.discard.iter().map(|n| index(n)).collect();
    state.leader_actions = g.leader_actions;
    let mut rng = Rng::for_game(1, 0);
    match case.trigger.as_str() {
        "activated" => p.leader_actions(&mut state, &mut rng, &mut NoLog, false),
        "turn_end" | "played" => p.mission_phase(&mut state, &mut rng, &mut NoLog),
        "static" => {}
        other => panic!("{}: no moment for {other}", case.name),
    }
    let name = |c: &u16| p.name(*c).to_owned();
    let mut deck: Vec<String> = state.library.remaining().iter().map(name).collect();
    deck.sort();
    Expect {
        table: render_table(&p, &state),
        hand: render_hand(&p, &state),
        deck,
        discard: state.discard.iter().map(name).collect(),
        leader_actions: state.leader_actions,
        drama: state.drama,
        power: p.table_power(&state),
    }
}

#[test]
fn every_card_scenario_ends_with_the_state_it_states() {
    for mut case in table().case {
        let actual = play(&case);
        case.expect.hand.sort();
        case.expect.deck.sort();
        assert_eq!(actual, case.expect, "{}", case.name);
    }
}

/// Every SMX card with effects has a scenario, and the coverage claims it is played
/// (simulated, or partial for what its note names).
#[test]
fn every_smx_card_with_effects_has_a_scenario_and_plays() {
    let cases: BTreeSet<String> = table().case.into_iter().map(|c| c.card).collect();
    let set = testing::cards(G);
    let with_effects: Vec<_> = set.iter().filter(|c| !c.effects.is_empty()).collect();
    assert!(with_effects.len() >= 20);
    let lines: Vec<(u32, &str)> = with_effects.iter().map(|c| (1, c.name.as_str())).collect();
    let p = Sms::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Setup::default(),
    )
    .unwrap();
    for card in with_effects {
        let row = p
            .coverage
            .cards
            .iter()
            .find(|c| c.name == card.name)
            .unwrap();
        assert!(
            matches!(row.state, CoverageState::Simulated | CoverageState::Partial),
            "{}: {:?} {}",
            card.name,
            row.state,
            row.reason
        );
        assert!(cases.contains(&card.name), "{} has no scenario", card.name);
    }
}

/// The whole SMX set's coverage with every effect on: at least 95 % simulated or without a
/// goldfish effect; what is left out is named, each with its reason.
#[test]
fn the_smx_set_is_stated_but_three_partial_cards() {
    let set = testing::cards(G);
    let lines: Vec<(u32, &str)> = set.iter().map(|c| (1, c.name.as_str())).collect();
    let p = Sms::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Setup::default(),
    )
    .unwrap();
    let c = &p.coverage;
    assert_eq!(
        testing::left_out(c, set.len()),
        ["Doom Blimp", "Grandma Gigawatt", "Professor Pipwick"]
    );
    assert!((c.simulated + c.no_effect) * 100 >= 95 * set.len() as u32);
}
