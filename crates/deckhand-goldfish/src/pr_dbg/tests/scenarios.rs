//! The card scenario table `fixtures/effects/pr-dbg.toml`: given zones and state, one
//! card's effects fired at one moment (with every effect on), the zones and state after.
//! Every DBX card with effects has a case.

use std::collections::BTreeSet;

use deckhand_core::Trigger;
use serde::{Deserialize, Serialize};

use super::*;
use crate::log::NoLog;

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Table {
    case: Vec<Case>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    card: String,
    trigger: String,
    /// The card of an event trigger, or the adversary being Battled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    other: Option<String>,
    #[serde(default = "nadia")]
    character: String,
    #[serde(default)]
    flipped: bool,
    given: Zones,
    expect: Zones,
}

fn nadia() -> String {
    NADIA.to_owned()
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
struct Zones {
    hand: Vec<String>,
    deck: Vec<String>,
    discard: Vec<String>,
    played: Vec<String>,
    control: Vec<String>,
    /// The four slots, "" for an empty one.
    attached: Vec<String>,
    /// Slots whose Ability was used this turn.
    used: Vec<usize>,
    grid: Vec<String>,
    main_deck: Vec<String>,
    /// The main deck's top cards known in order (looked at and put back), top first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    main_top: Vec<String>,
    main_discard: Vec<String>,
    destroyed: Vec<String>,
    zord_bay: Vec<String>,
    hp: i32,
    goldfish_hp: i32,
    energy: u32,
    shards: u32,
}

fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/effects/pr-dbg.toml")
}

fn table() -> Table {
    toml::from_str(&std::fs::read_to_string(path()).unwrap()).unwrap()
}

impl Zones {
    fn names(&self) -> impl Iterator<Item = &String> {
        self.hand
            .iter()
            .chain(&self.deck)
            .chain(&self.discard)
            .chain(&self.played)
            .chain(&self.control)
            .chain(&self.attached)
            .chain(&self.grid)
            .chain(&self.main_deck)
            .chain(&self.main_discard)
            .chain(&self.destroyed)
            .chain(&self.zord_bay)
    }
}

/// Plays one case; returns the zones and state after.
fn play(case: &Case) -> Zones {
    let mut names: BTreeSet<&str> = case.given.names().map(String::as_str).collect();
    names.insert(&case.card);
    names.extend(case.other.as_deref());
    names.remove("");
    names.remove(case.character.as_str());
    let mut lines: Vec<(&str, u32, &str)> = names.iter().map(|&n| ("main", 1, n)).collect();
    lines.push(("starter", 7, "Teamwork"));
    lines.push(("character", 1, &case.character));
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let index = |name: &str| match name {
        "" => NONE,
        _ => p
            .deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name} is not a DBX card")) as u16,
    };
    let all = |names: &[String]| names.iter().map(|n| index(n)).collect::<Vec<u16>>();
    let g = &case.given;
    let mut state = p.new_state();
    state.hand = all(&g.hand).into();
    state.draw_pile = all(&g.deck);
    state.discard = all(&g.discard);
    state.played = all(&g.played);
    state.control = all(&g.control);
    for (s, name) in g.attached.iter().enumerate() {
        state.attached[s] = index(name);
    }
    for &s in &g.used {
        state.used.insert(s);
    }
    for (i, name) in g.grid.iter().enumerate() {
        state.grid[i] = index(name);
    }
    state.main_deck = Library::new(&all(&g.main_deck));
    state.main_discard = all(&g.main_discard);
    state.destroyed = all(&g.destroyed);
    state.zord_bay = all(&g.zord_bay);
    state.zord_used.clear();
    state.hp = g.hp;
    state.goldfish_hp = g.goldfish_hp;
    state.energy = g.energy;
    state.shards = g.shards;
    state.turn = 3;
    if case.flipped {
        state.flipped = 1;
    }
    // The zones were set by hand: the in-play trigger masks are read from them.
    p.reread_in_play(&mut state);
    let trigger = Trigger::from_id(&case.trigger).expect("a trigger id");
    let card = index(&case.card);
    let other = case.other.as_deref().map_or(NONE, index);
    let mut rng = Rng::for_game(1, 0);
    if trigger == Trigger::Static {
        p.fire_card(card, trigger, &mut state, &mut rng, &mut NoLog);
        // What a static change does: the Battle prices of the Grid's adversaries and the
        // buy prices of the rest, summed as `shards`.
        state.shards = (0..GRID)
            .map(|i| state.grid[i])
            .filter(|&c| c != NONE)
            .map(|c| match p.adversary[c as usize] {
                true => p.battle_price(&state, c),
                false => p.shard_price(&state, c),
            })
            .sum();
    } else {
        p.fire_scenario(card, trigger, other, &mut state, &mut rng, &mut NoLog);
    }
    let names = |cards: &[u16]| -> Vec<String> {
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
    };
    let sorted = |cards: &[u16]| {
        let mut n = names(cards);
        n.sort();
        n
    };
    let mut deck = state.draw_pile.clone();
    deck.extend(&state.deck_top);
    Zones {
        hand: sorted(state.hand.as_slice()),
        deck: sorted(&deck),
        discard: sorted(&state.discard),
        played: sorted(&state.played),
        control: sorted(&state.control),
        attached: names(&state.attached),
        used: (0..=state.attached.len())
            .filter(|&s| state.used.has(s))
            .collect(),
        grid: names(&state.grid),
        main_deck: sorted(state.main_deck.remaining()),
        main_top: names(state.main_deck.known_top()),
        main_discard: sorted(&state.main_discard),
        destroyed: sorted(&state.destroyed),
        zord_bay: names(&state.zord_bay),
        hp: state.hp,
        goldfish_hp: state.goldfish_hp,
        energy: state.energy,
        shards: state.shards,
    }
}

