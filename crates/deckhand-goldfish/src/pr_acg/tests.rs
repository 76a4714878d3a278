//! Single turns from fixed hands, one table row per rule of the PR Action pilot
//! (docs/pilots.md#pr-action-card-game).
//! Each case's deck holds copies of one card, so every draw is known.

use deckhand_core::StatValue;

use proptest::prelude::{prop_assert_eq, proptest, ProptestConfig};

use super::*;
use crate::log::{NoLog, Recorder};
use crate::procedure::play_game;
use crate::simulate::game_rng;
use crate::testing;

mod choices;
mod reference;
mod scenarios;

/// The bare procedure (keyword effects only): the pilot's rules and the literal reading are
/// about it.
fn keywords() -> crate::simulate::Setup<'static> {
    crate::simulate::Setup {
        effects: EffectsMode::Keywords,
        ..Default::default()
    }
}

const G: &str = "pr-acg";
const FODDER: &str = "Training Simulator"; // a Support with damage 0: paid away first

struct Case {
    rule: &'static str,
    going_first: bool,
    hand: &'static [&'static str],
    deck: &'static [&'static str],
    opponent_deck: u32,
    /// A Zord made to cost 0 with damage 1, for the one tie no printed card allows.
    free_zord: Option<&'static str>,
    hand_after: &'static [&'static str],
    /// Paid cards in payment order, then the summon, then the Zord.
    discard_after: &'static [&'static str],
    opponent_deck_after: u32,
    outcome: Option<Outcome>,
}

const fn case(rule: &'static str) -> Case {
    Case {
        rule,
        going_first: true,
        hand: &[],
        deck: &[FODDER, FODDER, FODDER],
        opponent_deck: 20,
        free_zord: None,
        hand_after: &[],
        discard_after: &[],
        opponent_deck_after: 18,
        outcome: None,
    }
}

pub(super) fn scenario(
    hand: &[&str],
    deck: &[&str],
    opponent_deck: u32,
    going_first: bool,
    free_zord: Option<&str>,
) -> (PrAcg, State) {
    let mut names: Vec<&str> = hand.iter().chain(deck).copied().collect();
    names.sort();
    names.dedup();
    let lines: Vec<(u32, &str)> = names.iter().map(|&n| (3, n)).collect();
    let mut cards = testing::deck(G, &lines);
    for entry in &mut cards.entries {
        if Some(entry.card.name.as_str()) == free_zord {
            entry.card.stats.insert("cost".into(), StatValue::Number(0));
            entry
                .card
                .stats
                .insert("damage".into(), StatValue::Number(1));
        }
    }
    let p = PrAcg::new(&testing::game(G), &cards, keywords()).unwrap();
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let mut state = p.new_state();
    for name in hand {
        p.add_to_hand(&mut state, index(name));
    }
    let library: Vec<u16> = deck.iter().map(|n| index(n)).collect();
    state.library = Library::new(&library);
    state.opponent_deck = opponent_deck;
    state.going_first = going_first;
    (p, state)
}

fn render_hand(p: &PrAcg, state: &State) -> Vec<String> {
    let mut hand = Vec::new();
    for (card, &count) in state.hand.iter().enumerate() {
        for _ in 0..count {
            hand.push(p.name(card as u16).to_owned());
        }
    }
    hand.sort();
    hand
}

