//! One sentence: its moment (a label's, its own, at its start or end), its conditions
//! ("if …", "if you do", "instead"), its clauses and what they read as; and the payments of
//! an `X` cost ("for each energy spent").

use super::assemble::apply_condition;
use super::conditions::{self, Condition};
use super::lexicon::{match_capture, match_words};
use super::phrases::{self, Ctx};
use super::steps::{self, Action, Scope};
use super::tokens::{self, Cur, Tok};
use super::words::{self, Head};
use super::{no_effect_reason, EffectReader};
use crate::effect::{Amount, Step, Trigger};

impl EffectReader<'_> {
    /// Reads one sentence's body.
    pub(super) fn sentence(
        &self,
        body: &[Tok],
        inherited: Option<(Head, Option<String>)>,
        chosen_card: &Option<Option<crate::Filter>>,
        ctx: &Ctx,
    ) -> Read {
        if let Some(reason) = no_effect_reason(body, ctx) {
            return Read::NoEffect(reason);
        }
        if let Some(read) = self.game_sentence(body, inherited.clone(), ctx) {
            return read;
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
                    if let Some(found) = conditions::condition(&mut probe, ctx) {
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
                if let Some(found) = conditions::condition(&mut cur, ctx) {
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
        // A leading "until end of turn," must be what a stat change (or Guard) lasts.
        if scope.duration.is_some()
            && !actions
                .iter()
                .flat_map(|a| &a.steps)
                .any(|s| matches!(s, Step::Modify { .. } | Step::Unguard { .. }))
        {
            return Read::Unread("a duration on steps that do not last".into());
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
            let by_stats = ctx.by_stats.get_or_init(|| self.stated_by_stats(ctx));
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

    /// A sentence of the game's own (`sentences`), whole: what it reads as.
    fn game_sentence(
        &self,
        body: &[Tok],
        inherited: Option<(Head, Option<String>)>,
        ctx: &Ctx,
    ) -> Option<Read> {
        let (numbers, reads_as) = self
            .lex
            .sentences
            .iter()
            .find_map(|(pattern, reads_as)| Some((match_capture(body, pattern)?, reads_as)))?;
        let (head, card_in, own_head, steps, optional) =
            match words::sentence_meaning(reads_as, &numbers, self.game) {
                Err(reason) => return Some(Read::Unread(reason)),
                Ok(words::SentenceMeaning::Effect(effect)) => {
                    let optional = effect.optional;
                    let head = Head {
                        trigger: effect.trigger,
                        cost: effect.cost,
                        optional: false,
                        requirement: effect.requirement,
                        hp: effect.hp,
                        card: effect.card,
                    };
                    (head, None, true, effect.steps, optional)
                }
                Ok(words::SentenceMeaning::Steps(steps)) => {
                    let (head, card_in) = inherited.or_else(|| self.default_head(ctx))?;
                    (head, card_in, false, steps, false)
                }
            };
        let (mandatory, optional) = if optional {
            (Vec::new(), steps)
        } else {
            (steps, Vec::new())
        };
        Some(Read::Effects(Box::new(SentenceRead {
            head,
            card_in,
            own_head,
            condition: None,
            instead: false,
            if_you_do: false,
            mandatory,
            optional,
            permissions: Vec::new(),
            statics: Vec::new(),
        })))
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
        let (_, reads_as, parsed) = self
            .lex
            .default_moments
            .iter()
            .find(|(t, _, _)| *t == card_type)?;
        if let Some(head) = parsed {
            return Some((head.clone(), None));
        }
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
pub(super) struct SentenceRead {
    pub head: Head,
    pub card_in: Option<String>,
    /// The sentence names its moment itself (not a label's, not the one before).
    pub own_head: bool,
    pub condition: Option<Condition>,
    pub instead: bool,
    pub if_you_do: bool,
    pub mandatory: Vec<Step>,
    pub optional: Vec<Step>,
    /// "You may split the hits …": a permission, an effect of its own.
    pub permissions: Vec<Step>,
    /// Bonuses that last while the card is in play.
    pub statics: Vec<Step>,
}

/// What one sentence reads as.
#[derive(Debug)]
pub(super) enum Read {
    Effects(Box<SentenceRead>),
    NoEffect(String),
    Unread(String),
    /// "Choose …": the card the next sentence's "it" is.
    Chosen(Option<crate::Filter>),
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
