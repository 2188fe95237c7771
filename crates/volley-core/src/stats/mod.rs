//! Confidence intervals, and the summary of a run that every output reads.
//!
//! Monte Carlo proportions use the Wilson score interval, or Clopper-Pearson where
//! fewer than five trials fell on one side (Wilson under-covers there). Means use
//! the normal approximation with the sample variance, and, for variables with known
//! bounds (counts, 0/1 indicators), a rescaled Clopper-Pearson interval near the
//! bounds. Exact results carry a zero-width interval. [`text`] says them in words.

mod interval;
mod paired;
mod summary;
pub mod text;

pub use interval::{
    Estimate, bounded_mean_interval, clopper_pearson, mean_interval, proportion, wilson, z_score,
};
pub use paired::{Difference, mcnemar, paired_mean, paired_proportion};
pub use summary::{CurvePoint, MeanRow, OutcomeRow, Summary, summarize, widest_half_width};
