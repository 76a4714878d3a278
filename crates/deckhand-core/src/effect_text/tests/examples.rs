use super::*;

/// The examples, and one of each shape, read into the typed form and printed back
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
