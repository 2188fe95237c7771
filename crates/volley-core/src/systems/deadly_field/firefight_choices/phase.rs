//! Where a Deadly Field firefight with choices stands: between turns, within
//! a charge (A's, or B's against B at its best), or at the start of B's
//! active phase; and a turn's next states from a charge's ends.

use super::super::charge_steps::ChargeState;
use super::super::firefight::State;
use crate::plan::Turn;
use rustc_hash::FxHashMap;

/// Where a turn stands: between turns (and within a turn of fire), the
/// firefight's state; within a charge, the state it started from and where
/// the charge is. Against B at its best, also the start of B's active phase
/// (and within it), and within B's charge on A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    Fight(State),
    Charging {
        from: State,
        charge: ChargeState,
    },
    /// B's active phase: B chooses at its start.
    BActive(State),
    /// B's charge on A.
    BCharging {
        from: State,
        charge: ChargeState,
    },
}

impl Phase {
    /// The firefight's state: as it stands, or as the charge left it.
    pub(super) fn fight(&self) -> State {
        match *self {
            Phase::Fight(s) | Phase::BActive(s) => s,
            Phase::Charging {
                charge: ChargeState::Over(end),
                ..
            } => State {
                a: end.attacker,
                b: end.defender,
            },
            Phase::BCharging {
                charge: ChargeState::Over(end),
                ..
            } => State {
                a: end.defender,
                b: end.attacker,
            },
            Phase::Charging { from, .. } | Phase::BCharging { from, .. } => from,
        }
    }

    /// Where a charge by A (or by B) stands.
    pub(super) fn charging(from: State, charge: ChargeState, by_b: bool) -> Phase {
        if by_b {
            Phase::BCharging { from, charge }
        } else {
            Phase::Charging { from, charge }
        }
    }
}

/// A turn's next states from the ends of a charge (many ends leave the
/// regiments alike), each made a decision point by `end`, equal states
/// merged, in their order.
pub(super) fn merged(ends: Vec<(State, f64)>, end: impl Fn(State) -> Phase) -> Turn<Phase> {
    let mut sums: FxHashMap<Phase, f64> = FxHashMap::default();
    for (s, p) in ends {
        *sums.entry(end(s)).or_insert(0.0) += p;
    }
    let mut kernel: Turn<Phase> = sums.into_iter().collect();
    kernel.sort_by_key(|a| a.0);
    kernel
}
