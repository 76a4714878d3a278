//! A game's words compiled for the reader ([`Lexicon`]): the built-in words of card games
//! (moments such as "when this card attacks", durations, other players) joined with the
//! game's `[effects.words]`, as patterns of word stems matched against tokens.

use std::collections::BTreeMap;

use super::tokens::{tokenize, Kind, Tok};
use super::words::{duration_id, parse_head, parse_verb, Head, UpToOrder, Verb};
use crate::effect::Duration;
use crate::{Game, StatValue};

/// One piece of a compiled phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Pat {
    /// A word, compared by stem.
    Word(String),
    /// `{cards}`: a noun phrase of cards.
    Cards,
    /// `#`: a number.
    Number,
    /// `*`: any words (at least none).
    Any,
    /// "this card": the card itself ("this card", "this <type>", its name).
    This,
}

/// Words that may stand before a zone's or resource's name and say nothing more.
pub(crate) const DETERMINERS: &[&str] = &[
    "the", "your", "their", "its", "his", "her", "my", "our", "that", "a", "an",
];

/// Compiles a phrase: its tokens' stems, `{cards}`, `#`, `*`; determiners dropped when
/// `drop_determiners` (zone and resource names).
pub(crate) fn compile(phrase: &str, drop_determiners: bool) -> Vec<Pat> {
    let mut out = Vec::new();
    let normalized = phrase.replace("{cards}", " xcardsx ");
    let tokens = tokenize(&normalized);
    let mut i = 0;
    while i < tokens.len() {
        let tok = &tokens[i];
        if tok.text == "xcardsx" {
            out.push(Pat::Cards);
        } else if tok.is_punct("#") {
            out.push(Pat::Number);
        } else if tok.is_punct("*") {
            out.push(Pat::Any);
        } else if tok.text == "this" && tokens.get(i + 1).is_some_and(|t| t.text == "card") {
            out.push(Pat::This);
            i += 1;
        } else if drop_determiners && ["the", "a", "an"].contains(&tok.text.as_str()) {
        } else {
            out.push(Pat::Word(tok.stem.clone()));
        }
        i += 1;
    }
    out
}

/// A compiled moment.
#[derive(Debug, Clone)]
pub(crate) struct Moment {
    pub pattern: Vec<Pat>,
    /// The head as written (filled per card when it names stats).
    pub reads_as: String,
    /// Parsed once when it names no stat.
    pub head: Option<Head>,
    pub card_in: Option<String>,
}

/// Moments every game's cards may use, when the game has the trigger (generic English).
const BUILT_IN_MOMENTS: &[(&str, &str)] = &[
    ("when played", "when played:"),
    ("when you play this card", "when played:"),
    ("when this card is played", "when played:"),
    ("when set", "when set:"),
    ("when you set this card", "when set:"),
    ("when this card is set", "when set:"),
    ("when summoned", "when summoned:"),
    ("when this card is summoned", "when summoned:"),
    ("when you summon this card", "when summoned:"),
    ("when this card attacks", "when attacks:"),
    ("whenever this card attacks", "when attacks:"),
    ("when attacking", "when attacks:"),
    ("when this card blocks", "when blocks:"),
    ("whenever this card blocks", "when blocks:"),
    ("when blocking", "when blocks:"),
    ("when battling", "when battling:"),
    ("while battling", "when battling:"),
    ("when this card battles", "when battling:"),
    ("whenever this card battles", "when battling:"),
    ("when this card wins a battle", "when wins battle:"),
    ("whenever this card wins a battle", "when wins battle:"),
    ("when this card loses a battle", "when loses battle:"),
    ("whenever this card loses a battle", "when loses battle:"),
    ("when revealed", "when revealed:"),
    ("when this card is revealed", "when revealed:"),
    ("when this card is destroyed", "when destroyed:"),
    ("when destroyed", "when destroyed:"),
    ("when this card is defeated", "when destroyed:"),
    ("at the start of your turn", "at turn start:"),
    ("at the beginning of your turn", "at turn start:"),
    ("at the start of each of your turns", "at turn start:"),
    ("at the end of your turn", "at turn end:"),
    ("at the end of each of your turns", "at turn end:"),
    ("while in play", "while in play:"),
    ("while this card is in play", "while in play:"),
    ("when you play {cards}", "when you play {cards}:"),
    ("whenever you play {cards}", "when you play {cards}:"),
    (
        "the first time each turn you play {cards}",
        "when you play {cards} if no {cards} in played:",
    ),
    ("when you attach {cards}", "when you attach {cards}:"),
    ("whenever you attach {cards}", "when you attach {cards}:"),
    ("when you destroy {cards}", "when you destroy {cards}:"),
    ("whenever you destroy {cards}", "when you destroy {cards}:"),
    ("when you buy {cards}", "when you buy {cards}:"),
    ("whenever you buy {cards}", "when you buy {cards}:"),
];

