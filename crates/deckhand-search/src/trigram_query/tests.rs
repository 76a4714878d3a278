use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::trigram::{fold_char, keys};

fn query(pattern: &str) -> TrigramQuery {
    let hir = regex_syntax::Parser::new()
        .parse(&format!("(?is){pattern}"))
        .unwrap();
    TrigramQuery::for_regex(&hir)
}

/// The query in a compact form: `a&b`, `(a|b)`, `*` for all.
fn show(query: &TrigramQuery) -> String {
    match query {
        TrigramQuery::All => "*".into(),
        TrigramQuery::Trigram(key) => [key >> 42, (key >> 21) & 0x1f_ffff, key & 0x1f_ffff]
            .iter()
            .filter_map(|c| char::from_u32(*c as u32))
            .collect(),
        TrigramQuery::And(items) => items.iter().map(show).collect::<Vec<_>>().join("&"),
        TrigramQuery::Or(items) => {
            format!("({})", items.iter().map(show).collect::<Vec<_>>().join("|"))
        }
    }
}

fn holds(query: &TrigramQuery, grams: &BTreeSet<u64>) -> bool {
    match query {
        TrigramQuery::All => true,
        TrigramQuery::Trigram(t) => grams.contains(t),
        TrigramQuery::And(items) => items.iter().all(|q| holds(q, grams)),
        TrigramQuery::Or(items) => items.iter().any(|q| holds(q, grams)),
    }
}

fn grams_of(text: &str) -> BTreeSet<u64> {
    let folded: String = text.chars().map(fold_char).collect();
    keys(&folded).into_iter().collect()
}

#[test]
fn regexes_require_the_trigrams_of_their_literals() {
    let cases: &[(&str, &str)] = &[
        ("fl(y|ies)", "(fli&lie&ies|fly)"),
        ("Storm", "sto&tor&orm"),
        ("deal \\d damage", "dea&eal&al & da&dam&ama&mag&age"),
        ("unit.*draw", "uni&nit&dra&raw"),
        ("^st", "*"),
        ("\\d+", "*"),
        ("colou?r", "(col&olo&lor|col&olo&lou&our)"),
        ("(ab|cd)ef", "(abe&bef|cde&def)"),
        ("x.y", "*"),
        ("", "*"),
    ];
    for (pattern, expected) in cases {
        assert_eq!(show(&query(pattern)), *expected, "for /{pattern}/");
    }
}

/// Small regexes over a tiny alphabet, so random texts often match them.
fn regex_strategy() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("A".to_owned()),
        Just("ab".to_owned()),
        Just("ba".to_owned()),
        Just(" ".to_owned()),
        Just("\\d".to_owned()),
        Just(".".to_owned()),
        Just("[ab]".to_owned()),
        Just("[^a]".to_owned()),
        Just("\\b".to_owned()),
        Just("^".to_owned()),
        Just("$".to_owned()),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 2..4).prop_map(|v| v.concat()),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(?:{a}|{b})")),
            inner.clone().prop_map(|a| format!("(?:{a})?")),
            inner.clone().prop_map(|a| format!("(?:{a})*")),
            inner.clone().prop_map(|a| format!("(?:{a})+")),
            inner.prop_map(|a| format!("(?:{a}){{2,3}}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The query is a necessary condition: a text the regex matches always satisfies it.
    #[test]
    fn every_text_the_regex_matches_passes_the_trigram_filter(
        pattern in regex_strategy(),
        text in "[abAB1 ]{0,12}",
    ) {
        let full = format!("(?is){pattern}");
        let regex = regex::Regex::new(&full).unwrap();
        if regex.is_match(&text) {
            let hir = regex_syntax::Parser::new().parse(&full).unwrap();
            let q = TrigramQuery::for_regex(&hir);
            prop_assert!(holds(&q, &grams_of(&text)), "/{}/ matches {:?} but {} fails", pattern, text, show(&q));
        }
    }
}
