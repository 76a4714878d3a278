//! Zoids Scramble: the goldfish pilot of GAMES.md, decision by decision.
//!
//! Setup: shuffle, set the top 4 cards aside face down as your base's Energy, draw 6. Each
//! of your turns: ready exhausted Zoids (not on your first turn), draw 1 (an empty deck is
//! a deck-out loss), then the pilot's steps 1–5 exactly as GAMES.md numbers them. The
//! opponent's base holds 4 Energy; the fourth break wins.
//!
//! Decided here, where GAMES.md is silent:
//! - Turn 1 has a draw for both seats (GAMES.md: "each turn … draw 1"; only the Battle
//!   phase is skipped on the first player's first turn).
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
//! - No mulligan: neither GAMES.md nor the rulebook gives one.
//! - Ties between two different cards with the same folded name (two printings) go by card
//!   id; the pilot's keys never tell them apart otherwise.
//!
//! Checked (audit): the table tests in `zoids/tests.rs` state one GAMES.md rule each; the
//! step logs in `fixtures/steps/zoids-*.txt` were checked decision by decision; and
//! `zoids/tests/reference.rs`, a literal second reading of the pilot, plays every game of
//! the sample decks and of random decks exactly as the engine does.
//!
//! Not simulated (named in every report): Commands (never played), Zoids with `Unison` or
//! `CAS` (the pilot keeps them as Energy), and any card whose text says more than the
//! reminder text of its keywords. `Attack Bonus`, `Block Bonus`, `Flying`, `Support` and
//! `Electronic` change power or blocking, which never matter against a goldfish that does
//! not block; `Scouting`, `High Output` and `Unmanned` are played.

use deckhand_core::{Deck, Game};

use crate::deck_cards::{keyword, keyword_number, list_stat, small_stat, type_key, DeckCards};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::not_simulated::{not_simulated, KeywordPolicy};
use crate::procedure::{add_counts, Procedure};
use crate::report::{
    nonzero_by_turn, Figure, FigureKind, Objective, SeatFigures, KILL_FIGURES, MEAN_KILL_TURN,
};
use crate::rng::Rng;

pub const GAME_ID: &str = "zoids-scramble";
const BASE_ENERGY: usize = 4;
const OPENING_HAND: usize = 6;
const NO_PILOT: u16 = u16::MAX;

const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &[
        "Scouting",
        "High Output",
        "Unmanned",
        "Attack Bonus",
        "Block Bonus",
        "Flying",
        "Support",
        "Electronic",
    ],
    unplayed_types: &["Command"],
};

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
    not_simulated: Vec<String>,
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
}

/// Per-seat figures: games whose first attack came on each turn.
pub struct Figures {
    first_attack_turns: Vec<u64>,
}

