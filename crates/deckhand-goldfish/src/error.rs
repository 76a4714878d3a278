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
    /// The game's procedure needs cards the deck and options do not give: a PR
    /// Deck-Building starter deck, a Heroes of the Grid enemy line-up or combat deck.
    #[error("{0}")]
    MissingCards(String),
    /// An option is out of range (no games, too many games…).
    #[error("{0}")]
    InvalidOptions(String),
    /// The numbers given to an odds question do not fit together.
    #[error("{0}")]
    InvalidOdds(String),
    /// A script's pick names an option its decision does not have.
    #[error("pick {pick} at decision {index} is out of range: that decision has {options} options (0 to {last})", last = options.saturating_sub(1))]
    BadPick { index: u32, pick: u32, options: u32 },
    /// The caller's progress callback asked to stop.
    #[error("the simulation was cancelled")]
    Cancelled,
}
