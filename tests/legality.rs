//! Table-driven construction-rule cases for every rule of every game, on the bundled
//! cards: each case builds a deck and names the rule ids it must break (errors and
//! warnings separately). Edges included: 39/40/41, 4 vs 5 copies, a second Super, a villain
//! card in a villain deck vs a hero deck.

use deckhand::{Card, Deck, DeckEntry, DeckFormat, Deckhand, Severity, Side};

/// (case, deck, error rule ids)
type Case = (&'static str, Vec<DeckEntry>, &'static [&'static str]);
/// (case, deck, error rule ids, warning rule ids)
type WarningCase = (
    &'static str,
    Vec<DeckEntry>,
    &'static [&'static str],
    &'static [&'static str],
);
/// (case, side, deck, error rule ids, warning rule ids)
type SidedCase = (
    &'static str,
    Option<Side>,
    Vec<DeckEntry>,
    &'static [&'static str],
    &'static [&'static str],
);

struct Pool {
    deckhand: Deckhand,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            deckhand: Deckhand::open_in_memory().unwrap(),
        }
    }

    /// The game's cards matching `keep`, by name.
    fn cards(&self, game: &str, keep: impl Fn(&Card) -> bool) -> Vec<Card> {
        self.deckhand
            .cards(Some(game))
            .unwrap()
            .into_iter()
            .filter(|c| keep(c))
            .collect()
    }

    fn named(&self, game: &str, name: &str) -> Card {
        self.deckhand.cards_named(name, game).unwrap().remove(0)
    }
}

/// `copies` of each card, in `section`.
fn entries(section: &str, copies: u32, cards: &[Card]) -> Vec<DeckEntry> {
    cards
        .iter()
        .map(|c| DeckEntry {
            section: section.into(),
            count: copies,
            card: c.clone(),
        })
        .collect()
}

fn one(section: &str, count: u32, card: &Card) -> DeckEntry {
    DeckEntry {
        section: section.into(),
        count,
        card: card.clone(),
    }
}

/// (case, format, deck, error rule ids, warning rule ids)
type FormatCase = (
    &'static str,
    Option<&'static str>,
    Vec<DeckEntry>,
    &'static [&'static str],
    &'static [&'static str],
);

/// Checks a deck; returns (legal, error rule ids, warning rule ids).
fn verdict(
    pool: &Pool,
    game: &str,
    side: Option<Side>,
    entries: Vec<DeckEntry>,
) -> (bool, Vec<String>, Vec<String>) {
    verdict_as(pool, game, None, side, entries)
}

/// Checks a deck against a format of its game (`None`: the game's own rules); the
/// verdict must say which format it used.
fn verdict_as(
    pool: &Pool,
    game: &str,
    format: Option<&str>,
    side: Option<Side>,
    entries: Vec<DeckEntry>,
) -> (bool, Vec<String>, Vec<String>) {
    let legality = pool
        .deckhand
        .check_deck_as(
            &Deck {
                game: game.into(),
                side,
                entries,
            },
            format,
        )
        .unwrap();
    assert_eq!(legality.format.as_deref(), format, "the format used");
    let ids = |severity| {
        legality
            .diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .map(|d| d.rule.clone())
            .collect::<Vec<_>>()
    };
    (legality.legal, ids(Severity::Error), ids(Severity::Warning))
}

fn expect(case: &str, got: (bool, Vec<String>, Vec<String>), errors: &[&str], warnings: &[&str]) {
    let got_errors: Vec<&str> = got.1.iter().map(String::as_str).collect();
    let got_warnings: Vec<&str> = got.2.iter().map(String::as_str).collect();
    assert_eq!(
        (got_errors.as_slice(), got_warnings.as_slice()),
        (errors, warnings),
        "{case}"
    );
    assert_eq!(got.0, errors.is_empty(), "{case}: legal flag");
}

