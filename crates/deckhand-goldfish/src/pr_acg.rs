//! Power Rangers Action Card Game: the goldfish pilot of docs/pilots.md#pr-action-card-game,
//! decision by decision.
//!
//! Both players draw 5 (the player going first draws first), then every turn both draw 2,
//! the player going first drawing both before the other. A deck that reaches 0 cards loses
//! at that moment. The summon plan, the payment and the battle (twice the damage, one card
//! at a time from the goldfish's 30-card deck) follow the pilot's rules exactly
//! (docs/pilots.md#pr-action-the-decisions).
//!
//! Decided here, beyond the procedure's text:
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
//! - The best plan is played even when its damage is 0 (a Support with no damage): the pilot
//!   plays the plan with the most damage whenever an S is affordable, and it counts
//!   as a summon in `summon_chance_by_turn`.
//! - The opponent drawing its last card is your win on that turn (a deck that reaches 0
//!   cards loses at once: docs/pilots.md#pr-action-ending-and-the-headline-figure), so going
//!   second a 30-card deck that never kills still wins on turn 13, before it draws.
//! - `damage_by_turn` counts the cards your battle actually removed (the killing battle
//!   removes only what is left), over the games still going at that turn's summon step;
//!   `summon_chance_by_turn` is over the same games.
//! - No mulligan: the rules give none (docs/pilots.md#pr-action-setup).
//!
//! Checked (audit): the table tests in `pr_acg/tests.rs` state one rule of the pilot each; the
//! step logs in `fixtures/steps/pr-acg-*.txt` were checked decision by decision; and
//! `pr_acg/tests/reference.rs`, a literal second reading that lists every plan, plays every
//! game of the sample decks and of random decks (with redrawn costs and damages) exactly as
//! the engine does (those three with `--effects keywords`). With every effect on, the
//! scenario table `fixtures/effects/pr-acg.toml` pins each ACX card with effects, and the
//! step logs `fixtures/steps/pr-acg-effects-*.txt` were checked decision by decision too
//! (what was checked: `fixed_seed_games_with_every_effect_repeat_the_hand_checked_step_logs`).
//!
//! Effects (docs/pilots.md#card-effects) run through the shared interpreter
//! (`effects/`, this procedure's side in `pr_acg/board.rs`), mapped onto its moments as
//! `tests/fixtures/effects/pr-acg.md` says:
//! - `when summoned` (docs/pilots.md#pr-action-summons): in the Summon step S's cost is paid
//!   (the pilot keeping the Zord of its plan), S enters the battle area and its effects resolve
//!   ("a card is played once the cost has been paid"); then the Extra summon step chooses Z
//!   again from the hand as they left it, pays its cost, puts it on top, and its effects
//!   resolve. Without effects this is the procedure's one payment of cost(S) + cost(Z), card
//!   for card;
//! - `when battling`: in the battle step, before damage, S's then Z's; then the `while in
//!   play` effects of the training area's cards (in the order they arrived), which apply to
//!   the battling cards;
//! - battle damage is the top card's damage plus its changes for the battle (ACX-012's +1),
//!   dealt twice; every change ends at settlement, which discards the battle area;
//! - `when wins battle` / `when loses battle` never fire: against the goldfish every battle
//!   is the rulebook's Case 1 (one player has a card; docs/pilots.md#pr-action-not-modelled),
//!   which has no Showdown and so no winner or loser. A card whose own effects all wait for a
//!   battle's result or only change power (which decides a Showdown alone) has no goldfish
//!   effect, and says why (`card_rule`);
//! - the plan (docs/pilots.md#pr-action-summons): with keyword effects only, the printed
//!   order of plans (docs/pilots.md#pr-action-the-decisions), exactly; with every effect on,
//!   the plan whose turn ends with the best plan value (cards removed from the opponent's deck
//!   this turn, then cards left in hand; a win first, a loss last), ties in the printed order.
//!   Where an effect can act this turn, each summon's turn is played out on a copy of the board
//!   (its Extra summon step ranked the same way), unknown draws sampled from a stream of its
//!   own, never the game's; where none can, each plan's value is its printed damage and costs
//!   (`pr_acg/quiet.rs`), and a summon that only discards the top card and draws on a match is
//!   valued from the sample's next two cards (`pr_acg/mill.rs`): the play-out's value, exactly.
//!   So Silver Wing Ranger's +1 counts, Halvard Reyes's draws that pay for a Zord count, and a
//!   kill that keeps more cards beats one with more damage;
//! - the training area holds what effects put there; the pilot pays costs from the hand
//!   only (docs/pilots.md#pr-action-the-decisions), though the rules let a person pay from the
//!   training area too.
//!
//! Choice points (issue 32), each a `Log::pick` with every option the rules allow:
//! - Summon: which Ranger, Villain or Support in hand to summon (any whose cost the rest of
//!   the hand and the training area can pay), or none;
//! - Discard: each card paying a cost, one at a time (which card next, from the hand or the
//!   training area), rather than every set of cards at once;
//! - Summon (the Extra summon step): which Zord or Megazord to put on top, or none;
//! - in effects (`board.rs`): which card an effect discards or moves from the hand, takes
//!   from the training or discard area, or finds in a search; the interpreter's own
//!   choices (a `choose`, an optional effect) through `Board::ask`.
//!
//! No mulligan, and no attack choice: against a goldfish with no card out the battle is
//! Case 1 and the damage is dealt twice, with nothing to decide
//! (docs/pilots.md#pr-action-a-turn).
//!
//! With `--effects keywords` no card effect runs (every keyword of the game has no goldfish
//! effect) and every figure is the one the bare procedure gives.

