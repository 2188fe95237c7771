//! What an experiment's models answer, gathered over every point: the
//! figures a plot may ask for, and the headline in words.

use super::{Experiment, PlotSpec, Point};

/// Every figure the experiment's models answer: categorical outcomes (with
/// derived conditionals, `yes` or `no`), means and curves, over every point.
#[derive(Default)]
pub(super) struct Answerable {
    outcomes: std::collections::BTreeSet<(String, String)>,
    means: std::collections::BTreeSet<String>,
    curves: std::collections::BTreeSet<String>,
}

impl Answerable {
    pub(super) fn add(&mut self, schema: &crate::tally::Schema) {
        for c in &schema.categorical {
            for v in &c.values {
                self.outcomes.insert((c.name.clone(), v.clone()));
            }
        }
        for c in &schema.conditionals {
            for v in ["yes", "no"] {
                self.outcomes.insert((c.name.clone(), v.to_string()));
            }
        }
        self.means
            .extend(schema.means.iter().map(|m| m.name.clone()));
        self.curves
            .extend(schema.curves.iter().map(|c| c.name.clone()));
    }

    /// Figures answered outside a model's schema (a plan's).
    pub(super) fn add_figures(&mut self, means: Vec<String>, outcomes: Vec<(String, String)>) {
        self.means.extend(means);
        self.outcomes.extend(outcomes);
    }

    fn variables(&self) -> Vec<String> {
        let mut names: Vec<String> = self.outcomes.iter().map(|(v, _)| v.clone()).collect();
        names.dedup();
        names
    }

    /// Does `plot` ask for figures the models answer? An error names what
    /// there is instead.
    pub(super) fn check(&self, plot: &PlotSpec) -> Result<(), String> {
        if plot.kind == "curves" {
            for curve in &plot.curves {
                if !self.curves.contains(curve) {
                    let known: Vec<&String> = self.curves.iter().collect();
                    return Err(format!("no curve `{curve}`; the curves are {known:?}"));
                }
            }
            return Ok(());
        }
        let y = plot.y.as_deref().unwrap_or("result=E");
        if let Some(name) = y.strip_prefix("mean:") {
            if !self.means.contains(name) {
                let known: Vec<&String> = self.means.iter().collect();
                return Err(format!("no mean `{name}`; the means are {known:?}"));
            }
            return Ok(());
        }
        let (variable, value) = match y.split_once('=') {
            Some((v, x)) => (v, Some(x)),
            None => (y, None),
        };
        if !self.outcomes.iter().any(|(v, _)| v == variable) {
            return Err(format!(
                "no outcome variable `{variable}`; there are {:?} (and `mean:NAME` for a mean)",
                self.variables()
            ));
        }
        match value {
            Some(value)
                if !self
                    .outcomes
                    .contains(&(variable.to_string(), value.to_string())) =>
            {
                let values: Vec<&String> = self
                    .outcomes
                    .iter()
                    .filter(|(v, _)| v == variable)
                    .map(|(_, x)| x)
                    .collect();
                Err(format!(
                    "`{variable}` never takes the value `{value}`; its values are {values:?}"
                ))
            }
            None if plot.series.as_deref() != Some("value") => Err(format!(
                "y = \"{variable}\" names no value: give y = \"{variable}=VALUE\", or series = \"value\" for a line per value"
            )),
            _ => Ok(()),
        }
    }
}

/// The experiment's headline in words, for the first variant: the headline
/// probability at its one point, or its lowest and highest over the sweep
/// with the points where they are.
pub fn headline_text(
    experiment: &Experiment,
    headline: Option<(&'static str, &'static str)>,
    points: &[Point],
) -> String {
    let Some((variable, value)) = headline else {
        return String::new();
    };
    let first = &experiment.variants[0].name;
    let found: Vec<(&Point, &crate::stats::Estimate, bool)> = points
        .iter()
        .filter(|p| &p.variant == first)
        .filter_map(|p| {
            p.summary
                .outcomes
                .iter()
                .find(|o| o.variable == variable && o.value == value)
                .map(|o| (p, &o.estimate, p.summary.exact))
        })
        .filter(|(_, e, _)| !e.value.is_nan())
        .collect();
    let at = |p: &Point| experiment.point_label(&p.values);
    let all_exact = found.iter().all(|(_, _, exact)| *exact);
    let method = if all_exact {
        "exact".to_string()
    } else {
        format!(
            "Monte Carlo, {:.0}% intervals",
            100.0 * experiment.confidence
        )
    };
    let shown = |e: &crate::stats::Estimate, exact: bool| crate::stats::text::percent(e, exact);
    match found.as_slice() {
        [] => String::new(),
        [(_, e, exact)] => format!("P({variable} = {value}) = {} ({method})", shown(e, *exact)),
        _ => {
            let by_value =
                |a: &&(&Point, &crate::stats::Estimate, bool),
                 b: &&(&Point, &crate::stats::Estimate, bool)| {
                    a.1.value.total_cmp(&b.1.value)
                };
            let low = found.iter().min_by(by_value).expect("two or more points");
            let high = found.iter().max_by(by_value).expect("two or more points");
            format!(
                "P({variable} = {value}) from {} ({}) to {} ({}) over {} points ({method})",
                shown(low.1, low.2),
                at(low.0),
                shown(high.1, high.2),
                at(high.0),
                found.len()
            )
        }
    }
}
