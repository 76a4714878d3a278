//! Card states combined, and each primitive run on a toy board (the written form and the
//! query matcher are the core's, tested there).

use deckhand_core::{CoverageState, StepKind, Trigger};

use super::coverage::combine_for_tests as combine;
use super::*;

#[test]
fn a_card_state_never_claims_more_than_its_parts_play() {
    use CoverageState::*;
    let part = |s: CoverageState, r: &str| (s, r.to_owned());
    let cases = vec![
        (vec![], Simulated, ""),
        (vec![part(Simulated, "")], Simulated, ""),
        (
            vec![part(Simulated, ""), part(NoEffect, "blocks")],
            Simulated,
            "",
        ),
        (vec![part(NoEffect, "blocks")], NoEffect, "blocks"),
        (
            vec![part(Simulated, ""), part(NotSimulated, "x")],
            Partial,
            "x",
        ),
        (
            vec![part(NoEffect, "b"), part(NotSimulated, "x")],
            NotSimulated,
            "x",
        ),
        (vec![part(Partial, "p")], Partial, "p"),
        (
            vec![part(NotSimulated, "x"), part(NotSimulated, "x")],
            NotSimulated,
            "x",
        ),
    ];
    for (parts, state, reason) in cases {
        let got = combine(parts.clone());
        assert_eq!(got, (state, reason.to_owned()), "{parts:?}");
    }
}

/// A toy game: zones 0 = deck, 1 = hand, 2 = discard as counts; one resource.
#[derive(Default)]
struct Toy {
    zones: [i64; 3],
    energy: i64,
    damage: i64,
    log: Vec<String>,
    worth: bool,
    pick: usize,
    /// Each stat change as `target by`, and `begin` when an effect started.
    changes: Vec<String>,
    /// How many distinct names the cards of each zone have.
    names: [i64; 3],
    /// The card of each effect that resolved, in order.
    fired: Vec<u16>,
}

impl Board for Toy {
    fn fired(&mut self, card: u16, _trigger: Trigger) {
        self.fired.push(card);
    }
    fn ask(
        &mut self,
        _kind: crate::choice::ChoiceKind,
        pilot: usize,
        _options: &dyn Fn() -> Vec<String>,
        _reason: &dyn Fn() -> String,
    ) -> usize {
        pilot
    }
    fn count(&self, zone: Id, _set: Option<&CardSet>) -> i64 {
        self.zones[zone as usize]
    }
    fn move_cards(
        &mut self,
        from: Id,
        to: Id,
        count: u32,
        _: Option<&CardSet>,
        _: bool,
        _: &str,
    ) -> u32 {
        let n = (count as i64).min(self.zones[from as usize]);
        self.zones[from as usize] -= n;
        self.zones[to as usize] += n;
        n as u32
    }
    fn draw(&mut self, count: u32, label: &str) -> u32 {
        self.log.push(format!("{label}: draw {count}"));
        self.move_cards(0, 1, count, None, false, label)
    }
    fn damage(&mut self, amount: i64, _: &str) {
        self.damage += amount;
    }
    fn gain(&mut self, _: Id, amount: i64, _: &str) {
        self.energy += amount;
    }
    fn spend(&mut self, _: Id, amount: i64, _: &str) -> bool {
        let ok = self.energy >= amount;
        self.energy -= if ok { amount } else { 0 };
        ok
    }
    fn choose(&mut self, _options: &[Vec<Op>]) -> usize {
        self.pick
    }
    fn reroll(&mut self, dice: i64, label: &str) {
        self.log.push(format!("{label}: reroll {dice}"));
    }
    fn split(&mut self, among: i64, row: bool, label: &str) {
        self.log
            .push(format!("{label}: split among {among}, one row {row}"));
    }
    fn worth_paying(&mut self, _cost: &[Op], _steps: &[Op]) -> bool {
        self.worth
    }
    fn fill_hand(&mut self, size: u32, label: &str) -> u32 {
        let short = (i64::from(size) - self.zones[1]).max(0) as u32;
        self.draw(short, label)
    }
    fn modify(
        &mut self,
        _: Id,
        by: i64,
        target: Tgt,
        _: deckhand_core::Duration,
        sets: &[CardSet],
    ) {
        let target = match target {
            Tgt::One(Some(set)) => format!("one of {}", sets[set as usize].contains(0)),
            other => format!("{other:?}"),
        };
        self.changes.push(format!("{target} {by:+}"));
    }
    fn begin(&mut self) {
        self.changes.push("begin".into());
    }
    fn distinct(&self, zone: Id, _set: Option<&CardSet>) -> i64 {
        self.names[zone as usize]
    }
    fn swap_adjacent(&mut self, label: &str) {
        self.log.push(format!("{label}: swap"));
    }
}

