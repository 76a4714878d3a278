//! The pilot defects of issue 32, each a turn or a moment that went wrong: Coach Harriet
//! Dunmore's Ability paid for after the hand (so for nothing), "(discounted)" on a buy at
//! full cost, the Deck count dropping when Harborview Observatory keeps the top card, and
//! Abilities on several cards chosen greedily instead of as one set.

use super::*;
use crate::log::Recorder;
use deckhand_core::Trigger;

/// A Nadia Okonkwo game with every effect on, set by hand: her slots, whether she flipped,
/// the hand (played first), The Grid, the cards on top of your deck (drawn in this order,
/// then Teamwork), the Ongoing cards in control and the Energy on the tracker.
struct Given {
    attached: [&'static str; 4],
    flipped: bool,
    hand: &'static [&'static str],
    grid: [&'static str; 6],
    deck: &'static [&'static str],
    control: &'static [&'static str],
    energy: u32,
}

/// Zords: neither bought (Kind::Other) nor Battled.
const ZORD: &str = "Granite Tortoise";

fn given(g: &Given) -> (PrDbg, State) {
    let mut names: Vec<&str> = g
        .attached
        .iter()
        .chain(g.hand)
        .chain(&g.grid)
        .chain(g.deck)
        .chain(g.control)
        .copied()
        .collect();
    names.retain(|n| !n.is_empty() && *n != "Teamwork");
    names.sort();
    names.dedup();
    let mut lines: Vec<(&str, u32, &str)> = names.iter().map(|&n| ("main", 1, n)).collect();
    lines.push(("starter", 7, "Teamwork"));
    lines.push(("character", 1, NADIA));
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let mut state = p.new_state();
    let index = |name: &str| match name {
        "" => NONE,
        _ => p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16,
    };
    state.hand = g.hand.iter().map(|n| index(n)).collect();
    state.draw_pile = vec![index("Teamwork"); 5];
    state.deck_top = g.deck.iter().rev().map(|n| index(n)).collect();
    state.control = g.control.iter().map(|n| index(n)).collect();
    for (s, name) in g.attached.iter().enumerate() {
        state.attached[s] = index(name);
    }
    for (i, name) in g.grid.iter().enumerate() {
        state.grid[i] = index(name);
    }
    state.energy = g.energy;
    if g.flipped {
        state.flipped = 1;
    }
    // The zones were set by hand: the in-play trigger masks are read from them.
    p.reread_in_play(&mut state);
    (p, state)
}

fn card(p: &PrDbg, name: &str) -> u16 {
    p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16
}

/// Plays one turn (turn 2); returns the log's lines and the figures.
fn play_turn(p: &PrDbg, state: &mut State) -> (Vec<String>, Figures) {
    let mut figures = p.new_figures();
    let mut log = Recorder::default();
    p.turn(state, &mut Rng::from_seed(1), 2, &mut log, &mut figures);
    let lines = log.decisions.iter().map(|d| d.text.clone()).collect();
    (lines, figures)
}

/// Plays the turn of [`play_turn`] with no log, as the Monte Carlo does (the shortcuts that
/// hold only where no one looks are taken).
fn play_silent_turn(p: &PrDbg, state: &mut State) -> Figures {
    let mut figures = p.new_figures();
    p.turn(
        state,
        &mut Rng::from_seed(1),
        2,
        &mut crate::log::NoLog,
        &mut figures,
    );
    figures
}

/// Harriet in slot 1 with 4 Energy, every slot filled (Nadia flipped, whose own Abilities
/// cost more than 4), and a Grid where 2 more Shards buy Arc Baton besides Quake Maul.
const HARRIET: Given = Given {
    attached: [
        "Coach Harriet Dunmore",
        "Nanoweave Vest",
        "Nanoweave Vest",
        "Nanoweave Vest",
    ],
    flipped: true,
    hand: &[
        "Park Ranger Ottoline",
        "Rookie Cadet Ames",
        "Teamwork",
        "Teamwork",
        "Teamwork",
    ],
    grid: ["Quake Maul", "Arc Baton", ZORD, ZORD, ZORD, ZORD],
    deck: &[],
    control: &[],
    energy: 4,
};

