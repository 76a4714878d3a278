//! The written form read, the filters matched, and each primitive run on a toy board.

use deckhand_core::{Amount, Effect, Step, Trigger};

use super::text::parse_effects;

#[test]
fn keyword_templates_read_into_the_effects_they_say() {
    let cases: &[(&str, Effect)] = &[(
        "when set: may draw 1",
        Effect {
            trigger: Trigger::Set,
            requirement: None,
            optional: true,
            cost: Vec::new(),
            steps: vec![Step::Draw {
                count: Amount::Fixed(1),
            }],
        },
    )];
    for (text, expected) in cases {
        assert_eq!(
            parse_effects(text).as_deref(),
            Ok(std::slice::from_ref(expected)),
            "{text}"
        );
    }
}
