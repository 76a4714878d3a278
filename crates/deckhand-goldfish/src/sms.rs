//! Saturday Morning Showdown: the goldfish pilot of GAMES.md, action by action.
//!
//! The characters (Heroes, Villains and Leaders) start on the Table; the deck proper is
//! shuffled and 8 cards drawn, with one optional mulligan (the pilot takes it when the
//! opening hand holds no Main card). Each turn the side takes its actions (Heroes 3,
//! Villains 4), each one the first of, in GAMES.md's order: put on the Table the Main card
//! with the most power (ties by folded name; an Attachment needs a character or Ally with a
//! free slot of its kind: one Equipment and one Vehicle each); else, when the hand holds
//! fewer than 8 cards and the deck is not empty, fill the hand to 8 (there is no other
//! draw); else Upgrade the character with the least power (+1; ties: the first listed).
//! The game lasts 15 turns.
//!
//! GAMES.md's settled details, as played here:
//! - Leaders are characters on the Table: their power counts and they hold Attachments.
//!   (GAMES.md over the rulebook's "Cards in Play are not on the Table".)
//! - The Upgrade goes to a character (Hero, Villain or Leader), never to an Ally or a Super:
//!   GAMES.md's pilot upgrades "the character" where the rulebook's Upgrade names "a Hero
//!   or Super". A character's power counts its upgrades and attachments.
//! - Attachments go to the characters first (deck-list order), then to the Allies (Supers
//!   and Mooks included) in the order they were put down; Mooks hold no Vehicle. An
//!   Attachment with no free slot of its kind is passed over.
//! - A Main card whose name is already on the Table (Mooks excepted) is never put down:
//!   the Table Rule would remove the old one and gain nothing. Only a Villain deck puts
//!   Mooks down.
//! - Power on the Table: characters' printed power + Upgrades + Attachments + the Allies,
//!   Mooks and Supers on the Table.
//!
//! Decided here, where GAMES.md is silent:
//! - The deck's side is the option's or the deck's, else its characters': a deck with a
//!   Villain character is a Villain deck, any other a Hero deck.
//! - Heroes win by lasting to the end of turn 15 (their win condition); a Villain deck
//!   cannot win against a goldfish that never fights, so its game is a draw after turn 15.
//!   The kill-turn table is therefore "turn 15" for every Hero game; the figures that
//!   matter are the per-turn Power, deployments and hand size.
//! - An Attachment that is neither Equipment nor Vehicle is never played. Filling the hand
//!   draws up to 8, fewer when the deck runs low (an empty deck is no loss). With no Main
//!   card to put down, no hand to fill and no character to upgrade, the action is passed.
//!
//! Not simulated: Combat, Event and Mission cards (never played) and every card whose text
//! says more than its keywords (requirements, abilities, Flips, Drama are text).

use deckhand_core::{fold_name, Deck, Game, Side};

use crate::deck_cards::{small_stat, type_key, DeckCards};
use crate::effects::{keywords_only, not_simulated, Coverage, KeywordPolicy};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{mean_by_turn, Better, Figure, FigureKind, Objective, SeatFigures};
use crate::rng::Rng;
use crate::simulate::Setup;

pub const GAME_ID: &str = "sms";
const HAND_SIZE: u32 = 8;
const TURNS: u32 = 15;
const NONE: u16 = u16::MAX;
/// Power tallies are kept per value up to this (higher counts here).
const POWER_CAP: usize = 255;

const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &[],
    unplayed_types: &["Combat", "Event", "Mission"],
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A Hero or Villain: starts on the Table, upgradable.
    Character,
    /// A character too (GAMES.md): starts on the Table, upgradable, holds Attachments.
    Leader,
    Super,
    Ally,
    Mook,
    Equipment,
    Vehicle,
    /// Combat, Event, Mission, and an Attachment of no known kind: never played.
    Other,
}

impl Kind {
    fn is_attachment(self) -> bool {
        matches!(self, Kind::Equipment | Kind::Vehicle)
    }
}

#[derive(Debug, Clone, Copy)]
struct Features {
    kind: Kind,
    power: u8,
}

/// A deck prepared for the Showdown goldfish.
pub struct Sms {
    deck: DeckCards,
    features: Vec<Features>,
    side: Side,
    actions: u32,
    /// The deck proper in printed order.
    library_order: Vec<u16>,
    /// The characters (Heroes, Villains, Leaders) that start on the Table, in list order.
    table_start: Vec<u16>,
    /// Main cards the side may play, most power first, then by name.
    mains: Vec<u16>,
    mulligan: Option<bool>,
    not_simulated: Vec<String>,
    coverage: Coverage,
}

