//! How a front end asks for a run, before it is a [`RunConfig`]: a method by
//! name (or none), a trial count, a precision, the seed, the confidence and
//! the budget. The command line's flags, the page's query keys and Python's
//! keyword arguments each read their own syntax into it; [`MethodAsk::config`]
//! checks it once and refuses with the keys at fault ([`RunKey`]), for each
//! front end to word as it names them.

use super::run_config::{MethodRequest, RunConfig};
use super::run_error::RunKey;

/// A method by name, as every front end lets a user name it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MethodName {
    /// Exact where the question fits, else Monte Carlo.
    #[default]
    Auto,
    Exact,
    /// Monte Carlo (with the trials or precision given, else the automatic
    /// trial count).
    MonteCarlo,
}

impl MethodName {
    /// The names, as a user writes them.
    pub const NAMES: [&'static str; 3] = ["auto", "exact", "monte-carlo"];

    /// The method named `name`.
    pub fn parse(name: &str) -> Result<Self, AskError> {
        match name {
            "auto" => Ok(MethodName::Auto),
            "exact" => Ok(MethodName::Exact),
            "monte-carlo" => Ok(MethodName::MonteCarlo),
            other => Err(AskError::NotAMethod(other.to_string())),
        }
    }
}

/// How a run is asked for, in every front end's terms at once.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodAsk {
    pub method: MethodName,
    pub trials: Option<u64>,
    pub precision: Option<f64>,
    pub seed: u64,
    pub confidence: f64,
    /// The exact method's budget (see [`RunConfig::budgets`]).
    pub budget: Option<u64>,
    /// Trials where Monte Carlo is named without a count or a precision.
    pub monte_carlo_trials: u64,
}

impl Default for MethodAsk {
    fn default() -> Self {
        MethodAsk {
            method: MethodName::Auto,
            trials: None,
            precision: None,
            seed: super::run_config::DEFAULT_SEED,
            confidence: super::run_config::DEFAULT_CONFIDENCE,
            budget: None,
            monte_carlo_trials: super::run_config::AUTO_TRIALS,
        }
    }
}

/// Why a [`MethodAsk`] cannot be a run, before anything runs. (A value out of
/// its range, such as a confidence of 2, is the run's to refuse:
/// [`super::RunError`].)
#[derive(Clone, Debug, PartialEq)]
pub enum AskError {
    /// A method no front end knows.
    NotAMethod(String),
    /// Two parts of the request that exclude each other (an exact answer
    /// and a trial count).
    Conflict(RunKey, RunKey),
}

impl AskError {
    /// The part of the request at fault (the first of two in conflict).
    pub fn key(&self) -> RunKey {
        match self {
            AskError::NotAMethod(_) => RunKey::Method,
            AskError::Conflict(first, _) => *first,
        }
    }

    /// The error led by the key at fault, each key as `name` words it (as
    /// [`super::RunError::worded`]).
    pub fn worded(&self, name: impl Fn(RunKey) -> &'static str) -> String {
        let detail = match self {
            AskError::NotAMethod(other) => {
                let [first, second, last] = MethodName::NAMES;
                format!("`{other}` is not a method; use {first}, {second} or {last}")
            }
            AskError::Conflict(_, with) => format!("cannot be used with {}", name(*with)),
        };
        format!("{}: {detail}", name(self.key()))
    }
}

impl MethodAsk {
    /// The run this asks for: an exact answer excludes a trial count and a
    /// precision, and a trial count excludes a precision.
    pub fn config(&self) -> Result<RunConfig, AskError> {
        let exact = self.method == MethodName::Exact;
        match (self.trials, self.precision) {
            (Some(_), _) if exact => return Err(AskError::Conflict(RunKey::Exact, RunKey::Trials)),
            (_, Some(_)) if exact => {
                return Err(AskError::Conflict(RunKey::Exact, RunKey::Precision));
            }
            (Some(_), Some(_)) => {
                return Err(AskError::Conflict(RunKey::Trials, RunKey::Precision));
            }
            _ => {}
        }
        // Monte Carlo named alone runs the trials it is given by default.
        let trials = match (self.method, self.trials, self.precision) {
            (MethodName::MonteCarlo, None, None) => Some(self.monte_carlo_trials),
            _ => self.trials,
        };
        let (budget, auto_budget) = RunConfig::budgets(self.budget);
        Ok(RunConfig {
            method: MethodRequest::from_flags(exact, trials, self.precision),
            seed: self.seed,
            confidence: self.confidence,
            budget,
            auto_budget,
            ..RunConfig::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_method_and_count_is_one_run_request() {
        let ask = |method, trials, precision| MethodAsk {
            method,
            trials,
            precision,
            ..MethodAsk::default()
        };
        let method = |a: MethodAsk| a.config().map(|c| c.method);
        use MethodName::*;
        assert_eq!(method(ask(Auto, None, None)), Ok(MethodRequest::Auto));
        assert_eq!(method(ask(Exact, None, None)), Ok(MethodRequest::Exact));
        assert_eq!(
            method(ask(MonteCarlo, None, None)),
            Ok(MethodRequest::Trials(1_000_000))
        );
        assert_eq!(
            method(ask(Auto, Some(500), None)),
            Ok(MethodRequest::Trials(500))
        );
        assert_eq!(
            method(ask(MonteCarlo, None, Some(0.01))),
            Ok(MethodRequest::Precision(0.01))
        );
        assert_eq!(
            method(ask(Exact, Some(5), None)),
            Err(AskError::Conflict(RunKey::Exact, RunKey::Trials))
        );
        assert_eq!(
            method(ask(Exact, None, Some(0.1))),
            Err(AskError::Conflict(RunKey::Exact, RunKey::Precision))
        );
        assert_eq!(
            method(ask(Auto, Some(5), Some(0.1))),
            Err(AskError::Conflict(RunKey::Trials, RunKey::Precision))
        );
    }

    #[test]
    fn a_given_budget_is_both_budgets() {
        use crate::engine::{AUTO_BUDGET, EXACT_BUDGET};
        let config = MethodAsk::default().config().unwrap();
        assert_eq!(
            (config.budget, config.auto_budget),
            (EXACT_BUDGET, AUTO_BUDGET)
        );
        let given = MethodAsk {
            budget: Some(77),
            ..MethodAsk::default()
        };
        let config = given.config().unwrap();
        assert_eq!((config.budget, config.auto_budget), (77, 77));
    }

    #[test]
    fn refusals_name_the_keys_as_the_front_end_does() {
        let name = |key: RunKey| match key {
            RunKey::Method => "method",
            RunKey::Exact => "method=\"exact\"",
            RunKey::Trials => "trials",
            _ => "other",
        };
        assert_eq!(
            MethodName::parse("guess").unwrap_err().worded(name),
            "method: `guess` is not a method; use auto, exact or monte-carlo"
        );
        assert_eq!(
            AskError::Conflict(RunKey::Exact, RunKey::Trials).worded(name),
            "method=\"exact\": cannot be used with trials"
        );
    }
}
