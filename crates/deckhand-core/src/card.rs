//! A validated card, as stored and shown.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::effect::{Effect, GoldfishNote};

/// The side of a card or deck, where a game has sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Hero,
    Villain,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Hero => "hero",
            Side::Villain => "villain",
        }
    }

    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "hero" => Some(Side::Hero),
            "villain" => Some(Side::Villain),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One stat value: a number, a word (`"X"`, `"MAX"`, `"battle"`) or a list of either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(untagged)]
pub enum StatValue {
    Number(i64),
    Text(String),
    List(Vec<StatValue>),
}

impl StatValue {
    pub fn as_number(&self) -> Option<i64> {
        match self {
            StatValue::Number(n) => Some(*n),
            _ => None,
        }
    }
}

impl fmt::Display for StatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatValue::Number(n) => write!(f, "{n}"),
            StatValue::Text(t) => f.write_str(t),
            StatValue::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" / ")?;
                    }
                    write!(f, "{item}")?;
                }
                Ok(())
            }
        }
    }
}

/// A card that has passed its game's validation. Field names are the import format's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Card {
    pub id: String,
    pub game: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
    pub set: Option<String>,
    pub number: Option<String>,
    pub side: Option<Side>,
    pub color: Option<String>,
    pub subtypes: Vec<String>,
    pub keywords: Vec<String>,
    pub text: Option<String>,
    pub stats: BTreeMap<String, StatValue>,
    /// Its printed effects as data (`effect.rs`); empty when none are stated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// What the effects leave out of its text, and why; `None` when they state all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish: Option<GoldfishNote>,
}
