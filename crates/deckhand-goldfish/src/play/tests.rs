//! The choice points seen from outside: a game is its seed plus its picks, in every game.

use deckhand_core::{Deck, Game};
use proptest::prelude::*;

use super::*;
use crate::log::{Decision, GameLog, Outcome};
use crate::testing;

/// Every game with a sample deck, and the step options it needs.
fn games() -> Vec<(Game, Deck, StepOptions)> {
    let hotg = StepOptions {
        game: crate::GameOptions::lineup(vec![
            testing::enemy_group("Gravel Grunt", 2),
            testing::enemy_group("Clockjaw", 1),
        ]),
        ..StepOptions::default()
    };
    vec![
        (
            testing::game("zoids-scramble"),
            testing::sample_deck("zoids-scramble", testing::REPUBLIC_VANGUARD),
            StepOptions::default(),
        ),
        (
            testing::game("pr-acg"),
            testing::sample_deck("pr-acg", testing::STARFALL_VANGUARD),
            StepOptions::default(),
        ),
        (
            testing::game("pr-dbg"),
            testing::pr_dbg_deck(testing::PRISM_BREACH, "Nadia Okonkwo"),
            StepOptions::default(),
        ),
        (
            testing::game("pr-hotg"),
            testing::sample_deck("pr-hotg", testing::TIDE_AND_HORN),
            hotg,
        ),
        (
            testing::game("sms"),
            testing::sample_deck("sms", testing::DOOM_LAB),
            StepOptions::default(),
        ),
    ]
}

fn choices(log: &GameLog) -> Vec<&Decision> {
    log.turns
        .iter()
        .flat_map(|t| &t.decisions)
        .filter(|d| d.kind.is_some())
        .collect()
}

fn with_seed(options: &StepOptions, seed: u64, going_first: bool) -> StepOptions {
    StepOptions {
        seed,
        going_first,
        ..options.clone()
    }
}

#[test]
fn replaying_the_pilots_picks_plays_the_same_game_in_every_game() {
    for (game, deck, options) in games() {
        let mut asked = 0;
        for seed in 0..6 {
            for going_first in [true, false] {
                let options = with_seed(&options, seed, going_first);
                let log = step(&game, &deck, &options).unwrap();
                let made = choices(&log);
                for (n, choice) in made.iter().enumerate() {
                    let options_len = choice.options.len() as u32;
                    assert_eq!(
                        choice.index,
                        Some(n as u32),
                        "{}: numbered in order",
                        game.id
                    );
                    assert!(
                        options_len > 1,
                        "{}: a choice has options: {choice:?}",
                        game.id
                    );
                    assert!(
                        choice.pick.unwrap() < options_len,
                        "{}: {choice:?}",
                        game.id
                    );
                    assert_eq!(choice.pick, choice.pilot, "{}: the pilot chose", game.id);
                    assert!(!choice.reason.as_deref().unwrap_or("").is_empty());
                }
                asked += made.len();
                let picks = made.iter().map(|c| c.pick.unwrap()).collect();
                let replayed = StepOptions {
                    picks: Picks {
                        picks,
                        stop_after: false,
                    },
                    ..options.clone()
                };
                assert_eq!(
                    step(&game, &deck, &replayed).unwrap(),
                    log,
                    "{} seed {seed}",
                    game.id
                );
            }
        }
        assert!(
            asked > 0,
            "{}: the pilot met no decision in 12 games",
            game.id
        );
    }
}

