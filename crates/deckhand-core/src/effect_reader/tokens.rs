//! Card text as the reader sees it: sentences of tokens, with the labels in front of them
//! ("Ability:", "Training area:", "Ranger side (Crimson Vanguard) —") peeled off.
//!
//! A token is a word (compared by its [`stem`], so "cards" is "card" and "draws" is
//! "draw"), a number, a bracketed symbol (`[ENERGY]`) or a punctuation mark. Nothing here
//! knows a game: the words come from `words.rs`.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Word,
    Number(i64),
    /// `[ENERGY]`, `[HIT]`: a printed symbol, compared as written (lower case).
    Symbol,
    Punct,
}

#[derive(Debug, Clone)]
pub(crate) struct Tok {
    /// Lower case.
    pub text: String,
    /// The word as printed (for names and subtypes, whose case tells them apart).
    pub raw: String,
    /// The word's stem (`cards` → `card`); the text itself for other tokens.
    pub stem: String,
    pub kind: Kind,
}

impl Tok {
    pub fn is(&self, word: &str) -> bool {
        self.text == word || self.stem == word
    }

    pub fn is_punct(&self, mark: &str) -> bool {
        self.kind == Kind::Punct && self.text == mark
    }

    pub fn is_word(&self) -> bool {
        self.kind == Kind::Word
    }

    /// Printed with a capital (a name, a subtype, a type): "Starfall", not "starfall".
    pub fn capitalized(&self) -> bool {
        self.kind == Kind::Word && self.raw.chars().next().is_some_and(char::is_uppercase)
    }
}

/// Words whose final `s` is not a plural or a verb's third person.
const KEEP_S: &[&str] = &[
    "this",
    "is",
    "has",
    "was",
    "its",
    "his",
    "hers",
    "yours",
    "less",
    "plus",
    "us",
    "as",
    "does",
    "across",
    "thus",
    "minus",
    "bonus",
    "status",
    "always",
    "perhaps",
    "unless",
    "whereas",
    "towards",
    "afterwards",
    "news",
    "ours",
    "theirs",
    "previous",
    "various",
    "famous",
];

/// The stem a word is compared by: plural and third-person endings off (`cards`, `draws`,
/// `heroes`, `allies`, `matches`), `dice` is `die`. Short and listed words stay as written.
pub(crate) fn stem(word: &str) -> String {
    if word == "dice" {
        return "die".into();
    }
    if word.len() <= 3 || KEEP_S.contains(&word) || !word.ends_with('s') || word.ends_with("ss") {
        return word.to_owned();
    }
    if let Some(base) = word.strip_suffix("ies") {
        if base.len() >= 2 {
            return format!("{base}y");
        }
    }
    for ending in ["ches", "shes", "xes", "sses", "zes", "oes"] {
        if word.ends_with(ending) {
            return word[..word.len() - 2].to_owned();
        }
    }
    word[..word.len() - 1].to_owned()
}

/// The number a word spells (`two`), for counts; `a`/`an` are 1 where a count is expected.
pub(crate) fn number_word(word: &str) -> Option<i64> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS
        .iter()
        .position(|w| *w == word)
        .and_then(|n| i64::try_from(n).ok())
}

fn fold_char(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        '\u{2013}' | '\u{2014}' | '\u{2015}' => '—',
        '\u{2212}' => '-',
        c => c,
    }
}

