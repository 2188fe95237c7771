//! Experiments of best play: a file with a `[plan]` table answers each sweep
//! point with `volley plan` (exact) instead of the odds, and its frame's
//! figures are the plan's: `mean:best` (the goal under best play), one mean
//! per fixed policy (`mean:always_fire`, `mean:charge_at_once`...),
//! `mean:gain` (best play over the best fixed policy), `mean:uses_CHOICE`
//! (how many turns best play takes each other choice, on average), and the
//! outcome `first_choice` (best play's choice at the start). Against an
//! opponent at its best (`opponent = "best"`), also `mean:opponent_uses_CHOICE`
//! (the opponent's choices, as often), `mean:best_against_usual` (best play
//! where the opponent plays its usual way) and `mean:cost_of_best_reply` (what
//! the opponent's best play takes from it). The policy in words goes with each
//! point.

use super::PlanMemo;
use super::plan_spec::PlanSpec;
use crate::ask::question::{Question, QuestionError};
use crate::plan::PlanAnswer;
use crate::stats::{Estimate, MeanRow, OutcomeRow, Summary};

/// A fixed policy's name as a figure: `always fire` is `always_fire`,
/// `charge at once, then fire` is `charge_at_once`.
pub fn policy_figure(name: &str) -> String {
    let head = name.split(',').next().unwrap_or(name).trim();
    head.replace(' ', "_")
}

/// The figures a plan of these choices (and the opponent's, where it
/// answers at its best) answers: its means and outcomes.
pub fn plan_figures(
    choices: &[String],
    opponent_choices: &[String],
) -> (Vec<String>, Vec<(String, String)>) {
    let mut means = vec!["best".to_string(), "gain".to_string()];
    for c in choices {
        means.push(format!("always_{c}"));
    }
    for c in choices.iter().skip(1) {
        means.push(format!("{c}_at_once"));
        means.push(format!("uses_{c}"));
    }
    if !opponent_choices.is_empty() {
        for c in opponent_choices.iter().skip(1) {
            means.push(format!("opponent_uses_{c}"));
        }
        means.push("best_against_usual".to_string());
        means.push("cost_of_best_reply".to_string());
    }
    let outcomes = choices
        .iter()
        .map(|c| ("first_choice".to_string(), c.clone()))
        .collect();
    (means, outcomes)
}

/// A plan's figures as a summary (every one exact), and its policy in words;
/// against an opponent at its best, `against_usual` is best play's value
/// where the opponent plays its usual way. How often each side takes each
/// choice is given for the choices the experiment declared (`choices`,
/// `opponent_choices`, as [`plan_figures`] has them): 0 for one the game
/// never opens (a regiment that may not charge).
pub fn plan_summary(
    answer: &PlanAnswer,
    confidence: f64,
    against_usual: Option<f64>,
    (choices, opponent_choices): (&[String], &[String]),
) -> (Summary, String) {
    let mean = |name: String, value: f64| MeanRow {
        variable: name,
        estimate: Estimate::exact(value),
    };
    let mut means = vec![mean("best".to_string(), answer.best)];
    let best_fixed = answer
        .fixed
        .iter()
        .map(|f| f.1)
        .fold(f64::NEG_INFINITY, f64::max);
    means.push(mean("gain".to_string(), answer.best - best_fixed));
    for (name, value) in &answer.fixed {
        means.push(mean(policy_figure(name), *value));
    }
    // Every decision state best play reaches, each as often as it is
    // reached: the turns a side takes `c` on average.
    let uses = |mine: bool, c: &str| -> f64 {
        answer
            .policy
            .iter()
            .filter(|r| (r.side == answer.decider) == mine && r.choice == c)
            .map(|r| r.reach)
            .sum()
    };
    for c in choices.iter().skip(1) {
        means.push(mean(format!("uses_{c}"), uses(true, c)));
    }
    if let Some(usual) = against_usual {
        for c in opponent_choices.iter().skip(1) {
            means.push(mean(format!("opponent_uses_{c}"), uses(false, c)));
        }
        means.push(mean("best_against_usual".to_string(), usual));
        means.push(mean("cost_of_best_reply".to_string(), usual - answer.best));
    }
    let first = answer
        .policy
        .iter()
        .find(|r| r.turn == 1 && r.side == answer.decider)
        .map(|r| r.choice);
    let outcomes = answer
        .choices
        .iter()
        .map(|c| OutcomeRow {
            variable: "first_choice".to_string(),
            value: c.to_string(),
            estimate: Estimate::exact(f64::from(u8::from(first == Some(*c)))),
        })
        .collect();
    let words: Vec<String> = answer
        .rules
        .iter()
        .map(|r| {
            if r.side == answer.decider {
                r.text.clone()
            } else {
                format!("{} answers: {}", r.side.to_uppercase(), r.text)
            }
        })
        .collect();
    let summary = Summary {
        exact: true,
        trials: None,
        seed: None,
        confidence,
        exact_refused: None,
        precision_not_reached: None,
        outcomes,
        means,
        curves: Vec::new(),
        exact_work: 0,
    };
    (summary, words.join(" / "))
}

