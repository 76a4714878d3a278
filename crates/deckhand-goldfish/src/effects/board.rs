//! [`Board`]: what a game's procedure does for the shared interpreter, and what a board that
//! was asked for a step or a reading its game does not list does (fail loudly).

use deckhand_core::{Duration, StepKind, Trigger};

use super::{CardSet, Id, Op, Reading, Tgt};
#[cfg(doc)]
use super::{Fired, Plays, Programs};

/// One card's move of a `move` step: between which zones, the cards the step's filter takes
/// (`None`: any), and whether it searches the zone (else it takes the zone's next card).
#[derive(Debug, Clone, Copy)]
pub struct Move<'a> {
    pub from: Id,
    pub to: Id,
    pub set: Option<&'a CardSet>,
    pub search: bool,
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
    /// Moves up to `count` matching cards; returns how many moved. By default one
    /// [`Board::move_card`] at a time, until one finds no card to move.
    fn move_cards(
        &mut self,
        from: Id,
        to: Id,
        count: u32,
        set: Option<&CardSet>,
        search: bool,
        label: &str,
    ) -> u32 {
        let step = Move {
            from,
            to,
            set,
            search,
        };
        let mut moved = 0;
        while moved < count && self.move_card(step, label) {
            moved += 1;
        }
        moved
    }
    /// Moves one card as `step` says; false when there is none to move.
    fn move_card(&mut self, _step: Move<'_>, _label: &str) -> bool {
        unplayed(StepKind::Move)
    }
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

/// Whether a step's filter takes `card` (no filter: every card).
#[inline]
pub fn in_filter(set: Option<&CardSet>, card: u16) -> bool {
    set.is_none_or(|s| s.contains(card))
}

/// How many of `cards` (a zone kept as a list of deck card indices) the filter takes, as a
/// [`Board::count`] counts a zone. An empty place (`u16::MAX`, a game's `NONE`) is no card.
#[inline]
pub fn count_cards<'a>(cards: impl IntoIterator<Item = &'a u16>, set: Option<&CardSet>) -> usize {
    cards
        .into_iter()
        .filter(|&&c| c != u16::MAX && in_filter(set, c))
        .count()
}

/// How many cards the filter takes of a hand kept as copies per deck card (`hand[c]`: the
/// copies of card `c` in it), as a [`Board::count`] counts the hand.
#[inline]
pub fn count_hand(hand: &[u16], set: Option<&CardSet>) -> usize {
    (0..hand.len() as u16)
        .filter(|&c| in_filter(set, c))
        .map(|c| usize::from(hand[c as usize]))
        .sum()
}
