//! Saturday Morning Showdown: the goldfish pilot of docs/pilots.md#saturday-morning-showdown,
//! action by action.
//!
//! The characters (Heroes, Villains and Leaders) start on the Table; the deck proper is
//! shuffled and 8 cards drawn, with one optional mulligan (the pilot takes it when the
//! opening hand holds no Main card). Each turn the side takes its actions (Heroes 3,
//! Villains 4), each one the first of, in the order of
//! docs/pilots.md#showdown-a-turn: put on the Table the Main card
//! with the most power (ties by folded name; an Attachment needs a character or Ally with a
//! free slot of its kind: one Equipment and one Vehicle each); else, when the hand holds
//! fewer than 8 cards and the deck is not empty, fill the hand to 8 (there is no other
//! draw); else Upgrade the character with the least power (+1; ties: the first listed).
//! The game lasts 15 turns.
//!
//! The procedure's settled details, as played here:
//! - Leaders are characters on the Table: their power counts and they hold Attachments.
//!   (docs/pilots.md#showdown-setup, over the rulebook's "Cards in Play are not on the
//!   Table".)
//! - The Upgrade goes to a character (Hero, Villain or Leader), never to an Ally or a Super:
//!   the pilot upgrades "the character" (docs/pilots.md#showdown-a-turn) where the rulebook's
//!   Upgrade names "a Hero or Super". A character's power counts its upgrades and attachments.
//! - Attachments go to the characters first (deck-list order), then to the Allies (Supers
//!   and Mooks included) in the order they were put down; Mooks hold no Vehicle. An
//!   Attachment whose text names its holder ("Attach to a Doom Lab Villain") goes only to
//!   a card that meets it (docs/pilots.md#showdown-the-decisions; read off
//!   the text: see `holder_rule`). An Attachment with no free slot of its kind (on such a
//!   holder) is passed over.
//! - A Main card whose name is already on the Table (Mooks excepted) is never put down:
//!   the Table Rule would remove the old one and gain nothing. Only a Villain deck puts
//!   Mooks down.
//! - Power on the Table: characters' printed power + Upgrades + Attachments + the Allies,
//!   Mooks and Supers on the Table.
//!
//! Decided here, beyond the procedure's text:
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
//! Every decision is a choice point (`choice.rs`), asked with every option the rules allow
//! and played as picked: keep or mulligan the opening hand (`Mulligan`); each action
//! (`Play`: each Main card in hand on each place it may go, an Attachment on each holder
//! with a free slot of its kind, filling the hand, an Upgrade on each character, or
//! passing); each Leader Action (`Activate`: each ability that would change something, or
//! keeping it); each Mission in the Mission Phase (`Play`: the next, or none); and, in the
//! effects (`sms/moments.rs`), the card a `one [filter]` stat change goes to (`Target`), the
//! card a move takes (`Target`), where it attaches (`Attach`) and the card discarded
//! (`Discard`). Not offered: putting down a card whose name is on the Table (the Table
//! Rule would remove the old one, and the pilot never does), and Upgrades on Allies
//! or Supers (the Upgrade goes to a character, below).
//!
//! Card effects (docs/pilots.md#card-effects) run through the shared
//! interpreter, `sms/moments.rs` maps Showdown's moments onto its triggers: Leader Actions
//! (`activated`), the Mission Phase after the actions (`turn_end`: Employ; `played`: a
//! Mission), `while in play` bonuses and Attachment slots (`static`). With `--effects
//! keywords` none of it runs (Showdown's keywords are requirements, never effects): the
//! pilot above alone, as `sms/tests/reference.rs` reads it. Combat cards are never played;
//! their data says why that changes nothing against a goldfish.

use deckhand_core::{fold_name, Card, Deck, Game, Side, Trigger};

use crate::choice::ChoiceKind;
use crate::deck_cards::{small_stat, type_key, DeckCards};
use crate::effects::{self, Coverage, EffectsMode, Fired, Programs};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, GameResult, Log, Outcome, Zone};
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

