//! Issue 32: each report counts how often each card's effects fired a game, and flags a
//! `simulated` card with effects that never fired in the run.

use super::*;

/// Every sample deck with what its goldfish needs besides the deck; PR Deck-Building is
/// Block Party, whose never-fired cards the test names.
fn samples() -> Vec<(&'static str, &'static str, deckhand_core::Deck, SimOptions)> {
    testing::sample_decks()
        .into_iter()
        .filter(|s| s.game != "pr-dbg" || s.name == "block-party")
        .map(|s| {
            let options = SimOptions {
                game: crate::GameOptions::lineup(s.enemies),
                ..SimOptions::default()
            };
            (s.game, s.name, s.deck, options)
        })
        .collect()
}

/// Real sample decks, 1,000 games a seat from seed 42: cards whose effects did something
/// count more than zero a game; the `simulated` cards whose effects never did are flagged
/// (the cases issue 32 found: Grapple Line with an empty discard pile, a Leader Action
/// always better spent on Sensei Okonomi, Lackey Lenny and Doctor Dismal waiting for a Mook
/// in a Discard Pile the goldfish never fills), and nothing else is.
#[test]
fn each_sample_deck_counts_what_fired_and_flags_the_simulated_cards_that_never_did() {
    // (deck, cards that fired, the cards flagged: all of them)
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("republic-vanguard", &["Cinderpaw Cub", "Supply Drop"], &[]),
        ("crimson-legion", &["Cinder Raptor", "Pyre Tyrant"], &[]),
        (
            "shellback-skyguard",
            &["Windscout Drone", "Recon Sweep"],
            &[],
        ),
        (
            "starfall-vanguard",
            &["Commander Halvard Reyes", "Morphing Sigil"],
            &[],
        ),
        ("eclipse-horde", &["Shard of Ruin"], &[]),
        (
            "block-party",
            &["Nadia Okonkwo", "Recovery", "Coach Harriet Dunmore"],
            // Signal Tech Marisol's Ability only reorders the main deck, which never raises
            // the turn's plan value, so the pilot never pays for it (docs/pilots.md).
            &[
                "Brass Minotaur",
                "Grapple Line",
                "Signal Tech Marisol",
                "Skate Crew Dax",
            ],
        ),
        (
            "tide-and-horn",
            &["Cobalt Orca Ranger", "Deep Current"],
            &[],
        ),
        (
            "crimson-falcon",
            &["Crimson Falcon Ranger", "Mid-Air Parry"],
            &["Pebble Spray", "Pendulum Tail Sweep"],
        ),
        (
            "jade-mantis",
            &["Jade Mantis Ranger", "Leaf Veil"],
            &["Pebble Spray", "Pendulum Tail Sweep"],
        ),
        (
            "dojo-dawn-patrol",
            &[
                "Sensei Okonomi",
                "Norbert Next Door",
                "Sparkplug Sally",
                // Weighed by the rest of the turn, a Leader Action goes to them when the
                // cards they bring are put down that turn for more Power.
                "Cereal Prize Inside",
                "Commercial Break",
            ],
            &[],
        ),
        (
            "doom-lab-gambit",
            &["Professor Wormwood", "Commercial Break"],
            &["Doctor Dismal", "Lackey Lenny"],
        ),
        (
            "static-legion-broadcast",
            &["Count Crankshaft", "Clank Trooper"],
            &[],
        ),
    ];
    let samples = samples();
    assert_eq!(samples.len(), cases.len());
    for ((game_id, name, deck, base), &(case, fired, flagged)) in samples.into_iter().zip(cases) {
        assert_eq!(name, case);
        let options = SimOptions {
            games: 1000,
            seed: 42,
            threads: 1,
            ..base
        };
        let report = simulate(&testing::game(game_id), &deck, &options, &mut |_| true).unwrap();
        let cards = &report.coverage.cards;
        for card in fired {
            let row = cards.iter().find(|c| c.name == *card).unwrap();
            assert!(row.fired_per_game > 0.0, "{name}: {row:?}");
            assert!(!row.never_fired, "{name}: {row:?}");
        }
        let got: Vec<&str> = cards
            .iter()
            .filter(|c| c.never_fired)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(got, flagged, "{name}");
        for card in cards.iter().filter(|c| c.never_fired) {
            assert_eq!(card.state, deckhand_core::CoverageState::Simulated);
            assert_eq!(card.fired_per_game, 0.0);
        }
    }
}

/// The counts are integers added per game and merged per chunk: the same seed gives the same
/// `fired_per_game` on one thread and on three, and a count that went missing would show as
/// zeros here.
#[test]
fn the_fired_counts_are_the_same_on_one_and_three_threads() {
    for (game_id, name, deck, base) in samples() {
        let game = testing::game(game_id);
        let with = |threads| SimOptions {
            games: 3_000,
            seed: 7,
            threads,
            ..base.clone()
        };
        let fired = |threads| {
            let report = simulate(&game, &deck, &with(threads), &mut |_| true).unwrap();
            report
                .coverage
                .cards
                .iter()
                .map(|c| (c.name.clone(), c.fired_per_game, c.never_fired))
                .collect::<Vec<_>>()
        };
        let one = fired(1);
        assert!(
            one.iter().any(|(_, n, _)| *n > 0.0),
            "{name}: no card of the deck fired"
        );
        assert_eq!(one, fired(3), "{name}");
    }
}

/// A step-through's coverage counts its one game (what fired in the log), and flags nothing:
/// one game proves nothing about a card that was never drawn.
#[test]
fn a_step_through_counts_its_one_game_and_flags_nothing() {
    let game = testing::game("sms");
    let deck = testing::sample_deck("sms", testing::DOJO_DAWN);
    let log = step(
        &game,
        &deck,
        &StepOptions {
            seed: 42,
            going_first: true,
            ..StepOptions::default()
        },
    )
    .unwrap();
    let sensei = log
        .coverage
        .cards
        .iter()
        .find(|c| c.name == "Sensei Okonomi")
        .unwrap();
    // Whole counts: its Leader Action and its end-of-turn Leader Action, several a game.
    assert!(sensei.fired_per_game >= 1.0, "{sensei:?}");
    assert_eq!(sensei.fired_per_game.fract(), 0.0);
    assert!(log.coverage.cards.iter().all(|c| !c.never_fired));
}
