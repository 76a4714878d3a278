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
// Written untagged; read by a visitor of its own (below).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum StatValue {
    Number(i64),
    Text(String),
    List(Vec<StatValue>),
}

/// What serde's untagged reading said of a value that is none of the three.
const NOT_A_STAT_VALUE: &str = "data did not match any variant of untagged enum StatValue";

/// Reads a stat value as `#[serde(untagged)]` did, without trying each variant in turn:
/// the untagged reading buffered the value and built an error (a formatted message) for
/// every variant that failed, a fifth of storing a card (reading its row back) and of
/// every card read from the database.
impl<'de> Deserialize<'de> for StatValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = StatValue;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, a word or a list of them")
            }

            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<StatValue, E> {
                Ok(StatValue::Number(n))
            }

            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<StatValue, E> {
                i64::try_from(n)
                    .map(StatValue::Number)
                    .map_err(|_| E::custom(NOT_A_STAT_VALUE))
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<StatValue, E> {
                Ok(StatValue::Text(text.to_owned()))
            }

            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<StatValue, E> {
                Ok(StatValue::Text(text))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut items: A,
            ) -> Result<StatValue, A::Error> {
                let mut list = Vec::with_capacity(items.size_hint().unwrap_or(0).min(64));
                while let Some(item) = items.next_element()? {
                    list.push(item);
                }
                Ok(StatValue::List(list))
            }

            // Anything else (a fraction, a boolean, null, an object) is no stat value.
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<StatValue, E> {
                Err(E::custom(NOT_A_STAT_VALUE))
            }

            fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<StatValue, E> {
                Err(E::custom(NOT_A_STAT_VALUE))
            }

            fn visit_unit<E: serde::de::Error>(self) -> Result<StatValue, E> {
                Err(E::custom(NOT_A_STAT_VALUE))
            }

            fn visit_none<E: serde::de::Error>(self) -> Result<StatValue, E> {
                Err(E::custom(NOT_A_STAT_VALUE))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<StatValue, A::Error> {
                Err(serde::de::Error::custom(NOT_A_STAT_VALUE))
            }
        }

        deserializer.deserialize_any(Visitor)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_values_read_as_the_untagged_reading_read_them() {
        use StatValue::{List, Number, Text};
        let cases: [(&str, Result<StatValue, ()>); 12] = [
            ("3", Ok(Number(3))),
            ("-2", Ok(Number(-2))),
            ("9223372036854775807", Ok(Number(i64::MAX))),
            (r#""X""#, Ok(Text("X".into()))),
            (r#""\u00e9""#, Ok(Text("é".into()))),
            (r#"[3, 5]"#, Ok(List(vec![Number(3), Number(5)]))),
            (
                r#"["MAX", [1]]"#,
                Ok(List(vec![Text("MAX".into()), List(vec![Number(1)])])),
            ),
            ("9223372036854775808", Err(())),
            ("2.5", Err(())),
            ("true", Err(())),
            ("null", Err(())),
            (r#"{"a": 1}"#, Err(())),
        ];
        for (json, expected) in cases {
            let read = serde_json::from_str::<StatValue>(json);
            match expected {
                Ok(value) => assert_eq!(read.unwrap(), value, "{json}"),
                // serde_json adds where the value is (the untagged reading could not).
                Err(()) => {
                    let message = read.unwrap_err().to_string();
                    assert!(message.starts_with(NOT_A_STAT_VALUE), "{json}: {message}");
                }
            }
            // What is written reads back as itself.
            if let Ok(value) = serde_json::from_str::<StatValue>(json) {
                let written = serde_json::to_string(&value).unwrap();
                assert_eq!(serde_json::from_str::<StatValue>(&written).unwrap(), value);
            }
        }
    }
}