#[test]
fn each_rule_of_the_pilot_plays_as_games_md_says() {
    let cases = [
        Case {
            hand: &["Crimson Comet Ranger", "Onyx Shadow Ranger"],
            hand_after: &["Crimson Comet Ranger"],
            discard_after: &[FODDER, FODDER, "Onyx Shadow Ranger"],
            opponent_deck_after: 12,
            ..case("the plan with the most damage; the opponent loses twice its damage")
        },
        Case {
            hand: &[
                "Crimson Comet Ranger",
                "Comet Falcon Zord",
                "Amber Spark Ranger",
            ],
            hand_after: &["Crimson Comet Ranger"],
            discard_after: &[FODDER, FODDER, "Amber Spark Ranger", "Comet Falcon Zord"],
            opponent_deck_after: 12,
            ..case("a Zord on top sets the damage, over the cheapest summon")
        },
        Case {
            hand: &["Crimson Comet Ranger", "Comet Falcon Zord"],
            hand_after: &["Comet Falcon Zord", FODDER],
            discard_after: &[FODDER, "Crimson Comet Ranger"],
            opponent_deck_after: 14,
            ..case("a Zord is played only when summon and Zord together leave the cost payable")
        },
        Case {
            hand: &[
                "Solar Flare Crimson Ranger",
                "Amber Spark Ranger",
                "Starfall Megazord",
                FODDER,
                FODDER,
            ],
            hand_after: &["Amber Spark Ranger", "Starfall Megazord", FODDER],
            discard_after: &[FODDER, FODDER, FODDER, "Solar Flare Crimson Ranger"],
            opponent_deck_after: 8,
            ..case("equal damage goes to the lower total cost")
        },
        Case {
            hand: &["Crimson Comet Ranger", "Azure Tide Ranger"],
            hand_after: &["Crimson Comet Ranger", FODDER],
            discard_after: &[FODDER, "Azure Tide Ranger"],
            opponent_deck_after: 14,
            ..case("then the summon's name")
        },
        Case {
            hand: &["Amber Spark Ranger", "Tide Orca Zord", "Comet Falcon Zord"],
            hand_after: &["Tide Orca Zord"],
            discard_after: &[FODDER, FODDER, "Amber Spark Ranger", "Comet Falcon Zord"],
            opponent_deck_after: 12,
            ..case("then the Zord's name")
        },
        Case {
            hand: &["Amber Spark Ranger", "Spark Hornet Zord"],
            free_zord: Some("Spark Hornet Zord"),
            hand_after: &["Spark Hornet Zord", FODDER, FODDER],
            discard_after: &["Amber Spark Ranger"],
            opponent_deck_after: 16,
            ..case("a plan without a Zord comes before an equal one with")
        },
        Case {
            hand: &["Argent Nova Ranger"],
            deck: &[
                "Comet Falcon Zord",
                "Comet Falcon Zord",
                "Comet Falcon Zord",
            ],
            hand_after: &[
                "Argent Nova Ranger",
                "Comet Falcon Zord",
                "Comet Falcon Zord",
            ],
            discard_after: &[],
            opponent_deck_after: 18,
            ..case("no summon when none is affordable")
        },
        Case {
            hand: &[
                "Solar Flare Crimson Ranger",
                "Rose Quartz Ranger",
                "Amber Spark Ranger",
                "Crimson Comet Ranger",
            ],
            deck: &["Nova Stag Zord", "Nova Stag Zord", "Nova Stag Zord"],
            hand_after: &["Nova Stag Zord", "Nova Stag Zord"],
            discard_after: &[
                "Amber Spark Ranger",
                "Rose Quartz Ranger",
                "Crimson Comet Ranger",
                "Solar Flare Crimson Ranger",
            ],
            opponent_deck_after: 8,
            ..case("paying discards the lowest damage first, ties by name")
        },
        Case {
            hand: &["Onyx Shadow Ranger"],
            opponent_deck: 8,
            hand_after: &[],
            discard_after: &[FODDER, FODDER, "Onyx Shadow Ranger"],
            opponent_deck_after: 0,
            outcome: Some(Outcome::Win),
            ..case("the card that empties the opponent's deck is the kill")
        },
        Case {
            hand: &["Onyx Shadow Ranger"],
            deck: &[FODDER],
            opponent_deck: 1,
            hand_after: &["Onyx Shadow Ranger", FODDER],
            opponent_deck_after: 1,
            outcome: Some(Outcome::DeckOut),
            ..case("going first, your last card is drawn before the opponent draws: you lose")
        },
        Case {
            going_first: false,
            hand: &["Onyx Shadow Ranger"],
            deck: &[FODDER],
            opponent_deck: 1,
            hand_after: &["Onyx Shadow Ranger"],
            opponent_deck_after: 0,
            outcome: Some(Outcome::Win),
            ..case("going second, the opponent draws first and runs out first: you win")
        },
    ];
    for case in &cases {
        let (p, mut state) = scenario(
            case.hand,
            case.deck,
            case.opponent_deck,
            case.going_first,
            case.free_zord,
        );
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
        assert_eq!(render_hand(&p, &state), case.hand_after, "{context}");
        let discard: Vec<&str> = state.discard.iter().map(|&c| p.name(c)).collect();
        assert_eq!(discard, case.discard_after, "{context}");
        assert_eq!(state.opponent_deck, case.opponent_deck_after, "{context}");
    }
}

