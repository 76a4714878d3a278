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
    steps: &["draw"],
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

    /// Step 1: set the best Zoid in hand, then draw its Scouting value.
    fn set_zoid<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let in_hand = |c: &u16| state.hand[*c as usize] > 0;
        let mut candidates = self.zoid_order.iter().copied().filter(in_hand);
        let best = candidates.next();
        let runner_up = candidates.next();
        let pick = log.pick(
            ChoiceKind::Set,
            best,
            || {
                let mut options: Vec<Option<u16>> = self
                    .zoid_order
                    .iter()
                    .copied()
                    .filter(in_hand)
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(zoid) => format!("Set {} in Standby", self.name(zoid)),
                None => "Set no Zoid".to_owned(),
            },
            || self.set_reason(best, runner_up),
            || self.zones(state),
            rng,
        );
        let Some(zoid) = pick else {
            if L::ENABLED && best.is_none() {
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
        let slot = state.arena_len - 1;
        self.fire(zoid, Trigger::Set, Some(slot), state, rng, log);
    }

    /// Why the pilot sets `best` (before `runner_up`), or nothing.
    fn set_reason(&self, best: Option<u16>, runner_up: Option<u16>) -> String {
        let Some(zoid) = best else {
            return "no Zoid in hand the pilot sets".to_owned();
        };
        let f = self.f(zoid);
        match runner_up.map(|r| self.f(r)) {
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
        }
    }

    /// Runs `card`'s effects for `trigger`; `slot` is the Arena slot of its Zoid.
    #[inline]
    fn fire<L: Log>(
        &self,
        card: u16,
        trigger: Trigger,
        slot: Option<usize>,
        state: &mut State,
        rng: &mut Rng,
        log: &mut L,
    ) {
        if self.fx.has(card, trigger) {
            let mut board = ZoidsBoard {
                p: self,
                state,
                rng,
                log,
                slot,
            };
            self.fx.fire(card, trigger, &mut board);
        }
    }

    /// Fires `trigger` for every Zoid and Pilot in the Arena, in the order set.
    fn fire_arena<L: Log>(&self, trigger: Trigger, state: &mut State, rng: &mut Rng, log: &mut L) {
        if !self.fx.any(trigger) {
            return;
        }
        for i in 0..state.arena_len {
            let (zoid, pilot) = (state.arena[i].zoid, state.arena[i].pilot);
            self.fire(zoid, trigger, Some(i), state, rng, log);
            if pilot != NO_PILOT {
                self.fire(pilot, trigger, Some(i), state, rng, log);
            }
        }
    }

    /// Step 2½ (`--effects all`): play the first operation Command in hand whose effects
    /// all play.
    fn play_command<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let in_hand = |c: &u16| state.hand[*c as usize] > 0;
        let best = self.playable_commands.iter().copied().find(in_hand);
        let pick = log.pick(
            ChoiceKind::Play,
            best,
            || {
                let mut options: Vec<Option<u16>> = self
                    .playable_commands
                    .iter()
                    .copied()
                    .filter(in_hand)
                    .map(Some)
                    .collect();
                options.push(None);
                options
            },
            |option| match option {
                Some(card) => format!("Play {}", self.name(card)),
                None => "Play no Command".to_owned(),
            },
            || "the first operation Command in hand whose effects the pilot plays".to_owned(),
            || self.zones(state),
            rng,
        );
        let Some(card) = pick else {
            return;
        };
        self.take_from_hand(state, card);
        self.fire(card, Trigger::Played, None, state, rng, log);
        state.scrapyard.push(card);
    }

    /// The Zoid step 3 would give Energy to: crewed first, smallest shortfall, set earliest.
    fn energy_target(&self, state: &State) -> Option<(bool, usize, usize)> {
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
        best
    }

    /// The card step 3 sets as Energy first among those in hand (and in `set`), with why.
    fn energy_pick(&self, state: &State, set: Option<&CardSet>) -> Option<(u16, &'static str)> {
        let in_hand =
            |c: &&u16| state.hand[**c as usize] > 0 && set.is_none_or(|s| s.contains(**c));
        let named_in_arena =
            |c: &&u16| state.pilot_name_in_arena[self.deck.name_id[**c as usize] as usize];
        if let Some(&c) = self.energy_commands.iter().find(in_hand) {
            Some((c, "a Command, which the pilot never plays"))
        } else if let Some(&c) = self.energy_combiners.iter().find(in_hand) {
            Some((c, "a Unison or CAS Zoid, which the pilot never sets"))
        } else if let Some(&c) = self
            .pilots_by_name
            .iter()
            .filter(in_hand)
            .find(named_in_arena)
        {
            Some((c, "a Pilot whose name is already in the Arena"))
        } else if let Some(&c) = self.pilots_by_name.iter().find(in_hand) {
            Some((c, "a Pilot, kept back only after Commands and combiners"))
        } else {
            self.energy_zoids
                .iter()
                .find(in_hand)
                .map(|&c| (c, "the Zoid with the highest attack energy left in hand"))
        }
    }

    /// Step 2: crew the first uncrewed Zoid (lowest attack energy, then set earliest) that
    /// a Pilot in hand can pilot, with the first such Pilot by name.
    fn set_pilot<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let mut waiting = std::mem::take(&mut state.scratch);
        waiting.clear();
        for i in 0..state.arena_len {
            let slot = &state.arena[i];
            if slot.pilot == NO_PILOT && !self.f(slot.zoid).unmanned {
                waiting.push(i as u16);
            }
        }
        waiting.sort_unstable_by_key(|&i| (self.f(state.arena[i as usize].zoid).attack_energy, i));
        let best = waiting.iter().find_map(|&i| {
            let pilot = self
                .pilots_by_name
                .iter()
                .copied()
                .find(|&p| self.fits(state, p, i as usize))?;
            Some((i as usize, pilot))
        });
        let pick = log.pick(
            ChoiceKind::Attach,
            best,
            || {
                let mut options: Vec<Option<(usize, u16)>> = Vec::new();
                for &i in &waiting {
                    options.extend(
                        self.pilots_by_name
                            .iter()
                            .filter(|&&p| self.fits(state, p, i as usize))
                            .map(|&p| Some((i as usize, p))),
                    );
                }
                options.push(None);
                options
            },
            |option| match option {
                Some((i, pilot)) => format!(
                    "Set Pilot {} on {}",
                    self.name(pilot),
                    self.name(state.arena[i].zoid)
                ),
                None => "Set no Pilot".to_owned(),
            },
            || self.pilot_reason(state, &waiting, best),
            || self.zones(state),
            rng,
        );
        let waiting_any = !waiting.is_empty();
        state.scratch = waiting;
        let Some((i, pilot)) = pick else {
            if L::ENABLED && best.is_none() {
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
            return;
        };
        self.take_from_hand(state, pilot);
        state.arena[i].pilot = pilot;
        state.pilot_name_in_arena[self.deck.name_id[pilot as usize] as usize] = true;
        self.fire(pilot, Trigger::Set, Some(i), state, rng, log);
    }

    /// Whether Pilot `pilot`, in hand, may crew the Zoid in Arena slot `i` (its type, and
    /// no Pilot of its name already in the Arena).
    fn fits(&self, state: &State, pilot: u16, i: usize) -> bool {
        let n = self.deck.len();
        state.hand[pilot as usize] > 0
            && self.can_pilot[pilot as usize * n + state.arena[i].zoid as usize]
            && !state.pilot_name_in_arena[self.deck.name_id[pilot as usize] as usize]
    }

    /// Why the pilot crews as it does (`waiting`: the uncrewed Zoids in its order).
    fn pilot_reason(&self, state: &State, waiting: &[u16], best: Option<(usize, u16)>) -> String {
        let Some((i, _)) = best else {
            return if waiting.is_empty() {
                "no Zoid in the Arena is waiting for a Pilot".to_owned()
            } else {
                "no Pilot in hand can pilot a Zoid waiting for one (or one of that name is already in the Arena)".to_owned()
            };
        };
        let others = self
            .pilots_by_name
            .iter()
            .filter(|&&p| self.fits(state, p, i))
            .count()
            - 1;
        let zoid_why = match (waiting.len(), waiting.first() == Some(&(i as u16))) {
            (1, _) => "the only Zoid waiting for a Pilot",
            (_, true) => "the Zoid waiting for a Pilot with the lowest attack energy",
            (_, false) => "the first Zoid waiting for a Pilot that a Pilot in hand can pilot",
        };
        if others > 0 {
            format!(
                "{zoid_why}; first by name of {} Pilots that fit",
                others + 1
            )
        } else {
            zoid_why.to_owned()
        }
    }

    /// Step 3: one card from hand as Energy on the Zoid that needs it most.
    fn set_energy<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        if state.hand_len == 0 || state.arena_len == 0 {
            return;
        }
        let target = self.energy_target(state);
        let best = target.and_then(|(_, _, i)| Some((self.energy_pick(state, None)?.0, i)));
        let pick = log.pick(
            ChoiceKind::Attach,
            best,
            || {
                let mut options: Vec<Option<(u16, usize)>> = Vec::new();
                for card in (0..self.deck.len() as u16).filter(|&c| state.hand[c as usize] > 0) {
                    options.extend((0..state.arena_len).map(|i| Some((card, i))));
                }
                options.push(None);
                options
            },
            |option| match option {
                Some((card, i)) => format!(
                    "Set {} as Energy on {}",
                    self.name(card),
                    self.name(state.arena[i].zoid)
                ),
                None => "Set no Energy".to_owned(),
            },
            || self.energy_reason(state, target),
            || self.zones(state),
            rng,
        );
        let Some((card, i)) = pick else {
            return;
        };
        self.take_from_hand(state, card);
        state.arena[i].energy.push(card);
    }

    /// Why the pilot sets its Energy card where it does (`target` from
    /// [`Zoids::energy_target`]).
    fn energy_reason(&self, state: &State, target: Option<(bool, usize, usize)>) -> String {
        let Some((uncrewed, shortfall, i)) = target else {
            return "every Zoid in the Arena has the Energy it attacks with".to_owned();
        };
        let Some((card, why)) = self.energy_pick(state, None) else {
            return "no card in hand".to_owned();
        };
        let zoid = state.arena[i].zoid;
        let crew = if uncrewed { "" } else { "is crewed and " };
        let ho = if self.f(zoid).high_output {
            " (High Output wants one spare)"
        } else {
            ""
        };
        format!(
            "{} {crew}needs {shortfall} more Energy{ho}; {} is {why}",
            self.name(zoid),
            self.name(card)
        )
    }

    /// Step 5: every ready, crewed Zoid with enough Energy attacks, in the order set.
    fn battle<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
    ) -> Option<Outcome> {
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
            let (zoid, pilot, left) = (slot.zoid, slot.pilot, state.opponent_base);
            state.attack_note.clear();
            self.fire(zoid, Trigger::Attacks, Some(i), state, rng, log);
            if pilot != NO_PILOT {
                self.fire(pilot, Trigger::Attacks, Some(i), state, rng, log);
            } else {
                // Only an Unmanned Zoid attacks with no Pilot: its keyword, which the
                // procedure plays itself, did something (the report's `fired_per_game`).
                state.fired.tick(zoid, Trigger::Attacks);
            }
            let note = &state.attack_note;
            log.decide(Action::Attack, || {
                format!(
                    "{} attacks the base: one base Energy breaks ({left} left){note}",
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
        SeatFigures {
            first_attack_turns: Some(nonzero_by_turn(&figures.first_attack_turns)),
            ..SeatFigures::default()
        }
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
            Zone::hidden(
                "deck",
                "Deck",
                Owner::You,
                state.library.len() + state.bottom.len(),
            ),
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

/// The Zoids Scramble side of the effect interpreter: one effect's view of the game, with
/// `slot` the Arena slot of the effect's Zoid (`None` for a Command).
struct ZoidsBoard<'a, L: Log> {
    p: &'a Zoids,
    state: &'a mut State,
    rng: &'a mut Rng,
    log: &'a mut L,
    slot: Option<usize>,
}

impl<L: Log> ZoidsBoard<'_, L> {
    /// The Zoid an effect's "energy" means: its own, or for a Command the one step 3 would
    /// give Energy to, else the first set.
    fn energy_slot(&self) -> Option<usize> {
        self.slot.or_else(|| {
            self.p
                .energy_target(self.state)
                .map(|(_, _, i)| i)
                .or((self.state.arena_len > 0).then_some(0))
        })
    }

    fn note(&mut self, text: impl FnOnce() -> String) {
        if L::ENABLED {
            let text = text();
            self.log.decide(Action::Draw, || text);
        }
    }
}

impl Zoids {
    /// The most cards effects can put back into the deck in one game (Emergency
    /// Reinforcements: one from the hand to the bottom), each a draw more before the deck
    /// runs out. A card's played or set effect fires once per copy, and once more each
    /// time an effect returns a card from the Scrapyard to the hand. An effect that fires
    /// again while its card stays in play could put cards back every turn: such a deck is
    /// given a long game (ten times its size), after which it counts as a deck-out.
    fn turns_put_back(fx: &effects::Programs, deck: &DeckCards) -> u32 {
        let ceiling = i64::from(deck.size());
        let mut copies = vec![0i64; deck.len()];
        for &c in &deck.order {
            copies[c as usize] += 1;
        }
        let (mut returns, mut returns_again) = (0i64, 0i64);
        let (mut recovered, mut recovered_again) = (0i64, 0i64);
        for (c, &n) in copies.iter().enumerate() {
            let (once, again) = fx.most_moved(c as u16, None, BOTTOM, ceiling);
            returns += n * once;
            returns_again += again;
            let (once, again) = fx.most_moved(c as u16, Some(SCRAPYARD), HAND, ceiling);
            recovered += n * once;
            recovered_again += again;
        }
        let bound = match (returns, returns_again, recovered_again) {
            (0, 0, _) => 0,
            (_, 0, 0) => returns.saturating_mul(1 + recovered),
            _ => 10 * ceiling,
        };
        bound.clamp(0, i64::from(u16::MAX)) as u32
    }
}

impl<L: Log> Board for ZoidsBoard<'_, L> {
    fn fired(&mut self, card: u16, trigger: Trigger) {
        self.state.fired.tick(card, trigger);
    }
    fn ask(
        &mut self,
        kind: ChoiceKind,
        pilot: usize,
        options: &dyn Fn() -> Vec<String>,
        reason: &dyn Fn() -> String,
    ) -> usize {
        let (p, state) = (self.p, &*self.state);
        self.log.choose(
            kind,
            pilot,
            options,
            reason,
            || Procedure::zones(p, state),
            self.rng,
        )
    }
    fn count(&self, zone: Id, set: Option<&CardSet>) -> i64 {
        let keep = |c: u16| set.is_none_or(|s| s.contains(c));
        let state = &*self.state;
        let n = match zone {
            DECK => {
                let left = state.library.remaining().iter().chain(&state.bottom);
                left.filter(|&&c| keep(c)).count()
            }
            HAND => (0..state.hand.len() as u16)
                .filter(|&c| keep(c))
                .map(|c| usize::from(state.hand[c as usize]))
                .sum(),
            ARENA => state.arena[..state.arena_len]
                .iter()
                .map(|s| {
                    usize::from(keep(s.zoid)) + usize::from(s.pilot != NO_PILOT && keep(s.pilot))
                })
                .sum(),
            ENERGY => self.energy_slot().map_or(0, |i| {
                state.arena[i].energy.iter().filter(|&&c| keep(c)).count()
            }),
            SCRAPYARD => state.scrapyard.iter().filter(|&&c| keep(c)).count(),
            BOTTOM => state.bottom.iter().filter(|&&c| keep(c)).count(),
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
        _search: bool,
        label: &str,
    ) -> u32 {
        let p = self.p;
        let mut moved = 0;
        for _ in 0..count {
            let card = match (from, to) {
                (HAND, ENERGY) | (DECK, ENERGY) => {
                    let Some(i) = self.energy_slot() else { break };
                    let card = if from == HAND {
                        let Some((card, _)) = p.energy_pick(self.state, set) else {
                            break;
                        };
                        p.take_from_hand(self.state, card);
                        card
                    } else {
                        let Some(card) = self.state.library.draw(self.rng) else {
                            break;
                        };
                        card
                    };
                    self.state.arena[i].energy.push(card);
                    let zoid = self.state.arena[i].zoid;
                    self.note(|| {
                        format!(
                            "{label}: set {} as Energy on {}",
                            p.name(card),
                            p.name(zoid)
                        )
                    });
                    card
                }
                (ENERGY, SCRAPYARD) => {
                    // The Energy set last goes (High Output:
                    // docs/pilots.md#zoids-the-decisions).
                    let popped = self
                        .energy_slot()
                        .and_then(|i| self.state.arena[i].energy.pop());
                    let Some(card) = popped else {
                        if L::ENABLED {
                            let _ = std::fmt::Write::write_fmt(
                                &mut self.state.attack_note,
                                format_args!("; {label} finds no Energy to scrap"),
                            );
                        }
                        break;
                    };
                    self.state.scrapyard.push(card);
                    if L::ENABLED {
                        let _ = std::fmt::Write::write_fmt(
                            &mut self.state.attack_note,
                            format_args!("; {label} puts {} into the Scrapyard", p.name(card)),
                        );
                    }
                    card
                }
                (SCRAPYARD, HAND) => {
                    let best = self
                        .state
                        .scrapyard
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| set.is_none_or(|s| s.contains(c)))
                        .min_by_key(|(_, &c)| p.play_rank[c as usize])
                        .map(|(i, _)| i);
                    let Some(i) = best else { break };
                    let card = self.state.scrapyard.remove(i);
                    self.state.hand[card as usize] += 1;
                    self.state.hand_len += 1;
                    self.note(|| {
                        format!(
                            "{label}: return {} from the Scrapyard to your hand",
                            p.name(card)
                        )
                    });
                    card
                }
                (HAND, BOTTOM) => {
                    let Some((card, _)) = p.energy_pick(self.state, set) else {
                        break;
                    };
                    p.take_from_hand(self.state, card);
                    self.state.bottom.push(card);
                    self.note(|| {
                        format!("{label}: put {} on the bottom of your deck", p.name(card))
                    });
                    card
                }
                _ => break,
            };
            let _ = card;
            moved += 1;
        }
        moved
    }

    fn draw(&mut self, count: u32, label: &str) -> u32 {
        if count == 0 {
            return 0;
        }
        let mut drawn = 0;
        for _ in 0..count {
            if self.p.draw(self.state, self.rng, self.log).is_none() {
                break;
            }
            drawn += 1;
        }
        self.log.decide(Action::Draw, || match drawn {
            d if d == count => format!("{label}: draw {d}"),
            d => format!("{label}: draw {d}; the deck is empty"),
        });
        drawn
    }
}

impl crate::registry::Goldfish for Zoids {
    const ID: &'static str = GAME_ID;

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        Zoids::new(game, deck, setup.effects)
    }
}

#[cfg(test)]
mod tests;
