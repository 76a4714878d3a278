//! Deckhand's pure core: the card model, game definitions and card-set validation.
//!
//! Nothing here touches files, SQL, clocks or the UI. Callers hand in text (a game's TOML,
//! a card set's JSON) together with a *source name* used only in error messages, and get
//! typed, validated values back.

mod card;
mod card_set;
mod error;
mod game;
mod games;
mod name;

pub use card::{Card, Side, StatValue};
pub use card_set::{CardSet, SetInfo};
pub use error::{CoreError, Location};
pub use game::{
    CardSize, CardTypeDef, Game, KeywordDef, KeywordValue, SectionDef, StatDef, StatKind,
};
pub use games::Games;
pub use name::{fold_name, slug};
