//! The one Rhai engine every roll script runs on, its limits, and the
//! tape of dice a hook call reads its own rolls from.

use super::Stopped;
use crate::dice::Roll;
use rhai::{Dynamic, Engine, EvalAltResult, Position};
use std::cell::RefCell;
use std::sync::OnceLock;

/// The operations one hook call may take: a loop that never ends is
/// stopped here, within milliseconds.
pub const MAX_OPERATIONS: u64 = 100_000;
/// How deep a hook's functions may call each other.
pub const MAX_CALL_DEPTH: usize = 32;
/// The dice one hook call may roll: each is a branch of the exact method.
pub const MAX_DICE: usize = 8;
/// The outcomes one hook call's dice may make together (four D6): each may
/// be a branch of the exact method, so this bounds what a hook adds to a
/// dice tree.
pub const MAX_OUTCOMES: u64 = 1_296;
/// The longest script a house rule may carry, in bytes.
pub const MAX_CODE: usize = 20_000;

/// The dice a hook has been given, and the one it asks for next.
#[derive(Default)]
struct Tape {
    rolled: Vec<i64>,
    next: usize,
    /// The outcomes of the dice asked for so far in this run.
    outcomes: u64,
    wanted: Option<Roll>,
    /// Dice may be rolled here.
    open: bool,
}

thread_local! {
    static TAPE: RefCell<Tape> = RefCell::default();
}

/// A die from the tape, or a stop that asks the caller for it.
fn from_tape(roll: Roll) -> Result<i64, Stopped> {
    TAPE.with_borrow_mut(|tape| {
        if !tape.open {
            return Err(
                "dice cannot be rolled here (in `result`, read once for each total, or where the procedure fixes its modifiers before any die): roll dice in `after`"
                    .into(),
            );
        }
        tape.outcomes = tape.outcomes.saturating_mul(match roll {
            Roll::Die(sides) => u64::from(sides),
            Roll::Sum(n, sides) | Roll::Highest(n, sides) => u64::from(sides).saturating_pow(n),
        });
        if tape.outcomes > MAX_OUTCOMES {
            return Err(beyond_limit(format!(
                "a hook's dice may make at most {} outcomes together (four D6); these make {}",
                crate::dice::grouped(MAX_OUTCOMES),
                crate::dice::grouped(tape.outcomes)
            )));
        }
        if let Some(&face) = tape.rolled.get(tape.next) {
            tape.next += 1;
            return Ok(face);
        }
        if tape.rolled.len() >= MAX_DICE {
            return Err(beyond_limit(format!(
                "a hook may roll at most {MAX_DICE} dice"
            )));
        }
        tape.wanted = Some(roll);
        // Not catchable by the script's `try`: the caller rolls and replays.
        Err(EvalAltResult::ErrorTerminated(Dynamic::UNIT, Position::NONE).into())
    })
}

/// A stop past one of the limits on a hook's dice, which the script's own
/// `try` cannot catch (a stop of the script, not an error in it).
fn beyond_limit(message: String) -> Stopped {
    EvalAltResult::ErrorTerminated(message.into(), Position::NONE).into()
}

/// A die's sides, 2 to 100.
fn sides(sides: i64) -> Result<u32, Stopped> {
    u32::try_from(sides)
        .ok()
        .filter(|s| (2..=100).contains(s))
        .ok_or_else(|| format!("a die has 2 to 100 sides, not {sides}").into())
}

/// The one engine every script runs on: its limits and the dice.
pub(super) fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(MAX_CALL_DEPTH)
            .set_max_expr_depths(64, 32)
            .set_max_string_size(1_000)
            .set_max_array_size(256)
            .set_max_map_size(256)
            .set_max_variables(256)
            .set_max_functions(64)
            .set_strict_variables(true)
            .set_fail_on_invalid_map_property(true);
        engine.disable_symbol("eval");
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        engine.register_fn("d6", || from_tape(Roll::Die(6)));
        engine.register_fn("d", |n: i64| from_tape(Roll::Die(sides(n)?)));
        engine.register_fn("dice", |n: i64, of: i64| {
            let n = u32::try_from(n)
                .ok()
                .filter(|n| (1..=10).contains(n))
                .ok_or_else(|| -> Stopped { format!("roll 1 to 10 dice, not {n}").into() })?;
            from_tape(Roll::Sum(n, sides(of)?))
        });
        engine
    })
}

/// Load `rolled` as the tape of the next hook run (`open`: it may ask for
/// more dice).
pub(super) fn load_tape(rolled: &[i64], open: bool) {
    TAPE.with_borrow_mut(|t| {
        t.rolled.clear();
        t.rolled.extend_from_slice(rolled);
        t.next = 0;
        t.outcomes = 1;
        t.wanted = None;
        t.open = open;
    });
}

/// The die the last hook run asked for beyond its tape, if it did.
pub(super) fn wanted() -> Option<Roll> {
    TAPE.with_borrow_mut(|t| t.wanted.take())
}
