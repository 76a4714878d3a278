//! A turn's play made cheaper, against the play it spares: the last Leader Action look on
//! the game's own state (`last_look.rs`), the last Upgrades of a turn in one pass
//! (`action.rs`), a Leader ability in hand asked with its card in hand (`look.rs`).

use super::*;

/// The last look of a turn's start, played on the game's own state, picks as the look on a
/// copy would and, when it wins, leaves the same game and stream (debug builds check each
/// against that copy as the sample decks' games are played without a log); the sample
/// games see it both win and lose.
#[test]
fn the_last_look_of_a_turns_start_played_on_the_games_state_ends_as_its_copy() {
    super::last_look::LAST_LOOKS.with(|n| n.set((0, 0)));
    for (_, p) in samples_with_every_effect() {
        for seed in 0..40 {
            play_silently(&p, seed, |_, _, _| {});
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

/// A Leader ability in hand that resolves without the interpreter (Commercial Break,
/// Cereal Prize Inside, Training Montage) is asked whether it would act with its card still
/// in hand, and answers as the interpreter does with the card out of the hand, as it is
/// used, at every turn's end of the sample decks' games.
#[test]
fn a_leader_ability_in_hand_is_asked_as_the_interpreter_asks_it_out_of_the_hand() {
    let mut asked = 0;
    for (_, p) in samples_with_every_effect() {
        for seed in 0..40 {
            let check = |_: u32, state: &State, _: &mut NoLog| {
                for &card in &p.hand_abilities {
                    if state.hand[card as usize] == 0 {
                        continue;
                    }
                    let fast = p.hand_would_act(card, &mut state.clone());
                    let mut slow = state.clone();
                    if p.f(card).event {
                        p.take_from_hand(&mut slow, card);
                    }
                    let acts =
                        p.would_act_by_interpreter(card, Trigger::Activated, None, &mut slow);
                    assert_eq!(fast, acts, "{}", p.name(card));
                    asked += 1;
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(asked > 0, "no sample game holds a Leader ability in hand");
}

/// A turn's start that is the last one's but for Power takes the last one's first Leader
/// Action without weighing it, and its turn's Mission Phase and last Leader Actions are the
/// last such turn's (`memo.rs`): debug builds play each the full way and assert the same
/// pick and game, as the sample decks' games are played without a log; dojo-dawn-patrol's
/// games reach such turns.
#[test]
fn a_turns_start_alike_but_for_power_takes_the_last_starts_leader_action() {
    for (name, p) in samples_with_every_effect() {
        super::memo::RECALLED.with(|n| n.set(0));
        super::memo::PHASES.with(|n| n.set(0));
        super::memo::ENDS.with(|n| n.set(0));
        for seed in 0..40 {
            play_silently(&p, seed, |_, _, _| {});
        }
        let recalled = super::memo::RECALLED.with(|n| n.get());
        let phases = super::memo::PHASES.with(|n| n.get());
        let ends = super::memo::ENDS.with(|n| n.get());
        if name == "dojo-dawn-patrol" {
            assert!(
                recalled > 0 && phases > 0 && ends > 0,
                "{name}: {recalled} starts recalled, {phases} Mission Phases and {ends} last Leader Actions replayed"
            );
        }
    }
}

/// The memo recalls a pick only for a start whose every field but the Power, the Upgrades
/// and the fired counts is the last start's, with the same stream: a card of the hand or
/// the Discard Pile swapped for another (the counts unchanged), or the stream moved, is
/// weighed anew.
#[test]
fn the_memo_recalls_a_pick_only_for_a_start_alike_but_for_power() {
    let setup = Setup {
        effects: EffectsMode::All,
        ..KEYWORDS
    };
    let p = Sms::new(
        &testing::game(G),
        &testing::sample_deck(G, testing::DOJO_DAWN),
        setup,
    )
    .unwrap();
    let mut state = p.new_state();
    let mut rng = game_rng(1, 0, true);
    p.setup(&mut state, &mut rng, true, &mut NoLog);
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap();
    state.hand[index("Smoke Bomb Vanish")] += 1;
    state.hand_len += 1;
    state.discard.push(index("Wrench Toss") as u16);
    // A start that can repeat: no Main card can go down, the hand is full.
    state.stuck = true;
    assert!(state.hand_len >= HAND_SIZE);
    let pick = look::Ability::Table(4);
    // The first start is noted and kept; a second alike is recalled.
    let noted = |memo: &mut memo::Memo, state: &State, rng: &Rng| {
        let recalled = memo.recall(state, rng);
        if recalled.is_none() {
            memo.note(pick);
        }
        recalled
    };
    let primed = || {
        let mut memo = memo::Memo::default();
        assert_eq!(noted(&mut memo, &state, &rng), None);
        memo
    };
    assert_eq!(noted(&mut primed(), &state, &rng), Some(pick));
    let mut upgraded = state.clone();
    p.upgrade(&mut upgraded, 0, 3);
    upgraded.fired.tick(0, Trigger::Activated);
    assert_eq!(
        noted(&mut primed(), &upgraded, &rng),
        Some(pick),
        "Upgrades only"
    );
    let mut swapped = state.clone();
    swapped.hand[index("Smoke Bomb Vanish")] -= 1;
    swapped.hand[index("Wrench Toss")] += 1;
    assert_eq!(
        noted(&mut primed(), &swapped, &rng),
        None,
        "a card of the hand swapped"
    );
    let mut swapped = state.clone();
    swapped.discard[0] = index("Catchphrase!") as u16;
    assert_eq!(
        noted(&mut primed(), &swapped, &rng),
        None,
        "a discarded card swapped"
    );
    let mut moved = rng.clone();
    moved.next_u64();
    assert_eq!(
        noted(&mut primed(), &state, &moved),
        None,
        "the stream moved"
    );
}

/// A Commercial Break look at a turn's start known to lose without being played
/// (`foresee.rs`) is one the look would cut once its actions are done: debug builds play
/// each such look and assert it (the sample decks' games, without a log), and the sample
/// games see it happen.
#[test]
fn a_swap_look_foreseen_to_lose_is_one_its_play_cuts() {
    let foreseen = counted_in_sample_games(&super::foresee::FORESEEN);
    assert!(foreseen > 0, "the sample games foresee no look's loss");
}

/// A look cut once its Mission Phase is done (`look.rs`, `Tail::most_at_end`) could not end
/// with the best look's Power, or with as much Power and as many Main cards on the Table:
/// debug builds play the Leader Action it spares and assert it adds no more than the
/// bound and puts nothing down (the sample decks' games, without a log), and the sample
/// games see such cuts.
#[test]
fn a_look_cut_after_its_mission_phase_ends_short_of_the_best_look() {
    let cut = counted_in_sample_games(&super::look::CUT_AFTER_PHASE);
    assert!(
        cut > 0,
        "the sample games cut no look after its Mission Phase"
    );
}

/// What `counter` (a test-only count the pilot keeps) reaches over 40 games of each sample
/// deck with every effect on, without a log.
fn counted_in_sample_games(counter: &'static std::thread::LocalKey<std::cell::Cell<u32>>) -> u32 {
    counter.with(|n| n.set(0));
    for (_, p) in samples_with_every_effect() {
        for seed in 0..40 {
            play_silently(&p, seed, |_, _, _| {});
        }
    }
    counter.with(|n| n.get())
}

/// A turn's start whose only Leader ability is a paced one on the Table, with no card in
/// hand that has one (`pace.rs`, `Sms::lone_paced`), uses it (or keeps the Leader Action
/// when it would change nothing) as the weighing would: debug builds weigh each such start
/// too and assert the same pick, game and stream (the sample decks' games, without a log),
/// and the sample games see such starts.
#[test]
fn a_lone_paced_ability_at_a_turns_start_is_used_as_the_weighing_uses_it() {
    let lone = counted_in_sample_games(&super::pace::LONE_PACED);
    assert!(lone > 0, "the sample games see no lone paced ability");
}
