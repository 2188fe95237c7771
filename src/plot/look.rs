//! How series look and what every figure shares: the colour-blind-safe
//! palette, dashes and markers, the heading and the legend column.

use super::{SIZE, caption_size};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Okabe and Ito's colour-blind-safe palette, without its yellow (unreadable
/// on white).
pub(super) const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// Line dashes, in pixels drawn and skipped (`None`: solid).
pub(super) const DASHES: [Option<(u32, u32)>; 4] =
    [None, Some((9, 5)), Some((2, 4)), Some((16, 5))];

/// Point markers.
#[derive(Clone, Copy, Debug)]
pub(super) enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
}

pub(super) const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Cross,
];

/// How series `i` is drawn: colour, dash and marker all change from one
/// series to the next, so that any two are told apart without colour.
#[derive(Clone, Copy, Debug)]
pub(super) struct Look {
    pub(super) colour: RGBColor,
    pub(super) dash: Option<(u32, u32)>,
    pub(super) marker: Marker,
}

pub(super) fn look(i: usize) -> Look {
    Look {
        colour: PALETTE[i % PALETTE.len()],
        dash: DASHES[i % DASHES.len()],
        marker: MARKERS[i % MARKERS.len()],
    }
}

/// The pixel path of `marker` around the origin, for a polygon or a cross.
pub(super) fn marker_path(marker: Marker) -> Vec<(i32, i32)> {
    match marker {
        Marker::Circle => Vec::new(),
        Marker::Square => vec![(-4, -4), (4, -4), (4, 4), (-4, 4)],
        Marker::Triangle => vec![(0, -5), (5, 4), (-5, 4)],
        Marker::Diamond => vec![(0, -5), (5, 0), (0, 5), (-5, 0)],
        Marker::Cross => vec![(-4, -4), (4, 4)],
    }
}

/// Draw `marker` at pixel `at` on `area`.
pub(super) fn draw_marker<DB: DrawingBackend>(
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
pub(super) fn draw_path<DB: DrawingBackend>(
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
pub(super) fn draw_heading<DB: DrawingBackend>(
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
            ("sans-serif", caption_size(sub).min(14))
                .into_font()
                .color(&RGBColor(80, 80, 80))
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// A figure's page: `root` filled white, `title` (and `subtitle`) drawn at
/// its head; the area below the heading, for the figure itself.
pub(super) fn headed<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    subtitle: Option<&str>,
) -> Result<DrawingArea<DB, plotters::coord::Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let (heading, body) = root.split_vertically(heading_height(subtitle));
    draw_heading(&heading, title, subtitle)?;
    Ok(body)
}

/// Height of the heading: the title, and the subtitle when there is one.
pub(super) fn heading_height(subtitle: Option<&str>) -> u32 {
    if subtitle.is_some() { 54 } else { 34 }
}

/// A legend in its own column beside the plot, never on the data: one line
/// per series with its dash and marker.
pub(super) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    names: &[String],
    with_lines: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let room = ((width as i32 - 52) / 7).max(8) as usize;
    // A series drawn with an earlier one (an empty name) takes no row; the
    // others keep their looks.
    let rows = names.iter().enumerate().filter(|(_, n)| !n.is_empty());
    for (row, (i, name)) in rows.enumerate() {
        let y = 30 + 24 * row as i32;
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
pub(super) fn legend_width(names: &[String]) -> u32 {
    if names.iter().all(|n| n.is_empty()) {
        return 0;
    }
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as u32;
    (60 + 7 * longest).clamp(140, 340)
}
