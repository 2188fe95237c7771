//! Line charts: a probability over a swept field, or a curve over turns,
//! each series with its interval.

use super::look::*;
use super::{Area, DESC_SIZE, Figure, SIZE};
use anyhow::anyhow;
use plotters::prelude::*;

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
    /// Each point a level around its own x, steps half-way to a neighbour
    /// one away: a whole-number field (stands, a differential), whose values
    /// in between mean nothing. Across a gap in the values nothing is drawn,
    /// since nothing was computed there.
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

/// The names of series drawn as one line: `key=a` and `key=b` as `key=a or
/// b`; names that end alike from ` (` (`a_alive (card)`, `b_alive (card)`)
/// as `a_alive or b_alive (card)`; else each in full, joined by ` = `, or
/// where that is too long for the legend, the first with a count.
fn merged_name(names: &[&str]) -> String {
    let Some((first, rest)) = names.split_first() else {
        return String::new();
    };
    if let Some((key, _)) = first.split_once('=') {
        let values: Option<Vec<&str>> = rest
            .iter()
            .map(|n| n.split_once('=').filter(|(k, _)| *k == key).map(|(_, v)| v))
            .collect();
        if let Some(values) = values {
            return std::iter::once(*first)
                .chain(values)
                .collect::<Vec<_>>()
                .join(" or ");
        }
    }
    let shared = first
        .match_indices(" (")
        .map(|(at, _)| &first[at..])
        .find(|tail| rest.iter().all(|n| n.ends_with(tail)));
    match shared {
        Some(tail) => {
            let heads: Vec<&str> = names.iter().map(|n| &n[..n.len() - tail.len()]).collect();
            format!("{}{tail}", heads.join(" or "))
        }
        // Long names would be cut in the legend: the first, and a count.
        None if names.iter().map(|n| n.len() + 3).sum::<usize>() > 48 => {
            format!("{first} (+{} equal)", rest.len())
        }
        None => names.join(" = "),
    }
}

impl Lines {
    /// Each series' legend name; a series equal at every point to an
    /// earlier one (woods and light buildings, both +4) would hide under
    /// it, so it is drawn once, named with both (`terrain=woods or
    /// light-buildings`), and the later one is `None`.
    fn shown_names(&self) -> Vec<Option<String>> {
        let same = |a: &Series, b: &Series| {
            a.points.len() == b.points.len()
                && a.points.iter().zip(&b.points).all(|(p, q)| {
                    [(p.0, q.0), (p.1, q.1), (p.2, q.2), (p.3, q.3)]
                        .iter()
                        .all(|(u, v)| (u - v).abs() <= 1e-12)
                })
        };
        // For each series, the series it is drawn with (the first equal one).
        let drawn_with: Vec<usize> = (0..self.series.len())
            .map(|j| {
                (0..j)
                    .find(|&i| same(&self.series[i], &self.series[j]))
                    .unwrap_or(j)
            })
            .collect();
        (0..self.series.len())
            .map(|i| {
                (drawn_with[i] == i).then(|| {
                    let members: Vec<&str> = (0..self.series.len())
                        .filter(|&j| drawn_with[j] == i)
                        .map(|j| self.series[j].name.as_str())
                        .collect();
                    merged_name(&members)
                })
            })
            .collect()
    }

    /// Is x a whole number everywhere (stands, turns, a differential)?
    fn whole_x(&self) -> bool {
        self.series
            .iter()
            .flat_map(|s| &s.points)
            .all(|p| (p.0 - p.0.round()).abs() < 1e-9)
    }

    /// The x values' span (at least 1 wide; 0 to 1 when there is none).
    fn x_range(&self) -> (f64, f64) {
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (x_min, x_max) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
            (a.min(x), b.max(x))
        });
        if x_min.is_finite() {
            (x_min, x_max.max(x_min + 1.0))
        } else {
            (0.0, 1.0)
        }
    }

    /// The y axis: 0-100% for probabilities; otherwise the values and their
    /// intervals with a margin, from 0 unless something is negative.
    fn y_range(&self) -> (f64, f64) {
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
        if self.percent {
            (0.0, 1.0)
        } else {
            let margin = 0.05 * (y_max - y_low).max(f64::EPSILON);
            (
                if y_low < 0.0 { y_low - margin } else { 0.0 },
                y_max + margin,
            )
        }
    }

    /// The label at `x`: the tick's name on a categorical axis, whole numbers
    /// only on a whole-number axis.
    fn x_label_text(&self, x: f64, whole: bool) -> String {
        let on_whole = (x - x.round()).abs() < 1e-9;
        match &self.x_ticks {
            Some(t) if on_whole && x >= 0.0 => {
                t.get(x.round() as usize).cloned().unwrap_or_default()
            }
            Some(_) => String::new(),
            None if whole && on_whole => format!("{}", x.round()),
            None if whole => String::new(),
            None => format!("{x}"),
        }
    }

    /// The label at `y`: a whole percentage, or the value to six decimals.
    fn y_label_text(&self, y: f64) -> String {
        if self.percent {
            format!("{:.0}%", 100.0 * y)
        } else {
            format!("{}", (y * 1e6).round() / 1e6)
        }
    }

    /// The paths joining a series' points, by [`Join`]: several where a
    /// discrete axis has a gap, since nothing was computed there.
    pub(super) fn joined(&self, points: &[(f64, f64)]) -> Vec<Vec<(f64, f64)>> {
        match self.join {
            Join::Straight => vec![points.to_vec()],
            Join::Mid => {
                let mut paths: Vec<Vec<(f64, f64)>> = Vec::new();
                for (i, &(x, y)) in points.iter().enumerate() {
                    let previous = i.checked_sub(1).map(|j| points[j].0);
                    let next = points.get(i + 1).map(|p| p.0);
                    let adjacent = |other: f64| (other - x).abs() <= 1.0 + 1e-9;
                    let before = previous.filter(|&p| adjacent(p));
                    let after = next.filter(|&n| adjacent(n));
                    match before {
                        Some(p) => {
                            if let Some(path) = paths.last_mut() {
                                path.push(((p + x) / 2.0, y));
                            }
                        }
                        None => paths.push(vec![(x, y)]),
                    }
                    // A run of neighbours ends at its last point's own x.
                    let end = after.map_or(x, |n| (x + n) / 2.0);
                    match paths.last_mut() {
                        Some(path) if before.is_some() || after.is_some() => path.push((end, y)),
                        _ => {}
                    }
                }
                paths.retain(|path| path.len() > 1);
                paths
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
                vec![path]
            }
        }
    }
}

