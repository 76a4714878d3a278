use proptest::prelude::*;

use super::*;
use crate::Games;

const GAME: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Zoid"
stats = ["power", "cost"]
[stats.power]
label = "Power"
kind = "number"
[stats.cost]
label = "Cost"
kind = "number"
[[sections]]
id = "main"
name = "Main"
[effects]
triggers = ["played", "set", "attacks", "static", "activated", "loses_battle"]
zones = ["deck", "hand", "discard", "arena", "energy"]
resources = ["energy"]
"#;

fn words() -> EffectWords {
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    EffectWords::for_game(games.get("tiny").unwrap())
}

fn fixed(n: i64) -> Amount {
    Amount::Fixed(n)
}

fn effect(trigger: Trigger, steps: Vec<Step>) -> Effect {
    Effect {
        trigger,
        requirement: None,
        optional: false,
        cost: Vec::new(),
        steps,
        card: None,
        hp: None,
    }
}

/// The issue's examples, and one of each shape, read into the typed form and printed back
/// exactly as written.
#[test]
fn the_written_examples_read_as_their_typed_effects_and_print_back_unchanged() {
    let filter = |q: &str| Some(Filter(q.into()));
    let cases: Vec<(&str, Vec<Effect>)> = vec![
        ("", vec![]),
        (
            "when set: may draw 1",
            vec![Effect {
                optional: true,
                ..effect(Trigger::Set, vec![Step::Draw { count: fixed(1) }])
            }],
        ),
        (
            "activate (spend 2 energy): deal 2 damage",
            vec![Effect {
                cost: vec![Step::Spend {
                    amount: fixed(2),
                    resource: "energy".into(),
                }],
                ..effect(Trigger::Activated, vec![Step::Damage { amount: fixed(2) }])
            }],
        ),
        (
            "when attacks: this +2 power until end of battle",
            vec![effect(
                Trigger::Attacks,
                vec![Step::Modify {
                    stat: "power".into(),
                    by: fixed(2),
                    target: Target::This,
                    duration: Duration::Battle,
                }],
            )],
        ),
        (
            "while in play: others [sub:wolf] +1 power while in play",
            vec![effect(
                Trigger::Static,
                vec![Step::Modify {
                    stat: "power".into(),
                    by: fixed(1),
                    target: Target::Others {
                        filter: filter("sub:wolf"),
                    },
                    duration: Duration::WhileInPlay,
                }],
            )],
        ),
        (
            "when loses battle: deal 1 per [kw:evil] in discard damage",
            vec![effect(
                Trigger::LosesBattle,
                vec![Step::Damage {
                    amount: Amount::Per(PerCount {
                        each: 1,
                        filter: filter("kw:evil"),
                        zone: "discard".into(),
                        max: None,
                        distinct: false,
                    }),
                }],
            )],
        ),
        (
            "when played: draw 2, discard 1 | when set if 2+ [t:zoid power<=3] in arena: \
             search 1 [t:zoid] from deck to hand",
            vec![
                effect(
                    Trigger::Played,
                    vec![
                        Step::Draw { count: fixed(2) },
                        Step::Discard {
                            count: fixed(1),
                            filter: None,
                        },
                    ],
                ),
                Effect {
                    requirement: Some(Requirement {
                        filter: filter("t:zoid power<=3"),
                        zone: "arena".into(),
                        at_least: 2,
                        negated: false,
                        distinct: false,
                    }),
                    ..effect(
                        Trigger::Set,
                        vec![Step::Move {
                            count: fixed(1),
                            from: "deck".into(),
                            to: "hand".into(),
                            filter: filter("t:zoid"),
                            search: true,
                        }],
                    )
                },
            ],
        ),
        (
            "when played if no in arena: choose (gain 1 energy) or (heal 2, roll 1 per in hand max 3)",
            vec![Effect {
                requirement: Some(Requirement {
                    filter: None,
                    zone: "arena".into(),
                    at_least: 1,
                    negated: true,
                    distinct: false,
                }),
                ..effect(
                    Trigger::Played,
                    vec![Step::Choose {
                        options: vec![
                            vec![Step::Gain {
                                amount: fixed(1),
                                resource: "energy".into(),
                            }],
                            vec![
                                Step::Heal { amount: fixed(2) },
                                Step::Roll {
                                    dice: Amount::Per(PerCount {
                                        each: 1,
                                        filter: None,
                                        zone: "hand".into(),
                                        max: Some(3),
                                        distinct: false,
                                    }),
                                },
                            ],
                        ],
                    }],
                )
            }],
        ),
        (
            "at turn end: each [t:zoid] -1 power until end of turn, prevent 2 damage, \
             move 1 [!\"Odd ] Name\"] from discard to deck",
            vec![effect(
                Trigger::TurnEnd,
                vec![
                    Step::Modify {
                        stat: "power".into(),
                        by: fixed(-1),
                        target: Target::Each {
                            filter: filter("t:zoid"),
                        },
                        duration: Duration::Turn,
                    },
                    Step::Prevent { amount: fixed(2) },
                    Step::Move {
                        count: fixed(1),
                        from: "discard".into(),
                        to: "deck".into(),
                        filter: filter("!\"Odd ] Name\""),
                        search: false,
                    },
                ],
            )],
        ),
        (
            "when played: split hits among 2 in one row, reroll 1 | after attack if fewer than 3 in hand: \
             split hits among 2",
            vec![
                effect(
                    Trigger::Played,
                    vec![
                        Step::Split {
                            among: fixed(2),
                            row: true,
                        },
                        Step::Reroll { dice: fixed(1) },
                    ],
                ),
                Effect {
                    requirement: Some(Requirement {
                        filter: None,
                        zone: "hand".into(),
                        at_least: 3,
                        negated: true,
                        distinct: false,
                    }),
                    ..effect(
                        Trigger::AfterAttack,
                        vec![Step::Split {
                            among: fixed(2),
                            row: false,
                        }],
                    )
                },
            ],
        ),
        (
            "activate (spend 1 energy): one [t:zoid] +1 power permanently, one [t:zoid] +1 power permanently",
            vec![Effect {
                cost: vec![Step::Spend {
                    amount: fixed(1),
                    resource: "energy".into(),
                }],
                ..effect(
                    Trigger::Activated,
                    vec![
                        Step::Modify {
                            stat: "power".into(),
                            by: fixed(1),
                            target: Target::One {
                                filter: filter("t:zoid"),
                            },
                            duration: Duration::Permanent,
                        };
                        2
                    ],
                )
            }],
        ),
        (
            "when played: fill hand to 8",
            vec![effect(Trigger::Played, vec![Step::FillHand { size: fixed(8) }])],
        ),
        (
            "when played: reorder top 3 of deck | when played: reorder top 1 per [t:zoid] in arena of deck to bottom",
            vec![
                effect(
                    Trigger::Played,
                    vec![Step::Reorder {
                        count: fixed(3),
                        zone: "deck".into(),
                        bottom: false,
                    }],
                ),
                effect(
                    Trigger::Played,
                    vec![Step::Reorder {
                        count: Amount::Per(PerCount {
                            each: 1,
                            filter: filter("t:zoid"),
                            zone: "arena".into(),
                            max: None,
                            distinct: false,
                        }),
                        zone: "deck".into(),
                        bottom: true,
                    }],
                ),
            ],
        ),
        (
            "when you play [!Teamwork] if fewer than 2 distinct [t:starter] in discard: gain 1 per distinct [t:starter -!Teamwork] in hand energy | when played: swap two adjacent unresolved cards",
            vec![
                Effect {
                    card: filter("!Teamwork"),
                    requirement: Some(Requirement {
                        filter: filter("t:starter"),
                        zone: "discard".into(),
                        at_least: 2,
                        negated: true,
                        distinct: true,
                    }),
                    ..effect(
                        Trigger::PlaysCard,
                        vec![Step::Gain {
                            amount: Amount::Per(PerCount {
                                each: 1,
                                filter: filter("t:starter -!Teamwork"),
                                zone: "hand".into(),
                                max: None,
                                distinct: true,
                            }),
                            resource: "energy".into(),
                        }],
                    )
                },
                effect(Trigger::Played, vec![Step::SwapAdjacent]),
            ],
        ),
        (
            "when played: ignore guard, unguard one [kw:guard], roll dice at an adjacent card",
            vec![effect(
                Trigger::Played,
                vec![
                    Step::IgnoreGuard,
                    Step::Unguard {
                        target: Target::One {
                            filter: filter("kw:guard"),
                        },
                    },
                    Step::RollAdjacent,
                ],
            )],
        ),
        (
            "while in play: cap hits at 3 on each [t:zoid], ignore first 1 hits on others",
            vec![effect(
                Trigger::Static,
                vec![
                    Step::CapHits {
                        max: fixed(3),
                        target: Target::Each {
                            filter: filter("t:zoid"),
                        },
                    },
                    Step::IgnoreHits {
                        first: fixed(1),
                        target: Target::Others { filter: None },
                    },
                ],
            )],
        ),
        (
            "when wins battle: deal 1 damage to an adjacent card",
            vec![effect(
                Trigger::WinsBattle,
                vec![Step::DamageAdjacent { amount: fixed(1) }],
            )],
        ),
        (
            "when played: each [t:zoid] +1 power until next attack",
            vec![effect(
                Trigger::Played,
                vec![Step::Modify {
                    stat: "power".into(),
                    by: fixed(1),
                    target: Target::Each {
                        filter: filter("t:zoid"),
                    },
                    duration: Duration::NextAttack,
                }],
            )],
        ),
    ];
    for (text, expected) in cases {
        let parsed = parse_effects(text, Some(&words())).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed, expected, "{text}");
        assert_eq!(print_effects(&parsed), text);
    }
}

