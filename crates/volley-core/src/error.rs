//! The one error shape for bad user input: where it is, which field, what is wrong.

use thiserror::Error;

/// Where input given as arguments (not read from a file) comes from, as the
/// core names it. Each front end says it in its own words (the command line,
/// a query string, keyword arguments) with [`InputError::worded`].
pub const ARGUMENTS: &str = "arguments";

/// A part of a request that a message advises setting. The core names it
/// in a message with [`Key::named`] (or [`Key::with`], beside what to give
/// it); each front end puts it in its own words ([`worded_keys`]): `--vary`
/// on the command line, `` `vary=` `` in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Show,
    Trials,
    /// The request for an exact answer.
    Exact,
    Values,
    Vary,
    Budget,
    MaxPoints,
}

/// Marks a key named in a message, on both sides of it.
const KEY_MARK: char = '\u{1}';

impl Key {
    const ALL: [Key; 7] = [
        Key::Show,
        Key::Trials,
        Key::Exact,
        Key::Values,
        Key::Vary,
        Key::Budget,
        Key::MaxPoints,
    ];

    /// The core's own name for it (an error shown as it is, not worded by a
    /// front end, names it so, in backticks).
    pub fn name(self) -> &'static str {
        match self {
            Key::Show => "show",
            Key::Trials => "trials",
            Key::Exact => "exact",
            Key::Values => "values",
            Key::Vary => "vary",
            Key::Budget => "budget",
            Key::MaxPoints => "max_points",
        }
    }

    /// This key as a message names it.
    pub fn named(self) -> String {
        format!("{KEY_MARK}{}{KEY_MARK}", self.name())
    }

    /// This key with what to give it (`N`, `A..B`), as a message names it.
    pub fn with(self, value: &str) -> String {
        format!("{KEY_MARK}{} {value}{KEY_MARK}", self.name())
    }
}

/// `text` with each key it names in a front end's words: `word` gets the
/// key and what the message says to give it, if anything.
pub fn worded_keys(text: &str, word: impl Fn(Key, Option<&str>) -> String) -> String {
    let mut out = String::new();
    for (i, part) in text.split(KEY_MARK).enumerate() {
        if i % 2 == 0 {
            out.push_str(part);
            continue;
        }
        let (name, value) = match part.split_once(' ') {
            Some((name, value)) => (name, Some(value)),
            None => (part, None),
        };
        match Key::ALL.into_iter().find(|k| k.name() == name) {
            Some(key) => out.push_str(&word(key, value)),
            None => out.push_str(part),
        }
    }
    out
}

/// A key in the core's own words: `` `trials` `` (with what to give it:
/// `` `trials` N ``).
fn core_words(key: Key, value: Option<&str>) -> String {
    match value {
        Some(value) => format!("`{}` {value}", key.name()),
        None => format!("`{}`", key.name()),
    }
}

/// Bad input, located as precisely as the source allows.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}{}", location(.file, .line, .field), worded_keys(.message, core_words))]
pub struct InputError {
    /// The file the input came from, or [`ARGUMENTS`].
    pub file: String,
    /// 1-based line, when the input is a file.
    pub line: Option<usize>,
    /// The field or key at fault; empty when the whole input is at fault.
    pub field: String,
    /// What is wrong, with the allowed values when there are few.
    pub message: String,
}

fn location(file: &str, line: &Option<usize>, field: &str) -> String {
    let mut out = file.to_string();
    if let Some(line) = line {
        out.push_str(&format!(":{line}"));
    }
    if !field.is_empty() {
        out.push_str(&format!(": field `{field}`"));
    }
    out.push_str(": ");
    out
}

impl InputError {
    /// An error in an argument (a field, a method or plan option) given
    /// to a front end.
    pub fn argument(field: &str, message: impl Into<String>) -> Self {
        InputError {
            file: ARGUMENTS.to_string(),
            line: None,
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// An error at a byte offset of a file's text.
    pub fn at(
        file: &str,
        text: &str,
        offset: usize,
        field: &str,
        message: impl Into<String>,
    ) -> Self {
        InputError {
            file: file.to_string(),
            line: Some(line_of(text, offset)),
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// A TOML syntax or shape error, located by its span.
    pub fn toml(file: &str, text: &str, error: &toml::de::Error) -> Self {
        InputError {
            file: file.to_string(),
            line: error.span().map(|s| line_of(text, s.start)),
            field: String::new(),
            message: error.message().trim().to_string(),
        }
    }

    /// Is this an error in the arguments, not in a file?
    pub fn is_argument(&self) -> bool {
        self.file == ARGUMENTS && self.line.is_none()
    }

    /// This error as a front end words it: an error in the arguments placed
    /// by `place` from the field at fault (empty when the whole input is),
    /// as the command line's `command line: field \`x\`: `; an error in a
    /// file placed by its file, line and field; the keys it advises setting
    /// named by `word` ([`worded_keys`]).
    pub fn worded(
        &self,
        place: impl Fn(&str) -> String,
        word: impl Fn(Key, Option<&str>) -> String,
    ) -> String {
        let message = worded_keys(&self.message, word);
        if self.is_argument() {
            format!("{}{message}", place(&self.field))
        } else {
            format!("{}{message}", location(&self.file, &self.line, &self.field))
        }
    }

    /// Put this error in `file`, keeping its field and message (for errors found
    /// while reading values that came from a file).
    pub fn in_file(mut self, file: &str, line: Option<usize>) -> Self {
        self.file = file.to_string();
        self.line = line.or(self.line);
        self
    }
}

/// Read a user's file; a failure names the file and what it was for.
pub fn read_file(path: &std::path::Path, what: &str) -> Result<String, InputError> {
    std::fs::read_to_string(path).map_err(|e| InputError {
        file: path.display().to_string(),
        line: None,
        field: String::new(),
        message: format!("cannot read the {what}: {e}"),
    })
}

/// 1-based line number of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// "`a`, `b` or `c`": allowed values for a message.
pub fn one_of<S: AsRef<str>>(values: &[S]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("`{}`", v.as_ref())).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} or {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// The names within two edits of `key` (a letter changed, added, dropped or
/// two swapped: `defence` for `defense`), nearest first.
pub fn near_names<'a, S: AsRef<str>>(key: &str, names: &'a [S]) -> Vec<&'a str> {
    let mut near: Vec<(usize, &str)> = names
        .iter()
        .map(|name| (edits(key, name.as_ref()), name.as_ref()))
        .filter(|(d, _)| *d <= 2)
        .collect();
    near.sort();
    near.into_iter().map(|(_, name)| name).collect()
}

/// Edits from `a` to `b` (optimal string alignment distance).
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_names_file_line_and_field() {
        let e = InputError::at("x.toml", "a\nb\nc", 4, "range", "must be at least 1");
        assert_eq!(e.to_string(), "x.toml:3: field `range`: must be at least 1");
    }

    #[test]
    fn a_key_a_message_names_is_put_in_each_front_ends_words() {
        let e = InputError::argument(
            "precision",
            format!("use {} (or {})", Key::Trials.with("N"), Key::Exact.named()),
        );
        assert_eq!(
            e.to_string(),
            "arguments: field `precision`: use `trials` N (or `exact`)"
        );
        let flags = e.worded(
            |field| format!("{field}: "),
            |key, value| match value {
                Some(value) => format!("--{} {value}", key.name()),
                None => format!("--{}", key.name()),
            },
        );
        assert_eq!(flags, "precision: use --trials N (or --exact)");
    }

    #[test]
    fn one_of_lists_values() {
        assert_eq!(one_of(&["a", "b", "c"]), "`a`, `b` or `c`");
    }
}
