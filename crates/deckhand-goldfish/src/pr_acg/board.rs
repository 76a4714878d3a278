//! The PR Action side of the effect interpreter: what the procedure plays of the effects
//! vocabulary (`PLAYS`, and which cards have no goldfish effect), and one effect's view of
//! the game.
//!
//! Which card an effect takes, decided here (docs/pilots.md#pr-action-the-decisions, "Choices
//! inside effects"):
//! - from the hand, and when a card leaves the training area or the discard area for
//!   anywhere but the hand: the card the pilot pays away first (lowest damage, ties by name);
//! - into the hand from the training area or the discard area: the card with the most
//!   damage (ties by name);
//! - from the deck: its top card (one that does not match the effect's filter stops the
//!   move); a search takes the matching card with the most damage, then the deck is
//!   shuffled (known top and bottom cards too);
//! - a card moved out of your deck that empties it loses the game at that moment (a deck that
//!   reaches 0 cards loses: docs/pilots.md#pr-action-ending-and-the-headline-figure).
//!
//! A choice takes the option that leaves the most cards in hand (the plan is chosen from the
//! hand), ties the first stated; between keeping the deck's top card and putting it on the
//! bottom, the pilot looks at it and puts it on the bottom only when its damage is below the
//! mean damage of the rest of the deck (what it would draw instead). A counted amount inside
//! a choice is taken without its filter (the interpreter does not hand the sets to `choose`).

use super::*;
use crate::choice::ChoiceKind;
use crate::effects::{Amt, Op, Tgt};

/// What this procedure runs of the effects vocabulary. `wins_battle` and `loses_battle`
/// compile but never fire (no Showdown against the goldfish).
pub(super) const PLAYS: Plays = Plays {
    pilot: "the PR Action pilot",
    triggers: &[
        Trigger::Summoned,
        Trigger::Battles,
        Trigger::Static,
        Trigger::WinsBattle,
        Trigger::LosesBattle,
    ],
    zones: &[
        "deck",
        "hand",
        "discard",
        "training",
        "battle",
        "opponent_battle",
        "top",
        "bottom",
        "moved",
    ],
    moves: &[
        ("deck", "training"),
        ("deck", "discard"),
        ("deck", "hand"),
        ("deck", "top"),
        ("deck", "bottom"),
        ("hand", "training"),
        ("hand", "discard"),
        ("hand", "deck"),
        ("training", "hand"),
        ("training", "discard"),
        ("discard", "hand"),
        ("discard", "training"),
    ],
    steps: &[
        StepKind::Draw,
        StepKind::Discard,
        StepKind::Damage,
        StepKind::Modify,
        StepKind::Choose,
    ],
    reads: &[],
    resources: &[],
    stats: &["power", "damage"],
    structural: &[],
    unplayed_types: &[],
    card_rule,
};

/// An effect that cannot change a game against the goldfish: it waits for a battle's
/// result (no Showdown, so no winner or loser), or it only changes power (which only
/// decides a Showdown).
fn inert(effect: &Effect) -> bool {
    matches!(effect.trigger, Trigger::WinsBattle | Trigger::LosesBattle)
        || (effect.cost.is_empty()
            && effect
                .steps
                .iter()
                .all(|s| matches!(s, Step::Modify { stat, .. } if stat == "power")))
}

/// The procedure's word on a card whose own effects are all [`inert`]: no goldfish effect.
/// Its keywords need no look: every keyword of the game has no goldfish effect. A note the
/// data gives that is not `simulated` decides instead.
fn card_rule(card: &deckhand_core::Card, mode: EffectsMode) -> Option<GoldfishNote> {
    let noted = card
        .goldfish
        .as_ref()
        .is_some_and(|n| n.state != CoverageState::Simulated);
    if mode != EffectsMode::All || noted || card.effects.is_empty() {
        return None;
    }
    if !card.effects.iter().all(inert) {
        return None;
    }
    let on_result = card
        .effects
        .iter()
        .any(|e| matches!(e.trigger, Trigger::WinsBattle | Trigger::LosesBattle));
    let on_power = card
        .effects
        .iter()
        .any(|e| !matches!(e.trigger, Trigger::WinsBattle | Trigger::LosesBattle));
    let what = match (on_result, on_power) {
        (true, true) => "it acts only when it wins or loses a battle, or changes power",
        (true, false) => "it acts only when it wins or loses a battle",
        _ => "it only changes power",
    };
    Some(GoldfishNote {
        state: CoverageState::NoEffect,
        reason: format!(
            "{what}: only a Showdown decides those, and a Showdown needs an opponent's card in battle; the goldfish never plays one"
        ),
    })
}

