//! PR Deck-Building's effect board for the shared interpreter: the zone, resource and stat
//! ids, what the procedure plays of the effects vocabulary (`PLAYS`), and one effect's view
//! of a game ([`PrBoard`]) with the pilot's choices inside an effect (`moments.rs`'s module
//! comment states them).

use super::*;
use crate::effects::{count_cards, Move};

pub(super) const DECK: Id = 0;
pub(super) const HAND: Id = 1;
pub(super) const DISCARD: Id = 2;
pub(in crate::pr_dbg) const PLAYED: Id = 3;
pub(super) const CONTROL: Id = 4;
pub(super) const ATTACHED: Id = 5;
pub(super) const Z_GRID: Id = 6;
pub(super) const MAIN_DECK: Id = 7;
pub(super) const MAIN_DISCARD: Id = 8;
pub(super) const BATTLED: Id = 9;
pub(super) const DESTROYED: Id = 10;
pub(super) const ZORD_BAY: Id = 11;

pub(super) const SHARDS: Id = 0;
pub(super) const ENERGY: Id = 1;

pub(super) const BATTLE_COST: Id = 0;
pub(super) const SHARD_COST: Id = 1;
pub(super) const SHARDS_STAT: Id = 2;

/// What the PR Deck-Building procedure runs of the effects vocabulary.
pub(in crate::pr_dbg) const PLAYS: Plays = Plays {
    pilot: "the PR Deck-Building pilot",
    triggers: &[
        Trigger::Played,
        Trigger::Activated,
        Trigger::Battles,
        Trigger::WinsBattle,
        Trigger::Summoned,
        Trigger::TurnStart,
        Trigger::TurnEnd,
        Trigger::Static,
        Trigger::PlaysCard,
        Trigger::AttachesCard,
        Trigger::DestroysCard,
        Trigger::BuysCard,
    ],
    zones: &[
        "deck",
        "hand",
        "discard",
        "played",
        "control",
        "attached",
        "grid",
        "main_deck",
        "main_discard",
        "battled",
        "destroyed",
        "zord_bay",
    ],
    moves: &[
        ("control", "destroyed"),
        ("hand", "destroyed"),
        ("discard", "destroyed"),
        ("discard", "attached"),
        ("discard", "zord_bay"),
        ("discard", "control"),
        ("grid", "main_discard"),
        ("grid", "discard"),
        ("grid", "main_deck"),
        ("grid", "battled"),
        ("main_deck", "grid"),
        ("main_deck", "main_discard"),
        ("main_discard", "discard"),
        ("hand", "deck"),
        ("deck", "discard"),
    ],
    steps: &[
        StepKind::Draw,
        StepKind::Discard,
        StepKind::Damage,
        StepKind::Heal,
        StepKind::Gain,
        StepKind::Spend,
        StepKind::Modify,
        StepKind::Choose,
        StepKind::Ready,
        StepKind::Copy,
        StepKind::Reorder,
    ],
    reads: &[Reading::HpRequirement, Reading::DistinctNames],
    resources: &["shards", "energy"],
    stats: &["battle_cost", "shard_cost", "shards"],
    structural: &["Ongoing", "Attack", "Block"],
    unplayed_types: &[],
    card_rule,
};

fn card_rule(_: &Card, _: EffectsMode) -> Option<GoldfishNote> {
    None
}

/// One effect's view of a PR Deck-Building game; `card` is the effect's card.
pub(super) struct PrBoard<'a, L: Log> {
    pub(super) p: &'a PrDbg,
    pub(super) state: &'a mut State,
    pub(super) rng: &'a mut Rng,
    pub(super) log: &'a mut L,
    pub(super) card: u16,
}

pub(super) fn keep(set: Option<&CardSet>, card: u16) -> bool {
    set.is_none_or(|s| s.contains(card))
}

