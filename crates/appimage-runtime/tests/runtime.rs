//! The runtime as a user meets it: an AppImage made like scripts/package.sh makes one (the
//! runtime, the magic at byte 8, the SquashFS image of tests/fixtures/tiny-appdir), run
//! with its options; and the library on damaged images, byte by byte.

use appimage_runtime::{elf, extract, squashfs, Error};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const RUNTIME: &str = env!("CARGO_BIN_EXE_appimage-runtime");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn tiny_image() -> Vec<u8> {
    fs::read(fixtures().join("tiny.squashfs")).unwrap()
}

/// Writes an AppImage of `image` into `dir` as scripts/package.sh does.
fn appimage(dir: &Path, image: &[u8]) -> PathBuf {
    let mut bytes = fs::read(RUNTIME).unwrap();
    bytes[8..11].copy_from_slice(&elf::APPIMAGE_MAGIC);
    bytes.extend_from_slice(image);
    let path = dir.join("tiny.AppImage");
    fs::write(&path, bytes).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Starts a program this test has just written. It can meet "Text file busy": another
/// test thread that forked meanwhile holds the written file's descriptor until its child
/// execs. That lasts microseconds, so the start is tried again, as cargo does for its
/// build scripts.
fn retrying_busy<T>(mut start: impl FnMut() -> std::io::Result<T>) -> T {
    for _ in 0..100 {
        match start() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other.unwrap(),
        }
    }
    start().unwrap()
}

