//! The core's documents as Python's own objects, and back: every answer,
//! plan, comparison, tally and slice is the core's typed contract made a JSON
//! value (keys in alphabetical order, a non-finite number as null, as the
//! command line prints it), then dicts, lists, strings, numbers, booleans and
//! `None`, with no text in between. Tallies and slices come back from Python
//! (to be merged) the same way in reverse.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};

/// A contract document as the Python objects `json.loads` would make of the
/// command line's `--format json`.
pub fn object<T: Serialize>(py: Python<'_>, document: &T) -> PyResult<PyObject> {
    python(py, &volley_core::contract::to_value(document))
}

/// One JSON value as a Python object.
fn python(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_py_any(py)?,
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_py_any(py)?,
            (None, Some(i)) => i.into_py_any(py)?,
            (None, None) => n.as_f64().unwrap_or(f64::NAN).into_py_any(py)?,
        },
        Value::String(s) => s.into_py_any(py)?,
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|v| python(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(entries) => {
            let dict = PyDict::new(py);
            for (key, v) in entries {
                dict.set_item(key, python(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// Documents handed back from Python to be merged (tallies, slices), each
/// named `KIND i` in errors, read as the core's `T`.
pub fn documents<T: DeserializeOwned>(
    kind: &str,
    items: &[Bound<'_, PyAny>],
) -> PyResult<Vec<(String, T)>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = format!("{kind} {i}");
            let document = serde_json::from_value(value(&name, item)?).map_err(|e| {
                crate::InputError::new_err(format!("{name}: not a volley {kind}: {e}"))
            })?;
            Ok((name, document))
        })
        .collect()
}

/// A Python object (as [`object`] makes them) back as a JSON value; what
/// JSON cannot hold is refused, naming `what`.
fn value(what: &str, object: &Bound<'_, PyAny>) -> PyResult<Value> {
    let refused = || {
        crate::InputError::new_err(format!(
            "{what}: a {} where a volley document holds only dicts, lists, strings, numbers, booleans and None",
            object
                .get_type()
                .name()
                .map_or_else(|_| "value".into(), |n| n.to_string())
        ))
    };
    if object.is_none() {
        Ok(Value::Null)
    } else if let Ok(b) = object.downcast::<PyBool>() {
        Ok(Value::Bool(b.is_true()))
    } else if object.is_instance_of::<PyInt>() {
        match object.extract::<u64>() {
            Ok(u) => Ok(Value::from(u)),
            Err(_) => object
                .extract::<i64>()
                .map(Value::from)
                .map_err(|_| refused()),
        }
    } else if let Ok(f) = object.downcast::<PyFloat>() {
        Ok(Number::from_f64(f.value()).map_or(Value::Null, Value::Number))
    } else if let Ok(s) = object.downcast::<PyString>() {
        Ok(Value::String(s.to_cow()?.into_owned()))
    } else if let Ok(list) = object.downcast::<PyList>() {
        list.iter().map(|v| value(what, &v)).collect()
    } else if let Ok(tuple) = object.downcast::<PyTuple>() {
        tuple.iter().map(|v| value(what, &v)).collect()
    } else if let Ok(dict) = object.downcast::<PyDict>() {
        let mut entries = Map::new();
        for (key, v) in dict.iter() {
            let key = key.downcast::<PyString>().map_err(|_| {
                crate::InputError::new_err(format!(
                    "{what}: a key that is not a string, where a volley document's keys all are"
                ))
            })?;
            entries.insert(key.to_cow()?.into_owned(), value(what, &v)?);
        }
        Ok(Value::Object(entries))
    } else {
        Err(refused())
    }
}
