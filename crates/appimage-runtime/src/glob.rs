//! The PATTERN of `--appimage-extract PATTERN`, matched as the reference runtime does with
//! `fnmatch(pattern, path, FNM_FILE_NAME | FNM_LEADING_DIR)`: `*`, `?` and `[...]` never
//! match `/`, and a pattern that matches a folder matches everything inside it.

/// Whether `path` (inside the image, no leading `/`) or a folder holding it matches.
pub fn matches(pattern: &str, path: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let path: Vec<char> = path.chars().collect();
    (0..=path.len())
        .filter(|&end| end == path.len() || path[end] == '/')
        .any(|end| glob(&pattern, &path[..end]))
}

fn glob(p: &[char], s: &[char]) -> bool {
    match p.first() {
        None => s.is_empty(),
        Some('*') => (0..=s.len())
            .take_while(|&i| i == 0 || s[i - 1] != '/')
            .any(|i| glob(&p[1..], &s[i..])),
        Some('?') => s.first().is_some_and(|&c| c != '/') && glob(&p[1..], &s[1..]),
        Some('[') => match (s.first(), class(&p[1..])) {
            (Some(&c), Some((set, rest))) if c != '/' && set(c) => glob(rest, &s[1..]),
            (_, Some(_)) => false,
            // An unclosed `[` is an ordinary character.
            (_, None) => s.first() == Some(&'[') && glob(&p[1..], &s[1..]),
        },
        Some('\\') if p.len() > 1 => s.first() == Some(&p[1]) && glob(&p[2..], &s[1..]),
        Some(&c) => s.first() == Some(&c) && glob(&p[1..], &s[1..]),
    }
}

type Class<'a> = (Box<dyn Fn(char) -> bool + 'a>, &'a [char]);

/// A bracket expression after its `[`: the test it stands for and the pattern after `]`.
fn class(p: &[char]) -> Option<Class<'_>> {
    let negated = matches!(p.first(), Some('!' | '^'));
    let body_start = usize::from(negated);
    // A `]` first in the class is a member, not its end.
    let close = p
        .iter()
        .enumerate()
        .skip(body_start + 1)
        .find(|(_, &c)| c == ']')
        .map(|(i, _)| i)?;
    let body = &p[body_start..close];
    let test = move |c: char| {
        let mut i = 0;
        let mut hit = false;
        while i < body.len() {
            if i + 2 < body.len() && body[i + 1] == '-' {
                hit |= body[i] <= c && c <= body[i + 2];
                i += 3;
            } else {
                hit |= body[i] == c;
                i += 1;
            }
        }
        hit != negated
    };
    Some((Box::new(test), &p[close + 1..]))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn patterns_match_as_fnmatch_with_file_name_and_leading_dir() {
        let cases = [
            ("*.desktop", "Deckhand.desktop", true),
            (
                "*.desktop",
                "usr/share/applications/Deckhand.desktop",
                false,
            ),
            ("usr", "usr/bin/deckhand", true),
            ("usr/bin", "usr/bin/deckhand", true),
            ("usr/b", "usr/bin/deckhand", false),
            ("usr/*/deckhand", "usr/bin/deckhand", true),
            ("usr/*", "usr/bin/deckhand", true),
            ("*", "usr/bin/deckhand", true),
            ("usr/bin/deckhand?app", "usr/bin/deckhand-app", true),
            ("usr/bin/deckhand?app", "usr/bin/deckhand/app", false),
            ("[A-Z]*", "AppRun", true),
            ("[!A-Z]*", "AppRun", false),
            ("[]x]", "]", true),
            ("[abc", "[abc", true),
            ("a\\*", "a*", true),
            ("a\\*", "ab", false),
            ("", "AppRun", false),
        ];
        for (pattern, path, want) in cases {
            assert_eq!(matches(pattern, path), want, "{pattern:?} against {path:?}");
        }
    }
}
