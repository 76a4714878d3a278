//! The shapes resolved without the interpreter (`exact.rs`, `cycle.rs`, `quick.rs`) and the
//! counts kept as the game goes (`State::skip`, the Discard Pile's filter counts), each
//! played beside the interpreter or a plain count.

use super::*;

/// The Upgrades of known gain (Sensei Okonomi's, Training Montage's) fired without the
/// interpreter, as every game without a log fires them, change the game exactly as the
/// interpreter's firing does, with or without a Leader Action to pay, at every turn's end
/// of the sample decks' games; and they act exactly when the interpreter says they would.
#[test]
fn an_upgrade_of_known_gain_fired_without_the_interpreter_plays_as_the_interpreter() {
    let mut fired = 0;
    for (_, p) in samples_with_every_effect() {
        let cards: Vec<u16> = (0..p.deck.len() as u16)
            .filter(|&c| p.exact[c as usize].is_some())
            .collect();
        for seed in 0..40 {
            let check = |_: u32, state: &State, _: &mut NoLog| {
                for &card in &cards {
                    let slot = state.table.iter().position(|s| s.card == card);
                    for leader_actions in [0, 1] {
                        let mut fast = state.clone();
                        fast.leader_actions = leader_actions;
                        let mut slow = fast.clone();
                        let acts =
                            p.would_act_by_interpreter(card, Trigger::Activated, slot, &mut slow);
                        assert_eq!(p.exact_acts(card, &fast), Some(acts));
                        let Some(done) = p.fire_exact(card, &mut fast) else {
                            continue;
                        };
                        let mut rng = Rng::unused();
                        let n = p.fire_by_interpreter(
                            card,
                            Trigger::Activated,
                            slot,
                            &mut slow,
                            &mut rng,
                            &mut NoLog,
                            true,
                        );
                        exact::check_fire_exact((&slow, n), (&fast, done));
                        fired += done;
                    }
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(
        fired > 0,
        "no sample deck has an Upgrade of known gain to check"
    );
}

/// A Leader ability that only changes the hand (Commercial Break, Cereal Prize Inside) is
/// asked and changes the game exactly as the interpreter's resolving does, from the same
/// stream, at every turn's end of the sample decks' games, out of the hand as it is used,
/// with and without a Leader Action held.
#[test]
fn a_leader_ability_that_only_changes_the_hand_resolved_without_the_interpreter_plays_as_the_interpreter(
) {
    let mut fired = 0;
    for (_, p) in samples_with_every_effect() {
        let cards: Vec<u16> = (0..p.deck.len() as u16)
            .filter(|&c| p.cycle[c as usize].is_some())
            .collect();
        for seed in 0..40 {
            let check = |turn: u32, state: &State, _: &mut NoLog| {
                for &card in &cards {
                    for leader_actions in [0, 1] {
                        let mut fast = state.clone();
                        fast.leader_actions = leader_actions;
                        if fast.hand[card as usize] > 0 {
                            p.take_from_hand(&mut fast, card);
                        }
                        let mut slow = fast.clone();
                        let acts =
                            p.would_act_by_interpreter(card, Trigger::Activated, None, &mut slow);
                        assert_eq!(p.cycle_would_act(card, &fast), Some(acts));
                        let mut fast_rng = game_rng(seed, u64::from(turn), false);
                        let mut slow_rng = fast_rng.clone();
                        let done = p.fire_cycle(card, &mut fast, &mut fast_rng).unwrap();
                        let n = p.fire_by_interpreter(
                            card,
                            Trigger::Activated,
                            None,
                            &mut slow,
                            &mut slow_rng,
                            &mut NoLog,
                            true,
                        );
                        cycle::check_fire_cycle((&slow, n), (&fast, done));
                        assert_eq!(fast_rng.next_u64(), slow_rng.next_u64());
                        fired += done;
                    }
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(
        fired > 0,
        "no sample deck has a Leader ability that only changes the hand to check"
    );
}

/// The Employ abilities that resolve without the interpreter (Sensei Okonomi's Leader Action,
/// Sparkplug Sally's Attachment from an empty Discard Pile, Norbert Next Door's draw and
/// discard) change the game exactly as the interpreter's resolving does, from the same
/// stream, at every turn's end of the sample decks' games, with and without a Leader Action
/// held.
#[test]
fn an_employ_ability_resolved_without_the_interpreter_plays_as_the_interpreter() {
    let mut resolved = [0, 0, 0];
    for (_, p) in samples_with_every_effect() {
        let cards: Vec<u16> = (0..p.deck.len() as u16)
            .filter(|&c| p.quick[c as usize].is_some())
            .collect();
        for seed in 0..40 {
            let check = |turn: u32, state: &State, _: &mut NoLog| {
                for &card in &cards {
                    let slot = state.table.iter().position(|s| s.card == card);
                    for leader_actions in [0, 1] {
                        let mut fast = state.clone();
                        fast.leader_actions = leader_actions;
                        let mut slow = fast.clone();
                        let mut fast_rng = game_rng(seed, u64::from(turn), false);
                        let mut slow_rng = fast_rng.clone();
                        let Some(done) = p.fire_quick(card, &mut fast, &mut fast_rng) else {
                            continue;
                        };
                        let n = p.fire_by_interpreter(
                            card,
                            Trigger::TurnEnd,
                            slot,
                            &mut slow,
                            &mut slow_rng,
                            &mut NoLog,
                            false,
                        );
                        quick::check_fire_quick((&slow, n), (&fast, done));
                        assert_eq!(fast_rng.next_u64(), slow_rng.next_u64());
                        let kind = match p.quick[card as usize] {
                            Some(quick::Quick::Gain(..)) => 1,
                            Some(quick::Quick::DrawDiscard(..)) => 2,
                            _ => 0,
                        };
                        resolved[kind] += 1;
                    }
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(
        resolved.iter().all(|&n| n > 0),
        "the sample decks resolve each kind: {resolved:?}"
    );
}

/// The `while in play` Power bonuses that resolve without the interpreter (Sparkplug
/// Sally's +1 per Vehicle attached to her) give exactly the interpreter's bonus, at every
/// turn's end of the sample decks' games.
#[test]
fn a_while_in_play_bonus_resolved_without_the_interpreter_gives_the_interpreters_bonus() {
    let mut resolved = 0;
    for (_, p) in samples_with_every_effect() {
        for seed in 0..40 {
            let check = |_: u32, state: &State, _: &mut NoLog| {
                for (i, slot) in state.table.iter().enumerate() {
                    let mut fast = state.clone();
                    let mut slow = state.clone();
                    let Some(done) = p.fire_quick_static(slot.card, i, &mut fast) else {
                        continue;
                    };
                    let n = p.fire_by_interpreter(
                        slot.card,
                        Trigger::Static,
                        Some(i),
                        &mut slow,
                        &mut Rng::unused(),
                        &mut NoLog,
                        false,
                    );
                    quick::check_fire_quick_static((&slow, n), (&fast, done));
                    resolved += 1;
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(resolved > 0, "no sample deck has such a bonus to check");
}

#[test]
fn the_search_for_the_main_card_to_put_down_starts_over_when_the_table_gains_a_slot() {
    let (p, mut state) = scenario(&Case {
        characters: &["Dojo Dan"],
        hand: &["Thunderbus 3000", "Skate-Shell Board"],
        ..case("a Vehicle waits for a free Vehicle slot")
    });
    let index = |name: &str| p.deck.cards.iter().position(|c| c.name == name).unwrap() as u16;
    let (bus, board) = (index("Thunderbus 3000"), index("Skate-Shell Board"));
    assert_eq!(p.best_put(&mut state), Some((bus, 0)));
    p.take_from_hand(&mut state, bus);
    p.put_down(&mut state, bus, 0);
    // The Skate-Shell Board has no place: the search remembers that none of the hand has.
    assert_eq!(p.best_put(&mut state), None);
    assert_eq!(state.skip as usize, p.mains.len());
    // A new character's free Vehicle slot takes it: the remembered start goes back to
    // the first Attachment (Allies before it gain nothing from a slot).
    p.push_slot(&mut state, index("Dojo Dan"));
    assert_eq!(
        state.skip,
        p.first_attachment.min(p.take_rank[board as usize])
    );
    assert_eq!(p.best_put(&mut state), Some((board, 1)));
    assert_eq!(p.best_put(&mut state), p.best_put_scan(&state));
}

/// The Discard Pile's count of a "from the Discard Pile" filter's cards (Sparkplug
/// Sally's Attachments), kept as cards come and go, equals a count of the pile at every
/// turn's end of the sample decks' games, and some game sees a card of one.
#[test]
fn the_discard_piles_kept_count_of_a_filters_cards_equals_a_count_of_the_pile() {
    let mut seen = 0;
    for (_, p) in samples_with_every_effect() {
        for seed in 0..40 {
            let check = |_: u32, state: &State, _: &mut NoLog| {
                if let Some(f) = p.discard_filter {
                    let set = f.map(|f| p.fx.set(f));
                    let n = crate::effects::count_cards(&state.discard, set);
                    assert_eq!(usize::from(state.discard_hits), n);
                    assert_eq!(n > 0, p.discard_matches(state, f));
                    seen += usize::from(n > 0);
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(seen > 0, "no sample game discards a card of such a filter");
}

/// A run of Upgrades counted per character and added once each leaves every character as
/// the Upgrades one at a time do (each to the least power then, ties the first), over the
/// sample games' tables with their powers shifted (below 0 too, where the clamp makes ties)
/// and some characters not upgradable.
#[test]
fn upgrades_counted_per_character_give_each_what_one_at_a_time_gives() {
    let mut checked = 0;
    for (_, text) in SAMPLES {
        let p = Sms::new(&testing::game(G), &testing::sample_deck(G, text), KEYWORDS).unwrap();
        let n = p.table_start.len();
        for seed in 0..20 {
            let check = |turn: u32, state: &State, _: &mut NoLog| {
                let mut rng = Rng::for_game(u64::from(turn), seed);
                for _ in 0..24 {
                    let mut fast = state.clone();
                    for s in &mut fast.table[..n] {
                        s.temp = rng.below(9) as i32 - 6;
                        s.upgradable = rng.below(5) > 0;
                    }
                    let m = rng.below(8);
                    let mut slow = fast.clone();
                    p.upgrades(&mut fast, m);
                    p.upgrades_one_by_one(&mut slow, m);
                    assert_eq!(
                        super::super::last_look::seen(&fast),
                        super::super::last_look::seen(&slow),
                        "{m} Upgrades"
                    );
                    checked += 1;
                }
            };
            play_silently(&p, seed, check);
        }
    }
    assert!(checked > 0);
}
