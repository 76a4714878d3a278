//! Stat changes: "this card gets +1 power", "Reactions cost 1 additional energy", a game's
//! stat verbs ("Upgrade a Pilot"), slots, hit caps and ignored hits, Guard.

use super::moves::move_cards;
use super::phrases::{cards, damage_word, duration, resource, stat, Count, Ctx};
use super::steps::{amount, default_duration, Action, Scope};
use super::tokens::{Cur, Kind};
use super::words::Verb;
use crate::effect::{Amount, Duration, Filter, PerCount, Step, Target};

/// A game's stat verb ("Upgrade a Pilot", "Upgrade a third Robot twice").
pub(super) fn game_verb(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
pub(super) fn bare_bonus(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let by = signed(cur)?;
    let stat = stat(cur, ctx)?;
    let duration = duration(cur, ctx)
        .or(scope.duration)
        .unwrap_or_else(|| default_duration(scope.trigger));
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
pub(super) fn signed(cur: &mut Cur) -> Option<i64> {
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
pub(super) fn stat_change(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
    let mut named = cards(cur, ctx)?;
    // "When this Zoid attacks, it gets +3 power": after a moment of the card's own, "it" is
    // the card (a chosen card is another's).
    if named.pronoun && scope.chosen.is_none() && scope.trigger.is_some_and(own_moment) {
        named.pronoun = false;
        named.this = true;
    }
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
    // "Until end of turn, this card gets +3 power": the sentence's leading duration.
    let explicit = duration(cur, ctx)
        .or(this_turn.then_some(Duration::Turn))
        .or(scope.duration);
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
pub(super) fn more_or_less(cur: &mut Cur) -> Option<i64> {
    if cur.eat("additional") || cur.eat("extra") || cur.eat("more") {
        Some(1)
    } else if cur.eat("fewer") || cur.eat("less") {
        Some(-1)
    } else {
        None
    }
}

/// "No single attack can deal more than 3 hits to an Empress Noxara card."
pub(super) fn no_more_than(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
pub(super) fn first_hits_ignored(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
pub(super) fn may_target_guarded(cur: &mut Cur, _ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
    if cur.eat_all("this attack may target a guarded")
        || cur.eat_all("this attack can target a guarded")
    {
        let _ = cur.eat_all("enemy card") || cur.eat("card");
        return Some(Action::steps(vec![Step::IgnoreGuard]));
    }
    None
}

/// "this card may hold 2 Equipment", "this card cannot use Vehicles": a card's slots of a
/// kind (a stat `<kind>_slots`), from the number it holds without them (`numbers`:
/// `"equipment slots" = 1`).
pub(super) fn slots(cur: &mut Cur, ctx: &Ctx) -> Option<Action> {
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
pub(super) fn does_not_guard(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
pub(super) fn next_one(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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

/// A moment of the card's own (it attacks, it is set…), after which "it" is the card.
fn own_moment(trigger: crate::Trigger) -> bool {
    use crate::Trigger::*;
    matches!(
        trigger,
        Played | Set | Summoned | Attacks | Blocks | Battles | WinsBattle | LosesBattle | Revealed
    )
}
