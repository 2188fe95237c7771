//! Roll scripts: a house rule's `[[script]]` tables, code in Rhai (a small
//! embedded language, sandboxed and pure Rust) with hooks at a roll point,
//! for the rules the declarative `[[roll]]` form cannot say.
//!
//! ```toml
//! [[script]]
//! point = "pre_impact_check"
//! code = '''
//! // A veteran's officer steadies it: before the check, 1D6; on a 6, +2.
//! fn before(roll) {
//!     if roll.defender.quality == "veteran" && d6() == 6 { #{ modifier: 2 } }
//! }
//! '''
//! ```
//!
//! A script defines `before(roll)`, `result(roll)`, `after(roll)`,
//! `then(roll)`, or several. `roll` is a map of what the point shows
//! (`roll.defender.quality`); `result`'s also holds `total`, `after`'s
//! `failed`, `then`'s `outcome`. `before` returns what the declarative form
//! would (a map of `modifier`, `threshold`, `threshold_add`, `reroll`, or a
//! bare number: a modifier; nothing: no change); `result` the total the
//! dice are judged as (read once per total into [`Totals`], so it rolls no
//! dice); `after` returns `"reroll"` (or `true`) to roll again once, the
//! second roll standing, and anything else keeps it; `then`, a step after
//! the roll is kept, returns the outcome it comes to, one of the point's
//! `outcomes` (where the procedure names them: the impact's classes).
//!
//! Dice come only from volley's [`Dice`]: `d6()`, `d(sides)` and
//! `dice(n, sides)` (their sum). A hook is replayed from its start on a tape
//! of the dice it has asked for so far: where it asks for one more, the
//! procedure's `Dice` rolls it (a branch point of the exact method, a draw
//! of Monte Carlo) and the hook runs again with the longer tape. Scripts
//! are deterministic, so each run repeats the last up to the new die, and
//! every method answers under a script as it does under the card.
//!
//! Safe with anyone's file: no modules (no files), no clock, no `eval`, no
//! printing; a hook call is stopped past [`engine::MAX_OPERATIONS`] operations,
//! [`engine::MAX_CALL_DEPTH`] nested calls, [`engine::MAX_DICE`] dice making at most
//! [`engine::MAX_OUTCOMES`] outcomes together, and strings, arrays
//! and maps past a few hundred entries. A hook that fails at a roll fails
//! the answer with the file and line ([`super::RollRules::failure`]).

mod engine;
mod returned;
mod text;

use engine::{MAX_CALL_DEPTH, MAX_OPERATIONS};
pub(in crate::rules) use text::ScriptFile;
pub use text::ScriptText;

use super::{Adjust, RollPoint, Totals, Value, Verdict};
use crate::dice::{Dice, Roll};
use crate::error::InputError;
use engine::engine;
use rhai::{AST, CallFnOptions, Dynamic, EvalAltResult, Map, Scope};
use rustc_hash::FxHashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// A script compiled for its roll point.
#[derive(Clone, Debug)]
pub struct RollScript {
    /// The house rule it belongs to, and its file.
    pub rule: String,
    pub file: String,
    pub point: &'static RollPoint,
    ast: Arc<AST>,
    before: bool,
    result: bool,
    after: bool,
    then: bool,
    code_line: usize,
    one_line: bool,
    /// The file's line of each hook's `fn` (before, result, after, then): where
    /// a stop that names no line of its own is told.
    hook_lines: [usize; 4],
    /// What it does, in words (the answers' list of changes).
    pub said: String,
    /// Where each hook run came to, by what it was given: a script is
    /// deterministic, so the exact method's replays and Monte Carlo's
    /// trials run the code once per distinct roll.
    memo: Arc<RwLock<Memo>>,
    /// Why it stopped at a roll, if it did ([`super::RollRules::failure`]).
    pub(super) failure: Arc<OnceLock<InputError>>,
}

/// The entries a script's memo holds at most (then it runs the code).
const MEMO_ENTRIES: usize = 1 << 16;

/// A hook, what the point showed, what the roll came to (`after`: failed
/// or not; `then`: the outcome's index), the dice given and whether it may
/// ask for more.
type MemoKey = (Hook, Vec<Value>, u32, Vec<i64>, bool);
type Memo = FxHashMap<MemoKey, Step>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Hook {
    // In the order of `RollScript::hook_lines`.
    Before,
    Result,
    After,
    Then,
}

impl Hook {
    fn name(self) -> &'static str {
        match self {
            Hook::Before => "before",
            Hook::Result => "result",
            Hook::After => "after",
            Hook::Then => "then",
        }
    }
}

