//! One answered question (`volley odds`): every outcome, mean and curve.

mod contents;
#[cfg(feature = "native")]
mod to_csv;
mod to_json;
mod to_markdown;
mod to_table;

pub use contents::Answer;
#[cfg(feature = "native")]
use to_csv::csv_answer;
pub use to_json::answer_contract;
use to_json::json_answer;
use to_markdown::markdown_answer;
use to_table::table_answer;

use super::{Document, Format, render};
use crate::ask::question::Question;
use crate::ask::readings::Reading;
use crate::stats::summarize;
use crate::tally::RunResult;

/// How a terminal answer is laid out: exact probabilities as fractions
/// (`--fractions`), per-turn tables in one wide block (`--wide`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Look {
    pub fractions: bool,
    pub wide: bool,
    /// Every field of the scenario in the text, not only those given.
    pub verbose: bool,
}

/// What `volley odds` prints for `question` answered as `result`, resting on
/// `readings`: the command line and `volley serve` both print this.
pub fn render_odds(
    question: &Question,
    result: &RunResult,
    readings: Vec<Reading>,
    format: Format,
    look: Look,
) -> String {
    let summary = summarize(result);
    let warning = result
        .precision_not_reached
        .map(|s| shortfall_text(&s, result));
    let answer = Answer {
        warning,
        working: question.working(),
        fractions: look.fractions,
        wide: look.wide,
        scenario_line: if look.verbose {
            question.scenario_line()
        } else {
            question.scenario_given_line()
        },
        readings,
        ..Answer::of(question, &summary)
    };
    render(&answer, format)
}

/// The precision asked for was not reached: say what was, and why it stopped.
fn shortfall_text(s: &crate::tally::Shortfall, result: &RunResult) -> String {
    let trials = match result.method {
        crate::tally::Method::MonteCarlo { trials, .. } => trials,
        crate::tally::Method::Exact => 0,
    };
    format!(
        "precision not reached: asked for every half-width below {}, stopped at the cap of {} trials with the widest at {}; the intervals below are wider than asked",
        s.asked,
        crate::dice::grouped(trials),
        significant(s.reached)
    )
}

/// A positive number to three significant digits, in plain decimals.
fn significant(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) {
        return format!("{x}");
    }
    let decimals = (2 - x.log10().floor() as i32).max(0) as usize;
    format!("{x:.decimals$}")
}

impl Document for Answer<'_> {
    fn json(&self) -> String {
        json_answer(self)
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        csv_answer(self)
    }

    fn text(&self, markdown: bool) -> String {
        if markdown {
            markdown_answer(self)
        } else {
            table_answer(self)
        }
    }
}
