//! Shards of one question from Python: a slice of a run's blocks of trials
//! as a tally (the tally file, as the dict a `volley.Tally` carries and
//! pickles), and tallies merged back into the answer of the single run, to
//! the last bit.

use crate::objects::{documents, object};
use crate::request::How;
use crate::{input, run_detached, run_error};
use pyo3::prelude::*;
use volley_core::ask::question::QuestionError;
use volley_core::contract::{AnswerJson, TallyFile};
use volley_core::engine::{RunConfig, Shard};
use volley_core::stats::summarize;

/// The trials of a Monte Carlo run `how` asks for (a shard's run has them).
fn trials(how: &How) -> PyResult<u64> {
    how.ask.trials.ok_or_else(|| {
        crate::InputError::new_err(
            "shard: a shard is a fixed slice of a fixed run: it needs trials",
        )
    })
}

/// Shard `index` of `count` of the Monte Carlo run `how` asks for: its tally
/// file (what `volley odds ... --shard K/N --save-tally` saves).
#[pyfunction]
pub fn odds_shard(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    index: u64,
    count: u64,
) -> PyResult<PyObject> {
    let (asked, how) = crate::request::read(asked, how)?;
    let trials = trials(&how)?;
    let shard = Shard::parse(&format!("{index}/{count}"))
        .and_then(|s| s.check(trials).map(|_| s))
        .map_err(|m| crate::InputError::new_err(format!("shard: {m}")))?;
    let question = asked.question()?;
    let config = RunConfig {
        shard: Some(shard),
        ..how.config()?
    };
    let file = run_detached(py, config, |config| {
        let result = question.answer(config)?;
        let consulted = volley_core::ask::readings::consulted(&question);
        Ok(TallyFile::of_shard(
            &question, config, trials, shard, &result, &consulted,
        ))
    })?;
    object(py, &file)
}

/// Add up the tallies of every shard of one run and answer as the single run
/// of the same question does: the document of `volley.odds(..., trials=N)`.
#[pyfunction]
pub fn merge_tallies(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    tallies: Vec<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let (asked, how) = crate::request::read(asked, how)?;
    let trials = trials(&how)?;
    let question = asked.question()?;
    let files = documents::<TallyFile>("tally", &tallies)?;
    let (run, result) = TallyFile::merge(&files).map_err(input)?;
    if run.system != question.system().name()
        || run.action != question.action().name()
        || run.scenario != question.scenario().to_json()
        || run.seed != how.ask.seed
        || run.trials != trials
    {
        return Err(crate::InputError::new_err(
            "these tallies are of another question, seed or trial count",
        ));
    }
    // The options the shards' trials read, as if this process had played them.
    question.model().map_err(input)?;
    let read: Vec<String> = files
        .iter()
        .flat_map(|(_, f)| f.readings.iter().map(|(option, _)| option.clone()))
        .collect();
    question.book().note_consulted(&read);
    let config = how.config()?;
    let summary = summarize(&result);
    let readings = volley_core::ask::readings::measure(&question, &summary, &config, false)
        .map_err(|e: QuestionError| run_error(e))?;
    object(py, &AnswerJson::of_question(&question, &summary, &readings))
}
