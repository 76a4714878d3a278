//! Tables of card texts and the written form the reader proposes, per game, and texts it
//! must leave unread (sentence by sentence). The texts are written for these tables in the
//! language of each game's cards, not copied from the bundled sets (which
//! `tests/effect_reader_accuracy.rs` reads).

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::{print_effects, Game};

fn game(id: &str) -> Game {
    let text = match id {
        "zoids-scramble" => include_str!("../../../../data/games/zoids-scramble.toml"),
        "pr-acg" => include_str!("../../../../data/games/pr-acg.toml"),
        "pr-dbg" => include_str!("../../../../data/games/pr-dbg.toml"),
        "pr-hotg" => include_str!("../../../../data/games/pr-hotg.toml"),
        "sms" => include_str!("../../../../data/games/sms.toml"),
        other => panic!("no game {other}"),
    };
    Game::from_toml(id, text).unwrap()
}

/// One row: what the card is (type, stats written `key=value`), its text, the written form
/// the reader proposes.
struct Case {
    card_type: &'static str,
    stats: &'static [&'static str],
    text: &'static str,
    reads: &'static str,
}

const fn case(
    card_type: &'static str,
    stats: &'static [&'static str],
    text: &'static str,
    reads: &'static str,
) -> Case {
    Case {
        card_type,
        stats,
        text,
        reads,
    }
}

fn stats(written: &[&str]) -> BTreeMap<String, StatValue> {
    written
        .iter()
        .map(|kv| {
            let (key, value) = kv.split_once('=').unwrap();
            let value = value
                .parse::<i64>()
                .map_or_else(|_| StatValue::Text(value.into()), StatValue::Number);
            (key.to_owned(), value)
        })
        .collect()
}

fn read(game: &Game, card_type: &str, stat_list: &[&str], text: &str) -> EffectReading {
    let stats = stats(stat_list);
    let facts = CardFacts {
        card_type: Some(card_type),
        stats: Some(&stats),
        ..CardFacts::default()
    };
    read_effects(text, game, &facts)
}

