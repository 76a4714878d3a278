//! Single turns from fixed zones, one table row per rule of the Zoids pilot
//! (docs/pilots.md#zoids-scramble).
//!
//! Zones are written as in the step-through: an Arena Zoid is
//! `"Zoid | Pilot | Energy, Energy | standby"` with `-` for none. The deck of each case
//! holds copies of one card (or nothing), so every draw is known.

use proptest::prelude::{prop_assert_eq, proptest, ProptestConfig};

use super::*;
use crate::log::{NoLog, Recorder};
use crate::procedure::play_game;
use crate::simulate::game_rng;
use crate::testing;

mod reference;
mod scenarios;

const G: &str = "zoids-scramble";

struct Case {
    rule: &'static str,
    turn: u32,
    going_first: bool,
    hand: &'static [&'static str],
    arena: &'static [&'static str],
    deck: &'static [&'static str],
    opponent_base: u8,
    hand_after: &'static [&'static str],
    arena_after: &'static [&'static str],
    scrapyard_after: &'static [&'static str],
    base_after: u8,
    outcome: Option<Outcome>,
}

const fn case(rule: &'static str) -> Case {
    Case {
        rule,
        turn: 3,
        going_first: true,
        hand: &[],
        arena: &[],
        deck: &[],
        opponent_base: 4,
        hand_after: &[],
        arena_after: &[],
        scrapyard_after: &[],
        base_after: 4,
        outcome: None,
    }
}

fn split_slot(spec: &str) -> (String, Option<String>, Vec<String>, bool) {
    let parts: Vec<&str> = spec.split('|').map(str::trim).collect();
    let energy = match parts[2] {
        "-" => vec![],
        list => list.split(',').map(|e| e.trim().to_owned()).collect(),
    };
    let pilot = (parts[1] != "-").then(|| parts[1].to_owned());
    (parts[0].to_owned(), pilot, energy, parts[3] == "exhausted")
}

/// A deck holding every card a case names, the state the case describes, and the rng.
pub(super) fn scenario(
    hand: &[&str],
    arena: &[&str],
    deck: &[&str],
    opponent_base: u8,
    going_first: bool,
) -> (Zoids, State) {
    let mut names: Vec<String> = hand.iter().chain(deck).map(|n| n.to_string()).collect();
    for slot in arena {
        let (zoid, pilot, energy, _) = split_slot(slot);
        names.push(zoid);
        names.extend(pilot);
        names.extend(energy);
    }
    names.sort();
    names.dedup();
    let lines: Vec<(u32, &str)> = names.iter().map(|n| (10, n.as_str())).collect();
    let p = Zoids::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        crate::EffectsMode::Keywords,
    )
    .unwrap();
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let mut state = p.new_state();
    for name in hand {
        state.hand[index(name) as usize] += 1;
        state.hand_len += 1;
    }
    for spec in arena {
        let (zoid, pilot, energy, exhausted) = split_slot(spec);
        let pilot = pilot.map_or(NO_PILOT, |p| index(&p));
        if pilot != NO_PILOT {
            state.pilot_name_in_arena[p.deck.name_id[pilot as usize] as usize] = true;
        }
        state.arena.push(Slot {
            zoid: index(&zoid),
            pilot,
            energy: energy.iter().map(|e| index(e)).collect(),
            exhausted,
        });
    }
    state.arena_len = state.arena.len();
    let library: Vec<u16> = deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&library);
    state.opponent_base = opponent_base;
    state.going_first = going_first;
    (p, state)
}

fn render_arena(p: &Zoids, state: &State) -> Vec<String> {
    state.arena[..state.arena_len]
        .iter()
        .map(|slot| {
            let pilot = if slot.pilot == NO_PILOT {
                "-"
            } else {
                p.name(slot.pilot)
            };
            let energy: Vec<&str> = slot.energy.iter().map(|&e| p.name(e)).collect();
            let energy = if energy.is_empty() {
                "-".to_owned()
            } else {
                energy.join(", ")
            };
            let status = if slot.exhausted {
                "exhausted"
            } else {
                "standby"
            };
            format!("{} | {pilot} | {energy} | {status}", p.name(slot.zoid))
        })
        .collect()
}

