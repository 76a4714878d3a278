//! Layouts: one committed JSON snapshot per case (`tests/snapshots/<case>.json`), and
//! invariants over random options. Refresh snapshots with `UPDATE_SNAPSHOTS=1`.

mod common;

use std::path::Path;

use deckhand_core::{Card, CardSize};
use deckhand_print::{
    layout, Backs, CardSizes, Duplex, Layout, Marks, Orientation, PageSide, Paper, PrintError,
    PrintItem, PrintOptions,
};
use proptest::prelude::*;

fn snapshot(case: &str, layout: &Layout) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{case}.json"));
    let actual = serde_json::to_string_pretty(layout).unwrap() + "\n";
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{case}: no snapshot; run with UPDATE_SNAPSHOTS=1"));
    assert!(
        actual == expected,
        "{case}: layout differs from {}:\n{actual}",
        path.display()
    );
}

fn items(cards: &[Card], n: usize) -> Vec<PrintItem<'_>> {
    cards
        .iter()
        .cycle()
        .take(n)
        .map(|card| PrintItem { card, image: None })
        .collect()
}

#[test]
fn layouts_match_their_snapshots() {
    let zoids = common::game("zoids-scramble");
    let zoid_cards = common::cards("zoids-scramble");
    let sizes = CardSizes::of(&zoids);
    let cases: Vec<(&str, usize, PrintOptions)> = vec![
        ("a4-defaults-11-cards", 11, PrintOptions::default()),
        (
            "letter-gap-bleed-crop",
            9,
            PrintOptions {
                paper: Paper::Letter,
                gap_mm: 6.0,
                bleed_mm: 3.0,
                ..Default::default()
            },
        ),
        (
            "a3-landscape-cut-lines",
            12,
            PrintOptions {
                paper: Paper::A3,
                orientation: Orientation::Landscape,
                marks: Marks::Lines,
                gap_mm: 2.0,
                ..Default::default()
            },
        ),
        (
            "custom-paper-no-marks",
            3,
            PrintOptions {
                paper: Paper::Custom {
                    width_mm: 150.0,
                    height_mm: 100.0,
                },
                marks: Marks::None,
                margin_mm: 3.0,
                ..Default::default()
            },
        ),
        (
            "duplex-long-edge-offset",
            4,
            PrintOptions {
                backs: Backs::Game,
                duplex: Some(Duplex::LongEdge),
                offset_x_mm: 1.5,
                offset_y_mm: -0.5,
                ..Default::default()
            },
        ),
        (
            "duplex-short-edge",
            4,
            PrintOptions {
                backs: Backs::Image("back.png".into()),
                duplex: Some(Duplex::ShortEdge),
                ..Default::default()
            },
        ),
        (
            "landscape-duplex-long-edge",
            4,
            PrintOptions {
                orientation: Orientation::Landscape,
                backs: Backs::Game,
                duplex: Some(Duplex::LongEdge),
                ..Default::default()
            },
        ),
        (
            "scale-correction",
            2,
            PrintOptions {
                scale_x_pct: 100.4,
                scale_y_pct: 99.5,
                ..Default::default()
            },
        ),
    ];
    for (case, n, options) in cases {
        snapshot(
            case,
            &layout(&items(&zoid_cards, n), &sizes, &options).unwrap(),
        );
    }
    // Oversized pr-dbg characters go on pages of their own size.
    let dbg = common::game("pr-dbg");
    let dbg_cards = common::cards("pr-dbg");
    let mut mixed: Vec<&Card> = dbg_cards
        .iter()
        .filter(|c| c.card_type != "Character")
        .take(3)
        .collect();
    mixed.extend(
        dbg_cards
            .iter()
            .filter(|c| c.card_type == "Character")
            .take(5),
    );
    let mixed_items: Vec<PrintItem> = mixed
        .iter()
        .map(|card| PrintItem { card, image: None })
        .collect();
    snapshot(
        "pr-dbg-oversized-characters",
        &layout(&mixed_items, &CardSizes::of(&dbg), &PrintOptions::default()).unwrap(),
    );
}

#[test]
fn a_bleed_the_gap_cannot_hold_and_a_card_bigger_than_the_paper_name_their_option() {
    let cards = common::cards("zoids-scramble");
    let sizes = CardSizes::uniform(CardSize {
        width: 63.0,
        height: 88.0,
    });
    let named = |options: PrintOptions| match layout(&items(&cards, 1), &sizes, &options) {
        Err(PrintError::Option { option, .. }) => option,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        named(PrintOptions {
            bleed_mm: 2.0,
            gap_mm: 3.0,
            ..Default::default()
        }),
        "bleed"
    );
    assert_eq!(
        named(PrintOptions {
            paper: Paper::Custom {
                width_mm: 60.0,
                height_mm: 100.0
            },
            ..Default::default()
        }),
        "paper"
    );
    assert!(matches!(
        layout(&[], &sizes, &PrintOptions::default()),
        Err(PrintError::NoCards)
    ));
}

