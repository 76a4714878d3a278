//! The verbs of card text and the steps they read as: draw, discard, deal damage, prevent,
//! heal, gain, spend, put/return/move/shuffle/set, search, look at the top cards, roll,
//! reroll, ready, copy, fill the hand, split hits, swap, stat changes ("gets +1 power",
//! "cost 1 fewer Shard"), a game's own verbs ("destroy", "upgrade"), and "choose one".
//!
//! Each template reads a whole clause or nothing: the cursor is left where it was when a
//! template does not fit.

use super::bonuses::{
    bare_bonus, does_not_guard, first_hits_ignored, game_verb, may_target_guarded, next_one,
    no_more_than, stat_change,
};
use super::moves::{look, move_cards, search};
use super::phrases::{cards, damage_word, other_player, per_each, you, Ctx};
use super::tokens::{Cur, Kind};
use super::verbs::{
    choose, copy, deal, discard, draw, fill, gain, heal, prevent, ready, reroll, roll, spend,
    split, swap,
};
use crate::effect::{Amount, Duration, Filter, PerCount, Step, Trigger};

/// What one clause reads as.
#[derive(Debug, Clone, Default)]
pub(crate) struct Action {
    pub steps: Vec<Step>,
    /// "you may …".
    pub optional: bool,
    /// It is another player's act ("your opponent discards"): no goldfish effect.
    pub others_only: bool,
    /// "until end of turn"-free stat changes that last while the card is in play: a
    /// static ability whatever moment the sentence has.
    pub static_bonus: bool,
}

impl Action {
    pub(super) fn steps(steps: Vec<Step>) -> Action {
        Action {
            steps,
            ..Action::default()
        }
    }
}

/// What the clauses read so far tell the next one.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scope {
    pub trigger: Option<Trigger>,
    /// Where the card itself is at this moment (a moment's `card_in`).
    pub card_in: Option<String>,
    /// The last count read, for "that many".
    pub last_count: Option<Amount>,
    /// The last zone cards came from, for "it"/"them".
    pub last_from: Option<String>,
    /// "for each X, …" at the start of the sentence: every amount is per X.
    pub per: Option<PerCount>,
    /// The card a sentence before chose ("Choose an enemy card with Guard."), for "it".
    pub chosen: Option<Option<Filter>>,
    /// "Until the end of the battle, …" at the start of the sentence.
    pub duration: Option<Duration>,
}

/// The duration a stat change has when the text names none.
pub(crate) fn default_duration(trigger: Option<Trigger>) -> Duration {
    match trigger {
        Some(Trigger::Static) | None => Duration::WhileInPlay,
        Some(
            Trigger::Battles
            | Trigger::Attacks
            | Trigger::Blocks
            | Trigger::WinsBattle
            | Trigger::LosesBattle
            | Trigger::Revealed
            | Trigger::AfterAttack
            | Trigger::Summoned,
        ) => Duration::Battle,
        Some(_) => Duration::Turn,
    }
}

/// An amount: a number, then "for each …" when it follows; a sentence's "for each" makes
/// a fixed amount per.
pub(super) fn amount(n: i64, cur: &mut Cur, ctx: &Ctx, scope: &Scope) -> Amount {
    if let Some(per) = per_each(cur, ctx, n) {
        return per;
    }
    match &scope.per {
        Some(per) => Amount::Per(PerCount {
            each: n,
            ..per.clone()
        }),
        None => Amount::Fixed(n),
    }
}

/// One clause: an optional subject, "may", and a verb phrase.
pub(crate) fn action(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let start = cur.pos;
    let found = action_inner(cur, ctx, scope);
    if found.is_none() {
        cur.pos = start;
    }
    found
}

fn action_inner(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let start = cur.pos;
    // "You may …", "each player may …", "your team gains …".
    let mut optional = false;
    let mut per_subject: Option<PerCount> = None;
    {
        let mut probe = *cur;
        if you(&mut probe) {
            *cur = probe;
        } else if let Some(per) = each_subject(&mut probe, ctx) {
            *cur = probe;
            per_subject = Some(per);
        } else if other_player(&mut probe, ctx) {
            // "Your opponent takes 1 damage": damage to them.
            let mut take = probe;
            if take.eat("take") {
                if let Some(n) = take.number() {
                    if damage_word(&mut take, ctx) {
                        let amount = amount(n, &mut take, ctx, scope);
                        *cur = take;
                        return Some(Action::steps(vec![Step::Damage { amount }]));
                    }
                }
            }
            // Their own act: nothing against the goldfish, whatever it is (to the end of
            // the sentence, or to what "you" do next).
            cur.pos = others_end(cur);
            return Some(Action {
                others_only: true,
                ..Action::default()
            });
        } else if starts_that_subject(&mut probe, ctx) {
            *cur = probe;
        }
    }
    if cur.eat("may") {
        optional = true;
    }
    let saved_per = scope.per.clone();
    if let Some(per) = &per_subject {
        scope.per = Some(per.clone());
    }
    let mut found = verb_phrase(cur, ctx, scope);
    scope.per = saved_per;
    if found.is_none() && per_subject.is_some() {
        // "Each other Gravel Grunt card … has 1 additional health": the cards are the
        // subject of a stat change, not players acting once each.
        cur.pos = start;
        found = verb_phrase(cur, ctx, scope);
    }
    if let Some(action) = &mut found {
        action.optional |= optional;
    }
    found
}

