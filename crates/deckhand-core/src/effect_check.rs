//! Validation of effects against their game: the one check that card-set files,
//! spreadsheets and keyword templates all go through.
//!
//! Every trigger, zone and resource must be one the game's `[effects]` declares, every
//! modified stat one of its stats, every filter a query in its words with only the clauses
//! an effect filter may use, every amount within `0..=99` (a stat change `-99..=99`), and
//! the typed form must be one the written form can say (so the two always round-trip).
//! Problems come back as `(path, message)`, the path relative to the card
//! (`.effects[0].steps[1].from`).

use crate::effect::{
    choice_nesting, Amount, Effect, Filter, GoldfishNote, Requirement, Step, Target, Trigger,
    MAX_CHOICE_NESTING,
};
use crate::query::{parse_filter, Vocabulary};
use crate::Game;

/// The largest amount an effect may state.
pub const MAX_AMOUNT: i64 = 99;

type Problem = (String, String);

/// Checks a card's effects and note against `game`.
pub(crate) fn check_card_effects(
    game: &Game,
    effects: &[Effect],
    goldfish: Option<&GoldfishNote>,
) -> Result<(), Problem> {
    if effects.is_empty() && goldfish.is_none() {
        // Most cards of a player's set: nothing to check, no vocabulary to make.
        return Ok(());
    }
    let checker = Checker {
        game,
        vocabulary: Vocabulary::for_game(game),
    };
    for (i, effect) in effects.iter().enumerate() {
        checker.effect(&format!(".effects[{i}]"), effect)?;
    }
    if let Some(note) = goldfish {
        check_note(note).map_err(|message| (".goldfish.reason".to_owned(), message))?;
    }
    Ok(())
}

/// A note's reason is one non-empty line.
pub(crate) fn check_note(note: &GoldfishNote) -> Result<(), String> {
    if note.reason.trim().is_empty() || crate::line_breaker(&note.reason).is_some() {
        return Err(format!(
            "a goldfish note ({}) needs its reason, on one line",
            note.state.id()
        ));
    }
    Ok(())
}

struct Checker<'a> {
    game: &'a Game,
    vocabulary: Vocabulary,
}

