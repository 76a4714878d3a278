//! Choice points: every decision of a Showdown game is asked with its legal options, and a
//! pick other than the pilot's plays as picked.

use std::collections::BTreeSet;

use super::*;
use crate::choice::{ChoiceKind, Picks};
use crate::log::Decision;

/// A Showdown game in progress: `characters` on the Table, `hand` in hand, `deck` the
/// deck, every effect on.
fn with_effects(side: Side, characters: &[&str], hand: &[&str], deck: &[&str]) -> (Sms, State) {
    let mut lines: Vec<(&str, u32, &str)> =
        characters.iter().map(|&n| ("characters", 1, n)).collect();
    let mut main: Vec<&str> = hand.iter().chain(deck).copied().collect();
    main.sort();
    main.dedup();
    lines.extend(main.iter().map(|&n| ("main", 1, n)));
    let deck_list = testing::with_entries(testing::deck(G, &[]), &lines);
    let setup = Setup {
        side: Some(side),
        effects: EffectsMode::All,
        ..KEYWORDS
    };
    let p = Sms::new(&testing::game(G), &deck_list, setup).unwrap();
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let mut state = p.new_state();
    p.start(&mut state);
    for name in hand {
        state.hand[index(name) as usize] += 1;
        state.hand_len += 1;
    }
    let order: Vec<u16> = deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&order);
    (p, state)
}

/// The decision a recorder stopped at, past `picks`.
fn pending(picks: &[u32], run: impl FnOnce(&mut Recorder)) -> Decision {
    let mut log = Recorder::with_picks(Picks {
        picks: picks.to_vec(),
        stop_after: true,
    });
    run(&mut log);
    log.pending.expect("a decision past the picks").choice
}

/// The index of the option labelled `label`.
fn option(choice: &Decision, label: &str) -> u32 {
    choice
        .options
        .iter()
        .position(|o| o == label)
        .unwrap_or_else(|| panic!("no option {label:?} in {:?}", choice.options)) as u32
}

fn step(text: &str, seed: u64, effects: EffectsMode, picks: Picks) -> crate::GameLog {
    crate::step(
        &testing::game(G),
        &testing::sample_deck(G, text),
        &StepOptions {
            seed,
            going_first: true,
            effects,
            picks,
            ..StepOptions::default()
        },
    )
    .unwrap()
}

fn choices(log: &crate::GameLog) -> impl Iterator<Item = &Decision> {
    log.turns
        .iter()
        .flat_map(|t| &t.decisions)
        .filter(|d| d.kind.is_some())
}

#[test]
fn every_choice_of_the_sample_games_picks_among_its_options() {
    let mut kinds = BTreeSet::new();
    for (_, text) in SAMPLES {
        for effects in [EffectsMode::Keywords, EffectsMode::All] {
            for seed in 0..6 {
                let log = step(text, seed, effects, Picks::default());
                for (n, d) in choices(&log).enumerate() {
                    let (pick, pilot) = (d.pick.unwrap() as usize, d.pilot.unwrap() as usize);
                    assert!(pick < d.options.len() && pilot < d.options.len(), "{d:?}");
                    assert!(d.options.len() > 1, "a decision with one option: {d:?}");
                    assert_eq!(d.index, Some(n as u32), "choices are numbered in order");
                    kinds.insert(d.kind.unwrap().word());
                }
            }
        }
    }
    for kind in ["mulligan", "play", "activate", "target", "discard"] {
        assert!(kinds.contains(kind), "no {kind} choice in {kinds:?}");
    }
}

#[test]
fn a_mulligan_picked_against_the_pilot_shuffles_the_hand_back_and_draws_eight() {
    let kept = step(
        testing::DOJO_DAWN,
        3,
        EffectsMode::Keywords,
        Picks::default(),
    );
    let first = choices(&kept).next().unwrap();
    assert_eq!(first.kind, Some(ChoiceKind::Mulligan));
    assert_eq!(
        first.options[first.pick.unwrap() as usize],
        "Keep the opening hand"
    );
    assert_eq!(kept.turns[0].draws.len(), 8);
    let mulligan = option(first, "Mulligan: shuffle the hand back and draw 8");
    let picks = Picks {
        picks: vec![mulligan],
        stop_after: false,
    };
    let log = step(testing::DOJO_DAWN, 3, EffectsMode::Keywords, picks);
    assert_eq!(log.turns[0].draws.len(), 16);
    let first = choices(&log).next().unwrap();
    assert!(first
        .text
        .contains("(your pick; the pilot would keep the opening hand"));
    let hand = log.turns[0].zones.iter().find(|z| z.id == "hand").unwrap();
    assert_eq!(hand.cards.len(), 8);
}