#[test]
fn a_turn_is_logged_in_a_players_words() {
    let (p, mut state) = scenario(
        &["Crimson Comet Ranger", "Onyx Shadow Ranger"],
        &[FODDER, FODDER],
        20,
        true,
        None,
    );
    let mut log = Recorder::default();
    p.turn(
        &mut state,
        &mut Rng::from_seed(1),
        1,
        &mut log,
        &mut p.new_figures(),
    );
    let lines: Vec<&str> = log.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(log.draws, vec![FODDER, FODDER]);
    assert_eq!(
        lines,
        vec!["You drew your last card: your deck is empty, and you lose",]
    );
    let (p, mut state) = scenario(
        &["Crimson Comet Ranger", "Onyx Shadow Ranger"],
        &[FODDER, FODDER, FODDER],
        20,
        true,
        None,
    );
    let mut log = Recorder::default();
    p.turn(
        &mut state,
        &mut Rng::from_seed(1),
        1,
        &mut log,
        &mut p.new_figures(),
    );
    let lines: Vec<&str> = log.decisions.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(
        lines,
        vec![
            "The opponent draws 2 (18 left in its deck)",
            "Summon Onyx Shadow Ranger (cost 2, damage 3): the most damage a hand of 4 can pay for (3), at the lowest total cost (2)",
            "Discard Training Simulator from hand: card 1 of 2 paying for Onyx Shadow Ranger: the lowest damage in hand first (ties by name)",
            "Discard Training Simulator from hand: card 2 of 2 paying for Onyx Shadow Ranger: the lowest damage in hand first (ties by name)",
            "Battle: the opponent has no card in its battle area, so the damage (3) is dealt twice: 6 cards off its deck (12 left); settlement discards the battle area",
        ]
    );
}

#[test]
fn a_five_card_deck_empties_on_its_opening_and_four_cannot_play() {
    let game = testing::game(G);
    let p = PrAcg::new(
        &game,
        &testing::deck(G, &[(5, "Amber Spark Ranger")]),
        keywords(),
    )
    .unwrap();
    let mut state = p.new_state();
    let outcome = p.setup(
        &mut state,
        &mut Rng::from_seed(1),
        true,
        &mut Recorder::default(),
    );
    assert_eq!(outcome, Some(Outcome::DeckOut));
    let err = PrAcg::new(
        &game,
        &testing::deck(G, &[(4, "Amber Spark Ranger")]),
        keywords(),
    )
    .err()
    .unwrap();
    assert!(err.to_string().contains("needs at least 5 cards"), "{err}");
}

/// With keyword effects only, every card whose own effects are off is named, once, by
/// folded name; with every effect on, the Starfall Vanguard deck leaves nothing out.
#[test]
fn the_cards_left_out_are_named_in_each_effects_mode() {
    let deck = testing::sample_deck(G, testing::STARFALL_VANGUARD);
    let p = PrAcg::new(&testing::game(G), &deck, keywords()).unwrap();
    let folded: Vec<String> = p
        .not_simulated
        .iter()
        .map(|n| deckhand_core::fold_name(n))
        .collect();
    assert!(folded.windows(2).all(|w| w[0] < w[1]), "{folded:?}");
    assert!(p
        .not_simulated
        .contains(&"Commander Halvard Reyes".to_owned()));
    assert!(!p.not_simulated.contains(&"Onyx Shadow Ranger".to_owned()));
    let all = PrAcg::new(&testing::game(G), &deck, Default::default()).unwrap();
    assert_eq!(all.not_simulated, Vec::<String>::new());
}

/// Whole games from a fixed seed, each decision of which was checked by hand against
/// the pilot of docs/pilots.md#pr-action-card-game (fixtures/steps/pr-acg-*.txt). A changed
/// line is a changed decision.
#[test]
fn fixed_seed_games_repeat_the_hand_checked_step_logs() {
    let games = [
        ("starfall-vanguard", testing::STARFALL_VANGUARD, 7, true),
        ("eclipse-horde", testing::ECLIPSE_HORDE, 7, false),
        // 11 cards: the second draw of turn 3 empties the deck before the goldfish's does.
        (
            "eleven-cards",
            "2 Argent Nova Ranger\n9 Nova Ultrazord\n",
            3,
            true,
        ),
    ];
    testing::assert_step_goldens(G, "pr-acg", &games);
}

