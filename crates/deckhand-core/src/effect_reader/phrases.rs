//! The phrases steps are made of: the cards a text names (a filter in the query language),
//! zones, resources, stats, amounts ("for each …", "up to 2", "at most 3"), durations and
//! conditions ("if you have a Raptor Zoid in the Arena").

use super::lexicon::{match_words, Lexicon, Pat};
use super::tokens::{Cur, Kind, Tok};
use super::CardFacts;
use crate::effect::{Amount, Duration, Filter, PerCount};
use crate::Game;

/// What the reader knows while it reads one card.
pub(crate) struct Ctx<'a> {
    pub lex: &'a Lexicon,
    pub game: &'a Game,
    pub card: &'a CardFacts<'a>,
    /// What the procedure plays from this card's stats (`stated_by_stats`), once a card.
    pub by_stats: std::cell::OnceCell<Vec<crate::Step>>,
}

impl Ctx<'_> {
    pub fn stat(&self, key: &str) -> Option<i64> {
        self.card
            .stats
            .and_then(|stats| super::lexicon::stat_number(stats, key))
    }

    pub fn stat_is_x(&self, key: &str) -> bool {
        self.card.stats.is_some_and(|stats| {
            matches!(stats.get(key), Some(crate::StatValue::Text(t)) if t.eq_ignore_ascii_case("x"))
        })
    }

    pub fn has_zone(&self, zone: &str) -> bool {
        self.lex.zone_ids.iter().any(|z| z == zone)
    }

    /// A number the game names in words (`numbers`), by its phrase.
    pub fn number(&self, phrase: &str) -> Option<i64> {
        let wanted = super::lexicon::compile(phrase, true);
        self.lex
            .numbers
            .iter()
            .find(|(pattern, _)| *pattern == wanted)
            .map(|(_, n)| *n)
    }

    /// The filter clause of the cards "you play" (`yours`, `{color}` the card's colour).
    pub fn yours(&self) -> Option<String> {
        let template = self.lex.yours.as_ref()?;
        if template.contains("{color}") {
            let color = self.card.color?;
            let value = if color.chars().all(|c| c.is_alphanumeric()) {
                color.to_lowercase()
            } else {
                format!("\"{}\"", color.to_lowercase().replace('"', ""))
            };
            return Some(template.replace("{color}", &value));
        }
        Some(template.clone())
    }
}

/// How many cards a phrase names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    Fixed(i64),
    /// "up to 2": the pilot picks 0 to N.
    UpTo(i64),
    /// "one or two".
    OneOrTwo,
    /// "every", "all", "each": as many as there are.
    Every,
    /// A bare plural or "any": no number said.
    Unsaid,
}

/// The cards a phrase names.
#[derive(Debug, Clone)]
pub(crate) struct Cards {
    pub count: Count,
    /// Filter clauses in the order they are written out.
    pub clauses: Vec<String>,
    /// The card itself ("this card", "it" where it means the card).
    pub this: bool,
    /// "other", "another": not the card itself.
    pub other: bool,
    /// "the top N cards of your deck": from that zone.
    pub top_of: Option<String>,
    /// A zone named with the cards ("a card you control", "in your hand").
    pub zone: Option<String>,
    /// "it", "them": the cards named before.
    pub pronoun: bool,
}

impl Cards {
    fn new(count: Count) -> Cards {
        Cards {
            count,
            clauses: Vec::new(),
            this: false,
            other: false,
            top_of: None,
            zone: None,
            pronoun: false,
        }
    }

    /// The filter, with "other" as "not this card's name" when the name is known.
    pub fn filter(&self, ctx: &Ctx) -> Option<Filter> {
        let mut clauses = self.clauses.clone();
        if self.other {
            if let Some(name) = ctx.card.name {
                clauses.push(format!("-{}", name_clause(name)));
            }
        }
        (!clauses.is_empty()).then(|| Filter(clauses.join(" ")))
    }

