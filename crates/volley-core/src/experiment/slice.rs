//! An experiment cut into shards that run apart (the jobs of a Slurm array,
//! a Kubernetes Indexed Job, the workers of a Dask cluster) and put back
//! together into the points of the single run, to the last bit.
//!
//! The work is a list of units, point by point in grid order: a point with a
//! fixed trial count is one unit per block of trials (the engine's chunks,
//! each with its own random streams), any other point (exact, automatic or to
//! a precision) one unit. Unit `u` goes to shard `u mod n`, so both points and
//! trials are spread. A shard answers its whole points as the single run
//! would, and plays its blocks of the others into raw tallies; the merge adds
//! each point's tallies in shard order (they hold whole counts and sums of
//! whole numbers, so the order of the additions does not change a bit) and
//! summarizes them as the single run does.

use super::{Point, Prepared};
use crate::engine::{CHUNK_TRIALS, MethodRequest, PairedTally, RunConfig, Shard};
use crate::error::InputError;
use crate::stats::summarize;
use crate::tally::{RunResult, Tally};
use serde::{Deserialize, Serialize};
use std::hash::Hasher;

/// What a slice file says it is, first thing.
pub const FORMAT: &str = "volley experiment slice 1";

/// One shard's part of an experiment.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Slice {
    pub format: String,
    pub experiment: String,
    /// The experiment file the shard ran, as it was named.
    pub file: String,
    /// A hash of the experiment file's text: slices of one run only.
    pub fingerprint: String,
    pub shard: Shard,
    pub parts: Vec<Part>,
    /// Per variant, the options of the card its trials consulted.
    pub consulted: Vec<Vec<String>>,
}

/// A shard's part of one grid point.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Part {
    /// The point's place in the grid.
    pub point: usize,
    pub piece: Piece,
}

/// Either the whole point, or this shard's blocks of its trials.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// Every variant's answer, as the single run gives it.
    Whole(Vec<Point>),
    /// Raw tallies of this shard's blocks: one per variant and, when the
    /// variants are paired, the joint counts of each with the first.
    Trials {
        tallies: Vec<Tally>,
        paired: Vec<PairedTally>,
    },
}

/// The experiment text's fingerprint.
pub fn fingerprint(text: &str) -> String {
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write(text.as_bytes());
    format!("{:016x}", hasher.finish())
}

impl Prepared {
    /// The trial count a point's trials are split by, when they are split:
    /// a run of a fixed number of trials.
    fn split_trials(&self) -> Option<u64> {
        match self.config.method {
            MethodRequest::Trials(n) if n > 0 => Some(n),
            _ => None,
        }
    }

    /// Run shard `shard` of the experiment. A shard may be left without work
    /// (more shards than units: one array over several experiments); its
    /// slice is then empty, and still counts in the merge.
    pub fn slice(&self, shard: Shard) -> Result<Slice, InputError> {
        let per_point = self.split_trials().map(|n| n.div_ceil(CHUNK_TRIALS));
        let n = shard.count;
        // Per point, the shard's slice of its blocks, or whether it owns it.
        let mine: Vec<(usize, Option<Shard>)> = (0..self.grid.len())
            .filter_map(|p| match per_point {
                Some(blocks) => {
                    let first_unit = p as u64 * blocks;
                    let index = (shard.index + n - first_unit % n) % n;
                    (index < blocks).then_some((p, Some(Shard { index, count: n })))
                }
                None => (p as u64 % n == shard.index).then_some((p, None)),
            })
            .collect();
        let indices: Vec<usize> = mine.iter().map(|(p, _)| *p).collect();
        let within: std::collections::HashMap<usize, Option<Shard>> = mine.into_iter().collect();
        let pieces = self.answer_points(&indices, None, |p| {
            let values = &self.grid[p];
            let piece = match within[&p] {
                None => Piece::Whole(self.answer_point(values, &self.config)?),
                Some(blocks) => self.play_blocks(values, blocks)?,
            };
            Ok(Part { point: p, piece })
        })?;
        Ok(Slice {
            format: FORMAT.to_string(),
            experiment: self.experiment.name.clone(),
            file: self.experiment.file.clone(),
            fingerprint: fingerprint(&self.experiment.text),
            shard,
            parts: pieces,
            consulted: self
                .questions
                .iter()
                .map(|q| {
                    q.book()
                        .consulted_options()
                        .iter()
                        .map(|o| o.to_string())
                        .collect()
                })
                .collect(),
        })
    }

