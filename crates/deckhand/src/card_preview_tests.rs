//! The app's import preview: the mapping step for unknown columns, row problems with row
//! and column, added / updated (with the fields that change) / unchanged, nothing written.

use std::path::PathBuf;

use crate::{CardImportOptions, ColumnTarget, Deckhand};

fn open() -> (tempfile::TempDir, Deckhand) {
    let dir = tempfile::tempdir().unwrap();
    let deckhand = Deckhand::open(&dir.path().join("d.sqlite3")).unwrap();
    (dir, deckhand)
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn zoids() -> CardImportOptions {
    CardImportOptions {
        game: Some("zoids-scramble".into()),
        ..CardImportOptions::default()
    }
}

#[test]
fn an_unknown_column_asks_for_a_mapping_before_the_rows_are_read() {
    let (dir, deckhand) = open();
    let file = write(
        &dir,
        "mine.csv",
        "Name,Type,Cost,Artist\nAsh Wolf,Zoid,2,Ann\n",
    );
    let preview = deckhand.preview_card_file(&file, &zoids()).unwrap();
    assert!(preview.needs_mapping);
    assert_eq!(preview.game, "zoids-scramble");
    let targets: Vec<&ColumnTarget> = preview.columns.iter().map(|c| &c.target).collect();
    assert!(matches!(targets[0], ColumnTarget::Field { field } if field == "name"));
    assert!(matches!(targets[2], ColumnTarget::Unknown { .. }));
    assert_eq!(preview.added_count, 0);

    let mapped = CardImportOptions {
        map: vec![("Cost".into(), "attack_energy".into())],
        ignore: vec!["Artist".into()],
        ..zoids()
    };
    let preview = deckhand.preview_card_file(&file, &mapped).unwrap();
    assert!(!preview.needs_mapping);
    assert!(matches!(&preview.columns[3].target, ColumnTarget::Ignored));
    assert_eq!(preview.added_count, 1);
    assert_eq!(preview.added[0].row, Some(2));
    assert!(preview.problems.is_empty());
}

#[test]
fn the_preview_lists_updated_fields_and_unchanged_cards_and_writes_nothing() {
    let (dir, mut deckhand) = open();
    let first = write(
        &dir,
        "a.csv",
        "name,type,power,text\nAsh Wolf,Zoid,2,Howls.\nBlue Hawk,Zoid,3,\n",
    );
    deckhand
        .import_card_files(&[&first], &zoids(), &mut |_| {})
        .unwrap();
    let second = write(
        &dir,
        "b.csv",
        "name,type,power,text\nAsh Wolf,Zoid,4,Howls.\nBlue Hawk,Zoid,3,\nCyan Crab,Zoid,1,\n",
    );
    let preview = deckhand.preview_card_file(&second, &zoids()).unwrap();
    assert_eq!(
        (
            preview.added_count,
            preview.updated_count,
            preview.unchanged
        ),
        (1, 1, 1)
    );
    let change = &preview.updated[0].changes;
    assert_eq!(change.len(), 1);
    assert_eq!(
        (
            change[0].field.as_str(),
            change[0].before.as_str(),
            change[0].after.as_str()
        ),
        ("Power", "2", "4")
    );
    assert!(deckhand.search("cyan", None, 5).unwrap().cards.is_empty());
}

#[test]
fn row_problems_come_with_their_row_and_column() {
    let (dir, deckhand) = open();
    let file = write(
        &dir,
        "bad.csv",
        "name,type,power\nAsh Wolf,Zord,2\nBlue Hawk,Zoid,99\nDawn,Zoid,1\n",
    );
    let mut bad = write(&dir, "bundled.csv", "id,name,type\nZSX-001,Mine,Zoid\n");
    let preview = deckhand.preview_card_file(&file, &zoids()).unwrap();
    let problems: Vec<(Option<usize>, Option<usize>, Option<&str>)> = preview
        .problems
        .iter()
        .map(|p| (p.row, p.column, p.header.as_deref()))
        .collect();
    assert_eq!(
        problems,
        [
            (Some(2), Some(2), Some("type")),
            (Some(3), Some(3), Some("power"))
        ]
    );
    assert!(preview.problems[1].message.contains("99 is out of range"));
    let preview = deckhand.preview_card_file(&bad, &zoids()).unwrap();
    assert!(preview.problems[0].message.contains("bundled sample card"));
    bad.set_extension("json");
    std::fs::write(&bad, "{not json").unwrap();
    let preview = deckhand.preview_card_file(&bad, &zoids()).unwrap();
    assert_eq!(preview.problems.len(), 1);
    assert_eq!(preview.format, "json");
}
