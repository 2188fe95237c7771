//! Best play as a front end asks for it, before it is an [`Ask`]: the
//! choices, the goal (none: the question's headline), the opponent, the
//! Monte Carlo check, the budget. The command line's flags, the page's query
//! keys, Python's keyword arguments and an experiment's `[plan]` table each
//! read their own syntax into it; [`PlanOptions::ask`] checks it once.

use super::{Ask, Goal, Opponent};
use crate::engine::EXACT_BUDGET;
use crate::error::InputError;

/// Monte Carlo trials checking a plan's policy, unless told otherwise.
pub const CHECK_TRIALS: u64 = 200_000;

/// How best play is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanOptions {
    /// `SIDE:CHOICE,CHOICE...` (`a:fire,charge`); `None`: every choice of
    /// the deciding side.
    pub choices: Option<String>,
    /// The goal's text; `None`: the question's headline probability.
    pub goal: Option<String>,
    pub opponent: Opponent,
    /// Monte Carlo trials playing the policy found (0: no check).
    pub check_trials: u64,
    pub seed: u64,
    pub confidence: f64,
    /// States met, and leaves of each turn's dice tree, at most; `None`:
    /// [`EXACT_BUDGET`].
    pub budget: Option<u64>,
}

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            choices: None,
            goal: None,
            opponent: Opponent::Usual,
            check_trials: CHECK_TRIALS,
            seed: crate::engine::DEFAULT_SEED,
            confidence: crate::engine::DEFAULT_CONFIDENCE,
            budget: None,
        }
    }
}

impl Opponent {
    /// The opponent named `name` (`usual` or `best`).
    pub fn parse(name: &str) -> Result<Self, InputError> {
        match name {
            "usual" => Ok(Opponent::Usual),
            "best" => Ok(Opponent::Best),
            other => Err(InputError::argument(
                "opponent",
                format!("`{other}`: the opponent is `usual` or `best`"),
            )),
        }
    }
}

impl PlanOptions {
    /// What these options ask of a question whose headline probability is
    /// `headline` (its variable and value: the goal where none is given);
    /// `goal_key` is the front end's word for where a goal is given, for
    /// the refusal of an action with no headline.
    pub fn ask(&self, headline: Option<(&str, &str)>, goal_key: &str) -> Result<Ask, InputError> {
        let goal = Goal::or_headline(self.goal.as_deref(), headline, goal_key)?;
        if !(self.confidence > 0.0 && self.confidence < 1.0) {
            return Err(InputError::argument(
                "confidence",
                format!(
                    "{}: the confidence level is strictly between 0 and 1",
                    self.confidence
                ),
            ));
        }
        Ok(Ask {
            choices: self.choices.clone(),
            goal,
            opponent: self.opponent,
            budget: self.budget.unwrap_or(EXACT_BUDGET),
            check_trials: self.check_trials,
            seed: self.seed,
            confidence: self.confidence,
            watch: super::Watch::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headline_is_the_goal_unless_one_is_given() {
        let headline = Some(("breaks_first", "b"));
        let ask = PlanOptions::default().ask(headline, "goal").unwrap();
        assert_eq!(ask.goal.text(), "P(breaks_first=b)");
        assert_eq!((ask.budget, ask.check_trials), (EXACT_BUDGET, CHECK_TRIALS));
        let given = PlanOptions {
            goal: Some("mean(b_steps_lost)".into()),
            budget: Some(10),
            ..PlanOptions::default()
        };
        let ask = given.ask(headline, "goal").unwrap();
        assert_eq!((ask.goal.text(), ask.budget), ("mean(b_steps_lost)", 10));
        let e = PlanOptions::default().ask(None, "--goal").unwrap_err();
        assert!(e.message.contains("give --goal"), "{e}");
    }

    #[test]
    fn a_bad_confidence_or_opponent_is_refused_naming_its_key() {
        let bad = PlanOptions {
            confidence: 1.5,
            ..PlanOptions::default()
        };
        let e = bad.ask(Some(("x", "y")), "goal").unwrap_err();
        assert_eq!(e.field, "confidence");
        assert!(e.message.starts_with("1.5: "), "{e}");
        assert_eq!(Opponent::parse("best"), Ok(Opponent::Best));
        assert_eq!(Opponent::parse("worst").unwrap_err().field, "opponent");
    }
}
