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
//! What a card's effects cover, combined with what the procedure plays, is `coverage.rs`.

mod coverage;
mod fired;

use deckhand_core::{Duration, HpCheck, StepKind, Trigger};

pub use coverage::{
    build, not_simulated, CardCoverage, Coverage, EffectsMode, KeywordPolicy, Plays, Reading,
};
pub use fired::{add_fired, merge_fired, Fired};

/// A zone, resource or stat, by its position in the procedure's [`Plays`] lists.
pub type Id = u8;

/// Deck card indices a filter matched.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CardSet(Vec<u64>);

impl Clone for CardSet {
    fn clone(&self) -> CardSet {
        CardSet(self.0.clone())
    }

    /// Reuses the buffer: a game state's sets are copied by the pilots' look-aheads (see
    /// `crate::scratch`).
    fn clone_from(&mut self, source: &CardSet) {
        self.0.clone_from(&source.0);
    }
}

impl CardSet {
    fn new(len: usize) -> CardSet {
        CardSet(vec![0; len.div_ceil(64)])
    }

    fn insert(&mut self, card: usize) {
        self.0[card / 64] |= 1 << (card % 64);
    }

    #[inline]
    pub fn contains(&self, card: u16) -> bool {
        let card = card as usize;
        self.0
            .get(card / 64)
            .is_some_and(|w| w & (1 << (card % 64)) != 0)
    }
}

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

/// The triggers on another card's event, each a slot of an [`Events`] row.
pub(crate) const EVENT_TRIGGERS: [Trigger; 4] = [
    Trigger::PlaysCard,
    Trigger::AttachesCard,
    Trigger::DestroysCard,
    Trigger::BuysCard,
];

/// The slot of a trigger on another card's event (`None` for any other trigger).
#[inline]
pub(crate) fn event_slot(trigger: Trigger) -> Option<usize> {
    match trigger {
        Trigger::PlaysCard => Some(0),
        Trigger::AttachesCard => Some(1),
        Trigger::DestroysCard => Some(2),
        Trigger::BuysCard => Some(3),
        _ => None,
    }
}