impl Zoids {
    pub fn new(_game: &Game, deck: &Deck) -> Result<Zoids, GoldfishError> {
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
        let not_simulated = not_simulated(&deck.cards, &KEYWORDS);
        Ok(Zoids {
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
        let card = state.library.draw(rng)?;
        state.hand[card as usize] += 1;
        state.hand_len += 1;
        log.drew(|| self.name(card).to_owned());
        Some(card)
    }

    /// Step 1: set the best Zoid in hand, then draw its Scouting value.
    fn set_zoid<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let mut candidates = self
            .zoid_order
            .iter()
            .copied()
            .filter(|&c| state.hand[c as usize] > 0);
        let Some(zoid) = candidates.next() else {
            if L::ENABLED {
                if let Some(&kept) = self
                    .energy_combiners
                    .iter()
                    .find(|&&c| state.hand[c as usize] > 0)
                {
                    log.decide(Action::Hold, || {
                        format!("Keep {} in hand: the pilot never sets a Unison or CAS Zoid; it will be Energy", self.name(kept))
                    });
                }
            }
            return;
        };
        let runner_up = candidates.next();
        self.take_from_hand(state, zoid);
        if state.arena_len == state.arena.len() {
            state.arena.push(Slot::default());
        }
        let slot = &mut state.arena[state.arena_len];
        slot.zoid = zoid;
        slot.pilot = NO_PILOT;
        slot.energy.clear();
        slot.exhausted = false;
        state.arena_len += 1;
        let f = self.f(zoid);
        log.decide(Action::Play, || {
            let why = match runner_up.map(|r| self.f(r)) {
                None => "the only Zoid in hand the pilot sets".to_owned(),
                Some(r) if r.attack_energy > f.attack_energy => {
                    format!("the lowest attack energy in hand ({})", f.attack_energy)
                }
                Some(r) if r.unmanned != f.unmanned => format!(
                    "attack energy {} like {}, and Unmanned: it needs no Pilot",
                    f.attack_energy,
                    self.name(runner_up.unwrap_or(zoid))
                ),
                Some(r) if r.scouting != f.scouting => format!(
                    "attack energy {} like {}, and Scouting {} draws more",
                    f.attack_energy,
                    self.name(runner_up.unwrap_or(zoid)),
                    f.scouting
                ),
                Some(_) => format!(
                    "attack energy {}; first by name among equals",
                    f.attack_energy
                ),
            };
            format!("Set {} in Standby: {why}", self.name(zoid))
        });
        if f.scouting > 0 {
            let mut drawn = 0;
            for _ in 0..f.scouting {
                if self.draw(state, rng, log).is_none() {
                    break;
                }
                drawn += 1;
            }
            log.decide(Action::Draw, || match drawn {
                d if d == f.scouting => format!("Scouting {}: draw {d}", f.scouting),
                d => format!("Scouting {}: draw {d}; the deck is empty", f.scouting),
            });
        }
    }

    /// Step 2: crew the first uncrewed Zoid (lowest attack energy, then set earliest) that
    /// a Pilot in hand can pilot, with the first such Pilot by name.
    fn set_pilot<L: Log>(&self, state: &mut State, log: &mut L) {
        let mut waiting = std::mem::take(&mut state.scratch);
        waiting.clear();
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            if slot.pilot == NO_PILOT && !self.f(slot.zoid).unmanned {
                waiting.push(i as u16);
            }
        }
        waiting.sort_unstable_by_key(|&i| (self.f(state.arena[i as usize].zoid).attack_energy, i));
        let n = self.deck.len();
        let mut chosen = None;
        for &i in &waiting {
            let zoid = state.arena[i as usize].zoid;
            let fits = |&p: &u16| {
                state.hand[p as usize] > 0
                    && self.can_pilot[p as usize * n + zoid as usize]
                    && !state.pilot_name_in_arena[self.deck.name_id[p as usize] as usize]
            };
            if let Some(&pilot) = self.pilots_by_name.iter().find(|p| fits(p)) {
                chosen = Some((i as usize, pilot));
                if L::ENABLED {
                    let others = self.pilots_by_name.iter().filter(|p| fits(p)).count() - 1;
                    let first = waiting[0] == i;
                    let zoid_why = match (waiting.len(), first) {
                        (1, _) => "the only Zoid waiting for a Pilot".to_owned(),
                        (_, true) => {
                            "the Zoid waiting for a Pilot with the lowest attack energy".to_owned()
                        }
                        (_, false) => {
                            "the first Zoid waiting for a Pilot that a Pilot in hand can pilot"
                                .to_owned()
                        }
                    };
                    let pilot_why = if others > 0 {
                        format!("; first by name of {} Pilots that fit", others + 1)
                    } else {
                        String::new()
                    };
                    log.decide(Action::Attach, || {
                        format!(
                            "Set Pilot {} on {}: {zoid_why}{pilot_why}",
                            self.name(pilot),
                            self.name(zoid)
                        )
                    });
                }
                break;
            }
        }
        let waiting_any = !waiting.is_empty();
        state.scratch = waiting;
        match chosen {
            Some((i, pilot)) => {
                self.take_from_hand(state, pilot);
                state.arena[i].pilot = pilot;
                state.pilot_name_in_arena[self.deck.name_id[pilot as usize] as usize] = true;
            }
            None if L::ENABLED => {
                if let Some(&p) = self
                    .pilots_by_name
                    .iter()
                    .find(|&&p| state.hand[p as usize] > 0)
                {
                    log.decide(Action::Hold, || {
                        if waiting_any {
                            format!("Keep {}: no Zoid waiting for a Pilot is of a type a Pilot in hand can pilot (or one of that name is already in the Arena)", self.name(p))
                        } else {
                            format!("Keep {}: no Zoid in the Arena is waiting for a Pilot", self.name(p))
                        }
                    });
                }
            }
            None => {}
        }
    }