mod action;
mod cycle;
mod deck;
use action::{holder_rule, holds};
mod board;
mod exact;
mod foresee;
use board::{PLAYS, PLAYS_KEYWORDS};
mod moments;
use moments::Caps;
mod last_look;
mod look;
mod memo;
mod pace;
mod quick;
mod scratch;
mod tail;
mod view;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A Hero or Villain: starts on the Table, upgradable.
    Character,
    /// A character too (docs/pilots.md#showdown-setup): starts on the Table, upgradable, holds
    /// Attachments.
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
    /// A Vehicle of the Ship class.
    ship: bool,
    /// An Event: its Leader ability is used out of the hand (read once here; folding the
    /// type's name at each Leader Action look allocated).
    event: bool,
    /// The Attachment slots it holds on the Table (its own `while in play` slot effects).
    caps: Caps,
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
    /// The state every game starts from ([`Sms::start_afresh`], made once when the deck is
    /// prepared): a game's start copies it.
    opening: Option<Box<State>>,
    /// Main cards the side may play, most power first, then by name.
    mains: Vec<u16>,
    /// The place in `mains` of its first Attachment (its length when none): a new Table
    /// slot changes where an Attachment may go, never whether an Ally may.
    first_attachment: u16,
    mulligan: Option<bool>,
    not_simulated: Vec<String>,
    coverage: Coverage,
    fx: Programs,
    /// Missions whose `when played` effects the pilot plays, by name.
    missions: Vec<u16>,
    /// Cards in hand with a Leader ability (Events, Swamp Gremlin), by name.
    hand_abilities: Vec<u16>,
    /// Per card: the pilot's order for taking a card (the Main cards first, most power),
    /// lower first.
    take_rank: Vec<u16>,
    /// Cards in the order the pilot discards them: those it never plays first (by name),
    /// then Events and Missions it plays, then Main cards, least power first.
    discard_order: Vec<u16>,
    /// The cards the pilot never plays (a discard costs nothing), by name: a list, since a
    /// choice counts them in hand at every look.
    dead: Vec<u16>,
    /// The filters of the effects' `one [filter]` targets; `State::one_slots` keeps their
    /// Table slots.
    one_filters: Vec<u16>,
    /// Per Attachment whose text names its holder ("Attach to a Doom Lab Villain"): per
    /// card of the deck, whether it may hold it (see [`holder_rule`]).
    holders: Vec<Option<Box<[bool]>>>,
    /// Per card: what its Leader ability can do to the plan value.
    ability_class: Vec<pace::Class>,
    /// The Leader Actions at the turn's start that need no look.
    pace: pace::Pace,
    /// Per card: its Leader ability's Power gain, when known before it is used (at the
    /// turn's end such abilities are picked without a look).
    exact: Vec<Option<exact::Exact>>,
    /// What the end of a turn can add to the Power once its actions are done.
    tail: Option<tail::Tail>,
    /// Per card: putting it down leaves every `while in play` bonus as it was
    /// ([`moments::statics_blind`]), so they are not recounted.
    static_blind: Vec<bool>,
    /// Per card: its Employ ability, when it resolves without the interpreter.
    quick: Vec<Option<quick::Quick>>,
    /// The filter of the first [`quick::Quick::FromDiscard`] ability (`None` when there
    /// is none), whose cards in the Discard Pile the state counts (`State::discard_hits`),
    /// and per card whether it is one.
    discard_filter: Option<Option<u16>>,
    discard_hit: Vec<bool>,
    /// Per card: its `while in play` bonus, when it resolves without the interpreter.
    quick_static: Vec<Option<quick::QuickStatic>>,
    /// Some effect gives a bonus until the end of the turn ([`moments::lapsing`]).
    lapsing: bool,
    /// Per card: its Leader ability, when it only changes the hand and resolves without the
    /// interpreter.
    cycle: Vec<Option<cycle::Cycle>>,
    /// Per card: each of its Leader abilities is weighed (optional, with a cost): resolving
    /// it checks whether it acts (`look.rs`'s lone ability).
    lone_weighed: Vec<bool>,
}