#[test]
fn coach_harriet_dunmore_is_activated_before_the_hero_cards_she_adds_a_shard_to() {
    let (p, mut state) = given(&HARRIET);
    let (lines, figures) = play_turn(&p, &mut state);
    let harriet = lines
        .iter()
        .position(|l| l.starts_with("Activate Coach Harriet Dunmore"))
        .unwrap_or_else(|| panic!("Harriet is activated: {lines:#?}"));
    let hero = lines
        .iter()
        .position(|l| l.starts_with("Play Park Ranger Ottoline"))
        .unwrap();
    assert!(harriet < hero, "{lines:#?}");
    // 2 Heroes (1 Shard each, 1 more each with Harriet) and 3 Teamwork: 7 Shards, which buy
    // Quake Maul (5) and Arc Baton (2).
    assert_eq!(figures.shards[2], 7, "{lines:#?}");
    assert_eq!(figures.bought[2], 2, "{lines:#?}");
    assert_eq!(state.energy, 0);
}

#[test]
fn coach_harriet_dunmore_is_not_paid_for_when_no_hero_card_is_left_to_play() {
    let (p, mut state) = given(&Given {
        hand: &["Teamwork"; 5],
        ..HARRIET
    });
    let (lines, figures) = play_turn(&p, &mut state);
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("Activate Coach Harriet Dunmore")),
        "{lines:#?}"
    );
    assert_eq!(state.energy, 4, "the 4 Energy stay on the tracker");
    assert_eq!(figures.shards[2], 5);
}

#[test]
fn coach_harriet_dunmore_is_not_paid_for_when_her_shards_buy_nothing_more() {
    // The same hand, but The Grid holds nothing the 2 extra Shards would add to.
    let (p, mut state) = given(&Given {
        grid: ["Quake Maul", ZORD, ZORD, ZORD, ZORD, ZORD],
        ..HARRIET
    });
    let (lines, _) = play_turn(&p, &mut state);
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("Activate Coach Harriet Dunmore")),
        "{lines:#?}"
    );
    assert_eq!(state.energy, 4);
}

#[test]
fn a_buy_at_full_cost_while_a_discount_is_in_force_is_not_called_discounted() {
    // Harriet's Ability is in force (a stat change), but nothing makes Quake Maul cheaper.
    let (p, mut state) = given(&Given {
        hand: &[],
        grid: ["Quake Maul", ZORD, ZORD, ZORD, ZORD, ZORD],
        ..HARRIET
    });
    let harriet = card(&p, "Coach Harriet Dunmore");
    let mut rng = Rng::from_seed(1);
    p.fire_scenario(
        harriet,
        Trigger::Activated,
        NONE,
        &mut state,
        &mut rng,
        &mut crate::log::NoLog,
    );
    assert!(!state.mods.is_empty(), "a stat change is in force");
    // It changes no price: buying reads the printed keys, which a debug build checks
    // against every card's price (`prices_changed`).
    assert!(!p.prices_changed(&state));
    state.shards = 5;
    let mut log = Recorder::default();
    assert_eq!(p.buy(&mut state, &mut rng, &mut log), 1);
    let lines: Vec<&str> = log.decisions.iter().map(|d| d.text.as_str()).collect();
    let buy = lines
        .iter()
        .find(|l| l.starts_with("Buy Quake Maul"))
        .unwrap();
    assert!(buy.starts_with("Buy Quake Maul for 5 Shards"), "{buy}");
    assert!(!buy.contains("discounted"), "{buy}");
}

#[test]
fn the_deck_count_stays_when_harborview_observatory_keeps_the_top_card() {
    let (p, mut state) = given(&Given {
        attached: ["", "", "", ""],
        flipped: false,
        hand: &[],
        grid: ["Rolling Strike", "Arc Baton", ZORD, ZORD, ZORD, ZORD],
        deck: &[],
        control: &["Harborview Observatory"],
        energy: 0,
    });
    // Four cards worth keeping and one Teamwork, none known on top: the top card looked
    // at is kept (an Arc Baton) on most seeds, discarded (the Teamwork) on the rest.
    let baton = card(&p, "Arc Baton");
    state.draw_pile = vec![baton, baton, baton, baton, card(&p, "Teamwork")];
    let deck_count = |state: &State| {
        p.board(state)
            .iter()
            .find(|z| z.id == "deck")
            .unwrap()
            .hidden
    };
    assert_eq!(deck_count(&state), 5);
    let kept = (1..20)
        .find_map(|seed| {
            let mut after = state.clone();
            let mut log = Recorder::default();
            p.fire_scenario(
                card(&p, "Harborview Observatory"),
                Trigger::PlaysCard,
                card(&p, "Rolling Strike"),
                &mut after,
                &mut Rng::from_seed(seed),
                &mut log,
            );
            let kept = log.decisions.iter().any(|d| d.text.contains("kept"));
            kept.then_some(after)
        })
        .expect("some seed keeps the top card");
    assert_eq!(kept.deck_top, [baton], "known on top");
    assert_eq!(deck_count(&kept), 5, "nothing was drawn");
}

