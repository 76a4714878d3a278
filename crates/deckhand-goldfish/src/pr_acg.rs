//! Power Rangers Action Card Game: the goldfish pilot of GAMES.md, decision by decision.
//!
//! Both players draw 5 (the player going first draws first), then every turn both draw 2,
//! the player going first drawing both before the other. A deck that reaches 0 cards loses
//! at that moment. The summon plan, the payment and the battle (twice the damage, one card
//! at a time from the goldfish's 30-card deck) follow GAMES.md's pilot exactly.
//!
//! Decided here, where GAMES.md is silent:
//! - Among plans of equal damage, total cost and summon name, a plan without a Zord sorts
//!   before one with (an absent name sorts first): the pilot keeps the card.
//! - The best plan is found without trying every pair: for a plan with a Zord, the best
//!   summon under it is always the cheapest summon in hand (ties by name), since the Zord
//!   alone sets the damage; this gives exactly the pilot's choice.
//! - The opening is dealt in turn order too; a deck of exactly 5 cards empties on its
//!   opening draw and loses on turn 0. Fewer than 5 cards cannot be played at all.
//! - `draws` is always 0: cards leave the decks one at a time in turn order, and your
//!   battle is the only other thing that removes cards, so two decks never empty at the
//!   same moment. The field stays for the report's shape.
//! - A missing `cost` or `damage` counts as 0; a card of another type is never summoned
//!   and only paid away.
//! - The deck's side (hero or villain) does not change the goldfish.
//! - The best plan is played even when its damage is 0 (a Support with no damage): GAMES.md
//!   plays "the plan with the highest damage" whenever an S is affordable, and it counts
//!   as a summon in `summon_chance_by_turn`.
//! - The opponent drawing its last card is your win on that turn (GAMES.md: a player whose
//!   deck becomes empty loses at once), so going second a 30-card deck that never kills
//!   still wins on turn 13, before it draws.
//! - `damage_by_turn` counts the cards your battle actually removed (the killing battle
//!   removes only what is left), over the games still going at that turn's summon step;
//!   `summon_chance_by_turn` is over the same games.
//! - No mulligan: neither GAMES.md nor the rulebook gives one.
//!
//! Checked (audit): the table tests in `pr_acg/tests.rs` state one GAMES.md rule each; the
//! step logs in `fixtures/steps/pr-acg-*.txt` were checked decision by decision; and
//! `pr_acg/tests/reference.rs`, a literal second reading that lists every plan, plays every
//! game of the sample decks and of random decks (with redrawn costs and damages) exactly as
//! the engine does.
//!
//! Not simulated: every card with printed text (all of it is effects: "When played…",
//! "When battling…"). The keywords (Shield, Evil, Scroll, Duel, Ally, Infinity) act in
//! judgments, on losing or in the training area, none of which happens against an
//! opponent who plays nothing.

use deckhand_core::{Deck, Game};

use crate::deck_cards::{small_stat, type_key, DeckCards};
use crate::effects::{keywords_only, not_simulated, Coverage, KeywordPolicy};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{Figure, FigureKind, Objective, SeatFigures, KILL_FIGURES, MEAN_KILL_TURN};
use crate::rng::Rng;

pub const GAME_ID: &str = "pr-acg";
const OPENING_HAND: u32 = 5;
const DRAWS_PER_TURN: u32 = 2;
const OPPONENT_DECK: u32 = 30;
const NONE: u16 = u16::MAX;

const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &["Shield", "Evil", "Scroll", "Duel", "Ally", "Infinity"],
    unplayed_types: &[],
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Ranger, Villain, Support: the summon step.
    Summon,
    /// Zord, Megazord: the extra summon step.
    Extra,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Features {
    kind: Kind,
    cost: u8,
    damage: u8,
}

/// A deck prepared for the PR Action goldfish.
pub struct PrAcg {
    deck: DeckCards,
    features: Vec<Features>,
    /// Summons by damage (high first), cost (low first), name: the best plan without a Zord.
    summons_by_damage: Vec<u16>,
    /// Summons by cost, then name: the summon under a Zord.
    summons_by_cost: Vec<u16>,
    /// Zords and Megazords by damage (high first), cost, name.
    extras_by_damage: Vec<u16>,
    /// Every card by damage (low first), then name: the order cards are paid away.
    pay_order: Vec<u16>,
    not_simulated: Vec<String>,
    coverage: Coverage,
}

/// One game in progress.
pub struct State {
    library: Library,
    hand: Vec<u16>,
    hand_len: u32,
    discard: Vec<u16>,
    opponent_deck: u32,
    opponent_hand: u32,
    going_first: bool,
}

