//! The runtime of a type-2 AppImage (the AppImage specification; AppImage's own
//! `type2-runtime` is the reference): an ELF executable whose file goes on, right after
//! the end of the ELF, with a SquashFS image of an AppDir. Where the reference mounts the
//! image with FUSE, this one always does what it does with `APPIMAGE_EXTRACT_AND_RUN`:
//! it extracts the image once into a per-image cache folder and runs `AppRun` from there,
//! so it needs neither libfuse nor a setuid `fusermount`.
//!
//! - [`elf::elf_size`]: where the ELF ends, so where the image starts.
//! - [`squashfs::Image`]: the SquashFS 4.0 image (gzip blocks), parsed by the `backhand`
//!   crate, with this runtime's checks on top: a damaged or truncated image is an
//!   [`Error`], never a panic.
//! - [`extract`]: the image's tree into a folder, all or nothing (a partial tree is removed).
//! - [`cache`]: the per-image cache folder and the content hash that names it.

pub mod cache;
pub mod elf;
pub mod extract;
mod glob;
pub mod squashfs;

use std::path::PathBuf;

/// What can go wrong reading or extracting an AppImage. Every message is one line and
/// names the file.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The runtime's file is not an ELF executable whose end can be found.
    #[error("{path}: not an ELF file whose end can be found: {why}")]
    Elf { path: PathBuf, why: String },
    /// The SquashFS image after the runtime is damaged, truncated or missing.
    #[error("{path}: damaged SquashFS image at byte {at}: {why}")]
    Damaged { path: PathBuf, at: u64, why: String },
    /// A well-formed image this runtime cannot read (another compressor or version).
    #[error("{path}: {why}")]
    Unsupported { path: PathBuf, why: String },
    /// The folder to extract into exists already; extraction never merges into one.
    #[error("{path} exists already: move it away first")]
    Exists { path: PathBuf },
}

impl Error {
    /// Whether the image itself is at fault (exit code 2) rather than the system.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            Error::Elf { .. } | Error::Damaged { .. } | Error::Unsupported { .. }
        )
    }

    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