#[test]
fn a_mistake_is_reported_at_its_character_with_what_was_expected() {
    let cases = [
        (
            "when set: move 1 from dek to hand",
            "at 23: expected a zone (deck, hand, discard, arena, energy)",
        ),
        ("when sett: draw 1", "at 1: expected a trigger"),
        ("whenever: draw 1", "at 1: expected a trigger (when played"),
        ("when set: draw one", "at 16: expected a number"),
        ("when set: fly 1", "at 11: expected a step (draw"),
        ("when set: fill hand 8", "at 11: expected a step (draw"),
        ("when set: one [t:zoid] +1 power", "at 32: expected \" \""),
        (
            "when set: gain 1 mana",
            "at 18: expected a resource (energy)",
        ),
        (
            "when set: this +1 speed permanently",
            "at 19: expected a stat (cost, power)",
        ),
        (
            "when set: this 1 power permanently",
            "at 16: expected + or -",
        ),
        (
            "when set: this +1 power forever",
            "at 25: expected a duration",
        ),
        (
            "when set: discard 1 [powr>=2]",
            "at 22: in the filter: unknown field 'powr' at 1",
        ),
        (
            "when set: discard 1 [owned>=1]",
            "at 22: in the filter: an effect filter cannot count",
        ),
        ("when set: discard 1 [t:zoid", "at 21: unclosed ["),
        ("when set: draw 1 | ", "at 20: expected a trigger"),
        ("when set: draw 1; draw 2", "at 17: expected \" | \""),
        ("activate (spend 1 energy: draw 1", "at 25: expected \")\""),
        (
            "when set: choose (draw 1) or draw 2",
            "at 26: expected \" | \"",
        ),
    ];
    for (text, expected) in cases {
        let err = parse_effects(text, Some(&words()))
            .expect_err(text)
            .to_string();
        assert!(
            err.starts_with(expected),
            "{text}: got {err:?}, want {expected:?}"
        );
    }
}