/// Per-seat, per-turn figures.
pub struct Figures {
    /// Games still going at the turn's summon step.
    reached: Vec<u64>,
    summoned: Vec<u64>,
    /// Cards the battle removed from the opponent's deck.
    damage: Vec<u64>,
}

/// A summon plan: `summon`, optionally `extra` on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    summon: u16,
    extra: u16,
}

impl PrAcg {
    pub(crate) fn new(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<PrAcg, GoldfishError> {
        let deck = DeckCards::from_deck(deck, &["main"])?;
        if deck.size() < OPENING_HAND {
            return Err(GoldfishError::TooFewCards {
                game: "PR Action".into(),
                needed: OPENING_HAND,
                found: deck.size(),
                opening: "an opening hand of 5".into(),
            });
        }
        let features: Vec<Features> = deck
            .cards
            .iter()
            .map(|card| Features {
                kind: match type_key(card).as_str() {
                    "ranger" | "villain" | "support" => Kind::Summon,
                    "zord" | "megazord" => Kind::Extra,
                    _ => Kind::Other,
                },
                cost: small_stat(card, "cost"),
                damage: small_stat(card, "damage"),
            })
            .collect();
        let rank = |c: u16| deck.name_rank[c as usize];
        let of_kind = |kind: Kind| -> Vec<u16> {
            (0..deck.len() as u16)
                .filter(|&c| features[c as usize].kind == kind)
                .collect()
        };
        let by_damage = |c: &u16| {
            let f = features[*c as usize];
            (u8::MAX - f.damage, f.cost, rank(*c))
        };
        let mut summons_by_damage = of_kind(Kind::Summon);
        summons_by_damage.sort_by_key(by_damage);
        let mut summons_by_cost = of_kind(Kind::Summon);
        summons_by_cost.sort_by_key(|&c| (features[c as usize].cost, rank(c)));
        let mut extras_by_damage = of_kind(Kind::Extra);
        extras_by_damage.sort_by_key(by_damage);
        let mut pay_order: Vec<u16> = (0..deck.len() as u16).collect();
        pay_order.sort_by_key(|&c| (features[c as usize].damage, rank(c)));
        let coverage = keywords_only(
            game,
            &deck.cards,
            setup.effects,
            "the PR Action pilot",
            &KEYWORDS,
        );
        let not_simulated = not_simulated(&deck.cards, &KEYWORDS);
        Ok(PrAcg {
            deck,
            features,
            summons_by_damage,
            summons_by_cost,
            extras_by_damage,
            pay_order,
            not_simulated,
            coverage,
        })
    }

    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Features {
        self.features[card as usize]
    }

    fn plan_damage(&self, plan: Plan) -> u32 {
        u32::from(
            self.f(if plan.extra == NONE {
                plan.summon
            } else {
                plan.extra
            })
            .damage,
        )
    }

    fn plan_cost(&self, plan: Plan) -> u32 {
        let extra = if plan.extra == NONE {
            0
        } else {
            self.f(plan.extra).cost
        };
        u32::from(self.f(plan.summon).cost) + u32::from(extra)
    }

    /// GAMES.md's order of plans: damage (high first), total cost, summon name, Zord name
    /// (no Zord first). Smaller is better.
    fn plan_key(&self, plan: Plan) -> (u32, u32, u16, i32) {
        let extra_rank = if plan.extra == NONE {
            -1
        } else {
            i32::from(self.deck.name_rank[plan.extra as usize])
        };
        (
            u32::MAX - self.plan_damage(plan),
            self.plan_cost(plan),
            self.deck.name_rank[plan.summon as usize],
            extra_rank,
        )
    }

    /// The pilot's plan for hand `hand` of `hand_len` cards, if any summon is affordable.
    #[inline]
    fn choose_plan(&self, hand: &[u16], hand_len: u32) -> Option<Plan> {
        let held = |c: &&u16| hand[**c as usize] > 0;
        let solo = self
            .summons_by_damage
            .iter()
            .filter(held)
            .find(|&&s| u32::from(self.f(s).cost) < hand_len)
            .map(|&summon| Plan {
                summon,
                extra: NONE,
            });
        let cheapest = self.summons_by_cost.iter().find(held).copied();
        let with_extra = cheapest.and_then(|summon| {
            let budget = hand_len.checked_sub(2 + u32::from(self.f(summon).cost))?;
            self.extras_by_damage
                .iter()
                .filter(held)
                .find(|&&z| u32::from(self.f(z).cost) <= budget)
                .map(|&extra| Plan { summon, extra })
        });
        match (solo, with_extra) {
            (Some(a), Some(b)) => Some(if self.plan_key(b) < self.plan_key(a) {
                b
            } else {
                a
            }),
            (a, b) => a.or(b),
        }
    }

    #[inline]
    fn take(&self, state: &mut State, card: u16) {
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
    }

    /// Your draws of a turn (or the opening). `Some` when your deck empties.
    #[inline]
    fn draw_yours<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        count: u32,
        log: &mut L,
    ) -> Option<Outcome> {
        for _ in 0..count {
            // Never empty here: the draw that empties the deck ends the game at once.
            let Some(card) = state.library.draw(rng) else {
                return Some(Outcome::DeckOut);
            };
            state.hand[card as usize] += 1;
            state.hand_len += 1;
            log.drew(|| self.name(card).to_owned());
            if state.library.is_empty() {
                log.decide(Action::End, || {
                    "You drew your last card: your deck is empty, and you lose".to_owned()
                });
                return Some(Outcome::DeckOut);
            }
        }
        None
    }

