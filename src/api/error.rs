//! Why the API cannot answer a request: a status and the one line the
//! command line would print for the same input.

/// Why a request cannot be answered: an HTTP status and the one line the
/// command line would print.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    /// Bad input (400), worded as `volley` words it (`error: ...`), in the
    /// query's own words: a query key where the command line names a field or
    /// a flag.
    pub fn input(error: impl std::fmt::Display) -> Self {
        let text = error.to_string();
        let line = text.lines().next().unwrap_or("bad request").trim();
        let line = line.strip_prefix("error: ").unwrap_or(line);
        ApiError {
            status: 400,
            message: format!("error: {}", in_query_words(line)),
        }
    }

    /// A question's error: bad input in the query's words, a run's refusal
    /// naming the query key to change.
    pub fn question(error: crate::ask::question::QuestionError) -> Self {
        match error {
            crate::ask::question::QuestionError::Input(e) => e.into(),
            crate::ask::question::QuestionError::Run(e) => {
                ApiError::input(crate::request::explain_run(e))
            }
        }
    }

    /// The server cannot take the question now (503).
    pub fn busy(message: String) -> Self {
        ApiError {
            status: 503,
            message: format!("error: {message}"),
        }
    }
}

/// Bad input in the query's words: an argument's error names its key
/// (`query: key \`firepower\`: ...`); an error in a pasted house rule names
/// the rule and its line.
impl From<crate::error::InputError> for ApiError {
    fn from(error: crate::error::InputError) -> Self {
        ApiError::input(error.worded(
            |key| match key {
                "" => "query: ".to_string(),
                key => format!("query: key `{key}`: "),
            },
            query_key,
        ))
    }
}

/// A key an error advises setting, as the query names it (`trials=N`; an
/// exact answer is `method=exact`).
fn query_key(key: crate::error::Key, value: Option<&str>) -> String {
    match (key, value) {
        (crate::error::Key::Exact, _) => "`method=exact`".to_string(),
        (key, Some(value)) => format!("`{}={value}`", key.name()),
        (key, None) => format!("`{}`", key.name()),
    }
}

/// A message naming the command line's method flags reworded for a query
/// string: a flag (`'--trials <N>'`, `--budget:`) is its query key (``
/// `trials` ``); the server's own options keep their names.
fn in_query_words(line: &str) -> String {
    let mut text = line.to_string();
    // `--exact` is the query's `method=exact`.
    let keys = super::keys::METHOD_KEYS
        .iter()
        .chain(&super::keys::SHAPE_KEYS)
        .map(|k| (*k, k.to_string()));
    for (flag, key) in keys.chain([("exact", "method=exact".to_string())]) {
        let flag = format!("--{flag}");
        // Quoted with its value's name, as clap quotes it: '--trials <N>'.
        while let Some(start) = text.find(&format!("'{flag} ")) {
            let Some(len) = text[start + 1..].find('\'') else {
                break;
            };
            text.replace_range(start..start + len + 2, &format!("`{key}`"));
        }
        if let Some(rest) = text.strip_prefix(&format!("{flag}:")) {
            text = format!("query: key `{key}`:{rest}");
        }
        text = replace_word(&text, &flag, &format!("`{key}`"));
    }
    text
}

/// `text` with `word` replaced wherever it is not part of a longer name.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let after = rest[at + word.len()..].chars().next();
        let longer = after.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
        out.push_str(&rest[..at]);
        out.push_str(if longer { word } else { by });
        rest = &rest[at + word.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_query_keys_not_flags() {
        let e = ApiError::input(
            "error: invalid value '-1' for '--trials <N>': invalid digit found in string\n\nFor more information, try '--help'.",
        );
        assert_eq!(
            e.message,
            "error: invalid value '-1' for `trials`: invalid digit found in string"
        );
        let e = ApiError::input(
            "error: the argument '--trials <N>' cannot be used with '--precision <E>'",
        );
        assert_eq!(
            e.message,
            "error: the argument `trials` cannot be used with `precision`"
        );
        let e = ApiError::from(crate::error::InputError::argument(
            "firepower",
            "99 is out of range",
        ));
        assert_eq!(
            e.message,
            "error: query: key `firepower`: 99 is out of range"
        );
        let e =
            ApiError::input("--confidence: the confidence level must be strictly between 0 and 1");
        assert_eq!(
            e.message,
            "error: query: key `confidence`: the confidence level must be strictly between 0 and 1"
        );
        let e = ApiError::input(
            "--trials: 5 trials is over this server's limit (volley serve --max-trials)",
        );
        assert!(
            e.message.ends_with("(volley serve --max-trials)"),
            "{}",
            e.message
        );
    }
}
