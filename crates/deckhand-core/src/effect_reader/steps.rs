//! The verbs of card text and the steps they read as: draw, discard, deal damage, prevent,
//! heal, gain, spend, put/return/move/shuffle/set, search, look at the top cards, roll,
//! reroll, ready, copy, fill the hand, split hits, swap, stat changes ("gets +1 power",
//! "cost 1 fewer Shard"), a game's own verbs ("destroy", "upgrade"), and "choose one".
//!
//! Each template reads a whole clause or nothing: the cursor is left where it was when a
//! template does not fit.

use super::phrases::{
    cards, damage_word, duration, named_number, other_player, per_each, resource, stat, you, zone,
    Cards, Count, Ctx,
};
use super::tokens::{Cur, Kind};
use super::words::Verb;
use crate::effect::{Amount, Duration, Filter, PerCount, Step, Target, Trigger};

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
    fn steps(steps: Vec<Step>) -> Action {
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
fn amount(n: i64, cur: &mut Cur, ctx: &Ctx, scope: &Scope) -> Amount {
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
fn clause_end(cur: &Cur) -> usize {
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

fn draw(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
    if !cur.eat("card") {
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
fn up_to(n: i64, ctx: &Ctx, make: impl Fn(i64) -> Vec<Step>) -> Step {
    if n <= 1 {
        return make(n).remove(0);
    }
    let mut options: Vec<Vec<Step>> = (1..=n).map(make).collect();
    if ctx.lex.most_first {
        options.reverse();
    }
    Step::Choose { options }
}

fn discard(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
    if !cur.eat("card") {
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
fn damage_target(cur: &mut Cur, ctx: &Ctx) -> Option<bool> {
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
        if named.count == Count::Every || named.this || named.pronoun {
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

fn deal(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
fn plus(cur: &mut Cur, ctx: &Ctx, scope: &Scope) -> Option<Amount> {
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
        if let Some(super::phrases::Condition::Requirement(r)) =
            super::phrases::condition(&mut probe, ctx)
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

fn prevent(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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

fn heal(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("heal");
    let n = cur.number()?;
    let _ = cur.eat("more") || cur.eat("hp");
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Heal { amount }]))
}

fn gain(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("gain");
    let n = cur.number()?;
    let _ = cur.eat("extra") || cur.eat("additional") || cur.eat("more");
    let resource = resource(cur, ctx)?;
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Gain { amount, resource }]))
}

fn spend(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("spend");
    let n = cur.number()?;
    let resource = resource(cur, ctx)?;
    let amount = amount(n, cur, ctx, scope);
    Some(Action::steps(vec![Step::Spend { amount, resource }]))
}

/// "Search your deck for an attack, reveal it and put it in your hand, then shuffle your
/// deck."
fn search(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    cur.eat("search");
    let from = zone(cur, ctx)?;
    if !cur.eat("for") {
        return None;
    }
    let named = cards(cur, ctx)?;
    let count = match named.count {
        Count::Fixed(n) => n,
        Count::UpTo(n) => n,
        _ => return None,
    };
    loop {
        let start = cur.pos;
        cur.eat_punct(",");
        let _ = cur.eat("and") || cur.eat("then");
        if cur.eat_all("reveal it") || cur.eat_all("show it") || cur.eat_all("reveal them") {
            continue;
        }
        cur.pos = start;
        break;
    }
    cur.eat_punct(",");
    let _ = cur.eat("and") || cur.eat("then");
    if !(cur.eat("put") || cur.eat("add") || cur.eat("place")) {
        return None;
    }
    let _ = cur.eat("it") || cur.eat("them");
    if !(cur.eat("into") || cur.eat("in") || cur.eat("to") || cur.eat("onto") || cur.eat("on")) {
        return None;
    }
    let to = zone(cur, ctx)?;
    // "then shuffle your deck": the search does it.
    {
        let start = cur.pos;
        cur.eat_punct(",");
        let _ = cur.eat("and") || cur.eat("then");
        if !cur.eat("shuffle") {
            cur.pos = start;
        } else {
            zone(cur, ctx);
        }
    }
    Some(Action::steps(vec![Step::Move {
        count: Amount::Fixed(count),
        from,
        to,
        filter: named.filter(ctx),
        search: true,
    }]))
}

/// "Look at the top 3 cards of your deck and put them back in any order", "… and may put it
/// on the bottom", "…, then put it back on the top or the bottom", "…; you may put it into
/// the main deck discard pile". Looking at another player's cards gives information only.
fn look(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    cur.eat("look");
    if !cur.eat("at") {
        return None;
    }
    if mentions_other_player(cur, ctx) {
        // "Look at target foe's hand", "look at … in your opponent's Arena".
        cur.pos = clause_end(cur);
        return Some(Action {
            others_only: true,
            ..Action::default()
        });
    }
    let named = cards(cur, ctx)?;
    let zone_from = named.top_of.clone()?;
    let n = match named.count {
        Count::Fixed(n) => n,
        _ => return None,
    };
    let joined = |cur: &mut Cur| {
        cur.eat_punct(",");
        cur.eat_punct(";");
        let _ = cur.eat("and") || cur.eat("then");
    };
    let start = cur.pos;
    joined(cur);
    let may = {
        let _ = cur.eat("you");
        cur.eat("may")
    };
    if cur.eat("put") {
        let _ = cur.eat("them") || cur.eat("it");
        if cur.eat_all("back in any order") || cur.eat_all("back on top in any order") {
            return Some(Action::steps(vec![Step::Reorder {
                count: amount(n, cur, ctx, scope),
                zone: zone_from,
                bottom: false,
            }]));
        }
        if may && cur.eat_all("on the bottom") {
            let _ = cur.eat_all("of your deck") || cur.eat_all("of their deck");
            return Some(Action::steps(vec![Step::Reorder {
                count: amount(n, cur, ctx, scope),
                zone: zone_from,
                bottom: true,
            }]));
        }
        if cur.eat_all("back on the top or the bottom")
            || cur.eat_all("back on top or on the bottom")
            || cur.eat_all("back on the top or bottom")
        {
            cur.eat_all("of your deck");
            if n == 1 && ctx.has_zone("top") && ctx.has_zone("bottom") {
                let to = |z: &str| {
                    vec![Step::Move {
                        count: Amount::Fixed(1),
                        from: zone_from.clone(),
                        to: z.into(),
                        filter: None,
                        search: false,
                    }]
                };
                return Some(Action::steps(vec![Step::Choose {
                    options: vec![to("top"), to("bottom")],
                }]));
            }
            return None;
        }
        if cur.eat("into") || cur.eat("in") || cur.eat("on") || cur.eat("to") {
            let to = zone(cur, ctx)?;
            return Some(Action {
                steps: vec![Step::Move {
                    count: Amount::Fixed(n),
                    from: zone_from,
                    to,
                    filter: None,
                    search: false,
                }],
                optional: may,
                ..Action::default()
            });
        }
        return None;
    }
    cur.pos = start;
    None
}

/// Whether the clause at the cursor names another player anywhere.
fn mentions_other_player(cur: &Cur, ctx: &Ctx) -> bool {
    let end = clause_end(cur);
    (cur.pos..end).any(|at| {
        let mut probe = Cur {
            toks: &cur.toks[..end],
            pos: at,
        };
        other_player(&mut probe, ctx)
    })
}

fn reroll(cur: &mut Cur, _ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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

fn roll(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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

fn ready(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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

fn copy(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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

fn fill(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
fn split(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
fn swap(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
fn choose(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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

/// Put, move, return, place, set, shuffle, add, attach — and a game's verbs that move
/// cards to a zone ("destroy", "gain" a card) — with where from and where to.
fn move_cards(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let verb = cur.next()?;
    let game_to = ctx.lex.verbs.iter().find_map(|(v, meaning)| match meaning {
        Verb::MoveTo(zone) if *v == verb.stem => Some(zone.clone()),
        _ => None,
    });
    let shuffle = verb.is("shuffle");
    // "Attach to the Zord Bay": the card itself.
    let named = if verb.is("attach") && cur.peek().is_some_and(|t| t.is("to")) {
        let mut this = cards(&mut Cur::new(&super::tokens::tokenize("this card")), ctx)?;
        this.count = Count::Fixed(1);
        this
    } else {
        cards(cur, ctx)?
    };
    let mut filter = if named.this {
        Cards::this_filter(ctx)
    } else {
        named.filter(ctx)
    };
    if named.this && filter.is_none() {
        return None;
    }
    let mut from = named.top_of.clone().or(named.zone.clone());
    if named.this {
        from = from.or(scope.card_in.clone());
    }
    if named.pronoun {
        from = from.or(scope.last_from.clone());
    }
    let mut to = game_to;
    // "back", "face down", "on it", "on her Zoid": words around the destination.
    let filler = |cur: &mut Cur| loop {
        if cur.eat("back") || cur.eat_all("face down") || cur.eat_all("face-down") {
            continue;
        }
        let mut probe = *cur;
        if probe.eat("on")
            && (probe.eat("it") || {
                (probe.eat("her") || probe.eat("his") || probe.eat("its") || probe.eat("their"))
                    && probe.next().is_some()
            })
        {
            *cur = probe;
            continue;
        }
        break;
    };
    for _ in 0..3 {
        filler(cur);
        let start = cur.pos;
        if from.is_none() && cur.eat("from") {
            if let Some(zone) = zone(cur, ctx) {
                from = Some(zone);
                // "a card from The Grid costing 3 or less"
                if cur.eat("costing") {
                    let stat = ctx.lex.cost_stat.clone()?;
                    let n = cur.number()?;
                    let op = if cur.eat_all("or less") || cur.eat_all("or fewer") {
                        "<="
                    } else if cur.eat_all("or more") {
                        ">="
                    } else {
                        return None;
                    };
                    let extra = format!("{stat}{op}{n}");
                    filter = Some(Filter(match filter {
                        Some(Filter(f)) => format!("{f} {extra}"),
                        None => extra,
                    }));
                }
                continue;
            }
            cur.pos = start;
        }
        if to.is_none() {
            let on_bottom = cur.eat_all("on the bottom of") || cur.eat_all("on bottom of");
            if on_bottom {
                if zone(cur, ctx).as_deref() == Some("deck") && ctx.has_zone("bottom") {
                    to = Some("bottom".into());
                    continue;
                }
                return None;
            }
            if cur.eat_all("on top of") || cur.eat_all("on the top of") {
                to = Some(zone(cur, ctx)?);
                continue;
            }
            if cur.eat("into")
                || cur.eat("to")
                || cur.eat("in")
                || cur.eat("on")
                || cur.eat("onto")
                || cur.eat("as")
            {
                if let Some(zone) = zone(cur, ctx) {
                    to = Some(zone);
                    continue;
                }
            }
            cur.pos = start;
        }
        break;
    }
    // "without paying its Battle cost", "without spending an Action": a step costs nothing
    // but its effect's cost anyway.
    if cur.eat("without") {
        if !(cur.eat("paying") || cur.eat("spending")) {
            return None;
        }
        while cur
            .peek()
            .is_some_and(|t| t.is_word() && !t.is("and") && !t.is("then"))
        {
            cur.next();
        }
    }
    let (from, to) = (from?, to?);
    if from == to && !shuffle {
        return None;
    }
    let mut optional = false;
    let count = match named.count {
        Count::Fixed(n) => Amount::Fixed(n),
        Count::Every => Amount::Per(PerCount {
            each: 1,
            filter: filter.clone(),
            zone: from.clone(),
            max: None,
            distinct: false,
        }),
        Count::UpTo(_) | Count::OneOrTwo if n_of(named.count) >= 2 => {
            let n = n_of(named.count);
            let make = |k: i64| {
                vec![Step::Move {
                    count: Amount::Fixed(k),
                    from: from.clone(),
                    to: to.clone(),
                    filter: filter.clone(),
                    search: shuffle,
                }]
            };
            let mut options: Vec<Vec<Step>> = (1..=n).map(make).collect();
            if ctx.lex.most_first {
                options.reverse();
            }
            return Some(Action {
                steps: vec![Step::Choose { options }],
                optional: true,
                ..Action::default()
            });
        }
        Count::UpTo(n) => {
            optional = true;
            Amount::Fixed(n)
        }
        Count::Unsaid if named.pronoun => scope.last_count.clone().unwrap_or(Amount::Fixed(1)),
        _ => return None,
    };
    scope.last_from = Some(from.clone());
    scope.last_count = Some(count.clone());
    Some(Action {
        steps: vec![Step::Move {
            count,
            from,
            to,
            filter,
            search: shuffle,
        }],
        optional,
        ..Action::default()
    })
}

fn n_of(count: Count) -> i64 {
    match count {
        Count::Fixed(n) | Count::UpTo(n) => n,
        Count::OneOrTwo => 2,
        _ => 0,
    }
}

/// A game's stat verb ("Upgrade a Pilot", "Upgrade a third Robot twice").
fn game_verb(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let start = cur.pos;
    let verb = cur.next()?;
    let Some((by, stat_key, verb_duration)) =
        ctx.lex.verbs.iter().find_map(|(v, meaning)| match meaning {
            Verb::Stat(by, stat, duration) if *v == verb.stem => {
                Some((*by, stat.clone(), *duration))
            }
            _ => None,
        })
    else {
        cur.pos = start;
        // A move verb of the game ("destroy a card you control").
        if ctx
            .lex
            .verbs
            .iter()
            .any(|(v, meaning)| matches!(meaning, Verb::MoveTo(_)) && *v == verb.stem)
        {
            return move_cards(cur, ctx, scope);
        }
        return None;
    };
    let named = cards(cur, ctx)?;
    let times = if cur.eat("twice") { 2 } else { 1 };
    let duration = duration(cur, ctx).unwrap_or(verb_duration);
    let modify = |target: Target| Step::Modify {
        stat: stat_key.clone(),
        by: Amount::Fixed(by * times),
        target,
        duration,
    };
    let steps = if named.this {
        vec![modify(Target::This)]
    } else {
        let Count::Fixed(n) = named.count else {
            return None;
        };
        let filter = named.filter(ctx);
        (0..n)
            .map(|_| {
                modify(Target::One {
                    filter: filter.clone(),
                })
            })
            .collect()
    };
    Some(Action::steps(steps))
}

/// "+1 Power" on its own: the card itself.
fn bare_bonus(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let by = signed(cur)?;
    let stat = stat(cur, ctx)?;
    let duration = duration(cur, ctx).unwrap_or_else(|| default_duration(scope.trigger));
    Some(Action {
        steps: vec![Step::Modify {
            stat,
            by: Amount::Fixed(by),
            target: Target::This,
            duration,
        }],
        static_bonus: duration == Duration::WhileInPlay,
        ..Action::default()
    })
}

/// `+2`, `-1`.
fn signed(cur: &mut Cur) -> Option<i64> {
    let negative = if cur.eat_punct("+") {
        false
    } else if cur.eat_punct("-") {
        true
    } else {
        return None;
    };
    let n = match cur.next()?.kind {
        Kind::Number(n) => n,
        _ => return None,
    };
    Some(if negative { -n } else { n })
}

/// "this card gets +1 power", "each other Gravel Grunt card … has 1 additional health",
/// "this card deals 1 extra damage", "Reactions cost 1 additional energy to play",
/// "Equipment cards cost you 1 fewer Shard", "Each Hero card you play this turn makes 1
/// extra Shard".
fn stat_change(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let named = cards(cur, ctx)?;
    if named.pronoun || named.top_of.is_some() {
        return None;
    }
    // "you play (this turn)": the cards are the ones played, for the turn.
    let mut this_turn = false;
    if cur.eat_all("you play") {
        this_turn = cur.eat_all("this turn");
    }
    let mut each_target = false;
    let mut deals: Option<String> = None;
    if named.this {
        if let Some(action) = slots(cur, ctx) {
            return Some(action);
        }
    }
    let (stat, by) = if cur.eat("get") || cur.eat("gain") {
        let by = signed(cur)?;
        (stat(cur, ctx)?, by)
    } else if cur.eat("has") || cur.eat("have") {
        let n = cur.number()?;
        let sign = more_or_less(cur)?;
        (stat(cur, ctx)?, sign * n)
    } else if cur.eat("deal") {
        let n = cur.number()?;
        let sign = more_or_less(cur)?;
        // "deals 1 additional hit": the stat a damage word names, else damage.
        let stat = stat(cur, ctx).or_else(|| {
            damage_word(cur, ctx)
                .then_some("damage".to_owned())
                .filter(|s| ctx.game.stats.contains_key(s))
        })?;
        // Cards that deal none deal no additional damage either.
        if !named.this {
            deals = Some(stat.clone());
        }
        (stat, sign * n)
    } else if cur.eat("add") {
        // "Vehicles attached to this card add 1 more Power": this card's, per such card.
        let n = cur.number()?;
        let sign = more_or_less(cur)?;
        let stat = stat(cur, ctx)?;
        let zone = named.zone.clone()?;
        if named.this || !ctx.game.stats.contains_key(&stat) {
            return None;
        }
        let explicit = duration(cur, ctx);
        return Some(Action {
            steps: vec![Step::Modify {
                stat,
                by: Amount::Per(PerCount {
                    each: sign * n,
                    filter: named.filter(ctx),
                    zone,
                    max: None,
                    distinct: false,
                }),
                target: Target::This,
                duration: explicit.unwrap_or(Duration::WhileInPlay),
            }],
            static_bonus: explicit.is_none(),
            ..Action::default()
        });
    } else if cur.eat_all("absorbs damage as if it had")
        || cur.eat_all("absorbs damage as though it had")
    {
        // "this card absorbs damage as if it had 3 shields": its stat raised to that.
        let n = cur.number()?;
        let stat = stat(cur, ctx)?;
        if !named.this {
            return None;
        }
        let have = ctx.stat(&stat)?;
        (stat, n - have)
    } else if cur.eat("cost") {
        cur.eat("you");
        let n = cur.number()?;
        let sign = more_or_less(cur)?;
        let resource = resource(cur, ctx)?;
        let _ = cur.eat_all("to play");
        let stat = ctx
            .lex
            .cost_stats
            .iter()
            .find(|(r, _)| *r == resource)
            .map(|(_, s)| s.clone())?;
        each_target = true;
        (stat, sign * n)
    } else if cur.eat("make") {
        let n = cur.number()?;
        let _ = more_or_less(cur);
        let resource = resource(cur, ctx)?;
        if !ctx.game.stats.contains_key(&resource) {
            return None;
        }
        each_target = true;
        (resource, n)
    } else if cur.eat("roll") {
        let n = cur.number()?;
        let sign = more_or_less(cur)?;
        if !cur.eat("die") || !ctx.game.stats.contains_key("dice") {
            return None;
        }
        each_target = true;
        ("dice".to_owned(), sign * n)
    } else {
        return None;
    };
    if !ctx.game.stats.contains_key(&stat) {
        return None;
    }
    let by = amount(by, cur, ctx, scope);
    let explicit = duration(cur, ctx).or(this_turn.then_some(Duration::Turn));
    let mut named = named;
    if let Some(stat) = deals {
        named.clauses.push(format!("{stat}>=1"));
    }
    let filter = named.filter(ctx);
    let target = if named.this {
        Target::This
    } else if named.other {
        Target::Others {
            filter: (!named.clauses.is_empty()).then(|| Filter(named.clauses.join(" "))),
        }
    } else if named.count == Count::Every || each_target {
        Target::Each { filter }
    } else if named.count == Count::Unsaid {
        Target::Others { filter }
    } else {
        return None;
    };
    let static_bonus = explicit.is_none() && !named.this;
    let duration = match explicit {
        Some(duration) => duration,
        None if static_bonus => Duration::WhileInPlay,
        None => default_duration(scope.trigger),
    };
    Some(Action {
        steps: vec![Step::Modify {
            stat,
            by,
            target,
            duration,
        }],
        static_bonus,
        ..Action::default()
    })
}

/// "additional", "extra", "more" → +1; "fewer", "less" → −1.
fn more_or_less(cur: &mut Cur) -> Option<i64> {
    if cur.eat("additional") || cur.eat("extra") || cur.eat("more") {
        Some(1)
    } else if cur.eat("fewer") || cur.eat("less") {
        Some(-1)
    } else {
        None
    }
}

/// "No single attack can deal more than 3 hits to an Empress Noxara card."
fn no_more_than(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    if !(cur.eat_all("no single attack can deal more than")
        || cur.eat_all("no attack can deal more than")
        || cur.eat_all("no single attack deals more than"))
    {
        return None;
    }
    let n = cur.number()?;
    if !damage_word(cur, ctx) || !cur.eat("to") {
        return None;
    }
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun {
        return None;
    }
    Some(Action {
        steps: vec![Step::CapHits {
            max: Amount::Fixed(n),
            target: Target::Each {
                filter: named.filter(ctx),
            },
        }],
        static_bonus: true,
        ..Action::default()
    })
}

/// "The first hit each Ranger attack deals to an Empress Noxara card is ignored."
fn first_hits_ignored(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    if !cur.eat_all("the first") {
        return None;
    }
    let n = cur.number().unwrap_or(1);
    if !damage_word(cur, ctx) {
        return None;
    }
    // "each Ranger attack deals", "each attack deals"
    if !cur.eat("each") {
        return None;
    }
    while cur.peek().is_some_and(|t| !t.is("deal")) {
        if cur.peek().is_some_and(|t| t.kind == Kind::Punct) {
            return None;
        }
        cur.next();
    }
    if !cur.eat("deal") || !cur.eat("to") {
        return None;
    }
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun {
        return None;
    }
    if !(cur.eat_all("is ignored") || cur.eat_all("are ignored")) {
        return None;
    }
    Some(Action {
        steps: vec![Step::IgnoreHits {
            first: Amount::Fixed(n),
            target: Target::Each {
                filter: named.filter(ctx),
            },
        }],
        static_bonus: true,
        ..Action::default()
    })
}

/// "This attack may target a guarded enemy card."
fn may_target_guarded(cur: &mut Cur, _ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    if cur.eat_all("this attack may target a guarded")
        || cur.eat_all("this attack can target a guarded")
    {
        let _ = cur.eat_all("enemy card") || cur.eat("card");
        return Some(Action::steps(vec![Step::IgnoreGuard]));
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

/// "this card may hold 2 Equipment", "this card cannot use Vehicles": a card's slots of a
/// kind (a stat `<kind>_slots`), from the number it holds without them (`numbers`:
/// `"equipment slots" = 1`).
fn slots(cur: &mut Cur, ctx: &Ctx) -> Option<Action> {
    let start = cur.pos;
    let held = if cur.eat_all("may hold") || cur.eat_all("can hold") {
        cur.number()
    } else if cur.eat_all("cannot use") || cur.eat_all("can't use") {
        Some(0)
    } else {
        return None;
    };
    let Some(held) = held else {
        cur.pos = start;
        return None;
    };
    let kind = cur.next().filter(|t| t.is_word())?.stem.clone();
    let stat = format!("{kind}_slots");
    if !ctx.game.stats.contains_key(&stat) {
        cur.pos = start;
        return None;
    }
    let base = ctx.number(&format!("{kind} slots"))?;
    Some(Action {
        steps: vec![Step::Modify {
            stat,
            by: Amount::Fixed(held - base),
            target: Target::This,
            duration: Duration::WhileInPlay,
        }],
        static_bonus: true,
        ..Action::default()
    })
}

/// "it does not guard adjacent enemy cards": the chosen card stops guarding (until the end
/// of the battle, as the step says).
fn does_not_guard(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    if scope.duration.is_some_and(|d| d != Duration::Battle) {
        return None;
    }
    let named = cards(cur, ctx)?;
    let filter = if named.pronoun {
        scope.chosen.clone()?
    } else if named.this || named.count == Count::Every {
        return None;
    } else {
        named.filter(ctx)
    };
    if !(cur.eat_all("does not guard")
        || cur.eat_all("do not guard")
        || cur.eat_all("no longer guards"))
    {
        return None;
    }
    let _ = cur.eat_all("adjacent enemy cards") || cur.eat_all("adjacent cards");
    Some(Action::steps(vec![Step::Unguard {
        target: Target::One { filter },
    }]))
}

/// "The next attack you play this battle deals 1 additional hit": until that attack.
fn next_one(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    if !cur.eat_all("the next") {
        return None;
    }
    let named = cards(cur, ctx)?;
    if named.this || named.pronoun || named.count != Count::Unsaid {
        return None;
    }
    let mut clauses = named.clauses.clone();
    if cur.eat_all("you play") {
        if let Some(yours) = ctx.yours() {
            clauses.push(yours);
        }
    }
    let _ = cur.eat_all("this battle") || cur.eat_all("this turn");
    let sign = if cur.eat("deal") || cur.eat("get") || cur.eat("has") {
        let n = cur.number()?;
        n * more_or_less(cur)?
    } else {
        return None;
    };
    let stat = stat(cur, ctx)?;
    Some(Action::steps(vec![Step::Modify {
        stat,
        by: Amount::Fixed(sign),
        target: Target::Each {
            filter: (!clauses.is_empty()).then(|| Filter(clauses.join(" "))),
        },
        duration: Duration::NextAttack,
    }]))
}