/// Per (card, trigger on another card's event, the other card): the card's effects that
/// react, in the order stated. Built once per deck, so that an event asks each card in play
/// one look-up instead of walking its effects and matching their filters.
#[derive(Debug, Clone, Default)]
struct Events {
    cards: usize,
    /// Per card, 1 + its row, or 0 when it reacts to no event.
    row: Vec<u32>,
    /// Per (row, trigger slot, other card): a range of `effects`.
    spans: Vec<(u32, u32)>,
    /// Indices into [`Programs::effects`].
    effects: Vec<u32>,
    /// Per (row, trigger slot): the other cards some effect reacts to.
    admits: Vec<CardSet>,
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

/// What a procedure does for the interpreter: its zones, its choices and the steps it can
/// carry out. Zone, resource and stat ids index the [`Plays`] lists the procedure gave.
/// A step method's default is [`unplayed`]: the interpreter calls it only for a kind its
/// game's [`Plays`] lists (a deck's compile makes any other step unsupported), so a board
/// that lists a kind and forgot its method fails loudly, never plays it as nothing. The
/// questions (`movable`, `affords`…) default to "cannot tell".
pub trait Board {
    /// Cards in `zone` (the ones in `set` when given), as the effect's card sees it.
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64;
    /// Moves up to `count` matching cards; returns how many moved.
    fn move_cards(
        &mut self,
        from: Id,
        to: Id,
        count: u32,
        set: Option<&CardSet>,
        search: bool,
        label: &str,
    ) -> u32;
    /// Draws up to `count` cards; returns how many were drawn.
    fn draw(&mut self, count: u32, label: &str) -> u32;
    fn discard(&mut self, _count: u32, _set: Option<&CardSet>, _label: &str) -> u32 {
        unplayed(StepKind::Discard)
    }
    fn damage(&mut self, _amount: i64, _label: &str) {
        unplayed(StepKind::Damage)
    }
    fn prevent(&mut self, _amount: i64, _label: &str) {
        unplayed(StepKind::Prevent)
    }
    fn heal(&mut self, _amount: i64, _label: &str) {
        unplayed(StepKind::Heal)
    }
    fn gain(&mut self, _resource: Id, _amount: i64, _label: &str) {
        unplayed(StepKind::Gain)
    }
    /// Pays `amount`; false (and nothing paid) when there is too little.
    fn spend(&mut self, _resource: Id, _amount: i64, _label: &str) -> bool {
        unplayed(StepKind::Spend)
    }
    fn modify(
        &mut self,
        _stat: Id,
        _by: i64,
        _target: Tgt,
        _duration: Duration,
        _sets: &[CardSet],
    ) {
        unplayed(StepKind::Modify)
    }
    fn roll(&mut self, _dice: i64, _label: &str) {
        unplayed(StepKind::Roll)
    }
    /// Rerolls up to `dice` of the dice just rolled that showed no hit.
    fn reroll(&mut self, _dice: i64, _label: &str) {
        unplayed(StepKind::Reroll)
    }
    /// Lets the hits of the card's attack go to up to `among` targets (`row`: in one row).
    fn split(&mut self, _among: i64, _row: bool, _label: &str) {
        unplayed(StepKind::Split)
    }
    /// Which option of a choice the pilot takes (its own ranking, ties by name:
    /// docs/pilots.md#how-the-pilot-uses-an-effect).
    fn choose(&mut self, _options: &[Vec<Op>]) -> usize {
        unplayed(StepKind::Choose)
    }
    /// A decision the interpreter meets (which option of a `choose`, whether to use an
    /// optional paid effect), answered by the board's chooser: the procedure's
    /// [`Log::pick`](crate::log::Log::pick) with its board at the moment. `pilot` is the
    /// pilot's pick among `options`; returns the pick to apply. No default: a board that
    /// forgot it would silently never let a person choose.
    fn ask(
        &mut self,
        kind: crate::choice::ChoiceKind,
        pilot: usize,
        options: &dyn Fn() -> Vec<String>,
        reason: &dyn Fn() -> String,
    ) -> usize;
    /// Whether an optional effect with a cost makes this turn's plan better
    /// (docs/pilots.md#plan-value).
    fn worth_paying(&mut self, _cost: &[Op], _steps: &[Op]) -> bool {
        false
    }
    /// Draws until the hand holds `size` cards; returns how many were drawn.
    fn fill_hand(&mut self, _size: u32, _label: &str) -> u32 {
        unplayed(StepKind::FillHand)
    }
    /// An effect starts resolving: a board that chooses `one` targets forgets the cards
    /// the previous effect chose (one effect's `one` targets are different cards).
    fn begin(&mut self) {}
    /// (your HP, the opponent's HP), for an HP requirement.
    fn hp(&self) -> (i64, i64) {
        unread(Reading::HpRequirement)
    }
    /// Readies up to `count` exhausted matching cards; returns how many.
    fn ready(&mut self, _count: u32, _set: Option<&CardSet>, _label: &str) -> u32 {
        unplayed(StepKind::Ready)
    }
    /// Uses another matching card's activated ability without its cost
    /// ([`Programs::fire_free`]).
    fn copy(&mut self, _set: Option<&CardSet>, _label: &str) {
        unplayed(StepKind::Copy)
    }
    /// Looks at the top `count` cards of `zone` and puts them back in the pilot's order
    /// (`bottom`: the ones it would not play go to the bottom).
    fn reorder(&mut self, _zone: Id, _count: u32, _bottom: bool, _label: &str) {
        unplayed(StepKind::Reorder)
    }
    /// The attack being played may target a guarded card.
    fn ignore_guard(&mut self, _label: &str) {
        unplayed(StepKind::IgnoreGuard)
    }
    /// The target's cards stop guarding until the end of the battle.
    fn unguard(&mut self, _target: Tgt, _sets: &[CardSet], _label: &str) {
        unplayed(StepKind::Unguard)
    }
    /// No single attack deals more than `max` hits to the target's cards.
    fn cap_hits(&mut self, _max: i64, _target: Tgt, _sets: &[CardSet]) {
        unplayed(StepKind::CapHits)
    }
    /// The first `first` hits of each attack on the target's cards are ignored.
    fn ignore_hits(&mut self, _first: i64, _target: Tgt, _sets: &[CardSet]) {
        unplayed(StepKind::IgnoreHits)
    }
    /// Damage to a card adjacent to the game's target (the pilot picks which).
    fn damage_adjacent(&mut self, _amount: i64, _label: &str) {
        unplayed(StepKind::DamageAdjacent)
    }
    /// The attack's dice may be rolled against a card adjacent to its target.
    fn roll_adjacent(&mut self, _label: &str) {
        unplayed(StepKind::RollAdjacent)
    }
    /// How many distinct card names the cards in `zone` (the ones in `set`) have; only
    /// asked of a procedure whose [`Plays`] lists `distinct`.
    fn distinct(&self, _zone: Id, _set: Option<&CardSet>) -> i64 {
        unread(Reading::DistinctNames)
    }
    /// Swaps two adjacent unresolved cards of one row of the combat sequence (the pilot
    /// picks which).
    fn swap_adjacent(&mut self, _label: &str) {
        unplayed(StepKind::SwapAdjacent)
    }
    /// One of `card`'s `trigger` effects resolved: the board counts it in its game's
    /// [`Fired`]. No default: a board that forgot it would report its deck's effects as
    /// never fired.
    fn fired(&mut self, card: u16, trigger: Trigger);
    /// How many matching cards a move from `from` to `to` could take now (`None`: the
    /// board cannot tell, and the move counts as one that changes something).
    fn movable(&self, _from: Id, _to: Id, _set: Option<&CardSet>) -> Option<i64> {
        None
    }
    /// How many matching exhausted cards a `ready` could ready now, the effect's own card
    /// apart (`None`: the board cannot tell).
    fn exhausted(&self, _set: Option<&CardSet>) -> Option<i64> {
        None
    }
    /// The damage coming that a `prevent` could stop now (`None`: the board cannot tell).
    fn incoming(&self) -> Option<i64> {
        None
    }
    /// Whether `amount` of `resource` could be paid now (`None`: the board cannot tell).
    fn affords(&self, _resource: Id, _amount: i64) -> Option<bool> {
        None
    }
}

/// `fired` and `ask` as a game's board has them when nothing of its own comes between:
/// a resolution counts in `self.state.fired`, and a decision goes to `self.log`'s chooser
/// with the procedure's zones (for a person choosing). For a board with the fields `p` (the
/// procedure), `state`, `log` and `rng`; written once here, used inside `impl Board`.
macro_rules! counted_and_asked {
    () => {
        fn fired(&mut self, card: u16, trigger: deckhand_core::Trigger) {
            self.state.fired.tick(card, trigger);
        }
        fn ask(
            &mut self,
            kind: $crate::choice::ChoiceKind,
            pilot: usize,
            options: &dyn Fn() -> Vec<String>,
            reason: &dyn Fn() -> String,
        ) -> usize {
            let (p, state) = (self.p, &*self.state);
            $crate::log::Log::choose(
                self.log,
                kind,
                pilot,
                options,
                reason,
                || $crate::procedure::Procedure::zones(p, state),
                self.rng,
            )
        }
    };
}
pub(crate) use counted_and_asked;

/// A question no board should be asked: its game's [`Plays`] does not list the reading, so
/// no compiled effect needs it (see [`Board`]).
#[cold]
#[track_caller]
fn unread(reading: Reading) -> ! {
    unreachable!("a board whose game's Plays does not list {reading:?} was asked for it")
}

/// A step method no board should reach: see [`Board`].
#[cold]
#[track_caller]
fn unplayed(kind: StepKind) -> ! {
    unreachable!("a `{kind}` step reached a board whose game's Plays does not list it")
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

    /// Runs `card`'s effects for `trigger`, in the order stated. Returns how many happened.
    pub fn fire<B: Board>(&self, card: u16, trigger: Trigger, board: &mut B) -> u32 {
        if !self.has(card, trigger) {
            return 0;
        }
        let mut done = 0;
        for effect in self.of(card).iter().filter(|e| e.trigger == trigger) {
            done += u32::from(self.resolve(effect, board));
        }
        done
    }

    /// One effect: its requirement, its cost (paid in full or the effect does nothing), its
    /// steps.
    pub fn resolve<B: Board>(&self, effect: &Compiled, board: &mut B) -> bool {
        // Most effects have no requirement: that test stays here, the reading goes out.
        if !effect.reads_nothing() && !self.holds(effect, board) {
            return false;
        }
        // docs/pilots.md#plan-value: an effect whose steps would change nothing as the board
        // stands is never used, cost or not (its cost is not paid).
        if self.idle(&effect.steps, board) {
            return false;
        }
        board.begin();
        if !effect.cost.is_empty() {
            if effect.optional {
                let worth = board.worth_paying(&effect.cost, &effect.steps);
                let use_it = board.ask(
                    crate::choice::ChoiceKind::Optional,
                    usize::from(!worth),
                    &|| {
                        vec![
                            format!("Use {}: {}", effect.label, effect.text),
                            format!("Do not use {}", effect.label),
                        ]
                    },
                    &|| match worth {
                        true => "the rest of the turn ends better with it".to_owned(),
                        false => "the rest of the turn ends no better with it".to_owned(),
                    },
                );
                if use_it != 0 {
                    return false;
                }
            }
            if !self.pay(&effect.cost, board, &effect.label) {
                return false;
            }
        }
        let mut acted = false;
        self.run(&effect.steps, board, &effect.label, &mut acted);
        if acted {
            board.fired(effect.owner, effect.trigger);
        }
        true
    }

    /// Whether `effect`'s requirement (and HP check) holds on `board` now (none: it does), so
    /// a procedure can tell whether playing a card would do anything before it pays for it.
    pub fn holds<B: Board>(&self, effect: &Compiled, board: &B) -> bool {
        if let Some(req) = &effect.requirement {
            let set = req.filter.map(|f| &self.sets[f as usize]);
            let n = match req.distinct {
                true => board.distinct(req.zone, set),
                false => board.count(req.zone, set),
            };
            let holds = n >= i64::from(req.at_least);
            if holds == req.negated {
                return false;
            }
        }
        match effect.hp {
            None => true,
            Some(HpCheck::AtMost(n)) => board.hp().0 <= n,
            Some(HpCheck::BelowOpponent) => {
                let (you, them) = board.hp();
                you < them
            }
        }
    }

    /// Whether `steps` would change nothing on `board` as it stands (docs/pilots.md#plan-value:
    /// ready an Equipment when none is exhausted, return a card from an empty
    /// discard pile, prevent damage when none is coming): such an effect is never used.
    /// A `spend` changes nothing by itself, and one that cannot be paid ends the steps (what
    /// it pays for does not happen: [`Self::run`]); a choice is idle when every option is.
    /// A step the board cannot judge counts as a change, so this never skips an effect that
    /// might do something. The first step that surely acts ends the walk: most effects
    /// cost one `match`.
    pub fn idle<B: Board>(&self, steps: &[Op], board: &B) -> bool {
        if steps.is_empty() {
            return false;
        }
        for op in steps {
            let idle = match op {
                Op::Move {
                    count,
                    from,
                    to,
                    filter,
                    ..
                } => {
                    let set = filter.map(|f| &self.sets[f as usize]);
                    self.amount(count, board) <= 0
                        || board.movable(*from, *to, set).is_some_and(|n| n <= 0)
                }
                Op::Ready(count, filter) => {
                    let set = filter.map(|f| &self.sets[f as usize]);
                    self.amount(count, board) <= 0 || board.exhausted(set).is_some_and(|n| n <= 0)
                }
                Op::Prevent(amount) => {
                    self.amount(amount, board) <= 0 || board.incoming().is_some_and(|n| n <= 0)
                }
                Op::Draw(amount) | Op::Damage(amount) | Op::Heal(amount) | Op::Gain(amount, _) => {
                    self.amount(amount, board) <= 0
                }
                Op::Spend(amount, resource) => {
                    let n = self.amount(amount, board);
                    // Unpaid, what follows never happens; paid, it changes nothing by itself.
                    if board.affords(*resource, n) == Some(false) {
                        return true;
                    }
                    true
                }
                Op::Choose(options, _) => options.iter().all(|option| self.idle(option, board)),
                _ => false,
            };
            if !idle {
                return false;
            }
        }
        true
    }

    fn pay<B: Board>(&self, cost: &[Op], board: &mut B, label: &str) -> bool {
        for op in cost {
            let paid = match op {
                Op::Spend(amount, resource) => {
                    let n = self.amount(amount, board);
                    board.spend(*resource, n, label)
                }
                Op::Discard(count, filter) => {
                    let n = self.amount(count, board).max(0) as u32;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    board.discard(n, set, label) == n
                }
                Op::Move {
                    count,
                    from,
                    to,
                    filter,
                    search,
                } => {
                    let n = self.amount(count, board).max(0) as u32;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    board.move_cards(*from, *to, n, set, *search, label) == n
                }
                other => self.run(std::slice::from_ref(other), board, label, &mut false),
            };
            if !paid {
                return false;
            }
        }
        true
    }

    fn amount<B: Board>(&self, amount: &Amt, board: &B) -> i64 {
        match amount {
            Amt::Fixed(n) => *n,
            Amt::Per {
                each,
                filter,
                zone,
                max,
                distinct,
            } => {
                let set = filter.map(|f| &self.sets[f as usize]);
                let n = each
                    * match distinct {
                        true => board.distinct(*zone, set),
                        false => board.count(*zone, set),
                    };
                max.map_or(n, |m| n.min(m))
            }
        }
    }

    /// Runs `steps` in order. A `spend` that cannot be paid ends them: what it pays for does
    /// not happen (no credit: docs/pilots.md#plan-value). False then. `acted` becomes true
    /// when a step did something the board can tell (a card moved, drawn, discarded or
    /// readied; an amount not zero; any other step): a resolution that did nothing (Sparkplug
    /// Sally returning an Attachment from a pile with none) is not counted as fired.
    fn run<B: Board>(&self, steps: &[Op], board: &mut B, label: &str, acted: &mut bool) -> bool {
        for op in steps {
            match op {
                Op::Move {
                    count,
                    from,
                    to,
                    filter,
                    search,
                } => {
                    let n = self.amount(count, board).max(0) as u32;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    *acted |= board.move_cards(*from, *to, n, set, *search, label) > 0;
                }
                Op::Draw(count) => {
                    let n = self.amount(count, board).max(0) as u32;
                    *acted |= board.draw(n, label) > 0;
                }
                Op::Discard(count, filter) => {
                    let n = self.amount(count, board).max(0) as u32;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    *acted |= board.discard(n, set, label) > 0;
                }
                Op::Damage(a) => {
                    let n = self.amount(a, board);
                    *acted |= n != 0;
                    board.damage(n, label);
                }
                Op::Prevent(a) => {
                    let n = self.amount(a, board);
                    *acted |= n != 0;
                    board.prevent(n, label);
                }
                Op::Heal(a) => {
                    let n = self.amount(a, board);
                    *acted |= n != 0;
                    board.heal(n, label);
                }
                Op::Gain(a, r) => {
                    let n = self.amount(a, board);
                    *acted |= n != 0;
                    board.gain(*r, n, label);
                }
                Op::Spend(a, r) => {
                    if !board.spend(*r, self.amount(a, board), label) {
                        return false;
                    }
                }
                Op::Modify {
                    stat,
                    by,
                    target,
                    duration,
                } => {
                    let by = self.amount(by, board);
                    *acted |= by != 0;
                    board.modify(*stat, by, *target, *duration, &self.sets);
                }
                Op::Roll(a) => {
                    *acted = true;
                    board.roll(self.amount(a, board), label);
                }
                Op::Reroll(a) => {
                    *acted = true;
                    board.reroll(self.amount(a, board), label);
                }
                Op::Split(a, row) => {
                    *acted = true;
                    board.split(self.amount(a, board), *row, label);
                }
                Op::Ready(count, filter) => {
                    let n = self.amount(count, board).max(0) as u32;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    *acted |= board.ready(n, set, label) > 0;
                }
                Op::Copy(filter) => {
                    *acted = true;
                    let set = filter.map(|f| &self.sets[f as usize]);
                    board.copy(set, label);
                }
                Op::Choose(options, labels) => {
                    let pilot = board.choose(options).min(options.len().saturating_sub(1));
                    let pick = board.ask(
                        crate::choice::ChoiceKind::Option,
                        pilot,
                        &|| labels.iter().map(|l| format!("{label}: {l}")).collect(),
                        &|| "the option the pilot ranks first".to_owned(),
                    );
                    if let Some(option) = options.get(pick) {
                        if !self.run(option, board, label, acted) {
                            return false;
                        }
                    }
                }
                Op::FillHand(size) => {
                    let n = self.amount(size, board).max(0) as u32;
                    *acted |= board.fill_hand(n, label) > 0;
                }
                // What the board cannot report back counts as done.
                Op::Reorder(count, zone, bottom) => {
                    *acted = true;
                    let n = self.amount(count, board).max(0) as u32;
                    board.reorder(*zone, n, *bottom, label);
                }
                Op::IgnoreGuard => {
                    *acted = true;
                    board.ignore_guard(label);
                }
                Op::Unguard(target) => {
                    *acted = true;
                    board.unguard(*target, &self.sets, label);
                }
                Op::CapHits(max, target) => {
                    *acted = true;
                    let max = self.amount(max, board);
                    board.cap_hits(max, *target, &self.sets);
                }
                Op::IgnoreHits(first, target) => {
                    *acted = true;
                    let first = self.amount(first, board);
                    board.ignore_hits(first, *target, &self.sets);
                }
                Op::DamageAdjacent(a) => {
                    *acted = true;
                    board.damage_adjacent(self.amount(a, board), label);
                }
                Op::RollAdjacent => {
                    *acted = true;
                    board.roll_adjacent(label);
                }
                Op::SwapAdjacent => {
                    *acted = true;
                    board.swap_adjacent(label);
                }
            }
        }
        true
    }
}

// Triggers on another card's event, and abilities used without their cost.
impl CardSet {
    /// The empty set of a deck of `cards` cards.
    pub fn empty(cards: usize) -> CardSet {
        CardSet::new(cards)
    }