/// Zone ids: positions in `PLAYS.zones`.
pub(super) const DECK: Id = 0;
pub(super) const HAND: Id = 1;
pub(super) const DISCARD: Id = 2;
pub(super) const TRAINING: Id = 3;
pub(super) const BATTLE: Id = 4;
pub(super) const OPPONENT_BATTLE: Id = 5;
pub(super) const TOP: Id = 6;
pub(super) const BOTTOM: Id = 7;
/// The cards the last move step moved.
pub(super) const MOVED: Id = 8;
/// Stat ids: positions in `PLAYS.stats`.
const POWER: Id = 0;
const DAMAGE: Id = 1;

/// One effect of `card` resolving; `slot` is its place in the battle area (0 the summon, 1
/// the Zord on top), `None` for a training-area card.
pub(super) struct AcgBoard<'a, L: Log> {
    pub p: &'a PrAcg,
    pub state: &'a mut State,
    pub rng: &'a mut Rng,
    pub log: &'a mut L,
    pub card: u16,
    pub slot: Option<usize>,
}

fn place(zone: Id) -> &'static str {
    match zone {
        DECK => "deck",
        HAND => "hand",
        DISCARD => "discard area",
        TRAINING => "training area",
        TOP => "deck's top",
        BOTTOM => "deck's bottom",
        _ => "battle area",
    }
}

impl PrAcg {
    /// The card the pilot pays away first among `cards` held (and in `set`).
    fn least_useful(&self, held: impl Fn(u16) -> bool, set: Option<&CardSet>) -> Option<u16> {
        self.pay_order
            .iter()
            .copied()
            .find(|&c| held(c) && set.is_none_or(|s| s.contains(c)))
    }

    /// The card with the most damage (ties by name) among `cards` (and in `set`).
    fn most_useful(&self, cards: &[u16], set: Option<&CardSet>) -> Option<usize> {
        cards
            .iter()
            .enumerate()
            .filter(|(_, &c)| set.is_none_or(|s| s.contains(c)))
            .min_by_key(|(_, &c)| (u8::MAX - self.f(c).damage, self.deck.name_rank[c as usize]))
            .map(|(i, _)| i)
    }
}