impl<L: Log> PrBoard<'_, L> {
    pub(super) fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            self.log.decide(Action::Play, || text);
        }
    }

    /// The least useful matching Stun or Starter in `cards`, by position.
    pub(super) fn fodder_in(&self, cards: &[u16], set: Option<&CardSet>) -> Option<usize> {
        let p = self.p;
        (0..cards.len())
            .filter(|&i| keep(set, cards[i]) && p.fodder[cards[i] as usize])
            .min_by_key(|&i| p.useless_rank(cards[i]))
    }

    /// A Grid card to send away: an adversary with the highest Battle cost, else the card
    /// the buying rule ranks last.
    pub(super) fn grid_pick(&self, set: Option<&CardSet>, adversaries_only: bool) -> Option<usize> {
        let p = self.p;
        let grid = &self.state.grid;
        (0..GRID)
            .filter(|&i| grid[i] != NONE && keep(set, grid[i]))
            .filter(|&i| !adversaries_only || p.adversary[grid[i] as usize])
            .max_by_key(|&i| {
                let c = grid[i] as usize;
                let adversary = p.adversary[c];
                let battle = if adversary { p.battle_cost[c] } else { 0 };
                (adversary, battle, u32::MAX - p.buy_key[c], GRID - i)
            })
    }

    /// The card the buying rule ranks first among `cards` (one the side may buy).
    pub(super) fn best_buy(&self, cards: &[u16], set: Option<&CardSet>) -> Option<usize> {
        let p = self.p;
        (0..cards.len())
            .filter(|&i| keep(set, cards[i]) && p.may_buy(cards[i]))
            .max_by_key(|&i| (p.buy_key[cards[i] as usize], cards.len() - i))
    }

    /// Takes one matching card out of `from` for a move to `to`.
    pub(super) fn take(&mut self, from: Id, to: Id, set: Option<&CardSet>) -> Option<u16> {
        let p = self.p;
        let destroying = to == DESTROYED;
        match from {
            CONTROL => {
                // Played Stuns and Starters only (the pilot never destroys what it bought).
                let i = self.fodder_in(&self.state.played, set)?;
                let card = self.state.played.remove(i);
                // Only the played cards changed: the standing reactors stand.
                p.reread_played(self.state);
                Some(card)
            }
            HAND | DISCARD => {
                let cards: &[u16] = if from == HAND {
                    self.state.hand.as_slice()
                } else {
                    &self.state.discard
                };
                let i = if destroying {
                    self.fodder_in(cards, set)?
                } else if to == DECK {
                    (0..cards.len())
                        .filter(|&i| keep(set, cards[i]))
                        .min_by_key(|&i| p.useless_rank(cards[i]))?
                } else {
                    // "This card": the one gained last.
                    (0..cards.len()).rev().find(|&i| keep(set, cards[i]))?
                };
                if from == HAND {
                    self.state.hand.remove(i)
                } else {
                    Some(self.state.discard.remove(i))
                }
            }
            Z_GRID => {
                let i = match to {
                    DISCARD => self.best_buy(&self.state.grid, set)?,
                    BATTLED => self.grid_pick(set, true)?,
                    _ => self.grid_pick(set, false)?,
                };
                let card = self.state.grid[i];
                self.state.grid[i] = NONE;
                Some(card)
            }
            MAIN_DECK => self.state.main_deck.draw(self.rng),
            MAIN_DISCARD => {
                let i = self.best_buy(&self.state.main_discard, set)?;
                Some(self.state.main_discard.remove(i))
            }
            DECK => {
                // Look at the top card: it stays on top, known, unless it matches.
                let s = &mut *self.state;
                let top = match s.deck_top.pop() {
                    Some(card) => card,
                    None if s.draw_pile.is_empty() => return None,
                    None => {
                        let i = self.rng.below(s.draw_pile.len() as u32) as usize;
                        s.draw_pile.swap_remove(i)
                    }
                };
                if keep(set, top) {
                    Some(top)
                } else {
                    s.deck_top.push(top);
                    let name = p.name(top);
                    self.note(|| format!("look at the top card of your deck: {name}, kept"));
                    None
                }
            }
            _ => None,
        }
    }

    /// Puts `card` into `to`; false when it cannot go there (no empty slot or space).
    pub(super) fn put(&mut self, card: u16, to: Id) -> bool {
        let p = self.p;
        let s = &mut *self.state;
        match to {
            DESTROYED => s.destroyed.push(card),
            DISCARD => s.discard.push(card),
            MAIN_DISCARD => s.main_discard.push(card),
            MAIN_DECK => {
                // Only a card that came from the main deck can go back into it (The Grid's
                // do); anything else stays where it was, never lost.
                let before = s.main_deck.len();
                s.main_deck.put_back(card);
                if s.main_deck.len() == before {
                    return false;
                }
            }
            DECK => s.deck_top.push(card),
            CONTROL => {
                s.control.push(card);
                s.standing_fx |= p.fx.mask(card);
                s.reactors_stale |= p.fx.reacts_to_events(card);
            }
            ZORD_BAY => {
                s.zord_bay.push(card);
                s.standing_fx |= p.fx.mask(card);
                s.reactors_stale |= p.fx.reacts_to_events(card);
            }
            Z_GRID => match s.grid.iter().position(|&c| c == NONE) {
                Some(i) => s.grid[i] = card,
                None => return false,
            },
            ATTACHED => match p.empty_slot(s, card) {
                Some(slot) => p.attach(card, slot, self.state, self.rng, self.log),
                None => return false,
            },
            _ => return false,
        }
        true
    }

    /// Moves one card back where `take` found it when `put` refused it.
    pub(super) fn undo(&mut self, card: u16, from: Id) {
        let s = &mut *self.state;
        match from {
            HAND => s.hand.push_back(card),
            DISCARD => s.discard.push(card),
            MAIN_DECK => s.main_deck.put_back(card),
            MAIN_DISCARD => s.main_discard.push(card),
            Z_GRID => {
                if let Some(i) = s.grid.iter().position(|&c| c == NONE) {
                    s.grid[i] = card;
                }
            }
            DECK => s.deck_top.push(card),
            _ => {
                s.played.push(card);
                self.p.mark_played(s, card);
                s.played_fx |= self.p.fx.mask(card);
            }
        }
    }

    /// How many of `set` a move from `from` to `to` could take in full.
    pub(super) fn available(&self, from: Id, to: Id, set: Option<&CardSet>) -> i64 {
        let s = &*self.state;
        let fodder = |cards: &[u16]| {
            cards
                .iter()
                .filter(|&&c| keep(set, c) && self.p.fodder[c as usize])
                .count() as i64
        };
        // "Gain a card": only one the side may buy (`take`'s `best_buy`).
        let gainable = |cards: &[u16]| {
            cards
                .iter()
                .filter(|&&c| c != NONE && keep(set, c) && self.p.may_buy(c))
                .count() as i64
        };
        match (from, to) {
            (CONTROL, _) => fodder(&s.played),
            (HAND, DESTROYED) => fodder(s.hand.as_slice()),
            (DISCARD, DESTROYED) => fodder(&s.discard),
            (MAIN_DISCARD, _) => gainable(&s.main_discard),
            (Z_GRID, DISCARD) => gainable(&s.grid),
            _ => self.count(from, set),
        }
    }
}