pub(super) fn render_hand(p: &Zoids, state: &State) -> Vec<String> {
    let mut hand: Vec<String> = Vec::new();
    for (card, &count) in state.hand.iter().enumerate() {
        for _ in 0..count {
            hand.push(p.name(card as u16).to_owned());
        }
    }
    hand.sort();
    hand
}

fn play(case: &Case) -> (Zoids, State, Option<Outcome>, Recorder) {
    let (p, mut state) = scenario(
        case.hand,
        case.arena,
        case.deck,
        case.opponent_base,
        case.going_first,
    );
    let mut log = Recorder::default();
    let mut figures = p.new_figures();
    let outcome = p.turn(
        &mut state,
        &mut Rng::from_seed(1),
        case.turn,
        &mut log,
        &mut figures,
    );
    (p, state, outcome, log)
}

#[test]
fn each_rule_of_the_pilot_plays_as_games_md_says() {
    let cases = [
        Case {
            hand: &["Dawnmane Liger", "Greyfang Skirmisher"],
            deck: &["Supply Drop"],
            hand_after: &["Dawnmane Liger", "Supply Drop"],
            arena_after: &["Greyfang Skirmisher | - | - | standby"],
            ..case("1: the Zoid with the lowest attack energy is set")
        },
        Case {
            hand: &["Dawnmane Liger", "Sentinel Drone Wolf"],
            deck: &["Supply Drop"],
            hand_after: &["Dawnmane Liger"],
            arena_after: &["Sentinel Drone Wolf | - | Supply Drop | exhausted"],
            base_after: 3,
            ..case("1: equal attack energy goes to Unmanned first; a Zoid set this turn attacks")
        },
        Case {
            hand: &["Dawnmane Liger", "Ridgeback Wolf"],
            deck: &["Supply Drop", "Supply Drop"],
            hand_after: &["Dawnmane Liger", "Supply Drop"],
            arena_after: &["Ridgeback Wolf | - | Supply Drop | standby"],
            ..case("1: then the higher Scouting, which draws its value")
        },
        Case {
            hand: &["Dawnmane Liger", "Azure Prowler"],
            deck: &["Supply Drop"],
            hand_after: &["Dawnmane Liger"],
            arena_after: &["Azure Prowler | - | Supply Drop | standby"],
            ..case("1: then the name")
        },
        Case {
            hand: &["Twinstar Fangking", "Tidebreaker Liger Lancer Pack"],
            deck: &["Sandstorm Cover"],
            hand_after: &[
                "Sandstorm Cover",
                "Tidebreaker Liger Lancer Pack",
                "Twinstar Fangking",
            ],
            ..case("1: a Unison or CAS Zoid is never set")
        },
        Case {
            hand: &["Cinderpaw Cub"],
            deck: &["Supply Drop"],
            hand_after: &["Supply Drop"],
            arena_after: &["Cinderpaw Cub | - | - | standby"],
            ..case("1: Scouting at the deck's end draws fewer and does not lose")
        },
        Case {
            hand: &["Dawnmane Liger"],
            deck: &[],
            hand_after: &["Dawnmane Liger"],
            outcome: Some(Outcome::DeckOut),
            ..case("draw: an empty deck at the draw is a deck-out loss")
        },
        Case {
            hand: &["Captain Oren Vale"],
            arena: &[
                "Dawnmane Liger | - | - | standby",
                "Greyfang Skirmisher | - | - | standby",
            ],
            deck: &["Supply Drop"],
            arena_after: &[
                "Dawnmane Liger | - | Supply Drop | standby",
                "Greyfang Skirmisher | Captain Oren Vale | - | exhausted",
            ],
            base_after: 3,
            ..case("2: the Pilot goes to the waiting Zoid with the lowest attack energy")
        },
        Case {
            hand: &["Commander Elise Drayton"],
            arena: &[
                "Dawnmane Liger | - | - | standby",
                "Azure Prowler | - | - | standby",
            ],
            deck: &["Supply Drop"],
            arena_after: &[
                "Dawnmane Liger | Commander Elise Drayton | Supply Drop | exhausted",
                "Azure Prowler | - | - | standby",
            ],
            base_after: 3,
            ..case("2: equal attack energy goes to the Zoid set earliest")
        },
        Case {
            hand: &["Commander Elise Drayton"],
            arena: &[
                "Greyfang Skirmisher | - | - | standby",
                "Dawnmane Liger | - | - | standby",
            ],
            deck: &["Supply Drop"],
            arena_after: &[
                "Greyfang Skirmisher | - | - | standby",
                "Dawnmane Liger | Commander Elise Drayton | Supply Drop | exhausted",
            ],
            base_after: 3,
            ..case("2: a Zoid no Pilot in hand can pilot is passed over")
        },
        Case {
            hand: &["Rookie Jory Fenn", "Captain Oren Vale"],
            arena: &["Dawnmane Liger | - | - | standby"],
            deck: &["Supply Drop"],
            hand_after: &["Rookie Jory Fenn"],
            arena_after: &["Dawnmane Liger | Captain Oren Vale | Supply Drop | exhausted"],
            base_after: 3,
            ..case("2: Pilots that fit tie by name")
        },
        Case {
            hand: &["Captain Oren Vale"],
            arena: &[
                "Dawnmane Liger | Captain Oren Vale | Supply Drop | standby",
                "Azure Prowler | - | - | standby",
            ],
            deck: &["Stormcrest Liger"],
            arena_after: &[
                "Dawnmane Liger | Captain Oren Vale | Supply Drop | exhausted",
                "Azure Prowler | - | Captain Oren Vale | standby",
                "Stormcrest Liger | - | - | standby",
            ],
            base_after: 3,
            ..case("2: no two Pilots of one name; 3: such a Pilot is Energy before Zoids")
        },
        Case {
            hand: &["Captain Oren Vale"],
            arena: &["Sentinel Drone Wolf | - | - | standby"],
            deck: &["Supply Drop"],
            hand_after: &["Captain Oren Vale"],
            arena_after: &["Sentinel Drone Wolf | - | Supply Drop | exhausted"],
            base_after: 3,
            ..case("2: an Unmanned Zoid takes no Pilot and attacks without one")
        },
        Case {
            hand: &["Sandstorm Cover"],
            arena: &[
                "Dawnmane Liger | - | - | standby",
                "Azure Prowler | Commander Elise Drayton | - | standby",
            ],
            deck: &["Supply Drop"],
            hand_after: &["Supply Drop"],
            arena_after: &[
                "Dawnmane Liger | - | - | standby",
                "Azure Prowler | Commander Elise Drayton | Sandstorm Cover | exhausted",
            ],
            base_after: 3,
            ..case("3: a crewed Zoid gets Energy first; Commands tie by name")
        },
        Case {
            arena: &[
                "Stormcrest Liger | Commander Elise Drayton | - | standby",
                "Dawnmane Liger | Captain Oren Vale | - | standby",
            ],
            deck: &["Supply Drop"],
            arena_after: &[
                "Stormcrest Liger | Commander Elise Drayton | - | standby",
                "Dawnmane Liger | Captain Oren Vale | Supply Drop | exhausted",
            ],
            base_after: 3,
            ..case("3: then the smallest shortfall; 5: too little Energy, no attack")
        },
        Case {
            arena: &[
                "Dawnmane Liger | Captain Oren Vale | - | standby",
                "Azure Prowler | Commander Elise Drayton | - | standby",
            ],
            deck: &["Supply Drop"],
            arena_after: &[
                "Dawnmane Liger | Captain Oren Vale | Supply Drop | exhausted",
                "Azure Prowler | Commander Elise Drayton | - | standby",
            ],
            base_after: 3,
            ..case("3: then the Zoid set earliest")
        },
        Case {
            arena: &["Ashclaw Raptor | Major Voss Kalder | Supply Drop | standby"],
            deck: &["Sandstorm Cover"],
            arena_after: &["Ashclaw Raptor | Major Voss Kalder | Supply Drop | exhausted"],
            scrapyard_after: &["Sandstorm Cover"],
            base_after: 3,
            ..case("3: High Output wants one spare Energy; 5: it scraps one when it attacks")
        },
        Case {
            hand: &["Twinstar Fangking"],
            arena: &["Dawnmane Liger | Captain Oren Vale | - | standby"],
            deck: &["Sandstorm Cover"],
            hand_after: &["Twinstar Fangking"],
            arena_after: &["Dawnmane Liger | Captain Oren Vale | Sandstorm Cover | exhausted"],
            base_after: 3,
            ..case("3: a Command is Energy before a Unison Zoid")
        },
        Case {
            hand: &["Twinstar Fangking"],
            arena: &["Dawnmane Liger | Rookie Jory Fenn | - | standby"],
            deck: &["Old Brannock"],
            hand_after: &["Old Brannock"],
            arena_after: &["Dawnmane Liger | Rookie Jory Fenn | Twinstar Fangking | exhausted"],
            base_after: 3,
            ..case("3: a Unison Zoid is Energy before a Pilot")
        },
        Case {
            hand: &["Rookie Jory Fenn"],
            arena: &["Dawnmane Liger | Rookie Jory Fenn | - | standby"],
            deck: &["Captain Oren Vale"],
            hand_after: &["Captain Oren Vale"],
            arena_after: &["Dawnmane Liger | Rookie Jory Fenn | Rookie Jory Fenn | exhausted"],
            base_after: 3,
            ..case("3: a Pilot named in the Arena is Energy before another Pilot")
        },
        Case {
            hand: &["Old Brannock", "Stormcrest Liger"],
            arena: &["Dawnmane Liger | Rookie Jory Fenn | - | standby"],
            deck: &["Pyre Tyrant"],
            hand_after: &["Pyre Tyrant"],
            arena_after: &[
                "Dawnmane Liger | Rookie Jory Fenn | Old Brannock | exhausted",
                "Stormcrest Liger | - | - | standby",
            ],
            base_after: 3,
            ..case("3: a Pilot is Energy before a Zoid")
        },
        Case {
            hand: &["Stormcrest Liger", "Pyre Tyrant", "Azure Prowler"],
            arena: &["Dawnmane Liger | Captain Oren Vale | - | standby"],
            deck: &["Citadel Tortoise"],
            hand_after: &["Pyre Tyrant", "Stormcrest Liger"],
            arena_after: &[
                "Dawnmane Liger | Captain Oren Vale | Citadel Tortoise | exhausted",
                "Azure Prowler | - | - | standby",
            ],
            base_after: 3,
            ..case("3: Zoids as Energy by highest attack energy, ties by name")
        },
        Case {
            hand: &["Sandstorm Cover"],
            arena: &["Greyfang Skirmisher | Captain Oren Vale | - | standby"],
            deck: &["Supply Drop"],
            hand_after: &["Sandstorm Cover", "Supply Drop"],
            arena_after: &["Greyfang Skirmisher | Captain Oren Vale | - | exhausted"],
            base_after: 3,
            ..case("3: no Zoid needs Energy, none is set")
        },
        Case {
            turn: 1,
            hand: &["Sentinel Drone Wolf", "Supply Drop"],
            deck: &["Sandstorm Cover"],
            hand_after: &["Supply Drop"],
            arena_after: &["Sentinel Drone Wolf | - | Sandstorm Cover | standby"],
            ..case("5: no battle on the first player's first turn")
        },
        Case {
            turn: 1,
            going_first: false,
            hand: &["Sentinel Drone Wolf", "Supply Drop"],
            deck: &["Sandstorm Cover"],
            hand_after: &["Supply Drop"],
            arena_after: &["Sentinel Drone Wolf | - | Sandstorm Cover | exhausted"],
            base_after: 3,
            ..case("5: going second, your first turn has a battle")
        },
        Case {
            arena: &["Sentinel Drone Wolf | - | Supply Drop | exhausted"],
            deck: &["Sandstorm Cover"],
            hand_after: &["Sandstorm Cover"],
            arena_after: &["Sentinel Drone Wolf | - | Supply Drop | exhausted"],
            base_after: 3,
            ..case("an exhausted Zoid readies at the start of the turn and attacks again")
        },
        Case {
            arena: &[
                "Greyfang Skirmisher | Captain Oren Vale | - | standby",
                "Sentinel Drone Wolf | - | Supply Drop | standby",
            ],
            deck: &["Sandstorm Cover"],
            opponent_base: 1,
            hand_after: &["Sandstorm Cover"],
            arena_after: &[
                "Greyfang Skirmisher | Captain Oren Vale | - | exhausted",
                "Sentinel Drone Wolf | - | Supply Drop | standby",
            ],
            base_after: 0,
            outcome: Some(Outcome::Win),
            ..case("5: Zoids attack in the order set; the fourth break wins at once")
        },
    ];
    for case in &cases {
        let (p, state, outcome, log) = play(case);
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(outcome, case.outcome, "{context}");
        assert_eq!(render_hand(&p, &state), case.hand_after, "{context}");
        assert_eq!(render_arena(&p, &state), case.arena_after, "{context}");
        let scrapyard: Vec<&str> = state.scrapyard.iter().map(|&c| p.name(c)).collect();
        assert_eq!(scrapyard, case.scrapyard_after, "{context}");
        assert_eq!(state.opponent_base, case.base_after, "{context}");
    }
}