/// Splits `text` into tokens. Apostrophe-s is a token of its own (`foe's` → `foe`, `'s`);
/// a bracketed run of letters is one symbol; `+1` is `+` and `1`.
pub(crate) fn tokenize(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().map(fold_char).collect();
    let mut out = Vec::new();
    let mut i = 0;
    let push = |out: &mut Vec<Tok>, raw: String, kind: Kind| {
        let text = raw.to_lowercase();
        let stem = if kind == Kind::Word {
            stem(&text)
        } else {
            text.clone()
        };
        out.push(Tok {
            text,
            raw,
            stem,
            kind,
        });
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '[' {
            if let Some(len) = chars[i + 1..].iter().position(|&c| c == ']') {
                let inner: String = chars[i + 1..i + 1 + len].iter().collect();
                if !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || c == ' ') {
                    push(&mut out, format!("[{inner}]"), Kind::Symbol);
                    i += len + 2;
                    continue;
                }
            }
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let n = digits.parse::<i64>().unwrap_or(i64::MAX);
            push(&mut out, digits, Kind::Number(n));
            continue;
        }
        if c.is_alphanumeric() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric()
                    || ((chars[i] == '-' || chars[i] == '\'')
                        && chars.get(i + 1).is_some_and(|n| n.is_alphanumeric())
                        && !(chars[i] == '\''
                            && chars.get(i + 1) == Some(&'s')
                            && !chars.get(i + 2).is_some_and(|n| n.is_alphanumeric()))))
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            push(&mut out, word, Kind::Word);
            continue;
        }
        if c == '\'' && chars.get(i + 1) == Some(&'s') {
            push(&mut out, "'s".into(), Kind::Word);
            i += 2;
            continue;
        }
        push(&mut out, c.to_string(), Kind::Punct);
        i += 1;
    }
    out
}

/// One sentence of a card's text, as printed, and the labels in front of it.
#[derive(Debug, Clone)]
pub(crate) struct Sentence {
    /// The sentence as printed, labels included, trimmed (for what the reader reports).
    pub text: String,
    /// Each label's tokens, outermost first ("Ranger side (…) —", then "Ability").
    pub labels: Vec<Vec<Tok>>,
    /// The tokens after the labels, the final full stop left out.
    pub body: Vec<Tok>,
}

/// Splits a card's text into sentences: at `.`, `!`, `?`, `;`-free line breaks, never
/// inside parentheses or brackets. A sentence's leading labels end at `:` or `—` within
/// its first words.
pub(crate) fn sentences(text: &str) -> Vec<Sentence> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in bytes.iter().enumerate() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = (depth - 1).max(0),
            '.' | '!' | '?' | '\n' if depth == 0 => {
                // A full stop inside a number ("1.5") does not end a sentence.
                let next = bytes.get(k + 1).map(|&(_, n)| n);
                if c == '.' && next.is_some_and(|n| n.is_ascii_digit()) {
                    continue;
                }
                // The sentence as printed keeps its full stop (not its tokens).
                let end = if c == '\n' { i } else { i + c.len_utf8() };
                push_sentence(&mut out, &text[start..i], &text[start..end]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    push_sentence(&mut out, &text[start..], &text[start..]);
    out
}

/// `piece` is what the tokens are read from; `printed`, the same with its full stop.
fn push_sentence(out: &mut Vec<Sentence>, piece: &str, printed: &str) {
    let trimmed = piece.trim();
    if trimmed.is_empty() {
        return;
    }
    let mut tokens = tokenize(trimmed);
    let mut labels = Vec::new();
    // Labels: a run of at most twelve words (parenthesised words not counted) before `:`
    // or `—`, with no comma in it.
    loop {
        let mut depth = 0;
        let mut words = 0;
        let mut end = None;
        for (i, tok) in tokens.iter().enumerate() {
            match tok.text.as_str() {
                "(" => depth += 1,
                ")" => depth -= 1,
                ":" | "—" if depth == 0 && tok.kind == Kind::Punct => {
                    end = Some(i);
                    break;
                }
                "," | ";" if depth == 0 && tok.kind == Kind::Punct => break,
                _ if depth == 0 => {
                    words += 1;
                    if words > 12 {
                        break;
                    }
                }
                _ => {}
            }
        }
        // "Choose one: …" is the start of a choice, not a label.
        if end.is_some() && tokens.first().is_some_and(|t| t.is("choose")) {
            end = None;
        }
        match end {
            Some(0) => {
                tokens.remove(0);
            }
            Some(end) => {
                let rest = tokens.split_off(end + 1);
                tokens.pop();
                labels.push(std::mem::replace(&mut tokens, rest));
            }
            None => break,
        }
    }
    if tokens.is_empty() && labels.is_empty() {
        return;
    }
    out.push(Sentence {
        text: printed.trim().to_owned(),
        labels,
        body: tokens,
    });
}

/// "Shuffle.", "Shuffle your deck.", "Then shuffle."
pub(crate) fn is_shuffle(body: &[Tok]) -> bool {
    let mut cur = Cur::new(body);
    cur.eat("then");
    if !cur.eat("shuffle") {
        return false;
    }
    let _ = cur.eat_all("your deck") || cur.eat_all("the deck") || cur.eat_all("it");
    cur.at_end()
}

/// Joins tokens back into words, for messages.
pub(crate) fn words_of(tokens: &[Tok]) -> String {
    let mut out = String::new();
    for tok in tokens {
        let glue = tok.kind == Kind::Punct && matches!(tok.text.as_str(), "," | ";" | ":" | ")")
            || tok.text == "'s"
            || out.ends_with('(')
            || out.ends_with('+')
            || out.ends_with('-') && tok.kind != Kind::Word;
        if !out.is_empty() && !glue {
            out.push(' ');
        }
        out.push_str(&tok.raw);
    }
    out
}

/// A position in a run of tokens, for the templates to read from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cur<'a> {
    pub toks: &'a [Tok],
    pub pos: usize,
}