    /// Adds every card of `other`.
    pub fn union_with(&mut self, other: &CardSet) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (word, &more) in self.0.iter_mut().zip(&other.0) {
            *word |= more;
        }
    }

    /// How many cards of the set are in `bits` (card indices as bits, 64 to a word, like
    /// its own).
    #[inline]
    pub fn count_in(&self, bits: &[u64]) -> u32 {
        self.0
            .iter()
            .zip(bits)
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }

    /// Empties the set, keeping its room.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

impl Programs {
    /// Runs `card`'s effects for a trigger on another card's event (`plays_card`…) whose
    /// filter matches `other`, the card the event happened to. Returns how many happened.
    pub fn fire_event<B: Board>(
        &self,
        card: u16,
        trigger: Trigger,
        other: u16,
        board: &mut B,
    ) -> u32 {
        let mut done = 0;
        for &effect in self.reactions(card, trigger, other) {
            done += u32::from(self.resolve(&self.effects[effect as usize], board));
        }
        done
    }

    /// Whether `card` has an effect for `trigger` (on another card's event) whose filter
    /// admits `other`: a card in play that does not react can be skipped.
    #[inline]
    pub fn reacts(&self, card: u16, trigger: Trigger, other: u16) -> bool {
        !self.reactions(card, trigger, other).is_empty()
    }

