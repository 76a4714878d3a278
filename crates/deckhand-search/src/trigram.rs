//! Case folding and trigrams: the shared vocabulary of the regex pre-filter
//! ([`crate::trigram_query`]), the trigram index ([`crate::text_store`]) and the verifying
//! regex ([`crate::regex_filter`]).
//!
//! [`fold_char`] maps every character to one representative of its simple case-folding
//! class, the classes a `(?i)` regex treats as equal (`K`, `k` and the Kelvin sign `K` all
//! become `k`). So a case-insensitive regex matches a text exactly when it matches the
//! folded text, and a folded text contains the folded trigrams of every literal it matches.

use std::cell::RefCell;
use std::collections::HashMap;

use regex_syntax::hir::{ClassUnicode, ClassUnicodeRange};

/// The representative of `c`'s case-folding class: the ASCII letter in it (lower-cased)
/// if there is one, else its smallest character.
pub fn fold_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    thread_local! {
        static FOLDED: RefCell<HashMap<char, char>> = RefCell::new(HashMap::new());
    }
    FOLDED.with(|cache| {
        *cache.borrow_mut().entry(c).or_insert_with(|| {
            let mut class = ClassUnicode::new([ClassUnicodeRange::new(c, c)]);
            class.case_fold_simple();
            let members = class.ranges().iter().flat_map(|r| r.start()..=r.end());
            let mut smallest = c;
            for member in members {
                if member.is_ascii() {
                    return member.to_ascii_lowercase();
                }
                smallest = smallest.min(member);
            }
            smallest
        })
    })
}

/// Appends the folded form of `text` to `out` (cleared first). Pure ASCII takes the fast
/// path; anything else is decoded (lossily: the store only holds what a `&str` gave it).
pub fn fold_into(text: &[u8], out: &mut Vec<u8>) {
    out.clear();
    if text.is_ascii() {
        out.extend_from_slice(text);
        out.make_ascii_lowercase();
        return;
    }
    let mut buf = [0; 4];
    for c in String::from_utf8_lossy(text).chars() {
        out.extend_from_slice(fold_char(c).encode_utf8(&mut buf).as_bytes());
    }
}

/// A trigram as a number: three 21-bit characters.
pub fn key(a: char, b: char, c: char) -> u64 {
    (u64::from(a) << 42) | (u64::from(b) << 21) | u64::from(c)
}

/// The keys of every trigram of an already folded string, in order (duplicates kept).
pub fn keys(folded: &str) -> Vec<u64> {
    let chars: Vec<char> = folded.chars().collect();
    chars.windows(3).map(|w| key(w[0], w[1], w[2])).collect()
}

/// Calls `each` with the key of every trigram of the folded `text` (which may repeat).
pub fn for_each_key(folded: &[u8], mut each: impl FnMut(u64)) {
    if folded.is_ascii() {
        for w in folded.windows(3) {
            each(key(char::from(w[0]), char::from(w[1]), char::from(w[2])));
        }
        return;
    }
    let text = String::from_utf8_lossy(folded);
    let mut chars = text.chars();
    let (Some(mut a), Some(mut b)) = (chars.next(), chars.next()) else {
        return;
    };
    for c in chars {
        each(key(a, b, c));
        (a, b) = (b, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_variants_fold_to_one_representative() {
        let cases = [
            ('F', 'f'),
            ('f', 'f'),
            ('\u{212A}', 'k'),
            ('ſ', 's'),
            ('Σ', 'Σ'),
            ('σ', 'Σ'),
            ('ς', 'Σ'),
            ('É', 'É'),
            ('é', 'É'),
            ('3', '3'),
            (' ', ' '),
        ];
        for (c, folded) in cases {
            assert_eq!(fold_char(c), folded, "{c:?}");
        }
    }

    #[test]
    fn a_text_gives_the_keys_of_its_overlapping_folded_trigrams() {
        let folded = |text: &str| {
            let mut out = Vec::new();
            fold_into(text.as_bytes(), &mut out);
            out
        };
        let cases: &[(&str, &[&str])] = &[
            ("Flies", &["fli", "lie", "ies"]),
            ("ab", &[]),
            ("", &[]),
            ("ΩΜΈ", &["ΩΜΈ"]),
            ("a b", &["a b"]),
        ];
        for (text, expected) in cases {
            let mut got = Vec::new();
            for_each_key(&folded(text), |k| got.push(k));
            let want: Vec<u64> = expected.iter().flat_map(|t| keys(&folded_str(t))).collect();
            assert_eq!(got, want, "{text:?}");
        }
    }

    fn folded_str(text: &str) -> String {
        text.chars().map(fold_char).collect()
    }
}
