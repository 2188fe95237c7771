//! A search as CSV: one row a value tried.

use crate::ask::solve::Solved;
use crate::frame::{self, FrameColumn};

pub(super) fn csv_solved(s: &Solved) -> String {
    frame::csv_of(vec![
        (
            s.field.as_str(),
            FrameColumn::Text(s.answers.iter().map(|a| a.value.clone()).collect()),
        ),
        (
            "estimate",
            FrameColumn::Number(s.answers.iter().map(|a| a.estimate.value).collect()),
        ),
        (
            "ci_low",
            FrameColumn::Number(s.answers.iter().map(|a| a.estimate.low).collect()),
        ),
        (
            "ci_high",
            FrameColumn::Number(s.answers.iter().map(|a| a.estimate.high).collect()),
        ),
        (
            "meets",
            FrameColumn::Flag(s.answers.iter().map(|a| a.meets).collect()),
        ),
    ])
}
