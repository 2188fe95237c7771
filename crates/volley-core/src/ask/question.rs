//! A question: "this system, under these rules, in this scenario: how likely is
//! each outcome?". The one library type every front end builds and asks: the
//! CLI's `odds`, `table`, `run` and `merge`, the tests and the benches. It holds a
//! validated request: the system and action, the rule book with its house rules
//! applied (its charts compiled once, on first use, and shared by everything built
//! from it), and the resolved scenario. A sweep point is the same question with
//! some fields set ([`Question::with`]); a rule variant is the same question under
//! other house rules ([`Question::under`]).

use crate::action::{Action, FieldSpec, Origin, Scenario, System};
use crate::engine::{self, Model, RunConfig, RunError, RunResult};
use crate::error::InputError;
use crate::rules::{HouseRule, RuleBook};
use crate::systems;
use thiserror::Error;

/// A raw `field = value` with where it was written.
pub type RawField = (String, String, Origin);

/// A validated question, ready to answer.
#[derive(Clone)]
pub struct Question {
    system: &'static dyn System,
    action: &'static dyn Action,
    book: RuleBook,
    /// The house rules the book was patched with, in order.
    house_rules: Vec<HouseRule>,
    specs: Vec<FieldSpec>,
    raw: Vec<RawField>,
    scenario: Scenario,
}

/// Why a question could not be answered.
#[derive(Debug, Error)]
pub enum QuestionError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Run(#[from] RunError),
}

/// A field and its value, as a scenario line says them.
type Pair = (String, String);

impl Question {
    /// Look up `system` and `action`, apply `house_rules` in order, and resolve
    /// `fields` (unset fields take their defaults).
    pub fn new(
        system: &str,
        action: &str,
        house_rules: &[HouseRule],
        fields: &[RawField],
    ) -> Result<Self, InputError> {
        let system = systems::find(system)?;
        let action = systems::find_action(system, action)?;
        let book = systems::rulebook(system, house_rules)?;
        let specs = action.fields(&book)?;
        Self::resolve(
            system,
            action,
            (book, house_rules.to_vec()),
            specs,
            fields.to_vec(),
        )
    }

    /// The scenario in one line, as the outputs echo it: the fields given,
    /// then every other field at the default it took.
    pub fn scenario_line(&self) -> String {
        self.scenario_line_where(|_| true)
    }

    /// The fields given and those that differ from their defaults (a field
    /// another sets: `differential=3` gives `firepower=7`), and a word on the
    /// rest: what an answer prints unless asked for every field
    /// ([`Question::scenario_line`]).
    pub fn scenario_given_line(&self) -> String {
        let (mut set, defaults) = self.scenario_split(|_| true);
        // A field at its default only because it is computed or follows from
        // another is not news.
        let literal_default = |name: &str, value: &str| {
            self.fields().iter().any(|f| {
                f.name == name
                    && f.implied.is_none()
                    && f.default != "computed"
                    && f.default != value
            })
        };
        let (moved, kept): (Vec<_>, Vec<_>) = defaults
            .into_iter()
            .partition(|(name, value)| literal_default(name, value));
        set.extend(moved);
        let set: Vec<String> = set.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
        match (set.is_empty(), kept.is_empty()) {
            (true, _) => "every field at its default".to_string(),
            (false, true) => set.join(" "),
            (false, false) => format!("{}; every other field at its default", set.join(" ")),
        }
    }

    /// The fields `keep` names: those given (first the given fields the
    /// scenario holds under other names, `differential`), then the others.
    fn scenario_split(&self, keep: impl Fn(&str) -> bool) -> (Vec<Pair>, Vec<Pair>) {
        let given: Vec<&str> = self.raw.iter().map(|r| r.0.as_str()).collect();
        let pairs = self.scenario.pairs();
        let mut set: Vec<(String, String)> = self
            .raw
            .iter()
            .filter(|r| keep(&r.0) && !pairs.iter().any(|(name, _)| *name == r.0))
            .map(|r| (r.0.clone(), r.1.clone()))
            .collect();
        let (given_here, defaults): (Vec<_>, Vec<_>) = pairs
            .into_iter()
            .filter(|(name, _)| keep(name))
            .partition(|(name, _)| given.contains(&name.as_str()));
        set.extend(given_here);
        (set, defaults)
    }

