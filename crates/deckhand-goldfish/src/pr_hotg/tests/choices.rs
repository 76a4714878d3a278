//! Choice points (issue 32): every decision of a battle goes through the log, a person's
//! pick plays by the rules, and a step-through stops at the decision past its script.

use super::*;
use crate::choice::{ChoiceKind, Picks};
use crate::log::Decision;

/// One Ranger or enemy turn of `case` answered by `picks` (stopping past them when
/// `stop_after`).
fn play(case: &Case, picks: Vec<u32>, stop_after: bool) -> (PrHotg, State, Recorder) {
    let (p, mut state) = scenario(case);
    let mut log = Recorder::with_picks(Picks { picks, stop_after });
    let mut rng = Rng::from_seed(1);
    match case.step {
        Step::Ranger => {
            p.ranger_turn(&mut state, &mut rng, &mut log);
        }
        Step::Enemy => p.enemy_turn(&mut state, &mut rng, &mut log),
        Step::Turn => {
            p.turn(&mut state, &mut rng, 1, &mut log, &mut p.new_figures());
        }
    }
    (p, state, log)
}

/// The index of the option labelled `label` at the first decision past `picks`.
fn option(case: &Case, picks: &[u32], label: &str) -> u32 {
    let (_, _, log) = play(case, picks.to_vec(), true);
    let pending = log.pending.expect("a decision past the picks");
    let at = pending.choice.options.iter().position(|o| o == label);
    at.unwrap_or_else(|| panic!("no option {label:?} in {:?}", pending.choice.options)) as u32
}

fn choices(log: &Recorder) -> Vec<&Decision> {
    log.decisions.iter().filter(|d| d.kind.is_some()).collect()
}

const TWO_ATTACKS: Case = Case {
    hand: &["Feather Cut", "Talon Dive"],
    bottom: &["Pebble Spray", "Rubble Punch", "Power Leech"],
    ..case("two Attacks in hand, three enemy cards", Step::Ranger)
};

#[test]
fn the_step_through_stops_at_the_card_to_play_with_every_legal_play_and_the_pilots_pick() {
    let (p, state, log) = play(&TWO_ATTACKS, vec![], true);
    let pending = log.pending.expect("the Ranger turn asks what to play");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Play));
    assert_eq!(
        pending.choice.options,
        [
            "Play Talon Dive (1 energy, 3 dice + 0 hits)",
            "Play Feather Cut (0 energy, 2 dice + 0 hits)",
            "Play nothing",
        ]
    );
    assert_eq!(pending.choice.pick, Some(0), "the most expected hits");
    assert_eq!(
        pending.choice.reason.as_deref(),
        Some("the most expected hits affordable")
    );
    assert!(
        log.decisions.is_empty(),
        "nothing is recorded past the stop"
    );
    let hand_zone = pending.zones.iter().find(|z| z.id == "hand").unwrap();
    assert_eq!(hand_zone.cards.len(), 2, "the board at the decision");
    // Past the stop the pilot plays on: Talon Dive, as before.
    assert_eq!(hand(&p, &state), ["Feather Cut"]);
}

#[test]
fn a_person_who_plays_the_weaker_attack_pays_its_cost_and_keeps_the_other() {
    let feather = option(
        &TWO_ATTACKS,
        &[],
        "Play Feather Cut (0 energy, 2 dice + 0 hits)",
    );
    let (p, state, log) = play(&TWO_ATTACKS, vec![feather], false);
    assert_eq!(hand(&p, &state), ["Talon Dive"]);
    assert_eq!(
        (state.pool, state.stored),
        (2, 1),
        "Feather Cut costs nothing"
    );
    // Two hits (a die of one face, 1 hit): the card with the most health they defeat.
    assert_eq!(
        rows(&p, &state),
        [
            "Pebble Spray 1/1",
            "Rubble Punch defeated",
            "Power Leech 2/2"
        ]
    );
    let first = choices(&log)[0];
    assert_eq!(first.pick, Some(feather));
    assert_eq!(first.pilot, Some(0));
    assert!(first.text.contains("your pick"), "{}", first.text);
}

#[test]
fn a_person_who_plays_nothing_keeps_the_hand_and_the_energy() {
    let nothing = option(&TWO_ATTACKS, &[], "Play nothing");
    let (p, state, _) = play(&TWO_ATTACKS, vec![nothing], false);
    assert_eq!(hand(&p, &state), ["Feather Cut", "Talon Dive"]);
    assert_eq!((state.pool, state.stored), (2, 1));
    assert_eq!(
        rows(&p, &state),
        ["Pebble Spray 1/1", "Rubble Punch 2/2", "Power Leech 2/2"]
    );
}

