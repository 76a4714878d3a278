//! Test decks from the repository's sample data (`data/`), read at compile time.

use deckhand_core::{fold_name, Card, CardSet, Deck, DeckEntry, Game, Games};
use deckhand_formats::{read_deck_file, DeckFormat};

const ZOIDS_TOML: &str = include_str!("../../../data/games/zoids-scramble.toml");
const PR_ACG_TOML: &str = include_str!("../../../data/games/pr-acg.toml");
const PR_DBG_TOML: &str = include_str!("../../../data/games/pr-dbg.toml");
const PR_HOTG_TOML: &str = include_str!("../../../data/games/pr-hotg.toml");
const SMS_TOML: &str = include_str!("../../../data/games/sms.toml");
const ZSX: &str = include_str!("../../../data/cards/zoids-scramble/ZSX.json");
const ACX: &str = include_str!("../../../data/cards/pr-acg/ACX.json");
const DBX: &str = include_str!("../../../data/cards/pr-dbg/DBX.json");
const HGX: &str = include_str!("../../../data/cards/pr-hotg/HGX.json");
const SMX: &str = include_str!("../../../data/cards/sms/SMX.json");

pub const REPUBLIC_VANGUARD: &str =
    include_str!("../../../data/decks/zoids-scramble/republic-vanguard.txt");
pub const CRIMSON_LEGION: &str =
    include_str!("../../../data/decks/zoids-scramble/crimson-legion-rush.txt");
pub const SHELLBACK_SKYGUARD: &str =
    include_str!("../../../data/decks/zoids-scramble/shellback-skyguard.txt");
pub const STARFALL_VANGUARD: &str =
    include_str!("../../../data/decks/pr-acg/starfall-vanguard-hero.txt");
pub const ECLIPSE_HORDE: &str =
    include_str!("../../../data/decks/pr-acg/eclipse-horde-villain.txt");
pub const PRISM_BREACH: &str =
    include_str!("../../../data/decks/pr-dbg/prism-breach-full-grid.txt");
pub const FAST_AND_FIERCE: &str = include_str!("../../../data/decks/pr-dbg/fast-and-fierce.txt");
pub const BLOCK_PARTY: &str = include_str!("../../../data/decks/pr-dbg/block-party.txt");
pub const CRIMSON_FALCON: &str =
    include_str!("../../../data/decks/pr-hotg/crimson-falcon-skystrike.txt");
pub const JADE_MANTIS: &str = include_str!("../../../data/decks/pr-hotg/jade-mantis-precision.txt");
pub const TIDE_AND_HORN: &str = include_str!("../../../data/decks/pr-hotg/tide-and-horn-duo.txt");
pub const DOJO_DAWN: &str = include_str!("../../../data/decks/sms/dojo-dawn-patrol.txt");
pub const DOOM_LAB: &str = include_str!("../../../data/decks/sms/doom-lab-gambit.txt");
pub const STATIC_LEGION: &str = include_str!("../../../data/decks/sms/static-legion-broadcast.txt");

fn games() -> Games {
    Games::from_sources([
        ("zoids-scramble.toml", ZOIDS_TOML),
        ("pr-acg.toml", PR_ACG_TOML),
        ("pr-dbg.toml", PR_DBG_TOML),
        ("pr-hotg.toml", PR_HOTG_TOML),
        ("sms.toml", SMS_TOML),
    ])
    .expect("the bundled game definitions load")
}

pub fn game(id: &str) -> Game {
    games().get(id).expect("a bundled game").clone()
}

/// Every sample card of a game.
pub fn cards(game_id: &str) -> Vec<Card> {
    let json = match game_id {
        "zoids-scramble" => ZSX,
        "pr-dbg" => DBX,
        "pr-hotg" => HGX,
        "sms" => SMX,
        _ => ACX,
    };
    CardSet::from_json(game_id, json, &games())
        .expect("the sample set loads")
        .cards
}

/// The sample card named `name`.
pub fn card(game_id: &str, name: &str) -> Card {
    let key = fold_name(name);
    cards(game_id)
        .into_iter()
        .find(|c| fold_name(&c.name) == key)
        .unwrap_or_else(|| panic!("no sample card named {name}"))
}

