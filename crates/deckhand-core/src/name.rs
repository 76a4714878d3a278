//! Name folding and slugs, shared by import, lookup and the store.

/// The comparison key of a card name: trimmed, lower-cased, curly quotes folded to
/// straight ones and inner runs of white space collapsed (GAMES.md: names compare
/// case-insensitively after trimming and folding curly quotes).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_case_space_and_curly_quotes() {
        assert_eq!(fold_name("  Zoid\u{2019}s   Roar "), "zoid's roar");
        assert_eq!(fold_name("\u{201C}Big\u{201D} LIGER"), "\"big\" liger");
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
