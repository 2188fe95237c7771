//! `volley plan SYSTEM ACTION [field=value]... --choices a:fire,charge --goal
//! "P(breaks_first=b)"`: best play over an engagement's choices, exact.

use super::key_values;
use crate::output::{Format, render_plan};
use crate::plan::{Ask, Goal};
use crate::question::Question;
use crate::systems::Origin;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PlanArgs {
    /// Rule system (see `volley systems`); `volley plan` answers the actions
    /// with choices: micro-force firefight, deadly-field firefight.
    pub system: String,
    /// Action of the system.
    pub action: String,
    /// The scenario's fields as field=value.
    pub fields: Vec<String>,
    /// The deciding side and the choices it weighs, the usual one first
    /// (`a:fire,charge`); default every choice of the action.
    #[arg(long, value_name = "SIDE:CHOICES")]
    pub choices: Option<String>,
    /// What best play maximises: "P(VARIABLE=VALUE)", "mean(VARIABLE)", or a
    /// sum of them ("mean(b_steps_lost) - mean(a_steps_lost)"); default the
    /// action's headline.
    #[arg(long)]
    pub goal: Option<String>,
    /// Monte Carlo trials playing the policy found, to check its exact value
    /// (0: no check).
    #[arg(long, default_value_t = 200_000)]
    pub check_trials: u64,
    /// Seed of the check's random streams.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Confidence level of the check's interval.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Most states met (all turns), and most leaves of one turn's dice tree.
    #[arg(long, default_value_t = crate::engine::EXACT_BUDGET)]
    pub budget: u64,
    /// A house-rule file (several are applied in order).
    #[arg(long = "house-rule", value_name = "FILE")]
    pub house_rules: Vec<PathBuf>,
    /// Also draw the policy to FILE (.png and .svg are both written): the
    /// other choice's margin over the usual one over the two state axes that
    /// best sort the choices.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

pub fn run(args: &PlanArgs) -> anyhow::Result<String> {
    let rules = args
        .house_rules
        .iter()
        .map(|p| crate::rules::HouseRule::from_file(p))
        .collect::<Result<Vec<_>, _>>()?;
    let raw: Vec<_> = key_values(&args.fields)?
        .into_iter()
        .map(|(k, v)| (k, v, Origin::command_line()))
        .collect();
    let question = Question::new(&args.system, &args.action, &rules, &raw)?;
    let goal = match (&args.goal, question.headline()) {
        (Some(text), _) => Goal::parse(text)?,
        (None, Some((variable, value))) => Goal::parse(&format!("P({variable}={value})"))?,
        (None, None) => {
            return Err(crate::error::InputError::argument(
                "goal",
                "this action states no headline: give --goal",
            )
            .into());
        }
    };
    if !(args.confidence > 0.0 && args.confidence < 1.0) {
        return Err(crate::error::InputError::argument(
            "confidence",
            format!(
                "{}: the confidence level is strictly between 0 and 1",
                args.confidence
            ),
        )
        .into());
    }
    let ask = Ask {
        choices: args.choices.clone(),
        goal,
        budget: args.budget,
        check_trials: args.check_trials,
        seed: args.seed,
        confidence: args.confidence,
    };
    let plan = question.plan(&ask).map_err(super::explain)?;
    if let Some(path) = &args.plot {
        let title = format!(
            "{} {}: when to {}",
            question.system().name(),
            question.action().name(),
            plan.choices.get(1).copied().unwrap_or("choose")
        );
        match crate::output::policy_map(&plan, &title) {
            Some(map) => {
                use crate::plot::Figure;
                map.write(&path.with_extension(""))?;
            }
            None => {
                eprintln!("no plot: only one choice is ever open, or one axis of the state moves")
            }
        }
    }
    Ok(render_plan(&question, &plan, &ask, args.format))
}
