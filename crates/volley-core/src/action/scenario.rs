//! Scenario fields: one schema per action, read from `key=value` arguments and from
//! experiment TOML alike, validated before any work starts.

use super::field_spec::{FieldSpec, FieldValue};
use crate::error::{InputError, near_names, one_of};
use serde_json::{Value as Json, json};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard};

/// Where a raw value came from, for error messages.
#[derive(Clone, Debug)]
pub struct Origin {
    pub file: String,
    pub line: Option<usize>,
}

impl Origin {
    /// Values given as arguments to a front end, not read from a file.
    pub fn arguments() -> Self {
        Origin {
            file: crate::error::ARGUMENTS.to_string(),
            line: None,
        }
    }

    /// `(field, value)` pairs given as arguments, each with that origin: the
    /// raw fields of a question asked by a front end, a test or a bench.
    pub fn arguments_of<K: ToString, V: ToString>(
        pairs: &[(K, V)],
    ) -> Vec<(String, String, Origin)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string(), Origin::arguments()))
            .collect()
    }
}

/// Every field of an action with its resolved value.
///
/// Reading a field the action did not declare (a misspelt name) or reading it as
/// the wrong kind never panics: the accessor returns a neutral value and the read
/// is noted, [`Scenario::misreads`] lists it, and a question refuses to build a
/// model from it. Reads are recorded too, so a test can check that every field an
/// action declares is read.
///
/// The notes are kept under locks, so one scenario may be read from several
/// threads (sweep points answered at once).
#[derive(Debug, Default)]
pub struct Scenario {
    values: BTreeMap<String, FieldValue>,
    reads: Mutex<BTreeSet<String>>,
    misreads: Mutex<Vec<String>>,
}

impl Clone for Scenario {
    fn clone(&self) -> Self {
        Scenario {
            values: self.values.clone(),
            reads: Mutex::new(locked(&self.reads).clone()),
            misreads: Mutex::new(locked(&self.misreads).clone()),
        }
    }
}

