//! Zoids Scramble: the goldfish pilot of docs/pilots.md#zoids-scramble, decision by decision.
//!
//! Setup: shuffle, set the top 4 cards aside face down as your base's Energy, draw 6. Each
//! of your turns: ready exhausted Zoids (not on your first turn), draw 1 (an empty deck is
//! a deck-out loss), then the pilot's steps 1–5 exactly as docs/pilots.md#zoids-a-turn
//! numbers them. The opponent's base holds 4 Energy; the fourth break wins.
//!
//! Decided here, beyond the procedure's text:
//! - Turn 1 has a draw for both seats (every turn draws 1; only the Battle phase is
//!   skipped on the first player's first turn: docs/pilots.md#zoids-a-turn).
//! - A High Output Zoid that attacks with no Energy set on it (attack energy 0) puts
//!   nothing into the Scrapyard; one that has Energy loses the one set last.
//! - A Zoid without an `attack_energy` stat counts as 0; a card of a type other than Zoid
//!   or Pilot is treated as a Command (never played, first choice as Energy).
//! - The minimum playable deck is 10 cards (4 base Energy + 6 in hand); a deck of exactly
//!   10 loses on its first draw.
//! - `first_attack_turns` counts the turn of each game's first attack, won or not.
//! - `draws` is always 0: only your deck can run out, and only your draw can empty it.
//! - A Pilot set face down as Energy is an Energy card, not a Pilot in the Arena: it
//!   neither stops a Pilot of its name from being set (step 2) nor puts its name "in the
//!   Arena" for step 3's order. Only Pilots set on a Zoid as its Pilot count.
//! - No mulligan: the rules give none (docs/pilots.md#zoids-setup).
//! - Ties between two different cards with the same folded name (two printings) go by card
//!   id; the pilot's keys never tell them apart otherwise.
//!
//! Checked (audit): the table tests in `zoids/tests.rs` state one rule of the pilot each; the
//! step logs in `fixtures/steps/zoids-*.txt` were checked decision by decision; and
//! `zoids/tests/reference.rs`, a literal second reading of the pilot, plays every game of
//! the sample decks and of random decks exactly as the engine does.
//!
//! Effects (docs/pilots.md#card-effects) run through the shared interpreter
//! (`effects/`): Scouting and High Output are keyword effects of the game definition
//! (`when set: may draw {value}`, `when attacks: move 1 from energy to scrapyard`), fired
//! when a Zoid is set and when it attacks; a Pilot's effects fire when it is set and when
//! its Zoid attacks; `at turn start` / `at turn end` effects of cards in the Arena fire
//! after readying and after the battle. With `--effects all` (the default) the pilot also
//! plays operation Commands whose effects it runs, decided here:
//! - step 2½: after setting a Pilot and before setting Energy, play the first (by name)
//!   operation Command in hand whose effects all play, once a turn (the rulebook's
//!   Operations action 5; docs/pilots.md#zoids-the-decisions); a Command it does not play stays
//!   Energy fodder for step 3;
//! - "energy" in an effect is the Energy of the effect's Zoid (a Pilot's: the Zoid it
//!   pilots); for a Command, the Zoid step 3 would give Energy to, else the first set;
//! - a card chosen from the hand (set as Energy, put on the bottom of the deck) is the one
//!   step 3 would set as Energy first; one chosen from the Scrapyard is the Zoid step 1
//!   would set first, then by name; "bottom" is the bottom of the deck, drawn after the
//!   shuffled rest.
//!
//! Attacks on the base start no battle against a goldfish that never blocks, so battle,
//! block and power effects never change a game: the data says so (`no_effect`). Unison
//! and CAS Zoids are never set (step 1), so none of their text ever acts: each bundled one
//! says so in its data (`no_effect`, the whole card, keywords included); one whose data
//! does not is `not_simulated`, and named in every report.

use deckhand_core::{CoverageState, Deck, Game, GoldfishNote, Trigger};

use crate::choice::ChoiceKind;
use crate::deck_cards::{keyword, keyword_number, list_stat, small_stat, type_key, DeckCards};
use crate::effects::{self, Board, CardSet, Coverage, EffectsMode, Fired, Id, Plays, Programs};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{
    nonzero_by_turn, Figure, FigureKind, Objective, SeatFigures, KILL_FIGURES, MEAN_KILL_TURN,
};
use crate::rng::Rng;
use deckhand_core::StepKind;

