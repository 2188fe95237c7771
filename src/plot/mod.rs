//! Figures with plotters: lines with interval bands (a probability over a swept
//! field, or a curve over turns) and heatmaps. Each figure is written as PNG and
//! SVG, atomically. Text uses the DejaVu Sans font shipped in `assets/fonts/`, so no
//! system font is needed.

use crate::frame::write_atomic;
use anyhow::{Context, anyhow};
use image::ImageEncoder;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const SIZE: (u32, u32) = (900, 560);

/// The caption's font size: 22 pixels, smaller for a title that would not fit
/// the width (about half the size per character, with a margin).
fn caption_size(title: &str) -> u32 {
    let chars = title.chars().count().max(1) as u32;
    (SIZE.0 * 95 / 100 * 2 / chars).clamp(11, 22)
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in; registration can only fail on a corrupt file.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// One line: points `(x, value, low, high)`.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64, f64, f64)>,
}

/// A line chart.
#[derive(Clone, Debug)]
pub struct Lines {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Labels for integer x positions, when x is categorical.
    pub x_ticks: Option<Vec<String>>,
    pub series: Vec<Series>,
}

/// A heatmap: `cells[row][column]` values in 0..=1.
#[derive(Clone, Debug)]
pub struct Heatmap {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub columns: Vec<String>,
    pub rows: Vec<String>,
    pub cells: Vec<Vec<f64>>,
    /// Cells are probabilities (labelled as percentages); otherwise values,
    /// coloured relative to the largest.
    pub percent: bool,
}