impl Checker<'_> {
    fn effect(&self, path: &str, effect: &Effect) -> Result<(), Problem> {
        let fail = |key: &str, message: String| Err((format!("{path}{key}"), message));
        let triggers = &self.game.effects.triggers;
        if !triggers.iter().any(|t| t == effect.trigger.id()) {
            return fail(
                ".trigger",
                format!(
                    "{} has no trigger '{}' (its triggers: {})",
                    self.game.name,
                    effect.trigger.id(),
                    or_none(triggers)
                ),
            );
        }
        if let Some(requirement) = &effect.requirement {
            self.requirement(&format!("{path}.requirement"), requirement)?;
        }
        self.card_event(path, effect)?;
        if !effect.cost.is_empty() && effect.trigger != Trigger::Activated {
            return fail(
                ".cost",
                "only an activated ability has a cost (trigger 'activated')".into(),
            );
        }
        self.steps(&format!("{path}.cost"), &effect.cost)?;
        if choice_nesting(&effect.steps) > MAX_CHOICE_NESTING {
            return fail(
                ".steps",
                format!("choices nest at most {MAX_CHOICE_NESTING} deep"),
            );
        }
        if effect.steps.is_empty() {
            return fail(".steps", "an effect needs at least one step".into());
        }
        self.steps(&format!("{path}.steps"), &effect.steps)
    }

    fn requirement(&self, path: &str, requirement: &Requirement) -> Result<(), Problem> {
        self.filter(&format!("{path}.filter"), requirement.filter.as_ref())?;
        self.zone(&format!("{path}.zone"), &requirement.zone)?;
        if i64::from(requirement.at_least) > MAX_AMOUNT {
            return Err((
                format!("{path}.at_least"),
                format!("at most {MAX_AMOUNT}, not {}", requirement.at_least),
            ));
        }
        if requirement.negated && requirement.at_least == 0 {
            return Err((
                format!("{path}.at_least"),
                "a negated requirement (\"if fewer than N …\") needs N of 1 or more".into(),
            ));
        }
        Ok(())
    }

    fn steps(&self, path: &str, steps: &[Step]) -> Result<(), Problem> {
        for (i, step) in steps.iter().enumerate() {
            self.step(&format!("{path}[{i}]"), step)?;
        }
        Ok(())
    }

    fn step(&self, path: &str, step: &Step) -> Result<(), Problem> {
        let at = |key: &str| format!("{path}.{key}");
        match step {
            Step::Move {
                count,
                from,
                to,
                filter,
                ..
            } => {
                self.amount(&at("count"), count, false)?;
                self.zone(&at("from"), from)?;
                self.zone(&at("to"), to)?;
                self.filter(&at("filter"), filter.as_ref())
            }
            Step::Draw { count } => self.amount(&at("count"), count, false),
            Step::Discard { count, filter } => {
                self.amount(&at("count"), count, false)?;
                self.filter(&at("filter"), filter.as_ref())
            }
            Step::Damage { amount } | Step::Prevent { amount } | Step::Heal { amount } => {
                self.amount(&at("amount"), amount, false)
            }
            Step::Gain { amount, resource } | Step::Spend { amount, resource } => {
                self.amount(&at("amount"), amount, false)?;
                self.resource(&at("resource"), resource)
            }
            Step::Modify {
                stat, by, target, ..
            } => {
                if !self.game.stats.contains_key(stat) {
                    let stats: Vec<String> = self.game.stats.keys().cloned().collect();
                    return Err((
                        at("stat"),
                        format!(
                            "'{stat}' is not a stat of {} (its stats: {})",
                            self.game.name,
                            or_none(&stats)
                        ),
                    ));
                }
                self.amount(&at("by"), by, true)?;
                match target {
                    Target::This => Ok(()),
                    Target::Others { filter } => {
                        self.filter(&at("target.others.filter"), filter.as_ref())
                    }
                    Target::Each { filter } => {
                        self.filter(&at("target.each.filter"), filter.as_ref())
                    }
                    Target::One { filter } => {
                        self.filter(&at("target.one.filter"), filter.as_ref())
                    }
                }
            }
            Step::Roll { dice } | Step::Reroll { dice } => self.amount(&at("dice"), dice, false),
            Step::Split { among, .. } => self.amount(&at("among"), among, false),
            Step::Ready { count, filter } => {
                self.amount(&at("count"), count, false)?;
                self.filter(&at("filter"), filter.as_ref())
            }
            Step::Copy { filter } => self.filter(&at("filter"), filter.as_ref()),
            Step::Choose { options } => {
                if options.len() < 2 {
                    return Err((at("options"), "a choice needs at least two options".into()));
                }
                for (i, option) in options.iter().enumerate() {
                    let option_path = format!("{path}.options[{i}]");
                    if option.is_empty() {
                        return Err((option_path, "an option needs at least one step".into()));
                    }
                    self.steps(&option_path, option)?;
                }
                Ok(())
            }
            Step::FillHand { size } => self.amount(&at("size"), size, false),
            Step::Reorder { count, zone, .. } => {
                self.amount(&at("count"), count, false)?;
                self.zone(&at("zone"), zone)
            }
            Step::IgnoreGuard | Step::RollAdjacent | Step::SwapAdjacent => Ok(()),
            Step::Unguard { target } => self.target(&at("target"), target),
            Step::CapHits { max, target } => {
                self.amount(&at("max"), max, false)?;
                self.target(&at("target"), target)
            }
            Step::IgnoreHits { first, target } => {
                self.amount(&at("first"), first, false)?;
                self.target(&at("target"), target)
            }
            Step::DamageAdjacent { amount } => self.amount(&at("amount"), amount, false),
        }
    }

    /// The filter of a step's target (Guard and hit rules).
    fn target(&self, path: &str, target: &Target) -> Result<(), Problem> {
        match target {
            Target::This => Ok(()),
            Target::Others { filter } | Target::Each { filter } | Target::One { filter } => {
                self.filter(&format!("{path}.filter"), filter.as_ref())
            }
        }
    }

    /// `signed`: a stat change, which may lower (`-99..=99`); other amounts are `0..=99`.
    fn amount(&self, path: &str, amount: &Amount, signed: bool) -> Result<(), Problem> {
        let low = if signed { -MAX_AMOUNT } else { 0 };
        let in_range = |n: i64| (low..=MAX_AMOUNT).contains(&n);
        let range = || format!("{low} to {MAX_AMOUNT}");
        match amount {
            Amount::Fixed(n) if !in_range(*n) => Err((
                path.to_owned(),
                format!("an amount from {}, not {n}", range()),
            )),
            Amount::Fixed(_) => Ok(()),
            Amount::Per(per) => {
                if !in_range(per.each) {
                    return Err((
                        format!("{path}.each"),
                        format!("an amount from {}, not {}", range(), per.each),
                    ));
                }
                if let Some(max) = per.max.filter(|m| !(0..=MAX_AMOUNT).contains(m)) {
                    return Err((
                        format!("{path}.max"),
                        format!("a cap from 0 to {MAX_AMOUNT}, not {max}"),
                    ));
                }
                self.zone(&format!("{path}.zone"), &per.zone)?;
                self.filter(&format!("{path}.filter"), per.filter.as_ref())
            }
        }
    }

    fn zone(&self, path: &str, zone: &str) -> Result<(), Problem> {
        known(
            path,
            "zone",
            zone,
            &self.game.effects.zones,
            &self.game.name,
        )
    }

    fn resource(&self, path: &str, resource: &str) -> Result<(), Problem> {
        let resources = &self.game.effects.resources;
        known(path, "resource", resource, resources, &self.game.name)
    }

    fn filter(&self, path: &str, filter: Option<&Filter>) -> Result<(), Problem> {
        let Some(Filter(query)) = filter else {
            return Ok(());
        };
        let fail = |message: String| Err((path.to_owned(), message));
        if query.trim().is_empty() {
            return fail("an empty filter: leave it out to count every card".into());
        }
        if unquoted_bracket(query) {
            return fail(format!(
                "'{}' holds [ or ] outside quotes, which the written form cannot say",
                crate::clip(query)
            ));
        }
        match parse_filter(query, &self.vocabulary) {
            Ok(_) => Ok(()),
            Err(err) => fail(format!("filter '{}': {err}", crate::clip(query))),
        }
    }
}

