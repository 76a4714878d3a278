//! Looks carried from one weighing of the primers to the next (`prime`, before each card
//! of the hand and after it): when a card is played as the looks played it, a new look
//! would replay the rest of an old one, draw for draw, so its end is known without playing.
//!
//! The look without a primer from before card k plays k as the turn then plays it, so when
//! nothing but k happened in between (`play_all_fx`'s `steady`) the look from before the
//! next card ends where it ended. The look *with* primer P from before k activates P, then
//! plays k; the one from before the next card plays k, then activates P. The two orders
//! end alike when P's Ability and k's play commute ([`Commute`]):
//! - P's Ability reads nothing (no requirement, a fixed Energy cost) and only changes the
//!   Shards that matching cards make when played, by a fixed amount ([`Commute::primed`]):
//!   it changes nothing of k's play unless k matches and is played, and k's play leaves
//!   nothing P's activation reads.
//! - No effect that can happen while a card is played reads the Energy or the used
//!   Abilities, or pays anything (no `spend`, `ready` or `copy` step and no cost outside
//!   the activated effects; amounts and requirements read zones and HP, never the Energy):
//!   with 4 Energy less, or P used, k's play does the same things with the same draws.
//! - The Energy never reached the cap of 20 while k was played (checked on the game: its
//!   Energy after k is under 20, and Energy only grows then), so each gain adds the same
//!   with P paid before as after.
//!
//! Then P activated before or after k leaves the same state (the stat changes in force
//! only in another order, and they are summed), the same stream, and the same rest of the
//! turn.
//!
//! The look that picked an Ability that deals nothing (`next_activation`) played it as the
//! game then does, so it is the look without a new Ability from there on; and the look
//! with an Ability that only heals is the look without it, HP and Energy apart
//! (`PrDbg::heal_look`).

use super::*;
use crate::effects::Amt;

/// The end of one look, kept to give its plan value from a later state of the same turn
/// (a plan value counts damage and Shards from where its look starts).
#[derive(Debug, Clone, Copy)]
pub(super) struct End {
    goldfish_hp: i32,
    spent: u32,
    hp: i32,
    energy: u32,
    raw: Raw,
    /// What its play tells of the same turn with a primer activated first.
    pub(super) trace: Trace,
    /// A look with a primer cut at its buying (`PrDbg::primer_look_played`): its damage is
    /// only a bound, under the look without's, and the rest of its plan value is not known.
    pub(super) cut: bool,
}

/// What a plan value's HP is made of at the end of a look: the HP before the adversaries'
/// damage, and that damage (`PrDbg::heal_look` adds a heal to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Raw {
    pub(super) hp: i32,
    pub(super) adversaries: i32,
}

/// A plan value (docs/pilots.md#pr-deck-building-plan-value): damage dealt this turn, the
/// printed Shard cost of the cards bought and adversaries Battled, HP, Energy left; compared
/// field by field.
pub(super) type Plan = (i32, u32, i32, u32);

impl End {
    pub(super) fn new(state: &State, (plan, raw): (Plan, Raw), trace: Trace) -> End {
        End {
            goldfish_hp: state.goldfish_hp - plan.0,
            spent: state.spent + plan.1,
            hp: plan.2,
            energy: plan.3,
            raw,
            trace,
            cut: false,
        }
    }

    /// The look from `state` on: its plan value and HP.
    pub(super) fn look(self, state: &State) -> (Plan, Raw) {
        (self.plan(state), self.raw)
    }

    /// The plan value of the look from `state` on.
    pub(super) fn plan(self, state: &State) -> Plan {
        (
            state.goldfish_hp - self.goldfish_hp,
            // A cut look's spent is the state's it was cut from, maybe earlier than `state`.
            self.spent.saturating_sub(state.spent),
            self.hp,
            self.energy,
        )
    }
}

/// How many looks with a primer are carried (more ready primers are looked at afresh).
const MAX_WITH: usize = 2;