pub const GAME_ID: &str = "zoids-scramble";
const BASE_ENERGY: usize = 4;
const OPENING_HAND: usize = 6;
const NO_PILOT: u16 = u16::MAX;

// Zone ids: positions in `PLAYS.zones`.
const DECK: Id = 0;
const HAND: Id = 1;
const ARENA: Id = 2;
const ENERGY: Id = 3;
const SCRAPYARD: Id = 4;
const BOTTOM: Id = 5;

/// What this procedure runs of the effects vocabulary.
const PLAYS: Plays = Plays {
    pilot: "the Zoids Scramble pilot",
    triggers: &[
        Trigger::Set,
        Trigger::Attacks,
        Trigger::Played,
        Trigger::TurnStart,
        Trigger::TurnEnd,
    ],
    zones: &["deck", "hand", "arena", "energy", "scrapyard", "bottom"],
    moves: &[
        ("hand", "energy"),
        ("deck", "energy"),
        ("energy", "scrapyard"),
        ("scrapyard", "hand"),
        ("hand", "bottom"),
    ],
    steps: &[StepKind::Draw],
    reads: &[],
    resources: &[],
    stats: &[],
    structural: &["Unmanned"],
    unplayed_types: &[],
    card_rule,
};

/// With keyword effects only, Commands are never played (docs/pilots.md#zoids-a-turn).
const PLAYS_KEYWORDS: Plays = Plays {
    unplayed_types: &["Command"],
    ..PLAYS
};

/// The pilot's own word on a card: Unison and CAS Zoids are never set, and battle Commands
/// are never set either (no battle happens), so only their data's `no_effect` note can
/// clear them. A combiner's note covers the whole card: none of its keywords ever acts.
fn card_rule(card: &deckhand_core::Card, _mode: EffectsMode) -> Option<GoldfishNote> {
    let combiner = keyword(card, "Unison").is_some() || keyword(card, "CAS").is_some();
    let not = |reason: &str| {
        Some(GoldfishNote {
            state: CoverageState::NotSimulated,
            reason: reason.into(),
        })
    };
    let no_effect = card
        .goldfish
        .as_ref()
        .filter(|n| n.state == CoverageState::NoEffect);
    if combiner {
        return match no_effect {
            Some(note) => Some(note.clone()),
            None => not("the Zoids Scramble pilot never sets a Unison or CAS Zoid: it is Energy"),
        };
    }
    if type_key(card) == "command" && no_effect.is_none() && !is_operation(card) {
        return not("the Zoids Scramble pilot never sets a battle Command");
    }
    None
}

