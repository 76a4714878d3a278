//! The one effect interpreter every game's procedure shares
//! (docs/pilots.md#card-effects).
//!
//! When a procedure is built, each deck card's effects (its own and its keywords'
//! templates) compile into a compact program ([`Programs`]): zones, resources and stats
//! become small ids, and every filter becomes a [`CardSet`] over the deck's card indices,
//! matched once per deck, never during a game. A game runs the programs against a
//! [`Board`], a small trait each procedure implements over its own state; firing a trigger
//! walks slices and allocates nothing.
//!
//! The pilot's rules: a mandatory effect always happens; an optional one with no cost is
//! always used; one with a cost only when [`Board::worth_paying`] says the turn's plan is
//! better with it; a choice takes what [`Board::choose`] ranks first.
//!
//! The files: the types of a compiled effect are here; [`Board`] is `board.rs`, the
//! resolving of an effect `resolve.rs`, the index of triggers on another card's event
//! `events.rs`, [`CardSet`] `card_set.rs`; what a card's effects cover, combined with what
//! the procedure plays, is `coverage.rs`, and what fired in a game `fired.rs`.

mod board;
mod card_set;
mod coverage;
mod events;
mod fired;
mod resolve;

use deckhand_core::{Duration, HpCheck, Trigger};

pub(crate) use board::counted_and_asked;
pub use board::{count_cards, count_hand, in_filter, Board, Move};
pub use card_set::CardSet;

pub use coverage::{
    build, not_simulated, CardCoverage, Coverage, EffectsMode, KeywordPolicy, Plays, Reading,
};
use events::Events;
pub(crate) use events::{event_slot, EVENT_TRIGGERS};
pub use fired::{add_fired, merge_fired, Fired};

/// A zone, resource or stat, by its position in the procedure's [`Plays`] lists.
pub type Id = u8;

/// A compiled amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Amt {
    Fixed(i64),
    Per {
        each: i64,
        filter: Option<u16>,
        zone: Id,
        max: Option<i64>,
        /// Per distinct card name rather than per card.
        distinct: bool,
    },
}

/// Which cards a stat change applies to, compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tgt {
    This,
    Others(Option<u16>),
    Each(Option<u16>),
    /// One matching card, chosen by the board ([`Board::modify`]); a board keeps the cards
    /// one effect already chose apart ([`Board::begin`]).
    One(Option<u16>),
}

/// One compiled step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    Move {
        count: Amt,
        from: Id,
        to: Id,
        filter: Option<u16>,
        search: bool,
    },
    Draw(Amt),
    Discard(Amt, Option<u16>),
    Damage(Amt),
    Prevent(Amt),
    Heal(Amt),
    Gain(Amt, Id),
    Spend(Amt, Id),
    Modify {
        stat: Id,
        by: Amt,
        target: Tgt,
        duration: Duration,
    },
    Roll(Amt),
    /// The options, and each one's written form (for a person choosing).
    Choose(Vec<Vec<Op>>, Box<[String]>),
    Reroll(Amt),
    /// Hits may be split among up to this many targets; `true`: in one row.
    Split(Amt, bool),
    /// Draw until the hand holds this many.
    FillHand(Amt),
    Ready(Amt, Option<u16>),
    Copy(Option<u16>),
    /// The top cards of a zone, back in the pilot's order; `true`: unwanted ones to the
    /// bottom.
    Reorder(Amt, Id, bool),
    /// This attack may target a guarded card.
    IgnoreGuard,
    /// The matching cards stop guarding until the end of the battle.
    Unguard(Tgt),
    /// No single attack deals more than this many hits to a matching card.
    CapHits(Amt, Tgt),
    /// The first hits of each attack on a matching card are ignored.
    IgnoreHits(Amt, Tgt),
    /// Damage to a card adjacent to the target.
    DamageAdjacent(Amt),
    /// The attack's dice may be rolled against a card adjacent to its target.
    RollAdjacent,
    /// Two adjacent unresolved cards of one row of the combat sequence swap places.
    SwapAdjacent,
}

/// "if [filter] in zone", compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Req {
    filter: Option<u16>,
    zone: Id,
    at_least: u32,
    negated: bool,
    distinct: bool,
}

