//! The values of the GHQ actions' `result` variables: what an attack came to,
//! from the fire that never happened to the marker it left. Each lists the
//! ways an attack can miss before the CRT, then the CRT's effects.

use super::stand::{Effect, StandState};
use crate::tally::{Outcome, Schema, Tally};

/// A result type: the ways an attack can miss before the CRT, then the CRT's
/// four effects in [`Effect`]'s order, and `From<Effect>` for it.
macro_rules! crt_result {
    ($(#[$meta:meta])* pub enum $result:ident { $($miss:ident = $label:literal),+ $(,)? }) => {
        crate::categories! {
            $(#[$meta])*
            pub enum $result {
                $($miss = $label,)+
                None = "none",
                S = "S",
                D = "D",
                E = "E",
            }
        }

        impl From<Effect> for $result {
            fn from(effect: Effect) -> Self {
                match effect {
                    Effect::None => $result::None,
                    Effect::Suppressed => $result::S,
                    Effect::Disorganized => $result::D,
                    Effect::Eliminated => $result::E,
                }
            }
        }
    };
}

crt_result! {
    /// Standard fire: the firer's cohesion roll, then the CRT's effect.
    pub enum FireResult { NoFire = "no-fire" }
}

crt_result! {
    /// Artillery: the call for fire, the drift off the target, then the CRT.
    pub enum StrikeResult { NoFire = "no-fire", OffTarget = "off-target" }
}

crt_result! {
    /// Micro Squad's air strike: the arrival roll, the drift, then the CRT.
    pub enum AirResult { Aborted = "aborted", OffTarget = "off-target" }
}

crt_result! {
    /// Micro Armour's air strike: the arrival roll, the AA fire that downs
    /// the aircraft, the drift, then the CRT.
    pub enum ArmourAirResult { Aborted = "aborted", ShotDown = "shot-down", OffTarget = "off-target" }
}

impl From<StrikeResult> for AirResult {
    /// An air strike that never arrived is `aborted` where artillery's is `no-fire`.
    fn from(result: StrikeResult) -> Self {
        match result {
            StrikeResult::NoFire => AirResult::Aborted,
            StrikeResult::OffTarget => AirResult::OffTarget,
            StrikeResult::None => AirResult::None,
            StrikeResult::S => AirResult::S,
            StrikeResult::D => AirResult::D,
            StrikeResult::E => AirResult::E,
        }
    }
}

/// Where standard fire records, in Micro Squad and Micro Armour alike.
pub struct FireRecord {
    result: Outcome<FireResult>,
    target_after: Outcome<StandState>,
}

impl FireRecord {
    pub fn declare(schema: &mut Schema) -> Self {
        FireRecord {
            result: schema.outcome("result"),
            target_after: schema.outcome("target_after"),
        }
    }

    pub fn record(&self, tally: &mut Tally, result: FireResult, target_after: StandState, w: f64) {
        tally.count(self.result, result, w);
        tally.count(self.target_after, target_after, w);
    }
}

/// What the CRT's effects and the misses before it mean, for an answer's
/// and a sheet's legend: those of `values`, the values the action's
/// `result` takes.
pub fn result_notes(values: &[&str]) -> Vec<(&'static str, &'static str, &'static str)> {
    let notes = vec![
        ("result", "no-fire", "the firer failed its cohesion roll"),
        ("result", "none", "no effect"),
        ("result", "-", "no effect"),
        (
            "result",
            "S",
            "Suppressed: the S marker's penalty to the stand's cohesion rolls (a second S adds nothing)",
        ),
        (
            "result",
            "(S)",
            "an S, or a D if the stand has already suffered a suppression this turn",
        ),
        (
            "result",
            "D",
            "Disorganized: the D marker's penalty to its cohesion rolls until it rallies; a D on a D eliminates",
        ),
        ("result", "E", "Eliminated: the stand is removed"),
    ];
    notes
        .into_iter()
        .filter(|(_, value, _)| values.contains(value))
        .collect()
}
