//! Figures with plotters: lines with their intervals (a probability over a
//! swept field, or a curve over turns), heatmaps with a colour bar, and
//! tornado charts. Series differ by colour (a colour-blind-safe palette), dash
//! and marker; legends sit in a column of their own, never on the data; a
//! plot that holds some fields fixed says at which values under its title. Each figure is written as PNG and
//! SVG, atomically. Text uses the DejaVu Sans font shipped in `assets/fonts/`, so no
//! system font is needed.

use crate::frame::write_atomic;
use anyhow::{Context, anyhow};
use image::ImageEncoder;
use plotters::element::DashedPathElement;
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

/// How a line joins its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// Straight segments with an interval band: a quantity swept over a
    /// continuous field.
    Straight,
    /// Each point a level around its own x, steps half-way between: a
    /// discrete field (stands, a differential, a named choice), whose values
    /// in between mean nothing.
    Mid,
    /// Each point a level until the next x: a per-turn curve, whose value
    /// holds from the end of one turn to the end of the next.
    Post,
    /// Points alone: named choices, between which nothing lies.
    Points,
}

/// A line chart.
#[derive(Clone, Debug)]
pub struct Lines {
    pub title: String,
    /// A second line under the title: the values of the fields the plot holds
    /// fixed.
    pub subtitle: Option<String>,
    pub x_label: String,
    pub y_label: String,
    /// Labels for integer x positions, when x is categorical.
    pub x_ticks: Option<Vec<String>>,
    pub join: Join,
    /// The y values are probabilities: a 0-100% axis.
    pub percent: bool,
    pub series: Vec<Series>,
}

/// A heatmap: `cells[row][column]` values in 0..=1.
#[derive(Clone, Debug)]
pub struct Heatmap {
    pub title: String,
    pub subtitle: Option<String>,
    pub x_label: String,
    pub y_label: String,
    pub columns: Vec<String>,
    pub rows: Vec<String>,
    pub cells: Vec<Vec<f64>>,
    /// Cells are probabilities (labelled as percentages, on a fixed 0-100%
    /// scale); otherwise values, coloured from the smallest to the largest.
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

/// Okabe and Ito's colour-blind-safe palette, without its yellow (unreadable
/// on white).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// Line dashes, in pixels drawn and skipped (`None`: solid).
const DASHES: [Option<(u32, u32)>; 4] = [None, Some((9, 5)), Some((2, 4)), Some((16, 5))];

/// Point markers.
#[derive(Clone, Copy, Debug)]
enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
}

const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Cross,
];

/// How series `i` is drawn: colour, dash and marker all change from one
/// series to the next, so that any two are told apart without colour.
#[derive(Clone, Copy, Debug)]
struct Look {
    colour: RGBColor,
    dash: Option<(u32, u32)>,
    marker: Marker,
}

fn look(i: usize) -> Look {
    Look {
        colour: PALETTE[i % PALETTE.len()],
        dash: DASHES[i % DASHES.len()],
        marker: MARKERS[i % MARKERS.len()],
    }
}

/// The pixel path of `marker` around the origin, for a polygon or a cross.
fn marker_path(marker: Marker) -> Vec<(i32, i32)> {
    match marker {
        Marker::Circle => Vec::new(),
        Marker::Square => vec![(-4, -4), (4, -4), (4, 4), (-4, 4)],
        Marker::Triangle => vec![(0, -5), (5, 4), (-5, 4)],
        Marker::Diamond => vec![(0, -5), (5, 0), (0, 5), (-5, 0)],
        Marker::Cross => vec![(-4, -4), (4, 4)],
    }
}

