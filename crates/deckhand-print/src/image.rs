//! Card images as PDF image streams. JPEG bytes are embedded as they are (`/DCTDecode`):
//! only the header is read, for the size and colour space. PNGs are decoded and stored
//! losslessly (`/FlateDecode`), with transparency composited onto white, which is what
//! the paper shows anyway.

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

/// Recognises and prepares image bytes; the error says what is wrong with them.
pub(crate) fn prepare(bytes: Vec<u8>) -> Result<ImageStream, String> {
    if bytes.starts_with(&[0xFF, 0xD8]) {
        jpeg(bytes)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png(&bytes)
    } else {
        Err("not a PNG or JPEG file".into())
    }
}

fn jpeg(bytes: Vec<u8>) -> Result<ImageStream, String> {
    let mut i = 2;
    let mut adobe = false;
    while i + 4 <= bytes.len() {
        if bytes[i] != 0xFF {
            return Err("damaged JPEG header".into());
        }
        let marker = bytes[i + 1];
        if marker == 0xFF {
            i += 1;
            continue;
        }
        let length = u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]) as usize;
        let segment = bytes.get(i + 4..i + 2 + length).ok_or("truncated JPEG")?;
        match marker {
            // APP14 "Adobe": its CMYK data is stored inverted.
            0xEE if segment.starts_with(b"Adobe") => adobe = true,
            // Start of frame (any kind but the DHT/JPG/DAC markers in the same range).
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
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
                return Ok(ImageStream {
                    width,
                    height,
                    color_space,
                    filter: "DCTDecode",
                    inverted_cmyk: adobe && color_space == "DeviceCMYK",
                    data: bytes,
                });
            }
            0xDA | 0xD9 => break,
            _ => {}
        }
        i += 2 + length;
    }
    Err("JPEG without a frame header".into())
}

fn png(bytes: &[u8]) -> Result<ImageStream, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("PNG: {e}"))?;
    let size = reader
        .output_buffer_size()
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
