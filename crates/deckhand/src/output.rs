//! Every file Deckhand writes for the user (exports, PDFs, the skipped lines of an import)
//! goes through here, so that none can destroy data:
//!
//! - [`OutputGuard`] refuses a path that is the live database or one of its `-wal`, `-shm`
//!   or `-journal` files, after resolving symbolic links and `..`, before anything is
//!   written;
//! - [`AtomicFile`] writes into a temporary file beside the target, syncs it to disk and
//!   only then renames it over the target: a full disk, a failed writer or a crash leaves
//!   the old file as it was, and a temporary file that was not committed is removed.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::{Error, Result};

/// The files SQLite keeps beside a database while it is open or mid-transaction.
const SIDECARS: &[&str] = &["-wal", "-shm", "-journal"];

/// The paths no output may replace: a database and its sidecar files, resolved.
#[derive(Debug, Clone, Default)]
pub struct OutputGuard {
    protected: Vec<PathBuf>,
}

impl OutputGuard {
    /// Protects the database at `db` (which need not exist yet) and its sidecars.
    pub fn for_database(db: &Path) -> OutputGuard {
        // Both the file as named (its folder resolved) and, when it is a link, the file it
        // points to: SQLite keeps the sidecars beside the real file.
        let mut bases = Vec::new();
        if let Ok(named) = resolve_parent(db) {
            bases.push(named);
        }
        if let Ok(real) = fs::canonicalize(db) {
            bases.push(real);
        }
        if bases.is_empty() {
            // An unresolvable folder: compare the path as given rather than protect nothing.
            bases.push(db.to_owned());
        }
        let mut protected = Vec::new();
        for base in bases {
            for suffix in SIDECARS {
                let mut sidecar = base.clone().into_os_string();
                sidecar.push(suffix);
                protected.push(PathBuf::from(sidecar));
            }
            protected.push(base);
        }
        OutputGuard { protected }
    }

    /// Resolves `out` (symbolic links and `..`; a file that does not exist yet by its
    /// folder) and refuses it when it is a protected file. Returns the resolved path, which
    /// is where the file is written: a link to a file keeps pointing at the new content.
    pub fn check(&self, out: &Path) -> Result<PathBuf> {
        let target = resolve(out).map_err(|e| write_failed(out, e))?;
        if self.protects(&target) {
            return Err(Error::OutputIsDatabase {
                path: out.to_owned(),
            });
        }
        Ok(target)
    }

    fn protects(&self, resolved: &Path) -> bool {
        self.protected.iter().any(|p| same_path(p, resolved))
    }
}

/// Case-insensitive file systems are the default on Windows and macOS.
fn same_path(a: &Path, b: &Path) -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        a.as_os_str().eq_ignore_ascii_case(b.as_os_str())
    } else {
        a == b
    }
}

/// `path` fully resolved when it exists, else its resolved folder joined with its name.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    match fs::canonicalize(path) {
        Ok(resolved) => Ok(resolved),
        Err(e) if e.kind() == io::ErrorKind::NotFound => resolve_parent(path),
        Err(e) => Err(e),
    }
}

/// `path`'s folder resolved, joined with its file name (not followed if it is a link).
fn resolve_parent(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    Ok(fs::canonicalize(parent)?.join(name))
}

pub(crate) fn write_failed(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::WriteFile {
        path: path.to_owned(),
        message: e.to_string(),
    }
}

/// Tells apart the temporary files of one process (two exports at once in the app).
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A file being written: writes go to a temporary file beside the target, which
/// [`AtomicFile::commit`] syncs and renames over the target. Dropped without a commit (an
/// error, a panic), it removes the temporary file and the target is untouched.
pub struct AtomicFile {
    /// The path as the caller named it, for messages.
    shown: PathBuf,
    /// Where the file lands (links and `..` resolved).
    target: PathBuf,
    /// The temporary file; `None` when writing straight to a device or pipe.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
    guard: OutputGuard,
    committed: bool,
}