/// A card on the Table with what is on it.
#[derive(Debug, Clone, Copy)]
struct Slot {
    card: u16,
    upgrades: u16,
    equipment: u16,
    vehicle: u16,
    /// A second Equipment (a holder with 2 Equipment slots).
    equipment2: u16,
    /// A Ship Vehicle in a Ship slot (a holder that may have a Ship and a non-Ship).
    ship: u16,
    /// The card's power with its upgrades and attachments (kept, not recounted).
    power: u32,
    /// `while in play` bonuses (recounted whenever the Table changes) and bonuses until
    /// the end of the turn.
    bonus: i32,
    temp: i32,
    /// A character (Hero, Villain or Leader): the Upgrade action may pick it.
    upgradable: bool,
}

/// One game in progress.
#[derive(Clone)]
pub struct State {
    /// How often each card's effects resolved this game (the report's `fired_per_game`).
    fired: Fired,
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
    /// The first `skip` entries of `Sms::mains` are not in hand or cannot be put down;
    /// stays so until the hand gains one of them (`Sms::gained`) or the Table a slot (a
    /// Main card's place depends on nothing else: names and filled slots only accumulate;
    /// a slot only for the Attachments, `Sms::first_attachment` on), so the search for the
    /// best one starts there.
    skip: u16,
    /// The Discard Pile, in the order discarded.
    discard: Vec<u16>,
    /// The Discard Pile's cards of `Sms::discard_filter` (kept by `Sms::discard_push`
    /// and `Sms::discard_remove`, not rescanned).
    discard_hits: u16,
    leader_actions: u32,
    drama: u32,
    /// Per name id: a Mission of that name was played this game (once a game).
    missions_played: Vec<bool>,
    /// The Table's slots' `bonus` + `temp`, summed.
    extra: i32,
    /// Per `Sms::one_filters` entry, a bit per Table slot (the first 64) whose card matches.
    one_slots: Vec<u64>,
    /// The Table slots whose card has a Leader ability (`activated`).
    ability_slots: moments::SlotMask,
    /// The Table slots whose card has an Employ ability (`turn_end`).
    employ_slots: moments::SlotMask,
    /// The last turn's start and its first Leader Action's pick (`memo.rs`); boxed, so that
    /// a look that becomes the game swaps a pointer for it.
    memo: Option<Box<memo::Memo>>,
}

impl State {
    /// Gains `amount` of a resource: Drama, or a Leader Action (one held at most). The one
    /// rule for both, read by the effect board and by the Employ abilities resolved
    /// without the interpreter (`sms/quick.rs`); other resources are not Showdown's.
    fn gain(&mut self, resource: effects::Id, amount: u32) {
        match resource {
            // Rulebook: "You may never have more than 1 Leader Action."
            board::LEADER_ACTION => self.leader_actions = (self.leader_actions + amount).min(1),
            board::DRAMA => self.drama += amount,
            _ => {}
        }
    }
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
    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Features {
        self.features[card as usize]
    }

    fn slot_power(&self, slot: &Slot) -> u32 {
        (slot.power as i32 + slot.bonus + slot.temp).max(0) as u32
    }

    /// A Table slot for `card`, as it enters.
    fn slot(&self, card: u16) -> Slot {
        Slot {
            card,
            upgrades: 0,
            equipment: NONE,
            vehicle: NONE,
            equipment2: NONE,
            ship: NONE,
            power: u32::from(self.f(card).power),
            bonus: 0,
            temp: 0,
            upgradable: matches!(self.f(card).kind, Kind::Character | Kind::Leader),
        }
    }

