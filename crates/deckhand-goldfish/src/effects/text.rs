//! Reads the written form of effects (`when set: may draw 1`), as keyword templates in a
//! game definition carry it. The grammar is the (README, "Card effects"); the core's
//! own reader replaces this one once it lands there (branch `fxcore`), and the two must
//! agree on every template of `data/games`.

use deckhand_core::{
    Amount, Duration, Effect, Filter, PerCount, Requirement, Step, Target, Trigger,
};

/// The effects of `text` (several joined by ` | `), or what could not be read and where.
pub fn parse_effects(text: &str) -> Result<Vec<Effect>, String> {
    split_top(text, " | ")
        .into_iter()
        .map(parse_effect)
        .collect()
}

const TRIGGERS: &[(&str, Trigger)] = &[
    ("when played", Trigger::Played),
    ("when set", Trigger::Set),
    ("when summoned", Trigger::Summoned),
    ("when attacks", Trigger::Attacks),
    ("when blocks", Trigger::Blocks),
    ("when battling", Trigger::Battles),
    ("when wins battle", Trigger::WinsBattle),
    ("when loses battle", Trigger::LosesBattle),
    ("when revealed", Trigger::Revealed),
    ("when destroyed", Trigger::Destroyed),
    ("at turn start", Trigger::TurnStart),
    ("at turn end", Trigger::TurnEnd),
    ("while in play", Trigger::Static),
];

fn parse_effect(text: &str) -> Result<Effect, String> {
    let (trigger, cost, rest) = if let Some(rest) = text.strip_prefix("activate (") {
        let close = closing(rest, '(', ')').ok_or_else(|| at(text, 9, "no closing `)`"))?;
        let cost = parse_steps(&rest[..close])?;
        (Trigger::Activated, cost, &rest[close + 1..])
    } else {
        let (word, trigger) = TRIGGERS
            .iter()
            .filter(|(w, _)| text.starts_with(w))
            .max_by_key(|(w, _)| w.len())
            .ok_or_else(|| at(text, 0, "expected a trigger (`when set`, `activate (…)`…)"))?;
        (*trigger, Vec::new(), &text[word.len()..])
    };
    let colon =
        find_top(rest, ": ").ok_or_else(|| at(text, text.len() - rest.len(), "expected `: `"))?;
    let head = &rest[..colon];
    let requirement = match head.strip_prefix(" if ") {
        Some(req) => Some(parse_requirement(req)?),
        None if head.is_empty() => None,
        None => {
            return Err(at(
                text,
                text.len() - rest.len(),
                "expected ` if …` or `: `",
            ))
        }
    };
    let body = &rest[colon + 2..];
    let (optional, body) = match body.strip_prefix("may ") {
        Some(b) => (true, b),
        None => (false, body),
    };
    Ok(Effect {
        trigger,
        requirement,
        optional,
        cost,
        steps: parse_steps(body)?,
    })
}

fn parse_requirement(text: &str) -> Result<Requirement, String> {
    let mut c = Cursor(text);
    let (at_least, negated) = if c.eat("no ") {
        (1, true)
    } else if let Some(n) = c.int_followed_by("+ ") {
        (n as u32, false)
    } else {
        (1, false)
    };
    let filter = c.filter_then_space();
    if !c.eat("in ") {
        return Err(format!("`{text}`: expected `in ZONE`"));
    }
    let zone = c.word();
    c.done(text)?;
    Ok(Requirement {
        filter,
        zone,
        at_least,
        negated,
    })
}

fn parse_steps(text: &str) -> Result<Vec<Step>, String> {
    split_top(text, ", ").into_iter().map(parse_step).collect()
}

