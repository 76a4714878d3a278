//! Triggers on another card's event, HP requirements, ready and copy (PR Deck-Building).

use super::*;

#[test]
fn triggers_on_another_card_hp_checks_ready_and_copy_read_and_print_back() {
    let filter = |q: &str| Some(Filter(q.into()));
    let cases: Vec<(&str, Effect)> = vec![
        (
            "when you play [t:hero] if no [t:hero] in played: gain 1 shards",
            Effect {
                card: filter("t:hero"),
                requirement: Some(Requirement {
                    filter: filter("t:hero"),
                    zone: "played".into(),
                    at_least: 1,
                    negated: true,
                    distinct: false,
                }),
                ..effect(
                    Trigger::PlaysCard,
                    vec![Step::Gain {
                        amount: fixed(1),
                        resource: "shards".into(),
                    }],
                )
            },
        ),
        (
            "when you attach [t:maneuver]: draw 1",
            Effect {
                card: filter("t:maneuver"),
                ..effect(Trigger::AttachesCard, vec![Step::Draw { count: fixed(1) }])
            },
        ),
        (
            "when you destroy: gain 1 energy",
            effect(
                Trigger::DestroysCard,
                vec![Step::Gain {
                    amount: fixed(1),
                    resource: "energy".into(),
                }],
            ),
        ),
        (
            "when you buy [t:villain]: deal 1 damage",
            Effect {
                card: filter("t:villain"),
                ..effect(Trigger::BuysCard, vec![Step::Damage { amount: fixed(1) }])
            },
        ),
        (
            "when played if hp < opponent: heal 1",
            Effect {
                hp: Some(HpCheck::BelowOpponent),
                ..effect(Trigger::Played, vec![Step::Heal { amount: fixed(1) }])
            },
        ),
        (
            "at turn start if [t:location] in control and hp <= 15: heal 1",
            Effect {
                requirement: Some(Requirement {
                    filter: filter("t:location"),
                    zone: "control".into(),
                    at_least: 1,
                    negated: false,
                    distinct: false,
                }),
                hp: Some(HpCheck::AtMost(15)),
                ..effect(Trigger::TurnStart, vec![Step::Heal { amount: fixed(1) }])
            },
        ),
        (
            "activate (spend 6 energy): ready 1 [-!\"Clockwork Claw\"]",
            Effect {
                cost: vec![Step::Spend {
                    amount: fixed(6),
                    resource: "energy".into(),
                }],
                ..effect(
                    Trigger::Activated,
                    vec![Step::Ready {
                        count: fixed(1),
                        filter: filter("-!\"Clockwork Claw\""),
                    }],
                )
            },
        ),
        (
            "activate (spend 4 energy): copy [-!\"Mirror Goblin\"], copy",
            Effect {
                cost: vec![Step::Spend {
                    amount: fixed(4),
                    resource: "energy".into(),
                }],
                ..effect(
                    Trigger::Activated,
                    vec![
                        Step::Copy {
                            filter: filter("-!\"Mirror Goblin\""),
                        },
                        Step::Copy { filter: None },
                    ],
                )
            },
        ),
    ];
    for (text, typed) in cases {
        assert_eq!(parse_effects(text, None), Ok(vec![typed.clone()]), "{text}");
        assert_eq!(print_effects(&[typed]), text);
    }
    for (text, at) in [
        ("when played if hp = 3: heal 1", 19),
        ("when you play [t:hero: draw 1", 15),
        ("when played: copyx", 14),
    ] {
        let err = parse_effects(text, None).unwrap_err();
        assert_eq!(err.position, at, "{text}: {err}");
    }
}
