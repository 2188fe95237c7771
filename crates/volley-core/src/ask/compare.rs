//! Comparing rule variants: "does my house rule unbalance the game?".
//!
//! A [`Comparison`] is a baseline [`Question`] and named variants of it (other
//! house rules, other field values). It answers all of them on the same trials:
//! exactly when every side fits the exact budget (the differences are then exact),
//! otherwise by a paired Monte Carlo run ([`crate::engine::run_paired`]) whose
//! differences carry paired intervals and tests ([`crate::stats::paired_proportion`],
//! [`crate::stats::paired_mean`]).

use crate::ask::question::{Question, QuestionError, RawField};
use crate::engine::{self, Method, MethodRequest, Model, RunConfig, RunResult};
use crate::error::{InputError, Key};
use crate::rules::HouseRule;
use crate::stats::{Difference, Summary, paired_mean, paired_proportion, summarize};
use rayon::prelude::*;

/// A variant of the baseline: a name, how it was given, and its question.
#[derive(Clone)]
pub struct Variant {
    pub name: String,
    /// As the user wrote it (`house_rules/woods.toml,die_mod=1`).
    pub spec: String,
    pub question: Question,
}

impl Variant {
    /// The baseline under `rules` (added to its own) with `fields` set.
    pub fn of(
        base: &Question,
        base_rules: &[HouseRule],
        name: &str,
        spec: &str,
        rules: &[HouseRule],
        fields: &[RawField],
    ) -> Result<Self, InputError> {
        let all: Vec<HouseRule> = base_rules.iter().chain(rules).cloned().collect();
        let question = base.under(&all)?.with(fields)?;
        Ok(Variant {
            name: name.to_string(),
            spec: spec.to_string(),
            question,
        })
    }
}

/// One difference, variant minus baseline: a probability (`value` is the
/// outcome's value) or a mean (`value` is `None`).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DifferenceRow {
    pub variable: String,
    pub value: Option<String>,
    pub difference: Difference,
}

/// A variant's answer and its differences to the baseline.
#[derive(Clone, Debug)]
pub struct VariantAnswer {
    pub name: String,
    pub spec: String,
    pub summary: Summary,
    pub differences: Vec<DifferenceRow>,
    /// For a variant that changes nothing here, the one-step moves of the
    /// scenario after which it would (`field=to (instead of from)`), when looked for
    /// ([`crate::ask::effects::where_they_differ`]).
    pub differs_at: Option<Vec<String>>,
    /// Monte Carlo: no paired trial gave the variant an outcome or a mean
    /// other than the baseline's (its intervals then only bound how rare a
    /// difference would have to be).
    pub no_trial_differed: bool,
    /// When all the variant changes is rules options that no trial read,
    /// those options (`options.NAME`); empty otherwise.
    pub unread_changes: Vec<String>,
}

impl VariantAnswer {
    /// Every difference exactly zero: the same answer, exactly (or the same
    /// question under the same charts).
    pub fn changes_nothing(&self) -> bool {
        self.differences.iter().all(|r| {
            let d = &r.difference;
            d.value == 0.0 && d.low == 0.0 && d.high == 0.0
        })
    }
}

/// The baseline's answer and every variant's.
#[derive(Clone, Debug)]
pub struct Compared {
    pub exact: bool,
    pub trials: Option<u64>,
    /// Why the comparison is not exact, naming the first side (in order) that
    /// did not fit the budget: `None` when exact, or when Monte Carlo was
    /// asked for.
    pub exact_refused: Option<String>,
    pub seed: u64,
    pub confidence: f64,
    pub baseline: Summary,
    pub variants: Vec<VariantAnswer>,
}

/// A baseline question and its variants.
pub struct Comparison {
    pub baseline: Question,
    pub variants: Vec<Variant>,
}

/// A comparison's models: the baseline's, and each variant's in order.
type Models = (Box<dyn Model>, Vec<Box<dyn Model>>);

impl Comparison {
    /// Every side's model.
    fn models(&self) -> Result<Models, InputError> {
        let base = self.baseline.model()?;
        let variants = self
            .variants
            .iter()
            .map(|v| v.question.model())
            .collect::<Result<_, _>>()?;
        Ok((base, variants))
    }

    /// Refuse the answers if a script of any side stopped at a roll.
    fn scripts_held(&self) -> Result<(), InputError> {
        self.baseline.scripts_held()?;
        self.variants
            .iter()
            .try_for_each(|v| v.question.scripts_held())
    }

