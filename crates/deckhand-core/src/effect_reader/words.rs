//! `[effects.words]`: a game's own words for what its cards say, so that the reader reads
//! them (docs/effects.md, "Reading effects off the card"). Everything is optional;
//! the reader knows the common words of card games, and a game adds its own:
//!
//! ```toml
//! [effects.words]
//! moments = [
//!   { words = ["Ability"], reads_as = "activate (spend {ability_cost} energy):" },
//!   { words = ["Battle"], reads_as = "when battling:" },
//! ]
//! zones = { grid = ["The Grid"], main_discard = ["main deck discard pile"] }
//! resources = { energy = ["[ENERGY]"] }
//! ```
//!
//! Each entry is checked when the definition loads ([`check_words`]): a moment's
//! `reads_as` is the head of an effect in the written form and must fit the game, zones and
//! resources must be the game's, and so on. `lexicon.rs` joins the built-in words and the
//! game's into what the reader matches.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::effect::{Duration, Effect, Filter, HpCheck, Requirement, Step, Trigger};
use crate::Game;

/// The `[effects.words]` table of a game definition.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextWords {
    /// The game's words for its moments: a label ("Battle:") or a clause ("When you
    /// Battle an adversary,"), and the head of the effect it starts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moments: Vec<MomentWords>,
    /// The moment of a sentence that names none, by card type (`Command = "when played:"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub default_moments: BTreeMap<String, String>,
    /// What the cards call each zone, besides its id (`training = ["training area"]`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub zones: BTreeMap<String, Vec<String>>,
    /// What the cards call each resource, besides its id (`energy = ["[ENERGY]"]`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resources: BTreeMap<String, Vec<String>>,
    /// Nouns for cards that are not a type, keyword or subtype, and the filter they mean
    /// (`adversary = "t:villain"`; `""` for any card).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub nouns: BTreeMap<String, String>,
    /// The game's verbs: one that moves cards to a zone (`destroy = "to destroyed"`) or one
    /// that changes a stat (`upgrade = "+1 power permanently"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub verbs: BTreeMap<String, String>,
    /// Words that mean damage when dealt (`["hit"]`: "deal 1 hit" is "deal 1 damage").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damage: Vec<String>,
    /// Durations in the game's words (`battle = ["until settlement"]`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub durations: BTreeMap<String, Vec<String>>,
    /// Other players, whose own acts do nothing against the goldfish ("target foe",
    /// "your teammate"); "your opponent" is known already.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<String>,
    /// Sentences (or labels) with no goldfish effect, and why. `*` stands for any words,
    /// `#` for a number: `"drama #"`, `"if negated *"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_effect: Vec<NoEffectWords>,
    /// Sentences the game's cards print often, and what each reads as: steps, or a whole
    /// effect; `#` in the words is a number, `{1}`, `{2}`… in `reads_as` the numbers read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sentences: Vec<SentenceWords>,
    /// What the procedure already plays from a card's stats, by card type: a sentence that
    /// says only this is stated by its stats (`steps = "deal {hits} damage, roll {dice}"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stated_by_stats: Vec<StatedByStats>,
    /// The filter of the cards "you play" (`"c:{color}"`: a player's own cards are the
    /// colour of the card that says it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yours: Option<String>,
    /// Conditions that always hold against the goldfish (`"no hero is wounded"`): an "if"
    /// with one of them is no condition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub always: Vec<String>,
    /// Amounts the cards name in words (`"hand size" = 8`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub numbers: BTreeMap<String, i64>,
    /// The order of the options of "up to N" and "one or two": `fewest_first` (the
    /// default) or `most_first`, as the game's pilot breaks ties between them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to: Option<UpToOrder>,
    /// The most an `X` cost is paid with, for "for each energy spent" (a choice of each
    /// payment from 0 or 1 up to this).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x_up_to: Option<i64>,
}

impl TextWords {
    pub fn is_empty(&self) -> bool {
        *self == TextWords::default()
    }
}