/// A card on the Table with what is on it.
#[derive(Debug, Clone, Copy)]
struct Slot {
    card: u16,
    upgrades: u16,
    equipment: u16,
    vehicle: u16,
    /// The card's power with its upgrades and attachments (kept, not recounted).
    power: u32,
    /// A character (Hero, Villain or Leader): the Upgrade action may pick it.
    upgradable: bool,
}

/// One game in progress.
pub struct State {
    library: Library,
    hand: Vec<u16>,
    hand_len: u32,
    table: Vec<Slot>,
    /// Per name id: a card of that name is on the Table.
    named: Vec<bool>,
    power: u32,
    deployed: u32,
    mulliganed: bool,
    /// No Main card in hand can be put down; stays so until the hand gains cards (upgrades
    /// change nothing a Main card needs), so the search is skipped meanwhile.
    stuck: bool,
}

/// Per-seat figures, per turn (all games last 15 turns).
pub struct Figures {
    games: u64,
    power: Vec<u64>,
    deployed: Vec<u64>,
    hand: Vec<u64>,
    /// `power_hist[t * (POWER_CAP + 1) + p]`: games with Power `p` at the end of turn `t`.
    power_hist: Vec<u64>,
    mulligans: u64,
}

impl Sms {
    pub(crate) fn new(game: &Game, deck: &Deck, setup: Setup<'_>) -> Result<Sms, GoldfishError> {
        let cards = DeckCards::from_deck(deck, &["characters", "main"])?;
        let features: Vec<Features> = cards
            .cards
            .iter()
            .map(|card| {
                let is = |s: &str| card.subtypes.iter().any(|t| fold_name(t) == s);
                let kind = match type_key(card).as_str() {
                    "hero" | "villain" => Kind::Character,
                    "leader" => Kind::Leader,
                    "super" => Kind::Super,
                    "ally" => Kind::Ally,
                    "mook" => Kind::Mook,
                    "attachment" if is("equipment") => Kind::Equipment,
                    "attachment" if is("vehicle") => Kind::Vehicle,
                    _ => Kind::Other,
                };
                Features {
                    kind,
                    power: small_stat(card, "power"),
                }
            })
            .collect();
        let index = |id: &str| cards.cards.iter().position(|c| c.id == id).unwrap_or(0) as u16;
        let mut library_order = Vec::new();
        let mut table_start = Vec::new();
        for entry in deck
            .entries
            .iter()
            .filter(|e| e.section == "characters" || e.section == "main")
        {
            let card = index(&entry.card.id);
            let copies = entry.count as usize;
            match features[card as usize].kind {
                Kind::Character | Kind::Leader => {
                    table_start.extend(std::iter::repeat_n(card, copies))
                }
                _ => library_order.extend(std::iter::repeat_n(card, copies)),
            }
        }
        let villain_character = table_start
            .iter()
            .any(|&c| type_key(&cards.cards[c as usize]) == "villain");
        let side = setup.side.or(deck.side).unwrap_or(if villain_character {
            Side::Villain
        } else {
            Side::Hero
        });
        let mut mains: Vec<u16> = (0..cards.len() as u16)
            .filter(|&c| match features[c as usize].kind {
                Kind::Ally | Kind::Super | Kind::Equipment | Kind::Vehicle => true,
                Kind::Mook => side == Side::Villain,
                _ => false,
            })
            .collect();
        mains.sort_by_key(|&c| {
            (
                u8::MAX - features[c as usize].power,
                cards.name_rank[c as usize],
            )
        });
        let coverage = keywords_only(
            game,
            &cards.cards,
            setup.effects,
            "the Showdown pilot",
            &KEYWORDS,
        );
        let not_simulated = not_simulated(&cards.cards, &KEYWORDS);
        Ok(Sms {
            actions: if side == Side::Villain { 4 } else { 3 },
            side,
            features,
            library_order,
            table_start,
            mains,
            mulligan: setup.mulligan,
            not_simulated,
            coverage,
            deck: cards,
        })
    }

    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Features {
        self.features[card as usize]
    }

    fn slot_power(&self, slot: &Slot) -> u32 {
        slot.power
    }

    /// A Table slot for `card`, as it enters.
    fn slot(&self, card: u16) -> Slot {
        Slot {
            card,
            upgrades: 0,
            equipment: NONE,
            vehicle: NONE,
            power: u32::from(self.f(card).power),
            upgradable: matches!(self.f(card).kind, Kind::Character | Kind::Leader),
        }
    }

