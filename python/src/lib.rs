//! `volley._volley`: the core crate behind Python. Each function answers as
//! the command line does and hands back the same document (`volley odds ...
//! --format json`) as Python's own dicts and lists, which the `volley`
//! package wraps in its own types; bad
//! input is `volley.InputError` (a `ValueError`) with the command line's
//! message. A run releases the GIL and stops on Ctrl-C (at its next block of
//! trials: an exact run is bounded by its budget instead).

mod experiments;
mod objects;
mod request;
mod shards;

use objects::object;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use request::How;
use std::time::Duration;
use volley_core::ask::question::{Question, QuestionError};
use volley_core::contract::{AnswerJson, ComparisonJson, EffectsJson, FieldsJson, SystemJson};
use volley_core::engine::{Cancel, RunConfig, RunError};
use volley_core::error::InputError as CoreInputError;
use volley_core::stats::summarize;

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
    InputError::new_err(error.worded(
        |field| match field {
            "" => String::new(),
            field => format!("argument `{field}`: "),
        },
        keyword,
    ))
}

/// A key an error advises setting, as a keyword argument (`trials=N`; an
/// exact answer is `method="exact"`).
fn keyword(key: volley_core::error::Key, value: Option<&str>) -> String {
    match (key, value) {
        (volley_core::error::Key::Exact, _) => "`method=\"exact\"`".to_string(),
        (key, Some(value)) => format!("`{}={value}`", key.name()),
        (key, None) => format!("`{}=`", key.name()),
    }
}

fn question_error(error: QuestionError) -> PyErr {
    match error {
        QuestionError::Input(e) => input(e),
        QuestionError::Run(e) => InputError::new_err(e.worded(argument)),
    }
}

/// The keyword argument (or its value) that sets a part of the run's request.
pub(crate) fn argument(key: volley_core::engine::RunKey) -> &'static str {
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
fn systems(py: Python<'_>) -> PyResult<PyObject> {
    object(py, &SystemJson::all())
}

/// An action's fields, headline and outcomes, as `/api/fields` gives them.
#[pyfunction]
fn fields(py: Python<'_>, system: &str, action: &str) -> PyResult<PyObject> {
    let question = Question::new(system, action, &[], &[]).map_err(input)?;
    object(py, &FieldsJson::of(&question))
}

