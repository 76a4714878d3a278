//! `deckhand bench images`: a folder of one-megabyte JPEGs imported as card images
//! (`Deckhand::import_card_images`: each file read, checked, decoded and thumbnailed, all
//! stored in one transaction), the figure issue 17 targets (1,000 in ≤ 20 s on 2 cores).

use std::path::Path;
use std::time::Instant;

use deckhand::{CardImportOptions, Deckhand, Error, Result};
use image::{Rgb, RgbImage};

use crate::Timing;

/// The JPEG every card gets: noise over a gradient, encoded until it weighs about 1 MB
/// (a scanned card at print resolution).
fn one_megabyte_jpeg() -> Vec<u8> {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed & 0x3f) as u8
    };
    let mut best = Vec::new();
    for side in [600u32, 660, 720, 800, 900, 1060] {
        let (width, height) = (side, side * 88 / 63);
        let picture = RgbImage::from_fn(width, height, |x, y| {
            Rgb([
                (x * 160 / width) as u8 + noise(),
                (y * 160 / height) as u8 + noise(),
                96 + noise(),
            ])
        });
        let mut jpeg = Vec::new();
        let _ = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 88)
            .encode_image(&picture);
        best = jpeg;
        if best.len() >= 1_000_000 {
            break;
        }
    }
    best
}

/// Imports `count` cards, writes a JPEG named by each card's id into `dir`, then times
/// importing the folder `runs` times (each run replaces the images of the one before).
pub fn images(dir: &Path, count: usize, runs: usize) -> Result<(usize, Vec<Timing>)> {
    let io = |e: std::io::Error| Error::DataDir {
        path: dir.to_owned(),
        message: e.to_string(),
    };
    let pictures = dir.join("images");
    std::fs::create_dir_all(&pictures).map_err(io)?;
    let mut deckhand = Deckhand::open(&dir.join("bench.sqlite3"))?;
    let cards: Vec<String> = (0..count)
        .map(|i| {
            format!(
                r#"{{"id": "bench-image-{i}", "name": "Bench Image {i}", "type": "Zoid", "stats": {{"power": 3, "attack_energy": 1, "block_energy": 1}}}}"#
            )
        })
        .collect();
    let set = dir.join("cards.json");
    let json = format!(
        r#"{{"game": "zoids-scramble", "cards": [{}]}}"#,
        cards.join(",")
    );
    std::fs::write(&set, json).map_err(io)?;
    deckhand.import_card_files(&[&set], &CardImportOptions::default(), &mut |_| {})?;
    let jpeg = one_megabyte_jpeg();
    for i in 0..count {
        std::fs::write(pictures.join(format!("bench-image-{i}.jpg")), &jpeg).map_err(io)?;
    }
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let report = deckhand.import_card_images(&pictures, Some("zoids-scramble"))?;
        samples.push(started.elapsed());
        if report.matched.len() != count {
            return Err(Error::Benchmark(format!(
                "{} of {count} images matched a card",
                report.matched.len()
            )));
        }
    }
    Ok((
        jpeg.len(),
        vec![Timing::from_samples(
            format!(
                "import {count} JPEGs of {} kB with thumbnails",
                jpeg.len() / 1000
            ),
            samples,
        )],
    ))
}