const TOY: Plays = Plays {
    pilot: "the toy pilot",
    triggers: &[Trigger::Played, Trigger::Activated],
    zones: &["deck", "hand", "discard"],
    moves: &[("hand", "discard"), ("discard", "hand")],
    steps: &[
        StepKind::Draw,
        StepKind::Damage,
        StepKind::Gain,
        StepKind::Spend,
        StepKind::Choose,
        StepKind::Reroll,
        StepKind::Split,
        StepKind::FillHand,
        StepKind::Modify,
        StepKind::SwapAdjacent,
    ],
    reads: &[Reading::OneTarget, Reading::DistinctNames],
    resources: &["energy"],
    stats: &["power"],
    structural: &[],
    unplayed_types: &[],
    card_rule: coverage::no_rule,
};

fn toy_game() -> deckhand_core::Game {
    deckhand_core::Game::from_toml(
        "toy.toml",
        "id = \"toy\"\nname = \"Toy\"\ncard_size_mm = { width = 63.0, height = 88.0 }\n\
         [[card_types]]\nname = \"Thing\"\n[[sections]]\nid = \"main\"\nname = \"Main\"\n",
    )
    .unwrap()
}

/// Compiles `text` as the effects of one toy card and fires `trigger` on `toy`.
fn run(text: &str, trigger: Trigger, toy: &mut Toy) -> CoverageState {
    let mut card = testing_card(text);
    card.effects = deckhand_core::parse_effects(text, None).unwrap();
    let (programs, coverage) = build(&toy_game(), &[card], EffectsMode::All, &TOY);
    programs.fire(0, trigger, toy);
    coverage.cards[0].state
}