    /// [`Question::scenario_line`] of the fields `keep` names only.
    pub fn scenario_line_where(&self, keep: impl Fn(&str) -> bool) -> String {
        let (set, defaults) = self.scenario_split(keep);
        let joined = |pairs: Vec<(String, String)>| {
            pairs
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match (set.is_empty(), defaults.is_empty()) {
            (true, _) => format!("defaults {}", joined(defaults)),
            (false, true) => joined(set),
            (false, false) => format!("{}; defaults {}", joined(set), joined(defaults)),
        }
    }

    /// The same question with `fields` set on top of its own (a sweep point).
    pub fn with(&self, fields: &[RawField]) -> Result<Self, InputError> {
        let mut raw = self.raw.clone();
        for field in fields {
            raw.retain(|r| r.0 != field.0);
            raw.push(field.clone());
        }
        Self::resolve(
            self.system,
            self.action,
            (self.book.clone(), self.house_rules.clone()),
            self.specs.clone(),
            raw,
        )
    }

    /// The same question under the card's rules patched by `house_rules` (a rule
    /// variant).
    pub fn under(&self, house_rules: &[HouseRule]) -> Result<Self, InputError> {
        let book = systems::rulebook(self.system, house_rules)?;
        let specs = self.action.fields(&book)?;
        Self::resolve(
            self.system,
            self.action,
            (book, house_rules.to_vec()),
            specs,
            self.raw.clone(),
        )
    }

    /// The same question with one more house rule on top of its own.
    pub fn and_rule(&self, rule: HouseRule) -> Result<Self, InputError> {
        let rules: Vec<HouseRule> = self.house_rules.iter().cloned().chain([rule]).collect();
        self.under(&rules)
    }

    /// The house rules this question's charts were patched with, in order.
    pub fn house_rules(&self) -> &[HouseRule] {
        &self.house_rules
    }

    fn resolve(
        system: &'static dyn System,
        action: &'static dyn Action,
        (book, house_rules): (RuleBook, Vec<HouseRule>),
        specs: Vec<FieldSpec>,
        raw: Vec<RawField>,
    ) -> Result<Self, InputError> {
        let scenario = Self::resolve_fields(action, &specs, &raw)?;
        Ok(Question {
            system,
            action,
            book,
            house_rules,
            specs,
            raw,
            scenario,
        })
    }

    /// Resolve the fields; derived axes (`differential`) become the field settings
    /// the action gives them, read against the rest of the scenario.
    fn resolve_fields(
        action: &dyn Action,
        specs: &[FieldSpec],
        raw: &[RawField],
    ) -> Result<Scenario, InputError> {
        let declared = |name: &str| specs.iter().any(|s| s.name == name);
        for (key, _, origin) in raw {
            let renamed = action.about().renamed.iter().find(|(old, _)| old == key);
            if let Some((_, now)) = renamed.filter(|_| !declared(key)) {
                return Err(InputError {
                    file: origin.file.clone(),
                    line: origin.line,
                    field: key.clone(),
                    message: format!("this field is gone: write {now} instead"),
                });
            }
        }
        let derived = |name: &str| action.derived_axes().contains(&name) && !declared(name);
        let (axes, mut plain): (Vec<RawField>, Vec<RawField>) =
            raw.iter().cloned().partition(|r| derived(&r.0));
        if axes.is_empty() {
            return Scenario::resolve(specs, &plain);
        }
        for (axis, value, origin) in axes {
            let base = Scenario::resolve(specs, &plain)?;
            let settings = action
                .derive(&axis, &value, &base)
                .map_err(|message| InputError {
                    file: origin.file.clone(),
                    line: origin.line,
                    field: axis.clone(),
                    message,
                })?;
            for (field, value) in settings {
                plain.retain(|r| r.0 != field);
                plain.push((field.to_string(), value, origin.clone()));
            }
        }
        Scenario::resolve(specs, &plain)
    }

    pub fn system(&self) -> &'static dyn System {
        self.system
    }