/// A note's lock; a panic elsewhere leaves the notes as they were.
fn locked<T>(notes: &Mutex<T>) -> MutexGuard<'_, T> {
    notes
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Scenario {
    /// Resolve raw `(field, value, origin)` triples against `specs`; unset fields
    /// take what the fields given imply ([`FieldSpec::implied`]), else their
    /// defaults.
    pub fn resolve(
        specs: &[FieldSpec],
        raw: &[(String, String, Origin)],
    ) -> Result<Self, InputError> {
        let mut values = BTreeMap::new();
        for (key, value, origin) in raw {
            let error = |message: String| InputError {
                file: origin.file.clone(),
                line: origin.line,
                field: key.clone(),
                message,
            };
            let spec = specs.iter().find(|s| s.name == key).ok_or_else(|| {
                let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
                let near = near_names(key, &names);
                if near.is_empty() {
                    error(format!(
                        "unknown field; this action takes {}",
                        one_of(&names)
                    ))
                } else {
                    error(format!("unknown field; did you mean {}?", one_of(&near)))
                }
            })?;
            values.insert(key.clone(), spec.parse(value).map_err(error)?);
        }
        let given = |name: &str| {
            raw.iter()
                .rev()
                .find(|(key, _, _)| key == name)
                .map(|(_, value, _)| value.trim())
        };
        for spec in specs {
            if values.contains_key(spec.name) {
                continue;
            }
            if let Some(value) = spec.implied.as_ref().and_then(|rule| rule.value(&given)) {
                let value = spec.parse(&value).map_err(|m| {
                    InputError::argument(
                        spec.name,
                        format!("`{value}`, as the fields given imply: {m}"),
                    )
                })?;
                values.insert(spec.name.to_string(), value);
                continue;
            }
            let value = spec.parse(&spec.default).map_err(|m| {
                InputError::argument(
                    spec.name,
                    format!("default `{}` does not read: {m}", spec.default),
                )
            })?;
            values.insert(spec.name.to_string(), value);
        }
        Ok(Scenario {
            values,
            ..Scenario::default()
        })
    }

    /// The value of `name`, noting the read (or the misread, with `kind`).
    fn get(&self, name: &str, kind: &str) -> Option<&FieldValue> {
        locked(&self.reads).insert(name.to_string());
        let value = self.values.get(name);
        if value.is_none() {
            locked(&self.misreads).push(format!(
                "`{name}` (read as {kind}) is not a field of this action"
            ));
        }
        value
    }

    fn misread(&self, name: &str, kind: &str, value: &FieldValue) {
        locked(&self.misreads).push(format!("`{name}` read as {kind}, but it holds {value:?}"));
    }

    /// Reads of fields that do not exist or of the wrong kind, so far.
    pub fn misreads(&self) -> Vec<String> {
        locked(&self.misreads).clone()
    }

    /// Names of the fields read so far.
    pub fn reads(&self) -> BTreeSet<String> {
        locked(&self.reads).clone()
    }

    /// Names of every field.
    pub fn names(&self) -> Vec<String> {
        self.values.keys().cloned().collect()
    }

    pub fn int(&self, name: &str) -> i64 {
        match self.get(name, "an integer") {
            Some(FieldValue::Int(v)) => *v,
            Some(other) => {
                self.misread(name, "an integer", other);
                0
            }
            None => 0,
        }
    }

    /// A limit or optional field: `None` when its word (`unlimited`,
    /// `computed`) is given.
    pub fn limit(&self, name: &str) -> Option<i64> {
        match self.get(name, "a limit") {
            Some(FieldValue::Int(v)) => Some(*v),
            Some(FieldValue::Text(_)) => None,
            Some(other) => {
                self.misread(name, "a limit", other);
                None
            }
            None => None,
        }
    }

    pub fn int32(&self, name: &str) -> i32 {
        self.int(name) as i32
    }

    pub fn number(&self, name: &str) -> f64 {
        match self.get(name, "a number") {
            Some(FieldValue::Number(v)) => *v,
            Some(FieldValue::Int(v)) => *v as f64,
            Some(other) => {
                self.misread(name, "a number", other);
                0.0
            }
            None => 0.0,
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        match self.get(name, "a flag") {
            Some(FieldValue::Bool(v)) => *v,
            Some(other) => {
                self.misread(name, "a flag", other);
                false
            }
            None => false,
        }
    }

    pub fn text(&self, name: &str) -> &str {
        match self.get(name, "a choice") {
            Some(FieldValue::Text(v)) => v,
            Some(other) => {
                self.misread(name, "a choice", other);
                ""
            }
            None => "",
        }
    }

    pub fn list(&self, name: &str) -> &[String] {
        match self.get(name, "a list") {
            Some(FieldValue::List(v)) => v,
            Some(other) => {
                self.misread(name, "a list", other);
                &[]
            }
            None => &[],
        }
    }

    /// The resolved fields as a JSON object (for `--format json`).
    pub fn to_json(&self) -> Json {
        let map = self
            .values
            .iter()
            .map(|(k, v)| {
                let value = match v {
                    FieldValue::Int(i) => json!(i),
                    FieldValue::Number(x) => json!(x),
                    FieldValue::Bool(b) => json!(b),
                    FieldValue::Text(t) => json!(t),
                    FieldValue::List(l) => json!(l.join("+")),
                };
                (k.clone(), value)
            })
            .collect();
        Json::Object(map)
    }

    /// `key=value` pairs in field order, for tables and reports.
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.values
            .iter()
            .map(|(k, v)| {
                let text = match v {
                    FieldValue::Int(i) => i.to_string(),
                    FieldValue::Number(x) => x.to_string(),
                    FieldValue::Bool(b) => b.to_string(),
                    FieldValue::Text(t) => t.clone(),
                    FieldValue::List(l) => l.join("+"),
                };
                (k.clone(), text)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs() -> Vec<FieldSpec> {
        vec![
            FieldSpec::int("cohesion", 1, 20, 14, "force cohesion"),
            FieldSpec::choice(
                "target",
                &["personnel", "other"],
                "personnel",
                "defense class",
            ),
        ]
    }

    fn raw(k: &str, v: &str) -> (String, String, Origin) {
        (k.to_string(), v.to_string(), Origin::arguments())
    }

    #[test]
    fn defaults_fill_unset_fields() {
        let s = Scenario::resolve(&specs(), &[raw("target", "other")]).unwrap();
        assert_eq!(s.int("cohesion"), 14);
        assert_eq!(s.text("target"), "other");
    }

    #[test]
    fn out_of_range_names_field_and_range() {
        let e = Scenario::resolve(&specs(), &[raw("cohesion", "21")]).unwrap_err();
        assert_eq!(e.field, "cohesion");
        assert!(e.message.contains("1 to 20"), "{}", e.message);
    }

    #[test]
    fn a_misspelt_read_is_noted_not_a_panic() {
        let s = Scenario::resolve(&specs(), &[]).unwrap();
        assert_eq!(s.int("cohesian"), 0);
        assert_eq!(s.text("cohesion"), "");
        assert_eq!(s.misreads().len(), 2, "{:?}", s.misreads());
        assert!(s.reads().contains("cohesian"));
    }

    #[test]
    fn unknown_field_lists_the_fields() {
        let e = Scenario::resolve(&specs(), &[raw("cohesian", "3")]).unwrap_err();
        assert!(e.message.contains("`cohesion`"), "{}", e.message);
    }
}
