//! parse(print(e)) == e over generated effects.

use proptest::prelude::*;

use super::*;

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
