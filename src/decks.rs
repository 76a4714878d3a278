//! Deck files: reading a text deck list against the card database and checking it.

use deckhand_core::{check_deck, deck_header, parse_deck_text, Deck, DeckEntry, Legality, Side};

use crate::{Deckhand, Error, Result};

impl Deckhand {
    /// Reads a plain-text deck list. The game is `game`, else the file's `# game:` line;
    /// the side is `side`, else the file's `# side:` line. Every card name must exist in
    /// that game: unknown names are one error listing each with its line and suggestions.
    pub fn read_deck_text(
        &self,
        source_name: &str,
        text: &str,
        game: Option<&str>,
        side: Option<Side>,
    ) -> Result<Deck> {
        let header = deck_header(text);
        let game_id = match (game, header.game.as_deref()) {
            (Some(given), Some(declared)) if given != declared => {
                return Err(Error::DeckGame {
                    source_name: source_name.to_owned(),
                    message: format!(
                        "the file says '# game: {declared}' but the game asked for is '{given}'"
                    ),
                })
            }
            (Some(given), _) => given,
            (None, Some(declared)) => declared,
            (None, None) => return Err(Error::DeckGame {
                source_name: source_name.to_owned(),
                message:
                    "which game is this deck for? Pass --game or add a '# game: <id>' first line"
                        .into(),
            }),
        };
        let game = self.games().get(game_id)?;
        let lines = parse_deck_text(source_name, text, game)?;
        let mut entries = Vec::with_capacity(lines.len());
        let mut unknown = Vec::new();
        for line in lines {
            let candidates = self.cards_named(&line.name, &game.id)?;
            // A `(SET)` picks that printing when there is one; otherwise the first.
            let chosen = candidates
                .iter()
                .find(|c| {
                    line.set.as_deref().is_some_and(|s| {
                        c.set
                            .as_deref()
                            .is_some_and(|cs| cs.eq_ignore_ascii_case(s))
                    })
                })
                .or(candidates.first());
            match chosen {
                Some(card) => entries.push(DeckEntry {
                    section: line.section,
                    count: line.count,
                    card: card.clone(),
                }),
                None => {
                    let suggestions = self.suggest_card_names(&line.name, Some(&game.id), 3)?;
                    let hint = match suggestions.as_slice() {
                        [] => String::new(),
                        names => format!(
                            " (did you mean {}?)",
                            names
                                .iter()
                                .map(|n| format!("'{n}'"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    unknown.push(format!("line {} '{}'{hint}", line.line, line.name));
                }
            }
        }
        if !unknown.is_empty() {
            return Err(Error::UnknownCards {
                source_name: source_name.to_owned(),
                game: game.id.clone(),
                cards: unknown,
            });
        }
        Ok(Deck {
            game: game.id.clone(),
            side: side.or(header.side),
            entries,
        })
    }

    /// Checks a deck against its game's construction rules.
    pub fn check_deck(&self, deck: &Deck) -> Result<Legality> {
        Ok(check_deck(self.games().get(&deck.game)?, deck))
    }
}