#[test]
fn a_game_stops_at_the_first_decision_past_its_picks_with_the_pilots_pick_and_the_board() {
    for (game, deck, options) in games() {
        let options = with_seed(&options, 3, true);
        let whole = step(&game, &deck, &options).unwrap();
        let made = choices(&whole);
        for k in [0, made.len() / 2, made.len().saturating_sub(1)] {
            let picks: Vec<u32> = made[..k].iter().map(|c| c.pick.unwrap()).collect();
            let state = play(
                &game,
                &deck,
                &PlayOptions {
                    step: options.clone(),
                    picks: picks.clone(),
                    pilot_rest: false,
                },
            )
            .unwrap();
            let decision = state
                .decision
                .as_ref()
                .unwrap_or_else(|| panic!("{}: decision {k} of {} waits", game.id, made.len()));
            let expected = made[k];
            assert_eq!(decision.index, k as u32, "{}", game.id);
            assert_eq!(Some(decision.kind), expected.kind, "{}", game.id);
            let labels: Vec<&str> = decision.options.iter().map(|o| o.label.as_str()).collect();
            assert_eq!(labels, expected.options, "{} decision {k}", game.id);
            assert_eq!(Some(decision.pilot.index), expected.pilot, "{}", game.id);
            assert_eq!(Some(&decision.pilot.reason), expected.reason.as_ref());
            assert!(
                !state.zones.is_empty(),
                "{}: the board at the decision",
                game.id
            );
            assert_eq!(state.result, None);
            assert_eq!(state.picks, picks);
            // The log stops before the pending decision: the choices logged are the picks.
            let logged = state
                .log
                .iter()
                .flat_map(|t| &t.decisions)
                .filter(|d| d.kind.is_some())
                .count();
            assert_eq!(logged, k, "{}", game.id);
            assert_eq!(state.log.last().map(|t| t.turn), Some(state.turn));
        }
    }
}

#[test]
fn the_pilot_finishing_a_played_game_ends_it_as_the_step_through_does() {
    for (game, deck, options) in games() {
        let options = with_seed(&options, 5, false);
        let whole = step(&game, &deck, &options).unwrap();
        let state = play(
            &game,
            &deck,
            &PlayOptions {
                step: options.clone(),
                picks: Vec::new(),
                pilot_rest: true,
            },
        )
        .unwrap();
        assert_eq!(state.decision, None);
        assert_eq!(state.result, Some(whole.result), "{}", game.id);
        assert_eq!(state.picks.len(), choices(&whole).len());
        assert_eq!(state.log, whole.turns);
    }
}

#[test]
fn a_pick_other_than_the_pilots_is_applied_logged_as_yours_and_replays_the_same() {
    let (game, deck, options) = games().remove(0);
    let options = with_seed(&options, 7, true);
    let whole = step(&game, &deck, &options).unwrap();
    // The first decision with a "none" option the pilot did not take: hold back instead.
    let (k, choice) = choices(&whole)
        .into_iter()
        .enumerate()
        .find(|(_, c)| {
            c.options.last().is_some_and(|o| o.ends_with("no Zoid"))
                && c.pick != Some(c.options.len() as u32 - 1)
        })
        .expect("the pilot sets a Zoid");
    let mut picks: Vec<u32> = choices(&whole)[..k]
        .iter()
        .map(|c| c.pick.unwrap())
        .collect();
    picks.push(choice.options.len() as u32 - 1);
    let mine = StepOptions {
        picks: Picks {
            picks,
            stop_after: false,
        },
        ..options.clone()
    };
    let log = step(&game, &deck, &mine).unwrap();
    let taken = choices(&log)[k];
    assert_ne!(taken.pick, taken.pilot);
    assert!(
        taken
            .text
            .starts_with("Set no Zoid (your pick; the pilot would set "),
        "{}",
        taken.text
    );
    assert_ne!(log, whole, "holding a Zoid back changes the game");
    assert_eq!(
        step(&game, &deck, &mine).unwrap(),
        log,
        "the same seed and picks, the same game"
    );
}

#[test]
fn a_pick_out_of_range_is_an_error_naming_the_decision_and_its_options() {
    let (game, deck, options) = games().remove(0);
    let bad = StepOptions {
        picks: Picks {
            picks: vec![99],
            stop_after: true,
        },
        ..options
    };
    let err = step(&game, &deck, &bad).unwrap_err().to_string();
    assert!(
        err.starts_with("pick 99 at decision 0 is out of range: that decision has "),
        "{err}"
    );
}

