//! `deckhand print` and `deckhand print calibration`: the built binary against a temporary
//! database, the PDFs read back with poppler's `pdftotext` and `pdfinfo` (tests that need
//! them say SKIPPED when they are missing; CI installs poppler-utils).

mod common;

use common::{text, Env};

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const SAMPLE: &str = "Republic Vanguard";
const SAMPLE_FILE: &str = "zoids-scramble/republic-vanguard.txt";

fn sample_file() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/decks")
        .join(SAMPLE_FILE)
        .display()
        .to_string()
}

/// The sample deck's lines: (count, name).
fn sample_lines() -> Vec<(usize, String)> {
    std::fs::read_to_string(sample_file())
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (count, name) = l.trim().split_once(' ').unwrap();
            (count.parse().unwrap(), name.to_owned())
        })
        .collect()
}

fn have(tool: &str) -> bool {
    let found = Command::new(tool).arg("-v").output().is_ok();
    if !found {
        eprintln!("SKIPPED: `{tool}` is not installed (apt-get install poppler-utils)");
    }
    found
}

fn pdf_text(path: &Path) -> String {
    let output = Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

fn pdf_pages(path: &Path) -> usize {
    let output = Command::new("pdfinfo").arg(path).output().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let info = text(&output.stdout);
    let line = info.lines().find(|l| l.starts_with("Pages:")).unwrap();
    line["Pages:".len()..].trim().parse().unwrap()
}

#[test]
fn a_stored_sample_deck_prints_one_card_per_copy_and_reports_it_as_json() {
    let env = Env::new();
    let out = env.path("deck.pdf");
    let stdout = env.ok(&[
        "print",
        "--deck",
        SAMPLE,
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    let keys: Vec<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys.len(), 5, "{summary}");
    for key in ["pages", "cards", "bytes", "paper_mm", "card_mm"] {
        assert!(keys.contains(&key), "no {key} in {summary}");
    }
    let copies: usize = sample_lines().iter().map(|(n, _)| n).sum();
    assert_eq!(summary["cards"], copies);
    // Nine 63 × 88 mm cards to an A4 page.
    assert_eq!(summary["pages"], copies.div_ceil(9));
    assert_eq!(summary["paper_mm"], serde_json::json!([210.0, 297.0]));
    assert_eq!(summary["card_mm"], serde_json::json!([63.0, 88.0]));
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(summary["bytes"], bytes.len());
}

#[test]
fn every_card_name_of_a_printed_deck_file_is_in_the_pdf_text() {
    if !have("pdftotext") {
        return;
    }
    let env = Env::new();
    let out = env.path("deck.pdf");
    let stdout = env.ok(&["print", &sample_file(), "--out", out.to_str().unwrap()]);
    assert!(stdout.contains("40 cards on 5 pages"), "{stdout}");
    assert!(
        stdout.contains("Paper A4 210 × 297 mm; cards 63 × 88 mm"),
        "{stdout}"
    );
    // Names may wrap inside their box: compare with whitespace folded.
    let fold = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let found = fold(&pdf_text(&out));
    for (_, name) in sample_lines() {
        assert!(found.contains(&fold(&name)), "'{name}' is not in the PDF");
    }
}

#[test]
fn letter_paper_with_game_backs_for_duplex_has_a_back_behind_each_front() {
    if !have("pdfinfo") {
        return;
    }
    let env = Env::new();
    let out = env.path("deck.pdf");
    let args = [
        "print",
        "--deck",
        SAMPLE,
        "--out",
        out.to_str().unwrap(),
        "--paper",
        "letter",
        "--backs",
        "game",
        "--duplex",
        "short",
        "--json",
    ];
    let summary: Value = serde_json::from_str(&env.ok(&args)).unwrap();
    assert_eq!(summary["paper_mm"], serde_json::json!([215.9, 279.4]));
    assert_eq!(summary["pages"], 10);
    assert_eq!(pdf_pages(&out), 10);
}

#[test]
fn cards_with_an_image_in_the_folder_print_it_by_id_or_name() {
    let env = Env::new();
    let images = env.path("images");
    std::fs::create_dir(&images).unwrap();
    let jpeg = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/print/orange.jpg");
    let lines = sample_lines();
    // The first card by its name in capitals, the second in lower case with underscores;
    // a file named after no card is ignored.
    let first = format!("{}.JPG", lines[0].1.to_uppercase());
    std::fs::copy(&jpeg, images.join(first)).unwrap();
    std::fs::copy(&jpeg, images.join("no such card.jpeg")).unwrap();
    let by_name = lines[1].1.to_lowercase().replace(' ', "_");
    std::fs::copy(&jpeg, images.join(format!("{by_name}.jpg"))).unwrap();
    let out = env.path("deck.pdf");
    let stdout = env.ok(&[
        "print",
        &sample_file(),
        "--out",
        out.to_str().unwrap(),
        "--images",
        images.to_str().unwrap(),
    ]);
    let with_images = lines[0].0 + lines[1].0;
    let expected = format!(
        "{with_images} from images, {} as text proxies",
        40 - with_images
    );
    assert!(stdout.contains(&expected), "{stdout}");
}

/// Issue 16: a 68-byte PNG claiming 100000×100000 pixels made print allocate 40 GB and
/// abort, and a JPEG cut short was embedded silently. Both exit 2 naming the file.
#[test]
fn an_image_too_large_or_cut_short_exits_2_naming_it_and_writes_no_file() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/print");
    let cases = [
        (
            "claims-100000x100000.png",
            "100000×100000 pixels is too large to print: images may have at most 16384 pixels a side and 100 megapixels",
        ),
        (
            "orange-cut-short.jpg",
            "truncated JPEG: the file ends before its end marker",
        ),
    ];
    let card = &sample_lines()[0].1;
    for (fixture, message) in cases {
        let env = Env::new();
        let images = env.path("images");
        std::fs::create_dir(&images).unwrap();
        let extension = fixture.rsplit('.').next().unwrap();
        let image = images.join(format!("{card}.{extension}"));
        std::fs::copy(fixtures.join(fixture), &image).unwrap();
        let out = env.path("deck.pdf");
        let output = env.run(&[
            "print",
            &sample_file(),
            "--out",
            out.to_str().unwrap(),
            "--images",
            images.to_str().unwrap(),
        ]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{fixture}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!("deckhand: error: image '{}': {message}", image.display()),
            "{fixture}"
        );
        assert!(!out.exists(), "{fixture}: a PDF was written");
    }
}

#[test]
fn a_bad_option_exits_2_naming_it_and_writes_no_file() {
    let env = Env::new();
    let out = env.path("deck.pdf");
    let cases: [(&[&str], &str); 7] = [
        (&["--bleed", "3"], "bleed"),
        (&["--bleed", "9", "--gap", "20"], "bleed"),
        (&["--paper", "legal"], "--paper"),
        (&["--paper", "10x10"], "paper"),
        (&["--marks", "dots"], "--marks"),
        (&["--scale-x", "0"], "scale-x"),
        (&["--sections", "main,sideboard"], "sections"),
    ];
    for (extra, option) in cases {
        let mut args = vec!["print", "--deck", SAMPLE, "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let output = env.run(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(
            stderr.contains(option),
            "{extra:?} does not name {option}: {stderr}"
        );
        assert!(!out.exists(), "{extra:?} wrote a file");
    }
    let left: Vec<_> = std::fs::read_dir(env.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[test]
fn calibration_writes_a_two_page_pdf_without_a_database() {
    if !have("pdfinfo") {
        return;
    }
    let env = Env::new();
    let out = env.path("calibration.pdf");
    let stdout = env.ok(&[
        "print",
        "calibration",
        "--paper",
        "letter",
        "--duplex",
        "short",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("2 pages (Letter"), "{stdout}");
    assert_eq!(pdf_pages(&out), 2);
    assert!(!env.db.exists(), "calibration opened the database");
}

#[test]
fn missing_prints_only_the_copies_deck_need_counts_missing() {
    if !have("pdftotext") {
        return;
    }
    let env = Env::new();
    // Everything owned but one Cinderpaw Cub of four and no Sandstorm Cover.
    let mut csv = String::from("count,name\n");
    for (count, name) in sample_lines() {
        let owned = match name.as_str() {
            "Cinderpaw Cub" => 1,
            "Sandstorm Cover" => 0,
            _ => count,
        };
        csv.push_str(&format!("{owned},\"{name}\"\n"));
    }
    let file = env.path("collection.csv");
    std::fs::write(&file, csv).unwrap();
    env.ok(&["collection", "import", file.to_str().unwrap()]);
    let need: Value =
        serde_json::from_str(&env.ok(&["deck", "need", "--deck", SAMPLE, "--json"])).unwrap();
    assert_eq!(need["missing"], 6, "{need}");

    let out = env.path("missing.pdf");
    let stdout = env.ok(&[
        "print",
        "--deck",
        SAMPLE,
        "--missing",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let summary: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(summary["cards"], 6, "{summary}");
    let fold = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let found = fold(&pdf_text(&out));
    assert_eq!(found.matches("Cinderpaw Cub").count(), 3, "{found}");
    assert_eq!(found.matches("Sandstorm Cover").count(), 3, "{found}");
    for name in ["Dawnmane Liger", "Ridgeback Wolf", "Field Repairs"] {
        assert!(!found.contains(name), "'{name}' is owned but printed");
    }
}

#[test]
fn missing_when_nothing_is_missing_fails_naming_the_option() {
    let env = Env::new();
    let mut csv = String::from("count,name\n");
    for (count, name) in sample_lines() {
        csv.push_str(&format!("{count},\"{name}\"\n"));
    }
    let file = env.path("collection.csv");
    std::fs::write(&file, csv).unwrap();
    env.ok(&["collection", "import", file.to_str().unwrap()]);
    let output = env.run(&[
        "print",
        "--deck",
        SAMPLE,
        "--missing",
        "--out",
        env.path("none.pdf").to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("missing"));
    assert!(!env.path("none.pdf").exists());
}