#[test]
fn abilities_on_several_cards_are_chosen_as_one_set_for_the_energy() {
    // 8 Energy: Quake Maul alone (8 Energy, 5 damage) deals less than flipped Nadia's
    // 5-Energy Ability (4) with Arc Baton's (3 Energy, 2): 6 damage, where most damage
    // first took Quake Maul and had nothing left.
    let (p, mut state) = given(&Given {
        attached: [
            "Arc Baton",
            "Nanoweave Vest",
            "Quake Maul",
            "Nanoweave Vest",
        ],
        flipped: true,
        hand: &["Teamwork"; 5],
        grid: [ZORD; 6],
        deck: &[],
        control: &[],
        energy: 8,
    });
    let (lines, _) = play_turn(&p, &mut state);
    assert_eq!(state.goldfish_hp, 24, "{lines:#?}");
    assert_eq!(state.energy, 0, "{lines:#?}");
    assert!(!state.used.has(2), "Quake Maul is not used: {lines:#?}");
}

/// The pilot's pick resolves the set of effects its ranking chose (`activate_set`), not a
/// second `ability_set`: each activation here goes that way, and a debug build (the tests')
/// ranks the card again on the same board and fails when the sets differ. Nadia's first
/// Ability reads the board (1 damage a Hero you control: the five played, 5) and beats her
/// second (4) at 6 Energy, which covers one of them.
#[test]
fn the_set_of_effects_the_ranking_chose_is_the_one_a_new_ranking_chooses() {
    let (p, mut state) = given(&Given {
        attached: [
            "Arc Baton",
            "Nanoweave Vest",
            "Quake Maul",
            "Nanoweave Vest",
        ],
        flipped: true,
        hand: &["Park Ranger Ottoline"; 5],
        grid: [ZORD; 6],
        deck: &[],
        control: &[],
        energy: 6,
    });
    let before = moments::SETS_CARRIED.with(|n| n.get());
    play_silent_turn(&p, &mut state);
    assert_eq!(
        moments::SETS_CARRIED.with(|n| n.get()) - before,
        1,
        "Nadia's Ability, with the set her ranking chose"
    );
    assert_eq!(state.goldfish_hp, 25, "her first Ability: 5 damage");
    assert_eq!(state.energy, 0);
}

/// Riverside Arcade's Shard for a second Starter name in a turn is read from the played
/// cards' bits (`rewards.rs`), each reaction checked in a debug build against the
/// interpreter's: Power Coin after Teamwork makes it, Recovery after both does not.
#[test]
fn riverside_arcades_shard_for_a_second_starter_name_is_read_from_the_played_cards() {
    let shards = |control: &'static [&'static str]| {
        let (p, mut state) = given(&Given {
            attached: ["Nanoweave Vest"; 4],
            flipped: true,
            hand: &["Teamwork", "Power Coin", "Teamwork", "Recovery", "Teamwork"],
            grid: [ZORD; 6],
            deck: &[],
            control,
            energy: 0,
        });
        let before = moments::REWARDS.with(|n| n.get());
        let (_, figures) = play_turn(&p, &mut state);
        (
            figures.shards[2],
            moments::REWARDS.with(|n| n.get()) - before,
        )
    };
    let (without, none) = shards(&[]);
    let (with, read) = shards(&["Riverside Arcade"]);
    assert_eq!((none, read), (0, 5), "one reading a Starter played");
    assert_eq!(with, without + 1);
}

/// The looks with Coach Harriet Dunmore are carried past the cards her stat change does not
/// reach (`pr_dbg/carry.rs`): her Ability commutes with every card of the set, and reaches
/// exactly the Hero cards.
#[test]
fn coach_harriet_dunmore_commutes_with_every_card_and_reaches_only_the_hero_cards() {
    let (p, _) = given(&HARRIET);
    let commute = p.commute.as_ref().expect("Harriet's looks are carried");
    for c in 0..p.deck.len() as u16 {
        assert_eq!(
            commute.primed[usize::from(c)],
            p.f(c).kind == Kind::Hero,
            "{}",
            p.name(c)
        );
    }
}

