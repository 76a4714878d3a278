use super::*;
use crate::registry::tune;
use crate::testing::{card, game, sample_deck, REPUBLIC_VANGUARD};

fn tune_vanguard(seed: u64, threads: usize, checked: &mut Vec<Deck>) -> TuneReport {
    let game = game("zoids-scramble");
    // Sandstorm Cover is a card the pilot never uses (a battle Command; the goldfish never
    // blocks). The pool: two Pilots the deck runs fewer than 4 of, and a Zoid it already runs 4 of (a
    // fifth copy is illegal, so the legality check must turn it away).
    let deck = sample_deck("zoids-scramble", REPUBLIC_VANGUARD);
    let pool = [
        "Commander Elise Drayton",
        "Captain Oren Vale",
        "Dawnmane Liger",
    ]
    .map(|name| card("zoids-scramble", name))
    .to_vec();
    let options = TuneOptions {
        sim: SimOptions {
            games: 1500,
            seed,
            threads,
            ..SimOptions::default()
        },
        rounds: 5,
        pool,
    };
    tune(
        &game,
        &deck,
        &options,
        &mut |d| {
            checked.push(d.clone());
            deckhand_core::check_deck(&game, d).legal
        },
        &mut |_| true,
    )
    .unwrap()
}

#[test]
fn a_card_the_pilot_never_uses_is_swapped_out_within_a_few_rounds_through_legal_decks() {
    let mut checked = Vec::new();
    let report = tune_vanguard(7, 0, &mut checked);
    assert!(
        report.steps.iter().any(|s| s.out == "Sandstorm Cover"),
        "{:#?}",
        report.steps
    );
    let game = game("zoids-scramble");
    // Every deck it passed through: the start, each step's, the end.
    let mut deck = sample_deck("zoids-scramble", REPUBLIC_VANGUARD);
    for step in &report.steps {
        deck = replace_one(
            &deck,
            &step.section,
            &step.out_id,
            card("zoids-scramble", &step.in_),
        )
        .unwrap();
        assert!(
            deckhand_core::check_deck(&game, &deck).legal,
            "after {step:?}"
        );
        assert!(step.difference < 0.0 && step.ci95[1] < 0.0, "{step:?}");
    }
    assert!(deckhand_core::check_deck(&game, &report.final_deck).legal);
    assert!(report.legal);
    // The legality check saw, and refused, a fifth Dawnmane Liger.
    assert!(checked
        .iter()
        .any(|d| !deckhand_core::check_deck(&game, d).legal));
    let size: u32 = report.deck.iter().map(|l| l.count).sum();
    assert_eq!(size, 40);
    assert!(report.end.value.unwrap() < report.start.value.unwrap());
}

#[test]
fn the_same_seed_gives_the_same_path_on_any_thread_count() {
    let one = tune_vanguard(3, 1, &mut Vec::new());
    let two = tune_vanguard(3, 2, &mut Vec::new());
    assert_eq!(one.steps, two.steps);
    assert_eq!(one.deck, two.deck);
    assert_eq!(one.end, two.end);
}

#[test]
fn looks_fall_at_an_eighth_a_quarter_a_half_and_the_end() {
    assert_eq!(looks(8000), vec![1000, 2000, 4000, 8000]);
    assert_eq!(looks(3), vec![1, 3]);
    assert_eq!(looks(1), vec![1]);
}

#[test]
fn a_candidate_clearly_worse_or_playing_the_same_is_dropped() {
    let mut worse = PairSums::default();
    let mut same = PairSums::default();
    let mut better = PairSums::default();
    for (i, turn) in [5.0, 6.0, 4.0, 5.0, 7.0, 5.0, 6.0, 5.0]
        .into_iter()
        .enumerate()
    {
        worse.add(turn, turn + 1.0 + (i % 2) as f64);
        same.add(turn, turn);
        better.add(turn, turn - (i % 2) as f64);
    }
    // Lower is better (a kill turn).
    assert!(!keeps_playing(&worse, Better::Lower));
    assert!(!keeps_playing(&same, Better::Lower));
    assert!(keeps_playing(&better, Better::Lower));
    assert!(keeps_playing(&worse, Better::Higher));
}
