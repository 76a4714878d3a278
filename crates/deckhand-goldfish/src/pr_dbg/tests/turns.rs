//! Whole turns with every effect on, one row per defect found in the audit
//! (`tests/fixtures/effects/pr-dbg.md`): which Ability goes first, and the turn's figures
//! counting what happens after the cards in hand (Abilities, buys, Battles).

use super::*;

/// A Nadia Okonkwo turn: her slots, the hand (played first), The Grid (kept full, so
/// nothing refills it), the Energy on the tracker.
struct Turn {
    rule: &'static str,
    attached: [&'static str; 4],
    flipped: bool,
    hand: &'static [&'static str],
    /// Your deck (drawn in this order); empty: Teamwork.
    deck: &'static [&'static str],
    grid: [&'static str; 6],
    /// The main deck discard pile.
    main_discard: &'static [&'static str],
    energy: u32,
    // After the turn:
    goldfish_hp: i32,
    energy_after: u32,
    used: &'static [usize],
    shards_figure: u64,
    energy_figure: u64,
    flips_figure: u64,
}

/// Zords: neither bought (Kind::Other) nor Battled, so The Grid stays as it is.
const ZORDS: [&str; 6] = ["Granite Tortoise"; 6];

fn play(t: &Turn) -> (State, Figures) {
    let mut names: Vec<&str> = t
        .attached
        .iter()
        .chain(t.hand)
        .chain(t.deck)
        .chain(&t.grid)
        .chain(t.main_discard)
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
    let index = |name: &str| match name {
        "" => NONE,
        _ => p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16,
    };
    let mut state = p.new_state();
    state.hand = t.hand.iter().map(|n| index(n)).collect();
    state.draw_pile = vec![index("Teamwork"); 5];
    // Known cards on top of the deck, drawn first (the top last).
    state.deck_top = t.deck.iter().rev().map(|n| index(n)).collect();
    for (s, name) in t.attached.iter().enumerate() {
        state.attached[s] = index(name);
    }
    for (i, name) in t.grid.iter().enumerate() {
        state.grid[i] = index(name);
    }
    state.main_discard = t.main_discard.iter().map(|n| index(n)).collect();
    state.energy = t.energy;
    if t.flipped {
        state.flipped = 1;
    }
    // The zones were set by hand: the in-play trigger masks are read from them.
    p.reread_in_play(&mut state);
    let mut figures = p.new_figures();
    let mut log = Recorder::default();
    p.turn(
        &mut state,
        &mut Rng::from_seed(1),
        2,
        &mut log,
        &mut figures,
    );
    (state, figures)
}

#[test]
fn each_turn_with_every_effect_plays_as_games_md_says() {
    let cases = [
        Turn {
            rule: "most damage first counts a stated Ability without a damage stat: flipped \
                   Nadia (her 5-Energy Ability's 4, chosen over the 6-Energy one's 1 per Hero \
                   in control) before Prism Visor's draw, which would leave too little Energy \
                   for her",
            attached: [
                "Prism Visor",
                "Nanoweave Vest",
                "Nanoweave Vest",
                "Nanoweave Vest",
            ],
            flipped: true,
            hand: &[
                "Rookie Cadet Ames",
                "Teamwork",
                "Teamwork",
                "Teamwork",
                "Teamwork",
            ],
            deck: &[],
            grid: ZORDS,
            main_discard: &[],
            energy: 6,
            goldfish_hp: 26,
            energy_after: 1,
            used: &[4],
            shards_figure: 5,
            energy_figure: 0,
            flips_figure: 0,
        },
        Turn {
            rule: "an Ability that deals no damage is paid for only when the turn ends better \
                   with it (docs/pilots.md#plan-value): Signal Beacon's 3 Energy leave more \
                   Energy, Rustback Grunt's 2 Shards buy nothing more (7 Shards cover no Zord)",
            attached: ["Rustback Grunt", "Signal Beacon", "", ""],
            flipped: false,
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            deck: &[],
            grid: ZORDS,
            main_discard: &[],
            energy: 4,
            goldfish_hp: 30,
            energy_after: 6,
            used: &[1],
            shards_figure: 5,
            energy_figure: 3,
            flips_figure: 0,
        },
        Turn {
            rule: "a draw whose card would only fill the last slot (the flip) leaves the turn's \
                   plan value as it is: Rookie Cadet Ames is not paid for (docs/pilots.md#plan-value)",
            attached: ["Rookie Cadet Ames", "Rookie Cadet Ames", "Arc Baton", ""],
            flipped: false,
            hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
            deck: &["Pincer Formation"],
            grid: ZORDS,
            main_discard: &[],
            energy: 2,
            goldfish_hp: 30,
            energy_after: 2,
            used: &[],
            shards_figure: 5,
            energy_figure: 0,
            flips_figure: 0,
        },
    ];
    // Every row is checked before failing, so one fix is seen case by case.
    let wrong: Vec<String> = cases.iter().filter_map(wrong).collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What `t` got wrong, if anything: the goldfish's HP, the Energy left, the slots used and
/// the turn's figures.
fn wrong(t: &Turn) -> Option<String> {
    let (state, figures) = play(t);
    let used: Vec<usize> = (0..=state.attached.len())
        .filter(|&s| state.used.has(s))
        .collect();
    let got = (
        state.goldfish_hp,
        state.energy,
        used,
        [figures.shards[2], figures.energy[2], figures.flips[2]],
    );
    let want = (
        t.goldfish_hp,
        t.energy_after,
        t.used.to_vec(),
        [t.shards_figure, t.energy_figure, t.flips_figure],
    );
    (got != want).then(|| format!("{}\n  got  {got:?}\n  want {want:?}", t.rule))
}

/// A turn of five Teamwork (5 Shards, no Energy) with `attached` and `energy` on the
/// tracker, nothing to buy: only the Abilities can change the Energy.
const fn teamwork_turn(rule: &'static str, attached: [&'static str; 4], energy: u32) -> Turn {
    Turn {
        rule,
        attached,
        flipped: false,
        hand: &["Teamwork", "Teamwork", "Teamwork", "Teamwork", "Teamwork"],
        deck: &[],
        grid: ZORDS,
        main_discard: &[],
        energy,
        goldfish_hp: 30,
        energy_after: energy,
        used: &[],
        shards_figure: 5,
        energy_figure: 0,
        flips_figure: 0,
    }
}

