//! Text proxies: every piece of text stays inside its box, measured with the font's metrics.

mod common;

use deckhand_print::{design_proxy, CardSizes, Font, Rect, LINE_SPACING, MM_PER_PT};

#[test]
fn no_text_on_any_bundled_or_awkward_card_leaves_its_box() {
    let mut checked = 0;
    for game in common::games().iter() {
        let mut cards = common::cards(&game.id);
        if game.id == "zoids-scramble" {
            cards.extend(common::fixture_cards("awkward-cards.json"));
        }
        let sizes = CardSizes::of(game);
        for card in &cards {
            let size = sizes.size_of(&card.card_type);
            let trim = Rect {
                x: 10.0,
                y: 10.0,
                width: size.width,
                height: size.height,
            };
            let design = design_proxy(card, game, trim, trim);
            for text in &design.texts {
                let line_mm = text.size_pt * LINE_SPACING * MM_PER_PT;
                for (style, line, top) in &text.lines {
                    let width = Font::get(*style).width_mm(line, text.size_pt);
                    assert!(
                        width <= text.rect.width + 1e-6,
                        "{}: '{line}' is {width:.2} mm wide in a {:.2} mm box",
                        card.name,
                        text.rect.width
                    );
                    assert!(
                        top + line_mm <= text.rect.height + 1e-6,
                        "{}: '{line}' ends {:.2} mm down a {:.2} mm box",
                        card.name,
                        top + line_mm,
                        text.rect.height
                    );
                }
                assert!(
                    text.size_pt >= 3.0,
                    "{}: {} pt is unreadable",
                    card.name,
                    text.size_pt
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} cards checked");
}

#[test]
fn long_rules_text_shrinks_and_is_cut_with_an_ellipsis_only_when_even_4_pt_overflows() {
    let game = common::game("zoids-scramble");
    let cards = common::fixture_cards("awkward-cards.json");
    let trim = Rect {
        x: 0.0,
        y: 0.0,
        width: 63.0,
        height: 88.0,
    };
    let body = |card: &deckhand_core::Card| {
        design_proxy(card, &game, trim, trim)
            .texts
            .last()
            .unwrap()
            .clone()
    };
    let short = body(&cards[0]);
    assert_eq!(short.size_pt, 8.0);
    let long = body(&cards[3]);
    assert!(long.size_pt < 8.0, "{}", long.size_pt);
    let all: String = long.lines.iter().map(|l| l.1.as_str()).collect();
    assert!(all.contains("Scrapyard") && !all.contains('…'), "{all}");

    let mut endless = cards[3].clone();
    endless.text = Some(endless.text.unwrap().repeat(6));
    let cut = body(&endless);
    assert_eq!(cut.size_pt, 4.0);
    assert!(cut.lines.last().unwrap().1.ends_with('…'));
}