/// One compiled effect of one card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiled {
    pub trigger: Trigger,
    pub optional: bool,
    requirement: Option<Req>,
    cost: Vec<Op>,
    steps: Vec<Op>,
    /// What the log calls it: the keyword as written (`Scouting 1`) or the card's name.
    pub label: String,
    /// The effect in the written form, for a person deciding whether to use it.
    pub text: Box<str>,
    /// For a trigger on another card's event, the cards it reacts to.
    card: Option<u16>,
    hp: Option<HpCheck>,
    /// The deck card whose effect (its own or its keyword's) this is: the one a resolution
    /// counts for ([`Board::fired`]).
    owner: u16,
}

/// Every deck card's compiled effects.
#[derive(Debug, Clone, Default)]
pub struct Programs {
    sets: Vec<CardSet>,
    effects: Vec<Compiled>,
    /// `effects[ranges[c].0..ranges[c].1]` belong to card `c`.
    ranges: Vec<(u32, u32)>,
    /// Per card, a bit per trigger it has an effect for ([`trigger_bit`]).
    masks: Vec<u32>,
    /// Every trigger any card has, so a procedure skips a whole moment when none has it.
    any: u32,
    /// Which effects react to which card's event ([`Programs::reactions`]).
    events: Events,
}

impl Compiled {
    /// Its steps, for a board that looks ahead before it pays ([`Board::worth_paying`]).
    pub fn steps(&self) -> &[Op] {
        &self.steps
    }

    /// An optional effect with a cost: resolving it asks [`Board::worth_paying`] first.
    pub fn weighed(&self) -> bool {
        self.optional && !self.cost.is_empty()
    }
}

#[inline]
fn trigger_bit(trigger: Trigger) -> u32 {
    1 << (trigger as u32)
}

impl Programs {
    /// True when `card` has an effect for `trigger`: the one check in the hot path when it
    /// has none.
    #[inline]
    pub fn has(&self, card: u16, trigger: Trigger) -> bool {
        self.masks
            .get(card as usize)
            .is_some_and(|m| m & trigger_bit(trigger) != 0)
    }

    /// True when some card of the deck has an effect for `trigger`.
    #[inline]
    pub fn any(&self, trigger: Trigger) -> bool {
        self.any & trigger_bit(trigger) != 0
    }

    /// How many cards the programs were compiled for (the size of a game's [`Fired`]).
    pub fn cards(&self) -> usize {
        self.ranges.len()
    }

    /// The compiled effect at `index` of [`Programs::reactions`]' answer.
    pub fn effect(&self, index: u32) -> &Compiled {
        &self.effects[index as usize]
    }

    /// The compiled effects of `card`.
    pub fn of(&self, card: u16) -> &[Compiled] {
        let (a, b) = self.ranges.get(card as usize).copied().unwrap_or((0, 0));
        &self.effects[a as usize..b as usize]
    }

    /// The most cards one firing of each of `card`'s effects can move into zone `to` (from
    /// `from`, or from any zone), the largest option of a choice counted: summed over the
    /// effects fired once each time the card is played or set, and over the others, which
    /// may fire again while it stays in play. An amount without a cap counts as `ceiling`.
    /// What a procedure bounds a game's length with when cards can go back into the deck.
    pub fn most_moved(&self, card: u16, from: Option<Id>, to: Id, ceiling: i64) -> (i64, i64) {
        fn moved(ops: &[Op], from: Option<Id>, to: Id, ceiling: i64) -> i64 {
            ops.iter()
                .map(|op| match op {
                    Op::Choose(options, _) => options
                        .iter()
                        .map(|o| moved(o, from, to, ceiling))
                        .max()
                        .unwrap_or(0),
                    Op::Move {
                        count,
                        from: f,
                        to: t,
                        ..
                    } if *t == to && from.is_none_or(|x| x == *f) => match count {
                        Amt::Fixed(n) => (*n).max(0),
                        Amt::Per { each, max, .. } => {
                            max.unwrap_or(each.saturating_mul(ceiling)).max(0)
                        }
                    },
                    _ => 0,
                })
                .sum()
        }
        let (mut once, mut again) = (0, 0);
        for effect in self.of(card) {
            let n =
                moved(&effect.cost, from, to, ceiling) + moved(&effect.steps, from, to, ceiling);
            match effect.trigger {
                Trigger::Played | Trigger::Set => once += n,
                _ => again += n,
            }
        }
        (once, again)
    }

    /// The card set of compiled filter `filter` (an `Op`'s filter index).
    pub fn set(&self, filter: u16) -> &CardSet {
        &self.sets[filter as usize]
    }
}

