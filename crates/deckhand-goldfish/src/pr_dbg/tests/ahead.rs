//! The end of a turn played ahead by a look and adopted (`pr_dbg/ahead.rs`): whole games
//! played without a log (looks kept and adopted) and with one (none kept) are the same
//! games, and debug builds check each adoption against the end played the full way.

use super::*;
use crate::procedure::play_game;

/// A game's outcome, turns and what its state and figures end with.
fn game<L: Log>(p: &PrDbg, seed: u64, log: &mut L) -> String {
    let mut state = p.new_state();
    let mut figures = p.new_figures();
    let mut rng = Rng::from_seed(seed);
    let result = play_game(
        p,
        &mut state,
        &mut rng,
        seed % 2 == 0,
        log,
        &mut figures,
        |_, _, _| {},
    );
    format!(
        "{result:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        (state.hp, state.goldfish_hp, state.energy, state.spent),
        state.grid,
        state.discard,
        state.main_discard,
        state.fired.counts(),
        figures.bought,
        figures.shards,
        figures.energy,
        figures.damage_taken,
        format!("{rng:?}"),
    )
}

#[test]
fn games_whose_turns_end_by_adopting_a_look_are_the_games_played_out_with_a_log() {
    for text in [testing::BLOCK_PARTY, testing::FAST_AND_FIERCE] {
        let deck = testing::pr_dbg_sample_with_starter(text);
        let p = PrDbg::new(&testing::game(G), &deck, Setup::default()).unwrap();
        let before = moments::ADOPTED.with(|n| n.get());
        for seed in 0..12 {
            let adopted = game(&p, seed, &mut crate::log::NoLog);
            let logged = game(&p, seed, &mut Recorder::default());
            assert_eq!(adopted, logged, "seed {seed}");
        }
        if text == testing::BLOCK_PARTY {
            assert!(
                moments::ADOPTED.with(|n| n.get()) > before,
                "no turn of the block-party games ended by adopting a look"
            );
        }
    }
}
