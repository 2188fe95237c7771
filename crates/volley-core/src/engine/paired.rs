//! Paired runs: a baseline and its variants played on the same trials.
//!
//! Trial `t` of every model draws from the stream `(seed, t)`, so the variants see
//! the baseline's dice for as long as they ask the same questions. Each trial is
//! played by every model into a scratch tally; the trial's outcome on each side is
//! read back from it and counted jointly: for every categorical variable the two
//! sides share, a table of (baseline value, variant value) counts; for every mean
//! they share, the sum and sum of squares of the per-trial difference. That is all
//! a paired interval or test needs, and it does not grow with the trial count.
//!
//! Chunks run in parallel and merge in index order, as in [`super::run`], so the
//! same seed gives the same bytes on any thread count.

use super::model::Model;
use super::monte_carlo::round_chunks;
use super::run_config::{CHUNK_TRIALS, Progress, RunConfig};
use super::run_error::RunError;
use crate::dice::Sampler;
use crate::tally::{Schema, Tally};
use rayon::prelude::*;

/// A categorical variable both sides report, on the union of their values.
#[derive(Clone, Debug)]
pub struct PairedVariable {
    pub name: String,
    /// The baseline's values, then any only the variant has.
    pub values: Vec<String>,
    base: usize,
    variant: usize,
    /// Value index on each side -> index into `values`.
    base_map: Vec<usize>,
    variant_map: Vec<usize>,
}

/// A mean both sides report.
#[derive(Clone, Debug)]
pub struct PairedMean {
    pub name: String,
    base: usize,
    variant: usize,
    /// The range a trial's difference (variant minus baseline) can take;
    /// infinite ends where a side's bounds are unknown.
    pub range: [f64; 2],
}

/// What a baseline and one variant have in common.
#[derive(Clone, Debug)]
pub struct Pairing {
    pub variables: Vec<PairedVariable>,
    pub means: Vec<PairedMean>,
}

impl Pairing {
    /// Match the two schemas' variables and means by name (values by name too).
    pub fn new(base: &Schema, variant: &Schema) -> Self {
        let mut variables = Vec::new();
        for (b, var) in base.categorical.iter().enumerate() {
            let Some(v) = variant.categorical.iter().position(|x| x.name == var.name) else {
                continue;
            };
            let mut values = var.values.clone();
            let variant_map = variant.categorical[v]
                .values
                .iter()
                .map(|value| match values.iter().position(|x| x == value) {
                    Some(i) => i,
                    None => {
                        values.push(value.clone());
                        values.len() - 1
                    }
                })
                .collect();
            variables.push(PairedVariable {
                name: var.name.clone(),
                base_map: (0..var.values.len()).collect(),
                variant_map,
                values,
                base: b,
                variant: v,
            });
        }
        let means = base
            .means
            .iter()
            .enumerate()
            .filter_map(|(b, m)| {
                let v = variant.means.iter().position(|x| x.name == m.name)?;
                // Variant minus baseline lies between the variant's least less
                // the baseline's most and the other way round.
                let range = match (m.bounds, variant.means[v].bounds) {
                    (Some([bl, bh]), Some([vl, vh])) => [vl - bh, vh - bl],
                    _ => [f64::NEG_INFINITY, f64::INFINITY],
                };
                Some(PairedMean {
                    name: m.name.clone(),
                    base: b,
                    variant: v,
                    range,
                })
            })
            .collect();
        Pairing { variables, means }
    }
}

/// The joint counts of one baseline-variant pair.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PairedTally {
    pub trials: u64,
    /// Per paired variable, a `k x k` table (baseline value, variant value),
    /// row-major, `k` its number of values.
    pub joint: Vec<Vec<u64>>,
    /// Per paired mean, the sum and sum of squares of variant minus baseline.
    pub differences: Vec<[f64; 2]>,
}

impl PairedTally {
    /// No trial gave the variant another value of any paired variable, or
    /// another value of any paired mean, than the baseline's.
    pub fn no_trial_differed(&self) -> bool {
        let concordant = |joint: &Vec<u64>| {
            let k = (joint.len() as f64).sqrt().round() as usize;
            joint
                .iter()
                .enumerate()
                .all(|(i, &n)| n == 0 || i / k == i % k)
        };
        self.joint.iter().all(concordant)
            && self
                .differences
                .iter()
                .all(|&[sum, squares]| sum == 0.0 && squares == 0.0)
    }

    fn new(pairing: &Pairing) -> Self {
        PairedTally {
            trials: 0,
            joint: pairing
                .variables
                .iter()
                .map(|v| vec![0; v.values.len() * v.values.len()])
                .collect(),
            differences: vec![[0.0; 2]; pairing.means.len()],
        }
    }

    /// Add another slice of the same pairing's trials.
    pub fn merge(&mut self, other: &PairedTally) {
        self.trials += other.trials;
        for (a, b) in self.joint.iter_mut().zip(&other.joint) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (a, b) in self.differences.iter_mut().zip(&other.differences) {
            a[0] += b[0];
            a[1] += b[1];
        }
    }

