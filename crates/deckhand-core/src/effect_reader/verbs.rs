//! The plain verbs: draw, discard, deal damage, prevent, heal, gain, spend, roll, reroll,
//! ready, copy, fill the hand, split hits, swap, and "choose one".

use super::phrases::{
    cards, damage_word, named_number, other_player, per_each, resource, zone, Count, Ctx,
};
use super::steps::{action, amount, Action, Scope};
use super::tokens::{Cur, Kind};
use crate::effect::{Amount, PerCount, Step};

pub(super) fn draw(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("draw");
    if cur.eat_all("that many") {
        cur.eat("card");
        let count = scope.last_count.clone()?;
        return Some(Action::steps(vec![Step::Draw { count }]));
    }
    if cur.eat_all("up to") {
        let n = cur.number()?;
        if !cur.eat("card") {
            return None;
        }
        return Some(Action {
            steps: vec![up_to(n, ctx, |k| {
                vec![Step::Draw {
                    count: Amount::Fixed(k),
                }]
            })],
            optional: true,
            ..Action::default()
        });
    }
    let n = cur.number()?;
    if !cur.eat("card") && !clause_ends(cur) {
        return None;
    }
    if cur.eat("from") {
        // "Draw 1 card from a foot soldier enemy deck [and add it to …]": a move.
        let from = zone(cur, ctx)?;
        let _ = cur.eat_all("in play");
        let count = amount(n, cur, ctx, scope);
        let mut to = "hand".to_owned();
        let mut probe = *cur;
        if probe.eat("and")
            && (probe.eat("add") || probe.eat("put") || probe.eat("place"))
            && (probe.eat("it") || probe.eat("them"))
            && (probe.eat("to") || probe.eat("into") || probe.eat("on"))
        {
            if let Some(zone) = zone(&mut probe, ctx) {
                to = zone;
                *cur = probe;
            }
        }
        if !ctx.has_zone(&to) {
            return None;
        }
        return Some(Action::steps(vec![Step::Move {
            count,
            from,
            to,
            filter: None,
            search: false,
        }]));
    }
    let count = amount(n, cur, ctx, scope);
    scope.last_count = Some(count.clone());
    Some(Action::steps(vec![Step::Draw { count }]))
}

/// "up to N" of something: a choice of 1 to N (the pilot may take none: the effect is
/// optional).
pub(super) fn up_to(n: i64, ctx: &Ctx, make: impl Fn(i64) -> Vec<Step>) -> Step {
    if n <= 1 {
        return make(n).remove(0);
    }
    let mut options: Vec<Vec<Step>> = (1..=n).map(make).collect();
    if ctx.lex.most_first {
        options.reverse();
    }
    Step::Choose { options }
}

pub(super) fn discard(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("discard");
    if cur.eat_all("up to") {
        let n = cur.number()?;
        cur.eat("card");
        let and_draw = {
            let mut probe = *cur;
            (probe.eat("and") || probe.eat_all(", then") || probe.eat("then"))
                && probe.eat_all("draw that many")
                && {
                    probe.eat("card");
                    *cur = probe;
                    true
                }
        };
        let step = up_to(n, ctx, |k| {
            let mut steps = vec![Step::Discard {
                count: Amount::Fixed(k),
                filter: None,
            }];
            if and_draw {
                steps.push(Step::Draw {
                    count: Amount::Fixed(k),
                });
            }
            steps
        });
        return Some(Action {
            steps: vec![step],
            optional: true,
            ..Action::default()
        });
    }
    // "discard the top card of your deck": a move to the discard pile.
    {
        let mut probe = *cur;
        if let Some(named) = cards(&mut probe, ctx) {
            if let (Some(from), Count::Fixed(n)) = (named.top_of.clone(), named.count) {
                if ctx.has_zone("discard") && from != "discard" {
                    *cur = probe;
                    scope.last_from = Some(from.clone());
                    return Some(Action::steps(vec![Step::Move {
                        count: Amount::Fixed(n),
                        from,
                        to: "discard".into(),
                        filter: None,
                        search: false,
                    }]));
                }
            }
        }
    }
    let n = cur.number()?;
    let mut filter = None;
    // "discard 1": the noun left out at the end of a clause.
    if !cur.eat("card") && !clause_ends(cur) {
        let named = cards(cur, ctx)?;
        if named.this || named.pronoun || named.count != Count::Unsaid {
            return None;
        }
        filter = named.filter(ctx);
    }
    let _ =
        cur.eat_all("from your hand") || cur.eat_all("from hand") || cur.eat_all("from their hand");
    let count = amount(n, cur, ctx, scope);
    // "discard 1 card from hand to your training area"
    {
        let mut probe = *cur;
        if probe.eat("to") || probe.eat("into") {
            if let Some(to) = zone(&mut probe, ctx) {
                *cur = probe;
                return Some(Action::steps(vec![Step::Move {
                    count,
                    from: "hand".into(),
                    to,
                    filter,
                    search: false,
                }]));
            }
        }
    }
    scope.last_count = Some(count.clone());
    Some(Action::steps(vec![Step::Discard { count, filter }]))
}

