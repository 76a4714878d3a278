//! The `[goldfish]` table: facts the goldfish engine plays by (a combat die's faces, the
//! enemy line-up) and their limits.

use serde::{Deserialize, Serialize};

/// The `[goldfish]` table of a game definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldfishDef {
    /// The hits each face of the combat die shows (`pr-hotg`); empty for games without dice.
    #[serde(default)]
    pub die_faces: Vec<u8>,
    /// The enemy line-up a battle uses when none is chosen (`pr-hotg`: `--enemies`, and the
    /// Playtest view's picker starts with it); empty for games without enemies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemies: Vec<EnemyPick>,
    /// The card types of enemy cards, whose subtype names the enemy deck they belong to
    /// (`pr-hotg`: Foot Soldier, Monster, Boss). The first is the one fought in figures
    /// chosen one by one; a deck of another type comes whole. Empty for games without
    /// enemies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_types: Vec<String>,
}

/// One enemy deck of a line-up, by name, with its foot-soldier figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct EnemyPick {
    /// The enemy deck's name: its cards' subtype ("Putty Patrollers").
    pub name: String,
    /// Foot-soldier figures, 1 to 4 (a Monster or Boss always brings 4 cards).
    #[serde(default = "one_figure")]
    pub figures: u32,
}

fn one_figure() -> u32 {
    1
}

/// The most foot-soldier figures in one battle.
pub const MAX_FOOT_FIGURES: u32 = 4;

/// The most faces a die may have, and the most hits one face may show.
pub const MAX_DIE_FACES: usize = 20;
pub const MAX_FACE_HITS: u8 = 9;

/// Checks a die: 1 to 20 faces of 0 to 9 hits each.
pub fn validate_die_faces(faces: &[u8]) -> Result<(), String> {
    if faces.is_empty() || faces.len() > MAX_DIE_FACES {
        return Err(format!(
            "a die has 1 to {MAX_DIE_FACES} faces; this one has {}",
            faces.len()
        ));
    }
    if let Some(face) = faces.iter().find(|&&f| f > MAX_FACE_HITS) {
        return Err(format!(
            "a die face shows 0 to {MAX_FACE_HITS} hits, not {face}"
        ));
    }
    Ok(())
}