impl<L: Log> AcgBoard<'_, L> {
    fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            self.log.decide(Action::Draw, || text);
        }
    }

    /// Takes one card out of `from` for a move to `to` (`label`: the effect's card), and
    /// whether a choice was asked for it. Which
    /// card, where there is a choice (from the hand, the training area or the discard area,
    /// or a search of the deck), is a choice among the distinct cards there that the effect
    /// may take: a discard or give-up from the hand, a target elsewhere.
    fn take(
        &mut self,
        from: Id,
        to: Id,
        set: Option<&CardSet>,
        search: bool,
        label: &str,
    ) -> Option<(u16, bool)> {
        let p = self.p;
        let fits = |c: u16| set.is_none_or(|s| s.contains(c));
        match from {
            DECK | TOP if search => {
                let state: &State = self.state;
                let all: Vec<u16> = state.deck_cards().collect();
                let best = all[p.most_useful(&all, set)?];
                let (best, asked) = ask_card(
                    self.log,
                    self.rng,
                    p,
                    state,
                    ChoiceKind::Target,
                    best,
                    || {
                        let mut cards: Vec<u16> =
                            all.iter().copied().filter(|&c| fits(c)).collect();
                        cards.sort_by_key(|&c| {
                            (u8::MAX - p.f(c).damage, p.deck.name_rank[c as usize])
                        });
                        cards.dedup();
                        cards
                    },
                    |c| format!("{label}: take {} from your deck", p.name(c)),
                    "the card with the most damage (ties by name)",
                );
                let state = &mut *self.state;
                state.shuffle_known_back();
                state.library.take(best).then_some((best, asked))
            }
            DECK | TOP => {
                let state = &mut *self.state;
                let card = state.draw_one(self.rng)?;
                if set.is_some_and(|s| !s.contains(card)) {
                    state.top.push(card);
                    return None;
                }
                Some((card, false))
            }
            HAND => {
                let state: &State = self.state;
                let held = |c: u16| state.hand[c as usize] > 0;
                let pilot = p.least_useful(held, set)?;
                let (card, asked) = ask_card(
                    self.log,
                    self.rng,
                    p,
                    state,
                    ChoiceKind::Discard,
                    pilot,
                    || {
                        p.pay_order
                            .iter()
                            .copied()
                            .filter(|&c| held(c) && fits(c))
                            .collect()
                    },
                    |c| {
                        format!(
                            "{label}: move {} from your hand to your {}",
                            p.name(c),
                            place(to)
                        )
                    },
                    "the lowest damage first (ties by name)",
                );
                p.take(self.state, card);
                Some((card, asked))
            }
            TRAINING | DISCARD => {
                let state: &State = self.state;
                let pile = if from == TRAINING {
                    &state.training
                } else {
                    &state.discard
                };
                let pilot = if to == HAND {
                    pile[p.most_useful(pile, set)?]
                } else {
                    p.least_useful(|c| pile.contains(&c), set)?
                };
                let (card, asked) = ask_card(
                    self.log,
                    self.rng,
                    p,
                    state,
                    ChoiceKind::Target,
                    pilot,
                    || {
                        let mut cards: Vec<u16> =
                            pile.iter().copied().filter(|&c| fits(c)).collect();
                        cards.sort_by_key(|&c| p.deck.name_rank[c as usize]);
                        cards.dedup();
                        cards
                    },
                    |c| {
                        format!(
                            "{label}: move {} from your {} to your {}",
                            p.name(c),
                            place(from),
                            place(to)
                        )
                    },
                    if to == HAND {
                        "the card with the most damage (ties by name)"
                    } else {
                        "the lowest damage first (ties by name)"
                    },
                );
                let state = &mut *self.state;
                let pile = if from == TRAINING {
                    &mut state.training
                } else {
                    &mut state.discard
                };
                // The pilot takes the first of its copies into the hand, the last elsewhere.
                let i = if to == HAND {
                    pile.iter().position(|&c| c == card)?
                } else {
                    pile.iter().rposition(|&c| c == card)?
                };
                Some((pile.remove(i), asked))
            }
            _ => None,
        }
    }

    /// Puts `card` into `to`; false when the procedure has no such place.
    fn put(&mut self, card: u16, to: Id) -> bool {
        let state = &mut *self.state;
        match to {
            HAND => self.p.add_to_hand(state, card),
            DISCARD => state.discard.push(card),
            TRAINING => state.training.push(card),
            TOP => state.top.push(card),
            BOTTOM => state.bottom.push(card),
            DECK => state.library.put_back(card),
            _ => return false,
        }
        true
    }

    /// Your deck reached 0 cards: you lose at once
    /// (docs/pilots.md#pr-action-ending-and-the-headline-figure).
    fn check_deck_out(&mut self) -> bool {
        if self.state.deck_len() > 0 || self.state.ended.is_some() {
            return self.state.ended.is_some();
        }
        self.state.ended = Some(Outcome::DeckOut);
        self.log
            .decide(Action::End, || "Your deck is empty: you lose".to_owned());
        true
    }

    /// Cards an option leaves in the hand, more or fewer.
    fn hand_change(&self, option: &[Op]) -> i64 {
        let amount = |a: &Amt| match a {
            Amt::Fixed(n) => *n,
            Amt::Per {
                each, zone, max, ..
            } => {
                let n = each * self.count(*zone, None);
                max.map_or(n, |m| n.min(m))
            }
        };
        option
            .iter()
            .map(|op| match op {
                Op::Draw(n) => amount(n),
                Op::Discard(n, _) => -amount(n),
                Op::Move {
                    count, from, to, ..
                } if *from == HAND && *to != HAND => -amount(count),
                Op::Move { count, to, .. } if *to == HAND => amount(count),
                Op::Choose(options, _) => options
                    .iter()
                    .map(|o| self.hand_change(o))
                    .max()
                    .unwrap_or(0),
                _ => 0,
            })
            .sum()
    }
}