/// Runs `app` with `args` in `cwd`, with its cache under `cwd`.
fn run(app: &Path, cwd: &Path, args: &[&str]) -> Output {
    retrying_busy(|| {
        Command::new(app)
            .args(args)
            .current_dir(cwd)
            .env("XDG_CACHE_HOME", cwd.join("cache"))
            .output()
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every file, folder and symlink under `root`, with what it holds.
fn tree(root: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().display().to_string();
            let meta = fs::symlink_metadata(&path).unwrap();
            if meta.is_symlink() {
                out.push((
                    rel,
                    format!("-> {}", fs::read_link(&path).unwrap().display()),
                ));
            } else if meta.is_dir() {
                out.push((rel, "folder".into()));
                walk(root, &path, out);
            } else {
                let mode = meta.permissions().mode() & 0o777;
                let content = fs::read(&path).unwrap();
                out.push((rel, format!("mode {mode:o}, {content:?}")));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}

#[test]
fn the_image_starts_where_the_runtime_elf_ends() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    let runtime_len = fs::metadata(RUNTIME).unwrap().len();
    assert_eq!(elf::elf_size(Path::new(RUNTIME)).unwrap(), runtime_len);
    let out = run(&app, dir.path(), &["--appimage-offset"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        runtime_len.to_string()
    );
}

#[test]
fn the_appimage_carries_the_type_2_magic_and_the_reserved_sections() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = fs::read(appimage(dir.path(), &tiny_image())).unwrap();
    assert_eq!(&bytes[..4], b"\x7fELF");
    assert_eq!(&bytes[8..11], b"AI\x02");
    let runtime = fs::read(RUNTIME).unwrap();
    for section in [".upd_info", ".sha256_sig", ".sig_key"] {
        let name = format!("{section}\0");
        assert!(
            runtime.windows(name.len()).any(|w| w == name.as_bytes()),
            "the runtime has no {section} section"
        );
    }
}

#[test]
fn extract_writes_the_whole_tree_into_squashfs_root() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    let out = run(&app, dir.path(), &["--appimage-extract"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let got = dir.path().join("squashfs-root");
    let mut want = tree(&fixtures().join("tiny-appdir"));
    // git keeps no empty folder; make-tiny-image.sh adds this one to the image.
    want.push(("usr/lib".into(), "folder".into()));
    want.push(("usr/lib/empty".into(), "folder".into()));
    want.sort();
    assert_eq!(tree(&got), want);
    // Nothing but the tree: no partial folder beside it.
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn extract_with_a_pattern_writes_only_the_matching_paths() {
    let cases: [(&str, &[&str]); 3] = [
        ("*.desktop", &["tiny.desktop"]),
        ("usr/bin", &["usr", "usr/bin", "usr/bin/tiny"]),
        (
            "usr/share/deckhand/*",
            &[
                "usr",
                "usr/share",
                "usr/share/deckhand",
                "usr/share/deckhand/blocks.bin",
            ],
        ),
    ];
    for (pattern, want) in cases {
        let dir = tempfile::tempdir().unwrap();
        let app = appimage(dir.path(), &tiny_image());
        let out = run(&app, dir.path(), &["--appimage-extract", pattern]);
        assert!(out.status.success(), "{pattern}: {}", stderr(&out));
        let got: Vec<String> = tree(&dir.path().join("squashfs-root"))
            .into_iter()
            .map(|(path, _)| path)
            .collect();
        assert_eq!(got, want, "{pattern}");
    }
}

#[test]
fn extract_refuses_to_merge_into_an_existing_squashfs_root() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    fs::create_dir(dir.path().join("squashfs-root")).unwrap();
    fs::write(dir.path().join("squashfs-root/mine"), "keep").unwrap();
    let out = run(&app, dir.path(), &["--appimage-extract"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("squashfs-root exists already"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("squashfs-root/mine")).unwrap(),
        "keep"
    );
}

#[test]
fn the_app_runs_from_a_cache_folder_extracted_once() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    let first = run(&app, dir.path(), &["open", "two words"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let said = String::from_utf8_lossy(&first.stdout).into_owned();
    let cache = dir.path().join("cache/appimage-runtime");
    let folders: Vec<_> = fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    let appdir = &folders[0];
    for line in [
        format!("APPIMAGE={}", app.display()),
        format!("APPDIR={}", appdir.display()),
        format!("ARGV0={}", app.display()),
        format!("OWD={}", dir.path().display()),
        "ARGS=open two words".to_owned(),
        format!("HERE={}", appdir.display()),
    ] {
        assert!(said.lines().any(|l| l == line), "no {line:?} in:\n{said}");
    }
    // The second start finds the tree and extracts nothing: a mark left in it stays.
    fs::write(appdir.join("mark"), "").unwrap();
    let second = run(&app, dir.path(), &["--appimage-extract-and-run", "again"]);
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(String::from_utf8_lossy(&second.stdout).contains("ARGS=again\n"));
    assert!(appdir.join("mark").exists());
    assert_eq!(fs::read_dir(&cache).unwrap().count(), 1);
}

#[test]
fn starts_at_the_same_time_each_run_a_complete_tree_and_leave_one_folder() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    let starts: Vec<_> = (0..4)
        .map(|i| {
            retrying_busy(|| {
                Command::new(&app)
                    .arg(format!("start {i}"))
                    .current_dir(dir.path())
                    .env("XDG_CACHE_HOME", dir.path().join("cache"))
                    .stdout(std::process::Stdio::piped())
                    .spawn()
            })
        })
        .collect();
    for (i, start) in starts.into_iter().enumerate() {
        let out = start.wait_with_output().unwrap();
        assert!(out.status.success(), "start {i}: {}", stderr(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("ARGS=start {i}\n")));
    }
    let cache = dir.path().join("cache/appimage-runtime");
    let folders: Vec<_> = fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    let mut want = tree(&fixtures().join("tiny-appdir"));
    want.extend([
        ("usr/lib".into(), "folder".into()),
        ("usr/lib/empty".into(), "folder".into()),
    ]);
    want.sort();
    assert_eq!(tree(&cache.join(&folders[0])), want);
}

#[test]
fn a_start_removes_the_partial_folders_of_killed_starts_and_keeps_live_ones() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    let cache = dir.path().join("cache/appimage-runtime");
    // No process has an id this large (the kernel's limit is 2^22).
    let dead = cache.join(".0123456789abcdef-5.partial-4000000000");
    let live = cache.join(format!(
        ".0123456789abcdef-6.partial-{}",
        std::process::id()
    ));
    for folder in [&dead, &live] {
        fs::create_dir_all(folder.join("usr")).unwrap();
    }
    let out = run(&app, dir.path(), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dead.exists(), "the killed start's folder is still there");
    assert!(live.exists(), "a running start's folder was removed");
}

#[test]
fn runtime_options_that_do_not_exist_are_refused_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &tiny_image());
    for args in [&["--appimage-mount"][..], &["--appimage-extract", "a", "b"]] {
        let out = run(&app, dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    }
    let out = run(&app, dir.path(), &["--appimage-help"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--appimage-extract [PATTERN]"));
}

/// Byte offsets of the fixture's regions, read from its superblock.
fn table(image: &[u8], at: usize) -> usize {
    u64::from_le_bytes(image[at..at + 8].try_into().unwrap()) as usize
}

#[test]
fn a_damaged_or_truncated_image_gives_one_line_exit_code_2_and_no_tree() {
    let image = tiny_image();
    let used = table(&image, 40);
    let inode_table = table(&image, 64);
    let dir_table = table(&image, 72);
    type Damage = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, Damage, &str)> = vec![
        (
            "no image at all",
            Box::new(|i| i.clear()),
            "no SquashFS image after the runtime",
        ),
        (
            "cut inside the superblock",
            Box::new(|i| i.truncate(50)),
            "no SquashFS image",
        ),
        (
            "cut before its end",
            Box::new(move |i| i.truncate(used - 1)),
            "truncated",
        ),
        (
            "cut in half",
            Box::new(move |i| i.truncate(used / 2)),
            "truncated",
        ),
        (
            "not SquashFS",
            Box::new(|i| i[..4].copy_from_slice(b"nope")),
            "no SquashFS magic",
        ),
        ("zstd", Box::new(|i| i[20] = 6), "compressed with zstd"),
        (
            "SquashFS 3.1",
            Box::new(|i| i[28..32].copy_from_slice(&[3, 0, 1, 0])),
            "not a SquashFS 4.0 image",
        ),
        (
            "more inodes than the runtime reads",
            Box::new(|i| i[4..8].copy_from_slice(&100_000u32.to_le_bytes())),
            "this runtime reads at most 65536",
        ),
        (
            "fragments that would fill the memory",
            Box::new(|i| i[16..20].copy_from_slice(&u32::MAX.to_le_bytes())),
            "fragment blocks would take",
        ),
        (
            "inode table garbled",
            Box::new(move |i| i[inode_table + 2..inode_table + 40].fill(0x55)),
            "damaged SquashFS image",
        ),
        (
            "directory table garbled",
            Box::new(move |i| i[dir_table + 2..dir_table + 30].fill(0xAA)),
            "damaged SquashFS image",
        ),
        (
            "a data block garbled",
            // blocks.bin's compressed tail block follows its stored and sparse ones.
            Box::new(|i| i[96 + 4096..96 + 4096 + 16].fill(0)),
            "damaged SquashFS image",
        ),
    ];
    for (name, damage, message) in cases {
        let dir = tempfile::tempdir().unwrap();
        let mut bytes = image.clone();
        damage(&mut bytes);
        let app = appimage(dir.path(), &bytes);
        for args in [&["--appimage-extract"][..], &["run", "it"]] {
            let out = run(&app, dir.path(), args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            assert!(err.contains(message), "{name}: {err}");
            assert!(err.contains("tiny.AppImage"), "{name} names no file: {err}");
            assert!(
                !dir.path().join("squashfs-root").exists(),
                "{name}: a tree was left"
            );
            let cache = dir.path().join("cache/appimage-runtime");
            let left = fs::read_dir(&cache).map_or(0, |d| d.count());
            assert_eq!(left, 0, "{name}: a partial cache folder was left");
            let names: Vec<_> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert!(names.len() <= 2, "{name}: {names:?}"); // the AppImage and the cache root
        }
    }
}

#[test]
fn no_single_damaged_byte_panics_or_leaves_a_partial_tree() {
    // Every byte of the image set to 0xFF in turn: reading it all either succeeds or fails
    // with a one-line error (never a panic). Extracting is checked on every 61st: a
    // failure leaves nothing behind. (Extracting every one takes minutes on a busy disk.)
    let image = tiny_image();
    let used = table(&image, 40);
    // In memory where Linux offers it: thousands of rewrites of one file.
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        tempfile::tempdir_in(shm)
    } else {
        tempfile::tempdir()
    };
    let dir = dir.unwrap();
    let file = dir.path().join("image");
    let dest = dir.path().join("out");
    for at in (0..used).filter(|&at| image[at] != 0xFF) {
        let mut bytes = image.clone();
        bytes[at] = 0xFF;
        fs::write(&file, &bytes).unwrap();
        if let Err(err) = squashfs::with_image(&file, 0, extract::check) {
            assert_eq!(err.to_string().lines().count(), 1, "byte {at}: {err}");
        }
        if at % 61 != 0 {
            continue;
        }
        match squashfs::with_image(&file, 0, |i| extract::extract(i, &dest, None)) {
            Ok(()) => fs::remove_dir_all(&dest).unwrap(),
            Err(err) => {
                assert!(!dest.exists(), "byte {at}: {err} left a tree");
                assert!(!matches!(err, Error::Exists { .. }), "byte {at}: {err}");
            }
        }
        let leftovers = fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "byte {at} left a partial folder");
    }
}

fn u16_at(image: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(image[at..at + 2].try_into().unwrap())
}

fn u32_at(image: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(image[at..at + 4].try_into().unwrap())
}

/// tests/fixtures/plain.squashfs (its tables stored uncompressed) with its root directory's
/// inode rewritten as an extended directory inode whose listing is `listing` bytes long.
/// The extended inode is 8 bytes longer, so every offset after it moves by 8.
fn with_root_listing_of(listing: Option<u32>) -> Vec<u8> {
    let image = fs::read(fixtures().join("plain.squashfs")).unwrap();
    let inode_table = table(&image, 64);
    let header = u16_at(&image, inode_table);
    assert_ne!(header & 0x8000, 0, "the inode table is stored uncompressed");
    let block_len = usize::from(header & 0x7FFF);
    let root = table(&image, 32);
    assert_eq!(root >> 16, 0, "the root is in the table's first block");
    let at = inode_table + 2 + (root & 0xFFFF);
    assert_eq!(u16_at(&image, at), 1, "the root is a basic directory inode");
    assert_eq!(
        at + 32,
        inode_table + 2 + block_len,
        "the root inode ends the table"
    );
    // Basic directory, after the 16-byte header: block index, link count, listing size
    // (u16), offset in the block (u16), parent. Extended: link count, listing size (u32),
    // block index, parent, index count (u16), offset (u16), xattr index.
    let size = listing.unwrap_or(u32::from(u16_at(&image, at + 24)));
    let mut extended = Vec::new();
    extended.extend(u32_at(&image, at + 20).to_le_bytes());
    extended.extend(size.to_le_bytes());
    extended.extend(u32_at(&image, at + 16).to_le_bytes());
    extended.extend(u32_at(&image, at + 28).to_le_bytes());
    extended.extend(0u16.to_le_bytes());
    extended.extend(u16_at(&image, at + 26).to_le_bytes());
    extended.extend(u32::MAX.to_le_bytes());
    let mut out = image[..at + 16].to_vec();
    out[at..at + 2].copy_from_slice(&8u16.to_le_bytes());
    out.extend(extended);
    out.extend(&image[at + 32..]);
    let moved = at + 32;
    out[inode_table..inode_table + 2].copy_from_slice(&(header + 8).to_le_bytes());
    let bump = |out: &mut Vec<u8>, at: usize| {
        let v = u64::from_le_bytes(out[at..at + 8].try_into().unwrap());
        if v != u64::MAX && v as usize >= moved {
            out[at..at + 8].copy_from_slice(&(v + 8).to_le_bytes());
        }
    };
    // The block pointers of the fragment, export and id tables (512, 1024 and 2048
    // entries a block), then the superblock's own offsets.
    let entries = [
        (80, u32_at(&image, 16) as usize, 512),
        (88, u32_at(&image, 4) as usize, 1024),
        (48, usize::from(u16_at(&image, 26)), 2048),
    ];
    for (field, count, per_block) in entries {
        if table(&image, field) == u64::MAX as usize {
            continue;
        }
        for i in 0..count.div_ceil(per_block) {
            bump(&mut out, table(&image, field) + 8 + 8 * i);
        }
    }
    for field in [40, 48, 56, 72, 80, 88] {
        bump(&mut out, field);
    }
    out
}

#[test]
fn crafted_images_that_make_the_reader_panic_give_one_line_and_exit_code_2() {
    // The crafting itself is sound: the same edit with the true listing size extracts.
    let dir = tempfile::tempdir().unwrap();
    let app = appimage(dir.path(), &with_root_listing_of(None));
    let out = run(&app, dir.path(), &["--appimage-extract"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // An extended directory listing of almost 4 GiB: backhand 0.25 slices out of range
    // (or, in a debug build, overflows an addition first).
    let huge = with_root_listing_of(Some(0xFFFF_FFF0));
    // A dir entry whose inode number (header base + offset) overflows an i32: backhand
    // 0.25 panics in debug builds, as `cargo test` and `make test` build it.
    let mut overflow = fs::read(fixtures().join("plain.squashfs")).unwrap();
    let dir_table = table(&overflow, 72);
    assert_ne!(
        u16_at(&overflow, dir_table) & 0x8000,
        0,
        "stored uncompressed"
    );
    let listing = dir_table + 2;
    overflow[listing + 8..listing + 12].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes());
    overflow[listing + 14..listing + 16].copy_from_slice(&0x7FFFu16.to_le_bytes());
    for (name, image) in [("huge listing", huge), ("inode number overflow", overflow)] {
        let dir = tempfile::tempdir().unwrap();
        let app = appimage(dir.path(), &image);
        for args in [&["--appimage-extract"][..], &["run", "it"]] {
            let out = run(&app, dir.path(), args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            assert!(err.contains("damaged SquashFS image"), "{name}: {err}");
            assert!(!dir.path().join("squashfs-root").exists(), "{name}");
        }
    }
}

#[test]
fn folders_nested_deeper_than_the_callers_stack_holds_are_an_error() {
    // backhand reads folders recursively; 1,000 levels need more than this thread's
    // 256 KiB, so the reading must happen on a stack of its own.
    let deep = fixtures().join("deep.squashfs");
    let reading = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || squashfs::with_image(&deep, 0, extract::check))
        .unwrap();
    let err = reading.join().unwrap().unwrap_err();
    assert!(matches!(err, Error::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("nest deeper than 64"), "{err}");
}
