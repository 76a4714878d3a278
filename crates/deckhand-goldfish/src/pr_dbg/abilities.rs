//! What each card's Ability is, read once per deck: what its damage reads
//! ([`Ability`]), whether it may raise the plan value without dealing damage, whether it
//! only heals, whether it is a primer. The activation choices (`activation.rs`) read these
//! tables instead of walking the effects at each choice.

use super::*;
use crate::effects::{Amt, Compiled};

/// What an Ability's damage reads, decided once per deck ([`PrDbg::ability_plans`]).
#[derive(Debug, Clone, Copy)]
pub(in crate::pr_dbg) enum Ability {
    /// Its activated effects as (Energy cost, damage), in order; unused entries cost
    /// `i64::MAX`. Nothing else of the board matters.
    Fixed([(i64, i64); 2]),
    /// Its activated effects as [`Counted`], in order (unused entries cost `i64::MAX`):
    /// no requirement, HP check or choice, a fixed Energy cost, and damage that counts
    /// cards (Nadia Okonkwo's Heroes you control, Mentor Imara Vance's Locations). Only
    /// those counts are read on the board.
    Counted([Counted; 2]),
    /// A requirement, an HP check, a counted amount or a choice: read on the board.
    Board,
}

/// One activated effect of an [`Ability::Counted`]: its Energy cost, the damage of its
/// fixed steps, and the one step whose damage counts cards, if any.
#[derive(Debug, Clone, Copy)]
pub(in crate::pr_dbg) struct Counted {
    pub(in crate::pr_dbg) cost: i64,
    fixed: i64,
    per: Option<Count>,
}

/// A counted amount (`Amt::Per`, not by distinct names), as plain data.
#[derive(Debug, Clone, Copy)]
struct Count {
    each: i64,
    filter: Option<u16>,
    zone: Id,
    max: Option<i64>,
}

impl Counted {
    const UNUSED: Counted = Counted {
        cost: i64::MAX,
        fixed: 0,
        per: None,
    };

    /// The damage the effect deals on `board`, as `steps_damage` counts it: each damage
    /// step's amount, at least 0.
    #[inline(always)]
    pub(in crate::pr_dbg) fn damage<B: crate::effects::Board>(
        &self,
        fx: &Programs,
        board: &B,
    ) -> i64 {
        self.fixed
            + self.per.map_or(0, |c| {
                let n = c.each * board.count(c.zone, c.filter.map(|f| fx.set(f)));
                c.max.map_or(n, |m| n.min(m)).max(0)
            })
    }
}

/// `card`'s activated effects, in the order they are stated.
fn activated(fx: &Programs, card: u16) -> impl Iterator<Item = &Compiled> + Clone {
    fx.of(card)
        .iter()
        .filter(|e| e.trigger == Trigger::Activated)
}

/// Whether `steps` deal damage, in any option of a choice.
pub(super) fn deals_damage(steps: &[Op]) -> bool {
    steps.iter().any(|op| match op {
        Op::Damage(_) => true,
        Op::Choose(options, _) => options.iter().any(|option| deals_damage(option)),
        _ => false,
    })
}

impl PrDbg {
    /// Per card, whether an activated effect could raise this turn's plan value when it
    /// deals no damage: it draws, heals, prevents, gains Shards or Energy, readies, changes
    /// a stat, or moves a card into the hand or out of The Grid. Moving a card to a pile or
    /// reordering the main deck changes nothing this turn (The Grid refills only at the next
    /// turn's start), so such an Ability is never weighed and never paid for.
    pub(in crate::pr_dbg) fn weighable(fx: &Programs, cards: usize) -> Vec<bool> {
        fn may_raise(op: &Op) -> bool {
            match op {
                Op::Draw(_)
                | Op::Damage(_)
                | Op::Heal(_)
                | Op::Prevent(_)
                | Op::Ready(..)
                | Op::FillHand(_)
                | Op::Copy(_)
                | Op::Modify { .. } => true,
                Op::Gain(_, resource) => *resource == SHARDS || *resource == ENERGY,
                Op::Move { from, to, .. } => *to == HAND || *from == Z_GRID,
                Op::Choose(options, _) => options.iter().flatten().any(may_raise),
                _ => false,
            }
        }
        (0..cards as u16)
            .map(|card| activated(fx, card).any(|e| e.steps().iter().any(may_raise)))
            .collect()
    }

    /// Per card, whether every activated step heals (Field Medic Lyle).
    pub(in crate::pr_dbg) fn heals_only(fx: &Programs, cards: usize) -> Vec<bool> {
        (0..cards as u16)
            .map(|card| {
                let mut effects = activated(fx, card).peekable();
                effects.peek().is_some()
                    && effects.all(|e| e.steps().iter().all(|op| matches!(op, Op::Heal(_))))
            })
            .collect()
    }