impl AtomicFile {
    /// Starts writing `out`, unless `guard` protects it; the target is not touched yet.
    pub fn create(guard: &OutputGuard, out: &Path) -> Result<AtomicFile> {
        let target = guard.check(out)?;
        let fail = |e: io::Error| write_failed(out, e);
        let existing = fs::metadata(&target).ok();
        if existing
            .as_ref()
            .is_some_and(|m| !m.is_file() && !m.is_dir())
        {
            // A device or a pipe (`--out /dev/stdout`) is a stream, not a file to replace.
            let file = File::options().write(true).open(&target).map_err(fail)?;
            return Ok(AtomicFile {
                shown: out.to_owned(),
                target,
                temp: None,
                file: Some(BufWriter::new(file)),
                guard: guard.clone(),
                committed: false,
            });
        }
        let dir = target.parent().unwrap_or(Path::new("/"));
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let mut attempts = 0;
        let (temp, file) = loop {
            let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
            match File::options().write(true).create_new(true).open(&temp) {
                Ok(file) => break (temp, file),
                // A leftover of a crashed run with the same process id: try the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => {
                    attempts += 1
                }
                Err(e) => return Err(fail(e)),
            }
        };
        let atomic = AtomicFile {
            shown: out.to_owned(),
            target,
            temp: Some(temp),
            file: Some(BufWriter::new(file)),
            guard: guard.clone(),
            committed: false,
        };
        // A replaced file keeps its permissions (a shared export stays shared).
        if let (Some(meta), Some(temp)) = (existing.filter(|m| m.is_file()), &atomic.temp) {
            fs::set_permissions(temp, meta.permissions()).map_err(fail)?;
        }
        Ok(atomic)
    }

    /// The path as the caller named it.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Flushes and syncs the content, then renames it over the target. On failure the
    /// target is as it was and the temporary file is gone.
    pub fn commit(mut self) -> Result<()> {
        self.finish()?;
        if let Some(temp) = &self.temp {
            fs::rename(temp, &self.target).map_err(|e| write_failed(&self.shown, e))?;
            sync_dir(&self.target);
        }
        self.committed = true;
        Ok(())
    }

    /// Like [`AtomicFile::commit`], but never replaces a file: the content lands under the
    /// first of `names` (file names in the target's folder) that does not exist and that
    /// the guard allows. Returns the path chosen (in the caller's terms).
    pub fn commit_without_replacing(
        mut self,
        names: impl IntoIterator<Item = OsString>,
    ) -> Result<PathBuf> {
        self.finish()?;
        let Some(temp) = self.temp.clone() else {
            return Err(write_failed(&self.shown, "not a file in a folder"));
        };
        let dir = self.target.parent().unwrap_or(Path::new("/")).to_owned();
        let shown_dir = self.shown.parent().unwrap_or(Path::new("")).to_owned();
        for name in names {
            let candidate = dir.join(&name);
            if self.guard.protects(&candidate) {
                continue;
            }
            // A hard link fails when the name exists, so no file of that name is replaced
            // even if one appears meanwhile; file systems without links get a checked rename.
            let placed = match fs::hard_link(&temp, &candidate) {
                // In place; the temporary name is only a second link to the same file.
                Ok(()) => Ok(true),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
                Err(_) if fs::symlink_metadata(&candidate).is_ok() => Ok(false),
                Err(_) => fs::rename(&temp, &candidate).map(|()| true),
            };
            if placed.map_err(|e| write_failed(&candidate, e))? {
                // After a hard link the temporary name is a second name of the same file.
                let _ = fs::remove_file(&temp);
                self.committed = true;
                sync_dir(&candidate);
                return Ok(shown_dir.join(name));
            }
        }
        Err(write_failed(
            &self.shown,
            "every name for the file is taken; move some of the old files away",
        ))
    }

    /// Flushes the buffer and syncs the temporary file to disk.
    fn finish(&mut self) -> Result<()> {
        let fail = |e: io::Error| write_failed(&self.shown, e);
        let file = self.file.take().expect("an atomic file is finished once");
        let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
        match self.temp {
            Some(_) => file.sync_all().map_err(fail),
            // Devices and pipes may not sync; there is nothing to keep safe there.
            None => Ok(()),
        }
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer()?.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer()?.flush()
    }
}

impl AtomicFile {
    fn writer(&mut self) -> io::Result<&mut BufWriter<File>> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("the file was already committed"))
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            // Close before removing (Windows cannot remove an open file).
            drop(self.file.take());
            if let Some(temp) = &self.temp {
                let _ = fs::remove_file(temp);
            }
        }
    }
}

/// Makes the rename itself durable. Best effort: the file is already in place, and some
/// systems (Windows) cannot open a folder to sync it.
fn sync_dir(file: &Path) {
    if let Some(dir) = file.parent() {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
}

/// Writes what `write` produces to `out` through an [`AtomicFile`]: the target changes
/// only if `write` succeeds and the whole file reaches the disk.
pub fn write_with<T, E: Into<Error>>(
    guard: &OutputGuard,
    out: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::result::Result<T, E>,
) -> Result<T> {
    let mut file = AtomicFile::create(guard, out)?;
    let value = write(&mut file).map_err(Into::into)?;
    file.commit()?;
    Ok(value)
}

/// Writes `bytes` to `out` through an [`AtomicFile`].
pub fn write_file(guard: &OutputGuard, out: &Path, bytes: &[u8]) -> Result<()> {
    write_with(guard, out, |w| {
        w.write_all(bytes).map_err(|e| write_failed(out, e))
    })
}

#[cfg(test)]
#[path = "output_tests.rs"]
mod tests;
