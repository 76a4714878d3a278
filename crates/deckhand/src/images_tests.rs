use super::*;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/images")
        .join(name);
    std::fs::read(path).unwrap()
}

#[test]
fn each_format_is_measured_and_gets_a_jpeg_thumbnail_within_the_box() {
    let cases = [
        ("teal.png", "png", 126, 176),
        ("red.jpg", "jpeg", 252, 352),
        ("green.webp", "webp", 126, 176),
    ];
    for (file, format, width, height) in cases {
        let image = checked(file, "c", fixture(file)).unwrap();
        assert_eq!(
            (image.format, image.width, image.height),
            (format, width, height),
            "{file}"
        );
        let thumb =
            image::load_from_memory_with_format(&image.thumbnail, ImageFormat::Jpeg).unwrap();
        assert!(
            thumb.width() <= THUMBNAIL_BOX.0 && thumb.height() <= THUMBNAIL_BOX.1,
            "{file}"
        );
        // The card's shape is kept (within a pixel of rounding).
        let ratio = |w: u32, h: u32| f64::from(w) / f64::from(h);
        assert!(
            (ratio(thumb.width(), thumb.height()) - ratio(width, height)).abs() < 0.02,
            "{file}"
        );
    }
}

#[test]
fn bad_images_are_refused_with_one_line_naming_the_file() {
    let cases = [
        ("not-an-image.png", "not a PNG, JPEG or WebP image"),
        ("truncated.png", "damaged or truncated PNG"),
        (
            "truncated.jpg",
            "truncated JPEG: the file ends before its end marker",
        ),
        ("over-cap.png", "100000×100000 pixels is too large"),
    ];
    for (file, expected) in cases {
        let message = checked(file, "c", fixture(file)).unwrap_err().to_string();
        assert!(
            message.starts_with(&format!("{file}: {expected}")),
            "{message}"
        );
        assert_eq!(message.lines().count(), 1, "{message}");
    }
}

#[test]
fn transparency_is_laid_on_white_in_the_thumbnail() {
    let half_clear = DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        4,
        4,
        image::Rgba([0, 0, 0, 0]),
    ));
    let rgb = on_white(&half_clear);
    assert_eq!(rgb.get_pixel(0, 0).0, [255, 255, 255]);
}

#[test]
fn a_webp_is_converted_to_a_png_for_printing_and_the_others_pass_through() {
    let png = printable("webp", fixture("green.webp")).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let jpeg = fixture("red.jpg");
    assert_eq!(printable("jpeg", jpeg.clone()).unwrap(), jpeg);
}

/// A card-shaped picture: a gradient, so that a wrong block or a shifted row shows.
fn gradient(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x * 255 / width) as u8,
            (y * 255 / height) as u8,
            ((x + y) * 127 / (width + height)) as u8,
        ])
    }))
}

#[test]
fn thumbnails_keep_the_size_image_rs_gave_them_and_their_pixels() {
    // The integer box filter replaced `DynamicImage::thumbnail`: the same sizes, and
    // pixels within a few levels of its area filter.
    let cases = [
        (600, 838),
        (1060, 1480),
        (181, 253),
        (4000, 300),
        (300, 4000),
        (745, 1040),
    ];
    for (width, height) in cases {
        let picture = gradient(width, height);
        let (w, h) = THUMBNAIL_BOX;
        let theirs = picture.thumbnail(w, h).to_rgb8();
        let (tw, th) = fit_within(width, height, w, h);
        let ours = shrink(&picture, tw, th).to_rgb8();
        assert_eq!(ours.dimensions(), theirs.dimensions(), "{width}×{height}");
        let worst = ours
            .as_raw()
            .iter()
            .zip(theirs.as_raw())
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap();
        assert!(worst <= 4, "{width}×{height}: off by {worst}");
    }
}

#[test]
fn shrinking_keeps_transparency_and_grey_as_they_are() {
    let clear = DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        400,
        560,
        image::Rgba([10, 20, 30, 0]),
    ));
    let small = shrink(&clear, 180, 252);
    assert_eq!(small.color(), image::ColorType::Rgba8);
    assert_eq!(on_white(&small).get_pixel(5, 5).0, [255, 255, 255]);
    let grey = DynamicImage::ImageLuma16(image::ImageBuffer::from_pixel(
        400,
        560,
        image::Luma([0x8000u16]),
    ));
    let small = shrink(&grey, 180, 252);
    assert_eq!((small.width(), small.height()), (180, 252));
    assert_eq!(small.to_rgb8().get_pixel(0, 0).0, [128, 128, 128]);
}

/// A pack of small pictures padded with zeros after their end must not fill the disk.
#[test]
fn bytes_past_the_end_of_an_image_are_not_stored() {
    for file in ["teal.png", "red.jpg", "green.webp"] {
        let image = fixture(file);
        let mut padded = image.clone();
        padded.extend(std::iter::repeat_n(0u8, 1 << 20));
        let stored = checked(file, "c", padded).unwrap();
        assert_eq!(stored.data, image, "{file}");
    }
}
