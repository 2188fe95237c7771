//! A request from Python, as the package builds it in one place
//! (`volley/_request.py`): what is asked ([`Asked`]: the question) and how
//! to answer it ([`How`]: the method), each one dict read here into the
//! core's own types, which check it as every front end's.

use crate::{InputError, argument, input};
use pyo3::prelude::*;
use volley_core::engine::{AskError, MethodAsk, MethodName, RunConfig};
use volley_core::question::Question;
use volley_core::rules::HouseRule;
use volley_core::systems::Origin;

/// The question: a system's action, its fields as `field=value` pairs, on
/// house-rule files (in order).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct Asked {
    pub system: String,
    pub action: String,
    pub fields: Vec<(String, String)>,
    pub house_rules: Vec<String>,
}

impl Asked {
    /// The question asked: its fields on its house-rule files.
    pub fn question(&self) -> PyResult<Question> {
        let raw: Vec<_> = self
            .fields
            .iter()
            .map(|(k, v)| (k.clone(), v.clone(), Origin::arguments()))
            .collect();
        Question::new(&self.system, &self.action, &self.rules()?, &raw).map_err(input)
    }

    /// The house-rule files, read in order.
    pub fn rules(&self) -> PyResult<Vec<HouseRule>> {
        self.house_rules
            .iter()
            .map(|path| HouseRule::from_file(std::path::Path::new(path)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(input)
    }

    /// The names of the fields given, in order.
    pub fn given(&self) -> Vec<&str> {
        self.fields.iter().map(|(k, _)| k.as_str()).collect()
    }
}

/// How to answer: the method by name, a trial count or a precision (Monte
/// Carlo), the seed, the intervals' confidence, the exact method's budget.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub struct How {
    pub method: String,
    pub trials: Option<u64>,
    pub precision: Option<f64>,
    pub seed: u64,
    pub confidence: f64,
    pub budget: Option<u64>,
}

impl How {
    /// The run configuration asked for, as the command line's flags would
    /// ask it (`method="exact"` is `--exact`; a trial count or a precision
    /// means Monte Carlo), checked by the core as every front end's.
    pub fn config(&self) -> PyResult<RunConfig> {
        let worded = |e: AskError| InputError::new_err(e.worded(argument));
        let ask = MethodAsk {
            method: MethodName::parse(&self.method).map_err(worded)?,
            trials: self.trials,
            precision: self.precision,
            seed: self.seed,
            confidence: self.confidence,
            budget: self.budget,
            ..MethodAsk::default()
        };
        ask.config().map_err(worded)
    }
}
