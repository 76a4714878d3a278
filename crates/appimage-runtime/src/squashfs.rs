//! The SquashFS 4.0 image after the runtime, read with the `backhand` crate: its superblock,
//! tables, inodes, directories, data blocks and fragments are backhand's to parse. What is
//! left here is the runtime's policy: gzip images only (as `mksquashfs -comp gzip` writes
//! them), inflated with flate2 as backhand's decompressor, never past the room a block has;
//! an image that fits in its file; paths that are plain relative names, each once, at most
//! [`MAX_DEPTH`] deep; symlink targets without NUL bytes; files exactly as long as their inode
//! says.
//!
//! And containment, for what backhand 0.25 does with a crafted image: an extended
//! directory whose listing size is near 4 GiB makes it slice out of range, and a dir entry's
//! inode offset can overflow an `i32` (debug builds), both panics; it reads directories
//! recursively, one stack frame (under 1 KiB) a level with no limit, so 10,000 nested
//! folders (about 100 KiB of image) would overflow the main thread's 8 MiB stack; and it
//! keeps every fragment block it inflates. So [`with_image`] reads on a thread of its own
//! whose stack is sized from the superblock's inode count (a directory cannot nest deeper
//! than there are inodes, and backhand checks that count), the superblock's counts are
//! capped ([`MAX_INODES`], [`MAX_FRAGMENT_BYTES`]), and every call into backhand is
//! guarded: a panic there is an [`Error::Damaged`] with the panic's message. (This needs
//! `panic = "unwind"`, Rust's default; the binary calls [`quiet_reader_panics`] so that
//! such a panic prints nothing but the one-line error.) Not bounded here: backhand inflates
//! the inode and directory tables whole, so a crafted image's tables can take a few hundred
//! times their size in memory, as any image can take far more disk than its size once
//! extracted.

use crate::{Error, Result};
use backhand::compression::{CompressionAction, Compressor};
use backhand::kind::Kind;
use backhand::{
    BackhandError, FilesystemCompressor, FilesystemReader, InnerNode, Squashfs, SquashfsFileReader,
    SuperBlock,
};
use std::cell::Cell;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::os::unix::ffi::OsStrExt;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};

/// The superblock's size, the least an image can be.
const SUPERBLOCK_LEN: u64 = 96;
/// Longest symlink target accepted (Linux's PATH_MAX).
const MAX_LINK: usize = 4096;
/// Directories nest at most this deep; deeper means a damaged image.
pub const MAX_DEPTH: usize = 64;
/// The most inodes an image may have: some 1,000 times what Deckhand's AppDir holds. It
/// bounds the reading thread's stack (see [`stack_for`]) to 1 MiB + 128 MiB of address
/// space, only the used part of which takes memory.
pub const MAX_INODES: u32 = 1 << 16;

/// The most memory the image's fragment blocks may take once inflated: backhand keeps each
/// one it inflates until the image is closed (503 of 128 KiB, 57 MiB, for /usr/bin and
/// /usr/share/doc of a Debian system), and a fragment of zeros packs 1 MiB into about a
/// kilobyte. Deckhand's AppDir needs a few.
pub const MAX_FRAGMENT_BYTES: u64 = 256 << 20;

/// backhand's decompressor for this runtime: zlib (SquashFS's "gzip") through flate2, which
/// the tree already has. Each block inflates into the room its caller reserved (the block
/// size for data, 8 KiB for metadata), so a block that would inflate past it is damage.
struct Gzip;

static GZIP: Gzip = Gzip;

impl CompressionAction for Gzip {
    type Error = BackhandError;
    type Compressor = Compressor;
    type FilesystemCompressor = FilesystemCompressor;
    type SuperBlock = SuperBlock;

    fn decompress(
        &self,
        bytes: &[u8],
        out: &mut Vec<u8>,
        compressor: Compressor,
    ) -> Result<(), BackhandError> {
        if compressor != Compressor::Gzip {
            return Err(BackhandError::UnsupportedCompression(String::new()));
        }
        // decompress_vec writes into the spare capacity only, never growing `out`.
        let mut z = flate2::Decompress::new(true);
        match z.decompress_vec(bytes, out, flate2::FlushDecompress::Finish) {
            Ok(flate2::Status::StreamEnd) => Ok(()),
            _ => Err(BackhandError::CorruptedOrInvalidSquashfs),
        }
    }

