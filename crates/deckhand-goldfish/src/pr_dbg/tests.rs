//! Single turns from fixed hands and Grids, one table row per rule of the PR Deck-Building
//! pilot (docs/pilots.md#pr-deck-building). Nadia Okonkwo's slots are red, red, gray, blue;
//! Krell the Unmaker's purple, gray, gray, orange.

use super::*;
use crate::log::Recorder;
use crate::testing;

const G: &str = "pr-dbg";

struct Case {
    rule: &'static str,
    side: Side,
    policy: Option<&'static str>,
    character: &'static str,
    hand: &'static [&'static str],
    /// The Grid before the turn, left to right; "" is an empty space.
    grid: &'static [&'static str],
    /// What refills The Grid.
    main_deck: &'static [&'static str],
    attached: &'static [&'static str],
    energy: u32,
    hp: i32,
    goldfish_hp: i32,
    grid_after: &'static [&'static str],
    attached_after: &'static [&'static str],
    bought: u64,
    energy_after: u32,
    hp_after: i32,
    goldfish_hp_after: i32,
    outcome: Option<Outcome>,
}

const NADIA: &str = "Nadia Okonkwo";
const FILLER: &[&str] = &["Brass Minotaur", "Brass Minotaur", "Brass Minotaur"];

const fn case(rule: &'static str) -> Case {
    Case {
        rule,
        side: Side::Hero,
        policy: None,
        character: NADIA,
        hand: &[],
        grid: &[],
        main_deck: FILLER,
        attached: &["", "", "", ""],
        energy: 0,
        hp: 30,
        goldfish_hp: 30,
        grid_after: &[],
        attached_after: &["", "", "", ""],
        bought: 0,
        energy_after: 0,
        hp_after: 30,
        goldfish_hp_after: 30,
        outcome: None,
    }
}

fn scenario(case: &Case) -> (PrDbg, State) {
    let game = testing::game(G);
    let starter: Vec<(&str, u32)> = game
        .starter_deck(case.side)
        .unwrap()
        .cards
        .iter()
        .map(|(name, &count)| (name.as_str(), count))
        .collect();
    let mut names: Vec<&str> = case
        .hand
        .iter()
        .chain(case.grid)
        .chain(case.main_deck)
        .chain(case.attached)
        .copied()
        .filter(|n| !n.is_empty() && !starter.iter().any(|(s, _)| s == n))
        .collect();
    names.sort();
    names.dedup();
    let mut lines: Vec<(&str, u32, &str)> = names.iter().map(|&n| ("main", 1, n)).collect();
    lines.extend(starter.iter().map(|&(n, count)| ("starter", count, n)));
    lines.push(("character", 1, case.character));
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    // The bare procedure: keyword effects only (card effects: `moments.rs` scenarios).
    let setup = Setup {
        side: Some(case.side),
        policy: case.policy,
        effects: EffectsMode::Keywords,
        ..Setup::default()
    };
    let p = PrDbg::new(&testing::game(G), &deck, setup).unwrap();
    let index = |name: &str| match name {
        "" => NONE,
        _ => p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16,
    };
    let mut state = p.new_state();
    state.hand = case.hand.iter().map(|n| index(n)).collect();
    for (i, name) in case.grid.iter().enumerate() {
        state.grid[i] = index(name);
    }
    let refill: Vec<u16> = case.main_deck.iter().map(|n| index(n)).collect();
    state.main_deck = Library::new(&refill);
    for (slot, name) in case.attached.iter().enumerate() {
        state.attached[slot] = index(name);
    }
    let most = starter.iter().max_by_key(|(_, count)| *count).unwrap().0;
    state.draw_pile = std::iter::repeat_n(index(most), 5).collect();
    state.energy = case.energy;
    state.hp = case.hp;
    state.goldfish_hp = case.goldfish_hp;
    (p, state)
}

fn names(p: &PrDbg, cards: &[u16]) -> Vec<String> {
    cards
        .iter()
        .map(|&c| {
            if c == NONE {
                String::new()
            } else {
                p.name(c).to_owned()
            }
        })
        .collect()
}

