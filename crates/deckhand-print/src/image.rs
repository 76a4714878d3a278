//! Card images as PDF image streams. JPEG bytes are embedded as they are (`/DCTDecode`):
//! their markers are walked from start to end (size, colour space, and that the file is
//! whole), the compressed data is not decoded. PNGs are decoded and stored losslessly
//! (`/FlateDecode`), with transparency composited onto white, which is what the paper
//! shows anyway. Both are held to [`MAX_IMAGE_SIDE`] and [`MAX_IMAGE_PIXELS`].

use std::io::Write;

use flate2::write::ZlibEncoder;
use flate2::Compression;

/// An image stream's dictionary entries and its encoded bytes.
pub(crate) struct ImageStream {
    pub width: u32,
    pub height: u32,
    /// `DeviceRGB`, `DeviceGray` or `DeviceCMYK`.
    pub color_space: &'static str,
    /// `DCTDecode` or `FlateDecode`.
    pub filter: &'static str,
    /// Adobe CMYK JPEGs store inverted values; PDF needs a `/Decode` array for them.
    pub inverted_cmyk: bool,
    pub data: Vec<u8>,
}

/// The widest or tallest image printed, in pixels: more than 1,300 dpi across the
/// largest card, and far past what a printer resolves.
pub const MAX_IMAGE_SIDE: u32 = 16_384;
/// The most pixels an image may have (100 megapixels). A decoded PNG takes at most 4 bytes
/// a pixel, so no image makes the writer hold more than [`MAX_DECODED_BYTES`].
pub const MAX_IMAGE_PIXELS: u64 = 100_000_000;
/// The most bytes one decoded image may take (4 bytes a pixel of the largest image).
pub const MAX_DECODED_BYTES: usize = 400_000_000;

/// Recognises and prepares image bytes; the error says what is wrong with them. The size
/// an image's header claims is checked before anything is decoded: a few bytes may claim
/// 100000×100000 pixels.
pub(crate) fn prepare(bytes: Vec<u8>) -> Result<ImageStream, String> {
    if bytes.starts_with(&[0xFF, 0xD8]) {
        jpeg(bytes)
    } else if bytes.starts_with(PNG_SIGNATURE) {
        png(&bytes)
    } else {
        Err("not a PNG or JPEG file".into())
    }
}

/// The size of a JPEG whose markers run whole to its end marker, within the size limits,
/// and where that end marker ends (bytes after it are not the image's): what printing will
/// accept, checked when an image is stored rather than when it prints.
pub fn jpeg_size(bytes: &[u8]) -> Result<(u32, u32, usize), String> {
    jpeg(bytes.to_vec()).map(|stream| (stream.width, stream.height, stream.data.len()))
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Refuses an image larger than [`MAX_IMAGE_SIDE`] a side or [`MAX_IMAGE_PIXELS`].
fn check_size(width: u32, height: u32) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err("the image has no size".into());
    }
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(format!(
            "{width}×{height} pixels is too large to print: images may have at most \
             {MAX_IMAGE_SIDE} pixels a side and {} megapixels",
            MAX_IMAGE_PIXELS / 1_000_000
        ));
    }
    Ok(())
}

/// Checks a JPEG from its start marker to its end marker: a frame header with the size,
/// then scans up to the end marker. A JPEG cut short would print as a grey or half image
/// (PDF viewers draw what they can), so it is refused. The bytes pass through unchanged.
fn jpeg(bytes: Vec<u8>) -> Result<ImageStream, String> {
    const TRUNCATED: &str = "truncated JPEG: the file ends before its end marker";
    let mut i = 2;
    let mut adobe = false;
    let mut frame: Option<(u32, u32, &'static str)> = None;
    loop {
        if bytes.get(i) != Some(&0xFF) {
            return Err(match bytes.get(i) {
                None => TRUNCATED.into(),
                Some(_) => "damaged JPEG: a marker was expected".into(),
            });
        }
        // Any number of 0xFF fill bytes may precede a marker.
        while bytes.get(i + 1) == Some(&0xFF) {
            i += 1;
        }
        let marker = *bytes.get(i + 1).ok_or(TRUNCATED)?;
        i += 2;
        match marker {
            // End of image.
            0xD9 => break,
            // Markers without a segment: start of image, restarts, TEM.
            0xD8 | 0xD0..=0xD7 | 0x01 => continue,
            _ => {}
        }
        let length = match bytes.get(i..i + 2) {
            Some(&[high, low]) => u16::from_be_bytes([high, low]) as usize,
            _ => return Err(TRUNCATED.into()),
        };
        if length < 2 {
            return Err("damaged JPEG: a segment shorter than its length field".into());
        }
        let segment = bytes.get(i + 2..i + length).ok_or(TRUNCATED)?;
        match marker {
            // APP14 "Adobe": its CMYK data is stored inverted.
            0xEE if segment.starts_with(b"Adobe") => adobe = true,
            // Start of frame (any kind but the DHT/JPG/DAC markers in the same range).
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) && frame.is_none() => {
                frame = Some(frame_header(segment)?);
            }
            // Start of scan: entropy-coded data follows the header, up to the next marker.
            0xDA => {
                if frame.is_none() {
                    return Err("JPEG without a frame header".into());
                }
                i = scan_end(&bytes, i + length).ok_or(TRUNCATED)?;
                continue;
            }
            _ => {}
        }
        i += length;
    }
    let (width, height, color_space) = frame.ok_or("JPEG without a frame header")?;
    // Whatever follows the end marker is not the image's.
    let mut bytes = bytes;
    bytes.truncate(i);
    Ok(ImageStream {
        width,
        height,
        color_space,
        filter: "DCTDecode",
        inverted_cmyk: adobe && color_space == "DeviceCMYK",
        data: bytes,
    })
}

