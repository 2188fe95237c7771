//! The progress bar on the terminal: the engine reports trials done through a
//! callback; this draws them, and only when stderr is a terminal.

use crate::engine::Progress;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;

/// A bar that clears itself when dropped.
pub struct TerminalProgress {
    bar: ProgressBar,
}

impl TerminalProgress {
    pub fn new() -> Self {
        if !std::io::stderr().is_terminal() {
            return TerminalProgress {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::new(0);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} {human_pos}/{human_len} trials {wide_bar} {eta}",
        ) {
            bar.set_style(style);
        }
        TerminalProgress { bar }
    }

    /// The callback to hand to the engine.
    pub fn hook(&self) -> Progress {
        let bar = self.bar.clone();
        Progress(Arc::new(move |done, planned| {
            bar.set_length(planned);
            bar.set_position(done);
        }))
    }
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
