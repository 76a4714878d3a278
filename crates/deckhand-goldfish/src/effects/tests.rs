//! Card states combined, and each primitive run on a toy board (the written form and the
//! query matcher are the core's, tested there).

use deckhand_core::{CoverageState, StepKind, Trigger};

use super::coverage::combine_for_tests as combine;
use super::*;

mod triggers;

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
