//! A `[[script]]` table as written ([`ScriptText`], with its lines) and
//! compiled against a system's roll points into a [`RollScript`].

use super::engine::{MAX_CODE, engine};
use super::{RollScript, file_line};
use crate::error::{InputError, line_of};
use crate::rules::rolls::RollPoint;
use rhai::AST;
use serde::Deserialize;
use std::sync::Arc;
use toml::Spanned;

/// A `[[script]]` table as a house-rule file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::rules) struct ScriptFile {
    point: Spanned<String>,
    code: Spanned<String>,
}

/// A script as written, with its lines, not yet compiled.
#[derive(Clone, Debug)]
pub struct ScriptText {
    pub point: String,
    pub code: String,
    /// The line of `point`, and the file's line of the code's first line.
    pub line: usize,
    pub code_line: usize,
    /// The code is written on one line of the file (its line breaks
    /// escaped): every line of it is that line.
    pub one_line: bool,
}

impl ScriptText {
    /// Read one `[[script]]` table of a file whose text is `text`.
    pub(in crate::rules) fn read(text: &str, table: ScriptFile) -> Self {
        let span = table.code.span();
        let written = text.get(span.clone()).unwrap_or("");
        // A multi-line string's first line break is not part of the code.
        let opens_with_break = (written.starts_with("'''") || written.starts_with("\"\"\""))
            && written[3..].starts_with(['\n', '\r']);
        let one_line = !(written.starts_with("'''") || written.starts_with("\"\"\""));
        ScriptText {
            line: line_of(text, table.point.span().start),
            code_line: line_of(text, span.start) + usize::from(opens_with_break),
            one_line,
            point: table.point.into_inner(),
            code: table.code.into_inner(),
        }
    }

    /// The file's line of the code's line `line` (from 1).
    fn file_line(&self, line: usize) -> usize {
        file_line(self.code_line, self.one_line, line)
    }

    /// Compiled against `points`, the system's roll points.
    pub fn compile(
        &self,
        file: &str,
        rule: &str,
        points: &'static [RollPoint],
    ) -> Result<RollScript, InputError> {
        let at = |line: usize, field: &str, message: String| InputError {
            file: file.to_string(),
            line: Some(line),
            field: format!("script.{field}"),
            message,
        };
        let point = crate::rules::rolls::rule::point_named(points, &self.point)
            .map_err(|m| at(self.line, "point", m))?;
        if self.code.len() > MAX_CODE {
            return Err(at(
                self.code_line,
                "code",
                format!(
                    "the script is {} bytes; a house rule's script may have at most {MAX_CODE}",
                    self.code.len()
                ),
            ));
        }
        let ast = engine().compile(&self.code).map_err(|e| {
            let line = self.file_line(e.position().line().unwrap_or(1));
            at(
                line,
                "code",
                format!("the script does not compile: {}", e.err_type()),
            )
        })?;
        let mut top_level = ast.clone();
        top_level.clear_functions();
        // Rhai shows no statements but through its debug form: the empty
        // script's is that of no statements.
        if format!("{top_level:?}") != format!("{:?}", AST::empty()) {
            return Err(at(
                self.code_line,
                "code",
                "code outside a function is never run: put it inside a hook (or a function a \
                 hook calls)"
                    .to_string(),
            ));
        }
        let hook = |name: &str| -> Result<bool, InputError> {
            match ast.iter_functions().find(|f| f.name == name) {
                None => Ok(false),
                Some(f) if f.params.len() == 1 => Ok(true),
                Some(_) => Err(at(
                    self.code_line,
                    "code",
                    format!("`{name}` takes one argument, the roll: `fn {name}(roll)`"),
                )),
            }
        };
        let (before, result, after) = (hook("before")?, hook("result")?, hook("after")?);
        let then = hook("then")?;
        if then && point.outcomes.is_none() {
            return Err(at(
                self.code_line,
                "code",
                format!(
                    "`{}` has no outcomes for `then` to read and change (a `then` step follows \
                     a roll whose procedure names what it comes to: `volley rules SYSTEM rolls` \
                     lists them); change it in `before`, `result` or `after`",
                    point.name
                ),
            ));
        }
        if result && point.totals.is_none() {
            return Err(at(
                self.code_line,
                "code",
                format!(
                    "`{}` rolls a number of dice that varies, so it has no totals for `result` \
                     to read: change it in `before` (a modifier) or `after`",
                    point.name
                ),
            ));
        }
        if !before && !result && !after && !then {
            return Err(at(
                self.code_line,
                "code",
                "the script defines no hook: give it `fn before(roll)` (the roll's modifier, \
                 threshold or re-roll), `fn result(roll)` (the total as it is judged) or \
                 `fn after(roll)` (keep or re-roll what was rolled), or `fn then(roll)` (a step after \
                 the roll: the outcome it comes to)"
                    .to_string(),
            ));
        }
        let hooks: Vec<&str> = [
            ("sets the roll's modifiers", before),
            ("reads the roll's total", result),
            ("may re-roll the roll", after),
            ("adds a step after the roll", then),
        ]
        .into_iter()
        .filter_map(|(name, has)| has.then_some(name))
        .collect();
        let hook_lines = ["before", "result", "after", "then"].map(|name| {
            let opening = format!("fn {name}(");
            self.code
                .lines()
                .position(|l| l.trim_start().starts_with(&opening))
                .map_or(self.code_line, |at| self.file_line(at + 1))
        });
        Ok(RollScript {
            rule: rule.to_string(),
            hook_lines,
            one_line: self.one_line,
            file: file.to_string(),
            point,
            ast: Arc::new(ast),
            memo: Arc::default(),
            failure: Arc::default(),
            before,
            result,
            after,
            then,
            code_line: self.code_line,
            said: format!("a script that {}", hooks.join(" and ")),
        })
    }
}
