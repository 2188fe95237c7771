//! Chart data: each system's charts as TOML embedded in the binary, and house rules
//! that patch them.
//!
//! A [`RuleBook`] is the card's data as a TOML tree. A [`HouseRule`] is a small TOML
//! file whose `[set]` table maps dotted paths (`"terrain.woods.personnel"`,
//! `"crt.a.rows.5.+1"`, `"options.ms_naturals"`) to new values. A path that does not
//! exist, or a value of another type than the card's, is an error that names the
//! house-rule file, line and path; a patch is never a silent no-op. The one place a
//! house rule may add entries is a table marked `user_supplied = true`: a chart the
//! card lacks, such as Micro Force's weapon and range chart. A house rule's
//! `[[roll]]` tables change the procedures' named rolls instead ([`rolls`]),
//! and its `[[script]]` tables attach code to them: the book keeps them,
//! checked (and compiled) against its system's roll points, and the
//! compiled charts carry them to the procedures.

mod bounds;
mod consulted;
mod house_rule;
mod patch;
pub mod rolls;

pub use consulted::{OptionsRead, option_index};
pub use house_rule::{Change, HouseRule, Op};
pub use patch::Patch;
pub use rolls::{RollPoint, RollRules};

use crate::error::{InputError, near_names, one_of};
use serde::de::DeserializeOwned;
use std::any::Any;
use std::sync::{Arc, OnceLock};
use toml::{Table, Value};

/// A card's chart data as shipped: the path shown to users and the TOML text
/// (embedded in the binary by the system that owns it).
#[derive(Clone, Copy, Debug)]
pub struct Card {
    pub file: &'static str,
    pub text: &'static str,
}

/// The card of the rule system whose data is `rules/NAME.toml`, embedded,
/// with the path its errors name (`card!("micro_force")`, or
/// `card!(stringify!(micro_force))` from a system's folder name).
macro_rules! card {
    ($name:expr) => {
        crate::rules::Card {
            file: concat!("crates/volley-core/src/rules/", $name, ".toml"),
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/rules/",
                $name,
                ".toml"
            )),
        }
    };
}
pub(crate) use card;

/// A system's chart data, possibly patched by house rules.
#[derive(Clone, Debug)]
pub struct RuleBook {
    pub system: String,
    pub tree: Table,
    /// Names of the house rules applied, in order.
    pub house_rules: Vec<String>,
    /// Every value they changed, old -> new, in the order changed (a roll
    /// rule as `rolls.POINT`, what it does in words).
    pub patches: Vec<Patch>,
    /// Their roll rules, in the order given.
    pub rolls: RollRules,
    /// The chart file the tree was read from.
    source: &'static str,
    /// The system's typed charts compiled from `tree`, once, on first use.
    compiled: CompiledCache,
}

/// A slot for a rule book's compiled charts, of whatever type the system uses,
/// and the record of the options read through them. Clones of a book share it
/// until one of them is patched.
#[derive(Clone, Default)]
struct CompiledCache {
    charts: Arc<OnceLock<Arc<dyn Any + Send + Sync>>>,
    consulted: Arc<OnceLock<OptionsRead>>,
}

impl std::fmt::Debug for CompiledCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.charts.get().is_some() {
            "compiled"
        } else {
            "not compiled"
        })
    }
}

impl RuleBook {
    /// The card's data for `system`, as shipped.
    pub fn card(system: &str, card: Card) -> Result<Self, InputError> {
        let tree: Table =
            toml::from_str(card.text).map_err(|e| InputError::toml(card.file, card.text, &e))?;
        bounds::check(&tree).map_err(|message| InputError {
            file: card.file.to_string(),
            line: None,
            field: "bounds".to_string(),
            message,
        })?;
        Ok(RuleBook {
            system: system.to_string(),
            tree,
            house_rules: Vec::new(),
            patches: Vec::new(),
            rolls: RollRules::default(),
            source: card.file,
            compiled: CompiledCache::default(),
        })
    }