// Triggers on another card's event and HP requirements.
impl Checker<'_> {
    /// `card` belongs to a trigger on another card's event; an HP bound is `0..=99`.
    fn card_event(&self, path: &str, effect: &Effect) -> Result<(), Problem> {
        if effect.card.is_some() && !effect.trigger.on_another_card() {
            return Err((
                format!("{path}.card"),
                "only a trigger on another card's event (plays_card, attaches_card, \
                 destroys_card, buys_card) names a card filter"
                    .into(),
            ));
        }
        self.filter(&format!("{path}.card"), effect.card.as_ref())?;
        if let Some(crate::effect::HpCheck::AtMost(n)) = effect.hp {
            if !(0..=MAX_AMOUNT).contains(&n) {
                return Err((
                    format!("{path}.hp.at_most"),
                    format!("an HP from 0 to {MAX_AMOUNT}, not {n}"),
                ));
            }
        }
        Ok(())
    }
}

fn known(path: &str, what: &str, name: &str, names: &[String], game: &str) -> Result<(), Problem> {
    if names.iter().any(|n| n == name) {
        return Ok(());
    }
    Err((
        path.to_owned(),
        format!(
            "{game} has no {what} '{}' (its {what}s: {})",
            crate::clip(name),
            or_none(names)
        ),
    ))
}

fn or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none declared in [effects]".into()
    } else {
        names.join(", ")
    }
}

/// Whether `query` has a `[` or `]` outside double quotes (the written form's brackets).
fn unquoted_bracket(query: &str) -> bool {
    let mut quoted = false;
    for c in query.chars() {
        match c {
            '"' => quoted = !quoted,
            '[' | ']' if !quoted => return true,
            _ => {}
        }
    }
    false
}