    /// Answer every side on the same trials (or exactly).
    pub fn run(&self, config: &RunConfig) -> Result<Compared, QuestionError> {
        let c = config.confidence;
        if c.is_nan() || c <= 0.0 || c >= 1.0 {
            return Err(QuestionError::Run(engine::RunError::BadConfidence(c)));
        }
        let (base, models) = self.models()?;
        // Each side gets the budget `odds` would give it.
        let mut exact_refused = None;
        if let Some(budget) = config.exact_budget() {
            match exact_all(base.as_ref(), &models, budget, config) {
                Ok(compared) => {
                    self.scripts_held()?;
                    return Ok(named(compared, &self.variants));
                }
                Err((_, over)) if config.method == MethodRequest::Exact => {
                    return Err(QuestionError::Run(engine::RunError::OverBudget(over)));
                }
                // Paired differences need every side on the same trials: one
                // side over the budget sends them all to Monte Carlo, and the
                // answer says which and why.
                Err((side, over)) => {
                    let side = match side {
                        None => "the baseline".to_string(),
                        Some(i) => format!("variant `{}`", self.variants[i].name),
                    };
                    exact_refused = Some(format!("{side}: {}", over.reason()));
                }
            }
        }
        let trials = match config.method {
            MethodRequest::Trials(0) => return Err(QuestionError::Run(engine::RunError::NoTrials)),
            MethodRequest::Trials(n) => n,
            MethodRequest::Precision(_) => {
                return Err(QuestionError::Input(InputError::argument(
                    "precision",
                    format!(
                        "a comparison runs a fixed number of paired trials: use {} (or {})",
                        Key::Trials.with("N"),
                        Key::Exact.named()
                    ),
                )));
            }
            _ => config.auto_trials,
        };
        let refs: Vec<&dyn Model> = models.iter().map(|m| m.as_ref()).collect();
        let run = engine::run_paired(base.as_ref(), &refs, config, trials)?;
        self.scripts_held()?;
        Ok(self.summarize_paired(run, trials, config, exact_refused))
    }

    /// The paired trials of every side, as [`Comparison::run`] plays them
    /// with `trials` Monte Carlo trials: raw tallies, to be added to the other
    /// shards' when `config` runs one shard.
    pub fn run_paired(
        &self,
        config: &RunConfig,
        trials: u64,
    ) -> Result<engine::PairedRun, QuestionError> {
        let (base, models) = self.models()?;
        let refs: Vec<&dyn Model> = models.iter().map(|m| m.as_ref()).collect();
        let run = engine::run_paired(base.as_ref(), &refs, config, trials)?;
        self.scripts_held()?;
        Ok(run)
    }

    /// The comparison a paired run of `trials` trials gives: each side's
    /// summary and each variant's paired differences.
    pub fn summarize_paired(
        &self,
        run: engine::PairedRun,
        trials: u64,
        config: &RunConfig,
        exact_refused: Option<String>,
    ) -> Compared {
        let result = |side: usize, tally| {
            RunResult::monte_carlo(
                run.schemas[side].clone(),
                tally,
                config.seed,
                config.confidence,
            )
        };
        let baseline = summarize(&result(0, run.base.clone()));
        let mut variants = Vec::new();
        for (i, variant) in self.variants.iter().enumerate() {
            let summary = summarize(&result(i + 1, run.variants[i].clone()));
            let pairing = &run.pairings[i];
            let paired = &run.paired[i];
            // The same question under the same charts: no difference, for sure.
            // Otherwise no discordant trial still leaves an interval above zero.
            let identical = variant.question.book().tree == self.baseline.book().tree
                && variant.question.scenario().pairs() == self.baseline.scenario().pairs();
            let differences = paired_differences(pairing, paired, identical, config.confidence);
            let no_trial_differed = !identical && paired.no_trial_differed();
            let unread_changes = if no_trial_differed {
                unread_changes(&self.baseline, &variant.question)
            } else {
                Vec::new()
            };
            variants.push(VariantAnswer {
                name: variant.name.clone(),
                spec: variant.spec.clone(),
                summary,
                differences,
                differs_at: None,
                no_trial_differed,
                unread_changes,
            });
        }
        Compared {
            exact: false,
            trials: Some(trials),
            exact_refused,
            seed: config.seed,
            confidence: config.confidence,
            baseline,
            variants,
        }
    }
}

/// The rules options `variant` changes from `base` when that is all it
/// changes and neither side's run read any of them (`options.NAME`, in the
/// card's order); empty otherwise.
fn unread_changes(base: &Question, variant: &Question) -> Vec<String> {
    if base.scenario().pairs() != variant.scenario().pairs() {
        return Vec::new();
    }
    let (mut base_tree, mut variant_tree) = (base.book().tree.clone(), variant.book().tree.clone());
    let options = |tree: &mut toml::Table| match tree.get_mut("options") {
        Some(toml::Value::Table(options)) => options.clone(),
        _ => toml::Table::new(),
    };
    let (base_options, variant_options) = (options(&mut base_tree), options(&mut variant_tree));
    let changed: Vec<String> = base_options
        .keys()
        .chain(variant_options.keys())
        .filter(|k| base_options.get(*k) != variant_options.get(*k))
        .cloned()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let read: Vec<&str> = base
        .book()
        .consulted_options()
        .into_iter()
        .chain(variant.book().consulted_options())
        .collect();
    if changed.is_empty() || changed.iter().any(|c| read.contains(&c.as_str())) {
        return Vec::new();
    }
    for tree in [&mut base_tree, &mut variant_tree] {
        if let Some(toml::Value::Table(options)) = tree.get_mut("options") {
            options.retain(|k, _| !changed.iter().any(|c| c == k));
        }
    }
    if base_tree != variant_tree {
        return Vec::new();
    }
    changed.iter().map(|c| format!("options.{c}")).collect()
}