/// The looks of the last weighing that declined every primer: without one, and with each
/// ready primer (by activation position) when the deck's primers commute with its cards.
/// Small, since it moves with each weighing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Carried {
    pub(super) without: End,
    with: [End; MAX_WITH],
    /// The positions of `with`, `u8::MAX` when none.
    at: [u8; MAX_WITH],
}

impl Carried {
    pub(super) fn new(state: &State, without: (Plan, Raw), trace: Trace) -> Carried {
        let end = End::new(state, without, trace);
        Carried {
            without: end,
            with: [end; MAX_WITH],
            at: [u8::MAX; MAX_WITH],
        }
    }

    /// Keeps the look with the primer at position `i` (when there is room).
    pub(super) fn keep_with(&mut self, i: usize, end: End) {
        if let Some(k) = self.at.iter().position(|&p| p == u8::MAX) {
            if i < usize::from(u8::MAX) {
                (self.at[k], self.with[k]) = (i as u8, end);
            }
        }
    }

    /// The look with the primer at position `i`, if kept.
    pub(super) fn with_at(&self, i: usize) -> Option<End> {
        let end = (0..MAX_WITH)
            .find(|&k| usize::from(self.at[k]) == i)
            .map(|k| self.with[k]);
        #[cfg(test)]
        if end.is_some() {
            WITH_REUSED.with(|n| n.set(n.get() + 1));
        }
        end
    }

    /// The positions whose looks with a primer are kept, as bits (past 63: none).
    pub(super) fn kept(&self) -> u64 {
        self.at
            .iter()
            .filter(|&&p| p < 64)
            .fold(0, |bits, &p| bits | 1u64 << p)
    }

    /// Forgets the looks with a primer (the card just played does not commute with them).
    pub(super) fn forget_with(&mut self) {
        self.at = [u8::MAX; MAX_WITH];
    }
}

impl PrDbg {
    /// The look with the Ability at position `i` when it only heals
    /// (`Commute::heal_only`), known from the look `without` it. With the hand empty and
    /// no damaging Ability ready (the weighing's premise; less Energy and more HP make
    /// none ready: a smaller set within the Energy, HP checks that hold less often), both
    /// looks only buy and Battle and end the turn, and none of that reads the HP or the
    /// Energy ([`Commute`]): the same draws, damage, buys and Battles. The HP is higher by
    /// the heal, each later heal capped at 30 as this one is, so the HP before the
    /// adversaries' damage is the look's plus the heal, at most 30; the Energy is lower by
    /// the cost when the look never reached the cap of 20 (else it is not known).
    pub(super) fn heal_look<L: Log>(
        &self,
        board: &mut PrBoard<'_, L>,
        i: usize,
        (without, raw): (Plan, Raw),
    ) -> Option<(Plan, Raw)> {
        let (cost, heal) = self.known_look_entry(board.state, i, without, |c| &c.heal_only)?;
        let (energy, hp) = (board.state.energy, board.state.hp);
        let healed = (hp + heal).min(HP) - hp;
        debug_assert!(
            !self.damages_at(board, energy - cost, hp + healed),
            "a heal made a damaging Ability ready"
        );
        let end = (raw.hp + healed).min(HP);
        let left = match board.state.goldfish_hp - without.0 > 0 {
            true => (end - raw.adversaries).max(0),
            false => end,
        };
        let raw = Raw { hp: end, ..raw };
        #[cfg(test)]
        HEALS_KNOWN.with(|n| n.set(n.get() + 1));
        Some(((without.0, without.1, left.min(HP), without.3 - cost), raw))
    }