/// Three Teamwork before the Heroes, and a Grid where Harriet's Shards buy nothing more:
/// she is weighed before each card and declined, and her look from before a Teamwork is
/// carried to the next card, where a debug build plays it afresh and compares (`prime`): a
/// carried look that ends otherwise fails here.
#[test]
fn a_look_with_coach_harriet_carried_past_a_teamwork_ends_as_a_new_look_would() {
    let (p, mut state) = given(&Given {
        hand: &[
            "Teamwork",
            "Teamwork",
            "Teamwork",
            "Park Ranger Ottoline",
            "Rookie Cadet Ames",
        ],
        grid: ["Quake Maul", ZORD, ZORD, ZORD, ZORD, ZORD],
        ..HARRIET
    });
    // Played as Monte Carlo plays it: a log that asks (a person, a script) carries nothing.
    let before = moments::WITH_REUSED.with(|n| n.get());
    let known_before = moments::PRIMES_KNOWN.with(|n| n.get());
    let figures = play_silent_turn(&p, &mut state);
    let reused = moments::WITH_REUSED.with(|n| n.get()) - before;
    assert_eq!(
        reused, 3,
        "one look with Harriet carried past each Teamwork"
    );
    assert_eq!(
        moments::PRIMES_KNOWN.with(|n| n.get()) - known_before,
        3,
        "the weighings after a Teamwork are known from the carried looks alone \
         (`prime_known`), and a debug build plays each in full and compares"
    );
    assert_eq!(state.energy, 4, "Harriet is not activated");
    assert_eq!(figures.shards[2], 5);
}

/// Signal Beacon (1 Energy: gain 3) at 1 Energy, with nothing in hand: at 3 Energy no
/// damaging Ability is ready (flipped Nadia is considered from 6), so its look is known
/// from the look without it (`PrDbg::energy_look`), which a debug build plays afresh and
/// compares; it is activated, since the turn ends with more Energy. At 4 Energy it makes
/// Nadia ready (4 damage for 5 of the 6), and its look is played.
#[test]
fn signal_beacons_look_is_known_from_the_look_without_it_unless_it_readies_an_ability() {
    for (energy, known, left) in [(1, 1, 3), (4, 0, 1)] {
        let (p, mut state) = given(&Given {
            attached: [
                "Signal Beacon",
                "Nanoweave Vest",
                "Nanoweave Vest",
                "Nanoweave Vest",
            ],
            hand: &[],
            grid: [ZORD, ZORD, ZORD, ZORD, ZORD, ZORD],
            energy,
            ..HARRIET
        });
        let before = moments::ENERGY_KNOWN.with(|n| n.get());
        let (lines, _) = play_turn(&p, &mut state);
        assert_eq!(
            moments::ENERGY_KNOWN.with(|n| n.get()) - before,
            known,
            "{energy}: {lines:#?}"
        );
        assert!(
            state.used.has(0),
            "{energy}: Signal Beacon is activated: {lines:#?}"
        );
        assert_eq!(state.energy, left, "{energy}: {lines:#?}");
    }
}

/// Field Medic Lyle (Heal 3) and three Nanoweave Vests attached, nothing in hand, no
/// damaging Ability ready, 3 Energy, no Shards and her own card in The Grid (Battled, it
/// heals 2; its Battle price is 3), at `hp`.
fn lyle_board(hp: i32) -> (PrDbg, State) {
    let (p, mut state) = given(&Given {
        attached: [
            "Field Medic Lyle",
            "Nanoweave Vest",
            "Nanoweave Vest",
            "Nanoweave Vest",
        ],
        hand: &[],
        grid: ["Field Medic Lyle", ZORD, ZORD, ZORD, ZORD, ZORD],
        energy: 3,
        ..HARRIET
    });
    state.hp = hp;
    (p, state)
}