#[test]
fn zoids_scramble_needs_exactly_40_cards_and_at_most_4_of_a_name() {
    let pool = Pool::new();
    let g = "zoids-scramble";
    let ten = pool.cards(g, |_| true)[..11].to_vec();
    let forty = entries("main", 4, &ten[..10]);
    let cases: Vec<Case> = vec![
        ("exactly 40", forty.clone(), &[]),
        (
            "39 cards",
            [forty[..9].to_vec(), vec![one("main", 3, &ten[9])]].concat(),
            &["deck-size"],
        ),
        (
            "41 cards",
            [forty.clone(), vec![one("main", 1, &ten[10])]].concat(),
            &["deck-size"],
        ),
        (
            "5 copies in 40",
            [
                forty[..8].to_vec(),
                vec![one("main", 5, &ten[8]), one("main", 3, &ten[9])],
            ]
            .concat(),
            &["copies"],
        ),
        (
            "4 + 1 copies on two lines",
            [
                forty.clone(),
                vec![one("side", 1, &ten[0]), one("main", 1, &ten[0])],
            ]
            .concat(),
            &["deck-size", "copies"],
        ),
        (
            "side cards do not count",
            [forty.clone(), vec![one("side", 9, &ten[10])]].concat(),
            &[],
        ),
        (
            "maybe cards do not count, not even a fifth copy",
            [forty.clone(), vec![one("maybe", 1, &ten[0])]].concat(),
            &[],
        ),
    ];
    for (case, deck, errors) in cases {
        expect(case, verdict(&pool, g, None, deck), errors, &[]);
    }
}

#[test]
fn pr_acg_limits_size_copies_and_sides() {
    let pool = Pool::new();
    let g = "pr-acg";
    let heroes = pool.cards(g, |c| c.side == Some(Side::Hero));
    let villains = pool.cards(g, |c| c.side == Some(Side::Villain));
    let hero30 = entries("main", 3, &heroes[..10]);
    let villain30 = entries("main", 3, &villains[..10]);
    // The sample set gives every card a side; a card without one, as a set may have.
    let neutral = Card {
        id: "neutral-test".into(),
        name: "Neutral Test Support".into(),
        side: None,
        ..villains[0].clone()
    };
    let swap = |deck: &[DeckEntry], card: &Card| {
        [
            deck[..9].to_vec(),
            vec![one("main", 2, &deck[9].card), one("main", 1, card)],
        ]
        .concat()
    };
    let cases: Vec<SidedCase> = vec![
        ("30 hero cards", None, hero30.clone(), &[], &[]),
        (
            "30 villain cards is a villain deck",
            None,
            villain30.clone(),
            &[],
            &[],
        ),
        (
            "31 cards",
            None,
            [hero30.clone(), vec![one("main", 1, &heroes[10])]].concat(),
            &["deck-size-max"],
            &[],
        ),
        (
            "29 cards only warns",
            None,
            [hero30[..9].to_vec(), vec![one("main", 2, &heroes[9])]].concat(),
            &[],
            &["deck-size-min"],
        ),
        (
            "4 copies",
            None,
            [hero30[..9].to_vec(), vec![one("main", 4, &heroes[9])]].concat(),
            &["deck-size-max", "copies"],
            &[],
        ),
        (
            "a hero card in a villain deck",
            Some(Side::Villain),
            swap(&villain30, &heroes[0]),
            &["villain-deck-side"],
            &[],
        ),
        (
            "a villain card in a hero deck warns",
            None,
            swap(&hero30, &villains[0]),
            &[],
            &["hero-deck-side"],
        ),
        (
            "a declared hero deck of villain cards warns",
            Some(Side::Hero),
            villain30.clone(),
            &[],
            &["hero-deck-side"],
        ),
        // The side is inferred from the main deck only: a hero card set aside does not
        // make this a hero deck (which would warn about its 30 villain cards).
        (
            "a hero card in Side leaves a villain main deck a villain deck",
            None,
            [villain30.clone(), vec![one("side", 3, &heroes[0])]].concat(),
            &[],
            &[],
        ),
        (
            "a hero card in Maybe leaves it a villain deck too",
            None,
            [villain30.clone(), vec![one("maybe", 1, &heroes[0])]].concat(),
            &[],
            &[],
        ),
        // Cards without a side neither make nor break a villain deck (legality.rs says
        // why): villain cards plus a neutral card are a villain deck, legal as one.
        (
            "a card without a side does not stop a villain deck",
            None,
            swap(&villain30, &neutral),
            &[],
            &[],
        ),
        (
            "a card without a side is allowed in a declared villain deck",
            Some(Side::Villain),
            swap(&villain30, &neutral),
            &[],
            &[],
        ),
        (
            "cards without a side alone do not make a villain deck",
            None,
            vec![one("main", 3, &neutral)],
            &[],
            &["deck-size-min"],
        ),
    ];
    for (case, side, deck, errors, warnings) in cases {
        expect(case, verdict(&pool, g, side, deck), errors, warnings);
    }
}