/// Plays a game choosing `pick % options` at each decision, one replay per decision.
fn random_game(game: &Game, deck: &Deck, options: &StepOptions, choices: &[u32]) -> PlayState {
    let mut picks = Vec::new();
    loop {
        let state = play(
            game,
            deck,
            &PlayOptions {
                step: options.clone(),
                picks: picks.clone(),
                pilot_rest: false,
            },
        )
        .unwrap();
        let Some(decision) = &state.decision else {
            return state;
        };
        let n = decision.options.len() as u32;
        picks.push(choices.get(picks.len()).copied().unwrap_or(0) % n);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Any legal picks: every game ends, in one way, and nothing panics.
    #[test]
    fn any_legal_picks_play_a_whole_game_in_every_game(
        which in 0usize..5,
        seed in 0u64..1000,
        going_first: bool,
        choices in proptest::collection::vec(0u32..64, 0..200),
    ) {
        let (game, deck, options) = games().swap_remove(which);
        let state = random_game(&game, &deck, &with_seed(&options, seed, going_first), &choices);
        let result = state.result.expect("the game ended");
        prop_assert!(matches!(result.outcome, Outcome::Win | Outcome::DeckOut | Outcome::Draw | Outcome::Loss));
        prop_assert!(!state.zones.is_empty());
    }
}

/// A chooser that answers every decision with `picks[i] % options` (the pilot past the
/// list's end), building nothing else: a person's random legal picks, played fast enough
/// to check many games.
struct RandomPicks<'a> {
    picks: &'a [u32],
    asked: usize,
}

impl crate::log::Log for RandomPicks<'_> {
    const ENABLED: bool = false;
    const CHOOSES: bool = true;
    fn drew(&mut self, _card: impl FnOnce() -> String) {}
    fn decide(&mut self, _action: crate::log::Action, _text: impl FnOnce() -> String) {}
    fn choose(
        &mut self,
        _kind: ChoiceKind,
        pilot: usize,
        options: impl FnOnce() -> Vec<String>,
        _reason: impl FnOnce() -> String,
        _zones: impl FnOnce() -> Vec<crate::log::Zone>,
        _rng: &mut crate::rng::Rng,
    ) -> usize {
        let k = self.asked;
        self.asked += 1;
        match (self.picks.get(k), options().len()) {
            (Some(&p), n) if n > 0 => p as usize % n,
            _ => pilot,
        }
    }
}

/// Plays one game of `p` under `picks`, checking after the setup and every turn that each
/// card of the deck sits in exactly one zone.
fn census_under_picks<P: crate::procedure::Procedure>(
    p: &P,
    game_id: &str,
    seed: u64,
    going_first: bool,
    picks: &[u32],
) -> Result<(), TestCaseError> {
    let mut state = p.new_state();
    let full = p.census(&state);
    let mut figures = p.new_figures();
    let mut chooser = RandomPicks { picks, asked: 0 };
    let mut broken = None;
    let result = crate::procedure::play_game(
        p,
        &mut state,
        &mut crate::simulate::game_rng(seed, 0, going_first),
        going_first,
        &mut chooser,
        &mut figures,
        |turn, state, _| {
            if broken.is_none() && p.census(state) != full {
                broken = Some((turn, p.census(state)));
            }
        },
    );
    prop_assert_eq!(
        broken,
        None,
        "{} seed {}: cards created or lost (turn, census; the deck's is {:?}) under picks {:?}",
        game_id,
        seed,
        full,
        &picks[..chooser.asked.min(picks.len())]
    );
    prop_assert!(result.turn <= p.max_turns());
    Ok(())
}

/// [`census_under_picks`] for game `G` set up as `options` say.
fn sample_census<G: crate::procedure::Goldfish>(
    game: &Game,
    deck: &Deck,
    options: &StepOptions,
    picks: &[u32],
) -> Result<(), TestCaseError> {
    let p = G::build(game, deck, options.setup()).unwrap();
    census_under_picks(&p, &game.id, options.seed, options.going_first, picks)
}

