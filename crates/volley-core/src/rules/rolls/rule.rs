//! A roll rule: one `[[roll]]` table of a house-rule file, as written
//! ([`RollRuleText`], with its lines) and as checked against the system's
//! roll points ([`RollRule`]).
//!
//! ```toml
//! [[roll]]
//! point = "pre_impact_check"
//! when = 'defender.quality == "veteran"'
//! reroll = "failed"
//! ```

use super::{Condition, RollPoint, Verdict};
use crate::error::{InputError, line_of, one_of};
use serde::Deserialize;
use toml::Spanned;

/// How a rule changes a roll point's threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    /// `threshold = N`: N in place of the card's.
    Set(i32),
    /// `threshold_add = N`: the card's, N more (a negative N: fewer).
    Add(i32),
}

/// A `[[roll]]` table as a house-rule file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::rules) struct RollRuleFile {
    point: Spanned<String>,
    when: Option<Spanned<String>>,
    modifier: Option<Spanned<i32>>,
    threshold: Option<Spanned<i32>>,
    threshold_add: Option<Spanned<i32>>,
    reroll: Option<Spanned<String>>,
}

/// A roll rule as written, with the line of each part, not yet checked
/// against a system's roll points.
#[derive(Clone, Debug)]
pub struct RollRuleText {
    pub point: String,
    pub when: Option<String>,
    pub modifier: i32,
    pub threshold: Option<Threshold>,
    pub reroll: Option<Verdict>,
    /// The line of `point` (the rule's), of `when`, and of the threshold
    /// with the key it was given by.
    pub line: usize,
    pub when_line: usize,
    pub threshold_at: (usize, &'static str),
}

/// A roll rule checked against its system's roll points.
#[derive(Clone, Debug)]
pub struct RollRule {
    /// The house rule it belongs to.
    pub rule: String,
    pub point: &'static str,
    pub when: Option<Condition>,
    pub modifier: i32,
    pub threshold: Option<Threshold>,
    pub reroll: Option<Verdict>,
    /// What it does, in words (the answers' list of changes).
    pub said: String,
}

impl RollRuleText {
    /// Read one `[[roll]]` table of `file` (its text `text`).
    pub(in crate::rules) fn read(
        file: &str,
        text: &str,
        table: RollRuleFile,
    ) -> Result<Self, InputError> {
        let line = |span: std::ops::Range<usize>| line_of(text, span.start);
        let at = |span: std::ops::Range<usize>, field: &str, message: String| InputError {
            file: file.to_string(),
            line: Some(line(span)),
            field: format!("roll.{field}"),
            message,
        };
        let reroll = match table.reroll {
            None => None,
            Some(word) => match word.get_ref().as_str() {
                "failed" => Some(Verdict::Failed),
                "passed" => Some(Verdict::Passed),
                other => {
                    return Err(at(
                        word.span(),
                        "reroll",
                        format!("re-roll `failed` or `passed` rolls, not `{other}`"),
                    ));
                }
            },
        };
        let threshold_at = match (&table.threshold, &table.threshold_add) {
            (Some(set), _) => (line(set.span()), "threshold"),
            (None, Some(add)) => (line(add.span()), "threshold_add"),
            (None, None) => (0, "threshold"),
        };
        let threshold = match (table.threshold, table.threshold_add) {
            (Some(_), Some(add)) => {
                return Err(at(
                    add.span(),
                    "threshold_add",
                    "give `threshold` (a new one) or `threshold_add` (a change), not both"
                        .to_string(),
                ));
            }
            (Some(set), None) => Some(Threshold::Set(*set.get_ref())),
            (None, Some(add)) => Some(Threshold::Add(*add.get_ref())),
            (None, None) => None,
        };
        let modifier = table.modifier.map_or(0, |m| *m.get_ref());
        if modifier == 0 && threshold.is_none() && reroll.is_none() {
            return Err(at(
                table.point.span(),
                "point",
                "a roll rule changes the roll: give it a `modifier`, a `threshold` (or \
                 `threshold_add`) or a `reroll`"
                    .to_string(),
            ));
        }
        Ok(RollRuleText {
            line: line(table.point.span()),
            when_line: table.when.as_ref().map_or(0, |w| line(w.span())),
            threshold_at,
            point: table.point.into_inner(),
            when: table.when.map(Spanned::into_inner),
            modifier,
            threshold,
            reroll,
        })
    }

    /// The rule checked against `points` (a system's roll points): its
    /// point must be one of them, its condition read what the point shows,
    /// a threshold only where the point has one.
    pub fn check(
        &self,
        file: &str,
        rule: &str,
        points: &'static [RollPoint],
    ) -> Result<RollRule, InputError> {
        let at = |line: usize, field: &str, message: String| InputError {
            file: file.to_string(),
            line: Some(line),
            field: format!("roll.{field}"),
            message,
        };
        let point = point_named(points, &self.point).map_err(|m| at(self.line, "point", m))?;
        if self.threshold.is_some() && point.threshold.is_none() {
            let (line, key) = self.threshold_at;
            return Err(at(
                line,
                key,
                format!(
                    "`{}` has no threshold to change (give a `modifier`: {})",
                    point.name, point.modifier
                ),
            ));
        }
        let when = match &self.when {
            None => None,
            Some(text) => Some(
                Condition::parse(text, point.reads)
                    .map_err(|m| at(self.when_line, "when", format!("`{text}`: {m}")))?,
            ),
        };
        Ok(RollRule {
            rule: rule.to_string(),
            point: point.name,
            when,
            modifier: self.modifier,
            threshold: self.threshold,
            reroll: self.reroll,
            said: self.said(),
        })
    }

    /// What it does, in words: `re-roll a failed roll, when ...`.
    fn said(&self) -> String {
        let mut parts = Vec::new();
        if self.modifier != 0 {
            parts.push(format!("modifier {:+}", self.modifier));
        }
        match self.threshold {
            Some(Threshold::Set(n)) => parts.push(format!("threshold {n}")),
            Some(Threshold::Add(n)) => parts.push(format!("threshold {n:+}")),
            None => {}
        }
        match self.reroll {
            Some(Verdict::Failed) => parts.push("re-roll a failed roll once".to_string()),
            Some(Verdict::Passed) => parts.push("re-roll a passed roll once".to_string()),
            None => {}
        }
        let mut said = parts.join(", ");
        if let Some(when) = &self.when {
            said.push_str(&format!(", when {when}"));
        }
        said
    }
}

/// The roll point `name` of `points`, or what there is.
pub(super) fn point_named(
    points: &'static [RollPoint],
    name: &str,
) -> Result<&'static RollPoint, String> {
    points.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = points.iter().map(|p| p.name).collect();
        format!("no roll point `{name}`; there are {}", one_of(&names))
    })
}