use deckhand_core::{CoverageState, Deck, Duration, Effect, Game, GoldfishNote, Step, Trigger};

use crate::choice::ChoiceKind;
use crate::deck_cards::{small_stat, type_key, DeckCards};
use crate::effects::{self, Board, CardSet, Coverage, EffectsMode, Fired, Id, Plays, Programs};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{Figure, FigureKind, Objective, SeatFigures, KILL_FIGURES, MEAN_KILL_TURN};
use crate::rng::Rng;
use deckhand_core::StepKind;

pub const GAME_ID: &str = "pr-acg";
const OPENING_HAND: u32 = 5;
const DRAWS_PER_TURN: u32 = 2;
const OPPONENT_DECK: u32 = 30;
const NONE: u16 = u16::MAX;

mod battle;
mod board;
mod held;
mod mill;
mod options;
mod pilot;
mod quiet;
mod view;
use board::{AcgBoard, PLAYS};
use held::Held;
use mill::MillDraw;
use pilot::sample_seed;
#[cfg(test)]
use pilot::Plan;
use quiet::Quiet;
mod scratch;

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
    /// Each card's place in `pay_order`.
    pay_at: Vec<u16>,
    /// Per card, when summoning it ends a turn at its printed value (`pilot::Quiet`).
    quiet: Vec<Quiet>,
    /// Per card, whether its effects only discard the deck's top card and draw on a match
    /// (`pr_acg::mill`): its plans are valued by peeking at the sample's draws.
    mill_draw: Vec<Option<MillDraw>>,
    /// `summons_by_damage` and `extras_by_damage` are at most 64 cards each: the pilot
    /// finds the held ones as bits over their positions.
    held_fit: bool,
    /// `pay_order` is at most 64 cards: the pilot finds the next card to pay away from
    /// the held bits.
    pay_fit: bool,
    /// Each card's positions in the pilot's orders, as bits (`Held`).
    bits: Vec<Held>,
    /// Bits over `summons_by_damage`: the summons whose effects can act in a turn.
    acts_summons: u64,
    /// Bits over `extras_by_damage`: the Zords whose effects can act in a turn.
    acts_extras: u64,
    /// Compiled effects, per card index.
    fx: Programs,
    /// `--effects all`: the training area is part of the board.
    effects_on: bool,
    /// Effects can change what a plan's turn ends with (a `when summoned`, `when battling`
    /// or `while in play` effect in the deck, with every effect on): the pilot plays each
    /// plan out to rank it by its plan value, not by printed damage.
    measures: bool,
    not_simulated: Vec<String>,
    coverage: Coverage,
}

/// One game in progress (cloned to play a plan out before choosing it).
#[derive(Clone)]
pub struct State {
    /// How often each card's effects resolved this game (the report's `fired_per_game`).
    fired: Fired,
    library: Library,
    /// Known cards on top of the deck (the last on top), drawn before the shuffled rest.
    top: Vec<u16>,
    /// Cards put on the bottom, drawn (first put first) once the rest is gone.
    bottom: Vec<u16>,
    hand: Vec<u16>,
    hand_len: u32,
    /// The cards `hand` holds, as bits over the pilot's orders (kept by `add_to_hand` and
    /// `take`).
    held: Held,
    discard: Vec<u16>,
    training: Vec<u16>,
    /// The summon and the Zord on top (`NONE` when empty), from the summon to settlement.
    battle: [u16; 2],
    /// Damage changes of the battle area's cards until settlement.
    damage_bonus: [i64; 2],
    opponent_deck: u32,
    opponent_hand: u32,
    going_first: bool,
    /// Set when an effect ends the game.
    ended: Option<Outcome>,
    /// Cards effects removed from the opponent's deck this turn.
    removed: u32,
    /// The cards the last move step of an effect moved (the `moved` zone: "if it is a
    /// Villain" after "discard the top card of your deck").
    moved: Vec<u16>,
}

