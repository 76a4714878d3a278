//! The bundled card sets' effects name only what their game declares (issue 19, "Every
//! bundled card stated"): triggers, zones and resources from the game's `[effects]`, stats
//! the game has, and filters whose clauses are query fields or the game's stats. A game
//! that declares `[effects]` also states every keyword and every card with text.
//!
//! This reads `data/` directly, so a data change that breaks a rule fails here with the
//! card and the path of the offending name.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use deckhand_core::{Amount, CardSet, Effect, Game, Games, Requirement, Step, Target};

/// The query language's field names (deckhand-search `TEXT_FIELDS`); stats come from the game.
const QUERY_FIELDS: &[&str] = &[
    "name", "n", "text", "o", "oracle", "type", "t", "sub", "subtype", "kw", "keyword", "set", "s",
    "side", "color", "c", "game",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn games() -> Games {
    let dir = repo().join("data/games");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        sources.push((path.display().to_string(), text));
    }
    Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))).unwrap()
}

fn card_sets(games: &Games) -> Vec<CardSet> {
    let mut sets = Vec::new();
    for game in games.iter() {
        let dir = repo().join("data/cards").join(&game.id);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            sets.push(CardSet::from_json(&path.display().to_string(), &text, games).unwrap());
        }
    }
    sets
}

/// Collects `what: name` for every name an effect uses that its game does not declare.
struct Checker<'a> {
    game: &'a Game,
    problems: Vec<String>,
    at: String,
}

impl Checker<'_> {
    fn declared(&mut self, kind: &str, name: &str, known: &[String]) {
        if !known.iter().any(|k| k == name) {
            self.problems.push(format!(
                "{}: {kind} '{name}' is not in the game's [effects]",
                self.at
            ));
        }
    }

    fn zone(&mut self, zone: &str) {
        let zones = self.game.effects.zones.clone();
        self.declared("zone", zone, &zones);
    }

    fn filter(&mut self, filter: &str) {
        for field in clause_fields(filter) {
            let known =
                QUERY_FIELDS.contains(&field.as_str()) || self.game.stats.contains_key(&field);
            if !known {
                self.problems.push(format!(
                    "{}: filter [{filter}] uses '{field}', neither a query field nor a stat of the game",
                    self.at
                ));
            }
        }
    }

    fn amount(&mut self, amount: &Amount) {
        match amount {
            Amount::Fixed(n) if !(-99..=99).contains(n) => {
                self.problems
                    .push(format!("{}: amount {n} is not 0 to 99", self.at));
            }
            Amount::Fixed(_) => {}
            Amount::Per(per) => {
                self.zone(&per.zone);
                if let Some(filter) = &per.filter {
                    self.filter(&filter.0);
                }
            }
        }
    }

    fn requirement(&mut self, requirement: &Requirement) {
        self.zone(&requirement.zone);
        if let Some(filter) = &requirement.filter {
            self.filter(&filter.0);
        }
    }

    fn steps(&mut self, steps: &[Step]) {
        for step in steps {
            self.step(step);
        }
    }

    fn step(&mut self, step: &Step) {
        let resources = self.game.effects.resources.clone();
        match step {
            Step::Move {
                count,
                from,
                to,
                filter,
                ..
            } => {
                self.amount(count);
                self.zone(from);
                self.zone(to);
                if let Some(filter) = filter {
                    self.filter(&filter.0);
                }
            }
            Step::Draw { count } => self.amount(count),
            Step::Discard { count, filter } => {
                self.amount(count);
                if let Some(filter) = filter {
                    self.filter(&filter.0);
                }
            }
            Step::Damage { amount } | Step::Prevent { amount } | Step::Heal { amount } => {
                self.amount(amount)
            }
            Step::Gain { amount, resource } | Step::Spend { amount, resource } => {
                self.amount(amount);
                self.declared("resource", resource, &resources);
            }
            Step::Modify {
                stat, by, target, ..
            } => {
                self.amount(by);
                if !self.game.stats.contains_key(stat) {
                    self.problems.push(format!(
                        "{}: stat '{stat}' is not one of the game's",
                        self.at
                    ));
                }
                if let Target::Others { filter: Some(f) } | Target::Each { filter: Some(f) } =
                    target
                {
                    self.filter(&f.0);
                }
            }
            Step::Roll { dice } => self.amount(dice),
            Step::Choose { options } => {
                if options.len() < 2 {
                    self.problems
                        .push(format!("{}: a choice needs two options", self.at));
                }
                for option in options {
                    self.steps(option);
                }
            }
        }
    }

    fn effect(&mut self, effect: &Effect) {
        let triggers = self.game.effects.triggers.clone();
        self.declared("trigger", effect.trigger.id(), &triggers);
        if let Some(requirement) = &effect.requirement {
            self.requirement(requirement);
        }
        self.steps(&effect.cost);
        self.steps(&effect.steps);
    }
}