/// The one damage can go to: the opponent, a target, an enemy card; `Some(true)` when it
/// is a card next to the target.
pub(super) fn damage_target(cur: &mut Cur, ctx: &Ctx) -> Option<bool> {
    let start = cur.pos;
    if !cur.eat("to") {
        return Some(false);
    }
    if other_player(cur, ctx) {
        return Some(false);
    }
    if cur.eat_all("the target") || cur.eat_all("that enemy card") || cur.eat_all("that card") {
        return Some(false);
    }
    if cur.eat("an") || cur.eat("a") {
        if cur.eat("adjacent") {
            cards(cur, ctx)?;
            return Some(true);
        }
        cur.pos -= 1;
    }
    if let Some(named) = cards(cur, ctx) {
        // One card (or any one): damage to several is several steps, not read here.
        let one = matches!(named.count, Count::Fixed(1) | Count::Unsaid);
        if !one || named.this || named.pronoun {
            cur.pos = start;
            return None;
        }
        if cur.eat_all("adjacent to the target") || cur.eat_all("adjacent to your target") {
            return Some(true);
        }
        let _ = cur.eat_all(", even a guarded one");
        return Some(false);
    }
    // "to the Heroes", "to the opposing team".
    if cur.eat("the") && cards(cur, ctx).is_some() {
        return Some(false);
    }
    cur.pos = start;
    None
}

pub(super) fn deal(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("deal");
    let n = cur.number()?;
    let _ = cur.eat("additional") || cur.eat("extra") || cur.eat("more");
    if !damage_word(cur, ctx) {
        return None;
    }
    let mut amount = amount(n, cur, ctx, scope);
    let mut steps = Vec::new();
    let plus = plus(cur, ctx, scope);
    let adjacent = damage_target(cur, ctx)?;
    if let Amount::Fixed(_) = amount {
        if let Some(per) = per_each(cur, ctx, n) {
            amount = per;
        }
    }
    steps.push(if adjacent {
        Step::DamageAdjacent { amount }
    } else {
        Step::Damage { amount }
    });
    if let Some(extra) = plus {
        steps.push(Step::Damage { amount: extra });
    }
    // "(not an Attack)": the goldfish never blocks an Attack.
    let _ = cur.eat_all("( not an attack )");
    Some(Action::steps(steps))
}

/// ", plus 1 for each Location you control", ", plus 1 if you played a Hero card this
/// turn": a second amount of the same thing.
pub(super) fn plus(cur: &mut Cur, ctx: &Ctx, scope: &Scope) -> Option<Amount> {
    let start = cur.pos;
    cur.eat_punct(",");
    if !cur.eat("plus") {
        cur.pos = start;
        return None;
    }
    let Some(n) = cur.number() else {
        cur.pos = start;
        return None;
    };
    if let Some(per) = per_each(cur, ctx, n) {
        return Some(per);
    }
    let mut probe = *cur;
    if probe.eat("if") {
        if let Some(super::conditions::Condition::Requirement(r)) =
            super::conditions::condition(&mut probe, ctx)
        {
            if !r.negated && r.at_least == 1 {
                *cur = probe;
                return Some(Amount::Per(PerCount {
                    each: n,
                    filter: r.filter,
                    zone: r.zone,
                    max: Some(n),
                    distinct: false,
                }));
            }
        }
    }
    let _ = scope;
    cur.pos = start;
    None
}