impl<'a> Cur<'a> {
    pub fn new(toks: &'a [Tok]) -> Cur<'a> {
        Cur { toks, pos: 0 }
    }

    pub fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos)
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub fn next(&mut self) -> Option<&'a Tok> {
        let tok = self.toks.get(self.pos);
        if tok.is_some() {
            self.pos += 1;
        }
        tok
    }

    /// Takes `word` (by text or stem) when it is next.
    pub fn eat(&mut self, word: &str) -> bool {
        if self.peek().is_some_and(|t| t.is(word)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Takes all of `phrase`'s words (space-separated) or none.
    pub fn eat_all(&mut self, phrase: &str) -> bool {
        let start = self.pos;
        for word in phrase.split_whitespace() {
            if !self.eat(word) {
                self.pos = start;
                return false;
            }
        }
        true
    }

    /// Takes the first of `phrases` that is all there (longest listed first wins ties).
    pub fn eat_any(&mut self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| self.eat_all(p))
    }

    pub fn eat_punct(&mut self, mark: &str) -> bool {
        if self.peek().is_some_and(|t| t.is_punct(mark)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// A count: digits, a number word, or `a`/`an`/`one`/`a single`.
    pub fn number(&mut self) -> Option<i64> {
        let tok = self.peek()?;
        let n = match tok.kind {
            Kind::Number(n) => n,
            Kind::Word if tok.text == "a" || tok.text == "an" => {
                self.pos += 1;
                self.eat("single");
                return Some(1);
            }
            Kind::Word => number_word(&tok.text)?,
            _ => return None,
        };
        self.pos += 1;
        Some(n)
    }

    /// The tokens left.
    pub fn rest(&self) -> &'a [Tok] {
        &self.toks[self.pos.min(self.toks.len())..]
    }
}

/// Takes parenthesised asides out of a sentence ("(minimum 1)"), except a cap the
/// templates read ("(at most 3)").
pub(crate) fn strip_asides(body: &[Tok]) -> (Vec<Tok>, Vec<Vec<Tok>>) {
    let mut kept = Vec::with_capacity(body.len());
    let mut asides = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if body[i].is_punct("(") {
            let close = (i + 1..body.len()).find(|&j| body[j].is_punct(")"));
            if let Some(close) = close {
                let inner = &body[i + 1..close];
                let cap = inner
                    .first()
                    .is_some_and(|t| t.is("at") || t.is("up") || t.is("maximum"));
                if cap {
                    kept.extend_from_slice(&body[i..=close]);
                } else {
                    asides.push(inner.to_vec());
                }
                i = close + 1;
                continue;
            }
        }
        kept.push(body[i].clone());
        i += 1;
    }
    (kept, asides)
}