/// Draw `marker` at pixel `at` on `area`.
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    marker: Marker,
    at: (i32, i32),
    colour: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let shifted = |path: Vec<(i32, i32)>| -> Vec<(i32, i32)> {
        path.into_iter()
            .map(|(x, y)| (at.0 + x, at.1 + y))
            .collect()
    };
    match marker {
        Marker::Circle => area.draw(&Circle::new(at, 4, colour.filled())),
        Marker::Cross => {
            area.draw(&PathElement::new(
                shifted(vec![(-4, -4), (4, 4)]),
                colour.stroke_width(2),
            ))?;
            area.draw(&PathElement::new(
                shifted(vec![(-4, 4), (4, -4)]),
                colour.stroke_width(2),
            ))
        }
        other => area.draw(&Polygon::new(shifted(marker_path(other)), colour.filled())),
    }
}

/// Draw a pixel polyline on `area` in `look`'s dash.
fn draw_path<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    points: Vec<(i32, i32)>,
    look: Look,
    width: u32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = look.colour.stroke_width(width);
    match look.dash {
        None => area.draw(&PathElement::new(points, style)),
        Some((on, off)) => area.draw(&DashedPathElement::new(points, on, off, style)),
    }
}

/// The title, and under it the subtitle, centred in `area`.
fn draw_heading<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    subtitle: Option<&str>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let centre = SIZE.0 as i32 / 2;
    area.draw(&Text::new(
        title.to_string(),
        (centre, 16),
        ("sans-serif", caption_size(title))
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Center)),
    ))?;
    if let Some(sub) = subtitle {
        area.draw(&Text::new(
            sub.to_string(),
            (centre, 40),
            ("sans-serif", caption_size(sub).min(15))
                .into_font()
                .color(&RGBColor(80, 80, 80))
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Height of the heading: the title, and the subtitle when there is one.
fn heading_height(subtitle: Option<&str>) -> u32 {
    if subtitle.is_some() { 54 } else { 34 }
}

/// A legend in its own column beside the plot, never on the data: one line
/// per series with its dash and marker.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    names: &[String],
    with_lines: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let room = ((width as i32 - 52) / 7).max(8) as usize;
    for (i, name) in names.iter().enumerate() {
        let y = 30 + 24 * i as i32;
        let look = look(i);
        if with_lines {
            draw_path(area, vec![(6, y), (40, y)], look, 2)?;
        }
        draw_marker(area, look.marker, (23, y), look.colour)?;
        let shown: String = if name.chars().count() > room {
            name.chars()
                .take(room.saturating_sub(1))
                .chain(['…'])
                .collect()
        } else {
            name.clone()
        };
        area.draw(&Text::new(
            shown,
            (48, y),
            ("sans-serif", 14)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// The legend column's width for these names (none without a legend).
fn legend_width(names: &[String]) -> u32 {
    if names.iter().all(|n| n.is_empty()) {
        return 0;
    }
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as u32;
    (60 + 7 * longest).clamp(140, 300)
}

impl Lines {
    fn names(&self) -> Vec<String> {
        self.series.iter().map(|s| s.name.clone()).collect()
    }

    /// Is x a whole number everywhere (stands, turns, a differential)?
    fn whole_x(&self) -> bool {
        self.series
            .iter()
            .flat_map(|s| &s.points)
            .all(|p| (p.0 - p.0.round()).abs() < 1e-9)
    }

    /// The pixel path joining a series' points, by [`Join`].
    fn joined(&self, points: &[(f64, f64)]) -> Vec<(f64, f64)> {
        match self.join {
            Join::Straight => points.to_vec(),
            Join::Mid => {
                let mut path = Vec::new();
                for (i, &(x, y)) in points.iter().enumerate() {
                    let before = if i == 0 {
                        x
                    } else {
                        (points[i - 1].0 + x) / 2.0
                    };
                    let after = points.get(i + 1).map_or(x, |next| (x + next.0) / 2.0);
                    path.push((before, y));
                    path.push((after, y));
                }
                path
            }
            Join::Points => Vec::new(),
            Join::Post => {
                let mut path = Vec::new();
                for (i, &(x, y)) in points.iter().enumerate() {
                    path.push((x, y));
                    if let Some(next) = points.get(i + 1) {
                        path.push((next.0, y));
                    }
                }
                path
            }
        }
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
        let (heading, body) = root.split_vertically(heading_height(self.subtitle.as_deref()));
        draw_heading(&heading, &self.title, self.subtitle.as_deref()).map_err(|e| err(&e))?;
        let names = self.names();
        let legend = legend_width(&names);
        let (plot, legend_area) = body.split_horizontally(SIZE.0 - legend);
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
        // Half a step of room at each end for the points' markers.
        let pad = if self.join == Join::Straight {
            0.0
        } else {
            0.4
        };
        let (x_lo, x_hi) = (x_min - pad, x_max + pad);
        let finite = |v: &f64| v.is_finite();
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.3.max(p.1)))
            .filter(finite)
            .fold(0.0f64, f64::max);
        let y_low = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.2.min(p.1)))
            .filter(finite)
            .fold(0.0f64, f64::min);
        // Probabilities on a fixed 0-100% axis; anything else (means,
        // differences that may be negative) on its own range with a margin.
        let (y_min, y_max) = if self.percent {
            (0.0, 1.0)
        } else {
            let margin = 0.05 * (y_max - y_low).max(f64::EPSILON);
            (
                if y_low < 0.0 { y_low - margin } else { 0.0 },
                y_max + margin,
            )
        };
        let whole = self.whole_x() || self.x_ticks.is_some();
        // On a whole-number axis, as many labels as whole numbers (up to a
        // dozen), so that every label falls on a whole number.
        let x_labels = if whole {
            ((x_max - x_min).round() as usize + 1).clamp(2, 12)
        } else {
            10
        };
        let mut chart = ChartBuilder::on(&plot)
            .margin(10)
            .margin_right(if self.x_ticks.is_some() { 30 } else { 14 })
            .x_label_area_size(48)
            .y_label_area_size(70)
            .build_cartesian_2d(x_lo..x_hi, y_min..y_max)
            .map_err(|e| err(&e))?;
        let labels = self.x_ticks.clone();
        let on_whole = |x: f64| (x - x.round()).abs() < 1e-9;
        let x_format = move |x: &f64| match &labels {
            Some(t) if on_whole(*x) && *x >= 0.0 => {
                t.get(x.round() as usize).cloned().unwrap_or_default()
            }
            Some(_) => String::new(),
            None if whole && on_whole(*x) => format!("{}", x.round()),
            None if whole => String::new(),
            None => format!("{x}"),
        };
        let percent = self.percent;
        let y_format = move |y: &f64| {
            if percent {
                format!("{:.0}%", 100.0 * y)
            } else {
                format!("{}", (y * 1e6).round() / 1e6)
            }
        };
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_labels(x_labels)
            .y_labels(11)
            .x_label_formatter(&x_format)
            .y_label_formatter(&y_format)
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(RGBColor(225, 225, 225))
            .label_style(("sans-serif", 14))
            .draw()
            .map_err(|e| err(&e))?;
        let area = chart.plotting_area().strip_coord_spec();
        let to_pixel = |x: f64, y: f64| chart.backend_coord(&(x, y));
        let offset = area.get_base_pixel();
        let local = |(px, py): (i32, i32)| (px - offset.0, py - offset.1);
        for (i, series) in self.series.iter().enumerate() {
            let look = look(i);
            let points: Vec<(f64, f64)> = series.points.iter().map(|p| (p.0, p.1)).collect();
            if self.join == Join::Straight && series.points.iter().any(|p| p.3 > p.2) {
                // The interval as a band.
                let band: Vec<(i32, i32)> = series
                    .points
                    .iter()
                    .map(|p| local(to_pixel(p.0, p.3)))
                    .chain(
                        series
                            .points
                            .iter()
                            .rev()
                            .map(|p| local(to_pixel(p.0, p.2))),
                    )
                    .collect();
                area.draw(&Polygon::new(band, look.colour.mix(0.18).filled()))
                    .map_err(|e| err(&e))?;
            }
            let path: Vec<(i32, i32)> = self
                .joined(&points)
                .into_iter()
                .map(|(x, y)| local(to_pixel(x, y)))
                .collect();
            if path.len() > 1 {
                draw_path(&area, path, look, 2).map_err(|e| err(&e))?;
            }
            for p in &series.points {
                if self.join != Join::Straight && p.3 > p.2 {
                    // The interval as a whisker with caps.
                    let (x, top) = local(to_pixel(p.0, p.3));
                    let (_, bottom) = local(to_pixel(p.0, p.2));
                    let whisker = look.colour.stroke_width(1);
                    for segment in [
                        vec![(x, top), (x, bottom)],
                        vec![(x - 4, top), (x + 4, top)],
                        vec![(x - 4, bottom), (x + 4, bottom)],
                    ] {
                        area.draw(&PathElement::new(segment, whisker))
                            .map_err(|e| err(&e))?;
                    }
                }
                draw_marker(&area, look.marker, local(to_pixel(p.0, p.1)), look.colour)
                    .map_err(|e| err(&e))?;
            }
        }
        if legend > 0 {
            draw_legend(&legend_area, &names, self.join != Join::Points).map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
        Ok(())
    }
}

/// The viridis colour map (perceptually even, readable in grey and by
/// colour-blind readers) at `v` in 0..=1, from nine anchors.
fn viridis(v: f64) -> RGBColor {
    const ANCHORS: [(u8, u8, u8); 9] = [
        (68, 1, 84),
        (71, 44, 122),
        (59, 81, 139),
        (44, 113, 142),
        (33, 144, 141),
        (39, 173, 129),
        (92, 200, 99),
        (170, 220, 50),
        (253, 231, 37),
    ];
    let t = v.clamp(0.0, 1.0) * (ANCHORS.len() - 1) as f64;
    let i = (t.floor() as usize).min(ANCHORS.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + f * (f64::from(b) - f64::from(a))).round() as u8;
    let (a, b) = (ANCHORS[i], ANCHORS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Black or white, whichever reads on `background`.
fn ink_on(background: RGBColor) -> RGBColor {
    let luminance = 0.299 * f64::from(background.0)
        + 0.587 * f64::from(background.1)
        + 0.114 * f64::from(background.2);
    if luminance > 140.0 { BLACK } else { WHITE }
}

/// A heatmap cell's label with `decimals` decimals (as many as the cell's
/// width holds): a probability is never rounded to 0% or 100% when it is not
/// exactly that (`<0.01%`, `<1%`).
fn cell_label(value: f64, percent: bool, decimals: usize) -> String {
    if !value.is_finite() {
        return "n/a".to_string();
    }
    if !percent {
        return format!("{value:.decimals$}");
    }
    let smallest = 0.5 * 10f64.powi(-(decimals as i32)) / 100.0;
    let shown = 10f64.powi(-(decimals as i32));
    if value > 0.0 && value < smallest {
        format!("<{shown}%")
    } else if value < 1.0 && value > 1.0 - smallest {
        format!(">{}%", 100.0 - shown)
    } else {
        format!("{:.decimals$}%", 100.0 * value)
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
        let (heading, body) = root.split_vertically(heading_height(self.subtitle.as_deref()));
        draw_heading(&heading, &self.title, self.subtitle.as_deref()).map_err(|e| err(&e))?;
        let (plot, bar) = body.split_horizontally(SIZE.0 - 110);
        let (nx, ny) = (self.columns.len() as i32, self.rows.len() as i32);
        let longest = self
            .rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(4) as u32;
        let mut chart = ChartBuilder::on(&plot)
            .margin(10)
            .x_label_area_size(48)
            .y_label_area_size(40 + 8 * longest.min(40))
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
        let finite: Vec<f64> = self
            .cells
            .iter()
            .flatten()
            .copied()
            .filter(|v| v.is_finite())
            .collect();
        // Probabilities on a fixed 0-100% scale; other values from the
        // smallest to the largest.
        let (low, high) = if self.percent {
            (0.0, 1.0)
        } else {
            let low = finite.iter().copied().fold(f64::INFINITY, f64::min);
            let high = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if low.is_finite() && high > low {
                (low, high)
            } else {
                (low.min(0.0), low.max(0.0) + 1.0)
            }
        };
        let scaled = |v: f64| (v - low) / (high - low);
        // As many decimals, and as large a font, as a cell's width holds.
        let cell_width = plot
            .dim_in_pixel()
            .0
            .saturating_sub(60 + 8 * longest.min(40))
            / nx.max(1) as u32;
        let (decimals, font) = match cell_width {
            w if w >= 64 => (2, 13),
            w if w >= 46 => (1, 12),
            _ => (0, 11),
        };
        for (r, row) in self.cells.iter().enumerate() {
            for (c, &value) in row.iter().enumerate() {
                let (c, r) = (c as i32, r as i32);
                let shade = if value.is_finite() {
                    viridis(scaled(value))
                } else {
                    RGBColor(220, 220, 220)
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
                chart
                    .draw_series(std::iter::once(Text::new(
                        cell_label(value, self.percent, decimals),
                        (SegmentValue::CenterOf(c), SegmentValue::CenterOf(r)),
                        ("sans-serif", font)
                            .into_font()
                            .color(&ink_on(shade))
                            .pos(Pos::new(HPos::Center, VPos::Center)),
                    )))
                    .map_err(|e| err(&e))?;
            }
        }
        // The colour bar, with its scale.
        let (_, bar_height) = bar.dim_in_pixel();
        let (top, bottom) = (20i32, bar_height as i32 - 60);
        for y in top..=bottom {
            let v = f64::from(bottom - y) / f64::from((bottom - top).max(1));
            bar.draw(&Rectangle::new([(14, y), (36, y + 1)], viridis(v).filled()))
                .map_err(|e| err(&e))?;
        }
        bar.draw(&Rectangle::new(
            [(14, top), (36, bottom + 1)],
            BLACK.stroke_width(1),
        ))
        .map_err(|e| err(&e))?;
        for k in 0..=4 {
            let v = f64::from(k) / 4.0;
            let y = bottom - (v * f64::from(bottom - top)).round() as i32;
            let label = if self.percent {
                format!("{:.0}%", 100.0 * v)
            } else {
                format!("{:.2}", low + v * (high - low))
            };
            bar.draw(&PathElement::new(
                vec![(36, y), (41, y)],
                BLACK.stroke_width(1),
            ))
            .map_err(|e| err(&e))?;
            bar.draw(&Text::new(
                label,
                (44, y),
                ("sans-serif", 12)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(|e| err(&e))?;
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
            // Blue up, vermillion down: told apart by colour-blind readers.
            let colour = if *value >= 0.0 {
                PALETTE[0]
            } else {
                PALETTE[1]
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

#[cfg(test)]
mod tests {
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
    fn steps_hold_each_value_to_half_way_or_to_the_next_turn() {
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
        let points = [(0.0, 1.0), (2.0, 3.0)];
        assert_eq!(
            lines(Join::Mid).joined(&points),
            [(0.0, 1.0), (1.0, 1.0), (1.0, 3.0), (2.0, 3.0)]
        );
        assert_eq!(
            lines(Join::Post).joined(&points),
            [(0.0, 1.0), (2.0, 1.0), (2.0, 3.0)]
        );
        assert!(lines(Join::Points).joined(&points).is_empty());
        assert_eq!(lines(Join::Straight).joined(&points), points);
    }
}
