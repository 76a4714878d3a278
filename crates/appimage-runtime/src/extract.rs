//! The image's tree into a folder, all or nothing: it is written into a hidden sibling
//! folder and renamed into place only when complete, so a damaged image, a full disk or
//! a second extraction running at the same time never leaves a partial tree behind.

use crate::squashfs::{Image, NodeKind};
use crate::{glob, Error, Result};
use std::fs;
use std::io::{BufWriter, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// Marks the hidden folder an extraction writes into, before the process id.
pub(crate) const PARTIAL: &str = ".partial-";

/// Extracts the image (only the paths `pattern` matches, when given) into `dest`, which
/// must not exist. [`Error::Exists`] when it does, also when another process put it there
/// while this one was extracting.
pub fn extract(image: &Image, dest: &Path, pattern: Option<&str>) -> Result<()> {
    if fs::symlink_metadata(dest).is_ok() {
        return Err(Error::Exists {
            path: dest.to_owned(),
        });
    }
    let name = dest.file_name().map_or_else(
        || "squashfs-root".into(),
        |n| n.to_string_lossy().into_owned(),
    );
    let partial = dest.with_file_name(format!(".{name}{PARTIAL}{}", std::process::id()));
    // Left over by this process id before (a crash): never ours to merge into.
    if fs::symlink_metadata(&partial).is_ok() {
        fs::remove_dir_all(&partial).map_err(|e| Error::io(&partial, e))?;
    }
    fs::create_dir(&partial).map_err(|e| Error::io(&partial, e))?;
    let tree = Tree {
        image,
        root: &partial,
        pattern,
    };
    let done = tree
        .write()
        .and_then(|()| fs::rename(&partial, dest).map_err(|e| Error::io(dest, e)));
    if let Err(err) = done {
        let _ = fs::remove_dir_all(&partial);
        if fs::symlink_metadata(dest).is_ok() {
            return Err(Error::Exists {
                path: dest.to_owned(),
            });
        }
        return Err(err);
    }
    Ok(())
}

/// Reads the whole image as [`extract`] does, contents included, and writes nothing:
/// whether it would extract.
pub fn check(image: &Image) -> Result<()> {
    let mut sink = std::io::sink();
    for entry in image.entries()? {
        if let NodeKind::File(file) = entry.kind {
            image.copy_file(file, &mut sink, Path::new(entry.path))?;
        }
    }
    Ok(())
}

struct Tree<'a> {
    image: &'a Image,
    root: &'a Path,
    pattern: Option<&'a str>,
}

impl Tree<'_> {
    fn wanted(&self, rel: &str) -> bool {
        self.pattern.is_none_or(|p| glob::matches(p, rel))
    }

    /// Writes every wanted path of the image under `root`.
    fn write(&self) -> Result<()> {
        let entries = self.image.entries()?;
        // Folders get their permission bits last: a read-only folder would refuse its own
        // contents.
        let mut folders = Vec::new();
        for entry in &entries {
            let rel = entry.path;
            if !self.wanted(rel) {
                continue;
            }
            let path = self.root.join(rel);
            let mode = u32::from(entry.mode) & 0o777;
            match entry.kind {
                NodeKind::Dir => {
                    self.ensure_dir(rel)?;
                    folders.push((path, mode));
                }
                NodeKind::File(file) => {
                    self.ensure_parent(rel)?;
                    // create_new: a name seen twice, or a symlink in the way, is an error,
                    // never a write through it.
                    let out = fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .mode(mode | 0o600)
                        .open(&path)
                        .map_err(|e| Error::io(&path, e))?;
                    let mut out = BufWriter::with_capacity(1 << 17, out);
                    self.image.copy_file(file, &mut out, &path)?;
                    out.flush().map_err(|e| Error::io(&path, e))?;
                }
                NodeKind::Symlink(target) => {
                    self.ensure_parent(rel)?;
                    std::os::unix::fs::symlink(target, &path).map_err(|e| Error::io(&path, e))?;
                }
                NodeKind::Special => {} // a device, fifo or socket
            }
        }
        for (path, mode) in folders.iter().rev() {
            let perms = fs::Permissions::from_mode(mode | 0o700);
            fs::set_permissions(path, perms).map_err(|e| Error::io(path, e))?;
        }
        Ok(())
    }

    fn ensure_parent(&self, rel: &str) -> Result<()> {
        match rel.rsplit_once('/') {
            Some((parent, _)) => self.ensure_dir(parent),
            None => Ok(()),
        }
    }

    /// Creates the folders of `rel` one at a time, accepting only real folders on the way
    /// (never following a symlink the image made).
    fn ensure_dir(&self, rel: &str) -> Result<()> {
        let mut path = self.root.to_path_buf();
        for part in rel.split('/') {
            path.push(part);
            match fs::create_dir(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let is_dir = fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
                    if !is_dir {
                        return Err(Error::io(&path, e));
                    }
                }
                Err(e) => return Err(Error::io(&path, e)),
            }
        }
        Ok(())
    }
}
