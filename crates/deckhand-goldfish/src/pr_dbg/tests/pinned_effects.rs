//! Whole Monte Carlo runs with every effect on, pinned before the speed work on the effects
//! path (`fixtures/reports/pr-dbg-effects-*`): a faster engine must play every one of
//! these games the same way. The keyword-only reports are pinned in `tests.rs`.

use super::*;

/// Every Character of the sample set, with its side's starter deck.
const CHARACTERS: &[(&str, Side)] = &[
    ("Nadia Okonkwo", Side::Hero),
    ("Theo Marchetti", Side::Hero),
    ("Priya Lindqvist", Side::Hero),
    ("Jonah Whitfield", Side::Hero),
    ("Baroness Ossidra", Side::Villain),
    ("Krell the Unmaker", Side::Villain),
    ("Mirewitch Sable", Side::Villain),
    ("Gearmonger Vosk", Side::Villain),
];

fn with_character(main: &str, character: &str, side: Side) -> Deck {
    let starter: &[(&str, u32, &str)] = match side {
        Side::Villain => &[
            ("character", 1, ""),
            ("starter", 7, "Mayhem"),
            ("starter", 1, "Disposable"),
            ("starter", 1, "Putty Clay"),
            ("starter", 1, "Rebuild"),
        ],
        _ => &[
            ("character", 1, ""),
            ("starter", 7, "Teamwork"),
            ("starter", 1, "Attitude"),
            ("starter", 1, "Power Coin"),
            ("starter", 1, "Recovery"),
        ],
    };
    let lines: Vec<(&str, u32, &str)> = starter
        .iter()
        .map(|&(section, n, name)| (section, n, if name.is_empty() { character } else { name }))
        .collect();
    testing::with_entries(
        testing::without_character(testing::sample_deck(G, main)),
        &lines,
    )
}

fn run(deck: &Deck, policy: &str, games: u64) -> crate::SimReport {
    let options = crate::SimOptions {
        games,
        seed: 42,
        threads: 1,
        policy: Some(policy.to_owned()),
        ..crate::SimOptions::default()
    };
    crate::simulate(&testing::game(G), deck, &options, &mut |_| true).unwrap()
}

/// FNV-1a: a stable digest of a whole report (std's hasher may change between releases).
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The bench's deck (block-party) and the throughput example's (prism-breach with Nadia),
/// whole reports, both policies.
#[test]
fn fixed_seed_reports_with_every_effect_repeat_the_pinned_reports() {
    let decks = [
        (
            "block-party",
            testing::pr_dbg_sample_with_starter(testing::BLOCK_PARTY),
        ),
        (
            "prism-breach-nadia",
            testing::pr_dbg_deck(testing::PRISM_BREACH, NADIA),
        ),
    ];
    for (name, deck) in &decks {
        for (policy, _) in POLICIES {
            let report = run(deck, policy, 2000);
            testing::assert_golden_file(
                &format!("reports/pr-dbg-effects-{name}-{policy}-seed-42.json"),
                &serde_json::to_string_pretty(&report).unwrap(),
            );
        }
    }
}

/// Every Character (their discounts, reactions, Abilities and flips) on the full Grid,
/// both policies: one line per run with its results and a digest of the whole report.
#[test]
fn fixed_seed_reports_of_every_character_with_every_effect_repeat_the_pinned_digests() {
    let mut lines = String::new();
    for &(character, side) in CHARACTERS {
        let deck = with_character(testing::PRISM_BREACH, character, side);
        for (policy, _) in POLICIES {
            let report = run(&deck, policy, 1000);
            let json = serde_json::to_string(&report).unwrap();
            let seat = &report.going_first;
            lines.push_str(&format!(
                "{character} / {policy}: won {} lost {} deck-out {} drawn {}, mean kill turn {:?}, report {:016x}\n",
                seat.wins,
                seat.losses.unwrap_or(0),
                seat.deck_outs,
                seat.draws,
                seat.mean_kill_turn,
                digest(&json)
            ));
        }
    }
    testing::assert_golden_file("reports/pr-dbg-effects-every-character-seed-42.txt", &lines);
}