    fn compress(
        &self,
        _bytes: &[u8],
        _fc: FilesystemCompressor,
        _block_size: u32,
    ) -> Result<Vec<u8>, BackhandError> {
        Err(BackhandError::UnsupportedCompression(String::new()))
    }
}

/// What one path of the image is.
#[derive(Debug)]
pub enum NodeKind<'a> {
    Dir,
    File(&'a SquashfsFileReader),
    Symlink(&'a Path),
    /// A device, fifo or socket: an AppDir has no use for them.
    Special,
}

/// One path of the image: relative (never empty, never `.` or `..` in it), UTF-8, with its
/// permission bits.
#[derive(Debug)]
pub struct Entry<'a> {
    pub path: &'a str,
    pub mode: u16,
    pub kind: NodeKind<'a>,
}

/// A SquashFS image inside a file, from `base` on, read whole into backhand's tree.
pub struct Image {
    fs: FilesystemReader<'static>,
    path: PathBuf,
    base: u64,
}

/// Opens the image that starts `base` bytes into `path`'s file and runs `work` on it, on a
/// thread with a stack large enough for backhand's recursion (see the module's notes).
pub fn with_image<T: Send>(
    path: &Path,
    base: u64,
    work: impl FnOnce(&Image) -> Result<T> + Send,
) -> Result<T> {
    let (reader, superblock) = superblock(path, base)?;
    std::thread::scope(|scope| {
        let reading = std::thread::Builder::new()
            .name("squashfs".into())
            .stack_size(stack_for(superblock.inode_count))
            .spawn_scoped(scope, move || {
                let kind = Kind::new_v4(&GZIP);
                let fs = guarded(path, base, || {
                    FilesystemReader::from_reader_with_offset_and_kind(reader, base, kind)
                })?
                .map_err(|e| describe(path, base, e))?;
                let image = Image {
                    fs,
                    path: path.to_owned(),
                    base,
                };
                work(&image)
            })
            .map_err(|e| Error::io(path, e))?;
        // Panics in backhand are errors already: one here is a bug of this crate's own.
        reading
            .join()
            .unwrap_or_else(|panic| panic::resume_unwind(panic))
    })
}

/// The reading thread's stack: 1 MiB, and 2 KiB for each inode, as a directory can nest
/// once per inode and backhand's frame for a level measured 0.6 KiB (release) to 0.9 KiB
/// (debug) when 2,000 nested folders were read.
fn stack_for(inodes: u32) -> usize {
    (1 << 20) + inodes.min(MAX_INODES) as usize * 2048
}

/// Checks what the superblock says before backhand reads the rest: that there is an image,
/// SquashFS 4.0, gzip, no larger than the file, with at most [`MAX_INODES`] inodes and
/// [`MAX_FRAGMENT_BYTES`] of fragments. Returns the file's reader, at `base`, and the
/// superblock.
fn superblock(path: &Path, base: u64) -> Result<(BufReader<File>, SuperBlock)> {
    let file = File::open(path).map_err(|e| Error::io(path, e))?;
    let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
    let damaged = |why: String| Error::Damaged {
        path: path.to_owned(),
        at: base,
        why,
    };
    let unsupported = |why: String| Error::Unsupported {
        path: path.to_owned(),
        why,
    };
    if len < base.saturating_add(SUPERBLOCK_LEN) {
        return Err(damaged(format!(
            "no SquashFS image after the runtime: the file ends at byte {len}"
        )));
    }
    let mut reader = BufReader::new(file);
    let seek = |reader: &mut BufReader<File>| {
        reader
            .seek(SeekFrom::Start(base))
            .map(drop)
            .map_err(|e| Error::io(path, e))
    };
    // backhand checks the magic and the version together: the magic is told apart first,
    // so that "not SquashFS at all" reads as such.
    seek(&mut reader)?;
    let mut magic = [0u8; 4];
    reader
        .read_exact(&mut magic)
        .map_err(|e| Error::io(path, e))?;
    if magic != *b"hsqs" {
        return Err(damaged("no SquashFS magic (hsqs)".into()));
    }
    seek(&mut reader)?;
    let kind = Kind::new_v4(&GZIP);
    let (superblock, _) = guarded(path, base, || {
        Squashfs::superblock_and_compression_options(&mut reader, &kind)
    })?
    .map_err(|e| match e {
        BackhandError::Deku(_) => {
            unsupported("not a SquashFS 4.0 image: this runtime reads 4.0".into())
        }
        other => describe(path, base, other),
    })?;
    if superblock.compressor != Compressor::Gzip {
        let name = match superblock.compressor {
            Compressor::Uncompressed => "no compressor",
            Compressor::Gzip => "gzip",
            Compressor::Lzma => "lzma",
            Compressor::Lzo => "lzo",
            Compressor::Xz => "xz",
            Compressor::Lz4 => "lz4",
            Compressor::Zstd => "zstd",
        };
        return Err(unsupported(format!(
            "the SquashFS image is compressed with {name}: this runtime reads gzip"
        )));
    }
    let used = superblock.bytes_used;
    let available = len - base;
    if used > available {
        return Err(damaged(format!(
            "the image is truncated: its superblock says {used} bytes, the file holds {available} after the runtime"
        )));
    }
    if superblock.inode_count > MAX_INODES {
        return Err(unsupported(format!(
            "the image has {} inodes: this runtime reads at most {MAX_INODES}",
            superblock.inode_count
        )));
    }
    let fragments = u64::from(superblock.frag_count) * u64::from(superblock.block_size);
    if fragments > MAX_FRAGMENT_BYTES {
        return Err(unsupported(format!(
            "the image's {} fragment blocks would take {} MiB to read: this runtime allows {} MiB",
            superblock.frag_count,
            fragments >> 20,
            MAX_FRAGMENT_BYTES >> 20
        )));
    }
    seek(&mut reader)?;
    Ok((reader, superblock))
}