pub(super) fn prevent(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("prevent");
    let n = if cur.eat_all("all of it") {
        return Some(Action::steps(vec![Step::Prevent {
            amount: Amount::Fixed(crate::MAX_AMOUNT),
        }]));
    } else if cur.eat("all") {
        let _ = cur.eat("remaining") || cur.eat("of");
        let _ = cur.eat("that");
        if !damage_word(cur, ctx) {
            return None;
        }
        let _ = cur.eat_all("from that enemy card") || cur.eat_all("from that card");
        return Some(Action::steps(vec![Step::Prevent {
            amount: Amount::Fixed(crate::MAX_AMOUNT),
        }]));
    } else {
        cur.eat_all("up to");
        cur.number()?
    };
    let _ = cur.eat_all("of that") || cur.eat_all("of the");
    damage_word(cur, ctx);
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Prevent { amount }]))
}

pub(super) fn heal(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("heal");
    let n = cur.number()?;
    let _ = cur.eat("more") || cur.eat("hp");
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Heal { amount }]))
}

pub(super) fn gain(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("gain");
    let n = cur.number()?;
    let _ = cur.eat("extra") || cur.eat("additional") || cur.eat("more");
    let resource = resource(cur, ctx)?;
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Gain { amount, resource }]))
}

pub(super) fn spend(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("spend");
    let n = cur.number()?;
    let resource = resource(cur, ctx)?;
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Spend { amount, resource }]))
}

pub(super) fn reroll(cur: &mut Cur, _ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("reroll");
    cur.eat_all("up to");
    let n = cur.number()?;
    if !cur.eat("die") {
        return None;
    }
    // "that did not show a [HIT]", "showing no hit"
    if cur.eat("that") {
        let _ = cur.eat_all("did not") || cur.eat_all("didn't") || cur.eat("do");
        cur.eat("show");
        let _ = cur.eat("a") || cur.eat("any") || cur.eat("no");
        cur.next()
            .filter(|t| t.kind == Kind::Symbol || t.is("hit"))?;
    }
    Some(Action::steps(vec![Step::Reroll {
        dice: Amount::Fixed(n),
    }]))
}

pub(super) fn roll(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("roll");
    if cur.eat_all("the dice") || cur.eat_all("the die") || cur.eat_all("its dice") {
        if cur.eat_all("against the same target or an adjacent enemy card")
            || cur.eat_all("against an adjacent enemy card")
        {
            return Some(Action::steps(vec![Step::RollAdjacent]));
        }
        let _ = cur.eat_all("against the target") || cur.eat_all("against it");
        // "… and deal the hits rolled to that enemy card": what rolling does.
        {
            let mut probe = *cur;
            if probe.eat("and")
                && probe.eat("deal")
                && probe.eat("the")
                && damage_word(&mut probe, ctx)
                && probe.eat("rolled")
                && damage_target(&mut probe, ctx) == Some(false)
            {
                *cur = probe;
            }
        }
        let dice = ctx.stat("dice")?;
        return Some(Action::steps(vec![Step::Roll {
            dice: Amount::Fixed(dice),
        }]));
    }
    let n = cur.number()?;
    let _ = cur.eat("additional") || cur.eat("extra") || cur.eat("more");
    if !cur.eat("die") {
        return None;
    }
    let dice = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Roll { dice }]))
}

pub(super) fn ready(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("ready");
    let named = cards(cur, ctx)?;
    let Count::Fixed(n) = named.count else {
        return None;
    };
    if named.this || named.pronoun {
        return None;
    }
    Some(Action::steps(vec![Step::Ready {
        count: Amount::Fixed(n),
        filter: named.filter(ctx),
    }]))
}

