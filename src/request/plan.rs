//! How best play is to be solved (`volley plan`'s flags, and `/api/plan`'s
//! keys, read by the same parser): the choices weighed, the goal, the Monte
//! Carlo check, the budget; and the [`Ask`] they make of a question.

use crate::error::InputError;
use crate::plan::{Ask, Goal, Opponent};
use crate::question::Question;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct PlanFlags {
    /// The deciding side and the choices it weighs, the usual one first
    /// (`a:fire,charge`); default every choice of the action.
    #[arg(long, value_name = "SIDE:CHOICES")]
    pub choices: Option<String>,
    /// What best play maximises: "P(VARIABLE=VALUE)", "mean(VARIABLE)", or a
    /// sum of them ("mean(b_steps_lost) - mean(a_steps_lost)"); default the
    /// action's headline.
    #[arg(long)]
    pub goal: Option<String>,
    /// How the other side plays: `usual`, its fixed way (the action as it
    /// plays without choices), or `best`, choosing at its own decision
    /// points to minimise the goal (a two-player zero-sum game, minimax).
    #[arg(long, default_value = "usual", value_parser = Opponent::NAMES)]
    pub opponent: String,
    /// Monte Carlo trials playing the policy found, to check its exact value
    /// (0: no check).
    #[arg(long, default_value_t = CHECK_TRIALS)]
    pub check_trials: u64,
    /// Seed of the check's random streams.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Confidence level of the check's interval.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Most distinct states met (all turns), and most leaves of one turn's
    /// dice tree.
    #[arg(long, default_value_t = crate::engine::EXACT_BUDGET)]
    pub budget: u64,
}

/// Monte Carlo trials checking a plan's policy, unless told otherwise.
pub const CHECK_TRIALS: u64 = 200_000;

/// The flags' defaults (a query string that leaves a key out means them).
impl Default for PlanFlags {
    fn default() -> Self {
        PlanFlags {
            choices: None,
            goal: None,
            opponent: Opponent::Usual.name().to_string(),
            check_trials: CHECK_TRIALS,
            seed: 1,
            confidence: 0.95,
            budget: crate::engine::EXACT_BUDGET,
        }
    }
}

/// The keys of [`PlanFlags`], as a query string names them.
pub const PLAN_KEYS: [&str; 7] = [
    "choices",
    "goal",
    "opponent",
    "check_trials",
    "seed",
    "confidence",
    "budget",
];

impl PlanFlags {
    /// What these flags ask of `question`: its headline is the goal unless
    /// one is given.
    pub fn ask(&self, question: &Question) -> Result<Ask, InputError> {
        let goal = Goal::or_headline(self.goal.as_deref(), question.headline(), "--goal")?;
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
            opponent: if self.opponent == "best" {
                Opponent::Best
            } else {
                Opponent::Usual
            },
            budget: self.budget,
            check_trials: self.check_trials,
            seed: self.seed,
            confidence: self.confidence,
        })
    }
}