fn sort(z: &mut Zones) {
    for v in [
        &mut z.hand,
        &mut z.deck,
        &mut z.discard,
        &mut z.played,
        &mut z.control,
        &mut z.main_deck,
        &mut z.main_discard,
        &mut z.destroyed,
    ] {
        v.sort();
    }
}

#[test]
fn every_card_scenario_ends_with_the_zones_it_states() {
    let mut table = table();
    let bless = std::env::var_os("DECKHAND_BLESS").is_some();
    for case in &mut table.case {
        let actual = play(case);
        if bless {
            case.expect = actual;
            continue;
        }
        sort(&mut case.expect);
        assert_eq!(actual, case.expect, "{}", case.name);
    }
    if bless {
        std::fs::write(path(), toml::to_string(&table).unwrap()).unwrap();
    }
}

#[test]
fn every_dbx_card_with_effects_has_a_scenario_and_is_simulated() {
    let cases: BTreeSet<String> = table().case.into_iter().map(|c| c.card).collect();
    let set = testing::cards(G);
    let with_effects: Vec<_> = set.iter().filter(|c| !c.effects.is_empty()).collect();
    assert!(!with_effects.is_empty());
    for card in with_effects {
        assert!(cases.contains(&card.name), "{} has no scenario", card.name);
    }
}

/// The whole DBX set with every effect on: at least 95 % of its distinct cards are
/// simulated or have no goldfish effect; the rest is named with its reason (Signal Tech
/// Marisol and Riverside Arcade were too, until `reorder` and `distinct`).
#[test]
fn the_dbx_set_is_stated_but_for_one_card_named_with_its_reason() {
    let set = testing::cards(G);
    let lines: Vec<(&str, u32, &str)> = set
        .iter()
        .map(|c| ("main", 1, c.name.as_str()))
        .chain([("starter", 7, "Teamwork")])
        .collect();
    let deck = testing::with_entries(testing::deck(G, &[]), &lines);
    let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
    let c = &p.coverage;
    assert_eq!(testing::left_out(c, set.len()), ["Mirewitch Sable"]);
    assert!(f64::from(c.simulated + c.no_effect) >= 0.95 * set.len() as f64);
}
