//! The image's tree into a folder, all or nothing: it is written into a hidden sibling
//! folder and renamed into place only when complete, so a damaged image, a full disk or
//! a second extraction running at the same time never leaves a partial tree behind.

use crate::squashfs::{Image, InodeRef, Node};
use crate::{glob, Error, Result};
use std::fs;
use std::io::{BufWriter, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Marks the hidden folder an extraction writes into, before the process id.
pub(crate) const PARTIAL: &str = ".partial-";

/// Directories nest at most this deep; deeper means a damaged (or looping) image.
const MAX_DEPTH: usize = 64;

/// Extracts the image (only the paths `pattern` matches, when given) into `dest`, which
/// must not exist. [`Error::Exists`] when it does, also when another process put it there
/// while this one was extracting.
pub fn extract(image: &mut Image, dest: &Path, pattern: Option<&str>) -> Result<()> {
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
    let mut tree = Tree {
        image,
        root: &partial,
        pattern,
        dry: false,
    };
    let done = tree
        .dir(tree.image.root(), "", 0)
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
pub fn check(image: &mut Image) -> Result<()> {
    let mut tree = Tree {
        image,
        root: Path::new(""),
        pattern: None,
        dry: true,
    };
    tree.dir(tree.image.root(), "", 0)
}

struct Tree<'a> {
    image: &'a mut Image,
    root: &'a Path,
    pattern: Option<&'a str>,
    /// Read everything, write nothing ([`check`]).
    dry: bool,
}

impl Tree<'_> {
    fn wanted(&self, rel: &str) -> bool {
        self.pattern.is_none_or(|p| glob::matches(p, rel))
    }

    /// Extracts the directory at `inode` (`rel` inside the image) and what it holds.
    fn dir(&mut self, inode: InodeRef, rel: &str, depth: usize) -> Result<()> {
        let Node::Dir {
            block,
            offset,
            size,
        } = self.image.inode(inode)?.node
        else {
            return Err(self.damaged("the root is not a directory"));
        };
        if depth > MAX_DEPTH {
            return Err(self.damaged(&format!("{rel}: directories nest deeper than {MAX_DEPTH}")));
        }
        for entry in self.image.read_dir(block, offset, size)? {
            let rel = if rel.is_empty() {
                entry.name
            } else {
                format!("{rel}/{}", entry.name)
            };
            let inode = self.image.inode(entry.inode)?;
            let path = self.root.join(&rel);
            let mode = u32::from(inode.mode) & 0o777;
            if self.dry {
                match inode.node {
                    Node::Dir { .. } => self.dir(entry.inode, &rel, depth + 1)?,
                    node => self.image.copy_file(&node, &mut std::io::sink(), &path)?,
                }
                continue;
            }
            match inode.node {
                Node::Dir { .. } => {
                    if self.wanted(&rel) {
                        self.ensure_dir(&rel)?;
                    }
                    self.dir(entry.inode, &rel, depth + 1)?;
                    if self.wanted(&rel) {
                        // Set last: a read-only folder would refuse its own contents.
                        let perms = fs::Permissions::from_mode(mode | 0o700);
                        fs::set_permissions(&path, perms).map_err(|e| Error::io(&path, e))?;
                    }
                }
                Node::File { .. } if self.wanted(&rel) => {
                    self.ensure_parent(&rel)?;
                    // create_new: a name seen twice, or a symlink in the way, is an error,
                    // never a write through it.
                    let file = fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .mode(mode | 0o600)
                        .open(&path)
                        .map_err(|e| Error::io(&path, e))?;
                    let mut out = BufWriter::with_capacity(1 << 17, file);
                    self.image.copy_file(&inode.node, &mut out, &path)?;
                    out.flush().map_err(|e| Error::io(&path, e))?;
                }
                Node::Symlink(target) if self.wanted(&rel) => {
                    self.ensure_parent(&rel)?;
                    let target = PathBuf::from(String::from_utf8_lossy(&target).into_owned());
                    std::os::unix::fs::symlink(&target, &path).map_err(|e| Error::io(&path, e))?;
                }
                _ => {} // not wanted, or a device, fifo or socket
            }
        }
        Ok(())
    }

    fn damaged(&self, why: &str) -> Error {
        self.image.damaged(0, why)
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
