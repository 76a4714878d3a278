//! The Leader Action looks played without a copy (`last_look.rs`), against the looks on a
//! copy they spare.

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