fn check_table(id: &str, table: &[Case]) {
    let game = game(id);
    let mut failures = Vec::new();
    for case in table {
        let reading = read(&game, case.card_type, case.stats, case.text);
        if reading.effects_text != case.reads || !reading.unread.is_empty() {
            failures.push(format!(
                "{}\n  expected: {}\n  read:     {}\n  unread:   {:?}",
                case.text, case.reads, reading.effects_text, reading.unread
            ));
        }
        // What it reads is what the written form says, and it is valid for the game.
        assert_eq!(
            crate::parse_effects(&reading.effects_text, None).unwrap(),
            reading.effects
        );
        crate::effect_check::check_card_effects(&game, &reading.effects, None).unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const ZOIDS: &[Case] = &[
    case(
        "Command",
        &[],
        "Draw 2 cards, then discard 1 card.",
        "when played: draw 2, discard 1",
    ),
    case(
        "Zoid",
        &[],
        "When you set this Zoid, you may draw a card.",
        "when set: may draw 1",
    ),
    case(
        "Command",
        &[],
        "Return up to 2 Zoid cards from your Scrapyard to your hand.",
        "when played: may choose (move 1 [t:zoid] from scrapyard to hand) or (move 2 [t:zoid] \
         from scrapyard to hand)",
    ),
    case(
        "Command",
        &[],
        "Search your deck for a Pilot card, reveal it and put it into your hand, then shuffle \
         your deck.",
        "when played: search 1 [t:pilot] from deck to hand",
    ),
    case(
        "Command",
        &[],
        "Draw 1 card for each Liger Zoid in your Arena.",
        "when played: draw 1 per [sub:liger t:zoid] in arena",
    ),
    case(
        "Command",
        &[],
        "If you have no Zoid in your Arena, draw two cards.",
        "when played if no [t:zoid] in arena: draw 2",
    ),
    case(
        "Zoid",
        &[],
        "At the start of your turn, this Zoid gets +2 power until end of turn.",
        "at turn start: this +2 power until end of turn",
    ),
    case(
        "Command",
        &[],
        "Choose one: draw 2 cards; or put the top card of your deck into your Scrapyard.",
        "when played: choose (draw 2) or (move 1 from deck to scrapyard)",
    ),
    case(
        "Command",
        &[],
        "Put the top 3 cards of your deck into your Scrapyard. Draw 1 card.",
        "when played: move 3 from deck to scrapyard, draw 1",
    ),
    case(
        "Zoid",
        &[],
        "When this Zoid attacks, until end of turn, it gets +3 power.",
        "when attacks: this +3 power until end of turn",
    ),
];

#[test]
fn zoids_scramble_texts_read_as_their_written_form() {
    check_table("zoids-scramble", ZOIDS);
}

const PR_ACG: &[Case] = &[
    case(
        "Villain",
        &[],
        "When played: draw 1 card for each Evil card in your training area (at most 2).",
        "when summoned: draw 1 per [kw:evil] in training max 2",
    ),
    case(
        "Zord",
        &[],
        "When this card wins a battle: put the top 2 cards of your deck into your training area.",
        "when wins battle: move 2 from deck to training",
    ),
    case(
        "Zord",
        &[],
        "When played on a blue Ranger: this card gets +1 power until settlement.",
        "when summoned if [t:ranger color:blue] in battle: this +1 power until end of battle",
    ),
    case(
        "Villain",
        &[],
        "When this card loses a battle: your opponent takes 2 damage.",
        "when loses battle: deal 2 damage",
    ),
    case(
        "Support",
        &[],
        "When played: return 1 card from your training area to your hand, then discard 1 card.",
        "when summoned: move 1 from training to hand, discard 1",
    ),
];

#[test]
fn pr_acg_texts_read_as_their_written_form() {
    check_table("pr-acg", PR_ACG);
}

const PR_DBG: &[Case] = &[
    case(
        "Hero",
        &["ability_cost=3"],
        "Ability: Draw 2 cards, then discard 1 card.",
        "activate (spend 3 energy): draw 2, discard 1",
    ),
    case(
        "Villain",
        &["ability_cost=4"],
        "Ability: Deal 3 damage. Battle: Gain 2 Shards.",
        "activate (spend 4 energy): deal 3 damage | when battling: gain 2 shards",
    ),
    case(
        "Equipment",
        &["ability_cost=2"],
        "Ability: Deal 1 damage for each Villain card you control.",
        "activate (spend 2 energy): deal 1 per [t:villain] in control damage",
    ),
    case(
        "Location",
        &[],
        "When you buy a Hero card, gain 1 Energy.",
        "when you buy [t:hero]: gain 1 energy",
    ),
    case(
        "Location",
        &[],
        "At the start of your turn, if your team has 10 or fewer HP, Heal 2.",
        "at turn start if hp <= 10: heal 2",
    ),
    case(
        "Villain",
        &["ability_cost=2"],
        "Ability: Target foe discards 1 card. Battle: Draw 1 card.",
        "when battling: draw 1",
    ),
    case(
        "Starter",
        &[],
        "Gain 1 Shard. If your team has fewer HP than the opposing team, gain 1 more Shard.",
        "when played: gain 1 shards | when played if hp < opponent: gain 1 shards",
    ),
    case(
        "Maneuver",
        &["ability_cost=5"],
        "Ability: Gain a card from The Grid costing 4 or less.",
        "activate (spend 5 energy): move 1 [shard_cost<=4] from grid to discard",
    ),
];

#[test]
fn pr_dbg_texts_read_as_their_written_form() {
    check_table("pr-dbg", PR_DBG);
}

const PR_HOTG: &[Case] = &[
    case(
        "Maneuver",
        &["energy_cost=0", "dice=0", "hits=0", "shields=2"],
        "Gain 2 [ENERGY]. You may draw 1 card.",
        "when played: gain 2 energy | when played: may draw 1",
    ),
    case(
        "Attack",
        &["energy_cost=2", "dice=2", "hits=1", "shields=1"],
        "Deal 1 hit to the target, then roll the dice against it. If this attack defeats it, \
         draw 1 card.",
        "when wins battle: draw 1",
    ),
    case(
        "Reaction",
        &["energy_cost=1", "dice=0", "hits=0", "shields=1"],
        "Play when a Ranger suffers damage: prevent 2 of that damage.",
        "when blocks: prevent 2 damage",
    ),
    case(
        "Attack",
        &["energy_cost=X", "dice=0", "hits=0", "shields=1"],
        "Roll 2 dice, plus 1 die for each energy spent.",
        "when played: choose (roll 2) or (spend 1 energy, roll 3) or (spend 2 energy, roll 4) \
         or (spend 3 energy, roll 5) or (spend 4 energy, roll 6) or (spend 5 energy, roll 7) or \
         (spend 6 energy, roll 8)",
    ),
    case(
        "Foot Soldier",
        &["health=2"],
        "Passive: Each other Putty card in the combat sequence has 1 additional health.",
        "while in play: others [sub:putty] +1 health while in play",
    ),
    case(
        "Maneuver",
        &["energy_cost=1", "dice=0", "hits=0", "shields=1"],
        "Search your deck for a maneuver, reveal it and put it into your hand.",
        "when played: search 1 [t:maneuver] from deck to hand",
    ),
    case(
        "Monster",
        &["health=5"],
        "Deal 2 damage to a Ranger. That Ranger discards 1 card from their hand.",
        "when attacks: deal 2 damage, discard 1",
    ),
    // A sentence of the game's own (`sentences`), its number read.
    case(
        "Boss",
        &["health=9", "damage=4"],
        "Deal 4 damage to each Ranger.",
        "when attacks if 2+ [t:ranger] in rangers: deal 4 damage",
    ),
];

#[test]
fn pr_hotg_texts_read_as_their_written_form() {
    check_table("pr-hotg", PR_HOTG);
}

const SMS: &[Case] = &[
    case(
        "Ally",
        &["power=1"],
        "Employ: Draw 2 cards, then discard 1 card.",
        "at turn end: may draw 2, discard 1",
    ),
    case(
        "Leader",
        &["power=1"],
        "Leader: Upgrade a Robot.",
        "activate (spend 1 leader_action): may one [sub:robot] +1 power permanently",
    ),
    case(
        "Event",
        &["valor_cost=1"],
        "Leader: Search your deck for a Mook, show it, and put it into your hand. Shuffle.",
        "activate (spend 1 leader_action): may search 1 [t:mook] from deck to hand",
    ),
    case(
        "Hero",
        &["power=3"],
        "Ninja Allies get +1 Power.",
        "while in play: others [sub:ninja t:ally] +1 power while in play",
    ),
    case(
        "Villain",
        &["power=4"],
        "Drama 2. Leader: Put a Mook from your Discard Pile on the Table.",
        "activate (spend 1 leader_action): may move 1 [t:mook] from discard to table",
    ),
];

#[test]
fn sms_texts_read_as_their_written_form() {
    check_table("sms", SMS);
}

/// One row of texts the reader must not read whole: the sentences it names as unread.
struct Unread {
    game: &'static str,
    card_type: &'static str,
    text: &'static str,
    unread: &'static [&'static str],
    state: ReadingState,
}

const UNREAD: &[Unread] = &[
    Unread {
        game: "zoids-scramble",
        card_type: "Command",
        text: "Destroy target Zoid with 3 or less power.",
        unread: &["Destroy target Zoid with 3 or less power."],
        state: ReadingState::NotRead,
    },
    Unread {
        game: "zoids-scramble",
        card_type: "Command",
        text: "Draw 1 card. Swap your hand with your opponent's hand.",
        unread: &["Swap your hand with your opponent's hand."],
        state: ReadingState::Partial,
    },
    Unread {
        game: "pr-dbg",
        card_type: "Hero",
        text: "Ability: Deal 2 damage unless a foe has a Stun.",
        unread: &["Ability: Deal 2 damage unless a foe has a Stun."],
        state: ReadingState::NotRead,
    },
    Unread {
        game: "pr-hotg",
        card_type: "Reaction",
        text: "Play when an enemy card is defeated: gain 1 [ENERGY].",
        unread: &["Play when an enemy card is defeated: gain 1 [ENERGY]."],
        state: ReadingState::NotRead,
    },
    Unread {
        game: "sms",
        card_type: "Ally",
        text: "Employ: Cure a Wound on a Hero. Employ: Draw 1 card.",
        unread: &["Employ: Cure a Wound on a Hero."],
        state: ReadingState::Partial,
    },
    Unread {
        game: "pr-acg",
        card_type: "Support",
        text: "When played: draw 2 cards (then swap hands).",
        unread: &["then swap hands"],
        state: ReadingState::Partial,
    },
    Unread {
        game: "pr-dbg",
        card_type: "Starter",
        text: "Heal 1 if your team has a Zord.",
        unread: &["Heal 1 if your team has a Zord."],
        state: ReadingState::NotRead,
    },
];

#[test]
fn what_the_reader_cannot_read_it_names_sentence_by_sentence() {
    for case in UNREAD {
        let game = game(case.game);
        let reading = read(&game, case.card_type, &[], case.text);
        let unread: Vec<String> = reading
            .unread
            .iter()
            .map(|u| u.text.trim_end_matches('.').to_owned())
            .collect();
        let expected: Vec<String> = case
            .unread
            .iter()
            .map(|u| u.trim_end_matches('.').to_owned())
            .collect();
        assert_eq!(unread, expected, "{}", case.text);
        assert_eq!(reading.state, case.state, "{}", case.text);
        assert!(reading.unread.iter().all(|u| !u.reason.is_empty()));
    }
}

#[test]
fn a_sentence_of_no_goldfish_effect_is_named_with_its_reason_and_the_card_is_read() {
    let game = game("pr-dbg");
    let reading = read(
        &game,
        "Villain",
        &["ability_cost=2"],
        "Ability: Target foe discards 2 cards. If negated, draw 1 card.",
    );
    assert_eq!(reading.state, ReadingState::Read);
    assert!(reading.effects.is_empty());
    assert_eq!(reading.no_effect.len(), 2);
    let note = reading.note().unwrap();
    assert_eq!(note.state, CoverageState::NoEffect);
}

#[test]
fn a_partial_reading_proposes_a_partial_note_naming_the_unread_sentences() {
    let game = game("zoids-scramble");
    let reading = read(
        &game,
        "Command",
        &[],
        "Draw 1 card. Swap your hand with your deck.",
    );
    let note = reading.note().unwrap();
    assert_eq!(note.state, CoverageState::Partial);
    assert_eq!(note.reason, "not read: 'Swap your hand with your deck'");
}

#[test]
fn the_card_s_name_is_the_card_itself_and_its_keywords_reminders_are_its_keywords() {
    let game = game("zoids-scramble");
    let keywords = vec!["Scouting: 1".to_owned()];
    let facts = CardFacts {
        name: Some("Dune Stalker, Scout"),
        card_type: Some("Zoid"),
        keywords: &keywords,
        ..CardFacts::default()
    };
    let reading = read_effects(
        "Scouting: 1 (When you set this Zoid, you may draw 1 card.) When Dune Stalker attacks, \
         you may put the top card of your deck into your Scrapyard.",
        &game,
        &facts,
    );
    assert_eq!(
        reading.effects_text,
        "when attacks: may move 1 from deck to scrapyard"
    );
    assert_eq!(reading.state, ReadingState::Read);
}

#[test]
fn an_ability_s_cost_comes_from_the_card_s_stat_and_without_it_the_label_is_unread() {
    let game = game("pr-dbg");
    let with = read(&game, "Hero", &["ability_cost=6"], "Ability: Heal 3.");
    assert_eq!(with.effects_text, "activate (spend 6 energy): heal 3");
    let without = read(&game, "Hero", &[], "Ability: Heal 3.");
    assert!(without.effects.is_empty());
    assert_eq!(without.state, ReadingState::NotRead);
}

#[test]
fn empty_text_reads_as_nothing_to_read() {
    let game = game("sms");
    let reading = read(&game, "Ally", &[], "  ");
    assert_eq!(reading.state, ReadingState::Read);
    assert!(reading.effects.is_empty() && reading.unread.is_empty());
    assert_eq!(reading.note(), None);
}

fn card(game: &Game, card_type: &str, text: &str) -> Card {
    Card {
        id: "c1".into(),
        game: game.id.clone(),
        name: "Test Card".into(),
        card_type: card_type.into(),
        set: None,
        number: None,
        side: None,
        color: None,
        subtypes: Vec::new(),
        keywords: Vec::new(),
        text: Some(text.into()),
        stats: BTreeMap::new(),
        effects: Vec::new(),
        goldfish: None,
    }
}

#[test]
fn fill_gives_a_card_that_states_nothing_its_reading_and_a_note_naming_what_was_not_read() {
    let game = game("zoids-scramble");
    let reader = EffectReader::new(&game);
    let mut read = card(&game, "Zoid", "When you set this Zoid, draw 1 card.");
    assert_eq!(reader.fill(&mut read).unwrap().state, ReadingState::Read);
    assert_eq!(print_effects(&read.effects), "when set: draw 1");
    assert_eq!(read.goldfish, None);

    let mut partial = card(
        &game,
        "Zoid",
        "When you set this Zoid, draw 1 card. Destroy target Zoid with 3 or less power.",
    );
    assert_eq!(
        reader.fill(&mut partial).unwrap().state,
        ReadingState::Partial
    );
    let note = partial.goldfish.clone().unwrap();
    assert_eq!(note.state, CoverageState::Partial);
    assert!(
        note.reason.contains("Destroy target Zoid"),
        "{}",
        note.reason
    );
}

#[test]
fn fill_leaves_a_card_with_effects_a_note_or_no_text_as_it_was() {
    let game = game("zoids-scramble");
    let reader = EffectReader::new(&game);
    let mut stated = card(&game, "Zoid", "When you set this Zoid, draw 1 card.");
    stated.effects = crate::parse_effects("when set: draw 2", None).unwrap();
    let mut noted = card(&game, "Zoid", "When you set this Zoid, draw 1 card.");
    noted.goldfish = Some(GoldfishNote {
        state: CoverageState::NoEffect,
        reason: "the player says so".into(),
    });
    let mut blank = card(&game, "Zoid", "  ");
    for card in [&mut stated, &mut noted, &mut blank] {
        let before = card.clone();
        assert_eq!(reader.fill(card), None);
        assert_eq!(*card, before);
    }
}

/// Words card texts are made of, for texts the proptest strings together.
const WORDS: &[&str] = &[
    "draw", "discard", "deal", "damage", "1", "2", "a", "card", "cards", "from", "your", "hand",
    "deck", "into", "to", "the", "top", "of", "when", "this", "card", "attacks", "if", "you",
    "have", "may", "then", "and", ",", ".", ":", ";", "for", "each", "in", "arena", "Zoid", "gets",
    "+1", "power", "until", "end", "turn", "instead", "choose", "one", "or", "up", "search", "put",
    "it", "Ability", "Battle", "Leader", "Employ", "(", ")", "[ENERGY]", "gain", "energy", "heal",
    "return", "every", "other", "Hero", "X", "spent", "plus", "die", "roll",
];

proptest! {
    #[test]
    fn any_text_reads_without_panicking_and_proposes_only_valid_effects(
        text in "\\PC{0,200}",
        words in prop::collection::vec(prop::sample::select(WORDS), 0..40),
        which in 0usize..5,
    ) {
        let id = ["zoids-scramble", "pr-acg", "pr-dbg", "pr-hotg", "sms"][which];
        let game = game(id);
        let reader = EffectReader::new(&game);
        let stats = stats(&["ability_cost=2", "energy_cost=X", "dice=2", "hits=1"]);
        let facts = CardFacts {
            name: Some("Test Card"),
            card_type: Some(&game.card_types[0].name),
            stats: Some(&stats),
            ..CardFacts::default()
        };
        for text in [text, words.join(" ")] {
            let reading = reader.read(&text, &facts);
            prop_assert!(
                crate::effect_check::check_card_effects(&game, &reading.effects, None).is_ok()
            );
            prop_assert_eq!(
                crate::parse_effects(&reading.effects_text, None).unwrap(),
                reading.effects
            );
        }
    }
}
