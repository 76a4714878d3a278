//! The Ranger turn, with the cards' effects fired at their moments (`board.rs`); the enemy
//! turn and defense are in `enemy_turn.rs`, a Reaction window in `reaction.rs`, a Ranger's
//! once-per-battle ability in `ability.rs`, the card a search takes and an `X` Attack's
//! energy in `pilot.rs`. With `--effects keywords` no effect fires and no Maneuver,
//! Reaction, `X` Attack or Ranger ability is played: the bare procedure as before
//! (docs/pilots.md#heroes-of-the-grid).
//!
//! Decided here, beyond the procedure's text (effects on;
//! docs/pilots.md#heroes-of-the-grid-the-decisions):
//! - An `X` Attack's expected hits are those of the option of its choice the pilot would
//!   take (the most expected hits the energy pays for); it ranks with the other Attacks.
//!   Played, it spends what removes the most enemy health expected (its hits up to what
//!   its target and the cards they may split to can take), then the least: energy for
//!   hits no card can take is kept
//!   (docs/pilots.md#heroes-of-the-grid-maneuvers-x-attacks-and-paid-cards).
//! - With no Attack to play, a Maneuver is played only when it would change something
//!   (an unguard with a Guard card guarding, a swap worth making, a card to search…),
//!   and never on the final turn, which nothing follows.
//! - With no Attack to play, the pilot plays the cheapest affordable Maneuver in hand whose
//!   effects play (ties by name): a Maneuver only replaces "play nothing".
//! - A Reaction is played (at most one per enemy card and window) when it does something
//!   now — prevents damage about to be dealt, or deals hits to an undefeated enemy card —
//!   and its requirement holds: a free one always (the first in name order), a paid one
//!   when the rest of the turn ends with a higher plan value with it (`reaction.rs`).
//! - A once-per-battle ability is used at the first moment it changes something: a
//!   reroll after an attack's dice show a blank; a shield bonus when a revealed card would
//!   be lost and the bonus keeps it; hits at the start of a Ranger turn when they defeat an
//!   enemy card (the one with the most health left, Guard ignored), else on the final turn
//!   at the one with the least.
//! - A split attack's hits go to its target until it is defeated, the rest to the pilot's
//!   next target (in the same row when the card says so), up to the number of cards named.
//! - The rules of reorder, Guard, hit caps, adjacency and the next attack's bonus are in
//!   `tests/fixtures/effects/pr-hotg.md` ("Decisions the engine must make"): the ranking
//!   puts back the card it would play soonest; an attack that may ignore Guard is aimed
//!   with Guard ignored; a Passive's hit rules lower the expected hits the pilot aims with.
//! - A Ranger's `when you play` ability fires after the played card's own effects (an
//!   Attack's dice rolled and `X` paid), before a reroll.
//!
//! Every decision is a choice point (`Log::pick`, issue 32), with all the options the rules
//! allow at that moment and the pilot's pick:
//! - the card to play on a Ranger turn: each affordable Attack with a target, each
//!   affordable Maneuver whose effects play, or nothing;
//! - the enemy card an Attack targets (each standing card it may target), and where a split
//!   attack's hits past its defeated target go (each card it may target, or nowhere);
//! - a Reaction in each window: each affordable one in hand for it, or none;
//! - each once-per-battle ability when it can be used: a reroll after a blank, a shield at
//!   each reveal, hits at the start of a Ranger turn at any standing card; or not now;
//! - each card discarded from hand (drain, an enemy card's or a cost's discard), one at a
//!   time;
//! - each card a search takes from the deck, or an effect from the discard pile (`pilot.rs`):
//!   each different matching card there; which Guard card Undertow lifts (each there).
//!
//! The `X` of an `X` Attack is its `choose` option, asked by the interpreter (`Board::ask`).
//! Not asked (the pilot's rule stands): how many cards to draw at the battle's start, the
//! order of a reorder, which pair Silent Steps swaps, where a dice roll "at an adjacent
//! card" and damage "to an adjacent card" go, and the Maneuver's target slot (no HGX
//! Maneuver reads it).

use deckhand_core::Trigger;

use super::ability::Ability;
use super::board::{self, At, HotgBoard};
use super::*;
use crate::choice::ChoiceKind;
use crate::effects::{Op, Tgt};

