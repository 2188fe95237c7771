//! Raw tallies of sharded runs: each shard keeps its tally with everything
//! that identifies the run (`volley odds --shard --save-tally` saves it, a
//! Python `volley.Tally` carries it); a merge checks that the shards belong
//! together and cover the run once, then adds them up.

use crate::engine::{RunResult, Schema, Shard, Tally};
use crate::error::InputError;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use std::path::Path;

/// Most shards a run may be split into.
pub const MAX_SHARDS: u64 = 100_000;

/// One shard's tally and the run it belongs to.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TallyFile {
    pub system: String,
    pub action: String,
    pub scenario: Json,
    pub house_rules: Vec<String>,
    pub seed: u64,
    /// Trials of the whole run (all shards).
    pub trials: u64,
    pub confidence: f64,
    pub shard: Shard,
    pub schema: Schema,
    pub tally: Tally,
    /// The action's notes on reading the answer under the run's rules.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Why the answer is provisional, if it is.
    #[serde(default)]
    pub provisional: Option<String>,
    /// The rules options the shard's trials consulted, with the values used.
    #[serde(default)]
    pub readings: Vec<(String, String)>,
}

impl TallyFile {
    /// Shard `shard` of a run of `trials` trials of `question` under
    /// `config` (its result `result`, the readings it consulted `readings`),
    /// as it is saved.
    pub fn of_shard(
        question: &crate::ask::question::Question,
        config: &crate::engine::RunConfig,
        trials: u64,
        shard: Shard,
        result: &RunResult,
        readings: &[crate::ask::readings::Reading],
    ) -> Self {
        TallyFile {
            system: question.system().name().to_string(),
            action: question.action().name().to_string(),
            scenario: question.scenario().to_json(),
            house_rules: question.book().house_rules.clone(),
            seed: config.seed,
            trials,
            confidence: config.confidence,
            shard,
            schema: result.schema.clone(),
            tally: result.tally.clone(),
            notes: question.notes(),
            provisional: question.provisional(),
            readings: crate::ask::readings::pairs(readings),
        }
    }

    /// Read one shard file.
    pub fn load(path: &Path) -> Result<Self, InputError> {
        let text = crate::error::read_file(path, "tally")?;
        serde_json::from_str(&text).map_err(|e| InputError {
            file: path.display().to_string(),
            line: Some(e.line()),
            field: String::new(),
            message: format!("not a volley tally file: {e}"),
        })
    }

    /// Refuse a file whose fields do not add up: a shard out of its count, more
    /// shards than trials (or than [`MAX_SHARDS`]), a confidence outside (0, 1),
    /// a system or action volley does not know, a tally that does not fit its
    /// schema or its shard's trials.
    fn check(&self, name: &str) -> Result<(), InputError> {
        let bad = |field: &str, message: String| InputError {
            file: name.to_string(),
            line: None,
            field: field.to_string(),
            message,
        };
        let Shard { index, count } = self.shard;
        let limit = MAX_SHARDS.min(self.trials.max(1));
        if count == 0 || count > limit {
            return Err(bad(
                "shard",
                format!(
                    "{count} shards: a run of {} trials has 1 to {limit}",
                    self.trials
                ),
            ));
        }
        if index >= count {
            return Err(bad(
                "shard",
                format!("shard {index} of {count}: K runs from 0 to N-1"),
            ));
        }
        if !(self.confidence > 0.0 && self.confidence < 1.0) {
            return Err(bad(
                "confidence",
                format!("{} is not strictly between 0 and 1", self.confidence),
            ));
        }
        let system = crate::systems::find(&self.system).map_err(|e| bad("system", e.message))?;
        crate::systems::find_action(system, &self.action).map_err(|e| bad("action", e.message))?;
        self.tally
            .check(&self.schema, self.shard.trials_of(self.trials))
            .map_err(|m| bad("tally", m))
    }

    /// Add up shards of one run, in shard order.
    pub fn merge(files: &[(String, TallyFile)]) -> Result<(TallyFile, RunResult), InputError> {
        let Some((_, first)) = files.first() else {
            return Err(InputError::argument(
                "files",
                "give the tally files of every shard",
            ));
        };
        for (name, file) in files {
            file.check(name)?;
        }
        let count = first.shard.count;
        for (name, file) in files {
            let mismatch = |what: &str| InputError {
                file: name.clone(),
                line: None,
                field: what.to_string(),
                message: format!(
                    "differs from {}: these shards are not of one run",
                    files[0].0
                ),
            };
            for (what, same) in [
                (
                    "system",
                    file.system == first.system && file.action == first.action,
                ),
                ("scenario", file.scenario == first.scenario),
                ("house_rules", file.house_rules == first.house_rules),
                ("seed", file.seed == first.seed),
                ("trials", file.trials == first.trials),
                ("shard", file.shard.count == count),
                ("schema", file.schema == first.schema),
            ] {
                if !same {
                    return Err(mismatch(what));
                }
            }
        }
        let in_order = Shard::in_order(files, count, |f| f.shard, "files")?;
        let mut tally = Tally::new(&first.schema);
        for file in in_order {
            tally.merge(&file.tally);
        }
        let result =
            RunResult::monte_carlo(first.schema.clone(), tally, first.seed, first.confidence);
        Ok((first.clone(), result))
    }
}
