//! What an answer holds, and the lines every format states the same way:
//! how it was computed, and the headline sentence.

use crate::ask::question::Question;
use crate::ask::readings::Reading;
use crate::rules::Patch;
use crate::stats::Summary;
use serde_json::Value as Json;

/// Everything `volley odds` prints.
pub struct Answer<'a> {
    pub system: &'a str,
    pub action: &'a str,
    pub scenario: Json,
    /// The scenario in words: the fields given (and, verbose, the defaults
    /// taken).
    pub scenario_line: String,
    pub summary: &'a Summary,
    /// The outcome stated first: (variable, value).
    pub headline: Option<(&'a str, &'a str)>,
    pub house_rules: &'a [String],
    /// Every chart value the house rules changed.
    pub patches: &'a [Patch],
    /// A note when precision mode stopped early.
    pub warning: Option<String>,
    /// How to read the answer under these rules (the action's notes).
    pub notes: Vec<String>,
    /// Why the answer is provisional (it reads a reconstructed chart), if it is.
    pub provisional: Option<String>,
    /// How the action read the scenario, step by step.
    pub working: Vec<String>,
    /// Show exact probabilities as fractions where the denominator is small.
    pub fractions: bool,
    /// Per-turn tables in one block, intervals beside their values, however
    /// wide (else blocks that fit 100 columns, intervals on a line below).
    pub wide: bool,
    /// The card's readings the answer rests on.
    pub readings: Vec<Reading>,
}

impl<'a> Answer<'a> {
    /// `question` answered as `summary`: no warning, no working, percentages.
    pub fn of(question: &'a Question, summary: &'a Summary) -> Self {
        Answer {
            system: question.system().name(),
            action: question.action().name(),
            scenario: question.scenario().to_json(),
            scenario_line: question.scenario_given_line(),
            summary,
            headline: question.headline(),
            house_rules: &question.book().house_rules,
            patches: &question.book().patches,
            warning: None,
            notes: question.notes(),
            provisional: question.provisional(),
            working: Vec::new(),
            fractions: false,
            wide: false,
            readings: crate::ask::readings::consulted(question),
        }
    }
}

pub(super) fn method_line(s: &Summary) -> String {
    match (s.trials, s.seed) {
        (Some(trials), Some(seed)) => {
            let mut line = format!(
                "Monte Carlo, {trials} trials, seed {seed}; intervals are {:.0}% confidence",
                100.0 * s.confidence
            );
            if let Some(why) = &s.exact_refused {
                line.push_str(&format!(" (not exact: {why})"));
            }
            line
        }
        _ => "exact (every branch of the dice tree enumerated)".to_string(),
    }
}

/// "P(works) = 35.34%": the headline outcome, stated first.
pub fn headline_sentence(a: &Answer) -> Option<String> {
    crate::stats::text::headline_sentence(a.headline?, a.summary, a.fractions)
}