    fn draw<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> bool {
        let Some(card) = state.library.draw(rng) else {
            return false;
        };
        state.hand[card as usize] += 1;
        state.hand_len += 1;
        self.gained(state, card);
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

    /// `card` came into the hand: the Main cards before it in `mains` are as they were
    /// (`take_rank` is the place in `mains`, past its end for other cards).
    fn gained(&self, state: &mut State, card: u16) {
        state.skip = state.skip.min(self.take_rank[card as usize]);
    }

    fn has_main(&self, state: &State) -> bool {
        self.mains.iter().any(|&c| state.hand[c as usize] > 0)
    }

    /// A fresh game: the deck in printed order, the characters on the Table, nothing drawn;
    /// copied from [`Sms::opening`] (the same at every game: no stream is read).
    fn start(&self, state: &mut State) {
        let Some(opening) = &self.opening else {
            return self.start_afresh(state);
        };
        crate::scratch::Scratch::copy_from(state, opening);
        if let Some(memo) = &mut state.memo {
            memo.forget();
        }
        #[cfg(debug_assertions)]
        {
            let mut afresh = state.clone();
            afresh.fired.reset();
            self.start_afresh(&mut afresh);
            assert_eq!(
                last_look::seen(state),
                last_look::seen(&afresh),
                "a game's start copied from the opening differs from one made afresh"
            );
        }
    }

    /// [`Sms::start`] made step by step.
    fn start_afresh(&self, state: &mut State) {
        state.library.reset(&self.library_order);
        state.hand.fill(0);
        state.hand_len = 0;
        state.table.clear();
        state.named.fill(false);
        state.power = 0;
        state.deployed = 0;
        state.mulliganed = false;
        state.stuck = false;
        state.skip = 0;
        state.discard.clear();
        state.discard_hits = 0;
        state.leader_actions = 0;
        state.drama = 0;
        state.missions_played.fill(false);
        state.extra = 0;
        state.one_slots.fill(0);
        state.ability_slots = moments::SlotMask::default();
        state.employ_slots = moments::SlotMask::default();
        if let Some(memo) = &mut state.memo {
            memo.forget();
        }
        for &card in &self.table_start {
            self.push_slot(state, card);
            state.named[self.deck.name_id[card as usize] as usize] = true;
            state.power += u32::from(self.f(card).power);
        }
        self.refresh_statics(state);
    }
}

impl Procedure for Sms {
    type State = State;
    type Figures = Figures;
    const SEATS_ALIKE: bool = true;