/// The order "up to N" lists its options in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpToOrder {
    FewestFirst,
    MostFirst,
}

/// One moment: its words and the effect head they read as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MomentWords {
    /// Phrases, as printed (case does not matter); `{cards}` stands for the cards a phrase
    /// names ("when you battle {cards}"), which a head may use as a filter.
    pub words: Vec<String>,
    /// The head of an effect in the written form, up to its steps: `"when battling:"`,
    /// `"at turn end: may"`, `"activate (spend {ability_cost} energy):"` (`{stat}` is the
    /// card's stat), `"when summoned if {cards} in battle:"`.
    pub reads_as: String,
    /// Where the card itself is at that moment, for a step that moves it ("when gained,
    /// put this card into play": it is in `discard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_in: Option<String>,
}

/// Sentences with no goldfish effect and the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoEffectWords {
    pub words: Vec<String>,
    pub reason: String,
}

/// A sentence of the game's and what it reads as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SentenceWords {
    pub words: Vec<String>,
    /// Steps (`"deal {1} damage"`) under the sentence's moment, or a whole effect
    /// (`"when attacks if 2+ [t:ranger] in rangers: deal {1} damage"`).
    pub reads_as: String,
}

/// What a game's sentence reads as, its numbers filled: a whole effect, or steps.
pub(crate) enum SentenceMeaning {
    Effect(Effect),
    Steps(Vec<Step>),
}

/// Reads a sentence's `reads_as` with `numbers` for `{1}`, `{2}`…, checked against the game.
pub(crate) fn sentence_meaning(
    reads_as: &str,
    numbers: &[i64],
    game: &Game,
) -> Result<SentenceMeaning, String> {
    let mut filled = reads_as.trim().to_owned();
    for (i, n) in numbers.iter().enumerate() {
        filled = filled.replace(&format!("{{{}}}", i + 1), &n.to_string());
    }
    let words = crate::EffectWords::for_game(game);
    if let Ok(effects) = crate::parse_effects(&filled, Some(&words)) {
        if let Ok([effect]) = <[Effect; 1]>::try_from(effects) {
            crate::effect_check::check_card_effects(game, std::slice::from_ref(&effect), None)
                .map_err(|(path, message)| {
                    format!("{}: {message}", path.trim_start_matches('.'))
                })?;
            return Ok(SentenceMeaning::Effect(effect));
        }
    }
    let steps = parse_steps(&filled, game, &|_| None)?;
    // Checked as the steps of an effect at any moment the game has.
    let trigger = game
        .effects
        .triggers
        .iter()
        .find_map(|t| Trigger::from_id(t))
        .ok_or("the game declares no trigger in [effects]")?;
    let probe = Head::of(trigger).into_effect(steps.clone());
    crate::effect_check::check_card_effects(game, std::slice::from_ref(&probe), None)
        .map_err(|(path, message)| format!("{}: {message}", path.trim_start_matches('.')))?;
    Ok(SentenceMeaning::Steps(steps))
}

/// The steps the procedure plays from a card's stats, for some card types.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatedByStats {
    pub types: Vec<String>,
    /// Steps in the written form; `{stat}` is the card's stat.
    pub steps: String,
}

/// The placeholder filter a head's `{cards}` becomes while it is parsed.
const CARDS_PLACEHOLDER: &str = "!\"{cards}\"";