    /// The path of the embedded chart file, for provenance in output.
    pub fn source_file(&self) -> &'static str {
        self.source
    }

    /// Deserialize the (patched) tree into a system's typed charts.
    pub fn typed<T: DeserializeOwned>(&self) -> Result<T, String> {
        Value::Table(self.tree.clone())
            .try_into()
            .map_err(|e: toml::de::Error| e.message().trim().to_string())
    }

    /// The charts compiled from this book by `compile`, compiled on the first
    /// call only; later calls (every model, sweep point and help text of a
    /// question) share them.
    pub fn compiled<C: Any + Send + Sync>(
        &self,
        compile: impl FnOnce(&RuleBook) -> Result<C, String>,
    ) -> Result<Arc<C>, String> {
        if let Some(done) = self.compiled.charts.get()
            && let Ok(charts) = Arc::clone(done).downcast::<C>()
        {
            return Ok(charts);
        }
        let charts = Arc::new(compile(self)?);
        // Only the first type compiled from a book is kept (a book belongs to one
        // system, so there is only ever one).
        let _ = self.compiled.charts.set(charts.clone());
        // Another thread may have compiled them first: use the charts kept.
        if let Some(kept) = self.compiled.charts.get()
            && let Ok(kept) = Arc::clone(kept).downcast::<C>()
        {
            return Ok(kept);
        }
        Ok(charts)
    }

    /// Keep `read`, the record of the options read through this book's
    /// compiled charts (the first record given is kept, as the charts are).
    pub fn keep_consulted(&self, read: &OptionsRead) {
        let _ = self.compiled.consulted.set(read.clone());
    }

    /// Note options that procedures built from copies of this book read
    /// elsewhere (the shards of a split run), once its charts are compiled.
    pub fn note_consulted(&self, names: &[String]) {
        if let Some(read) = self.compiled.consulted.get() {
            read.note_named(names);
        }
    }

    /// The options that procedures built from this book (and its unpatched
    /// clones: a question's sweep points) have read so far.
    pub fn consulted_options(&self) -> Vec<&'static str> {
        self.compiled
            .consulted
            .get()
            .map(OptionsRead::names)
            .unwrap_or_default()
    }

    /// Apply a house rule. `check` validates the result after each change, so an
    /// error points at the line that caused it. A chart that only reads once
    /// several lines are in (the three rows of a user-supplied table) may be
    /// unreadable in between: the rule must read at its end, and an error names
    /// the first line of the changes that left it unreadable.
    pub fn apply(
        &mut self,
        rule: &HouseRule,
        check: impl Fn(&RuleBook) -> Result<(), String>,
    ) -> Result<(), InputError> {
        if let Some(system) = &rule.system
            && system.as_str() != self.system
        {
            return Err(InputError {
                file: rule.file.clone(),
                line: Some(1),
                field: "system".to_string(),
                message: format!("this house rule is for `{system}`, not `{}`", self.system),
            });
        }
        let at = |change: &Change, message: String| InputError {
            file: rule.file.clone(),
            line: change.line,
            field: change.path.clone(),
            message,
        };
        let mut unreadable_since: Option<&Change> = None;
        for change in &rule.changes {
            let segments: Vec<&str> = change.path.split('.').collect();
            let old = patch::lookup(&self.tree, &segments).cloned();
            let value = match patch::new_value(change, old.as_ref()) {
                Ok(value) => value,
                // A path that does not exist says so first.
                Err(m) if old.is_some() => return Err(at(change, m)),
                Err(m) => {
                    let mut copy = self.tree.clone();
                    set_path(&mut copy, &change.path, change.value.clone())
                        .map_err(|m| at(change, m))?;
                    return Err(at(change, m));
                }
            };
            set_path(&mut self.tree, &change.path, value).map_err(|m| at(change, m))?;
            bounds::check(&self.tree).map_err(|m| at(change, m))?;
            self.patches.push(Patch {
                rule: rule.name.clone(),
                path: change.path.clone(),
                old,
                new: patch::lookup(&self.tree, &segments)
                    .cloned()
                    .expect("a value just set is there"),
            });
            // The tree changed: charts compiled from the old one no longer hold.
            self.compiled = CompiledCache::default();
            match check(self) {
                Ok(()) => unreadable_since = None,
                Err(_) => unreadable_since = unreadable_since.or(Some(change)),
            }
        }
        if let Some(first) = unreadable_since
            && let Err(m) = check(self)
        {
            // The line the message names, if it names one; else the first line
            // since which the charts did not read.
            let named = rule
                .changes
                .iter()
                .filter(|c| {
                    m.contains(&format!("{}.", c.path)) || m.contains(&format!("{} ", c.path))
                })
                .max_by_key(|c| c.path.len());
            let change = named.unwrap_or(first);
            return Err(at(change, format!("the patched charts do not read: {m}")));
        }
        self.house_rules.push(rule.name.clone());
        Ok(())
    }

    /// Add a house rule's roll rules, each checked against `points` (the
    /// system's roll points), after its chart changes ([`RuleBook::apply`]).
    pub fn apply_rolls(
        &mut self,
        rule: &HouseRule,
        points: &'static [RollPoint],
    ) -> Result<(), InputError> {
        if rule.rolls.is_empty() && rule.scripts.is_empty() {
            return Ok(());
        }
        let mut all = self.rolls.all().to_vec();
        for text in &rule.rolls {
            let checked = text.check(&rule.file, &rule.name, points)?;
            self.patches.push(Patch {
                rule: rule.name.clone(),
                path: format!("rolls.{}", checked.point),
                old: None,
                new: Value::String(checked.said.clone()),
            });
            all.push(checked);
        }
        let mut scripts = self.rolls.scripts().to_vec();
        for text in &rule.scripts {
            let compiled = text.compile(&rule.file, &rule.name, points)?;
            self.patches.push(Patch {
                rule: rule.name.clone(),
                path: format!("rolls.{}", compiled.point.name),
                old: None,
                new: Value::String(compiled.said.clone()),
            });
            scripts.push(compiled);
        }
        self.rolls = RollRules::new(all, scripts);
        // The procedures now roll otherwise: compiled charts no longer hold.
        self.compiled = CompiledCache::default();
        Ok(())
    }
}