/// The field names of a query's clauses (`t:hero shard_cost<=3` → `t`, `shard_cost`),
/// skipping quoted text, exact names and regexes.
fn clause_fields(query: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut chars = query.chars().peekable();
    let mut word = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' | '/' => {
                word.clear();
                for inner in chars.by_ref() {
                    if inner == c {
                        break;
                    }
                }
            }
            ':' | '<' | '>' | '=' | '!' if !word.is_empty() => {
                fields.push(std::mem::take(&mut word).to_lowercase());
                // The value follows: skip it (quoted values are skipped above).
                while chars.peek().is_some_and(|n| matches!(n, '<' | '>' | '=')) {
                    chars.next();
                }
                while chars
                    .peek()
                    .is_some_and(|n| !n.is_whitespace() && !matches!(n, ')' | '"'))
                {
                    chars.next();
                }
            }
            c if c.is_alphanumeric() || c == '_' => word.push(c),
            _ => word.clear(),
        }
    }
    fields
}

/// True when `text` says more than the card's keywords and parenthesised reminders.
fn has_effect_text(text: &str, keywords: &[String]) -> bool {
    let mut rest = text.to_lowercase();
    for keyword in keywords {
        rest = rest.replace(&keyword.to_lowercase(), " ");
    }
    let mut depth = 0usize;
    rest.chars().any(|c| {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => return depth == 0 && c.is_alphanumeric(),
        }
        false
    })
}

#[test]
fn clause_fields_are_the_names_before_an_operator() {
    let cases: &[(&str, &[&str])] = &[
        ("t:hero", &["t"]),
        ("t:equipment shard_cost<=4", &["t", "shard_cost"]),
        ("-t:starter", &["t"]),
        ("sub:\"gravel grunt\"", &["sub"]),
        ("!\"Grid Sidearm\"", &[]),
        ("(kw:guard or c:red) power>=3", &["kw", "c", "power"]),
        ("dragon", &[]),
    ];
    for (query, expected) in cases {
        assert_eq!(clause_fields(query), *expected, "{query}");
    }
}

#[test]
fn bundled_effects_name_only_what_their_game_declares() {
    let games = games();
    let mut problems = Vec::new();
    for set in card_sets(&games) {
        let game = games.get(&set.game).unwrap();
        for card in &set.cards {
            for (i, effect) in card.effects.iter().enumerate() {
                let mut checker = Checker {
                    game,
                    problems: Vec::new(),
                    at: format!("{} '{}' effects[{i}]", set.source_name, card.name),
                };
                checker.effect(effect);
                problems.extend(checker.problems);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn games_with_effects_state_every_keyword_and_every_card_with_text() {
    let games = games();
    let stating: BTreeSet<&str> = games
        .iter()
        .filter(|g| !g.effects.triggers.is_empty())
        .map(|g| g.id.as_str())
        .collect();
    let mut problems = Vec::new();
    for game in games.iter().filter(|g| stating.contains(g.id.as_str())) {
        for keyword in &game.keywords {
            if keyword.effects.is_none() && keyword.goldfish.is_none() {
                problems.push(format!(
                    "{}: keyword '{}' has neither effects nor a goldfish note",
                    game.id, keyword.name
                ));
            }
        }
    }
    for set in card_sets(&games) {
        if !stating.contains(set.game.as_str()) {
            continue;
        }
        for card in &set.cards {
            let text = card.text.as_deref().unwrap_or("");
            let stated = !card.effects.is_empty() || card.goldfish.is_some();
            if has_effect_text(text, &card.keywords) && !stated {
                problems.push(format!(
                    "{} '{}': text with neither effects nor a goldfish note",
                    set.source_name, card.name
                ));
            }
            if let Some(note) = &card.goldfish {
                if note.reason.trim().is_empty() {
                    problems.push(format!(
                        "{} '{}': a goldfish note without a reason",
                        set.source_name, card.name
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
