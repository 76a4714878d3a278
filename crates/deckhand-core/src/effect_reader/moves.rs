//! Verbs that move cards between zones: put, move, return, place, set, shuffle, add,
//! attach, a game's own ("destroy", "gain" a card), search, and look at the top cards.

use super::phrases::{cards, other_player, zone, Cards, Count, Ctx};
use super::steps::{amount, clause_end, Action, Scope};
use super::tokens::Cur;
use super::words::Verb;
use crate::effect::{Amount, Filter, PerCount, Step};

/// "Search your deck for an attack, reveal it and put it in your hand, then shuffle your
/// deck."
pub(super) fn search(cur: &mut Cur, ctx: &Ctx, _scope: &mut Scope) -> Option<Action> {
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
pub(super) fn look(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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
pub(super) fn mentions_other_player(cur: &Cur, ctx: &Ctx) -> bool {
    let end = clause_end(cur);
    (cur.pos..end).any(|at| {
        let mut probe = Cur {
            toks: &cur.toks[..end],
            pos: at,
        };
        other_player(&mut probe, ctx)
    })
}

/// Put, move, return, place, set, shuffle, add, attach — and a game's verbs that move
/// cards to a zone ("destroy", "gain" a card) — with where from and where to.
pub(super) fn move_cards(cur: &mut Cur, ctx: &Ctx, scope: &mut Scope) -> Option<Action> {
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

pub(super) fn n_of(count: Count) -> i64 {
    match count {
        Count::Fixed(n) | Count::UpTo(n) => n,
        Count::OneOrTwo => 2,
        _ => 0,
    }
}