#[test]
fn decisions_are_logged_with_their_reasons() {
    let (p, mut state) = scenario(
        &["Commander Elise Drayton", "Greyfang Skirmisher"],
        &["Dawnmane Liger | - | - | standby"],
        &["Supply Drop"],
        4,
        false,
    );
    let mut log = Recorder::default();
    p.turn(
        &mut state,
        &mut Rng::from_seed(1),
        2,
        &mut log,
        &mut p.new_figures(),
    );
    let lines: Vec<&str> = log.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(log.draws, vec!["Supply Drop"]);
    assert_eq!(
        lines,
        vec![
            "Set Greyfang Skirmisher in Standby: the only Zoid in hand the pilot sets",
            "Set Pilot Commander Elise Drayton on Dawnmane Liger: the first Zoid waiting for a Pilot that a Pilot in hand can pilot",
            "Set Supply Drop as Energy on Dawnmane Liger: Dawnmane Liger is crewed and needs 1 more Energy; Supply Drop is a Command, which the pilot never plays",
            "Dawnmane Liger attacks the base: one base Energy breaks (3 left)",
            "Greyfang Skirmisher cannot attack: it has no Pilot",
        ]
    );
}

/// Coverage, card by card: what the data says combined with what the pilot plays.
#[test]
fn coverage_states_each_card_from_its_data_and_what_the_pilot_plays() {
    let deck = testing::deck(
        G,
        &[
            (10, "Cinderpaw Cub"),
            (10, "Sentinel Drone Wolf"),
            (5, "Twinstar Fangking"),
            (5, "Supply Drop"),
            (5, "Azure Prowler"),
            (5, "Ashclaw Raptor"),
        ],
    );
    use crate::EffectsMode::{All, Keywords};
    use deckhand_core::CoverageState::{NoEffect, NotSimulated, Simulated};
    let cases = [
        (Keywords, "Cinderpaw Cub", Simulated),
        (Keywords, "Sentinel Drone Wolf", Simulated),
        (Keywords, "Twinstar Fangking", NoEffect),
        (Keywords, "Supply Drop", NotSimulated),
        (Keywords, "Azure Prowler", NoEffect),
        (Keywords, "Ashclaw Raptor", Simulated),
        (All, "Supply Drop", Simulated),
        (All, "Twinstar Fangking", NoEffect),
    ];
    for (mode, name, state) in cases {
        let p = Zoids::new(&testing::game(G), &deck, mode).unwrap();
        let card = p.coverage.cards.iter().find(|c| c.name == name).unwrap();
        assert_eq!(card.state, state, "{name} with {mode:?}: {}", card.reason);
        assert_eq!(
            card.reason.is_empty(),
            state == Simulated,
            "{name}: {}",
            card.reason
        );
    }
    let p = Zoids::new(&testing::game(G), &deck, Keywords).unwrap();
    assert_eq!(p.not_simulated, vec!["Supply Drop"]);
    assert_eq!(
        (
            p.coverage.simulated,
            p.coverage.no_effect,
            p.coverage.not_simulated
        ),
        (3, 2, 1)
    );
}