    fn draw<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> bool {
        let Some(card) = state.library.draw(rng) else {
            return false;
        };
        state.hand[card as usize] += 1;
        state.hand_len += 1;
        log.drew(|| self.name(card).to_owned());
        true
    }

    fn fill_hand<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> u32 {
        let mut drawn = 0;
        while state.hand_len < HAND_SIZE && self.draw(state, rng, log) {
            drawn += 1;
        }
        state.stuck &= drawn == 0;
        drawn
    }

    fn has_main(&self, state: &State) -> bool {
        self.mains.iter().any(|&c| state.hand[c as usize] > 0)
    }

    /// Where Main card `card` would go: `Some(NONE)` on the Table itself, `Some(i)` on
    /// Table slot `i` as an Attachment; `None` when it cannot be put down.
    fn placement(&self, state: &State, card: u16) -> Option<u16> {
        let kind = self.f(card).kind;
        if kind != Kind::Mook && state.named[self.deck.name_id[card as usize] as usize] {
            return None;
        }
        if !kind.is_attachment() {
            return Some(NONE);
        }
        state
            .table
            .iter()
            .position(|slot| match kind {
                Kind::Equipment => slot.equipment == NONE,
                _ => slot.vehicle == NONE && self.f(slot.card).kind != Kind::Mook,
            })
            .map(|i| i as u16)
    }

    /// A fresh game: the deck in printed order, the characters on the Table, nothing drawn.
    fn start(&self, state: &mut State) {
        state.library.reset(&self.library_order);
        state.hand.fill(0);
        state.hand_len = 0;
        state.table.clear();
        state.named.fill(false);
        state.power = 0;
        state.deployed = 0;
        state.mulliganed = false;
        state.stuck = false;
        for &card in &self.table_start {
            state.table.push(self.slot(card));
            state.named[self.deck.name_id[card as usize] as usize] = true;
            state.power += u32::from(self.f(card).power);
        }
    }

    /// One action, as the pilot chooses it.
    fn act<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        let best = if state.stuck {
            None
        } else {
            self.mains
                .iter()
                .filter(|&&c| state.hand[c as usize] > 0)
                .find_map(|&c| self.placement(state, c).map(|at| (c, at)))
        };
        state.stuck = best.is_none();
        if let Some((card, at)) = best {
            state.hand[card as usize] -= 1;
            state.hand_len -= 1;
            state.named[self.deck.name_id[card as usize] as usize] = true;
            state.deployed += 1;
            let power = u32::from(self.f(card).power);
            state.power += power;
            if at == NONE {
                state.table.push(self.slot(card));
                log.decide(Action::Play, || {
                    format!(
                        "Put {} on the Table (power {power}): the Main card in hand with the most power",
                        self.name(card)
                    )
                });
            } else {
                let slot = &mut state.table[at as usize];
                slot.power += power;
                let (role, holder) = if self.f(card).kind == Kind::Equipment {
                    slot.equipment = card;
                    ("Equipment", slot.card)
                } else {
                    slot.vehicle = card;
                    ("Vehicle", slot.card)
                };
                log.decide(Action::Attach, || {
                    format!(
                        "Attach {} to {} (power {power}): the Main card in hand with the most power; {} is the first on the Table with no {role}",
                        self.name(card),
                        self.name(holder),
                        self.name(holder)
                    )
                });
            }
            return;
        }
        if state.hand_len < HAND_SIZE && !state.library.is_empty() {
            let drawn = self.fill_hand(state, rng, log);
            log.decide(Action::Draw, || {
                format!(
                    "Fill the hand: draw {drawn} (no Main card in hand can be put on the Table)"
                )
            });
            return;
        }
        let weakest = state
            .table
            .iter()
            .enumerate()
            .filter(|(_, s)| s.upgradable)
            .min_by_key(|(i, s)| (s.power, *i))
            .map(|(i, _)| i);
        let Some(i) = weakest else {
            log.decide(Action::Hold, || {
                "Pass: nothing to put on the Table, no hand to fill and no character to upgrade"
                    .to_owned()
            });
            return;
        };
        state.table[i].upgrades += 1;
        state.table[i].power += 1;
        state.power += 1;
        let (card, now) = (state.table[i].card, self.slot_power(&state.table[i]));
        log.decide(Action::Play, || {
            let why = if state.hand_len >= HAND_SIZE {
                "the hand is full"
            } else {
                "the deck is empty"
            };
            format!(
                "Upgrade {} to power {now}: no Main card in hand can be put on the Table, {why}, and {} is the character with the least power",
                self.name(card),
                self.name(card)
            )
        });
    }
}

impl Procedure for Sms {
    type State = State;
    type Figures = Figures;
    const SEATS_ALIKE: bool = true;