/// Checks `[effects.words]` against its game. The path is a TOML key
/// (`effects.words.moments[2].reads_as`).
pub(crate) fn check_words(game: &Game) -> Result<(), (String, String)> {
    let words = &game.effects.words;
    let at = |key: String| format!("effects.words.{key}");
    let phrase_ok = |p: &str| !p.trim().is_empty() && crate::line_breaker(p).is_none();
    let sample = |_: &str| Some(1);
    for (i, moment) in words.moments.iter().enumerate() {
        if moment.words.is_empty() {
            return Err((
                at(format!("moments[{i}].words")),
                "name at least one phrase".into(),
            ));
        }
        for (j, phrase) in moment.words.iter().enumerate() {
            if !phrase_ok(phrase) {
                return Err((
                    at(format!("moments[{i}].words[{j}]")),
                    "a phrase is one non-empty line".into(),
                ));
            }
        }
        parse_head(&moment.reads_as, game, &sample)
            .map_err(|message| (at(format!("moments[{i}].reads_as")), message))?;
        if let Some(zone) = &moment.card_in {
            known(&game.effects.zones, zone, "zone")
                .map_err(|message| (at(format!("moments[{i}].card_in")), message))?;
        }
    }
    for (card_type, head) in &words.default_moments {
        if game.card_type(card_type).is_none() {
            return Err((
                at(format!("default_moments.{card_type}")),
                format!(
                    "'{}' is not a card type of {}",
                    crate::clip(card_type),
                    game.name
                ),
            ));
        }
        parse_head(head, game, &sample)
            .map_err(|message| (at(format!("default_moments.{card_type}")), message))?;
    }
    for (table, names, declared, what) in [
        ("zones", &words.zones, &game.effects.zones, "zone"),
        (
            "resources",
            &words.resources,
            &game.effects.resources,
            "resource",
        ),
    ] {
        for (name, phrases) in names {
            known(declared, name, what)
                .map_err(|message| (at(format!("{table}.{name}")), message))?;
            if phrases.is_empty() || !phrases.iter().all(|p| phrase_ok(p)) {
                return Err((
                    at(format!("{table}.{name}")),
                    "a list of one-line phrases, at least one".into(),
                ));
            }
        }
    }
    let vocabulary = crate::query::Vocabulary::for_game(game);
    for (noun, filter) in &words.nouns {
        if !phrase_ok(noun) {
            return Err((
                at(format!("nouns.{noun}")),
                "a noun is one non-empty line".into(),
            ));
        }
        if !filter.trim().is_empty() {
            crate::query::parse_filter(filter, &vocabulary).map_err(|err| {
                (
                    at(format!("nouns.{noun}")),
                    format!("filter '{}': {err}", crate::clip(filter)),
                )
            })?;
        }
    }
    for (verb, meaning) in &words.verbs {
        parse_verb(meaning, game).map_err(|message| (at(format!("verbs.{verb}")), message))?;
        if !phrase_ok(verb) || verb.split_whitespace().count() != 1 {
            return Err((at(format!("verbs.{verb}")), "a verb is one word".into()));
        }
    }
    for (key, list) in [("damage", &words.damage), ("others", &words.others)] {
        if let Some(j) = list.iter().position(|p| !phrase_ok(p)) {
            return Err((
                at(format!("{key}[{j}]")),
                "a phrase is one non-empty line".into(),
            ));
        }
    }
    for (duration, phrases) in &words.durations {
        if duration_id(duration).is_none() {
            return Err((
                at(format!("durations.{duration}")),
                format!(
                    "'{}' is not a duration (battle, turn, permanent, while_in_play, next_attack)",
                    crate::clip(duration)
                ),
            ));
        }
        if phrases.is_empty() || !phrases.iter().all(|p| phrase_ok(p)) {
            return Err((
                at(format!("durations.{duration}")),
                "a list of one-line phrases, at least one".into(),
            ));
        }
    }
    for (i, entry) in words.no_effect.iter().enumerate() {
        if entry.words.is_empty() || !entry.words.iter().all(|p| phrase_ok(p)) {
            return Err((
                at(format!("no_effect[{i}].words")),
                "a list of one-line phrases, at least one".into(),
            ));
        }
        if !phrase_ok(&entry.reason) {
            return Err((
                at(format!("no_effect[{i}].reason")),
                "a reason is one non-empty line".into(),
            ));
        }
    }
    for (i, entry) in words.sentences.iter().enumerate() {
        if entry.words.is_empty() || !entry.words.iter().all(|p| phrase_ok(p)) {
            return Err((
                at(format!("sentences[{i}].words")),
                "a list of one-line phrases, at least one".into(),
            ));
        }
        let numbers = entry
            .words
            .iter()
            .map(|w| w.matches('#').count())
            .max()
            .unwrap_or(0);
        sentence_meaning(&entry.reads_as, &vec![1; numbers], game)
            .map_err(|message| (at(format!("sentences[{i}].reads_as")), message))?;
    }
    for (i, entry) in words.stated_by_stats.iter().enumerate() {
        if let Some(j) = entry.types.iter().position(|t| game.card_type(t).is_none()) {
            return Err((
                at(format!("stated_by_stats[{i}].types[{j}]")),
                format!(
                    "'{}' is not a card type of {}",
                    crate::clip(&entry.types[j]),
                    game.name
                ),
            ));
        }
        parse_steps(&entry.steps, game, &sample)
            .map_err(|message| (at(format!("stated_by_stats[{i}].steps")), message))?;
    }
    for (phrase, value) in &words.numbers {
        if !phrase_ok(phrase) || !(0..=crate::MAX_AMOUNT).contains(value) {
            return Err((
                at(format!("numbers.{phrase}")),
                format!("a phrase and an amount from 0 to {}", crate::MAX_AMOUNT),
            ));
        }
    }
    if let Some(yours) = &words.yours {
        let filled = yours.replace("{color}", "red");
        crate::query::parse_filter(&filled, &vocabulary).map_err(|err| {
            (
                at("yours".into()),
                format!("filter '{}': {err}", crate::clip(yours)),
            )
        })?;
    }
    if let Some(j) = words.always.iter().position(|p| !phrase_ok(p)) {
        return Err((
            at(format!("always[{j}]")),
            "a phrase is one non-empty line".into(),
        ));
    }
    if let Some(x) = words.x_up_to {
        if !(1..=crate::MAX_AMOUNT).contains(&x) {
            return Err((
                at("x_up_to".into()),
                format!("from 1 to {}, not {x}", crate::MAX_AMOUNT),
            ));
        }
    }
    Ok(())
}

