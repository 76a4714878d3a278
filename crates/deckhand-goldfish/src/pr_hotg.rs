//! Power Rangers: Heroes of the Grid: a battle simulator. One "game" is one battle of the
//! deck's Rangers against an enemy line-up, played as GAMES.md and the rulebook say.
//!
//! Ranger preparation: each Ranger holds 1 stored energy token, the battle adds 2 to the
//! shared pool, the Rangers draw up to their hand size. Enemy preparation: one card per
//! foot-soldier figure from its enemy deck into the bottom row (at most 4), four cards of a
//! Monster or Boss into the top row; a Fast card goes to the left end of its row, and if any
//! card is Fast the enemies take the first turn. Then Rangers and enemies alternate: the
//! enemy turn resolves the next card (top row left to right, then the bottom row; a
//! defeated card does nothing), and after the last enemy card the Rangers get one final
//! turn. The battle ends at once when every enemy card is defeated (a win; the kill turn is
//! the Ranger turn it happened on) and is lost when it ends with enemy cards standing or
//! the Rangers' deck runs out.
//!
//! The Ranger pilot (GAMES.md): each Ranger turn, play the affordable Attack with the most
//! expected hits (dice × the die's mean + fixed hits; ties: the cheaper, then by name) at the
//! enemy card it can defeat with the most health left (expected hits ≥ health left), else
//! at the one with the least health left (ties: the earlier to resolve), never at a guarded
//! card (next to an undefeated Guard card in its row or column, unless itself Guard). Energy
//! comes from the pool, then stored tokens. Damage to a Ranger reveals cards from the top of
//! the deck for defense exactly as the rulebook says (more shields: to the bottom; equal:
//! discarded; fewer: discarded, and the next card takes the rest). Drain takes the pool,
//! then stored tokens, then cards from hand.
//!
//! Decided here, where GAMES.md is silent:
//! - A deck with one Ranger plays alone: hand 5, 2 energy a battle, 1 stored token. A deck
//!   of two Rangers is the rulebook's two-player mode: one combined deck, hand 7, 3 energy a
//!   battle, 1 stored token per Ranger. Cards lost to defense are counted for the Ranger
//!   whose colour the card has.
//! - The pilot draws up to the hand size but leaves one card in the deck (an empty deck
//!   defeats the Ranger). It never spends actions for energy: the simulator plays the battle.
//! - Enemy damage goes to the one combat deck (the team's choice of Ranger does not arise);
//!   "to each Ranger" cannot be told from plain damage in the card data and is dealt once.
//! - Drain beyond pool and tokens discards the hand's least useful cards: non-Attacks first,
//!   then the fewest expected hits.
//! - An enemy deck is drawn without replacement within a battle; a foot-soldier deck with
//!   fewer cards than figures gives all it has. An enemy card whose health is not a number
//!   (`X`) has 1 health and is named.
//!
//! Not simulated (named): Maneuvers and Reactions (never played), Attacks with cost `X`,
//! every combat card whose text says more than its keywords, Special Defense, the Rangers'
//! abilities, and enemy cards whose effect is not plain damage or drain (no `damage` or
//! `drain` stat, Passive, or health `X`), which resolve as no effect.

use deckhand_core::{fold_name, validate_die_faces, Card, Deck, Game, StatValue};

use crate::deck_cards::{keyword, small_stat, type_key, DeckCards};
use crate::effects::{keywords_only, not_simulated, Coverage, KeywordPolicy};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{Better, Figure, FigureKind, Objective, SeatFigures, CI95};
use crate::rng::Rng;
use crate::simulate::{EnemyGroup, Setup};

pub const GAME_ID: &str = "pr-hotg";
const ROW: usize = 4;
const MAX_FOOT_SOLDIERS: u32 = deckhand_core::MAX_FOOT_FIGURES;

const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &[],
    unplayed_types: &["Maneuver", "Reaction", "Ranger"],
};

