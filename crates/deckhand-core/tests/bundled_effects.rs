//! The bundled card sets' effects name only what their game declares (`[effects]`
//! triggers, zones, resources; its stats), their filters use known query fields with values
//! the game's cards carry, every note gives its reason, and — in a game that declares
//! effects — no card with text is left silently unstated. Prints each game's coverage (run
//! with `--nocapture`).

mod common;

use common::bundled;
use std::collections::BTreeMap;

use deckhand_core::{Amount, Card, Effect, Filter, Game, Requirement, Step, Target};

/// The query language's text fields and their aliases (deckhand-search's parser).
const TEXT_FIELDS: &[&str] = &[
    "name", "n", "text", "o", "oracle", "type", "t", "sub", "subtype", "kw", "keyword", "set", "s",
    "side", "color", "c", "game",
];

/// Splits a query into clauses: whitespace outside double quotes; parentheses and the
/// words `or`/`and` dropped; a leading `-` (negation) stripped.
fn clauses(query: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for ch in query.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                current.push(ch);
            }
            '(' | ')' if !quoted => {}
            c if c.is_whitespace() && !quoted => out.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    out.push(current);
    out.into_iter()
        .map(|c| c.trim_start_matches('-').to_owned())
        .filter(|c| !c.is_empty() && c != "or" && c != "and")
        .collect()
}

fn fold(value: &str) -> String {
    value.trim_matches('"').to_lowercase()
}

/// Whether one of `values` is `wanted`, or has it as a word (text fields match words).
fn has<'a>(values: impl IntoIterator<Item = &'a String>, wanted: &str) -> bool {
    values
        .into_iter()
        .any(|v| fold(v) == wanted || fold(v).split_whitespace().any(|w| w == wanted))
}

/// Every problem with one filter, against the game and the cards of its bundled sets.
fn filter_problems(filter: &Filter, game: &Game, cards: &[&Card]) -> Vec<String> {
    let mut problems = Vec::new();
    for clause in clauses(&filter.0) {
        if let Some(name) = clause.strip_prefix('!') {
            if !cards.iter().any(|c| fold(&c.name) == fold(name)) {
                problems.push(format!("[{}]: no card is named {name}", filter.0));
            }
            continue;
        }
        let Some(at) = clause.find([':', '=', '<', '>', '!']) else {
            continue; // a bare word searches names and texts
        };
        let (field, rest) = clause.split_at(at);
        let field = field.to_ascii_lowercase();
        let value = fold(rest.trim_start_matches([':', '=', '<', '>', '!']));
        let known = match field.as_str() {
            "t" | "type" => game.card_types.iter().any(|t| fold(&t.name) == value),
            "kw" | "keyword" => {
                game.keywords.iter().any(|k| fold(&k.name) == value)
                    || cards.iter().any(|c| has(&c.keywords, &value))
            }
            "sub" | "subtype" => cards.iter().any(|c| has(&c.subtypes, &value)),
            "color" | "c" => cards.iter().any(|c| has(&c.color, &value)),
            "side" => value == "hero" || value == "villain",
            f if TEXT_FIELDS.contains(&f) => true,
            f => game.stats.contains_key(f),
        };
        if !known {
            problems.push(format!(
                "[{}]: '{clause}' names nothing of {}",
                filter.0, game.id
            ));
        }
    }
    problems
}

/// Collects every name an effect uses: (kind, name) pairs and its filters.
fn names<'a>(effect: &'a Effect, out: &mut Vec<(&'static str, &'a str)>, f: &mut Vec<&'a Filter>) {
    out.push(("trigger", effect.trigger.id()));
    if let Some(Requirement { filter, zone, .. }) = &effect.requirement {
        out.push(("zone", zone));
        f.extend(filter);
    }
    f.extend(&effect.card);
    for step in effect.cost.iter().chain(&effect.steps) {
        step_names(step, out, f);
    }
}

fn amount_names<'a>(
    amount: &'a Amount,
    out: &mut Vec<(&'static str, &'a str)>,
    f: &mut Vec<&'a Filter>,
) {
    if let Amount::Per(per) = amount {
        out.push(("zone", &per.zone));
        f.extend(&per.filter);
    }
}

fn step_names<'a>(step: &'a Step, out: &mut Vec<(&'static str, &'a str)>, f: &mut Vec<&'a Filter>) {
    match step {
        Step::Move {
            count,
            from,
            to,
            filter,
            ..
        } => {
            amount_names(count, out, f);
            out.push(("zone", from));
            out.push(("zone", to));
            f.extend(filter);
        }
        Step::Draw { count } => amount_names(count, out, f),
        Step::Discard { count, filter } => {
            amount_names(count, out, f);
            f.extend(filter);
        }
        Step::Damage { amount } | Step::Prevent { amount } | Step::Heal { amount } => {
            amount_names(amount, out, f)
        }
        Step::Gain { amount, resource } | Step::Spend { amount, resource } => {
            amount_names(amount, out, f);
            out.push(("resource", resource));
        }
        Step::Modify {
            stat, by, target, ..
        } => {
            amount_names(by, out, f);
            out.push(("stat", stat));
            if let Target::Others { filter } | Target::Each { filter } | Target::One { filter } =
                target
            {
                f.extend(filter);
            }
        }
        Step::Roll { dice } | Step::Reroll { dice } => amount_names(dice, out, f),
        Step::Split { among, .. } => amount_names(among, out, f),
        Step::Choose { options } => {
            for step in options.iter().flatten() {
                step_names(step, out, f);
            }
        }
        Step::FillHand { size } => amount_names(size, out, f),
        Step::Ready { count, filter } => {
            amount_names(count, out, f);
            f.extend(filter);
        }
        Step::Copy { filter } => f.extend(filter),
        Step::Reorder { count, zone, .. } => {
            amount_names(count, out, f);
            out.push(("zone", zone));
        }
        Step::IgnoreGuard | Step::RollAdjacent | Step::SwapAdjacent => {}
        Step::Unguard { target } => target_filter(target, f),
        Step::CapHits { max: n, target } | Step::IgnoreHits { first: n, target } => {
            amount_names(n, out, f);
            target_filter(target, f);
        }
        Step::DamageAdjacent { amount } => amount_names(amount, out, f),
    }
}