fn options_strategy() -> impl Strategy<Value = PrintOptions> {
    (
        prop_oneof![
            Just(Paper::A4),
            Just(Paper::Letter),
            Just(Paper::A3),
            (120.0..400.0f64, 120.0..400.0f64).prop_map(|(w, h)| Paper::Custom {
                width_mm: w,
                height_mm: h
            })
        ],
        any::<bool>(),
        0.0..15.0f64,
        0.0..5.0f64,
        0.0..1.0f64,
        prop_oneof![Just(Marks::Crop), Just(Marks::Lines), Just(Marks::None)],
        prop_oneof![
            Just(None),
            Just(Some(Duplex::LongEdge)),
            Just(Some(Duplex::ShortEdge))
        ],
        -5.0..5.0f64,
        -5.0..5.0f64,
    )
        .prop_map(
            |(paper, landscape, margin, bleed, extra_gap, marks, duplex, ox, oy)| PrintOptions {
                paper,
                orientation: if landscape {
                    Orientation::Landscape
                } else {
                    Orientation::Portrait
                },
                margin_mm: margin,
                bleed_mm: bleed,
                gap_mm: 2.0 * bleed + extra_gap * 4.0,
                marks,
                backs: if duplex.is_some() {
                    Backs::Game
                } else {
                    Backs::None
                },
                duplex,
                offset_x_mm: ox,
                offset_y_mm: oy,
                ..Default::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every card is printed once, inside the margins, no two bleeds overlap, no crop mark
    /// touches a card, and every back lies exactly behind its front.
    #[test]
    fn any_valid_options_give_a_sound_layout(options in options_strategy(), n in 1usize..40) {
        let cards = common::cards("zoids-scramble");
        let sizes = CardSizes::uniform(CardSize { width: 63.0, height: 88.0 });
        let Ok(layout) = layout(&items(&cards, n), &sizes, &options) else {
            // Only paper too small for a card is refused among valid options.
            let (w, h) = options.paper_mm();
            prop_assert!(w - 2.0 * options.margin_mm - 2.0 * options.bleed_mm < 63.0 || h - 2.0 * options.margin_mm - 2.0 * options.bleed_mm < 88.0);
            return Ok(());
        };
        let [w, h] = layout.paper_mm;
        let mut printed: Vec<usize> = layout.front_pages().flat_map(|p| p.cards.iter().map(|c| c.item)).collect();
        printed.sort();
        prop_assert_eq!(printed, (0..n).collect::<Vec<_>>());
        let eps = 0.002;
        for (index, page) in layout.pages.iter().enumerate() {
            for (i, a) in page.cards.iter().enumerate() {
                if page.side == PageSide::Front {
                    let m = options.margin_mm - eps;
                    prop_assert!(a.bleed.x >= m && a.bleed.y >= m && a.bleed.right() <= w - m && a.bleed.bottom() <= h - m);
                }
                for b in &page.cards[i + 1..] {
                    let apart = a.bleed.right() <= b.bleed.x + eps || b.bleed.right() <= a.bleed.x + eps
                        || a.bleed.bottom() <= b.bleed.y + eps || b.bleed.bottom() <= a.bleed.y + eps;
                    prop_assert!(apart, "bleeds overlap: {:?} {:?}", a, b);
                }
                for mark in page.marks.iter().filter(|m| m.kind == deckhand_print::MarkKind::Crop) {
                    let (x0, x1) = (mark.from[0].min(mark.to[0]), mark.from[0].max(mark.to[0]));
                    let (y0, y1) = (mark.from[1].min(mark.to[1]), mark.from[1].max(mark.to[1]));
                    let clear = 0.5;
                    let touches = x1 > a.bleed.x - clear && x0 < a.bleed.right() + clear
                        && y1 > a.bleed.y - clear && y0 < a.bleed.bottom() + clear;
                    prop_assert!(!touches, "mark {:?} touches {:?}", mark, a.bleed);
                }
            }
            if page.side == PageSide::Back {
                let front = &layout.pages[page.behind.unwrap()];
                prop_assert_eq!(index, page.behind.unwrap() + 1);
                let mirror_x = (options.duplex == Some(Duplex::ShortEdge)) != (w <= h);
                for (f, b) in front.cards.iter().zip(&page.cards) {
                    prop_assert_eq!(f.item, b.item);
                    let (x, y) = if mirror_x { (w - f.trim.right(), f.trim.y) } else { (f.trim.x, h - f.trim.bottom()) };
                    prop_assert!((b.trim.x - x - options.offset_x_mm).abs() < eps && (b.trim.y - y - options.offset_y_mm).abs() < eps);
                }
            }
        }
    }
}
