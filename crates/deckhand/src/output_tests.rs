use std::ffi::OsString;
use std::fs;
use std::io::Write;
#[cfg(unix)]
use std::os::unix::fs::FileTypeExt;
use std::path::Path;

use super::*;

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_write_replaces_the_old_file_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cards.csv");
    fs::write(&out, "old").unwrap();
    write_file(&OutputGuard::default(), &out, b"new content").unwrap();
    assert_eq!(fs::read_to_string(&out).unwrap(), "new content");
    assert_eq!(names_in(dir.path()), ["cards.csv"]);
}

#[test]
fn a_writer_that_fails_midway_keeps_the_old_file_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("deck.pdf");
    fs::write(&out, "the old file").unwrap();
    let err = write_with(&OutputGuard::default(), &out, |w| {
        // More than the buffer holds, so part of it reaches the temporary file.
        w.write_all(&vec![b'x'; 256 * 1024]).unwrap();
        Err::<(), _>(Error::WriteFile {
            path: out.clone(),
            message: "the disk is full".into(),
        })
    })
    .unwrap_err();
    assert!(err.to_string().contains("the disk is full"), "{err}");
    assert_eq!(fs::read_to_string(&out).unwrap(), "the old file");
    assert_eq!(names_in(dir.path()), ["deck.pdf"]);
}

#[test]
fn a_file_dropped_without_commit_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("list.txt");
    let mut file = AtomicFile::create(&OutputGuard::default(), &out).unwrap();
    file.write_all(b"half").unwrap();
    assert_eq!(names_in(dir.path()).len(), 1, "the temporary file exists");
    drop(file);
    assert!(names_in(dir.path()).is_empty());
}

#[test]
fn a_target_that_is_a_folder_fails_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("exports");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("kept.csv"), "kept").unwrap();
    let err = write_file(&OutputGuard::default(), &out, b"text").unwrap_err();
    assert_eq!(err.code(), "unwritable_file", "{err}");
    assert_eq!(names_in(dir.path()), ["exports"]);
    assert_eq!(fs::read_to_string(out.join("kept.csv")).unwrap(), "kept");
}

#[test]
fn a_missing_folder_fails_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nowhere").join("cards.csv");
    let err = write_file(&OutputGuard::default(), &out, b"text").unwrap_err();
    assert_eq!(err.code(), "unwritable_file");
    assert!(
        err.to_string().starts_with(&out.display().to_string()),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_link_to_a_file_is_written_through_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.csv");
    let link = dir.path().join("link.csv");
    fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_file(&OutputGuard::default(), &link, b"new").unwrap();
    assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn the_database_and_its_files_are_refused_however_they_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("deckhand.sqlite3");
    fs::write(&db, "the database").unwrap();
    fs::write(dir.path().join("deckhand.sqlite3-wal"), "wal").unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    std::os::unix::fs::symlink(&db, dir.path().join("link.csv")).unwrap();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("here")).unwrap();
    let guard = OutputGuard::for_database(&db);
    let refused = [
        "deckhand.sqlite3",
        "deckhand.sqlite3-wal",
        "deckhand.sqlite3-shm",
        "deckhand.sqlite3-journal",
        "sub/../deckhand.sqlite3",
        "./deckhand.sqlite3",
        "link.csv",
        "here/deckhand.sqlite3",
        "here/deckhand.sqlite3-shm",
    ];
    for name in refused {
        let err = write_file(&guard, &dir.path().join(name), b"x").unwrap_err();
        assert_eq!(err.code(), "output_is_database", "{name}: {err}");
        assert!(!err.to_string().contains('\n'), "{err}");
    }
    assert_eq!(fs::read_to_string(&db).unwrap(), "the database");
    for allowed in [
        "deckhand.sqlite3.csv",
        "sub/deckhand.sqlite3",
        "deckhand-wal",
    ] {
        write_file(&guard, &dir.path().join(allowed), b"x").unwrap();
    }
}

#[cfg(unix)]
#[test]
fn a_database_given_by_a_relative_path_is_protected_from_an_absolute_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.sqlite3");
    fs::write(&db, "db").unwrap();
    let relative = pathdiff(&db);
    let guard = OutputGuard::for_database(&relative);
    assert_eq!(
        guard.check(&db).unwrap_err().code(),
        "output_is_database",
        "{relative:?}"
    );
}

#[cfg(unix)]
/// `path` relative to the current folder, through `..` as needed.
fn pathdiff(path: &Path) -> std::path::PathBuf {
    let here = fs::canonicalize(".").unwrap();
    let path = fs::canonicalize(path).unwrap();
    let ups = here.components().count() - 1;
    let mut relative = std::path::PathBuf::new();
    for _ in 0..ups {
        relative.push("..");
    }
    relative.join(path.strip_prefix("/").unwrap())
}

#[test]
fn committing_without_replacing_takes_the_first_free_name() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.skipped.csv"), "mine").unwrap();
    let mut file =
        AtomicFile::create(&OutputGuard::default(), &dir.path().join("a.skipped.csv")).unwrap();
    file.write_all(b"skipped").unwrap();
    let names = ["a.skipped.csv", "a.skipped-2.csv"].map(OsString::from);
    let chosen = file.commit_without_replacing(names).unwrap();
    assert_eq!(chosen, dir.path().join("a.skipped-2.csv"));
    assert_eq!(fs::read_to_string(&chosen).unwrap(), "skipped");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.skipped.csv")).unwrap(),
        "mine"
    );
    assert_eq!(names_in(dir.path()), ["a.skipped-2.csv", "a.skipped.csv"]);
}

#[cfg(unix)]
#[test]
fn a_device_is_written_straight_to_and_its_errors_reported() {
    // `/dev/full` fails every write as a full disk would.
    let err = write_file(&OutputGuard::default(), Path::new("/dev/full"), b"x").unwrap_err();
    assert_eq!(err.code(), "unwritable_file", "{err}");
    write_file(&OutputGuard::default(), Path::new("/dev/null"), b"x").unwrap();
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}