/// Random picks: up to 400 decisions, each `pick % options`.
fn any_picks() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(0u32..64, 0..400)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Any legal picks, in every game: no card is created or lost, as under the pilot.
    #[test]
    fn any_legal_picks_never_create_or_lose_a_card_in_every_game(
        which in 0usize..5,
        seed: u64,
        going_first: bool,
        picks in any_picks(),
    ) {
        // The five games are read once: reading them is most of a case's time.
        static GAMES: std::sync::LazyLock<Vec<(Game, Deck, StepOptions)>> =
            std::sync::LazyLock::new(games);
        let (game, deck, options) = &GAMES[which];
        let options = with_seed(options, seed, going_first);
        let check = match which {
            0 => sample_census::<crate::zoids::Zoids>,
            1 => sample_census::<crate::pr_acg::PrAcg>,
            2 => sample_census::<crate::pr_dbg::PrDbg>,
            3 => sample_census::<crate::pr_hotg::PrHotg>,
            _ => sample_census::<crate::sms::Sms>,
        };
        check(game, deck, &options, &picks)?;
    }
}

/// The games read once for the random decks below.
static GAME: std::sync::LazyLock<[Game; 5]> = std::sync::LazyLock::new(|| {
    ["zoids-scramble", "pr-acg", "pr-dbg", "pr-hotg", "sms"].map(testing::game)
});

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    // Random decks under random picks: the cards and effects the sample decks lack.

    #[test]
    fn zoids_random_decks_under_random_picks_keep_every_card(
        deck in testing::any_deck("zoids-scramble", 10, 2..14), seed: u64, first: bool, picks in any_picks(),
    ) {
        let p = crate::zoids::Zoids::new(&GAME[0], &deck, crate::EffectsMode::All).unwrap();
        census_under_picks(&p, "zoids-scramble", seed, first, &picks)?;
    }

    #[test]
    fn pr_action_random_decks_under_random_picks_keep_every_card(
        deck in testing::any_deck("pr-acg", 5, 2..14), seed: u64, first: bool, picks in any_picks(),
    ) {
        let p = crate::pr_acg::PrAcg::new(&GAME[1], &deck, Default::default()).unwrap();
        census_under_picks(&p, "pr-acg", seed, first, &picks)?;
    }

    #[test]
    fn pr_deck_building_random_decks_under_random_picks_keep_every_card(
        deck in testing::any_sections("pr-dbg", &["main", "main", "character"]),
        seed: u64,
        picks in any_picks(),
    ) {
        let deck = testing::with_entries(deck, &[("starter", 7, "Teamwork"), ("starter", 1, "Recovery")]);
        let p = crate::pr_dbg::PrDbg::new(&GAME[2], &deck, Default::default()).unwrap();
        census_under_picks(&p, "pr-dbg", seed, true, &picks)?;
    }

    #[test]
    fn heroes_of_the_grid_random_decks_under_random_picks_keep_every_card(
        deck in testing::any_sections("pr-hotg", &["main", "ranger"]),
        foot in 0u32..5,
        monster: bool,
        seed: u64,
        picks in any_picks(),
    ) {
        let mut enemies = vec![testing::enemy_group("Static Wraith", foot)];
        if monster {
            enemies.push(testing::enemy_group("Empress Noxara", 1));
        }
        let options = crate::GameOptions::lineup(enemies);
        let setup = crate::simulate::Setup { game: &options, ..Default::default() };
        if let Ok(p) = crate::pr_hotg::PrHotg::new(&GAME[3], &deck, setup) {
            census_under_picks(&p, "pr-hotg", seed, true, &picks)?;
        }
    }

    #[test]
    fn showdown_random_decks_under_random_picks_keep_every_card(
        deck in testing::any_sections("sms", &["main", "characters"]),
        villain: bool,
        mulligan in prop::option::of(any::<bool>()),
        seed: u64,
        picks in any_picks(),
    ) {
        let side = Some(if villain { deckhand_core::Side::Villain } else { deckhand_core::Side::Hero });
        let options = crate::GameOptions { mulligan, ..Default::default() };
        let setup = crate::simulate::Setup { side, game: &options, ..Default::default() };
        let p = crate::sms::Sms::new(&GAME[4], &deck, setup).unwrap();
        census_under_picks(&p, "sms", seed, true, &picks)?;
    }
}

