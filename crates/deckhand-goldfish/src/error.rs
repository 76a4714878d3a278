//! The engine's one error type.

/// Why a goldfish run, step-through, comparison or odds table could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoldfishError {
    /// The game has no goldfish procedure in this engine.
    #[error("goldfish is not available for '{game}' (it plays: {known})")]
    UnsupportedGame { game: String, known: String },
    /// The deck belongs to another game than the one asked for.
    #[error("the deck is a '{deck_game}' deck, not a '{game}' deck")]
    WrongGame { deck_game: String, game: String },
    /// The deck cannot be played at all: too few cards for the opening.
    #[error("the deck cannot be played: {game} needs at least {needed} cards in the main deck for the opening ({opening}); this one has {found}")]
    TooFewCards {
        game: String,
        needed: u32,
        found: u32,
        opening: String,
    },
    /// The deck is too large for the engine's card indices and turn tables.
    #[error("the deck has {found} cards; the goldfish plays decks of at most {max}")]
    DeckTooLarge { found: u64, max: u32 },
    /// The requested pilot policy does not exist for this game.
    #[error("unknown policy '{policy}' for {game} (known: {known})")]
    UnknownPolicy {
        policy: String,
        game: String,
        known: String,
    },
    /// An option is out of range (no games, too many games…).
    #[error("{0}")]
    InvalidOptions(String),
    /// The numbers given to an odds question do not fit together.
    #[error("{0}")]
    InvalidOdds(String),
    /// The caller's progress callback asked to stop.
    #[error("the simulation was cancelled")]
    Cancelled,
}