/// The words of one game, compiled: the built-in ones and its `[effects.words]`.
#[derive(Debug, Clone)]
pub(crate) struct Lexicon {
    /// Longest pattern first; the game's before the built-in ones of the same length.
    pub moments: Vec<Moment>,
    /// The first words of the moments, to find one at the end of a sentence quickly.
    pub moment_starts: Vec<String>,
    /// Card type (folded) → head as written.
    pub default_moments: Vec<(String, String, Option<Head>)>,
    /// (pattern, zone id), longest first.
    pub zones: Vec<(Vec<Pat>, String)>,
    /// (pattern, resource id), longest first.
    pub resources: Vec<(Vec<Pat>, String)>,
    /// (pattern, filter clause or empty), longest first.
    pub nouns: Vec<(Vec<Pat>, String)>,
    /// verb stem → what it does.
    pub verbs: Vec<(String, Verb)>,
    /// Stems of the words for damage ("damage", "hit").
    pub damage: Vec<String>,
    /// (pattern, duration), longest first.
    pub durations: Vec<(Vec<Pat>, Duration)>,
    /// Other players' names, compiled.
    pub others: Vec<Vec<Pat>>,
    pub no_effect: Vec<(Vec<Pat>, String)>,
    /// The game's sentences: (pattern, what it reads as).
    pub sentences: Vec<(Vec<Pat>, String)>,
    /// (folded card types, steps as written).
    pub stated_by_stats: Vec<(Vec<String>, String)>,
    pub numbers: Vec<(Vec<Pat>, i64)>,
    pub x_up_to: Option<i64>,
    pub most_first: bool,
    pub yours: Option<String>,
    pub always: Vec<Vec<Pat>>,
    /// Card types: (stem of each word, the type's name).
    pub types: Vec<(Vec<String>, String)>,
    /// Keywords: (stems, name).
    pub keywords: Vec<(Vec<String>, String)>,
    /// Stats: (pattern, key), longest first.
    pub stats: Vec<(Vec<Pat>, String)>,
    /// The game's zones, for "is this one of them".
    pub zone_ids: Vec<String>,
    /// The stat a card's cost in each resource is (`shards` → `shard_cost`).
    pub cost_stats: Vec<(String, String)>,
    /// The stat "costing N or less" compares (the deck curve's stat).
    pub cost_stat: Option<String>,
}

fn stems(name: &str) -> Vec<String> {
    tokenize(name)
        .into_iter()
        .filter(|t| matches!(t.kind, Kind::Word | Kind::Number(_) | Kind::Symbol))
        .map(|t| t.stem)
        .collect()
}

fn longest_first<T>(list: &mut [(Vec<Pat>, T)]) {
    list.sort_by_key(|(pattern, _)| std::cmp::Reverse(pattern.len()));
}