    /// The filter that names the card itself (`!"Grid Sidearm"`).
    pub fn this_filter(ctx: &Ctx) -> Option<Filter> {
        ctx.card.name.map(|name| Filter(name_clause(name)))
    }
}

/// `!Name` or `!"Two Words"`.
pub(crate) fn name_clause(name: &str) -> String {
    if name.chars().all(char::is_alphanumeric) {
        format!("!{name}")
    } else {
        format!("!\"{}\"", name.replace('"', ""))
    }
}

/// `field:value`, quoted when the value is more than one word.
pub(crate) fn clause(field: &str, value: &str) -> String {
    let value = value.to_lowercase();
    if value
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        format!("{field}:{value}")
    } else {
        format!("{field}:\"{}\"", value.replace('"', ""))
    }
}

const COLORS: &[&str] = &[
    "red", "blue", "green", "yellow", "black", "white", "pink", "purple", "orange", "gray", "grey",
    "gold", "silver", "brown", "violet",
];

/// Adjectives that say nothing the goldfish can filter on.
const PLAIN_ADJECTIVES: &[&str] = &["exhausted", "face-down", "face-up", "different", "single"];

/// Whether the stems of `name` start at `at`.
fn stems_at(toks: &[Tok], at: usize, stems: &[String]) -> bool {
    !stems.is_empty()
        && stems.iter().enumerate().all(|(k, s)| {
            toks.get(at + k)
                .is_some_and(|t| t.stem == *s || t.text == *s)
        })
}

/// A card type starting at the cursor (its name's words); the cursor moves past it.
fn card_type(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (stems, name) in &ctx.lex.types {
        if stems_at(cur.toks, cur.pos, stems) {
            cur.pos += stems.len();
            return Some(name.clone());
        }
    }
    None
}

pub(crate) fn keyword(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (stems, name) in &ctx.lex.keywords {
        if stems_at(cur.toks, cur.pos, stems) {
            cur.pos += stems.len();
            return Some(name.clone());
        }
    }
    for written in ctx.card.keywords {
        let name = written.split(':').next().unwrap_or(written).trim();
        let stems = super::lexicon::compile(name, false);
        let stems: Vec<String> = stems
            .into_iter()
            .filter_map(|p| match p {
                Pat::Word(w) => Some(w),
                _ => None,
            })
            .collect();
        if stems_at(cur.toks, cur.pos, &stems) {
            cur.pos += stems.len();
            return Some(name.to_owned());
        }
    }
    None
}

/// A noun the game's words define (`adversary`), with its filter clause ("" for any).
fn game_noun(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (pattern, filter) in &ctx.lex.nouns {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, false) {
            cur.pos = end;
            return Some(filter.clone());
        }
    }
    None
}

/// Whether the word at the cursor starts a zone, resource or stat name (so is no subtype).
fn starts_known_name(cur: &Cur, ctx: &Ctx) -> bool {
    let at = cur.pos;
    ctx.lex
        .zones
        .iter()
        .chain(&ctx.lex.resources)
        .chain(&ctx.lex.stats)
        .any(|(pattern, _)| match_words(cur.toks, at, pattern, false).is_some())
}

/// Words that end a noun phrase's subtype words however they are printed.
const NOT_SUBTYPES: &[&str] = &[
    "card", "the", "a", "an", "and", "or", "of", "in", "from", "to", "your", "you", "this", "that",
    "it", "each", "every", "all", "any", "other", "another", "with", "then", "if", "for", "on",
    "into",
];

/// The cards a phrase names: "a card", "2 cards", "one Zoid card", "every Shardling",
/// "a red Ranger", "an enemy card with Guard", "an Equipment costing 4 or less", "this
/// card", "the top 2 cards of your deck", "one other exhausted card attached to your
/// character". `None` when no card phrase starts here.
pub(crate) fn cards(cur: &mut Cur, ctx: &Ctx) -> Option<Cards> {
    let start = cur.pos;
    let found = cards_inner(cur, ctx);
    if found.is_none() {
        cur.pos = start;
    }
    found
}

