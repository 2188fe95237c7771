//! What a hook returned, read as the change it makes: `before`'s map or
//! modifier, `result`'s table of totals, `after`'s keep or re-roll,
//! `then`'s outcome. A value a hook may not return stops it, naming the
//! file and line.

use super::engine::engine;
use super::{Hook, RollScript};
use crate::error::{InputError, one_of};
use crate::rules::rolls::{Adjust, Threshold, Totals, Verdict};
use rhai::{CallFnOptions, Dynamic, Map, Scope};

impl RollScript {
    /// `result` run on every total the point's dice make: the table of
    /// what each is read as.
    pub(super) fn read_totals(&self, roll: Map) -> Result<Totals, InputError> {
        let (lowest, highest) = self.point.totals.unwrap_or((0, 0));
        let mut read = Totals(std::array::from_fn(|t| t as u8));
        for total in lowest..=highest {
            let mut roll = roll.clone();
            roll.insert("total".into(), Dynamic::from_int(i64::from(total)));
            let returned = engine()
                .call_fn_with_options::<Dynamic>(
                    CallFnOptions::new().eval_ast(false).rewind_scope(true),
                    &mut Scope::new(),
                    &self.ast,
                    "result",
                    (Dynamic::from_map(roll),),
                )
                .map_err(|e| self.stopped(Hook::Result, e))?;
            if returned.is_unit() {
                continue;
            }
            let n = returned
                .as_int()
                .ok()
                .filter(|n| (i64::from(lowest)..=i64::from(highest)).contains(n))
                .ok_or_else(|| {
                    self.failed_in(
                        Hook::Result,
                        None,
                        format!(
                            "`result` returns a total the dice can make, {lowest} to {highest} \
                             (or nothing: as rolled), not {returned} (for a roll of {total})"
                        ),
                    )
                })?;
            read.0[total as usize] = n as u8;
        }
        Ok(read)
    }

    /// What `before` returned, as the change it makes.
    pub(super) fn read_before(&self, returned: Dynamic) -> Result<Adjust, InputError> {
        let wrong = |what: String| self.failed_in(Hook::Before, None, what);
        let mut change = Adjust::NONE;
        if returned.is_unit() {
            return Ok(change);
        }
        if let Ok(n) = returned.as_int() {
            change.modifier = whole(n).map_err(wrong)?;
            return Ok(change);
        }
        let Some(map) = returned.try_cast::<Map>() else {
            return Err(wrong(
                "`before` returns a map such as `#{ modifier: 1 }`, a number (a modifier) or nothing"
                    .to_string(),
            ));
        };
        for (key, value) in map {
            let number = || {
                value
                    .as_int()
                    .map_err(|t| format!("`{key}` is a whole number, not {t}"))
                    .and_then(whole)
            };
            match key.as_str() {
                "modifier" => change.modifier = number().map_err(wrong)?,
                "threshold" | "threshold_add" => {
                    if self.point.threshold.is_none() {
                        return Err(wrong(format!(
                            "`{}` has no threshold to change (return a `modifier`: {})",
                            self.point.name, self.point.modifier
                        )));
                    }
                    let n = number().map_err(wrong)?;
                    // The map's keys come in order: `threshold` first.
                    change.threshold = Some(match (key.as_str(), change.threshold) {
                        ("threshold", _) => Threshold::Set(n),
                        (_, Some(Threshold::Set(set))) => Threshold::Set(set + n),
                        _ => Threshold::Add(n),
                    });
                }
                "reroll" => {
                    change.reroll = match value.clone().into_string().as_deref() {
                        Ok("failed") => Some(Verdict::Failed),
                        Ok("passed") => Some(Verdict::Passed),
                        _ if value.is_unit() => None,
                        _ => {
                            return Err(wrong(format!(
                                "`reroll` is \"failed\" or \"passed\", not {value}"
                            )));
                        }
                    }
                }
                other => {
                    return Err(wrong(format!(
                        "`before` returned `{other}`; its map holds {}",
                        one_of(&["modifier", "threshold", "threshold_add", "reroll"])
                    )));
                }
            }
        }
        Ok(change)
    }

    /// What `after` returned: roll again?
    pub(super) fn read_after(&self, returned: Dynamic) -> Result<bool, InputError> {
        if let Ok(again) = returned.as_bool() {
            return Ok(again);
        }
        if returned.is_unit() {
            return Ok(false);
        }
        match returned.into_string().as_deref() {
            Ok("reroll") => Ok(true),
            Ok("keep") => Ok(false),
            _ => Err(self.failed_in(
                Hook::After,
                None,
                "`after` returns \"reroll\" (or true) to roll again, \"keep\" (or nothing) to keep the roll"
                    .to_string(),
            )),
        }
    }

    /// What `then` returned: the outcome's index in the point's
    /// (nothing: `given`, the roll's own).
    pub(super) fn read_then(&self, returned: Dynamic, given: usize) -> Result<usize, InputError> {
        if returned.is_unit() {
            return Ok(given);
        }
        let outcomes = self.point.outcomes.unwrap_or(&[]);
        let word = returned.clone().into_string().ok();
        word.and_then(|w| outcomes.iter().position(|o| *o == w))
            .ok_or_else(|| {
                self.failed_in(
                    Hook::Then,
                    None,
                    format!(
                        "`then` returns the outcome the roll comes to: {} (or nothing: as it \
                         came), not {returned}",
                        one_of(outcomes)
                    ),
                )
            })
    }
}

/// A number a hook returned, as a modifier or threshold.
fn whole(n: i64) -> Result<i32, String> {
    i32::try_from(n)
        .ok()
        .filter(|n| n.abs() <= 1000)
        .ok_or_else(|| format!("{n} is out of range (at most 1,000 either way)"))
}