#[test]
fn each_primitive_does_what_it_says_on_a_toy_board() {
    // (effect, the board before: deck, hand, discard, energy; worth paying; choice;
    //  after: deck, hand, discard, energy, damage)
    type Row = (&'static str, [i64; 4], bool, usize, [i64; 5]);
    let cases: &[Row] = &[
        (
            "when played: draw 2",
            [5, 0, 0, 0],
            false,
            0,
            [3, 2, 0, 0, 0],
        ),
        (
            "when played: draw 2",
            [1, 0, 0, 0],
            false,
            0,
            [0, 1, 0, 0, 0],
        ),
        (
            "when played: may draw 1",
            [5, 0, 0, 0],
            false,
            0,
            [4, 1, 0, 0, 0],
        ),
        (
            "when played: move 1 from hand to discard",
            [0, 2, 0, 0],
            false,
            0,
            [0, 1, 1, 0, 0],
        ),
        (
            "when played: deal 1 per in hand damage",
            [0, 3, 0, 0],
            false,
            0,
            [0, 3, 0, 0, 3],
        ),
        (
            "when played: deal 1 per in hand max 2 damage",
            [0, 3, 0, 0],
            false,
            0,
            [0, 3, 0, 0, 2],
        ),
        (
            "when played if 2+ in hand: gain 1 energy",
            [0, 2, 0, 0],
            false,
            0,
            [0, 2, 0, 1, 0],
        ),
        (
            "when played if 2+ in hand: gain 1 energy",
            [0, 1, 0, 0],
            false,
            0,
            [0, 1, 0, 0, 0],
        ),
        (
            "when played if no in discard: deal 3 damage",
            [0, 0, 0, 0],
            false,
            0,
            [0, 0, 0, 0, 3],
        ),
        (
            "when played if no in discard: deal 3 damage",
            [0, 0, 1, 0],
            false,
            0,
            [0, 0, 1, 0, 0],
        ),
        (
            "when played if fewer than 3 in hand: gain 1 energy",
            [0, 2, 0, 0],
            false,
            0,
            [0, 2, 0, 1, 0],
        ),
        (
            "when played if fewer than 3 in hand: gain 1 energy",
            [0, 3, 0, 0],
            false,
            0,
            [0, 3, 0, 0, 0],
        ),
        (
            "activate (spend 2 energy): deal 2 damage",
            [0, 0, 0, 2],
            false,
            0,
            [0, 0, 0, 0, 2],
        ),
        (
            "activate (spend 2 energy): deal 2 damage",
            [0, 0, 0, 1],
            false,
            0,
            [0, 0, 0, 1, 0],
        ),
        (
            "activate (spend 1 energy): may deal 2 damage",
            [0, 0, 0, 1],
            false,
            0,
            [0, 0, 0, 1, 0],
        ),
        (
            "activate (spend 1 energy): may deal 2 damage",
            [0, 0, 0, 1],
            true,
            0,
            [0, 0, 0, 0, 2],
        ),
        (
            "when played: choose (deal 1 damage) or (gain 2 energy)",
            [0; 4],
            false,
            1,
            [0, 0, 0, 2, 0],
        ),
        (
            "when played: choose (deal 1 damage) or (gain 2 energy)",
            [0; 4],
            false,
            0,
            [0, 0, 0, 0, 1],
        ),
        (
            "when played: fill hand to 8",
            [10, 3, 0, 0],
            false,
            0,
            [5, 8, 0, 0, 0],
        ),
        (
            "when played: fill hand to 8",
            [2, 3, 0, 0],
            false,
            0,
            [0, 5, 0, 0, 0],
        ),
        (
            "when played: fill hand to 2",
            [5, 3, 0, 0],
            false,
            0,
            [5, 3, 0, 0, 0],
        ),
    ];
    for &(text, [deck, hand, discard, energy], worth, pick, expected) in cases {
        let mut toy = Toy {
            zones: [deck, hand, discard],
            energy,
            worth,
            pick,
            ..Toy::default()
        };
        let trigger = if text.starts_with("activate") {
            Trigger::Activated
        } else {
            Trigger::Played
        };
        assert_eq!(
            run(text, trigger, &mut toy),
            CoverageState::Simulated,
            "{text}"
        );
        let after = [
            toy.zones[0],
            toy.zones[1],
            toy.zones[2],
            toy.energy,
            toy.damage,
        ];
        assert_eq!(
            after, expected,
            "{text} from {deck},{hand},{discard},{energy}"
        );
    }
}

/// A `one [filter]` stat change reaches the board as one target with its filter's card set
/// (the board chooses the card); every effect starts with `begin`, so the board keeps one
/// effect's choices apart from the next one's.
#[test]
fn a_one_target_is_left_to_the_board_and_each_effect_begins_afresh() {
    let cases = [
        (
            "when played: one [t:thing] +1 power permanently, one +2 power until end of turn",
            vec!["begin", "one of true +1", "One(None) +2"],
        ),
        (
            "when played: one [t:other] -1 power permanently | when played: this +1 power permanently",
            vec!["begin", "one of false -1", "begin", "This +1"],
        ),
    ];
    for (text, expected) in cases {
        let mut toy = Toy::default();
        assert_eq!(
            run(text, Trigger::Played, &mut toy),
            CoverageState::Simulated
        );
        assert_eq!(toy.changes, expected, "{text}");
    }
}

#[test]
fn reroll_and_split_reach_the_board_with_their_amounts() {
    let cases = [
        ("when played: reroll 1", "Toy Card: reroll 1"),
        ("when played: reroll 1 per in hand", "Toy Card: reroll 2"),
        (
            "when played: split hits among 2",
            "Toy Card: split among 2, one row false",
        ),
        (
            "when played: split hits among 4 in one row",
            "Toy Card: split among 4, one row true",
        ),
    ];
    for (text, expected) in cases {
        let mut toy = Toy {
            zones: [0, 2, 0],
            ..Toy::default()
        };
        assert_eq!(
            run(text, Trigger::Played, &mut toy),
            CoverageState::Simulated,
            "{text}"
        );
        assert_eq!(toy.log, [expected], "{text}");
    }
}

#[test]
fn distinct_names_count_names_not_cards_and_a_swap_reaches_the_board() {
    // (effect, cards in hand, distinct names among them; after: energy, the board's log)
    type Row = (&'static str, i64, i64, i64, &'static [&'static str]);
    let cases: &[Row] = &[
        (
            "when played if 2+ distinct in hand: gain 1 energy",
            3,
            1,
            0,
            &[],
        ),
        (
            "when played if 2+ distinct in hand: gain 1 energy",
            3,
            2,
            1,
            &[],
        ),
        (
            "when played if fewer than 2 distinct in hand: gain 1 energy",
            3,
            1,
            1,
            &[],
        ),
        (
            "when played if fewer than 2 distinct in hand: gain 1 energy",
            2,
            2,
            0,
            &[],
        ),
        (
            "when played: gain 1 per distinct in hand energy",
            3,
            2,
            2,
            &[],
        ),
        ("when played: gain 1 per in hand energy", 3, 2, 3, &[]),
        (
            "when played: gain 2 per distinct in hand max 3 energy",
            3,
            2,
            3,
            &[],
        ),
        (
            "when played: swap two adjacent unresolved cards",
            0,
            0,
            0,
            &["Toy Card: swap"],
        ),
    ];
    for &(text, cards, names, energy, log) in cases {
        let mut toy = Toy {
            zones: [0, cards, 0],
            names: [0, names, 0],
            ..Toy::default()
        };
        assert_eq!(
            run(text, Trigger::Played, &mut toy),
            CoverageState::Simulated,
            "{text}"
        );
        assert_eq!(toy.energy, energy, "{text}");
        assert_eq!(toy.log, log, "{text}");
    }
    // A procedure whose board does not count names never claims a distinct count.
    let mut card = testing_card("");
    card.effects =
        deckhand_core::parse_effects("when played: gain 1 per distinct in hand energy", None)
            .unwrap();
    let plays = Plays {
        steps: &[StepKind::Gain],
        reads: &[],
        ..TOY
    };
    let (_, coverage) = build(&toy_game(), &[card], EffectsMode::All, &plays);
    assert_eq!(coverage.cards[0].state, CoverageState::NotSimulated);
}

#[test]
fn an_effect_the_procedure_does_not_run_is_never_claimed_nor_run() {
    let cases = [
        (
            "when attacks: draw 1",
            "does not play `when attacks` effects yet",
        ),
        ("when played: heal 2", "does not play `heal` steps yet"),
        (
            "when played: move 1 from deck to discard",
            "does not move cards from deck to discard",
        ),
        (
            "when played: gain 1 shards",
            "does not keep the resource shards",
        ),
        (
            "when played: move 1 [power>=3] from hand to discard",
            "cannot be read",
        ),
    ];
    for (text, reason) in cases {
        let mut toy = Toy {
            zones: [3, 3, 3],
            ..Toy::default()
        };
        let mut card = testing_card(text);
        card.effects = deckhand_core::parse_effects(text, None).unwrap();
        let (programs, coverage) = build(&toy_game(), &[card], EffectsMode::All, &TOY);
        for trigger in Trigger::ALL {
            programs.fire(0, trigger, &mut toy);
        }
        assert_eq!(toy.zones, [3, 3, 3], "{text}: nothing ran");
        let row = &coverage.cards[0];
        assert_eq!(row.state, CoverageState::NotSimulated, "{text}");
        assert!(row.reason.contains(reason), "{text}: {}", row.reason);
    }
}

fn testing_card(text: &str) -> deckhand_core::Card {
    deckhand_core::Card {
        id: "T-1".into(),
        game: "toy".into(),
        name: "Toy Card".into(),
        card_type: "Thing".into(),
        set: None,
        number: None,
        side: None,
        color: None,
        subtypes: Vec::new(),
        keywords: Vec::new(),
        text: Some(text.into()),
        stats: Default::default(),
        effects: Vec::new(),
        goldfish: None,
    }
}

// Triggers on another card's event, HP requirements, ready and copy.

/// A toy board for them: HP, readied and copied cards counted.
#[derive(Default)]
struct Pr {
    hp: (i64, i64),
    healed: i64,
    readied: u32,
    copies: u32,
}

impl Board for Pr {
    fn fired(&mut self, _card: u16, _trigger: Trigger) {}
    fn ask(
        &mut self,
        _kind: crate::choice::ChoiceKind,
        pilot: usize,
        _options: &dyn Fn() -> Vec<String>,
        _reason: &dyn Fn() -> String,
    ) -> usize {
        pilot
    }
    fn count(&self, _: Id, _: Option<&CardSet>) -> i64 {
        0
    }
    fn move_cards(&mut self, _: Id, _: Id, _: u32, _: Option<&CardSet>, _: bool, _: &str) -> u32 {
        0
    }
    fn draw(&mut self, _: u32, _: &str) -> u32 {
        0
    }
    fn heal(&mut self, amount: i64, _: &str) {
        self.healed += amount;
    }
    fn hp(&self) -> (i64, i64) {
        self.hp
    }
    fn ready(&mut self, count: u32, _: Option<&CardSet>, _: &str) -> u32 {
        self.readied += count;
        count
    }
    fn copy(&mut self, _: Option<&CardSet>, _: &str) {
        self.copies += 1;
    }
    /// It holds no energy: every cost goes unpaid.
    fn spend(&mut self, _: Id, _: i64, _: &str) -> bool {
        false
    }
}

const PR: Plays = Plays {
    pilot: "the toy pilot",
    triggers: &[Trigger::Played, Trigger::PlaysCard, Trigger::Activated],
    zones: &["deck"],
    moves: &[],
    steps: &[StepKind::Heal, StepKind::Ready, StepKind::Copy],
    reads: &[Reading::HpRequirement],
    resources: &[],
    stats: &[],
    structural: &[],
    unplayed_types: &[],
    card_rule: coverage::no_rule,
};

#[test]
fn event_triggers_hp_checks_ready_and_copy_do_what_they_say_on_a_toy_board() {
    // (effect, trigger, your HP, the opponent's; after: healed, readied, copies)
    type Row = (&'static str, Trigger, (i64, i64), (i64, u32, u32));
    let cases: &[Row] = &[
        (
            "when you play: heal 1",
            Trigger::PlaysCard,
            (30, 30),
            (1, 0, 0),
        ),
        (
            "when you play [t:thing]: heal 1",
            Trigger::PlaysCard,
            (30, 30),
            (1, 0, 0),
        ),
        (
            "when you play [-t:thing]: heal 1",
            Trigger::PlaysCard,
            (30, 30),
            (0, 0, 0),
        ),
        (
            "when played if hp < opponent: heal 1",
            Trigger::Played,
            (20, 30),
            (1, 0, 0),
        ),
        (
            "when played if hp < opponent: heal 1",
            Trigger::Played,
            (30, 30),
            (0, 0, 0),
        ),
        (
            "when played if hp <= 15: heal 2",
            Trigger::Played,
            (15, 30),
            (2, 0, 0),
        ),
        (
            "when played if hp <= 15: heal 2",
            Trigger::Played,
            (16, 30),
            (0, 0, 0),
        ),
        (
            "activate (): ready 2 [t:thing]",
            Trigger::Activated,
            (30, 30),
            (0, 2, 0),
        ),
        (
            "activate (): copy [t:thing]",
            Trigger::Activated,
            (30, 30),
            (0, 0, 1),
        ),
    ];
    for &(text, trigger, hp, expected) in cases {
        let mut card = testing_card(text);
        card.effects = deckhand_core::parse_effects(text, None).unwrap();
        let (programs, coverage) = build(&toy_game(), &[card], EffectsMode::All, &PR);
        assert_eq!(coverage.cards[0].state, CoverageState::Simulated, "{text}");
        let mut board = Pr {
            hp,
            ..Pr::default()
        };
        match trigger {
            Trigger::PlaysCard => programs.fire_event(0, trigger, 0, &mut board),
            _ => programs.fire(0, trigger, &mut board),
        };
        assert_eq!(
            (board.healed, board.readied, board.copies),
            expected,
            "{text}"
        );
    }
    // A copied ability runs without its cost; a procedure that does not check HP never
    // claims an HP requirement.
    let mut card = testing_card("");
    card.effects = deckhand_core::parse_effects("activate (spend 9 energy): heal 3", None).unwrap();
    let plays = Plays {
        steps: &[StepKind::Heal, StepKind::Spend],
        reads: &[],
        resources: &["energy"],
        ..PR
    };
    let (programs, _) = build(&toy_game(), &[card], EffectsMode::All, &plays);
    let mut board = Pr::default();
    assert_eq!(programs.fire(0, Trigger::Activated, &mut board), 0);
    assert_eq!(programs.fire_free(0, Trigger::Activated, &mut board), 1);
    assert_eq!(board.healed, 3);
    let mut card = testing_card("");
    card.effects = deckhand_core::parse_effects("when played if hp <= 3: heal 1", None).unwrap();
    let plays = Plays {
        steps: &[StepKind::Heal],
        reads: &[],
        ..PR
    };
    let (_, coverage) = build(&toy_game(), &[card], EffectsMode::All, &plays);
    assert_eq!(coverage.cards[0].state, CoverageState::NotSimulated);
}

/// Issue 32: a resolution counts for the card whose effect it is, and only one that did
/// something: a requirement that fails, a use the pilot declines, a cost that cannot be
/// paid, a step that would change nothing and one that turned out to (an empty pile) count
/// nothing.
#[test]
fn an_effect_counts_as_fired_only_when_it_resolves() {
    // (effect, the board before: deck, hand, energy; worth paying; fired)
    let cases: &[(&str, [i64; 3], bool, bool)] = &[
        ("when played: draw 2", [5, 0, 0], false, true),
        ("when played: draw 0", [5, 0, 0], false, false),
        // Resolved, but nothing to draw or to move: it did nothing, so it did not fire.
        ("when played: draw 2", [0, 0, 0], false, false),
        (
            "when played: move 1 from discard to hand",
            [0, 0, 0],
            false,
            false,
        ),
        (
            "when played if 2+ in hand: gain 1 energy",
            [0, 2, 0],
            false,
            true,
        ),
        (
            "when played if 2+ in hand: gain 1 energy",
            [0, 1, 0],
            false,
            false,
        ),
        (
            "activate (spend 2 energy): deal 2 damage",
            [0, 0, 2],
            false,
            true,
        ),
        (
            "activate (spend 2 energy): deal 2 damage",
            [0, 0, 1],
            false,
            false,
        ),
        (
            "activate (spend 1 energy): may deal 2 damage",
            [0, 0, 1],
            true,
            true,
        ),
        (
            "activate (spend 1 energy): may deal 2 damage",
            [0, 0, 1],
            false,
            false,
        ),
    ];
    for &(text, [deck, hand, energy], worth, fired) in cases {
        // The effect is the second card's, so a count for the wrong card shows.
        let mut card = testing_card(text);
        card.name = "Second".into();
        card.effects = deckhand_core::parse_effects(text, None).unwrap();
        let cards = [testing_card("nothing"), card];
        let (programs, _) = build(&toy_game(), &cards, EffectsMode::All, &TOY);
        let mut toy = Toy {
            zones: [deck, hand, 0],
            energy,
            worth,
            ..Toy::default()
        };
        let trigger = match text.starts_with("activate") {
            true => Trigger::Activated,
            false => Trigger::Played,
        };
        programs.fire(1, trigger, &mut toy);
        let expected: &[u16] = if fired { &[1] } else { &[] };
        assert_eq!(toy.fired, expected, "{text}");
    }
}

/// A game's counts: a `while in play` effect counts once a game however often the board
/// recounts it; the others count each time; a new game starts from nothing.
#[test]
fn a_lasting_effect_counts_once_a_game_and_the_others_each_time() {
    let mut fired = Fired::new(70);
    for _ in 0..3 {
        fired.tick(1, Trigger::Static);
        fired.tick(2, Trigger::Played);
        fired.tick(65, Trigger::Static);
    }
    fired.tick(99, Trigger::Played);
    let counts = fired.counts();
    assert_eq!((counts[0], counts[1], counts[2], counts[65]), (0, 1, 3, 1));
    fired.reset();
    assert!(fired.counts().iter().all(|&n| n == 0));
    fired.tick(1, Trigger::Static);
    assert_eq!(
        fired.counts()[1],
        1,
        "a new game counts a lasting effect again"
    );
}

/// Issue 32: a report's coverage gives each card its resolutions a game, cards of one folded
/// name counted together; only a `simulated` card with effects that never fired is flagged,
/// and only when asked (a Monte Carlo run, not one game).
#[test]
fn the_coverage_divides_the_counts_by_the_games_and_flags_what_never_fired() {
    let mut cards: Vec<deckhand_core::Card> =
        ["when played: draw 1", "when played: draw 2", "nothing"]
            .iter()
            .map(|text| {
                let mut card = testing_card(text);
                card.effects = deckhand_core::parse_effects(text, None).unwrap_or_default();
                card
            })
            .collect();
    cards[0].name = "Drawer".into();
    cards[1].name = "Idle Drawer".into();
    cards[2].name = "Vanilla".into();
    cards[2].text = None;
    let (_, coverage) = build(&toy_game(), &cards, EffectsMode::All, &TOY);
    let report = coverage.with_fired(&[30, 0, 0], 20, true);
    let row = |name: &str| {
        report
            .cards
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .clone()
    };
    assert_eq!(row("Drawer").fired_per_game, 1.5);
    assert!(!row("Drawer").never_fired);
    assert_eq!(row("Idle Drawer").fired_per_game, 0.0);
    assert!(row("Idle Drawer").never_fired);
    assert_eq!(row("Vanilla").state, CoverageState::Simulated);
    assert!(
        !row("Vanilla").never_fired,
        "a card with no effects has nothing to fire"
    );
    let one_game = coverage.with_fired(&[0, 0, 0], 1, false);
    assert!(one_game.cards.iter().all(|c| !c.never_fired));
}

/// Issue 32: a game that lists a step its board does not carry out fails the first time the
/// step resolves, never plays it as nothing (the board's default is `unplayed`).
#[test]
fn a_step_a_game_lists_but_its_board_does_not_carry_out_fails_loudly() {
    let mut card = testing_card("");
    card.effects = deckhand_core::parse_effects("when played: roll 1", None).unwrap();
    let claims_roll = Plays {
        steps: &[StepKind::Roll],
        ..PR
    };
    let (programs, coverage) = build(&toy_game(), &[card], EffectsMode::All, &claims_roll);
    assert_eq!(coverage.cards[0].state, CoverageState::Simulated);
    let fired = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        programs.fire(0, Trigger::Played, &mut Pr::default())
    }));
    let message = fired.expect_err("the toy board has no `roll`");
    let message = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(message.contains("`roll` step"), "{message}");
}