#[derive(Debug, Clone, Copy)]
struct Combat {
    /// Playable as an attack: an Attack with a numeric cost and some expected hits.
    attack: bool,
    cost: u8,
    dice: u8,
    hits: u8,
    shields: u8,
    /// Expected hits × the die's face count (an integer, so comparisons are exact).
    expected: u32,
    ranger: u8,
}

#[derive(Debug, Clone, Copy)]
struct Enemy {
    health: u8,
    damage: u8,
    drain: u8,
    fast: bool,
    guard: bool,
}

/// A deck and line-up prepared for the battle simulator.
pub struct PrHotg {
    deck: DeckCards,
    combat: Vec<Combat>,
    order: Vec<u16>,
    rangers: Vec<String>,
    /// Each Ranger's colour (folded), for the board.
    ranger_colours: Vec<String>,
    hand_size: u32,
    battle_energy: u32,
    stored: u32,
    /// Attacks, best first (the pilot's order).
    attacks: Vec<u16>,
    /// Every card, least useful first (what drain discards).
    discard_order: Vec<u16>,
    enemy_names: Vec<String>,
    enemies: Vec<Enemy>,
    /// Foot-soldier decks with their figures, then at most one Monster or Boss deck.
    foot: Vec<(Vec<u16>, u32)>,
    boss: Option<Vec<u16>>,
    die: Vec<u8>,
    not_simulated: Vec<String>,
    coverage: Coverage,
}

/// An enemy card in the combat sequence.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    enemy: u16,
    hits: u8,
    defeated: bool,
}

/// One battle in progress.
pub struct State {
    deck: CombatDeck,
    hand: Vec<u16>,
    hand_len: u32,
    discard: Vec<u16>,
    pool: u32,
    stored: u32,
    enemy_decks: Vec<Library>,
    /// Top row then bottom row, in resolution order.
    top: [Slot; ROW],
    top_len: usize,
    bottom: [Slot; ROW],
    bottom_len: usize,
    next: usize,
    enemies_first: bool,
    hits: u32,
    energy_spent: u32,
    lost: Vec<u32>,
    defeated: bool,
}

/// Per-seat sums over battles.
pub struct Figures {
    games: u64,
    wins: u64,
    hits: u64,
    energy: u64,
    lost: Vec<u64>,
    defeats: u64,
}

fn number(card: &Card, stat: &str) -> Option<u8> {
    card.stats
        .get(stat)
        .and_then(StatValue::as_number)
        .map(|n| n.clamp(0, 255) as u8)
}

