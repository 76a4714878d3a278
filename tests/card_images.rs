//! Issue 17's images, sharing and card-file formats through the built `deckhand`: `image
//! set|remove|import`, the card JSON's `image`, print using stored images, backup/restore
//! carrying them, `cards export` and card packs round-tripping, Cockatrice `cards.xml` and
//! Lackey `carddata.txt` imports, and bad input (exit 2, one line each, nothing written).

mod common;

use common::{stderr, Env};

use std::path::Path;

use serde_json::{json, Value};

fn fixture(dir: &str, name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir)
        .join(name)
        .display()
        .to_string()
}

fn image(name: &str) -> String {
    fixture("images", name)
}

fn card_file(name: &str) -> String {
    fixture("card-files", name)
}

const LIGER: &str = "Dawnmane Liger";

impl Env {
    fn image_of(&self, card: &str) -> Value {
        self.json(&["card", card, "--json"])["image"].clone()
    }

    fn game_cards(&self, game: &str) -> Vec<Value> {
        let mut cards = self
            .json(&["cards", "--game", game, "--json"])
            .as_array()
            .unwrap()
            .clone();
        cards.sort_by_key(|c| c["id"].as_str().unwrap().to_owned());
        cards
    }
}

#[test]
fn an_image_is_set_shown_in_the_card_json_replaced_and_removed() {
    let env = Env::new();
    assert_eq!(env.image_of(LIGER), Value::Null);
    let view = env.json(&["image", "set", LIGER, &image("teal.png"), "--json"]);
    let size = std::fs::metadata(image("teal.png")).unwrap().len();
    assert_eq!(
        view["image"],
        json!({"width": 126, "height": 176, "bytes": size})
    );
    assert_eq!(env.image_of(LIGER)["width"], 126);
    // JPEG and WebP too; each replaces the one before.
    env.ok(&["image", "set", LIGER, &image("red.jpg")]);
    assert_eq!(env.image_of(LIGER)["width"], 252);
    env.ok(&["image", "set", LIGER, &image("green.webp")]);
    assert_eq!(env.image_of(LIGER)["height"], 176);
    let listed = env.json(&["cards", "--game", "zoids-scramble", "--json"]);
    let with_image: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["image"].is_null())
        .collect();
    assert_eq!(with_image.len(), 1);
    assert_eq!(with_image[0]["name"], LIGER);

    assert!(env
        .ok(&["image", "remove", LIGER])
        .contains("image removed"));
    assert_eq!(env.image_of(LIGER), Value::Null);
    assert!(env.ok(&["image", "remove", LIGER]).contains("had no image"));
}

