//! An experiment's `[plan]` table: the choices, the goal and the opponent
//! of the plans its points ask, and what each point asks.

use crate::ask::question::Question;
use crate::error::InputError;
use crate::plan::{Ask, Opponent, PlanOptions};
use serde::Deserialize;

/// An experiment's `[plan]` table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanSpec {
    /// `SIDE:CHOICE,CHOICE`, as `volley plan --choices`; default every choice
    /// of the action.
    pub choices: Option<String>,
    /// As `volley plan --goal`; default the action's headline probability.
    pub goal: Option<String>,
    /// As `volley plan --opponent`: `usual` (the default) or `best`.
    #[serde(default)]
    pub opponent: Opponent,
}

impl PlanSpec {
    /// What a point answers: its plan, and against an opponent at its best
    /// also the same plan against the opponent's usual play (for
    /// `best_against_usual`).
    pub fn asks(&self, question: &Question) -> Result<(Ask, Option<Ask>), InputError> {
        let ask = self.ask(question)?;
        let usual = (ask.opponent == Opponent::Best).then(|| Ask {
            opponent: Opponent::Usual,
            ..ask.clone()
        });
        Ok((ask, usual))
    }

    /// The question a point's plan asks (no Monte Carlo check: the plan is
    /// exact, and `volley plan` checks its policies).
    fn ask(&self, question: &Question) -> Result<Ask, InputError> {
        let options = PlanOptions {
            choices: self.choices.clone(),
            goal: self.goal.clone(),
            opponent: self.opponent,
            // The budget as `volley plan`'s default; no check: the plan is
            // exact, and `volley plan` checks its policies.
            check_trials: 0,
            ..PlanOptions::default()
        };
        options.ask(question.headline(), "`goal` in [plan]")
    }

    /// Is the goal a probability (shown as a percentage)? The default goal,
    /// the headline, is.
    pub fn is_probability(&self) -> bool {
        self.goal
            .as_deref()
            .is_none_or(|g| g.trim_start().starts_with("P("))
    }

    /// The opponent's choices where it answers at its best (none where it
    /// plays its usual way).
    pub fn opponent_choices(&self, question: &Question) -> Vec<String> {
        match self.opponent {
            Opponent::Usual => Vec::new(),
            Opponent::Best => question
                .action()
                .choices()
                .iter()
                .map(|c| c.to_string())
                .collect(),
        }
    }

    /// The choices weighed, the usual one first.
    pub fn choices(&self, question: &Question) -> Vec<String> {
        match self.choices.as_deref().and_then(|c| c.split_once(':')) {
            Some((_, list)) => list.split(',').map(|c| c.trim().to_string()).collect(),
            None => question
                .action()
                .choices()
                .iter()
                .map(|c| c.to_string())
                .collect(),
        }
    }
}