fn cards_inner(cur: &mut Cur, ctx: &Ctx) -> Option<Cards> {
    // The card itself.
    if cur.eat_all("this card") || cur.eat("itself") {
        let mut found = Cards::new(Count::Fixed(1));
        found.this = true;
        return Some(found);
    }
    if cur.peek().is_some_and(|t| t.is("this")) {
        let mut probe = *cur;
        probe.next();
        if card_type(&mut probe, ctx).is_some() {
            *cur = probe;
            let mut found = Cards::new(Count::Fixed(1));
            found.this = true;
            return Some(found);
        }
    }
    if cur.eat("it") || cur.eat("them") {
        let mut found = Cards::new(Count::Unsaid);
        found.pronoun = true;
        return Some(found);
    }
    // "the top card of your deck", "the top 2 cards of your deck".
    {
        let mut probe = *cur;
        if probe.eat_all("the top") {
            let n = probe.number().unwrap_or(1);
            if probe.eat("card") && probe.eat("of") {
                if let Some(zone) = zone(&mut probe, ctx) {
                    *cur = probe;
                    let mut found = Cards::new(Count::Fixed(n));
                    found.top_of = Some(zone);
                    return Some(found);
                }
            }
        }
    }
    let count = if cur.eat_all("up to") {
        Count::UpTo(cur.number()?)
    } else if cur.eat_all("one or two") || cur.eat_all("1 or 2") {
        Count::OneOrTwo
    } else if cur.eat("every") || cur.eat("all") || cur.eat("each") {
        Count::Every
    } else if cur.eat_all("any number of") || cur.eat("any") {
        Count::Unsaid
    } else if cur.eat("another") {
        cur.pos -= 1;
        Count::Fixed(1)
    } else if let Some(n) = cur.number() {
        // "one of your Zoids".
        let _ = cur.eat_all("of your") || cur.eat_all("of the");
        Count::Fixed(n)
    } else {
        Count::Unsaid
    };
    let mut found = Cards::new(count);
    if cur.eat("another") {
        found.other = true;
    }
    let mut subtype: Vec<&Tok> = Vec::new();
    let mut colors = Vec::new();
    let mut head = false;
    while let Some(tok) = cur.peek() {
        if tok.is("other") {
            found.other = true;
            cur.next();
            continue;
        }
        if PLAIN_ADJECTIVES.contains(&tok.text.as_str()) {
            cur.next();
            continue;
        }
        if !tok.capitalized() && COLORS.contains(&tok.text.as_str()) {
            colors.push(tok.text.clone());
            cur.next();
            continue;
        }
        if let Some(type_name) = card_type(cur, ctx) {
            found.clauses.push(clause("t", &type_name));
            head = true;
            // "a Hero card"
            cur.eat("card");
            break;
        }
        if let Some(keyword) = keyword(cur, ctx) {
            found.clauses.push(clause("kw", &keyword));
            head = true;
            // "an Ally card", "a Doom Lab Character"
            if !cur.eat("card") {
                if let Some(type_name) = card_type(cur, ctx) {
                    found.clauses.push(clause("t", &type_name));
                    cur.eat("card");
                } else if let Some(filter) = game_noun(cur, ctx) {
                    if !filter.is_empty() {
                        found.clauses.push(filter);
                    }
                }
            }
            break;
        }
        if let Some(filter) = game_noun(cur, ctx) {
            if !filter.is_empty() {
                found.clauses.push(filter);
            }
            head = true;
            break;
        }
        if tok.is("card") {
            cur.next();
            head = true;
            break;
        }
        if tok.capitalized()
            && tok.kind == Kind::Word
            && !NOT_SUBTYPES.contains(&tok.text.as_str())
            && !starts_known_name(cur, ctx)
        {
            // A sentence's first word has its capital anyway: a subtype there is a plural
            // ("Vehicles …") or comes before a type, "card" or another name word.
            if cur.pos == 0 && tok.stem == tok.text {
                let mut next = *cur;
                next.next();
                let continues = next.peek().is_some_and(|n| n.capitalized() || n.is("card"))
                    || card_type(&mut next, ctx).is_some();
                if !continues {
                    break;
                }
            }
            subtype.push(tok);
            cur.next();
            continue;
        }
        break;
    }
    if !subtype.is_empty() {
        let last = subtype.len() - 1;
        let words: Vec<String> = subtype
            .iter()
            .enumerate()
            .map(|(k, t)| {
                if k == last {
                    t.stem.clone()
                } else {
                    t.text.clone()
                }
            })
            .collect();
        found.clauses.insert(0, clause("sub", &words.join(" ")));
        head = true;
        // "a Starfall card"
        cur.eat("card");
    }
    if !head {
        return None;
    }
    for color in colors {
        found.clauses.push(clause("color", &color));
    }
    // What follows the noun.
    loop {
        if cur.eat("with") {
            let Some(keyword) = keyword(cur, ctx) else {
                cur.pos -= 1;
                break;
            };
            found.clauses.push(clause("kw", &keyword));
            continue;
        }
        if cur.eat("costing") {
            let stat = ctx.lex.cost_stat.clone()?;
            let n = cur.number()?;
            let op = comparison(cur)?;
            found.clauses.push(format!("{stat}{op}{n}"));
            continue;
        }
        {
            // "whose Battle cost is 4 or more"
            let mut probe = *cur;
            if probe.eat("whose") {
                if let Some(stat) = stat(&mut probe, ctx) {
                    if probe.eat("is") {
                        if let Some(n) = probe.number() {
                            if let Some(op) = comparison(&mut probe) {
                                found.clauses.push(format!("{stat}{op}{n}"));
                                *cur = probe;
                                continue;
                            }
                        }
                    }
                }
            }
        }
        if found.zone.is_none() {
            let mut probe = *cur;
            if let Some(zone) = attached_zone(&mut probe, ctx) {
                found.zone = Some(zone);
                *cur = probe;
                continue;
            }
        }
        // ", this card included", "of your choice": no more cards than named.
        if cur.eat_all(", this card included")
            || cur.eat_all(", including this card")
            || cur.eat_all("of your choice")
        {
            continue;
        }
        break;
    }
    Some(found)
}

