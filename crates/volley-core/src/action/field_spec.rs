//! A field's declaration: its name, kind and bounds, default and help, and
//! how a raw value is checked against it (with "did you mean" for a
//! misspelt choice).

use crate::error::one_of;

/// Most values a range `a..b` may expand to.
pub const MAX_RANGE_VALUES: i64 = 1001;

/// The values of an integer range `a..b` (both ends included): `Ok(None)` when
/// `text` is not a range, an error when it is a malformed or oversized one. The
/// one parser of ranges, for the command line and experiment files alike.
pub fn range_values(text: &str) -> Result<Option<Vec<String>>, String> {
    let Some((a, b)) = text.split_once("..") else {
        return Ok(None);
    };
    let (a, b) = match (a.trim().parse::<i64>(), b.trim().parse::<i64>()) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(format!("`{text}`: a range is two integers, a..b")),
    };
    if b < a || b - a >= MAX_RANGE_VALUES {
        return Err(format!(
            "`{text}`: a range must run upward, with at most {MAX_RANGE_VALUES} values"
        ));
    }
    Ok(Some((a..=b).map(|v| v.to_string()).collect()))
}

/// The word for "no limit" in a limit field.
pub const UNLIMITED: &str = "unlimited";

/// What values a field takes.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldKind {
    Int {
        min: i64,
        max: i64,
    },
    /// A whole number, or a word for "none given" (`unlimited`, `computed`).
    Limit {
        min: i64,
        max: i64,
        word: &'static str,
    },
    /// A decimal number (attack values per stand such as 1.5).
    Decimal {
        min: f64,
        max: f64,
    },
    Bool,
    Choice(Vec<String>),
    /// One or more choices joined by `+` (cumulative terrain: `woods+hilltop`).
    ChoiceList(Vec<String>),
}

/// One field of an action's scenario.
#[derive(Clone, Debug)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: FieldKind,
    pub default: String,
    pub help: &'static str,
    /// Its value when it is not given but what it follows from is (a
    /// regiment's figures from its stands); otherwise the default.
    pub implied: Option<Implied>,
}

/// The raw value given for a field, if any (what an [`Implied`] reads).
pub type Given<'a> = &'a dyn Fn(&str) -> Option<&'a str>;

/// How a field's value follows from the other fields given, when it is not
/// given itself: `None` leaves it at its default.
#[derive(Clone)]
pub struct Implied(std::sync::Arc<dyn Fn(Given) -> Option<String> + Send + Sync>);

impl Implied {
    pub fn new(rule: impl Fn(Given) -> Option<String> + Send + Sync + 'static) -> Self {
        Implied(std::sync::Arc::new(rule))
    }

    /// The value implied by the fields `given` holds.
    pub fn value(&self, given: Given) -> Option<String> {
        (self.0)(given)
    }
}

impl std::fmt::Debug for Implied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Implied(..)")
    }
}

impl FieldSpec {
    /// A field of `kind` that nothing else implies.
    fn of(name: &'static str, kind: FieldKind, default: String, help: &'static str) -> Self {
        FieldSpec {
            name,
            kind,
            default,
            help,
            implied: None,
        }
    }

    pub fn int(name: &'static str, min: i64, max: i64, default: i64, help: &'static str) -> Self {
        FieldSpec::of(name, FieldKind::Int { min, max }, default.to_string(), help)
    }

    pub fn decimal(
        name: &'static str,
        min: f64,
        max: f64,
        default: f64,
        help: &'static str,
    ) -> Self {
        FieldSpec::of(
            name,
            FieldKind::Decimal { min, max },
            default.to_string(),
            help,
        )
    }

    /// A whole number or `unlimited` (the default).
    pub fn limit(name: &'static str, min: i64, max: i64, help: &'static str) -> Self {
        FieldSpec::optional(name, min, max, UNLIMITED, help)
    }

    /// A whole number, or `word` (the default) when none is given.
    pub fn optional(
        name: &'static str,
        min: i64,
        max: i64,
        word: &'static str,
        help: &'static str,
    ) -> Self {
        FieldSpec::of(
            name,
            FieldKind::Limit { min, max, word },
            word.to_string(),
            help,
        )
    }

    /// A flag that is on unless set off.
    pub fn flag_on(name: &'static str, help: &'static str) -> Self {
        FieldSpec {
            default: "true".to_string(),
            ..FieldSpec::flag(name, help)
        }
    }

    /// One of `values` (read from the charts).
    pub fn choice_of(
        name: &'static str,
        values: Vec<String>,
        default: &str,
        help: &'static str,
    ) -> Self {
        FieldSpec::of(name, FieldKind::Choice(values), default.to_string(), help)
    }