/// Plays [`lyle_board`]'s turn at `hp`: Lyle is activated and the turn ends at `ends_at`
/// HP. Returns how many of her weighings were known from the look without her, how many
/// looks without skipped the Abilities, and how many picks needed no look
/// (`PrDbg::heal_look`, `look_idle`, `PrDbg::heal_pick`).
fn lyle_heals(hp: i32, ends_at: i32) -> [u64; 3] {
    let (p, mut state) = lyle_board(hp);
    let counters = [
        &moments::HEALS_KNOWN,
        &moments::IDLE_LOOKS,
        &moments::HEAL_PICKS,
    ];
    let before = counters.map(|c| c.with(|n| n.get()));
    let (lines, _) = play_turn(&p, &mut state);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Activate Field Medic Lyle")),
        "{lines:#?}"
    );
    assert_eq!(state.hp, ends_at, "{lines:#?}");
    std::array::from_fn(|i| counters[i].with(|n| n.get()) - before[i])
}

/// At 2 HP her heal ends at 5, not over what the 6 adversaries The Grid can hold deal, so
/// her pick is not known without a look (`PrDbg::heal_pick`). Her look is known from the
/// look without her (`PrDbg::heal_look`), which a debug build plays afresh and compares;
/// she is activated, since the turn ends with more HP.
#[test]
fn field_medic_lyles_look_is_known_from_the_look_without_her_and_she_heals() {
    let [known, idle, picks] = lyle_heals(2, 5);
    assert_eq!(known, 1);
    assert_eq!(
        picks, 0,
        "5 HP is not over the 6 adversaries The Grid can hold: her pick needs the looks"
    );
    assert_eq!(
        idle, 1,
        "the look without her skips the Abilities (`look_idle`), which a debug build plays \
         in full and compares"
    );
}

/// At 27 HP, with at most 2 HP that Battling The Grid's cards could heal, the look without
/// Lyle ends under 30 HP, so the look with her ends higher and she is picked with no look at
/// all (`PrDbg::heal_pick`; a debug build plays both looks and compares).
#[test]
fn a_heal_that_ends_the_turn_with_more_hp_whatever_the_grid_heals_is_picked_without_a_look() {
    let [known, idle, picks] = lyle_heals(27, 30);
    assert_eq!((picks, known, idle), (1, 0, 0));
}

/// At 28 HP her card in The Grid would heal 2 when Battled, but its Battle price (3) is over
/// the Shards, which nothing in the look's rest raises (`Commute::rest_shards_fixed`), so
/// the look without her ends under 30 HP and she is picked with no look
/// (`PrDbg::heal_pick`; a debug build plays both looks and compares).
#[test]
fn a_grid_heal_the_shards_cannot_battle_does_not_stop_a_heal_picked_without_a_look() {
    assert!(lyle_board(28).0.commute.as_ref().unwrap().rest_shards_fixed);
    let [known, _, picks] = lyle_heals(28, 30);
    assert_eq!((picks, known), (1, 0));
}

/// With Field Medic Lyle used and Energy left that would cover her (the Character not
/// flipped, so hers is no Ability yet), nothing is ready: the next activation choice answers "none" before ranking (`next_activation`), which a debug
/// build checks by ranking every position the full way. She heals once, not twice.
#[test]
fn an_activation_choice_with_every_ability_used_answers_none_as_the_full_ranking_does() {
    let (p, mut state) = given(&Given {
        attached: [
            "Field Medic Lyle",
            "Nanoweave Vest",
            "Nanoweave Vest",
            "Nanoweave Vest",
        ],
        hand: &[],
        grid: [ZORD, ZORD, ZORD, ZORD, ZORD, ZORD],
        flipped: false,
        energy: 6,
        ..HARRIET
    });
    state.hp = 20;
    let before = moments::NOTHING_READY.with(|n| n.get());
    let (lines, _) = play_turn(&p, &mut state);
    assert!(
        moments::NOTHING_READY.with(|n| n.get()) - before >= 1,
        "{lines:#?}"
    );
    let heals = lines
        .iter()
        .filter(|l| l.starts_with("Activate Field Medic Lyle"))
        .count();
    assert_eq!(heals, 1, "{lines:#?}");
    assert_eq!(state.hp, 23, "{lines:#?}");
}

