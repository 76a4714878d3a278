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

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use deckhand_core::{fold_name, Deck, DeckEntry, Game, Legality, RuleKind, Severity, Side};
pub use deckhand_goldfish::{
    supports, worker_threads, Better, CardCoverage, ChoiceKind, Comparison, Coverage, Difference,
    EffectsMode, EnemyGroup, Figure, FigureKind, FromHere, GameLog, GoldfishError, HereOdds,
    HereOddsRow, Measure, Objective, OddsRow, OptionValue, Outcome, OutcomeDistribution, Outcomes,
    Owner, Picks, PilotPick, PlayDecision, PlayOption, PlayOptions, PlayState, SeatComparison,
    SeatReport, SimOptions, SimReport, StepOptions, Zone, DEFAULT_POLICY, MAX_CONTINUATIONS,
    MAX_ESTIMATE_GAMES, MAX_GAMES, PR_DBG_POLICIES,
};
use deckhand_goldfish::{Category, DeckGamesCache};
use serde::Serialize;

use crate::{DeckContent, Deckhand, Error, Result};

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

/// The most turns an odds table covers.
pub const MAX_ODDS_TURNS: u32 = 30;

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
        let options = self.with_default_enemies(options, |o| &mut o.enemies);
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
            &self.with_default_enemies(options, |o| &mut o.enemies),
        )?)
    }

    /// A game played by a person: the seed replayed with their picks, up to the next
    /// decision (or to the end, with `options.pilot_rest`).
    pub fn play(&self, options: &PlayOptions) -> Result<PlayState> {
        let step = self.with_default_enemies(&options.step, |o| &mut o.enemies);
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
        let step = self.with_default_enemies(&options.step, |o| &mut o.enemies);
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
            &self.with_default_enemies(options, |o| &mut o.enemies),
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

/// One question of an odds table: at least `at_least` cards matching `query`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, Serialize, ts_rs::TS)]
pub struct OddsQuery {
    pub query: String,
    pub at_least: u32,
}

/// How many of the deck's playing cards a query matched, and which.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct OddsMatch {
    pub query: String,
    pub at_least: u32,
    /// Copies in the deck that match.
    pub matching: u32,
    /// The matching cards' names, with their copies ("3 Pilot Vera").
    pub cards: Vec<String>,
}