/// The text with the card's own name as "this card", and keywords' reminders left out
/// (the keyword states them: "Scouting: 1 (When you set this Zoid, …)").
pub(crate) fn prepare(text: &str, card: &super::CardFacts) -> String {
    let mut out = text.to_owned();
    for written in card.keywords {
        let mut from = 0;
        while let Some(at) = find_folded(&out[from..], written).map(|i| i + from) {
            let end = at + written.len();
            let after = &out[end..];
            let trimmed = after.trim_start();
            let reminder_end = trimmed
                .starts_with('(')
                .then(|| {
                    let open = end + (after.len() - trimmed.len());
                    closing_paren(&out, open)
                })
                .flatten();
            match reminder_end {
                // A label ("Block (usable from hand): …") is read as one.
                Some(close) if !out[close + 1..].trim_start().starts_with(':') => {
                    out.replace_range(at..close + 1, "");
                    from = at;
                }
                _ => from = end,
            }
        }
    }
    // The name, and its part before a title ("Mira Tennant, Field Mechanic").
    let names = card
        .name
        .filter(|n| !n.trim().is_empty())
        .map(|n| {
            let mut names = vec![n];
            if let Some((short, _)) = n.split_once(", ") {
                names.push(short);
            }
            names
        })
        .unwrap_or_default();
    for name in names {
        let mut from = 0;
        while let Some(at) = find_folded(&out[from..], name).map(|i| i + from) {
            let end = at + name.len();
            let before_ok = out[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let after_ok = out[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
            if before_ok && after_ok {
                out.replace_range(at..end, "this card");
                from = at + "this card".len();
            } else {
                from = end;
            }
        }
    }
    out
}

fn find_folded(haystack: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() || needle.len() > haystack.len() {
        return None;
    }
    let hay = haystack.as_bytes();
    let pin = needle.as_bytes();
    (0..=hay.len() - pin.len())
        .filter(|&i| haystack.is_char_boundary(i) && haystack.is_char_boundary(i + pin.len()))
        .find(|&i| hay[i..i + pin.len()].eq_ignore_ascii_case(pin))
}

fn closing_paren(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(tokens: &[Tok]) -> Vec<&str> {
        tokens.iter().map(|t| t.text.as_str()).collect()
    }

    #[test]
    fn stems_take_plurals_and_third_persons_off() {
        for (word, expected) in [
            ("cards", "card"),
            ("draws", "draw"),
            ("heroes", "hero"),
            ("allies", "ally"),
            ("dice", "die"),
            ("matches", "match"),
            ("this", "this"),
            ("less", "less"),
            ("has", "has"),
            ("shards", "shard"),
        ] {
            assert_eq!(stem(word), expected, "{word}");
        }
    }

    #[test]
    fn tokens_split_possessives_symbols_and_signs() {
        let tokens = tokenize("Look at target foe's hand, gain 1 [ENERGY] and +2 power.");
        assert_eq!(
            texts(&tokens),
            [
                "look", "at", "target", "foe", "'s", "hand", ",", "gain", "1", "[energy]", "and",
                "+", "2", "power", "."
            ]
        );
    }

    #[test]
    fn sentences_keep_parentheses_whole_and_peel_labels() {
        let found = sentences(
            "Teenager side: Draw 1 card (then discard 1. Really). Ranger side (Cobalt) — \
             Ability: Heal 2.",
        );
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].labels.len(), 1);
        assert_eq!(texts(&found[0].labels[0]), ["teenager", "side"]);
        assert_eq!(found[1].labels.len(), 2);
        assert_eq!(texts(&found[1].labels[1]), ["ability"]);
        assert_eq!(texts(&found[1].body), ["heal", "2"]);
    }

    #[test]
    fn a_comma_before_the_colon_means_no_label() {
        let found = sentences("When you set it, choose one: draw 1 card or heal 1.");
        assert!(found[0].labels.is_empty());
    }
}