#[test]
fn an_image_folder_is_matched_by_id_or_name_and_unmatched_files_are_listed() {
    let env = Env::new();
    let dir = env.path("images");
    std::fs::create_dir(&dir).unwrap();
    let liger_id = env.json(&["card", LIGER, "--json"])["id"]
        .as_str()
        .unwrap()
        .to_owned();
    std::fs::copy(
        image("teal.png"),
        dir.join(format!("{}.PNG", liger_id.to_uppercase())),
    )
    .unwrap();
    std::fs::copy(image("red.jpg"), dir.join("cinderpaw_cub.jpg")).unwrap();
    std::fs::copy(image("green.webp"), dir.join("Nobody At All.webp")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not an image, not listed").unwrap();
    let report = env.json(&[
        "image",
        "import",
        &dir.display().to_string(),
        "--game",
        "zoids-scramble",
        "--json",
    ]);
    let matched: Vec<&str> = report["matched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert!(
        matched.contains(&LIGER) && matched.contains(&"Cinderpaw Cub"),
        "{report}"
    );
    let unmatched = report["unmatched"].as_array().unwrap();
    assert_eq!(unmatched.len(), 1, "{report}");
    assert!(unmatched[0]
        .as_str()
        .unwrap()
        .ends_with("Nobody At All.webp"));
    assert_eq!(env.image_of("Cinderpaw Cub")["width"], 252);
}

/// Image objects in a PDF (each distinct image is written once).
fn pdf_images(path: &Path) -> usize {
    let pdf = std::fs::read(path).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    pdf.windows(14).filter(|w| w == b"/Subtype/Image").count()
}

#[test]
fn print_uses_stored_images_by_default_and_a_folder_overrides_them() {
    let env = Env::new();
    let print = |name: &str, extra: &[&str]| {
        let out = env.path(name);
        let mut args = vec!["print", "--deck", "Republic Vanguard", "--out"];
        let out_arg = out.display().to_string();
        args.push(&out_arg);
        args.extend(extra);
        env.ok(&args);
        pdf_images(&out)
    };
    assert_eq!(print("a.pdf", &[]), 0);
    // A WebP is stored; print takes it (as a PNG) with no option.
    env.ok(&["image", "set", LIGER, &image("green.webp")]);
    assert_eq!(print("b.pdf", &[]), 1);
    env.ok(&["image", "set", "Cinderpaw Cub", &image("teal.png")]);
    assert_eq!(print("c.pdf", &[]), 2);
    // A folder given with --images wins for the cards it has an image for; the others
    // keep their stored image.
    let dir = env.path("folder");
    std::fs::create_dir(&dir).unwrap();
    std::fs::copy(image("red.jpg"), dir.join(format!("{LIGER}.jpg"))).unwrap();
    let folder = dir.display().to_string();
    assert_eq!(print("d.pdf", &["--images", &folder]), 2);
    let pdf = std::fs::read(env.path("d.pdf")).unwrap();
    assert!(
        pdf.windows(10).any(|w| w == b"/DCTDecode"),
        "the folder's JPEG is used"
    );
}

#[test]
fn a_backup_carries_images_and_restoring_it_brings_them_back() {
    let env = Env::new();
    env.ok(&["image", "set", LIGER, &image("teal.png")]);
    let backup = env.path("with-image.sqlite3");
    env.ok(&["backup", "--out", &backup.display().to_string()]);
    env.ok(&["image", "remove", LIGER]);
    assert_eq!(env.image_of(LIGER), Value::Null);
    env.ok(&["restore", &backup.display().to_string()]);
    assert_eq!(env.image_of(LIGER)["width"], 126);
}

#[test]
fn cards_export_in_json_and_csv_imports_back_to_the_same_cards() {
    for format in ["json", "csv"] {
        let source = Env::new();
        source.ok(&[
            "import",
            &card_file("zoids-cockatrice-v4.xml"),
            "--game",
            "zoids-scramble",
            "--ignore",
            "manacost",
        ]);
        let out = source.path(&format!("cards.{format}"));
        let export = source.json(&[
            "cards",
            "export",
            "--game",
            "zoids-scramble",
            "--set",
            "ZCK",
            "--format",
            format,
            "--out",
            &out.display().to_string(),
            "--json",
        ]);
        assert_eq!(export["cards"], 2, "{format}: {export}");
        let target = Env::new();
        let report = target.json(&["import", &out.display().to_string(), "--json"]);
        assert_eq!(report["added"], 2, "{format}: {report}");
        let in_set = |env: &Env| -> Vec<Value> {
            env.game_cards("zoids-scramble")
                .into_iter()
                .filter(|c| c["set"] == "ZCK")
                .collect()
        };
        assert_eq!(in_set(&target), in_set(&source), "{format}");
        // Imported again: the same cards, unchanged.
        let again = source.json(&["import", &out.display().to_string(), "--json"]);
        assert_eq!(
            (again["added"].clone(), again["unchanged"].clone()),
            (json!(0), json!(2)),
            "{format}"
        );
    }
}

#[test]
fn a_card_pack_moves_cards_with_their_images() {
    let source = Env::new();
    source.ok(&[
        "import",
        &card_file("zoids-cockatrice-v4.xml"),
        "--game",
        "zoids-scramble",
        "--ignore",
        "manacost",
    ]);
    source.ok(&["image", "set", "Glass Heron", &image("red.jpg")]);
    let pack = source.path("kit.zip");
    let export = source.json(&[
        "pack",
        "export",
        "--game",
        "zoids-scramble",
        "--set",
        "ZCK",
        "--out",
        &pack.display().to_string(),
        "--json",
    ]);
    assert_eq!(
        (export["cards"].clone(), export["images"].clone()),
        (json!(2), json!(1))
    );
    let target = Env::new();
    let report = target.json(&["pack", "import", &pack.display().to_string(), "--json"]);
    assert_eq!(
        (report["added"].clone(), report["images"].clone()),
        (json!(2), json!(1)),
        "{report}"
    );
    assert_eq!(
        target.image_of("Glass Heron"),
        source.image_of("Glass Heron")
    );
    assert_eq!(
        target.json(&["card", "Pilot Mara", "--json"]),
        source.json(&["card", "Pilot Mara", "--json"])
    );
}

#[test]
fn cockatrice_v3_and_v4_and_lackey_files_are_detected_and_imported() {
    let env = Env::new();
    let report = env.json(&[
        "import",
        &card_file("zoids-cockatrice-v4.xml"),
        &card_file("zoids-cockatrice-v3.xml"),
        &card_file("carddata.txt"),
        "--game",
        "zoids-scramble",
        "--ignore",
        "manacost",
        "--json",
    ]);
    assert_eq!(report["added"], 5, "{report}");
    let heron = env.json(&["card", "Glass Heron", "--json"]);
    assert_eq!(heron["type"], "Zoid");
    assert_eq!(heron["set"], "ZCK");
    assert_eq!(heron["number"], "1");
    assert_eq!(heron["text"], "Flies over & away.");
    assert_eq!(heron["side"], "hero");
    assert_eq!(heron["stats"], json!({"power": 3, "attack_energy": 1}));
    let mara = env.json(&["card", "Pilot Mara", "--json"]);
    assert_eq!(mara["stats"]["pilot_types"], json!(["Raptor", "Heron"]));
    let ironside = env.json(&["card", "Old Ironside", "--json"]);
    assert_eq!(
        (ironside["set"].clone(), ironside["color"].clone()),
        (json!("ZC3"), json!("green"))
    );
    let crawler = env.json(&["card", "Dune Crawler", "--json"]);
    assert_eq!(
        (crawler["set"].clone(), crawler["stats"]["power"].clone()),
        (json!("ZLK"), json!(5))
    );
}

/// Each bad file is imported after a good one in the same run, or given as the image:
/// exit 2, one clear line, and nothing written (cards nor images).
#[test]
fn bad_card_files_and_bad_images_exit_2_with_one_line_and_write_nothing() {
    let good = card_file("carddata.txt");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["import".into(), good.clone(), card_file("bad-cockatrice-stat.xml")],
            "bad-cockatrice-stat.xml: line 8, column 9 (<power>): 25 is out of range (0..20)",
        ),
        (
            vec!["import".into(), good.clone(), card_file("bad-entity-bomb.xml")],
            "bad-entity-bomb.xml:2:1: a <!DOCTYPE> (a DTD, which may declare entities) is not accepted",
        ),
        (
            vec!["import".into(), image("teal.png"), "--format".into(), "lackey".into()],
            "teal.png: byte 8 is a NUL: this is a binary file or an image, not a spreadsheet",
        ),
        (
            vec!["import".into(), image("red.jpg"), "--format".into(), "cockatrice".into()],
            "red.jpg: byte 0 is not UTF-8: this is a binary file or an image, not a Cockatrice cards.xml",
        ),
        (
            vec!["import".into(), good.clone(), card_file("bad-id-of-another-game.xml")],
            "bad-id-of-another-game.xml: line 4, column 5: id 'zoids-scramble-zsr-001' already belongs to 'Emberfang Raptor' of zoids-scramble",
        ),
        (
            vec!["image".into(), "set".into(), LIGER.into(), image("not-an-image.png")],
            "not-an-image.png: not a PNG, JPEG or WebP image",
        ),
        (
            vec!["image".into(), "set".into(), LIGER.into(), image("truncated.png")],
            "truncated.png: damaged or truncated PNG",
        ),
        (
            vec!["image".into(), "set".into(), LIGER.into(), image("truncated.jpg")],
            "truncated.jpg: truncated JPEG: the file ends before its end marker",
        ),
        (
            vec!["image".into(), "set".into(), LIGER.into(), image("over-cap.png")],
            "over-cap.png: 100000×100000 pixels is too large: images may have at most 16384 pixels a side and 100 megapixels",
        ),
    ];
    let env = Env::new();
    // One card of another game takes the id the XML case reuses.
    env.ok(&[
        "import",
        &fixture("spreadsheets", "zoids-by-label.csv"),
        "--game",
        "zoids-scramble",
        "--ignore",
        "Artist",
    ]);
    let before = env.game_cards("zoids-scramble");
    for (args, expected) in cases {
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        if args[0] == "import" {
            args.extend(["--game", "zoids-scramble"]);
        }
        let output = env.run(&args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{args:?}: {message}");
        assert_eq!(
            env.game_cards("zoids-scramble"),
            before,
            "{args:?} wrote something"
        );
    }
}

#[test]
fn an_image_folder_with_one_bad_file_stores_none_of_its_images() {
    let env = Env::new();
    let dir = env.path("images");
    std::fs::create_dir(&dir).unwrap();
    std::fs::copy(image("teal.png"), dir.join(format!("{LIGER}.png"))).unwrap();
    std::fs::copy(image("truncated.jpg"), dir.join("Cinderpaw Cub.jpg")).unwrap();
    let output = env.run(&[
        "image",
        "import",
        &dir.display().to_string(),
        "--game",
        "zoids-scramble",
    ]);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(
        message.contains("Cinderpaw Cub.jpg: truncated JPEG"),
        "{message}"
    );
    assert_eq!(env.image_of(LIGER), Value::Null);
}