pub(super) fn copy(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("copy");
    if !cur.eat_all("the ability of") {
        return None;
    }
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun {
        return None;
    }
    let _ = cur.eat_all(", paying nothing more") || cur.eat_all(", paying nothing");
    Some(Action::steps(vec![Step::Copy {
        filter: named.filter(ctx),
    }]))
}

pub(super) fn fill(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("fill");
    if !(cur.eat_all("your hand") || cur.eat_all("their hand")) {
        return None;
    }
    let _ = cur.eat_all("up to") || cur.eat("to");
    let size = match cur.number() {
        Some(n) => {
            cur.eat("card");
            n
        }
        None => named_number(cur, ctx)?,
    };
    Some(Action::steps(vec![Step::FillHand {
        size: Amount::Fixed(size),
    }]))
}

/// "You may split the hits between 2 enemy cards in the same row", "split as you choose
/// between up to 2 enemy cards".
pub(super) fn split(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("split");
    let _ = cur.eat_all("the hits") || cur.eat_all("its hits") || cur.eat_all("them");
    let _ = cur.eat_all("as you choose");
    if !(cur.eat("between") || cur.eat("among")) {
        return None;
    }
    cur.eat_all("up to");
    let n = cur.number();
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun {
        return None;
    }
    let row = cur.eat_all("in the same row") || cur.eat_all("in one row");
    // "among enemy cards in the same row": as many as a row holds.
    let n = match n {
        Some(n) => n,
        None if row => ctx.number("row")?,
        None => return None,
    };
    Some(Action::steps(vec![Step::Split {
        among: Amount::Fixed(n),
        row,
    }]))
}

/// "Swap 2 adjacent enemy cards in the same row that have not resolved yet", "Swap one
/// card in The Grid with the top card of the main deck".
pub(super) fn swap(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("swap");
    {
        let mut probe = *cur;
        if probe.number() == Some(2)
            && probe.eat("adjacent")
            && cards(&mut probe, ctx).is_some()
            && probe.eat_all("in the same row")
            && (probe.eat_all("that have not resolved yet")
                || probe.eat_all("that have not resolved"))
        {
            *cur = probe;
            return Some(Action::steps(vec![Step::SwapAdjacent]));
        }
    }
    let first = cards(cur, ctx)?;
    let Count::Fixed(n) = first.count else {
        return None;
    };
    let first_zone = first.zone.clone()?;
    if !cur.eat("with") {
        return None;
    }
    let second = cards(cur, ctx)?;
    let second_zone = second.top_of.clone().or(second.zone.clone())?;
    let mv = |from: &str, to: &str| Step::Move {
        count: Amount::Fixed(n),
        from: from.into(),
        to: to.into(),
        filter: None,
        search: false,
    };
    Some(Action::steps(vec![
        mv(&first_zone, &second_zone),
        mv(&second_zone, &first_zone),
    ]))
}

/// "Choose one: A; or B", "choose one — A or B": the options.
pub(super) fn choose(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("choose");
    if !(cur.eat("one") || cur.eat("1")) {
        return None;
    }
    let _ = cur.eat_punct(":") || cur.eat_punct("—") || cur.eat_punct("-");
    let mut options = Vec::new();
    loop {
        let mut option = Vec::new();
        let action = action(cur, ctx, scope)?;
        if action.optional || action.others_only {
            return None;
        }
        option.extend(action.steps);
        options.push(option);
        let start = cur.pos;
        let _ = cur.eat_punct(",") || cur.eat_punct(";");
        if cur.eat("or") {
            continue;
        }
        cur.pos = start;
        break;
    }
    (options.len() >= 2).then(|| Action::steps(vec![Step::Choose { options }]))
}

/// Whether the clause ends here (the sentence's end, a comma, "then", "and"): where a
/// count may stand without its noun ("draw 2, then discard 1").
fn clause_ends(cur: &Cur) -> bool {
    cur.peek()
        .is_none_or(|t| t.is_punct(",") || t.is_punct(";") || t.is("then") || t.is("and"))
}
