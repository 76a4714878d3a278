//! Goldfish: a deck (stored, read from a file, or the editor's unsaved draft) played by
//! `deckhand-goldfish`, and exact draw odds for search queries.
//!
//! Resolving a deck needs the database; playing it does not. [`Deckhand::playable`] returns
//! a [`Playable`] that owns its game definition, deck and verdict, so a caller such as the
//! app can release the database while a long simulation runs on another thread.
//!
//! What some games' goldfish needs besides the deck is resolved here too:
//! - PR Deck-Building: a deck with no `starter` section plays the rules' starter deck for
//!   its side (the game definition's starter composition of that side), found by name
//!   among the game's Starter cards
//!   in the database when the deck is made playable, and added for the side the run plays
//!   (the option's, else the deck's, else its character's, else Hero).
//! - Heroes of the Grid: the enemy line-up, by enemy deck name (the enemy cards' subtype,
//!   as the community export names them) and figure count: [`Deckhand::enemy_lineup`],
//!   with [`parse_enemy_pick`] for `"Putty Patrollers:3"`; the die with [`parse_die_faces`].
//!   A run given no line-up plays the definition's `[goldfish] enemies`, resolved when the
//!   deck is made playable.
//!
//! Here: [`Playable`] and making a deck playable; `enemies.rs` the Heroes of the Grid enemy
//! decks and line-ups and the `--enemies` and `--die` option texts; `odds.rs` the odds
//! table for search queries.

mod enemies;
mod odds;

use std::borrow::Cow;
use std::sync::Arc;

use deckhand_core::{fold_name, Deck, DeckEntry, Game, Legality, RuleKind, Severity, Side};
use deckhand_goldfish::DeckGamesCache;
pub use deckhand_goldfish::{
    capabilities, supports, worker_threads, Better, CardCoverage, ChoiceKind, Comparison, Coverage,
    Difference, EffectsMode, EnemyGroup, Figure, FigureKind, FromHere, GameLog, GameOption,
    GameOptions, GoldfishError, HereOdds, HereOddsRow, Measure, Objective, OddsRow, OptionValue,
    Outcome, OutcomeDistribution, Outcomes, Owner, Picks, PilotPick, PlayDecision, PlayOption,
    PlayOptions, PlayState, SeatComparison, SeatReport, SimOptions, SimReport, StepOptions, Zone,
    DEFAULT_POLICY, MAX_CONTINUATIONS, MAX_ESTIMATE_GAMES, MAX_GAMES,
};

use crate::{DeckContent, Deckhand, Error, Result};

pub use enemies::{parse_die_faces, parse_enemy_pick, EnemyDeck};
pub use odds::{OddsMatch, OddsQuery, OddsTable, MAX_ODDS_TURNS};

/// The random seeds are below this: six digits at most, short enough for a player to read
/// off the screen and type into `--seed`, and a million games to tell apart.
pub const RANDOM_SEEDS: u64 = 1_000_000;

/// A seed for a run the user did not seed: random per call, from the OS's hasher keys.
/// (The engine itself only ever takes seeds as arguments.) Below [`RANDOM_SEEDS`], so it is
/// short on screen and survives the trip through JSON into JavaScript and back exactly.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x9e37_79b9_7f4a_7c15);
    hasher.finish() % RANDOM_SEEDS
}

/// A deck ready to play: its game, its cards and what the construction rules said.
/// Illegal decks play too (players goldfish while they build); the report says so.
#[derive(Debug, Clone)]
pub struct Playable {
    pub game: Game,
    pub deck: Deck,
    pub legality: Legality,
    /// The rules' fixed decks of both sides (PR Deck-Building's starter decks), from the
    /// database, when the deck lists none: a run adds its side's ([`Playable::deck_for`]).
    pub starters: Vec<DeckEntry>,
    /// Heroes of the Grid: the game definition's default enemy line-up, resolved against
    /// the database; a run given no line-up plays it.
    pub default_enemies: Vec<EnemyGroup>,
    /// The deck's own games of earlier estimates (shared with the [`Deckhand`] that made
    /// this): From here plays them once per deck, seat, options and count.
    pub deck_games: Arc<DeckGamesCache>,
}