impl Figure for Lines {
    fn draw<DB: DrawingBackend<ErrorType: 'static>>(&self, root: &Area<DB>) -> anyhow::Result<()> {
        let err = |e: &dyn std::fmt::Display| anyhow!("drawing {}: {e}", self.title);
        let body = headed(root, &self.title, self.subtitle.as_deref()).map_err(|e| err(&e))?;
        let shown = self.shown_names();
        let names: Vec<String> = shown
            .iter()
            .map(|n| n.clone().unwrap_or_default())
            .collect();
        let legend = legend_width(&names);
        let (plot, legend_area) = body.split_horizontally(SIZE.0 - legend);
        let (x_min, x_max) = self.x_range();
        // Half a step of room at each end for the points' markers.
        let pad = if self.join == Join::Straight {
            0.0
        } else {
            0.4
        };
        let (x_lo, x_hi) = (x_min - pad, x_max + pad);
        let (y_min, y_max) = self.y_range();
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
        let x_format = |x: &f64| self.x_label_text(*x, whole);
        let y_format = |y: &f64| self.y_label_text(*y);
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
            .axis_desc_style(("sans-serif", DESC_SIZE))
            .draw()
            .map_err(|e| err(&e))?;
        let area = chart.plotting_area().strip_coord_spec();
        let to_pixel = |x: f64, y: f64| chart.backend_coord(&(x, y));
        let offset = area.get_base_pixel();
        let local = |(px, py): (i32, i32)| (px - offset.0, py - offset.1);
        for (i, series) in self.series.iter().enumerate() {
            if shown[i].is_none() {
                continue;
            }
            let look = look(i);
            let points: Vec<(f64, f64)> = series.points.iter().map(|p| (p.0, p.1)).collect();
            if self.join == Join::Straight && series.points.iter().any(|p| p.3 > p.2) {
                // The interval as a band.
                let band: Vec<(i32, i32)> = series
                    .points
                    .iter()
                    .map(|p| (p.0, p.3))
                    .chain(series.points.iter().rev().map(|p| (p.0, p.2)))
                    .map(|(x, y)| local(to_pixel(x, y)))
                    .collect();
                area.draw(&Polygon::new(band, look.colour.mix(0.18).filled()))
                    .map_err(|e| err(&e))?;
            }
            for joined in self.joined(&points) {
                let path: Vec<(i32, i32)> = joined
                    .into_iter()
                    .map(|(x, y)| local(to_pixel(x, y)))
                    .collect();
                if path.len() > 1 {
                    draw_path(&area, path, look, 2).map_err(|e| err(&e))?;
                }
            }
            for p in &series.points {
                if self.join != Join::Straight && p.3 > p.2 {
                    // The interval as a whisker with caps.
                    let (x, top) = local(to_pixel(p.0, p.3));
                    let (_, bottom) = local(to_pixel(p.0, p.2));
                    draw_whisker(&area, x, top, bottom, look.colour).map_err(|e| err(&e))?;
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

/// An interval as a whisker with caps at pixel column `x`.
fn draw_whisker<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    x: i32,
    top: i32,
    bottom: i32,
    colour: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let whisker = colour.stroke_width(1);
    for segment in [
        vec![(x, top), (x, bottom)],
        vec![(x - 4, top), (x + 4, top)],
        vec![(x - 4, bottom), (x + 4, bottom)],
    ] {
        area.draw(&PathElement::new(segment, whisker))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::merged_name;

    #[test]
    fn equal_series_are_named_together() {
        assert_eq!(merged_name(&["tech_level=1"]), "tech_level=1");
        assert_eq!(
            merged_name(&["terrain=woods", "terrain=light-buildings"]),
            "terrain=woods or light-buildings"
        );
        assert_eq!(
            merged_name(&["a_alive (card, tl=3)", "b_alive (card, tl=3)"]),
            "a_alive or b_alive (card, tl=3)"
        );
        assert_eq!(
            merged_name(&["always fire", "best play"]),
            "always fire = best play"
        );
        assert_eq!(
            merged_name(&["a_alive (card, tl=3)", "b_alive (rule, tl=3)", "c"]),
            "a_alive (card, tl=3) (+2 equal)"
        );
    }
}