/// A main deck of `(count, name)` lines.
pub fn deck(game_id: &str, lines: &[(u32, &str)]) -> Deck {
    let pool = cards(game_id);
    let entries = lines
        .iter()
        .map(|&(count, name)| DeckEntry {
            section: "main".into(),
            count,
            card: pool
                .iter()
                .find(|c| fold_name(&c.name) == fold_name(name))
                .unwrap_or_else(|| panic!("no sample card named {name}"))
                .clone(),
        })
        .collect();
    Deck {
        game: game_id.into(),
        side: None,
        entries,
    }
}

/// A sample deck file, resolved against the sample cards.
pub fn sample_deck(game_id: &str, text: &str) -> Deck {
    let game = game(game_id);
    let lines = read_deck_file(DeckFormat::Text, "sample", text, &game)
        .expect("the sample deck parses")
        .lines;
    let pool = cards(game_id);
    let entries = lines
        .into_iter()
        .map(|line| DeckEntry {
            section: line.section,
            count: line.count,
            card: pool
                .iter()
                .find(|c| fold_name(&c.name) == fold_name(&line.name))
                .unwrap_or_else(|| panic!("no sample card named {}", line.name))
                .clone(),
        })
        .collect();
    Deck {
        game: game_id.into(),
        side: None,
        entries,
    }
}

/// `deck` with more entries `(section, count, name)` from the game's sample cards.
pub fn with_entries(mut deck: Deck, lines: &[(&str, u32, &str)]) -> Deck {
    for &(section, count, name) in lines {
        deck.entries.push(DeckEntry {
            section: section.into(),
            count,
            card: card(&deck.game, name),
        });
    }
    deck
}

/// A PR Deck-Building sample deck with its Character replaced by `character`, and the hero
/// starter deck.
pub fn pr_dbg_deck(main: &str, character: &str) -> Deck {
    with_entries(
        without_character(sample_deck("pr-dbg", main)),
        &[
            ("character", 1, character),
            ("starter", 7, "Teamwork"),
            ("starter", 1, "Attitude"),
            ("starter", 1, "Power Coin"),
            ("starter", 1, "Recovery"),
        ],
    )
}

/// `deck` without its PR Deck-Building Character section.
pub fn without_character(mut deck: Deck) -> Deck {
    deck.entries.retain(|e| e.section != "character");
    deck
}

/// A bundled sample deck, with the enemies its goldfish battles (Heroes of the Grid).
pub struct SampleDeck {
    pub game: &'static str,
    /// Its file's name, short (`block-party`, `dojo-dawn-patrol`).
    pub name: &'static str,
    pub deck: Deck,
    pub enemies: Vec<crate::EnemyGroup>,
}

/// Every bundled sample deck of the five games: PR Deck-Building's with Nadia Okonkwo and
/// the hero starter, Heroes of the Grid's against two Gravel Grunts and Clockjaw.
pub fn sample_decks() -> Vec<SampleDeck> {
    let hotg = || vec![enemy_group("Gravel Grunt", 2), enemy_group("Clockjaw", 1)];
    let sample = |game, name, deck, enemies| SampleDeck {
        game,
        name,
        deck,
        enemies,
    };
    let plain = |game, name, text| sample(game, name, sample_deck(game, text), Vec::new());
    let dbg = |name, text| {
        sample(
            "pr-dbg",
            name,
            pr_dbg_deck(text, "Nadia Okonkwo"),
            Vec::new(),
        )
    };
    let hotg_deck = |name, text| sample("pr-hotg", name, sample_deck("pr-hotg", text), hotg());
    vec![
        plain("zoids-scramble", "republic-vanguard", REPUBLIC_VANGUARD),
        plain("zoids-scramble", "crimson-legion", CRIMSON_LEGION),
        plain("zoids-scramble", "shellback-skyguard", SHELLBACK_SKYGUARD),
        plain("pr-acg", "starfall-vanguard", STARFALL_VANGUARD),
        plain("pr-acg", "eclipse-horde", ECLIPSE_HORDE),
        dbg("prism-breach", PRISM_BREACH),
        dbg("fast-and-fierce", FAST_AND_FIERCE),
        dbg("block-party", BLOCK_PARTY),
        hotg_deck("tide-and-horn", TIDE_AND_HORN),
        hotg_deck("crimson-falcon", CRIMSON_FALCON),
        hotg_deck("jade-mantis", JADE_MANTIS),
        plain("sms", "dojo-dawn-patrol", DOJO_DAWN),
        plain("sms", "doom-lab-gambit", DOOM_LAB),
        plain("sms", "static-legion-broadcast", STATIC_LEGION),
    ]
}