/// One card among the distinct cards `options` builds, the pilot preferring `pilot`: the
/// card to take, and whether a choice was asked (more than one option, someone looking).
#[allow(clippy::too_many_arguments)]
fn ask_card<L: Log>(
    log: &mut L,
    rng: &mut Rng,
    p: &PrAcg,
    state: &State,
    kind: ChoiceKind,
    pilot: u16,
    options: impl Fn() -> Vec<u16>,
    label: impl Fn(u16) -> String,
    reason: &str,
) -> (u16, bool) {
    let asked = L::ENABLED && options().len() > 1;
    let card = log.pick(
        kind,
        pilot,
        &options,
        label,
        || reason.to_owned(),
        || Procedure::zones(p, state),
        rng,
    );
    (card, asked)
}

fn bottoms_the_top(option: &[Op]) -> bool {
    option.iter().any(|op| {
        matches!(
            op,
            Op::Move {
                from: DECK | TOP,
                to: BOTTOM,
                search: false,
                ..
            }
        )
    })
}

impl<L: Log> Board for AcgBoard<'_, L> {
    crate::effects::counted_and_asked!();
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let keep = |c: u16| set.is_none_or(|s| s.contains(c));
        let state = &*self.state;
        let n = match zone {
            DECK => state.deck_cards().filter(|&c| keep(c)).count(),
            HAND => (0..state.hand.len() as u16)
                .filter(|&c| keep(c))
                .map(|c| usize::from(state.hand[c as usize]))
                .sum(),
            DISCARD => state.discard.iter().filter(|&&c| keep(c)).count(),
            TRAINING => state.training.iter().filter(|&&c| keep(c)).count(),
            BATTLE => state
                .battle
                .iter()
                .filter(|&&c| c != NONE && keep(c))
                .count(),
            TOP => state.top.iter().filter(|&&c| keep(c)).count(),
            BOTTOM => state.bottom.iter().filter(|&&c| keep(c)).count(),
            MOVED => state.moved.iter().filter(|&&c| keep(c)).count(),
            // The goldfish never plays a card.
            OPPONENT_BATTLE => 0,
            _ => 0,
        };
        n as i64
    }

    fn move_cards(
        &mut self,
        from: Id,
        to: Id,
        count: u32,
        set: Option<&CardSet>,
        search: bool,
        label: &str,
    ) -> u32 {
        let mut moved = 0;
        self.state.moved.clear();
        for _ in 0..count {
            if self.state.ended.is_some() {
                break;
            }
            let Some((card, asked)) = self.take(from, to, set, search, label) else {
                break;
            };
            if !self.put(card, to) {
                // Not a place the procedure keeps: the card goes back where it was.
                let back = if from == DECK { TOP } else { from };
                self.put(card, back);
                break;
            }
            moved += 1;
            self.state.moved.push(card);
            // A choice's line already says which card moved.
            if to != TOP && !asked {
                let p = self.p;
                self.note(|| {
                    let why = match (from, to) {
                        (HAND, _) => " (lowest damage first)",
                        (TRAINING | DISCARD, HAND) => " (the most damage)",
                        _ => "",
                    };
                    match to {
                        BOTTOM => {
                            format!("{label}: put {} on the bottom of your deck", p.name(card))
                        }
                        _ => format!(
                            "{label}: move {} from your {} to your {}{why}",
                            p.name(card),
                            place(from),
                            place(to)
                        ),
                    }
                });
            }
            if matches!(from, DECK | TOP) && self.check_deck_out() {
                break;
            }
        }
        moved
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        let mut drawn = 0;
        for _ in 0..count {
            if self.state.ended.is_some() {
                break;
            }
            let Some(card) = self.state.draw_one(self.rng) else {
                break;
            };
            self.p.add_to_hand(self.state, card);
            drawn += 1;
            let p = self.p;
            self.note(|| format!("{label}: draw {}", p.name(card)));
            if self.check_deck_out() {
                break;
            }
        }
        drawn
    }

    fn discard(&mut self, count: u32, set: Option<&CardSet>, label: &str) -> u32 {
        let mut done = 0;
        for _ in 0..count {
            let Some((card, asked)) = self.take(HAND, DISCARD, set, false, label) else {
                break;
            };
            self.state.discard.push(card);
            done += 1;
            if asked {
                continue;
            }
            let p = self.p;
            self.note(|| {
                format!(
                    "{label}: discard {} from your hand (lowest damage first)",
                    p.name(card)
                )
            });
        }
        done
    }

    fn damage(&mut self, amount: i64, label: &str) {
        let dealt = (amount.max(0) as u32).min(self.state.opponent_deck);
        if dealt == 0 || self.state.ended.is_some() {
            return;
        }
        self.state.opponent_deck -= dealt;
        self.state.removed += dealt;
        let left = self.state.opponent_deck;
        self.note(|| {
            format!(
                "{label}: {dealt} damage, {dealt_cards} off the opponent's deck ({left} left)",
                dealt_cards = deckhand_core::plural::count(dealt as i64, "card", "cards")
            )
        });
        if left == 0 {
            self.state.ended = Some(Outcome::Win);
            self.log.decide(Action::End, || {
                "The opponent's deck is empty: you win".to_owned()
            });
        }
    }

    fn modify(&mut self, stat: Id, by: i64, target: Tgt, _duration: Duration, sets: &[CardSet]) {
        // Every duration ends at settlement at the latest: the battle area is discarded
        // then, and a training-area effect applies anew at each battle.
        for j in 0..self.state.battle.len() {
            let c = self.state.battle[j];
            let hit = c != NONE
                && match target {
                    Tgt::This => self.slot == Some(j),
                    Tgt::Others(f) => {
                        self.slot != Some(j) && f.is_none_or(|f| sets[f as usize].contains(c))
                    }
                    Tgt::Each(f) => f.is_none_or(|f| sets[f as usize].contains(c)),
                    // Never compiled: the PR Action pilot plays no `one` target (`Plays`).
                    Tgt::One(_) => false,
                };
            if !hit {
                continue;
            }
            if stat == DAMAGE {
                self.state.damage_bonus[j] += by;
            }
            let p = self.p;
            let card = self.card;
            self.note(|| {
                let word = if stat == POWER { "power" } else { "damage" };
                let only = if stat == POWER {
                    " (power only decides a Showdown, which the goldfish never plays)"
                } else {
                    ""
                };
                format!(
                    "{}: {} {by:+} {word} until settlement{only}",
                    p.name(card),
                    p.name(c)
                )
            });
        }
    }

    fn choose(&mut self, options: &[Vec<Op>]) -> usize {
        // Nothing allocated: a summon with a choice (Crimson Comet Ranger's top or bottom)
        // chooses here in every plan the pilot plays out. Among the options that gain the
        // most cards in hand: the first, the first that bottoms the top card, the first that
        // does not.
        let best = options
            .iter()
            .map(|o| self.hand_change(o))
            .max()
            .unwrap_or(0);
        let (mut first, mut bottom, mut keep) = (None, None, None);
        for (i, option) in options.iter().enumerate() {
            if self.hand_change(option) != best {
                continue;
            }
            first.get_or_insert(i);
            match bottoms_the_top(option) {
                true => bottom.get_or_insert(i),
                false => keep.get_or_insert(i),
            };
        }
        let Some(bottom) = bottom else {
            return first.unwrap_or(0);
        };
        let Some(keep) = keep else {
            return bottom;
        };
        // Look at the top card: it becomes known, on top.
        let Some(top) = self.state.draw_one(self.rng) else {
            return keep;
        };
        self.state.top.push(top);
        // The deck after the top card (the first of `deck_cards`): how many, their damage.
        let p = self.p;
        let (others, sum) = self
            .state
            .deck_cards()
            .skip(1)
            .fold((0u32, 0u32), |(n, sum), c| {
                (n + 1, sum + u32::from(p.f(c).damage))
            });
        let damage = u32::from(p.f(top).damage);
        let below = damage * others < sum;
        let card = self.card;
        self.note(|| {
            let label = p.name(card);
            let mean = if others == 0 {
                "no other card".to_owned()
            } else {
                format!(
                    "the mean damage of the other {others} is {:.2}",
                    f64::from(sum) / f64::from(others)
                )
            };
            let verdict = if below {
                "below it: put it on the bottom"
            } else {
                "not below it: keep it on top"
            };
            format!(
                "{label}: the top card of your deck is {} (damage {damage}); {mean}, {verdict}",
                p.name(top)
            )
        });
        if below {
            bottom
        } else {
            keep
        }
    }
}