    /// The opponent's draws. `Some` (your win) when its deck empties.
    #[inline]
    fn draw_opponent<L: Log>(&self, state: &mut State, count: u32, log: &mut L) -> Option<Outcome> {
        let drawn = count.min(state.opponent_deck);
        state.opponent_deck -= drawn;
        state.opponent_hand += drawn;
        if state.opponent_deck == 0 {
            log.decide(Action::End, || {
                "The opponent drew its last card: its deck is empty, and you win".to_owned()
            });
            return Some(Outcome::Win);
        }
        if L::ENABLED {
            let left = state.opponent_deck;
            log.decide(Action::Opponent, || {
                format!("The opponent draws {drawn} ({left} left in its deck)")
            });
        }
        None
    }

    /// Both players' draws in turn order.
    #[inline]
    fn draws<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        count: u32,
        log: &mut L,
    ) -> Option<Outcome> {
        if state.going_first {
            self.draw_yours(state, rng, count, log)
                .or_else(|| self.draw_opponent(state, count, log))
        } else {
            self.draw_opponent(state, count, log)
                .or_else(|| self.draw_yours(state, rng, count, log))
        }
    }

    /// Discards `cost` cards from hand, lowest damage first (ties by name).
    fn pay<L: Log>(&self, state: &mut State, cost: u32, log: &mut L) {
        let mut left = cost;
        let first_paid = state.discard.len();
        for &card in &self.pay_order {
            if left == 0 {
                break;
            }
            let n = u32::from(state.hand[card as usize]).min(left);
            for _ in 0..n {
                state.discard.push(card);
            }
            state.hand[card as usize] -= n as u16;
            state.hand_len -= n;
            left -= n;
        }
        if cost > 0 {
            log.decide(Action::Pay, || {
                let paid: Vec<&str> = state.discard[first_paid..]
                    .iter()
                    .map(|&c| self.name(c))
                    .collect();
                format!(
                    "Pay {cost}: discard {} (lowest damage first)",
                    paid.join(", ")
                )
            });
        }
    }
}

impl Procedure for PrAcg {
    type State = State;
    type Figures = Figures;

    fn new_state(&self) -> State {
        State {
            library: Library::new(&self.deck.order),
            hand: vec![0; self.deck.len()],
            hand_len: 0,
            discard: Vec::new(),
            opponent_deck: OPPONENT_DECK,
            opponent_hand: 0,
            going_first: true,
        }
    }

    fn new_figures(&self) -> Figures {
        let turns = self.max_turns() as usize + 1;
        Figures {
            reached: vec![0; turns],
            summoned: vec![0; turns],
            damage: vec![0; turns],
        }
    }

    fn merge_figures(&self, into: &mut Figures, from: &Figures) {
        add_counts(&mut into.reached, &from.reached);
        add_counts(&mut into.summoned, &from.summoned);
        add_counts(&mut into.damage, &from.damage);
    }

    fn report_figures(&self, figures: &Figures, _games: u64) -> SeatFigures {
        let per_turn = |values: &[u64]| {
            figures
                .reached
                .iter()
                .zip(values)
                .enumerate()
                .filter(|(_, (&n, _))| n > 0)
                .map(|(t, (&n, &v))| (t as u32, v as f64 / n as f64))
                .collect()
        };
        SeatFigures {
            damage_by_turn: Some(per_turn(&figures.damage)),
            summon_chance_by_turn: Some(per_turn(&figures.summoned)),
            ..SeatFigures::default()
        }
    }

    const OBJECTIVE: Objective = MEAN_KILL_TURN;

    fn figures(&self) -> Vec<Figure> {
        let mut figures = KILL_FIGURES.to_vec();
        figures.extend([
            Figure::with_unit(
                "damage_by_turn",
                "Opponent's cards removed",
                FigureKind::ByTurn,
                "cards",
            ),
            Figure::new(
                "summon_chance_by_turn",
                "Could summon",
                FigureKind::ChanceByTurn,
            ),
        ]);
        figures
    }