/// What a hook decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decided {
    /// `before`: what it changes (added to the rules' adjustment).
    Before(Adjust),
    /// `result`: how it reads each total.
    Result(Totals),
    /// `after`: roll again?
    After(bool),
    /// `then`: the outcome the roll comes to, by its index in the point's.
    Then(usize),
    /// It stopped (the script's failure says why): the card's roll.
    Stopped,
}

/// Where one run of a hook came to on a tape of dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Done(Decided),
    /// It asks for one more die.
    Wants(Roll),
}

/// Where a hook goes with one more die: faces that lead to the same
/// decision are one branch of the exact method.
#[derive(Clone, Copy, PartialEq)]
enum Next {
    Done(Decided),
    Face(u32),
}

/// Where a hook call stopped.
type Stopped = Box<EvalAltResult>;

/// The file's line of line `line` (from 1) of code that starts on the
/// file's `code_line`: every line of code written on one line of the file
/// is that line.
fn file_line(code_line: usize, one_line: bool, line: usize) -> usize {
    if one_line {
        code_line
    } else {
        code_line + line - 1
    }
}

impl RollScript {
    /// Does it read the roll's verdict (an `after` hook)?
    pub fn watches(&self) -> bool {
        self.after
    }

    /// What `before` changes at a roll that shows `shown`; `dice` rolls
    /// what it asks for (`None`: the procedure fixes its modifiers before
    /// any roll, and a hook that asks for dice there stops).
    pub(super) fn before<D: Dice>(&self, shown: &[Value], dice: Option<&mut D>) -> Decided {
        if !self.before {
            return Decided::Before(Adjust::NONE);
        }
        self.decide(Hook::Before, shown, 0, dice)
    }

    /// How `result` reads each total of a roll that shows `shown` (`None`:
    /// it has no such hook, or it stopped).
    pub(super) fn result(&self, shown: &[Value]) -> Option<Totals> {
        if !self.result {
            return None;
        }
        match self.step(Hook::Result, shown, 0, &[], false) {
            Step::Done(Decided::Result(read)) => Some(read),
            _ => None,
        }
    }

    /// Does `after` roll again a roll that shows `shown`, judged `verdict`?
    pub(super) fn after<D: Dice>(&self, shown: &[Value], verdict: Verdict, dice: &mut D) -> bool {
        self.after
            && self.decide(
                Hook::After,
                shown,
                u32::from(verdict == Verdict::Failed),
                Some(dice),
            ) == Decided::After(true)
    }

    /// The outcome (by its index in the point's `outcomes`) a roll that
    /// showed `shown` and came to `outcome` ends in, after `then`'s step.
    pub(super) fn then<D: Dice>(&self, shown: &[Value], outcome: usize, dice: &mut D) -> usize {
        if !self.then {
            return outcome;
        }
        match self.decide(Hook::Then, shown, outcome as u32, Some(dice)) {
            Decided::Then(after) => after,
            _ => outcome,
        }
    }

    /// Run `hook` until it decides, each die it asks for rolled by `dice`
    /// (grouped by where the hook goes with it).
    fn decide<D: Dice>(
        &self,
        hook: Hook,
        shown: &[Value],
        given: u32,
        mut dice: Option<&mut D>,
    ) -> Decided {
        let mut tape = Vec::new();
        loop {
            let roll = match self.step(hook, shown, given, &tape, dice.is_some()) {
                Step::Done(decided) => return decided,
                Step::Wants(roll) => roll,
            };
            let Some(dice) = dice.as_deref_mut() else {
                return Decided::Stopped;
            };
            let next = dice.classify(roll, |face| {
                let mut longer = tape.clone();
                longer.push(i64::from(face));
                match self.step(hook, shown, given, &longer, true) {
                    Step::Done(decided) => Next::Done(decided),
                    Step::Wants(_) => Next::Face(face),
                }
            });
            match next {
                Next::Done(decided) => return decided,
                Next::Face(face) => tape.push(i64::from(face)),
            }
        }
    }