impl PrHotg {
    pub(crate) fn new(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<PrHotg, GoldfishError> {
        let cards = DeckCards::from_deck(deck, &["ranger", "main"])?;
        let die: Vec<u8> = match setup.die_faces {
            Some(faces) => faces.to_vec(),
            // The die is the definition's (GAMES.md's default lives there, not here).
            None => game
                .goldfish
                .as_ref()
                .map(|g| g.die_faces.clone())
                .filter(|f| !f.is_empty())
                .ok_or_else(|| {
                    GoldfishError::InvalidOptions(format!(
                        "the {} definition states no combat die ([goldfish] die_faces): give one with --die",
                        game.id
                    ))
                })?,
        };
        validate_die_faces(&die).map_err(GoldfishError::InvalidOptions)?;
        let die_sum: u32 = die.iter().map(|&f| u32::from(f)).sum();
        let faces = die.len() as u32;
        // The Rangers: the deck's Ranger cards, else the colours of its combat cards.
        let is_ranger = |c: &Card| type_key(c) == "ranger";
        let mut colours: Vec<String> = Vec::new();
        let mut rangers: Vec<String> = Vec::new();
        for card in cards.cards.iter().filter(|c| is_ranger(c)) {
            colours.push(fold_name(card.color.as_deref().unwrap_or(&card.name)));
            rangers.push(card.name.clone());
        }
        let mut order = Vec::new();
        for entry in deck
            .entries
            .iter()
            .filter(|e| e.section == "main" || e.section == "ranger")
        {
            if is_ranger(&entry.card) {
                continue;
            }
            let card = cards
                .cards
                .iter()
                .position(|c| c.id == entry.card.id)
                .unwrap_or(0);
            order.extend(std::iter::repeat_n(card as u16, entry.count as usize));
        }
        let mut combat = Vec::with_capacity(cards.len());
        for card in &cards.cards {
            let colour = fold_name(card.color.as_deref().unwrap_or(""));
            let ranger = match colours.iter().position(|c| *c == colour) {
                Some(i) => i,
                None if is_ranger(card) => 0,
                None => {
                    colours.push(colour);
                    rangers.push(card.color.clone().unwrap_or_else(|| "Ranger".into()));
                    colours.len() - 1
                }
            };
            let cost = number(card, "energy_cost");
            let (dice, hits) = (small_stat(card, "dice"), small_stat(card, "hits"));
            let expected = u32::from(dice) * die_sum + u32::from(hits) * faces;
            combat.push(Combat {
                attack: type_key(card) == "attack" && cost.is_some() && expected > 0,
                cost: cost.unwrap_or(u8::MAX),
                dice,
                hits,
                shields: small_stat(card, "shields"),
                expected,
                ranger: ranger.min(255) as u8,
            });
        }
        if order.is_empty() {
            return Err(GoldfishError::MissingCards(
                "a Heroes of the Grid battle needs the Rangers' combat deck (the deck's Combat deck section is empty)".into(),
            ));
        }
        let rank = |c: u16| cards.name_rank[c as usize];
        let mut attacks: Vec<u16> = (0..cards.len() as u16)
            .filter(|&c| combat[c as usize].attack)
            .collect();
        attacks.sort_by_key(|&c| {
            (
                u32::MAX - combat[c as usize].expected,
                combat[c as usize].cost,
                rank(c),
            )
        });
        let mut discard_order: Vec<u16> = (0..cards.len() as u16).collect();
        discard_order.sort_by_key(|&c| {
            let f = combat[c as usize];
            (f.attack, f.expected, rank(c))
        });
        // Two-player mode when the deck names two Rangers (or, naming none, holds two colours).
        let named = cards.cards.iter().filter(|c| is_ranger(c)).count();
        let team = if named > 0 { named } else { rangers.len() }.max(1) as u32;
        let (enemy_names, enemies, foot, boss, enemy_cards) = line_up(setup.enemies)?;
        let coverage = keywords_only(
            game,
            &cards.cards,
            setup.effects,
            "the Heroes of the Grid pilot",
            &KEYWORDS,
        );
        let mut not_simulated = not_simulated(&cards.cards, &KEYWORDS);
        not_simulated.extend(
            enemy_cards
                .iter()
                .filter(|c| !enemy_simulated(c))
                .map(|c| c.name.clone()),
        );
        not_simulated.sort_by_key(|n| fold_name(n));
        not_simulated.dedup_by(|a, b| fold_name(a) == fold_name(b));
        Ok(PrHotg {
            hand_size: if team > 1 { 7 } else { 5 },
            battle_energy: if team > 1 { 3 } else { 2 },
            stored: team,
            rangers,
            ranger_colours: colours,
            combat,
            order,
            attacks,
            discard_order,
            enemy_names,
            enemies,
            foot,
            boss,
            die,
            not_simulated,
            coverage,
            deck: cards,
        })
    }

    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Combat {
        self.combat[card as usize]
    }

    fn e(&self, slot: &Slot) -> Enemy {
        self.enemies[slot.enemy as usize]
    }

    fn health_left(&self, slot: &Slot) -> u32 {
        u32::from(self.e(slot).health).saturating_sub(u32::from(slot.hits))
    }

    /// The slot at `i` of the resolution order (top row first).
    fn slot<'a>(&self, state: &'a State, i: usize) -> &'a Slot {
        if i < state.top_len {
            &state.top[i]
        } else {
            &state.bottom[i - state.top_len]
        }
    }

    fn slot_mut<'a>(&self, state: &'a mut State, i: usize) -> &'a mut Slot {
        if i < state.top_len {
            &mut state.top[i]
        } else {
            &mut state.bottom[i - state.top_len]
        }
    }

    fn sequence_len(&self, state: &State) -> usize {
        state.top_len + state.bottom_len
    }

    /// Next to an undefeated Guard card in its row or column, and not Guard itself.
    fn guarded(&self, state: &State, i: usize) -> bool {
        let slot = self.slot(state, i);
        if self.e(slot).guard {
            return false;
        }
        let (row, col, other): (&[Slot], usize, &[Slot]) = if i < state.top_len {
            (
                &state.top[..state.top_len],
                i,
                &state.bottom[..state.bottom_len],
            )
        } else {
            (
                &state.bottom[..state.bottom_len],
                i - state.top_len,
                &state.top[..state.top_len],
            )
        };
        let guards = |s: Option<&Slot>| s.is_some_and(|s| !s.defeated && self.e(s).guard);
        guards(col.checked_sub(1).and_then(|c| row.get(c)))
            || guards(row.get(col + 1))
            || guards(other.get(col))
    }

    fn all_defeated(&self, state: &State) -> bool {
        state.top[..state.top_len]
            .iter()
            .chain(&state.bottom[..state.bottom_len])
            .all(|s| s.defeated)
    }

    fn roll(&self, dice: u8, rng: &mut Rng) -> u32 {
        (0..dice)
            .map(|_| u32::from(self.die[rng.below(self.die.len() as u32) as usize]))
            .sum()
    }

    /// Draws up to the hand size, leaving one card in the deck.
    fn draw_hand<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        while state.hand_len < self.hand_size && state.deck.len() > 1 {
            let Some(card) = state.deck.draw(rng) else {
                break;
            };
            state.hand[card as usize] += 1;
            state.hand_len += 1;
            log.drew(|| self.name(card).to_owned());
        }
    }

    /// A Ranger turn: the pilot's attack, if any. `Some(Win)` when the last enemy falls.
    fn ranger_turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) -> Option<Outcome> {
        let energy = state.pool + state.stored;
        let Some(&card) = self
            .attacks
            .iter()
            .find(|&&c| state.hand[c as usize] > 0 && u32::from(self.f(c).cost) <= energy)
        else {
            log.decide(Action::Hold, || {
                format!("Play nothing: no Attack in hand that {energy} energy can pay for")
            });
            return None;
        };
        let f = self.f(card);
        let faces = self.die.len() as u32;
        let mut target: Option<(bool, u32, usize)> = None;
        for i in 0..self.sequence_len(state) {
            let slot = self.slot(state, i);
            if slot.defeated || self.guarded(state, i) {
                continue;
            }
            let left = self.health_left(slot);
            let can = left * faces <= f.expected;
            // Defeatable first, the most health left among them; else the least health.
            let key = (!can, if can { u32::MAX - left } else { left }, i);
            if target.is_none_or(|t| key < t) {
                target = Some(key);
            }
        }
        let Some((cannot, _, i)) = target else {
            log.decide(Action::Hold, || {
                "Play nothing: every enemy card left is guarded".to_owned()
            });
            return None;
        };
        let cost = u32::from(f.cost);
        let from_pool = cost.min(state.pool);
        state.pool -= from_pool;
        state.stored -= cost - from_pool;
        state.energy_spent += cost;
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
        state.discard.push(card);
        let rolled = self.roll(f.dice, rng);
        let hits = u32::from(f.hits) + rolled;
        state.hits += hits;
        let slot = self.slot_mut(state, i);
        slot.hits = (u32::from(slot.hits) + hits).min(255) as u8;
        let slot = *slot;
        let left = self.health_left(&slot);
        if left == 0 {
            self.slot_mut(state, i).defeated = true;
        }
        log.decide(Action::Attack, || {
            let enemy = &self.enemy_names[slot.enemy as usize];
            let aim = if cannot {
                "no card it can expect to defeat, so the one with the least health left"
            } else {
                "the card with the most health it can expect to defeat"
            };
            let result = if left == 0 {
                "defeated".to_owned()
            } else {
                format!("{left} health left")
            };
            format!(
                "Play {} ({cost} energy, {} dice + {} hits: the most expected hits affordable) at {enemy}, {aim}: rolled {rolled}, {hits} hit(s), {result}",
                self.name(card),
                f.dice,
                f.hits
            )
        });
        if self.all_defeated(state) {
            log.decide(Action::End, || {
                "Every enemy card is defeated: the Rangers win the battle".to_owned()
            });
            return Some(Outcome::Win);
        }
        None
    }

    /// Damage to the Rangers, absorbed by revealing cards for defense.
    fn suffer<L: Log>(&self, state: &mut State, damage: u32, rng: &mut Rng, log: &mut L) {
        let mut left = damage;
        while left > 0 {
            let Some(card) = state.deck.draw(rng) else {
                break;
            };
            let shields = u32::from(self.f(card).shields);
            if shields > left {
                state.deck.put_bottom(card);
                log.decide(Action::Damage, || {
                    format!("Reveal {} ({shields} shields) against {left} damage: it goes to the bottom of the deck", self.name(card))
                });
                left = 0;
            } else {
                state.discard.push(card);
                state.lost[usize::from(self.f(card).ranger)] += 1;
                log.decide(Action::Damage, || {
                    format!(
                        "Reveal {} ({shields} shields) against {left} damage: discarded",
                        self.name(card)
                    )
                });
                left -= shields;
            }
        }
        if state.deck.len() == 0 {
            state.defeated = true;
            log.decide(Action::End, || {
                "The combat deck is empty: the Rangers are defeated".to_owned()
            });
        }
    }

    fn drain<L: Log>(&self, state: &mut State, amount: u32, log: &mut L) {
        let from_pool = amount.min(state.pool);
        state.pool -= from_pool;
        let from_stored = (amount - from_pool).min(state.stored);
        state.stored -= from_stored;
        let mut left = amount - from_pool - from_stored;
        log.decide(Action::Opponent, || {
            format!("Drain {amount}: {from_pool} from the pool, {from_stored} stored token(s), {left} card(s) from hand")
        });
        for &card in &self.discard_order {
            while left > 0 && state.hand[card as usize] > 0 {
                state.hand[card as usize] -= 1;
                state.hand_len -= 1;
                state.discard.push(card);
                left -= 1;
                log.decide(Action::Damage, || {
                    format!(
                        "Discard {} from hand for the drain: the least useful card",
                        self.name(card)
                    )
                });
            }
        }
    }

    /// An enemy turn: the next card resolves.
    fn enemy_turn<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let i = state.next;
        state.next += 1;
        let slot = *self.slot(state, i);
        let name = &self.enemy_names[slot.enemy as usize];
        if slot.defeated {
            log.decide(Action::Opponent, || {
                format!("{name} is defeated: it resolves with no effect")
            });
            return;
        }
        let e = self.e(&slot);
        if e.damage == 0 && e.drain == 0 {
            log.decide(Action::Opponent, || {
                format!("{name} resolves: its effect is not simulated")
            });
            return;
        }
        if e.damage > 0 {
            log.decide(Action::Opponent, || {
                format!("{name} deals {} damage", e.damage)
            });
            self.suffer(state, u32::from(e.damage), rng, log);
        }
        if e.drain > 0 && !state.defeated {
            self.drain(state, u32::from(e.drain), log);
        }
    }

    /// Places an enemy card in a row: Fast cards at the left end.
    fn place(row: &mut [Slot; ROW], len: &mut usize, enemy: u16, fast: bool) {
        let slot = Slot {
            enemy,
            hits: 0,
            defeated: false,
        };
        if fast {
            row.copy_within(0..*len, 1);
            row[0] = slot;
        } else {
            row[*len] = slot;
        }
        *len += 1;
    }
}