// Reading an effect without resolving it, for a pilot that ranks what it could do.
impl Programs {
    /// Whether some effect counts the distinct names of the cards in `zone` (a requirement
    /// or an amount, in a cost, a step or a choice's option).
    pub fn reads_distinct_in(&self, zone: Id) -> bool {
        fn amount(a: &Amt, zone: Id) -> bool {
            matches!(a, Amt::Per { distinct: true, zone: z, .. } if *z == zone)
        }
        fn steps(ops: &[Op], zone: Id) -> bool {
            ops.iter().any(|op| match op {
                Op::Choose(options, _) => options.iter().any(|o| steps(o, zone)),
                Op::Move { count: a, .. }
                | Op::Draw(a)
                | Op::Discard(a, _)
                | Op::Damage(a)
                | Op::Prevent(a)
                | Op::Heal(a)
                | Op::Gain(a, _)
                | Op::Spend(a, _)
                | Op::Modify { by: a, .. }
                | Op::Roll(a)
                | Op::Reroll(a)
                | Op::Split(a, _)
                | Op::FillHand(a)
                | Op::Ready(a, _)
                | Op::Reorder(a, _, _)
                | Op::CapHits(a, _)
                | Op::IgnoreHits(a, _)
                | Op::DamageAdjacent(a) => amount(a, zone),
                Op::Copy(_)
                | Op::IgnoreGuard
                | Op::Unguard(_)
                | Op::RollAdjacent
                | Op::SwapAdjacent => false,
            })
        }
        self.effects.iter().any(|e| {
            e.requirement
                .as_ref()
                .is_some_and(|r| r.distinct && r.zone == zone)
                || steps(&e.cost, zone)
                || steps(&e.steps, zone)
        })
    }
}

// Reading an effect without resolving it, for a pilot that ranks what it could do.
impl Compiled {
    /// Its cost (paid in full before its steps, or the effect does nothing).
    pub fn cost(&self) -> &[Op] {
        &self.cost
    }

    /// What its requirement counts, if it has one: the zone and the filter.
    pub fn requirement(&self) -> Option<(Id, Option<u16>)> {
        self.requirement.as_ref().map(|r| (r.zone, r.filter))
    }

    /// Whether it has an HP check (`hp` in its text).
    pub fn reads_hp(&self) -> bool {
        self.hp.is_some()
    }

    /// The zone and filter of a requirement that holds exactly when the zone has a matching
    /// card ("if [filter] in zone": at least one, not negated, counted per card), with no HP
    /// check; `None` for any other requirement or none.
    pub fn requires_one_in(&self) -> Option<(Id, Option<u16>)> {
        let r = self.requirement.as_ref()?;
        (r.at_least == 1 && !r.negated && !r.distinct && self.hp.is_none())
            .then_some((r.zone, r.filter))
    }

    /// Its requirement in full, (zone, filter, at least, negated, distinct names), if it
    /// has one: for a procedure that counts the zone its own way.
    pub fn requirement_in_full(&self) -> Option<(Id, Option<u16>, u32, bool, bool)> {
        let r = self.requirement.as_ref()?;
        Some((r.zone, r.filter, r.at_least, r.negated, r.distinct))
    }

    /// The deck card a resolution counts for ([`Board::fired`]).
    pub fn owner(&self) -> u16 {
        self.owner
    }

    /// True when it has no requirement and no HP check: whether it happens reads nothing
    /// of the board (a procedure may then decide about it once per deck).
    pub fn reads_nothing(&self) -> bool {
        self.requirement.is_none() && self.hp.is_none()
    }

    /// For a trigger on another card's event, the compiled filter of the cards it reacts to
    /// ([`Programs::set`]; `None`: any card).
    pub fn event_filter(&self) -> Option<u16> {
        self.card
    }
}

impl Programs {
    /// Every trigger `card` has an effect for, as a mask: OR a zone's masks to ask the whole
    /// zone at once ([`Programs::mask_has`]).
    #[inline]
    pub fn mask(&self, card: u16) -> u32 {
        self.masks.get(card as usize).copied().unwrap_or(0)
    }

    /// True when `mask` (from [`Programs::mask`]) has `trigger`.
    #[inline]
    pub fn mask_has(mask: u32, trigger: Trigger) -> bool {
        mask & trigger_bit(trigger) != 0
    }

    /// What `amount` comes to on `board` now.
    pub fn amount_on<B: Board>(&self, amount: &Amt, board: &B) -> i64 {
        self.amount(amount, board)
    }
}

#[cfg(test)]
mod tests;
