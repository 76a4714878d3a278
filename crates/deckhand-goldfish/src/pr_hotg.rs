//! Power Rangers: Heroes of the Grid: a battle simulator. One "game" is one battle of the
//! deck's Rangers against an enemy line-up, played as docs/pilots.md#heroes-of-the-grid says.
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
//! The Ranger pilot (docs/pilots.md#heroes-of-the-grid-the-decisions): each Ranger turn, play
//! the affordable Attack with the most expected hits (dice × the die's mean + fixed hits; ties:
//! the cheaper, then by name) at the enemy card it can defeat with the most health left
//! (expected hits ≥ health left), else at the one with the least health left (ties: the earlier
//! to resolve), never at a guarded card (next to an undefeated Guard card in its row or column,
//! unless itself Guard). Energy comes from the pool, then stored tokens. Damage to a Ranger
//! reveals cards from the top of the deck for defense exactly as the rulebook says (more
//! shields: to the bottom; equal: discarded; fewer: discarded, and the next card takes the
//! rest). Drain takes the pool, then stored tokens, then cards from hand.
//!
//! Decided here, beyond the procedure's text:
//! - A deck with one Ranger plays alone: hand 5, 2 energy a battle, 1 stored token. A deck
//!   of two Rangers is the rulebook's two-player mode
//!   (docs/pilots.md#heroes-of-the-grid-setup): one combined deck, hand 7, 3 energy a battle, 1
//!   stored token per Ranger. Cards lost to defense are counted for the Ranger whose colour the
//!   card has.
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
//! Effects (docs/pilots.md#card-effects) run through the shared interpreter:
//! `pr_hotg/board.rs` maps the battle's moments onto the shared triggers (the mapping of
//! `tests/fixtures/effects/pr-hotg.md`) and `pr_hotg/turns.rs` states the pilot's decisions
//! the bare procedure leaves open (X Attacks, Maneuvers, Reactions, once-per-battle abilities,
//! split hits). With `--effects keywords` nothing of that plays: Maneuvers, Reactions, Attacks
//! with cost `X` and the Rangers' abilities are never played, and enemy cards whose effect is
//! not plain damage or drain resolve as no effect, as the bare procedure was first pinned.
//! Either way the report's coverage names every card whose text is left out, and why.

use deckhand_core::{fold_name, validate_die_faces, Card, Deck, Game, StatValue};

use crate::deck_cards::{keyword, small_stat, type_key, DeckCards};
use crate::effects::{self, CardSet, Coverage, EffectsMode, Fired, Programs};
use crate::error::GoldfishError;
use crate::game_options::GameOption;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{Better, Figure, FigureKind, Objective, SeatFigures, CI95};
use crate::rng::Rng;
use crate::simulate::{EnemyGroup, Setup};

pub const GAME_ID: &str = "pr-hotg";
const ROW: usize = 4;
const MAX_FOOT_SOLDIERS: u32 = deckhand_core::MAX_FOOT_FIGURES;

#[derive(Debug, Clone, Copy)]
struct Combat {
    /// Playable as an attack: an Attack with a numeric cost and some expected hits (with
    /// effects on, also an `X` Attack whose effects play).
    attack: bool,
    /// Its cost is `X`: what it spends is its effect's choice.
    x: bool,
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
    /// Attacks, best first (the pilot's order when nothing changes their dice or cost).
    attacks: Vec<u16>,
    /// Each card's place in the pilot's order (Attacks best first, then the rest by name):
    /// what a search or a return from the discard takes first.
    play_rank: Vec<u16>,
    /// Maneuvers whose effects play, cheapest first, then by name.
    maneuvers: Vec<u16>,
    /// Reactions, by name, and what each can do now.
    reaction_order: Vec<u16>,
    reactions: Vec<Reacts>,
    /// Per card, the (energy spent, expected hits × faces) of each option of an `X` Attack.
    /// (and the dice it rolls).
    x_value: Vec<Vec<(u32, u32, u32)>>,
    /// The Rangers' once-per-battle abilities (card, how it is used), at most 32.
    abilities: Vec<(u16, ability::Ability)>,
    /// Ranger cards with a `while in play` ability.
    static_rangers: Vec<u16>,
    /// Ranger cards with a `when you play` ability.
    plays_rangers: Vec<u16>,
    /// Per card: its effects let it target a guarded enemy card (`ignore guard`).
    ignores_guard: Vec<bool>,
    /// A line-up card may add a card to the combat sequence (effects on).
    summons: bool,
    /// The deck's Ranger cards ("each Ranger in the battle").
    ranger_cards: Vec<u16>,
    /// Damage an enemy card's `when attacks` effects deal besides its `damage` stat.
    enemy_extra: Vec<u8>,
    /// The deck's and then the line-up's cards' compiled effects (enemy `e` is card
    /// `deck.len() + e`).
    fx: Programs,
    effects_on: bool,
    die_sum: u32,
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
    /// It has resolved (not merely been passed over, defeated).
    resolved: bool,
    /// What other cards' Passives give it while they stand.
    bonus_health: i8,
    bonus_damage: i8,
    /// It no longer guards its neighbours (Undertow), until the end of the battle.
    unguarded: bool,
    /// What other cards' Passives give it while they stand: no single attack deals it more
    /// than `cap` hits (0: no cap), and the first `ignore` hits of each attack are ignored.
    cap: u8,
    ignore: u8,
}

