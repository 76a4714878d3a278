//! What a game declares for its cards and decks: card types, stats, keywords, sections.

use serde::{Deserialize, Serialize};

/// A card type and the stats a card of that type may carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct CardTypeDef {
    pub name: String,
    #[serde(default)]
    pub stats: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum StatKind {
    /// An integer, optionally within `min..=max`, or one of the `allow` words (`X`, `MAX`).
    Number,
    /// A word or phrase, optionally one of `values`.
    Text,
    /// A list of words, optionally each one of `values`.
    List,
    /// A list of numbers (each as for `Number`), optionally of a fixed `length`.
    NumberList,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct StatDef {
    pub label: String,
    pub kind: StatKind,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
    /// Words a numeric stat may hold instead of a number, such as `X` or `MAX`.
    #[serde(default)]
    pub allow: Vec<String>,
    /// The closed set of values of a text or list stat.
    #[serde(default)]
    pub values: Vec<String>,
    /// The exact length of a number list.
    #[serde(default)]
    pub length: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum KeywordValue {
    /// `Scouting: 1`
    Number,
    /// `Support: Liger +1`
    Text,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct KeywordDef {
    pub name: String,
    /// Absent for plain keywords (`Flying`); present for `Name: value` keywords.
    #[serde(default)]
    pub value: Option<KeywordValue>,
    /// What the keyword does, in the effects' written form, `{value}` standing for the
    /// keyword's value (`when set: may draw {value}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<String>,
    /// Why the keyword cannot matter against a goldfish, or what of it is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goldfish: Option<crate::effect::GoldfishNote>,
}

/// A part of a deck list (`main`, `side`, `characters`…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionDef {
    pub id: String,
    pub name: String,
}