/// Check a method's keyword arguments as every run does, without running:
/// `volley.sweep` writes them into an experiment file, and refuses there
/// what a run would refuse.
#[pyfunction]
#[pyo3(signature = (method, trials, precision))]
fn check_method(method: String, trials: Option<u64>, precision: Option<f64>) -> PyResult<()> {
    let how = How {
        method,
        ask: volley_core::engine::MethodAsk {
            trials,
            precision,
            ..Default::default()
        },
    };
    how.config().map(|_| ())
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

/// One question answered: the document `volley odds SYSTEM ACTION
/// field=value... --format json` prints for the same arguments.
#[pyfunction]
fn odds(py: Python<'_>, asked: &Bound<'_, PyAny>, how: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let (asked, how) = request::read(asked, how)?;
    let question = asked.question()?;
    let config = how.config()?;
    let answer = run_detached(py, config, |config| {
        let result = question.answer(config)?;
        let summary = summarize(&result);
        let readings = volley_core::ask::readings::measure(&question, &summary, config, false)?;
        Ok(AnswerJson::of_question(&question, &summary, &readings))
    })?;
    object(py, &answer)
}

/// The answer JSON of one side of a comparison, as `volley compare` writes
/// it: the readings it consulted (not measured), no working.
fn side(question: &Question, summary: &volley_core::stats::Summary) -> AnswerJson {
    let consulted = volley_core::ask::readings::consulted(question);
    AnswerJson {
        working: Vec::new(),
        ..AnswerJson::of_question(question, summary, &consulted)
    }
}

/// A question against its variants (each `NAME:SPEC`, as `--variant` takes
/// them) on the same trials, or exactly: the JSON `volley compare ...
/// --format json` prints.
#[pyfunction]
fn compare(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    variants: Vec<String>,
) -> PyResult<PyObject> {
    let (asked, how) = request::read(asked, how)?;
    let comparison = volley_core::ask::variants::comparison(
        &asked.system,
        &asked.action,
        &asked.fields,
        &asked.rules()?,
        &variants,
    )
    .map_err(input)?;
    let seed = how.ask.seed;
    let config = how.config()?;
    let compared = run_detached(py, config, |config| {
        let mut compared = comparison.run(config)?;
        volley_core::ask::variants::say_where_they_would_differ(&mut compared, &comparison, seed);
        let variants = comparison
            .variants
            .iter()
            .zip(&compared.variants)
            .map(|(v, a)| side(&v.question, &a.summary))
            .collect();
        let baseline = side(&comparison.baseline, &compared.baseline);
        Ok(ComparisonJson::new(&compared, baseline, variants))
    })?;
    object(py, &compared)
}

/// What each field is worth: the document `volley effects SYSTEM ACTION
/// field=value... [--only F]... [--show VARIABLE=VALUE] --format json` prints.
#[pyfunction]
#[pyo3(signature = (asked, how, only, show))]
fn effects(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    only: Vec<String>,
    show: Option<String>,
) -> PyResult<PyObject> {
    let (asked, how) = request::read(asked, how)?;
    let question = asked.question()?;
    let config = how.config()?;
    let effects = run_detached(py, config, |config| {
        volley_core::ask::effects::asked(&question, &only, show.as_deref(), config).map(|found| {
            EffectsJson::new(question.system().name(), question.action().name(), &found)
        })
    })?;
    object(py, &effects)
}

/// The value of a field that meets a target: the document `volley solve SYSTEM
/// ACTION field=value... --vary FIELD --target TARGET [--values V]
/// [--largest] --format json` prints.
#[pyfunction]
#[pyo3(signature = (asked, how, vary, target, values, largest))]
fn solve(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    vary: &str,
    target: &str,
    values: Option<String>,
    largest: bool,
) -> PyResult<PyObject> {
    let (asked, how) = request::read(asked, how)?;
    let question = asked.question()?;
    let config = how.config()?;
    let given = asked.given();
    let solved = run_detached(py, config, |config| {
        volley_core::ask::solve::asked(
            &question,
            &given,
            vary,
            target,
            values.as_deref(),
            largest,
            config,
        )
        .map(|solved| {
            volley_core::contract::SolvedJson::new(
                question.system().name(),
                question.action().name(),
                &solved,
            )
        })
    })?;
    object(py, &solved)
}

/// Best play over an action's choices: the document `volley plan SYSTEM ACTION
/// field=value... [--choices SIDE:CHOICES] [--goal GOAL] --format json` prints.
/// The method of `how` is not read: a plan is exact, within its budget,
/// and checked by Monte Carlo on its seed at its confidence.
#[pyfunction]
#[pyo3(signature = (asked, how, choices, goal, opponent, check_trials))]
fn plan(
    py: Python<'_>,
    asked: &Bound<'_, PyAny>,
    how: &Bound<'_, PyAny>,
    choices: Option<String>,
    goal: Option<String>,
    opponent: &str,
    check_trials: u64,
) -> PyResult<PyObject> {
    let (asked, how) = request::read(asked, how)?;
    use volley_core::plan::{Opponent, PlanOptions};
    let question = asked.question()?;
    let options = PlanOptions {
        choices,
        goal,
        opponent: Opponent::parse(opponent).map_err(input)?,
        check_trials,
        seed: how.ask.seed,
        confidence: how.ask.confidence,
        budget: how.ask.budget,
    };
    let ask = options.ask(question.headline(), "goal").map_err(input)?;
    // A plan is bounded by its budget; Ctrl-C is heard once it is done.
    let plan = detached(py, &Cancel::default(), || question.plan(&ask))?.map_err(run_error)?;
    object(
        py,
        &volley_core::contract::PlanJson::of_question(&question, &plan, &ask),
    )
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

#[pymodule]
fn _volley(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<InputError>())?;
    // The defaults every front end shares, from the core.
    m.add("AUTO_TRIALS", volley_core::engine::AUTO_TRIALS)?;
    m.add("EXACT_BUDGET", volley_core::engine::EXACT_BUDGET)?;
    m.add("CHECK_TRIALS", volley_core::plan::CHECK_TRIALS)?;
    m.add("DEFAULT_SEED", volley_core::engine::DEFAULT_SEED)?;
    m.add(
        "DEFAULT_CONFIDENCE",
        volley_core::engine::DEFAULT_CONFIDENCE,
    )?;
    m.add("BLOCK_TRIALS", volley_core::engine::CHUNK_TRIALS)?;
    m.add("MAX_POINTS", volley_core::experiment::MAX_POINTS)?;
    m.add_function(wrap_pyfunction!(check_method, m)?)?;
    m.add_function(wrap_pyfunction!(systems, m)?)?;
    m.add_function(wrap_pyfunction!(fields, m)?)?;
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(effects, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(shards::odds_shard, m)?)?;
    m.add_function(wrap_pyfunction!(shards::merge_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment_slice, m)?)?;
    m.add_function(wrap_pyfunction!(experiments::experiment_merge, m)?)?;
    Ok(())
}
