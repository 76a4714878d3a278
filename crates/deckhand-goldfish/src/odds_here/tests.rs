use super::*;
use crate::log::{Attached, ZoneCard};
use crate::testing;

fn card(name: &str) -> ZoneCard {
    ZoneCard {
        name: name.to_owned(),
        status: None,
        attached: Vec::new(),
        color: None,
        stats: Default::default(),
        tags: Vec::new(),
    }
}

fn listed(name: &str, count: u32, matches: bool) -> ListedCard {
    ListedCard {
        name: name.to_owned(),
        count,
        matches,
    }
}

/// A Zoids Scramble game at turn 2 (one draw a turn): two Alphas and a Beta in hand, a
/// Gamma in the arena with a Delta set on it, 31 cards in the deck and 4 face-down base
/// Energy. The opponent's face-up Alpha is not the player's and is not counted.
fn zoids_position() -> (Game, Vec<Zone>, Vec<ListedCard>) {
    let mut gamma = card("Gamma");
    gamma.attached.push(Attached {
        role: "pilot".into(),
        name: "Delta".into(),
        color: None,
    });
    let zones = vec![
        Zone::visible(
            "hand",
            "Hand",
            Owner::You,
            vec![card("Alpha"), card("alpha"), card("Beta")],
        ),
        Zone::visible("arena", "Arena", Owner::You, vec![gamma]),
        Zone::hidden("deck", "Deck", Owner::You, 31),
        Zone::hidden("base", "Base Energy", Owner::You, 4),
        Zone::visible("arena", "Arena", Owner::Opponent, vec![card("Alpha")]),
    ];
    // 40 cards; Alpha and Gamma match: 7 in the list, 3 face up, 4 unseen of 35.
    let list = vec![
        listed("Alpha", 4, true),
        listed("Beta", 3, false),
        listed("Gamma", 3, true),
        listed("Delta", 2, false),
        listed("Filler", 28, false),
    ];
    (testing::game("zoids-scramble"), zones, list)
}

/// At least, by turn, and each row's (turn, drawn, chance by hand).
type Case = (u32, u32, Vec<(u32, u32, f64)>);

#[test]
fn the_odds_from_a_position_are_the_hypergeometric_of_the_unseen_cards() {
    let (game, zones, list) = zoids_position();
    // (at least, by turn, [(turn, drawn, chance by hand)]): 4 matching among 35 unseen.
    let cases: [Case; 3] = [
        (
            1,
            5,
            vec![
                (3, 1, 4.0 / 35.0),
                (4, 2, 1.0 - (31.0 * 30.0) / (35.0 * 34.0)),
                (5, 3, 1.0 - (31.0 * 30.0 * 29.0) / (35.0 * 34.0 * 33.0)),
            ],
        ),
        // C(4,2)·C(31,1) + C(4,3)·C(31,0) of C(35,3) = 6545.
        (
            2,
            5,
            vec![(3, 1, 0.0), (4, 2, 6.0 / 595.0), (5, 3, 190.0 / 6545.0)],
        ),
        (0, 3, vec![(3, 1, 1.0)]),
    ];
    for (at_least, by_turn, expected) in cases {
        let odds = odds_from_here(&game, 2, &zones, &list, at_least, by_turn).unwrap();
        assert_eq!(
            (
                odds.unseen,
                odds.matching,
                odds.matching_seen,
                odds.matching_unseen
            ),
            (35, 7, 3, 4)
        );
        let got: Vec<(u32, u32)> = odds.rows.iter().map(|r| (r.turn, r.drawn)).collect();
        let want: Vec<(u32, u32)> = expected.iter().map(|&(t, d, _)| (t, d)).collect();
        assert_eq!(got, want, "at least {at_least} by turn {by_turn}");
        for (row, (_, _, chance)) in odds.rows.iter().zip(&expected) {
            assert!(
                (row.chance - chance).abs() < 1e-12,
                "at least {at_least} by turn {}: {} against {chance} by hand",
                row.turn,
                row.chance
            );
        }
    }
}

#[test]
fn a_game_drawing_two_a_turn_draws_two_per_turn_from_the_unseen() {
    let game = testing::game("pr-acg");
    let zones = vec![
        Zone::visible("hand", "Hand", Owner::You, vec![card("Zord"); 2]),
        Zone::hidden("deck", "Deck", Owner::You, 20),
    ];
    let list = [listed("Zord", 7, true), listed("Other", 15, false)];
    let odds = odds_from_here(&game, 1, &zones, &list, 1, 2).unwrap();
    // 5 Zords among 20 unseen, 2 drawn: 1 − C(15,2)/C(20,2) = 1 − 105/190.
    assert_eq!(odds.rows.len(), 1);
    assert_eq!(odds.rows[0].drawn, 2);
    assert!((odds.rows[0].chance - 85.0 / 190.0).abs() < 1e-12);
}

#[test]
fn a_card_listed_twice_is_counted_seen_once_and_the_unseen_never_outnumber_the_pool() {
    let game = testing::game("zoids-scramble");
    let zones = vec![
        Zone::visible("hand", "Hand", Owner::You, vec![card("Alpha")]),
        Zone::hidden("deck", "Deck", Owner::You, 2),
    ];
    let list = [listed("Alpha", 2, true), listed("Alpha", 2, true)];
    let odds = odds_from_here(&game, 0, &zones, &list, 1, 1).unwrap();
    assert_eq!((odds.matching, odds.matching_seen), (4, 1));
    assert_eq!(
        odds.matching_unseen, 2,
        "3 unseen by the list, but 2 face down"
    );
    assert_eq!(odds.rows[0].chance, 1.0);
}

#[test]
fn a_turn_not_after_the_current_one_is_refused() {
    let (game, zones, list) = zoids_position();
    for by_turn in [0, 2] {
        let error = odds_from_here(&game, 2, &zones, &list, 1, by_turn).unwrap_err();
        assert!(error.to_string().contains("later turn"), "{error}");
    }
}

#[test]
fn fewer_draws_than_wanted_is_a_plain_zero_never_a_negative_one() {
    let (game, zones, list) = zoids_position();
    let odds = odds_from_here(&game, 2, &zones, &list, 2, 3).unwrap();
    assert!(odds.rows[0].chance.is_sign_positive(), "{:?}", odds.rows[0]);
    assert_eq!(format!("{:.1}", 100.0 * odds.rows[0].chance), "0.0");
}
