//! The Heroes of the Grid community database export (the JSON files of the "HeroesGrid"
//! companion app) read into validated cards and each Ranger's printed starting deck. The
//! data is real and messy, so every problem is reported and skipped — nothing stops the
//! read but a file that is not the expected JSON. Storing the result is the facade's job.

use std::collections::BTreeMap;

use deckhand_core::{fold_name, slug, Card, CardSet, Deck, DeckEntry, Games};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::FormatError;

const GAME: &str = "pr-hotg";

/// The export's files, by name and text. `enemy_keywords` is optional: keywords and fixed
/// damage come from it when present.
#[derive(Debug, Clone, Copy)]
pub struct HeroesGridFiles<'a> {
    pub ranger_cards: (&'a str, &'a str),
    pub rangers: (&'a str, &'a str),
    pub enemies: (&'a str, &'a str),
    pub enemy_keywords: Option<(&'a str, &'a str)>,
}

/// What the export holds, validated: cards, starting decks, and everything odd met.
#[derive(Debug, Clone, Default)]
pub struct HeroesGridExport {
    /// Every card that passed validation, once per id.
    pub cards: Vec<Card>,
    /// Each Ranger's printed starting deck.
    pub decks: Vec<StartingDeck>,
    /// Cards that could not be read, each with the reason.
    pub skipped_cards: Vec<String>,
    /// Rangers whose printed deck is empty.
    pub rangers_without_deck: usize,
    /// Notes about odd data that was kept (unknown deck card ids, odd values).
    pub notes: Vec<String>,
}

/// A Ranger's printed starting deck, with a stable identity so a re-import finds it again.
#[derive(Debug, Clone)]
pub struct StartingDeck {
    pub identity: String,
    pub name: String,
    pub deck: Deck,
}

/// Notes stored with every starting deck.
pub const STARTING_DECK_NOTES: &str = "Printed starting deck, imported from the HeroesGrid export.";

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

fn parse<T: for<'de> Deserialize<'de>>((name, text): (&str, &str)) -> Result<T, FormatError> {
    serde_json::from_str(text).map_err(|e| FormatError::Export {
        source_name: name.to_owned(),
        message: e.to_string(),
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

/// Reads the export: validates card by card against `games`, builds the starting decks.
pub fn read_export(
    files: &HeroesGridFiles<'_>,
    games: &Games,
) -> Result<HeroesGridExport, FormatError> {
    let combat: Vec<CombatCard> = parse(files.ranger_cards)?;
    let rangers: Vec<Ranger> = parse(files.rangers)?;
    let enemies: Vec<EnemyDeck> = parse(files.enemies)?;
    let keywords: Vec<EnemyKeywords> = match files.enemy_keywords {
        Some(file) => parse(file)?,
        None => Vec::new(),
    };
    let mut export = HeroesGridExport::default();
    let by_id: BTreeMap<i64, &CombatCard> = combat.iter().map(|c| (c.id, c)).collect();

    let mut candidates: Vec<(String, Value)> = Vec::new();
    // Each Ranger's combat cards are its own cards (`color` is the Ranger the card
    // belongs to: docs/decks.md#each-games-deck-rules), so a card printed for several Rangers
    // becomes one card each.
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
                export.notes.push(format!(
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
            .find(|k| fold_name(&k.owner) == slug(owner))
            .and_then(|k| {
                k.cards
                    .iter()
                    .find(|c| fold_name(&c.name) == fold_name(card))
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
                           "id": format!("hotg-enemy-{}-{}", slug(&enemy.name), slug(&card.name)),
                           "keywords": keyword, "text": card.description, "stats": stats}),
                ));
        }
    }

    // Validate card by card so one bad card is a note, not a failed import.
    let mut cards: BTreeMap<String, Card> = BTreeMap::new();
    for (origin, value) in candidates {
        let document = json!({"game": GAME, "cards": [value]}).to_string();
        match CardSet::from_json(&origin, &document, games) {
            Ok(mut set) => {
                let card = set.cards.remove(0);
                cards.entry(card.id.clone()).or_insert(card);
            }
            Err(err) => export
                .skipped_cards
                .push(err.to_string().replace("cards[0]", "card")),
        }
    }
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
            export.rangers_without_deck += 1;
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
        export.decks.push(StartingDeck {
            identity: format!("heroes-grid:ranger:{ranger_id}"),
            name,
            deck,
        });
    }
    export.cards = cards.into_values().collect();
    Ok(export)
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