/// Every paired difference of one variant from the baseline: each value of
/// each categorical variable (Tango's interval, McNemar's test), then each
/// mean (paired t); exactly 0
/// where the two sides are the same question under the same charts, since no
/// discordant trial still leaves an interval above zero.
fn paired_differences(
    pairing: &engine::Pairing,
    paired: &engine::PairedTally,
    identical: bool,
    confidence: f64,
) -> Vec<DifferenceRow> {
    let mut differences = Vec::new();
    for (j, var) in pairing.variables.iter().enumerate() {
        for (k, value) in var.values.iter().enumerate() {
            let (b, c) = paired.discordant(pairing, j, k);
            let difference = if identical {
                Difference::exact(0.0, 0.0)
            } else {
                paired_proportion(paired.trials, b, c, confidence)
            };
            differences.push(DifferenceRow {
                variable: var.name.clone(),
                value: Some(value.clone()),
                difference: Difference {
                    p_value: difference.p_value.or(Some(1.0)),
                    ..difference
                },
            });
        }
    }
    for (j, mean) in pairing.means.iter().enumerate() {
        let [sum, squares] = paired.differences[j];
        let difference = if identical {
            Difference::exact(0.0, 0.0)
        } else {
            paired_mean(paired.trials, sum, squares, confidence, mean.range)
        };
        differences.push(DifferenceRow {
            variable: mean.name.clone(),
            value: None,
            difference: Difference {
                p_value: difference.p_value.or(Some(1.0)),
                ..difference
            },
        });
    }
    differences
}

/// Every side exactly, each within its budget, or the first side (in order)
/// over its budget: `None` the baseline, `Some(i)` variant `i`.
fn exact_all(
    base: &dyn Model,
    models: &[Box<dyn Model>],
    budget: u64,
    config: &RunConfig,
) -> Result<Compared, (Option<usize>, crate::dice::OverBudget)> {
    let exact = |model: &dyn Model, budget: u64| -> Result<Summary, crate::dice::OverBudget> {
        let tally = model.exact(budget)?;
        Ok(summarize(&RunResult {
            method: Method::Exact,
            schema: model.schema(),
            tally,
            confidence: config.confidence,
            precision_not_reached: None,
            exact_refused: None,
        }))
    };
    // Every side over the thread pool; read in order, so the first side over
    // the budget is the one reported, as one by one.
    let (baseline, rest) = rayon::join(
        || exact(base, budget),
        || {
            models
                .par_iter()
                .map(|m| exact(m.as_ref(), budget))
                .collect::<Vec<_>>()
        },
    );
    let baseline = baseline.map_err(|over| (None, over))?;
    let mut variants = Vec::new();
    for (i, summary) in rest.into_iter().enumerate() {
        let summary = summary.map_err(|over| (Some(i), over))?;
        let differences = exact_differences(&baseline, &summary);
        variants.push(VariantAnswer {
            name: String::new(),
            spec: String::new(),
            summary,
            differences,
            differs_at: None,
            no_trial_differed: false,
            unread_changes: Vec::new(),
        });
    }
    Ok(Compared {
        exact: true,
        trials: None,
        exact_refused: None,
        seed: config.seed,
        confidence: config.confidence,
        baseline,
        variants,
    })
}

/// Exact differences, outcome by outcome and mean by mean (a value one side
/// lacks has probability 0 there).
fn exact_differences(base: &Summary, variant: &Summary) -> Vec<DifferenceRow> {
    let mut rows = Vec::new();
    let mut seen = Vec::new();
    for o in base.outcomes.iter().chain(&variant.outcomes) {
        let key = (o.variable.clone(), o.value.clone());
        if seen.contains(&key) {
            continue;
        }
        let has_variable = |s: &Summary| s.outcomes.iter().any(|x| x.variable == o.variable);
        if !has_variable(base) || !has_variable(variant) {
            continue;
        }
        let p = |s: &Summary| {
            s.probability(&o.variable, &o.value)
                .map_or(0.0, |e| e.value)
        };
        rows.push(DifferenceRow {
            variable: o.variable.clone(),
            value: Some(o.value.clone()),
            difference: Difference::exact(p(base), p(variant)),
        });
        seen.push(key);
    }
    for m in &base.means {
        if let Some(v) = variant.mean(&m.variable) {
            rows.push(DifferenceRow {
                variable: m.variable.clone(),
                value: None,
                difference: Difference::exact(m.estimate.value, v.value),
            });
        }
    }
    rows
}

/// Name the exact answers' variants (they are built without their names).
fn named(mut compared: Compared, variants: &[Variant]) -> Compared {
    for (answer, variant) in compared.variants.iter_mut().zip(variants) {
        answer.name = variant.name.clone();
        answer.spec = variant.spec.clone();
    }
    compared
}