    fn setup<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        going_first: bool,
        log: &mut L,
    ) -> Option<Outcome> {
        state.library.reset(&self.deck.order);
        state.hand.fill(0);
        state.hand_len = 0;
        state.discard.clear();
        state.opponent_deck = OPPONENT_DECK;
        state.opponent_hand = 0;
        state.going_first = going_first;
        log.decide(Action::Setup, || {
            format!(
                "Shuffle {} cards and draw {OPENING_HAND}; the opponent shuffles {OPPONENT_DECK} and draws {OPENING_HAND}; you go {}",
                self.deck.size(),
                if going_first { "first" } else { "second" }
            )
        });
        self.draws(state, rng, OPENING_HAND, log)
    }

    fn turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Figures,
    ) -> Option<Outcome> {
        if let Some(end) = self.draws(state, rng, DRAWS_PER_TURN, log) {
            return Some(end);
        }
        let t = turn as usize;
        figures.reached[t] += 1;
        let Some(plan) = self.choose_plan(&state.hand, state.hand_len) else {
            let size = state.hand_len;
            log.decide(Action::Hold, || {
                format!("No summon: no Ranger, Villain or Support card costs less than the other {} card(s) in hand can pay", size.saturating_sub(1))
            });
            return None;
        };
        figures.summoned[t] += 1;
        let hand_before = state.hand_len;
        self.take(state, plan.summon);
        if plan.extra != NONE {
            self.take(state, plan.extra);
        }
        log.decide(Action::Play, || {
            let s = self.f(plan.summon);
            let mut text = format!("Summon {} (cost {}, damage {})", self.name(plan.summon), s.cost, s.damage);
            if plan.extra != NONE {
                let z = self.f(plan.extra);
                text += &format!(", then {} on top (cost {}, damage {})", self.name(plan.extra), z.cost, z.damage);
            }
            text += &format!(
                ": the most damage a hand of {hand_before} can pay for ({}), at the lowest total cost ({})",
                self.plan_damage(plan),
                self.plan_cost(plan)
            );
            text
        });
        self.pay(state, self.plan_cost(plan), log);
        let damage = 2 * self.plan_damage(plan);
        let removed = damage.min(state.opponent_deck);
        state.opponent_deck -= removed;
        figures.damage[t] += u64::from(removed);
        state.discard.push(plan.summon);
        if plan.extra != NONE {
            state.discard.push(plan.extra);
        }
        let left = state.opponent_deck;
        log.decide(Action::Attack, || {
            format!(
                "Battle: the opponent has no card in its battle area, so the damage ({}) is dealt twice: {removed} card(s) off its deck ({left} left); settlement discards the battle area",
                self.plan_damage(plan)
            )
        });
        if state.opponent_deck == 0 {
            log.decide(Action::End, || {
                "The opponent's deck is empty: you win".to_owned()
            });
            return Some(Outcome::Win);
        }
        None
    }

    fn finish(&self, _state: &State, _result: GameResult, _figures: &mut Figures) {}

    fn max_turns(&self) -> u32 {
        // After the opening, two cards a turn: the deck is empty by this turn.
        (self.deck.size() - OPENING_HAND)
            .div_ceil(DRAWS_PER_TURN)
            .max(1)
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let names = |cards: &[u16]| {
            cards
                .iter()
                .map(|&c| ZoneCard::plain(self.name(c)))
                .collect()
        };
        vec![
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::hidden("deck", "Deck", Owner::You, state.library.len()),
            Zone::visible("discard", "Discard area", Owner::You, names(&state.discard)),
            Zone::hidden(
                "hand",
                "Hand",
                Owner::Opponent,
                state.opponent_hand as usize,
            ),
            Zone::hidden(
                "deck",
                "Deck",
                Owner::Opponent,
                state.opponent_deck as usize,
            ),
        ]
    }

    fn not_simulated(&self) -> &[String] {
        &self.not_simulated
    }

    fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    #[cfg(test)]
    fn census(&self, state: &State) -> Vec<u32> {
        let mut counts: Vec<u32> = state.hand.iter().map(|&c| u32::from(c)).collect();
        for &card in state.library.remaining().iter().chain(&state.discard) {
            counts[card as usize] += 1;
        }
        counts
    }
}

impl crate::registry::Goldfish for PrAcg {
    const ID: &'static str = GAME_ID;
    const OPENING: Option<crate::odds::Opening> = Some(crate::odds::Opening {
        set_aside: 0,
        hand: 5,
        per_turn: 2,
    });

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        PrAcg::new(game, deck, setup)
    }
}

#[cfg(test)]
mod tests;
