//! The answers a request asks for, as the command line writes them:
//! `/api/systems`, `/api/fields`, `/api/odds`, `/api/compare` (and `/api/ask`,
//! either of the last two), `/api/effects`, `/api/table` and `/sheet/SYSTEM`.
//! Each reads its query with [`Request`] and runs on the caller's thread.

use super::error::ApiError;
use super::limits::Limits;
use super::request::Request;
use crate::ask::compare::Comparison;
use crate::ask::question::{Question, QuestionError};
use crate::contract::{self, FieldsJson, SystemJson};
use crate::engine::{Cancel, RunConfig, RunError};
use crate::output::{
    EffectsDocument, Format, Look, TableAsk, render, render_comparison, render_odds, tabulate,
};

/// Every system and its actions (`volley systems --format json`).
pub fn systems() -> String {
    contract::to_pretty_json(&SystemJson::all())
}

/// An action's fields, headline and outcome notes.
pub fn fields(query: &str) -> Result<String, ApiError> {
    let question: Question = Request::parse(query)?.question()?;
    Ok(contract::to_pretty_json(&FieldsJson::of(&question)))
}

/// A system's printable odds sheet (`volley sheet SYSTEM`), under the house
/// rule a query's `rule` pastes, if any.
pub fn sheet(system: &str, query: &str) -> Result<String, ApiError> {
    let mut rules = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "rule" if !value.trim().is_empty() => {
                rules.push(crate::rules::HouseRule::parse("house rule", &value)?)
            }
            "rule" => {}
            other => {
                return Err(ApiError::input(format!(
                    "query: key `{other}`: a sheet takes only `rule` (a house rule's TOML)"
                )));
            }
        }
    }
    let sheet = crate::sheet::sheet(system, &rules)?;
    Ok(crate::sheet::render_html(&sheet))
}

/// What an address asks for: one question (`/api/odds`), a comparison
/// (`/api/compare`), or either, by whether a variant is given (`/api/ask`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Asked {
    Odds,
    Compare,
    Either,
}

/// A request read and checked, ready to run.
pub enum Prepared {
    Odds(Question),
    Compare(Comparison),
}

impl Prepared {
    /// `request` as `asked`, refused where it asks the other thing.
    pub fn of(request: &Request, asked: Asked) -> Result<Prepared, ApiError> {
        match (asked, request.has_variant()) {
            (Asked::Odds, true) => Err(ApiError::input(
                "query: key `variant`: /api/odds answers one question; ask /api/compare to compare a variant",
            )),
            (Asked::Compare, false) => Err(ApiError::input(
                "query: key `variant`: nothing to compare: give variant.FIELD=value or variant.rule=TOML",
            )),
            (_, true) => Ok(Prepared::Compare(request.comparison()?)),
            (_, false) => Ok(Prepared::Odds(request.question()?)),
        }
    }

    /// A comparison (its answer's key in `/api/ask`'s stream is `compare`).
    pub fn is_comparison(&self) -> bool {
        matches!(self, Prepared::Compare(_))
    }

    /// Run it under `config`: exactly what `volley odds` (or `volley
    /// compare`) prints with `--format json`. A run stopped after N trials
    /// says why in `stopped`'s words.
    pub fn answer(
        self,
        config: &RunConfig,
        stopped: &dyn Fn(u64) -> ApiError,
    ) -> Result<String, ApiError> {
        let failed = |error: QuestionError| match error {
            QuestionError::Run(RunError::Cancelled(trials)) => stopped(trials),
            other => ApiError::question(other),
        };
        match self {
            Prepared::Odds(question) => {
                let result = question.answer(config).map_err(failed)?;
                let summary = crate::stats::summarize(&result);
                let readings = crate::ask::readings::measure(&question, &summary, config, false)
                    .map_err(failed)?;
                Ok(render_odds(
                    &question,
                    &result,
                    readings,
                    Format::Json,
                    Look::default(),
                ))
            }
            Prepared::Compare(comparison) => {
                let compared = comparison.run(config).map_err(failed)?;
                Ok(render_comparison(&comparison, &compared, Format::Json))
            }
        }
    }
}

/// `/api/ask`'s answer, one line: `{"odds": ...}`, or `{"compare": ...}` for
/// a comparison, the body's JSON compacted (its keys already in order).
pub fn ask_line(comparison: bool, body: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(body).unwrap_or(serde_json::Value::Null);
    let key = if comparison { "compare" } else { "odds" };
    serde_json::json!({ key: value }).to_string()
}

/// `/api/effects`'s own keys.
pub const EFFECTS_KEYS: &[&str] = &["only", "show"];

/// `/api/table`'s own keys.
pub const TABLE_KEYS: &[&str] = &["row", "col", "show", "fractions"];

/// A way to ask's own keys, with their values, in the order given.
type OwnKeys = Vec<(String, String)>;

/// A query read for an answer of one question (no variant) that takes keys
/// of its own (`own`): those keys, the question, and its run's
/// configuration under `limits`, stopped by `cancel`.
pub fn one_question(
    query: &str,
    own: &[&str],
    limits: &Limits,
    cancel: &Cancel,
) -> Result<(OwnKeys, Question, RunConfig), ApiError> {
    let (mine, request) = Request::with_own_keys(query, own)?;
    if request.has_variant() {
        return Err(ApiError::input(
            "query: key `variant`: this answer is of one question; ask /api/compare to compare a variant",
        ));
    }
    let mut config = request.config(limits)?;
    config.cancel = Some(cancel.clone());
    Ok((mine, request.question()?, config))
}

/// A key's value among `keys` (an empty value is a key not given).
fn given<'a>(keys: &'a [(String, String)], key: &str) -> Option<&'a str> {
    keys.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// What each field is worth (`volley effects ... --format json`): `only` the
/// fields named (comma-separated), `show` the outcome measured
/// (VARIABLE=VALUE), stopped by `cancel`.
pub fn effects(query: &str, limits: &Limits, cancel: &Cancel) -> Result<String, ApiError> {
    let (own, question, config) = one_question(query, EFFECTS_KEYS, limits, cancel)?;
    let only: Vec<String> = given(&own, "only")
        .map(|v| v.split(',').map(|f| f.trim().to_string()).collect())
        .unwrap_or_default();
    let found = crate::ask::effects::asked(&question, &only, given(&own, "show"), &config)
        .map_err(ApiError::question)?;
    let document = EffectsDocument {
        system: question.system().name(),
        action: question.action().name(),
        title: "what each field is worth",
        effects: &found,
    };
    Ok(render(&document, Format::Json))
}

/// A probability table (`volley table ... --format json`): `row` and `col`
/// the axes (FIELD=a..b or FIELD=v1,v2), `show` the outcome, `fractions`
/// (`true`), stopped by `cancel`.
pub fn table(query: &str, limits: &Limits, cancel: &Cancel) -> Result<String, ApiError> {
    let (own, question, config) = one_question(query, TABLE_KEYS, limits, cancel)?;
    let fractions = match given(&own, "fractions") {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::input(format!(
                "query: key `fractions`: `{other}` is not true or false"
            )));
        }
    };
    let ask = TableAsk {
        row: given(&own, "row").map(str::to_string),
        column: given(&own, "col").map(str::to_string),
        show: given(&own, "show").map(str::to_string),
        fractions,
    };
    let grid = tabulate(&question, &ask, &config).map_err(ApiError::question)?;
    Ok(render(&grid, Format::Json))
}
