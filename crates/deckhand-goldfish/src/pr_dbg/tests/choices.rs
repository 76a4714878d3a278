//! Choice points (issue 32): every decision of the PR Deck-Building procedure is asked
//! with its legal options; a pick other than the pilot's is applied by the rules, and a
//! step-through can stop at a decision for a person to answer.

use super::*;
use crate::choice::{ChoiceKind, Picks};
use crate::log::{Decision, GameLog, TurnLog, Zone};

fn run(text: &str, seed: u64, effects: EffectsMode, picks: Picks) -> GameLog {
    let options = crate::StepOptions {
        seed,
        effects,
        picks,
        ..crate::StepOptions::default()
    };
    crate::step(
        &testing::game(G),
        &testing::pr_dbg_sample_with_starter(text),
        &options,
    )
    .unwrap()
}

fn choices(log: &GameLog) -> impl Iterator<Item = (&TurnLog, &Decision)> {
    log.turns
        .iter()
        .flat_map(|t| t.decisions.iter().map(move |d| (t, d)))
        .filter(|(_, d)| d.kind.is_some())
}

/// The first choice of `kind` whose options include one `pick_label` accepts, with the
/// pilot's picks of every choice before it: (the script up to it, the choice, that option).
fn first_choice(
    log: &GameLog,
    kind: ChoiceKind,
    pick_label: impl Fn(&str) -> bool,
) -> (Vec<u32>, Decision, u32) {
    let mut script = Vec::new();
    for (_, d) in choices(log) {
        if d.kind == Some(kind) {
            let other = d
                .options
                .iter()
                .enumerate()
                .position(|(i, o)| i as u32 != d.pilot.unwrap() && pick_label(o));
            if let Some(k) = other {
                return (script, d.clone(), k as u32);
            }
        }
        script.push(d.pilot.unwrap());
    }
    panic!("no {kind:?} choice with such an option");
}

/// The turn that holds the choice numbered `index`, and the decisions after it that turn.
fn turn_of(log: &GameLog, index: u32) -> (&TurnLog, Vec<&Decision>) {
    let turn = log
        .turns
        .iter()
        .find(|t| t.decisions.iter().any(|d| d.index == Some(index)))
        .expect("the choice was logged");
    let at = turn
        .decisions
        .iter()
        .position(|d| d.index == Some(index))
        .unwrap();
    (turn, turn.decisions[at + 1..].iter().collect())
}

fn zone<'a>(turn: &'a TurnLog, id: &str) -> &'a Zone {
    turn.zones.iter().find(|z| z.id == id).unwrap()
}

fn has(zone: &Zone, name: &str) -> bool {
    zone.cards.iter().any(|c| c.name == name)
}

/// "Buy Skate Crew Dax for 3 Shard(s)…" → "Skate Crew Dax".
fn card_of(label: &str, verb: &str) -> String {
    let rest = label.strip_prefix(verb).unwrap();
    rest[..rest
        .find(" for ")
        .or(rest.find(" to "))
        .unwrap_or(rest.len())]
        .to_owned()
}

#[test]
fn buying_nothing_where_the_pilot_buys_leaves_the_card_in_the_grid() {
    for effects in [EffectsMode::Keywords, EffectsMode::All] {
        let pilot = run(testing::BLOCK_PARTY, 4, effects, Picks::default());
        let (mut script, choice, stop) =
            first_choice(&pilot, ChoiceKind::Buy, |o| o == "Buy nothing more");
        let card = card_of(&choice.options[choice.pilot.unwrap() as usize], "Buy ");
        script.push(stop);
        let log = run(
            testing::BLOCK_PARTY,
            4,
            effects,
            Picks {
                picks: script,
                stop_after: false,
            },
        );
        let index = choice.index.unwrap();
        let (turn, after) = turn_of(&log, index);
        let taken = turn
            .decisions
            .iter()
            .find(|d| d.index == Some(index))
            .unwrap();
        assert_eq!(taken.pick, Some(stop));
        assert!(taken.text.starts_with("Buy nothing more (your pick"));
        assert!(has(zone(turn, "grid"), &card), "{card} stays in The Grid");
        assert!(!has(zone(turn, "discard"), &card));
        assert!(
            after.iter().all(|d| d.kind != Some(ChoiceKind::Buy)),
            "no buy after stopping"
        );
    }
}

#[test]
fn playing_a_card_the_pilot_would_attach_leaves_its_slot_empty() {
    for effects in [EffectsMode::Keywords, EffectsMode::All] {
        let pilot = run(testing::BLOCK_PARTY, 4, effects, Picks::default());
        let (mut script, choice, play) =
            first_choice(&pilot, ChoiceKind::Attach, |o| o.starts_with("Play "));
        let card = card_of(&choice.options[play as usize], "Play ");
        script.push(play);
        let log = run(
            testing::BLOCK_PARTY,
            4,
            effects,
            Picks {
                picks: script,
                stop_after: false,
            },
        );
        let (turn, after) = turn_of(&log, choice.index.unwrap());
        let character = &zone(turn, "character").cards[0];
        assert!(
            character.attached.iter().all(|a| a.name != card),
            "{card} is in no slot"
        );
        assert!(
            after
                .iter()
                .any(|d| d.text.starts_with("Play ") && d.text.contains(&card)),
            "{card} is played"
        );
        // It went to the discard pile with the played cards at the turn's end.
        assert!(has(zone(turn, "discard"), &card));
    }
}

