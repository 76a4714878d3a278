//! Power Rangers Deck-Building Game: the goldfish pilot of docs/pilots.md#pr-deck-building,
//! turn by turn.
//!
//! The deck's `main` section is the main deck that feeds The Grid; the `starter` section is
//! your personal starting deck (the caller adds the rules' starter deck for your side when
//! the deck has none: the game definition's `fixed_composition` of that `side`); a
//! Character card anywhere in the deck is your character, whose `slots` cards attach to.
//! Set-up: The Grid gets 6 cards, at most 2 of a type (extras set aside and shuffled back); you
//! draw 5; HP 30, Energy 0; the goldfish has 30 HP and never acts.
//!
//! Each turn: refill The Grid to 6; play every card in hand for its Shards and Energy
//! (Energy at most 20), except that a card with an `ability_cost` is attached when an empty
//! slot of its colour exists (a Signature Item fits any slot; two cards wanting one slot:
//! the most `damage` first, then by name); activate attached Attack cards that carry
//! `damage` and whose `ability_cost` the Energy covers, most damage first (ties in slot
//! order), once each; then, under `buy-first`, buy and then Battle, under `battle-first`
//! the other way round. Buying takes, again and again, the Grid card your side may buy with the
//! highest `shard_cost` the Shards cover (ties: more `shards`, more `energy`, the leftmost)
//! into your discard pile. Battling takes adversaries (Villains for a Hero, Heroes for a
//! Villain), cheapest `battle_cost` first (ties: the leftmost), into the main deck's discard
//! pile. Then 1 damage per adversary left in The Grid, discard everything played and in
//! hand, draw 5 (the discard pile is shuffled into the deck only when a draw needs it).
//!
//! Decided here, beyond the procedure's text:
//! - The side is the option's, else the deck's, else the character's, else the starter
//!   cards', else Hero. The seat does not matter: nobody acts against you.
//! - A card takes the first empty slot of its colour. Attached cards stay for the whole
//!   game.
//! - The character's own Attack (its `damage`, for its `ability_cost`) is there from the
//!   turn it flips (the rulebook: once flipped you may use the character's ability;
//!   docs/pilots.md#pr-deck-building-the-decisions),
//!   activated like an attached card, after the slots when the damage ties.
//! - A deck without a Character plays (nothing attaches, nothing flips) and the report
//!   warns that slots, attachments, the flip and the character's Attack are not simulated.
//! - A card your side may buy is a Grid card of type Equipment, Maneuver, Location or your
//!   side's own (Hero for Heroes, Villain for Villains); other types are never bought. A
//!   card without `battle_cost` is never Battled. Locations go to the discard pile like any
//!   bought card (docs/pilots.md#pr-deck-building-the-decisions), though their text puts them
//!   in play.
//! - You win when your Attacks bring the goldfish to 0 HP (the kill turn); you lose when
//!   adversary damage brings your HP to 0. When The Grid cannot be refilled (the main deck
//!   is empty) the game ends after that turn, as the rulebook says
//!   (docs/pilots.md#pr-deck-building-ending-and-the-headline-figure): more HP than
//!   the goldfish wins, equal HP goes to the Energy (the goldfish has none), less is
//!   counted as a deck-out. A game still going after turn 60 is a draw.
//! - The Shards and Energy figures are what playing cards made that turn (Energy as it
//!   reached the tracker, under the cap of 20); with every effect on, what effects made
//!   that turn too, whenever in the turn.
//!
//! Effects: with `--effects all` (the default) every card's stated effects play through the
//! shared interpreter (`pr_dbg/moments.rs` maps the moments and states the pilot's choices);
//! the activated Ability replaces the stat Attack. With `--effects keywords` the procedure
//! above runs alone (Attacks by their `damage` stat, card text ignored) and every report
//! pinned before card effects existed stays the same.
//!
//! Checked (audit): the rule table in `pr_dbg/tests.rs` (keywords), the scenario table
//! `fixtures/effects/pr-dbg.toml` (one card's effects at one moment), and fixed-seed step
//! logs `fixtures/steps/pr-dbg-*` read decision by decision against docs/pilots.md: with
//! keywords only, and with every effect on (`*-effects-*`: plays card by card, Attitude
//! destroying Starters after a Battle, Battle rewards, Locations kept in control, Abilities in
//! damage order, the flip; Shards, flip and kill turn as the report counts them).