fn known(declared: &[String], name: &str, what: &str) -> Result<(), String> {
    if declared.iter().any(|d| d == name) {
        Ok(())
    } else {
        Err(format!(
            "'{}' is not a {what} declared in [effects] ({})",
            crate::clip(name),
            if declared.is_empty() {
                "none".to_owned()
            } else {
                declared.join(", ")
            }
        ))
    }
}

pub(super) fn duration_id(id: &str) -> Option<Duration> {
    match id {
        "battle" => Some(Duration::Battle),
        "turn" => Some(Duration::Turn),
        "permanent" => Some(Duration::Permanent),
        "while_in_play" => Some(Duration::WhileInPlay),
        "next_attack" => Some(Duration::NextAttack),
        _ => None,
    }
}

/// The head of an effect: everything but its steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Head {
    pub trigger: Trigger,
    pub cost: Vec<Step>,
    pub optional: bool,
    pub requirement: Option<Requirement>,
    pub hp: Option<HpCheck>,
    pub card: Option<Filter>,
}

impl Head {
    pub fn of(trigger: Trigger) -> Head {
        Head {
            trigger,
            cost: Vec::new(),
            optional: false,
            requirement: None,
            hp: None,
            card: None,
        }
    }

    /// The head with its `{cards}` filled: a requirement on them goes when no filter
    /// names them ("when you battle an adversary": any adversary).
    pub fn with_cards(mut self, cards: Option<&Filter>) -> Head {
        let placeholder = Filter(CARDS_PLACEHOLDER.into());
        if self.card.as_ref() == Some(&placeholder) {
            self.card = cards.cloned();
        }
        if let Some(requirement) = &mut self.requirement {
            if requirement.filter.as_ref() == Some(&placeholder) {
                match cards {
                    Some(filter) => requirement.filter = Some(filter.clone()),
                    None if !requirement.negated => self.requirement = None,
                    None => requirement.filter = None,
                }
            }
        }
        self
    }

    pub fn into_effect(self, steps: Vec<Step>) -> Effect {
        Effect {
            trigger: self.trigger,
            requirement: self.requirement,
            optional: self.optional,
            cost: self.cost,
            steps,
            card: self.card,
            hp: self.hp,
        }
    }
}

