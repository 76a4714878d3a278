//! The pilot with every effect on, over whole Ranger and enemy turns: what the scenario
//! table cannot show, because it happens when an attack is aimed or its hits land (Guard
//! passed by, the hit rules of a Passive, a hit saved for the next attack, a card joining
//! the combat sequence).

use super::*;

fn with_effects(rule: &'static str, step: Step) -> Case {
    Case {
        effects: true,
        ..case(rule, step)
    }
}

#[test]
fn the_pilot_plays_guard_hit_rules_and_saved_hits_as_the_cards_say() {
    let cases = [
        Case {
            hand: &["Pressure Lance"],
            bottom: &["Scrapheap Sentry", "Junkyard Snap"],
            rows_after: &["Scrapheap Sentry 4/4", "Junkyard Snap defeated"],
            pool_after: 0,
            outcome: None,
            ..with_effects(
                "Pressure Lance may target the guarded card it can defeat",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Talon Dive"],
            bottom: &["Scrapheap Sentry", "Junkyard Snap"],
            rows_after: &["Scrapheap Sentry 1/4", "Junkyard Snap 1/1"],
            pool_after: 1,
            ..with_effects(
                "another attack still passes the guarded card by",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Falcon Saber Arc"],
            pool: 3,
            top: &["Throne Guard Decree"],
            rows_after: &["Throne Guard Decree 9/12"],
            pool_after: 0,
            ..with_effects(
                "Throne Guard Decree lets 3 of an attack's 5 hits through",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Talon Dive"],
            top: &["Void Mirror"],
            rows_after: &["Void Mirror 7/9"],
            pool_after: 1,
            ..with_effects(
                "Void Mirror ignores the first hit of an attack on it",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Twin Scythe Rush"],
            bottom: &["Junkyard Snap", "Tin-Can Tackle"],
            rows_after: &["Junkyard Snap defeated", "Tin-Can Tackle 2/4"],
            pool_after: 0,
            ..with_effects("Twin Scythe Rush's fixed hit defeats its target, so its dice go at the adjacent card", Step::Ranger)
        },
        Case {
            hand: &["Twin Scythe Rush"],
            bottom: &["Rubble Punch", "Tin-Can Tackle"],
            rows_after: &["Rubble Punch defeated", "Tin-Can Tackle 4/4"],
            pool_after: 0,
            ..with_effects("Twin Scythe Rush rolls at its target when the fixed hit alone does not defeat it", Step::Ranger)
        },
        Case {
            hand: &["Stampede"],
            bottom: &["Ion Haze", "Tin-Can Tackle"],
            rows_after: &["Ion Haze defeated", "Tin-Can Tackle 3/4"],
            pool_after: 0,
            ..with_effects("Ion Haze takes a die from Stampede's 4: 3 hits, so the pilot aims at Ion Haze, not Tin-Can Tackle (the hit past it splits on)", Step::Ranger)
        },
        Case {
            top: &["Summon the Legion"],
            bottom: &["Junkyard Snap"],
            rows_after: &[
                "Summon the Legion 10/10",
                "Junkyard Snap 1/1",
                "Junkyard Snap 1/1",
            ],
            ..with_effects(
                "Summon the Legion resolves: a foot soldier joins the bottom row",
                Step::Enemy,
            )
        },
    ];
    for case in &cases {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        let mut rng = Rng::from_seed(1);
        let outcome = match case.step {
            Step::Ranger => p.ranger_turn(&mut state, &mut rng, &mut log),
            _ => {
                p.enemy_turn(&mut state, &mut rng, &mut log);
                None
            }
        };
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(outcome, case.outcome, "{context}");
        assert_eq!(rows(&p, &state), case.rows_after, "{context}");
        assert_eq!(state.pool, case.pool_after, "{context}");
    }
}

/// Guard is the procedure's rule, not an effect: it counts as fired when it keeps an attack
/// from its neighbour, once a battle (two attacks passing it by count once), and not when
/// the attack may target a guarded card.
#[test]
fn guard_counts_as_fired_when_it_keeps_an_attack_from_a_card() {
    let cases = [
        (
            Case {
                hand: &["Talon Dive", "Talon Dive"],
                bottom: &["Scrapheap Sentry", "Junkyard Snap"],
                rows_after: &["Scrapheap Sentry defeated", "Junkyard Snap 1/1"],
                ..with_effects("two attacks pass the guarded card by", Step::Ranger)
            },
            1,
        ),
        (
            Case {
                hand: &["Pressure Lance"],
                bottom: &["Scrapheap Sentry", "Junkyard Snap"],
                rows_after: &["Scrapheap Sentry 4/4", "Junkyard Snap defeated"],
                ..with_effects("Pressure Lance may target the guarded card", Step::Ranger)
            },
            0,
        ),
    ];
    for (case, fired) in &cases {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        let mut rng = Rng::from_seed(1);
        for _ in 0..case.hand.len() {
            p.ranger_turn(&mut state, &mut rng, &mut log);
        }
        let sentry = p.enemy_names.iter().position(|n| n == "Scrapheap Sentry");
        let sentry = p.enemy_card(sentry.unwrap() as u16);
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(rows(&p, &state), case.rows_after, "{context}");
        assert_eq!(state.fired.counts()[sentry as usize], *fired, "{context}");
    }
}

/// Patient Stance is played when no Attack can be (a Maneuver only replaces "play
/// nothing"); its hit goes to the next Jade Mantis attack, once.
#[test]
fn patient_stance_saves_one_hit_for_the_next_attack_only() {
    let case = Case {
        hand: &["Patient Stance", "Needle Strike"],
        pool: 0,
        stored: 0,
        bottom: &["Tin-Can Tackle"],
        ..with_effects("", Step::Ranger)
    };
    let (p, mut state) = scenario(&case);
    let mut log = Recorder::default();
    let mut rng = Rng::from_seed(1);
    p.ranger_turn(&mut state, &mut rng, &mut log);
    assert_eq!(
        (state.pool, state.next_hits),
        (1, 1),
        "{:#?}",
        log.decisions
    );
    // Needle Strike: 1 hit and 1 die of 1 hit, and the saved one.
    p.ranger_turn(&mut state, &mut rng, &mut log);
    assert_eq!(
        rows(&p, &state),
        ["Tin-Can Tackle 1/4"],
        "{:#?}",
        log.decisions
    );
    assert_eq!(state.next_hits, 0);
}

/// A Passive card resolving does nothing more: the step-through says so rather than calling
/// its (simulated) effect "not simulated".
#[test]
fn a_passive_card_resolving_is_not_reported_as_not_simulated() {
    let case = Case {
        top: &["Throne Guard Decree"],
        ..with_effects("", Step::Enemy)
    };
    let (p, mut state) = scenario(&case);
    let mut log = Recorder::default();
    p.enemy_turn(&mut state, &mut Rng::from_seed(1), &mut log);
    let said: Vec<&str> = log.decisions.iter().map(|d| d.text.as_str()).collect();
    assert!(
        said.contains(
            &"Throne Guard Decree resolves: its Passive acts while it stands, nothing happens now"
        ),
        "{said:#?}"
    );
}

/// Crimson Falcon's reroll happens before the attack's hits are counted (`turns.rs`), and
/// the log says it in that order: seed 3 going first, Feather Cut rolls two blank dice at
/// Junkyard Snap, one is rerolled to a hit and that hit defeats it. The log used to put
/// the reroll after "defeated", as if it came too late to matter.
#[test]
fn a_reroll_is_logged_before_the_hits_it_counts_toward() {
    let options = crate::StepOptions {
        seed: 3,
        going_first: true,
        game: crate::GameOptions::lineup(super::default_line_up()),
        ..crate::StepOptions::default()
    };
    let deck = testing::sample_deck(G, testing::CRIMSON_FALCON);
    let log = crate::step(&testing::game(G), &deck, &options).unwrap();
    let lines: Vec<&str> = log
        .turns
        .iter()
        .flat_map(|t| &t.decisions)
        // The attack's line (the choice to use the ability is a line of its own).
        .filter(|d| d.kind.is_none())
        .map(|d| d.text.as_str())
        .filter(|t| t.contains("reroll"))
        .collect();
    assert!(!lines.is_empty(), "no reroll in this game");
    for line in lines {
        let reroll = line.find("reroll").unwrap();
        let hits = line
            .find(" hits, ")
            .or_else(|| line.find(" hit, "))
            .unwrap();
        assert!(reroll < hits, "the reroll is logged after the hits: {line}");
        assert!(
            line.contains("[0, 0] → [1, 0]"),
            "the dice before and after: {line}"
        );
    }
}

/// Issue 32: Stubborn Stand prevented 1 damage with 0 energy spent. No credit
/// (docs/pilots.md#plan-value): with no energy to pay, the card is not played and the damage
/// it would have prevented is dealt.
#[test]
fn stubborn_stand_is_not_played_and_prevents_nothing_with_no_energy() {
    let enemy_turn = |pool, stored| {
        let case = Case {
            hand: &["Stubborn Stand"],
            pool,
            stored,
            bottom: &["Junkyard Snap"],
            ..with_effects("", Step::Enemy)
        };
        let (p, mut state) = scenario(&case);
        let mut log = Recorder::default();
        p.enemy_turn(&mut state, &mut Rng::from_seed(1), &mut log);
        let said: Vec<String> = log.decisions.into_iter().map(|d| d.text).collect();
        (hand(&p, &state), state.pool + state.stored, said)
    };
    let (hand, energy, said) = enemy_turn(0, 0);
    assert_eq!(
        (hand, energy),
        (vec!["Stubborn Stand".to_owned()], 0),
        "{said:#?}"
    );
    assert!(
        said.contains(&"Junkyard Snap deals 1 damage".to_owned()),
        "{said:#?}"
    );
    // With 1 energy it is played, spends it and prevents the 1 damage.
    let (hand, energy, said) = enemy_turn(1, 0);
    assert_eq!((hand, energy), (Vec::<String>::new(), 0), "{said:#?}");
    assert!(
        said.contains(&"Junkyard Snap deals 1 damage, 1 prevented".to_owned()),
        "{said:#?}"
    );
}

/// Issue 32: Deep Current shuffled itself back into the deck. docs/pilots.md#plan-value: a
/// played Heroes of the Grid card goes to the discard pile once its effect resolves, unless its
/// own data moves it (its text and data shuffle up to 2 cards of the discard pile, never
/// itself).
#[test]
fn deep_current_goes_to_the_discard_pile_and_never_shuffles_itself_into_the_deck() {
    let case = Case {
        hand: &["Deep Current"],
        bottom: &["Junkyard Snap"],
        ..with_effects("", Step::Ranger)
    };
    let (p, mut state) = scenario(&case);
    let updraft = p
        .deck
        .cards
        .iter()
        .position(|c| c.name == "Updraft")
        .unwrap() as u16;
    state.discard = vec![updraft];
    let mut log = Recorder::default();
    p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
    let names = |cards: &[u16]| {
        let mut names: Vec<&str> = cards.iter().map(|&c| p.name(c)).collect();
        names.sort();
        names
    };
    let deck = names(&state.deck.cards[state.deck.top..]);
    assert_eq!(
        (names(&state.discard), deck),
        (vec!["Deep Current"], vec!["Updraft", "Updraft", "Updraft"]),
        "{:#?}",
        log.decisions
    );
}

/// Issue 32: Cobalt Orca Ranger's text gives one revealed card 1 more shield, once a
/// battle; its data gave every card +1 shield for the whole battle. The data now says
/// what the text says (one card, for the reveal's turn), and the engine gives that one
/// card the shield at the reveal (the scenario table's case keeps a card that would be
/// lost).
#[test]
fn cobalt_orca_rangers_ability_shields_the_one_card_revealed_as_its_text_says() {
    use deckhand_core::{Duration, Step as S, Target, Trigger};
    let card = testing::card(G, "Cobalt Orca Ranger");
    assert!(card
        .text
        .as_deref()
        .unwrap()
        .contains("it has 1 additional shield"));
    let effect = card
        .effects
        .iter()
        .find(|e| e.trigger == Trigger::Activated)
        .unwrap();
    let [S::Modify {
        stat,
        by,
        target,
        duration,
    }] = effect.steps.as_slice()
    else {
        panic!("one stat change: {:?}", effect.steps);
    };
    assert_eq!(
        (stat.as_str(), by),
        ("shields", &deckhand_core::Amount::Fixed(1))
    );
    assert!(
        matches!(target, Target::One { filter: None }),
        "one card, not each: {target:?}"
    );
    assert_eq!(*duration, Duration::Turn, "for the reveal, not the battle");
}

/// Issue 32 (docs/pilots.md#plan-value: an effect whose steps would change nothing as the
/// board stands is never used, cost or not): with no Attack to play, the pilot played the
/// cheapest Maneuver in hand even when it did nothing: Undertow (1 energy) with no Guard
/// card, Silent Steps (1 energy) with no pair worth swapping, Deep Current with an empty
/// discard pile, Stalking Step (1 energy) with no Attack in the deck. It now plays nothing,
/// and keeps the card and the energy; the same Maneuver with something to do is played.
#[test]
fn a_maneuver_that_would_change_nothing_is_not_played() {
    let idle = [
        Case {
            hand: &["Undertow"],
            bottom: &["Rubble Punch", "Junkyard Snap"],
            rows_after: &["Rubble Punch 2/2", "Junkyard Snap 1/1"],
            hand_after: &["Undertow"],
            ..with_effects("Undertow with no Guard card", Step::Ranger)
        },
        Case {
            hand: &["Undertow"],
            bottom: &["Rock Pile-On"],
            rows_after: &["Rock Pile-On 3/3"],
            hand_after: &["Undertow"],
            ..with_effects(
                "Undertow with a Guard card that guards nothing",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Silent Steps"],
            bottom: &["Rubble Punch", "Junkyard Snap"],
            rows_after: &["Rubble Punch 2/2", "Junkyard Snap 1/1"],
            hand_after: &["Silent Steps"],
            ..with_effects("Silent Steps with neighbours that hit alike", Step::Ranger)
        },
        Case {
            hand: &["Deep Current"],
            bottom: &["Rubble Punch"],
            rows_after: &["Rubble Punch 2/2"],
            hand_after: &["Deep Current"],
            ..with_effects("Deep Current with an empty discard pile", Step::Ranger)
        },
        Case {
            hand: &["Stalking Step"],
            bottom: &["Rubble Punch"],
            rows_after: &["Rubble Punch 2/2"],
            hand_after: &["Stalking Step"],
            ..with_effects("Stalking Step with no Attack in the deck", Step::Ranger)
        },
    ];
    for case in &idle {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(hand(&p, &state), case.hand_after, "{context}");
        assert_eq!((state.pool, state.stored), (2, 1), "{context}");
        assert_eq!(rows(&p, &state), case.rows_after, "{context}");
    }
    // With something to do, the same Maneuvers are played.
    let useful = [
        Case {
            hand: &["Undertow"],
            bottom: &["Rubble Punch", "Rock Pile-On", "Junkyard Snap"],
            ..with_effects(
                "Undertow with a Guard card guarding its neighbours",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Stalking Step"],
            deck: &["Updraft", "Talon Dive", "Updraft"],
            bottom: &["Rubble Punch"],
            ..with_effects("Stalking Step with an Attack in the deck", Step::Ranger)
        },
    ];
    for case in &useful {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(state.pool + state.stored, 2, "{context}");
        assert!(
            !hand(&p, &state).contains(&case.hand[0].to_owned()),
            "{context}"
        );
    }
}

/// Issue 32 (docs/pilots.md#heroes-of-the-grid-plan-value: enemy health removed this turn, then
/// cards kept, then energy left): an `X` Attack spent all the energy there was, even on hits no
/// enemy card could take: Lynx Eye Volley paid 3 energy for 3 hits at the last card standing, 1
/// health left. Energy past what the hits can remove (the target's health left, and what the
/// cards its hits may split to can take) changes nothing, so it is kept. With the default die,
/// whose blank faces leave every roll short now and then, more dice still remove more health on
/// average, and Stampede spends as before (the golden logs).
#[test]
fn an_x_attack_spends_no_energy_on_hits_no_enemy_card_can_take() {
    let cases = [
        Case {
            hand: &["Lynx Eye Volley"],
            bottom: &["Junkyard Snap"],
            rows_after: &["Junkyard Snap defeated"],
            pool_after: 1,
            outcome: Some(Outcome::Win),
            ..with_effects(
                "Lynx Eye Volley pays 1 energy for the 1 hit Junkyard Snap can take",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Lynx Eye Volley"],
            bottom: &["Junkyard Snap", "Rubble Punch", "Tin-Can Tackle"],
            rows_after: &["Junkyard Snap defeated", "Rubble Punch defeated", "Tin-Can Tackle 4/4"],
            pool_after: 0,
            stored_after: 0,
            ..with_effects(
                "with more health to take than hits (Rubble Punch, the rest split to the most another card can take), it spends it all",
                Step::Ranger,
            )
        },
        Case {
            hand: &["Stampede"],
            bottom: &["Junkyard Snap", "Rust Howl"],
            rows_after: &["Junkyard Snap defeated", "Rust Howl defeated"],
            pool_after: 1,
            outcome: Some(Outcome::Win),
            ..with_effects(
                "Stampede (a die of one hit) pays 1 energy for the 2 dice two 1-health cards in its row can take",
                Step::Ranger,
            )
        },
    ];
    for case in &cases {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        let outcome = p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(rows(&p, &state), case.rows_after, "{context}");
        assert_eq!(
            (state.pool, state.stored),
            (case.pool_after, case.stored_after),
            "{context}"
        );
        assert_eq!(outcome, case.outcome, "{context}");
    }
}

/// Issue 32 (docs/pilots.md#heroes-of-the-grid-maneuvers-x-attacks-and-paid-cards): on the
/// Rangers' final turn (every enemy card has
/// resolved) a Maneuver changes nothing: no later turn attacks past the Guard it lifts,
/// plays the card it finds or spends the energy it gains. The pilot paid 1 energy for
/// Undertow there; it now plays nothing. The same hand a turn earlier plays it.
#[test]
fn no_maneuver_is_played_on_the_final_turn() {
    let final_turn = Case {
        hand: &["Undertow", "Updraft"],
        bottom: &["Rubble Punch", "Rock Pile-On", "Junkyard Snap"],
        next: 3,
        ..with_effects("the final turn, a Guard card guarding", Step::Ranger)
    };
    let (p, mut state) = scenario(&final_turn);
    let mut log = Recorder::default();
    p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
    let context = format!("{:#?}", log.decisions);
    assert_eq!(hand(&p, &state), ["Undertow", "Updraft"], "{context}");
    assert_eq!((state.pool, state.stored), (2, 1), "{context}");
    let earlier = Case {
        next: 2,
        ..final_turn
    };
    let (p, mut state) = scenario(&earlier);
    let mut log = Recorder::default();
    p.ranger_turn(&mut state, &mut Rng::from_seed(1), &mut log);
    // Updraft: 1 energy gained (and a card drawn).
    assert_eq!(
        state.pool, 3,
        "a Maneuver is played before the final turn: {:#?}",
        log.decisions
    );
}