impl Lexicon {
    pub fn new(game: &Game) -> Lexicon {
        let words = &game.effects.words;
        let has_trigger = |head: &str| parse_head(head, game, &|_| Some(1)).is_ok();
        let mut moments: Vec<Moment> = Vec::new();
        for moment in &words.moments {
            let head = parse_head(&moment.reads_as, game, &|_| None).ok();
            for phrase in &moment.words {
                moments.push(Moment {
                    pattern: compile(phrase, false),
                    reads_as: moment.reads_as.clone(),
                    head: head.clone(),
                    card_in: moment.card_in.clone(),
                });
            }
        }
        for (phrase, head) in BUILT_IN_MOMENTS {
            if has_trigger(head) {
                moments.push(Moment {
                    pattern: compile(phrase, false),
                    reads_as: (*head).to_owned(),
                    head: parse_head(head, game, &|_| None).ok(),
                    card_in: None,
                });
            }
        }
        // Stable: the game's own come first among equally long ones.
        moments.sort_by_key(|m| std::cmp::Reverse(m.pattern.len()));

        let mut zones: Vec<(Vec<Pat>, String)> = Vec::new();
        for zone in &game.effects.zones {
            zones.push((compile(&zone.replace('_', " "), true), zone.clone()));
            let extra: &[&str] = match zone.as_str() {
                "deck" => &["top of deck", "top of your deck"],
                "discard" => &["discard pile"],
                "top" => &["top of deck", "top of your deck"],
                "bottom" => &["bottom of deck", "bottom of your deck"],
                _ => &[],
            };
            for phrase in extra {
                zones.push((compile(phrase, true), zone.clone()));
            }
        }
        for (zone, phrases) in &words.zones {
            for phrase in phrases {
                zones.push((compile(phrase, true), zone.clone()));
            }
        }
        // The game's words win over the built-in ones of the same length: listed last,
        // so put them first before the stable sort.
        zones.reverse();
        longest_first(&mut zones);

        let mut resources: Vec<(Vec<Pat>, String)> = Vec::new();
        for resource in &game.effects.resources {
            resources.push((compile(&resource.replace('_', " "), true), resource.clone()));
        }
        for (resource, phrases) in &words.resources {
            for phrase in phrases {
                resources.push((compile(phrase, true), resource.clone()));
            }
        }
        longest_first(&mut resources);

        let mut nouns: Vec<(Vec<Pat>, String)> = words
            .nouns
            .iter()
            .map(|(noun, filter)| (compile(noun, false), filter.trim().to_owned()))
            .collect();
        longest_first(&mut nouns);

        let verbs = words
            .verbs
            .iter()
            .filter_map(|(verb, meaning)| {
                Some((
                    super::tokens::stem(&verb.to_lowercase()),
                    parse_verb(meaning, game).ok()?,
                ))
            })
            .collect();

        let mut damage = vec!["damage".to_owned()];
        damage.extend(words.damage.iter().flat_map(|d| stems(d)));

        let mut durations: Vec<(Vec<Pat>, Duration)> = [
            ("until end of turn", Duration::Turn),
            ("until the end of the turn", Duration::Turn),
            ("until the end of your turn", Duration::Turn),
            ("until end of your turn", Duration::Turn),
            ("this turn", Duration::Turn),
            ("until end of battle", Duration::Battle),
            ("until the end of the battle", Duration::Battle),
            ("until the end of this battle", Duration::Battle),
            ("this battle", Duration::Battle),
            ("for the rest of the game", Duration::Permanent),
            ("permanently", Duration::Permanent),
            ("until your next attack", Duration::NextAttack),
            ("until the next attack", Duration::NextAttack),
        ]
        .iter()
        .map(|(phrase, duration)| (compile(phrase, false), *duration))
        .collect();
        for (duration, phrases) in &words.durations {
            if let Some(duration) = duration_id(duration) {
                for phrase in phrases {
                    durations.push((compile(phrase, false), duration));
                }
            }
        }
        longest_first(&mut durations);

        let mut others: Vec<Vec<Pat>> = [
            "your opponent",
            "each opponent",
            "target opponent",
            "the opponent",
            "your opponents",
            "each other player",
        ]
        .iter()
        .chain(
            words
                .others
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .iter(),
        )
        .map(|p| compile(p, false))
        .collect();
        others.sort_by_key(|p| std::cmp::Reverse(p.len()));

        let no_effect = words
            .no_effect
            .iter()
            .flat_map(|entry| {
                entry
                    .words
                    .iter()
                    .map(|w| (compile(w, false), entry.reason.clone()))
            })
            .collect();
        let sentences = words
            .sentences
            .iter()
            .flat_map(|entry| {
                entry
                    .words
                    .iter()
                    .map(|w| (compile(w, false), entry.reads_as.clone()))
            })
            .collect();
        let stated_by_stats = words
            .stated_by_stats
            .iter()
            .map(|entry| {
                (
                    entry.types.iter().map(|t| crate::fold_name(t)).collect(),
                    entry.steps.clone(),
                )
            })
            .collect();
        let mut numbers: Vec<(Vec<Pat>, i64)> = words
            .numbers
            .iter()
            .map(|(phrase, n)| (compile(phrase, true), *n))
            .collect();
        longest_first(&mut numbers);

        let mut types: Vec<(Vec<String>, String)> = game
            .card_types
            .iter()
            .map(|t| (stems(&t.name), t.name.clone()))
            .collect();
        types.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        let mut keywords: Vec<(Vec<String>, String)> = game
            .keywords
            .iter()
            .map(|k| (stems(&k.name), k.name.clone()))
            .collect();
        keywords.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));

        let mut stats: Vec<(Vec<Pat>, String)> = Vec::new();
        for (key, def) in &game.stats {
            stats.push((compile(&key.replace('_', " "), false), key.clone()));
            if def.label.chars().all(|c| c.is_alphanumeric() || c == ' ') {
                stats.push((compile(&def.label, false), key.clone()));
            }
        }
        longest_first(&mut stats);

        let cost_stats = game
            .effects
            .resources
            .iter()
            .filter_map(|resource| {
                let base = super::tokens::stem(resource);
                let key = format!("{base}_cost");
                game.stats
                    .contains_key(&key)
                    .then(|| (resource.clone(), key))
            })
            .collect();

        let mut moment_starts: Vec<String> = moments
            .iter()
            .filter_map(|m| match m.pattern.first() {
                Some(Pat::Word(w)) => Some(w.clone()),
                _ => None,
            })
            .collect();
        moment_starts.sort();
        moment_starts.dedup();
        Lexicon {
            moments,
            moment_starts,
            default_moments: words
                .default_moments
                .iter()
                .map(|(t, head)| {
                    let parsed = parse_head(head, game, &|_| None).ok();
                    (crate::fold_name(t), head.clone(), parsed)
                })
                .collect(),
            zones,
            resources,
            nouns,
            verbs,
            damage,
            durations,
            others,
            no_effect,
            sentences,
            stated_by_stats,
            numbers,
            x_up_to: words.x_up_to,
            most_first: words.up_to == Some(UpToOrder::MostFirst),
            yours: words.yours.clone(),
            always: words.always.iter().map(|p| compile(p, false)).collect(),
            types,
            keywords,
            stats,
            zone_ids: game.effects.zones.clone(),
            cost_stats,
            cost_stat: game.deck.curve_stat.clone(),
        }
    }
}