/// What a Reaction can do now, for the pilot's choice to play it.
#[derive(Debug, Clone, Copy, Default)]
struct Reacts {
    prevents: bool,
    hits: bool,
}

/// One battle in progress.
#[derive(Clone)]
pub struct State {
    /// How often each card's effects resolved this game (the report's `fired_per_game`).
    fired: Fired,
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
    /// The attack being played.
    attack: board::Attack,
    /// The card being revealed for defense.
    reveal: board::Reveal,
    /// The damage about to be dealt (the `damage` zone), what is prevented of it, and what
    /// the resolving enemy card dealt.
    incoming: u32,
    prevented: u32,
    dealt: u32,
    /// Once-per-battle abilities used, a bit per entry of `abilities`.
    used: u32,
    /// Changes to each combat card's dice and cost while their sources stand.
    dice_mod: Vec<i8>,
    cost_mod: Vec<i8>,
    /// The cards played this battle (Attacks and Maneuvers), in order: the `played` zone.
    played: Vec<u16>,
    /// Hits the next attack played deals besides its own (Patient Stance), and the
    /// attacks that get them (a filter of the compiled effects; `None`: any).
    next_hits: i32,
    next_filter: Option<u16>,
    /// This state is a look-ahead's copy: its Reactions are not weighed by another look, so
    /// looks never nest.
    planning: bool,
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
        let health = (i32::from(self.e(slot).health) + i32::from(slot.bonus_health)).max(1);
        (health as u32).saturating_sub(u32::from(slot.hits))
    }

    /// The card index of enemy `enemy` in the compiled effects.
    fn enemy_card(&self, enemy: u16) -> u16 {
        (self.deck.len() + enemy as usize) as u16
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
        let guards =
            |s: Option<&Slot>| s.is_some_and(|s| !s.defeated && !s.unguarded && self.e(s).guard);
        guards(col.checked_sub(1).and_then(|c| row.get(c)))
            || guards(row.get(col + 1))
            || guards(other.get(col))
    }

    /// The slots next to slot `i`: left and right in its row, and the same column of the
    /// other row (the neighbours Guard protects).
    fn adjacent(&self, state: &State, i: usize) -> impl Iterator<Item = usize> {
        let (top, bottom) = (state.top_len, state.bottom_len);
        let (row_start, row_len, col, other_start, other_len) = if i < top {
            (0, top, i, top, bottom)
        } else {
            (top, bottom, i - top, 0, top)
        };
        let left = col.checked_sub(1).map(|c| row_start + c);
        let right = (col + 1 < row_len).then_some(row_start + col + 1);
        let column = (col < other_len).then_some(other_start + col);
        left.into_iter().chain(right).chain(column)
    }

    /// The Guard card in slot `i` protects an undefeated neighbour that is not Guard.
    fn guards_any(&self, state: &State, i: usize) -> bool {
        self.adjacent(state, i).any(|j| {
            let s = self.slot(state, j);
            !s.defeated && !self.e(s).guard
        })
    }

    /// Hits an attack deals to the card in slot `i` after its hit rules (Passives: the
    /// first hits ignored, a cap per attack).
    fn attack_hits(&self, state: &State, i: usize, hits: u32) -> u32 {
        let slot = self.slot(state, i);
        let hits = hits.saturating_sub(u32::from(slot.ignore));
        match slot.cap {
            0 => hits,
            cap => hits.min(u32::from(cap)),
        }
    }

    /// Adds a card from the first foot-soldier enemy deck with cards left to the right end
    /// of the bottom row ("Summon the Legion"); none when the row is full. Its name.
    fn summon(&self, state: &mut State, rng: &mut Rng) -> Option<&str> {
        if state.bottom_len >= ROW {
            return None;
        }
        let enemy = (0..self.foot.len()).find_map(|g| state.enemy_decks[g].draw(rng))?;
        state.bottom[state.bottom_len] = Slot {
            enemy,
            ..Slot::default()
        };
        state.bottom_len += 1;
        self.refresh_statics(state);
        Some(&self.enemy_names[enemy as usize])
    }

    fn all_defeated(&self, state: &State) -> bool {
        state.top[..state.top_len]
            .iter()
            .chain(&state.bottom[..state.bottom_len])
            .all(|s| s.defeated)
    }

    pub(super) fn roll(&self, dice: u8, rng: &mut Rng) -> u32 {
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

    /// Places an enemy card in a row: Fast cards at the left end.
    fn place(row: &mut [Slot; ROW], len: &mut usize, enemy: u16, fast: bool) {
        let slot = Slot {
            enemy,
            ..Slot::default()
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
            fired: Fired::new(self.fx.cards()),
            deck: CombatDeck {
                cards: Vec::with_capacity(self.order.len() * 2 + 8),
                top: 0,
                shuffled: 0,
                known: 0,
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
            attack: board::Attack {
                rolls: Vec::with_capacity(16),
                notes: String::new(),
                ..board::Attack::default()
            },
            reveal: board::Reveal::default(),
            incoming: 0,
            prevented: 0,
            dealt: 0,
            used: 0,
            dice_mod: vec![0; self.deck.len()],
            cost_mod: vec![0; self.deck.len()],
            played: Vec::with_capacity(self.order.len()),
            next_hits: 0,
            next_filter: None,
            planning: false,
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
        let lost: std::collections::BTreeMap<String, f64> = self
            .rangers
            .iter()
            .zip(&figures.lost)
            .map(|(name, &n)| (name.clone(), per(n)))
            .collect();
        SeatFigures::from([
            ("all_defeated_chance", per(figures.wins).into()),
            ("hits_per_battle", per(figures.hits).into()),
            ("cards_lost_per_ranger", lost.into()),
            ("energy_spent_per_battle", per(figures.energy).into()),
            ("ranger_defeats", figures.defeats.into()),
        ])
    }

    const OBJECTIVE: Objective = Objective {
        key: std::borrow::Cow::Borrowed("all_defeated_chance"),
        label: std::borrow::Cow::Borrowed("Every enemy card defeated"),
        better: Better::Higher,
        turn: None,
        said: std::borrow::Cow::Borrowed("your chance of defeating every enemy card"),
        unit: crate::report::ObjectiveUnit::Chance,
    };
    const TELLING: crate::headline::Telling = crate::headline::Telling {
        goldfish: "One battle of your Rangers against an enemy line-up that attacks on every enemy turn: you win when every enemy card is defeated.",
        game: ("battle", "battles"),
        win: "every enemy card defeated",
        deck_out: "the Rangers' deck ran out",
        draw: "nobody won",
        loss: "the battle ended with enemy cards standing, or the Rangers were defeated",
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
        state.fired.reset();
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
        state.used = 0;
        state.incoming = 0;
        state.prevented = 0;
        state.played.clear();
        state.next_hits = 0;
        state.next_filter = None;
        state.planning = false;
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
        self.refresh_statics(state);
        state.enemies_first = state.top[..state.top_len]
            .iter()
            .chain(&state.bottom[..state.bottom_len])
            .any(|s| self.e(s).fast);
        log.decide(Action::Setup, || {
            format!(
                "The shared pool gets {} energy, the Rangers hold {} and draw up to {}; the combat sequence has {}; {} take the first turn",
                self.battle_energy,
                deckhand_core::plural::count(i64::from(self.stored), "stored token", "stored tokens"),
                self.hand_size,
                deckhand_core::plural::count(self.sequence_len(state) as i64, "card", "cards"),
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
        // One enemy turn per card, then one final Ranger turn; a card that joins the
        // sequence (Summon the Legion) may fill the bottom row.
        let mut foot: u32 = self.foot.iter().map(|(_, n)| *n).sum();
        if self.summons {
            foot = foot.max(ROW as u32);
        }
        foot + if self.boss.is_some() { ROW as u32 } else { 0 } + 1
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

mod ability;
mod board;
mod combat_deck;
mod enemy_turn;
mod line_up;
mod pilot;
mod reaction;
mod scratch;
mod setup;
mod turns;
mod view;

use combat_deck::CombatDeck;
use line_up::{enemy_simulated, line_up};
impl crate::procedure::Goldfish for PrHotg {
    const OPTIONS: &'static [GameOption] = &[GameOption::EnemyLineup, GameOption::CombatDie];
    const BOARD: &'static str = "pr-hotg";
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
