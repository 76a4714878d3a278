//! What the end of a Showdown turn can add to the Power on the Table once its actions are
//! done, known from the deck's effects before the game: the bound by which a Leader Action
//! look that would lose stops early (`look.rs`). A card of the deck counts only when the
//! Mission Phase can draw it: the stream's next cards, peeked, when its draws are fixed.

use deckhand_core::Trigger;

use super::board::{DECK, DISCARD, HAND, LEADER_ACTION, POWER, TABLE};
use super::look::Bar;
use super::{Sms, State};
use crate::effects::{Amt, Op, Programs, Tgt};
use crate::rng::Rng;

/// The most Power the end of a turn can add once its actions are done (the Mission Phase,
/// then the Leader Actions), known from the deck's effects before the game; `None` when
/// they allow no such bound. A look whose actions leave it short of the best look's Power
/// by more than that loses to it, so its end is not played (`look.rs`).
///
/// Why it holds: every `turn_end` and `played` effect (the Mission Phase) only draws,
/// discards, gains, spends, moves cards elsewhere than the Table or changes no Power, so
/// the Mission Phase leaves the Power as it is (a `while in play` bonus is recounted only
/// when a card is put down). Every Leader ability spends a Leader Action and gains none;
/// one is the most a side holds, so after the Mission Phase at most one ability is used,
/// and it adds at most its card's `gain`: its `one [filter]` Power changes, each on one
/// card, nothing put down. That card must be on the Table or in the hand by then: there
/// already, or drawn or taken back from the Discard Pile by the Mission Phase.
pub(super) struct Tail {
    /// Cards whose Leader ability can add Power, with the most it adds, most first.
    gainers: Vec<(u16, u32)>,
    /// Cards with a `turn_end` effect (fired on the Table) that can take cards from the
    /// deck into the hand.
    end_drawers: Vec<u16>,
    /// Cards with a `played` effect (a Mission from the hand) that can do so.
    play_drawers: Vec<u16>,
    /// Per card: a `turn_end` or `played` effect can take it from the Discard Pile into
    /// the hand.
    recoverable: Vec<bool>,
    /// Per card: the cards its `turn_end` effects take from the top of the deck, each the
    /// stream's next draw, at most ([`NOT_PEEKABLE`]: a search, a fill or a count not
    /// fixed).
    end_draws: Vec<u32>,
}

/// An `end_draws` entry whose draws cannot be told by peeking at the stream.
const NOT_PEEKABLE: u32 = u32::MAX;

