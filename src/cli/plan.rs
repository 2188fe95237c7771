//! `volley plan SYSTEM ACTION [field=value]... --choices a:fire,charge --goal
//! "P(breaks_first=b)"`: best play over an engagement's choices, exact.

use super::key_values;
use crate::ask::question::Question;
use crate::output::{Format, PlanDocument, render};
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
    /// Also draw the policy to FILE (.png and .svg are both written): another
    /// choice's margin over the usual one over the two state axes that best
    /// sort the choices; with more than one other choice, each further map
    /// beside FILE, named for its choice (FILE-charge.png; the opponent's at
    /// its best for its side too: FILE-b-charge.png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// List every decision state best play reaches often enough (by default
    /// the text lists those where it departs from the usual play), and
    /// every field of the scenario.
    #[arg(long)]
    pub all: bool,
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
        .map(|(k, v)| (k, v, Origin::arguments()))
        .collect();
    let question = Question::new(&args.system, &args.action, &rules, &raw)?;
    let ask = args.plan.ask(&question)?;
    let plan = question.plan(&ask).map_err(super::explain)?;
    if let Some(path) = &args.plot {
        draw_policy(&question, &plan, path)?;
    }
    let document = PlanDocument {
        question: &question,
        plan: &plan,
        ask: &ask,
        all: args.all,
    };
    let text = render(&document, args.format);
    // The process ends once the text is out: the answer's policy rows (a
    // million small pieces for a best reply) go back to the system at once
    // instead of being freed one by one. (Only here: a server frees each.)
    std::mem::forget(plan);
    Ok(text)
}

/// The policy maps of `plan`: one per choice other than the usual one that
/// is ever open, the first at `path`, each further one beside it named for
/// its choice (`policy.png`, `policy-charge.png`); PNG and SVG each.
fn draw_policy(
    question: &Question,
    plan: &crate::plan::PlanAnswer,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use crate::plot::Figure;
    let base = path.with_extension("");
    let mut drawn = 0;
    let opponent = crate::plan::other_side(plan.decider);
    let maps = plan
        .choices
        .iter()
        .skip(1)
        .map(|c| (plan.decider, c))
        .chain(plan.opponent_choices.iter().skip(1).map(|c| (opponent, c)));
    for (side, other) in maps {
        let (system, action) = (question.system().name(), question.action().name());
        let title = if side == plan.decider {
            format!("{system} {action}: when to {other}")
        } else {
            format!(
                "{system} {action}: when {} should {other}",
                side.to_uppercase()
            )
        };
        // A reconstructed chart marks the picture as it marks the text.
        let title = match question.provisional() {
            Some(_) => format!("PROVISIONAL: {title}"),
            None => title,
        };
        let Some(map) = crate::output::policy_map(plan, side, other, &title) else {
            continue;
        };
        let file = if drawn == 0 {
            base.clone()
        } else {
            let stem = base
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let who = if side == plan.decider {
                String::new()
            } else {
                format!("{side}-")
            };
            base.with_file_name(format!("{stem}-{who}{other}"))
        };
        map.write(&file)?;
        drawn += 1;
    }
    if drawn == 0 {
        eprintln!("no plot: only one choice is ever open, or one axis of the state moves");
    }
    Ok(())
}