    /// Trials where the baseline took value `value` of variable `var` and the
    /// variant did not (`.0`), and the other way round (`.1`).
    pub fn discordant(&self, pairing: &Pairing, var: usize, value: usize) -> (u64, u64) {
        let k = pairing.variables[var].values.len();
        let table = &self.joint[var];
        let (mut base_only, mut variant_only) = (0, 0);
        for other in (0..k).filter(|o| *o != value) {
            base_only += table[value * k + other];
            variant_only += table[other * k + value];
        }
        (base_only, variant_only)
    }
}

/// Everything a paired run produced: each side's own tally, and per variant the
/// joint counts with the baseline.
#[derive(Clone, Debug)]
pub struct PairedRun {
    pub base: Tally,
    pub variants: Vec<Tally>,
    /// The baseline's schema, then each variant's.
    pub schemas: Vec<Schema>,
    pub pairings: Vec<Pairing>,
    pub paired: Vec<PairedTally>,
}

impl PairedRun {
    /// The tallies of a paired run (or of its shards, added up) under
    /// `schemas` (the baseline's, then each variant's), which set the pairings.
    pub fn new(
        schemas: Vec<Schema>,
        base: Tally,
        variants: Vec<Tally>,
        paired: Vec<PairedTally>,
    ) -> Self {
        let pairings = schemas[1..]
            .iter()
            .map(|s| Pairing::new(&schemas[0], s))
            .collect();
        PairedRun {
            base,
            variants,
            schemas,
            pairings,
            paired,
        }
    }
}

/// The value a one-trial tally holds for categorical variable `var`.
fn taken(tally: &Tally, schema: &Schema, var: usize) -> Option<usize> {
    (0..schema.categorical[var].values.len()).find(|v| tally.cell(var, *v) > 0.0)
}

/// Play `trials` trials of the baseline and every variant on the same streams
/// (`config`'s seed), telling `config`'s progress after each round of chunks and
/// stopping at the next chunk once `config` is cancelled.
pub fn run_paired(
    base: &dyn Model,
    variants: &[&dyn Model],
    config: &RunConfig,
    trials: u64,
) -> Result<PairedRun, RunError> {
    let seed = config.seed;
    let base_schema = base.schema();
    let schemas: Vec<Schema> = variants.iter().map(|m| m.schema()).collect();
    let pairings: Vec<Pairing> = schemas
        .iter()
        .map(|s| Pairing::new(&base_schema, s))
        .collect();
    let empty = || {
        (
            Tally::new(&base_schema),
            schemas.iter().map(Tally::new).collect::<Vec<_>>(),
            pairings.iter().map(PairedTally::new).collect::<Vec<_>>(),
        )
    };
    let (mut base_total, mut variant_totals, mut paired) = empty();
    let last = trials.div_ceil(CHUNK_TRIALS);
    // A round of chunks at a time, merged in order: memory stays flat.
    let per_round = round_chunks();
    for round in (0..last).step_by(per_round as usize) {
        let chunks: Vec<_> = (round..(round + per_round).min(last))
            .into_par_iter()
            .filter(|chunk| config.shard.is_none_or(|s| s.holds(*chunk)))
            .map(|chunk| {
                if config.cancelled() {
                    return None;
                }
                let (mut base_total, mut variant_totals, mut paired) = empty();
                let mut sampler = Sampler::new(seed);
                let mut base_one = Tally::new(&base_schema);
                let mut variant_one: Vec<Tally> = schemas.iter().map(Tally::new).collect();
                let start = chunk * CHUNK_TRIALS;
                for trial in start..(start + CHUNK_TRIALS).min(trials) {
                    base_one.clear();
                    base.simulate(&mut sampler, trial, 1, &mut base_one);
                    base_total.merge(&base_one);
                    for (i, model) in variants.iter().enumerate() {
                        let one = &mut variant_one[i];
                        one.clear();
                        model.simulate(&mut sampler, trial, 1, one);
                        variant_totals[i].merge(one);
                        let pairing = &pairings[i];
                        let counts = &mut paired[i];
                        counts.trials += 1;
                        for (j, var) in pairing.variables.iter().enumerate() {
                            let b =
                                taken(&base_one, &base_schema, var.base).map(|x| var.base_map[x]);
                            let v =
                                taken(one, &schemas[i], var.variant).map(|x| var.variant_map[x]);
                            if let (Some(b), Some(v)) = (b, v) {
                                counts.joint[j][b * var.values.len() + v] += 1;
                            }
                        }
                        for (j, mean) in pairing.means.iter().enumerate() {
                            let d = one.moments(mean.variant)[0] - base_one.moments(mean.base)[0];
                            counts.differences[j][0] += d;
                            counts.differences[j][1] += d * d;
                        }
                    }
                }
                Some((base_total, variant_totals, paired))
            })
            .collect();
        for chunk in &chunks {
            let Some((b, vs, ps)) = chunk else {
                return Err(RunError::Cancelled(base_total.weight as u64));
            };
            base_total.merge(b);
            for (a, x) in variant_totals.iter_mut().zip(vs) {
                a.merge(x);
            }
            for (a, x) in paired.iter_mut().zip(ps) {
                a.merge(x);
            }
        }
        Progress::tell(config, base_total.weight as u64, trials);
    }
    let mut all = vec![base_schema];
    all.extend(schemas);
    Ok(PairedRun::new(all, base_total, variant_totals, paired))
}
