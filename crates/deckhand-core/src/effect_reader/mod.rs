//! Reads effects off a card's printed text (docs/effects.md): sentence by sentence, into the shared vocabulary (`effect.rs`), with the game's
//! own words (`[effects.words]`, `words.rs`). What it cannot read it names, sentence by
//! sentence; it never guesses.
//!
//! ```text
//! text ─ tokens.rs ────→ the card's name as "this card", keyword reminders out; sentences
//!                        of tokens with their labels peeled ("Ability:", "Battle:")
//!      ─ mod.rs ───────→ each label: a moment, no goldfish effect, a card face, unknown
//!      ─ sentence.rs ──→ each sentence: no-effect words? its moment (first or last), "if",
//!                        "for each", clauses joined by "then"/"and"/","; "instead", X costs
//!      ─ steps.rs ─────→ each clause: its subject ("you", "each Ranger in the battle",
//!                        another player) and verb: verbs.rs (draw, deal, gain, roll …),
//!                        moves.rs (put … from … into …, search, look), bonuses.rs (stats)
//!      ─ phrases.rs ───→ cards (a filter), zones, resources, stats, amounts, durations;
//!        conditions.rs → "if you have …", "if the target has Guard", "if … fewer HP …"
//!      ─ assemble.rs ──→ the card's effects from its sentences, checked against the game
//! ```
//! `lexicon.rs` compiles the built-in words and the game's `[effects.words]` once per game
//! ([`EffectReader::new`]); reading a card then allocates only its tokens and effects.
//!
//! Every proposed effect passes the validation stated effects pass (`effect_check.rs`); a
//! sentence whose effect would not is unread, with the check's message.

mod assemble;
mod bonuses;
mod conditions;
mod lexicon;
mod moves;
mod phrases;
mod sentence;
mod steps;
mod tokens;
mod verbs;
mod words;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::effect::Effect;
use crate::{Card, CoverageState, Game, GoldfishNote, StatValue};
use assemble::{apply_condition, Reading};
use lexicon::{match_words, Lexicon, Pat};
use phrases::Ctx;
use sentence::Read;
use tokens::{prepare, strip_asides, Cur, Tok};
use words::Head;

pub(crate) use words::check_words;
pub use words::{MomentWords, NoEffectWords, SentenceWords, StatedByStats, TextWords, UpToOrder};

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
    /// The goldfish note proposed beside the effects ([`EffectReading::note`]).
    pub note: Option<GoldfishNote>,
}

impl EffectReading {
    /// The reading of these parts, with the note they propose.
    fn new(
        effects: Vec<Effect>,
        unread: Vec<UnreadSentence>,
        no_effect: Vec<UnreadSentence>,
        state: ReadingState,
    ) -> EffectReading {
        let mut reading = EffectReading {
            effects_text: crate::print_effects(&effects),
            effects,
            unread,
            no_effect,
            state,
            note: None,
        };
        reading.note = reading.proposed_note();
        reading
    }

    /// The goldfish note the reading proposes beside its effects: partial with the unread
    /// sentences as its reason; not simulated when nothing was read; no goldfish effect
    /// when every sentence was read as having none; `None` when the effects state it all.
    pub fn note(&self) -> Option<GoldfishNote> {
        self.note.clone()
    }

    fn proposed_note(&self) -> Option<GoldfishNote> {
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

    /// Gives `card` what its text reads as when the card states nothing yet (no effects,
    /// no goldfish note) and has text: the reading's effects and its note. The reading
    /// comes back; `None` when the card was left as it was.
    pub fn fill(&self, card: &mut Card) -> Option<EffectReading> {
        if !card.effects.is_empty() || card.goldfish.is_some() {
            return None;
        }
        let text = card.text.as_deref().filter(|t| !t.trim().is_empty())?;
        let reading = self.read(text, &CardFacts::of(card));
        card.goldfish = reading.note();
        card.effects.clone_from(&reading.effects);
        Some(reading)
    }

    /// Reads one card's text.
    pub fn read(&self, text: &str, card: &CardFacts) -> EffectReading {
        let ctx = Ctx {
            lex: &self.lex,
            game: self.game,
            card,
            by_stats: std::cell::OnceCell::new(),
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
            // "Shuffle." after a search: the search shuffles the deck.
            if tokens::is_shuffle(&body) && reading.searched() {
                reading.no_effect.push(UnreadSentence {
                    text: sentence.text.clone(),
                    reason: "the search before it shuffles the deck".into(),
                });
                continue;
            }
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
            if let Some(condition) = conditions::condition(&mut cur, ctx) {
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
}

/// The reason a no-effect pattern of the game gives these tokens, when one matches all of
/// them.
pub(super) fn no_effect_reason(toks: &[Tok], ctx: &Ctx) -> Option<String> {
    ctx.lex
        .no_effect
        .iter()
        .find(|(pattern, _)| lexicon::match_all(toks, pattern))
        .map(|(_, reason)| reason.clone())
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

#[cfg(test)]
mod tests;
