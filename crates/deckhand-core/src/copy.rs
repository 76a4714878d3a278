//! A copy's finish and condition: how collection files and the store describe one
//! physical card.

use serde::{Deserialize, Serialize};

/// A copy's finish.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    #[default]
    Normal,
    Foil,
}

impl Finish {
    pub fn as_str(self) -> &'static str {
        match self {
            Finish::Normal => "normal",
            Finish::Foil => "foil",
        }
    }

    pub fn parse(s: &str) -> Option<Finish> {
        match s {
            "normal" => Some(Finish::Normal),
            "foil" => Some(Finish::Foil),
            _ => None,
        }
    }
}

/// A copy's condition, on the six-grade scale most stores use (mint to damaged).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Mint,
    NearMint,
    LightlyPlayed,
    ModeratelyPlayed,
    HeavilyPlayed,
    Damaged,
}

impl Condition {
    pub const ALL: [Condition; 6] = [
        Condition::Mint,
        Condition::NearMint,
        Condition::LightlyPlayed,
        Condition::ModeratelyPlayed,
        Condition::HeavilyPlayed,
        Condition::Damaged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Condition::Mint => "mint",
            Condition::NearMint => "near_mint",
            Condition::LightlyPlayed => "lightly_played",
            Condition::ModeratelyPlayed => "moderately_played",
            Condition::HeavilyPlayed => "heavily_played",
            Condition::Damaged => "damaged",
        }
    }

    /// The stored spelling back into a condition.
    pub fn parse(s: &str) -> Option<Condition> {
        Condition::ALL.into_iter().find(|c| c.as_str() == s)
    }
}
