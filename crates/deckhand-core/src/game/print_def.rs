//! The `[print]` table: what differs per game when its cards are printed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::CardSize;

/// The `[print]` section: what differs per game when cards are printed. Everything is
/// optional; a game without it prints plain proxies at `card_size_mm`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintDef {
    /// Card types whose physical size differs from `card_size_mm` (oversized cards).
    #[serde(default)]
    pub card_sizes: BTreeMap<String, CardSize>,
    /// Stats appended to the type line, in order (`Zoid — Liger · Power 5`).
    #[serde(default)]
    pub type_line: Vec<String>,
    /// Stats listed as `Label value` above the rules text.
    #[serde(default)]
    pub body: Vec<String>,
    /// Stats in the card's corners; each corner shows the first listed stat the card has.
    #[serde(default)]
    pub corners: PrintCorners,
    /// The card field whose value picks the frame colour.
    #[serde(default)]
    pub frame_by: FrameBy,
    /// Frame colour (`#rrggbb`) per value of `frame_by`, compared case-insensitively.
    #[serde(default)]
    pub frame_colors: BTreeMap<String, String>,
    /// Frame colour when no `frame_colors` entry matches; grey when absent.
    #[serde(default)]
    pub frame_default: Option<String>,
    /// The generated card back.
    #[serde(default)]
    pub back: PrintBack,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintCorners {
    #[serde(default)]
    pub top_left: Vec<String>,
    #[serde(default)]
    pub top_right: Vec<String>,
    #[serde(default)]
    pub bottom_left: Vec<String>,
    #[serde(default)]
    pub bottom_right: Vec<String>,
}

/// Which card field chooses a text proxy's frame colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FrameBy {
    /// Every card uses `frame_default`.
    #[default]
    None,
    Color,
    Side,
    Type,
}

/// The generated back of a game's cards: its title on two colours.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintBack {
    /// The words on the back; the game's name when absent.
    #[serde(default)]
    pub title: Option<String>,
    /// `#rrggbb`; dark grey when absent.
    #[serde(default)]
    pub background: Option<String>,
    /// `#rrggbb` for the border and title; white when absent.
    #[serde(default)]
    pub accent: Option<String>,
}

/// Reads `#rrggbb` into its three channels.
pub fn parse_hex_color(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}
