//! Progress on the terminal: the engine reports trials done, and `volley run`
//! sweep points done, through callbacks; these draw them, and only when stderr is
//! a terminal. A long run's forecast is printed whatever stderr is.

use crate::engine::Progress;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A run expected to take longer than this says so when it starts.
pub const LONG_RUN_SECONDS: f64 = 120.0;

/// `seconds` in the largest whole unit that reads naturally.
fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} seconds"),
        s if s < 7200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} hours", s / 3600.0),
        s => format!("{:.1} days", s / 86_400.0),
    }
}

/// What a bar counts, when its count forecasts a long run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counted {
    Trials,
    Points,
}

/// A bar that clears itself when dropped.
pub struct TerminalProgress {
    bar: ProgressBar,
    /// What it counts, when its count forecasts a long run.
    forecast: Option<Counted>,
}

impl TerminalProgress {
    /// A bar of trials.
    pub fn new() -> Self {
        Self::drawn(
            "{spinner} {human_pos}/{human_len} trials {wide_bar} {eta}",
            Some(Counted::Trials),
        )
    }

    /// A bar of trials whose planned count is only a cap (precision mode):
    /// no forecast from it.
    pub fn without_forecast() -> Self {
        Self::drawn(
            "{spinner} {human_pos} trials (up to {human_len}) {wide_bar}",
            None,
        )
    }

    /// A bar of sweep points (`volley run`), answered over the thread pool:
    /// the points done forecast a long run.
    pub fn points() -> Self {
        Self::drawn(
            "{spinner} point {pos}/{len} {wide_bar} {eta}",
            Some(Counted::Points),
        )
    }

    fn drawn(template: &str, forecast: Option<Counted>) -> Self {
        if !std::io::stderr().is_terminal() {
            return TerminalProgress {
                bar: ProgressBar::hidden(),
                forecast,
            };
        }
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        TerminalProgress { bar, forecast }
    }

    /// The callback to hand to the engine. Once the first trials show the
    /// pace, a run expected to last more than [`LONG_RUN_SECONDS`] says how long
    /// (on stderr, terminal or not).
    pub fn hook(&self) -> Progress {
        let bar = self.bar.clone();
        let start = Instant::now();
        let told = Arc::new(AtomicBool::new(self.forecast.is_none()));
        let counted = self.forecast;
        Progress(Arc::new(move |done, planned| {
            bar.set_length(planned);
            bar.set_position(done);
            if done > 0 && done < planned && !told.swap(true, Ordering::Relaxed) {
                let elapsed = start.elapsed().as_secs_f64();
                let left = elapsed * (planned - done) as f64 / done as f64;
                if left > LONG_RUN_SECONDS {
                    let (unit, pace) = match counted {
                        Some(Counted::Points) => (
                            "points",
                            format!("at about {} each", duration_text(elapsed / done as f64)),
                        ),
                        _ => (
                            "trials",
                            format!(
                                "at about {:.1} million a second",
                                done as f64 / elapsed.max(1e-9) / 1e6
                            ),
                        ),
                    };
                    bar.suspend(|| {
                        eprintln!(
                            "volley: {planned} {unit} {pace}: about {} to go (Ctrl-C stops it; no file is left half-written)",
                            duration_text(left)
                        )
                    });
                }
            }
        }))
    }
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
