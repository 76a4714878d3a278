//! The games as the UI lists them: names, card counts, stats and deck sections, with the
//! section rules the editor follows (which sections count, which section a type is forced
//! into). The core decides them; the UI only reads them.

use std::collections::BTreeMap;

use serde::Serialize;

use deckhand_core::{EnemyPick, GameOrigin, GENERIC_SECTIONS, MAX_FOOT_FIGURES};

use crate::{Deckhand, Result};

/// A game as listed to users: the definition's names plus its card count.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct GameSummary {
    pub id: String,
    /// Bundled with Deckhand, or added by the player (`game add`).
    pub origin: GameOrigin,
    pub name: String,
    pub short_name: String,
    pub card_count: usize,
    pub card_types: Vec<String>,
    pub stats: Vec<StatLabel>,
    /// Deck sections, the game's own then the generic `side` and `maybe`.
    pub sections: Vec<StatLabel>,
    /// The stat the deck editor's curve chart counts.
    pub curve_stat: Option<String>,
    /// Heroes of the Grid: the enemy line-up the Playtest view's picker starts with (the
    /// definition's `[goldfish] enemies`, also what a run given none plays); empty elsewhere.
    pub goldfish_enemies: Vec<EnemyPick>,
    /// Heroes of the Grid: the most foot-soldier figures in one battle (the core's
    /// `MAX_FOOT_FIGURES`, which the line-up check also enforces); the picker warns above it.
    pub goldfish_max_foot_figures: u32,
    /// Search queries to offer as examples in the game's search fields (the definition's
    /// `search_examples`); each finds cards of the bundled sample set.
    pub search_examples: Vec<String>,
    /// Whether a deck of this game is a hero or a villain deck.
    pub sided: bool,
    /// Card types that always go to one of the game's sections (`sms` characters), keyed
    /// by the game's canonical type name, exactly as cards carry it: the UI compares
    /// `card.type` with these keys as they are. A card of such a type may still be set
    /// aside in an `aside_sections` section.
    pub section_of_type: BTreeMap<String, String>,
    /// The sections whose cards make up the deck (its size, its stats); decided by the
    /// game's rules in the core.
    pub counted_sections: Vec<String>,
    /// Sections for cards set aside or being considered (`side`, `maybe`): never counted,
    /// open to every card type.
    pub aside_sections: Vec<String>,
    /// Whether the goldfish engine plays this game (the Playtest view).
    pub goldfish: bool,
    /// What its goldfish offers a player to choose (the seat, a pilot policy, the
    /// mulligan, an enemy line-up) and the board it is drawn on; `null` for a game without
    /// a goldfish. The app reads these instead of knowing game ids.
    pub goldfish_capabilities: Option<deckhand_goldfish::GoldfishCapabilities>,
    /// What the goldfish opponent is, in one sentence for the game's players; `null` for a
    /// game without a goldfish.
    pub goldfish_about: Option<String>,
    /// How the game deals and what its table holds (the definition's `[play]`, or its
    /// defaults): the free table and the odds use it.
    pub play: deckhand_core::PlayDef,
    /// The game's named rule variants (`[[formats]]`), in definition order; a deck checked
    /// with none uses the game's own rules.
    pub formats: Vec<FormatSummary>,
}

/// A rule variant as a picker lists it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct FormatSummary {
    pub id: String,
    pub name: String,
    pub description: String,
}

/// A stat's key and the label to show for it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct StatLabel {
    pub key: String,
    pub label: String,
}

impl Deckhand {
    /// Every game with its card count, in id order.
    pub fn game_summaries(&self) -> Result<Vec<GameSummary>> {
        let counts = self.store.card_counts()?;
        Ok(self
            .games
            .iter()
            .map(|game| GameSummary {
                id: game.id.clone(),
                origin: self.games.origin(&game.id).unwrap_or(GameOrigin::Bundled),
                name: game.name.clone(),
                short_name: game.display_short_name().to_owned(),
                card_count: counts
                    .iter()
                    .find(|(id, _)| *id == game.id)
                    .map_or(0, |(_, n)| *n),
                card_types: game.card_types.iter().map(|t| t.name.clone()).collect(),
                stats: game
                    .stats
                    .iter()
                    .map(|(key, def)| StatLabel {
                        key: key.clone(),
                        label: def.label.clone(),
                    })
                    .collect(),
                sections: game
                    .sections
                    .iter()
                    .map(|s| StatLabel {
                        key: s.id.clone(),
                        label: s.name.clone(),
                    })
                    .chain(GENERIC_SECTIONS.iter().map(|id| StatLabel {
                        key: (*id).to_owned(),
                        label: game.section_name(id).to_owned(),
                    }))
                    .collect(),
                curve_stat: game.deck.curve_stat.clone(),
                goldfish_enemies: game
                    .goldfish
                    .as_ref()
                    .map(|g| g.enemies.clone())
                    .unwrap_or_default(),
                goldfish_max_foot_figures: MAX_FOOT_FIGURES,
                search_examples: game.search_examples.clone(),
                sided: game.deck.default_side != deckhand_core::DefaultSide::None,
                section_of_type: game
                    .deck
                    .section_of_type
                    .iter()
                    .map(|(card_type, section)| {
                        let canonical = game.card_type(card_type).map_or(card_type, |t| &t.name);
                        (canonical.clone(), section.clone())
                    })
                    .collect(),
                counted_sections: game.deck.counted_sections.clone(),
                aside_sections: GENERIC_SECTIONS.iter().map(|s| (*s).to_owned()).collect(),
                goldfish: deckhand_goldfish::supports(&game.id),
                goldfish_capabilities: deckhand_goldfish::capabilities(&game.id),
                goldfish_about: deckhand_goldfish::goldfish_about(&game.id).map(str::to_owned),
                play: game.play.clone(),
                formats: game
                    .formats
                    .iter()
                    .map(|f| FormatSummary {
                        id: f.id.clone(),
                        name: f.name.clone(),
                        description: f.description.clone(),
                    })
                    .collect(),
            })
            .collect())
    }
}