impl Procedure for PrHotg {
    type State = State;
    type Figures = Figures;
    const SEATS_ALIKE: bool = true;
    const LOSES: bool = true;

    fn new_state(&self) -> State {
        let mut enemy_decks: Vec<Library> = self
            .foot
            .iter()
            .map(|(deck, _)| Library::new(deck))
            .collect();
        if let Some(deck) = &self.boss {
            enemy_decks.push(Library::new(deck));
        }
        State {
            deck: CombatDeck {
                cards: Vec::with_capacity(self.order.len() * 2 + 8),
                top: 0,
                shuffled: 0,
            },
            hand: vec![0; self.deck.len()],
            hand_len: 0,
            discard: Vec::with_capacity(self.order.len()),
            pool: 0,
            stored: 0,
            enemy_decks,
            top: [Slot::default(); ROW],
            top_len: 0,
            bottom: [Slot::default(); ROW],
            bottom_len: 0,
            next: 0,
            enemies_first: false,
            hits: 0,
            energy_spent: 0,
            lost: vec![0; self.rangers.len()],
            defeated: false,
        }
    }

    fn new_figures(&self) -> Figures {
        Figures {
            games: 0,
            wins: 0,
            hits: 0,
            energy: 0,
            lost: vec![0; self.rangers.len()],
            defeats: 0,
        }
    }