impl PrHotg {
    /// Runs `card`'s effects for `trigger` at `at`.
    pub(super) fn fire<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        at: At,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> u32 {
        if !self.fx.has(card, trigger) {
            return 0;
        }
        let mut board = HotgBoard {
            p: self,
            state,
            rng,
            log,
            at,
        };
        self.fx.fire(card, trigger, &mut board)
    }

    /// True when every `trigger` effect of `card` would happen now (its requirement holds)
    /// and one of them would change something.
    pub(super) fn would_happen(
        &self,
        card: u16,
        trigger: Trigger,
        at: At,
        state: &mut State,
    ) -> bool {
        let mut rng = Rng::from_seed(0);
        let mut log = crate::log::NoLog;
        let board = HotgBoard {
            p: self,
            state,
            rng: &mut rng,
            log: &mut log,
            at,
        };
        let mut effects = self.fx.of(card).iter().filter(|e| e.trigger == trigger);
        // Every requirement holds, and some effect would change something as the board
        // stands (docs/pilots.md#plan-value: a Reaction paid with energy that is not there
        // prevents nothing, so it is not played).
        effects.clone().all(|e| self.fx.holds(e, &board))
            && effects.any(|e| !self.fx.idle(e.steps(), &board))
    }

    pub(super) fn faces(&self) -> u32 {
        self.die.len() as u32
    }

    pub(super) fn roll_die(&self, rng: &mut Rng) -> u8 {
        self.die[rng.below(self.die.len() as u32) as usize]
    }

    /// Pays `cost` from the pool, then stored tokens.
    pub(super) fn pay(&self, state: &mut State, cost: u32) {
        let from_pool = cost.min(state.pool);
        state.pool -= from_pool;
        state.stored -= (cost - from_pool).min(state.stored);
        state.energy_spent += cost;
    }

    pub(super) fn cost(&self, state: &State, card: u16) -> u32 {
        let cost = i32::from(self.f(card).cost) + i32::from(state.cost_mod[card as usize]);
        cost.max(0) as u32
    }

    /// Expected hits × faces of an attack now: its dice (with changes) and fixed hits, and
    /// for an `X` Attack the option of its choice the pilot would take.
    pub(super) fn expected(&self, state: &State, card: u16) -> u32 {
        let f = self.f(card);
        let dice = (i32::from(f.dice) + i32::from(state.dice_mod[card as usize])).max(0) as u32;
        let mut e = dice * self.die_sum + u32::from(f.hits) * self.faces();
        if f.x {
            let energy = state.pool + state.stored;
            let m = state.dice_mod[card as usize].min(0);
            e += self.x_value[card as usize]
                .iter()
                .filter(|(cost, ..)| *cost <= energy)
                .map(|&(_, v, d)| {
                    let fewer = d - self.x_dice(i64::from(d), m) as u32;
                    v - fewer * self.die_sum
                })
                .max()
                .unwrap_or(0);
        }
        e
    }

    /// At most the hits an attack at the card in slot `i` can put to use: the target's
    /// health left (and the first hits its Passive ignores), and with its hits split among
    /// up to `among` cards (`row`: in the target's row), the most the others can take.
    pub(super) fn reach(&self, state: &State, i: usize, (among, row): (u8, bool)) -> u32 {
        let need = |j: usize| {
            let slot = self.slot(state, j);
            self.health_left(slot) + u32::from(slot.ignore)
        };
        let mut others: Vec<u32> = (0..self.sequence_len(state))
            .filter(|&j| j != i && !self.slot(state, j).defeated)
            .filter(|&j| !row || (j < state.top_len) == (i < state.top_len))
            .map(need)
            .collect();
        others.sort_unstable_by(|a, b| b.cmp(a));
        let split: u32 = others.iter().take(usize::from(among) - 1).sum();
        need(i) + split
    }

    /// The hits expected to land, up to `reach`, of `hits` fixed ones and `dice` dice.
    pub(super) fn expected_removed(&self, hits: u32, dice: u32, reach: u32) -> f64 {
        let cap = reach as usize;
        let mut odds = vec![0.0f64; cap + 1];
        odds[(hits as usize).min(cap)] = 1.0;
        let face = 1.0 / self.die.len() as f64;
        for _ in 0..dice {
            let mut next = vec![0.0f64; cap + 1];
            for (s, &w) in odds.iter().enumerate().filter(|(_, &w)| w > 0.0) {
                for &f in &self.die {
                    next[(s + usize::from(f)).min(cap)] += w * face;
                }
            }
            odds = next;
        }
        odds.iter().enumerate().map(|(s, &w)| s as f64 * w).sum()
    }