#[test]
fn an_action_picked_against_the_pilot_attaches_where_it_was_told() {
    let case = Case {
        hand: &["Officer Flapjack", "Laser Yo-Yo"],
        ..case("a person's action")
    };
    let (p, _) = scenario(&case);
    let pilot = pending(&[], |log| {
        let (p, mut state) = scenario(&case);
        p.act(&mut state, &mut Rng::for_game(1, 0), log);
    });
    assert_eq!(pilot.kind, Some(ChoiceKind::Play));
    assert_eq!(
        pilot.options,
        [
            "Put Officer Flapjack on the Table (power 2)",
            "Attach Laser Yo-Yo to Dojo Dan (power 1)",
            "Attach Laser Yo-Yo to Sparkplug Sally (power 1)",
            "Upgrade Dojo Dan to power 4",
            "Upgrade Sparkplug Sally to power 3",
            "Pass",
        ]
    );
    assert_eq!(pilot.pick, Some(0), "the Main card with the most power");
    let picked = option(&pilot, "Attach Laser Yo-Yo to Sparkplug Sally (power 1)");
    let (_, mut state) = scenario(&case);
    let mut log = Recorder::with_picks(Picks {
        picks: vec![picked],
        stop_after: false,
    });
    p.act(&mut state, &mut Rng::for_game(1, 0), &mut log);
    assert_eq!(
        render_table(&p, &state),
        ["Dojo Dan 3", "Sparkplug Sally 3 [Laser Yo-Yo]"]
    );
    assert_eq!(render_hand(&p, &state), ["Officer Flapjack"]);
    assert_eq!(state.deployed, 1);

    // An Upgrade of the stronger character, and a pass, when the pilot would put a card down.
    for (label, table) in [
        (
            "Upgrade Dojo Dan to power 4",
            ["Dojo Dan 4", "Sparkplug Sally 2"],
        ),
        ("Pass", ["Dojo Dan 3", "Sparkplug Sally 2"]),
    ] {
        let (_, mut state) = scenario(&case);
        let mut log = Recorder::with_picks(Picks {
            picks: vec![option(&pilot, label)],
            stop_after: false,
        });
        p.act(&mut state, &mut Rng::for_game(1, 0), &mut log);
        assert_eq!(render_table(&p, &state), table, "{label}");
        assert_eq!(state.hand_len, 2, "{label}");
    }
}

#[test]
fn an_upgrade_picked_against_the_pilot_goes_to_the_card_picked() {
    let setup = || {
        let (p, mut state) = with_effects(
            Side::Hero,
            &["Dojo Dan", "Sensei Okonomi"],
            &[],
            &["Officer Flapjack"],
        );
        state.leader_actions = 1;
        (p, state)
    };
    let use_sensei = pending(&[], |log| {
        let (p, mut state) = setup();
        p.leader_actions(&mut state, &mut Rng::for_game(1, 0), log, false);
    });
    assert_eq!(use_sensei.kind, Some(ChoiceKind::Activate));
    assert_eq!(
        use_sensei.options,
        [
            "Leader Action: Sensei Okonomi's ability",
            "Keep the Leader Action"
        ]
    );
    let target = pending(&[0], |log| {
        let (p, mut state) = setup();
        p.leader_actions(&mut state, &mut Rng::for_game(1, 0), log, false);
    });
    assert_eq!(target.kind, Some(ChoiceKind::Target));
    assert_eq!(
        target.options,
        [
            "+1 power to Dojo Dan (power 3)",
            "+1 power to Sensei Okonomi (power 1)"
        ]
    );
    assert_eq!(target.pilot, Some(1), "the Ninja with the least power");
    let (p, mut state) = setup();
    let mut log = Recorder::with_picks(Picks {
        picks: vec![0, 0],
        stop_after: false,
    });
    p.leader_actions(&mut state, &mut Rng::for_game(1, 0), &mut log, false);
    assert_eq!(render_table(&p, &state), ["Dojo Dan 4", "Sensei Okonomi 1"]);
    assert_eq!(state.leader_actions, 0);

    // Keeping the Leader Action changes nothing.
    let (p, mut state) = setup();
    let mut log = Recorder::with_picks(Picks {
        picks: vec![1],
        stop_after: false,
    });
    p.leader_actions(&mut state, &mut Rng::for_game(1, 0), &mut log, false);
    assert_eq!(render_table(&p, &state), ["Dojo Dan 3", "Sensei Okonomi 1"]);
    assert_eq!(state.leader_actions, 1);
}