    /// The other cards whose `trigger` event some effect of `card` reacts to (`None`: none).
    pub fn admits(&self, card: u16, trigger: Trigger) -> Option<&CardSet> {
        let row = self.events.row.get(card as usize).copied().unwrap_or(0);
        let slot = event_slot(trigger)?;
        (row > 0).then(|| &self.events.admits[(row as usize - 1) * EVENT_TRIGGERS.len() + slot])
    }

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

    /// Whether `card` has an effect on another card's event at all.
    #[inline]
    pub fn reacts_to_events(&self, card: u16) -> bool {
        self.events
            .row
            .get(card as usize)
            .is_some_and(|&row| row > 0)
    }

    /// The effects of `card` that react to `trigger` on `other`'s event, as indices into
    /// the compiled effects, in the order stated.
    #[inline]
    fn reactions(&self, card: u16, trigger: Trigger, other: u16) -> &[u32] {
        let events = &self.events;
        let row = events.row.get(card as usize).copied().unwrap_or(0);
        let (Some(slot), true) = (event_slot(trigger), row > 0) else {
            return &[];
        };
        let at = ((row as usize - 1) * EVENT_TRIGGERS.len() + slot) * events.cards;
        let (a, b) = events
            .spans
            .get(at + other as usize)
            .copied()
            .filter(|_| (other as usize) < events.cards)
            .unwrap_or((0, 0));
        &events.effects[a as usize..b as usize]
    }