    /// The dice an `X` Attack's `roll n` rolls with a change `m` to its dice (never fewer
    /// than 1 when it rolls any).
    pub(super) fn x_dice(&self, n: i64, m: i8) -> i64 {
        match n > 0 && m < 0 {
            true => (n + i64::from(m)).max(1),
            false => n,
        }
    }

    /// The card of `pool` the pilot would play soonest (best Attack first, then by name).
    pub(super) fn best_of(&self, pool: &[u16], set: Option<&CardSet>) -> Option<u16> {
        pool.iter()
            .copied()
            .filter(|&c| set.is_none_or(|s| s.contains(c)))
            .min_by_key(|&c| self.play_rank[c as usize])
    }

    /// Adds hits to the card in slot `i`; returns its health left (0: defeated).
    pub(super) fn hit_slot(&self, state: &mut State, i: usize, hits: u32) -> u32 {
        let slot = self.slot_mut(state, i);
        slot.hits = (u32::from(slot.hits) + hits).min(255) as u8;
        let slot = *slot;
        let left = self.health_left(&slot);
        if left == 0 && !slot.defeated {
            self.slot_mut(state, i).defeated = true;
            self.refresh_statics(state);
        }
        left
    }

    /// The enemy card the pilot aims `expected` (× faces) hits at: one it can defeat with
    /// the most health left, else the least health left; never a guarded one (unless
    /// `pierce`: the attack may target one). A card's hit rules lower what it can expect.
    fn aim(
        &self,
        state: &State,
        expected: u32,
        row: Option<bool>,
        pierce: bool,
    ) -> Option<(bool, usize)> {
        let faces = self.faces();
        let slots = (0..self.sequence_len(state))
            .filter(|&i| pierce || !self.guarded(state, i))
            .filter(|&i| row.is_none_or(|top| top == (i < state.top_len)));
        self.pick_target(state, slots, |slot, left| {
            let mut expected = expected.saturating_sub(u32::from(slot.ignore) * faces);
            if slot.cap > 0 {
                expected = expected.min(u32::from(slot.cap) * faces);
            }
            left * faces <= expected
        })
    }

    /// An undefeated card next to slot `i` the attack may target (Guard respected unless
    /// `pierce`), chosen as [`PrHotg::aim`] chooses with `expected` (× faces) hits.
    fn adjacent_target(
        &self,
        state: &State,
        i: usize,
        expected: u32,
        pierce: bool,
    ) -> Option<usize> {
        let slots = self
            .adjacent(state, i)
            .filter(|&j| pierce || !self.guarded(state, j));
        self.pick_target(state, slots, |_, left| left * self.faces() <= expected)
            .map(|(_, j)| j)
    }

    pub(super) fn next_target(&self, state: &State, expected: u32) -> Option<usize> {
        self.aim(state, expected, None, false).map(|(_, i)| i)
    }

