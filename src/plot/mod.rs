//! Figures with plotters: lines with their intervals (a probability over a
//! swept field, or a curve over turns), heatmaps with a colour bar, and
//! tornado charts. Series differ by colour (a colour-blind-safe palette), dash
//! and marker; legends sit in a column of their own, never on the data; a
//! plot that holds some fields fixed says at which values under its title. Each figure is written as PNG and
//! SVG, atomically. Text uses the DejaVu Sans font shipped in `assets/fonts/`, so no
//! system font is needed.

mod heatmap;
mod lines;
mod look;
mod tornado;

pub use heatmap::Heatmap;
pub use lines::{Join, Lines, Series};
pub use tornado::Tornado;

use crate::frame::write_atomic;
use anyhow::Context;
use image::ImageEncoder;
use plotters::prelude::*;
use plotters::style::FontStyle;
use std::path::{Path, PathBuf};
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const SIZE: (u32, u32) = (900, 560);

/// The size of the axis names (every font size is even: see [`caption_size`]).
const DESC_SIZE: u32 = 14;

/// The caption's font size: 22 pixels, smaller for a title that would not fit
/// the width (about half the size per character, with a margin). Even, as
/// every size here: plotters' PNG text puts a glyph's top at half the size
/// plus the glyph's offset, truncated toward zero, so at an odd size a point
/// or a comma lands a pixel above the digits' baseline (`48·05%`).
fn caption_size(title: &str) -> u32 {
    let chars = title.chars().count().max(1) as u32;
    (SIZE.0 * 95 / 100 * 2 / chars).clamp(10, 22) & !1
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in; registration can only fail on a corrupt file.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}
/// The area a figure is drawn on, whole or in part.
pub type Area<DB> = DrawingArea<DB, plotters::coord::Shift>;

pub trait Figure {
    /// Draw on `root`.
    fn draw<DB: DrawingBackend<ErrorType: 'static>>(&self, root: &Area<DB>) -> anyhow::Result<()>;

    /// Write as `stem.png` and `stem.svg`; returns both paths.
    fn write(&self, stem: &Path) -> anyhow::Result<(PathBuf, PathBuf)> {
        svg_and_png(
            stem,
            |text| self.draw(&SVGBackend::with_string(text, SIZE).into_drawing_area()),
            |pixels| self.draw(&BitMapBackend::with_buffer(pixels, SIZE).into_drawing_area()),
        )
    }
}

/// Render a figure to SVG text and to a PNG file, then place both atomically.
fn svg_and_png(
    stem: &Path,
    render_svg: impl Fn(&mut String) -> anyhow::Result<()>,
    render_png: impl Fn(&mut [u8]) -> anyhow::Result<()>,
) -> anyhow::Result<(PathBuf, PathBuf)> {
    register_font();
    let png = stem.with_extension("png");
    let svg = stem.with_extension("svg");
    let mut text = String::new();
    render_svg(&mut text)?;
    write_atomic(&svg, text.as_bytes())?;
    // Draw into an RGB buffer and encode in memory, so the file appears whole.
    let mut pixels = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
    render_png(&mut pixels)?;
    let mut encoded = Vec::new();
    image::codecs::png::PngEncoder::new(&mut encoded)
        .write_image(&pixels, SIZE.0, SIZE.1, image::ColorType::Rgb8)
        .with_context(|| format!("encoding {}", png.display()))?;
    write_atomic(&png, &encoded)?;
    Ok((png, svg))
}

#[cfg(test)]
mod tests {
    use super::heatmap::*;
    use super::look::*;
    use super::*;

    #[test]
    fn a_cell_is_never_rounded_to_zero_or_to_certainty() {
        assert_eq!(cell_label(0.0, true, 2), "0.00%");
        assert_eq!(cell_label(0.00001, true, 2), "<0.01%");
        assert_eq!(cell_label(0.003, true, 0), "<1%");
        assert_eq!(cell_label(0.998, true, 0), ">99%");
        assert_eq!(cell_label(0.99999, true, 2), ">99.99%");
        assert_eq!(cell_label(1.0, true, 1), "100.0%");
        assert_eq!(cell_label(0.1234, true, 1), "12.3%");
        assert_eq!(cell_label(f64::NAN, true, 2), "n/a");
        assert_eq!(cell_label(2.345, false, 1), "2.3");
    }

    #[test]
    fn every_font_size_is_even_so_points_sit_on_the_baseline() {
        for chars in 1..300 {
            assert_eq!(
                caption_size(&"x".repeat(chars)) % 2,
                0,
                "{chars} characters"
            );
        }
        assert_eq!(DESC_SIZE % 2, 0);
    }

    #[test]
    fn any_two_series_differ_in_colour_dash_and_marker() {
        for i in 0..4 {
            for j in i + 1..4 {
                let (a, b) = (look(i), look(j));
                assert_ne!(a.colour, b.colour);
                assert_ne!(a.dash, b.dash);
                assert_ne!(format!("{:?}", a.marker), format!("{:?}", b.marker));
            }
        }
        // No yellow on white.
        assert!(
            PALETTE
                .iter()
                .all(|c| !(c.0 > 200 && c.1 > 200 && c.2 < 100))
        );
    }

    #[test]
    fn steps_hold_each_value_to_half_way_or_to_the_next_turn_and_never_bridge_a_gap() {
        let lines = |join| Lines {
            title: String::new(),
            subtitle: None,
            x_label: String::new(),
            y_label: String::new(),
            x_ticks: None,
            join,
            percent: true,
            series: Vec::new(),
        };
        let points = [(0.0, 1.0), (1.0, 3.0)];
        assert_eq!(
            lines(Join::Mid).joined(&points),
            [vec![(0.0, 1.0), (0.5, 1.0), (0.5, 3.0), (1.0, 3.0)]]
        );
        // A gap (2 never computed): 1 and 3 stand alone, 3 and 4 join.
        let gapped = [(1.0, 1.0), (3.0, 2.0), (4.0, 5.0)];
        assert_eq!(
            lines(Join::Mid).joined(&gapped),
            [vec![(3.0, 2.0), (3.5, 2.0), (3.5, 5.0), (4.0, 5.0)]]
        );
        assert_eq!(
            lines(Join::Post).joined(&points),
            [vec![(0.0, 1.0), (1.0, 1.0), (1.0, 3.0)]]
        );
        assert!(lines(Join::Points).joined(&points).is_empty());
        assert_eq!(lines(Join::Straight).joined(&points), [points.to_vec()]);
    }
}
