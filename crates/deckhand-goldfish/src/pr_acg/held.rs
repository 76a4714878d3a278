//! The cards in hand as bits, kept as the hand changes: the pilot looks up the held
//! summons, Zords and the next card to pay away with a few bit operations each turn (and in
//! each plan played out) instead of walking the deck's lists over the hand's counts.

use super::*;

/// Bits over positions in the pilot's orders: `pay` over `pay_order`, `summons` over
/// `summons_by_damage`, `extras` over `extras_by_damage`. As a card's bits (`PrAcg::bits`),
/// its own positions (none past 64); as the state's `held`, the positions of the cards the
/// hand holds, exact for each order of at most 64 cards (`pay_fit`, `held_fit`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Held {
    pub(super) pay: u64,
    pub(super) summons: u64,
    pub(super) extras: u64,
}

impl Held {
    /// Each card's bits in the three orders.
    pub(super) fn per_card(
        cards: usize,
        pay_order: &[u16],
        summons: &[u16],
        extras: &[u16],
    ) -> Vec<Held> {
        let mut bits = vec![Held::default(); cards];
        let positions = |list: &[u16]| -> Vec<(u16, u64)> {
            list.iter()
                .take(64)
                .enumerate()
                .map(|(i, &c)| (c, 1u64 << i))
                .collect()
        };
        for (c, bit) in positions(pay_order) {
            bits[c as usize].pay |= bit;
        }
        for (c, bit) in positions(summons) {
            bits[c as usize].summons |= bit;
        }
        for (c, bit) in positions(extras) {
            bits[c as usize].extras |= bit;
        }
        bits
    }

    /// The bits of `list`'s cards that `hand` holds: what `held` is kept equal to.
    pub(super) fn of_hand(
        hand: &[u16],
        pay_order: &[u16],
        summons: &[u16],
        extras: &[u16],
    ) -> Held {
        let bits = |list: &[u16]| {
            list.iter()
                .take(64)
                .enumerate()
                .filter(|&(_, &c)| hand[c as usize] > 0)
                .fold(0u64, |bits, (i, _)| bits | (1 << i))
        };
        Held {
            pay: bits(pay_order),
            summons: bits(summons),
            extras: bits(extras),
        }
    }
}

impl PrAcg {
    /// Puts one `card` into the hand.
    #[inline]
    pub(super) fn add_to_hand(&self, state: &mut State, card: u16) {
        let count = &mut state.hand[card as usize];
        if *count == 0 {
            let bits = self.bits[card as usize];
            state.held.pay |= bits.pay;
            state.held.summons |= bits.summons;
            state.held.extras |= bits.extras;
        }
        *count += 1;
        state.hand_len += 1;
    }

    /// Takes one `card` out of the hand (the hand holds it).
    #[inline]
    pub(super) fn take(&self, state: &mut State, card: u16) {
        let count = &mut state.hand[card as usize];
        *count -= 1;
        state.hand_len -= 1;
        if *count == 0 {
            let bits = self.bits[card as usize];
            state.held.pay &= !bits.pay;
            state.held.summons &= !bits.summons;
            state.held.extras &= !bits.extras;
        }
    }

    /// `held` recomputed from the hand's counts (what debug builds check it against).
    pub(super) fn held_of(&self, state: &State) -> Held {
        Held::of_hand(
            &state.hand,
            &self.pay_order,
            &self.summons_by_damage,
            &self.extras_by_damage,
        )
    }
}

/// The positions set in `bits`, lowest first.
#[inline]
pub(super) fn positions(mut bits: u64) -> impl Iterator<Item = usize> + Clone {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}