/// The pilot never sets a Unison or CAS Zoid (docs/pilots.md#zoids-the-decisions): the whole
/// card has no goldfish effect when its data says so (its High Output, which would play once
/// set, is not claimed), and is not simulated, with the pilot's reason, when its data says
/// nothing.
#[test]
fn a_combiner_has_no_goldfish_effect_only_when_its_data_says_so() {
    let noted = testing::card(G, "Twinstar Fangking");
    let mut silent = noted.clone();
    silent.goldfish = None;
    for (card, state, reason) in [
        (
            noted,
            CoverageState::NoEffect,
            "the pilot never sets a Unison Zoid: it is only ever Energy, and its text acts only once it is set",
        ),
        (
            silent,
            CoverageState::NotSimulated,
            "the Zoids Scramble pilot never sets a Unison or CAS Zoid: it is Energy",
        ),
    ] {
        let mut deck = testing::deck(G, &[(10, "Sentinel Drone Wolf")]);
        deck.entries.push(deckhand_core::DeckEntry {
            section: "main".into(),
            count: 1,
            card,
        });
        for mode in [EffectsMode::All, EffectsMode::Keywords] {
            let p = Zoids::new(&testing::game(G), &deck, mode).unwrap();
            let row = p
                .coverage
                .cards
                .iter()
                .find(|c| c.name == "Twinstar Fangking")
                .unwrap();
            assert_eq!((row.state, row.reason.as_str()), (state, reason), "{mode:?}");
        }
    }
}