impl Playable {
    /// The legality errors, one line each.
    pub fn legality_errors(&self) -> Vec<String> {
        self.legality
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.message.clone())
            .collect()
    }

    /// Monte Carlo: `options.games` games from each seat. `progress` gets the games done per
    /// seat; returning false cancels.
    pub fn simulate(
        &self,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport> {
        let deck = self.deck_for(options.side);
        let options = self.with_default_enemies(options, |o| &mut o.game.enemies);
        let mut report = deckhand_goldfish::simulate(&self.game, &deck, &options, progress)?;
        report.legal = Some(self.legality.legal);
        report.legality_errors = self.legality_errors();
        Ok(report)
    }

    /// One game, turn by turn, every decision with its reason.
    pub fn step(&self, options: &StepOptions) -> Result<GameLog> {
        Ok(deckhand_goldfish::step(
            &self.game,
            &self.deck_for(options.side),
            &self.with_default_enemies(options, |o| &mut o.game.enemies),
        )?)
    }

    /// A game played by a person: the seed replayed with their picks, up to the next
    /// decision (or to the end, with `options.pilot_rest`).
    pub fn play(&self, options: &PlayOptions) -> Result<PlayState> {
        let step = self.with_default_enemies(&options.step, |o| &mut o.game.enemies);
        let options = PlayOptions {
            step: step.into_owned(),
            ..options.clone()
        };
        Ok(deckhand_goldfish::play(
            &self.game,
            &self.deck_for(options.step.side),
            &options,
        )?)
    }

    /// How the game played so far is likely to end from its pending decision, the pilot
    /// playing on `continuations` times with the unseen cards dealt anew; with `compare`,
    /// each option of the decision played on the same deals.
    pub fn from_here(
        &self,
        options: &PlayOptions,
        continuations: u32,
        compare: bool,
    ) -> Result<FromHere> {
        let step = self.with_default_enemies(&options.step, |o| &mut o.game.enemies);
        let options = PlayOptions {
            step: step.into_owned(),
            ..options.clone()
        };
        Ok(deckhand_goldfish::from_here_cached(
            &self.game,
            &self.deck_for(options.step.side),
            &options,
            continuations,
            compare,
            &self.deck_games,
        )?)
    }

    /// `options`, with the default enemy line-up when they name none and the game has one.
    pub(crate) fn with_default_enemies<'a, O: Clone>(
        &self,
        options: &'a O,
        enemies: impl Fn(&mut O) -> &mut Vec<EnemyGroup>,
    ) -> Cow<'a, O> {
        if self.default_enemies.is_empty() {
            return Cow::Borrowed(options);
        }
        let mut owned = options.clone();
        if !enemies(&mut owned).is_empty() {
            return Cow::Borrowed(options);
        }
        *enemies(&mut owned) = self.default_enemies.clone();
        Cow::Owned(owned)
    }

    /// The deck as it plays from `side`: with the rules' fixed deck of that side (a
    /// starter deck) when it lists none. Without a side given, the deck's own, else the
    /// side its first sided card states (PR Deck-Building's Character), else the hero's.
    pub fn deck_for(&self, side: Option<Side>) -> Cow<'_, Deck> {
        if self.starters.is_empty() {
            return Cow::Borrowed(&self.deck);
        }
        let card_side = self.deck.entries.iter().find_map(|e| e.card.side);
        let side = side.or(self.deck.side).or(card_side).unwrap_or(Side::Hero);
        let mut deck = self.deck.clone();
        deck.entries.extend(
            self.starters
                .iter()
                .filter(|e| e.card.side.unwrap_or(Side::Hero) == side)
                .cloned(),
        );
        Cow::Owned(deck)
    }

    /// This deck (A) against `other` (B) on common random numbers; each side's report
    /// carries its deck's legality.
    pub fn compare(
        &self,
        other: &Playable,
        options: &SimOptions,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Comparison> {
        if other.game.id != self.game.id {
            return Err(Error::DeckGame {
                source_name: "--against".into(),
                message: format!(
                    "cannot compare a {} deck with a {} deck",
                    self.game.id, other.game.id
                ),
            });
        }
        let mut comparison = deckhand_goldfish::compare(
            &self.game,
            &self.deck_for(options.side),
            &other.deck_for(options.side),
            &self.with_default_enemies(options, |o| &mut o.game.enemies),
            progress,
        )?;
        for (report, deck) in [(&mut comparison.a, self), (&mut comparison.b, other)] {
            report.legal = Some(deck.legality.legal);
            report.legality_errors = deck.legality_errors();
        }
        Ok(comparison)
    }

    /// Copies in the part of the deck that plays (the `main` section).
    pub fn library_size(&self) -> u32 {
        self.deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .map(|e| e.count)
            .fold(0u32, u32::saturating_add)
    }
}

