//! [`Generations`]: the on-disk layout that lets several processes (the app and the CLI) use
//! one index directory at once.
//!
//! ```text
//! <db>.index/
//!   CURRENT              name of the generation to open, replaced atomically (rename)
//!   writer.lock          held exclusively by whoever builds or updates
//!   gen-000007/          one complete index: tantivy files, texts-N.bin, MANIFEST
//!     reader.lock        held shared by every process reading this generation
//! ```
//!
//! A writer never changes a published generation: it builds the next one (hard-linking the
//! unchanged files of the current one for an incremental update), then points `CURRENT` at
//! it. Readers keep the generation they opened and notice a newer `CURRENT` before their
//! next search. A generation is deleted only by a writer that can take its reader lock
//! exclusively, i.e. when no process reads it. The manifest goes first, so a reader that
//! gets the lock afterwards sees an incomplete generation and looks at `CURRENT` again.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use fs4::fs_std::FileExt;

const POINTER: &str = "CURRENT";
const WRITER_LOCK: &str = "writer.lock";
const READER_LOCK: &str = "reader.lock";
pub const MANIFEST: &str = "MANIFEST";
const PREFIX: &str = "gen-";
/// How often a reader retries when a generation vanishes under it (a writer collecting it
/// between our reading `CURRENT` and locking).
const OPEN_ATTEMPTS: usize = 50;

#[derive(Debug, Clone)]
pub struct Generations {
    root: PathBuf,
}

/// Held while building or updating; released on drop.
pub struct WriterLock {
    _file: File,
}

/// Held while a generation is in use; released on drop.
pub struct ReaderLock {
    _file: File,
}

/// What `CURRENT` looked like, to notice cheaply (one `stat`) that it was replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointerVersion {
    modified: Option<SystemTime>,
    len: u64,
    #[cfg(unix)]
    inode: u64,
}