use deckhand_core::{fold_name, Card, Deck, Game, Side, Trigger};

use crate::deck_cards::{keyword, list_stat, type_key, DeckCards};
use crate::effects::{
    self as fx, not_simulated, Coverage, EffectsMode, Fired, KeywordPolicy, Programs,
};
use crate::error::GoldfishError;
use crate::library::Library;
use crate::log::{Action, Attached, GameResult, Log, Outcome, Owner, Zone, ZoneCard};
use crate::procedure::{add_counts, Procedure};
use crate::report::{
    mean_by_turn, nonzero_by_turn, Figure, FigureKind, Objective, SeatFigures, CI95, WIN_CHANCE,
};
use crate::rng::Rng;
use crate::simulate::Setup;

pub const GAME_ID: &str = "pr-dbg";
/// The named pilot policies, `(id, label)`; the first is the default.
pub const POLICIES: &[(&str, &str)] = &[
    ("buy-first", "Buy first, then Battle"),
    ("battle-first", "Battle first, then buy"),
];
const GRID: usize = 6;
const GRID_TYPE_LIMIT: u8 = 2;
const HAND: usize = 5;
const HP: i32 = 30;
const MAX_ENERGY: u32 = 20;
const MAX_TURNS: u32 = 60;
const NONE: u16 = u16::MAX;
/// Words of `State::played_cards`: decks of up to 256 distinct cards.
const PLAYED_WORDS: usize = 4;
/// A Signature Item's colour: it matches any slot.
const ANY_COLOUR: u8 = u8::MAX;

