//! A deck turned into small indices: the distinct cards of the sections that play, their
//! names and alphabetical ranks, and the library in printed order.

use deckhand_core::{fold_name, Card, Deck, DeckEntry, StatValue};

use crate::error::GoldfishError;

/// The largest deck the engine plays (card indices are `u16`; turn tables are sized by the
/// deck).
pub const MAX_DECK: u32 = 10_000;

/// The distinct cards of a deck and the library built from them.
#[derive(Debug, Clone)]
pub struct DeckCards {
    /// One entry per distinct card (by card id), in the order first met in the deck.
    pub cards: Vec<Card>,
    /// The position of each card in alphabetical order of folded names (ties by id), so
    /// "ties by name" is an integer comparison.
    pub name_rank: Vec<u16>,
    /// Cards with the same folded name share a name id ("no two Pilots of the same name").
    pub name_id: Vec<u16>,
    /// The library in printed order: each copy's card index.
    pub order: Vec<u16>,
}

impl DeckCards {
    /// Collects the entries of `sections` (other sections, such as `side` and `maybe`, never
    /// play).
    pub fn from_deck(deck: &Deck, sections: &[&str]) -> Result<DeckCards, GoldfishError> {
        let mut cards: Vec<Card> = Vec::new();
        let mut order = Vec::new();
        let total: u64 = deck
            .entries
            .iter()
            .filter(|e| sections.contains(&e.section.as_str()))
            .map(|e| u64::from(e.count))
            .sum();
        if total > u64::from(MAX_DECK) {
            return Err(GoldfishError::DeckTooLarge {
                found: total,
                max: MAX_DECK,
            });
        }
        for entry in deck
            .entries
            .iter()
            .filter(|e| sections.contains(&e.section.as_str()))
        {
            let index = match cards.iter().position(|c| c.id == entry.card.id) {
                Some(i) => i,
                None => {
                    cards.push(entry.card.clone());
                    cards.len() - 1
                }
            };
            order.extend(std::iter::repeat_n(index as u16, entry.count as usize));
        }
        let folded: Vec<String> = cards.iter().map(|c| fold_name(&c.name)).collect();
        let mut by_name: Vec<usize> = (0..cards.len()).collect();
        by_name.sort_by(|&a, &b| {
            folded[a]
                .cmp(&folded[b])
                .then(cards[a].id.cmp(&cards[b].id))
        });
        let mut name_rank = vec![0u16; cards.len()];
        let mut name_id = vec![0u16; cards.len()];
        let mut next_id = 0u16;
        for (rank, &i) in by_name.iter().enumerate() {
            name_rank[i] = rank as u16;
            if rank > 0 && folded[by_name[rank - 1]] != folded[i] {
                next_id += 1;
            }
            name_id[i] = next_id;
        }
        Ok(DeckCards {
            cards,
            name_rank,
            name_id,
            order,
        })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn name(&self, card: u16) -> &str {
        &self.cards[card as usize].name
    }

    /// The deck's size (copies).
    pub fn size(&self) -> u32 {
        self.order.len() as u32
    }
}

/// The folded type of a card (`zoid`, `pilot`…).
pub fn type_key(card: &Card) -> String {
    fold_name(&card.card_type)
}

/// A numeric stat, missing or non-numeric read as 0 and clamped to `0..=255` (the goldfish
/// only needs small counts; `MAX` and `X` are not numbers it acts on).
pub fn small_stat(card: &Card, stat: &str) -> u8 {
    card.stats
        .get(stat)
        .and_then(StatValue::as_number)
        .map_or(0, |n| n.clamp(0, 255) as u8)
}

/// The words of a list stat (such as `pilot_types`), folded.
pub fn list_stat(card: &Card, stat: &str) -> Vec<String> {
    match card.stats.get(stat) {
        Some(StatValue::List(items)) => items
            .iter()
            .filter_map(|item| match item {
                StatValue::Text(t) => Some(fold_name(t)),
                _ => None,
            })
            .collect(),
        Some(StatValue::Text(t)) => vec![fold_name(t)],
        _ => Vec::new(),
    }
}

/// A keyword on the card by (folded) name: `Some("")` for a plain keyword, `Some("1")` for
/// `Scouting: 1`, `None` when absent.
pub fn keyword<'a>(card: &'a Card, name: &str) -> Option<&'a str> {
    let key = fold_name(name);
    card.keywords.iter().find_map(|written| {
        let (kw, value) = written.split_once(':').unwrap_or((written, ""));
        (fold_name(kw) == key).then(|| value.trim())
    })
}

/// A numeric keyword's value (`Scouting: 1` → 1), absent or unreadable as 0, clamped to
/// `0..=255`.
pub fn keyword_number(card: &Card, name: &str) -> u8 {
    keyword(card, name)
        .and_then(|v| v.parse::<i64>().ok())
        .map_or(0, |n| n.clamp(0, 255) as u8)
}

/// The stand-in for one copy of `card` when its impact is measured: a card the pilot can
/// never play or use (a type no procedure acts on; no stats, keywords, text or effects),
/// that keeps what places it in the deck (side, colour, set) so that it still belongs to
/// the same side or Ranger and can still pay a cost where the game discards to pay. Every
/// procedure reads it through its own generic fallback for a type it does not know.
/// It keeps the card's name too: pilots break ties by name (which card to pay with
/// first), and a blank named otherwise would change those choices for the other cards.
pub fn blank_of(card: &Card) -> Card {
    Card {
        id: format!("{}#blank", card.id),
        game: card.game.clone(),
        name: card.name.clone(),
        card_type: "Blank".into(),
        set: card.set.clone(),
        number: None,
        side: card.side,
        color: card.color.clone(),
        subtypes: Vec::new(),
        keywords: Vec::new(),
        text: None,
        stats: Default::default(),
        effects: Vec::new(),
        goldfish: None,
    }
}

/// `deck` with one copy of card `card_id` of `section` replaced by `with` (the copy taken
/// is the entry's last; `with` takes its place in the printed order, so that the same
/// random numbers deal it where the copy would have been). `None` when the section holds
/// no copy.
pub fn replace_one(deck: &Deck, section: &str, card_id: &str, with: Card) -> Option<Deck> {
    let i = deck
        .entries
        .iter()
        .rposition(|e| e.section == section && e.card.id == card_id && e.count > 0)?;
    let mut out = deck.clone();
    let entry = DeckEntry {
        section: section.to_owned(),
        count: 1,
        card: with,
    };
    if out.entries[i].count == 1 {
        out.entries[i] = entry;
    } else {
        out.entries[i].count -= 1;
        out.entries.insert(i + 1, entry);
    }
    Some(out)
}
