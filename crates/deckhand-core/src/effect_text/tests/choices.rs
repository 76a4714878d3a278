use super::*;

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
