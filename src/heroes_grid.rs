//! Import of the Heroes of the Grid community database export (the JSON files of the
//! "HeroesGrid" companion app): combat cards, Rangers with their printed starting decks, and
//! enemy decks. The data is real and messy, so every problem is reported and skipped —
//! nothing stops the import but an unreadable directory.

use std::collections::BTreeMap;
use std::path::Path;

use deckhand_core::{Card, CardSet, Deck, DeckEntry, Severity};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{Deckhand, Error, Result};

const GAME: &str = "pr-hotg";

#[derive(Deserialize)]
struct CombatCard {
    id: i64,
    name: String,
    #[serde(default)]
    energy_cost: Option<Value>,
    #[serde(rename = "type")]
    card_type: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    shields: Option<Value>,
    #[serde(default)]
    attack_dice: Option<Value>,
    #[serde(default)]
    attack_hit: Option<Value>,
}

#[derive(Deserialize)]
struct Ranger {
    id: Value,
    name: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    ability: Option<String>,
    #[serde(default)]
    deck: Option<Vec<RangerDeckLine>>,
}

#[derive(Deserialize)]
struct RangerDeckLine {
    card_id: i64,
    #[serde(default)]
    card_name: Option<String>,
    count: u32,
}

#[derive(Deserialize)]
struct EnemyDeck {
    name: String,
    #[serde(default)]
    monster_type: Option<String>,
    #[serde(default)]
    deck: Option<Vec<EnemyCard>>,
}

#[derive(Deserialize)]
struct EnemyCard {
    name: String,
    #[serde(default)]
    health: Option<Value>,
    #[serde(default)]
    description: Option<String>,
}

#[derive(Deserialize)]
struct EnemyKeywords {
    owner: String,
    cards: Vec<EnemyKeywordCard>,
}

#[derive(Deserialize)]
struct EnemyKeywordCard {
    name: String,
    #[serde(default)]
    keyword: Option<String>,
    #[serde(default)]
    attacks: Vec<EnemyAttack>,
}

#[derive(Deserialize)]
struct EnemyAttack {
    value: i64,
    #[serde(default)]
    fixed: bool,
}

/// What the import did, and everything odd it met.
#[derive(Debug, Clone, Default, Serialize)]
pub struct HeroesGridReport {
    pub cards_added: usize,
    pub cards_updated: usize,
    pub cards_unchanged: usize,
    /// Cards that could not be imported, each with the reason.
    pub skipped_cards: Vec<String>,
    /// Rangers whose printed deck is empty.
    pub rangers_without_deck: usize,
    pub decks_saved: usize,
    pub decks_unchanged: usize,
    /// Starting decks that break the construction rules, each with the first error.
    pub irregular_decks: Vec<String>,
    /// Notes about odd data that was kept (unknown deck card ids, odd values).
    pub notes: Vec<String>,
}

fn read<T: for<'de> Deserialize<'de>>(dir: &Path, file: &str) -> Result<T> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| Error::ReadFile {
        path: path.clone(),
        message: e.to_string(),
    })?;
    serde_json::from_str(&text).map_err(|e| Error::ReadFile {
        path,
        message: format!("not the expected JSON: {e}"),
    })
}