/// The enemy group of the sample cards whose subtype is `name`.
pub fn enemy_group(name: &str, figures: u32) -> crate::EnemyGroup {
    let key = fold_name(name);
    crate::EnemyGroup {
        name: name.into(),
        cards: cards("pr-hotg")
            .into_iter()
            .filter(|c| c.subtypes.iter().any(|s| fold_name(s) == key))
            .collect(),
        figures,
    }
}

/// A step-through as plain text for golden files: per turn, the draws, each decision with
/// its action, and the zones after the turn (`Zoid [standby] <pilot: P, energy: E>`,
/// hidden cards as a count).
pub fn render_game(log: &crate::GameLog) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let seat = if log.going_first { "first" } else { "second" };
    let _ = writeln!(out, "{} seed {} going {seat}", log.game, log.seed);
    for turn in &log.turns {
        let _ = writeln!(out, "\n== turn {}", turn.turn);
        if !turn.draws.is_empty() {
            let _ = writeln!(out, "drew: {}", turn.draws.join(", "));
        }
        for d in &turn.decisions {
            let _ = writeln!(out, "{:?}: {}", d.action, d.text);
        }
        for zone in &turn.zones {
            let owner = match zone.owner {
                crate::Owner::You => "you",
                crate::Owner::Opponent => "opponent",
            };
            let cards: Vec<String> = zone
                .cards
                .iter()
                .map(|c| {
                    let mut s = c.name.clone();
                    if let Some(status) = &c.status {
                        let _ = write!(s, " [{status}]");
                    }
                    if !c.attached.is_empty() {
                        let on: Vec<String> = c
                            .attached
                            .iter()
                            .map(|a| format!("{}: {}", a.role, a.name))
                            .collect();
                        let _ = write!(s, " <{}>", on.join(", "));
                    }
                    s
                })
                .collect();
            let hidden = if zone.hidden > 0 || cards.is_empty() {
                format!(" ({} hidden)", zone.hidden)
            } else {
                String::new()
            };
            let _ = writeln!(out, "  {owner} {}{hidden}: {}", zone.id, cards.join("; "));
        }
    }
    let _ = writeln!(
        out,
        "\nresult: {:?} on turn {}",
        log.result.outcome, log.result.turn
    );
    out
}

/// Compares `actual` with the golden file `fixtures/steps/{name}.txt`; with
/// `DECKHAND_BLESS=1` in the environment it writes the file instead (then read it and check
/// every decision by hand before committing it).
pub fn assert_golden(name: &str, actual: &str) {
    assert_golden_file(&format!("steps/{name}.txt"), actual);
}

/// Steps each `(name, deck text, seed, going first)` game of `game_id` and compares the
/// rendered game with its golden step log `{prefix}-{name}-seed-{seed}-{first|second}`.
/// The logs were checked by hand against the procedures of docs/pilots.md: they play keyword
/// effects only (`--effects keywords`).
pub fn assert_step_goldens(game_id: &str, prefix: &str, games: &[(&str, &str, u64, bool)]) {
    for &(name, text, seed, going_first) in games {
        let options = crate::StepOptions {
            seed,
            going_first,
            effects: crate::EffectsMode::Keywords,
            ..crate::StepOptions::default()
        };
        assert_step_golden(
            game_id,
            &format!("{prefix}-{name}"),
            &sample_deck(game_id, text),
            &options,
        );
    }
}

