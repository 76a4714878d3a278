//! Reads effects off a card's printed text (README "Card effects", "Reading effects off the
//! card"): sentence by sentence, into the shared vocabulary (`effect.rs`), with the game's
//! own words (`[effects.words]`, `words.rs`). What it cannot read it names, sentence by
//! sentence; it never guesses.
//!
//! ```text
//! text ─ tokens.rs ─→ sentences (labels peeled: "Ability:", "Battle:")
//!      ─ mod.rs ────→ per sentence: no-effect words? moment ("When you set …,"), condition
//!                     ("If …,"), clauses joined by "then"/"and"/",", "instead", "if you do"
//!      ─ steps.rs ──→ each clause's verb: draw, deal, put … from … into …, gets +1 power
//!      ─ phrases.rs → cards (a filter), zones, resources, amounts ("for each …"), conditions
//! ```
//!
//! Every proposed effect passes the validation stated effects pass (`effect_check.rs`); a
//! sentence whose effect would not is unread, with the check's message.

mod phrases;
mod steps;
mod tokens;
mod words;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::effect::{Amount, Effect, Step, Trigger};
use crate::{print_effects, Card, CoverageState, Game, GoldfishNote, StatValue};
use phrases::{Condition, Ctx};
use steps::{Action, Scope};
use tokens::{Cur, Tok};
use words::{match_words, Head, Lexicon, Pat};

pub(crate) use words::check_words;
pub use words::{MomentWords, NoEffectWords, StatedByStats, TextWords, UpToOrder};

/// What the reader knows of a card besides its text. Everything is optional: the type
/// picks a moment for sentences that name none, the stats fill costs ("Ability:" costs
/// the card's `ability_cost`), the name lets the text call the card by it, and the keywords'
/// reminders are their own (never read twice).
#[derive(Debug, Clone, Copy, Default)]
pub struct CardFacts<'a> {
    pub name: Option<&'a str>,
    pub card_type: Option<&'a str>,
    pub color: Option<&'a str>,
    pub keywords: &'a [String],
    pub stats: Option<&'a BTreeMap<String, StatValue>>,
}

impl<'a> CardFacts<'a> {
    /// The facts of a stored card.
    pub fn of(card: &'a Card) -> CardFacts<'a> {
        CardFacts {
            name: Some(&card.name),
            card_type: Some(&card.card_type),
            color: card.color.as_deref(),
            keywords: &card.keywords,
            stats: Some(&card.stats),
        }
    }
}

/// A sentence (or a part of one) the reader did not turn into effects, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct UnreadSentence {
    pub text: String,
    pub reason: String,
}

/// How much of a text the reader read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum ReadingState {
    /// Every sentence is read: as effects, or as having no goldfish effect.
    Read,
    /// Some sentences are read as effects and some are not (`unread` names them).
    Partial,
    /// No effect was read; `unread` names what was not.
    NotRead,
}

/// What the reader proposes for a card: never applied by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct EffectReading {
    /// The proposed effects' written form (`print_effects`).
    pub effects_text: String,
    pub effects: Vec<Effect>,
    /// Sentences not read, each with its reason.
    pub unread: Vec<UnreadSentence>,
    /// Sentences read as having no goldfish effect, each with its reason.
    pub no_effect: Vec<UnreadSentence>,
    pub state: ReadingState,
}

impl EffectReading {
    /// The goldfish note the reading proposes beside its effects: partial with the unread
    /// sentences as its reason; not simulated when nothing was read; no goldfish effect
    /// when every sentence was read as having none; `None` when the effects state it all.
    pub fn note(&self) -> Option<GoldfishNote> {
        let listed = |items: &[UnreadSentence]| {
            let joined = items
                .iter()
                .map(|u| format!("'{}'", u.text.trim_end_matches('.')))
                .collect::<Vec<_>>()
                .join("; ");
            crate::one_line(&format!("not read: {joined}"))
        };
        match self.state {
            ReadingState::Partial => Some(GoldfishNote {
                state: CoverageState::Partial,
                reason: listed(&self.unread),
            }),
            ReadingState::NotRead if !self.unread.is_empty() => Some(GoldfishNote {
                state: CoverageState::NotSimulated,
                reason: listed(&self.unread),
            }),
            ReadingState::Read if self.effects.is_empty() && !self.no_effect.is_empty() => {
                Some(GoldfishNote {
                    state: CoverageState::NoEffect,
                    reason: crate::one_line(
                        &self
                            .no_effect
                            .iter()
                            .map(|u| u.reason.as_str())
                            .collect::<Vec<_>>()
                            .join("; "),
                    ),
                })
            }
            _ => None,
        }
    }
}

