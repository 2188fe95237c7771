//! Experiments from Python: an experiment file (or the TOML `volley.sweep`
//! writes) answered into the results frame, column by column, with its
//! metadata; or one shard of it into a slice, and slices merged back into the
//! frame of the single run.

use crate::objects::{documents, object};
use crate::{detached, input};
use pyo3::prelude::*;
use std::path::Path;
use volley_core::engine::Cancel;
use volley_core::engine::Shard;
use volley_core::experiment::{Experiment, Point, Prepared, slice::Slice};

/// The experiment `text` (named `label` in errors; its house-rule paths
/// relative to `folder`), checked and ready to answer.
fn prepared(label: &str, text: &str, folder: &str, max_points: u64) -> PyResult<Prepared> {
    let experiment = Experiment::parse(label, text, Path::new(folder)).map_err(input)?;
    Prepared::new(&experiment, max_points, None).map_err(input)
}

/// The frame of answered points: `{"columns": [{"name", "dtype",
/// "values"}], "meta": {...}}`, the columns and metadata of `results.parquet`
/// (less the figures, which `volley run` draws).
fn frame(py: Python<'_>, prepared: &Prepared, points: &[Point]) -> PyResult<PyObject> {
    let (columns, rows, meta) = prepared.frame(points);
    let table = volley_core::experiment::table(&columns, &rows);
    object(py, &serde_json::json!({ "columns": table, "meta": meta }))
}

/// Answer a whole experiment: its frame.
#[pyfunction]
pub fn experiment(
    py: Python<'_>,
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
) -> PyResult<PyObject> {
    let mut prepared = prepared(label, text, folder, max_points)?;
    let cancel = Cancel::default();
    prepared.config.cancel = Some(cancel.clone());
    let answered = detached(py, &cancel, || prepared.answer(None))?;
    frame(py, &prepared, &answered.map_err(input)?)
}

/// Run shard `index` of `count` of an experiment: its slice.
#[pyfunction]
pub fn experiment_slice(
    py: Python<'_>,
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
    index: u64,
    count: u64,
) -> PyResult<PyObject> {
    if count == 0 || index >= count {
        return Err(crate::InputError::new_err(format!(
            "shard: ({index}, {count}): K runs from 0 to N-1"
        )));
    }
    let mut prepared = prepared(label, text, folder, max_points)?;
    let cancel = Cancel::default();
    prepared.config.cancel = Some(cancel.clone());
    let slice = detached(py, &cancel, || prepared.slice(Shard { index, count }))?;
    object(py, &slice.map_err(input)?)
}

/// Put an experiment's slices (every shard's) back together: the frame of
/// the single run.
#[pyfunction]
pub fn experiment_merge(
    py: Python<'_>,
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
    slices: Vec<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let prepared = prepared(label, text, folder, max_points)?;
    let slices = documents::<Slice>("slice", &slices)?;
    let points = prepared.merge(&slices).map_err(input)?;
    frame(py, &prepared, &points)
}