const KEYWORDS: KeywordPolicy = KeywordPolicy {
    accounted: &["Ongoing", "Attack", "Block"],
    unplayed_types: &[],
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Hero,
    Villain,
    /// Equipment, Maneuver, Location: either side may buy them.
    Neutral,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Features {
    kind: Kind,
    /// A small id per card type, for The Grid's set-up limit of 2 per type.
    type_id: u8,
    shard_cost: u8,
    shards: u8,
    energy: u8,
    /// `None`: no activated ability, so never attached.
    ability_cost: Option<u8>,
    battle_cost: Option<u8>,
    colour: u8,
    /// An Attack's damage; `None` when the card is no Attack or its Attack is not damage.
    damage: Option<u8>,
    /// Some primer's stat change reaches it when played (`moments::Commute::primed`).
    primed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Policy {
    BuyFirst,
    BattleFirst,
}

/// A deck prepared for the PR Deck-Building goldfish.
pub struct PrDbg {
    deck: DeckCards,
    features: Vec<Features>,
    side: Side,
    policy: Policy,
    grid_order: Vec<u16>,
    starter_order: Vec<u16>,
    character: u16,
    /// The character's slot colours.
    slots: Vec<u8>,
    /// Colour names (folded) by colour id, for the board.
    colour_names: Vec<String>,
    /// Per card, precomputed for the hot loops: the buying order key (`shard_cost`,
    /// `shards`, `energy`; 0 for a card the side may not buy), the Battle cost of an
    /// adversary (`u8::MAX` when it cannot be Battled or is no adversary), and the order in
    /// which a hand is considered for attaching. `buy_key` ends with a 0 for empty spaces,
    /// `battle_cost` with `u8::MAX`.
    buy_key: Vec<u32>,
    battle_cost: Vec<u8>,
    /// The least Shards any card the side may buy costs, any adversary's Battle costs
    /// without a discount, and any activated Ability asks in Energy: below them the pilot's
    /// search for a buy, a Battle or an Ability would find nothing, and is skipped (most
    /// turns end with a Shard or two and no Energy left).
    cheapest_buy: u32,
    cheapest_battle: u32,
    cheapest_activation: u32,
    adversary: Vec<bool>,
    attach_rank: Vec<u32>,
    not_simulated: Vec<String>,
    coverage: Coverage,
    /// `--effects all`: cards' effects play through the shared interpreter
    /// (`pr_dbg/moments.rs`); otherwise the bare procedure with keywords only
    /// (docs/pilots.md#pr-deck-building).
    all: bool,
    /// Some effect counts the distinct names of the played cards (Riverside Arcade), no two
    /// deck cards share a name and they fit `State::played_cards`: the played cards are
    /// then kept as bits too, and a distinct count is an AND and a population count.
    tracks_played: bool,
    fx: Programs,
    /// Per card: a Stun or Starter (what destroying takes first, the least useful:
    /// docs/pilots.md#pr-deck-building-the-decisions).
    fodder: Vec<bool>,
    /// Per card, the triggers on another card's event (`plays_card`…) that some effect of
    /// the deck reacts to when this card is the other card ([`Programs::mask_has`]): a
    /// Starter played usually wakes nothing, and the moment ends on one test.
    reacts: Vec<u32>,
    /// Per card, what its Ability's damage reads (`pr_dbg/activation.rs`), and the Energy
    /// its `ability_cost` asks before the pilot considers it (`u32::MAX`: no activated
    /// effect; a last entry for an empty slot).
    ability: Vec<moments::Ability>,
    /// Per card and Energy, the set a fixed Ability picks (`PrDbg::fixed_sets`).
    fixed_sets: Vec<u32>,
    activation_cost: Vec<u32>,
    /// `activation_cost`, `u32::MAX` for a primer: the Abilities `next_activation` ranks
    /// (a primer is weighed by `prime` instead).
    ranked_cost: Vec<u32>,
    /// Per card, whether its Ability deals no damage and changes a stat for the turn
    /// (Coach Harriet Dunmore's extra Shard per Hero played): worth something only before
    /// the cards it changes, so the pilot weighs it at each moment by the rest of the turn
    /// (`pr_dbg/activation.rs`, `prime`); and whether the deck has any.
    primes: Vec<bool>,
    /// Per card, whether an Ability that deals no damage could raise the turn's plan
    /// value, so that it is weighed by a look at the rest of the turn (`activation.rs`).
    weighable: Vec<bool>,
    /// Per card, whether its Ability only heals (declined at full HP without a look).
    heals_only: Vec<bool>,
    /// Per card (and a last entry for an empty slot) what ranking its Ability reads,
    /// packed: one bounds check and one cache line a card at each activation choice
    /// (`pr_dbg/activation.rs`).
    act: Vec<moments::ActCard>,
    any_primer: bool,
    /// The least Energy a primer's Ability asks (`u32::MAX`: none): below it no primer is
    /// ready, and `prime` is asked before every card.
    cheapest_primer: u32,
    /// When the deck's primers commute with playing its cards, which cards their stat
    /// changes reach: the looks with a primer are then carried across the others
    /// (`pr_dbg/carry.rs`).
    commute: Option<moments::Commute>,
    /// Per card, the Energy its Ability asks when it is a primer, else `u32::MAX`, with a
    /// last entry for an empty slot: which primers are ready is one table read a position
    /// (`pr_dbg/activation.rs`, `ready_primers`).
    primer_cost: Vec<u32>,
    /// Per card with a damaging Ability, the Energy a look must have beyond it for the
    /// same pick with less Energy: all its activated effects' costs and its `ability_cost`
    /// (`u32::MAX`: not known; 0 for the others; `moments::primer_look`).
    spare_cost: Vec<u32>,
    /// No effect but an Ability's attaches, readies or copies (`moments::keeps_primers`):
    /// playing the hand changes the unused primers in play only by an attach or a primer
    /// activated, and `play_all_fx` reads their Energy floor again only then.
    keeps_primers: bool,
    /// Per compiled effect, a reaction to a card played that reads only the played cards
    /// and gains Shards or Energy; per card, whether every such reaction of it is one: it
    /// is then resolved from `State::played_cards` (`pr_dbg/rewards.rs`).
    rewards: Vec<Option<moments::Reward>>,
    rewarded: Vec<bool>,
}

/// One game in progress.
#[derive(Clone)]
pub struct State {
    /// How often each card's effects resolved this game (the report's `fired_per_game`).
    fired: Fired,
    main_deck: Library,
    main_discard: Vec<u16>,
    grid: [u16; GRID],
    set_aside: Vec<u16>,
    draw_pile: Vec<u16>,
    /// Played from the front, drawn onto the back: a queue, so taking the next card moves
    /// none of the others.
    hand: Hand,
    played: Vec<u16>,
    discard: Vec<u16>,
    /// The card in each slot of the character, `NONE` when empty.
    attached: Vec<u16>,
    /// The slots and the flipped Character (position `attached.len()`) whose Ability
    /// was used this turn.
    used: Used,
    hp: i32,
    goldfish_hp: i32,
    energy: u32,
    flipped: u32,
    main_deck_out: bool,
    /// This turn's Shards.
    shards: u32,
    /// Damage dealt to the goldfish this turn by effects (`--effects all`).
    dealt: u32,
    /// Shards and Energy made this turn by cards played and by effects, whenever in the
    /// turn (`--effects all`: the turn's figures).
    made_shards: u32,
    made_energy: u32,
    /// The cards in `played` as bits by card index, when `PrDbg::tracks_played`.
    played_cards: [u64; PLAYED_WORDS],
    /// The buffer `moments::in_play` fills (a moment's cards in play), kept between uses.
    in_play: Vec<u16>,
    /// The triggers of the played cards, ORed as each is played and read afresh when one
    /// leaves: most moments skip the played cards with one test, inlined into the moment.
    played_fx: u32,
    /// The triggers of the other cards in play (the unflipped Character, attached, Zord
    /// Bay, Ongoing), ORed as each enters: those zones only grow; the flip reads them afresh
    /// (`moments::reread_in_play`).
    standing_fx: u32,
    /// The standing cards in play that react to other cards' events
    /// (`moments::standing_reactors`), and whether a standing zone changed since.
    reactors: Vec<u16>,
    reactors_stale: bool,
    /// Per trigger on another card's event (`effects::event_slot`), the cards whose event
    /// some standing reactor reacts to: most cards played wake nobody, and the moment ends
    /// on one bit test.
    admitted: [crate::effects::CardSet; 4],
    /// Ongoing cards in front of you (Locations), kept across turns (`--effects all`).
    control: Vec<u16>,
    zord_bay: Vec<u16>,
    /// Used abilities of the Zord Bay, by position.
    zord_used: Used,
    destroyed: Vec<u16>,
    /// The adversary being Battled.
    battled: u16,
    /// Cards known to be on top of your deck, the top last (drawn before the rest).
    deck_top: Vec<u16>,
    /// Stat changes in force: cost discounts, extra Shards.
    mods: Vec<moments::Mod>,
    /// A copied ability is running (a copy never copies a copy).
    copying: bool,
    turn: u32,
    /// The pilot is playing the rest of a turn ahead on a copy, to weigh a paid effect by
    /// its plan value (docs/pilots.md#pr-deck-building-plan-value): no weighing within the
    /// weighing.
    planning: bool,
    /// The printed Shard cost of the cards bought and adversaries Battled this turn (the
    /// plan value's second field).
    spent: u32,
    /// The end of this turn played ahead by a look the game has followed since
    /// (`moments::Ahead`): adopted by `end_turn` instead of playing it again.
    ahead: Option<moments::Ahead>,
    /// Cards played this turn that some primer's stat change reaches (`play_all_fx`,
    /// `moments::Trace`).
    primed_plays: u32,
    /// What a look's play tells of the same turn with a primer activated first
    /// (`moments::Trace`): noted on a look's copy only.
    trace: moments::Trace,
}

/// Per-seat figures, per turn.
pub struct Figures {
    reached: Vec<u64>,
    shards: Vec<u64>,
    energy: Vec<u64>,
    bought: Vec<u64>,
    damage_taken: Vec<u64>,
    goldfish_damage: Vec<u64>,
    flips: Vec<u64>,
}

impl PrDbg {
    /// The damage the adversaries in The Grid deal at the end of the turn: 1 each.
    pub(super) fn adversary_damage(&self, state: &State) -> i32 {
        // A sum, not a filter: which spaces hold adversaries is a coin toss per space.
        let last = self.adversary.len() - 1;
        state
            .grid
            .iter()
            .map(|&c| i32::from(self.adversary[usize::from(c).min(last)]))
            .sum()
    }

    fn name(&self, card: u16) -> &str {
        self.deck.name(card)
    }

    fn f(&self, card: u16) -> Features {
        self.features[card as usize]
    }

    fn may_buy(&self, card: u16) -> bool {
        match self.f(card).kind {
            Kind::Neutral => true,
            Kind::Hero => self.side == Side::Hero,
            Kind::Villain => self.side == Side::Villain,
            Kind::Other => false,
        }
    }

    fn is_adversary(&self, card: u16) -> bool {
        match self.f(card).kind {
            Kind::Hero => self.side == Side::Villain,
            Kind::Villain => self.side == Side::Hero,
            _ => false,
        }
    }

    /// Draws into the hand from your deck, shuffling the discard pile in when a draw needs
    /// it. False when deck and discard pile are both empty.
    #[inline]
    fn draw<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> bool {
        if let Some(card) = state.deck_top.pop() {
            state.hand.push_back(card);
            log.drew(|| self.name(card).to_owned());
            return true;
        }
        if state.draw_pile.is_empty() {
            if state.discard.is_empty() {
                return false;
            }
            // Drawing picks uniformly from the pile, so moving the cards is the shuffle.
            state.draw_pile.append(&mut state.discard);
            log.decide(Action::Draw, || {
                "Your deck is empty: shuffle the discard pile to make a new deck".to_owned()
            });
        }
        let pick = rng.below(state.draw_pile.len() as u32) as usize;
        let card = state.draw_pile.swap_remove(pick);
        state.hand.push_back(card);
        log.drew(|| self.name(card).to_owned());
        true
    }

    fn draw_hand<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) {
        // The generator's state in registers for the loop, not re-read after each push.
        let mut local = rng.clone();
        while state.hand.len() < HAND {
            // The usual draw inline: nothing known on top, cards left in the deck.
            if state.deck_top.is_empty() && !state.draw_pile.is_empty() {
                let pick = local.below(state.draw_pile.len() as u32) as usize;
                let card = state.draw_pile.swap_remove(pick);
                state.hand.push_back(card);
                log.drew(|| self.name(card).to_owned());
            } else if !self.draw(state, &mut local, log) {
                break;
            }
        }
        *rng = local;
    }

    /// Refills The Grid from the left. False when the main deck could not fill it.
    fn refill_grid<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> bool {
        let mut added = 0;
        // The empty spaces as bits, read without a branch per space, then filled from
        // the left.
        let mut empty = 0u32;
        for (i, &card) in state.grid.iter().enumerate() {
            empty |= u32::from(card == NONE) << i;
        }
        while empty != 0 {
            let i = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            match state.main_deck.draw(rng) {
                Some(card) => {
                    state.grid[i] = card;
                    added += 1;
                }
                None => {
                    log.decide(Action::End, || {
                        "The main deck is empty and The Grid cannot be refilled: the game ends after this turn".to_owned()
                    });
                    return false;
                }
            }
        }
        if L::ENABLED && added > 0 {
            log.decide(Action::Setup, || {
                format!(
                    "Refill The Grid with {added_cards}",
                    added_cards = deckhand_core::plural::count(added as i64, "card", "cards")
                )
            });
        }
        true
    }
}

impl Procedure for PrDbg {
    type State = State;
    type Figures = Figures;
    const SEATS_ALIKE: bool = true;
    const LOSES: bool = true;

    fn default_policy(&self) -> &'static str {
        POLICIES[0].0
    }

    fn new_state(&self) -> State {
        let capacity = self.starter_order.len() + self.grid_order.len();
        State {
            fired: Fired::new(self.fx.cards()),
            main_deck: Library::new(&self.grid_order),
            main_discard: Vec::with_capacity(self.grid_order.len()),
            grid: [NONE; GRID],
            set_aside: Vec::with_capacity(self.grid_order.len()),
            draw_pile: self.starter_order.clone(),
            hand: Hand::with_capacity(capacity),
            played: Vec::with_capacity(capacity),
            discard: Vec::with_capacity(capacity),
            attached: vec![NONE; self.slots.len()],
            used: Used::default(),
            hp: HP,
            goldfish_hp: HP,
            energy: 0,
            flipped: 0,
            main_deck_out: false,
            shards: 0,
            dealt: 0,
            made_shards: 0,
            made_energy: 0,
            in_play: Vec::with_capacity(capacity),
            played_cards: [0; PLAYED_WORDS],
            played_fx: 0,
            // The unflipped Character's triggers.
            standing_fx: self.fx.mask(self.character),
            reactors: Vec::new(),
            reactors_stale: true,
            admitted: std::array::from_fn(|_| crate::effects::CardSet::empty(self.deck.len())),
            control: Vec::new(),
            zord_bay: Vec::new(),
            zord_used: Used::default(),
            destroyed: Vec::new(),
            battled: NONE,
            deck_top: Vec::new(),
            mods: Vec::new(),
            copying: false,
            turn: 0,
            planning: false,
            spent: 0,
            ahead: None,
            primed_plays: 0,
            trace: moments::Trace::CLEAN,
        }
    }

    fn new_figures(&self) -> Figures {
        let turns = MAX_TURNS as usize + 1;
        Figures {
            reached: vec![0; turns],
            shards: vec![0; turns],
            energy: vec![0; turns],
            bought: vec![0; turns],
            damage_taken: vec![0; turns],
            goldfish_damage: vec![0; turns],
            flips: vec![0; turns],
        }
    }

    fn merge_figures(&self, into: &mut Figures, from: &Figures) {
        add_counts(&mut into.reached, &from.reached);
        add_counts(&mut into.shards, &from.shards);
        add_counts(&mut into.energy, &from.energy);
        add_counts(&mut into.bought, &from.bought);
        add_counts(&mut into.damage_taken, &from.damage_taken);
        add_counts(&mut into.goldfish_damage, &from.goldfish_damage);
        add_counts(&mut into.flips, &from.flips);
    }

    fn report_figures(&self, figures: &Figures, _games: u64) -> SeatFigures {
        let mean = |values: &[u64]| mean_by_turn(&figures.reached, values).into();
        SeatFigures::from([
            ("shards_by_turn", mean(&figures.shards)),
            ("energy_by_turn", mean(&figures.energy)),
            ("cards_bought_by_turn", mean(&figures.bought)),
            ("damage_taken_by_turn", mean(&figures.damage_taken)),
            ("goldfish_damage_by_turn", mean(&figures.goldfish_damage)),
            ("flip_turns", nonzero_by_turn(&figures.flips).into()),
        ])
    }

    /// The samples lose most games (adversaries left in The Grid wear the HP down): the
    /// chance of a win ranks them, not a mean kill turn over the few wins.
    const OBJECTIVE: Objective = WIN_CHANCE;
    const TELLING: crate::headline::Telling = crate::headline::Telling {
        goldfish: "Nobody plays against you: the goldfish is a 30-HP target that never acts, while each adversary left in The Grid deals you 1 damage a turn.",
        game: ("game", "games"),
        win: "the goldfish fell to 0 HP",
        deck_out: "the main deck ran out with you on less HP than the goldfish",
        draw: "nobody had fallen by turn 60",
        loss: "out of HP",
    };

    fn figures(&self) -> Vec<Figure> {
        use FigureKind::*;
        vec![
            Figure::new("win_chance", "Chance of a win", Chance),
            Figure::with_interval("mean_kill_turn", "Mean kill turn", Scalar, CI95),
            Figure::new("median_kill_turn", "Median kill turn", Scalar),
            Figure::new("wins", "Won", Count),
            Figure::new("losses", "Lost (HP 0)", Count),
            Figure::new("deck_outs", "Lost on HP when the Grid ran out", Count),
            Figure::new("draws", "Draws", Count),
            Figure::new("kill_turns", "Won on turn", Distribution),
            Figure::new("flip_turns", "Character flipped on turn", Distribution),
            Figure::new("shards_by_turn", "Shards", ByTurn),
            Figure::new("energy_by_turn", "Energy", ByTurn),
            Figure::new("cards_bought_by_turn", "Cards bought", ByTurn),
            Figure::with_unit("damage_taken_by_turn", "Damage taken", ByTurn, "HP"),
            Figure::with_unit("goldfish_damage_by_turn", "Damage dealt", ByTurn, "HP"),
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
        state.main_deck.reset(&self.grid_order);
        state.main_discard.clear();
        state.grid = [NONE; GRID];
        state.draw_pile.clear();
        state.draw_pile.extend_from_slice(&self.starter_order);
        state.hand.clear();
        state.played.clear();
        state.played_cards = [0; PLAYED_WORDS];
        state.discard.clear();
        state.attached.fill(NONE);
        state.hp = HP;
        state.goldfish_hp = HP;
        state.energy = 0;
        state.flipped = 0;
        state.main_deck_out = false;
        state.control.clear();
        state.zord_bay.clear();
        state.zord_used.clear();
        state.destroyed.clear();
        state.battled = NONE;
        state.deck_top.clear();
        state.mods.clear();
        self.reread_in_play(state);
        // The Grid: 6 cards, at most 2 of a type; extras set aside and shuffled back.
        let mut per_type = [0u8; 256];
        let mut placed = 0;
        while placed < GRID {
            let Some(card) = state.main_deck.draw(rng) else {
                break;
            };
            let t = usize::from(self.f(card).type_id);
            if per_type[t] >= GRID_TYPE_LIMIT {
                state.set_aside.push(card);
                continue;
            }
            per_type[t] += 1;
            state.grid[placed] = card;
            placed += 1;
        }
        let aside = state.set_aside.len();
        while let Some(card) = state.set_aside.pop() {
            state.main_deck.put_back(card);
        }
        log.decide(Action::Setup, || {
            let side = if self.side == Side::Villain { "Villain" } else { "Hero" };
            let who = if self.character == NONE {
                "no character (nothing can be attached)".to_owned()
            } else {
                format!(
                    "{} with {}",
                    self.name(self.character),
                    deckhand_core::plural::count(self.slots.len() as i64, "slot", "slots")
                )
            };
            format!(
                "You play the {side} side, {who}, policy {}. The Grid gets 6 cards, at most 2 of a type ({aside} set aside and shuffled back); shuffle your {} starter cards and draw 5; both teams have 30 HP",
                self.default_or_policy(),
                self.starter_order.len()
            )
        });
        self.draw_hand(state, rng, log);
        if self.all && self.character != NONE {
            // The character's starting side's static effects (a Battle discount…).
            self.fire_card(self.character, Trigger::Static, state, rng, log);
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
        let t = turn as usize;
        figures.reached[t] += 1;
        if !state.main_deck_out && !self.refill_grid(state, rng, log) {
            state.main_deck_out = true;
        }
        state.used.clear();
        state.dealt = 0;
        if self.all {
            let end = self.turn_all(state, rng, turn, log, figures);
            figures.goldfish_damage[t] += u64::from(state.dealt);
            return end;
        }
        let (shards, gained) = self.play_hand(state, turn, rng, log);
        state.shards = shards;
        figures.shards[t] += u64::from(shards);
        figures.energy[t] += u64::from(gained);
        if state.flipped == turn {
            figures.flips[t] += 1;
        }
        let (dealt, end) = self.activate(state, rng, log);
        figures.goldfish_damage[t] += u64::from(dealt);
        if end.is_some() {
            return end;
        }
        self.end_turn(state, rng, turn, log, figures)
    }

    fn finish(&self, _state: &State, _result: GameResult, _figures: &mut Figures) {}

    fn max_turns(&self) -> u32 {
        MAX_TURNS
    }

    fn zones(&self, state: &State) -> Vec<Zone> {
        self.board(state)
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

    fn warnings(&self) -> Vec<String> {
        if self.character != NONE {
            return Vec::new();
        }
        vec![format!(
            "the deck names no Character (a Character section with one {} Character), so its slots, attachments, flip and own Attack are not simulated: no card is attached and the goldfish takes no damage",
            if self.side == Side::Villain { "Villain" } else { "Hero" }
        )]
    }

    #[cfg(test)]
    fn census(&self, state: &State) -> Vec<u32> {
        let mut counts = vec![0u32; self.deck.len()];
        let attached = state.attached.iter().copied().filter(|&c| c != NONE);
        let grid = state.grid.iter().copied().filter(|&c| c != NONE);
        for card in state
            .main_deck
            .remaining()
            .iter()
            .chain(&state.main_discard)
            .chain(&state.set_aside)
            .chain(&state.draw_pile)
            .chain(&state.hand)
            .chain(&state.played)
            .chain(&state.discard)
            .chain(&state.control)
            .chain(&state.zord_bay)
            .chain(&state.destroyed)
            .chain(&state.deck_top)
            .copied()
            .chain(attached)
            .chain(grid)
        {
            counts[card as usize] += 1;
        }
        if self.character != NONE {
            counts[self.character as usize] += 1;
        }
        counts
    }
}

impl PrDbg {
    /// Buying and Battling in the policy's order; returns how many cards were bought.
    fn buy_and_battle<L: Log>(&self, state: &mut State, rng: &mut Rng, log: &mut L) -> u32 {
        match self.policy {
            Policy::BuyFirst => {
                let bought = self.buy(state, rng, log);
                self.battle(state, rng, log);
                bought
            }
            Policy::BattleFirst => {
                self.battle(state, rng, log);
                self.buy(state, rng, log)
            }
        }
    }

    fn default_or_policy(&self) -> &'static str {
        match self.policy {
            Policy::BuyFirst => POLICIES[0].0,
            Policy::BattleFirst => POLICIES[1].0,
        }
    }
}

mod deck;
mod hand;
use hand::Hand;
#[path = "pr_dbg/moments.rs"]
mod moments;
mod pilot;
mod scratch;
mod turn_end;
mod used;
use used::Used;
mod view;
impl crate::procedure::Goldfish for PrDbg {
    const ID: &'static str = GAME_ID;
    const POLICIES: &'static [(&'static str, &'static str)] = POLICIES;
    const BOARD: &'static str = "pr-dbg";

    fn pick_zones(kind: crate::choice::ChoiceKind) -> &'static [&'static str] {
        use crate::choice::ChoiceKind;
        match kind {
            // The Character and the Equipment in its slots.
            ChoiceKind::Activate => &["character"],
            ChoiceKind::Buy | ChoiceKind::Battle => &["grid"],
            // A card just played from the hand: into a slot, or played.
            ChoiceKind::Attach => &["hand"],
            _ => &[],
        }
    }

    fn build(
        game: &Game,
        deck: &Deck,
        setup: crate::simulate::Setup<'_>,
    ) -> Result<Self, GoldfishError> {
        PrDbg::new(game, deck, setup)
    }
}

#[cfg(test)]
mod tests;