/// "or less", "or fewer" → `<=`; "or more", "or greater" → `>=`.
fn comparison(cur: &mut Cur) -> Option<&'static str> {
    if cur.eat_all("or less") || cur.eat_all("or fewer") || cur.eat_all("or lower") {
        Some("<=")
    } else if cur.eat_all("or more") || cur.eat_all("or greater") || cur.eat_all("or higher") {
        Some(">=")
    } else {
        None
    }
}

/// A zone named after cards: "in your hand", "you control", "attached to your character",
/// "from your discard pile" is left to the verb.
pub(crate) fn attached_zone(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    let start = cur.pos;
    // A zone phrase that is a clause of its own ("you control", "in the battle").
    for (pattern, zone) in &ctx.lex.zones {
        if matches!(pattern.first(), Some(Pat::Word(w)) if ["you", "attached", "in", "on"].contains(&w.as_str()))
        {
            if let Some(end) = match_words(cur.toks, cur.pos, pattern, true) {
                cur.pos = end;
                return Some(zone.clone());
            }
        }
    }
    if cur.eat("in") || cur.eat("on") {
        if let Some(zone) = zone(cur, ctx) {
            return Some(zone);
        }
    }
    cur.pos = start;
    None
}

/// A zone by its name ("your discard pile", "the training area", "The Grid").
pub(crate) fn zone(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (pattern, zone) in &ctx.lex.zones {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, true) {
            cur.pos = end;
            return Some(zone.clone());
        }
    }
    None
}

