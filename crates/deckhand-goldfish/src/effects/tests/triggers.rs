//! The interpreter on a second toy board: triggers on another card's event, HP
//! requirements, ready and copy; then when an effect counts as fired, and what coverage
//! makes of the counts.

use deckhand_core::{StepKind, Trigger};

use super::*;

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