thread_local! {
    /// Whether this thread is inside a call into backhand (see [`guarded`]).
    static IN_BACKHAND: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, a call into backhand, making a panic in it a one-line [`Error::Damaged`].
fn guarded<T>(path: &Path, base: u64, f: impl FnOnce() -> T) -> Result<T> {
    let outer = IN_BACKHAND.replace(true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_BACKHAND.set(outer);
    result.map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let message = message.lines().next().unwrap_or("").to_owned();
        Error::Damaged {
            path: path.to_owned(),
            at: base,
            why: format!("the SquashFS reader (backhand) failed on it: {message}"),
        }
    })
}

/// Keeps Rust's panic report off stderr for panics inside backhand, which [`guarded`]
/// reports as an error; any other panic is reported as before. For the binary, once.
pub fn quiet_reader_panics() {
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !IN_BACKHAND.get() {
            report(info);
        }
    }));
}

impl Image {
    pub fn block_size(&self) -> u32 {
        self.fs.block_size
    }

    fn guarded<T>(&self, f: impl FnOnce() -> T) -> Result<T> {
        guarded(&self.path, self.base, f)
    }

    pub(crate) fn damaged(&self, why: impl Into<String>) -> Error {
        Error::Damaged {
            path: self.path.clone(),
            at: self.base,
            why: why.into(),
        }
    }