#[test]
fn a_deck_too_small_for_the_opening_cannot_be_played() {
    let deck = testing::deck(G, &[(9, "Cinderpaw Cub")]);
    let err = Zoids::new(&testing::game(G), &deck, crate::EffectsMode::Keywords)
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "the deck cannot be played: Zoids Scramble needs at least 10 cards in the main deck for the opening (4 set aside as base Energy, then 6 drawn); this one has 9"
    );
}

/// Whole games from a fixed seed, each decision of which was checked by hand against
/// the pilot of docs/pilots.md#zoids-scramble (fixtures/steps/zoids-*.txt). A changed line is a
/// changed decision.
#[test]
fn fixed_seed_games_repeat_the_hand_checked_step_logs() {
    let games = [
        ("republic-vanguard", testing::REPUBLIC_VANGUARD, 7, true),
        ("crimson-legion-rush", testing::CRIMSON_LEGION, 7, false),
        ("crimson-legion-rush", testing::CRIMSON_LEGION, 18, true),
        ("shellback-skyguard", testing::SHELLBACK_SKYGUARD, 1, true),
        // 14 cards: at most three attacks before the draw of turn 5 finds the deck empty.
        (
            "fourteen-cards",
            "2 Cinder Raptor\n1 Conscript Tavi Roan\n3 Old Brannock\n3 Pyre Tyrant\n5 Supply Drop\n",
            3,
            true,
        ),
    ];
    testing::assert_step_goldens(G, "zoids", &games);
}

