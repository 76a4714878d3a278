//! A read-only SquashFS 4.0 reader, enough to extract an AppDir: directories, regular
//! files (blocks, sparse blocks and fragment tails), symlinks; devices, fifos and sockets
//! are listed and skipped. gzip (zlib) compression only, as `mksquashfs -comp gzip`
//! writes it. Every offset read from the image is checked against the image's size, so a
//! damaged or truncated image is an [`Error::Damaged`], never a panic or a read elsewhere.
//! Layout: the kernel's Documentation/filesystems/squashfs.rst and squashfs-tools.

use crate::{Error, Result};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

const MAGIC: u32 = 0x7371_7368; // "hsqs"
const SUPERBLOCK_LEN: u64 = 96;
const METADATA_MAX: usize = 8192;
const COMPRESSOR_GZIP: u16 = 1;
const NO_FRAGMENT: u32 = 0xFFFF_FFFF;
/// A data block or fragment size word with this bit is stored uncompressed.
const DATA_UNCOMPRESSED: u32 = 1 << 24;
/// A metadata block header with this bit is stored uncompressed.
const META_UNCOMPRESSED: u16 = 1 << 15;

/// Where an inode lives: a metadata block (from the start of the inode table) and an offset
/// into its uncompressed bytes.
#[derive(Clone, Copy, Debug)]
pub struct InodeRef {
    block: u64,
    offset: u16,
}

impl InodeRef {
    fn from_raw(raw: u64) -> Self {
        InodeRef {
            block: raw >> 16,
            offset: (raw & 0xFFFF) as u16,
        }
    }
}

/// One inode's contents, as far as extraction needs them.
#[derive(Debug)]
pub enum Node {
    Dir {
        block: u32,
        offset: u16,
        /// The listing's size as stored: three more than its bytes.
        size: u32,
    },
    File {
        start: u64,
        size: u64,
        fragment: u32,
        fragment_offset: u32,
        blocks: Vec<u32>,
    },
    Symlink(Vec<u8>),
    /// A device, fifo or socket: an AppDir has no use for them.
    Special,
}

/// An inode with its permission bits.
#[derive(Debug)]
pub struct Inode {
    pub mode: u16,
    pub node: Node,
}

/// A directory entry: its name (checked: no `/`, not `.` or `..`, not empty) and inode.
#[derive(Debug)]
pub struct Entry {
    pub name: String,
    pub inode: InodeRef,
}

/// A SquashFS image inside a file, from `base` on.
pub struct Image {
    file: File,
    path: PathBuf,
    base: u64,
    /// The image's size: the superblock's `bytes_used`, checked to fit in the file.
    used: u64,
    block_size: u32,
    fragment_count: u32,
    root: InodeRef,
    inode_table: u64,
    dir_table: u64,
    fragment_table: u64,
    /// The last fragment block read (index, bytes): files share them.
    fragment_cache: Option<(u32, Vec<u8>)>,
}

