//! Where an ELF file ends: the larger of the end of its section header table and the end
//! of its last section with file contents. A type-2 AppImage's SquashFS image starts
//! there (the reference runtime measures it the same way).

use crate::{Error, Result};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

/// The ELF identification of a type-2 AppImage: `AI` and the type, 2, in the padding of
/// `e_ident` at offset 8, which loaders ignore.
pub const APPIMAGE_MAGIC: [u8; 3] = [b'A', b'I', 2];
/// Where [`APPIMAGE_MAGIC`] sits in the file.
pub const APPIMAGE_MAGIC_OFFSET: usize = 8;
/// `sh_type` of sections that take no room in the file (`.bss`).
const SHT_NOBITS: u32 = 8;

/// The size in bytes of the ELF at the start of `path`'s file.
pub fn elf_size(path: &Path) -> Result<u64> {
    let file = File::open(path).map_err(|e| Error::io(path, e))?;
    let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
    let bad = |why: &str| Error::Elf {
        path: path.to_owned(),
        why: why.to_owned(),
    };
    let read = |at: u64, n: usize| -> Result<Vec<u8>> {
        if at.checked_add(n as u64).is_none_or(|end| end > len) {
            return Err(bad("its headers point past the end of the file"));
        }
        let mut buf = vec![0; n];
        file.read_exact_at(&mut buf, at)
            .map_err(|e| Error::io(path, e))?;
        Ok(buf)
    };
    let ident = read(0, 16)?;
    if ident[..4] != *b"\x7fELF" {
        return Err(bad("no ELF magic"));
    }
    let wide = match ident[4] {
        1 => false,
        2 => true,
        _ => return Err(bad("unknown ELF class")),
    };
    let big = match ident[5] {
        1 => false,
        2 => true,
        _ => return Err(bad("unknown ELF byte order")),
    };
    let int = |b: &[u8]| -> u64 {
        let mut v = 0u64;
        for (i, byte) in b.iter().enumerate() {
            let shift = if big { b.len() - 1 - i } else { i };
            v |= u64::from(*byte) << (8 * shift);
        }
        v
    };
    let header = read(0, if wide { 64 } else { 52 })?;
    // (offset, size) of e_shoff, e_shentsize, e_shnum in each class.
    let (shoff, shentsize, shnum) = if wide {
        (
            int(&header[40..48]),
            int(&header[58..60]),
            int(&header[60..62]),
        )
    } else {
        (
            int(&header[32..36]),
            int(&header[46..48]),
            int(&header[48..50]),
        )
    };
    if shnum == 0 {
        return Err(bad("no section headers"));
    }
    let min_entry = if wide { 64 } else { 40 };
    if shentsize < min_entry {
        return Err(bad("section headers too small"));
    }
    let table_end = shoff + shentsize * shnum; // both factors < 2^16: no overflow
    let mut end = table_end;
    let table = read(shoff, (shentsize * shnum) as usize)?;
    for entry in table.chunks_exact(shentsize as usize) {
        let kind = int(&entry[4..8]) as u32;
        let (offset, size) = if wide {
            (int(&entry[24..32]), int(&entry[32..40]))
        } else {
            (int(&entry[16..20]), int(&entry[20..24]))
        };
        if kind != SHT_NOBITS {
            let section_end = offset
                .checked_add(size)
                .ok_or_else(|| bad("a section's size overflows"))?;
            end = end.max(section_end);
        }
    }
    if end > len {
        return Err(bad("a section runs past the end of the file"));
    }
    Ok(end)
}
