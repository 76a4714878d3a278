//! The parser's state and its tokens: literals, numbers, amounts, filters and the game's
//! names. The sentence around the steps is read in `sentence.rs`, the steps in `step.rs`.

use super::{EffectTextError, EffectWords, EFFECT_SEPARATOR};
use crate::effect::{Amount, Effect, Filter, PerCount};
use crate::query::parse_filter;

/// Reads effects in the written form (several joined by `" | "`; blank is none). With
/// `words`, zones, resources, stats and filters must be the game's.
pub fn parse_effects(
    text: &str,
    words: Option<&EffectWords>,
) -> Result<Vec<Effect>, EffectTextError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        pos: 0,
        words,
        choice_depth: 0,
    };
    parser.skip_spaces();
    let mut effects = Vec::new();
    if parser.at_end() {
        return Ok(effects);
    }
    loop {
        effects.push(parser.effect()?);
        parser.skip_trailing_spaces();
        if parser.at_end() {
            return Ok(effects);
        }
        if !parser.eat(EFFECT_SEPARATOR) {
            return Err(parser.error("expected \" | \" and another effect, or the end"));
        }
    }
}

pub(super) struct Parser<'a> {
    pub(super) chars: Vec<char>,
    pub(super) pos: usize,
    pub(super) words: Option<&'a EffectWords>,
    /// How many `choose (` the parser is inside.
    pub(super) choice_depth: usize,
}

pub(super) type Parsed<T> = Result<T, EffectTextError>;

impl Parser<'_> {
    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub(super) fn skip_spaces(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    /// Blanks at the very end only (never eats the space of `" | "`).
    pub(super) fn skip_trailing_spaces(&mut self) {
        if self.chars[self.pos..].iter().all(|c| c.is_whitespace()) {
            self.pos = self.chars.len();
        }
    }

    pub(super) fn looking_at(&self, literal: &str) -> bool {
        (self.pos..)
            .zip(literal.chars())
            .all(|(i, expected)| self.chars.get(i) == Some(&expected))
    }

    pub(super) fn eat(&mut self, literal: &str) -> bool {
        if self.looking_at(literal) {
            self.pos += literal.chars().count();
            true
        } else {
            false
        }
    }

    pub(super) fn expect(&mut self, literal: &str) -> Parsed<()> {
        if self.eat(literal) {
            Ok(())
        } else {
            Err(self.error(&format!("expected {literal:?}")))
        }
    }

    pub(super) fn error(&self, message: &str) -> EffectTextError {
        self.error_at(self.pos, message)
    }

    pub(super) fn error_at(&self, pos: usize, message: &str) -> EffectTextError {
        EffectTextError {
            position: pos + 1,
            message: message.to_owned(),
        }
    }

    pub(super) fn integer(&mut self) -> Parsed<i64> {
        let start = self.pos;
        let negative = self.eat("-");
        let digits_start = self.pos;
        while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.error("expected a number"));
        }
        let digits: String = self.chars[digits_start..self.pos].iter().collect();
        let magnitude = digits
            .parse::<i64>()
            .map_err(|_| self.error_at(start, "expected a number of at most 18 digits"))?;
        Ok(if negative { -magnitude } else { magnitude })
    }

    pub(super) fn amount(&mut self) -> Parsed<Amount> {
        let each = self.integer()?;
        if !self.eat(" per ") {
            return Ok(Amount::Fixed(each));
        }
        let distinct = self.eat("distinct ");
        let filter = self.filter_then_space()?;
        self.expect("in ")?;
        let zone = self.zone()?;
        let max = if self.eat(" max ") {
            Some(self.integer()?)
        } else {
            None
        };
        Ok(Amount::Per(PerCount {
            each,
            filter,
            zone,
            max,
            distinct,
        }))
    }

    pub(super) fn signed_amount(&mut self) -> Parsed<Amount> {
        let negative = if self.eat("+") {
            false
        } else if self.eat("-") {
            true
        } else {
            return Err(self.error("expected + or - and an amount (+2, -1)"));
        };
        if self.looking_at("-") {
            return Err(self.error("expected a number"));
        }
        Ok(match self.amount()? {
            Amount::Fixed(n) if negative => Amount::Fixed(-n),
            Amount::Per(per) if negative => Amount::Per(PerCount {
                each: -per.each,
                ..per
            }),
            amount => amount,
        })
    }

    /// `[query]`, when the next character opens one.
    pub(super) fn filter(&mut self) -> Parsed<Filter> {
        let open = self.pos;
        self.expect("[")?;
        let start = self.pos;
        let mut quoted = false;
        while let Some(&c) = self.chars.get(self.pos) {
            match c {
                '"' => quoted = !quoted,
                ']' if !quoted => break,
                _ => {}
            }
            self.pos += 1;
        }
        if self.at_end() {
            return Err(self.error_at(open, "unclosed [: expected ] after the filter"));
        }
        let query: String = self.chars[start..self.pos].iter().collect();
        self.pos += 1;
        if let Some(words) = self.words {
            if let Err(err) = parse_filter(&query, &words.vocabulary) {
                return Err(self.error_at(
                    start + err.column.saturating_sub(1),
                    &format!("in the filter: {err}"),
                ));
            }
        }
        Ok(Filter(query))
    }

    pub(super) fn filter_then_space(&mut self) -> Parsed<Option<Filter>> {
        if !self.looking_at("[") {
            return Ok(None);
        }
        let filter = self.filter()?;
        self.expect(" ")?;
        Ok(Some(filter))
    }

    pub(super) fn space_then_filter(&mut self) -> Parsed<Option<Filter>> {
        if !self.looking_at(" [") {
            return Ok(None);
        }
        self.pos += 1;
        self.filter().map(Some)
    }

    /// A name: letters, digits, `_` and `-`.
    pub(super) fn name(&mut self) -> Option<String> {
        let start = self.pos;
        while self
            .chars
            .get(self.pos)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        {
            self.pos += 1;
        }
        (self.pos > start).then(|| self.chars[start..self.pos].iter().collect())
    }

    pub(super) fn known_name(&mut self, what: &str, known: Option<&[String]>) -> Parsed<String> {
        let start = self.pos;
        let name = self.name();
        let expected = || match known {
            Some(known) => format!("expected {what} ({})", known.join(", ")),
            None => format!("expected {what}"),
        };
        match (name, known) {
            (Some(name), Some(known)) if !known.contains(&name) => {
                Err(self.error_at(start, &expected()))
            }
            (Some(name), _) => Ok(name),
            (None, _) => Err(self.error_at(start, &expected())),
        }
    }

    pub(super) fn zone(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.zones.as_slice());
        self.known_name("a zone", known)
    }

    pub(super) fn resource(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.resources.as_slice());
        self.known_name("a resource", known)
    }

    pub(super) fn stat(&mut self) -> Parsed<String> {
        let known = self.words.map(|w| w.stats.as_slice());
        self.known_name("a stat", known)
    }
}