#[test]
fn without_a_game_any_word_is_a_zone_resource_or_stat() {
    let text = "when set: gain 1 mana, move 1 from vault to hand, this +1 speed permanently";
    let parsed = parse_effects(text, None).unwrap();
    assert_eq!(print_effects(&parsed), text);
}

#[test]
fn a_keyword_template_is_filled_from_the_keywords_value() {
    let cases = [
        ("when set: may draw {value}", "2", "when set: may draw 2"),
        (
            "when attacks: this +{1} {2} until end of battle",
            "3 power",
            "when attacks: this +3 power until end of battle",
        ),
        ("when set: draw {2}", "1", "when set: draw {2}"),
    ];
    for (template, value, filled) in cases {
        assert_eq!(fill_template(template, value), filled);
    }
}

// --- parse(print(e)) == e over generated effects ---

fn zone() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["deck", "hand", "discard", "arena", "energy"]).prop_map(String::from)
}

fn filter() -> impl Strategy<Value = Option<Filter>> {
    prop::option::of(
        prop::sample::select(vec![
            "t:zoid power<=3",
            "sub:wolf",
            "kw:ally",
            "color:blue",
            "!\"Exact Name\"",
            "-t:zoid or cost>=2",
        ])
        .prop_map(|q| Filter(q.into())),
    )
}

