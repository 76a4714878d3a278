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
    for n in &g.discard {
        p.discard_push(&mut state, index(n));
    }
    state.leader_actions = g.leader_actions;
    let mut rng = Rng::for_game(1, 0);
    match case.trigger.as_str() {
        "activated" => {
            p.leader_actions(&mut state, &mut rng, &mut NoLog, false);
        }
        // The Leader Action spent on this card whatever the pilot would do: the effect's
        // own scenario. Whether the pilot spends it is the plan value's question
        // (play/paid_tests.rs).
        "leader_action" => {
            let card = index(&case.card);
            let ability = match state.table.iter().position(|s| s.card == card) {
                Some(i) => super::super::look::Ability::Table(i as u32),
                None => super::super::look::Ability::Hand(card),
            };
            p.use_ability(ability, &mut state, &mut rng, &mut NoLog);
        }
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
fn the_smx_set_is_stated_but_two_partial_cards() {
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
        ["Grandma Gigawatt", "Professor Pipwick"]
    );
    assert!((c.simulated + c.no_effect) * 100 >= 95 * set.len() as u32);
}

/// Issue 32: an Attachment whose text names its holder ("Attach to a Doom Lab Villain")
/// goes only to a character or Ally that meets it (docs/pilots.md#showdown-the-decisions); with
/// no such holder free it is passed over.
#[test]
fn an_attachment_goes_only_to_the_holder_its_text_names() {
    let characters = ["Queen Quagmire", "Doctor Dismal"];
    let (p, mut state) = with_effects_hand(Side::Villain, &characters, &["Doom Blimp"]);
    p.act(&mut state, &mut Rng::for_game(1, 0), &mut NoLog);
    assert_eq!(
        render_table(&p, &state),
        ["Queen Quagmire 3", "Doctor Dismal 6 [Doom Blimp]"],
        "the Doom Lab Villain, not the first character with a free Vehicle slot"
    );
    // Doctor Dismal Unleashed is Doom Lab but a Super, not a Villain: the Blimp waits.
    let (p, mut state) = with_effects_hand(
        Side::Villain,
        &["Queen Quagmire"],
        &["Doom Blimp", "Doctor Dismal Unleashed"],
    );
    p.act(&mut state, &mut Rng::for_game(1, 0), &mut NoLog);
    p.act(&mut state, &mut Rng::for_game(1, 0), &mut NoLog);
    assert_eq!(
        render_table(&p, &state),
        ["Queen Quagmire 4", "Doctor Dismal Unleashed 7"],
        "the Blimp passed over: the hand cannot be filled, so Queen Quagmire is upgraded"
    );
    assert_eq!(render_hand(&p, &state), ["Doom Blimp"]);
    // "Attach to a Ninja": a Ninja, not the first character with a free Equipment slot.
    let (p, mut state) = with_effects_hand(
        Side::Hero,
        &["Sparkplug Sally", "Dojo Dan"],
        &["Nunchucks of the Nine Winds"],
    );
    p.act(&mut state, &mut Rng::for_game(1, 0), &mut NoLog);
    assert_eq!(
        render_table(&p, &state),
        [
            "Sparkplug Sally 2",
            "Dojo Dan 4 [Nunchucks of the Nine Winds]"
        ]
    );
}

/// Issue 32: with its holder respected, the Doom Blimp is played as its text says, and the
/// sample deck `doom-lab-gambit` is stated whole.
#[test]
fn the_doom_lab_gambit_is_simulated_whole() {
    let deck = testing::sample_deck(G, testing::DOOM_LAB);
    let p = Sms::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let c = &p.coverage;
    assert_eq!(c.cards.len(), 19);
    assert_eq!(p.not_simulated, Vec::<String>::new());
    assert_eq!(c.simulated + c.no_effect, 19, "{:?}", c.cards);
}

/// A game with `characters` on the Table and `hand` in hand, an empty deck, every effect on.
fn with_effects_hand(side: Side, characters: &[&str], hand: &[&str]) -> (Sms, State) {
    let mut lines: Vec<(&str, u32, &str)> =
        characters.iter().map(|&n| ("characters", 1, n)).collect();
    lines.extend(hand.iter().map(|&n| ("main", 1, n)));
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let setup = Setup {
        side: Some(side),
        effects: EffectsMode::All,
        ..Setup::default()
    };
    let p = Sms::new(&testing::game(G), &deck, setup).unwrap();
    let mut state = p.new_state();
    p.start(&mut state);
    state.library = Library::new(&[]);
    for name in hand {
        let c = p.deck.cards.iter().position(|c| c.name == *name).unwrap();
        state.hand[c] += 1;
        state.hand_len += 1;
    }
    (p, state)
}

/// Issue 32: a Leader Action goes to the ability that adds the most Power
/// (docs/pilots.md#showdown-the-decisions: Training Montage's +2 beats Sensei's +1), not to the
/// first on the Table that would change something.
#[test]
fn a_leader_action_goes_to_the_ability_that_adds_the_most_power() {
    let (p, mut state) = with_effects_hand(
        Side::Hero,
        &["Dojo Dan", "Sparkplug Sally", "Sensei Okonomi"],
        &["Training Montage"],
    );
    state.leader_actions = 1;
    p.leader_actions(&mut state, &mut Rng::for_game(1, 0), &mut NoLog, false);
    assert_eq!(
        render_table(&p, &state),
        ["Dojo Dan 4", "Sparkplug Sally 3", "Sensei Okonomi 1"],
        "Training Montage upgrades two Heroes; Sensei would upgrade one Ninja"
    );
    assert_eq!(render_hand(&p, &state), Vec::<String>::new());
    assert_eq!(p.name(state.discard[0]), "Training Montage");
    assert_eq!(p.table_power(&state), 8);

    // With one Hero, Training Montage adds +1 like Sensei: the tie goes to the card the
    // deck list names first (the characters come first).
    let (p, mut state) = with_effects_hand(
        Side::Hero,
        &["Dojo Dan", "Sensei Okonomi"],
        &["Training Montage"],
    );
    state.leader_actions = 1;
    p.leader_actions(&mut state, &mut Rng::for_game(1, 0), &mut NoLog, false);
    assert_eq!(render_table(&p, &state), ["Dojo Dan 3", "Sensei Okonomi 2"]);
    assert_eq!(render_hand(&p, &state), ["Training Montage"]);
}