    pub fn action(&self) -> &'static dyn Action {
        self.action
    }

    /// The rule book, house rules applied.
    pub fn book(&self) -> &RuleBook {
        &self.book
    }

    /// The action's fields under these rules (allowed values come from the
    /// charts, so a house rule that changes a chart changes them).
    pub fn fields(&self) -> &[FieldSpec] {
        &self.specs
    }

    /// The resolved scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The outcome stated first.
    pub fn headline(&self) -> Option<(&'static str, &'static str)> {
        self.action.headline()
    }

    /// How to read the answer under these rules.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = self.action.answer_notes(&self.book);
        notes.extend(crate::rules::rolls::not_rolled_by(
            &self.book.rolls,
            self.system.roll_points(),
            self.action.name(),
        ));
        notes
    }

    /// The action's working for this scenario (see [`Action::working`]).
    pub fn working(&self) -> Vec<String> {
        self.action.working(&self.scenario, &self.book)
    }

    /// Why the answer is provisional, if it is (see [`Action::provisional`]).
    pub fn provisional(&self) -> Option<String> {
        self.action.provisional(&self.book)
    }

    /// The runnable model. An action that reads a field it does not declare is
    /// refused here (a bug in volley, caught without a panic).
    pub fn model(&self) -> Result<Box<dyn Model>, InputError> {
        let model = self.action.model(&self.scenario, &self.book)?;
        let misreads = self.scenario.misreads();
        if !misreads.is_empty() {
            return Err(InputError::argument(
                self.action.name(),
                format!(
                    "internal error in `{} {}`: {}",
                    self.system.name(),
                    self.action.name(),
                    misreads.join("; ")
                ),
            ));
        }
        Ok(model)
    }

    /// What makes two questions one question, in one line: the system and
    /// action, the house rules applied (each whole, in order) and every
    /// field's value. Questions with equal fingerprints get equal answers.
    pub fn fingerprint(&self) -> String {
        format!(
            "{} {} {:?} {:?}",
            self.system.name(),
            self.action.name(),
            self.house_rules,
            self.scenario.pairs()
        )
    }

    /// Best play over the action's choices, as `ask` asks.
    pub fn plan(&self, ask: &crate::plan::Ask) -> Result<crate::plan::PlanAnswer, QuestionError> {
        let schema = self.model()?.schema();
        let outcomes: Vec<(&str, Vec<String>)> = schema
            .categorical
            .iter()
            .map(|v| (v.name.as_str(), v.values.clone()))
            .collect();
        match self.action.plan(&self.scenario, &self.book, ask, &outcomes) {
            Some(Ok(answer)) => {
                self.scripts_held()?;
                Ok(answer)
            }
            Some(Err(crate::plan::PlanError::Input(e))) => Err(QuestionError::Input(e)),
            // Stopped from outside before any trial of its check.
            Some(Err(crate::plan::PlanError::Stopped)) => {
                Err(QuestionError::Run(crate::engine::RunError::Cancelled(0)))
            }
            Some(Err(crate::plan::PlanError::OverBudget(over))) => {
                Err(QuestionError::Input(InputError::argument(
                    "budget",
                    format!(
                        "best play here meets more than the budget of {} (decision states over all turns, or leaves of one turn's dice tree): raise the budget ({}); memory grows with the states, about 1 GB a million",
                        crate::dice::grouped(over.budget),
                        crate::error::Key::Budget.named()
                    ),
                )))
            }
            None => Err(QuestionError::Input(InputError::argument(
                "action",
                format!(
                    "`{} {}` has no choices to plan; `volley plan` answers {}",
                    self.system.name(),
                    self.action.name(),
                    crate::systems::plannable().join(", ")
                ),
            ))),
        }
    }

    pub fn answer(&self, config: &RunConfig) -> Result<RunResult, QuestionError> {
        let model = self.model()?;
        let result = engine::run(model.as_ref(), config)?;
        self.scripts_held()?;
        Ok(result)
    }

    /// Refuse an answer made while a house rule's script stopped at a
    /// roll (its error names the file and line): the figures would be the
    /// card's there, not the rule's.
    pub fn scripts_held(&self) -> Result<(), InputError> {
        match self.book.rolls.failure() {
            Some(stopped) => Err(stopped.clone()),
            None => Ok(()),
        }
    }
}
