//! A request from Python, as the package builds it in one place
//! (`volley/_request.py`): what is asked ([`Asked`]: the question) and how
//! to answer it ([`How`]: the method), each one dict read here into the
//! core's own types, which check it as every front end's.

use crate::{InputError, argument, input};
use pyo3::prelude::*;
use volley_core::ask::question::Question;
use volley_core::engine::{AskError, MethodAsk, MethodName, RunConfig};
use volley_core::rules::HouseRule;
use volley_core::systems::Origin;

/// The question: a system's action, its fields as `field=value` pairs, on
/// house-rule files (in order).
pub struct Asked {
    pub system: String,
    pub action: String,
    pub fields: Vec<(String, String)>,
    pub house_rules: Vec<String>,
}

/// The request's entry `key`, its error naming the keyword argument it came
/// from (`argument 'trials': ...`), as Python's own errors name one.
fn item<'py, T: FromPyObject<'py>>(request: &Bound<'py, PyAny>, key: &str) -> PyResult<T> {
    request.get_item(key)?.extract().map_err(|e: PyErr| {
        let py = request.py();
        PyErr::from_type(e.get_type(py), format!("argument '{key}': {}", e.value(py)))
    })
}

impl<'py> FromPyObject<'py> for Asked {
    fn extract_bound(request: &Bound<'py, PyAny>) -> PyResult<Self> {
        Ok(Asked {
            system: item(request, "system")?,
            action: item(request, "action")?,
            fields: item(request, "fields")?,
            house_rules: item(request, "house_rules")?,
        })
    }
}

impl<'py> FromPyObject<'py> for How {
    fn extract_bound(request: &Bound<'py, PyAny>) -> PyResult<Self> {
        Ok(How {
            method: item(request, "method")?,
            ask: MethodAsk {
                trials: item(request, "trials")?,
                precision: item(request, "precision")?,
                seed: item(request, "seed")?,
                confidence: item(request, "confidence")?,
                budget: item(request, "budget")?,
                ..MethodAsk::default()
            },
        })
    }
}

/// The question and how to answer it, from the two dicts the package
/// builds. Read here rather than as the function's arguments, so that an
/// error names the keyword argument at fault, not the dict that carried it.
pub fn read(asked: &Bound<'_, PyAny>, how: &Bound<'_, PyAny>) -> PyResult<(Asked, How)> {
    Ok((asked.extract()?, how.extract()?))
}

impl Asked {
    /// The question asked: its fields on its house-rule files.
    pub fn question(&self) -> PyResult<Question> {
        let raw = Origin::arguments_of(&self.fields);
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

/// How to answer: the method by name, and the rest (a trial count or a
/// precision, the seed, the intervals' confidence, the exact method's
/// budget) as the core's request. The name is checked when the run is
/// configured, after the question, as every front end checks them.
pub struct How {
    pub method: String,
    pub ask: MethodAsk,
}

impl How {
    /// The run configuration asked for, as the command line's flags would
    /// ask it (`method="exact"` is `--exact`; a trial count or a precision
    /// means Monte Carlo), checked by the core as every front end's.
    pub fn config(&self) -> PyResult<RunConfig> {
        let worded = |e: AskError| InputError::new_err(e.worded(argument));
        let ask = MethodAsk {
            method: MethodName::parse(&self.method).map_err(worded)?,
            ..self.ask.clone()
        };
        ask.config().map_err(worded)
    }
}