/// Issue 32: Wren paid 1 Energy to ready an Equipment when none was exhausted (24 of 43
/// activations). docs/pilots.md#plan-value: an effect whose steps would change nothing as the
/// board stands is never used.
#[test]
fn wren_does_not_pay_to_ready_when_no_equipment_is_exhausted() {
    let t = teamwork_turn(
        "Wren's Ability with nothing exhausted is not activated: the 3 Energy stay",
        ["Robotics Whiz Wren", "", "", ""],
        3,
    );
    assert_eq!(wrong(&t), None);
    // With an Equipment exhausted it still readies it: Arc Baton deals its 2 twice.
    let t = Turn {
        goldfish_hp: 26,
        energy_after: 0,
        used: &[0, 2],
        ..teamwork_turn(
            "Wren readies Arc Baton once it is exhausted",
            ["Robotics Whiz Wren", "", "Arc Baton", ""],
            7,
        )
    };
    assert_eq!(wrong(&t), None);
}

/// Issue 32: Grapple Line was activated with an empty main deck discard pile (12 of 12
/// gained nothing): its move would change nothing, so it is never used.
#[test]
fn grapple_line_is_not_activated_with_an_empty_main_deck_discard_pile() {
    let t = teamwork_turn(
        "Grapple Line with nothing to gain is not activated: the 4 Energy stay",
        ["", "", "Grapple Line", ""],
        4,
    );
    assert_eq!(wrong(&t), None);
    // Nor with only an adversary there, which a Hero may not gain.
    let t = Turn {
        main_discard: &["Cinder Imp"],
        ..teamwork_turn(
            "Grapple Line with only Cinder Imp to gain is not activated",
            ["", "", "Grapple Line", ""],
            4,
        )
    };
    assert_eq!(wrong(&t), None);
    // Nor with Arc Baton there: the card it would gain goes to the discard pile and changes
    // nothing this turn, so the 4 Energy buy nothing (docs/pilots.md#plan-value).
    let t = Turn {
        main_discard: &["Arc Baton"],
        ..teamwork_turn(
            "Grapple Line is not paid for to gain Arc Baton at the turn's end",
            ["", "", "Grapple Line", ""],
            4,
        )
    };
    assert_eq!(wrong(&t), None);
}

/// Issue 32: Nadia's 5-Energy Ability (4 damage) ran only after her 6-Energy one, as one
/// activation: at 7 Energy the pilot paid 6 for 2 damage. docs/pilots.md#plan-value: the
/// damaging Abilities are chosen as one set, each at most once a turn.
#[test]
fn nadia_at_seven_energy_deals_four_with_her_five_energy_ability_not_two_with_the_six() {
    let nadia = |energy, goldfish_hp, energy_after| Turn {
        rule: "flipped Nadia with two Heroes in control",
        attached: [
            "Nanoweave Vest",
            "Nanoweave Vest",
            "Nanoweave Vest",
            "Nanoweave Vest",
        ],
        flipped: true,
        hand: &[
            "Rookie Cadet Ames",
            "Rookie Cadet Ames",
            "Teamwork",
            "Teamwork",
            "Teamwork",
        ],
        goldfish_hp,
        energy_after,
        used: &[4],
        ..teamwork_turn("", [""; 4], energy)
    };
    // 7 Energy: the 5-Energy Ability alone (4), not the 6-Energy one (2).
    assert_eq!(wrong(&nadia(7, 26, 2)), None);
    // 11 Energy covers both: 2 + 4.
    assert_eq!(wrong(&nadia(11, 24, 0)), None);
}