fn amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        3 => (0i64..100).prop_map(Amount::Fixed),
        1 => (0i64..10, filter(), zone(), prop::option::of(0i64..100), any::<bool>()).prop_map(
            |(each, filter, zone, max, distinct)| Amount::Per(PerCount { each, filter, zone, max, distinct })
        ),
    ]
}

fn signed_amount() -> impl Strategy<Value = Amount> {
    prop_oneof![
        3 => (-99i64..100).prop_map(Amount::Fixed),
        1 => (-9i64..10, filter(), zone(), prop::option::of(0i64..100), any::<bool>()).prop_map(
            |(each, filter, zone, max, distinct)| Amount::Per(PerCount { each, filter, zone, max, distinct })
        ),
    ]
}

fn simple_step() -> impl Strategy<Value = Step> {
    let resource = || prop::sample::select(vec!["energy", "shards"]).prop_map(String::from);
    let target = prop_oneof![
        Just(Target::This),
        filter().prop_map(|filter| Target::Others { filter }),
        filter().prop_map(|filter| Target::Each { filter }),
        filter().prop_map(|filter| Target::One { filter }),
    ];
    let duration = prop::sample::select(vec![
        Duration::Battle,
        Duration::Turn,
        Duration::Permanent,
        Duration::WhileInPlay,
        Duration::NextAttack,
    ]);
    prop_oneof![
        amount().prop_map(|count| Step::Draw { count }),
        (amount(), filter()).prop_map(|(count, filter)| Step::Discard { count, filter }),
        (amount(), zone(), zone(), filter(), any::<bool>()).prop_map(
            |(count, from, to, filter, search)| Step::Move {
                count,
                from,
                to,
                filter,
                search
            }
        ),
        amount().prop_map(|amount| Step::Damage { amount }),
        amount().prop_map(|amount| Step::Prevent { amount }),
        amount().prop_map(|amount| Step::Heal { amount }),
        (amount(), resource()).prop_map(|(amount, resource)| Step::Gain { amount, resource }),
        (amount(), resource()).prop_map(|(amount, resource)| Step::Spend { amount, resource }),
        (
            prop::sample::select(vec!["power", "cost"]),
            signed_amount(),
            target,
            duration
        )
            .prop_map(|(stat, by, target, duration)| Step::Modify {
                stat: stat.into(),
                by,
                target,
                duration
            }),
        amount().prop_map(|dice| Step::Roll { dice }),
        amount().prop_map(|dice| Step::Reroll { dice }),
        (amount(), any::<bool>()).prop_map(|(among, row)| Step::Split { among, row }),
        amount().prop_map(|size| Step::FillHand { size }),
        (amount(), filter()).prop_map(|(count, filter)| Step::Ready { count, filter }),
        filter().prop_map(|filter| Step::Copy { filter }),
        hotg_step(),
    ]
}

/// Guard, adjacency, hit rules and reordering.
fn hotg_step() -> impl Strategy<Value = Step> {
    let target = || {
        prop_oneof![
            Just(Target::This),
            filter().prop_map(|filter| Target::Others { filter }),
            filter().prop_map(|filter| Target::Each { filter }),
            filter().prop_map(|filter| Target::One { filter }),
        ]
    };
    prop_oneof![
        (amount(), zone(), any::<bool>()).prop_map(|(count, zone, bottom)| Step::Reorder {
            count,
            zone,
            bottom
        }),
        Just(Step::IgnoreGuard),
        Just(Step::RollAdjacent),
        Just(Step::SwapAdjacent),
        target().prop_map(|target| Step::Unguard { target }),
        (amount(), target()).prop_map(|(max, target)| Step::CapHits { max, target }),
        (amount(), target()).prop_map(|(first, target)| Step::IgnoreHits { first, target }),
        amount().prop_map(|amount| Step::DamageAdjacent { amount }),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => simple_step(),
        1 => prop::collection::vec(prop::collection::vec(simple_step(), 1..3), 2..4)
            .prop_map(|options| Step::Choose { options }),
    ]
}

fn hp_check() -> impl Strategy<Value = HpCheck> {
    prop_oneof![
        (0i64..100).prop_map(HpCheck::AtMost),
        Just(HpCheck::BelowOpponent),
    ]
}