/// Reads `text` for a card of `game` (see [`EffectReader`] to read many).
pub fn read_effects(text: &str, game: &Game, card: &CardFacts) -> EffectReading {
    EffectReader::new(game).read(text, card)
}

/// A game's words, compiled once, to read many cards of it.
#[derive(Debug, Clone)]
pub struct EffectReader<'g> {
    game: &'g Game,
    lex: Lexicon,
}

/// One effect being assembled, with the sentences it came from.
#[derive(Debug, Clone)]
struct Pending {
    effect: Effect,
    sentences: Vec<String>,
    /// Read from a sentence with a condition of its own ("If …, …").
    conditional: bool,
}

/// How a sentence's head was chosen.
#[derive(Debug, Clone, PartialEq)]
enum Segment {
    /// No label yet.
    None,
    /// A label that is a moment: its head and where the card is then.
    Moment(Head, Option<String>),
    /// A label whose sentences have no goldfish effect.
    NoEffect(String),
    /// A label the reader does not know.
    Unknown(String),
}

impl<'g> EffectReader<'g> {
    pub fn new(game: &'g Game) -> EffectReader<'g> {
        EffectReader {
            game,
            lex: Lexicon::new(game),
        }
    }

    pub fn game(&self) -> &Game {
        self.game
    }

    /// Reads one card's text.
    pub fn read(&self, text: &str, card: &CardFacts) -> EffectReading {
        let ctx = Ctx {
            lex: &self.lex,
            game: self.game,
            card,
        };
        let prepared = prepare(text, card);
        let mut reading = Reading {
            pending: Vec::new(),
            unread: Vec::new(),
            no_effect: Vec::new(),
        };
        let mut segment = Segment::None;
        let mut last_head: Option<(Head, Option<String>)> = None;
        let mut chosen: Option<Option<crate::Filter>> = None;
        for sentence in tokens::sentences(&prepared) {
            for label in &sentence.labels {
                segment = self.label(label, &ctx);
                last_head = None;
            }
            if sentence.body.is_empty() {
                continue;
            }
            let (body, asides) = strip_asides(&sentence.body);
            for aside in asides {
                let text = tokens::words_of(&aside);
                match no_effect_reason(&aside, &ctx) {
                    Some(reason) => reading.no_effect.push(UnreadSentence { text, reason }),
                    None => reading.unread.push(UnreadSentence {
                        text,
                        reason: "a parenthesis the reader does not read".into(),
                    }),
                }
            }
            let inherited = match &segment {
                Segment::Moment(head, card_in) => Some((head.clone(), card_in.clone())),
                _ => last_head.clone(),
            };
            let parts = self.sentence_parts(&sentence.text, &body, inherited, &chosen, &ctx);
            chosen = None;
            for (text, read) in parts {
                // Under a label of no goldfish effect (or an unknown one), only a sentence
                // that names its own moment is read.
                let read = match (&segment, read) {
                    (_, Read::Effects(read)) if read.own_head => Read::Effects(read),
                    (Segment::NoEffect(reason), _) => Read::NoEffect(reason.clone()),
                    (Segment::Unknown(label), _) => Read::Unread(format!(
                        "'{label}' is not a moment the reader knows for {} ([effects.words] \
                         moments)",
                        self.game.name
                    )),
                    (_, read) => read,
                };
                match read {
                    Read::Chosen(filter) => {
                        chosen = Some(filter);
                        reading.no_effect.push(UnreadSentence {
                            text,
                            reason: "it names the card the next sentence acts on".into(),
                        });
                    }
                    Read::NoEffect(reason) => {
                        reading.no_effect.push(UnreadSentence { text, reason });
                    }
                    Read::Unread(reason) => reading.unread.push(UnreadSentence { text, reason }),
                    Read::Effects(read) => {
                        last_head = Some((read.head.clone(), read.card_in.clone()));
                        if let Err(reason) = reading.add(*read, &text) {
                            reading.unread.push(UnreadSentence { text, reason });
                        }
                    }
                }
            }
        }
        reading.finish(self.game)
    }

    /// A sentence, or when it does not read whole, its parts between semicolons, each
    /// with its own reading.
    fn sentence_parts(
        &self,
        text: &str,
        body: &[Tok],
        inherited: Option<(Head, Option<String>)>,
        chosen: &Option<Option<crate::Filter>>,
        ctx: &Ctx,
    ) -> Vec<(String, Read)> {
        let whole = self.sentence(body, inherited.clone(), chosen, ctx);
        let parts: Vec<&[Tok]> = body.split(|t| t.is_punct(";")).collect();
        if !matches!(whole, Read::Unread(_)) || parts.len() < 2 {
            return vec![(text.to_owned(), whole)];
        }
        let mut out = Vec::new();
        let mut inherited = inherited;
        for part in parts {
            let read = self.sentence(part, inherited.clone(), chosen, ctx);
            if let Read::Effects(read) = &read {
                inherited = Some((read.head.clone(), read.card_in.clone()));
            }
            out.push((tokens::words_of(part), read));
        }
        out
    }

    /// What a label is: a moment, a label of no goldfish effect, a plain label (a card
    /// face, a keyword), or unknown.
    fn label(&self, label: &[Tok], ctx: &Ctx) -> Segment {
        if let Some((mut head, card_in, end)) = self.moment_at(label, 0, ctx) {
            if end == label.len() {
                return Segment::Moment(head, card_in);
            }
            // "Play when a Ranger would suffer 2 or less damage": a moment, a condition.
            let mut cur = Cur {
                toks: label,
                pos: end,
            };
            if let Some(condition) = phrases::condition(&mut cur, ctx) {
                if cur.at_end() && apply_condition(&mut head, &condition).is_ok() {
                    return Segment::Moment(head, card_in);
                }
            }
        }
        if let Some(reason) = no_effect_reason(label, ctx) {
            return Segment::NoEffect(reason);
        }
        // "Teenager side", "Ranger side (Crimson Vanguard)": a face of the card.
        let before_paren = label
            .iter()
            .position(|t| t.is_punct("("))
            .unwrap_or(label.len());
        if before_paren > 0 && label[before_paren - 1].is("side") {
            return Segment::None;
        }
        // A keyword's name: its sentences say what they do themselves.
        let words = tokens::words_of(&label[..before_paren]);
        if self.game.keyword(&words).is_some()
            || ctx
                .card
                .keywords
                .iter()
                .any(|k| crate::same_folded(k.split(':').next().unwrap_or(k).trim(), &words))
        {
            return Segment::None;
        }
        Segment::Unknown(words)
    }

    /// A moment starting at `at`: its head for this card, where the card is then, and
    /// where the moment's words end.
    fn moment_at(
        &self,
        toks: &[Tok],
        at: usize,
        ctx: &Ctx,
    ) -> Option<(Head, Option<String>, usize)> {
        for moment in &self.lex.moments {
            let Some((end, cards)) = match_pattern(toks, at, &moment.pattern, ctx) else {
                continue;
            };
            let head = match &moment.head {
                Some(head) => head.clone(),
                None => {
                    let stat = |key: &str| ctx.stat(key);
                    match words::parse_head(&moment.reads_as, self.game, &stat) {
                        Ok(head) => head,
                        Err(_) => continue,
                    }
                }
            };
            return Some((head.with_cards(cards.as_ref()), moment.card_in.clone(), end));
        }
        None
    }

    /// Reads one sentence's body.
    fn sentence(
        &self,
        body: &[Tok],
        inherited: Option<(Head, Option<String>)>,
        chosen_card: &Option<Option<crate::Filter>>,
        ctx: &Ctx,
    ) -> Read {
        if let Some(reason) = no_effect_reason(body, ctx) {
            return Read::NoEffect(reason);
        }
        let x = self.x_payment(body, ctx);
        let mut body = x.as_ref().map_or(body, |x| &x.body[..]);
        let mut head: Option<(Head, Option<String>)> = None;
        // A moment at the end: "Attach to the Zord Bay when gained."
        if let Some((h, card_in, cut)) = self.trailing_moment(body, ctx) {
            head = Some((h, card_in));
            body = &body[..cut];
        }
        let mut cur = Cur::new(body);
        let mut condition: Option<Condition> = None;
        let mut if_you_do = false;
        let mut scope = Scope::default();
        // Leading clauses: moments, conditions, "if you do", "for each X".
        loop {
            if head.is_none() {
                if let Some((mut h, card_in, end)) = self.moment_at(body, cur.pos, ctx) {
                    let mut probe = Cur {
                        toks: body,
                        pos: end,
                    };
                    if probe.eat_punct(",") || probe.eat_punct(":") {
                        head = Some((h, card_in));
                        cur = probe;
                        continue;
                    }
                    // "When a Ranger would suffer 2 or less damage, …"
                    if let Some(found) = phrases::condition(&mut probe, ctx) {
                        if (probe.eat_punct(",") || probe.eat_punct(":"))
                            && apply_condition(&mut h, &found).is_ok()
                        {
                            head = Some((h, card_in));
                            cur = probe;
                            continue;
                        }
                    }
                }
            }
            let start = cur.pos;
            if cur.eat_all("if you do") || cur.eat_all("when you do") {
                if cur.eat_punct(",") {
                    if_you_do = true;
                    continue;
                }
                cur.pos = start;
            }
            if cur.eat("if") {
                // A condition that always holds against the goldfish.
                if let Some(end) = self
                    .lex
                    .always
                    .iter()
                    .find_map(|p| match_words(body, cur.pos, p, false))
                {
                    let mut probe = Cur {
                        toks: body,
                        pos: end,
                    };
                    if probe.eat_punct(",") {
                        cur = probe;
                        continue;
                    }
                }
                cur.pos = start;
            }
            if scope.duration.is_none() {
                if let Some(duration) = phrases::duration(&mut cur, ctx) {
                    if cur.eat_punct(",") {
                        scope.duration = Some(duration);
                        continue;
                    }
                }
                cur.pos = start;
            }
            if condition.is_none() && cur.eat("if") {
                if let Some(found) = phrases::condition(&mut cur, ctx) {
                    if cur.eat_punct(",") {
                        condition = Some(found);
                        continue;
                    }
                }
                cur.pos = start;
            }
            if scope.per.is_none() {
                if let Some(Amount::Per(per)) = phrases::per_each(&mut cur, ctx, 1) {
                    if cur.eat_punct(",") {
                        scope.per = Some(per);
                        continue;
                    }
                }
                cur.pos = start;
            }
            break;
        }
        let own_head = head.is_some();
        scope.chosen = chosen_card.clone();
        // "Choose an enemy card with Guard.": the card the next sentence acts on.
        {
            let mut probe = cur;
            if probe.eat("choose") {
                if let Some(named) = phrases::cards(&mut probe, ctx) {
                    if probe.at_end()
                        && named.count == phrases::Count::Fixed(1)
                        && !named.this
                        && !named.pronoun
                    {
                        return Read::Chosen(named.filter(ctx));
                    }
                }
            }
        }
        let chosen = head
            .clone()
            .or(inherited)
            .or_else(|| self.default_head(ctx));
        scope.trigger = chosen.as_ref().map(|(h, _)| h.trigger);
        scope.card_in = chosen.as_ref().and_then(|(_, c)| c.clone());
        // The clauses.
        let mut actions: Vec<Action> = Vec::new();
        let mut optional_from_here = false;
        let first_clause = cur.pos;
        while let Some(mut action) = steps::action(&mut cur, ctx, &mut scope) {
            if action.optional {
                optional_from_here = true;
            } else if optional_from_here {
                action.optional = true;
            }
            actions.push(action);
            let start = cur.pos;
            let comma = cur.eat_punct(",") || cur.eat_punct(";");
            let word = cur.eat("then") || cur.eat("and");
            let _ = word && cur.eat("then");
            if (comma || word) && !cur.at_end() {
                continue;
            }
            cur.pos = start;
            break;
        }
        let instead = cur.eat("instead");
        cur.eat_punct(",");
        // "Once per battle, …, you may reroll 1 die": an ability's own "may" is using it.
        let head_is_activated = matches!(&head, Some((h, _)) if h.trigger == Trigger::Activated);
        let starts_with_may = {
            let mut probe = Cur {
                toks: body,
                pos: first_clause,
            };
            probe.eat("you");
            probe.eat("may")
        };
        if head_is_activated && starts_with_may {
            actions.iter_mut().for_each(|a| a.optional = false);
        }
        if !cur.at_end() || actions.is_empty() {
            let at = tokens::words_of(cur.rest());
            return Read::Unread(if actions.is_empty() {
                "no template of the reader fits it".into()
            } else {
                format!("the reader stops at '{}'", crate::clip(&at))
            });
        }
        if actions.iter().all(|a| a.others_only) {
            return Read::NoEffect(
                "another player's act: it does nothing against the goldfish".into(),
            );
        }
        // A bonus with no duration and no moment of its own lasts while the card is in
        // play; with a moment of its own, for that moment's time.
        let bonuses_only = actions.iter().all(|a| a.static_bonus || a.others_only);
        let head = if own_head {
            head
        } else if bonuses_only {
            Some((Head::of(Trigger::Static), None))
        } else {
            chosen
        };
        let Some((head, card_in)) = head else {
            return Read::Unread(format!(
                "it names no moment, and {} gives {} no moment of its own \
                 ([effects.words] default_moments)",
                self.game.name,
                ctx.card.card_type.unwrap_or("a card without a type")
            ));
        };
        let mut mandatory: Vec<Step> = Vec::new();
        let mut optional: Vec<Step> = Vec::new();
        let mut permissions: Vec<Step> = Vec::new();
        let mut statics: Vec<Step> = Vec::new();
        for action in actions.into_iter().filter(|a| !a.others_only) {
            for mut step in action.steps {
                if matches!(step, Step::Split { .. }) {
                    permissions.push(step);
                } else if action.static_bonus && !own_head {
                    statics.push(step);
                } else {
                    if action.static_bonus {
                        steps::set_duration(&mut step, steps::default_duration(Some(head.trigger)));
                    }
                    if action.optional {
                        optional.push(step);
                    } else {
                        mandatory.push(step);
                    }
                }
            }
        }
        // What the procedure plays from the card's stats is not restated (a sentence with a
        // condition of its own adds to it).
        let mut dropped = 0;
        if condition.is_none() && x.is_none() {
            let by_stats = self.stated_by_stats(ctx);
            let before = mandatory.len() + optional.len();
            mandatory.retain(|s| !by_stats.contains(s));
            optional.retain(|s| !by_stats.contains(s));
            dropped = before - mandatory.len() - optional.len();
        }
        if let Some(x) = &x {
            match self.expand_x(&mandatory, x) {
                Some(choice) => mandatory = vec![choice],
                None => {
                    return Read::Unread(
                        "'… spent' that the reader cannot pay out as a choice".into(),
                    )
                }
            }
        }
        if mandatory.is_empty()
            && optional.is_empty()
            && permissions.is_empty()
            && statics.is_empty()
        {
            return if dropped > 0 {
                Read::NoEffect("its stats state it: the procedure plays them".into())
            } else {
                Read::NoEffect("another player's act: it does nothing against the goldfish".into())
            };
        }
        Read::Effects(Box::new(SentenceRead {
            head,
            card_in,
            own_head,
            condition,
            instead,
            if_you_do,
            mandatory,
            optional,
            permissions,
            statics,
        }))
    }

    /// A moment that ends the sentence ("… when gained"): its head, where the card is
    /// then, and where the moment starts.
    fn trailing_moment(&self, body: &[Tok], ctx: &Ctx) -> Option<(Head, Option<String>, usize)> {
        for cut in (1..body.len()).rev() {
            // A clause of time ("when gained"), not a label's words ("Training area").
            let word = &body[cut].stem;
            if !TIME_WORDS.contains(&word.as_str()) || !self.lex.moment_starts.contains(word) {
                continue;
            }
            if let Some((head, card_in, end)) = self.moment_at(body, cut, ctx) {
                if end == body.len() {
                    return Some((head, card_in, cut));
                }
            }
        }
        None
    }

    /// The head of a sentence that names no moment, for the card's type.
    fn default_head(&self, ctx: &Ctx) -> Option<(Head, Option<String>)> {
        let card_type = crate::fold_name(ctx.card.card_type?);
        let (_, reads_as) = self
            .lex
            .default_moments
            .iter()
            .find(|(t, _)| *t == card_type)?;
        let stat = |key: &str| ctx.stat(key);
        words::parse_head(reads_as, self.game, &stat)
            .ok()
            .map(|head| (head, None))
    }

    /// The steps the procedure plays from this card's stats (`stated_by_stats`).
    fn stated_by_stats(&self, ctx: &Ctx) -> Vec<Step> {
        let Some(card_type) = ctx.card.card_type.map(crate::fold_name) else {
            return Vec::new();
        };
        let stat = |key: &str| ctx.stat(key);
        self.lex
            .stated_by_stats
            .iter()
            .filter(|(types, _)| types.contains(&card_type))
            .filter_map(|(_, steps)| words::parse_steps(steps, self.game, &stat).ok())
            .flatten()
            .collect()
    }
}

/// The words a clause of time starts with, which may end a sentence.
const TIME_WORDS: &[&str] = &["when", "whenever", "while", "after", "before", "at", "once"];

/// A sentence read as effects.
#[derive(Debug, Clone)]
struct SentenceRead {
    head: Head,
    card_in: Option<String>,
    /// The sentence names its moment itself (not a label's, not the one before).
    own_head: bool,
    condition: Option<Condition>,
    instead: bool,
    if_you_do: bool,
    mandatory: Vec<Step>,
    optional: Vec<Step>,
    /// "You may split the hits …": a permission, an effect of its own.
    permissions: Vec<Step>,
    /// Bonuses that last while the card is in play.
    statics: Vec<Step>,
}

/// What one sentence reads as.
#[derive(Debug)]
enum Read {
    Effects(Box<SentenceRead>),
    NoEffect(String),
    Unread(String),
    /// "Choose …": the card the next sentence's "it" is.
    Chosen(Option<crate::Filter>),
}

/// The effects being assembled from a card's sentences.
struct Reading {
    pending: Vec<Pending>,
    unread: Vec<UnreadSentence>,
    no_effect: Vec<UnreadSentence>,
}

impl Reading {
    /// Adds a sentence's effects: joined to the effect before when they continue it.
    fn add(&mut self, read: SentenceRead, text: &str) -> Result<(), String> {
        let SentenceRead {
            head,
            condition,
            instead,
            if_you_do,
            mandatory,
            optional,
            permissions,
            statics,
            ..
        } = read;
        let mut head = head;
        if let Some(condition) = &condition {
            apply_condition(&mut head, condition)?;
        }
        let new = |head: Head, steps: Vec<Step>, optional: bool| Pending {
            effect: {
                let mut effect = head.into_effect(steps);
                effect.optional |= optional;
                effect
            },
            sentences: vec![text.to_owned()],
            conditional: condition.is_some(),
        };
        if if_you_do {
            let Some(last) = self.pending.last_mut().filter(|p| p.effect.optional) else {
                return Err("'if you do' follows no optional effect".into());
            };
            last.effect.steps.extend(mandatory);
            last.effect.steps.extend(optional);
            last.sentences.push(text.to_owned());
            return Ok(());
        }
        if instead {
            let Some(condition) = &condition else {
                return Err("'instead' with no condition to replace the effect before".into());
            };
            let negated = condition
                .negated()
                .ok_or("'instead' on an HP condition, which the written form cannot negate")?;
            let Some(last) = self
                .pending
                .iter_mut()
                .rev()
                .find(|p| p.effect.trigger == head.trigger && p.effect.requirement.is_none())
            else {
                return Err("'instead' follows no effect of the same moment".into());
            };
            let mut replaced = Head::of(last.effect.trigger);
            apply_condition(&mut replaced, &negated)?;
            last.effect.requirement = replaced.requirement;
            last.sentences.push(text.to_owned());
        }
        let activated = head.trigger == Trigger::Activated;
        if !mandatory.is_empty() || (!optional.is_empty() && activated) {
            let continues = self.pending.last_mut().filter(|last| {
                !last.conditional
                    && condition.is_none()
                    && !instead
                    && !last.effect.optional
                    && same_head(&last.effect, &head)
            });
            match continues {
                Some(last) => {
                    if activated && !optional.is_empty() {
                        // "Gain 2 Shards. You may destroy a Starter card": with or without.
                        let without = [last.effect.steps.clone(), mandatory.clone()].concat();
                        let with = [without.clone(), optional.clone()].concat();
                        last.effect.steps = vec![Step::Choose {
                            options: vec![with, without],
                        }];
                    } else {
                        last.effect.steps.extend(mandatory);
                    }
                    last.sentences.push(text.to_owned());
                }
                None if activated && !optional.is_empty() && !mandatory.is_empty() => {
                    let with = [mandatory.clone(), optional.clone()].concat();
                    self.pending.push(new(
                        head.clone(),
                        vec![Step::Choose {
                            options: vec![with, mandatory],
                        }],
                        false,
                    ));
                }
                None if mandatory.is_empty() => {
                    self.pending.push(new(head.clone(), optional.clone(), true));
                }
                None => self.pending.push(new(head.clone(), mandatory, false)),
            }
            if activated {
                return self.add_rest(&head, permissions, statics, text);
            }
        }
        if !optional.is_empty() && !activated {
            self.pending.push(new(head.clone(), optional, true));
        }
        self.add_rest(&head, permissions, statics, text)
    }