    fn new_state(&self) -> State {
        State {
            library: Library::new(&self.library_order),
            hand: vec![0; self.deck.len()],
            hand_len: 0,
            table: Vec::with_capacity(self.table_start.len() + self.library_order.len()),
            named: vec![false; self.deck.len()],
            power: 0,
            deployed: 0,
            mulliganed: false,
            stuck: false,
        }
    }

    fn new_figures(&self) -> Figures {
        let turns = TURNS as usize + 1;
        Figures {
            games: 0,
            power: vec![0; turns],
            deployed: vec![0; turns],
            hand: vec![0; turns],
            power_hist: vec![0; turns * (POWER_CAP + 1)],
            mulligans: 0,
        }
    }

    fn merge_figures(&self, into: &mut Figures, from: &Figures) {
        into.games += from.games;
        add_counts(&mut into.power, &from.power);
        add_counts(&mut into.deployed, &from.deployed);
        add_counts(&mut into.hand, &from.hand);
        add_counts(&mut into.power_hist, &from.power_hist);
        into.mulligans += from.mulligans;
    }

    fn report_figures(&self, figures: &Figures, games: u64) -> SeatFigures {
        let mut reached = vec![games; TURNS as usize + 1];
        reached[0] = 0;
        let at_least = (1..=TURNS as usize)
            .map(|t| {
                let hist = &figures.power_hist[t * (POWER_CAP + 1)..(t + 1) * (POWER_CAP + 1)];
                let top = hist.iter().rposition(|&n| n > 0).unwrap_or(0);
                // Only from the largest N every game reached: below it the chance is 1.
                let low = hist.iter().position(|&n| n > 0).unwrap_or(0).max(1);
                let mut above = 0u64;
                let mut row = std::collections::BTreeMap::new();
                for n in (low..=top).rev() {
                    above += hist[n];
                    row.insert(n as u32, above as f64 / games.max(1) as f64);
                }
                (t as u32, row)
            })
            .collect();
        SeatFigures {
            power_by_turn: Some(mean_by_turn(&reached, &figures.power)),
            main_deployed_by_turn: Some(mean_by_turn(&reached, &figures.deployed)),
            hand_by_turn: Some(mean_by_turn(&reached, &figures.hand)),
            power_at_least_by_turn: Some(at_least),
            mulligans: Some(figures.mulligans),
            ..SeatFigures::default()
        }
    }

    const OBJECTIVE: Objective = Objective {
        key: std::borrow::Cow::Borrowed("power_by_turn"),
        label: std::borrow::Cow::Borrowed("Power on the Table at turn 5"),
        better: Better::Higher,
        turn: Some(5),
    };

    fn objective_now(&self, state: &State) -> Option<f64> {
        Some(f64::from(state.power))
    }

    fn figures(&self) -> Vec<Figure> {
        use FigureKind::*;
        vec![
            Figure::with_unit("power_by_turn", "Power on the Table", ByTurn, "Power"),
            Figure::with_unit(
                "power_at_least_by_turn",
                "Power on the Table",
                AtLeastByTurn,
                "Power",
            ),
            Figure::new("main_deployed_by_turn", "Main cards deployed", ByTurn),
            Figure::new("hand_by_turn", "Cards in hand", ByTurn),
            Figure::new("mulligans", "Mulligans", Count),
        ]
    }

