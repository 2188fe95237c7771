//! A house rule: named changes to a system's charts, from a TOML file's
//! `[set]`, `[add]` and `[multiply]` tables or written inline on the command
//! line (`chart.path=value`, `chart.path+=1`, `chart.path-=1`,
//! `chart.path*=2`). [`super::RuleBook::apply`] applies one.

use super::rolls::{RollRuleText, ScriptText, rule::RollRuleFile, script::ScriptFile};
use crate::error::InputError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::{Spanned, Table, Value};

/// How a change treats the card's value: replaced, or changed by the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `path=value`, a file's `[set]`.
    Set,
    /// `path+=value`, a file's `[add]`.
    Add,
    /// `path-=value` (a file writes `[add]` with a negative value).
    Subtract,
    /// `path*=value`, a file's `[multiply]`.
    Multiply,
}

impl Op {
    /// As the command line writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Set => "=",
            Op::Add => "+=",
            Op::Subtract => "-=",
            Op::Multiply => "*=",
        }
    }
}

/// One `path = value` line of a house rule.
#[derive(Clone, Debug)]
pub struct Change {
    pub path: String,
    pub op: Op,
    pub value: Value,
    /// The value was written with a leading `+` (`=+1`): on a chart of
    /// counts that reads as "one more" as much as "one", so it is refused
    /// there ([`super::RuleBook::apply`]).
    pub signed: bool,
    /// The line of a file's change; `None` on the command line.
    pub line: Option<usize>,
}

/// A house rule: named changes to a system's charts.
#[derive(Clone, Debug)]
pub struct HouseRule {
    pub file: String,
    pub name: String,
    pub system: Option<String>,
    pub description: String,
    pub changes: Vec<Change>,
    /// Its `[[roll]]` tables: changes to the procedures' rolls.
    pub rolls: Vec<RollRuleText>,
    /// Its `[[script]]` tables: code with hooks at the procedures' rolls.
    pub scripts: Vec<ScriptText>,
    /// Its `[question]`: the action and fields where it shows itself (the
    /// house-rule gallery compares it with the card there).
    pub question: Option<(String, Vec<(String, String)>)>,
}

/// A house rule's `[question]`: an action and its fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuestionFile {
    action: String,
    #[serde(default)]
    fields: BTreeMap<String, Value>,
}

/// A table of chart paths and values.
type Paths = BTreeMap<String, Spanned<Value>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HouseRuleFile {
    name: Option<String>,
    system: Option<String>,
    #[serde(default)]
    description: String,
    set: Option<Paths>,
    add: Option<Paths>,
    multiply: Option<Paths>,
    roll: Option<Vec<RollRuleFile>>,
    script: Option<Vec<ScriptFile>>,
    question: Option<QuestionFile>,
}

impl HouseRule {
    /// Read a house-rule file.
    pub fn from_file(path: &Path) -> Result<Self, InputError> {
        let label = path.display().to_string();
        let text = crate::error::read_file(path, "house rule")?;
        Self::parse(&label, &text)
    }

    /// A house rule written on the command line as `chart.path=value` pairs
    /// (a compared variant's `terrain.woods.personnel=6`), split at the first
    /// `=`: a path ending in `+`, `-` or `*` changes the card's value by the
    /// value (`terrain.woods.personnel+=1`). Each value is read as TOML (a
    /// number, `true`, `[1, 2]`), else as a word.
    pub fn inline(changes: &[(String, String)]) -> Self {
        let changes = changes
            .iter()
            .map(|(path, text)| {
                let path = path.trim();
                let (path, op) = match path.char_indices().last() {
                    Some((at, '+')) => (&path[..at], Op::Add),
                    Some((at, '-')) => (&path[..at], Op::Subtract),
                    Some((at, '*')) => (&path[..at], Op::Multiply),
                    _ => (path, Op::Set),
                };
                let text = text.trim();
                Change {
                    path: path.trim_end().to_string(),
                    op,
                    value: format!("v = {text}")
                        .parse::<Table>()
                        .ok()
                        .and_then(|mut t| t.remove("v"))
                        .unwrap_or_else(|| Value::String(text.to_string())),
                    signed: text.starts_with('+'),
                    line: None,
                }
            })
            .collect::<Vec<_>>();
        let name = changes
            .iter()
            .map(|c| format!("{}{}{}", c.path, c.op.symbol(), c.value))
            .collect::<Vec<_>>()
            .join(",");
        HouseRule {
            file: crate::error::ARGUMENTS.to_string(),
            name,
            system: None,
            description: String::new(),
            changes,
            rolls: Vec::new(),
            scripts: Vec::new(),
            question: None,
        }
    }

    /// Parse a house rule from text; `label` names it in errors.
    pub fn parse(label: &str, text: &str) -> Result<Self, InputError> {
        let file: HouseRuleFile =
            toml::from_str(text).map_err(|e| InputError::toml(label, text, &e))?;
        if file.set.is_none()
            && file.add.is_none()
            && file.multiply.is_none()
            && file.roll.is_none()
            && file.script.is_none()
        {
            return Err(InputError {
                file: label.to_string(),
                line: None,
                field: "set".to_string(),
                message: "a house rule changes the card: give a [set], [add] or [multiply] table of chart paths, or [[roll]] or [[script]] tables".to_string(),
            });
        }
        let rolls = file
            .roll
            .into_iter()
            .flatten()
            .map(|table| RollRuleText::read(label, text, table))
            .collect::<Result<Vec<_>, _>>()?;
        let scripts = file
            .script
            .into_iter()
            .flatten()
            .map(|table| ScriptText::read(text, table))
            .collect();
        let tables = [
            (Op::Set, file.set),
            (Op::Add, file.add),
            (Op::Multiply, file.multiply),
        ];
        let mut changes = tables
            .into_iter()
            .flat_map(|(op, table)| table.into_iter().flatten().map(move |entry| (op, entry)))
            .map(|(op, (path, value))| Change {
                path,
                op,
                line: Some(crate::error::line_of(text, value.span().start)),
                signed: text.get(value.span()).is_some_and(|t| t.starts_with('+')),
                value: value.into_inner(),
            })
            .collect::<Vec<_>>();
        // Applied in the order written, not the order of the keys.
        changes.sort_by_key(|c| c.line);
        let default_name = Path::new(label)
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| label.to_string());
        Ok(HouseRule {
            file: label.to_string(),
            name: file.name.unwrap_or(default_name),
            system: file.system,
            description: file.description,
            changes,
            rolls,
            scripts,
            question: file.question.map(|q| {
                let fields = q
                    .fields
                    .into_iter()
                    .map(|(k, v)| match v {
                        Value::String(s) => (k, s),
                        other => (k, other.to_string()),
                    })
                    .collect();
                (q.action, fields)
            }),
        })
    }
}