#[test]
fn bundled_effects_name_only_what_their_game_declares() {
    let (games, sets) = bundled();
    let mut problems = Vec::new();
    for set in &sets {
        let game = games.get(&set.game).unwrap();
        let cards: Vec<&Card> = sets
            .iter()
            .filter(|s| s.game == set.game)
            .flat_map(|s| &s.cards)
            .collect();
        let declared = |kind: &str, name: &str| match kind {
            "trigger" => game.effects.triggers.iter().any(|t| t == name),
            "zone" => game.effects.zones.iter().any(|z| z == name),
            "resource" => game.effects.resources.iter().any(|r| r == name),
            _ => game.stats.contains_key(name),
        };
        for card in &set.cards {
            let (mut used, mut filters) = (Vec::new(), Vec::new());
            for effect in &card.effects {
                names(effect, &mut used, &mut filters);
            }
            for (kind, name) in used {
                if !declared(kind, name) {
                    problems.push(format!(
                        "{}: {}: {kind} '{name}' is not declared by {}",
                        set.source_name, card.name, game.id
                    ));
                }
            }
            for filter in filters {
                for problem in filter_problems(filter, game, &cards) {
                    problems.push(format!("{}: {}: {problem}", set.source_name, card.name));
                }
            }
            if card
                .goldfish
                .as_ref()
                .is_some_and(|n| n.reason.trim().is_empty())
            {
                problems.push(format!(
                    "{}: {}: a note gives no reason",
                    set.source_name, card.name
                ));
            }
        }
    }
    for game in games.iter() {
        for keyword in &game.keywords {
            if keyword
                .goldfish
                .as_ref()
                .is_some_and(|n| n.reason.trim().is_empty())
            {
                problems.push(format!(
                    "{}: keyword {}: a note gives no reason",
                    game.id, keyword.name
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_card_with_text_is_stated_in_a_game_that_declares_effects() {
    let (games, sets) = bundled();
    let mut unstated = Vec::new();
    for game in games.iter().filter(|g| !g.effects.triggers.is_empty()) {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for card in sets
            .iter()
            .filter(|s| s.game == game.id)
            .flat_map(|s| &s.cards)
        {
            // The data side of the coverage rule: a card whose text is only its keywords'
            // reminders is stated by the keywords' templates or notes.
            let text = card.text.as_deref().unwrap_or("");
            let silent_text =
                card.effects.is_empty() && deckhand_core::has_effect_text(text, &card.keywords);
            let silent_keyword = card.keywords.iter().any(|k| {
                game.keyword(k)
                    .is_none_or(|def| def.effects.is_none() && def.goldfish.is_none())
            });
            let (state, _) = deckhand_core::coverage(card, game);
            if card.goldfish.is_none() && (silent_text || silent_keyword) {
                unstated.push(format!("{}: {}", game.id, card.name));
            } else {
                *counts.entry(state.id()).or_default() += 1;
            }
        }
        let total: usize = counts.values().sum();
        println!("{} ({total} cards): {counts:?}", game.id);
    }
    assert!(
        unstated.is_empty(),
        "cards with text and neither effects nor a note:\n{}",
        unstated.join("\n")
    );
}

#[test]
fn a_filter_naming_what_the_game_lacks_is_reported() {
    let (games, sets) = bundled();
    let game = games.get("pr-acg").unwrap();
    let cards: Vec<&Card> = sets
        .iter()
        .filter(|s| s.game == "pr-acg")
        .flat_map(|s| &s.cards)
        .collect();
    let cases: &[(&str, usize)] = &[
        ("t:ranger color:red", 0),
        ("sub:starfall t:zord cost<=2", 0),
        ("t:zoid", 1),
        ("kw:flying color:red", 1),
        ("sub:starfal", 1),
        ("colour:red", 1),
        (r#"!"No Such Card""#, 1),
    ];
    for (query, expected) in cases {
        let problems = filter_problems(&Filter(query.to_string()), game, &cards);
        assert_eq!(problems.len(), *expected, "{query}: {problems:?}");
    }
}

#[test]
fn clauses_split_on_spaces_outside_quotes_and_drop_negation_and_grouping() {
    let cases: &[(&str, &[&str])] = &[
        ("t:ranger color:red", &["t:ranger", "color:red"]),
        (
            r#"kw:"doom lab" -t:attachment"#,
            &[r#"kw:"doom lab""#, "t:attachment"],
        ),
        (
            r#"(sub:ninja or sub:robot) !"Dojo Dan""#,
            &["sub:ninja", "sub:robot", r#"!"Dojo Dan""#],
        ),
    ];
    for (query, expected) in cases {
        assert_eq!(clauses(query), *expected, "{query}");
    }
}

/// The filter of a Guard or hit-rule step's target.
fn target_filter<'a>(target: &'a Target, f: &mut Vec<&'a Filter>) {
    if let Target::Others { filter } | Target::Each { filter } | Target::One { filter } = target {
        f.extend(filter);
    }
}