#[test]
fn a_person_may_aim_the_attack_at_another_enemy_card_but_never_a_guarded_one() {
    // Talon Dive; then where it goes: every standing card it may target.
    let case = Case {
        hand: &["Talon Dive"],
        bottom: &[
            "Rubble Punch",
            "Rock Pile-On",
            "Pebble Spray",
            "Junkyard Snap",
        ],
        ..case("a Guard card second in the row", Step::Ranger)
    };
    let (_, _, log) = play(&case, vec![0], true);
    let pending = log.pending.expect("the target is asked");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Target));
    assert_eq!(
        pending.choice.options,
        [
            "Attack Rock Pile-On (3 health left)",
            "Attack Junkyard Snap (1 health left)"
        ],
        "Rubble Punch and Pebble Spray are guarded"
    );
    // With no Guard, a person's target is hit instead of the pilot's.
    let pebble = option(&TWO_ATTACKS, &[0], "Attack Pebble Spray (1 health left)");
    let (p, state, log) = play(&TWO_ATTACKS, vec![0, pebble], false);
    assert_eq!(
        rows(&p, &state),
        [
            "Pebble Spray defeated",
            "Rubble Punch 2/2",
            "Power Leech 2/2"
        ]
    );
    let target = choices(&log)[1];
    assert_eq!(target.kind, Some(ChoiceKind::Target));
    assert_ne!(target.pick, target.pilot);
}

#[test]
fn a_person_chooses_which_card_the_drain_discards() {
    let case = Case {
        hand: &["Talon Dive", "Updraft"],
        pool: 1,
        stored: 0,
        top: &["Mainspring Siphon"],
        ..case("drain 2 with 1 energy", Step::Enemy)
    };
    let (_, _, log) = play(&case, vec![], true);
    let pending = log.pending.expect("which card to discard");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Discard));
    assert_eq!(
        pending.choice.options,
        [
            "Discard Updraft from hand for the drain",
            "Discard Talon Dive from hand for the drain"
        ]
    );
    assert_eq!(
        pending.choice.pick,
        Some(0),
        "the least useful: not an Attack"
    );
    let (p, state, _) = play(&case, vec![1], false);
    assert_eq!(hand(&p, &state), ["Updraft"]);
    assert_eq!(
        state.discard.iter().map(|&c| p.name(c)).collect::<Vec<_>>(),
        ["Talon Dive"]
    );
}

#[test]
fn a_person_may_decline_a_reaction_and_the_damage_lands() {
    let case = Case {
        hand: &["Bulwark Hide"],
        deck: &["Riptide Slam", "Deep Current", "Sonar Pulse"],
        bottom: &["Junkyard Snap"],
        effects: true,
        ..case("a free Reaction against 1 damage", Step::Enemy)
    };
    let (_, _, log) = play(&case, vec![], true);
    let pending = log.pending.expect("whether to play the Reaction");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Play));
    assert_eq!(
        pending.choice.options,
        [
            "Play Bulwark Hide (0 energy) against Junkyard Snap",
            "Play no Reaction against Junkyard Snap"
        ]
    );
    assert_eq!(pending.choice.pick, Some(0));
    let (p, state, log) = play(&case, vec![1], false);
    assert_eq!(hand(&p, &state), ["Bulwark Hide"]);
    assert!(
        log.decisions
            .iter()
            .any(|d| d.text.starts_with("Reveal Riptide Slam")),
        "{:#?}",
        log.decisions
    );
}

/// Whole battles answered by picks that are not the pilot's (a different option at every
/// decision, decided one at a time as a person would): each plays to its end, and every
/// logged choice's pick is one of its options.
#[test]
fn any_picks_play_whole_battles_to_their_end_with_each_pick_among_the_options() {
    let games = [
        (testing::CRIMSON_FALCON, 4, false),
        (testing::JADE_MANTIS, 3, false),
        (testing::TIDE_AND_HORN, 8, true),
        (testing::TIDE_AND_HORN, 1, true),
    ];
    let deviations = |n: usize| -> usize { n * 7 + 3 };
    let mut asked_kinds = std::collections::BTreeSet::new();
    for (text, seed, going_first) in games {
        let deck = testing::sample_deck(G, text);
        let mut picks: Vec<u32> = Vec::new();
        let log = loop {
            let options = crate::StepOptions {
                seed,
                going_first,
                game: crate::GameOptions::lineup(super::default_line_up()),
                picks: Picks {
                    picks: picks.clone(),
                    stop_after: true,
                },
                ..crate::StepOptions::default()
            };
            let log = crate::step(&testing::game(G), &deck, &options).unwrap();
            let Some(pending) = &log.pending else {
                break log;
            };
            let n = pending.choice.options.len();
            asked_kinds.insert(format!("{:?}", pending.choice.kind));
            picks.push((deviations(picks.len()) % n) as u32);
            assert!(picks.len() < 200, "the battle never ends");
        };
        for d in log.turns.iter().flat_map(|t| &t.decisions) {
            if let (Some(pick), Some(pilot)) = (d.pick, d.pilot) {
                assert!((pick as usize) < d.options.len(), "{d:?}");
                assert!((pilot as usize) < d.options.len(), "{d:?}");
            }
        }
    }
    assert!(asked_kinds.len() >= 3, "{asked_kinds:?}");
}