/// A figure drawn the same way on any plotters backend.
pub trait Figure {
    /// Draw on `root`.
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static;

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

impl Lines {
    /// The legend's place: of the nine places plotters offers (corners first),
    /// the first whose zone holds the fewest points, intervals and line samples
    /// of the plot (the legend is about 22 pixels a line on a plot area of about
    /// 440).
    fn legend_position(
        &self,
        x_min: f64,
        x_max: f64,
        (y_min, y_max): (f64, f64),
    ) -> SeriesLabelPosition {
        let y_span = (y_max - y_min).max(f64::EPSILON);
        let fraction = |y: f64| (y - y_min) / y_span;
        let height = ((22 * self.series.len() + 12) as f64 / 440.0).min(0.9);
        use SeriesLabelPosition as At;
        // (position, x zone, y zone), in order of preference.
        let (upper, middle, lower) = (
            (1.0 - height - 0.03, 1.0),
            (0.5 - height / 2.0, 0.5 + height / 2.0),
            (0.0, height + 0.05),
        );
        let (left, centre, right) = ((0.0, 0.4), (0.3, 0.7), (0.6, 1.0));
        let zones = [
            (At::UpperRight, right, upper),
            (At::LowerRight, right, lower),
            (At::MiddleRight, right, middle),
            (At::UpperLeft, left, upper),
            (At::LowerLeft, left, lower),
            (At::MiddleLeft, left, middle),
            (At::UpperMiddle, centre, upper),
            (At::LowerMiddle, centre, lower),
            (At::MiddleMiddle, centre, middle),
        ];
        let span = (x_max - x_min).max(f64::EPSILON);
        // The points with their intervals, and ten samples along each segment
        // between them, as (x, low, high) in fractions of the plot area.
        let mut marks: Vec<(f64, f64, f64)> = Vec::new();
        for s in &self.series {
            for p in &s.points {
                marks.push((
                    (p.0 - x_min) / span,
                    fraction(p.2.min(p.1)),
                    fraction(p.3.max(p.1)),
                ));
            }
            for w in s.points.windows(2) {
                for step in 1..10 {
                    let t = f64::from(step) / 10.0;
                    let x = w[0].0 + t * (w[1].0 - w[0].0);
                    let y = fraction(w[0].1 + t * (w[1].1 - w[0].1));
                    marks.push(((x - x_min) / span, y, y));
                }
            }
        }
        let crowding = |(x0, x1): (f64, f64), (y0, y1): (f64, f64)| {
            marks
                .iter()
                .filter(|(x, a, b)| *x >= x0 && *x <= x1 && *b >= y0 && *a <= y1)
                .count()
        };
        zones
            .into_iter()
            .min_by_key(|(_, xs, ys)| crowding(*xs, *ys))
            .map_or(At::MiddleRight, |zone| zone.0)
    }
}

impl Figure for Lines {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let err = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", self.title);
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (x_min, x_max) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
            (a.min(x), b.max(x))
        });
        let (x_min, x_max) = if x_min.is_finite() {
            (x_min, x_max.max(x_min + 1.0))
        } else {
            (0.0, 1.0)
        };
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.3.max(p.1)))
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let y_low = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.2.min(p.1)))
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::min);
        // Probabilities on 0..1; anything else (means, differences that may be
        // negative) on its own range with a margin.
        let (y_min, y_max) = if y_low >= 0.0 && y_max <= 1.0 {
            (0.0, 1.0)
        } else {
            let margin = 0.05 * (y_max - y_low).max(f64::EPSILON);
            (
                if y_low < 0.0 { y_low - margin } else { 0.0 },
                y_max + margin,
            )
        };
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", caption_size(&self.title)))
            .margin(12)
            // Room for a named tick at the right edge.
            .margin_right(if self.x_ticks.is_some() { 40 } else { 12 })
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(x_min..x_max, y_min..y_max)
            .map_err(|e| err(&e))?;
        let ticks = self.x_ticks.clone();
        // A whole-number axis (stands, figures, tech levels) labels whole numbers only.
        let whole = self
            .series
            .iter()
            .flat_map(|s| &s.points)
            .all(|p| (p.0 - p.0.round()).abs() < 1e-9);
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .label_style(("sans-serif", 14));
        let formatter = move |x: &f64| match &ticks {
            Some(t) => t
                .get(x.round() as usize)
                .filter(|_| (x - x.round()).abs() < 1e-9)
                .cloned()
                .unwrap_or_default(),
            None if whole => {
                if (x - x.round()).abs() < 1e-9 {
                    format!("{}", x.round())
                } else {
                    String::new()
                }
            }
            None => format!("{x}"),
        };
        mesh.x_label_formatter(&formatter);
        mesh.draw().map_err(|e| err(&e))?;
        for (i, series) in self.series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let band: Vec<(f64, f64)> = series
                .points
                .iter()
                .map(|p| (p.0, p.3))
                .chain(series.points.iter().rev().map(|p| (p.0, p.2)))
                .collect();
            if series.points.iter().any(|p| p.3 > p.2) {
                chart
                    .draw_series(std::iter::once(Polygon::new(band, color.mix(0.2).filled())))
                    .map_err(|e| err(&e))?;
            }
            chart
                .draw_series(LineSeries::new(
                    series.points.iter().map(|p| (p.0, p.1)),
                    color.stroke_width(2),
                ))
                .map_err(|e| err(&e))?
                .label(&series.name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            chart
                .draw_series(
                    series
                        .points
                        .iter()
                        .map(|p| Circle::new((p.0, p.1), 3, color.filled())),
                )
                .map_err(|e| err(&e))?;
        }
        if self.series.len() > 1 || self.series.first().is_some_and(|s| !s.name.is_empty()) {
            chart
                .configure_series_labels()
                .position(self.legend_position(x_min, x_max, (y_min, y_max)))
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font(("sans-serif", 14))
                .draw()
                .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
        Ok(())
    }
}