/// A start-of-frame segment's size and colour space, within the size limits.
fn frame_header(segment: &[u8]) -> Result<(u32, u32, &'static str), String> {
    if segment.len() < 6 {
        return Err("truncated JPEG frame header".into());
    }
    if segment[0] != 8 {
        return Err(format!(
            "{}-bit JPEG is not supported (PDF takes 8-bit)",
            segment[0]
        ));
    }
    let height = u16::from_be_bytes([segment[1], segment[2]]) as u32;
    let width = u16::from_be_bytes([segment[3], segment[4]]) as u32;
    let color_space = match segment[5] {
        1 => "DeviceGray",
        3 => "DeviceRGB",
        4 => "DeviceCMYK",
        n => return Err(format!("JPEG with {n} colour components")),
    };
    if width == 0 || height == 0 {
        return Err("JPEG without a size".into());
    }
    check_size(width, height)?;
    Ok((width, height, color_space))
}

/// Where the marker after the scan data starting at `from` begins (its 0xFF), or `None`
/// when the data runs to the end of the file. Inside the data, 0xFF is followed by 0x00
/// (a stuffed byte) or a restart marker.
fn scan_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let at = i + bytes.get(i..)?.iter().position(|&b| b == 0xFF)?;
        match *bytes.get(at + 1)? {
            0x00 | 0xD0..=0xD7 => i = at + 2,
            // A fill byte: the marker starts at the last 0xFF.
            0xFF => i = at + 1,
            _ => return Some(at),
        }
    }
}

/// The width and height in a PNG's IHDR chunk, which must come first.
fn png_size(bytes: &[u8]) -> Result<(u32, u32), String> {
    let field = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.get(12..16) != Some(&b"IHDR"[..]) {
        return Err("damaged PNG: no header chunk".into());
    }
    match (field(16), field(20)) {
        (Some(width), Some(height)) => Ok((width, height)),
        _ => Err("truncated PNG header".into()),
    }
}