/// Checks a game definition's `[effects]` (known trigger ids; zones and resources unique
/// words the written form can name) and each keyword's effects template and note. `path` in
/// the result is a TOML key (`effects.zones[2]`, `keywords[3].effects`).
pub(crate) fn check_game_effects(game: &Game) -> Result<(), Problem> {
    let def = &game.effects;
    for (i, id) in def.triggers.iter().enumerate() {
        if Trigger::from_id(id).is_none() {
            let ids: Vec<&str> = Trigger::ALL.iter().map(|t| t.id()).collect();
            return Err((
                format!("effects.triggers[{i}]"),
                format!(
                    "unknown trigger '{}' (triggers: {})",
                    crate::clip(id),
                    ids.join(", ")
                ),
            ));
        }
    }
    for (key, names) in [
        ("triggers", &def.triggers),
        ("zones", &def.zones),
        ("resources", &def.resources),
    ] {
        let mut seen = std::collections::BTreeSet::new();
        for (i, name) in names.iter().enumerate() {
            let word = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
            if !word || !seen.insert(name.as_str()) {
                return Err((
                    format!("effects.{key}[{i}]"),
                    format!(
                        "'{}' is declared twice or is not one word (letters, digits, _ and -)",
                        crate::clip(name)
                    ),
                ));
            }
        }
    }
    crate::effect_reader::check_words(game)?;
    for (i, keyword) in game.keywords.iter().enumerate() {
        if let Some(template) = &keyword.effects {
            check_template(game, keyword, template)
                .map_err(|message| (format!("keywords[{i}].effects"), message))?;
        }
        if let Some(note) = &keyword.goldfish {
            check_note(note).map_err(|message| (format!("keywords[{i}].goldfish"), message))?;
        }
    }
    Ok(())
}

/// A keyword's template must read, and fit the game, once its `{value}`, `{1}`, `{2}`… are
/// filled. The value is not known here, so each placeholder is tried with a number and with
/// each word the game has (a zone, a resource, a stat); one filling that works is enough.
fn check_template(game: &Game, keyword: &crate::KeywordDef, template: &str) -> Result<(), String> {
    let words = crate::EffectWords::for_game(game);
    let placeholders: Vec<String> = ["{value}", "{1}", "{2}", "{3}"]
        .into_iter()
        .filter(|p| template.contains(p))
        .map(String::from)
        .collect();
    let mut samples = vec!["1".to_owned()];
    samples.extend(words.zones.iter().cloned());
    samples.extend(words.resources.iter().cloned());
    samples.extend(words.stats.iter().cloned());
    let mut first_error = None;
    let mut choice = vec![0usize; placeholders.len()];
    // At most a few placeholders and a few dozen words: a bounded number of tries.
    for _ in 0..4096 {
        let mut filled = template.to_owned();
        for (placeholder, &pick) in placeholders.iter().zip(&choice) {
            filled = filled.replace(placeholder.as_str(), &samples[pick]);
        }
        let outcome = crate::parse_effects(&filled, Some(&words))
            .map_err(|err| err.to_string())
            .and_then(|effects| {
                if effects.is_empty() {
                    return Err("an empty template: leave effects out".into());
                }
                check_card_effects(game, &effects, None).map_err(|(path, message)| {
                    format!("{}: {message}", path.trim_start_matches('.'))
                })
            });
        match outcome {
            Ok(()) => return Ok(()),
            Err(message) => {
                first_error.get_or_insert(message);
            }
        }
        // The next combination, odometer style; done when every one was tried.
        let Some(slot) = choice.iter().position(|&c| c + 1 < samples.len()) else {
            break;
        };
        choice[slot] += 1;
        choice[..slot].iter_mut().for_each(|c| *c = 0);
    }
    let message = first_error.unwrap_or_default();
    Err(format!(
        "the effects of '{}' do not read once filled with a value: {message}",
        keyword.name
    ))
}

#[cfg(test)]
#[path = "effect_check_tests.rs"]
mod tests;