impl State {
    /// Draws the top card: a known one first, then the shuffled deck, then the bottom.
    #[inline]
    fn draw_one(&mut self, rng: &mut Rng) -> Option<u16> {
        if let Some(card) = self.top.pop() {
            return Some(card);
        }
        match self.library.draw(rng) {
            Some(card) => Some(card),
            None if !self.bottom.is_empty() => Some(self.bottom.remove(0)),
            None => None,
        }
    }

    #[inline]
    fn deck_len(&self) -> usize {
        self.top.len() + self.library.len() + self.bottom.len()
    }

    /// Every card of the deck: the known top cards first (top first), the shuffled rest in
    /// no order, then the bottom.
    fn deck_cards(&self) -> impl Iterator<Item = u16> + '_ {
        self.top
            .iter()
            .rev()
            .chain(self.library.remaining())
            .chain(&self.bottom)
            .copied()
    }

    /// Shuffles the known top and bottom cards back into the deck (after a search).
    fn shuffle_known_back(&mut self) {
        for card in self.top.drain(..).chain(self.bottom.drain(..)) {
            self.library.put_back(card);
        }
    }
}

/// Per-seat, per-turn figures.
pub struct Figures {
    /// Games still going at the turn's summon step.
    reached: Vec<u64>,
    summoned: Vec<u64>,
    /// Cards the battle removed from the opponent's deck.
    damage: Vec<u64>,
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
        let (fx, coverage) = effects::build(game, &deck.cards, setup.effects, &PLAYS);
        let mut pay_at = vec![0; pay_order.len()];
        for (i, &c) in pay_order.iter().enumerate() {
            pay_at[c as usize] = i as u16;
        }
        let quiet = (0..deck.len() as u16).map(|c| Quiet::of(&fx, c)).collect();
        let mill_draw = (0..deck.len() as u16)
            .map(|c| MillDraw::of(&fx, c))
            .collect();
        let held_fit = summons_by_damage.len() <= 64 && extras_by_damage.len() <= 64;
        let pay_fit = pay_order.len() <= 64;
        let bits = Held::per_card(
            deck.len(),
            &pay_order,
            &summons_by_damage,
            &extras_by_damage,
        );
        let acting = |list: &[u16]| {
            list.iter()
                .take(64)
                .enumerate()
                .filter(|&(_, &c)| pilot::acts(&fx, c))
                .fold(0u64, |bits, (i, _)| bits | (1 << i))
        };
        let acts_summons = acting(&summons_by_damage);
        let acts_extras = acting(&extras_by_damage);
        let not_simulated = coverage.left_out();
        let measures = setup.effects == EffectsMode::All
            && [Trigger::Summoned, Trigger::Battles, Trigger::Static]
                .iter()
                .any(|&t| fx.any(t));
        Ok(PrAcg {
            deck,
            features,
            summons_by_damage,
            summons_by_cost,
            extras_by_damage,
            pay_order,
            pay_at,
            quiet,
            mill_draw,
            held_fit,
            pay_fit,
            bits,
            acts_summons,
            acts_extras,
            fx,
            effects_on: setup.effects == EffectsMode::All,
            measures,
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
            let Some(card) = state.draw_one(rng) else {
                return Some(Outcome::DeckOut);
            };
            self.add_to_hand(state, card);
            log.drew(|| self.name(card).to_owned());
            if state.deck_len() == 0 {
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
}

impl Procedure for PrAcg {
    type State = State;
    type Figures = Figures;

    fn new_state(&self) -> State {
        State {
            fired: Fired::new(self.fx.cards()),
            library: Library::new(&self.deck.order),
            top: Vec::new(),
            bottom: Vec::new(),
            moved: Vec::new(),
            hand: vec![0; self.deck.len()],
            hand_len: 0,
            held: Held::default(),
            discard: Vec::new(),
            training: Vec::new(),
            battle: [NONE; 2],
            damage_bonus: [0; 2],
            opponent_deck: OPPONENT_DECK,
            opponent_hand: 0,
            going_first: true,
            ended: None,
            removed: 0,
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
        let per_turn = |values: &[u64]| -> crate::report::FigureValue {
            figures
                .reached
                .iter()
                .zip(values)
                .enumerate()
                .filter(|(_, (&n, _))| n > 0)
                .map(|(t, (&n, &v))| (t as u32, v as f64 / n as f64))
                .collect::<std::collections::BTreeMap<u32, f64>>()
                .into()
        };
        SeatFigures::from([
            ("damage_by_turn", per_turn(&figures.damage)),
            ("summon_chance_by_turn", per_turn(&figures.summoned)),
        ])
    }

    const OBJECTIVE: Objective = MEAN_KILL_TURN;
    const TELLING: crate::headline::Telling = crate::headline::Telling {
        goldfish: "The opponent only draws its 2 cards a turn from a 30-card deck and never summons: you win when that deck is empty, by your battles or its own draws.",
        game: ("game", "games"),
        win: "the opponent's deck emptied",
        deck_out: "your deck ran out",
        draw: "both decks ran out together",
        loss: "the game was lost",
    };

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
        state.fired.reset();
        state.library.reset(&self.deck.order);
        state.top.clear();
        state.bottom.clear();
        state.moved.clear();
        state.hand.fill(0);
        state.hand_len = 0;
        state.held = Held::default();
        state.discard.clear();
        state.training.clear();
        state.battle = [NONE; 2];
        state.damage_bonus = [0; 2];
        state.ended = None;
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
        // The Summon step: S, or none.
        let (plan, planned) = self.pilot_plan(state, rng);
        let hand_len = state.hand_len;
        let summon = log.pick(
            ChoiceKind::Summon,
            plan.map(|p| p.summon),
            || self.summon_options(state),
            |option| match option {
                Some(s) => format!("Summon {}", self.card_label(s)),
                None => "Summon nothing".to_owned(),
            },
            || self.summon_reason(plan, planned, hand_len),
            || self.zones(state),
            rng,
        );
        let Some(summon) = summon else {
            if L::ENABLED && self.summon_options(state).len() == 1 {
                let reason = self.summon_reason(None, None, hand_len);
                log.decide(Action::Hold, || format!("No summon: {reason}"));
            }
            return None;
        };
        figures.summoned[t] += 1;
        self.take(state, summon);
        let cost = u32::from(self.f(summon).cost);
        // The Zord the pilot means to put on top, kept while paying S's cost.
        let keep = match plan {
            Some(p) if p.summon == summon => p.extra,
            _ => self
                .choose_extra(
                    &state.hand,
                    state.hand_len.checked_sub(cost + 1),
                    i64::from(self.f(summon).damage),
                )
                .unwrap_or(NONE),
        };
        self.pay(state, summon, cost, keep, rng, log);
        // docs/pilots.md#pr-action-summons: S's `when summoned` effects resolve in the Summon
        // step, before the Extra summon step chooses Z again from the hand as they left it.
        if let Some(end) = self.summoned(state, rng, summon, log) {
            figures.damage[t] += u64::from(state.removed);
            return Some(end);
        }
        // The Extra summon step: Z on top of S, or none.
        let base = i64::from(self.f(summon).damage) + state.damage_bonus[0];
        let (pilot, measured) = self.pilot_extra(state, summon, || sample_seed(rng));
        let extra = log.pick(
            ChoiceKind::Summon,
            pilot,
            || self.extra_options(state),
            |option| match option {
                Some(z) => format!("Put {} on top", self.card_label(z)),
                None => "Put nothing on top".to_owned(),
            },
            || self.extra_reason(state, summon, base, pilot, measured),
            || self.zones(state),
            rng,
        );
        if let Some(extra) = extra {
            self.take(state, extra);
            self.pay(state, extra, u32::from(self.f(extra).cost), NONE, rng, log);
            if let Some(end) = self.extra_summoned(state, rng, extra, log) {
                figures.damage[t] += u64::from(state.removed);
                return Some(end);
            }
        }
        let (end, removed) = self.battle(state, rng, log);
        figures.damage[t] += u64::from(removed);
        end
    }

    fn finish(&self, _state: &State, _result: GameResult, _figures: &mut Figures) {}

    fn max_turns(&self) -> u32 {
        // After the opening, two cards a turn: the deck is empty by this turn.
        (self.deck.size() - OPENING_HAND)
            .div_ceil(DRAWS_PER_TURN)
            .max(1)
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        self.view(state)
    }

    fn not_simulated(&self) -> &[String] {
        &self.not_simulated
    }

    fn fired<'s>(&self, state: &'s State) -> &'s [u32] {
        state.fired.counts()
    }

    fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    #[cfg(test)]
    fn census(&self, state: &State) -> Vec<u32> {
        let mut counts: Vec<u32> = state.hand.iter().map(|&c| u32::from(c)).collect();
        for card in state
            .deck_cards()
            .chain(state.discard.iter().copied())
            .chain(state.training.iter().copied())
            .chain(state.battle.iter().copied().filter(|&c| c != NONE))
        {
            counts[card as usize] += 1;
        }
        counts
    }
}

impl crate::procedure::Goldfish for PrAcg {
    const ID: &'static str = GAME_ID;

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
