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

#[cfg(test)]
mod tests {
    use super::*;

    /// An ELF of `len` bytes whose section headers (`(type, offset, size)`) sit at `shoff`.
    fn elf(wide: bool, big: bool, shoff: u64, sections: &[(u32, u64, u64)], len: usize) -> Vec<u8> {
        let mut b = vec![0u8; len.max(64)];
        b[..4].copy_from_slice(b"\x7fELF");
        b[4] = if wide { 2 } else { 1 };
        b[5] = if big { 2 } else { 1 };
        let put = |b: &mut Vec<u8>, at: usize, width: usize, v: u64| {
            for i in 0..width {
                let shift = if big { width - 1 - i } else { i };
                b[at + i] = (v >> (8 * shift)) as u8;
            }
        };
        let entsize = if wide { 64 } else { 40 };
        if wide {
            put(&mut b, 40, 8, shoff);
            put(&mut b, 58, 2, entsize);
            put(&mut b, 60, 2, sections.len() as u64);
        } else {
            put(&mut b, 32, 4, shoff);
            put(&mut b, 46, 2, entsize);
            put(&mut b, 48, 2, sections.len() as u64);
        }
        for (i, &(kind, offset, size)) in sections.iter().enumerate() {
            let at = shoff as usize + i * entsize as usize;
            if at + entsize as usize > b.len() {
                break; // a table that runs past the file: the case under test
            }
            put(&mut b, at + 4, 4, u64::from(kind));
            if wide {
                put(&mut b, at + 24, 8, offset);
                put(&mut b, at + 32, 8, size);
            } else {
                put(&mut b, at + 16, 4, offset);
                put(&mut b, at + 20, 4, size);
            }
        }
        b.truncate(len);
        b
    }

    #[test]
    fn the_elf_ends_after_its_section_headers_or_its_last_section() {
        let progbits = 1;
        let cases: Vec<(&str, Vec<u8>, Result<u64, &str>)> = vec![
            (
                "64-bit, headers last",
                elf(true, false, 200, &[(progbits, 64, 100)], 264),
                Ok(264),
            ),
            (
                "64-bit, a section after the headers",
                elf(true, false, 100, &[(progbits, 164, 300)], 464),
                Ok(464),
            ),
            (
                "32-bit big-endian",
                elf(
                    false,
                    true,
                    100,
                    &[(progbits, 52, 40), (progbits, 140, 10)],
                    180,
                ),
                Ok(180),
            ),
            (
                "a .bss's size takes no room",
                elf(true, false, 100, &[(SHT_NOBITS, 164, 1 << 40)], 164),
                Ok(164),
            ),
            (
                "an image after the ELF",
                elf(true, false, 100, &[(progbits, 64, 30)], 4000),
                Ok(164),
            ),
            (
                "cut inside the header",
                elf(true, false, 100, &[(progbits, 64, 30)], 30),
                Err("past the end"),
            ),
            (
                "cut inside the section headers",
                elf(true, false, 100, &[(progbits, 64, 30)], 120),
                Err("past the end"),
            ),
            (
                "a section past the end",
                elf(true, false, 100, &[(progbits, 64, 5000)], 164),
                Err("a section runs past"),
            ),
            (
                "a section's size overflows",
                elf(true, false, 100, &[(progbits, 64, u64::MAX)], 164),
                Err("overflows"),
            ),
            (
                "no section headers",
                elf(true, false, 0, &[], 64),
                Err("no section headers"),
            ),
            (
                "not ELF",
                b"#!/bin/sh\necho hello, this is a script and not an ELF\n".to_vec(),
                Err("no ELF magic"),
            ),
        ];
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes, want) in cases {
            let path = dir.path().join("runtime");
            std::fs::write(&path, &bytes).unwrap();
            match (elf_size(&path), want) {
                (Ok(got), Ok(want)) => assert_eq!(got, want, "{name}"),
                (Err(err), Err(want)) => {
                    assert!(matches!(err, Error::Elf { .. }), "{name}: {err}");
                    assert!(err.to_string().contains(want), "{name}: {err}");
                }
                (got, want) => panic!("{name}: got {got:?}, want {want:?}"),
            }
        }
    }
}