/// The pilot's own games: every choice it logs has its pick among its options.
#[test]
fn every_choice_the_pilot_logs_has_its_pick_among_the_options() {
    for (text, seed) in [(testing::CRIMSON_FALCON, 4), (testing::TIDE_AND_HORN, 1)] {
        for going_first in [false, true] {
            let options = crate::StepOptions {
                seed,
                going_first,
                game: crate::GameOptions::lineup(super::default_line_up()),
                ..crate::StepOptions::default()
            };
            let log =
                crate::step(&testing::game(G), &testing::sample_deck(G, text), &options).unwrap();
            for d in log.turns.iter().flat_map(|t| &t.decisions) {
                if let Some(pick) = d.pick {
                    assert!((pick as usize) < d.options.len(), "{d:?}");
                    assert_eq!(d.pick, d.pilot);
                }
            }
        }
    }
}

/// The pilot's picks up to the first decision with an option starting `label`, then that
/// option.
fn picks_to(case: &Case, label: &str) -> Vec<u32> {
    let mut picks = Vec::new();
    loop {
        let (_, _, log) = play(case, picks.clone(), true);
        let pending = log.pending.unwrap_or_else(|| panic!("no option {label:?}"));
        let choice = pending.choice;
        if let Some(k) = choice.options.iter().position(|o| o.starts_with(label)) {
            picks.push(k as u32);
            return picks;
        }
        picks.push(choice.pick.unwrap());
    }
}

#[test]
fn a_person_may_keep_a_split_attacks_hits_from_the_next_card() {
    let case = Case {
        hand: &["Stampede"],
        bottom: &["Junkyard Snap", "Rust Howl"],
        effects: true,
        ..case(
            "Stampede's 2 hits, two cards of 1 health in its row",
            Step::Ranger,
        )
    };
    let (p, state, log) = play(&case, picks_to(&case, "Split no more hits"), false);
    assert_eq!(
        rows(&p, &state),
        ["Junkyard Snap defeated", "Rust Howl 1/1"]
    );
    let split = choices(&log).into_iter().last().unwrap();
    assert_eq!(split.kind, Some(ChoiceKind::Target));
    assert_eq!(
        split.options,
        [
            "Split the hits left (1) to Rust Howl (1 health left)",
            "Split no more hits (1 go unused)"
        ]
    );
    // The pilot splits it on, and the battle is won.
    let (p, state, _) = play(&case, vec![], false);
    assert_eq!(
        rows(&p, &state),
        ["Junkyard Snap defeated", "Rust Howl defeated"]
    );
}

#[test]
fn a_person_chooses_which_attack_a_search_takes_from_the_deck() {
    let case = Case {
        hand: &["Stalking Step"],
        deck: &["Updraft", "Talon Dive", "Feather Cut", "Updraft"],
        bottom: &["Rubble Punch"],
        effects: true,
        ..case("Stalking Step with two Attacks in the deck", Step::Ranger)
    };
    let (_, _, log) = play(&case, vec![0], true);
    let pending = log.pending.expect("which card the search takes");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Target));
    assert_eq!(
        pending.choice.options,
        [
            "Stalking Step: take Talon Dive from the deck",
            "Stalking Step: take Feather Cut from the deck"
        ]
    );
    assert_eq!(
        pending.choice.pick,
        Some(0),
        "the Attack it would play soonest"
    );
    let (p, state, _) = play(&case, vec![0, 1], false);
    assert_eq!(hand(&p, &state), ["Feather Cut"]);
}

#[test]
fn a_person_chooses_which_guard_card_undertow_lifts() {
    // Two Guard cards apart, each guarding its neighbour.
    let case = Case {
        hand: &["Undertow"],
        bottom: &[
            "Rubble Punch",
            "Rock Pile-On",
            "Junkyard Snap",
            "Rock Pile-On",
        ],
        effects: true,
        ..case("two Guard cards", Step::Ranger)
    };
    let picks = picks_to(&case, "Undertow: Rock Pile-On stops guarding");
    let (_, _, log) = play(&case, picks[..picks.len() - 1].to_vec(), true);
    let pending = log.pending.unwrap();
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Target));
    assert_eq!(
        pending.choice.options.len(),
        2,
        "{:?}",
        pending.choice.options
    );
    assert_eq!(pending.choice.pick, Some(0));
    let mut picks = picks;
    *picks.last_mut().unwrap() = 1;
    let (p, state, _) = play(&case, picks, false);
    assert!(!p.slot(&state, 1).unguarded && p.slot(&state, 3).unguarded);
    assert!(p.guarded(&state, 0), "the first still guards Rubble Punch");
}