fn generated_effect() -> impl Strategy<Value = Effect> {
    let requirement = prop::option::of(prop_oneof![
        (filter(), zone(), 0u32..5, any::<bool>()).prop_map(
            |(filter, zone, at_least, distinct)| Requirement {
                filter,
                zone,
                at_least,
                negated: false,
                distinct
            }
        ),
        (filter(), zone(), any::<bool>()).prop_map(|(filter, zone, distinct)| Requirement {
            filter,
            zone,
            at_least: 1,
            negated: true,
            distinct
        }),
        (filter(), zone(), 2u32..5, any::<bool>()).prop_map(
            |(filter, zone, at_least, distinct)| Requirement {
                filter,
                zone,
                at_least,
                negated: true,
                distinct
            }
        ),
    ]);
    (
        prop::sample::select(Trigger::ALL.to_vec()),
        requirement,
        any::<bool>(),
        prop::collection::vec(simple_step(), 0..3),
        prop::collection::vec(step(), 1..4),
        (filter(), prop::option::of(hp_check())),
    )
        .prop_map(
            |(trigger, requirement, optional, cost, steps, (card, hp))| Effect {
                trigger,
                requirement,
                optional,
                // The written form states a cost only for an activated ability.
                cost: if trigger == Trigger::Activated {
                    cost
                } else {
                    Vec::new()
                },
                steps,
                // Only a trigger on another card's event names one.
                card: card.filter(|_| trigger.on_another_card()),
                hp,
            },
        )
}

proptest! {
    #[test]
    fn printing_then_parsing_gives_back_the_same_effects(
        effects in prop::collection::vec(generated_effect(), 0..4)
    ) {
        let text = print_effects(&effects);
        let parsed = parse_effects(&text, None).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&parsed, &effects, "{}", text);
        prop_assert_eq!(print_effects(&parsed), text);
    }

    #[test]
    fn any_text_parses_or_errors_without_panicking(text in "\\PC{0,60}") {
        let _ = parse_effects(&text, Some(&words()));
    }
}

// Triggers on another card's event, HP requirements, ready and copy (PR Deck-Building).

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

/// `choose (choose (… (draw 1) or (draw 1)) …) or (draw 1)`, `depth` deep.
fn nested_choices(depth: usize) -> String {
    let mut steps = "draw 1".to_owned();
    for _ in 0..depth {
        steps = format!("choose ({steps}) or (draw 1)");
    }
    format!("when set: {steps}")
}

#[test]
fn choices_nest_up_to_the_limit_and_read_back_from_json() {
    let text = nested_choices(MAX_CHOICE_NESTING);
    let effects = parse_effects(&text, Some(&words())).unwrap();
    assert_eq!(print_effects(&effects), text);
    // What the database stores reads back: serde_json's own depth limit is not reached.
    let json = serde_json::to_string(&effects).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Effect>>(&json).unwrap(), effects);
}

#[test]
fn choices_nested_past_the_limit_are_refused_at_the_choice_even_on_a_small_stack() {
    for depth in [MAX_CHOICE_NESTING + 1, 42, 10_000] {
        let text = nested_choices(depth);
        // A worker thread's stack: the parser must stop before recursing that deep.
        let err = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || parse_effects(&text, None).unwrap_err())
            .unwrap()
            .join()
            .unwrap();
        assert!(err.message.contains("nest at most 8 deep"), "{err}");
        // At the `choose` one past the limit: "when set: " then eight "choose (".
        assert_eq!(err.position, "when set: ".len() + 8 * "choose (".len() + 1);
    }
}

#[test]
fn effects_given_as_json_nested_past_the_limit_are_refused_by_the_card_check() {
    let games = Games::from_sources([("tiny.toml", GAME)]).unwrap();
    let deep = parse_effects(&nested_choices(MAX_CHOICE_NESTING), None).unwrap();
    let deeper = Effect {
        steps: vec![Step::Choose {
            options: vec![deep[0].steps.clone(), vec![Step::Draw { count: fixed(1) }]],
        }],
        ..deep[0].clone()
    };
    let json = format!(
        r#"{{"game": "tiny", "cards": [{{"name": "Deep", "type": "Zoid", "effects": [{}]}}]}}"#,
        serde_json::to_string(&deeper).unwrap()
    );
    let err = crate::CardSet::from_json("deep.json", &json, &games).unwrap_err();
    assert!(err.to_string().contains("nest at most 8 deep"), "{err}");
}