/// Harriet at 4 Energy before Park Ranger Ottoline and four Teamwork: her look before
/// Ottoline (a Hero, whose Shards she changes) is played; after it, the look without her
/// carried from before Ottoline plays no Hero and no Ability, so her look is known from it
/// with 4 Energy less (`primer_look.rs`), which a debug build plays afresh and compares.
/// The next weighings take it carried (`prime_known`). She is never activated.
#[test]
fn coach_harriets_look_after_the_last_hero_is_known_from_the_look_without_her() {
    let (p, mut state) = given(&Given {
        hand: &[
            "Park Ranger Ottoline",
            "Teamwork",
            "Teamwork",
            "Teamwork",
            "Teamwork",
        ],
        ..HARRIET
    });
    let before = moments::PRIMER_LOOKS_KNOWN.with(|n| n.get());
    play_silent_turn(&p, &mut state);
    assert_eq!(
        moments::PRIMER_LOOKS_KNOWN.with(|n| n.get()) - before,
        1,
        "her look after Ottoline is known; the one before is played"
    );
    assert_eq!(state.energy, 4, "Harriet is not activated");
}

/// Whole block-party games: Harriet's looks known from the looks without her are checked
/// against their play by a debug build (`primer_look.rs`) at every weighing that knows one.
#[test]
fn coach_harriets_looks_known_from_the_looks_without_her_are_the_looks_played() {
    assert!(
        counted_in_block_party_games(&moments::PRIMER_LOOKS_KNOWN, 16) > 0,
        "no look with Harriet was known from the look without her"
    );
}

/// Whole block-party games: a look with Harriet cut at its buying, its damage so far plus
/// what The Grid's cards deal when Battled (Park Ranger Ottoline: 1) under the look
/// without's, is checked by a debug build against its play: it deals no more and ends no
/// better (`PrDbg::primer_look_played`).
#[test]
fn coach_harriets_looks_cut_at_their_buying_deal_no_more_than_the_grid_lets_them() {
    assert!(
        counted_in_block_party_games(&moments::PRIMER_LOOKS_CUT, 24) > 0,
        "no look with Harriet was cut at its buying"
    );
}

/// How far `counter` (a count the pilot keeps for tests) rises over the first `games`
/// block-party games, the seats alternating, played with no log as the reports play them
/// (so a debug build checks each look the count counts against its play).
fn counted_in_block_party_games(
    counter: &'static std::thread::LocalKey<std::cell::Cell<u64>>,
    games: u64,
) -> u64 {
    let deck = testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let before = counter.with(|n| n.get());
    for seed in 0..games {
        let mut state = p.new_state();
        let mut figures = p.new_figures();
        crate::procedure::play_game(
            &p,
            &mut state,
            &mut Rng::from_seed(seed),
            seed % 2 == 0,
            &mut crate::log::NoLog,
            &mut figures,
            |_, _, _| {},
        );
    }
    counter.with(|n| n.get()) - before
}

/// Nadia Okonkwo's Abilities (6 Energy: 1 damage per Hero you control; 5 Energy: 4) and
/// Mentor Imara Vance's (6 Energy: 3, plus 1 per Location you control) read only counts
/// on the board (`Ability::Counted`): at every Energy, with Heroes attached and played and
/// a Location in control, the set read from the counts is the one the walk over their
/// effects reads, damage, effects and cost alike.
#[test]
fn a_counted_abilitys_set_read_from_its_counts_is_the_one_the_walk_over_its_effects_reads() {
    let (p, mut state) = given(&Given {
        attached: [
            "Rookie Cadet Ames",
            "Mentor Imara Vance",
            "Nanoweave Vest",
            "Nanoweave Vest",
        ],
        control: &["Harborview Observatory"],
        ..HARRIET
    });
    state.played.push(card(&p, "Park Ranger Ottoline"));
    let nadia = card(&p, NADIA);
    let imara = card(&p, "Mentor Imara Vance");
    for energy in 0..=MAX_ENERGY {
        state.energy = energy;
        for (who, least) in [(nadia, 5), (imara, 6)] {
            let (read, walked, counted) = p.ability_set_both(&mut state, who);
            assert!(counted, "{}", p.name(who));
            assert_eq!(read, walked, "{} at {energy} Energy", p.name(who));
            assert_eq!(
                read.0 > 0,
                energy >= least,
                "{} at {energy} Energy",
                p.name(who)
            );
        }
    }
    // Three Heroes in control (two attached, one played): 3 + 4 for 11 Energy.
    state.energy = 11;
    assert_eq!(p.ability_set_both(&mut state, nadia).0, (7, 3, 11));
    // One Location in control: 3 + 1.
    assert_eq!(p.ability_set_both(&mut state, imara).0, (4, 1, 6));
}