    fn merge_figures(&self, into: &mut Figures, from: &Figures) {
        into.games += from.games;
        into.wins += from.wins;
        into.hits += from.hits;
        into.energy += from.energy;
        add_counts(&mut into.lost, &from.lost);
        into.defeats += from.defeats;
    }

    fn report_figures(&self, figures: &Figures, _games: u64) -> SeatFigures {
        let per = |n: u64| n as f64 / figures.games.max(1) as f64;
        SeatFigures {
            all_defeated_chance: Some(per(figures.wins)),
            hits_per_battle: Some(per(figures.hits)),
            energy_spent_per_battle: Some(per(figures.energy)),
            cards_lost_per_ranger: Some(
                self.rangers
                    .iter()
                    .zip(&figures.lost)
                    .map(|(name, &n)| (name.clone(), per(n)))
                    .collect(),
            ),
            ranger_defeats: Some(figures.defeats),
            ..SeatFigures::default()
        }
    }

    const OBJECTIVE: Objective = Objective {
        key: std::borrow::Cow::Borrowed("all_defeated_chance"),
        label: std::borrow::Cow::Borrowed("Every enemy card defeated"),
        better: Better::Higher,
        turn: None,
    };

    fn figures(&self) -> Vec<Figure> {
        use FigureKind::*;
        vec![
            Figure::new("all_defeated_chance", "Every enemy card defeated", Chance),
            Figure::new("losses", "Battles lost", Count),
            Figure::new("ranger_defeats", "Rangers defeated (deck ran out)", Count),
            Figure::new("hits_per_battle", "Hits dealt per battle", Scalar),
            Figure::new("energy_spent_per_battle", "Energy spent per battle", Scalar),
            Figure::with_unit(
                "cards_lost_per_ranger",
                "Cards lost to defense per battle",
                PerEntity,
                "cards",
            ),
            Figure::with_interval(
                "mean_kill_turn",
                "Mean turn the last enemy fell",
                Scalar,
                CI95,
            ),
            Figure::new("kill_turns", "Last enemy fell on turn", Distribution),
        ]
    }

