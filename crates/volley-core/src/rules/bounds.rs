//! The card's limits on its own values: each card's `[bounds]` table gives,
//! by path pattern, the range a house rule may set a value to, and why (a
//! chance in tenths per figure is at most 10, a cohesion penalty at most 19 on
//! a d20, a DRM within the dice it modifies).
//!
//! A pattern is a dotted path where `*` stands for any one key or list index;
//! a list of numbers at a matched path is checked number by number. Values no
//! pattern names keep the general limit of [`super`]: ten times the largest
//! value beside them.

use toml::{Table, Value};

/// One pattern's range.
#[derive(Clone, Debug)]
struct Bound {
    pattern: String,
    min: f64,
    max: f64,
    why: String,
}

/// The bounds a card declares; an error names a malformed entry.
fn declared(tree: &Table) -> Result<Vec<Bound>, String> {
    let Some(table) = tree.get("bounds") else {
        return Ok(Vec::new());
    };
    let Value::Table(table) = table else {
        return Err("`bounds` must be a table of path patterns".to_string());
    };
    table
        .iter()
        .map(|(pattern, entry)| {
            let number = |key: &str| {
                entry
                    .get(key)
                    .and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)))
                    .ok_or_else(|| format!("bounds.\"{pattern}\" needs a number `{key}`"))
            };
            Ok(Bound {
                pattern: pattern.clone(),
                min: number("min")?,
                max: number("max")?,
                why: entry
                    .get("why")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            })
        })
        .collect()
}

/// Check every value the card's bounds name; the first one outside its range
/// is an error naming its path, its range and why.
pub fn check(tree: &Table) -> Result<(), String> {
    for bound in declared(tree)? {
        let segments: Vec<&str> = bound.pattern.split('.').collect();
        let mut found = 0usize;
        let mut each = |path: &str, x: f64| {
            found += 1;
            if x.is_finite() && x >= bound.min && x <= bound.max {
                return Ok(());
            }
            Err(format!(
                "`{path}` = {x} is outside {} to {}: {}",
                bound.min, bound.max, bound.why
            ))
        };
        let (first, rest) = (segments[0], &segments[1..]);
        for (key, child) in tree {
            if key != "bounds" && (first == "*" || first == key) {
                visit(child, rest, key.clone(), &mut each)?;
            }
        }
        if found == 0 {
            return Err(format!(
                "bounds.\"{}\" names no value of the card",
                bound.pattern
            ));
        }
    }
    Ok(())
}

/// Call `each` on every number at a path matching `segments` under `node`.
fn visit(
    node: &Value,
    segments: &[&str],
    path: String,
    each: &mut impl FnMut(&str, f64) -> Result<(), String>,
) -> Result<(), String> {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    let Some((&first, rest)) = segments.split_first() else {
        return match node {
            Value::Integer(i) => each(&path, *i as f64),
            Value::Float(f) => each(&path, *f),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| visit(item, &[], join(&i.to_string()), each)),
            _ => Ok(()),
        };
    };
    match node {
        Value::Table(table) => {
            for (key, child) in table {
                if first == "*" || first == key {
                    visit(child, rest, join(key), each)?;
                }
            }
            Ok(())
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                if first == "*" || first == i.to_string() {
                    visit(child, rest, join(&i.to_string()), each)?;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Table {
        toml::from_str(text).unwrap()
    }

    const CARD: &str = r#"
        [chances]
        infantry = { standing = 3, cover = 1 }
        gun = { standing = 11, cover = 6 }
        [bands]
        list = [1, 2, 3]
        [bounds]
        "chances.infantry.*" = { min = 0, max = 10, why = "a chance in tenths per figure" }
        "bands.list" = { min = 0, max = 5, why = "a small count" }
    "#;

    #[test]
    fn values_within_their_bounds_pass() {
        check(&tree(CARD)).unwrap();
    }

    #[test]
    fn a_value_outside_its_bounds_names_its_path_range_and_why() {
        let mut t = tree(CARD);
        t["chances"]["infantry"]["cover"] = Value::Integer(11);
        assert_eq!(
            check(&t).unwrap_err(),
            "`chances.infantry.cover` = 11 is outside 0 to 10: a chance in tenths per figure"
        );
        let mut t = tree(CARD);
        t["bands"]["list"] = Value::Array(vec![Value::Integer(1), Value::Integer(-1)]);
        assert!(check(&t).unwrap_err().starts_with("`bands.list.1` = -1"));
    }

    #[test]
    fn a_pattern_that_names_nothing_is_an_error_of_the_card() {
        let t = tree("[a]\nx = 1\n[bounds]\n\"a.y\" = { min = 0, max = 1 }\n");
        assert!(check(&t).unwrap_err().contains("names no value"));
    }
}