    fn setup<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        _going_first: bool,
        log: &mut L,
    ) -> Option<Outcome> {
        self.start(state);
        log.decide(Action::Setup, || {
            format!(
                "Your characters start on the Table (power {}); you play the {} side with {} actions a turn; shuffle {} cards and draw {HAND_SIZE}",
                state.power,
                if self.side == Side::Villain { "Villain" } else { "Hero" },
                self.actions,
                self.library_order.len()
            )
        });
        self.fill_hand(state, rng, log);
        let has_main = self.has_main(state);
        let mulligan = self.mulligan.unwrap_or(!has_main);
        if mulligan {
            state.mulliganed = true;
            log.decide(Action::Mulligan, || match (self.mulligan, has_main) {
                (Some(true), _) => "Mulligan (asked for): shuffle the hand back and draw 8".into(),
                _ => {
                    "Mulligan: the opening hand has no Main card; shuffle it back and draw 8".into()
                }
            });
            state.hand.fill(0);
            state.hand_len = 0;
            state.library.reset(&self.library_order);
            self.fill_hand(state, rng, log);
        } else {
            log.decide(Action::Mulligan, || match (self.mulligan, has_main) {
                (Some(false), _) => "Keep the opening hand (asked for)".into(),
                _ => "Keep the opening hand: it holds a Main card".into(),
            });
        }
        None
    }

    fn turn<L: Log>(
        &self,
        state: &mut State,
        rng: &mut Rng,
        turn: u32,
        log: &mut L,
        figures: &mut Figures,
    ) -> Option<Outcome> {
        for _ in 0..self.actions {
            self.act(state, rng, log);
        }
        let t = turn as usize;
        figures.power[t] += u64::from(state.power);
        figures.deployed[t] += u64::from(state.deployed);
        figures.hand[t] += u64::from(state.hand_len);
        figures.power_hist[t * (POWER_CAP + 1) + (state.power as usize).min(POWER_CAP)] += 1;
        if turn < TURNS {
            return None;
        }
        if self.side == Side::Hero {
            log.decide(Action::End, || {
                "The end of turn 15: the Heroes have lasted, and win".to_owned()
            });
            Some(Outcome::Win)
        } else {
            log.decide(Action::End, || {
                "The end of turn 15: the goldfish never fought, so the Villains cannot win; a draw"
                    .to_owned()
            });
            Some(Outcome::Draw)
        }
    }

    fn finish(&self, state: &State, _result: GameResult, figures: &mut Figures) {
        figures.games += 1;
        figures.mulligans += u64::from(state.mulliganed);
    }

    fn max_turns(&self) -> u32 {
        TURNS
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        let mut hand: Vec<u16> = (0..self.deck.len() as u16)
            .flat_map(|c| std::iter::repeat_n(c, state.hand[c as usize] as usize))
            .collect();
        hand.sort_by_key(|&c| self.deck.name_rank[c as usize]);
        let table = state
            .table
            .iter()
            .map(|slot| {
                let mut attached = Vec::new();
                for (role, card) in [("equipment", slot.equipment), ("vehicle", slot.vehicle)] {
                    if card != NONE {
                        attached.push(Attached {
                            role: role.into(),
                            name: self.name(card).into(),
                            color: None,
                        });
                    }
                }
                let power = self.slot_power(slot);
                ZoneCard {
                    attached,
                    ..self
                        .card(slot.card)
                        .status(match slot.upgrades {
                            0 => format!("power {power}"),
                            n => format!("power {power} ({n} upgrade(s))"),
                        })
                        .stat("power", power)
                        .stat("upgrades", slot.upgrades)
                }
            })
            .collect();
        let names = |cards: &[u16]| cards.iter().map(|&c| self.card(c)).collect();
        let figure = |name: &str, value: u32| {
            ZoneCard::plain(name)
                .status(value.to_string())
                .stat("value", value)
        };
        vec![
            Zone::visible(
                "tracker",
                "Showdown",
                Owner::You,
                vec![
                    figure("Power on the Table", state.power),
                    figure("Main cards deployed", state.deployed),
                    figure("Actions a turn", self.actions),
                ],
            ),
            Zone::visible("hand", "Hand", Owner::You, names(&hand)),
            Zone::visible("table", "Table", Owner::You, table),
            Zone::hidden("deck", "Deck", Owner::You, state.library.len()),
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
        // The starting characters are counted from the deck list, so that a fresh state
        // (nothing on the Table yet) and a game in progress agree.
        let start = self.table_start.len();
        let on_table = state.table.iter().enumerate().flat_map(|(i, s)| {
            [
                if i < start { NONE } else { s.card },
                s.equipment,
                s.vehicle,
            ]
        });
        for card in state
            .library
            .remaining()
            .iter()
            .copied()
            .chain(on_table.filter(|&c| c != NONE))
            .chain(self.table_start.iter().copied())
        {
            counts[card as usize] += 1;
        }
        counts
    }
}

impl Sms {
    /// A card with its printed power and its kind as a tag (`character`, `ally`…; a Leader
    /// is tagged `leader` and `character`).
    fn card(&self, c: u16) -> ZoneCard {
        let f = self.f(c);
        let kind = match f.kind {
            Kind::Character => "character",
            Kind::Leader => "leader",
            Kind::Super => "super",
            Kind::Ally => "ally",
            Kind::Mook => "mook",
            Kind::Equipment => "equipment",
            Kind::Vehicle => "vehicle",
            Kind::Other => "other",
        };
        ZoneCard::plain(self.name(c))
            .stat("printed_power", f.power)
            .tag(kind, true)
            .tag("character", f.kind == Kind::Leader)
            .tag("main", self.mains.contains(&c))
    }
}

impl crate::registry::Goldfish for Sms {
    const ID: &'static str = GAME_ID;

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        Sms::new(game, deck, setup)
    }
}

#[cfg(test)]
mod tests;