impl<L: Log> Board for PrBoard<'_, L> {
    crate::effects::counted_and_asked!();
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let s = &*self.state;
        // `count_cards`, the filter asked once: an empty place (`NONE`) is in no set.
        let n = |cards: &[u16]| {
            let k = match set {
                None => cards.iter().filter(|&&c| c != NONE).count(),
                Some(set) => cards.iter().map(|&c| usize::from(set.contains(c))).sum(),
            };
            debug_assert_eq!(k, count_cards(cards, set));
            k
        };
        (match zone {
            DECK => n(&s.draw_pile) + n(&s.deck_top),
            HAND => n(s.hand.as_slice()),
            DISCARD => n(&s.discard),
            PLAYED => n(&s.played),
            CONTROL => n(&s.played) + n(&s.control) + n(&s.attached) + n(&s.zord_bay),
            ATTACHED => n(&s.attached),
            Z_GRID => n(&s.grid),
            MAIN_DECK => n(s.main_deck.remaining()),
            MAIN_DISCARD => n(&s.main_discard),
            BATTLED => n(&[s.battled]),
            DESTROYED => n(&s.destroyed),
            ZORD_BAY => n(&s.zord_bay),
            _ => 0,
        }) as i64
    }

    fn move_card(&mut self, step: Move<'_>, label: &str) -> bool {
        let (p, from, to) = (self.p, step.from, step.to);
        let Some(card) = self.take(from, to, step.set) else {
            return false;
        };
        if to == BATTLED {
            self.note(|| format!("{label}: Battle {} without paying", p.name(card)));
            p.battled(card, self.state, self.rng, self.log);
            return true;
        }
        if !self.put(card, to) {
            self.undo(card, from);
            return false;
        }
        let zones = PLAYS.zones;
        self.note(|| {
            format!(
                "{label}: move {} from {} to {}",
                p.name(card),
                zones[from as usize],
                zones[to as usize]
            )
        });
        if to == DESTROYED {
            p.fire_event_all(Trigger::DestroysCard, card, self.state, self.rng, self.log);
        }
        if to == DISCARD && matches!(from, Z_GRID | MAIN_DISCARD) {
            p.gained(card, false, self.state, self.rng, self.log);
        }
        true
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        let mut drawn = 0;
        while drawn < count && self.p.draw(self.state, self.rng, self.log) {
            drawn += 1;
        }
        self.note(|| format!("{label}: draw {drawn}"));
        drawn
    }

    fn discard(&mut self, count: u32, set: Option<&CardSet>, label: &str) -> u32 {
        let p = self.p;
        let mut done = 0;
        for _ in 0..count {
            let (state, log, rng) = (&*self.state, &mut *self.log, &mut *self.rng);
            let hand = &state.hand;
            let Some(pilot) = (0..hand.len())
                .filter(|&i| keep(set, hand[i]))
                .min_by_key(|&i| p.useless_rank(hand[i]))
            else {
                break;
            };
            // Which card to discard: any in hand the effect allows (a discard is not
            // optional), the pilot's the least useful.
            let i = log.pick(
                ChoiceKind::Discard,
                pilot,
                || (0..hand.len()).filter(|&i| keep(set, hand[i])).collect(),
                |i| format!("{label}: discard {}", p.name(hand[i])),
                || "the least useful card in hand (Stuns and Starters first, then the fewest Shards and Energy)".to_owned(),
                || p.board(state),
                rng,
            );
            let Some(card) = self.state.hand.remove(i) else {
                break;
            };
            self.state.discard.push(card);
            done += 1;
            self.note(|| format!("{label}: discard {}", p.name(card)));
        }
        done
    }

    fn damage(&mut self, amount: i64, label: &str) {
        let amount = amount.max(0) as i32;
        self.state.goldfish_hp -= amount;
        self.state.dealt += amount as u32;
        let left = self.state.goldfish_hp.max(0);
        self.log.decide(Action::Attack, || {
            format!("{label}: deal {amount} damage (the goldfish has {left} HP)")
        });
    }

    fn heal(&mut self, amount: i64, label: &str) {
        let before = self.state.hp;
        self.state.hp = (before + amount.max(0) as i32).min(HP);
        let (healed, hp) = (self.state.hp - before, self.state.hp);
        self.note(|| format!("{label}: heal {healed} (you have {hp} HP)"));
    }

    fn gain(&mut self, resource: Id, amount: i64, label: &str) {
        let amount = amount.max(0) as u32;
        let s = &mut *self.state;
        if resource == SHARDS {
            s.shards += amount;
            s.made_shards += amount;
        } else if resource == ENERGY {
            let before = s.energy;
            s.energy = (s.energy + amount).min(MAX_ENERGY);
            s.made_energy += s.energy - before;
        }
        let (shards, energy) = (s.shards, s.energy);
        let what = if resource == SHARDS {
            deckhand_core::plural::noun(i64::from(amount), "Shard", "Shards")
        } else {
            "Energy"
        };
        self.note(|| {
            format!(
                "{label}: gain {amount} {what} ({shards_shards}, {energy} Energy)",
                shards_shards = deckhand_core::plural::count(shards as i64, "Shard", "Shards")
            )
        });
    }

    fn spend(&mut self, resource: Id, amount: i64, label: &str) -> bool {
        let amount = amount.max(0) as u32;
        let s = &mut *self.state;
        let have = if resource == SHARDS {
            &mut s.shards
        } else {
            &mut s.energy
        };
        if *have < amount {
            return false;
        }
        *have -= amount;
        let left = *have;
        let what = if resource == SHARDS {
            deckhand_core::plural::noun(i64::from(amount), "Shard", "Shards")
        } else {
            "Energy"
        };
        self.note(|| format!("{label}: pay {amount} {what} ({left} left)"));
        true
    }

    fn modify(&mut self, stat: Id, by: i64, target: Tgt, duration: Duration, _: &[CardSet]) {
        let scope = match target {
            Tgt::This => Scope::Card(self.card),
            Tgt::Others(f) | Tgt::Each(f) => f.map_or(Scope::All, Scope::Filter),
            // Never compiled: the PR Deck-Building pilot plays no `one` target (`Plays`).
            Tgt::One(_) => return,
        };
        let character = self.card == self.p.character && duration == Duration::WhileInPlay;
        self.state.mods.push(Mod {
            stat,
            by,
            scope,
            turn: duration != Duration::WhileInPlay && duration != Duration::Permanent,
            character,
        });
    }

    fn choose(&mut self, options: &[Vec<Op>]) -> usize {
        let doable = |board: &Self, option: &[Op]| {
            option.iter().all(|op| match op {
                Op::Move {
                    count: crate::effects::Amt::Fixed(n),
                    from,
                    to,
                    filter,
                    ..
                } => {
                    let set = filter.map(|f| board.p.fx.set(f));
                    board.available(*from, *to, set) >= *n
                }
                Op::Spend(crate::effects::Amt::Fixed(n), resource) => {
                    let have = if *resource == SHARDS {
                        board.state.shards
                    } else {
                        board.state.energy
                    };
                    i64::from(have) >= *n
                }
                _ => true,
            })
        };
        (0..options.len())
            .find(|&i| doable(self, &options[i]))
            .unwrap_or(options.len().saturating_sub(1))
    }

    fn hp(&self) -> (i64, i64) {
        (i64::from(self.state.hp), i64::from(self.state.goldfish_hp))
    }

    fn reorder(&mut self, zone: Id, count: u32, _bottom: bool, label: &str) {
        self.reorder_main_deck(zone, count, label);
    }

    fn distinct(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        self.distinct_names(zone, set)
    }

    fn movable(&self, from: Id, to: Id, set: Option<&CardSet>) -> Option<i64> {
        Some(self.available(from, to, set))
    }

    /// What [`Board::ready`] could ready: used attached cards, the effect's own apart.
    fn exhausted(&self, set: Option<&CardSet>) -> Option<i64> {
        let s = &*self.state;
        let n = (0..s.attached.len())
            .filter(|&i| s.used.has(i) && s.attached[i] != NONE && keep(set, s.attached[i]))
            .filter(|&i| s.attached[i] != self.card)
            .count();
        Some(n as i64)
    }

    fn affords(&self, resource: Id, amount: i64) -> Option<bool> {
        let have = if resource == SHARDS {
            self.state.shards
        } else {
            self.state.energy
        };
        Some(i64::from(have) >= amount)
    }

    fn ready(&mut self, count: u32, set: Option<&CardSet>, label: &str) -> u32 {
        let p = self.p;
        let mut readied = 0;
        for _ in 0..count {
            let s = &*self.state;
            let best = (0..s.attached.len())
                .filter(|&i| s.used.has(i) && s.attached[i] != NONE && keep(set, s.attached[i]))
                .filter(|&i| s.attached[i] != self.card)
                .max_by_key(|&i| (p.f(s.attached[i]).damage.unwrap_or(0), GRID - i));
            let Some(i) = best else { break };
            self.state.used.remove(i);
            readied += 1;
            let card = self.state.attached[i];
            self.note(|| format!("{label}: ready {}", p.name(card)));
        }
        readied
    }

    fn copy(&mut self, set: Option<&CardSet>, label: &str) {
        let p = self.p;
        if self.state.copying {
            return;
        }
        let s = &*self.state;
        let best = (0..s.attached.len())
            .filter(|&i| {
                let c = s.attached[i];
                c != NONE && c != self.card && keep(set, c) && p.fx.has(c, Trigger::Activated)
            })
            .max_by_key(|&i| (p.f(s.attached[i]).damage.unwrap_or(0), GRID - i));
        let Some(i) = best else { return };
        let card = self.state.attached[i];
        self.note(|| format!("{label}: copy the Ability of {}", p.name(card)));
        self.state.copying = true;
        let previous = self.card;
        self.card = card;
        p.fx.fire_free(card, Trigger::Activated, self);
        self.card = previous;
        self.state.copying = false;
    }
}