    /// Per card, whether its Ability is a primer ([`PrDbg::primes`]): no activated effect
    /// deals damage and one changes a stat (`modify`).
    pub(in crate::pr_dbg) fn primers(fx: &Programs, cards: usize) -> Vec<bool> {
        (0..cards as u16)
            .map(|card| {
                let mut effects = activated(fx, card).peekable();
                effects.peek().is_some()
                    && activated(fx, card).all(|e| !deals_damage(e.steps()))
                    && effects.any(|e| e.steps().iter().any(|op| matches!(op, Op::Modify { .. })))
            })
            .collect()
    }

    /// Per card, what [`Self::ability_damage`] needs of the board, decided once per deck:
    /// most Abilities read nothing but the Energy, and the pick then costs no walk over
    /// their effects.
    pub(in crate::pr_dbg) fn ability_plans(fx: &Programs, cards: usize) -> Vec<Ability> {
        (0..cards as u16)
            .map(|card| {
                if !activated(fx, card).any(|e| deals_damage(e.steps())) {
                    // A draw, a gain, a choice without damage: 0, whatever the board.
                    return Ability::Fixed([(i64::MAX, 0); 2]);
                }
                let mut steps = [Counted::UNUSED; 2];
                for (n, effect) in activated(fx, card).enumerate() {
                    if !effect.reads_nothing() || n == steps.len() {
                        return Ability::Board;
                    }
                    let mut cost = 0;
                    for op in effect.cost() {
                        match op {
                            Op::Spend(Amt::Fixed(amount), ENERGY) => cost += amount,
                            Op::Spend(_, ENERGY) => return Ability::Board,
                            _ => {}
                        }
                    }
                    let (mut fixed, mut per) = (0, None);
                    for op in effect.steps() {
                        match op {
                            Op::Damage(Amt::Fixed(amount)) => fixed += (*amount).max(0),
                            Op::Damage(Amt::Per {
                                each,
                                filter,
                                zone,
                                max,
                                distinct: false,
                            }) if per.is_none() => {
                                per = Some(Count {
                                    each: *each,
                                    filter: *filter,
                                    zone: *zone,
                                    max: *max,
                                });
                            }
                            Op::Damage(_) | Op::Choose(..) => return Ability::Board,
                            _ => {}
                        }
                    }
                    steps[n] = Counted { cost, fixed, per };
                }
                match steps.iter().any(|e| e.per.is_some()) {
                    true => Ability::Counted(steps),
                    false => Ability::Fixed(steps.map(|e| (e.cost, e.fixed))),
                }
            })
            .collect()
    }

    /// Per card and Energy (0 to 20), the set [`super::activation`]'s `best_set` picks for
    /// an Ability that reads nothing but the Energy ([`Ability::Fixed`]), packed by
    /// [`pack_set`]; [`BOARD_SET`] for one read on the board. The activation choices read
    /// one entry instead of calling and walking the subsets at each choice.
    pub(in crate::pr_dbg) fn fixed_sets(ability: &[Ability]) -> Vec<u32> {
        let mut table = Vec::with_capacity(ability.len() * ENERGIES);
        for plan in ability {
            for energy in 0..ENERGIES as i64 {
                table.push(match plan {
                    Ability::Fixed(steps) => pack_set(super::activation::best_set(steps, energy)),
                    Ability::Counted(_) | Ability::Board => BOARD_SET,
                });
            }
        }
        table
    }
}

/// The Energy values a [`PrDbg::fixed_sets`] row covers: 0 to the cap.
pub(in crate::pr_dbg) const ENERGIES: usize = MAX_ENERGY as usize + 1;

/// A [`PrDbg::fixed_sets`] entry read on the board instead.
pub(in crate::pr_dbg) const BOARD_SET: u32 = u32::MAX;

/// (damage, set, Energy cost) in one word: damage in the high 16 bits, the set (bits over
/// a card's two activated effects) and the cost (at most the Energy, 20) a byte each;
/// [`BOARD_SET`] when the damage does not fit.
fn pack_set((damage, set, cost): (i64, u32, i64)) -> u32 {
    match (u16::try_from(damage), u8::try_from(set), u8::try_from(cost)) {
        (Ok(d), Ok(s), Ok(c)) if u32::from(d) < 0xffff => {
            (u32::from(d) << 16) | (u32::from(s) << 8) | u32::from(c)
        }
        _ => BOARD_SET,
    }
}

/// A packed [`PrDbg::fixed_sets`] entry back as (damage, set, Energy cost).
#[inline(always)]
pub(in crate::pr_dbg) fn unpack_set(entry: u32) -> (i64, u32, i64) {
    (
        i64::from(entry >> 16),
        (entry >> 8) & 0xff,
        i64::from(entry & 0xff),
    )
}
