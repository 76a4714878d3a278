//! Resolving an effect on a [`Board`]: its requirement, whether it would change anything,
//! its cost and its steps, and counting it as fired.

use deckhand_core::{HpCheck, Trigger};

use super::{Amt, Board, Compiled, Op, Programs};

impl Programs {
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
    /// cost one `match`, made here without a call ([`surely_acts`]).
    #[inline(always)]
    pub fn idle<B: Board>(&self, steps: &[Op], board: &B) -> bool {
        match steps.first() {
            None => false,
            Some(op) if surely_acts(op) => {
                debug_assert!(!self.idle_walk(steps, board), "a step that surely acts");
                false
            }
            Some(_) => self.idle_walk(steps, board),
        }
    }

    /// [`Self::idle`]'s walk over the steps.
    fn idle_walk<B: Board>(&self, steps: &[Op], board: &B) -> bool {
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

    pub(super) fn amount<B: Board>(&self, amount: &Amt, board: &B) -> i64 {
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

/// Whether [`Programs::idle`]'s walk would find `op` not idle without reading the board: a
/// step it never judges, or a fixed amount above 0 of one it judges by its amount alone.
#[inline]
fn surely_acts(op: &Op) -> bool {
    match op {
        Op::Move { .. } | Op::Ready(..) | Op::Prevent(_) | Op::Spend(..) | Op::Choose(..) => false,
        Op::Draw(a) | Op::Damage(a) | Op::Heal(a) | Op::Gain(a, _) => {
            matches!(a, Amt::Fixed(n) if *n > 0)
        }
        _ => true,
    }
}
