//! Conditions after "if": cards in a zone ("if you have a Raptor Zoid in the Arena", "if
//! your opponent has no card in their battle area", "if the target has Guard"), an amount
//! a zone counts ("2 or less damage"), and HP ("if your team has 15 or fewer HP").

use super::phrases::{attached_zone, cards, clause, keyword, other_player, you, zone, Cards, Ctx};
use super::tokens::Cur;
use crate::effect::{Filter, HpCheck, Requirement};

/// A condition after "if".
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Condition {
    Requirement(Requirement),
    Hp(HpCheck),
}

impl Condition {
    /// The opposite condition, for the effect an "instead" replaces; `None` when the
    /// written form cannot say it.
    pub fn negated(&self) -> Option<Condition> {
        match self {
            Condition::Requirement(r) => Some(Condition::Requirement(Requirement {
                negated: !r.negated,
                ..r.clone()
            })),
            Condition::Hp(_) => None,
        }
    }
}

/// How many cards a condition asks for: "a", "2 or more", "no", "fewer than 2".
fn condition_count(cur: &mut Cur) -> Option<(u32, bool)> {
    if cur.eat("no") {
        return Some((1, true));
    }
    if cur.eat_all("fewer than") || cur.eat_all("less than") {
        let n = u32::try_from(cur.number()?).ok()?;
        return Some((n, true));
    }
    if cur.eat_all("at least") {
        let n = u32::try_from(cur.number()?).ok()?;
        return Some((n, false));
    }
    let mut probe = *cur;
    if let Some(n) = probe.number() {
        let n = u32::try_from(n).ok()?;
        if probe.eat_all("or more") {
            *cur = probe;
            return Some((n, false));
        }
    }
    Some((1, false))
}

fn requirement(
    filter: Option<Filter>,
    zone: String,
    (at_least, negated): (u32, bool),
) -> Condition {
    Condition::Requirement(Requirement {
        filter,
        zone,
        at_least,
        negated,
        distinct: false,
    })
}

/// The cards of a condition: `None` when the phrase names a card of its own but no
/// filter can say it (the card itself, a pronoun).
fn condition_cards(cur: &mut Cur, ctx: &Ctx) -> Option<Cards> {
    let named = cards(cur, ctx)?;
    (!named.this && !named.pronoun && named.top_of.is_none()).then_some(named)
}

/// A condition: "you have a Raptor Zoid in the Arena", "there is no card in …", "your
/// training area holds a blue card", "a red Ranger is in your training area", "your
/// opponent has no card in their battle area", "the target has Guard", "it is a
/// Villain", "no enemy card has resolved", "your team has fewer HP than the opposing team",
/// "your team has 15 or fewer HP". The cursor is after "if".
pub(crate) fn condition(cur: &mut Cur, ctx: &Ctx) -> Option<Condition> {
    let start = cur.pos;
    let found = condition_inner(cur, ctx);
    if found.is_none() {
        cur.pos = start;
    }
    found
}

fn condition_inner(cur: &mut Cur, ctx: &Ctx) -> Option<Condition> {
    // HP.
    {
        let mut probe = *cur;
        if you(&mut probe) && (probe.eat("has") || probe.eat("have")) {
            if (probe.eat_all("fewer hp than") || probe.eat_all("less hp than"))
                && other_player(&mut probe, ctx)
            {
                *cur = probe;
                return Some(Condition::Hp(HpCheck::BelowOpponent));
            }
            if let Some(n) = probe.number() {
                if (probe.eat_all("or fewer") || probe.eat_all("or less")) && probe.eat("hp") {
                    *cur = probe;
                    return Some(Condition::Hp(HpCheck::AtMost(n)));
                }
            }
        }
    }
    // "you have [count] cards [in zone]", "your opponent has no card in their battle area".
    {
        let mut probe = *cur;
        if (you(&mut probe) || other_player(&mut probe, ctx))
            && (probe.eat("has") || probe.eat("have"))
        {
            let count = condition_count(&mut probe)?;
            if let Some(named) = condition_cards(&mut probe, ctx) {
                let zone = match named.zone.clone() {
                    Some(zone) => Some(zone),
                    None => attached_zone(&mut probe, ctx),
                };
                if let Some(zone) = zone {
                    *cur = probe;
                    return Some(requirement(named.filter(ctx), zone, count));
                }
            }
        }
    }
    // "you played a Hero card this turn": the played zone.
    {
        let mut probe = *cur;
        if you(&mut probe) && probe.eat("played") && ctx.has_zone("played") {
            if let Some(named) = condition_cards(&mut probe, ctx) {
                if probe.eat_all("this turn") {
                    *cur = probe;
                    return Some(requirement(named.filter(ctx), "played".into(), (1, false)));
                }
            }
        }
    }
    // "2 or less damage": a zone that counts something ("damage").
    {
        let mut probe = *cur;
        if let Some(n) = probe.number() {
            let fewer = probe.eat_all("or less") || probe.eat_all("or fewer");
            let more = !fewer && probe.eat_all("or more");
            if fewer || more {
                if let Some(zone) = zone(&mut probe, ctx) {
                    let n = u32::try_from(n).ok()?;
                    *cur = probe;
                    return Some(if fewer {
                        requirement(None, zone, (n + 1, true))
                    } else {
                        requirement(None, zone, (n, false))
                    });
                }
            }
        }
    }
    // "there is/are [no] X in Z".
    if cur.eat("there") && (cur.eat("is") || cur.eat("are")) {
        let count = condition_count(cur)?;
        let named = condition_cards(cur, ctx)?;
        let zone = match named.zone.clone() {
            Some(zone) => zone,
            None => attached_zone(cur, ctx)?,
        };
        return Some(requirement(named.filter(ctx), zone, count));
    }
    // "<zone> holds/contains/has <cards>", "the target has Guard", "it is a Villain".
    {
        let mut probe = *cur;
        if let Some(zone) = zone(&mut probe, ctx) {
            if probe.eat("hold") || probe.eat("contain") || probe.eat("has") || probe.eat("have") {
                let count = condition_count(&mut probe)?;
                let mut inner = probe;
                if let Some(keyword) = keyword(&mut inner, ctx) {
                    *cur = inner;
                    return Some(requirement(
                        Some(Filter(clause("kw", &keyword))),
                        zone,
                        count,
                    ));
                }
                if let Some(named) = condition_cards(&mut probe, ctx) {
                    *cur = probe;
                    return Some(requirement(named.filter(ctx), zone, count));
                }
            }
            if probe.eat("is") || probe.eat("are") {
                let negated = probe.eat("not");
                if let Some(named) = condition_cards(&mut probe, ctx) {
                    *cur = probe;
                    return Some(requirement(named.filter(ctx), zone, (1, negated)));
                }
            }
        }
    }
    // "<cards> is/are in <zone>", "no <cards> has <zone words>".
    {
        let mut probe = *cur;
        let negated = probe.eat("no");
        if let Some(named) = condition_cards(&mut probe, ctx) {
            if probe.eat("is") || probe.eat("are") {
                let negated = negated ^ probe.eat("not");
                if let Some(zone) = attached_zone(&mut probe, ctx) {
                    *cur = probe;
                    return Some(requirement(named.filter(ctx), zone, (1, negated)));
                }
            }
            if let Some(zone) = named.zone.clone().or_else(|| zone(&mut probe, ctx)) {
                *cur = probe;
                return Some(requirement(named.filter(ctx), zone, (1, negated)));
            }
        }
    }
    None
}