#[test]
fn picks_given_past_the_games_end_are_not_echoed_as_applied() {
    for (game, deck, options) in games() {
        let options = with_seed(&options, 4, true);
        let whole = step(&game, &deck, &options).unwrap();
        let taken: Vec<u32> = choices(&whole).iter().map(|c| c.pick.unwrap()).collect();
        let mut given = taken.clone();
        given.extend([0, 1, 0]);
        for pilot_rest in [false, true] {
            let state = play(
                &game,
                &deck,
                &PlayOptions {
                    step: options.clone(),
                    picks: given.clone(),
                    pilot_rest,
                },
            )
            .unwrap();
            assert_eq!(state.result, Some(whole.result), "{}", game.id);
            assert_eq!(state.picks, taken, "{} pilot_rest {pilot_rest}", game.id);
        }
    }
}

/// Options that are about no card: declining ("Set no Zoid", "Buy nothing more", "Pass"),
/// Showdown's filling the hand, and Heroes of the Grid's Ranger abilities (its Rangers are
/// not cards on the board; the card they shield is the one being played).
fn about_no_card(label: &str) -> bool {
    [
        " no ",
        "nothing",
        "Pass",
        "Fill the hand",
        "Keep the",
        "'s ability",
        "'s once-per-battle",
    ]
    .iter()
    .any(|w| label.contains(w))
}

#[test]
fn every_option_to_play_buy_or_fight_a_card_names_a_card_on_the_board_to_click() {
    for (game, deck, options) in games() {
        let mut named = 0;
        for seed in 0..4 {
            let options = with_seed(&options, seed, seed % 2 == 0);
            let whole = step(&game, &deck, &options).unwrap();
            let made = choices(&whole);
            for k in 0..made.len() {
                let picks: Vec<u32> = made[..k].iter().map(|c| c.pick.unwrap()).collect();
                let at = PlayOptions {
                    step: options.clone(),
                    picks,
                    pilot_rest: false,
                };
                let state = play(&game, &deck, &at).unwrap();
                let decision = state.decision.unwrap();
                // Cards and the cards set on them, in the zones the decision is about; a
                // tracker's figure ("Energy") is none.
                let on_board: Vec<&str> = state
                    .zones
                    .iter()
                    .filter(|z| decision.zones.is_empty() || decision.zones.contains(&z.id))
                    .flat_map(|z| &z.cards)
                    .filter(|c| !c.tags.iter().any(|t| t == "counter"))
                    .flat_map(|c| {
                        let attached = c.attached.iter().map(|a| a.name.as_str());
                        std::iter::once(c.name.as_str()).chain(attached)
                    })
                    .collect();
                for option in &decision.options {
                    for card in &option.cards {
                        assert!(on_board.contains(&card.as_str()), "{card} is on the board");
                        assert!(option.label.contains(card.as_str()), "{}", option.label);
                    }
                    named += usize::from(!option.cards.is_empty());
                    let asks_for_a_card = !matches!(
                        decision.kind,
                        ChoiceKind::Mulligan | ChoiceKind::Optional | ChoiceKind::Option
                    );
                    assert!(
                        !asks_for_a_card
                            || !option.cards.is_empty()
                            || about_no_card(&option.label),
                        "{} seed {seed} decision {k}: {:?} option {:?} names no card on the board",
                        game.id,
                        decision.kind,
                        option.label
                    );
                }
            }
        }
        assert!(named > 50, "{}: {named} options name a card", game.id);
    }
}
