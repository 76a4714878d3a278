//! Trigrams of names and texts: the pre-filter that lets a `/regex/` look only at the cards
//! that can contain its literals.
//!
//! Both sides fold each character the same way ([`fold_char`]); a case-insensitive regex
//! matching a character also matches its folded form, so a card whose text contains a
//! match always contains the folded trigrams of the regex's literals.

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// The tokenizer's registered name.
pub const TRIGRAM_TOKENIZER: &str = "deckhand_trigram";

/// Lower-cases a character when that gives exactly one character (otherwise keeps it),
/// then merges the lower-case letters that have a second lower-case form (`ſ` is an `s`).
/// Any per-character function would keep the pre-filter correct; this one merges the case
/// variants a `(?i)` regex treats as equal, so a class like `[Ssſ]` becomes one literal.
pub fn fold_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut lower = c.to_lowercase();
    let lower = match (lower.next(), lower.next()) {
        (Some(l), None) => l,
        _ => return c,
    };
    match lower {
        'ſ' => 's',
        'ς' => 'σ',
        'ϐ' => 'β',
        'ϑ' => 'θ',
        'ϕ' => 'φ',
        'ϖ' => 'π',
        'ϰ' => 'κ',
        'ϱ' => 'ρ',
        'ϵ' => 'ε',
        'ẛ' => 'ṡ',
        '\u{345}' => 'ι',
        other => other,
    }
}

/// Emits every run of three consecutive folded characters (overlapping), so "Flies"
/// gives `fli`, `lie`, `ies`. Texts shorter than three characters give none.
#[derive(Clone, Default)]
pub struct TrigramTokenizer {
    folded: Vec<char>,
    token: Token,
}

pub struct TrigramStream<'a> {
    folded: &'a [char],
    next: usize,
    token: &'a mut Token,
}

impl Tokenizer for TrigramTokenizer {
    type TokenStream<'a> = TrigramStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> TrigramStream<'a> {
        self.folded.clear();
        self.folded.extend(text.chars().map(fold_char));
        self.token.reset();
        TrigramStream {
            folded: &self.folded,
            next: 0,
            token: &mut self.token,
        }
    }
}

impl TokenStream for TrigramStream<'_> {
    fn advance(&mut self) -> bool {
        let Some(window) = self.folded.get(self.next..self.next + 3) else {
            return false;
        };
        self.token.text.clear();
        self.token.text.extend(window);
        // Offsets are unused (no positions, no highlighting); the position must still grow.
        self.token.position = self.next;
        self.next += 1;
        true
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

/// The trigrams of an already folded string, in order (duplicates kept).
pub fn trigrams(folded: &str) -> Vec<String> {
    let chars: Vec<char> = folded.chars().collect();
    chars.windows(3).map(|w| w.iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        let mut tokenizer = TrigramTokenizer::default();
        let mut stream = tokenizer.token_stream(text);
        let mut out = Vec::new();
        while let Some(token) = stream.next() {
            out.push(token.text.clone());
        }
        out
    }

    #[test]
    fn a_text_gives_its_overlapping_folded_trigrams() {
        let cases: &[(&str, &[&str])] = &[
            ("Flies", &["fli", "lie", "ies"]),
            ("ab", &[]),
            ("", &[]),
            ("Ωμέ", &["ωμέ"]),
            ("a b", &["a b"]),
        ];
        for (text, expected) in cases {
            assert_eq!(tokens(text), *expected, "{text:?}");
        }
    }

    #[test]
    fn case_variants_fold_to_one_character() {
        for (c, folded) in [
            ('F', 'f'),
            ('f', 'f'),
            ('Σ', 'σ'),
            ('ς', 'σ'),
            ('ſ', 's'),
            ('\u{212A}', 'k'),
            ('İ', 'İ'),
        ] {
            assert_eq!(fold_char(c), folded, "{c:?}");
        }
    }
}