#[test]
fn a_game_stopped_after_its_picks_holds_the_next_decision_with_the_pilots_pick() {
    let whole = step(testing::DOOM_LAB, 5, EffectsMode::All, Picks::default());
    let all: Vec<&Decision> = choices(&whole).collect();
    for stop in [1, 7, all.len() - 1] {
        let picks = Picks {
            picks: all[..stop].iter().map(|d| d.pick.unwrap()).collect(),
            stop_after: true,
        };
        let log = step(testing::DOOM_LAB, 5, EffectsMode::All, picks);
        let pending = log.pending.clone().expect("stopped");
        let next = all[stop];
        assert_eq!(pending.choice.index, Some(stop as u32));
        assert_eq!(pending.choice.kind, next.kind);
        assert_eq!(pending.choice.options, next.options);
        assert_eq!(pending.choice.pilot, next.pilot);
        assert_eq!(pending.choice.pick, next.pilot);
        assert!(!pending.zones.is_empty());
        assert_eq!(
            choices(&log).count(),
            stop,
            "nothing is recorded past the stop"
        );
    }
}

#[test]
fn a_leader_action_picked_against_the_pilot_uses_the_ability_picked() {
    let setup = || {
        let (p, mut state) = with_effects(
            Side::Hero,
            &["Dojo Dan", "Sparkplug Sally", "Sensei Okonomi"],
            &["Training Montage"],
            &[],
        );
        state.leader_actions = 1;
        (p, state)
    };
    let choice = pending(&[], |log| {
        let (p, mut state) = setup();
        p.leader_actions(&mut state, &mut Rng::for_game(1, 0), log, false);
    });
    assert_eq!(choice.kind, Some(ChoiceKind::Activate));
    assert_eq!(
        choice.options,
        [
            "Leader Action: Sensei Okonomi's ability",
            "Leader Action: Training Montage from the hand",
            "Keep the Leader Action",
        ]
    );
    assert_eq!(choice.pilot, Some(1), "Training Montage adds +2, Sensei +1");
    let (p, mut state) = setup();
    let mut log = Recorder::with_picks(Picks {
        picks: vec![0],
        stop_after: false,
    });
    p.leader_actions(&mut state, &mut Rng::for_game(1, 0), &mut log, false);
    assert_eq!(
        render_table(&p, &state),
        ["Dojo Dan 3", "Sparkplug Sally 2", "Sensei Okonomi 2"]
    );
    assert_eq!(render_hand(&p, &state), ["Training Montage"]);
    assert!(state.discard.is_empty());
    assert!(log.decisions[0]
        .text
        .contains("(your pick; the pilot would leader Action: Training Montage"));
}

#[test]
fn a_mission_can_be_left_in_the_hand() {
    let setup = || {
        with_effects(
            Side::Villain,
            &["Doctor Dismal"],
            &["Steal the Moon Crystal"],
            &[],
        )
    };
    let choice = pending(&[], |log| {
        let (p, mut state) = setup();
        p.mission_phase(&mut state, &mut Rng::for_game(1, 0), log);
    });
    assert_eq!(choice.kind, Some(ChoiceKind::Play));
    assert_eq!(
        choice.options,
        ["Play the Mission Steal the Moon Crystal", "Play no Mission"]
    );
    assert_eq!(choice.pilot, Some(0));
    let (p, mut state) = setup();
    let mut log = Recorder::with_picks(Picks {
        picks: vec![1],
        stop_after: false,
    });
    p.mission_phase(&mut state, &mut Rng::for_game(1, 0), &mut log);
    assert_eq!(render_hand(&p, &state), ["Steal the Moon Crystal"]);
    assert_eq!((state.drama, state.discard.len()), (0, 0));
}
