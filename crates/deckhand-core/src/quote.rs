//! User text quoted back in a message.

use std::borrow::Cow;

/// The most characters of one name or line a message quotes.
pub const QUOTED_CHARS: usize = 80;

/// `text` as a one-line message quotes it: a control character or a line separator is
/// escaped as Rust writes it (`\n`, `\t`, `\0`, `\u{1b}`, see [`escape_controls`]), and past
/// [`QUOTED_CHARS`] characters (escapes counted as written) it is cut with "…", so a file
/// with a 1 MB line gives a short error rather than echoing the line back whole, and a
/// file cannot put a line break or a terminal escape into an error line.
pub fn clip(text: &str) -> Cow<'_, str> {
    if text.char_indices().nth(QUOTED_CHARS).is_none() && !text.chars().any(breaks_line) {
        return Cow::Borrowed(text);
    }
    let mut quoted = String::new();
    let (mut used, mut fits) = (0, 0);
    for c in text.chars() {
        let start = quoted.len();
        push_escaped(&mut quoted, c);
        used += quoted[start..].chars().count();
        if used > QUOTED_CHARS {
            quoted.truncate(fits);
            quoted.push('…');
            break;
        }
        if used < QUOTED_CHARS {
            fits = quoted.len();
        }
    }
    Cow::Owned(quoted)
}

/// `text` with every character that would break a one-line message (a control character,
/// a line or paragraph separator) escaped as Rust writes it: `\n`, `\r`, `\t`, `\0`,
/// `\u{1b}`, `\u{2028}`. Messages apply it to whatever a file may have said (its name, a
/// header cell, a JSON key), so an error line stays one line and no terminal escape or NUL
/// reaches the screen.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(breaks_line) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut escaped, c);
    }
    Cow::Owned(escaped)
}

fn push_escaped(out: &mut String, c: char) {
    if breaks_line(c) {
        out.extend(c.escape_debug());
    } else {
        out.push(c);
    }
}

fn breaks_line(c: char) -> bool {
    crate::name::breaks_line(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_one_line_of_at_most_80_characters() {
        let long = "é".repeat(1 << 20);
        let clipped = format!("{}…", "é".repeat(QUOTED_CHARS - 1));
        let exact = "x".repeat(QUOTED_CHARS);
        let escapes = "\u{1b}".repeat(QUOTED_CHARS);
        let escapes_clipped = format!("{}…", "\\u{1b}".repeat((QUOTED_CHARS - 1) / 6));
        let cases = [
            ("Shield Liger", "Shield Liger"),
            (exact.as_str(), exact.as_str()),
            (long.as_str(), clipped.as_str()),
            (escapes.as_str(), escapes_clipped.as_str()),
        ];
        for (text, quoted) in cases {
            assert_eq!(clip(text), quoted);
            assert!(clip(text).chars().count() <= QUOTED_CHARS);
        }
    }

    /// Issue "Nothing a file can say breaks Deckhand": a newline, an escape code or a NUL
    /// from a file reached error lines raw.
    #[test]
    fn control_characters_are_escaped_in_quoted_text() {
        let cases = [
            ("two\nlines\tand a tab", "two\\nlines\\tand a tab"),
            ("\u{1b}[31mred\u{1b}[0m", "\\u{1b}[31mred\\u{1b}[0m"),
            ("nul\0here\r", "nul\\0here\\r"),
            ("line\u{2028}separator", "line\\u{2028}separator"),
            ("quotes ' \" and \\ stay", "quotes ' \" and \\ stay"),
        ];
        for (text, quoted) in cases {
            assert_eq!(clip(text), quoted, "{text:?}");
            assert_eq!(escape_controls(text), quoted, "{text:?}");
        }
    }
}
