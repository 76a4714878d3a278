//! Choice points (issue 32): a person's pick is applied as the rules say, and the pilot's
//! own defects (`when summoned` before the extra summon, the plan value), each a turn from
//! a fixed hand.

use super::*;
use crate::choice::{ChoiceKind, Picks};

/// `scenario` with every effect on.
fn with_effects(hand: &[&str], deck: &[&str], opponent_deck: u32) -> (PrAcg, State) {
    let mut names: Vec<&str> = hand.iter().chain(deck).copied().collect();
    names.sort();
    names.dedup();
    let lines: Vec<(u32, &str)> = names.iter().map(|&n| (3, n)).collect();
    let p = PrAcg::new(
        &testing::game(G),
        &testing::deck(G, &lines),
        Default::default(),
    )
    .unwrap();
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let mut state = p.new_state();
    for name in hand {
        p.add_to_hand(&mut state, index(name));
    }
    let library: Vec<u16> = deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&library);
    state.opponent_deck = opponent_deck;
    (p, state)
}

/// One turn (turn 1) played with `log`.
fn play_turn<L: Log>(p: &PrAcg, state: &mut State, log: &mut L) -> Option<Outcome> {
    p.turn(state, &mut Rng::from_seed(1), 1, log, &mut p.new_figures())
}

fn names(p: &PrAcg, cards: &[u16]) -> Vec<String> {
    cards.iter().map(|&c| p.name(c).to_owned()).collect()
}

const HALVARD: &str = "Commander Halvard Reyes";
const ORCA: &str = "Tide Orca Zord";

/// docs/pilots.md#pr-action-summons: a summoned card's `when summoned` effects resolve in the
/// Summon step, before the Extra summon step, and the Zord is chosen again from the hand as
/// they left it. Halvard Reyes (cost 1) with Tide Orca Zord (cost 2) in a hand of 4 cannot pay
/// for both; after paying 1 and drawing 2 (one of which goes to training) the hand holds the
/// Zord and two more cards, enough to put it on top: 3 damage, dealt twice.
#[test]
fn halvard_reyes_draws_before_the_zord_is_chosen_and_the_drawn_cards_pay_for_it() {
    let (p, mut state) = with_effects(&[HALVARD, ORCA], &[FODDER; 5], 20);
    let mut log = Recorder::default();
    let outcome = play_turn(&p, &mut state, &mut log);
    let context = format!("{:#?}", log.decisions);
    assert_eq!(outcome, None, "{context}");
    assert_eq!(
        names(&p, &state.discard),
        [FODDER, FODDER, FODDER, HALVARD, ORCA],
        "{context}"
    );
    assert_eq!(names(&p, &state.training), [FODDER], "{context}");
    assert_eq!(render_hand(&p, &state), Vec::<String>::new(), "{context}");
    assert_eq!(state.opponent_deck, 20 - 2 - 6, "{context}");
}

const ONYX: &str = "Onyx Shadow Ranger";
const CRIMSON: &str = "Crimson Comet Ranger";

/// A turn of Onyx Shadow Ranger (cost 2, damage 3) and Crimson Comet Ranger (cost 1,
/// damage 2) with two Training Simulators drawn, keyword effects only, answered by `picks`.
fn onyx_turn(picks: Picks) -> (PrAcg, State, Recorder) {
    let (p, mut state) = scenario(&[ONYX, CRIMSON], &[FODDER; 3], 20, true, None);
    let mut log = Recorder::with_picks(picks);
    play_turn(&p, &mut state, &mut log);
    (p, state, log)
}

fn script(picks: &[u32]) -> Picks {
    Picks {
        picks: picks.to_vec(),
        stop_after: false,
    }
}

/// Every choice logged has its pick and the pilot's among its options.
fn assert_picks_in_range(log: &Recorder) {
    for d in log.decisions.iter().filter(|d| d.kind.is_some()) {
        let n = d.options.len() as u32;
        assert!(n > 1, "{d:?}");
        assert!(d.pick.unwrap() < n && d.pilot.unwrap() < n, "{d:?}");
    }
}

#[test]
fn the_summon_step_offers_every_affordable_summon_and_none_and_plays_a_persons_pick() {
    let (p, state, log) = onyx_turn(script(&[1]));
    let summon = &log.decisions[1];
    assert_eq!(summon.kind, Some(ChoiceKind::Summon));
    assert_eq!(
        summon.options,
        [
            "Summon Onyx Shadow Ranger (cost 2, damage 3)",
            "Summon Crimson Comet Ranger (cost 1, damage 2)",
            "Summon Training Simulator (cost 1, damage 0)",
            "Summon nothing",
        ]
    );
    assert_eq!((summon.pick, summon.pilot), (Some(1), Some(0)));
    assert!(summon.text.starts_with(
        "Summon Crimson Comet Ranger (cost 1, damage 2) (your pick; the pilot would summon Onyx Shadow Ranger"
    ));
    // Crimson Comet Ranger paid with one Training Simulator: 2 damage, twice.
    assert_eq!(names(&p, &state.discard), [FODDER, CRIMSON]);
    assert_eq!(render_hand(&p, &state), [ONYX, FODDER]);
    assert_eq!(state.opponent_deck, 20 - 2 - 4);
    assert_picks_in_range(&log);
}