/// A stat's number on the card, when it is one.
pub(crate) fn stat_number(stats: &BTreeMap<String, StatValue>, key: &str) -> Option<i64> {
    stats.get(key).and_then(StatValue::as_number)
}

/// Whether `tokens` from `at` start with `pattern` (words by stem, determiners skipped
/// where the pattern drops them); the end position when they do. `{cards}` is matched by
/// `cards`, which returns the end and the filter it read.
pub(crate) fn match_words(
    tokens: &[Tok],
    at: usize,
    pattern: &[Pat],
    skip_determiners: bool,
) -> Option<usize> {
    let mut pos = at;
    for (k, pat) in pattern.iter().enumerate() {
        // A determiner the pattern does not name ("your" before "deck") is skipped.
        let names_determiner = matches!(pat, Pat::Word(w) if DETERMINERS.contains(&w.as_str()));
        if skip_determiners && !names_determiner {
            while tokens
                .get(pos)
                .is_some_and(|t| DETERMINERS.contains(&t.text.as_str()))
            {
                pos += 1;
            }
        }
        match pat {
            Pat::Word(word) => {
                let tok = tokens.get(pos)?;
                if tok.stem != *word && tok.text != *word {
                    return None;
                }
                pos += 1;
            }
            Pat::Number => {
                let tok = tokens.get(pos)?;
                if !matches!(tok.kind, Kind::Number(_))
                    && super::tokens::number_word(&tok.text).is_none()
                    && tok.text != "a"
                    && tok.text != "an"
                {
                    return None;
                }
                pos += 1;
            }
            Pat::Any => {
                let rest = &pattern[k + 1..];
                if rest.is_empty() {
                    return Some(tokens.len());
                }
                return (pos..=tokens.len())
                    .find_map(|start| match_words(tokens, start, rest, skip_determiners));
            }
            Pat::This => {
                let tok = tokens.get(pos)?;
                if tok.text != "this" {
                    return None;
                }
                pos += 1;
                if tokens.get(pos).is_some_and(|t| t.is_word()) {
                    pos += 1;
                }
            }
            Pat::Cards => return None,
        }
    }
    Some(pos)
}