/// A resource by its name or symbol ("Energy", "[ENERGY]", "Shards").
pub(crate) fn resource(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (pattern, resource) in &ctx.lex.resources {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, true) {
            cur.pos = end;
            return Some(resource.clone());
        }
    }
    None
}

/// A stat by its key or label ("power", "Battle cost", "shields").
pub(crate) fn stat(cur: &mut Cur, ctx: &Ctx) -> Option<String> {
    for (pattern, stat) in &ctx.lex.stats {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, false) {
            cur.pos = end;
            return Some(stat.clone());
        }
    }
    None
}

/// A word for damage ("damage", a game's "hit").
pub(crate) fn damage_word(cur: &mut Cur, ctx: &Ctx) -> bool {
    if let Some(tok) = cur.peek() {
        if ctx
            .lex
            .damage
            .iter()
            .any(|d| tok.stem == *d || tok.text == *d)
        {
            cur.next();
            return true;
        }
    }
    false
}

pub(crate) fn duration(cur: &mut Cur, ctx: &Ctx) -> Option<Duration> {
    for (pattern, duration) in &ctx.lex.durations {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, false) {
            cur.pos = end;
            return Some(*duration);
        }
    }
    None
}

/// A number in words the game names ("your hand size").
pub(crate) fn named_number(cur: &mut Cur, ctx: &Ctx) -> Option<i64> {
    for (pattern, n) in &ctx.lex.numbers {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, true) {
            cur.pos = end;
            return Some(*n);
        }
    }
    None
}

/// Another player ("your opponent", a game's "target foe").
pub(crate) fn other_player(cur: &mut Cur, ctx: &Ctx) -> bool {
    for pattern in &ctx.lex.others {
        if let Some(end) = match_words(cur.toks, cur.pos, pattern, false) {
            cur.pos = end;
            return true;
        }
    }
    false
}

/// "you", "your team", "each player (on your team)": the player whose card it is.
pub(crate) fn you(cur: &mut Cur) -> bool {
    cur.eat_any(&[
        "each player on your team",
        "the player on your team",
        "your team",
        "each player",
        "you",
    ])
}

/// "for each X [in zone]" after an amount: `each` per matching card, capped by "(at most
/// N)", ", up to N" or "up to N" that follow.
pub(crate) fn per_each(cur: &mut Cur, ctx: &Ctx, each: i64) -> Option<Amount> {
    let start = cur.pos;
    let amount = per_each_inner(cur, ctx, each);
    if amount.is_none() {
        cur.pos = start;
    }
    amount
}

fn per_each_inner(cur: &mut Cur, ctx: &Ctx, each: i64) -> Option<Amount> {
    if !(cur.eat_all("for each") || cur.eat_all("for every") || cur.eat("per")) {
        return None;
    }
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun || named.top_of.is_some() {
        return None;
    }
    let zone = match &named.zone {
        Some(zone) => zone.clone(),
        None => {
            let mut probe = *cur;
            let zone = attached_zone(&mut probe, ctx)?;
            *cur = probe;
            zone
        }
    };
    let max = cap(cur);
    Some(Amount::Per(PerCount {
        each,
        filter: named.filter(ctx),
        zone,
        max,
        distinct: false,
    }))
}

/// "(at most 3)", ", up to 2", "up to 2", "to a maximum of 2".
pub(crate) fn cap(cur: &mut Cur) -> Option<i64> {
    let start = cur.pos;
    if cur.eat_punct("(") {
        if (cur.eat_all("at most") || cur.eat_all("up to") || cur.eat_all("maximum"))
            && cur.peek().is_some()
        {
            if let Some(n) = cur.number() {
                if cur.eat_punct(")") {
                    return Some(n);
                }
            }
        }
        cur.pos = start;
        return None;
    }
    cur.eat_punct(",");
    if cur.eat_all("up to") || cur.eat_all("to a maximum of") || cur.eat_all("at most") {
        if let Some(n) = cur.number() {
            return Some(n);
        }
    }
    cur.pos = start;
    None
}