#[test]
fn summoning_nothing_is_an_option_and_leaves_the_hand_as_it_is() {
    let (p, state, log) = onyx_turn(script(&[3]));
    assert_eq!(
        log.decisions[1].text.split(" (").next(),
        Some("Summon nothing")
    );
    assert_eq!(render_hand(&p, &state), [CRIMSON, ONYX, FODDER, FODDER]);
    assert!(state.discard.is_empty());
    assert_eq!(state.opponent_deck, 18);
}

#[test]
fn each_card_paying_a_cost_is_a_choice_and_a_persons_pick_is_discarded() {
    // Onyx Shadow Ranger (the pilot's), then the first card paid: Crimson Comet Ranger
    // instead of a Training Simulator; the second is forced (only Training Simulators left).
    let (p, state, log) = onyx_turn(script(&[0, 1]));
    let pay = &log.decisions[2];
    assert_eq!(pay.kind, Some(ChoiceKind::Discard));
    assert_eq!(
        pay.options,
        [
            "Discard Training Simulator from hand",
            "Discard Crimson Comet Ranger from hand"
        ]
    );
    assert_eq!((pay.pick, pay.pilot), (Some(1), Some(0)));
    assert_eq!(
        log.decisions[3].text,
        "Pay the last 1 for Onyx Shadow Ranger: discard Training Simulator (the only card left to pay with)"
    );
    assert_eq!(names(&p, &state.discard), [CRIMSON, FODDER, ONYX]);
    assert_eq!(render_hand(&p, &state), [FODDER]);
    assert_eq!(state.opponent_deck, 20 - 2 - 6);
    assert_picks_in_range(&log);
}

#[test]
fn stop_after_holds_the_summon_step_with_its_options_and_the_pilots_pick() {
    let (p, state, log) = onyx_turn(Picks {
        picks: Vec::new(),
        stop_after: true,
    });
    let pending = log.pending.expect("the game stops at the Summon step");
    assert_eq!(pending.choice.kind, Some(ChoiceKind::Summon));
    assert_eq!(pending.choice.index, Some(0));
    assert_eq!(pending.choice.options.len(), 4);
    assert_eq!(pending.choice.pilot, Some(0));
    assert!(
        pending
            .choice
            .reason
            .as_deref()
            .is_some_and(|r| r.starts_with("the most damage a hand of 4 can pay for (3)")),
        "{pending:?}"
    );
    let hand = pending.zones.iter().find(|z| z.id == "hand").unwrap();
    assert_eq!(hand.cards.len(), 4);
    // Nothing is recorded past the decision.
    assert_eq!(log.decisions.len(), 1);
    drop((p, state));
}

#[test]
fn the_extra_summon_step_puts_a_persons_zord_on_top() {
    let hand = ["Amber Spark Ranger", ORCA, "Comet Falcon Zord"];
    let (p, mut state) = scenario(&hand, &[FODDER; 3], 20, true, None);
    let mut log = Recorder::default();
    play_turn(&p, &mut state, &mut log);
    // The pilot: Amber Spark Ranger, then Comet Falcon Zord (equal to Tide Orca, first by
    // name).
    let extra = log
        .decisions
        .iter()
        .find(|d| d.text.starts_with("Put "))
        .unwrap();
    assert_eq!(extra.kind, Some(ChoiceKind::Summon));
    assert_eq!(
        extra.options,
        [
            "Put Comet Falcon Zord (cost 2, damage 3) on top",
            "Put Tide Orca Zord (cost 2, damage 3) on top",
            "Put nothing on top",
        ]
    );
    let pilot: Vec<u32> = log.decisions.iter().filter_map(|d| d.pilot).collect();
    let at = extra.index.unwrap() as usize;
    let mut picks = pilot[..at].to_vec();
    picks.push(1);
    let (p, mut state) = scenario(&hand, &[FODDER; 3], 20, true, None);
    let mut log = Recorder::with_picks(script(&picks));
    play_turn(&p, &mut state, &mut log);
    assert_eq!(
        names(&p, &state.discard),
        [FODDER, FODDER, "Amber Spark Ranger", ORCA]
    );
    assert_eq!(render_hand(&p, &state), ["Comet Falcon Zord"]);
    assert_eq!(state.opponent_deck, 20 - 2 - 6);
    assert_picks_in_range(&log);
}

