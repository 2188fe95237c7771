//! `volley plan SYSTEM ACTION [field=value]... --choices a:fire,charge --goal
//! "P(breaks_first=b)"`: best play over an engagement's choices, exact.

use super::key_values;
use crate::output::{Format, render_plan};
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
    #[command(flatten)]
    pub plan: crate::request::PlanFlags,
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
    let ask = args.plan.ask(&question)?;
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
