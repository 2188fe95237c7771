//! What a house rule's change makes of a chart's value: the value set, or
//! the card's value added to or multiplied; the scale a patched number must
//! keep; and the record of each value patched (old -> new) that answers,
//! comparisons and sheets under a house rule print.

use super::house_rule::{Change, Op};
use toml::{Table, Value};

/// One value a house rule changed: which rule, where, and the value before
/// and after (`None` before: an entry added to a chart the card lacks).
#[derive(Clone, Debug, PartialEq)]
pub struct Patch {
    pub rule: String,
    pub path: String,
    pub old: Option<Value>,
    pub new: Value,
}

/// The value at the path `segments`, if the tree has one.
pub(super) fn lookup<'a>(tree: &'a Table, segments: &[&str]) -> Option<&'a Value> {
    let (first, rest) = segments.split_first()?;
    let mut node = tree.get(*first)?;
    for segment in rest {
        node = match node {
            Value::Table(t) => t.get(*segment)?,
            Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// The numbers beside the value at `segments` on the card: its parent's
/// entries (or the list it replaces), the scale a patch is held to.
fn beside(tree: &Table, segments: &[&str]) -> Option<Vec<f64>> {
    let parent = &segments[..segments.len() - 1];
    let numbers: Vec<f64> = if parent.is_empty() {
        tree.values().flat_map(numbers).collect()
    } else {
        match lookup(tree, parent)? {
            Value::Table(t) => t.values().flat_map(numbers).collect(),
            Value::Array(items) => items.iter().flat_map(numbers).collect(),
            _ => Vec::new(),
        }
    };
    Some(numbers)
}

/// A value's numbers: itself, or a list's (one level deep).
fn numbers(v: &Value) -> Vec<f64> {
    match v {
        Value::Array(items) => items.iter().filter_map(number).collect(),
        v => number(v).into_iter().collect(),
    }
}

/// A patched number stays within its chart's scale: at most ten times the
/// largest magnitude among the numbers next to it on the card (and never beyond
/// 100 when those are small), and not below zero where all of them are at
/// least zero (a count, a chance, a distance). So a house rule can move any
/// value as far as a designer would, but not to 2,000,000,000.
pub(super) fn check_scale(tree: &Table, segments: &[&str], value: &Value) -> Result<(), String> {
    let new = numbers(value);
    let Some(beside) = beside(tree, segments) else {
        return Ok(());
    };
    if new.is_empty() || beside.is_empty() {
        return Ok(());
    }
    let scale = beside.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let bound = (10.0 * scale).max(100.0);
    let non_negative = beside.iter().all(|x| *x >= 0.0);
    for x in new {
        if !x.is_finite() || x.abs() > bound {
            return Err(format!(
                "{x} is out of this chart's scale: the values beside it reach {scale}, so a house rule may set at most {bound} in size"
            ));
        }
        if non_negative && x < 0.0 {
            return Err(format!(
                "{x} is negative where every value beside it on the card is zero or more"
            ));
        }
    }
    Ok(())
}

/// The value `change` gives the cell whose value is `old`: its own
/// (refused if written `+N`, which reads as "N more" as much as "N"), or
/// `old` changed by it.
pub(super) fn new_value(change: &Change, old: Option<&Value>) -> Result<Value, String> {
    let Some(old) = old else {
        return match change.op {
            Op::Set => Ok(change.value.clone()),
            _ => Err(format!(
                "the card has no value here to change by {}: set the new entry with `=`",
                change.value
            )),
        };
    };
    if change.op == Op::Set {
        // A value written `+N` reads as "N more" as much as "N": refused
        // wherever it is set (a negative number needs its sign; `+N` never).
        if change.signed && !numbers(&change.value).is_empty() {
            return Err(ambiguous_sign(change, old));
        }
        return Ok(change.value.clone());
    }
    let Some(by) = number(&change.value) else {
        return Err(format!(
            "`{}` takes a number, not {}",
            change.op.symbol(),
            change.value
        ));
    };
    changed(old, change.op, by)
}

/// Why `=+N` is refused on a chart of counts, and the two ways to say it.
fn ambiguous_sign(change: &Change, old: &Value) -> String {
    let n = &change.value;
    let added = number(old)
        .zip(number(n))
        .map(|(o, by)| format!(" ({old} -> {})", tidy(o + by)))
        .unwrap_or_default();
    let (add, set) = match change.line {
        Some(_) => (
            format!("put it under [add] to add {n}{added}"),
            format!("write {n} without the sign to set it"),
        ),
        None => (
            format!("write `{}+={n}` to add {n}{added}", change.path),
            format!("`{}={n}` to set it", change.path),
        ),
    };
    format!("`+{n}` would set this value to {n} (it is {old}), not add {n} to it; {add}, or {set}")
}

fn number(v: &Value) -> Option<f64> {
    v.as_integer().map(|i| i as f64).or_else(|| v.as_float())
}

/// A float result without the binary fraction's noise (0.1 + 0.2 is 0.3).
fn tidy(x: f64) -> f64 {
    (x * 1e9).round() / 1e9
}

/// The card's value `old` changed by `by`: a number, or each number of a list.
fn changed(old: &Value, op: Op, by: f64) -> Result<Value, String> {
    let apply = |x: f64| match op {
        Op::Add => x + by,
        Op::Subtract => x - by,
        Op::Multiply => x * by,
        Op::Set => by,
    };
    match old {
        Value::Integer(i) => {
            let x = apply(*i as f64);
            if !x.is_finite() || x.abs() > 1e12 {
                return Err(format!(
                    "{i} {} {by} is out of any chart's scale",
                    &op.symbol()[..1]
                ));
            }
            let x = tidy(x);
            if x.fract() != 0.0 {
                return Err(format!(
                    "the card has a whole number here ({i}); {i} {} {by} is {x}, not a whole number",
                    &op.symbol()[..1]
                ));
            }
            Ok(Value::Integer(x as i64))
        }
        Value::Float(f) => match apply(*f) {
            x if x.is_finite() && x.abs() <= 1e12 => Ok(Value::Float(tidy(x))),
            _ => Err(format!(
                "{f} {} {by} is out of any chart's scale",
                &op.symbol()[..1]
            )),
        },
        Value::Array(items) => items
            .iter()
            .map(|item| changed(item, op, by))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        other => Err(format!(
            "the card has {} here, not a number: only numbers (or lists of them) can be {}",
            match other {
                Value::Table(_) => "a table".to_string(),
                other => other.to_string(),
            },
            match op {
                Op::Multiply => "multiplied",
                _ => "added to",
            }
        )),
    }
}