    /// A Ranger turn: the pilot's attack (or Maneuver), if any. `Some(Win)` when the last
    /// enemy falls.
    pub(super) fn ranger_turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<Outcome> {
        if self.effects_on {
            self.use_hits_ability(state, rng, log);
            if self.all_defeated(state) {
                return self.won(log);
            }
        }
        let energy = state.pool + state.stored;
        let mut best: Option<((u32, u32, u16), u16)> = None;
        for &c in &self.attacks {
            if state.hand[c as usize] == 0 || self.cost(state, c) > energy {
                continue;
            }
            let e = self.expected(state, c);
            if e == 0 {
                continue;
            }
            let key = (
                u32::MAX - e,
                self.cost(state, c),
                self.deck.name_rank[c as usize],
            );
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, c));
            }
        }
        // An Attack with no enemy card it may target is not playable (Guard).
        let best = best.map(|(_, c)| c).filter(|&c| self.has_target(state, c));
        let maneuver = match best {
            None if self.effects_on => self.first_maneuver(&mut *state),
            _ => None,
        };
        let pilot = best.or(maneuver);
        let pick = log.pick(
            ChoiceKind::Play,
            pilot,
            || self.play_options(state),
            |option| match option {
                Some(c) => self.play_label(state, c),
                None => "Play nothing".to_owned(),
            },
            || match (best, maneuver) {
                (Some(_), _) => "the most expected hits affordable".to_owned(),
                (None, Some(_)) => "no Attack to play, the cheapest Maneuver in hand".to_owned(),
                (None, None) => format!("no Attack in hand that {energy} energy can pay for"),
            },
            || Procedure::zones(self, state),
            rng,
        );
        let Some(card) = pick else {
            if L::ENABLED && pilot.is_none() && self.play_options(state).len() == 1 {
                log.decide(Action::Hold, || {
                    format!("Play nothing: no Attack in hand that {energy} energy can pay for")
                });
            }
            return None;
        };
        if !self.f(card).attack {
            self.play_maneuver(card, state, rng, log);
            return self.all_defeated(state).then(|| self.won(log)).flatten();
        }
        let f = self.f(card);
        let expected = self.expected(state, card);
        let pierce = self.ignores_guard[card as usize];
        let Some(aimed) = self.aim(state, expected, None, pierce) else {
            // Never: the options hold only Attacks with a target.
            return None;
        };
        let i = log.pick(
            ChoiceKind::Target,
            aimed.1,
            || {
                (0..self.sequence_len(state))
                    .filter(|&i| self.targetable(state, i, pierce))
                    .collect()
            },
            |i| {
                let slot = self.slot(state, i);
                format!(
                    "Attack {} ({} health left)",
                    self.enemy_names[slot.enemy as usize],
                    self.health_left(slot)
                )
            },
            || match aimed.0 {
                true => "no card it can expect to defeat, so the one with the least health left"
                    .to_owned(),
                false => "the card with the most health it can expect to defeat".to_owned(),
            },
            || Procedure::zones(self, state),
            rng,
        );
        if !pierce {
            self.count_guards(state);
        }
        let cost = self.cost(state, card);
        self.pay(state, cost);
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
        let dice = (i32::from(f.dice) + i32::from(state.dice_mod[card as usize])).max(0) as u8;
        state.attack.rolls.clear();
        state.attack.fixed = u32::from(f.hits);
        state.attack.split = (1, false);
        state.attack.spent = cost;
        state.attack.card = card;
        state.attack.adjacent = false;
        state.attack.x_mod = if f.x {
            state.dice_mod[card as usize].min(0)
        } else {
            0
        };
        state.attack.notes.clear();
        for _ in 0..dice {
            let face = self.roll_die(rng);
            state.attack.rolls.push(face);
        }
        self.fire(card, Trigger::Played, At::Attack(i), state, rng, log);
        // A played card goes to the discard pile once its effect resolves
        // (docs/pilots.md#heroes-of-the-grid-the-decisions), so
        // its own effect never finds it there.
        state.discard.push(card);
        if self.effects_on {
            self.next_attack_bonus(card, state, log);
            self.fire_plays(card, At::Attack(i), state, rng, log);
        }
        if self.effects_on && state.attack.rolls.contains(&0) {
            if let Some((n, _)) = self.unused(Ability::Reroll, state) {
                self.offer_ability(
                    n,
                    true,
                    || "reroll a blank die".to_owned(),
                    || "the attack's dice show a blank".to_owned(),
                    At::Attack(i),
                    state,
                    rng,
                    log,
                );
            }
        }
        // What the attack's effects did before its hits are counted (more dice, a reroll)
        // is logged before them; what happens as they land, after.
        let before_hits = state.attack.notes.len();
        let rolled: u32 = state.attack.rolls.iter().map(|&h| u32::from(h)).sum();
        let hits = state.attack.fixed + rolled;
        state.hits += hits;
        let left_before = self.health_left(self.slot(state, i));
        // "Roll the dice against the same target or an adjacent enemy card", decided before
        // the roll: at an adjacent card when the fixed hits alone defeat the target.
        let adjacent = state.attack.adjacent
            && rolled > 0
            && self.attack_hits(state, i, state.attack.fixed) >= left_before;
        let hits = if adjacent { state.attack.fixed } else { hits };
        let first = if state.attack.split.0 > 1 {
            hits.min(left_before)
        } else {
            hits
        };
        let enemy = self.slot(state, i).enemy;
        let landed = self.attack_hits(state, i, first);
        if landed < first && L::ENABLED {
            let _ = std::fmt::Write::write_fmt(
                &mut state.attack.notes,
                format_args!(
                    "; its Passive lets {landed} of {first_hits} through",
                    first_hits = deckhand_core::plural::count(first as i64, "hit", "hits")
                ),
            );
        }
        let left = self.hit_slot(state, i, landed);
        if adjacent {
            let expected = u32::from(dice) * self.die_sum;
            if let Some(j) = self.adjacent_target(state, i, expected, pierce) {
                let landed = self.attack_hits(state, j, rolled);
                let after = self.hit_slot(state, j, landed);
                if L::ENABLED {
                    let name = &self.enemy_names[self.slot(state, j).enemy as usize];
                    let _ = std::fmt::Write::write_fmt(
                        &mut state.attack.notes,
                        format_args!(
                            "; its fixed hits defeat the target, so the dice go at the adjacent {name}: {landed_hits}, {after} health left", landed_hits = deckhand_core::plural::count(landed as i64, "hit", "hits")),
                    );
                }
            }
        }
        let mut rest = hits - first;
        let (among, row) = state.attack.split;
        for _ in 1..among {
            if rest == 0 {
                break;
            }
            let row = row.then_some(i < state.top_len);
            let pilot = self
                .aim(state, rest * self.faces(), row, false)
                .map(|(_, j)| j);
            // Where the hits past the defeated target go: any card the attack may target
            // (in the row when the card says so), or nowhere ("you may split").
            let pick = log.pick(
                ChoiceKind::Target,
                pilot,
                || {
                    let mut options: Vec<Option<usize>> = (0..self.sequence_len(state))
                        .filter(|&j| self.targetable(state, j, false))
                        .filter(|&j| row.is_none_or(|top| top == (j < state.top_len)))
                        .map(Some)
                        .collect();
                    options.push(None);
                    options
                },
                |option| match option {
                    Some(j) => {
                        let slot = self.slot(state, j);
                        format!(
                            "Split the hits left ({rest}) to {} ({} health left)",
                            self.enemy_names[slot.enemy as usize],
                            self.health_left(slot)
                        )
                    }
                    None => format!("Split no more hits ({rest} go unused)"),
                },
                || "the card the pilot would aim them at; it takes what defeats it".to_owned(),
                || Procedure::zones(self, state),
                rng,
            );
            let Some(j) = pick else {
                break;
            };
            let take = rest.min(self.health_left(self.slot(state, j)));
            let name = &self.enemy_names[self.slot(state, j).enemy as usize];
            let landed = self.attack_hits(state, j, take);
            let after = self.hit_slot(state, j, landed);
            rest -= take;
            if L::ENABLED {
                let _ = std::fmt::Write::write_fmt(
                    &mut state.attack.notes,
                    format_args!(
                        "; {take_hits} split to {name}, {after} health left",
                        take_hits = deckhand_core::plural::count(take as i64, "hit", "hits")
                    ),
                );
            }
        }
        if left == 0 {
            self.fire(card, Trigger::WinsBattle, At::Won(i), state, rng, log);
        }
        log.decide(Action::Attack, || {
            let enemy = &self.enemy_names[enemy as usize];
            let result = if left == 0 {
                "defeated".to_owned()
            } else {
                format!("{left} health left")
            };
            let (before, after) = state.attack.notes.split_at(before_hits);
            let before = before.strip_prefix("; ").unwrap_or(before);
            let sep = if before.is_empty() { "" } else { "; " };
            format!(
                "{} at {enemy}: {before}{sep}rolled {rolled}, {hits_hits}, {result}{after}",
                self.name(card),
                hits_hits = deckhand_core::plural::count(hits as i64, "hit", "hits")
            )
        });
        if self.all_defeated(state) {
            return self.won(log);
        }
        None
    }

    /// Guard is a rule the procedure applies, not an effect the interpreter resolves: each
    /// Guard card that keeps this attack from a neighbour counts in its `fired_per_game`,
    /// once a battle as a lasting effect does (`Fired::tick` with `Static`).
    fn count_guards(&self, state: &mut State) {
        for g in 0..self.sequence_len(state) {
            let slot = *self.slot(state, g);
            let guards = !slot.defeated && !slot.unguarded && self.e(&slot).guard;
            if guards && self.guards_any(state, g) {
                state
                    .fired
                    .tick(self.enemy_card(slot.enemy), Trigger::Static);
            }
        }
    }

    fn won<L: Log>(&self, log: &mut L) -> Option<Outcome> {
        log.decide(Action::End, || {
            "Every enemy card is defeated: the Rangers win the battle".to_owned()
        });
        Some(Outcome::Win)
    }

    /// The cheapest affordable Maneuver in hand whose effects play and would change
    /// something as the board stands (ties by name). None on the final turn (every enemy
    /// card has resolved): the battle ends with it, and no later turn uses what a
    /// Maneuver gives (energy, a card, a lifted Guard, a new order).
    fn first_maneuver(&self, state: &mut State) -> Option<u16> {
        if state.next >= self.sequence_len(state) {
            return None;
        }
        let energy = state.pool + state.stored;
        self.maneuvers.iter().copied().find(|&c| {
            state.hand[c as usize] > 0
                && self.cost(state, c) <= energy
                && self.maneuver_acts(c, state)
        })
    }

    /// Whether playing the Maneuver `card` would change something as the board stands
    /// (docs/pilots.md#plan-value: an effect whose steps would change nothing is never used,
    /// cost or not): some `played` effect whose requirement holds has a step that acts.
    /// Besides the interpreter's own test, this board judges the steps the interpreter
    /// cannot: an unguard with no Guard card guarding a standing card, a swap with no pair
    /// worth swapping, a reorder of a deck of one card, a draw that would take the deck's
    /// last card.
    fn maneuver_acts(&self, card: u16, state: &mut State) -> bool {
        let at = At::Static(Some(self.next_target(state, 0).unwrap_or(0)));
        let mut rng = Rng::from_seed(0);
        let mut log = crate::log::NoLog;
        let board = HotgBoard {
            p: self,
            state,
            rng: &mut rng,
            log: &mut log,
            at,
        };
        self.fx
            .of(card)
            .iter()
            .filter(|e| e.trigger == Trigger::Played)
            .any(|e| {
                self.fx.holds(e, &board)
                    && !self.fx.idle(e.steps(), &board)
                    && e.steps().iter().any(|op| self.step_acts(op, &board))
            })
    }

    /// Whether the step `op` would change something as `board` stands.
    fn step_acts<L: Log>(&self, op: &Op, board: &HotgBoard<'_, L>) -> bool {
        let state = &*board.state;
        match op {
            Op::Unguard(target) => self.unguard_acts(state, *target),
            Op::SwapAdjacent => self.swap_pair(state).is_some(),
            Op::Reorder(_, zone, _) => *zone == board::DECK && state.deck.len() >= 2,
            // The pilot's draw never takes the deck's last card (`HotgBoard::draw`).
            Op::Draw(_) => state.deck.len() > 1,
            op => !self.fx.idle(std::slice::from_ref(op), board),
        }
    }

    /// Whether an unguard of `target` would stop a Guard card from guarding a standing
    /// card that is not Guard itself.
    fn unguard_acts(&self, state: &State, target: Tgt) -> bool {
        let filter = match target {
            Tgt::This => return false,
            Tgt::Others(f) | Tgt::Each(f) | Tgt::One(f) => f,
        };
        (0..self.sequence_len(state)).any(|i| {
            let slot = self.slot(state, i);
            !slot.defeated
                && !slot.unguarded
                && self.e(slot).guard
                && filter.is_none_or(|f| self.fx.set(f).contains(self.enemy_card(slot.enemy)))
                && self.guards_any(state, i)
        })
    }

    /// The first pair of neighbours in one row, in resolution order, neither resolved yet,
    /// whose left card would deal more (damage and drain; a defeated card none) than its
    /// right one: the pair a swap swaps (its left slot), if any.
    pub(super) fn swap_pair(&self, state: &State) -> Option<usize> {
        let threat = |slot: &Slot| -> u32 {
            if slot.defeated {
                return 0;
            }
            let e = self.e(slot);
            let damage = (i32::from(e.damage) + i32::from(slot.bonus_damage)).max(0) as u32;
            damage + u32::from(e.drain) + u32::from(self.enemy_extra[slot.enemy as usize])
        };
        (state.next..self.sequence_len(state).saturating_sub(1))
            .filter(|&i| (i < state.top_len) == (i + 1 < state.top_len))
            .find(|&i| threat(self.slot(state, i)) > threat(self.slot(state, i + 1)))
    }

    /// Whether the Attack `card` has an enemy card it may target now.
    fn has_target(&self, state: &State, card: u16) -> bool {
        let pierce = self.ignores_guard[card as usize];
        (0..self.sequence_len(state)).any(|i| self.targetable(state, i, pierce))
    }

    /// Whether an attack may target the card in slot `i` (`pierce`: it may ignore Guard).
    fn targetable(&self, state: &State, i: usize, pierce: bool) -> bool {
        !self.slot(state, i).defeated && (pierce || !self.guarded(state, i))
    }

    /// What the active Ranger may play on a Ranger turn: each affordable Attack in hand
    /// with a target (the pilot's order: best first) and, with effects on, each affordable
    /// Maneuver whose effects play (cheapest first); then nothing.
    fn play_options(&self, state: &State) -> Vec<Option<u16>> {
        let energy = state.pool + state.stored;
        let affordable = |&c: &u16| state.hand[c as usize] > 0 && self.cost(state, c) <= energy;
        let mut options: Vec<Option<u16>> = self
            .attacks
            .iter()
            .copied()
            .filter(affordable)
            .filter(|&c| self.has_target(state, c))
            .map(Some)
            .collect();
        if self.effects_on {
            options.extend(self.maneuvers.iter().copied().filter(affordable).map(Some));
        }
        options.push(None);
        options
    }

    /// "Play Talon Dive (1 energy, 3 dice + 0 hits)", "Play Stampede (X energy)", "Play
    /// Updraft (1 energy)".
    fn play_label(&self, state: &State, card: u16) -> String {
        let f = self.f(card);
        let cost = self.cost(state, card);
        if !f.attack {
            return format!("Play {} ({cost} energy)", self.name(card));
        }
        if f.x {
            return format!("Play {} (X energy)", self.name(card));
        }
        let dice = (i32::from(f.dice) + i32::from(state.dice_mod[card as usize])).max(0);
        format!(
            "Play {} ({cost} energy, {dice} dice + {} hits)",
            self.name(card),
            f.hits
        )
    }

    /// Plays the Maneuver `card` (its effects play).
    fn play_maneuver<L: Log>(&self, card: u16, state: &mut State, rng: &mut Rng, log: &mut L) {
        let cost = self.cost(state, card);
        self.pay(state, cost);
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
        let i = self.next_target(state, 0).unwrap_or(0);
        self.fire(card, Trigger::Played, At::Static(Some(i)), state, rng, log);
        state.discard.push(card);
        self.fire_plays(card, At::Static(Some(i)), state, rng, log);
    }

    /// The Rangers' `when you play` abilities, on `card` just played (then it counts as
    /// played this battle).
    pub(super) fn fire_plays<L: Log>(
        &self,
        card: u16,
        at: At,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        for &r in &self.plays_rangers {
            let mut board = HotgBoard {
                p: self,
                state,
                rng,
                log,
                at,
            };
            self.fx.fire_event(r, Trigger::PlaysCard, card, &mut board);
        }
        state.played.push(card);
    }

    /// The bonus for the next attack (Patient Stance) goes to this one when it matches.
    fn next_attack_bonus<L: Log>(&self, card: u16, state: &mut State, log: &mut L) {
        if state.next_hits == 0 {
            return;
        }
        if state
            .next_filter
            .is_some_and(|f| !self.fx.set(f).contains(card))
        {
            return;
        }
        let n = std::mem::take(&mut state.next_hits);
        state.next_filter = None;
        state.attack.fixed = (state.attack.fixed as i32 + n).max(0) as u32;
        if L::ENABLED {
            let _ = log;
            let _ = std::fmt::Write::write_fmt(
                &mut state.attack.notes,
                format_args!(
                    "; {n:+} {n_hits} saved for the next attack",
                    n_hits = deckhand_core::plural::noun(i64::from(n), "hit", "hits")
                ),
            );
        }
    }
}