    fn new_state(&self) -> State {
        State {
            fired: Fired::new(self.fx.cards()),
            library: Library::new(&self.library_order),
            hand: vec![0; self.deck.len()],
            hand_len: 0,
            table: Vec::with_capacity(self.table_start.len() + self.library_order.len()),
            named: vec![false; self.deck.len()],
            power: 0,
            deployed: 0,
            mulliganed: false,
            stuck: false,
            skip: 0,
            discard: Vec::with_capacity(self.library_order.len()),
            leader_actions: 0,
            drama: 0,
            missions_played: vec![false; self.deck.len()],
            extra: 0,
            one_slots: vec![0; self.one_filters.len()],
            discard_hits: 0,
            ability_slots: moments::SlotMask::default(),
            employ_slots: moments::SlotMask::default(),
            memo: None,
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
        let at_least: std::collections::BTreeMap<u32, std::collections::BTreeMap<u32, f64>> =
            at_least;
        SeatFigures::from([
            (
                "power_by_turn",
                mean_by_turn(&reached, &figures.power).into(),
            ),
            (
                "main_deployed_by_turn",
                mean_by_turn(&reached, &figures.deployed).into(),
            ),
            ("hand_by_turn", mean_by_turn(&reached, &figures.hand).into()),
            ("power_at_least_by_turn", at_least.into()),
            ("mulligans", figures.mulligans.into()),
        ])
    }

    const OBJECTIVE: Objective = Objective {
        key: std::borrow::Cow::Borrowed("power_by_turn"),
        label: std::borrow::Cow::Borrowed("Power on the Table at turn 5"),
        better: Better::Higher,
        turn: Some(5),
        said: std::borrow::Cow::Borrowed("your Power on the Table at turn 5"),
        unit: crate::report::ObjectiveUnit::Amount,
    };
    const TELLING: crate::headline::Telling = crate::headline::Telling {
        goldfish: "The opponent never plays or fights: your deck builds Power on the Table for 15 turns, and a Hero deck wins by lasting them.",
        game: ("game", "games"),
        win: "a Hero deck wins by lasting the 15 turns",
        deck_out: "your deck ran out",
        draw: "a Villain deck cannot win against an opponent who never fights",
        loss: "the game was lost",
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
        state.fired.reset();
        self.start(state);
        log.decide(Action::Setup, || {
            format!(
                "Your characters start on the Table (power {}); you play the {} side with {} actions a turn; shuffle {} cards and draw {HAND_SIZE}",
                self.table_power(state),
                if self.side == Side::Villain { "Villain" } else { "Hero" },
                self.actions,
                self.library_order.len()
            )
        });
        self.fill_hand(state, rng, log);
        let has_main = self.has_main(state);
        let pilot = self.mulligan.unwrap_or(!has_main);
        let mulligan = log.pick(
            ChoiceKind::Mulligan,
            pilot,
            || vec![false, true],
            |m| match m {
                true => "Mulligan: shuffle the hand back and draw 8".to_owned(),
                false => "Keep the opening hand".to_owned(),
            },
            || match (self.mulligan, has_main) {
                (Some(_), _) => "asked for".into(),
                (None, true) => "it holds a Main card".into(),
                (None, false) => "the opening hand has no Main card".into(),
            },
            || self.zones(state),
            rng,
        );
        if mulligan {
            state.mulliganed = true;
            state.hand.fill(0);
            state.hand_len = 0;
            state.library.reset(&self.library_order);
            self.fill_hand(state, rng, log);
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
        let abilities = self.fx.any(Trigger::Activated);
        // Without a log the look of the turn's first Leader Action may have played the rest.
        let played = abilities && self.leader_actions(state, rng, log, true);
        if !played {
            match L::SILENT && !L::CHOOSES {
                true => self.silent_actions(state, rng),
                false => self.actions(state, rng, log, self.actions),
            }
            if self.fx.any(Trigger::TurnEnd) || !self.missions.is_empty() {
                match L::SILENT && !L::CHOOSES {
                    true => self.silent_mission_phase(state, rng),
                    false => self.mission_phase(state, rng, log),
                }
                match (abilities, L::SILENT && !L::CHOOSES) {
                    (true, true) => self.silent_end_leader_actions(state, rng),
                    (true, false) => {
                        self.leader_actions(state, rng, log, false);
                    }
                    (false, _) => {}
                }
            }
        }
        let t = turn as usize;
        let power = self.table_power(state);
        figures.power[t] += u64::from(power);
        figures.deployed[t] += u64::from(state.deployed);
        figures.hand[t] += u64::from(state.hand_len);
        figures.power_hist[t * (POWER_CAP + 1) + (power as usize).min(POWER_CAP)] += 1;
        self.end_turn(state);
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
        // The starting characters are counted from the deck list, so that a fresh state
        // (nothing on the Table yet) and a game in progress agree.
        let start = self.table_start.len();
        let on_table = state.table.iter().enumerate().flat_map(|(i, s)| {
            [
                if i < start { NONE } else { s.card },
                s.equipment,
                s.vehicle,
                s.equipment2,
                s.ship,
            ]
        });
        for card in state
            .library
            .remaining()
            .iter()
            .copied()
            .chain(on_table.filter(|&c| c != NONE))
            .chain(state.discard.iter().copied())
            .chain(self.table_start.iter().copied())
        {
            counts[card as usize] += 1;
        }
        counts
    }
}

impl crate::procedure::Goldfish for Sms {
    const OPTIONS: &'static [crate::GameOption] = &[crate::GameOption::Mulligan];
    const BOARD: &'static str = "sms";
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
