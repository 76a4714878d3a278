//! The Heroes of the Grid pilot's choices: the enemy card it aims hits at, and those an
//! effect asks of its board: which card a search or a return from the discard pile takes,
//! and what an `X` Attack spends.

use deckhand_core::Trigger;

use super::board::{HotgBoard, DECK};
use super::*;
use crate::choice::ChoiceKind;
use crate::effects::{Id, Op};

impl PrHotg {
    /// The standing card of `slots` the pilot aims hits at
    /// (docs/pilots.md#heroes-of-the-grid): one they defeat (`defeats`, given the card and
    /// its health left) with the most health left, else the one with the least health left;
    /// the earlier on a tie. With it, true when they defeat none.
    pub(super) fn pick_target(
        &self,
        state: &State,
        slots: impl Iterator<Item = usize>,
        defeats: impl Fn(&Slot, u32) -> bool,
    ) -> Option<(bool, usize)> {
        let mut best: Option<(bool, u32, usize)> = None;
        for i in slots {
            let slot = self.slot(state, i);
            if slot.defeated {
                continue;
            }
            let left = self.health_left(slot);
            let can = defeats(slot, left);
            // Defeatable first, the most health left among them; else the least health.
            let key = (!can, if can { u32::MAX - left } else { left }, i);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(cannot, _, i)| (cannot, i))
    }
}

// Which card an effect takes.
impl<L: Log> HotgBoard<'_, L> {
    /// Which matching card of the deck (a search) or the discard pile an effect takes: a
    /// choice among the different cards there, the pilot's the one it would play soonest.
    pub(super) fn take_which(
        &mut self,
        from: Id,
        set: Option<&CardSet>,
        label: &str,
    ) -> Option<u16> {
        let (p, state) = (self.p, &*self.state);
        let pool = match from {
            DECK => state.deck.remaining(),
            _ => &state.discard[..],
        };
        let pilot = p.best_of(pool, set)?;
        let where_ = if from == DECK {
            "the deck"
        } else {
            "the discard pile"
        };
        Some(self.log.pick(
            ChoiceKind::Target,
            pilot,
            || {
                let mut cards: Vec<u16> = pool
                    .iter()
                    .copied()
                    .filter(|&c| set.is_none_or(|s| s.contains(c)))
                    .collect();
                cards.sort_by_key(|&c| p.play_rank[c as usize]);
                cards.dedup();
                cards
            },
            |c| format!("{label}: take {} from {where_}", p.name(c)),
            || "the card the pilot would play soonest".to_owned(),
            || Procedure::zones(p, state),
            self.rng,
        ))
    }
}

// An `X` Attack's energy: no more than its hits can put to use.
impl<L: Log> HotgBoard<'_, L> {
    /// The option of an attack's choice at the card in slot `i` the pilot takes
    /// (docs/pilots.md#heroes-of-the-grid-maneuvers-x-attacks-and-paid-cards): the most enemy
    /// health it can expect to remove — its hits up to what the target and the cards its hits
    /// may split to can take — then the cheaper, then the earlier. Energy for hits no card can
    /// take changes nothing, so it is not spent.
    pub(super) fn choose_spend(&mut self, i: usize, options: &[Vec<Op>]) -> usize {
        use crate::effects::Amt::Fixed;
        let (p, state) = (self.p, &*self.state);
        let energy = i64::from(state.pool + state.stored);
        let card = state.attack.card;
        let mut split = (1, false);
        for e in
            p.fx.of(card)
                .iter()
                .filter(|e| e.trigger == Trigger::Played)
        {
            for op in e.steps() {
                if let Op::Split(Fixed(n), row) = op {
                    split = ((*n).clamp(1, 8) as u8, *row);
                }
            }
        }
        let reach = p.reach(state, i, split);
        let rolled: u32 = state.attack.rolls.iter().map(|&h| u32::from(h)).sum();
        let saved = match state.next_filter {
            Some(f) if !p.fx.set(f).contains(card) => 0,
            _ => state.next_hits.max(0) as u32,
        };
        let known = state.attack.fixed + rolled + saved;
        let mut best: Option<(f64, i64, usize)> = None;
        for (k, option) in options.iter().enumerate() {
            let (mut cost, mut hits, mut dice) = (0, 0, 0);
            for op in option {
                match op {
                    Op::Spend(Fixed(n), _) => cost += n,
                    Op::Roll(Fixed(n)) => dice += p.x_dice(*n, state.attack.x_mod),
                    Op::Damage(Fixed(n)) => hits += n,
                    _ => {}
                }
            }
            if cost > energy {
                continue;
            }
            let hits = known + hits.clamp(0, 255) as u32;
            let value = p.expected_removed(hits, dice.clamp(0, 99) as u32, reach);
            let better = match best {
                None => true,
                Some((v, c, _)) => value > v + 1e-9 || (value > v - 1e-9 && cost < c),
            };
            if better {
                best = Some((value, cost, k));
            }
        }
        best.map_or(0, |(.., k)| k)
    }
}
