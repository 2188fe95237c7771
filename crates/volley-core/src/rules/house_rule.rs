//! A house rule: named changes to a system's charts, from a TOML file's
//! `[set]` table or written inline on the command line (`chart.path=value`).
//! [`super::RuleBook::apply`] applies one.

use crate::error::InputError;
use serde::Deserialize;
use std::path::Path;
use toml::{Spanned, Table, Value};

/// One `path = value` line of a house rule.
#[derive(Clone, Debug)]
pub struct Change {
    pub path: String,
    pub value: Value,
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HouseRuleFile {
    name: Option<String>,
    system: Option<String>,
    #[serde(default)]
    description: String,
    set: std::collections::BTreeMap<String, Spanned<Value>>,
}

impl HouseRule {
    /// Read a house-rule file.
    pub fn from_file(path: &Path) -> Result<Self, InputError> {
        let label = path.display().to_string();
        let text = crate::error::read_file(path, "house rule")?;
        Self::parse(&label, &text)
    }

    /// A house rule written on the command line as `chart.path=value` pairs
    /// (a compared variant's `terrain.woods.personnel=6`): each value read as
    /// TOML (a number, `true`, `[1, 2]`), else as a word.
    pub fn inline(changes: &[(String, String)]) -> Self {
        let changes = changes
            .iter()
            .map(|(path, text)| Change {
                path: path.clone(),
                value: format!("v = {text}")
                    .parse::<Table>()
                    .ok()
                    .and_then(|mut t| t.remove("v"))
                    .unwrap_or_else(|| Value::String(text.clone())),
                line: None,
            })
            .collect::<Vec<_>>();
        let name = changes
            .iter()
            .map(|c| format!("{}={}", c.path, c.value))
            .collect::<Vec<_>>()
            .join(",");
        HouseRule {
            file: crate::error::ARGUMENTS.to_string(),
            name,
            system: None,
            description: String::new(),
            changes,
        }
    }

    /// Parse a house rule from text; `label` names it in errors.
    pub fn parse(label: &str, text: &str) -> Result<Self, InputError> {
        let file: HouseRuleFile =
            toml::from_str(text).map_err(|e| InputError::toml(label, text, &e))?;
        let mut changes = file
            .set
            .into_iter()
            .map(|(path, value)| Change {
                path,
                line: Some(crate::error::line_of(text, value.span().start)),
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
        })
    }
}