impl Generations {
    pub fn new(root: &Path) -> Generations {
        Generations {
            root: root.to_path_buf(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn dir(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    pub fn pointer_version(&self) -> Option<PointerVersion> {
        let meta = std::fs::metadata(self.root.join(POINTER)).ok()?;
        Some(PointerVersion {
            modified: meta.modified().ok(),
            len: meta.len(),
            #[cfg(unix)]
            inode: std::os::unix::fs::MetadataExt::ino(&meta),
        })
    }

    /// The generation `CURRENT` names, if any.
    pub fn current(&self) -> io::Result<Option<String>> {
        match std::fs::read_to_string(self.root.join(POINTER)) {
            Ok(text) => {
                let name = text.trim();
                Ok(is_generation(name).then(|| name.to_owned()))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Locks the current generation for reading. `None` when there is none (or it is
    /// incomplete and no writer replaces it).
    pub fn lock_current(&self) -> io::Result<Option<(String, ReaderLock, Option<PointerVersion>)>> {
        for _ in 0..OPEN_ATTEMPTS {
            let version = self.pointer_version();
            let Some(name) = self.current()? else {
                return Ok(None);
            };
            match self.lock_reader(&name)? {
                Some(lock) => return Ok(Some((name, lock, version))),
                None => {
                    if self.current()?.as_deref() == Some(name.as_str())
                        && !self.dir(&name).join(READER_LOCK).exists()
                    {
                        // CURRENT names a generation that is not there: nothing to open.
                        return Ok(None);
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
        }
        Ok(None)
    }

    /// A shared lock on `name`, if it is complete and not being collected.
    fn lock_reader(&self, name: &str) -> io::Result<Option<ReaderLock>> {
        let dir = self.dir(name);
        let file = match File::open(dir.join(READER_LOCK)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        if !FileExt::try_lock_shared(&file)? {
            return Ok(None);
        }
        if !dir.join(MANIFEST).exists() {
            return Ok(None);
        }
        Ok(Some(ReaderLock { _file: file }))
    }

    /// Waits for, then holds, the right to build or update.
    pub fn lock_writer(&self) -> io::Result<WriterLock> {
        std::fs::create_dir_all(&self.root)?;
        let file = lock_file(&self.root.join(WRITER_LOCK))?;
        FileExt::lock_exclusive(&file)?;
        Ok(WriterLock { _file: file })
    }

    /// The writer lock if nobody holds it.
    pub fn try_lock_writer(&self) -> io::Result<Option<WriterLock>> {
        if !self.root.exists() {
            return Ok(None);
        }
        let file = lock_file(&self.root.join(WRITER_LOCK))?;
        Ok(FileExt::try_lock_exclusive(&file)?.then_some(WriterLock { _file: file }))
    }

    /// Creates the next (empty) generation directory, already locked for reading by us so
    /// that no collection removes it once published.
    pub fn create(&self, _writer: &WriterLock) -> io::Result<(String, PathBuf, ReaderLock)> {
        let next = self
            .generation_names()?
            .iter()
            .filter_map(|n| n.strip_prefix(PREFIX)?.parse::<u64>().ok())
            .max()
            .map_or(1, |n| n + 1);
        let name = format!("{PREFIX}{next:06}");
        let dir = self.dir(&name);
        std::fs::create_dir_all(&dir)?;
        let file = lock_file(&dir.join(READER_LOCK))?;
        FileExt::lock_shared(&file)?;
        Ok((name, dir, ReaderLock { _file: file }))
    }

    /// Points `CURRENT` at `name` (complete, manifest written) in one atomic step.
    pub fn publish(&self, _writer: &WriterLock, name: &str) -> io::Result<()> {
        let temp = self
            .root
            .join(format!("{POINTER}.tmp-{}", std::process::id()));
        {
            let mut file = File::create(&temp)?;
            file.write_all(name.as_bytes())?;
            file.sync_all()?;
        }
        std::fs::rename(&temp, self.root.join(POINTER))
    }

    /// Deletes every generation but the current one that no process reads, leftovers of
    /// interrupted writes, and the files of the single-directory layout of older versions.
    pub fn collect_garbage(&self, _writer: &WriterLock) {
        let current = self.current().ok().flatten();
        let Ok(entries) = std::fs::read_dir(&self.root) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if is_generation(&name) {
                if current.as_deref() != Some(name.as_str()) {
                    remove_unread_generation(&path);
                }
            } else if name != POINTER && name != WRITER_LOCK && path.is_file() {
                // CURRENT.tmp-* and files of the old layout (meta.json, segments…).
                let _ = std::fs::remove_file(&path);
            }
        }
    }

    fn generation_names(&self) -> io::Result<Vec<String>> {
        Ok(std::fs::read_dir(&self.root)?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| is_generation(n))
            .collect())
    }
}

fn is_generation(name: &str) -> bool {
    name.strip_prefix(PREFIX)
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn lock_file(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
}

fn remove_unread_generation(dir: &Path) {
    let lock = dir.join(READER_LOCK);
    let file = match File::open(&lock) {
        Ok(file) => file,
        // No lock file: a build that never got far; nobody can be reading it.
        Err(_) => {
            let _ = std::fs::remove_dir_all(dir);
            return;
        }
    };
    if !matches!(FileExt::try_lock_exclusive(&file), Ok(true)) {
        return;
    }
    // Manifest first: from here on, a reader that gets the lock will not use this one.
    let _ = std::fs::remove_file(dir.join(MANIFEST));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_name() != READER_LOCK {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    drop(file);
    let _ = std::fs::remove_file(&lock);
    let _ = std::fs::remove_dir(dir);
}

/// Makes `target` a copy of `source`'s files except the per-generation ones, by hard link
/// where the file system allows (the files are never modified in place), else by copying.
pub fn link_files(source: &Path, target: &Path) -> io::Result<()> {
    for entry in std::fs::read_dir(source)? {
        let entry = entry?;
        let name = entry.file_name();
        let name_str = name.to_string_lossy();
        if name_str == READER_LOCK || name_str == MANIFEST || name_str.starts_with(".tantivy-") {
            continue;
        }
        if !entry.file_type()?.is_file() {
            continue;
        }
        let to = target.join(&name);
        if std::fs::hard_link(entry.path(), &to).is_err() {
            std::fs::copy(entry.path(), &to)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_root(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "deckhand-generations-{label}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn publish_new(gens: &Generations) -> (String, ReaderLock) {
        let writer = gens.lock_writer().unwrap();
        let (name, dir, lock) = gens.create(&writer).unwrap();
        std::fs::write(dir.join(MANIFEST), "stamp=x").unwrap();
        gens.publish(&writer, &name).unwrap();
        gens.collect_garbage(&writer);
        (name, lock)
    }

    #[test]
    fn a_generation_someone_reads_survives_collection_and_goes_once_released() {
        let root = temp_root("gc");
        let gens = Generations::new(&root);
        let (first, first_lock) = publish_new(&gens);
        let (reader_name, reader_lock, _) = gens.lock_current().unwrap().unwrap();
        assert_eq!(reader_name, first);
        drop(first_lock);
        let (second, second_lock) = publish_new(&gens);
        assert!(gens.dir(&first).join(MANIFEST).exists(), "still read");
        drop(reader_lock);
        drop(second_lock);
        let (third, _third_lock) = publish_new(&gens);
        assert!(!gens.dir(&first).exists(), "collected once released");
        assert!(!gens.dir(&second).exists());
        assert_eq!(gens.current().unwrap().as_deref(), Some(third.as_str()));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_replaced_pointer_is_noticed() {
        let root = temp_root("pointer");
        let gens = Generations::new(&root);
        assert_eq!(gens.pointer_version(), None);
        let (_, _a) = publish_new(&gens);
        let seen = gens.pointer_version();
        assert!(seen.is_some());
        assert_eq!(gens.pointer_version(), seen);
        let (_, _b) = publish_new(&gens);
        assert_ne!(gens.pointer_version(), seen);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_pointer_to_a_missing_generation_opens_nothing() {
        let root = temp_root("missing");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join(POINTER), "gen-000009").unwrap();
        let gens = Generations::new(&root);
        assert!(gens.lock_current().unwrap().is_none());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
