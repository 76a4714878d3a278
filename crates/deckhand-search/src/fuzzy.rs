//! Fuzzy name matching for typos ("did you mean …?"), used by card lookup and, later,
//! deck import.

use deckhand_core::fold_name;

/// Names longer than this get no suggestions: no card name is nearly as long, and the edit
/// distance costs the product of the two lengths for every candidate (a 1 MB "name" from a
/// damaged file took seconds per card).
pub const MAX_SUGGESTED_CHARS: usize = 200;

/// Up to `limit` candidate names closest to `name`, best first. A candidate qualifies when
/// it contains the typed name, or when its normalised edit distance is small enough to be a
/// typo (Jaro-Winkler breaks ties).
pub fn suggest_names<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: usize,
) -> Vec<&'a str> {
    let wanted = fold_name(name);
    if wanted.is_empty() || limit == 0 || wanted.chars().nth(MAX_SUGGESTED_CHARS).is_some() {
        return Vec::new();
    }
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let folded = fold_name(candidate);
            let similarity = strsim::normalized_damerau_levenshtein(&wanted, &folded)
                .max(0.9 * strsim::jaro_winkler(&wanted, &folded) - 0.1);
            let contains = wanted.len() >= 3 && folded.contains(&wanted);
            let score = if contains {
                similarity.max(0.75)
            } else {
                similarity
            };
            (score >= 0.6).then_some((score, candidate))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(limit).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &[
        "Shield Liger",
        "Command Wolf",
        "Storm Sworder",
        "Shadow Fox",
        "Liger Zero",
    ];

    #[test]
    fn typos_find_the_intended_card_first() {
        let cases = [
            ("Sheild Liger", "Shield Liger"),
            ("shield lgier", "Shield Liger"),
            ("comand wolf", "Command Wolf"),
            ("storm sworder", "Storm Sworder"),
            ("shadowfox", "Shadow Fox"),
        ];
        for (typed, expected) in cases {
            assert_eq!(
                suggest_names(typed, NAMES.iter().copied(), 3).first(),
                Some(&expected),
                "{typed}"
            );
        }
    }

    #[test]
    fn unrelated_names_suggest_nothing() {
        assert!(suggest_names("Dragonfire Ascension", NAMES.iter().copied(), 3).is_empty());
        assert!(suggest_names("", NAMES.iter().copied(), 3).is_empty());
    }

    #[test]
    fn a_partial_name_suggests_the_cards_containing_it() {
        let found = suggest_names("liger", NAMES.iter().copied(), 3);
        assert!(
            found.contains(&"Shield Liger") && found.contains(&"Liger Zero"),
            "{found:?}"
        );
    }
}