fn is_operation(card: &deckhand_core::Card) -> bool {
    card.stats
        .get("timing")
        .is_some_and(|t| matches!(t, deckhand_core::StatValue::Text(t) if t == "operation"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Zoid,
    Pilot,
    /// Commands, and any other type: never played.
    Command,
}

/// What the pilot needs to know about a card, read once from its data.
#[derive(Debug, Clone, Copy)]
struct Features {
    kind: Kind,
    attack_energy: u8,
    scouting: u8,
    high_output: bool,
    unmanned: bool,
    /// `Unison` or `CAS`: never set, kept as Energy.
    combiner: bool,
}

/// A deck prepared for the Zoids Scramble goldfish.
pub struct Zoids {
    deck: DeckCards,
    features: Vec<Features>,
    /// `can_pilot[pilot * n + zoid]`: a `pilot_types` entry equals one of the Zoid's types.
    can_pilot: Vec<bool>,
    /// Zoids the pilot may set, best first (step 1's order).
    zoid_order: Vec<u16>,
    /// Pilots by name (step 2's tie-break, step 3's Pilot categories).
    pilots_by_name: Vec<u16>,
    /// Step 3's card categories, each in its own order.
    energy_commands: Vec<u16>,
    energy_combiners: Vec<u16>,
    energy_zoids: Vec<u16>,
    /// Compiled effects, per card index.
    fx: Programs,
    coverage: Coverage,
    not_simulated: Vec<String>,
    /// Turns a game can last beyond one draw a turn: the cards effects can put back into
    /// the deck (see [`Zoids::turns_put_back`]).
    put_back: u32,
    /// Operation Commands the pilot plays (all their effects run), best first.
    playable_commands: Vec<u16>,
    /// Per card: how soon step 1 would set it (Scrapyard choices; lower is sooner).
    play_rank: Vec<u16>,
}

/// A Zoid in the Arena.
#[derive(Debug, Clone, Default)]
struct Slot {
    zoid: u16,
    pilot: u16,
    energy: Vec<u16>,
    exhausted: bool,
}

/// One game in progress.
pub struct State {
    /// How often each card's effects resolved this game (the report's `fired_per_game`).
    fired: Fired,
    library: Library,
    /// Copies in hand per card index.
    hand: Vec<u16>,
    hand_len: u32,
    /// Slots `0..arena_len` are in play, in the order they were set; the rest are kept
    /// for their Energy buffers.
    arena: Vec<Slot>,
    arena_len: usize,
    base: Vec<u16>,
    opponent_base: u8,
    scrapyard: Vec<u16>,
    /// Per name id: a Pilot of that name is in the Arena.
    pilot_name_in_arena: Vec<bool>,
    going_first: bool,
    first_attack: u32,
    scratch: Vec<u16>,
    /// Put on the bottom of the deck by effects: drawn, first put first, once the shuffled
    /// part is empty.
    bottom: Vec<u16>,
    /// The step-through's note on what an attack's effects scrapped (empty in Monte Carlo).
    attack_note: String,
}

/// Per-seat figures: games whose first attack came on each turn.
pub struct Figures {
    first_attack_turns: Vec<u64>,
}

impl Zoids {
    pub fn new(game: &Game, deck: &Deck, mode: EffectsMode) -> Result<Zoids, GoldfishError> {
        let deck = DeckCards::from_deck(deck, &["main"])?;
        let needed = (BASE_ENERGY + OPENING_HAND) as u32;
        if deck.size() < needed {
            return Err(GoldfishError::TooFewCards {
                game: "Zoids Scramble".into(),
                needed,
                found: deck.size(),
                opening: "4 set aside as base Energy, then 6 drawn".into(),
            });
        }
        let features: Vec<Features> = deck
            .cards
            .iter()
            .map(|card| {
                let kind = match type_key(card).as_str() {
                    "zoid" => Kind::Zoid,
                    "pilot" => Kind::Pilot,
                    _ => Kind::Command,
                };
                Features {
                    kind,
                    attack_energy: small_stat(card, "attack_energy"),
                    scouting: keyword_number(card, "Scouting"),
                    high_output: keyword(card, "High Output").is_some(),
                    unmanned: keyword(card, "Unmanned").is_some(),
                    combiner: keyword(card, "Unison").is_some() || keyword(card, "CAS").is_some(),
                }
            })
            .collect();
        let n = deck.len();
        let subtypes: Vec<Vec<String>> = deck
            .cards
            .iter()
            .map(|c| {
                c.subtypes
                    .iter()
                    .map(|s| deckhand_core::fold_name(s))
                    .collect()
            })
            .collect();
        let mut can_pilot = vec![false; n * n];
        for (p, card) in deck.cards.iter().enumerate() {
            if features[p].kind != Kind::Pilot {
                continue;
            }
            let types = list_stat(card, "pilot_types");
            for z in 0..n {
                can_pilot[p * n + z] =
                    features[z].kind == Kind::Zoid && subtypes[z].iter().any(|s| types.contains(s));
            }
        }
        let rank = |c: &u16| deck.name_rank[*c as usize];
        let of = |pred: &dyn Fn(&Features) -> bool| -> Vec<u16> {
            let mut cards: Vec<u16> = (0..n as u16)
                .filter(|&c| pred(&features[c as usize]))
                .collect();
            cards.sort_by_key(rank);
            cards
        };
        let mut zoid_order = of(&|f| f.kind == Kind::Zoid && !f.combiner);
        zoid_order.sort_by_key(|&c| {
            let f = features[c as usize];
            (f.attack_energy, !f.unmanned, u8::MAX - f.scouting, rank(&c))
        });
        let mut energy_zoids = zoid_order.clone();
        energy_zoids.sort_by_key(|&c| (u8::MAX - features[c as usize].attack_energy, rank(&c)));
        let plays = match mode {
            EffectsMode::All => &PLAYS,
            EffectsMode::Keywords => &PLAYS_KEYWORDS,
        };
        let (fx, coverage) = effects::build(game, &deck.cards, mode, plays);
        let not_simulated = coverage.left_out();
        let simulated = |c: u16| {
            let name = &deck.cards[c as usize].name;
            coverage
                .cards
                .iter()
                .any(|r| &r.name == name && r.state == CoverageState::Simulated)
        };
        let playable_commands = match mode {
            EffectsMode::Keywords => Vec::new(),
            EffectsMode::All => of(&|f| f.kind == Kind::Command)
                .into_iter()
                .filter(|&c| {
                    is_operation(&deck.cards[c as usize])
                        && fx.has(c, Trigger::Played)
                        && simulated(c)
                })
                .collect(),
        };
        let mut play_rank = vec![u16::MAX; n];
        for (rank, &c) in zoid_order.iter().enumerate() {
            play_rank[c as usize] = rank as u16;
        }
        for (rank, name_rank) in play_rank.iter_mut().zip(&deck.name_rank) {
            if *rank == u16::MAX {
                *rank = zoid_order.len() as u16 + name_rank;
            }
        }
        let put_back = Zoids::turns_put_back(&fx, &deck);
        Ok(Zoids {
            put_back,
            fx,
            coverage,
            playable_commands,
            play_rank,
            pilots_by_name: of(&|f| f.kind == Kind::Pilot),
            energy_commands: of(&|f| f.kind == Kind::Command),
            energy_combiners: of(&|f| f.kind == Kind::Zoid && f.combiner),
            energy_zoids,
            zoid_order,
            features,
            can_pilot,
            deck,
            not_simulated,
        })
    }

    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Features {
        self.features[card as usize]
    }

    fn crewed(&self, slot: &Slot) -> bool {
        slot.pilot != NO_PILOT || self.f(slot.zoid).unmanned
    }

    /// Energy a Zoid wants: its attack energy, one more with High Output.
    fn energy_goal(&self, zoid: u16) -> usize {
        let f = self.f(zoid);
        usize::from(f.attack_energy) + usize::from(f.high_output)
    }

    #[inline]
    fn take_from_hand(&self, state: &mut State, card: u16) {
        state.hand[card as usize] -= 1;
        state.hand_len -= 1;
    }

    #[inline]
    fn draw<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> Option<u16> {
        let card = match state.library.draw(rng) {
            Some(card) => card,
            None if !state.bottom.is_empty() => state.bottom.remove(0),
            None => return None,
        };
        state.hand[card as usize] += 1;
        state.hand_len += 1;
        log.drew(|| self.name(card).to_owned());
        Some(card)
    }
}

impl Procedure for Zoids {
    type State = State;
    type Figures = Figures;

    fn new_state(&self) -> State {
        let n = self.deck.len();
        State {
            fired: Fired::new(self.fx.cards()),
            library: Library::new(&self.deck.order),
            hand: vec![0; n],
            hand_len: 0,
            arena: Vec::new(),
            arena_len: 0,
            base: Vec::with_capacity(BASE_ENERGY),
            opponent_base: BASE_ENERGY as u8,
            scrapyard: Vec::new(),
            pilot_name_in_arena: vec![false; n],
            going_first: true,
            first_attack: 0,
            scratch: Vec::new(),
            bottom: Vec::new(),
            attack_note: String::new(),
        }
    }

    fn new_figures(&self) -> Figures {
        Figures {
            first_attack_turns: vec![0; self.max_turns() as usize + 1],
        }
    }

    fn merge_figures(&self, into: &mut Figures, from: &Figures) {
        add_counts(&mut into.first_attack_turns, &from.first_attack_turns);
    }

    fn report_figures(&self, figures: &Figures, _games: u64) -> SeatFigures {
        SeatFigures::from([(
            "first_attack_turns",
            nonzero_by_turn(&figures.first_attack_turns).into(),
        )])
    }

    const OBJECTIVE: Objective = MEAN_KILL_TURN;
    const TELLING: crate::headline::Telling = crate::headline::Telling {
        goldfish: "The opponent never plays a card, blocks or attacks: its base holds 4 Energy, and your fourth break wins.",
        game: ("game", "games"),
        win: "your fourth break",
        deck_out: "your deck ran out",
        draw: "both decks ran out together",
        loss: "the game was lost",
    };

    fn figures(&self) -> Vec<Figure> {
        let mut figures = KILL_FIGURES.to_vec();
        figures.push(Figure::new(
            "first_attack_turns",
            "First attack on turn",
            FigureKind::Distribution,
        ));
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
        state.hand.fill(0);
        state.hand_len = 0;
        state.arena_len = 0;
        state.base.clear();
        state.opponent_base = BASE_ENERGY as u8;
        state.scrapyard.clear();
        state.pilot_name_in_arena.fill(false);
        state.going_first = going_first;
        state.first_attack = 0;
        state.bottom.clear();
        log.decide(Action::Setup, || {
            format!(
                "Shuffle {} cards, set the top {BASE_ENERGY} face down on your base as Energy, draw {OPENING_HAND}; you go {}",
                self.deck.size(),
                if going_first { "first" } else { "second" }
            )
        });
        for _ in 0..BASE_ENERGY {
            // The deck holds at least 10 cards (checked in `new`), so these draws succeed.
            let Some(card) = state.library.draw(rng) else {
                return Some(Outcome::DeckOut);
            };
            state.base.push(card);
        }
        for _ in 0..OPENING_HAND {
            if self.draw(state, rng, log).is_none() {
                return Some(Outcome::DeckOut);
            }
        }
        None
    }

    fn turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        _figures: &mut Figures,
    ) -> Option<Outcome> {
        if turn > 1 {
            let mut readied = 0;
            for slot in &mut state.arena[..state.arena_len] {
                readied += usize::from(slot.exhausted);
                slot.exhausted = false;
            }
            if readied > 0 {
                log.decide(Action::Ready, || {
                    format!(
                        "Ready {}",
                        deckhand_core::plural::count(
                            readied as i64,
                            "exhausted Zoid",
                            "exhausted Zoids"
                        )
                    )
                });
            }
        }
        self.fire_arena(Trigger::TurnStart, state, rng, log);
        if self.draw(state, rng, log).is_none() {
            log.decide(Action::End, || {
                "Your deck is empty: you cannot draw, and lose".to_owned()
            });
            return Some(Outcome::DeckOut);
        }
        self.set_zoid(state, rng, log);
        self.set_pilot(state, rng, log);
        self.play_command(state, rng, log);
        self.set_energy(state, rng, log);
        if state.going_first && turn == 1 {
            log.decide(Action::Hold, || {
                "No battle: the first player skips the Battle phase on their first turn".to_owned()
            });
        } else if let Some(end) = self.battle(state, rng, turn, log) {
            return Some(end);
        }
        self.fire_arena(Trigger::TurnEnd, state, rng, log);
        None
    }

    fn finish(&self, state: &State, _result: GameResult, figures: &mut Figures) {
        if state.first_attack > 0 {
            figures.first_attack_turns[state.first_attack as usize] += 1;
        }
    }

    fn max_turns(&self) -> u32 {
        // One draw a turn after 10 cards: the draw of turn size − 9 finds the deck empty,
        // unless effects put cards back into it (each one is one more draw).
        self.deck.size().saturating_sub(9).max(1) + self.put_back
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
        let slots = &state.arena[..state.arena_len];
        let arena = slots.iter().flat_map(|s| {
            std::iter::once(s.zoid)
                .chain((s.pilot != NO_PILOT).then_some(s.pilot))
                .chain(s.energy.iter().copied())
        });
        for card in state
            .library
            .remaining()
            .iter()
            .copied()
            .chain(arena)
            .chain(state.base.iter().copied())
            .chain(state.scrapyard.iter().copied())
            .chain(state.bottom.iter().copied())
        {
            counts[card as usize] += 1;
        }
        counts
    }
}

mod board;
mod pilot;
mod view;
use board::ZoidsBoard;

#[cfg(test)]
mod tests;