/// Whether `pattern` matches all of `tokens` (`*` trying every split).
pub(crate) fn match_all(tokens: &[Tok], pattern: &[Pat]) -> bool {
    fn go(tokens: &[Tok], pos: usize, pattern: &[Pat]) -> bool {
        let Some((first, rest)) = pattern.split_first() else {
            return pos == tokens.len();
        };
        if *first == Pat::Any {
            return (pos..=tokens.len()).any(|at| go(tokens, at, rest));
        }
        match match_words(tokens, pos, std::slice::from_ref(first), false) {
            Some(end) => go(tokens, end, rest),
            None => false,
        }
    }
    go(tokens, 0, pattern)
}

/// The numbers `#` matches when `pattern` matches all of `tokens` (`*` trying every
/// split); `None` when it does not match.
pub(crate) fn match_capture(tokens: &[Tok], pattern: &[Pat]) -> Option<Vec<i64>> {
    fn go(tokens: &[Tok], pos: usize, pattern: &[Pat], numbers: &mut Vec<i64>) -> bool {
        let Some((first, rest)) = pattern.split_first() else {
            return pos == tokens.len();
        };
        match first {
            Pat::Any => (pos..=tokens.len()).any(|at| {
                let kept = numbers.len();
                go(tokens, at, rest, numbers) || {
                    numbers.truncate(kept);
                    false
                }
            }),
            Pat::Number => {
                let Some(tok) = tokens.get(pos) else {
                    return false;
                };
                let n = match tok.kind {
                    Kind::Number(n) => Some(n),
                    _ if tok.text == "a" || tok.text == "an" => Some(1),
                    _ => super::tokens::number_word(&tok.text),
                };
                let Some(n) = n else { return false };
                numbers.push(n);
                go(tokens, pos + 1, rest, numbers) || {
                    numbers.pop();
                    false
                }
            }
            _ => match match_words(tokens, pos, std::slice::from_ref(first), false) {
                Some(end) => go(tokens, end, rest, numbers),
                None => false,
            },
        }
    }
    let mut numbers = Vec::new();
    go(tokens, 0, pattern, &mut numbers).then_some(numbers)
}