#[test]
fn pr_dbg_main_deck_types_size_copies_and_fixed_starters() {
    let pool = Pool::new();
    let g = "pr-dbg";
    let grid = pool.cards(g, |c| {
        ["Hero", "Villain", "Equipment", "Maneuver"].contains(&c.card_type.as_str())
    });
    let locations = pool.cards(g, |c| c.card_type == "Location");
    let main = entries("main", 2, &grid[..30]);
    let full = [entries("main", 2, &grid), entries("main", 1, &locations)].concat();
    assert_eq!(full.iter().map(|e| e.count).sum::<u32>(), 76);
    let starter = |names: &[(&str, u32)]| {
        names
            .iter()
            .map(|(n, k)| one("starter", *k, &pool.named(g, n)))
            .collect::<Vec<_>>()
    };
    let hero_starter = starter(&[
        ("Teamwork", 7),
        ("Attitude", 1),
        ("Power Coin", 1),
        ("Recovery", 1),
    ]);
    let recover = Card {
        id: "recover-test".into(),
        name: "Recover".into(),
        ..pool.named(g, "Recovery")
    };
    let cases: Vec<WarningCase> = vec![
        ("60 grid cards", main.clone(), &[], &[]),
        // The sample set has 35 grid cards and 6 Locations (76 at base copies): 4 extra
        // copies of one card reach 80, with the copies warning that brings.
        (
            "80 cards",
            [full.clone(), vec![one("main", 4, &grid[0])]].concat(),
            &[],
            &["copies"],
        ),
        (
            "81 cards",
            [full.clone(), vec![one("main", 5, &grid[0])]].concat(),
            &["deck-size"],
            &["copies"],
        ),
        (
            "a Starter in the main deck",
            [
                main.clone(),
                vec![one("main", 1, &pool.named(g, "Teamwork"))],
            ]
            .concat(),
            &["grid-card-types"],
            &[],
        ),
        (
            "3 copies warns",
            [main[..29].to_vec(), vec![one("main", 3, &grid[29])]].concat(),
            &[],
            &["copies"],
        ),
        (
            "2 of a Location warns",
            [main.clone(), vec![one("main", 2, &locations[0])]].concat(),
            &[],
            &["copies"],
        ),
        (
            "the hero starter",
            [main.clone(), hero_starter.clone()].concat(),
            &[],
            &[],
        ),
        (
            "a wrong starter",
            [main.clone(), hero_starter[1..].to_vec()].concat(),
            &["starter-deck"],
            &[],
        ),
        // The rulebook also spells the card "Recover"; a set may print either
        // (docs/decks.md#each-games-deck-rules).
        (
            "the hero starter with the card spelt Recover",
            [
                main.clone(),
                hero_starter[..3].to_vec(),
                vec![one("starter", 1, &recover)],
            ]
            .concat(),
            &[],
            &[],
        ),
        (
            "a Starter kept in Side is not in the main deck",
            [
                main.clone(),
                vec![one("side", 1, &pool.named(g, "Teamwork"))],
            ]
            .concat(),
            &[],
            &[],
        ),
        (
            "81 cards with the extra one in Maybe are 80",
            [
                full.clone(),
                vec![one("main", 4, &grid[0]), one("maybe", 1, &grid[1])],
            ]
            .concat(),
            &[],
            &["copies"],
        ),
    ];
    for (case, deck, errors, warnings) in cases {
        expect(case, verdict(&pool, g, None, deck), errors, warnings);
    }
}