/// A point's plan, answered (through `memo`, which the experiments of one
/// run share).
pub fn answer_plan(
    spec: &PlanSpec,
    question: &Question,
    confidence: f64,
    memo: &PlanMemo,
) -> Result<(Summary, String), QuestionError> {
    let (ask, usual) = spec.asks(question).map_err(QuestionError::Input)?;
    let answer = memo.plan(question, &ask)?;
    let against_usual = match usual {
        Some(usual) => Some(memo.plan(question, &usual)?.best),
        None => None,
    };
    let declared = (spec.choices(question), spec.opponent_choices(question));
    Ok(plan_summary(
        &answer,
        confidence,
        against_usual,
        (&declared.0, &declared.1),
    ))
}

/// An experiment of best play in a sentence, for the first variant: best
/// play's value, lowest and highest over the sweep, and where playing well
/// gains most over the best fixed policy.
pub fn plan_headline(experiment: &super::Experiment, points: &[super::Point]) -> String {
    let first = &experiment.variants[0].name;
    let mine: Vec<&super::Point> = points.iter().filter(|p| &p.variant == first).collect();
    let figure = |p: &super::Point, name: &str| p.summary.mean(name).map_or(f64::NAN, |e| e.value);
    let by = |name: &'static str| {
        move |a: &&&super::Point, b: &&&super::Point| figure(a, name).total_cmp(&figure(b, name))
    };
    let (Some(low), Some(high), Some(gain)) = (
        mine.iter().min_by(by("best")),
        mine.iter().max_by(by("best")),
        mine.iter().max_by(by("gain")),
    ) else {
        return String::new();
    };
    let probability = experiment
        .plan
        .as_ref()
        .is_none_or(PlanSpec::is_probability);
    let shown = |x: f64| {
        if probability {
            format!("{}%", crate::stats::text::percent_digits(x))
        } else {
            format!("{x:.4}")
        }
    };
    let at = |p: &super::Point| experiment.point_label(&p.values);
    let gained = figure(gain, "gain");
    let gain_text = if gained <= crate::plan::TIE {
        "no fixed policy is ever beaten: one of them is best play at every point".to_string()
    } else if probability {
        format!(
            "playing well gains most at {}: {:+.2} points over the best fixed policy",
            at(gain),
            100.0 * gained
        )
    } else {
        format!(
            "playing well gains most at {}: {gained:+.4} over the best fixed policy",
            at(gain)
        )
    };
    if mine.len() == 1 {
        return format!(
            "best play {} (exact); {gain_text}",
            shown(figure(high, "best"))
        );
    }
    format!(
        "best play from {} ({}) to {} ({}) over {} points (exact); {gain_text}",
        shown(figure(low, "best")),
        at(low),
        shown(figure(high, "best")),
        at(high),
        mine.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_policies_read_as_figures() {
        assert_eq!(policy_figure("always fire"), "always_fire");
        assert_eq!(policy_figure("charge at once, then fire"), "charge_at_once");
        let choices = vec!["fire".to_string(), "charge".to_string()];
        let (means, outcomes) = plan_figures(&choices, &[]);
        assert_eq!(
            means,
            [
                "best",
                "gain",
                "always_fire",
                "always_charge",
                "charge_at_once",
                "uses_charge"
            ]
        );
        assert_eq!(outcomes.len(), 2);
        let (means, _) = plan_figures(&choices, &choices);
        assert_eq!(
            means[6..],
            [
                "opponent_uses_charge",
                "best_against_usual",
                "cost_of_best_reply"
            ]
        );
    }
}