impl Image {
    /// Opens the image that starts `base` bytes into `path`'s file.
    pub fn open(path: &Path, base: u64) -> Result<Self> {
        let file = File::open(path).map_err(|e| Error::io(path, e))?;
        let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
        let damaged = |why: String| Error::Damaged {
            path: path.to_owned(),
            at: base,
            why,
        };
        if len < base.saturating_add(SUPERBLOCK_LEN) {
            return Err(damaged(format!(
                "no SquashFS image after the runtime: the file ends at byte {len}"
            )));
        }
        let mut sb = [0u8; SUPERBLOCK_LEN as usize];
        file.read_exact_at(&mut sb, base)
            .map_err(|e| Error::io(path, e))?;
        let u16_at = |i: usize| u16::from_le_bytes([sb[i], sb[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes(sb[i..i + 4].try_into().expect("4 bytes"));
        let u64_at = |i: usize| u64::from_le_bytes(sb[i..i + 8].try_into().expect("8 bytes"));
        if u32_at(0) != MAGIC {
            return Err(damaged("no SquashFS magic (hsqs)".into()));
        }
        let unsupported = |why: String| Error::Unsupported {
            path: path.to_owned(),
            why,
        };
        let (major, minor) = (u16_at(28), u16_at(30));
        if (major, minor) != (4, 0) {
            return Err(unsupported(format!(
                "SquashFS {major}.{minor}: this runtime reads 4.0"
            )));
        }
        let compressor = u16_at(20);
        if compressor != COMPRESSOR_GZIP {
            let name = match compressor {
                2 => "lzma",
                3 => "lzo",
                4 => "xz",
                5 => "lz4",
                6 => "zstd",
                _ => "an unknown compressor",
            };
            return Err(unsupported(format!(
                "the SquashFS image is compressed with {name}: this runtime reads gzip"
            )));
        }
        let block_size = u32_at(12);
        let block_log = u16_at(22);
        if !(12..=20).contains(&block_log) || block_size != 1 << block_log {
            return Err(damaged(format!(
                "block size {block_size} (log {block_log}) is not a power of two from 4 KiB to 1 MiB"
            )));
        }
        let used = u64_at(40);
        let available = len - base;
        if used > available {
            return Err(damaged(format!(
                "the image is truncated: its superblock says {used} bytes, the file holds {available} after the runtime"
            )));
        }
        let image = Image {
            file,
            path: path.to_owned(),
            base,
            used,
            block_size,
            fragment_count: u32_at(16),
            root: InodeRef::from_raw(u64_at(32)),
            inode_table: u64_at(64),
            dir_table: u64_at(72),
            fragment_table: u64_at(80),
            fragment_cache: None,
        };
        for (name, at) in [
            ("inode table", image.inode_table),
            ("directory table", image.dir_table),
        ] {
            if at >= used {
                return Err(image.damaged(0, format!("the {name} starts past the image's end")));
            }
        }
        Ok(image)
    }

    pub fn root(&self) -> InodeRef {
        self.root
    }

    pub fn block_size(&self) -> u32 {
        self.block_size
    }

    pub(crate) fn damaged(&self, at: u64, why: impl Into<String>) -> Error {
        Error::Damaged {
            path: self.path.clone(),
            at: self.base + at,
            why: why.into(),
        }
    }

    /// `n` bytes at `at` (from the image's start), which must lie inside the image.
    fn read_at(&self, at: u64, n: usize) -> Result<Vec<u8>> {
        if at.checked_add(n as u64).is_none_or(|end| end > self.used) {
            return Err(self.damaged(
                at,
                format!("{n} bytes wanted here run past the image's end"),
            ));
        }
        let mut buf = vec![0; n];
        self.file
            .read_exact_at(&mut buf, self.base + at)
            .map_err(|e| Error::io(&self.path, e))?;
        Ok(buf)
    }

    /// Inflates a zlib stream that must give at most `max` bytes.
    fn inflate(&self, at: u64, raw: &[u8], max: usize) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(max);
        let mut z = flate2::Decompress::new(true);
        match z.decompress_vec(raw, &mut out, flate2::FlushDecompress::Finish) {
            Ok(flate2::Status::StreamEnd) => Ok(out),
            Ok(_) => Err(self.damaged(
                at,
                format!("a compressed block is cut short or inflates past {max} bytes"),
            )),
            Err(e) => Err(self.damaged(at, format!("a compressed block does not inflate: {e}"))),
        }
    }

    /// The metadata block at `at`: its bytes and where the next block starts.
    fn metadata_block(&self, at: u64) -> Result<(Vec<u8>, u64)> {
        let header = self.read_at(at, 2)?;
        let header = u16::from_le_bytes([header[0], header[1]]);
        let size = usize::from(header & !META_UNCOMPRESSED);
        if size == 0 || size > METADATA_MAX {
            return Err(self.damaged(at, format!("a metadata block of {size} bytes")));
        }
        let raw = self.read_at(at + 2, size)?;
        let data = if header & META_UNCOMPRESSED != 0 {
            raw
        } else {
            self.inflate(at, &raw, METADATA_MAX)?
        };
        if data.is_empty() {
            return Err(self.damaged(at, "an empty metadata block"));
        }
        Ok((data, at + 2 + size as u64))
    }

    fn cursor(&self, table: u64, block: u64, offset: u16) -> Result<Cursor> {
        let at = table
            .checked_add(block)
            .ok_or_else(|| self.damaged(table, "a metadata reference overflows"))?;
        let (data, next) = self.metadata_block(at)?;
        if usize::from(offset) > data.len() {
            return Err(self.damaged(at, "a reference points past its metadata block"));
        }
        Ok(Cursor {
            at,
            data,
            pos: usize::from(offset),
            next,
        })
    }

    /// Reads the inode at `r`.
    pub fn inode(&self, r: InodeRef) -> Result<Inode> {
        let mut c = self.cursor(self.inode_table, r.block, r.offset)?;
        let kind = c.u16(self)?;
        let mode = c.u16(self)?;
        c.skip(self, 12)?; // uid, gid indexes, mtime, inode number
        let node = match kind {
            1 => {
                let block = c.u32(self)?;
                c.skip(self, 4)?; // link count
                let size = u32::from(c.u16(self)?);
                let offset = c.u16(self)?;
                Node::Dir {
                    block,
                    offset,
                    size,
                }
            }
            8 => {
                c.skip(self, 4)?; // link count
                let size = c.u32(self)?;
                let block = c.u32(self)?;
                c.skip(self, 6)?; // parent inode, index count
                let offset = c.u16(self)?;
                Node::Dir {
                    block,
                    offset,
                    size,
                }
            }
            2 | 9 => {
                let (start, size, fragment, fragment_offset) = if kind == 2 {
                    let start = u64::from(c.u32(self)?);
                    let fragment = c.u32(self)?;
                    let fragment_offset = c.u32(self)?;
                    let size = u64::from(c.u32(self)?);
                    (start, size, fragment, fragment_offset)
                } else {
                    let start = c.u64(self)?;
                    let size = c.u64(self)?;
                    c.skip(self, 12)?; // sparse bytes, link count
                    let fragment = c.u32(self)?;
                    let fragment_offset = c.u32(self)?;
                    c.skip(self, 4)?; // xattr index
                    (start, size, fragment, fragment_offset)
                };
                let bs = u64::from(self.block_size);
                let count = if fragment == NO_FRAGMENT {
                    size.div_ceil(bs)
                } else {
                    size / bs
                };
                // Each block's size word is in the metadata, so a count the image
                // cannot hold is damage, found before allocating for it.
                if count.saturating_mul(4) > self.used {
                    return Err(self.damaged(
                        c.at,
                        format!("a file of {size} bytes is larger than the image can hold"),
                    ));
                }
                let mut blocks = Vec::with_capacity(count as usize);
                for _ in 0..count {
                    blocks.push(c.u32(self)?);
                }
                Node::File {
                    start,
                    size,
                    fragment,
                    fragment_offset,
                    blocks,
                }
            }
            3 | 10 => {
                c.skip(self, 4)?; // link count
                let len = c.u32(self)? as usize;
                if len == 0 || len > 4096 {
                    return Err(self.damaged(c.at, format!("a symlink target of {len} bytes")));
                }
                let target = c.bytes(self, len)?;
                if target.contains(&0) {
                    return Err(self.damaged(c.at, "a symlink target holds a NUL byte"));
                }
                Node::Symlink(target)
            }
            4..=7 | 11..=14 => Node::Special,
            other => return Err(self.damaged(c.at, format!("an inode of unknown type {other}"))),
        };
        Ok(Inode { mode, node })
    }

    /// The entries of a directory listing (see [`Node::Dir`]).
    pub fn read_dir(&self, block: u32, offset: u16, size: u32) -> Result<Vec<Entry>> {
        let mut entries = Vec::new();
        if size <= 3 {
            return Ok(entries);
        }
        let mut left = size - 3;
        let mut c = self.cursor(self.dir_table, u64::from(block), offset)?;
        let take = |c: &Cursor, left: &mut u32, n: u32| -> Result<()> {
            *left = left
                .checked_sub(n)
                .ok_or_else(|| self.damaged(c.at, "a directory listing overruns its size"))?;
            Ok(())
        };
        while left > 0 {
            take(&c, &mut left, 12)?;
            let count = c.u32(self)? + 1;
            let start = c.u32(self)?;
            c.skip(self, 4)?; // inode number base
            if count > 256 {
                return Err(self.damaged(c.at, format!("a directory header of {count} entries")));
            }
            for _ in 0..count {
                take(&c, &mut left, 8)?;
                let offset = c.u16(self)?;
                c.skip(self, 4)?; // inode number delta, type
                let len = u32::from(c.u16(self)?) + 1;
                take(&c, &mut left, len)?;
                let name = c.bytes(self, len as usize)?;
                let name = String::from_utf8(name)
                    .map_err(|_| self.damaged(c.at, "a file name is not UTF-8"))?;
                if name == "." || name == ".." || name.contains(['/', '\0']) {
                    return Err(self.damaged(c.at, format!("a file name {name:?} is not allowed")));
                }
                entries.push(Entry {
                    name,
                    inode: InodeRef {
                        block: u64::from(start),
                        offset,
                    },
                });
            }
        }
        Ok(entries)
    }

    /// Writes a regular file's contents (a [`Node::File`]) to `out`.
    /// `out_path` names `out` in errors.
    pub fn copy_file(
        &mut self,
        node: &Node,
        out: &mut impl std::io::Write,
        out_path: &Path,
    ) -> Result<()> {
        let Node::File {
            start,
            size,
            fragment,
            fragment_offset,
            blocks,
        } = node
        else {
            return Ok(());
        };
        let write = |out: &mut dyn std::io::Write, bytes: &[u8]| -> Result<()> {
            out.write_all(bytes).map_err(|e| Error::io(out_path, e))
        };
        let bs = u64::from(self.block_size);
        let mut at = *start;
        let mut left = *size;
        for &word in blocks {
            let want = left.min(bs) as usize;
            let disk = word & !DATA_UNCOMPRESSED & 0x00FF_FFFF;
            let data = if disk == 0 {
                vec![0; want] // a sparse block
            } else {
                let raw = self.read_at(at, disk as usize)?;
                if word & DATA_UNCOMPRESSED != 0 {
                    raw
                } else {
                    self.inflate(at, &raw, bs as usize)?
                }
            };
            if data.len() != want {
                return Err(self.damaged(
                    at,
                    format!(
                        "a data block holds {} bytes, its file needs {want}",
                        data.len()
                    ),
                ));
            }
            write(out, &data)?;
            at += u64::from(disk);
            left -= want as u64;
        }
        if *fragment != NO_FRAGMENT && left > 0 {
            let from = *fragment_offset as usize;
            let to = from.saturating_add(left as usize);
            let tail = self.fragment(*fragment)?.get(from..to).map(<[u8]>::to_vec);
            let tail = tail.ok_or_else(|| {
                self.damaged(self.fragment_table, "a file's tail runs past its fragment")
            })?;
            write(out, &tail)?;
        } else if left > 0 {
            return Err(self.damaged(at, "a file is shorter than its size"));
        }
        Ok(())
    }

    /// The uncompressed bytes of fragment block `index`.
    fn fragment(&mut self, index: u32) -> Result<&[u8]> {
        if self
            .fragment_cache
            .as_ref()
            .is_none_or(|(i, _)| *i != index)
        {
            if index >= self.fragment_count {
                return Err(self.damaged(
                    self.fragment_table,
                    format!("fragment {index} of {}", self.fragment_count),
                ));
            }
            // The fragment table: an array of pointers to metadata blocks of 16-byte
            // entries (start, size, unused), 512 entries a block.
            let pointer = self.read_at(self.fragment_table + u64::from(index / 512) * 8, 8)?;
            let pointer = u64::from_le_bytes(pointer.try_into().expect("8 bytes"));
            let mut c = self.cursor(pointer, 0, 0)?;
            c.skip(self, (index % 512) as usize * 16)?;
            let start = c.u64(self)?;
            let word = c.u32(self)?;
            let disk = (word & 0x00FF_FFFF) as usize;
            let raw = self.read_at(start, disk)?;
            let data = if word & DATA_UNCOMPRESSED != 0 {
                raw
            } else {
                self.inflate(start, &raw, self.block_size as usize)?
            };
            self.fragment_cache = Some((index, data));
        }
        Ok(&self.fragment_cache.as_ref().expect("filled above").1)
    }
}

/// Reads on through consecutive metadata blocks.
struct Cursor {
    /// Where the current block starts, for messages.
    at: u64,
    data: Vec<u8>,
    pos: usize,
    next: u64,
}

impl Cursor {
    fn bytes(&mut self, image: &Image, n: usize) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(n.min(METADATA_MAX));
        while out.len() < n {
            if self.pos == self.data.len() {
                let (data, next) = image.metadata_block(self.next)?;
                self.at = self.next;
                self.data = data;
                self.pos = 0;
                self.next = next;
            }
            let take = (n - out.len()).min(self.data.len() - self.pos);
            out.extend_from_slice(&self.data[self.pos..self.pos + take]);
            self.pos += take;
        }
        Ok(out)
    }

    fn skip(&mut self, image: &Image, n: usize) -> Result<()> {
        self.bytes(image, n).map(drop)
    }

    fn u16(&mut self, image: &Image) -> Result<u16> {
        let b = self.bytes(image, 2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, image: &Image) -> Result<u32> {
        let b = self.bytes(image, 4)?;
        Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }

    fn u64(&mut self, image: &Image) -> Result<u64> {
        let b = self.bytes(image, 8)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }
}
