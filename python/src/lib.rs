//! `volley._volley`: the core crate behind Python. Each function answers as
//! the command line does and hands back the same JSON text (`volley odds ...
//! --format json`), which the `volley` package reads into its own types; bad
//! input is `volley.InputError` (a `ValueError`) with the command line's
//! message. A run releases the GIL and stops on Ctrl-C (at its next block of
//! trials: an exact run is bounded by its budget instead).

mod experiments;
mod shards;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;
use volley_core::contract::{
    self, AnswerJson, ComparisonJson, EffectsJson, FieldsJson, SystemJson,
};
use volley_core::engine::{AskError, Cancel, MethodAsk, MethodName, RunConfig, RunError};
use volley_core::error::InputError as CoreInputError;
use volley_core::question::{Question, QuestionError};
use volley_core::rules::HouseRule;
use volley_core::stats::summarize;
use volley_core::systems::Origin;

create_exception!(
    _volley,
    InputError,
    PyValueError,
    "Bad input: what is wrong, naming the keyword argument, or the file, line and field."
);

/// Bad input in Python's words: an argument's error names the keyword
/// argument (`argument \`firepower\`: ...`); an error in a file names the
/// file and line.
pub(crate) fn input(error: CoreInputError) -> PyErr {
    InputError::new_err(error.worded(|field| match field {
        "" => String::new(),
        field => format!("argument `{field}`: "),
    }))
}

fn question_error(error: QuestionError) -> PyErr {
    match error {
        QuestionError::Input(e) => input(e),
        QuestionError::Run(e) => InputError::new_err(e.worded(argument)),
    }
}

/// The keyword argument (or its value) that sets a part of the run's request.
fn argument(key: volley_core::engine::RunKey) -> &'static str {
    use volley_core::engine::RunKey;
    match key {
        RunKey::Method => "method",
        RunKey::Exact => "method=\"exact\"",
        RunKey::Budget => "budget",
        RunKey::Trials => "trials",
        RunKey::Precision => "precision",
        RunKey::Confidence => "confidence",
        RunKey::Shard => "index",
    }
}

/// Every system and its actions, as `/api/systems` gives them.
#[pyfunction]
fn systems_json() -> String {
    contract::to_pretty_json(&SystemJson::all())
}

/// An action's fields, headline and outcomes, as `/api/fields` gives them.
#[pyfunction]
fn fields_json(system: &str, action: &str) -> PyResult<String> {
    let question = Question::new(system, action, &[], &[]).map_err(input)?;
    Ok(contract::to_pretty_json(&FieldsJson::of(&question)))
}

/// The run configuration the keyword arguments ask for, as the command
/// line's flags would (`method="exact"` is `--exact`; a trial count or a
/// precision means Monte Carlo), checked by the core as every front end's.
pub(crate) fn config(
    method: &str,
    trials: Option<u64>,
    precision: Option<f64>,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
) -> PyResult<RunConfig> {
    let worded = |e: AskError| InputError::new_err(e.worded(argument));
    let ask = MethodAsk {
        method: MethodName::parse(method).map_err(worded)?,
        trials,
        precision,
        seed,
        confidence,
        budget,
        ..MethodAsk::default()
    };
    ask.config().map_err(worded)
}

/// Check a method's keyword arguments as every run does, without running:
/// `volley.sweep` writes them into an experiment file, and refuses there
/// what a run would refuse.
#[pyfunction]
#[pyo3(signature = (method, trials, precision))]
fn check_method(method: &str, trials: Option<u64>, precision: Option<f64>) -> PyResult<()> {
    config(method, trials, precision, 1, 0.95, None).map(|_| ())
}

/// Run `work` off the GIL on its own thread, polling for Ctrl-C: on one,
/// `cancel` stops the run at its next block of trials and the interrupt is
/// raised once the run has let go.
pub(crate) fn detached<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel();
        // A receiver is not shared between threads; one behind a lock is.
        let finished = std::sync::Mutex::new(finished);
        let handle = scope.spawn(move || {
            let out = work();
            let _ = done.send(());
            out
        });
        loop {
            // Back as soon as the run is done; every 50 ms a look for Ctrl-C.
            let ready = py.allow_threads(|| {
                let finished = finished.lock().expect("only this thread waits");
                finished.recv_timeout(Duration::from_millis(50))
            });
            if ready.is_ok() || handle.is_finished() {
                return Ok(handle.join().expect("a volley run never panics"));
            }
            if let Err(interrupt) = py.check_signals() {
                cancel.stop();
                let _ = py.allow_threads(|| handle.join());
                return Err(interrupt);
            }
        }
    })
}

