//! Heatmaps: a probability (or value) over two swept fields, with a colour
//! bar.

use super::look::*;
use super::{Area, DESC_SIZE, Figure, SIZE};
use anyhow::anyhow;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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
    /// Cells are signed margins: coloured on a scale centred on 0 (blue
    /// below, orange above, white at 0), the cells above 0 framed.
    pub diverging: bool,
}

/// A figure drawn the same way on any plotters backend.
/// The viridis colour map (perceptually even, readable in grey and by
/// colour-blind readers) at `v` in 0..=1, from nine anchors.
pub(super) fn viridis(v: f64) -> RGBColor {
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

/// A diverging colour map at `v` in 0..=1: blue below the middle, white
/// at it, orange above (told apart by colour-blind readers too).
fn diverging(v: f64) -> RGBColor {
    let (blue, white, orange) = ((33, 102, 172), (247, 247, 247), (230, 97, 1));
    let (a, b, f) = if v < 0.5 {
        (blue, white, v.max(0.0) * 2.0)
    } else {
        (white, orange, (v.min(1.0) - 0.5) * 2.0)
    };
    let mix = |x: u8, y: u8| (f64::from(x) + f * (f64::from(y) - f64::from(x))).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Black or white, whichever reads on `background`.
pub(super) fn ink_on(background: RGBColor) -> RGBColor {
    let luminance = 0.299 * f64::from(background.0)
        + 0.587 * f64::from(background.1)
        + 0.114 * f64::from(background.2);
    if luminance > 140.0 { BLACK } else { WHITE }
}

/// A heatmap cell's label with `decimals` decimals (as many as the cell's
/// width holds): a probability is never rounded to 0% or 100% when it is not
/// exactly that (`<0.01%`, `<1%`).
pub(super) fn cell_label(value: f64, percent: bool, decimals: usize) -> String {
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

impl Heatmap {
    /// The colour scale's ends: 0-100% for probabilities, otherwise from the
    /// smallest value to the largest.
    fn scale(&self) -> (f64, f64) {
        let finite: Vec<f64> = self
            .cells
            .iter()
            .flatten()
            .copied()
            .filter(|v| v.is_finite())
            .collect();
        if self.diverging {
            let reach = finite.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            let reach = if reach > 0.0 { reach } else { 1.0 };
            return (-reach, reach);
        }
        // Probabilities on a fixed 0-100% scale; other values from the
        // smallest to the largest.
        if self.percent {
            (0.0, 1.0)
        } else {
            let low = finite.iter().copied().fold(f64::INFINITY, f64::min);
            let high = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if low.is_finite() && high > low {
                (low, high)
            } else {
                (low.min(0.0), low.max(0.0) + 1.0)
            }
        }
    }
}

impl Figure for Heatmap {
    fn draw<DB: DrawingBackend<ErrorType: 'static>>(&self, root: &Area<DB>) -> anyhow::Result<()> {
        let err = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", self.title);
        let body = headed(root, &self.title, self.subtitle.as_deref()).map_err(|e| err(&e))?;
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
            .axis_desc_style(("sans-serif", DESC_SIZE))
            .draw()
            .map_err(|e| err(&e))?;
        let (low, high) = self.scale();
        let scaled = |v: f64| (v - low) / (high - low);
        let colour = |v: f64| {
            if self.diverging {
                diverging(v)
            } else {
                viridis(v)
            }
        };
        // As many decimals, and as large a font, as a cell's width holds.
        let cell_width = plot
            .dim_in_pixel()
            .0
            .saturating_sub(60 + 8 * longest.min(40))
            / nx.max(1) as u32;
        let (decimals, font) = match cell_width {
            w if w >= 64 => (2, 12),
            w if w >= 46 => (1, 12),
            _ => (0, 10),
        };
        for (r, row) in self.cells.iter().enumerate() {
            for (c, &value) in row.iter().enumerate() {
                let (c, r) = (c as i32, r as i32);
                let shade = if value.is_finite() {
                    colour(scaled(value))
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
                if self.diverging && value > 0.0 {
                    // Where the other choice is best: framed.
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [
                                (SegmentValue::Exact(c), SegmentValue::Exact(r)),
                                (SegmentValue::Exact(c + 1), SegmentValue::Exact(r + 1)),
                            ],
                            BLACK.stroke_width(3),
                        )))
                        .map_err(|e| err(&e))?;
                }
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
        draw_colour_bar(&bar, self.percent, low, high, &colour).map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
        Ok(())
    }
}

/// The colour bar beside a heatmap, with five labels from `low` to `high`.
fn draw_colour_bar<DB: DrawingBackend>(
    bar: &DrawingArea<DB, plotters::coord::Shift>,
    percent: bool,
    low: f64,
    high: f64,
    colour: &dyn Fn(f64) -> RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (_, bar_height) = bar.dim_in_pixel();
    let (top, bottom) = (20i32, bar_height as i32 - 60);
    for y in top..=bottom {
        let v = f64::from(bottom - y) / f64::from((bottom - top).max(1));
        bar.draw(&Rectangle::new([(14, y), (36, y + 1)], colour(v).filled()))?;
    }
    bar.draw(&Rectangle::new(
        [(14, top), (36, bottom + 1)],
        BLACK.stroke_width(1),
    ))?;
    for k in 0..=4 {
        let v = f64::from(k) / 4.0;
        let y = bottom - (v * f64::from(bottom - top)).round() as i32;
        let label = if percent {
            format!("{:.0}%", 100.0 * v)
        } else {
            format!("{:.2}", low + v * (high - low))
        };
        bar.draw(&PathElement::new(
            vec![(36, y), (41, y)],
            BLACK.stroke_width(1),
        ))?;
        bar.draw(&Text::new(
            label,
            (44, y),
            ("sans-serif", 12)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}