    /// Step 3: one card from hand as Energy on the Zoid that needs it most.
    fn set_energy<L: Log>(&self, state: &mut State, log: &mut L) {
        if state.hand_len == 0 {
            return;
        }
        let mut best: Option<(bool, usize, usize)> = None;
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            let goal = self.energy_goal(slot.zoid);
            if slot.energy.len() >= goal {
                continue;
            }
            let key = (!self.crewed(slot), goal - slot.energy.len(), i);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        let Some((uncrewed, shortfall, i)) = best else {
            return;
        };
        let in_hand = |c: &&u16| state.hand[**c as usize] > 0;
        let named_in_arena =
            |c: &&u16| state.pilot_name_in_arena[self.deck.name_id[**c as usize] as usize];
        let (card, why) = if let Some(&c) = self.energy_commands.iter().find(in_hand) {
            (c, "a Command, which the pilot never plays")
        } else if let Some(&c) = self.energy_combiners.iter().find(in_hand) {
            (c, "a Unison or CAS Zoid, which the pilot never sets")
        } else if let Some(&c) = self
            .pilots_by_name
            .iter()
            .filter(in_hand)
            .find(named_in_arena)
        {
            (c, "a Pilot whose name is already in the Arena")
        } else if let Some(&c) = self.pilots_by_name.iter().find(in_hand) {
            (c, "a Pilot, kept back only after Commands and combiners")
        } else if let Some(&c) = self.energy_zoids.iter().find(in_hand) {
            (c, "the Zoid with the highest attack energy left in hand")
        } else {
            return;
        };
        self.take_from_hand(state, card);
        let zoid = state.arena[i].zoid;
        state.arena[i].energy.push(card);
        log.decide(Action::Attach, || {
            let crew = if uncrewed { "" } else { "is crewed and " };
            let ho = if self.f(zoid).high_output {
                " (High Output wants one spare)"
            } else {
                ""
            };
            format!(
                "Set {} as Energy on {}: {} {crew}needs {shortfall} more Energy{ho}; {} is {why}",
                self.name(card),
                self.name(zoid),
                self.name(zoid),
                self.name(card)
            )
        });
    }