    fn setup<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        _going_first: bool,
        log: &mut L,
    ) -> Option<Outcome> {
        state.deck.reset(&self.order);
        state.hand.fill(0);
        state.hand_len = 0;
        state.discard.clear();
        state.pool = self.battle_energy;
        state.stored = self.stored;
        state.top_len = 0;
        state.bottom_len = 0;
        state.next = 0;
        state.hits = 0;
        state.energy_spent = 0;
        state.lost.fill(0);
        state.defeated = false;
        for (deck, library) in self
            .foot
            .iter()
            .map(|(d, _)| d)
            .chain(self.boss.as_ref())
            .zip(state.enemy_decks.iter_mut())
        {
            library.reset(deck);
        }
        for (g, (_, figures)) in self.foot.iter().enumerate() {
            for _ in 0..*figures {
                let Some(enemy) = state.enemy_decks[g].draw(rng) else {
                    break;
                };
                let fast = self.enemies[enemy as usize].fast;
                Self::place(&mut state.bottom, &mut state.bottom_len, enemy, fast);
            }
        }
        if self.boss.is_some() {
            let g = self.foot.len();
            for _ in 0..ROW {
                let Some(enemy) = state.enemy_decks[g].draw(rng) else {
                    break;
                };
                let fast = self.enemies[enemy as usize].fast;
                Self::place(&mut state.top, &mut state.top_len, enemy, fast);
            }
        }
        state.enemies_first = state.top[..state.top_len]
            .iter()
            .chain(&state.bottom[..state.bottom_len])
            .any(|s| self.e(s).fast);
        log.decide(Action::Setup, || {
            format!(
                "The shared pool gets {} energy, the Rangers hold {} stored token(s) and draw up to {}; the combat sequence has {} card(s); {} take the first turn",
                self.battle_energy,
                self.stored,
                self.hand_size,
                self.sequence_len(state),
                if state.enemies_first { "a Fast card is in it, so the enemies" } else { "the Rangers" }
            )
        });
        self.draw_hand(state, rng, log);
        if self.sequence_len(state) == 0 {
            log.decide(Action::End, || "No enemy card to battle".to_owned());
            return Some(Outcome::Win);
        }
        None
    }

    fn turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        _turn: u32,
        log: &mut L,
        _figures: &mut Figures,
    ) -> Option<Outcome> {
        let total = self.sequence_len(state);
        if state.enemies_first {
            self.enemy_turn(state, rng, log);
            if state.defeated {
                return Some(Outcome::Loss);
            }
        }
        if let Some(win) = self.ranger_turn(state, rng, log) {
            return Some(win);
        }
        if state.next >= total {
            log.decide(Action::End, || {
                "That was the Rangers' final turn: the battle ends with enemy cards standing"
                    .to_owned()
            });
            return Some(Outcome::Loss);
        }
        if !state.enemies_first {
            self.enemy_turn(state, rng, log);
            if state.defeated {
                return Some(Outcome::Loss);
            }
        }
        None
    }

    fn finish(&self, state: &State, result: GameResult, figures: &mut Figures) {
        figures.games += 1;
        figures.wins += u64::from(result.outcome == Outcome::Win);
        figures.hits += u64::from(state.hits);
        figures.energy += u64::from(state.energy_spent);
        for (total, &n) in figures.lost.iter_mut().zip(&state.lost) {
            *total += u64::from(n);
        }
        figures.defeats += u64::from(state.defeated);
    }

    fn max_turns(&self) -> u32 {
        // One enemy turn per card, then one final Ranger turn.
        let foot: u32 = self.foot.iter().map(|(_, n)| *n).sum();
        foot + if self.boss.is_some() { ROW as u32 } else { 0 } + 1
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        self.board(state)
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
        let in_deck = &state.deck.cards[state.deck.top..];
        // A fresh state has an empty buffer: count the printed deck then.
        let deck: &[u16] = if state.deck.cards.is_empty() {
            &self.order
        } else {
            in_deck
        };
        for &card in deck.iter().chain(&state.discard) {
            counts[card as usize] += 1;
        }
        counts
    }
}

mod board;
mod combat_deck;
mod line_up;

use combat_deck::CombatDeck;
use line_up::{enemy_simulated, line_up};
impl crate::registry::Goldfish for PrHotg {
    const ID: &'static str = GAME_ID;

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        PrHotg::new(game, deck, setup)
    }
}

#[cfg(test)]
mod tests;
