//! Speed of print jobs, in release:
//!
//! ```text
//! cargo run --release -p deckhand-print --example bench            # both benchmarks
//! /usr/bin/time -v target/release/examples/bench images            # peak memory of one
//! ```
//!
//! - `text`: 200 text proxies (the bundled Zoids Scramble cards, repeated) to a finished
//!   PDF in memory; best of 5.
//! - `images`: 300 image cards of ~1 MB JPEG each, written to a file. The JPEGs are made
//!   now with ImageMagick (`convert`, skipped when missing): 12 distinct noisy images,
//!   copied to 300 files that the image source reads one at a time, as the CLI will.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use deckhand_core::{CardSet, Games};
use deckhand_print::{
    layout, write_pdf, write_pdf_to, CardSizes, ImageFn, PrintItem, PrintOptions,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let which = std::env::args().nth(1).unwrap_or_default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(root.join("data/games"))? {
        let path = entry?.path();
        sources.push((path.display().to_string(), std::fs::read_to_string(&path)?));
    }
    let games = Games::from_sources(sources.iter().map(|(n, t)| (n.as_str(), t.as_str())))?;
    let game = games.get("zoids-scramble")?;
    let text = std::fs::read_to_string(root.join("data/cards/zoids-scramble/ZSX.json"))?;
    let cards = CardSet::from_json("ZSX.json", &text, &games)?.cards;
    let sizes = CardSizes::of(game);
    let options = PrintOptions::default();

    if which.is_empty() || which == "text" {
        let items: Vec<PrintItem> = cards
            .iter()
            .cycle()
            .take(200)
            .map(|card| PrintItem { card, image: None })
            .collect();
        let mut best = f64::MAX;
        let mut bytes = 0;
        for _ in 0..5 {
            let start = Instant::now();
            let layout = layout(&items, &sizes, &options)?;
            bytes = write_pdf(&layout, &items, game, &mut HashMap::new())?.len();
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "text: 200 proxies -> {bytes} bytes in {:.0} ms (best of 5)",
            best * 1000.0
        );
    }

    if which.is_empty() || which == "images" {
        if Command::new("convert").arg("-version").output().is_err() {
            println!("images: SKIPPED, ImageMagick `convert` is not installed");
            return Ok(());
        }
        let dir = tempfile_dir()?;
        for i in 0..12 {
            let status = Command::new("convert")
                .args([
                    "-size",
                    "1100x1540",
                    "xc:",
                    "-seed",
                    &i.to_string(),
                    "+noise",
                    "Random",
                ])
                .args(["-blur", "0x0.6", "-quality", "88"])
                .arg(dir.join(format!("src{i}.jpg")))
                .status()?;
            assert!(status.success());
        }
        let mut total = 0u64;
        let ids: Vec<String> = (0..300).map(|i| format!("card{i:03}.jpg")).collect();
        for (i, id) in ids.iter().enumerate() {
            std::fs::copy(dir.join(format!("src{}.jpg", i % 12)), dir.join(id))?;
            total += std::fs::metadata(dir.join(id))?.len();
        }
        let items: Vec<PrintItem> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| PrintItem {
                card: &cards[i % cards.len()],
                image: Some(id.as_str()),
            })
            .collect();
        let out_path = dir.join("deck.pdf");
        let start = Instant::now();
        let layout = layout(&items, &sizes, &options)?;
        let mut source = ImageFn(|id: &str| std::fs::read(dir.join(id)).map_err(|e| e.to_string()));
        let out = std::fs::File::create(&out_path)?;
        let summary = write_pdf_to(&layout, &items, game, &mut source, out)?;
        let elapsed = start.elapsed().as_secs_f64();
        println!(
            "images: 300 JPEG cards, {:.1} MB of images -> {} pages, {:.1} MB PDF ({:.3} × the images) in {:.0} ms",
            total as f64 / 1e6,
            summary.pages,
            summary.bytes as f64 / 1e6,
            summary.bytes as f64 / total as f64,
            elapsed * 1000.0
        );
        std::fs::remove_dir_all(&dir)?;
    }
    Ok(())
}

fn tempfile_dir() -> std::io::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("deckhand-print-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