/// Run `work` under `config` off the GIL and stoppable by Ctrl-C (see
/// [`detached`]); its error as the package raises it.
pub(crate) fn run_detached<T: Send>(
    py: Python<'_>,
    config: RunConfig,
    work: impl FnOnce(&RunConfig) -> Result<T, QuestionError> + Send,
) -> PyResult<T> {
    let cancel = Cancel::default();
    let config = RunConfig {
        cancel: Some(cancel.clone()),
        ..config
    };
    detached(py, &cancel, || work(&config))?.map_err(run_error)
}

/// One question answered: the JSON `volley odds SYSTEM ACTION field=value...
/// --format json` prints for the same arguments.
#[pyfunction]
#[pyo3(signature = (system, action, fields, method, trials, precision, seed, confidence, budget, house_rules))]
#[allow(clippy::too_many_arguments)]
fn odds_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    method: &str,
    trials: Option<u64>,
    precision: Option<f64>,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
    house_rules: Vec<String>,
) -> PyResult<String> {
    let question = question(system, action, fields, &house_rules)?;
    let config = config(method, trials, precision, seed, confidence, budget)?;
    run_detached(py, config, |config| {
        let result = question.answer(config)?;
        let summary = summarize(&result);
        let readings = volley_core::readings::measure(&question, &summary, config, false)?;
        Ok(contract::to_pretty_json(&AnswerJson::of_question(
            &question, &summary, &readings,
        )))
    })
}

/// The answer JSON of one side of a comparison, as `volley compare` writes
/// it: the readings it consulted (not measured), no working.
fn side(question: &Question, summary: &volley_core::stats::Summary) -> AnswerJson {
    let consulted = volley_core::readings::consulted(question);
    AnswerJson {
        working: Vec::new(),
        ..AnswerJson::of_question(question, summary, &consulted)
    }
}

/// A question against its variants (each `NAME:SPEC`, as `--variant` takes
/// them) on the same trials, or exactly: the JSON `volley compare ...
/// --format json` prints.
#[pyfunction]
#[pyo3(signature = (system, action, fields, variants, method, trials, seed, confidence, budget, house_rules))]
#[allow(clippy::too_many_arguments)]
fn compare_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    variants: Vec<String>,
    method: &str,
    trials: Option<u64>,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
    house_rules: Vec<String>,
) -> PyResult<String> {
    let rules = read_rules(&house_rules)?;
    let comparison = volley_core::variants::comparison(system, action, &fields, &rules, &variants)
        .map_err(input)?;
    let config = config(method, trials, None, seed, confidence, budget)?;
    run_detached(py, config, |config| {
        let mut compared = comparison.run(config)?;
        volley_core::variants::say_where_they_would_differ(&mut compared, &comparison, seed);
        let variants = comparison
            .variants
            .iter()
            .zip(&compared.variants)
            .map(|(v, a)| side(&v.question, &a.summary))
            .collect();
        let baseline = side(&comparison.baseline, &compared.baseline);
        Ok(contract::to_pretty_json(&ComparisonJson::new(
            &compared, baseline, variants,
        )))
    })
}

/// What each field is worth: the JSON `volley effects SYSTEM ACTION
/// field=value... [--only F]... [--show VARIABLE=VALUE] --format json` prints.
#[pyfunction]
#[pyo3(signature = (system, action, fields, only, show, method, trials, seed, confidence, budget, house_rules))]
#[allow(clippy::too_many_arguments)]
fn effects_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    only: Vec<String>,
    show: Option<String>,
    method: &str,
    trials: Option<u64>,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
    house_rules: Vec<String>,
) -> PyResult<String> {
    let question = question(system, action, fields, &house_rules)?;
    let config = config(method, trials, None, seed, confidence, budget)?;
    run_detached(py, config, |config| {
        volley_core::effects::asked(&question, &only, show.as_deref(), config).map(|found| {
            contract::to_pretty_json(&EffectsJson::new(
                question.system().name(),
                question.action().name(),
                &found,
            ))
        })
    })
}

