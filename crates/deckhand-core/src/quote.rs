//! User text quoted back in a message.

use std::borrow::Cow;

/// The most characters of one name or line a message quotes.
pub const QUOTED_CHARS: usize = 80;

/// `text` as a one-line message quotes it: control characters (a newline, a tab) read as
/// spaces, and past [`QUOTED_CHARS`] characters it is cut with "…", so a file with a 1 MB
/// line gives a short error rather than echoing the line back whole.
pub fn clip(text: &str) -> Cow<'_, str> {
    let long = text.char_indices().nth(QUOTED_CHARS).is_some();
    if !long && !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let kept = if long { QUOTED_CHARS - 1 } else { QUOTED_CHARS };
    let mut quoted: String = text
        .chars()
        .take(kept)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if long {
        quoted.push('…');
    }
    Cow::Owned(quoted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_one_line_of_at_most_80_characters() {
        let long = "é".repeat(1 << 20);
        let clipped = format!("{}…", "é".repeat(QUOTED_CHARS - 1));
        let exact = "x".repeat(QUOTED_CHARS);
        let cases = [
            ("Shield Liger", "Shield Liger"),
            ("two\nlines\tand a tab", "two lines and a tab"),
            (exact.as_str(), exact.as_str()),
            (long.as_str(), clipped.as_str()),
        ];
        for (text, quoted) in cases {
            assert_eq!(clip(text), quoted);
            assert!(clip(text).chars().count() <= QUOTED_CHARS);
        }
    }
}