    /// This shard's blocks of a point's trials, as raw tallies.
    fn play_blocks(&self, values: &[String], within: Shard) -> Result<Piece, InputError> {
        let config = RunConfig {
            shard: Some(within),
            ..self.config.clone()
        };
        let at_point = self.questions_at(values)?;
        let fail = |e| self.failed(e, values);
        if self.unpaired() {
            let tallies = at_point
                .iter()
                .map(|q| q.answer(&config).map(|r| r.tally).map_err(fail))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Piece::Trials {
                tallies,
                paired: Vec::new(),
            });
        }
        let trials = self.split_trials().expect("blocks only of a trial count");
        let run = self
            .comparison(&at_point)
            .run_paired(&config, trials)
            .map_err(fail)?;
        let mut tallies = vec![run.base];
        tallies.extend(run.variants);
        Ok(Piece::Trials {
            tallies,
            paired: run.paired,
        })
    }

    /// Put the slices of every shard back together: the points the single
    /// run gives, in its order. `names` label the slices in errors.
    pub fn merge(&self, slices: &[(String, Slice)]) -> Result<Vec<Point>, InputError> {
        let bad = |name: &str, field: &str, message: String| InputError {
            file: name.to_string(),
            line: None,
            field: field.to_string(),
            message,
        };
        let Some((_, first)) = slices.first() else {
            return Err(InputError::argument(
                "slices",
                "give the slices of every shard",
            ));
        };
        let count = first.shard.count;
        let fingerprint = fingerprint(&self.experiment.text);
        for (name, slice) in slices {
            if slice.format != FORMAT {
                return Err(bad(
                    name,
                    "format",
                    format!(
                        "not a slice of this volley's experiments ({})",
                        slice.format
                    ),
                ));
            }
            if slice.fingerprint != fingerprint || slice.experiment != self.experiment.name {
                return Err(bad(
                    name,
                    "fingerprint",
                    format!(
                        "a slice of another run of `{}`: the experiment file changed since it ran, or it is another experiment",
                        slice.experiment
                    ),
                ));
            }
            if slice.shard.count != count || slice.shard.index >= count {
                return Err(bad(
                    name,
                    "shard",
                    format!(
                        "shard {}/{} among shards of {count}",
                        slice.shard.index, slice.shard.count
                    ),
                ));
            }
        }
        let in_order = Shard::in_order(slices, count, |s| s.shard, "slices")?;
        // What the shards' trials consulted, as if this process had played
        // them: the models are built (their charts compiled) to take the note.
        for (i, question) in self.questions_at(&self.grid[0])?.iter().enumerate() {
            question.model()?;
            for slice in slices.iter().map(|(_, s)| s) {
                if let Some(names) = slice.consulted.get(i) {
                    question.book().note_consulted(names);
                }
            }
        }
        // Per point, its parts in shard order.
        let mut parts: Vec<Vec<&Piece>> = vec![Vec::new(); self.grid.len()];
        for slice in in_order {
            for part in &slice.parts {
                let Some(slot) = parts.get_mut(part.point) else {
                    return Err(bad(
                        &slice.file,
                        "point",
                        format!("point {} is not in the grid", part.point),
                    ));
                };
                slot.push(&part.piece);
            }
        }
        let answered = parts
            .iter()
            .enumerate()
            .map(|(p, pieces)| self.put_together(p, pieces))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.by_variant(answered))
    }

    /// One point from its pieces.
    fn put_together(&self, p: usize, pieces: &[&Piece]) -> Result<Vec<Point>, InputError> {
        let values = &self.grid[p];
        let broken = |message: &str| {
            InputError::argument(
                "slices",
                format!(
                    "the point {}: {message}",
                    self.experiment.point_label(values)
                ),
            )
        };
        if let [Piece::Whole(points)] = pieces {
            return Ok(points.clone());
        }
        let (Some(trials), false) = (self.split_trials(), pieces.is_empty()) else {
            return Err(broken("no shard answered it"));
        };
        let mut sum: Option<(Vec<Tally>, Vec<PairedTally>)> = None;
        for piece in pieces {
            let Piece::Trials { tallies, paired } = piece else {
                return Err(broken("answered whole and in blocks"));
            };
            match &mut sum {
                None => sum = Some((tallies.clone(), paired.clone())),
                Some((t, q)) if t.len() == tallies.len() && q.len() == paired.len() => {
                    t.iter_mut().zip(tallies).for_each(|(a, b)| a.merge(b));
                    q.iter_mut().zip(paired).for_each(|(a, b)| a.merge(b));
                }
                Some(_) => return Err(broken("its slices hold different variants")),
            }
        }
        let (tallies, paired) = sum.expect("one piece or more");
        let at_point = self.questions_at(values)?;
        let fail = |e: crate::ask::question::QuestionError| self.failed(e, values);
        if tallies.len() != at_point.len() || tallies.iter().any(|t| t.weight as u64 != trials) {
            return Err(broken("its blocks do not add up to its trials"));
        }
        if self.unpaired() {
            return at_point
                .iter()
                .zip(tallies)
                .enumerate()
                .map(|(i, (question, tally))| {
                    let schema = question.model().map_err(|e| fail(e.into()))?.schema();
                    let result = RunResult::monte_carlo(
                        schema,
                        tally,
                        self.config.seed,
                        self.config.confidence,
                    );
                    Ok(self.point(i, values, summarize(&result), question, Vec::new()))
                })
                .collect();
        }
        let comparison = self.comparison(&at_point);
        let schemas = at_point
            .iter()
            .map(|q| q.model().map(|m| m.schema()))
            .collect::<Result<Vec<_>, InputError>>()
            .map_err(|e| fail(e.into()))?;
        let mut tallies = tallies.into_iter();
        let base = tallies.next().expect("a baseline");
        let run = crate::engine::PairedRun::new(schemas, base, tallies.collect(), paired);
        let compared = comparison.summarize_paired(run, trials, &self.config, None);
        Ok(self.points_of(values, &at_point, compared))
    }
}