#[test]
fn battling_another_adversary_than_the_cheapest_takes_that_one_out_of_the_grid() {
    let pilot = run(testing::BLOCK_PARTY, 4, EffectsMode::All, Picks::default());
    let Some((script, choice, other)) = choices(&pilot)
        .filter(|(_, d)| d.kind == Some(ChoiceKind::Battle))
        .find_map(|(_, d)| {
            let other = (0..d.options.len() as u32)
                .find(|&k| k != d.pilot.unwrap() && d.options[k as usize] != "Battle no adversary");
            other.map(|k| (d.clone(), k))
        })
        .map(|(d, k)| {
            let script: Vec<u32> = choices(&pilot)
                .take_while(|(_, e)| e.index != d.index)
                .map(|(_, e)| e.pilot.unwrap())
                .collect();
            (script, d, k)
        })
    else {
        // This game offers no second adversary at once: the stop option is a pick too.
        let (mut script, choice, stop) =
            first_choice(&pilot, ChoiceKind::Battle, |o| o == "Battle no adversary");
        let card = card_of(&choice.options[choice.pilot.unwrap() as usize], "Battle ");
        script.push(stop);
        let log = run(
            testing::BLOCK_PARTY,
            4,
            EffectsMode::All,
            Picks {
                picks: script,
                stop_after: false,
            },
        );
        let (turn, _) = turn_of(&log, choice.index.unwrap());
        assert!(has(zone(turn, "grid"), &card), "{card} stays in The Grid");
        assert!(!has(zone(turn, "main_discard"), &card));
        return;
    };
    let card = card_of(&choice.options[other as usize], "Battle ");
    let mut script = script;
    script.push(other);
    let log = run(
        testing::BLOCK_PARTY,
        4,
        EffectsMode::All,
        Picks {
            picks: script,
            stop_after: false,
        },
    );
    let (turn, _) = turn_of(&log, choice.index.unwrap());
    assert!(!has(zone(turn, "grid"), &card), "{card} was Battled");
    assert!(has(zone(turn, "main_discard"), &card));
}

#[test]
fn a_step_through_stops_at_the_first_decision_past_its_picks_with_the_pilots_pick() {
    let pilot = run(testing::BLOCK_PARTY, 4, EffectsMode::All, Picks::default());
    let (script, choice, _) = first_choice(&pilot, ChoiceKind::Buy, |o| o == "Buy nothing more");
    let log = run(
        testing::BLOCK_PARTY,
        4,
        EffectsMode::All,
        Picks {
            picks: script.clone(),
            stop_after: true,
        },
    );
    let pending = log.pending.clone().expect("stopped at a decision");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Buy));
    assert_eq!(pending.choice.index, choice.index);
    assert_eq!(pending.choice.options, choice.options);
    assert_eq!(pending.choice.pilot, choice.pilot);
    assert_eq!(pending.choice.pick, choice.pilot);
    assert_eq!(pending.choice.options.last().unwrap(), "Buy nothing more");
    // The board at the decision: The Grid still holds the card the pilot would buy.
    let card = card_of(&choice.options[choice.pilot.unwrap() as usize], "Buy ");
    let grid = pending.zones.iter().find(|z| z.id == "grid").unwrap();
    assert!(has(grid, &card));
    // No choice past the script was recorded.
    assert!(choices(&log).all(|(_, d)| d.index.unwrap() < script.len() as u32));
}

#[test]
fn every_choice_logged_picks_one_of_its_options() {
    for text in [testing::BLOCK_PARTY, testing::FAST_AND_FIERCE] {
        for effects in [EffectsMode::Keywords, EffectsMode::All] {
            for seed in 1..4 {
                let log = run(text, seed, effects, Picks::default());
                let mut kinds = Vec::new();
                for (_, d) in choices(&log) {
                    let pick = d.pick.unwrap() as usize;
                    assert!(pick < d.options.len(), "{d:?}");
                    assert!(d.options.len() > 1, "{d:?}");
                    kinds.push(d.kind.unwrap());
                }
                assert!(kinds.contains(&ChoiceKind::Buy));
            }
        }
    }
}

#[test]
fn a_person_may_discard_another_card_than_the_least_useful() {
    // Tidal Ray: draw 3, discard 1. The hand holds Arc Baton and draws three Teamwork; the
    // pilot discards a Teamwork (a Starter), a person Arc Baton.
    let lines: Vec<(&str, u32, &str)> = vec![
        ("main", 1, "Tidal Ray"),
        ("main", 1, "Arc Baton"),
        ("starter", 7, "Teamwork"),
        ("character", 1, NADIA),
    ];
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let mut state = p.new_state();
    state.hand = vec![index("Arc Baton")].into();
    state.draw_pile = vec![index("Teamwork"); 5];
    state.energy = 4;
    state.turn = 3;
    p.reread_in_play(&mut state);
    let tidal_ray = index("Tidal Ray");
    let mut log = crate::log::Recorder::with_picks(Picks {
        picks: vec![0],
        stop_after: false,
    });
    p.fire_scenario(
        tidal_ray,
        deckhand_core::Trigger::Activated,
        NONE,
        &mut state,
        &mut Rng::from_seed(1),
        &mut log,
    );
    let choice = log
        .decisions
        .iter()
        .find(|d| d.kind == Some(ChoiceKind::Discard))
        .expect("a discard choice");
    assert_eq!(choice.options.len(), 4, "any card in hand: {choice:?}");
    assert!(
        choice.options[0].ends_with("discard Arc Baton"),
        "{choice:?}"
    );
    assert_ne!(choice.pilot, Some(0), "the pilot discards a Teamwork");
    assert_eq!(state.discard, [index("Arc Baton")]);
    assert_eq!(state.hand.len(), 3);
}
