//! What best play maximises: a probability of the final state
//! (`P(breaks_first=b)`), a mean (`mean(b_steps_lost)`), or a sum of such
//! terms with signs and factors (`mean(b_steps_lost) - mean(a_steps_lost)`).

use crate::error::InputError;

/// The figures of a final state: its outcomes, each a variable and a value,
/// and its numbers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures {
    pub outcomes: Vec<(&'static str, String)>,
    pub numbers: Vec<(&'static str, f64)>,
}

/// One term of a goal.
#[derive(Clone, Debug, PartialEq)]
enum Term {
    Probability { variable: String, value: String },
    Mean { variable: String },
}

/// A goal: a weighted sum of probabilities and means of the final state.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    terms: Vec<(f64, Term)>,
    text: String,
}

impl Goal {
    /// Parse `P(VARIABLE=VALUE)`, `mean(VARIABLE)`, or a sum of them with `+`,
    /// `-` and factors (`2*mean(x)`); spaces are free.
    /// The goal `text`, or the question's headline probability (`headline`:
    /// its variable and value) when none is given; `flag` names where a goal
    /// is given, for the refusal.
    pub fn or_headline(
        text: Option<&str>,
        headline: Option<(&str, &str)>,
        flag: &str,
    ) -> Result<Self, InputError> {
        match (text, headline) {
            (Some(text), _) => Goal::parse(text),
            (None, Some((variable, value))) => Goal::parse(&format!("P({variable}={value})")),
            (None, None) => Err(InputError::argument(
                "goal",
                format!("this action states no headline: give {flag}"),
            )),
        }
    }

    pub fn parse(text: &str) -> Result<Self, InputError> {
        let bad = |message: String| InputError::argument("goal", message);
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(bad(
                "give a goal: \"P(breaks_first=b)\" or \"mean(b_steps_lost)\"".to_string(),
            ));
        }
        let mut terms = Vec::new();
        let mut rest = compact.as_str();
        let mut sign = 1.0;
        if let Some(r) = rest.strip_prefix('-') {
            sign = -1.0;
            rest = r;
        }
        loop {
            let (factor, after) = match rest.split_once('*') {
                Some((f, after)) if f.parse::<f64>().is_ok() => {
                    (f.parse::<f64>().unwrap_or(1.0), after)
                }
                _ => (1.0, rest),
            };
            let close = after.find(')').ok_or_else(|| {
                bad(format!(
                    "`{text}`: a term is P(VARIABLE=VALUE) or mean(VARIABLE)"
                ))
            })?;
            let (head, tail) = after.split_at(close + 1);
            let term = if let Some(inner) =
                head.strip_prefix("P(").and_then(|h| h.strip_suffix(')'))
            {
                let (variable, value) = inner
                    .split_once('=')
                    .ok_or_else(|| bad(format!("`{head}`: a probability is P(VARIABLE=VALUE)")))?;
                Term::Probability {
                    variable: variable.to_string(),
                    value: value.to_string(),
                }
            } else if let Some(inner) = head.strip_prefix("mean(").and_then(|h| h.strip_suffix(')'))
            {
                Term::Mean {
                    variable: inner.to_string(),
                }
            } else {
                return Err(bad(format!(
                    "`{head}`: a term is P(VARIABLE=VALUE) or mean(VARIABLE)"
                )));
            };
            terms.push((sign * factor, term));
            match tail.chars().next() {
                None => break,
                Some('+') => sign = 1.0,
                Some('-') => sign = -1.0,
                Some(other) => {
                    return Err(bad(format!(
                        "`{text}`: `{other}` where + or - was expected"
                    )));
                }
            }
            rest = &tail[1..];
        }
        Ok(Goal {
            terms,
            text: text.trim().to_string(),
        })
    }

    /// The goal as the user wrote it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Is every term a probability (so the value is one, between 0 and 1)?
    pub fn is_probability(&self) -> bool {
        self.terms.len() == 1
            && self.terms[0].0 == 1.0
            && matches!(self.terms[0].1, Term::Probability { .. })
    }

    /// Refuse a goal that names what the figures never hold.
    pub fn check(
        &self,
        figures: &Figures,
        outcome_values: &[(&str, Vec<String>)],
    ) -> Result<(), InputError> {
        for (_, term) in &self.terms {
            match term {
                Term::Probability { variable, value } => {
                    let Some((_, values)) = outcome_values.iter().find(|(v, _)| v == variable)
                    else {
                        let known: Vec<&str> = outcome_values.iter().map(|(v, _)| *v).collect();
                        return Err(InputError::argument(
                            "goal",
                            format!(
                                "no outcome `{variable}`; the outcomes are {}",
                                known.join(", ")
                            ),
                        ));
                    };
                    if !values.contains(value) {
                        return Err(InputError::argument(
                            "goal",
                            format!(
                                "`{variable}` has no value `{value}`; its values are {}",
                                values.join(", ")
                            ),
                        ));
                    }
                }
                Term::Mean { variable } => {
                    if !figures.numbers.iter().any(|(v, _)| v == variable) {
                        let known: Vec<&str> = figures.numbers.iter().map(|(v, _)| *v).collect();
                        return Err(InputError::argument(
                            "goal",
                            format!(
                                "no number `{variable}`; the numbers are {}",
                                known.join(", ")
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The goal's value for one final state.
    pub fn score(&self, figures: &Figures) -> f64 {
        self.terms
            .iter()
            .map(|(weight, term)| {
                weight
                    * match term {
                        Term::Probability { variable, value } => f64::from(u8::from(
                            figures
                                .outcomes
                                .iter()
                                .any(|(v, x)| v == variable && x == value),
                        )),
                        Term::Mean { variable } => figures
                            .numbers
                            .iter()
                            .find(|(v, _)| v == variable)
                            .map_or(0.0, |(_, x)| *x),
                    }
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures() -> Figures {
        Figures {
            outcomes: vec![("breaks_first", "b".to_string())],
            numbers: vec![("a_lost", 1.0), ("b_lost", 3.0)],
        }
    }

    #[test]
    fn goals_read_as_written() {
        assert_eq!(
            Goal::parse("P(breaks_first = b)")
                .unwrap()
                .score(&figures()),
            1.0
        );
        assert_eq!(
            Goal::parse("P(breaks_first=a)").unwrap().score(&figures()),
            0.0
        );
        let g = Goal::parse("mean(b_lost) - mean(a_lost)").unwrap();
        assert_eq!(g.score(&figures()), 2.0);
        assert!(!g.is_probability());
        assert_eq!(
            Goal::parse("2*mean(b_lost)+P(breaks_first=b)")
                .unwrap()
                .score(&figures()),
            7.0
        );
        assert_eq!(
            Goal::parse("-mean(a_lost)").unwrap().score(&figures()),
            -1.0
        );
        for bad in [
            "",
            "P(x)",
            "lost",
            "mean(a_lost) * 2",
            "P(breaks_first=b) mean(a)",
        ] {
            assert!(Goal::parse(bad).is_err(), "{bad}");
        }
    }
}