/// Fills `{stat}` placeholders from `stat`; `{cards}` becomes a placeholder filter.
fn fill(text: &str, stat: &dyn Fn(&str) -> Option<i64>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            return Err("an unclosed { in the placeholder".into());
        };
        let name = &rest[open + 1..open + close];
        if name == "cards" {
            out.push_str(&format!("[{CARDS_PLACEHOLDER}]"));
        } else {
            match stat(name) {
                Some(n) => out.push_str(&n.to_string()),
                None => return Err(format!("the card has no number '{name}'")),
            }
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Reads a head (`"activate (spend {ability_cost} energy): may"`) for a card whose stats
/// `stat` gives, checked against the game.
pub(crate) fn parse_head(
    head: &str,
    game: &Game,
    stat: &dyn Fn(&str) -> Option<i64>,
) -> Result<Head, String> {
    let filled = fill(head.trim(), stat)?;
    let probe = format!("{filled} draw 1");
    let words = crate::EffectWords::for_game(game);
    let mut effects = crate::parse_effects(&probe, Some(&words)).map_err(|err| {
        format!(
            "'{}' is not the head of an effect ({err})",
            crate::clip(head)
        )
    })?;
    if effects.len() != 1
        || effects[0].steps
            != [Step::Draw {
                count: crate::Amount::Fixed(1),
            }]
    {
        return Err(format!(
            "'{}' is not the head of one effect (\"when played:\", \"at turn end: may\")",
            crate::clip(head)
        ));
    }
    let effect = effects.remove(0);
    crate::effect_check::check_card_effects(game, std::slice::from_ref(&effect), None)
        .map_err(|(path, message)| format!("{}: {message}", path.trim_start_matches('.')))?;
    Ok(Head {
        trigger: effect.trigger,
        cost: effect.cost,
        optional: effect.optional,
        requirement: effect.requirement,
        hp: effect.hp,
        card: effect.card,
    })
}

/// Reads steps in the written form for a card whose stats `stat` gives.
pub(crate) fn parse_steps(
    steps: &str,
    game: &Game,
    stat: &dyn Fn(&str) -> Option<i64>,
) -> Result<Vec<Step>, String> {
    let filled = fill(steps.trim(), stat)?;
    let probe = format!("when played: {filled}");
    let words = crate::EffectWords::for_game(game);
    let effects = crate::parse_effects(&probe, Some(&words))
        .map_err(|err| format!("'{}' are not steps ({err})", crate::clip(steps)))?;
    match <[Effect; 1]>::try_from(effects) {
        Ok([effect]) => Ok(effect.steps),
        Err(_) => Err(format!(
            "'{}' are not steps of one effect",
            crate::clip(steps)
        )),
    }
}

/// What a game's verb does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verb {
    /// Moves the cards it names to this zone.
    MoveTo(String),
    /// Changes a stat of the card it names: by, stat, duration.
    Stat(i64, String, Duration),
}

pub(super) fn parse_verb(meaning: &str, game: &Game) -> Result<Verb, String> {
    if let Some(zone) = meaning.trim().strip_prefix("to ") {
        let zone = zone.trim();
        known(&game.effects.zones, zone, "zone")?;
        return Ok(Verb::MoveTo(zone.to_owned()));
    }
    let steps =
        parse_steps(&format!("this {}", meaning.trim()), game, &|_| None).map_err(|_| {
            format!(
                "'{}' is neither \"to <zone>\" nor a stat change (\"+1 power permanently\")",
                crate::clip(meaning)
            )
        })?;
    match steps.as_slice() {
        [Step::Modify {
            stat,
            by: crate::Amount::Fixed(by),
            duration,
            ..
        }] => Ok(Verb::Stat(*by, stat.clone(), *duration)),
        _ => Err(format!(
            "'{}' is neither \"to <zone>\" nor a fixed stat change (\"+1 power permanently\")",
            crate::clip(meaning)
        )),
    }
}