/// The cards a Mission Phase step takes from the top of the deck, each the stream's next
/// draw, at most; [`NOT_PEEKABLE`] when it searches, fills or draws a count not fixed.
fn stream_draws(op: &Op) -> u32 {
    let fixed = |n: &i64| u32::try_from(*n).unwrap_or(0);
    match op {
        Op::Draw(Amt::Fixed(n)) => fixed(n),
        Op::Draw(_) | Op::FillHand(_) => NOT_PEEKABLE,
        Op::Move {
            from: DECK,
            count,
            search,
            ..
        } => match (count, search) {
            (Amt::Fixed(n), false) => fixed(n),
            _ => NOT_PEEKABLE,
        },
        Op::Choose(options, _) => options
            .iter()
            .map(|o| o.iter().map(stream_draws).fold(0, u32::saturating_add))
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}

impl Tail {
    pub(super) fn new(fx: &Programs, cards: usize) -> Option<Tail> {
        // A Mission Phase step: true when it adds no Power; `draws` and `recovers` note
        // what it can bring into the hand.
        fn quiet(op: &Op, draws: &mut bool, recovers: &mut Vec<Option<u16>>) -> bool {
            match op {
                Op::Draw(_) | Op::FillHand(_) => {
                    *draws = true;
                    true
                }
                Op::Discard(..) | Op::Gain(..) | Op::Spend(..) => true,
                Op::Move {
                    from, to, filter, ..
                } => match (*from, *to) {
                    (_, TABLE) => false,
                    (DECK, HAND) => {
                        *draws = true;
                        true
                    }
                    (DISCARD, HAND) => {
                        recovers.push(*filter);
                        true
                    }
                    (_, HAND) => false,
                    _ => true,
                },
                Op::Modify { stat, .. } => *stat != POWER,
                Op::Choose(options, _) => options
                    .iter()
                    .all(|o| o.iter().all(|op| quiet(op, draws, recovers))),
                _ => false,
            }
        }
        // A Leader ability step: the most Power it adds (`None`: no bound).
        fn gain(op: &Op) -> Option<u32> {
            match op {
                Op::Draw(_) | Op::FillHand(_) | Op::Discard(..) | Op::Spend(..) => Some(0),
                Op::Gain(_, resource) => (*resource != LEADER_ACTION).then_some(0),
                Op::Move { to, .. } => (*to != TABLE).then_some(0),
                Op::Modify { stat, .. } if *stat != POWER => Some(0),
                Op::Modify {
                    by: Amt::Fixed(n),
                    target: Tgt::One(_),
                    ..
                } => Some((*n).max(0) as u32),
                Op::Choose(options, _) => options
                    .iter()
                    .map(|o| o.iter().map(gain).sum::<Option<u32>>())
                    .max()
                    .flatten(),
                _ => None,
            }
        }
        let mut gainers = Vec::new();
        let mut end_drawers = Vec::new();
        let mut play_drawers = Vec::new();
        let mut recovers = Vec::new();
        let mut end_draws = vec![0u32; cards];
        for card in 0..cards as u16 {
            let mut most = 0;
            for e in fx.of(card) {
                match e.trigger {
                    Trigger::TurnEnd | Trigger::Played => {
                        let mut draws = false;
                        let ops = e.cost().iter().chain(e.steps());
                        if !ops.clone().all(|op| quiet(op, &mut draws, &mut recovers)) {
                            return None;
                        }
                        let drawers = match e.trigger {
                            Trigger::TurnEnd => &mut end_drawers,
                            _ => &mut play_drawers,
                        };
                        if draws && !drawers.contains(&card) {
                            drawers.push(card);
                        }
                        if e.trigger == Trigger::TurnEnd {
                            let n = &mut end_draws[card as usize];
                            *n = ops.map(stream_draws).fold(*n, u32::saturating_add);
                        }
                    }
                    Trigger::Activated => {
                        let spends = e.cost().iter().any(
                            |op| matches!(op, Op::Spend(Amt::Fixed(n), LEADER_ACTION) if *n >= 1),
                        );
                        let adds = e.cost().iter().chain(e.steps()).map(gain).sum();
                        match (spends, adds) {
                            (true, Some(adds)) => most = most.max(adds),
                            _ => return None,
                        }
                    }
                    _ => {}
                }
            }
            if most > 0 {
                gainers.push((card, most));
            }
        }
        gainers.sort_by_key(|&(card, most)| (std::cmp::Reverse(most), card));
        let recoverable = (0..cards as u16)
            .map(|c| {
                recovers
                    .iter()
                    .any(|f| f.is_none_or(|f| fx.set(f).contains(c)))
            })
            .collect();
        Some(Tail {
            gainers,
            end_drawers,
            play_drawers,
            recoverable,
            end_draws,
        })
    }

    /// The most Power the end of the turn can add from `state`, its actions done.
    pub(super) fn most(&self, sms: &Sms, state: &State) -> u32 {
        // On the Table (a name there: the Table only grows, and nothing goes down now).
        let on_table = |c: u16| state.named[sms.deck.name_id[c as usize] as usize];
        let in_discard = |c: u16| self.recoverable[c as usize] && state.discard.contains(&c);
        let reachable = |c: u16| state.hand[c as usize] > 0 || in_discard(c);
        let draws = self.end_drawers.iter().any(|&c| on_table(c))
            || self.play_drawers.iter().any(|&c| reachable(c));
        self.gainers
            .iter()
            .find(|&&(c, _)| {
                on_table(c) || reachable(c) || (draws && state.library.remaining().contains(&c))
            })
            .map_or(0, |&(_, most)| most)
    }

    /// Whether `power` plus [`Self::most`] of `state`, with the Main cards on the Table
    /// as they are, falls short of `bar`, found with fewer scans of the deck: a gainer
    /// whose Power would reach the bar is looked for in it only when no gainer before it
    /// was found elsewhere, and none at all is once one that reaches the bar is on the
    /// Table or in hand (a lower bound on `most` that already reaches it).
    pub(super) fn short(&self, sms: &Sms, state: &State, rng: &Rng, power: u32, bar: Bar) -> bool {
        let reaches = |most: u32| (power + most, state.deployed) >= bar;
        let on_table = |c: u16| state.named[sms.deck.name_id[c as usize] as usize];
        let short = match self
            .gainers
            .iter()
            .find(|&&(c, _)| on_table(c) || state.hand[c as usize] > 0)
        {
            Some(&(_, most)) if reaches(most) => false,
            // The Power as it stands reaches the bar: no gainer is needed (a deck may
            // have none, and then the scan below finds none that reaches).
            None if reaches(0) => false,
            found => {
                let cheap = found.map_or(0, |&(_, most)| most);
                // Only a gainer adding more than `cheap` can change the answer.
                !self
                    .gainers
                    .iter()
                    .take_while(|&&(_, most)| most > cheap)
                    .any(|&(_, most)| reaches(most))
                    || !reaches(self.most_peeked(sms, state, rng))
            }
        };
        debug_assert_eq!(
            short,
            !reaches(self.most_peeked(sms, state, rng)),
            "the end's bound found with fewer scans differs from the full one"
        );
        short
    }

    /// [`Self::most`], a card of the deck counted only when the Mission Phase draws it:
    /// when its `turn_end` effects draw two cards at most, each the stream's next (peeked
    /// with `rng`, the stream the Mission Phase starts from), and no Mission that draws can
    /// be played (none in hand, back from the Discard Pile or among those drawn); else
    /// `most`. Nothing else in the Mission Phase reads the stream (the pilot's choices
    /// read none) or takes from the deck.
    pub(super) fn most_peeked(&self, sms: &Sms, state: &State, rng: &Rng) -> u32 {
        let on_table = |c: u16| state.named[sms.deck.name_id[c as usize] as usize];
        let in_discard = |c: u16| self.recoverable[c as usize] && state.discard.contains(&c);
        let reachable = |c: u16| state.hand[c as usize] > 0 || in_discard(c);
        if self.play_drawers.iter().any(|&c| reachable(c)) {
            return self.most(sms, state);
        }
        let mut n = 0u32;
        for i in state.employ_slots.of(state.table.len()) {
            n = n.saturating_add(self.end_draws[state.table[i].card as usize]);
        }
        if n > 2 {
            return self.most(sms, state);
        }
        let mut drawn = [super::NONE; 2];
        let (mut stream, mut at) = (rng.clone(), None);
        for (k, slot) in drawn.iter_mut().enumerate().take(n as usize) {
            match state.library.peek(&mut stream, at) {
                Some((card, place)) => (*slot, at) = (card, Some(place)),
                // Cards looked at lie on top: the peek answers nothing.
                None if state.library.len() > k => return self.most(sms, state),
                None => break,
            }
        }
        if drawn.iter().any(|c| self.play_drawers.contains(c)) {
            return self.most(sms, state);
        }
        let most = self
            .gainers
            .iter()
            .find(|&&(c, _)| on_table(c) || reachable(c) || drawn.contains(&c))
            .map_or(0, |&(_, most)| most);
        debug_assert!(most <= self.most(sms, state));
        most
    }

    /// The most Power the Leader Actions after the Mission Phase can add from `state`, the
    /// Mission Phase done: none without a Leader Action; else one (the most a side holds,
    /// and none gains another) of a card on the Table or in hand (only a Leader ability
    /// could bring one there now, and it would spend that Leader Action).
    pub(super) fn most_at_end(&self, sms: &Sms, state: &State) -> u32 {
        if state.leader_actions == 0 {
            return 0;
        }
        let on_table = |c: u16| state.named[sms.deck.name_id[c as usize] as usize];
        self.gainers
            .iter()
            .find(|&&(c, _)| on_table(c) || state.hand[c as usize] > 0)
            .map_or(0, |&(_, most)| most)
    }

    /// The most any Leader ability of the deck adds at the turn's end: at least
    /// [`Self::most_anywhere`] of any state.
    pub(super) fn most_of_any(&self) -> u32 {
        self.gainers.first().map_or(0, |&(_, most)| most)
    }

    /// [`Self::most`] counting every card of the deck as reachable: at least `most` of any
    /// state the turn reaches from `state` with no card put down (cards drawn come from the
    /// deck, and the cards the pilot never plays and abilities that add no Power, the only
    /// ones discarded before the end, are no gainers).
    pub(super) fn most_anywhere(&self, sms: &Sms, state: &State) -> u32 {
        let on_table = |c: u16| state.named[sms.deck.name_id[c as usize] as usize];
        let in_discard = |c: u16| self.recoverable[c as usize] && state.discard.contains(&c);
        self.gainers
            .iter()
            .find(|&&(c, _)| {
                on_table(c)
                    || state.hand[c as usize] > 0
                    || in_discard(c)
                    || state.library.remaining().contains(&c)
            })
            .map_or(0, |&(_, most)| most)
    }
}