#[test]
fn each_rule_of_the_pilot_plays_as_games_md_says() {
    let cases = [
        Case {
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Power Coin"],
            grid: &["Rolling Strike", "Prism Visor", "Old Quarry Lookout", "Signal Beacon", "Overclock", "Hexmoth"],
            grid_after: &["Rolling Strike", "", "Old Quarry Lookout", "Signal Beacon", "Overclock", "Hexmoth"],
            bought: 1,
            energy_after: 2,
            hp_after: 29,
            ..case("cards are played for Shards and Energy; the most expensive card the Shards cover is bought, ties to the leftmost; 1 damage per adversary")
        },
        Case {
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Recovery"],
            grid: &["Coach Harriet Dunmore", "Counterspin", "Courier Benji", "Skyline Rooftop", "Quake Maul", "Mentor Imara Vance"],
            grid_after: &["Coach Harriet Dunmore", "Counterspin", "", "Skyline Rooftop", "Quake Maul", "Mentor Imara Vance"],
            bought: 1,
            ..case("equal Shard costs go to more Shards, then more Energy")
        },
        Case {
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            grid: &["Old Quarry Lookout", "Signal Beacon", "Arc Baton", "", "", ""],
            grid_after: &["Old Quarry Lookout", "", "", "Brass Minotaur", "Brass Minotaur", "Brass Minotaur"],
            bought: 2,
            hp_after: 27,
            ..case("buying goes on while the Shards cover a card; The Grid is refilled from the main deck first")
        },
        Case {
            hand: &["Arc Baton", "Rookie Cadet Ames", "Teamwork", "Teamwork", "Teamwork"],
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Howling Gargoyle", "Brass Minotaur"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Howling Gargoyle", "Brass Minotaur"],
            attached_after: &["Rookie Cadet Ames", "", "Arc Baton", ""],
            hp_after: 28,
            ..case("a card with an ability cost is attached to an empty slot of its colour instead of played")
        },
        Case {
            hand: &["Arc Baton", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            attached: &["", "", "Prism Visor", ""],
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["", "", "Prism Visor", ""],
            bought: 1,
            ..case("a card whose colour has no empty slot is played for its Shards")
        },
        Case {
            hand: &["Vanguard Gauntlet", "Teamwork"],
            attached: &["Rookie Cadet Ames", "Field Medic Lyle", "Prism Visor", ""],
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Rookie Cadet Ames", "Field Medic Lyle", "Prism Visor", "Vanguard Gauntlet"],
            ..case("a Signature Item fits any slot, and the fourth slot filled flips the character")
        },
        Case {
            hand: &["Teamwork"],
            attached: &["Park Ranger Ottoline", "Mentor Imara Vance", "Arc Baton", "Rolling Strike"],
            energy: 10,
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Park Ranger Ottoline", "Mentor Imara Vance", "Arc Baton", "Rolling Strike"],
            energy_after: 1,
            goldfish_hp_after: 25,
            ..case("attached Attacks fire most damage first while the Energy covers them, each once")
        },
        Case {
            attached: &["Park Ranger Ottoline", "Mentor Imara Vance", "", ""],
            energy: 10,
            goldfish_hp: 3,
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Park Ranger Ottoline", "Mentor Imara Vance", "", ""],
            energy_after: 4,
            goldfish_hp_after: 0,
            outcome: Some(Outcome::Win),
            ..case("the Attack that brings the goldfish to 0 HP wins at once")
        },
        Case {
            hand: &["Coach Harriet Dunmore", "Mentor Imara Vance"],
            attached: &["Field Medic Lyle", "", "", ""],
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Field Medic Lyle", "Mentor Imara Vance", "", ""],
            ..case("two cards wanting the one empty slot: the one with the most damage attaches")
        },
        Case {
            hand: &["Rookie Cadet Ames", "Field Medic Lyle"],
            attached: &["Coach Harriet Dunmore", "", "", ""],
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Coach Harriet Dunmore", "Field Medic Lyle", "", ""],
            energy_after: 0,
            ..case("two cards of equal damage wanting the one empty slot: the first by name attaches")
        },
        Case {
            attached: &["Cinder Imp", "", "Arc Baton", ""],
            energy: 3,
            grid: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Mentor Imara Vance", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            attached_after: &["Cinder Imp", "", "Arc Baton", ""],
            energy_after: 1,
            goldfish_hp_after: 28,
            ..case("Attacks of equal damage fire in slot order, not by name")
        },
        Case {
            side: Side::Villain,
            character: "Krell the Unmaker",
            hand: &["Unmaking Cleaver"],
            attached: &["Cinder Imp", "Arc Baton", "Prism Visor", ""],
            energy: 8,
            grid: &["Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp"],
            grid_after: &["Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp", "Cinder Imp"],
            attached_after: &["Cinder Imp", "Arc Baton", "Prism Visor", "Unmaking Cleaver"],
            energy_after: 1,
            goldfish_hp_after: 25,
            ..case("once flipped, the character's own Attack fires with the attached ones, most damage first")
        },
        Case {
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            grid: &["Cinder Imp", "Rustback Grunt", "Hexmoth", "Old Quarry Lookout", "", ""],
            main_deck: &["Brass Minotaur", "Brass Minotaur"],
            grid_after: &["", "Rustback Grunt", "Hexmoth", "", "Brass Minotaur", "Brass Minotaur"],
            bought: 1,
            hp_after: 26,
            ..case("buy-first: a Hero never buys Villains; it buys, then Battles the cheapest adversary with what is left")
        },
        Case {
            policy: Some("battle-first"),
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            grid: &["Cinder Imp", "Rustback Grunt", "Hexmoth", "Old Quarry Lookout", "", ""],
            main_deck: &["Brass Minotaur", "Brass Minotaur"],
            grid_after: &["", "", "Hexmoth", "Old Quarry Lookout", "Brass Minotaur", "Brass Minotaur"],
            hp_after: 27,
            ..case("battle-first: Battles come before buying, cheapest first, ties to the leftmost")
        },
        Case {
            side: Side::Villain,
            character: "Krell the Unmaker",
            hand: &["Mayhem", "Mayhem", "Mayhem", "Mayhem", "Putty Clay"],
            grid: &["Rookie Cadet Ames", "Cinder Imp", "Hexmoth", "Quake Maul", "Skyline Rooftop", "Brass Minotaur"],
            grid_after: &["Rookie Cadet Ames", "Cinder Imp", "", "Quake Maul", "Skyline Rooftop", "Brass Minotaur"],
            bought: 1,
            energy_after: 2,
            hp_after: 29,
            ..case("a Villain buys Villains and takes damage from Heroes")
        },
        Case {
            hp: 1,
            grid: &["Hexmoth", "Quake Maul", "Skyline Rooftop", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            grid_after: &["Hexmoth", "Quake Maul", "Skyline Rooftop", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji"],
            hp_after: 0,
            outcome: Some(Outcome::Loss),
            ..case("adversary damage that brings you to 0 HP loses")
        },
        Case {
            hp: 25,
            grid: &["Quake Maul", "Skyline Rooftop", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji", ""],
            main_deck: &[],
            grid_after: &["Quake Maul", "Skyline Rooftop", "Pulse Bow", "Coach Harriet Dunmore", "Courier Benji", ""],
            hp_after: 25,
            outcome: Some(Outcome::DeckOut),
            ..case("The Grid cannot be refilled: the game ends after the turn, on HP")
        },
    ];
    for case in &cases {
        let (p, mut state) = scenario(case);
        let mut log = Recorder::default();
        let mut figures = p.new_figures();
        let outcome = p.turn(
            &mut state,
            &mut Rng::from_seed(1),
            1,
            &mut log,
            &mut figures,
        );
        let context = format!("{}\n{:#?}", case.rule, log.decisions);
        assert_eq!(outcome, case.outcome, "{context}");
        assert_eq!(names(&p, &state.grid), case.grid_after, "{context}");
        assert_eq!(names(&p, &state.attached), case.attached_after, "{context}");
        assert_eq!(figures.bought[1], case.bought, "{context}");
        assert_eq!(state.energy, case.energy_after, "{context}");
        assert_eq!(state.hp.max(0), case.hp_after, "{context}");
        assert_eq!(
            state.goldfish_hp.max(0),
            case.goldfish_hp_after,
            "{context}"
        );
        let full = case.attached_after.iter().all(|n| !n.is_empty());
        let was_full = case.attached.iter().all(|n| !n.is_empty());
        assert_eq!(figures.flips[1], u64::from(full && !was_full), "{context}");
    }
}

#[test]
fn the_grid_starts_with_at_most_two_cards_of_a_type() {
    let deck = testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let mut state = p.new_state();
    for seed in 0..200 {
        p.setup(
            &mut state,
            &mut Rng::from_seed(seed),
            true,
            &mut crate::log::NoLog,
        );
        let mut per_type = std::collections::BTreeMap::new();
        for &card in &state.grid {
            *per_type.entry(p.f(card).type_id).or_insert(0) += 1;
        }
        assert!(per_type.values().all(|&n| n <= 2), "seed {seed}");
        assert_eq!(state.hand.len(), 5);
        assert_eq!(
            state.main_deck.len() + GRID,
            p.grid_order.len(),
            "set-aside cards go back"
        );
    }
}

/// The sorting network orders a hand of five for attaching exactly as a stable sort by the
/// attach rank does (most damage first, then by name), for random hands of the full Grid.
#[test]
fn a_hand_of_five_is_ordered_for_attaching_like_a_stable_sort() {
    let deck = testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let mut rng = Rng::from_seed(5);
    for _ in 0..5000 {
        let mut hand: Vec<u16> = (0..5)
            .map(|_| rng.below(p.deck.len() as u32) as u16)
            .collect();
        let mut expected = hand.clone();
        expected.sort_by_key(|&c| p.attach_rank[c as usize]);
        p.sort_five(&mut hand);
        assert_eq!(hand, expected);
    }
}

#[test]
fn a_deck_without_its_starter_deck_names_the_starter_it_needs() {
    let deck = testing::sample_deck(G, testing::PRISM_BREACH);
    let err = PrDbg::new(
        &testing::game(G),
        &deck,
        Setup {
            side: Some(Side::Villain),
            ..Setup::default()
        },
    )
    .err()
    .unwrap();
    assert_eq!(
        err.to_string(),
        "a PR Deck-Building goldfish needs your starter deck (1 Disposable, 7 Mayhem, 1 Putty Clay, 1 Rebuild) in the deck's Starter section"
    );
}

#[test]
fn attacks_without_damage_are_named_and_the_report_says_which_policy_ran() {
    let deck = testing::pr_dbg_deck(testing::FAST_AND_FIERCE, NADIA);
    let game = testing::game(G);
    let options = |policy: Option<&str>| crate::SimOptions {
        games: 500,
        seed: 2,
        threads: 1,
        policy: policy.map(str::to_owned),
        effects: EffectsMode::Keywords,
        ..crate::SimOptions::default()
    };
    let report = crate::simulate(&game, &deck, &options(None), &mut |_| true).unwrap();
    assert_eq!(report.policy, "buy-first");
    assert!(
        report
            .not_simulated
            .iter()
            .any(|n| n == "Scoutmaster Idris"),
        "an Attack with no damage"
    );
    let battle =
        crate::simulate(&game, &deck, &options(Some("battle-first")), &mut |_| true).unwrap();
    assert_eq!(battle.policy, "battle-first");
    let taken = |r: &crate::SimReport| r.going_first.by_turn("damage_taken_by_turn").unwrap()[&3];
    assert!(
        taken(&battle) < taken(&report),
        "Battling first leaves fewer adversaries"
    );
    let err = crate::simulate(&game, &deck, &options(Some("hoard")), &mut |_| true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown policy 'hoard' for pr-dbg (known: buy-first, battle-first)"
    );
}

#[test]
fn the_board_shows_the_grid_with_costs_and_the_characters_slots_in_their_colours() {
    let deck = testing::pr_dbg_deck(testing::FAST_AND_FIERCE, NADIA);
    let options = crate::StepOptions {
        seed: 5,
        ..crate::StepOptions::default()
    };
    let log = crate::step(&testing::game(G), &deck, &options).unwrap();
    let zone = |turn: &crate::TurnLog, id: &str| {
        turn.zones
            .iter()
            .find(|z| z.id == id && z.owner == Owner::You)
            .unwrap()
            .clone()
    };
    let grid = zone(&log.turns[0], "grid");
    assert_eq!(grid.cards.len(), GRID);
    for card in &grid.cards {
        assert!(card.stats.contains_key("shard_cost"), "{card:?}");
        let adversary = card.tags.iter().any(|t| t == "adversary");
        assert_eq!(adversary, card.status.as_deref() == Some("adversary"));
    }
    let character = &zone(&log.turns[0], "character").cards[0];
    let colours: Vec<_> = character
        .attached
        .iter()
        .map(|a| a.color.as_deref().unwrap())
        .collect();
    assert_eq!(colours, ["red", "red", "gray", "blue"], "Nadia's slots");
    // Slots filled on the board agree with the attached cards, every turn.
    for turn in &log.turns {
        let c = &zone(turn, "character").cards[0];
        let filled = c.attached.iter().filter(|a| a.name != "(empty)").count();
        assert_eq!(c.stats["slots_filled"], filled as i64);
        assert_eq!(c.stats["slots"], 4);
    }
}

/// Whole Monte Carlo reports from a fixed seed, for both policies and both sides
/// (fixtures/reports/pr-dbg-*.json): speed work must not change a single game.
#[test]
fn fixed_seed_reports_repeat_the_pinned_reports() {
    let krell = testing::with_entries(
        testing::without_character(testing::sample_deck(G, testing::PRISM_BREACH)),
        &[
            ("character", 1, "Krell the Unmaker"),
            ("starter", 7, "Mayhem"),
            ("starter", 1, "Disposable"),
            ("starter", 1, "Putty Clay"),
            ("starter", 1, "Rebuild"),
        ],
    );
    let decks = [
        (
            "prism-breach-nadia",
            testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA),
        ),
        (
            "fast-and-fierce-nadia",
            testing::pr_dbg_deck(testing::FAST_AND_FIERCE, NADIA),
        ),
        ("prism-breach-krell", krell),
    ];
    let game = testing::game(G);
    for (name, deck) in &decks {
        for (policy, _) in POLICIES {
            let options = crate::SimOptions {
                games: 2000,
                seed: 42,
                threads: 1,
                policy: Some((*policy).to_owned()),
                effects: EffectsMode::Keywords,
                ..crate::SimOptions::default()
            };
            let report = crate::simulate(&game, deck, &options, &mut |_| true).unwrap();
            testing::assert_golden_file(
                &format!("reports/pr-dbg-{name}-{policy}-seed-42.json"),
                &serde_json::to_string_pretty(&report).unwrap(),
            );
        }
    }
}

#[test]
fn every_sample_deck_names_one_character_of_its_side_and_one_without_is_warned_about() {
    let game = testing::game(G);
    let options = crate::SimOptions {
        games: 200,
        seed: 1,
        threads: 1,
        ..crate::SimOptions::default()
    };
    for text in [
        testing::BLOCK_PARTY,
        testing::FAST_AND_FIERCE,
        testing::PRISM_BREACH,
    ] {
        let deck = testing::sample_deck(G, text);
        let characters: Vec<_> = deck
            .entries
            .iter()
            .filter(|e| e.section == "character")
            .collect();
        assert_eq!(characters.len(), 1, "{text}");
        assert_eq!(characters[0].count, 1);
        assert_eq!(characters[0].card.card_type, "Character");
        assert_eq!(characters[0].card.side, Some(Side::Hero));
        let deck = testing::pr_dbg_sample_with_starter(text);
        let report = crate::simulate(&game, &deck, &options, &mut |_| true).unwrap();
        assert_eq!(report.warnings, Vec::<String>::new());
        let flips: u64 = report
            .going_first
            .counts("flip_turns")
            .unwrap()
            .values()
            .sum();
        assert!(flips > 0, "the character flips in some games");
        let without = testing::without_character(deck);
        let report = crate::simulate(&game, &without, &options, &mut |_| true).unwrap();
        assert_eq!(
            report.warnings,
            ["the deck names no Character (a Character section with one Hero Character), so its slots, attachments, flip and own Attack are not simulated: no card is attached and the goldfish takes no damage"]
        );
    }
}

/// Whole games from a fixed seed, each decision of which was checked by hand against
/// the pilot of docs/pilots.md#pr-deck-building (fixtures/steps/pr-dbg-*.txt). A changed line
/// is a changed decision.
#[test]
fn fixed_seed_games_repeat_the_hand_checked_step_logs() {
    let games = [
        ("block-party", testing::BLOCK_PARTY, 4, None),
        (
            "fast-and-fierce",
            testing::FAST_AND_FIERCE,
            2,
            Some("battle-first"),
        ),
    ];
    for (name, text, seed, policy) in games {
        let options = crate::StepOptions {
            seed,
            policy: policy.map(str::to_owned),
            effects: EffectsMode::Keywords,
            ..crate::StepOptions::default()
        };
        testing::assert_step_golden(
            G,
            &format!("pr-dbg-{name}-{}", policy.unwrap_or("buy-first")),
            &testing::pr_dbg_sample_with_starter(text),
            &options,
        );
    }
}

mod ahead;
mod choices;
mod defects;
mod pinned_effects;
mod scenarios;
mod turns;

/// Whole games with every effect on (`*-effects-*`), each decision read against the
/// pilot (docs/pilots.md#pr-deck-building) and `pr_dbg/moments.rs`: cards played one at a time
/// with their Shards and Energy, attachments and the flip, Abilities most damage first (the
/// stated Ability, never also the stat Attack), Battle rewards and Attitude's destroys after a
/// Battle, Locations kept in control, Recovery's second Heal only below the goldfish's HP.
#[test]
fn fixed_seed_games_with_every_effect_repeat_the_hand_checked_step_logs() {
    for (name, text, seed) in [
        ("block-party", testing::BLOCK_PARTY, 4),
        ("fast-and-fierce", testing::FAST_AND_FIERCE, 2),
    ] {
        let options = crate::StepOptions {
            seed,
            ..crate::StepOptions::default()
        };
        testing::assert_step_golden(
            G,
            &format!("pr-dbg-{name}-effects-buy-first"),
            &testing::pr_dbg_sample_with_starter(text),
            &options,
        );
    }
}

/// `play_all_fx` reads the primers' Energy floor again only after an attach or a primer
/// activated when no effect but an Ability attaches, fills the Zord Bay, readies or copies
/// (block-party: Wren's ready and Mirror Goblin's copy are Abilities); a Signature Item that
/// attaches itself when gained, or a Zord that enters the Zord Bay, breaks it.
#[test]
fn the_primers_floor_is_kept_across_the_hand_only_where_no_effect_attaches_or_readies() {
    let game = testing::game(G);
    let build = |deck: &Deck| PrDbg::new(&game, deck, Setup::default()).unwrap();
    let block_party = build(&testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY));
    assert!(block_party.any_primer && block_party.keeps_primers);
    for gained in ["Vanguard Gauntlet", "Ember Condor"] {
        let deck = testing::with_entries(
            testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
            &[("main", 1, gained)],
        );
        assert!(!build(&deck).keeps_primers, "{gained}");
    }
}

/// An Ability that reads nothing but the Energy picks its set by one table entry
/// (`PrDbg::fixed_sets`): at every Energy from 0 to the cap, the entry is the set the walk
/// over its effects' subsets picks (`best_set`), damage, effects and cost alike. Quake Maul
/// (8 Energy: deal 5) deals nothing at 7 Energy and 5 from 8 on.
#[test]
fn a_fixed_abilitys_set_read_from_the_table_is_the_one_its_subsets_give_at_each_energy() {
    use moments::Ability;
    let game = testing::game(G);
    for deck in [
        testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
        testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA),
    ] {
        let p = PrDbg::new(&game, &deck, Setup::default()).unwrap();
        let mut fixed = 0;
        for card in 0..p.deck.len() {
            let Ability::Fixed(steps) = p.ability[card] else {
                continue;
            };
            for energy in 0..=MAX_ENERGY {
                let entry = p.fixed_sets[card * moments::ENERGIES + energy as usize];
                assert_eq!(
                    moments::unpack_set(entry),
                    moments::best_set(&steps, i64::from(energy)),
                    "{} at {energy} Energy",
                    p.name(card as u16)
                );
                fixed += 1;
            }
        }
        assert!(fixed > 0);
    }
    let p = PrDbg::new(
        &game,
        &testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
        Setup::default(),
    )
    .unwrap();
    let maul = (0..p.deck.len() as u16)
        .find(|&c| p.name(c) == "Quake Maul")
        .unwrap();
    let at = |energy: usize| {
        moments::unpack_set(p.fixed_sets[usize::from(maul) * moments::ENERGIES + energy])
    };
    assert_eq!(at(7), (0, 0, 0));
    assert_eq!(at(8), (5, 1, 8));
    assert_eq!(at(20), (5, 1, 8));
}