    /// Whether the weighing of the Ability at position `i`, when it only heals
    /// (`Commute::heal_only`), is known to pick it without either look: [`Self::heal_look`]'s
    /// premise holds (the hand empty, the Energy covers it; both looks then deal, buy and
    /// Battle alike), the heal raises the HP now, and the look without ends under 30 HP
    /// before the adversaries' damage: only heals raise HP, and the rest of a look heals at
    /// most what The Grid's cards heal when Battled ([`Commute::battle_heal`]), so it ends
    /// at most at the HP now plus those. The look with her then ends with the heal more,
    /// above the 6 adversaries The Grid can hold, so higher than without: she is picked
    /// (docs/pilots.md#plan-value). Debug builds play both looks and compare.
    pub(super) fn heal_pick<L: Log>(&self, board: &mut PrBoard<'_, L>, i: usize) -> bool {
        let Some(commute) = self.commute.as_ref() else {
            return false;
        };
        let Some(battle_heal) = commute.battle_heal.as_ref() else {
            return false;
        };
        let Some(card) = self.at_position(board.state, i) else {
            return false;
        };
        let Some((cost, heal)) = commute.heal_only[usize::from(card)] else {
            return false;
        };
        let s = &*board.state;
        let hp = s.hp;
        if !s.hand.is_empty() || s.energy < cost || hp >= HP {
            return false;
        }
        let healed = (hp + heal).min(HP) - hp;
        // With the Shards and prices fixed for the rest (`Commute::rest_shards_fixed`), a
        // card whose Battle price is over the Shards now is never Battled.
        let fixed = commute.rest_shards_fixed;
        let rest: u32 = s
            .grid
            .iter()
            .filter(|&&c| c != NONE && (!fixed || self.battle_price(s, c) <= s.shards))
            .map(|&c| battle_heal.get(usize::from(c)).copied().unwrap_or(0))
            .sum();
        if healed <= 0
            || i64::from(hp) + i64::from(rest) >= i64::from(HP)
            || hp + healed <= GRID as i32
        {
            return false;
        }
        debug_assert!(
            self.look(board.state, board.rng, Some(i)).0
                > self.look(board.state, board.rng, None).0,
            "a heal known to be picked ends no better than the look without it"
        );
        #[cfg(test)]
        HEAL_PICKS.with(|n| n.set(n.get() + 1));
        true
    }

    /// The look with the Ability at position `i` when it only gains Energy
    /// (`Commute::energy_only`), known from the look `without` it. With the hand empty, the
    /// Ability paid and its Energy gained (at most 20) and no damaging Ability ready at that
    /// Energy (asked here: more Energy may make one ready), the look's own Abilities
    /// activate nothing (nothing is weighed inside a look), so both looks only buy and
    /// Battle and end the turn, and none of that reads the Energy or the used Abilities
    /// ([`Commute`]): the same draws, damage, buys, Battles and HP. Only gains add Energy
    /// there, so when the look without never reached the cap of 20 (its end is under it),
    /// the look with ends higher by what the Ability changed, at most 20.
    pub(super) fn energy_look<L: Log>(
        &self,
        board: &mut PrBoard<'_, L>,
        i: usize,
        (without, raw): (Plan, Raw),
    ) -> Option<(Plan, Raw)> {
        let (cost, gain) = self.known_look_entry(board.state, i, without, |c| &c.energy_only)?;
        let (energy, hp) = (board.state.energy, board.state.hp);
        let after = (energy - cost + gain).min(MAX_ENERGY);
        if self.damages_at(board, after, hp) {
            return None;
        }
        let end = i64::from(without.3) + i64::from(after) - i64::from(energy);
        let end = end.clamp(0, i64::from(MAX_ENERGY)) as u32;
        #[cfg(test)]
        ENERGY_KNOWN.with(|n| n.set(n.get() + 1));
        Some(((without.0, without.1, without.2, end), raw))
    }

    /// The premise the looks known from the look `without` share ([`Self::heal_look`],
    /// [`Self::energy_look`]): the Ability at position `i` has an entry in `table` (its
    /// Energy cost and what it changes), the hand is empty, the Energy covers it and the
    /// look without it ended under the cap of 20. The entry, when all hold.
    #[inline(always)]
    fn known_look_entry<T: Copy>(
        &self,
        state: &State,
        i: usize,
        without: Plan,
        table: impl Fn(&Commute) -> &[Option<(u32, T)>],
    ) -> Option<(u32, T)> {
        let card = self.at_position(state, i)?;
        let (cost, change) = table(self.commute.as_ref()?)[usize::from(card)]?;
        if !state.hand.is_empty() || state.energy < cost || without.3 >= MAX_ENERGY {
            return None;
        }
        Some((cost, change))
    }

