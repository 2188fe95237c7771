//! A multi-turn engagement: the trait a rule system implements (a start
//! state, one turn of play in steps, what to record), and why its play stops.
//! The engine plays it by Monte Carlo ([`super::play`], through the step memo)
//! and steps it exactly ([`super::chain`]).

use crate::dice::Dice;
use crate::tally::{Schema, Tally};

/// A multi-turn engagement: a start state and one turn of play.
pub trait Engagement: Sync {
    /// Everything that matters between turns. Small and ordered so that equal
    /// states merge in the exact method, in a fixed order (results are reproducible
    /// to the last bit).
    type State: Clone + Ord + std::hash::Hash + Send + Sync;

    /// The handles the records write through (see [`crate::tally`]).
    type Record: Send + Sync;

    /// Declare the outcome variables in `schema`; curves cover turns
    /// `0..=turn_limit`.
    fn declare(&self, schema: &mut Schema) -> Self::Record;

    /// The state before the first turn.
    fn start(&self) -> Self::State;

    /// The last turn played; with [`Engagement::to_the_end`], the last turn the
    /// curves show.
    fn turn_limit(&self) -> u32;

    /// `true` when the engagement has no turn limit: it is played until it is over
    /// (Monte Carlo stops at [`HARD_TURN_CAP`]; the exact method steps until the
    /// live probability is below [`EXACT_TAIL`]).
    fn to_the_end(&self) -> bool {
        false
    }

    /// `true` when the engagement has ended in this state.
    fn is_over(&self, state: &Self::State) -> bool;

    /// Play one whole turn from `state` (Monte Carlo): the steps in order. An
    /// engagement may play them faster without the states between them, drawing
    /// the same dice, word for word: the step memo replays the steps one by
    /// one and must land where this does.
    fn play_turn<D: Dice>(&self, state: &Self::State, dice: &mut D) -> Self::State
    where
        Self: Sized,
    {
        turn_in_steps(self, state, dice)
    }

    /// Steps in one turn (default 1: the whole turn). The exact method merges
    /// equal states after every step, so a turn of many small steps (each stand's
    /// shot, each group's marker removal) stays small; mid-turn states carry what
    /// the rest of the turn needs.
    fn steps(&self) -> u32 {
        1
    }

    /// The first steps of a turn that the exact method computes once per state
    /// a turn starts from and reuses in every later turn (default: all). The
    /// steps after them run on the merged distribution of the whole turn: right
    /// for steps such as each side's marker removal, which read one side only
    /// and so meet far fewer distinct states there.
    fn cached_steps(&self) -> u32 {
        self.steps()
    }

    /// `false` when step `step` certainly leaves `state` as it is and rolls no
    /// dice (a side with no stand left to fire): the exact method then skips its
    /// enumeration. The default, `true`, is always safe.
    fn step_changes(&self, state: &Self::State, step: u32) -> bool {
        let _ = (state, step);
        true
    }

    /// How many states a turn can start from, at most, when the engagement
    /// knows: the exact method names it when the state space is too large, and
    /// refuses at once when the first turn shows it clearly is.
    fn turn_start_states(&self) -> Option<u64> {
        None
    }

    /// The outcomes of step `step` from `state`, each with its probability,
    /// listed directly when the engagement can (a step that is one tabulated
    /// draw): exactly what [`Engagement::play_step`] gives under the
    /// enumerator, without replaying the step once per outcome. Returns how
    /// many it listed; the default, `None`, leaves the step to the enumerator.
    fn step_outcomes<F: FnMut(Self::State, f64)>(
        &self,
        state: &Self::State,
        step: u32,
        each: F,
    ) -> Option<u64>
    where
        Self: Sized,
    {
        let _ = (state, step, each);
        None
    }

    /// Play step `step` (from 0) of a turn from `state`.
    fn play_step<D: Dice>(&self, state: &Self::State, step: u32, dice: &mut D) -> Self::State;

    /// Record the curves for `state` as it stands at the end of `turn`.
    /// What is recorded depends on the state alone, `turn` only says where,
    /// and each curve is recorded once: Monte Carlo's step memo records a
    /// state's curves once and adds them again at every visit (it checks
    /// that a state records the same at two turns and nothing but curves,
    /// and calls this otherwise).
    fn record_turn(
        &self,
        rec: &Self::Record,
        turn: u32,
        state: &Self::State,
        tally: &mut Tally,
        w: f64,
    );

    /// Record the final state, reached after `turns` turns; `ending` says why play
    /// stopped there.
    fn record_end(
        &self,
        rec: &Self::Record,
        state: &Self::State,
        turns: u32,
        ending: Ending,
        tally: &mut Tally,
        w: f64,
    );
}

/// A whole turn of `game` from `state`, its steps played in order (what
/// [`Engagement::play_turn`] does unless an engagement plays it faster).
pub fn turn_in_steps<E: Engagement, D: Dice>(game: &E, state: &E::State, dice: &mut D) -> E::State {
    let mut now = state.clone();
    for step in 0..game.steps() {
        now = game.play_step(&now, step, dice);
    }
    now
}

/// Why an engagement's play stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// [`Engagement::is_over`] said so.
    Over,
    /// The turn limit came first.
    TurnLimit,
    /// An engagement without a turn limit that was still going when the method
    /// stopped following it: Monte Carlo at [`HARD_TURN_CAP`] turns, the exact
    /// method once less than [`EXACT_TAIL`] of the probability was still live.
    Unfinished,
}

/// Most turns a Monte Carlo engagement without a turn limit is played.
pub const HARD_TURN_CAP: u32 = 100_000;

/// Live probability below which the exact method stops an engagement without a
/// turn limit; what is left is reported as the last state reached.
pub const EXACT_TAIL: f64 = 1e-15;
