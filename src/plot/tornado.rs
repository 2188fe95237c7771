//! Tornado charts: one horizontal bar per item, largest at the top.

use super::look::*;
use super::{Area, DESC_SIZE, Figure, caption_size};
use anyhow::anyhow;
use plotters::prelude::*;

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
    fn draw<DB: DrawingBackend<ErrorType: 'static>>(&self, root: &Area<DB>) -> anyhow::Result<()> {
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
            .label_style(("sans-serif", 12))
            .axis_desc_style(("sans-serif", DESC_SIZE))
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
