//! A web request read as a question: the query string's `system`, `action`,
//! method keys and house rule, and every other key as a `field=value`. The
//! method keys are read into the core's [`MethodAsk`], as the command line's
//! flags and Python's keyword arguments are, so a request means what the
//! same flags mean to `volley odds`, and is refused for the same reasons.

use super::error::ApiError;
use super::keys::{METHOD_KEYS, VARIANT_PREFIX};
use super::limits::Limits;
use crate::ask::compare::{Comparison, Variant};
use crate::ask::question::{Question, RawField};
use crate::engine::RunConfig;
use crate::engine::{AskError, MethodAsk, MethodName, RunKey};
use crate::error::InputError;
use crate::rules::HouseRule;
use crate::systems::Origin;

/// A raw query string's keys and values (percent-decoded, trimmed), in the
/// order given; a key given twice is refused in the command line's words.
pub fn query_pairs(query: &str) -> Result<Vec<(String, String)>, ApiError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let (key, value) = (key.trim().to_string(), value.trim().to_string());
        if let Some((_, first)) = pairs.iter().find(|(k, _)| *k == key) {
            return Err(crate::request::given_twice(&key, first, &value).into());
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

/// A method key's value as a number, or why it is not one.
pub fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ApiError>
where
    T::Err: std::fmt::Display,
{
    value
        .parse()
        .map_err(|e| ApiError::input(format!("invalid value '{value}' for `{key}`: {e}")))
}

/// A method request's refusal in the query's words (the command line's
/// flags, as the query's keys: `--trials` is `trials`, `--exact` is
/// `method=exact`).
fn worded(error: AskError) -> ApiError {
    ApiError::input(error.worded(|key| match key {
        RunKey::Method => "--method",
        other => crate::request::flag(other),
    }))
}

/// A parsed request.
#[derive(Debug, Default)]
pub struct Request {
    pub system: String,
    pub action: String,
    /// `field=value` pairs, in the order given.
    pub fields: Vec<(String, String)>,
    /// The method keys (as [`METHOD_KEYS`]), in the order given.
    pub method: Vec<(String, String)>,
    /// A house rule's TOML text.
    pub rule: Option<String>,
    /// The variant's fields (`variant.` keys).
    pub variant_fields: Vec<(String, String)>,
    /// The variant's house rule (`variant.rule`).
    pub variant_rule: Option<String>,
}

impl Request {
    /// A query split: the keys a way to ask takes beside the question's
    /// (`own`: a plan's flags, a table's axes), in the order given, and
    /// the rest read as the question.
    pub fn with_own_keys(
        query: &str,
        own: &[&str],
    ) -> Result<(Vec<(String, String)>, Self), ApiError> {
        let (mine, rest): (Vec<_>, Vec<_>) = query_pairs(query)?
            .into_iter()
            .partition(|(key, _)| own.contains(&key.as_str()));
        Ok((mine, Self::of_pairs(rest)?))
    }

    /// Read a raw query string (`a=1&b=2`, percent-encoded).
    pub fn parse(query: &str) -> Result<Self, ApiError> {
        Self::of_pairs(query_pairs(query)?)
    }

    /// Read a query's keys and values (each key once).
    pub fn of_pairs(pairs: Vec<(String, String)>) -> Result<Self, ApiError> {
        let mut request = Request::default();
        for (key, value) in pairs {
            match key.as_str() {
                "system" => request.system = value,
                "action" => request.action = value,
                "rule" => request.rule = Some(value).filter(|v| !v.is_empty()),
                k if METHOD_KEYS.contains(&k) => request.method.push((key, value)),
                k => match k.strip_prefix(VARIANT_PREFIX) {
                    Some("rule") => request.variant_rule = Some(value).filter(|v| !v.is_empty()),
                    Some(field) => request.variant_fields.push((field.to_string(), value)),
                    None => request.fields.push((key, value)),
                },
            }
        }
        let missing = |name: &str| {
            ApiError::input(format!(
                "query: key `{name}`: missing; ask as ?system=SYSTEM&action=ACTION&field=value..."
            ))
        };
        // An unknown system is named before a missing action: a link to a
        // system volley lacks says so, whatever else it lacks.
        if request.system.is_empty() {
            return Err(missing("system"));
        }
        crate::systems::find(&request.system)?;
        if request.action.is_empty() {
            return Err(missing("action"));
        }
        Ok(request)
    }

    /// The method keys read as every front end asks for a run
    /// (`method=monte-carlo` alone runs the automatic trial count, held to
    /// the server's limit; an empty value is a key not given).
    fn method_ask(&self, limits: &Limits) -> Result<MethodAsk, ApiError> {
        let mut ask = MethodAsk {
            monte_carlo_trials: crate::engine::AUTO_TRIALS.min(limits.max_trials),
            ..MethodAsk::default()
        };
        for (key, value) in self.method.iter().filter(|(_, v)| !v.is_empty()) {
            match key.as_str() {
                "method" => ask.method = MethodName::parse(value).map_err(worded)?,
                "trials" => ask.trials = Some(number(key, value)?),
                "precision" => ask.precision = Some(number(key, value)?),
                "seed" => ask.seed = number(key, value)?,
                "confidence" => ask.confidence = number(key, value)?,
                "budget" => ask.budget = Some(number(key, value)?),
                other => {
                    return Err(ApiError::input(format!(
                        "query: key `{other}`: not a method key"
                    )));
                }
            }
        }
        Ok(ask)
    }

    /// The run configuration, held to the server's limits.
    pub fn config(&self, limits: &Limits) -> Result<RunConfig, ApiError> {
        let ask = self.method_ask(limits)?;
        limits.check(&ask)?;
        let mut config = ask.config().map_err(worded)?;
        config.max_trials = config.max_trials.min(limits.max_trials);
        config.auto_trials = config.auto_trials.min(limits.max_trials);
        Ok(config)
    }

    fn raw(fields: &[(String, String)]) -> Vec<RawField> {
        Origin::arguments_of(fields)
    }

    fn rules(text: &Option<String>, label: &str) -> Result<Vec<HouseRule>, ApiError> {
        Ok(match text {
            Some(text) => vec![HouseRule::parse(label, text)?],
            None => Vec::new(),
        })
    }

    /// The baseline question.
    pub fn question(&self) -> Result<Question, ApiError> {
        Ok(self.baseline()?.1)
    }

    /// The baseline's house rules and question.
    fn baseline(&self) -> Result<(Vec<HouseRule>, Question), ApiError> {
        let rules = Self::rules(&self.rule, BASELINE_RULE)?;
        let question = Question::new(&self.system, &self.action, &rules, &Self::raw(&self.fields))?;
        Ok((rules, question))
    }

    /// `true` when the request names a variant to compare.
    pub fn has_variant(&self) -> bool {
        !self.variant_fields.is_empty() || self.variant_rule.is_some()
    }

    /// The baseline and the variant, as `volley compare` would build them with
    /// `--variant variant:SPEC`.
    pub fn comparison(&self) -> Result<Comparison, ApiError> {
        let (base_rules, baseline) = self.baseline()?;
        // The variant's errors name its fields as the request does; an error
        // in its pasted house rule keeps the rule's name and line.
        let named = |mut e: InputError| {
            if !e.field.is_empty() && e.line.is_none() {
                e.field = format!("{VARIANT_PREFIX}{}", e.field);
            }
            ApiError::from(e)
        };
        let mut rules = Self::rules(&self.variant_rule, VARIANT_RULE)?;
        // The spec names a pasted rule by its own name, as a file names it.
        let mut spec: Vec<String> = rules
            .iter()
            .map(|r| match r.name.as_str() {
                VARIANT_RULE => "pasted house rule".to_string(),
                name => format!("house rule {name}"),
            })
            .collect();
        // A dotted key patches a chart, as `--variant x:terrain.woods.personnel=6`.
        let (patches, fields): (Vec<_>, Vec<_>) = self
            .variant_fields
            .iter()
            .cloned()
            .partition(|(key, _)| key.contains('.'));
        rules.extend(
            patches
                .iter()
                .map(|p| HouseRule::inline(std::slice::from_ref(p))),
        );
        spec.extend(
            patches
                .iter()
                .chain(&fields)
                .map(|(k, v)| format!("{k}={v}")),
        );
        let variant = Variant::of(
            &baseline,
            &base_rules,
            "variant",
            &spec.join(","),
            &rules,
            &Self::raw(&fields),
        )
        .map_err(named)?;
        Ok(Comparison {
            baseline,
            variants: vec![variant],
        })
    }
}

/// How errors and outputs name the baseline's pasted house rule.
const BASELINE_RULE: &str = "house rule";
/// How errors and outputs name the variant's pasted house rule.
const VARIANT_RULE: &str = "variant house rule";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_splits_into_fields_method_and_variant() {
        let r = Request::parse(
            "system=micro-squad&action=fire&firepower=8&trials=5000&seed=3&variant.defense=6&variant.rule=a%3D1",
        )
        .unwrap();
        assert_eq!(
            (r.system.as_str(), r.action.as_str()),
            ("micro-squad", "fire")
        );
        assert_eq!(r.fields, vec![("firepower".into(), "8".into())]);
        assert_eq!(r.method.len(), 2);
        assert_eq!(r.variant_fields, vec![("defense".into(), "6".into())]);
        assert_eq!(r.variant_rule.as_deref(), Some("a=1"));
        let config = r.config(&Limits::default()).unwrap();
        assert_eq!(config.seed, 3);
        assert_eq!(config.method, crate::engine::MethodRequest::Trials(5000));
    }

    #[test]
    fn method_keys_fail_as_the_flags_do_in_the_querys_words() {
        let limits = Limits::default();
        let err = |q: &str| Request::parse(q).unwrap().config(&limits).unwrap_err();
        let e = err("system=micro-squad&action=fire&trials=abc");
        assert_eq!(e.status, 400);
        assert!(
            e.message
                .starts_with("error: invalid value 'abc' for `trials`")
        );
        assert!(!e.message.contains('\n'));
        let e = err("system=micro-squad&action=fire&method=guess");
        assert!(
            e.message.contains("auto, exact or monte-carlo"),
            "{}",
            e.message
        );
        let e = err("system=micro-squad&action=fire&method=exact&trials=10");
        assert!(e.message.contains("cannot be used with"), "{}", e.message);
    }

    #[test]
    fn a_missing_system_or_a_repeated_field_is_refused() {
        // An unknown system is said before a missing action.
        let e = Request::parse("system=nope").unwrap_err();
        assert!(e.message.contains("unknown system `nope`"), "{}", e.message);
        let e = Request::parse("action=fire").unwrap_err();
        assert!(e.message.contains("`system`: missing"), "{}", e.message);
        let e = Request::parse("system=micro-squad&action=fire&x=1&x=2").unwrap_err();
        assert_eq!(
            e.message,
            "error: query: key `x`: given twice (`x=1` and `x=2`); give it once"
        );
        let e = Request::parse("system=s&system=t&action=a").unwrap_err();
        assert!(e.message.contains("`system`: given twice"), "{}", e.message);
    }
}