    /// Whether some unused Ability in play would deal damage with `energy` on the tracker
    /// and `hp` HP, as `rank_activation` ranks it (primers apart).
    fn damages_at<L: Log>(&self, board: &mut PrBoard<'_, L>, energy: u32, hp: i32) -> bool {
        let saved = (board.state.energy, board.state.hp, board.card);
        (board.state.energy, board.state.hp) = (energy, hp);
        let own = board.state.attached.len();
        let last = self.activation_cost.len() - 1;
        let positions = own + 1 + board.state.zord_bay.len();
        let mut any = false;
        for p in 0..positions {
            let s = &*board.state;
            let (card, used) = match p {
                _ if p < own => (s.attached[p], s.used.has(p)),
                _ if p == own && s.flipped > 0 => (self.character, s.used.has(own)),
                _ if p == own => (NONE, true),
                _ => (s.zord_bay[p - own - 1], s.zord_used.has(p - own - 1)),
            };
            if used
                || self.activation_cost[usize::from(card).min(last)] > energy
                || self.primes[usize::from(card)]
            {
                continue;
            }
            board.card = card;
            if self.ability_set(card, board).0 > 0 {
                any = true;
                break;
            }
        }
        (board.state.energy, board.state.hp, board.card) = saved;
        any
    }
}

