//! Card packs read as other zip tools would have them read: issue "Nothing a file can say
//! breaks Deckhand".

use std::io::Write;

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::Deckhand;

const MANIFEST_JSON: &str = r#"{"format": "deckhand-pack", "version": 1,
    "game": "zoids-scramble", "images": {"pack-liger": "images/1.png"}}"#;
const CARDS_JSON: &str = r#"{"game": "zoids-scramble",
    "cards": [{"id": "pack-liger", "name": "Pack Liger", "type": "Zoid"}]}"#;

/// A pack of one card and its image, with `extra` entries after them.
fn pack(extra: &[&str]) -> Vec<u8> {
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let entries = [
        ("deckhand-pack.json", MANIFEST_JSON),
        ("cards.json", CARDS_JSON),
        ("images/1.png", "not an image, and never read as one here"),
    ];
    for (name, text) in entries
        .into_iter()
        .chain(extra.iter().map(|n| (*n, "other")))
    {
        zip.start_file(name, stored).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// Sets a 16-bit field of the entry named `name`, in its local header (at `local`) and
/// in its central directory header (at `central`).
fn patch(bytes: &mut [u8], name: &str, local: usize, central: usize, value: u16) {
    for (signature, at, name_at) in [(b"PK\x03\x04", local, 30), (b"PK\x01\x02", central, 46)] {
        let starts: Vec<usize> = bytes
            .windows(4)
            .enumerate()
            .filter(|(_, w)| w == signature)
            .map(|(i, _)| i)
            .filter(|i| bytes[i + name_at..].starts_with(name.as_bytes()))
            .collect();
        assert_eq!(starts.len(), 1, "{name}");
        bytes[starts[0] + at..starts[0] + at + 2].copy_from_slice(&value.to_le_bytes());
    }
}

fn import(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut deckhand = Deckhand::open(&dir.path().join("d.sqlite3")).unwrap();
    let path = dir.path().join("kit.zip");
    std::fs::write(&path, bytes).unwrap();
    let message = deckhand
        .import_pack(&path, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        deckhand.card("pack-liger", None).is_err(),
        "a card was written"
    );
    message.replace(&path.display().to_string(), "kit.zip")
}

#[test]
fn a_pack_with_two_entries_of_one_name_is_refused() {
    let mut bytes = pack(&["images/2.png"]);
    let renamed: Vec<usize> = bytes
        .windows(12)
        .enumerate()
        .filter(|(_, w)| w == b"images/2.png")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(renamed.len(), 2);
    for at in renamed {
        bytes[at..at + 12].copy_from_slice(b"images/1.png");
    }
    assert_eq!(
        import(&bytes),
        "kit.zip: two entries are named 'images/1.png': other zip tools show the first and Deckhand would read the last, so the pack is refused"
    );
}

#[test]
fn an_encrypted_or_unsupported_entry_is_named_as_such_not_missing() {
    let mut encrypted = pack(&[]);
    patch(&mut encrypted, "images/1.png", 6, 8, 1);
    let mut bzip2 = pack(&[]);
    patch(&mut bzip2, "images/1.png", 8, 10, 12);
    let mut unknown = pack(&[]);
    patch(&mut unknown, "images/1.png", 8, 10, 77);
    let cases = [
        (encrypted, "is encrypted: Deckhand reads packs as `deckhand pack export` writes them, without a password"),
        (bzip2, "uses the compression method bzip2 (number 12), which Deckhand does not read (only stored and deflated)"),
        (unknown, "uses the compression method number 77, which Deckhand does not read (only stored and deflated)"),
    ];
    for (bytes, message) in cases {
        assert_eq!(import(&bytes), format!("kit.zip:images/1.png: {message}"));
    }
    let missing = MANIFEST_JSON.replace("images/1.png", "images/9.png");
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, text) in [
        ("deckhand-pack.json", missing.as_str()),
        ("cards.json", CARDS_JSON),
    ] {
        zip.start_file(name, SimpleFileOptions::default()).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    assert_eq!(
        import(&bytes),
        "kit.zip:images/9.png: missing from the pack"
    );
}