/// Steps `deck` with `options` and compares the rendered game with its golden step log
/// `{name}-seed-{seed}-{first|second}`.
pub fn assert_step_golden(game_id: &str, name: &str, deck: &Deck, options: &crate::StepOptions) {
    let log = crate::step(&game(game_id), deck, options).unwrap();
    let seat = if options.going_first {
        "first"
    } else {
        "second"
    };
    assert_golden(
        &format!("{name}-seed-{}-{seat}", options.seed),
        &render_game(&log),
    );
}

/// A PR Deck-Building sample deck as it is (its own Character) with the hero starter deck.
pub fn pr_dbg_sample_with_starter(text: &str) -> Deck {
    with_entries(
        sample_deck("pr-dbg", text),
        &[
            ("starter", 7, "Teamwork"),
            ("starter", 1, "Attitude"),
            ("starter", 1, "Power Coin"),
            ("starter", 1, "Recovery"),
        ],
    )
}

/// Compares `actual` with `fixtures/{file}`, blessed like [`assert_golden`].
pub fn assert_golden_file(file: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(file);
    if std::env::var_os("DECKHAND_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with DECKHAND_BLESS=1)", path.display()));
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from line {}:\nexpected: {:?}\nactual:   {:?}\n\nwhole game:\n{actual}",
            path.display(),
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first)
        );
    }
}

/// A random main deck of `lines` entries (1–4 copies each) from a game's sample cards, at
/// least `min` cards in all.
pub fn any_deck(
    game_id: &'static str,
    min: u32,
    lines: std::ops::Range<usize>,
) -> impl proptest::strategy::Strategy<Value = Deck> {
    use proptest::prelude::*;
    let pool = cards(game_id);
    let n = pool.len();
    prop::collection::vec((0..n, 1u32..5), lines).prop_filter_map("too few cards", move |lines| {
        let total: u32 = lines.iter().map(|l| l.1).sum();
        (total >= min).then(|| Deck {
            game: game_id.into(),
            side: None,
            entries: lines
                .iter()
                .map(|&(i, count)| DeckEntry {
                    section: "main".into(),
                    count,
                    card: pool[i].clone(),
                })
                .collect(),
        })
    })
}

/// A random deck of 2–19 entries (1–4 copies each) from a game's sample cards, each entry
/// in one of `sections` (repeat a section to weight it).
pub fn any_sections(
    game_id: &'static str,
    sections: &'static [&'static str],
) -> impl proptest::strategy::Strategy<Value = Deck> {
    use proptest::prelude::*;
    let pool = cards(game_id);
    let n = pool.len();
    prop::collection::vec((0..n, 1u32..5, 0..sections.len()), 2..20).prop_map(move |lines| Deck {
        game: game_id.into(),
        side: None,
        entries: lines
            .iter()
            .map(|&(i, count, s)| DeckEntry {
                section: sections[s].into(),
                count,
                card: pool[i].clone(),
            })
            .collect(),
    })
}

/// The lower median of a histogram `turn → games`.
pub fn lower_median(histogram: &std::collections::BTreeMap<u32, u64>) -> Option<u32> {
    let mut all: Vec<u32> = histogram
        .iter()
        .flat_map(|(&t, &n)| std::iter::repeat_n(t, n as usize))
        .collect();
    all.sort();
    (!all.is_empty()).then(|| all[(all.len() - 1) / 2])
}

/// The cards a whole-set coverage leaves out (partial or not simulated), by name, after
/// checking what every such table must hold: the four counts add up to the set's `cards`,
/// and a card comes with a reason exactly when it is not simply simulated.
pub fn left_out(c: &crate::effects::Coverage, cards: usize) -> Vec<&str> {
    use deckhand_core::CoverageState;
    assert_eq!(
        (c.simulated + c.no_effect + c.partial + c.not_simulated) as usize,
        cards
    );
    for r in &c.cards {
        let simulated = r.state == CoverageState::Simulated;
        assert_eq!(r.reason.is_empty(), simulated, "{}: {:?}", r.name, r.state);
    }
    c.cards
        .iter()
        .filter(|r| {
            matches!(
                r.state,
                CoverageState::NotSimulated | CoverageState::Partial
            )
        })
        .map(|r| r.name.as_str())
        .collect()
}