    /// Step 5: every ready, crewed Zoid with enough Energy attacks, in the order set.
    fn battle<L: Log>(&self, state: &mut State, turn: u32, log: &mut L) -> Option<Outcome> {
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            let f = self.f(slot.zoid);
            let ready = !slot.exhausted;
            let crewed = self.crewed(slot);
            let fueled = slot.energy.len() >= usize::from(f.attack_energy);
            if !(ready && crewed && fueled) {
                if L::ENABLED && ready {
                    let zoid = slot.zoid;
                    let missing = usize::from(f.attack_energy)
                        - slot.energy.len().min(usize::from(f.attack_energy));
                    log.decide(Action::Hold, || match crewed {
                        false => format!("{} cannot attack: it has no Pilot", self.name(zoid)),
                        true => format!(
                            "{} cannot attack: it needs {missing} more Energy",
                            self.name(zoid)
                        ),
                    });
                }
                continue;
            }
            let slot = &mut state.arena[i];
            slot.exhausted = true;
            state.opponent_base -= 1;
            if state.first_attack == 0 {
                state.first_attack = turn;
            }
            let scrapped = if f.high_output {
                slot.energy.pop()
            } else {
                None
            };
            if let Some(card) = scrapped {
                state.scrapyard.push(card);
            }
            let (zoid, left) = (slot.zoid, state.opponent_base);
            log.decide(Action::Attack, || {
                let ho = match scrapped {
                    Some(c) => format!("; High Output puts {} into the Scrapyard", self.name(c)),
                    None if f.high_output => "; High Output finds no Energy to scrap".to_owned(),
                    None => String::new(),
                };
                format!(
                    "{} attacks the base: one base Energy breaks ({left} left){ho}",
                    self.name(zoid)
                )
            });
            if state.opponent_base == 0 {
                log.decide(Action::End, || {
                    "The opponent's base has no Energy left: you win".to_owned()
                });
                return Some(Outcome::Win);
            }
        }
        None
    }
}

impl Procedure for Zoids {
    type State = State;
    type Figures = Figures;

    fn new_state(&self) -> State {
        let n = self.deck.len();
        State {
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
        SeatFigures {
            first_attack_turns: Some(nonzero_by_turn(&figures.first_attack_turns)),
            ..SeatFigures::default()
        }
    }

    const OBJECTIVE: Objective = MEAN_KILL_TURN;

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
                    format!("Ready {readied} exhausted Zoid(s)")
                });
            }
        }
        if self.draw(state, rng, log).is_none() {
            log.decide(Action::End, || {
                "Your deck is empty: you cannot draw, and lose".to_owned()
            });
            return Some(Outcome::DeckOut);
        }
        self.set_zoid(state, rng, log);
        self.set_pilot(state, log);
        self.set_energy(state, log);
        if state.going_first && turn == 1 {
            log.decide(Action::Hold, || {
                "No battle: the first player skips the Battle phase on their first turn".to_owned()
            });
            return None;
        }
        self.battle(state, turn, log)
    }

    fn finish(&self, state: &State, _result: GameResult, figures: &mut Figures) {
        if state.first_attack > 0 {
            figures.first_attack_turns[state.first_attack as usize] += 1;
        }
    }

    fn max_turns(&self) -> u32 {
        // One draw a turn after 10 cards: the draw of turn size − 9 finds the deck empty.
        self.deck.size().saturating_sub(9).max(1)
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let arena = state.arena[..state.arena_len]
            .iter()
            .map(|slot| {
                let mut attached = Vec::new();
                if slot.pilot != NO_PILOT {
                    attached.push(Attached {
                        role: "pilot".into(),
                        name: self.name(slot.pilot).into(),
                        color: None,
                    });
                }
                attached.extend(slot.energy.iter().map(|&e| Attached {
                    role: "energy".into(),
                    name: self.name(e).into(),
                    color: None,
                }));
                ZoneCard {
                    attached,
                    ..ZoneCard::plain(self.name(slot.zoid)).status(if slot.exhausted {
                        "exhausted"
                    } else {
                        "standby"
                    })
                }
            })
            .collect();
        let names = |cards: &[u16]| {
            cards
                .iter()
                .map(|&c| ZoneCard::plain(self.name(c)))
                .collect()
        };
        vec![
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::visible("arena", "Arena", Owner::You, arena),
            Zone::hidden("base", "Base Energy", Owner::You, state.base.len()),
            Zone::hidden("deck", "Deck", Owner::You, state.library.len()),
            Zone::visible(
                "scrapyard",
                "Scrapyard",
                Owner::You,
                names(&state.scrapyard),
            ),
            Zone::hidden(
                "base",
                "Base Energy",
                Owner::Opponent,
                usize::from(state.opponent_base),
            ),
        ]
    }

    fn not_simulated(&self) -> &[String] {
        &self.not_simulated
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
        {
            counts[card as usize] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests;