/// Exact odds by turn of holding the queried cards, going first and going second.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct OddsTable {
    pub game: String,
    /// The cards that play (the `main` section).
    pub deck_size: u32,
    pub queries: Vec<OddsMatch>,
    /// With two queries: copies that match both (each counts for one query only).
    pub overlap: u32,
    pub rows: Vec<OddsRow>,
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

    /// The enemy decks of `game_id` (Heroes of the Grid): the cards of its definition's
    /// `enemy_types`, grouped by their subtype (the enemy's name), with their type, sorted
    /// by name. Empty for a game without enemies.
    pub fn enemy_decks(&self, game_id: &str) -> Result<Vec<EnemyDeck>> {
        let types = self.enemy_types(game_id)?;
        let mut decks: BTreeMap<String, EnemyDeck> = BTreeMap::new();
        for card in self.cards(Some(game_id))? {
            let Some(at) = types.iter().position(|t| *t == fold_name(&card.card_type)) else {
                continue;
            };
            for subtype in &card.subtypes {
                let deck = decks
                    .entry(fold_name(subtype))
                    .or_insert_with(|| EnemyDeck {
                        name: subtype.trim().to_owned(),
                        kind: card.card_type.clone(),
                        cards: 0,
                    });
                deck.cards += 1;
                // A deck with a card of a whole-deck type (a Monster) is of that type.
                if deck.kind != card.card_type && at > 0 {
                    deck.kind = card.card_type.clone();
                }
            }
        }
        Ok(decks.into_values().collect())
    }

    /// `game_id`'s enemy card types, folded, in the definition's order.
    fn enemy_types(&self, game_id: &str) -> Result<Vec<String>> {
        let game = self.games().get(game_id)?;
        Ok(game
            .goldfish
            .iter()
            .flat_map(|g| &g.enemy_types)
            .map(|t| fold_name(t))
            .collect())
    }

    /// An enemy line-up of `game_id` (Heroes of the Grid): each pick is an enemy deck's
    /// name (its cards' subtype, compared case-insensitively) and a count of foot-soldier
    /// figures (a Monster or Boss always brings 4 cards).
    pub fn enemy_lineup(&self, game_id: &str, picks: &[(&str, u32)]) -> Result<Vec<EnemyGroup>> {
        if picks.is_empty() {
            return Ok(Vec::new());
        }
        let types = self.enemy_types(game_id)?;
        let cards = self.cards(Some(game_id))?;
        picks
            .iter()
            .map(|&(name, figures)| {
                let key = fold_name(name);
                let deck: Vec<_> = cards
                    .iter()
                    .filter(|c| types.contains(&fold_name(&c.card_type)))
                    .filter(|c| c.subtypes.iter().any(|s| fold_name(s) == key))
                    .cloned()
                    .collect();
                if deck.is_empty() {
                    let known = self.enemy_decks(game_id)?;
                    let close: Vec<String> = known
                        .iter()
                        .filter(|d| {
                            let folded = fold_name(&d.name);
                            key.split_whitespace().any(|w| folded.contains(w))
                        })
                        .map(|d| format!("'{}'", d.name))
                        .take(8)
                        .collect();
                    return Err(Error::DeckGame {
                        source_name: "--enemies".into(),
                        message: match close.is_empty() {
                            true => format!(
                                "no enemy deck named '{name}' ({} enemy decks are stored; list them with the enemy picker)",
                                known.len()
                            ),
                            false => format!(
                                "no enemy deck named '{name}'; did you mean {}?",
                                close.join(", ")
                            ),
                        },
                    });
                }
                Ok(EnemyGroup {
                    name: deck
                        .iter()
                        .flat_map(|c| &c.subtypes)
                        .find(|s| fold_name(s) == key)
                        .map_or_else(|| name.to_owned(), |s| s.trim().to_owned()),
                    cards: deck,
                    figures,
                })
            })
            .collect()
    }

    /// The editor's unsaved deck, ready to play.
    pub fn playable_draft(&self, draft: &DeckContent) -> Result<Playable> {
        let deck = self.resolve_draft(draft)?;
        self.playable(deck)
    }

    /// Exact odds of seeing at least k cards matching each query (one, or two at once) by
    /// each turn, counting the game's real opening. Queries use the card search language.
    pub fn goldfish_odds(
        &self,
        deck: &Deck,
        queries: &[OddsQuery],
        turns: u32,
    ) -> Result<OddsTable> {
        if queries.is_empty() || queries.len() > 2 {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: "ask about one query, or two at once".into(),
            });
        }
        if turns > MAX_ODDS_TURNS {
            return Err(Error::DeckGame {
                source_name: "odds".into(),
                message: format!("--turns is at most {MAX_ODDS_TURNS}"),
            });
        }
        let library: Vec<_> = deck
            .entries
            .iter()
            .filter(|e| e.section == "main")
            .collect();
        let deck_size = library
            .iter()
            .map(|e| e.count)
            .fold(0u32, u32::saturating_add);
        let mut matched_ids = Vec::with_capacity(queries.len());
        let mut matches = Vec::with_capacity(queries.len());
        for question in queries {
            let ids = self.matching_card_ids(&question.query, &deck.game)?;
            let hits: Vec<_> = library
                .iter()
                .filter(|e| ids.contains(&e.card.id))
                .collect();
            matches.push(OddsMatch {
                query: question.query.clone(),
                at_least: question.at_least,
                matching: hits.iter().map(|e| e.count).sum(),
                cards: hits
                    .iter()
                    .map(|e| format!("{} {}", e.count, e.card.name))
                    .collect(),
            });
            matched_ids.push(ids);
        }
        let game = self.games().get(&deck.game)?;
        let category = |m: &OddsMatch| Category {
            matching: m.matching,
            at_least: m.at_least,
        };
        let (overlap, rows) = match matches.as_slice() {
            [one] => (
                0,
                deckhand_goldfish::odds_at_least(game, deck_size, category(one), turns)?,
            ),
            [a, b] => {
                let overlap = library
                    .iter()
                    .filter(|e| matched_ids[0].contains(&e.card.id))
                    .filter(|e| matched_ids[1].contains(&e.card.id))
                    .map(|e| e.count)
                    .sum();
                let rows = deckhand_goldfish::odds_both(
                    game,
                    deck_size,
                    category(a),
                    category(b),
                    overlap,
                    turns,
                )?;
                (overlap, rows)
            }
            _ => unreachable!("one or two queries, checked above"),
        };
        Ok(OddsTable {
            game: deck.game.clone(),
            deck_size,
            queries: matches,
            overlap,
            rows,
        })
    }
}

