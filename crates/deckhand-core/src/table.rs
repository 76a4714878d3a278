//! The `[play]` table of a game definition: how the game deals and what a table of it
//! holds, for anything that plays a game without knowing its rules in code (exact draw
//! odds, a free table). Every field has a default, so a definition without `[play]` still
//! deals: a hand of 7, one card a turn, a deck, a hand, a play area and a discard pile.

use serde::{Deserialize, Serialize};

/// The most cards an opening hand, the cards set aside or one turn's draw may count.
pub const MAX_DEAL: u32 = 60;
/// The most zones a table names.
pub const MAX_TABLE_ZONES: usize = 16;

/// How a game deals and what its table holds (`[play]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct PlayDef {
    /// Cards dealt face down and unseen before the hand (Zoids Scramble's 4 base Energy).
    #[serde(default)]
    pub set_aside: u32,
    /// The opening hand.
    #[serde(default = "default_hand")]
    pub opening_hand: u32,
    /// Cards drawn at the start of each of your turns (0 where drawing is an action).
    #[serde(default = "default_draws")]
    pub draws_per_turn: u32,
    /// The table's zones besides the deck and the hand, in the game's words ("Arena",
    /// "Scrapyard"), in the order a table shows them.
    #[serde(default = "default_zones")]
    pub zones: Vec<String>,
}

fn default_hand() -> u32 {
    7
}

fn default_draws() -> u32 {
    1
}

fn default_zones() -> Vec<String> {
    vec!["Play area".to_owned(), "Discard pile".to_owned()]
}

impl Default for PlayDef {
    fn default() -> PlayDef {
        PlayDef {
            set_aside: 0,
            opening_hand: default_hand(),
            draws_per_turn: default_draws(),
            zones: default_zones(),
        }
    }
}

impl PlayDef {
    /// Cards seen by the end of your turn `turn`'s draw (0 = the opening hand), for a deck
    /// of `deck_size`: the set-aside cards are unseen, the rest is a uniform sample.
    pub fn seen_by(&self, deck_size: u32, turn: u32) -> u32 {
        let drawn = u64::from(self.opening_hand) + u64::from(self.draws_per_turn) * u64::from(turn);
        drawn.min(u64::from(deck_size.saturating_sub(self.set_aside))) as u32
    }

    /// Checks the numbers and the zones; `Err((key, message))` names the field.
    pub(crate) fn validate(&self) -> Result<(), (String, String)> {
        let fail = |key: &str, message: String| Err((format!("play.{key}"), message));
        for (key, value) in [
            ("set_aside", self.set_aside),
            ("opening_hand", self.opening_hand),
            ("draws_per_turn", self.draws_per_turn),
        ] {
            if value > MAX_DEAL {
                return fail(key, format!("is at most {MAX_DEAL}, not {value}"));
            }
        }
        if self.zones.len() > MAX_TABLE_ZONES {
            return fail(
                "zones",
                format!(
                    "a table has at most {MAX_TABLE_ZONES} zones, not {}",
                    self.zones.len()
                ),
            );
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, zone) in self.zones.iter().enumerate() {
            let folded = crate::fold_name(zone);
            let reserved = ["deck", "hand"].contains(&folded.as_str());
            if zone.trim().is_empty()
                || zone.chars().count() > 40
                || reserved
                || !seen.insert(folded)
            {
                return fail(
                    &format!("zones[{i}]"),
                    format!(
                        "'{}' is empty, longer than 40 characters, named twice, or the deck or the hand (every table has those)",
                        crate::clip(zone)
                    ),
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_without_play_deals_seven_and_draws_one() {
        let play = PlayDef::default();
        assert_eq!(play.seen_by(40, 0), 7);
        assert_eq!(play.seen_by(40, 3), 10);
        assert_eq!(play.seen_by(8, 3), 8, "never more than the deck");
    }

    #[test]
    fn cards_set_aside_are_never_seen() {
        let play = PlayDef {
            set_aside: 4,
            opening_hand: 6,
            ..PlayDef::default()
        };
        assert_eq!(play.seen_by(40, 30), 36);
    }

    #[test]
    fn bad_numbers_and_zones_are_refused_naming_the_field() {
        for (play, key) in [
            (
                PlayDef {
                    opening_hand: 61,
                    ..PlayDef::default()
                },
                "play.opening_hand",
            ),
            (
                PlayDef {
                    draws_per_turn: 100,
                    ..PlayDef::default()
                },
                "play.draws_per_turn",
            ),
            (
                PlayDef {
                    zones: vec!["Arena".into(), "arena".into()],
                    ..PlayDef::default()
                },
                "play.zones[1]",
            ),
            (
                PlayDef {
                    zones: vec!["Hand".into()],
                    ..PlayDef::default()
                },
                "play.zones[0]",
            ),
            (
                PlayDef {
                    zones: vec![" ".into()],
                    ..PlayDef::default()
                },
                "play.zones[0]",
            ),
        ] {
            assert_eq!(play.validate().unwrap_err().0, key);
        }
    }
}