/// The audit with every effect on: whole games from a fixed seed, each decision of which
/// was read against the pilot and docs/pilots.md#card-effects (and the
/// decisions `pr_acg.rs` and `pr_acg/board.rs` state), in `fixtures/steps/pr-acg-effects-*`.
/// Checked (before issue 32): the plan is the one the printed damages give; both costs are
/// paid before the summon's effects. Since: S's cost is paid, its effects resolve, then Z
/// is chosen and paid; the plan is ranked by plan value (only the kill turns changed: a
/// cheaper kill keeps more cards). Still checked: each `when summoned` effect resolves in
/// order, taking the card its rule names (the lowest damage from the hand, the deck's top
/// card, the most damage back to the hand); Crimson Comet Ranger keeps or bottoms the top card
/// by the deck's mean damage; a card moved out of the deck that empties it loses at once; the
/// battle deals twice the top card's damage with its change for the battle; the training area
/// keeps what effects put there; cards that wait for a battle's result never act.
#[test]
fn fixed_seed_games_with_every_effect_repeat_the_hand_checked_step_logs() {
    for (name, text, seed, going_first) in EFFECT_GAMES {
        let options = crate::StepOptions {
            seed,
            going_first,
            effects: EffectsMode::All,
            ..crate::StepOptions::default()
        };
        testing::assert_step_golden(
            G,
            &format!("pr-acg-effects-{name}"),
            &testing::sample_deck(G, text),
            &options,
        );
    }
}

/// Morphing Sigil; Crimson Comet Ranger bottoming a card; Commander Halvard Reyes twice and
/// Crimson Comet Ranger keeping a card; Shard of Ruin.
const EFFECT_GAMES: [(&str, &str, u64, bool); 4] = [
    ("starfall-vanguard", testing::STARFALL_VANGUARD, 7, true),
    ("starfall-vanguard", testing::STARFALL_VANGUARD, 11, false),
    ("starfall-vanguard", testing::STARFALL_VANGUARD, 45, false),
    ("eclipse-horde", testing::ECLIPSE_HORDE, 17, true),
];

/// Game `index` of a run seeded `seed`, played by the literal reading (`reference.rs`) on
/// the deck the engine would shuffle for it.
fn literal_game(p: &PrAcg, seed: u64, index: u64, going_first: bool) -> reference::Played {
    let mut library = Library::new(&p.deck.order);
    let mut rng = game_rng(seed, index, going_first);
    let order: Vec<&deckhand_core::Card> = std::iter::from_fn(|| library.draw(&mut rng))
        .map(|c| &p.deck.cards[c as usize])
        .collect();
    reference::play(&order, going_first)
}

/// The engine's game `seed` from one seat, next to the literal reading of the pilot
/// (`reference.rs`) playing the same shuffled deck. The engine shuffles lazily, one
/// Fisher–Yates step per draw, and nothing else draws random numbers (the goldfish's draws
/// are a count), so drawing the whole deck at once from the same stream gives the order
/// every draw of that game sees.
fn both_readings(
    p: &PrAcg,
    seed: u64,
    going_first: bool,
) -> (reference::Played, reference::Played) {
    let literal = literal_game(p, seed, 0, going_first);
    let mut state = p.new_state();
    let mut figures = p.new_figures();
    let result = play_game(
        p,
        &mut state,
        &mut game_rng(seed, 0, going_first),
        going_first,
        &mut NoLog,
        &mut figures,
        |_, _, _| {},
    );
    let last = (0..figures.reached.len())
        .rev()
        .find(|&t| figures.reached[t] > 0)
        .unwrap_or(0);
    let engine = reference::Played {
        outcome: result.outcome,
        turn: result.turn,
        turns: (0..=last)
            .map(|t| (figures.reached[t] > 0).then(|| (figures.damage[t], figures.summoned[t] > 0)))
            .collect(),
    };
    (engine, literal)
}

