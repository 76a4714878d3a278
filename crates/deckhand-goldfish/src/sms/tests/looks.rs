//! A turn's play made cheaper, against the play it spares: the last Leader Action look on
//! the game's own state (`last_look.rs`), the last Upgrades of a turn in one pass
//! (`action.rs`).

use super::*;

/// The last look of a turn's start, played on the game's own state, picks as the look on a
/// copy would and, when it wins, leaves the same game and stream (debug builds check each
/// against that copy as the sample decks' games are played without a log); the sample
/// games see it both win and lose.
#[test]
fn the_last_look_of_a_turns_start_played_on_the_games_state_ends_as_its_copy() {
    let setup = Setup {
        effects: EffectsMode::All,
        ..KEYWORDS
    };
    super::last_look::LAST_LOOKS.with(|n| n.set((0, 0)));
    for (_, text) in SAMPLES {
        let p = Sms::new(&testing::game(G), &testing::sample_deck(G, text), setup).unwrap();
        for seed in 0..40 {
            let mut state = p.new_state();
            let mut figures = p.new_figures();
            play_game(
                &p,
                &mut state,
                &mut game_rng(seed, 0, true),
                true,
                &mut NoLog,
                &mut figures,
                |_, _, _| {},
            );
        }
    }
    let (won, lost) = super::last_look::LAST_LOOKS.with(|n| n.get());
    assert!(
        won > 0 && lost > 0,
        "the sample games play last looks that win and lose: {won} won, {lost} lost"
    );
}

/// The Upgrades left in a turn once no Main card can go down and the hand cannot be
/// filled, made in one pass, go where the actions one by one put them: each to the
/// character with the least power then (ties: the first), a power below 0 counting as 0.
#[test]
fn a_turns_last_upgrades_made_in_one_pass_go_where_the_actions_put_them() {
    let (p, mut state) = scenario(&Case {
        characters: &[
            "Dojo Dan",
            "Sparkplug Sally",
            "Wanda Wildwood",
            "Thunderpaw",
            "Sensei Okonomi",
        ],
        ..case("no Main card, an empty deck: each action an Upgrade")
    });
    // Sally's power below 0: an Upgrade leaves her at 0 until she is back above it.
    state.table[1].bonus = -4;
    state.extra -= 4;
    state.stuck = true;
    for m in 0..=9 {
        let mut fast = state.clone();
        let mut slow = state.clone();
        p.upgrades(&mut fast, m);
        for _ in 0..m {
            assert!(matches!(
                p.act(&mut slow, &mut Rng::unused(), &mut NoLog),
                action::Step::Upgrade(_)
            ));
        }
        assert_eq!(
            super::last_look::seen(&fast),
            super::last_look::seen(&slow),
            "{m} Upgrades"
        );
    }
}