fn png(bytes: &[u8]) -> Result<ImageStream, String> {
    let (width, height) = png_size(bytes)?;
    check_size(width, height)?;
    let limits = png::Limits {
        bytes: MAX_DECODED_BYTES,
    };
    let mut decoder = png::Decoder::new_with_limits(std::io::Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("PNG: {e}"))?;
    let size = reader
        .output_buffer_size()
        .filter(|&size| size <= MAX_DECODED_BYTES)
        .ok_or("PNG too large to decode")?;
    let mut pixels = vec![0; size];
    let frame = reader
        .next_frame(&mut pixels)
        .map_err(|e| format!("PNG: {e}"))?;
    pixels.truncate(frame.buffer_size());
    let (channels, gray) = match frame.color_type {
        png::ColorType::Grayscale => (1, true),
        png::ColorType::GrayscaleAlpha => (2, true),
        png::ColorType::Rgb => (3, false),
        png::ColorType::Rgba => (4, false),
        png::ColorType::Indexed => return Err("PNG palette was not expanded".into()),
    };
    let color_channels = if gray { 1 } else { 3 };
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    let mut row = Vec::with_capacity(frame.width as usize * color_channels);
    for line in pixels.chunks(frame.line_size) {
        row.clear();
        for pixel in line.chunks_exact(channels) {
            if channels == color_channels {
                row.extend_from_slice(pixel);
            } else {
                // Composite onto white: c·a + 255·(1 − a).
                let alpha = pixel[channels - 1] as u32;
                row.extend(
                    pixel[..color_channels]
                        .iter()
                        .map(|&c| ((c as u32 * alpha + 255 * (255 - alpha) + 127) / 255) as u8),
                );
            }
        }
        encoder.write_all(&row).map_err(|e| e.to_string())?;
    }
    Ok(ImageStream {
        width: frame.width,
        height: frame.height,
        color_space: if gray { "DeviceGray" } else { "DeviceRGB" },
        filter: "FlateDecode",
        inverted_cmyk: false,
        data: encoder.finish().map_err(|e| e.to_string())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_no_image_are_refused() {
        assert_eq!(
            prepare(b"GIF89a".to_vec()).err().unwrap(),
            "not a PNG or JPEG file"
        );
        assert!(prepare(vec![0xFF, 0xD8, 0xFF]).is_err());
    }

    /// A PNG of a header, one tiny IDAT and the end, claiming `width`×`height` (valid
    /// CRCs, so a decoder believes it).
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let mut crc = flate2::Crc::new();
            crc.update(kind);
            crc.update(data);
            out.extend_from_slice(kind);
            out.extend_from_slice(data);
            out.extend_from_slice(&crc.sum().to_be_bytes());
        }
        let mut header = Vec::new();
        header.extend_from_slice(&width.to_be_bytes());
        header.extend_from_slice(&height.to_be_bytes());
        // 8-bit RGBA, deflate, adaptive filtering, not interlaced.
        header.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut idat = ZlibEncoder::new(Vec::new(), Compression::best());
        idat.write_all(&[0; 5]).unwrap();
        let mut bytes = PNG_SIGNATURE.to_vec();
        chunk(&mut bytes, b"IHDR", &header);
        chunk(&mut bytes, b"IDAT", &idat.finish().unwrap());
        chunk(&mut bytes, b"IEND", &[]);
        bytes
    }

    /// The 353-byte JPEG the print tests embed (8×8, baseline).
    const JPEG: &[u8] = include_bytes!("../tests/fixtures/orange.jpg");

    /// The JPEG with its frame header's height and width replaced.
    fn jpeg_claiming(width: u16, height: u16) -> Vec<u8> {
        let mut bytes = JPEG.to_vec();
        let sof = bytes.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        bytes[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
        bytes[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
        bytes
    }

    /// Issue 16: a 69-byte PNG claiming 100000×100000 made the writer allocate 40 GB and
    /// abort. Sizes are checked from the header, before anything is decoded.
    #[test]
    fn images_larger_than_the_limits_are_refused_before_decoding() {
        let too_large = |w: u32, h: u32| {
            format!(
                "{w}×{h} pixels is too large to print: images may have at most 16384 pixels \
                 a side and 100 megapixels"
            )
        };
        let cases = [
            (png_claiming(100_000, 100_000), too_large(100_000, 100_000)),
            (png_claiming(16_385, 1), too_large(16_385, 1)),
            (png_claiming(10_001, 10_000), too_large(10_001, 10_000)),
            (jpeg_claiming(20_000, 8), too_large(20_000, 8)),
            (jpeg_claiming(12_000, 9_000), too_large(12_000, 9_000)),
        ];
        assert!(cases[0].0.len() < 80, "a file of a few bytes");
        for (bytes, message) in cases {
            assert_eq!(prepare(bytes).err().as_deref(), Some(message.as_str()));
        }
    }

    #[test]
    fn images_within_the_limits_are_accepted() {
        let png = prepare(png_claiming(1, 1)).unwrap();
        assert_eq!((png.width, png.height), (1, 1));
        let jpeg = prepare(jpeg_claiming(16_384, 6_000)).unwrap();
        assert_eq!((jpeg.width, jpeg.height), (16_384, 6_000));
        assert_eq!(prepare(JPEG.to_vec()).unwrap().data, JPEG);
    }

    /// Issue 16: a JPEG cut in half was embedded as it was. It must reach its end marker.
    #[test]
    fn a_truncated_or_damaged_jpeg_is_refused() {
        let truncated = "truncated JPEG: the file ends before its end marker";
        let scan = JPEG.windows(2).position(|w| w == [0xFF, 0xDA]).unwrap();
        let cases: Vec<(&str, Vec<u8>, &str)> = vec![
            // The first two were embedded as they were.
            ("cut in the scan data", JPEG[..320].to_vec(), truncated),
            (
                "without its end marker",
                JPEG[..JPEG.len() - 2].to_vec(),
                truncated,
            ),
            (
                "cut inside the scan header",
                JPEG[..scan + 5].to_vec(),
                truncated,
            ),
            ("cut in half", JPEG[..JPEG.len() / 2].to_vec(), truncated),
            ("only the start marker", vec![0xFF, 0xD8], truncated),
            ("cut in a marker", vec![0xFF, 0xD8, 0xFF], truncated),
            (
                "an end marker before any frame",
                vec![0xFF, 0xD8, 0xFF, 0xD9],
                "JPEG without a frame header",
            ),
            (
                "bytes where a marker belongs",
                vec![0xFF, 0xD8, 0x12, 0x34],
                "damaged JPEG: a marker was expected",
            ),
        ];
        for (what, bytes, message) in cases {
            assert_eq!(prepare(bytes).err().as_deref(), Some(message), "{what}");
        }
        // Bytes after the end marker (some cameras append data) are harmless.
        let mut trailing = JPEG.to_vec();
        trailing.extend_from_slice(b"trailer");
        assert!(prepare(trailing).is_ok());
    }

    #[test]
    fn a_png_with_transparency_is_composited_onto_white() {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, 2, 1);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().unwrap();
            writer
                .write_image_data(&[255, 0, 0, 255, 0, 0, 0, 0])
                .unwrap();
        }
        let image = prepare(bytes).unwrap();
        assert_eq!(
            (image.width, image.height, image.color_space),
            (2, 1, "DeviceRGB")
        );
        let mut pixels = Vec::new();
        use std::io::Read;
        flate2::read::ZlibDecoder::new(&image.data[..])
            .read_to_end(&mut pixels)
            .unwrap();
        assert_eq!(pixels, [255, 0, 0, 255, 255, 255]);
    }
}