    /// One run of `hook` on `tape`, from the memo where it was run before.
    fn step(&self, hook: Hook, shown: &[Value], given: u32, tape: &[i64], open: bool) -> Step {
        let key = (hook, shown.to_vec(), given, tape.to_vec(), open);
        if let Some(step) = self.memo.read().ok().and_then(|m| m.get(&key).copied()) {
            return step;
        }
        let step = match self.run(hook, shown, given, tape, open) {
            Ok(step) => step,
            Err(mut stopped) => {
                // Which roll: an answer may ask many (a sheet, a sweep).
                let showed: Vec<String> = self
                    .point
                    .reads
                    .iter()
                    .zip(shown)
                    .map(|(read, value)| match value {
                        Value::Number(n) => format!("{} = {n}", read.name),
                        Value::Flag(b) => format!("{} = {b}", read.name),
                        Value::Word(w) => format!("{} = \"{w}\"", read.name),
                    })
                    .collect();
                stopped
                    .message
                    .push_str(&format!(" (at a roll showing {})", showed.join(", ")));
                let _ = self.failure.set(stopped);
                Step::Done(Decided::Stopped)
            }
        };
        if let Ok(mut memo) = self.memo.write()
            && memo.len() < MEMO_ENTRIES
        {
            memo.insert(key, step);
        }
        step
    }

    /// Run the code of `hook` on `tape`: its decision, or the die it asks
    /// for next.
    fn run(
        &self,
        hook: Hook,
        shown: &[Value],
        given: u32,
        tape: &[i64],
        open: bool,
    ) -> Result<Step, InputError> {
        engine::load_tape(tape, open);
        let mut roll = self.roll_map(shown);
        if hook == Hook::Result {
            return self
                .read_totals(roll)
                .map(|t| Step::Done(Decided::Result(t)));
        }
        match hook {
            Hook::After => {
                roll.insert("failed".into(), (given == 1).into());
            }
            Hook::Then => {
                let outcome = self.point.outcomes.unwrap_or(&[])[given as usize];
                roll.insert("outcome".into(), outcome.into());
            }
            Hook::Before | Hook::Result => {}
        }
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = engine().call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.ast,
            hook.name(),
            (Dynamic::from_map(roll),),
        );
        if let Some(wanted) = engine::wanted() {
            return Ok(Step::Wants(wanted));
        }
        let returned = result.map_err(|e| self.stopped(hook, e))?;
        let decided = match hook {
            Hook::Before => Decided::Before(self.read_before(returned)?),
            Hook::Then => Decided::Then(self.read_then(returned, given as usize)?),
            Hook::Result | Hook::After => Decided::After(self.read_after(returned)?),
        };
        Ok(Step::Done(decided))
    }

    /// The roll as the script sees it: what the point shows, by name
    /// (`defender.quality` is `roll.defender.quality`).
    fn roll_map(&self, shown: &[Value]) -> Map {
        let mut map = Map::new();
        for (read, value) in self.point.reads.iter().zip(shown) {
            let value = match *value {
                Value::Number(n) => Dynamic::from_int(n),
                Value::Flag(b) => Dynamic::from_bool(b),
                Value::Word(w) => Dynamic::from(w.to_string()),
            };
            match read.name.split_once('.') {
                None => {
                    map.insert(read.name.into(), value);
                }
                Some((side, field)) => {
                    let entry = map
                        .entry(side.into())
                        .or_insert_with(|| Dynamic::from_map(Map::new()));
                    if let Some(mut inner) = entry.write_lock::<Map>() {
                        inner.insert(field.into(), value);
                    }
                }
            }
        }
        map
    }

    /// A hook's error as the answer's: the file, the line in it, what
    /// stopped it.
    fn stopped(&self, hook: Hook, mut error: Stopped) -> InputError {
        // The innermost call says where the script stopped.
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = *error {
            error = inner;
        }
        let line = error.take_position().line();
        let message = match *error {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "it ran past {} operations without returning (a loop that never ends?)",
                crate::dice::grouped(MAX_OPERATIONS)
            ),
            EvalAltResult::ErrorStackOverflow(_) => {
                format!("its functions call each other more than {MAX_CALL_DEPTH} deep")
            }
            EvalAltResult::ErrorDataTooLarge(..) => {
                format!("{error} (a hook may hold a few hundred values)")
            }
            EvalAltResult::ErrorTerminated(ref why, _) if why.is_string() => why.to_string(),
            _ => error.to_string(),
        };
        self.failed_in(hook, line, message)
    }

    fn failed_in(&self, hook: Hook, line: Option<usize>, message: String) -> InputError {
        InputError {
            file: self.file.clone(),
            line: Some(match line {
                Some(line) => file_line(self.code_line, self.one_line, line),
                None => self.hook_lines[hook as usize],
            }),
            field: "script.code".to_string(),
            message: format!(
                "house rule {}: `{}` at `{}` stopped: {message}",
                self.rule,
                hook.name(),
                self.point.name
            ),
        }
    }
}