    /// Every path of the image but the root, parents before what they hold. Checked: each
    /// is a plain relative UTF-8 path, at most [`MAX_DEPTH`] deep, and appears once.
    pub fn entries(&self) -> Result<Vec<Entry<'_>>> {
        let mut entries: Vec<Entry<'_>> = Vec::new();
        let mut nodes = self.fs.files();
        // backhand's list is sorted by path and starts with the root.
        match nodes.next() {
            Some(root) if root.fullpath == Path::new("/") => {}
            _ => return Err(self.damaged("the image has no root directory")),
        }
        for node in nodes {
            let rel = node
                .fullpath
                .strip_prefix("/")
                .map_err(|_| self.damaged("a path is not under the root"))?;
            let depth = rel.components().count();
            let plain = rel.components().all(|c| matches!(c, Component::Normal(_)));
            if !plain || depth == 0 || rel.as_os_str().as_bytes().contains(&0) {
                return Err(self.damaged(format!(
                    "a file name {:?} is not allowed",
                    node.fullpath.display()
                )));
            }
            if depth > MAX_DEPTH {
                return Err(self.damaged(format!(
                    "{}: directories nest deeper than {MAX_DEPTH}",
                    rel.display()
                )));
            }
            let rel = rel
                .to_str()
                .ok_or_else(|| self.damaged("a file name is not UTF-8"))?;
            if entries.last().is_some_and(|last| last.path == rel) {
                return Err(self.damaged(format!("{rel} appears twice")));
            }
            let kind = match &node.inner {
                InnerNode::Dir(_) => NodeKind::Dir,
                InnerNode::File(file) => NodeKind::File(file),
                InnerNode::Symlink(link) => {
                    let target = link.link.as_os_str().as_bytes();
                    if target.is_empty() || target.len() > MAX_LINK || target.contains(&0) {
                        return Err(self.damaged(format!(
                            "{rel}: a symlink target that is empty, longer than {MAX_LINK} bytes or holds a NUL byte"
                        )));
                    }
                    NodeKind::Symlink(&link.link)
                }
                InnerNode::CharacterDevice(_)
                | InnerNode::BlockDevice(_)
                | InnerNode::NamedPipe
                | InnerNode::Socket => NodeKind::Special,
            };
            entries.push(Entry {
                path: rel,
                mode: node.header.permissions,
                kind,
            });
        }
        Ok(entries)
    }

    /// Writes a regular file's contents to `out`; `out_path` names `out` in errors. A file
    /// that ends before the size its inode gives is damage.
    pub fn copy_file(
        &self,
        file: &SquashfsFileReader,
        out: &mut impl std::io::Write,
        out_path: &Path,
    ) -> Result<()> {
        let size = file.file_len() as u64;
        let mut reader = self
            .guarded(|| self.fs.file(file).reader_checked())?
            .map_err(|e| describe(&self.path, self.base, e))?;
        let mut buf = vec![0; self.block_size() as usize];
        let mut written = 0u64;
        loop {
            let n = match self.guarded(|| reader.read(&mut buf))? {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.read_error(e)),
            };
            out.write_all(&buf[..n])
                .map_err(|e| Error::io(out_path, e))?;
            written += n as u64;
        }
        if written != size {
            return Err(self.damaged(format!("a file of {size} bytes holds only {written}")));
        }
        Ok(())
    }

    /// An error reading a file's contents. backhand's reader turns its own errors into bare
    /// io::Errors of a kind (no OS code, no payload); an error of the system keeps its code.
    /// A seek the system refuses (EINVAL) is an offset no file can have: damage too.
    fn read_error(&self, e: std::io::Error) -> Error {
        let kind = e.kind();
        if e.raw_os_error().is_some() && kind != std::io::ErrorKind::InvalidInput {
            return Error::io(&self.path, e);
        }
        let why = match kind {
            std::io::ErrorKind::UnexpectedEof => "a data block runs past the end of the file",
            std::io::ErrorKind::InvalidInput => "a data block's offset is past any file's end",
            std::io::ErrorKind::Unsupported => {
                "a data block is stored with another compressor than the image's gzip"
            }
            _ => "a data block or fragment does not inflate, or does not fit its file",
        };
        self.damaged(why)
    }
}

/// One line for backhand's error: without its `error-strings` feature its errors print
/// nothing, so the variant is put in words here.
fn describe(path: &Path, base: u64, err: BackhandError) -> Error {
    let why = match err {
        BackhandError::StdIo(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            "a table or block runs past the end of the file"
        }
        BackhandError::StdIo(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
            "an offset is past any file's end"
        }
        BackhandError::StdIo(e) => return Error::io(path, e),
        BackhandError::UnsupportedSquashfsVersion(major, minor) => {
            return Error::Unsupported {
                path: path.to_owned(),
                why: format!("SquashFS {major}.{minor}: this runtime reads 4.0"),
            }
        }
        BackhandError::UnsupportedCompression(_) | BackhandError::MissingCompressor => {
            "a block is stored with another compressor than the image's gzip"
        }
        BackhandError::Deku(_) => "a table entry does not parse",
        BackhandError::StringUtf8(_) | BackhandError::StrUtf8(_) => "a name is not UTF-8",
        BackhandError::InvalidFilePath | BackhandError::UndefineFileName => {
            "a file name is not a plain name"
        }
        BackhandError::DuplicatedFileName => "a file name appears twice",
        BackhandError::UnexpectedInode | BackhandError::UnsupportedInode => {
            "an inode is not what its directory entry says, or a directory holds itself"
        }
        BackhandError::FileNotFound => "a directory entry points to no inode of its kind",
        BackhandError::InvalidIdTable | BackhandError::IdNotFoundInTable => {
            "an owner is not in the id table"
        }
        BackhandError::TryReserveError(_) => "a table is larger than memory allows",
        BackhandError::NumericConversion(_) => "a number is out of range",
        BackhandError::InvalidCompressionOption => "its compression options do not parse",
        _ => "corrupted or invalid",
    };
    Error::Damaged {
        path: path.to_owned(),
        at: base,
        why: why.to_owned(),
    }
}
