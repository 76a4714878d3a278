//! Name folding and slugs, shared by import, lookup and the store.

/// The comparison key of a card name: trimmed, lower-cased, curly quotes folded to
/// straight ones and inner runs of white space collapsed
/// (docs/decks.md#each-games-deck-rules).
pub fn fold_name(name: &str) -> String {
    let mut folded = String::with_capacity(name.len());
    for word in name.split_whitespace() {
        if !folded.is_empty() {
            folded.push(' ');
        }
        for ch in word.chars() {
            match ch {
                '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => folded.push('\''),
                '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => folded.push('"'),
                _ => folded.extend(ch.to_lowercase()),
            }
        }
    }
    folded
}

/// Whether `a` and `b` fold to the same key (`fold_name(a) == fold_name(b)`) without
/// building either: definitions looked up by name for every imported card (keywords,
/// types, stat values) cost two allocations a candidate otherwise.
pub fn same_folded(a: &str, b: &str) -> bool {
    if a.eq_ignore_ascii_case(b) {
        return true;
    }
    // Most names are plain: their folded form is their ASCII lower case, which the line
    // above compared (a card's keywords against a game's were 6 % of an unchanged import).
    if is_plain(a) && is_plain(b) {
        return false;
    }
    folded_chars(a).eq(folded_chars(b))
}

/// ASCII, single spaces between words, none around them: folds to its lower case.
fn is_plain(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && bytes
            .iter()
            .all(|b| b.is_ascii() && (*b == b' ' || !b.is_ascii_whitespace()))
        && !name.contains("  ")
}

/// The characters of `fold_name(name)`, one by one.
fn folded_chars(name: &str) -> impl Iterator<Item = char> + '_ {
    name.split_whitespace().enumerate().flat_map(|(i, word)| {
        let space = (i > 0).then_some(' ');
        space.into_iter().chain(
            word.chars()
                .map(|ch| match ch {
                    '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => '\'',
                    '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
                    other => other,
                })
                .flat_map(char::to_lowercase),
        )
    })
}

/// A stable, URL-safe slug: ASCII letters and digits kept (lower-cased), every other run
/// of characters becomes one `-`. Used for default card ids (`zoids-scramble-shield-liger`).
pub fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_dash = false;
    for ch in fold_name(text).chars() {
        if ch.is_ascii_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.push(ch);
        } else if ch != '\'' {
            pending_dash = true;
        }
    }
    out
}

/// `text` as one line: control characters (line breaks, tabs, escape codes) and line or
/// paragraph separators become spaces, runs of white space one space, and the ends are
/// trimmed. What a deck name read from a file is made into: a file cannot inject lines
/// into a header or a list.
pub fn one_line(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if breaks_line(c) { ' ' } else { c })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first character (0-based index in characters) that keeps `text` from being one
/// line: a control character or a line or paragraph separator.
pub fn line_breaker(text: &str) -> Option<(usize, char)> {
    text.chars().enumerate().find(|&(_, c)| breaks_line(c))
}

/// What [`line_breaker`] found, in words: "a line break", "a tab", "the control
/// character U+001B".
pub fn line_breaker_words(c: char) -> String {
    match c {
        '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => "a line break".into(),
        '\t' => "a tab".into(),
        other => format!("the control character U+{:04X}", u32::from(other)),
    }
}

pub(crate) fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// The sort key of a folded card name in which numbers compare as numbers: each run of
/// ASCII digits, leading zeros dropped, is led by its length in two digits ("zoid 553" →
/// "zoid 03553", "zoid 5530" → "zoid 045530"), so byte order is a player's order. The
/// store's card list and the search index's `order:name` both sort by it.
pub fn natural_key(name_key: &str) -> String {
    let mut key = String::with_capacity(name_key.len() + 8);
    let mut rest = name_key;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        key.push_str(&rest[..start]);
        let run = &rest[start..];
        let end = run.find(|c: char| !c.is_ascii_digit()).unwrap_or(run.len());
        let digits = run[..end].trim_start_matches('0');
        let digits = if digits.is_empty() { "0" } else { digits };
        key.push_str(&format!("{:02}", digits.len().min(99)));
        key.push_str(digits);
        rest = &run[end..];
    }
    key.push_str(rest);
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_case_space_and_curly_quotes() {
        assert_eq!(fold_name("  Zoid\u{2019}s   Roar "), "zoid's roar");
        assert_eq!(fold_name("\u{201C}Big\u{201D} LIGER"), "\"big\" liger");
    }

    #[test]
    fn same_folded_agrees_with_comparing_folded_names() {
        let names = [
            "Scouting",
            "  scouting ",
            "SCOUTING",
            "Scout ing",
            "Scout   ing",
            "Zoid\u{2019}s Roar",
            "zoid's roar",
            "\u{201C}Big\u{201D} LIGER",
            "\"big\" liger",
            "\u{130}stanbul",
            "i\u{307}stanbul",
            "",
            "   ",
            "Scoutin",
        ];
        for a in names {
            for b in names {
                assert_eq!(
                    same_folded(a, b),
                    fold_name(a) == fold_name(b),
                    "{a:?} vs {b:?}"
                );
            }
        }
    }

    #[test]
    fn one_line_folds_line_breaks_and_control_characters_to_single_spaces() {
        let cases = [
            ("Red Rush", "Red Rush"),
            ("Red\nRush", "Red Rush"),
            ("Red\r\n\r\nRush\n", "Red Rush"),
            ("\tRed \u{1b}[31m Rush", "Red [31m Rush"),
            ("Red\u{2028}Rush\u{85}", "Red Rush"),
            ("Red\0Rush", "Red Rush"),
            ("\n\r\t", ""),
            ("Zoid\u{2019}s  Roar", "Zoid\u{2019}s Roar"),
        ];
        for (text, line) in cases {
            assert_eq!(one_line(text), line, "{text:?}");
            assert_eq!(line_breaker(&one_line(text)), None, "{text:?}");
        }
    }

    #[test]
    fn line_breaker_finds_the_first_character_that_breaks_a_line() {
        assert_eq!(line_breaker("Red Rush"), None);
        assert_eq!(line_breaker("Red\nRush"), Some((3, '\n')));
        assert_eq!(line_breaker("R\u{e9}d\u{2029}"), Some((3, '\u{2029}')));
        assert_eq!(line_breaker("a\tb"), Some((1, '\t')));
    }

    #[test]
    fn slugs_are_stable_and_safe() {
        assert_eq!(
            slug("zoids-scramble Shield Liger"),
            "zoids-scramble-shield-liger"
        );
        assert_eq!(slug("Rita\u{2019}s  Wand!"), "ritas-wand");
        assert_eq!(slug("--Hello--"), "hello");
    }
}
