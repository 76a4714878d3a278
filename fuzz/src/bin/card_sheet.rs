//! Fuzzes card spreadsheets (`read_sheet`: comma-, semicolon- and tab-separated, the last
//! as LackeyCCG's `carddata.txt` is) against the bundled games. Whatever is accepted must read back as written: exported again
//! (`card_sheet_csv`) and read, the cards are the same, and each card read back from its
//! JSON (as the database stores it) is the same card.
//! (In a `;`-separated file a list's items are split on `|`; an item holding a `;` is
//! refused, as the export joins items with it.)

use deckhand_core::{card_sheet_csv, read_sheet, Card, SheetOptions};

fn main() {
    let games = deckhand_fuzz::games();
    afl::fuzz!(|data: &[u8]| {
        for delimiter in [b',', b';', b'\t'] {
            for game in games.iter() {
                let options = SheetOptions {
                    delimiter,
                    game: Some(game.id.clone()),
                    ..SheetOptions::default()
                };
                let Ok(sheet) = read_sheet("fuzz", data, &games, &options) else {
                    continue;
                };
                let cards: Vec<Card> = sheet.cards.into_iter().map(|(_, card)| card).collect();
                for card in &cards {
                    let json = serde_json::to_string(card).expect("a card to JSON");
                    let stored: Card = serde_json::from_str(&json)
                        .unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
                    assert_eq!(&stored, card, "the JSON reads back otherwise");
                }
                let exported = card_sheet_csv(game, &cards);
                let comma = SheetOptions {
                    delimiter: b',',
                    game: Some(game.id.clone()),
                    ..SheetOptions::default()
                };
                let again = read_sheet("export", exported.as_bytes(), &games, &comma)
                    .unwrap_or_else(|e| panic!("the export does not read back: {e}\n{exported}"));
                let again: Vec<Card> = again.cards.into_iter().map(|(_, card)| card).collect();
                assert_eq!(again, cards, "the export reads back otherwise:\n{exported}");
            }
        }
    });
}