fn parse_step(text: &str) -> Result<Step, String> {
    let mut c = Cursor(text);
    let step = if c.eat("draw ") {
        Step::Draw { count: c.amount()? }
    } else if c.eat("discard ") {
        let count = c.amount()?;
        let filter = if c.eat(" ") { c.filter() } else { None };
        Step::Discard { count, filter }
    } else if c.eat("move ") || c.0.starts_with("search ") {
        let search = c.eat("search ");
        let count = c.amount()?;
        let filter = if c.0.starts_with(" [") {
            c.eat(" ");
            c.filter()
        } else {
            None
        };
        if !c.eat(" from ") {
            return Err(format!("`{text}`: expected ` from ZONE to ZONE`"));
        }
        let from = c.word();
        if !c.eat(" to ") {
            return Err(format!("`{text}`: expected ` to ZONE`"));
        }
        Step::Move {
            count,
            from,
            to: c.word(),
            filter,
            search,
        }
    } else if c.eat("deal ") {
        let amount = c.amount()?;
        c.expect(" damage", text)?;
        Step::Damage { amount }
    } else if c.eat("prevent ") {
        let amount = c.amount()?;
        c.expect(" damage", text)?;
        Step::Prevent { amount }
    } else if c.eat("heal ") {
        Step::Heal {
            amount: c.amount()?,
        }
    } else if c.eat("gain ") || c.0.starts_with("spend ") {
        let spend = c.eat("spend ");
        let amount = c.amount()?;
        c.expect(" ", text)?;
        let resource = c.word();
        match spend {
            true => Step::Spend { amount, resource },
            false => Step::Gain { amount, resource },
        }
    } else if c.eat("roll ") {
        Step::Roll { dice: c.amount()? }
    } else if c.eat("choose ") {
        let mut options = Vec::new();
        loop {
            let rest =
                c.0.strip_prefix('(')
                    .ok_or_else(|| format!("`{text}`: expected `(`"))?;
            let close =
                closing(rest, '(', ')').ok_or_else(|| format!("`{text}`: no closing `)`"))?;
            options.push(parse_steps(&rest[..close])?);
            c.0 = &rest[close + 1..];
            if !c.eat(" or ") {
                break;
            }
        }
        Step::Choose { options }
    } else {
        let target = if c.eat("this") {
            Target::This
        } else if c.eat("others") {
            let filter = if c.0.starts_with(" [") {
                c.eat(" ");
                c.filter()
            } else {
                None
            };
            Target::Others { filter }
        } else if c.eat("each") {
            let filter = if c.0.starts_with(" [") {
                c.eat(" ");
                c.filter()
            } else {
                None
            };
            Target::Each { filter }
        } else {
            return Err(format!("`{text}`: not a step this engine knows"));
        };
        c.expect(" ", text)?;
        let negative = if c.eat("-") {
            true
        } else if c.eat("+") {
            false
        } else {
            return Err(format!("`{text}`: expected `+N` or `-N`"));
        };
        let mut by = c.amount()?;
        if negative {
            by = match by {
                Amount::Fixed(n) => Amount::Fixed(-n),
                Amount::Per(p) => Amount::Per(PerCount { each: -p.each, ..p }),
            };
        }
        c.expect(" ", text)?;
        let stat = c.word();
        c.expect(" ", text)?;
        let duration = [
            ("until end of battle", Duration::Battle),
            ("until end of turn", Duration::Turn),
            ("permanently", Duration::Permanent),
            ("while in play", Duration::WhileInPlay),
        ]
        .into_iter()
        .find(|(w, _)| c.eat(w))
        .map(|(_, d)| d)
        .ok_or_else(|| format!("`{text}`: expected a duration (`until end of battle`…)"))?;
        Step::Modify {
            stat,
            by,
            target,
            duration,
        }
    };
    c.done(text)?;
    Ok(step)
}

/// A position-aware error: the column (1-based) where reading stopped.
fn at(text: &str, offset: usize, what: &str) -> String {
    format!("`{text}`, column {}: {what}", offset + 1)
}

struct Cursor<'a>(&'a str);

impl Cursor<'_> {
    fn eat(&mut self, lit: &str) -> bool {
        match self.0.strip_prefix(lit) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, lit: &str, text: &str) -> Result<(), String> {
        match self.eat(lit) {
            true => Ok(()),
            false => Err(at(
                text,
                text.len() - self.0.len(),
                &format!("expected `{}`", lit.trim()),
            )),
        }
    }

    fn done(&self, text: &str) -> Result<(), String> {
        match self.0.is_empty() {
            true => Ok(()),
            false => Err(at(text, text.len() - self.0.len(), "unexpected text")),
        }
    }

    fn int(&mut self) -> Option<i64> {
        let end = self
            .0
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.0.len());
        let n = self.0[..end].parse().ok()?;
        self.0 = &self.0[end..];
        Some(n)
    }

    fn int_followed_by(&mut self, lit: &str) -> Option<i64> {
        let saved = self.0;
        match self.int() {
            Some(n) if self.eat(lit) => Some(n),
            _ => {
                self.0 = saved;
                None
            }
        }
    }

    /// A word up to the next space (zone, resource and stat names).
    fn word(&mut self) -> String {
        let end = self.0.find(' ').unwrap_or(self.0.len());
        let word = self.0[..end].to_owned();
        self.0 = &self.0[end..];
        word
    }

    fn filter(&mut self) -> Option<Filter> {
        let rest = self.0.strip_prefix('[')?;
        let close = closing(rest, '[', ']')?;
        let filter = Filter(rest[..close].to_owned());
        self.0 = &rest[close + 1..];
        Some(filter)
    }

    fn filter_then_space(&mut self) -> Option<Filter> {
        let filter = self.filter()?;
        self.eat(" ");
        Some(filter)
    }

    fn amount(&mut self) -> Result<Amount, String> {
        let each = self
            .int()
            .ok_or_else(|| format!("`{}`: expected a number", self.0))?;
        if !self.eat(" per ") {
            return Ok(Amount::Fixed(each));
        }
        let filter = self.filter_then_space();
        if !self.eat("in ") {
            return Err(format!("`{}`: expected `in ZONE`", self.0));
        }
        let zone = self.word();
        let max = match self.eat(" max ") {
            true => Some(
                self.int()
                    .ok_or_else(|| format!("`{}`: expected a number", self.0))?,
            ),
            false => None,
        };
        Ok(Amount::Per(PerCount {
            each,
            filter,
            zone,
            max,
        }))
    }
}

/// The byte offset of the `close` that matches an already opened `open`.
fn closing(text: &str, open: char, close: char) -> Option<usize> {
    let mut depth = 1;
    for (i, c) in text.char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// `sep` outside brackets, parentheses and quotes.
fn find_top(text: &str, sep: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' | '(' if !quoted => depth += 1,
            ']' | ')' if !quoted => depth -= 1,
            _ if depth == 0 && !quoted && text[i..].starts_with(sep) => return Some(i),
            _ => {}
        }
    }
    None
}

fn split_top<'a>(text: &'a str, sep: &str) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(i) = find_top(rest, sep) {
        parts.push(&rest[..i]);
        rest = &rest[i + sep.len()..];
    }
    parts.push(rest);
    parts
}