/// An enemy deck of Heroes of the Grid, for a picker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct EnemyDeck {
    /// The enemy's name, as its cards' subtype gives it ("Putty Patrollers").
    pub name: String,
    /// Foot Soldier, Monster or Boss.
    pub kind: String,
    /// Distinct enemy cards stored for it.
    pub cards: usize,
}

/// Reads one `--enemies` value: `"Putty Patrollers:3"` (3 figures) or `"Goldar"` (1).
pub fn parse_enemy_pick(text: &str) -> Result<(String, u32)> {
    let text = text.trim();
    let bad = |message: String| Error::DeckGame {
        source_name: "--enemies".into(),
        message,
    };
    let (name, figures) = match text.rsplit_once(':') {
        Some((name, count)) if !count.trim().is_empty() => {
            let figures = count.trim().parse::<u32>().map_err(|_| {
                bad(format!(
                    "'{count}' is not a number of figures (write 'Name:3')"
                ))
            })?;
            (name.trim(), figures)
        }
        _ => (text.trim_end_matches(':').trim(), 1),
    };
    if name.is_empty() {
        return Err(bad("an enemy needs a name ('Putty Patrollers:3')".into()));
    }
    Ok((name.to_owned(), figures))
}

/// Reads `--die 0,0,1,1,1,2`: the hits on each face of the combat die.
pub fn parse_die_faces(text: &str) -> Result<Vec<u8>> {
    let bad = |message: String| Error::DeckGame {
        source_name: "--die".into(),
        message,
    };
    let faces = text
        .split(',')
        .map(|face| {
            face.trim()
                .parse::<u8>()
                .map_err(|_| bad(format!("'{}' is not a number of hits", face.trim())))
        })
        .collect::<Result<Vec<u8>>>()?;
    deckhand_core::validate_die_faces(&faces).map_err(bad)?;
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deckhand() -> Deckhand {
        Deckhand::open_in_memory().unwrap()
    }

    const NADIA_GRID: &str = "# game: pr-dbg\nCharacter\n1 Nadia Okonkwo\nMain\n2 Rookie Cadet Ames\n2 Cinder Imp\n2 Arc Baton\n2 Rolling Strike\n2 Prism Visor\n2 Hexmoth\n";

    #[test]
    fn a_random_seed_is_six_digits_at_most_and_differs_between_runs() {
        let seeds: std::collections::BTreeSet<u64> = (0..50).map(|_| random_seed()).collect();
        assert!(seeds.iter().all(|&s| s < RANDOM_SEEDS), "{seeds:?}");
        assert!(seeds.len() > 40, "{} distinct seeds of 50", seeds.len());
    }

    #[test]
    fn a_pr_dbg_deck_without_a_starter_plays_the_rules_starter_for_its_side() {
        let deckhand = deckhand();
        let deck = deckhand
            .read_deck_text("grid.txt", NADIA_GRID, None, None)
            .unwrap();
        let playable = deckhand.playable(deck).unwrap();
        let starter = |side: Option<Side>| -> Vec<(u32, String)> {
            let deck = playable.deck_for(side);
            let mut lines: Vec<(u32, String)> = deck
                .entries
                .iter()
                .filter(|e| e.section == "starter")
                .map(|e| (e.count, e.card.name.clone()))
                .collect();
            lines.sort();
            lines
        };
        let names = |list: &[(u32, &str)]| {
            let mut lines: Vec<(u32, String)> =
                list.iter().map(|&(c, n)| (c, n.to_owned())).collect();
            lines.sort();
            lines
        };
        // Nadia is a Hero: her deck plays the Hero starter unless a run asks for Villain.
        assert_eq!(
            starter(None),
            names(&[
                (7, "Teamwork"),
                (1, "Attitude"),
                (1, "Power Coin"),
                (1, "Recovery")
            ])
        );
        assert_eq!(
            starter(Some(Side::Villain)),
            names(&[
                (7, "Mayhem"),
                (1, "Disposable"),
                (1, "Putty Clay"),
                (1, "Rebuild")
            ])
        );
        let options = SimOptions {
            games: 300,
            seed: 1,
            threads: 1,
            policy: Some("battle-first".into()),
            ..SimOptions::default()
        };
        let report = playable.simulate(&options, &mut |_| true).unwrap();
        assert_eq!(report.policy, "battle-first");
        assert!(report.going_first.counts("flip_turns").is_some());
    }

    #[test]
    fn enemy_line_ups_are_found_by_enemy_deck_name_with_their_figures() {
        let deckhand = deckhand();
        let lineup = deckhand
            .enemy_lineup("pr-hotg", &[("gravel grunt", 3), ("Empress Noxara", 1)])
            .unwrap();
        let summary: Vec<(&str, usize, u32)> = lineup
            .iter()
            .map(|g| (g.name.as_str(), g.cards.len(), g.figures))
            .collect();
        assert_eq!(summary, [("Gravel Grunt", 5, 3), ("Empress Noxara", 8, 1)]);
        let err = deckhand
            .enemy_lineup("pr-hotg", &[("Gravel", 2)])
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("no enemy deck named 'Gravel'; did you mean 'Gravel Grunt'?"),
            "{err}"
        );
        let decks = deckhand.enemy_decks("pr-hotg").unwrap();
        let kinds: Vec<(&str, &str)> = decks
            .iter()
            .map(|d| (d.name.as_str(), d.kind.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("Clockjaw", "Monster"),
                ("Empress Noxara", "Boss"),
                ("Gravel Grunt", "Foot Soldier"),
                ("Scrap Hound", "Foot Soldier"),
                ("Static Wraith", "Foot Soldier"),
                ("Vexmoth", "Monster")
            ]
        );
        let deck = deckhand
            .read_deck_text(
                "falcon.txt",
                crate::bundled::DECK_FILES
                    .iter()
                    .find(|f| f.path.ends_with("crimson-falcon-skystrike.txt"))
                    .unwrap()
                    .text,
                None,
                None,
            )
            .unwrap();
        let options = SimOptions {
            games: 300,
            seed: 1,
            threads: 1,
            enemies: lineup,
            die_faces: Some(parse_die_faces("1, 1, 2").unwrap()),
            ..SimOptions::default()
        };
        let report = deckhand
            .playable(deck)
            .unwrap()
            .simulate(&options, &mut |_| true)
            .unwrap();
        assert!(report.going_first.scalar("hits_per_battle").unwrap() > 0.0);
    }

    #[test]
    fn a_heroes_of_the_grid_run_given_no_line_up_battles_the_definitions_default() {
        let deckhand = deckhand();
        let summary = deckhand
            .game_summaries()
            .unwrap()
            .into_iter()
            .find(|g| g.id == "pr-hotg")
            .unwrap();
        let picks: Vec<(&str, u32)> = summary
            .goldfish_enemies
            .iter()
            .map(|p| (p.name.as_str(), p.figures))
            .collect();
        assert_eq!(picks, [("Scrap Hound", 2)]);
        assert_eq!(
            summary.goldfish_max_foot_figures,
            deckhand_core::MAX_FOOT_FIGURES
        );
        let text = crate::bundled::DECK_FILES
            .iter()
            .find(|f| f.path.ends_with("jade-mantis-precision.txt"))
            .unwrap()
            .text;
        let deck = deckhand
            .read_deck_text("jade.txt", text, None, None)
            .unwrap();
        let playable = deckhand.playable(deck).unwrap();
        let options = SimOptions {
            games: 400,
            seed: 3,
            threads: 1,
            ..SimOptions::default()
        };
        let report = playable.simulate(&options, &mut |_| true).unwrap();
        let chance = report.going_first.scalar("all_defeated_chance").unwrap();
        assert!(0.0 < chance && chance < 1.0, "{chance}");
        let named = SimOptions {
            enemies: deckhand.enemy_lineup("pr-hotg", &picks).unwrap(),
            ..options
        };
        assert_eq!(playable.simulate(&named, &mut |_| true).unwrap(), report);
        let log = playable.step(&StepOptions::default()).unwrap();
        let row = log.turns[0]
            .zones
            .iter()
            .find(|z| z.id == "bottom_row")
            .unwrap();
        assert_eq!(row.cards.len(), 2, "two Scrap Hound figures");
    }

    #[test]
    fn enemy_picks_and_die_faces_are_read_from_their_option_text() {
        let picks = [
            ("Putty Patrollers:3", Ok(("Putty Patrollers".to_owned(), 3))),
            ("Goldar", Ok(("Goldar".to_owned(), 1))),
            (
                " Rita Repulsa (VP3) : 2 ",
                Ok(("Rita Repulsa (VP3)".to_owned(), 2)),
            ),
            ("Putties:x", Err("'x' is not a number of figures")),
            (":3", Err("an enemy needs a name")),
        ];
        for (text, expected) in picks {
            let got = parse_enemy_pick(text).map_err(|e| e.to_string());
            match expected {
                Ok(pick) => assert_eq!(got.unwrap(), pick, "{text}"),
                Err(message) => assert!(got.unwrap_err().contains(message), "{text}"),
            }
        }
        assert_eq!(parse_die_faces("0,0,1,1,1,2").unwrap(), [0, 0, 1, 1, 1, 2]);
        for (text, message) in [
            ("0,a", "'a' is not a number of hits"),
            ("1,12", "not 12"),
            ("", "'' is not a number"),
        ] {
            let err = parse_die_faces(text).unwrap_err().to_string();
            assert!(err.contains(message), "{text}: {err}");
        }
    }

    /// The app's From here gets the refusal as `{code, message}`: the bound on an
    /// estimate's games holds for it as for the command line.
    #[test]
    fn an_estimate_past_its_bound_on_games_is_refused_as_invalid_input() {
        let deckhand = deckhand();
        let deck = deckhand
            .read_deck_text(
                "vanguard.txt",
                crate::bundled::DECK_FILES
                    .iter()
                    .find(|f| f.path.ends_with("republic-vanguard.txt"))
                    .unwrap()
                    .text,
                None,
                None,
            )
            .unwrap();
        let options = PlayOptions {
            step: StepOptions {
                seed: 7,
                going_first: true,
                ..StepOptions::default()
            },
            ..PlayOptions::default()
        };
        let err = deckhand
            .playable(deck)
            .unwrap()
            .from_here(&options, MAX_CONTINUATIONS, true)
            .unwrap_err();
        assert_eq!(err.code(), "invalid_input");
        let message = err.user_message();
        assert!(
            message.starts_with("an estimate plays at most 1000000 games: ")
                && !message.contains('\n'),
            "{message}"
        );
    }
}