/// Game `index` of a run seeded `seed`, played by the literal reading (`reference.rs`) on
/// the deck the engine would shuffle for it.
fn literal_game(p: &Zoids, seed: u64, index: u64, going_first: bool) -> reference::Played {
    let mut library = Library::new(&p.deck.order);
    let mut rng = game_rng(seed, index, going_first);
    let order: Vec<&deckhand_core::Card> = std::iter::from_fn(|| library.draw(&mut rng))
        .map(|c| &p.deck.cards[c as usize])
        .collect();
    reference::play(&order, going_first)
}

/// The engine's game `seed` from one seat, next to the literal reading of the pilot
/// (`reference.rs`) playing the same shuffled deck. The engine shuffles lazily, one
/// Fisher–Yates step per draw, and nothing else draws random numbers, so drawing the whole
/// deck at once from the same stream gives the order every draw of that game sees.
fn both_readings(
    p: &Zoids,
    seed: u64,
    going_first: bool,
) -> (reference::Played, reference::Played) {
    let literal = literal_game(p, seed, 0, going_first);
    let mut state = p.new_state();
    let mut figures = p.new_figures();
    let result = play_game(
        p,
        &mut state,
        &mut game_rng(seed, 0, going_first),
        going_first,
        &mut NoLog,
        &mut figures,
        |_, _, _| {},
    );
    let engine = reference::Played {
        outcome: result.outcome,
        turn: result.turn,
        first_attack: (state.first_attack > 0).then_some(state.first_attack),
    };
    (engine, literal)
}