impl Deckhand {
    /// Checks `deck` and packs it with its game for playing.
    pub fn playable(&self, deck: Deck) -> Result<Playable> {
        let game = self.games().get(&deck.game)?.clone();
        // A player's game has cards and rules as data, but no pilot: say so plainly.
        if !supports(&game.id) {
            return Err(Error::NoGoldfish {
                id: game.id,
                name: game.name,
                known: deckhand_goldfish::games().collect::<Vec<_>>().join(", "),
            });
        }
        let legality = self.check_deck(&deck)?;
        let starters = self.fixed_decks(&game, &deck)?;
        let default_picks: Vec<(&str, u32)> = game
            .goldfish
            .iter()
            .flat_map(|g| &g.enemies)
            .map(|pick| (pick.name.as_str(), pick.figures))
            .collect();
        let default_enemies = if default_picks.is_empty() {
            Vec::new()
        } else {
            self.enemy_lineup(&game.id, &default_picks)?
        };
        Ok(Playable {
            game,
            deck,
            legality,
            starters,
            default_enemies,
            deck_games: Arc::clone(&self.deck_games),
        })
    }

    /// The fixed decks a deck plays with when it lists none of their cards (PR
    /// Deck-Building's starter decks): for each `fixed_composition` rule whose compositions
    /// state a side, when the deck has no card in the rule's sections, each side's
    /// composition, in the rule's first section. A card is found by name among the game's
    /// cards of that side, one of the type named like the section first (the Starter
    /// cards); a name not found is left out, and the goldfish then names what it misses.
    fn fixed_decks(&self, game: &Game, deck: &Deck) -> Result<Vec<DeckEntry>> {
        let mut entries = Vec::new();
        for rule in &game.deck.rules {
            let RuleKind::FixedComposition { compositions, .. } = &rule.kind else {
                continue;
            };
            let Some(section) = rule.sections.first() else {
                continue;
            };
            if deck
                .entries
                .iter()
                .any(|e| rule.sections.contains(&e.section))
            {
                continue;
            }
            let own_type = fold_name(section);
            for composition in compositions {
                let Some(side) = composition.side else {
                    continue;
                };
                for (name, &count) in &composition.cards {
                    let found = self
                        .cards_named(name, &game.id)?
                        .into_iter()
                        .filter(|c| c.side.is_none_or(|s| s == side))
                        .min_by_key(|c| fold_name(&c.card_type) != own_type);
                    if let Some(mut card) = found {
                        card.side = Some(side);
                        entries.push(DeckEntry {
                            section: section.clone(),
                            count,
                            card,
                        });
                    }
                }
            }
        }
        Ok(entries)
    }

    /// The editor's unsaved deck, ready to play.
    pub fn playable_draft(&self, draft: &DeckContent) -> Result<Playable> {
        let deck = self.resolve_draft(draft)?;
        self.playable(deck)
    }
}

#[cfg(test)]
mod tests;