/// The value of a field that meets a target: the JSON `volley solve SYSTEM
/// ACTION field=value... --vary FIELD --target TARGET [--values V]
/// [--largest] --format json` prints.
#[pyfunction]
#[pyo3(signature = (system, action, fields, vary, target, values, largest, method, trials, seed, confidence, budget, house_rules))]
#[allow(clippy::too_many_arguments)]
fn solve_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    vary: &str,
    target: &str,
    values: Option<String>,
    largest: bool,
    method: &str,
    trials: Option<u64>,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
    house_rules: Vec<String>,
) -> PyResult<String> {
    let given: Vec<String> = fields.iter().map(|(k, _)| k.clone()).collect();
    let question = question(system, action, fields, &house_rules)?;
    let config = config(method, trials, None, seed, confidence, budget)?;
    run_detached(py, config, |config| {
        let given: Vec<&str> = given.iter().map(String::as_str).collect();
        volley_core::solve::asked(
            &question,
            &given,
            vary,
            target,
            values.as_deref(),
            largest,
            config,
        )
        .map(|solved| {
            contract::to_pretty_json(&volley_core::contract::SolvedJson::new(
                question.system().name(),
                question.action().name(),
                &solved,
            ))
        })
    })
}

/// Best play over an action's choices: the JSON `volley plan SYSTEM ACTION
/// field=value... [--choices SIDE:CHOICES] [--goal GOAL] --format json` prints.
#[pyfunction]
#[pyo3(signature = (system, action, fields, choices, goal, opponent, check_trials, seed, confidence, budget, house_rules))]
#[allow(clippy::too_many_arguments)]
fn plan_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    choices: Option<String>,
    goal: Option<String>,
    opponent: &str,
    check_trials: u64,
    seed: u64,
    confidence: f64,
    budget: Option<u64>,
    house_rules: Vec<String>,
) -> PyResult<String> {
    use volley_core::plan::{Opponent, PlanOptions};
    let question = question(system, action, fields, &house_rules)?;
    let options = PlanOptions {
        choices,
        goal,
        opponent: Opponent::parse(opponent).map_err(input)?,
        check_trials,
        seed,
        confidence,
        budget,
    };
    let ask = options.ask(question.headline(), "goal").map_err(input)?;
    // A plan is bounded by its budget; Ctrl-C is heard once it is done.
    let plan = detached(py, &Cancel::default(), || question.plan(&ask))?.map_err(run_error)?;
    Ok(contract::to_pretty_json(
        &volley_core::contract::PlanJson::of_question(&question, &plan, &ask),
    ))
}

/// A run's error: Ctrl-C as `KeyboardInterrupt`, the rest as `InputError`.
pub(crate) fn run_error(error: QuestionError) -> PyErr {
    match error {
        QuestionError::Run(RunError::Cancelled(_)) => {
            pyo3::exceptions::PyKeyboardInterrupt::new_err("the run was stopped")
        }
        other => question_error(other),
    }
}

/// The question the arguments ask: `fields` on the house-rule files, in order.
pub(crate) fn question(
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    house_rules: &[String],
) -> PyResult<Question> {
    let raw: Vec<_> = fields
        .into_iter()
        .map(|(k, v)| (k, v, Origin::arguments()))
        .collect();
    Question::new(system, action, &read_rules(house_rules)?, &raw).map_err(input)
}

/// Read house-rule files, in order.
fn read_rules(paths: &[String]) -> PyResult<Vec<HouseRule>> {
    paths
        .iter()
        .map(|path| HouseRule::from_file(std::path::Path::new(path)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(input)
}

#[pymodule]
fn _volley(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    // The defaults every front end shares, from the core.
    m.add("AUTO_TRIALS", volley_core::engine::AUTO_TRIALS)?;
    m.add("EXACT_BUDGET", volley_core::engine::EXACT_BUDGET)?;
    m.add("CHECK_TRIALS", volley_core::plan::CHECK_TRIALS)?;
    m.add_function(wrap_pyfunction!(check_method, m)?)?;
    m.add_function(wrap_pyfunction!(systems_json, m)?)?;
    m.add_function(wrap_pyfunction!(fields_json, m)?)?;
    m.add_function(wrap_pyfunction!(odds_json, m)?)?;
    m.add_function(wrap_pyfunction!(compare_json, m)?)?;
    m.add_function(wrap_pyfunction!(effects_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(plan_json, m)?)?;
    m.add_function(wrap_pyfunction!(shards::odds_shard_json, m)?)?;
    m.add_function(wrap_pyfunction!(shards::merge_tallies_json, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment_json, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment_slice_json, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment_merge_json, m)?)?;
    Ok(())
}