impl Figure for Heatmap {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let err = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", self.title);
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let (nx, ny) = (self.columns.len() as i32, self.rows.len() as i32);
        let longest = self.rows.iter().map(String::len).max().unwrap_or(4) as u32;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", caption_size(&self.title)))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(40 + 8 * longest)
            .build_cartesian_2d(
                (0..(nx - 1).max(0)).into_segmented(),
                (0..(ny - 1).max(0)).into_segmented(),
            )
            .map_err(|e| err(&e))?;
        let columns = self.columns.clone();
        let rows = self.rows.clone();
        let name = |names: &[String], v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let x_fmt = move |v: &SegmentValue<i32>| name(&columns, v);
        let y_fmt = move |v: &SegmentValue<i32>| name(&rows, v);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_labels(nx as usize + 1)
            .y_labels(ny as usize + 1)
            .x_label_formatter(&x_fmt)
            .y_label_formatter(&y_fmt)
            .label_style(("sans-serif", 14))
            .draw()
            .map_err(|e| err(&e))?;
        let largest = self
            .cells
            .iter()
            .flatten()
            .copied()
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let scale = if self.percent || largest <= 0.0 {
            1.0
        } else {
            largest
        };
        for (r, row) in self.cells.iter().enumerate() {
            for (c, &value) in row.iter().enumerate() {
                let (c, r) = (c as i32, r as i32);
                let v = value / scale;
                let shade = if v.is_finite() {
                    HSLColor(0.66 - 0.66 * v.clamp(0.0, 1.0), 0.7, 0.6)
                } else {
                    HSLColor(0.0, 0.0, 0.85)
                };
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [
                            (SegmentValue::Exact(c), SegmentValue::Exact(r)),
                            (SegmentValue::Exact(c + 1), SegmentValue::Exact(r + 1)),
                        ],
                        shade.filled(),
                    )))
                    .map_err(|e| err(&e))?;
                let label = if !v.is_finite() {
                    "n/a".to_string()
                } else if self.percent {
                    format!("{:.0}%", 100.0 * v)
                } else {
                    format!("{value:.1}")
                };
                chart
                    .draw_series(std::iter::once(Text::new(
                        label,
                        (SegmentValue::CenterOf(c), SegmentValue::CenterOf(r)),
                        ("sans-serif", 14)
                            .into_font()
                            .color(&BLACK)
                            .pos(Pos::new(HPos::Center, VPos::Center)),
                    )))
                    .map_err(|e| err(&e))?;
            }
        }
        root.present().map_err(|e| err(&e))?;
        Ok(())
    }
}

/// A tornado chart: one horizontal bar per item, its value (a change) with an
/// interval whisker, largest at the top.
#[derive(Clone, Debug)]
pub struct Tornado {
    pub title: String,
    pub x_label: String,
    /// (label, value, low, high), in the order drawn from the top.
    pub bars: Vec<(String, f64, f64, f64)>,
}

impl Figure for Tornado {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> anyhow::Result<()>
    where
        DB::ErrorType: 'static,
    {
        let err = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", self.title);
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let n = self.bars.len().max(1);
        let reach = self
            .bars
            .iter()
            .flat_map(|b| [b.1.abs(), b.2.abs(), b.3.abs()])
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max)
            .max(1e-9)
            * 1.1;
        let longest = self.bars.iter().map(|b| b.0.len()).max().unwrap_or(4) as u32;
        // Bar i sits on the whole number n - 1 - i (the first at the top).
        let top = n as f64 - 0.5;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", caption_size(&self.title)))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(24 + 7 * longest.min(48))
            .build_cartesian_2d(-reach..reach, -0.5..top)
            .map_err(|e| err(&e))?;
        let labels: Vec<String> = self.bars.iter().map(|b| b.0.clone()).collect();
        let y_fmt = move |y: &f64| {
            let row = y.round();
            if (y - row).abs() > 1e-6 || row < 0.0 {
                return String::new();
            }
            labels
                .get(n - 1 - (row as usize).min(n - 1))
                .cloned()
                .unwrap_or_default()
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(&self.x_label)
            .y_labels(n + 1)
            .y_label_formatter(&y_fmt)
            .label_style(("sans-serif", 13))
            .draw()
            .map_err(|e| err(&e))?;
        for (i, (_, value, low, high)) in self.bars.iter().enumerate() {
            let row = (n - 1 - i) as f64;
            let colour = if *value >= 0.0 {
                RGBColor(46, 125, 50)
            } else {
                RGBColor(198, 40, 40)
            };
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(0.0, row - 0.38), (*value, row + 0.38)],
                    colour.mix(0.75).filled(),
                )))
                .map_err(|e| err(&e))?;
            if high > low {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(*low, row), (*high, row)],
                        BLACK.stroke_width(2),
                    )))
                    .map_err(|e| err(&e))?;
            }
        }
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, -0.5), (0.0, top)],
                BLACK.stroke_width(1),
            )))
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
        Ok(())
    }
}