    pub fn flag(name: &'static str, help: &'static str) -> Self {
        FieldSpec::of(name, FieldKind::Bool, "false".to_string(), help)
    }

    pub fn choice(name: &'static str, values: &[&str], default: &str, help: &'static str) -> Self {
        FieldSpec::of(
            name,
            FieldKind::Choice(values.iter().map(|v| v.to_string()).collect()),
            default.to_string(),
            help,
        )
    }

    pub fn choices(
        name: &'static str,
        values: Vec<String>,
        default: &str,
        help: &'static str,
    ) -> Self {
        FieldSpec::of(
            name,
            FieldKind::ChoiceList(values),
            default.to_string(),
            help,
        )
    }

    /// The same field, its value implied by others when it is not given.
    pub fn implied_by(self, rule: Implied) -> Self {
        FieldSpec {
            implied: Some(rule),
            ..self
        }
    }

    /// Allowed values as shown in `--help`.
    pub fn allowed(&self) -> String {
        match &self.kind {
            FieldKind::Int { min, max } => format!("integer {min} to {max}"),
            FieldKind::Limit { min, max, word } => format!("integer {min} to {max}, or {word}"),
            FieldKind::Decimal { min, max } => format!("number {min} to {max}"),
            FieldKind::Bool => "true or false".to_string(),
            FieldKind::Choice(values) => values.join(" | "),
            FieldKind::ChoiceList(values) => {
                format!("one or more of {} joined by +", values.join(" | "))
            }
        }
    }

    pub(super) fn parse(&self, raw: &str) -> Result<FieldValue, String> {
        let raw = raw.trim();
        match &self.kind {
            FieldKind::Int { min, max } => {
                let v: i64 = raw
                    .parse()
                    .map_err(|_| format!("`{raw}` is not an integer (allowed: {min} to {max})"))?;
                if v < *min || v > *max {
                    return Err(format!("{v} is out of range (allowed: {min} to {max})"));
                }
                Ok(FieldValue::Int(v))
            }
            FieldKind::Limit { word, .. } if raw == *word => Ok(FieldValue::Text(word.to_string())),
            FieldKind::Limit { min, max, word } => {
                let v: i64 = raw.parse().map_err(|_| {
                    format!("`{raw}` is not an integer (allowed: {min} to {max}, or {word})")
                })?;
                if v < *min || v > *max {
                    return Err(format!(
                        "{v} is out of range (allowed: {min} to {max}, or {word})"
                    ));
                }
                Ok(FieldValue::Int(v))
            }
            FieldKind::Decimal { min, max } => {
                let v: f64 = raw
                    .parse()
                    .ok()
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| format!("`{raw}` is not a number (allowed: {min} to {max})"))?;
                if v < *min || v > *max {
                    return Err(format!("{v} is out of range (allowed: {min} to {max})"));
                }
                Ok(FieldValue::Number(v))
            }
            FieldKind::Bool => match raw {
                "true" | "yes" | "1" => Ok(FieldValue::Bool(true)),
                "false" | "no" | "0" => Ok(FieldValue::Bool(false)),
                _ => Err(format!(
                    "`{raw}` is not true or false (allowed: true, false, yes, no, 1, 0)"
                )),
            },
            FieldKind::Choice(values) => {
                if values.iter().any(|v| v == raw) {
                    Ok(FieldValue::Text(raw.to_string()))
                } else {
                    Err(unknown_choice(raw, values))
                }
            }
            FieldKind::ChoiceList(values) => {
                let mut picked = Vec::new();
                for part in raw.split('+') {
                    if !values.iter().any(|v| v == part) {
                        return Err(unknown_choice(part, values));
                    }
                    if picked.iter().any(|p| p == part) {
                        return Err(format!("`{part}` is listed twice; list it once"));
                    }
                    picked.push(part.to_string());
                }
                Ok(FieldValue::List(picked))
            }
        }
    }
}

fn unknown_choice(raw: &str, values: &[String]) -> String {
    if values.len() <= 12 {
        format!("unknown value `{raw}`; allowed: {}", one_of(values))
    } else {
        let close: Vec<&String> = values
            .iter()
            .filter(|v| {
                v.contains(raw)
                    || raw.contains(v.as_str())
                    || v.starts_with(&raw[..raw.len().min(3)])
            })
            .collect();
        let hint = if close.is_empty() {
            format!("{} values; `volley rules` lists them", values.len())
        } else {
            format!("did you mean {}?", one_of(&close))
        };
        format!("unknown value `{raw}`; {hint}")
    }
}

/// A resolved field value.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    Int(i64),
    Number(f64),
    Bool(bool),
    Text(String),
    List(Vec<String>),
}