/// The activation ranking reads one packed entry a card (`moments::ActCard`): each entry,
/// the last one for an empty slot included, holds what the per-card tables hold.
#[test]
fn the_packed_activation_entry_of_each_card_holds_what_the_per_card_tables_hold() {
    let game = testing::game(G);
    for deck in [
        testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
        testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA),
    ] {
        let p = PrDbg::new(&game, &deck, Setup::default()).unwrap();
        assert_eq!(p.act.len(), p.deck.len() + 1);
        for (c, act) in p.act.iter().enumerate() {
            assert_eq!(act.ranked_cost, p.ranked_cost[c]);
            assert_eq!(act.activation_cost, p.activation_cost[c]);
            if c < p.deck.len() {
                assert_eq!(act.spare_cost, p.spare_cost[c]);
                assert_eq!(act.primes, p.primes[c]);
                assert_eq!(act.weighable, p.weighable[c]);
                assert_eq!(act.heals_only, p.heals_only[c]);
            } else {
                assert_eq!(
                    act.activation_cost,
                    u32::MAX,
                    "an empty slot has no Ability"
                );
            }
        }
    }
}

/// An activation phase with less Energy than any Ability asks, a primer's included, ends
/// before building its frame (`activate_all`): the game then stands as the full phase
/// leaves it, with each Ability of the deck in a slot and each Energy up to the cheapest
/// (at the cheapest both play the phase: a test one Energy too generous fails there).
#[test]
fn an_activation_phase_with_less_energy_than_any_ability_leaves_the_game_as_the_full_phase_does() {
    let game = testing::game(G);
    for deck in [
        testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
        testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA),
    ] {
        let p = PrDbg::new(&game, &deck, Setup::default()).unwrap();
        assert!(p.cheapest_activation <= p.cheapest_primer);
        let mut checked = 0;
        for card in 0..p.deck.len() as u16 {
            if p.activation_cost[usize::from(card)] == u32::MAX {
                continue;
            }
            for energy in 0..=p.cheapest_activation.min(MAX_ENERGY) {
                let mut state = p.new_state();
                state.attached[0] = card;
                state.energy = energy;
                p.reread_in_play(&mut state);
                let (quick, quick_rng, quick_end) = p.activation_phase_on(&state, 3, false);
                let (full, full_rng, full_end) = p.activation_phase_on(&state, 3, true);
                assert!(!quick_end && !full_end);
                assert_eq!(quick_rng, full_rng, "{}", p.name(card));
                assert_eq!(
                    (quick.energy, &quick.used, quick.goldfish_hp, quick.hp),
                    (full.energy, &full.used, full.goldfish_hp, full.hp),
                    "{} at {energy} Energy",
                    p.name(card)
                );
                checked += 1;
            }
        }
        assert!(checked > 0);
    }
}