#[test]
fn pr_hotg_combat_decks_belong_to_one_or_two_rangers() {
    let pool = Pool::new();
    let g = "pr-hotg";
    let rangers = pool.cards(g, |c| c.card_type == "Ranger");
    let combat_of =
        |ranger: &Card| pool.cards(g, |c| c.color == ranger.color && c.card_type != "Ranger");
    let (a, b, c) = (&rangers[0], &rangers[1], &rangers[2]);
    let ten = |ranger: &Card| {
        let cards = combat_of(ranger);
        [
            entries("main", 1, &cards[..8]),
            vec![one("main", 2, &cards[8 % cards.len()])],
        ]
        .concat()
    };
    let ten_a = ten(a);
    let ten_b = ten(b);
    assert_eq!(ten_a.iter().map(|e| e.count).sum::<u32>(), 10);
    // Added to ten of `a`: five more of `a` and five of `b` (20 cards, split 15 + 5).
    let fifteen_five = |a: &Card, b: &Card| {
        let (of_a, of_b) = (combat_of(a), combat_of(b));
        vec![one("main", 5, &of_a[0]), one("main", 5, &of_b[0])]
    };
    let cases: Vec<Case> = vec![
        (
            "10 cards of one Ranger",
            [vec![one("ranger", 1, a)], ten_a.clone()].concat(),
            &[],
        ),
        // The team is the Rangers listed, never guessed from the combat cards' colors.
        (
            "10 cards, Ranger not listed",
            ten_a.clone(),
            &["ranger-team"],
        ),
        ("no Ranger and no cards", vec![], &["ranger-team"]),
        (
            "the Ranger listed in the combat deck is still the Ranger",
            [vec![one("main", 1, a)], ten_a.clone()].concat(),
            &[],
        ),
        (
            "a second Ranger listed in the combat deck makes a team",
            [vec![one("ranger", 1, a), one("main", 1, b)], ten_a.clone()].concat(),
            &["ranger-team"],
        ),
        (
            "9 cards",
            [vec![one("ranger", 1, a)], ten_a[1..].to_vec()].concat(),
            &["ranger-team"],
        ),
        (
            "11 cards",
            [
                vec![one("ranger", 1, a)],
                ten_a.clone(),
                vec![one("main", 1, &ten_a[0].card)],
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "another Ranger's card",
            [
                vec![one("ranger", 1, a)],
                ten_a[1..].to_vec(),
                vec![one("main", 1, &ten_b[0].card)],
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "two Rangers, 20 cards",
            [
                vec![one("ranger", 1, a), one("ranger", 1, b)],
                ten_a.clone(),
                ten_b.clone(),
            ]
            .concat(),
            &[],
        ),
        (
            "two Rangers, 19 cards",
            [
                vec![one("ranger", 1, a), one("ranger", 1, b)],
                ten_a.clone(),
                ten_b[1..].to_vec(),
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "the same Ranger twice",
            [vec![one("ranger", 2, a)], ten_a.clone()].concat(),
            &["ranger-team"],
        ),
        (
            "three Rangers' cards",
            [ten_a.clone(), ten_b.clone(), ten(c)].concat(),
            &["ranger-team"],
        ),
        (
            "three Rangers listed",
            [
                vec![
                    one("ranger", 1, a),
                    one("ranger", 1, b),
                    one("ranger", 1, c),
                ],
                ten_a.clone(),
                ten_b.clone(),
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "a second Ranger in Maybe leaves a one-Ranger deck of 10",
            [vec![one("ranger", 1, a), one("maybe", 1, b)], ten_a.clone()].concat(),
            &[],
        ),
        (
            "a Ranger in Side is not on the team",
            [vec![one("side", 1, a)], ten_a.clone()].concat(),
            &["ranger-team"],
        ),
        (
            "two Rangers, 15 + 5 is not 10 of each",
            [
                vec![one("ranger", 1, a), one("ranger", 1, b)],
                ten_a.clone(),
                fifteen_five(a, b),
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "two Rangers listed, only one Ranger's cards",
            [
                vec![one("ranger", 1, a), one("ranger", 1, b)],
                ten_a.clone(),
                ten_a.clone(),
            ]
            .concat(),
            &["ranger-team"],
        ),
        (
            "a combat card listed under Ranger",
            [
                vec![one("ranger", 1, a), one("ranger", 1, &ten_a[0].card)],
                ten_a[1..].to_vec(),
            ]
            .concat(),
            &["ranger-section", "ranger-team"],
        ),
    ];
    for (case, deck, errors) in cases {
        expect(case, verdict(&pool, g, None, deck), errors, &[]);
    }
}

#[test]
fn sms_counts_the_deck_apart_from_characters_and_limits_supers_attachments_and_sets() {
    let pool = Pool::new();
    let g = "sms";
    let letter = |c: &Card| c.stats.get("set_letter").map(|v| v.to_string());
    let leader = pool.named(g, "Sensei Okonomi");
    let ninja = pool.cards(g, |c| {
        c.card_type == "Hero"
            && c.subtypes.iter().any(|s| s == "Ninja")
            && letter(c).as_deref() == Some("A")
    })[0]
        .clone();
    let other_hero = pool.cards(g, |c| {
        c.card_type == "Hero"
            && !c.subtypes.iter().any(|s| s == "Ninja")
            && !c.keywords.iter().any(|k| k == "Ninja")
            && letter(c).as_deref() == Some("A")
            && c.name != "Ninja"
    })[0]
        .clone();
    let filler = pool.cards(g, |c| {
        ["Combat", "Event", "Ally"].contains(&c.card_type.as_str())
            && letter(c).as_deref() == Some("A")
    });
    let supers = pool.cards(g, |c| {
        c.card_type == "Super" && letter(c).as_deref() == Some("A")
    });
    let attachments = pool.cards(g, |c| {
        c.card_type == "Attachment" && letter(c).as_deref() != Some("B")
    });
    let letter_b = pool.cards(g, |c| {
        letter(c).as_deref() == Some("B")
            && ["Combat", "Event", "Ally", "Mission"].contains(&c.card_type.as_str())
    });
    let gus = pool.named(g, "Gumshoe Gus");
    let brightbadge = pool.named(g, "Chief Brightbadge");
    assert_eq!(
        brightbadge
            .stats
            .get("requires")
            .map(|v| v.to_string())
            .as_deref(),
        Some("Gumshoe Gus")
    );
    let keyword_ninja = Card {
        id: "keyword-ninja-test".into(),
        name: "Shadow Test".into(),
        keywords: vec!["Ninja".into()],
        ..other_hero.clone()
    };
    let ninja_nate = Card {
        id: "ninja-nate-test".into(),
        name: "Ninja Nate".into(),
        ..other_hero.clone()
    };
    let characters = vec![one("characters", 1, &ninja), one("characters", 1, &leader)];
    let base: Vec<DeckEntry> = filler.iter().take(10).map(|c| one("main", 4, c)).collect(); // 40 cards
    let with = |extra: Vec<DeckEntry>| [characters.clone(), base.clone(), extra].concat();
    let cases: Vec<Case> = vec![
        (
            "40 cards and a Leader whose Class is present",
            with(vec![]),
            &[],
        ),
        ("50 cards", with(vec![one("main", 10, &filler[10])]), &[]),
        (
            "51 cards",
            with(vec![one("main", 11, &filler[10])]),
            &["deck-size"],
        ),
        (
            "characters listed in the deck do not count",
            with(vec![
                one("main", 10, &filler[10]),
                one("main", 1, &other_hero),
            ]),
            &[],
        ),
        ("one Super", with(vec![one("main", 1, &supers[0])]), &[]),
        (
            "a Super plus a second Super",
            with(vec![
                one("main", 1, &supers[0]),
                one("main", 1, &supers[1 % supers.len()]),
            ]),
            &["one-super"],
        ),
        (
            "10 Attachments",
            with(vec![one("main", 10, &attachments[0])]),
            &[],
        ),
        (
            "11 Attachments",
            [
                characters.clone(),
                base[..8].to_vec(),
                vec![
                    one("main", 6, &attachments[0]),
                    one("main", 5, &attachments[1]),
                ],
            ]
            .concat(),
            &["attachments"],
        ),
        (
            "a card of set B among set A",
            with(vec![one("main", 1, &letter_b[0])]),
            &["set-letter"],
        ),
        (
            "a Leader whose requirement nobody meets",
            [
                vec![
                    one("characters", 1, &other_hero),
                    one("characters", 1, &leader),
                ],
                base.clone(),
            ]
            .concat(),
            &["leader-requirement"],
        ),
        (
            "a Hero in Side does not meet a Leader's requirement",
            [
                vec![
                    one("characters", 1, &other_hero),
                    one("characters", 1, &leader),
                    one("side", 1, &ninja),
                ],
                base.clone(),
            ]
            .concat(),
            &["leader-requirement"],
        ),
        (
            "a Hero in Maybe does not either",
            [
                vec![
                    one("characters", 1, &other_hero),
                    one("characters", 1, &leader),
                    one("maybe", 1, &ninja),
                ],
                base.clone(),
            ]
            .concat(),
            &["leader-requirement"],
        ),
        (
            "a Super kept in Side is not a second Super",
            with(vec![
                one("main", 1, &supers[0]),
                one("side", 1, &supers[1 % supers.len()]),
            ]),
            &[],
        ),
        (
            "a Super listed under Characters",
            with(vec![one("characters", 1, &supers[0])]),
            &["characters-section"],
        ),
        (
            "an eleventh Attachment listed under Characters",
            with(vec![
                one("main", 10, &attachments[0]),
                one("characters", 1, &attachments[0]),
            ]),
            &["characters-section"],
        ),
        (
            "a Leader requiring a Name met by that Hero",
            [
                vec![
                    one("characters", 1, &gus),
                    one("characters", 1, &brightbadge),
                ],
                base.clone(),
            ]
            .concat(),
            &[],
        ),
        (
            "a Leader requiring a Keyword met by a Hero's Keyword",
            [
                vec![
                    one("characters", 1, &keyword_ninja),
                    one("characters", 1, &leader),
                ],
                base.clone(),
            ]
            .concat(),
            &[],
        ),
        // A Name is the whole name: "Ninja" is not met by a Hero named "Ninja Nate" with
        // no Ninja Class or Keyword (see `meets_requirement` in the core).
        (
            "a Leader requiring Ninja is not met by Ninja Nate",
            [
                vec![
                    one("characters", 1, &ninja_nate),
                    one("characters", 1, &leader),
                ],
                base.clone(),
            ]
            .concat(),
            &["leader-requirement"],
        ),
    ];
    for (case, deck, errors) in cases {
        expect(case, verdict(&pool, g, None, deck), errors, &[]);
    }
}

#[test]
fn every_sample_deck_is_legal() {
    let pool = Pool::new();
    for file in deckhand::bundled::DECK_FILES {
        let deck = pool
            .deckhand
            .read_deck_text(file.path, file.text, None, None)
            .unwrap();
        let legality = pool.deckhand.check_deck(&deck).unwrap();
        assert!(
            legality.legal && legality.diagnostics.is_empty(),
            "{}: {:?}",
            file.path,
            legality.diagnostics
        );
    }
}

#[test]
fn the_editor_checks_unsaved_drafts_and_saves_them_as_versions() {
    use deckhand::{DeckCard, DeckContent};
    let mut pool = Pool::new();
    let zoids = pool.cards("zoids-scramble", |_| true);
    let draft = |copies: u32| DeckContent {
        game: "zoids-scramble".into(),
        name: "Draft".into(),
        side: None,
        format: None,
        notes: String::new(),
        tags: vec![],
        cards: zoids[..10]
            .iter()
            .map(|c| DeckCard {
                section: "main".into(),
                count: copies,
                card: c.id.clone(),
            })
            .collect(),
    };
    let short = pool.deckhand.check_draft(&draft(3)).unwrap();
    assert!(!short.legal);
    assert_eq!(
        short.diagnostics[0].message,
        "The deck has 30 cards — it must have exactly 40"
    );
    assert!(pool.deckhand.check_draft(&draft(4)).unwrap().legal);

    let saved = pool.deckhand.save_draft(None, &draft(3)).unwrap();
    assert_eq!((saved.version, saved.legality.legal), (1, false));
    let again = pool.deckhand.save_draft(Some(saved.id), &draft(4)).unwrap();
    assert_eq!(
        (again.id, again.version, again.legality.legal),
        (saved.id, 2, true)
    );
    let diff = pool.deckhand.diff_deck(saved.id, 1, 2).unwrap();
    assert_eq!((diff.added, diff.removed, diff.changed), (0, 0, 10));

    let mut foreign = draft(4);
    foreign.cards[0].card = pool.cards("sms", |_| true)[0].id.clone();
    assert!(
        pool.deckhand.check_draft(&foreign).is_err(),
        "a card of another game is refused"
    );
    let mut nameless = draft(4);
    nameless.name = "  ".into();
    assert!(pool.deckhand.save_draft(None, &nameless).is_err());
}

#[test]
fn the_deck_list_says_which_decks_are_legal() {
    let mut deckhand = Deckhand::open_in_memory().unwrap();
    let file = deckhand::bundled::DECK_FILES
        .iter()
        .find(|f| f.path.contains("zoids-scramble"))
        .unwrap();
    let legal = deckhand
        .import_deck(
            DeckFormat::Text,
            file.path,
            file.text,
            None,
            Some("Legal one"),
        )
        .unwrap()
        .deck;
    let mut short: deckhand::DeckContent = legal.content.clone().into();
    short.name = "Short one".into();
    short.tags = vec!["wip".into()];
    short.cards.truncate(1);
    deckhand.save_draft(None, &short).unwrap();

    let items = deckhand
        .deck_list_items(Some("zoids-scramble"), false)
        .unwrap();
    let verdicts: Vec<(&str, bool, usize, Vec<String>)> = items
        .iter()
        .filter(|i| !i.tags.iter().any(|t| t == deckhand::SAMPLE_TAG))
        .map(|i| (i.summary.name.as_str(), i.legal, i.errors, i.tags.clone()))
        .collect();
    assert_eq!(
        verdicts,
        vec![
            ("Legal one", true, 0, vec![]),
            ("Short one", false, 1, vec!["wip".to_owned()]),
        ]
    );
}

/// Runs format cases: each deck against its format, or the game's own rules.
fn run_format_cases(pool: &Pool, game: &str, cases: Vec<FormatCase>) {
    for (case, format, deck, errors, warnings) in cases {
        expect(
            case,
            verdict_as(pool, game, format, None, deck),
            errors,
            warnings,
        );
    }
}

#[test]
fn sms_formats_read_the_super_and_attachment_limits_per_card() {
    let pool = Pool::new();
    let g = "sms";
    let a = |c: &Card| c.stats.get("set_letter").map(|v| v.to_string()).as_deref() == Some("A");
    let leader = pool.named(g, "Sensei Okonomi");
    let ninja = pool.cards(g, |c| {
        c.card_type == "Hero" && c.subtypes.iter().any(|s| s == "Ninja") && a(c)
    })[0]
        .clone();
    let filler = pool.cards(g, |c| {
        ["Combat", "Event", "Ally"].contains(&c.card_type.as_str()) && a(c)
    });
    let supers = pool.cards(g, |c| c.card_type == "Super" && a(c));
    let attachments = pool.cards(g, |c| c.card_type == "Attachment" && a(c));
    let deck = |extra: Vec<DeckEntry>| {
        let characters = vec![one("characters", 1, &ninja), one("characters", 1, &leader)];
        let base = filler.iter().take(8).map(|c| one("main", 4, c)).collect();
        [characters, base, extra].concat()
    };
    let two_supers = deck(vec![one("main", 1, &supers[0]), one("main", 1, &supers[1])]);
    let super_twice = deck(vec![one("main", 2, &supers[0])]);
    let two_attachments = deck(vec![
        one("main", 6, &attachments[0]),
        one("main", 5, &attachments[1]),
    ]);
    let attachment_11 = deck(vec![one("main", 11, &attachments[0])]);
    let supers_each = Some("one-of-each-super");
    let attachments_each = Some("ten-of-each-attachment");
    let cases: Vec<FormatCase> = vec![
        (
            "two Supers, default",
            None,
            two_supers.clone(),
            &["one-super"],
            &[],
        ),
        ("two Supers, one of each", supers_each, two_supers, &[], &[]),
        (
            "a Super twice, default",
            None,
            super_twice.clone(),
            &["one-super"],
            &[],
        ),
        (
            "a Super twice, one of each",
            supers_each,
            super_twice,
            &["one-super"],
            &[],
        ),
        (
            "6 + 5 Attachments, default",
            None,
            two_attachments.clone(),
            &["attachments"],
            &[],
        ),
        (
            "6 + 5 Attachments, ten of each",
            attachments_each,
            two_attachments,
            &[],
            &[],
        ),
        (
            "11 of one Attachment, ten of each",
            attachments_each,
            attachment_11.clone(),
            &["attachments"],
            &[],
        ),
        (
            "10 of one Attachment, ten of each",
            attachments_each,
            deck(vec![one("main", 10, &attachments[0])]),
            &[],
            &[],
        ),
        (
            "the other limit stays: two Supers, ten of each Attachment",
            attachments_each,
            deck(vec![one("main", 1, &supers[0]), one("main", 1, &supers[1])]),
            &["one-super"],
            &[],
        ),
    ];
    run_format_cases(&pool, g, cases);
    // A format may be named by its name, in any case; the verdict names its id.
    let by_name = Deck {
        game: g.into(),
        side: None,
        entries: deck(vec![]),
    };
    let legality = pool
        .deckhand
        .check_deck_as(&by_name, Some("One Of Each Super"))
        .unwrap();
    assert_eq!(legality.format.as_deref(), Some("one-of-each-super"));
}

#[test]
fn pr_acg_exactly_30_makes_a_short_deck_an_error() {
    let pool = Pool::new();
    let g = "pr-acg";
    let heroes = pool.cards(g, |c| c.side == Some(Side::Hero));
    let hero30 = entries("main", 3, &heroes[..10]);
    let hero29 = [hero30[..9].to_vec(), vec![one("main", 2, &heroes[9])]].concat();
    let hero31 = [hero30.clone(), vec![one("main", 1, &heroes[10])]].concat();
    let exactly = Some("exactly-30");
    let cases: Vec<FormatCase> = vec![
        (
            "29 cards, default",
            None,
            hero29.clone(),
            &[],
            &["deck-size-min"],
        ),
        (
            "29 cards, exactly 30",
            exactly,
            hero29,
            &["deck-size-min"],
            &[],
        ),
        ("30 cards, exactly 30", exactly, hero30, &[], &[]),
        (
            "31 cards, exactly 30",
            exactly,
            hero31,
            &["deck-size-max"],
            &[],
        ),
    ];
    run_format_cases(&pool, g, cases);
}

#[test]
fn pr_dbg_base_set_copies_makes_extra_copies_an_error() {
    let pool = Pool::new();
    let g = "pr-dbg";
    let grid = pool.cards(g, |c| {
        ["Hero", "Villain", "Equipment", "Maneuver"].contains(&c.card_type.as_str())
    });
    let locations = pool.cards(g, |c| c.card_type == "Location");
    let base = [
        entries("main", 2, &grid[..20]),
        entries("main", 1, &locations[..2]),
    ]
    .concat();
    let three = [base.clone(), vec![one("main", 1, &grid[0])]].concat();
    let location_twice = [base.clone(), vec![one("main", 1, &locations[0])]].concat();
    let copies = Some("base-set-copies");
    let cases: Vec<FormatCase> = vec![
        ("base copies, base-set copies", copies, base, &[], &[]),
        (
            "3 of a card, default",
            None,
            three.clone(),
            &[],
            &["copies"],
        ),
        (
            "3 of a card, base-set copies",
            copies,
            three,
            &["copies"],
            &[],
        ),
        (
            "a second Location, default",
            None,
            location_twice.clone(),
            &[],
            &["copies"],
        ),
        (
            "a second Location, base-set copies",
            copies,
            location_twice,
            &["copies"],
            &[],
        ),
    ];
    run_format_cases(&pool, g, cases);
}

#[test]
fn an_unknown_format_is_an_error_naming_the_game_s_formats() {
    let pool = Pool::new();
    let card = pool.cards("pr-acg", |_| true).remove(0);
    let deck = Deck {
        game: "pr-acg".into(),
        side: None,
        entries: vec![one("main", 1, &card)],
    };
    let err = pool
        .deckhand
        .check_deck_as(&deck, Some("exactly 31"))
        .unwrap_err();
    assert_eq!(err.code(), "unknown_format");
    assert_eq!(
        err.to_string(),
        "pr-acg has no format 'exactly 31' (its formats: default, exactly-30)"
    );
}

/// A new deck starts empty: no game may call it legal (the editor once said "Legal" for
/// an empty PR Action deck while an empty Zoids deck had an error).
#[test]
fn an_empty_deck_of_every_game_is_illegal_from_either_side() {
    let pool = Pool::new();
    for game in ["zoids-scramble", "pr-acg", "pr-dbg", "pr-hotg", "sms"] {
        for side in [None, Some(Side::Hero), Some(Side::Villain)] {
            let (legal, errors, _) = verdict(&pool, game, side, Vec::new());
            assert!(!legal && !errors.is_empty(), "{game} {side:?}: {errors:?}");
        }
    }
}