/// Replace the value at a dotted path. The path must exist and the new value must
/// have the old value's type (an integer may replace a float).
fn set_path(tree: &mut Table, path: &str, value: Value) -> Result<(), String> {
    let segments: Vec<&str> = path.split('.').collect();
    if segments[0] == "bounds" {
        return Err(
            "`bounds` are the card's limits on its values, not a chart a house rule may change"
                .to_string(),
        );
    }
    if let Err(out_of_scale) = patch::check_scale(tree, &segments, &value) {
        // A path that does not exist says so first (tried on a copy).
        let mut copy = tree.clone();
        replace_at(&mut copy, &segments, value)?;
        return Err(out_of_scale);
    }
    replace_at(tree, &segments, value)
}

/// Replace the value at the path `segments` (the walk and type checks of
/// [`set_path`], without its scale check).
fn replace_at(tree: &mut Table, segments: &[&str], value: Value) -> Result<(), String> {
    let sections = keys(tree);
    let mut node: &mut Value = tree.get_mut(segments[0]).ok_or_else(|| {
        let near = near_names(segments[0], &sections);
        let hint = if near.is_empty() {
            format!("there are {}", one_of(&sections))
        } else {
            format!("did you mean {}?", one_of(&near))
        };
        format!("no chart or section `{}`; {hint}", segments[0])
    })?;
    for (depth, segment) in segments.iter().enumerate().skip(1) {
        let here = segments[..depth].join(".");
        node = match node {
            Value::Table(table) => {
                // A chart the card lacks (marked `user_supplied`) takes new entries.
                let last = depth == segments.len() - 1;
                let open = table.get("user_supplied").and_then(Value::as_bool) == Some(true);
                if last && open && !table.contains_key(*segment) {
                    table.insert(segment.to_string(), value);
                    return Ok(());
                }
                let known = keys(table);
                table.get_mut(*segment).ok_or_else(|| {
                    let near = near_names(segment, &known);
                    let hint = if !near.is_empty() {
                        format!("; did you mean {}?", one_of(&near))
                    } else if known.len() <= 40 {
                        format!("; it has {}", one_of(&known))
                    } else {
                        String::new()
                    };
                    format!("`{here}` has no entry `{segment}`{hint}")
                })?
            }
            Value::Array(items) => {
                let len = items.len();
                segment
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get_mut(i))
                    .ok_or_else(|| {
                        format!("`{here}` is a list of {len}; use an index 0 to {}", len - 1)
                    })?
            }
            _ => return Err(format!("`{here}` is a single value; it has no `{segment}`")),
        };
    }
    let value = match (&*node, value) {
        (Value::Float(_), Value::Integer(i)) => Value::Float(i as f64),
        (old, new) if std::mem::discriminant(old) == std::mem::discriminant(&new) => new,
        (old, new) => {
            let a = |kind: &str| {
                let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                format!("{article} {kind}")
            };
            return Err(format!(
                "the card has {} here ({old}); a house rule may not replace it with {}",
                a(old.type_str()),
                a(new.type_str())
            ));
        }
    };
    if let (Value::Array(old), Value::Array(new)) = (&*node, &value)
        && old.len() != new.len()
    {
        return Err(format!(
            "the list has {} entries; the replacement has {}",
            old.len(),
            new.len()
        ));
    }
    *node = value;
    Ok(())
}

fn keys(table: &Table) -> Vec<String> {
    table.keys().cloned().collect()
}

#[cfg(test)]
mod tests;