    fn add_rest(
        &mut self,
        head: &Head,
        permissions: Vec<Step>,
        statics: Vec<Step>,
        text: &str,
    ) -> Result<(), String> {
        for step in permissions {
            let mut effect = head.clone().into_effect(vec![step]);
            effect.optional = false;
            self.pending.push(Pending {
                effect,
                sentences: vec![text.to_owned()],
                conditional: true,
            });
        }
        if !statics.is_empty() {
            let mut head = Head::of(Trigger::Static);
            head.requirement = None;
            self.pending.push(Pending {
                effect: head.into_effect(statics),
                sentences: vec![text.to_owned()],
                conditional: true,
            });
        }
        Ok(())
    }

    /// Checks every effect against the game; one that fails is unread with its reason.
    fn finish(mut self, game: &Game) -> EffectReading {
        let mut effects = Vec::new();
        for pending in self.pending {
            match crate::effect_check::check_card_effects(
                game,
                std::slice::from_ref(&pending.effect),
                None,
            ) {
                Ok(()) => effects.push(pending.effect),
                Err((_, message)) => {
                    for text in pending.sentences {
                        self.unread.push(UnreadSentence {
                            text,
                            reason: format!(
                                "the effect it reads as does not fit {}: {message}",
                                game.name
                            ),
                        });
                    }
                }
            }
        }
        let state = match (effects.is_empty(), self.unread.is_empty()) {
            (_, true) => ReadingState::Read,
            (false, false) => ReadingState::Partial,
            (true, false) => ReadingState::NotRead,
        };
        EffectReading {
            effects_text: print_effects(&effects),
            effects,
            unread: self.unread,
            no_effect: self.no_effect,
            state,
        }
    }
}

fn same_head(effect: &Effect, head: &Head) -> bool {
    effect.trigger == head.trigger
        && effect.cost == head.cost
        && effect.requirement == head.requirement
        && effect.hp == head.hp
        && effect.card == head.card
}

/// Puts a sentence's condition on its head: a requirement where it has none, an HP check
/// where it has none.
fn apply_condition(head: &mut Head, condition: &Condition) -> Result<(), String> {
    match condition {
        Condition::Requirement(r) if head.requirement.is_none() => {
            head.requirement = Some(r.clone());
            Ok(())
        }
        Condition::Hp(hp) if head.hp.is_none() => {
            head.hp = Some(*hp);
            Ok(())
        }
        _ => Err("two conditions on one effect, which the written form cannot say".into()),
    }
}

/// The reason a no-effect pattern of the game gives these tokens, when one matches all of
/// them.
fn no_effect_reason(toks: &[Tok], ctx: &Ctx) -> Option<String> {
    ctx.lex
        .no_effect
        .iter()
        .find(|(pattern, _)| words::match_all(toks, pattern))
        .map(|(_, reason)| reason.clone())
}

/// Takes parenthesised asides out of a sentence ("(minimum 1)"), except a cap the
/// templates read ("(at most 3)").
fn strip_asides(body: &[Tok]) -> (Vec<Tok>, Vec<Vec<Tok>>) {
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

/// Matches a compiled pattern at `at`, `{cards}` by the card-phrase reader; the end and the
/// filter of the cards.
fn match_pattern(
    toks: &[Tok],
    at: usize,
    pattern: &[Pat],
    ctx: &Ctx,
) -> Option<(usize, Option<crate::Filter>)> {
    let Some(split) = pattern.iter().position(|p| *p == Pat::Cards) else {
        return match_words(toks, at, pattern, false).map(|end| (end, None));
    };
    let middle = match_words(toks, at, &pattern[..split], false)?;
    let mut cur = Cur { toks, pos: middle };
    let mut named = phrases::cards(&mut cur, ctx)?;
    // The cards "you play" are the player's own (`yours`).
    if pattern[..split].ends_with(&[Pat::Word("you".into()), Pat::Word("play".into())]) {
        named.clauses.extend(ctx.yours());
    }
    let filter = if named.this {
        phrases::Cards::this_filter(ctx)
    } else {
        named.filter(ctx)
    };
    let (end, more) = match_pattern(toks, cur.pos, &pattern[split + 1..], ctx)?;
    Some((end, filter.or(more)))
}

/// The text with the card's own name as "this card", and keywords' reminders left out
/// (the keyword states them: "Scouting: 1 (When you set this Zoid, …)").
fn prepare(text: &str, card: &CardFacts) -> String {
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

/// "for each energy spent" on an `X` card: the sentence without it, and the payment.
struct XPayment {
    body: Vec<Tok>,
    resource: String,
    /// The amount paid per unit of the resource.
    each: i64,
}

impl EffectReader<'_> {
    /// Finds "…, plus 1 die for each energy spent", "… for each energy spent", "hits equal
    /// to the energy spent" in a sentence.
    fn x_payment(&self, body: &[Tok], ctx: &Ctx) -> Option<XPayment> {
        for start in 0..body.len() {
            let mut cur = Cur {
                toks: body,
                pos: start,
            };
            let (each, kind) = if cur.eat_all("for each") || cur.eat("per") {
                (1, 0)
            } else if cur.eat_all("equal to the") || cur.eat_all("equal to") {
                (1, 1)
            } else {
                continue;
            };
            let Some(resource) = phrases::resource(&mut cur, ctx) else {
                continue;
            };
            if !cur.eat("spent") {
                continue;
            }
            // Only an X cost is paid with "the energy spent".
            let cost_stat = self.lex.cost_stats.iter().find(|(r, _)| *r == resource);
            if !cost_stat.is_some_and(|(_, stat)| ctx.stat_is_x(stat)) {
                return None;
            }
            let end = cur.pos;
            let mut out: Vec<Tok> = Vec::with_capacity(body.len());
            if kind == 1 {
                // "deal hits equal to the energy spent": deal 0 hits, 1 more per energy.
                let unit = start.checked_sub(1)?;
                out.extend_from_slice(&body[..unit]);
                out.extend(tokens::tokenize("0"));
                out.push(body[unit].clone());
                out.extend_from_slice(&body[end..]);
                return Some(XPayment {
                    body: out,
                    resource,
                    each,
                });
            }
            // ", plus 1 die for each energy spent": 1 more per energy than the amount before.
            if start >= 3 && body[start - 3].is("plus") {
                if let tokens::Kind::Number(per) = body[start - 2].kind {
                    let mut cut = start - 3;
                    if cut > 0 && body[cut - 1].is_punct(",") {
                        cut -= 1;
                    }
                    out.extend_from_slice(&body[..cut]);
                    out.extend_from_slice(&body[end..]);
                    return Some(XPayment {
                        body: out,
                        resource,
                        each: per,
                    });
                }
            }
            // "prevent 1 of that damage for each energy spent": 0, and 1 per energy.
            let number = (0..start)
                .rev()
                .find(|&i| matches!(body[i].kind, tokens::Kind::Number(_)))?;
            let tokens::Kind::Number(per) = body[number].kind else {
                return None;
            };
            out.extend_from_slice(&body[..number]);
            out.extend(tokens::tokenize("0"));
            out.extend_from_slice(&body[number + 1..start]);
            out.extend_from_slice(&body[end..]);
            return Some(XPayment {
                body: out,
                resource,
                each: per,
            });
        }
        None
    }

    /// The choice of payments an `X` card's steps become: pay k, get the steps with k more
    /// per unit, k from 0 (or 1, when nothing is had for 0) to `x_up_to`.
    fn expand_x(&self, steps: &[Step], x: &XPayment) -> Option<Step> {
        let up_to = self.lex.x_up_to?;
        if steps.is_empty() {
            return None;
        }
        let base: Vec<i64> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Roll {
                    dice: Amount::Fixed(n),
                }
                | Step::Damage {
                    amount: Amount::Fixed(n),
                }
                | Step::Prevent {
                    amount: Amount::Fixed(n),
                }
                | Step::Draw {
                    count: Amount::Fixed(n),
                } => Some(*n),
                _ => None,
            })
            .collect();
        if base.len() != steps.len() {
            return None;
        }
        let from = if base.iter().all(|n| *n == 0) { 1 } else { 0 };
        let options = (from..=up_to)
            .map(|k| {
                let mut option = Vec::new();
                if k > 0 {
                    option.push(Step::Spend {
                        amount: Amount::Fixed(k),
                        resource: x.resource.clone(),
                    });
                }
                option.extend(steps::scale_steps(steps, &base, x.each, k));
                option
            })
            .collect();
        Some(Step::Choose { options })
    }
}

#[cfg(test)]
mod tests;