/// Where the clause at the cursor ends: the next `,`, `;` or "and" at the top level.
pub(super) fn clause_end(cur: &Cur) -> usize {
    let mut depth = 0;
    for (i, tok) in cur.toks.iter().enumerate().skip(cur.pos) {
        match tok.text.as_str() {
            "(" => depth += 1,
            ")" => depth -= 1,
            "," | ";" if depth == 0 && tok.kind == Kind::Punct => return i,
            "and" if depth == 0 => return i,
            _ => {}
        }
    }
    cur.toks.len()
}

/// Where another player's act ends: at a `;`, at ", then", or where "you" act again.
fn others_end(cur: &Cur) -> usize {
    let toks = cur.toks;
    for i in cur.pos..toks.len() {
        if toks[i].is_punct(";") {
            return i;
        }
        if toks[i].is_punct(",") && toks.get(i + 1).is_some_and(|t| t.is("then") || t.is("you")) {
            return i;
        }
    }
    toks.len()
}

/// "Each Ranger in the battle …": the clause happens once per matching card.
fn each_subject(cur: &mut Cur, ctx: &Ctx) -> Option<PerCount> {
    if !cur.eat("each") {
        return None;
    }
    let named = cards(cur, ctx)?;
    let zone = named.zone.clone()?;
    if named.this || named.pronoun {
        return None;
    }
    Some(PerCount {
        each: 1,
        filter: named.filter(ctx),
        zone,
        max: None,
        distinct: false,
    })
}

/// "That Ranger", "the Ranger with the most cards in hand": a player on your side.
fn starts_that_subject(cur: &mut Cur, ctx: &Ctx) -> bool {
    let start = cur.pos;
    if cur.eat("that") || cur.eat("the") {
        if let Some(named) = cards(cur, ctx) {
            if !named.clauses.is_empty() && !named.this {
                cur.eat_all("with the most cards in hand");
                if cur.peek().is_some_and(|t| t.is_word()) {
                    return true;
                }
            }
        }
    }
    cur.pos = start;
    false
}

/// A template: reads a clause at the cursor, or nothing.
type Template = fn(&mut Cur, &Ctx, &mut Scope) -> Option<Action>;

fn verb_phrase(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let first = cur.peek()?;
    let templates: &[Template] = match first.stem.as_str() {
        "draw" => &[draw],
        "discard" => &[discard, move_cards],
        "deal" => &[deal],
        "prevent" => &[prevent],
        "heal" => &[heal],
        "gain" => &[gain, move_cards],
        "spend" => &[spend],
        "search" => &[search],
        "look" => &[look],
        "reroll" => &[reroll],
        "roll" => &[roll],
        "ready" => &[ready],
        "copy" => &[copy],
        "fill" => &[fill],
        "split" => &[split],
        "swap" => &[swap],
        "choose" => &[choose],
        "put" | "move" | "return" | "place" | "set" | "shuffle" | "add" | "attach" => &[move_cards],
        "+" | "-" => &[bare_bonus],
        _ => &[],
    };
    for template in templates {
        let start = cur.pos;
        if let Some(found) = template(cur, ctx, scope) {
            return Some(found);
        }
        cur.pos = start;
    }
    if let Some(found) = game_verb(cur, ctx, scope) {
        return Some(found);
    }
    for template in [
        stat_change,
        no_more_than,
        first_hits_ignored,
        may_target_guarded,
        does_not_guard,
        next_one,
    ] {
        let start = cur.pos;
        if let Some(found) = template(cur, ctx, scope) {
            return Some(found);
        }
        cur.pos = start;
    }
    None
}

/// Amounts the steps name, for "for each energy spent" on an `X` card: the steps with `k`
/// more of the per-energy part.
pub(crate) fn scale_steps(steps: &[Step], base: &[i64], each: i64, k: i64) -> Vec<Step> {
    let mut out = steps.to_vec();
    let mut i = 0;
    for step in &mut out {
        let slot = match step {
            Step::Roll { dice } => Some(dice),
            Step::Damage { amount } | Step::Prevent { amount } => Some(amount),
            Step::Draw { count } => Some(count),
            _ => None,
        };
        if let Some(amount) = slot {
            *amount = Amount::Fixed(base.get(i).copied().unwrap_or(0) + each * k);
            i += 1;
        }
    }
    out
}

/// Sets a stat change's duration.
pub(crate) fn set_duration(step: &mut Step, to: Duration) {
    if let Step::Modify { duration, .. } = step {
        *duration = to;
    }
}