    /// Builds [`Events`] once every card's effects are compiled.
    pub(crate) fn index_events(&mut self) {
        let cards = self.ranges.len();
        let mut events = Events {
            cards,
            row: vec![0; cards],
            ..Events::default()
        };
        for (owner, &(a, b)) in self.ranges.iter().enumerate() {
            let own = a as usize..b as usize;
            if !self.effects[own.clone()]
                .iter()
                .any(|e| e.trigger.on_another_card())
            {
                continue;
            }
            events.row[owner] = (events.spans.len() / (EVENT_TRIGGERS.len() * cards)) as u32 + 1;
            for trigger in EVENT_TRIGGERS {
                let mut admits = CardSet::new(cards);
                for other in 0..cards as u16 {
                    let start = events.effects.len() as u32;
                    for i in own.clone() {
                        let effect = &self.effects[i];
                        if effect.trigger == trigger
                            && effect
                                .card
                                .is_none_or(|f| self.sets[f as usize].contains(other))
                        {
                            events.effects.push(i as u32);
                        }
                    }
                    if events.effects.len() as u32 > start {
                        admits.insert(other as usize);
                    }
                    events.spans.push((start, events.effects.len() as u32));
                }
                events.admits.push(admits);
            }
        }
        self.events = events;
    }

    /// Runs `card`'s effects for `trigger` without paying their costs (a copied ability):
    /// requirements still apply. Returns how many happened.
    pub fn fire_free<B: Board>(&self, card: u16, trigger: Trigger, board: &mut B) -> u32 {
        let mut done = 0;
        for effect in self.of(card).iter().filter(|e| e.trigger == trigger) {
            if self.holds(effect, board) && !self.idle(&effect.steps, board) {
                // The copying card's resolution is the one counted as fired.
                self.run(&effect.steps, board, &effect.label, &mut false);
                done += 1;
            }
        }
        done
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