#[test]
fn the_sample_decks_play_every_game_as_a_literal_reading_of_the_pilot() {
    for text in [testing::STARFALL_VANGUARD, testing::ECLIPSE_HORDE] {
        let p = PrAcg::new(
            &testing::game(G),
            &testing::sample_deck(G, text),
            keywords(),
        )
        .unwrap();
        for seed in 0..600 {
            for going_first in [true, false] {
                let (engine, literal) = both_readings(&p, seed, going_first);
                assert_eq!(engine, literal, "seed {seed}, going first {going_first}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Printed costs and damages leave some ties unreachable (no Zord costs 0), so each
    /// card's `cost` and `damage` are redrawn small, and sometimes `damage` is left out.
    #[test]
    fn any_deck_plays_every_game_as_a_literal_reading_of_the_pilot(
        mut deck in testing::any_deck(G, 5, 2..24),
        stats in proptest::collection::vec((0i64..4, 0i64..5, 0u8..6), 24),
        seed: u64,
        going_first: bool,
    ) {
        for (entry, &(cost, damage, drop)) in deck.entries.iter_mut().zip(&stats) {
            let card = &mut entry.card.stats;
            card.insert("cost".into(), StatValue::Number(cost));
            card.insert("damage".into(), StatValue::Number(damage));
            if drop == 0 {
                card.remove("damage");
            }
        }
        let p = PrAcg::new(&testing::game(G), &deck, keywords()).unwrap();
        let (engine, literal) = both_readings(&p, seed, going_first);
        prop_assert_eq!(engine, literal);
    }
}

/// The reported figures (docs/pilots.md#pr-action-ending-and-the-headline-figure), counted
/// from the literal games one by one, are the report's: the kill-turn distribution, deck-out
/// losses, and per turn the mean damage and the chance to summon over the games still going at
/// that turn's summon step.
#[test]
fn the_report_counts_exactly_what_the_literal_games_did() {
    use std::collections::BTreeMap;
    let bricks = testing::deck(
        G,
        &[(29, "Training Simulator"), (1, "Bramble Guard Ranger")],
    );
    let decks = [testing::sample_deck(G, testing::STARFALL_VANGUARD), bricks];
    let mut deck_outs_seen = 0;
    for deck in decks {
        let options = crate::SimOptions {
            games: 1000,
            seed: 5,
            threads: 2,
            effects: EffectsMode::Keywords,
            ..crate::SimOptions::default()
        };
        let report = crate::simulate(&testing::game(G), &deck, &options, &mut |_| true).unwrap();
        let p = PrAcg::new(&testing::game(G), &deck, keywords()).unwrap();
        for (going_first, seat) in [(true, &report.going_first), (false, &report.going_second)] {
            let mut kills = BTreeMap::new();
            let (mut deck_outs, mut draws) = (0, 0);
            // turn → (games reaching its summon step, cards removed, summons)
            let mut turns: BTreeMap<u32, (u64, u64, u64)> = BTreeMap::new();
            for index in 0..options.games {
                let game = literal_game(&p, options.seed, index, going_first);
                match game.outcome {
                    Outcome::Win => *kills.entry(game.turn).or_insert(0u64) += 1,
                    Outcome::DeckOut => deck_outs += 1,
                    _ => draws += 1,
                }
                for (t, turn) in game.turns.iter().enumerate() {
                    if let Some((removed, summoned)) = turn {
                        let row = turns.entry(t as u32).or_default();
                        row.0 += 1;
                        row.1 += removed;
                        row.2 += u64::from(*summoned);
                    }
                }
            }
            let damage: BTreeMap<u32, f64> = turns
                .iter()
                .map(|(&t, r)| (t, r.1 as f64 / r.0 as f64))
                .collect();
            let summons: BTreeMap<u32, f64> = turns
                .iter()
                .map(|(&t, r)| (t, r.2 as f64 / r.0 as f64))
                .collect();
            assert_eq!(seat.kill_turns, kills);
            assert_eq!(seat.wins, kills.values().sum::<u64>());
            assert_eq!(seat.deck_outs, deck_outs);
            assert_eq!(seat.draws, draws);
            assert_eq!(seat.by_turn("damage_by_turn"), Some(&damage));
            assert_eq!(seat.by_turn("summon_chance_by_turn"), Some(&summons));
            assert_eq!(seat.median_kill_turn, testing::lower_median(&kills));
            deck_outs_seen += seat.deck_outs;
        }
    }
    assert!(deck_outs_seen > 0, "the runs include deck-out losses");
}

/// Every summon the pilot values from its printed damage (`quiet.rs`) or by peeking at its
/// draws (`mill.rs`) in `state`, next to the value of its turn played out, and the plan the
/// held cards give next to the walk's. `peeked` counts the summons valued by peeking.
fn shortcuts_and_play_outs(p: &PrAcg, state: &State, seed: u64, peeked: &mut usize) -> Vec<String> {
    let mut wrong = Vec::new();
    // Without an effect that can change a turn the pilot plays no plan out (`measures`):
    // its Extra summon step is the printed rule, not the plan value.
    if !p.measures || state.ended.is_some() {
        return wrong;
    }
    let held = |c: &&u16| state.hand[**c as usize] > 0;
    let rest =
        !p.static_in_training(state) && !p.extras_by_damage.iter().filter(held).any(|&c| p.acts(c));
    for &summon in p.summons_by_damage.iter().filter(held) {
        let cost = u32::from(p.f(summon).cost);
        if cost >= state.hand_len {
            continue;
        }
        let keep = p.choose_extra(
            &state.hand,
            state.hand_len.checked_sub(cost + 2),
            i64::from(p.f(summon).damage),
        );
        let plan = Plan {
            summon,
            extra: keep.unwrap_or(NONE),
        };
        if let Some(peek) = p.mill_draw_play_out(state, plan, seed) {
            *peeked += 1;
            let played = p.play_out_on_copy(state, plan, seed);
            if peek != played {
                wrong.push(format!("{plan:?}: peeked {peek:?}, played out {played:?}"));
            }
        }
        if !p.quiet_summon(state, summon, rest) {
            continue;
        }
        let (printed, played) = (
            p.printed_play_out(state, plan),
            p.play_out(state, plan, seed),
        );
        if printed != played {
            wrong.push(format!(
                "{plan:?}: printed {printed:?}, played out {played:?}"
            ));
        }
    }
    if p.held_fit {
        let rng = Rng::from_seed(seed);
        let (held, walk) = (
            p.pilot_plan_held(state, &rng),
            p.pilot_plan_walk(state, &rng),
        );
        if held != walk {
            wrong.push(format!("held cards' plan {held:?}, the walk's {walk:?}"));
        }
    }
    wrong
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// With every effect on, in every state a game reaches, a summon valued from its printed
    /// damage and costs (no effect of its own can change the turn) gets exactly the value
    /// playing its turn out gives, and the plan found from the held cards is the one walking
    /// the deck's lists finds. Costs and damages are redrawn small, so wins, ties and Zords
    /// kept or paid away all come up.
    #[test]
    fn a_summon_valued_from_its_printed_damage_ends_its_turn_as_played_out(
        mut deck in testing::any_deck(G, 5, 2..24),
        stats in proptest::collection::vec((0i64..4, 0i64..5), 24),
        seed: u64,
        going_first: bool,
    ) {
        for (entry, &(cost, damage)) in deck.entries.iter_mut().zip(&stats) {
            let card = &mut entry.card.stats;
            card.insert("cost".into(), StatValue::Number(cost));
            card.insert("damage".into(), StatValue::Number(damage));
        }
        let all = crate::simulate::Setup {
            effects: EffectsMode::All,
            ..Default::default()
        };
        let p = PrAcg::new(&testing::game(G), &deck, all).unwrap();
        let mut wrong = Vec::new();
        play_game(
            &p,
            &mut p.new_state(),
            &mut game_rng(seed, 0, going_first),
            going_first,
            &mut NoLog,
            &mut p.new_figures(),
            |turn, state, _| {
                for w in shortcuts_and_play_outs(&p, state, seed ^ u64::from(turn), &mut 0) {
                    wrong.push(format!("turn {turn}: {w}"));
                }
            },
        );
        prop_assert_eq!(wrong, Vec::<String>::new());
    }
}

/// The sample decks with every effect on: the same check in each of 300 games a seat. The
/// eclipse horde's Shard of Ruin is valued by peeking at its draws.
#[test]
fn the_sample_decks_value_a_quiet_summon_and_a_peeked_one_as_their_play_outs() {
    let all = crate::simulate::Setup {
        effects: EffectsMode::All,
        ..Default::default()
    };
    let (mut checked, mut peeked) = (0, 0);
    for text in [testing::STARFALL_VANGUARD, testing::ECLIPSE_HORDE] {
        let p = PrAcg::new(&testing::game(G), &testing::sample_deck(G, text), all).unwrap();
        assert!(
            p.quiet.iter().any(|&q| q != Quiet::Never),
            "no quiet summon"
        );
        for seed in 0..300 {
            for going_first in [true, false] {
                play_game(
                    &p,
                    &mut p.new_state(),
                    &mut game_rng(seed, 0, going_first),
                    going_first,
                    &mut NoLog,
                    &mut p.new_figures(),
                    |turn, state, _| {
                        let wrong =
                            shortcuts_and_play_outs(&p, state, seed ^ u64::from(turn), &mut peeked);
                        assert_eq!(wrong, Vec::<String>::new(), "seed {seed}, turn {turn}");
                        checked += 1;
                    },
                );
            }
        }
    }
    assert!(checked > 1000);
    assert!(peeked > 100, "{peeked} summons valued by peeking");
}