/// "TEAM TACTICS" → "Team Tactics": words in capitals are title-cased, others kept
/// ("ARMOR OF GOLDAR (Undamaged)" → "Armor Of Goldar (Undamaged)").
fn display_name(name: &str) -> String {
    name.split_whitespace()
        .map(|word| {
            if word.chars().any(char::is_lowercase) {
                return word.to_owned();
            }
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| {
                    c.to_uppercase()
                        .chain(chars.flat_map(char::to_lowercase))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// A stat as the export writes it ("3", 3, "X", null, "") → JSON for our card format.
fn stat(value: &Option<Value>) -> Option<Value> {
    match value {
        Some(Value::Number(n)) => Some(Value::Number(n.clone())),
        Some(Value::String(s)) if !s.trim().is_empty() => Some(Value::String(s.trim().to_owned())),
        _ => None,
    }
}

impl Deckhand {
    /// Imports the export in `dir` (one transaction for the cards), saves each Ranger's
    /// printed starting deck as a deck, and checks them all.
    pub fn import_heroes_grid(&mut self, dir: &Path) -> Result<HeroesGridReport> {
        let combat: Vec<CombatCard> = read(dir, "ranger_cards.json")?;
        let rangers: Vec<Ranger> = read(dir, "rangers.json")?;
        let enemies: Vec<EnemyDeck> = read(dir, "enemies.json")?;
        // Keywords and fixed damage come from a second source, when present.
        let keywords: Vec<EnemyKeywords> = if dir.join("enemy_keywords.json").exists() {
            read(dir, "enemy_keywords.json")?
        } else {
            Vec::new()
        };
        let mut report = HeroesGridReport::default();
        let by_id: BTreeMap<i64, &CombatCard> = combat.iter().map(|c| (c.id, c)).collect();

        let mut candidates: Vec<(String, Value)> = Vec::new();
        // Each Ranger's combat cards are its own cards (GAMES.md: `color` is the Ranger the
        // card belongs to), so a card printed for several Rangers becomes one card each.
        for ranger in &rangers {
            let ranger_id = ranger.id.to_string().trim_matches('"').to_owned();
            let ranger_name = match &ranger.title {
                Some(title) if !title.trim().is_empty() => {
                    format!("{} ({})", ranger.name.trim(), title.trim())
                }
                _ => ranger.name.trim().to_owned(),
            };
            candidates.push((
                format!("rangers.json ranger {ranger_id}"),
                json!({"name": ranger_name, "type": "Ranger", "id": format!("hotg-ranger-{ranger_id}"),
                       "side": "hero", "color": ranger_name, "text": ranger.ability}),
            ));
            for line in ranger.deck.iter().flatten() {
                let Some(card) = by_id.get(&line.card_id) else {
                    report.notes.push(format!(
                        "{ranger_name}: deck names card {} ({}) that ranger_cards.json lacks",
                        line.card_id,
                        line.card_name.as_deref().unwrap_or("?")
                    ));
                    continue;
                };
                candidates.push((
                    format!("ranger_cards.json card {}", card.id),
                    combat_json(card, &ranger_name, &ranger_id),
                ));
            }
        }
        let keyword_of = |owner: &str, card: &str| {
            keywords
                .iter()
                .find(|k| deckhand_core::fold_name(&k.owner) == deckhand_core::slug(owner))
                .and_then(|k| {
                    k.cards.iter().find(|c| {
                        deckhand_core::fold_name(&c.name) == deckhand_core::fold_name(card)
                    })
                })
        };
        for enemy in &enemies {
            let enemy_type = match enemy.monster_type.as_deref().unwrap_or("") {
                "boss" => "Boss",
                "monster" | "nemesis" => "Monster",
                _ => "Foot Soldier",
            };
            for card in enemy.deck.iter().flatten() {
                let facts = keyword_of(&enemy.name, &card.name);
                let mut stats = serde_json::Map::new();
                if let Some(health) = stat(&card.health) {
                    stats.insert("health".into(), health);
                }
                if let Some(attack) = facts.and_then(|f| f.attacks.iter().find(|a| a.fixed)) {
                    stats.insert("damage".into(), json!(attack.value));
                }
                let keyword: Vec<String> = facts
                    .and_then(|f| f.keyword.as_deref())
                    .filter(|k| *k != "basic")
                    .map(|k| vec![display_name(&k.to_uppercase())])
                    .unwrap_or_default();
                let name = display_name(&card.name);
                candidates.push((
                    format!("enemies.json {} card {}", enemy.name, card.name),
                    json!({"name": name, "type": enemy_type, "side": "villain", "subtypes": [enemy.name.trim()],
                           "id": format!("hotg-enemy-{}-{}", deckhand_core::slug(&enemy.name), deckhand_core::slug(&card.name)),
                           "keywords": keyword, "text": card.description, "stats": stats}),
                ));
            }
        }

        // Validate card by card so one bad card is a note, not a failed import.
        let mut cards: BTreeMap<String, Card> = BTreeMap::new();
        for (origin, value) in candidates {
            let document = json!({"game": GAME, "cards": [value]}).to_string();
            match CardSet::from_json(&origin, &document, self.games()) {
                Ok(mut set) => {
                    let card = set.cards.remove(0);
                    cards.entry(card.id.clone()).or_insert(card);
                }
                Err(err) => report
                    .skipped_cards
                    .push(err.to_string().replace("cards[0]", "card")),
            }
        }
        let set = CardSet {
            source_name: dir.display().to_string(),
            game: GAME.into(),
            sets: Vec::new(),
            cards: cards.values().cloned().collect(),
        };
        let imported = self.import_card_sets(std::slice::from_ref(&set))?;
        report.cards_added = imported.added;
        report.cards_updated = imported.updated;
        report.cards_unchanged = imported.unchanged;

        // Some Rangers share a name and a title: their decks are told apart by id.
        let mut name_uses: BTreeMap<String, usize> = BTreeMap::new();
        for card in cards.values().filter(|c| c.card_type == "Ranger") {
            *name_uses.entry(card.name.clone()).or_insert(0) += 1;
        }
        for ranger in &rangers {
            let ranger_id = ranger.id.to_string().trim_matches('"').to_owned();
            let Some(ranger_card) = cards.get(&format!("hotg-ranger-{ranger_id}")) else {
                continue;
            };
            let lines = ranger.deck.as_deref().unwrap_or_default();
            if lines.is_empty() {
                report.rangers_without_deck += 1;
                continue;
            }
            let mut entries = vec![DeckEntry {
                section: "ranger".into(),
                count: 1,
                card: ranger_card.clone(),
            }];
            for line in lines {
                if let Some(card) = cards.get(&format!("hotg-{ranger_id}-{}", line.card_id)) {
                    entries.push(DeckEntry {
                        section: "main".into(),
                        count: line.count,
                        card: card.clone(),
                    });
                }
            }
            let deck = Deck {
                game: GAME.into(),
                side: None,
                entries,
            };
            let name = match name_uses.get(&ranger_card.name) {
                Some(n) if *n > 1 => format!("{} #{ranger_id} — starting deck", ranger_card.name),
                _ => format!("{} — starting deck", ranger_card.name),
            };
            let identity = format!("heroes-grid:ranger:{ranger_id}");
            let notes = "Printed starting deck, imported from the HeroesGrid export.";
            if self.save_deck_if_changed(&deck, &identity, &name, notes)? {
                report.decks_saved += 1;
            } else {
                report.decks_unchanged += 1;
            }
            let legality = self.check_deck(&deck)?;
            if let Some(error) = legality
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
            {
                report
                    .irregular_decks
                    .push(format!("{name}: {}", error.message));
            }
        }
        Ok(report)
    }
}

fn combat_json(card: &CombatCard, ranger_name: &str, ranger_id: &str) -> Value {
    let special = card.card_type.contains("SPECIAL");
    let card_type = match card.card_type.split(':').next().unwrap_or("").trim() {
        "ATTACK" => "Attack",
        "MANEUVER" => "Maneuver",
        "REACTION" => "Reaction",
        other => other,
    };
    let mut stats = serde_json::Map::new();
    for (key, value) in [
        ("energy_cost", &card.energy_cost),
        ("shields", &card.shields),
        ("dice", &card.attack_dice),
        ("hits", &card.attack_hit),
    ] {
        if let Some(value) = stat(value) {
            stats.insert(key.into(), value);
        }
    }
    let text = card.description.as_deref().unwrap_or("");
    let keywords: Vec<&str> = if text.to_uppercase().contains("SPECIAL DEFENSE") {
        vec!["Special Defense"]
    } else {
        vec![]
    };
    json!({"name": display_name(&card.name), "type": card_type, "id": format!("hotg-{ranger_id}-{}", card.id),
           "side": "hero", "color": ranger_name, "subtypes": if special { vec!["Special"] } else { vec![] },
           "keywords": keywords, "text": text, "stats": stats})
}