#[test]
fn an_effect_moving_a_card_from_hand_moves_a_persons_pick() {
    // Halvard Reyes (decision 0), paid with a Training Simulator (1), draws two and puts a
    // card of the hand into training (2): Tide Orca Zord instead of a Training Simulator.
    let (p, mut state) = with_effects(&[HALVARD, ORCA], &[FODDER; 5], 20);
    let mut log = Recorder::with_picks(script(&[0, 0, 1]));
    play_turn(&p, &mut state, &mut log);
    let moved = &log.decisions[5];
    assert_eq!(
        moved.kind,
        Some(ChoiceKind::Discard),
        "{:#?}",
        log.decisions
    );
    assert_eq!((moved.pick, moved.pilot), (Some(1), Some(0)));
    assert_eq!(names(&p, &state.training), [ORCA]);
    assert_eq!(render_hand(&p, &state), [FODDER, FODDER, FODDER]);
    assert_eq!(state.opponent_deck, 20 - 2 - 2);
    assert_picks_in_range(&log);
}

/// Whole games with every effect on, every choice answered with its second option: each
/// pick is one of its options and plays (no bad pick, the cards all accounted for).
#[test]
fn whole_games_answered_off_the_pilots_line_play_every_pick() {
    for (text, seed, going_first) in [
        (testing::STARFALL_VANGUARD, 45, false),
        (testing::ECLIPSE_HORDE, 17, true),
        (testing::STARFALL_VANGUARD, 7, true),
    ] {
        let options = crate::StepOptions {
            seed,
            going_first,
            effects: EffectsMode::All,
            picks: script(&[1; 200]),
            ..crate::StepOptions::default()
        };
        let game =
            crate::step(&testing::game(G), &testing::sample_deck(G, text), &options).unwrap();
        let choices: Vec<_> = game
            .turns
            .iter()
            .flat_map(|t| &t.decisions)
            .filter(|d| d.kind.is_some())
            .collect();
        assert!(choices.len() > 5, "{choices:?}");
        for d in choices {
            assert_eq!(d.pick, Some(1), "{d:?}");
            assert!(d.options.len() > 1, "{d:?}");
        }
    }
}

/// docs/pilots.md#pr-action-summons: the plan is ranked by the cards the turn removes, then the
/// cards left in hand, as the turn ends with the plan's effects. Silver Wing Ranger (cost 2,
/// damage 3, +1 with no card across) removes 8; Onyx Shadow Ranger, first by name at the same
/// printed 3 and cost 2, removes 6.
#[test]
fn the_plan_counts_the_damage_an_effect_adds() {
    const SILVER: &str = "Silver Wing Ranger";
    let (p, mut state) = with_effects(&[ONYX, SILVER], &[FODDER; 3], 20);
    let mut log = Recorder::default();
    play_turn(&p, &mut state, &mut log);
    let context = format!("{:#?}", log.decisions);
    assert_eq!(
        names(&p, &state.discard),
        [FODDER, FODDER, SILVER],
        "{context}"
    );
    assert_eq!(render_hand(&p, &state), [ONYX], "{context}");
    assert_eq!(state.opponent_deck, 20 - 2 - 8, "{context}");
}

/// A hand of 4 cannot pay for Halvard Reyes and Tide Orca Zord together; but Halvard
/// (damage 1) draws two, keeps one, and the hand then pays for the Zord on top: 6 removed,
/// over Crimson Comet Ranger's printed 2 (4 removed).
#[test]
fn the_plan_counts_the_cards_an_effect_draws_to_pay_for_a_zord() {
    let (p, mut state) = with_effects(
        &[HALVARD, ORCA],
        &[FODDER, FODDER, FODDER, FODDER, CRIMSON],
        20,
    );
    // The turn draws Crimson Comet Ranger and a Training Simulator: a hand of 4.
    let crimson = p.deck.cards.iter().position(|c| c.name == CRIMSON).unwrap() as u16;
    assert!(state.library.take(crimson));
    state.top.push(crimson);
    let mut log = Recorder::default();
    play_turn(&p, &mut state, &mut log);
    let context = format!("{:#?}", log.decisions);
    assert_eq!(state.battle, [NONE; 2]);
    assert!(
        state.discard.ends_with(&[
            p.deck.cards.iter().position(|c| c.name == HALVARD).unwrap() as u16,
            p.deck.cards.iter().position(|c| c.name == ORCA).unwrap() as u16,
        ]),
        "{context}"
    );
    assert_eq!(state.opponent_deck, 20 - 2 - 6, "{context}");
}