#[cfg(test)]
thread_local! {
    /// How many looks with a primer this thread took from a carried one (tests only).
    pub(in crate::pr_dbg) static WITH_REUSED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many weighings of the primers this thread knew from the carried looks alone
    /// (tests only).
    pub(in crate::pr_dbg) static PRIMES_KNOWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many looks without a new Ability skipped the Abilities (tests only).
    pub(in crate::pr_dbg) static IDLE_LOOKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many looks with an Energy gain this thread knew from the look without it
    /// (tests only).
    pub(in crate::pr_dbg) static ENERGY_KNOWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many looks with a heal this thread knew from the look without it (tests only).
    pub(in crate::pr_dbg) static HEALS_KNOWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many heals this thread picked with no look (`PrDbg::heal_pick`; tests only).
    pub(in crate::pr_dbg) static HEAL_PICKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many Abilities this thread activated with the set of effects their ranking
    /// chose (`activate_set`), each checked against a new `ability_set` (tests only).
    pub(in crate::pr_dbg) static SETS_CARRIED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many reactions to a card played this thread resolved from the played cards'
    /// bits (`rewards.rs`; tests only).
    pub(in crate::pr_dbg) static REWARDS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many looks with a primer this thread knew from the look without it
    /// (`primer_look.rs`; tests only).
    pub(in crate::pr_dbg) static PRIMER_LOOKS_KNOWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many looks with a primer this thread cut at their buying
    /// (`PrDbg::primer_look_played`; tests only).
    pub(in crate::pr_dbg) static PRIMER_LOOKS_CUT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many activation choices this thread answered "none" before ranking, nothing
    /// being ready (`next_activation`; tests only).
    pub(in crate::pr_dbg) static NOTHING_READY: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many turns this thread ended by adopting the look that played their end
    /// (`ahead.rs`; tests only).
    pub(in crate::pr_dbg) static ADOPTED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// What the deck's looks may take from other looks: the cards the primers' stat changes
/// reach (their looks are carried across the others) and the Abilities that only heal.
pub(in crate::pr_dbg) struct Commute {
    /// Per card, whether some primer's stat change reaches it when played.
    pub(in crate::pr_dbg) primed: Vec<bool>,
    /// Per card, an Ability that only heals, (Energy paid, HP healed), when no effect that
    /// can happen while buying, Battling or ending the turn reads the HP: one activated
    /// effect that reads nothing, a fixed Energy cost and fixed heals (Field Medic Lyle).
    /// Its look is known from the look without it (`PrDbg::heal_look`).
    pub(in crate::pr_dbg) heal_only: Vec<Option<(u32, i32)>>,
    /// Per card, an Ability that only gains Energy, (Energy paid, Energy gained): one
    /// activated effect that reads nothing, a fixed Energy cost and fixed Energy gains
    /// (Signal Beacon, Tide Leech). Its look is known from the look without it when no
    /// damaging Ability becomes ready (`PrDbg::energy_look`).
    pub(in crate::pr_dbg) energy_only: Vec<Option<(u32, u32)>>,
    /// Per card, the Energy a primer's Ability pays (`primer_look.rs`).
    pub(in crate::pr_dbg) primer_spend: Vec<Option<u32>>,
    /// Per card with a damaging Ability, the Energy all its activated effects cost together
    /// when each pays only fixed Energy and no step reads or pays Energy (`blind`), else
    /// `u32::MAX`; 0 for the others (`primer_look.rs`).
    pub(in crate::pr_dbg) full_cost: Vec<u32>,
    /// Per card, the most HP its `battles` effects heal (fixed heals, summed), when no other
    /// effect that can happen while buying, Battling or ending the turn heals and none moves
    /// a card into The Grid: then a look's rest heals at most what The Grid's cards heal
    /// when Battled (`PrDbg::heal_pick`). `None` otherwise.
    pub(in crate::pr_dbg) battle_heal: Option<Vec<u32>>,
    /// Per card, the most damage its `battles` effects deal the goldfish, on the terms of
    /// `battle_heal`: then a look's rest deals at most what The Grid's cards deal when
    /// Battled (`PrDbg::cut_look`).
    pub(in crate::pr_dbg) battle_damage: Option<Vec<u32>>,
    /// Whether no effect of a moment a look's rest can reach gains Shards or changes a stat:
    /// there the Shards only fall and Battle prices stay as they are (`PrDbg::heal_pick`).
    pub(in crate::pr_dbg) rest_shards_fixed: bool,
}

impl Commute {
    /// `None` when some primer or some effect breaks the conditions in the module comment.
    pub(in crate::pr_dbg) fn of(fx: &Programs, primes: &[bool]) -> Option<Commute> {
        let cards = primes.len();
        let mut primed = vec![false; cards];
        for card in 0..cards as u16 {
            for effect in fx.of(card) {
                let activated = effect.trigger == Trigger::Activated;
                if activated && primes[usize::from(card)] {
                    let fixed_cost = effect
                        .cost()
                        .iter()
                        .all(|op| matches!(op, Op::Spend(Amt::Fixed(_), ENERGY)));
                    if !effect.reads_nothing() || effect.optional || !fixed_cost {
                        return None;
                    }
                    for op in effect.steps() {
                        let Op::Modify {
                            stat: SHARDS_STAT,
                            by: Amt::Fixed(_),
                            target: Tgt::Each(Some(f)) | Tgt::Others(Some(f)),
                            ..
                        } = op
                        else {
                            return None;
                        };
                        for (c, p) in primed.iter_mut().enumerate() {
                            *p |= fx.set(*f).contains(c as u16);
                        }
                    }
                } else if !activated && (!effect.cost().is_empty() || !blind(effect.steps())) {
                    return None;
                }
            }
        }
        // Moments of a look's buying, Battling and turn end (played cards and the turn's
        // start are not among them).
        let hp_blind = (0..cards as u16).all(|card| {
            fx.of(card)
                .iter()
                .all(|e| !in_looks_rest(e.trigger) || !e.reads_hp())
        });
        let heal_only = (0..cards as u16)
            .map(|card| {
                let heal = |op: &Op| match op {
                    Op::Heal(Amt::Fixed(n)) => i32::try_from(*n).ok(),
                    _ => None,
                };
                let (cost, heal) = fixed_energy_ability(fx, card, heal)?;
                (hp_blind && heal > 0).then_some((cost, heal))
            })
            .collect();
        let energy_only = (0..cards as u16)
            .map(|card| {
                let gain = |op: &Op| match op {
                    Op::Gain(Amt::Fixed(n), ENERGY) => u32::try_from(*n).ok(),
                    _ => None,
                };
                let (cost, gain) = fixed_energy_ability(fx, card, gain)?;
                (gain > 0).then_some((cost, gain))
            })
            .collect();
        let activated_costs = |card: u16| {
            let mut total = 0u32;
            for e in fx
                .of(card)
                .iter()
                .filter(|e| e.trigger == Trigger::Activated)
            {
                for op in e.cost() {
                    let Op::Spend(Amt::Fixed(n), ENERGY) = op else {
                        return None;
                    };
                    total = total.saturating_add(u32::try_from(*n).ok()?);
                }
                if !blind(e.steps()) {
                    return None;
                }
            }
            Some(total)
        };
        let primer_spend = (0..cards as u16)
            .map(|card| match primes[usize::from(card)] {
                true => activated_costs(card),
                false => None,
            })
            .collect();
        let full_cost = (0..cards as u16)
            .map(|card| {
                let damaging = fx.of(card).iter().any(|e| {
                    e.trigger == Trigger::Activated && super::abilities::deals_damage(e.steps())
                });
                match damaging {
                    true => activated_costs(card).unwrap_or(u32::MAX),
                    false => 0,
                }
            })
            .collect();
        let battle_heal = battle_heals(fx, cards);
        let battle_damage = battle_damages(fx, cards);
        let rest_shards_fixed = rest_shards_fixed(fx, cards);
        Some(Commute {
            primed,
            heal_only,
            energy_only,
            primer_spend,
            full_cost,
            battle_heal,
            battle_damage,
            rest_shards_fixed,
        })
    }
}

/// A card's one activated effect when it reads nothing, is not optional, pays only fixed
/// Energy and its every step is one `step` reads a fixed amount of: (the Energy cost, the
/// steps' amounts added). The shape of [`Commute::heal_only`]'s and
/// [`Commute::energy_only`]'s Abilities.
fn fixed_energy_ability<T: Default + std::ops::AddAssign>(
    fx: &Programs,
    card: u16,
    step: impl Fn(&Op) -> Option<T>,
) -> Option<(u32, T)> {
    let mut activated = fx
        .of(card)
        .iter()
        .filter(|e| e.trigger == Trigger::Activated);
    let (Some(effect), None) = (activated.next(), activated.next()) else {
        return None;
    };
    if !effect.reads_nothing() || effect.optional {
        return None;
    }
    let mut cost = 0;
    for op in effect.cost() {
        let Op::Spend(Amt::Fixed(n), ENERGY) = op else {
            return None;
        };
        cost += u32::try_from(*n).ok()?;
    }
    let mut total = T::default();
    for op in effect.steps() {
        total += step(op)?;
    }
    Some((cost, total))
}

/// Whether `steps` neither read nor pay Energy and read no used Ability.
fn blind(steps: &[Op]) -> bool {
    steps.iter().all(|op| match op {
        Op::Spend(..) | Op::Ready(..) | Op::Copy(_) => false,
        Op::Choose(options, _) => options.iter().all(|o| blind(o)),
        _ => true,
    })
}

/// [`Commute::battle_heal`]: per card, the fixed heals of its `battles` effects, when every
/// other effect of a moment a look's rest can reach (not an Ability, a card played, the
/// turn's start or a standing bonus) heals nothing, and no effect moves a card into The
/// Grid (so only The Grid's cards now can be Battled, each once).
fn battle_heals(fx: &Programs, cards: usize) -> Option<Vec<u32>> {
    battle_sums(fx, cards, |op| match op {
        Op::Heal(Amt::Fixed(n)) => Some(Some(u32::try_from(*n).unwrap_or(0))),
        Op::Heal(_) => Some(None),
        _ => None,
    })
}

/// [`Commute::battle_damage`]: [`battle_heals`] for the damage dealt to the goldfish.
fn battle_damages(fx: &Programs, cards: usize) -> Option<Vec<u32>> {
    battle_sums(fx, cards, |op| match op {
        Op::Damage(Amt::Fixed(n)) => Some(Some(u32::try_from(*n).unwrap_or(0))),
        Op::Damage(_) => Some(None),
        _ => None,
    })
}

/// Per card, the fixed amounts of one kind of step (`kind`: `None` for a step of another
/// kind, `Some(None)` for one of the kind whose amount is not fixed) in its `battles`
/// effects, summed (a choice counts every option), when every other effect of a moment a
/// look's rest can reach (not an Ability, a card played, the turn's start or a standing
/// bonus) has none, and no effect moves a card into The Grid (so only The Grid's cards now
/// can be Battled, each once).
fn battle_sums(
    fx: &Programs,
    cards: usize,
    kind: impl Fn(&Op) -> Option<Option<u32>> + Copy,
) -> Option<Vec<u32>> {
    fn sum(ops: &[Op], kind: impl Fn(&Op) -> Option<Option<u32>> + Copy) -> Option<u32> {
        let mut total = 0u32;
        for op in ops {
            total = total.saturating_add(match (op, kind(op)) {
                (_, Some(n)) => n?,
                (Op::Choose(options, _), None) => {
                    let mut all = 0u32;
                    for o in options {
                        all = all.saturating_add(sum(o, kind)?);
                    }
                    all
                }
                _ => 0,
            });
        }
        Some(total)
    }
    // A copied Ability could count too: none is counted, so none may be copied.
    fn to_grid(ops: &[Op]) -> bool {
        ops.iter().any(|op| match op {
            Op::Move { to, .. } => *to == super::board::Z_GRID,
            Op::Copy(_) => true,
            Op::Choose(options, _) => options.iter().any(|o| to_grid(o)),
            _ => false,
        })
    }
    let mut table = vec![0u32; cards];
    for card in 0..cards as u16 {
        for e in fx.of(card) {
            let reach = !matches!(
                e.trigger,
                Trigger::Activated | Trigger::Played | Trigger::PlaysCard | Trigger::TurnStart
            );
            if (to_grid(e.steps()) || to_grid(e.cost())) && reach {
                return None;
            }
            if !in_looks_rest(e.trigger) {
                continue;
            }
            let amount = sum(e.steps(), kind)?.saturating_add(sum(e.cost(), kind)?);
            match e.trigger {
                Trigger::Battles => {
                    let t = &mut table[usize::from(card)];
                    *t = t.saturating_add(amount);
                }
                _ if amount > 0 => return None,
                _ => {}
            }
        }
    }
    Some(table)
}

/// [`Commute::rest_shards_fixed`]: no effect of a moment a look's rest can reach (not an
/// Ability, a card played, the turn's start or a standing bonus) gains Shards, changes a
/// stat (a Battle price) or copies an effect that could.
fn rest_shards_fixed(fx: &Programs, cards: usize) -> bool {
    fn fixed(ops: &[Op]) -> bool {
        ops.iter().all(|op| match op {
            Op::Gain(_, resource) => *resource != SHARDS,
            Op::Modify { .. } | Op::Copy(_) => false,
            Op::Choose(options, _) => options.iter().all(|o| fixed(o)),
            _ => true,
        })
    }
    (0..cards as u16).all(|card| {
        fx.of(card)
            .iter()
            .all(|e| !in_looks_rest(e.trigger) || (fixed(e.steps()) && fixed(e.cost())))
    })
}

/// Whether an effect of `trigger` can happen in a look's buying, Battling and turn end:
/// not an Ability, a card played, the turn's start or a standing bonus.
fn in_looks_rest(trigger: Trigger) -> bool {
    !matches!(
        trigger,
        Trigger::Activated
            | Trigger::Played
            | Trigger::PlaysCard
            | Trigger::TurnStart
            | Trigger::Static
    )
}
