//! Effects as CSV: one row a step.

use crate::ask::effects::Effects;
use crate::frame::{self, FrameColumn};

pub(super) fn csv_effects(e: &Effects) -> String {
    frame::csv_of(vec![
        (
            "field",
            FrameColumn::Text(e.effects.iter().map(|x| x.step.field.clone()).collect()),
        ),
        (
            "from",
            FrameColumn::Text(e.effects.iter().map(|x| x.step.from.clone()).collect()),
        ),
        (
            "to",
            FrameColumn::Text(e.effects.iter().map(|x| x.step.to.clone()).collect()),
        ),
        (
            "probability",
            FrameColumn::Number(e.effects.iter().map(|x| x.probability.value).collect()),
        ),
        (
            "difference",
            FrameColumn::Number(e.effects.iter().map(|x| x.difference.value).collect()),
        ),
        (
            "ci_low",
            FrameColumn::Number(e.effects.iter().map(|x| x.difference.low).collect()),
        ),
        (
            "ci_high",
            FrameColumn::Number(e.effects.iter().map(|x| x.difference.high).collect()),
        ),
        (
            "p_value",
            FrameColumn::Number(
                e.effects
                    .iter()
                    .map(|x| x.difference.p_value.unwrap_or(f64::NAN))
                    .collect(),
            ),
        ),
        (
            "provisional",
            FrameColumn::Text(vec![
                e.provisional.clone().unwrap_or_default();
                e.effects.len()
            ]),
        ),
    ])
}
