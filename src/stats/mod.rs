//! Confidence intervals, and the summary of a run that every output reads.
//!
//! Monte Carlo proportions use the Wilson score interval (good near 0 and 1, where
//! combat tables live); means use the normal approximation with the sample
//! variance. Exact results carry a zero-width interval.

mod interval;
mod summary;

pub use interval::{Estimate, mean_interval, wilson, z_score};
pub use summary::{CurvePoint, MeanRow, OutcomeRow, Summary, summarize, widest_half_width};