#[test]
fn the_sample_decks_play_every_game_as_a_literal_reading_of_the_pilot() {
    for text in [
        testing::REPUBLIC_VANGUARD,
        testing::CRIMSON_LEGION,
        testing::SHELLBACK_SKYGUARD,
    ] {
        let p = Zoids::new(
            &testing::game(G),
            &testing::sample_deck(G, text),
            crate::EffectsMode::Keywords,
        )
        .unwrap();
        for seed in 0..400 {
            for going_first in [true, false] {
                let (engine, literal) = both_readings(&p, seed, going_first);
                assert_eq!(engine, literal, "seed {seed}, going first {going_first}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The printed Zoids reach few ties, so each Zoid's `attack_energy` and its Unmanned,
    /// High Output and Scouting keywords are redrawn (Unison and CAS stay).
    #[test]
    fn any_deck_plays_every_game_as_a_literal_reading_of_the_pilot(
        mut deck in testing::any_deck(G, 10, 3..24),
        zoids in proptest::collection::vec((0i64..4, 0u8..16), 24),
        seed: u64,
        going_first: bool,
    ) {
        for (entry, &(energy, bits)) in deck.entries.iter_mut().zip(&zoids) {
            let card = &mut entry.card;
            if card.card_type != "Zoid" {
                continue;
            }
            card.stats.insert("attack_energy".into(), deckhand_core::StatValue::Number(energy));
            card.keywords.retain(|k| k.starts_with("Unison") || k.starts_with("CAS"));
            if bits & 1 != 0 {
                card.keywords.push("Unmanned".into());
            }
            if bits & 2 != 0 {
                card.keywords.push("High Output".into());
            }
            if bits >> 2 > 0 {
                card.keywords.push(format!("Scouting: {}", bits >> 2));
            }
        }
        let p = Zoids::new(&testing::game(G), &deck, crate::EffectsMode::Keywords).unwrap();
        let (engine, literal) = both_readings(&p, seed, going_first);
        prop_assert_eq!(engine, literal);
    }
}

/// The reported figures (docs/pilots.md#zoids-ending-and-the-headline-figure), counted
/// from the literal games one by one, are the report's: the kill-turn distribution,
/// first-attack turns and deck-out losses per seat.
#[test]
fn the_report_counts_exactly_what_the_literal_games_did() {
    use std::collections::BTreeMap;
    let bricks = testing::deck(
        G,
        &[
            (2, "Ravager Drone Raptor"),
            (4, "Pyre Tyrant"),
            (4, "Old Brannock"),
            (30, "Supply Drop"),
        ],
    );
    let decks = [testing::sample_deck(G, testing::REPUBLIC_VANGUARD), bricks];
    let mut deck_outs_seen = 0;
    for deck in decks {
        let options = crate::SimOptions {
            games: 1000,
            seed: 5,
            threads: 2,
            effects: crate::EffectsMode::Keywords,
            ..crate::SimOptions::default()
        };
        let report = crate::simulate(&testing::game(G), &deck, &options, &mut |_| true).unwrap();
        let p = Zoids::new(&testing::game(G), &deck, crate::EffectsMode::Keywords).unwrap();
        for (going_first, seat) in [(true, &report.going_first), (false, &report.going_second)] {
            let (mut kills, mut firsts) = (BTreeMap::new(), BTreeMap::new());
            let mut deck_outs = 0;
            for index in 0..options.games {
                let game = literal_game(&p, options.seed, index, going_first);
                match game.outcome {
                    Outcome::Win => *kills.entry(game.turn).or_insert(0) += 1,
                    _ => deck_outs += 1,
                }
                if let Some(t) = game.first_attack {
                    *firsts.entry(t).or_insert(0u64) += 1;
                }
            }
            let wins: u64 = kills.values().sum();
            let total: u64 = kills.iter().map(|(&t, &n)| u64::from(t) * n).sum();
            assert_eq!(seat.games, options.games);
            assert_eq!(seat.kill_turns, kills);
            assert_eq!(seat.wins, wins);
            assert_eq!(seat.deck_outs, deck_outs);
            assert_eq!(seat.draws, 0);
            assert_eq!(seat.first_attack_turns.as_ref(), Some(&firsts));
            assert_eq!(seat.median_kill_turn, testing::lower_median(&kills));
            let mean = (wins > 0).then(|| total as f64 / wins as f64);
            assert_eq!(
                seat.mean_kill_turn.map(|m| (m * 1e9).round()),
                mean.map(|m| (m * 1e9).round())
            );
        }
        assert_eq!(
            report.going_first.deck_outs + report.going_first.wins,
            options.games
        );
        deck_outs_seen += report.going_first.deck_outs;
    }
    assert!(deck_outs_seen > 0, "the runs include deck-out losses");
}

/// Found by random picks: Emergency Reinforcements puts a card from the hand on the bottom
/// of the deck, so a deck with it lasts longer than one draw a turn allows. The game was cut
/// off at `max_turns` and recorded as a deck-out while the deck still held a card.
#[test]
fn a_card_put_back_on_the_deck_is_drawn_before_the_deck_runs_out() {
    let deck = testing::deck(G, &[(3, "Emergency Reinforcements"), (8, "Dawnmane Liger")]);
    let game = testing::game(G);
    let options = crate::StepOptions {
        seed: 119006021,
        going_first: false,
        picks: crate::Picks {
            picks: vec![0, 0],
            stop_after: false,
        },
        ..crate::StepOptions::default()
    };
    let log = crate::step(&game, &deck, &options).unwrap();
    let shown = testing::render_game(&log);
    // Turn 2 puts a Dawnmane Liger back; turn 3 draws it; turn 4 finds the deck empty.
    assert_eq!(log.turns[3].draws, ["Dawnmane Liger"], "{shown}");
    assert_eq!(
        log.result,
        crate::GameResult {
            outcome: Outcome::DeckOut,
            turn: 4
        },
        "{shown}"
    );
    let p = Zoids::new(&game, &deck, crate::EffectsMode::All).unwrap();
    assert!(log.result.turn <= p.max_turns(), "{shown}");
}
