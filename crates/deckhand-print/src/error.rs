//! The one error type of the printing crate.

/// Why a layout or a PDF could not be made. Messages are one line and name what to change.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// An option is out of range or contradicts another; `option` is its name as the CLI
    /// spells it without dashes (`bleed`, `paper`, `scale-x`).
    #[error("{option}: {message}")]
    Option {
        option: &'static str,
        message: String,
    },
    /// There is nothing to print.
    #[error("there are no cards to print")]
    NoCards,
    /// The caller's image source could not supply an image's bytes.
    #[error("image '{id}': {message}")]
    ImageSource { id: String, message: String },
    /// The bytes are not a PNG or JPEG this crate can embed.
    #[error("image '{id}': {message}")]
    ImageFormat { id: String, message: String },
    /// The embedded font could not be read (a build problem, not user input).
    #[error("font: {0}")]
    Font(String),
    /// Writing the PDF to its destination failed.
    #[error("writing the PDF: {0}")]
    Io(#[from] std::io::Error),
}

impl PrintError {
    pub(crate) fn option(option: &'static str, message: impl Into<String>) -> PrintError {
        PrintError::Option {
            option,
            message: message.into(),
        }
    }
}
