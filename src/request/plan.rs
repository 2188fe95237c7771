//! How best play is to be solved, as `volley plan`'s flags give it: the
//! choices weighed, the goal, the Monte Carlo check, the budget, read into
//! the core's [`PlanOptions`] (as the page's query keys are); and the query
//! keys that name them.

use crate::ask::question::Question;
use crate::error::InputError;
use crate::plan::{Ask, CHECK_TRIALS, Opponent, PlanOptions};
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
    #[arg(long, default_value_t = crate::engine::DEFAULT_SEED)]
    pub seed: u64,
    /// Confidence level of the check's interval.
    #[arg(long, default_value_t = crate::engine::DEFAULT_CONFIDENCE)]
    pub confidence: f64,
    /// Most distinct states met (all turns), and most leaves of one turn's
    /// dice tree.
    #[arg(long, default_value_t = crate::engine::EXACT_BUDGET)]
    pub budget: u64,
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
    /// These flags as every front end asks for best play.
    pub fn options(&self) -> Result<PlanOptions, InputError> {
        Ok(PlanOptions {
            choices: self.choices.clone(),
            goal: self.goal.clone(),
            opponent: Opponent::parse(&self.opponent)?,
            check_trials: self.check_trials,
            seed: self.seed,
            confidence: self.confidence,
            budget: Some(self.budget),
        })
    }

    /// What these flags ask of `question`: its headline is the goal unless
    /// one is given.
    pub fn ask(&self, question: &Question) -> Result<Ask, InputError> {
        self.options()?.ask(question.headline(), "--goal")
    }
}
