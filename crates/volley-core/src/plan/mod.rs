//! Best play: "charge now, or trade another volley first?" An engagement
//! that declares decision points ([`Decisions`]: at the start of each turn
//! the deciding side picks one of its named choices, each a sequence of the
//! steps volley already has) is a Markov decision process over its small
//! states. [`solve`] steps it exactly, as the exact method steps an
//! engagement (each turn's outcomes enumerated, equal states merged), and
//! finds by backward induction the value of every state under best play for
//! a goal ([`Goal`]: a probability or a mean of the final state, or a sum
//! of them) and the best choice in each, beside the value of fixed policies
//! (always the same choice; a choice at once, then the usual one), so the gain
//! from playing well shows. [`Plan::simulate`] plays the policy found by
//! Monte Carlo, for a check against its exact value.

mod answer;
mod chain;
mod goal;
mod options;
mod policy;
mod route;
mod solver;
#[cfg(test)]
pub(crate) mod tests;
mod watch;

pub use answer::{Ask, PlanAnswer, PolicyEntry, RuleText, answer};
#[cfg(test)]
pub(crate) use chain::{staged_turn, stepwise_turn};
pub use goal::{Figures, Goal};
pub use options::{CHECK_TRIALS, PlanOptions};
pub use policy::{Condition, Rule, Shape, TOLERANCE, axis_words, simple_rule, with_turns_left};
pub use solver::{Plan, PolicyRow, TIE, solve};
pub use watch::{PlanError, Watch};

use crate::dice::{Dice, OverBudget};

/// A turn's next states with their probabilities, in the order of the states.
pub type Turn<S> = Vec<(S, f64)>;

/// How the side that does not decide plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Its usual, fixed way (the engagement as it plays without choices).
    #[default]
    Usual,
    /// Its best against the decider, at decision points of its own: a
    /// two-player zero-sum game, solved by minimax over the same chain.
    Best,
}

impl Opponent {
    pub const NAMES: [&'static str; 2] = ["usual", "best"];

    /// Decision points in a turn: the decider's, and the opponent's where
    /// it answers at its best.
    pub fn points_per_turn(self) -> u32 {
        match self {
            Opponent::Usual => 1,
            Opponent::Best => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Opponent::Usual => "usual",
            Opponent::Best => "best",
        }
    }
}

/// An engagement with choices. The deciding side chooses at the start of
/// each turn (before the turn's dice), knowing the state; the other side
/// plays its usual, fixed way, or (against an opponent at its best) chooses
/// at decision points of its own, each turn split into as many decision
/// points as [`Decisions::points_per_turn`] says.
pub trait Decisions: Sync {
    /// Everything that matters between turns (merged when equal).
    type State: Clone + Ord + std::hash::Hash + Send + Sync;

    /// The state before the first turn.
    fn start(&self) -> Self::State;

    /// The last turn played.
    fn turn_limit(&self) -> u32;

    /// Decision points in a turn: 1, the decider's; 2 where the opponent
    /// answers at its best (the decider's, then the opponent's).
    fn points_per_turn(&self) -> u32 {
        1
    }

    /// The side that chooses in `state`, a decision point: the decider, or
    /// the opponent at its best, who chooses to minimise the decider's goal.
    fn chooser(&self, _state: &Self::State) -> &'static str {
        self.decider()
    }

    /// `true` when the engagement has ended in this state.
    fn is_over(&self, state: &Self::State) -> bool;

    /// The side that decides (`"a"` or `"b"`).
    fn decider(&self) -> &'static str;

    /// Every choice the engagement knows, the usual one first.
    fn all_choices(&self) -> Vec<&'static str>;

    /// Every choice the opponent knows where it answers at its best, the
    /// usual one first; none where it plays its usual way.
    fn opponent_choices(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The choices open in `state` to its chooser (the decider's a subset
    /// of [`Decisions::all_choices`], in its order; never empty). The first
    /// is that state's usual choice.
    fn choices(&self, state: &Self::State) -> Vec<&'static str>;

    /// `side`'s usual play in words, where its usual choice is not open in
    /// every state (Deadly Field's "reform when Disordered, else fire");
    /// `None`: its first choice names it.
    fn usual_play(&self, side: &str) -> Option<&'static str> {
        let _ = side;
        None
    }

    /// Steps from decision point `from` to the next, played with `choice`.
    fn steps(&self, from: &Self::State, choice: &str) -> u32;

    /// Play step `step` from a decision point to the next (a turn, or the
    /// part of it one side's choice governs), played with `choice`. The
    /// same code serves the exact method and Monte Carlo.
    fn play_step<D: Dice>(
        &self,
        state: &Self::State,
        choice: &str,
        step: u32,
        dice: &mut D,
    ) -> Self::State;

    /// Stages the solver splits a turn from decision point `from` played
    /// with `choice` into: by default its steps. The solver numbers the
    /// states met after each stage once for all the turns that meet them,
    /// whatever state they started from, and finds their next stage's moves
    /// once ([`Decisions::stage`]).
    fn stages(&self, from: &Self::State, choice: &str) -> u32 {
        self.steps(from, choice)
    }

    /// Stage `stage`'s next states from `state` (met after the stage before,
    /// or a decision point at stage 0) with their probabilities, exactly,
    /// where the engagement computes them faster than its step (a charge
    /// built once, not again for every leaf of its dice; a unit's rally
    /// found once for every state that holds it), in the order of the
    /// states; `None`: the solver enumerates [`Decisions::play_step`] at
    /// step `stage`. They may read nothing but `state`, `choice` and
    /// `stage`: the turns that meet a state share its moves. Either way the
    /// turn is the turn of [`Decisions::play_step`]: a test of each
    /// engagement holds the stages to the steps.
    fn stage(
        &self,
        _state: &Self::State,
        _choice: &str,
        _stage: u32,
        _budget: u64,
    ) -> Option<Result<Turn<Self::State>, OverBudget>> {
        None
    }

    /// What a turn from `from` with `choice` carries through untouched (who
    /// won the last initiative, through a charge that reads none), as a
    /// label, and `from` without it: the solver steps the turn from the
    /// state without it, shared by every state that differs only in it,
    /// then gives it back ([`Decisions::restored`]). `None`: the turn reads
    /// the whole state.
    fn carried(&self, _from: &Self::State, _choice: &str) -> Option<(Self::State, u32)> {
        None
    }

    /// `state` (a turn's end, stepped without what the turn carried) with
    /// `label` given back (called only where [`Decisions::carried`] took one).
    fn restored(&self, state: Self::State, _label: u32) -> Self::State {
        state
    }

    /// The figures of a final state (or of any state, read as final), for a
    /// goal: its outcomes (`breaks_first = b`) and its numbers (`b_steps_lost`).
    fn figures(&self, state: &Self::State) -> Figures;

    /// The state at the start of a turn in words, axis by axis, for the
    /// policy's table (`b_steps_lost = 2`, `b_shaken = true`): numbers and
    /// flags, so that a simple rule can be read off them.
    fn describe(&self, state: &Self::State) -> Vec<(&'static str, i64)>;

    /// The state at the start of a turn in the card's words, side by side
    /// (`A: 1 step lost, Shaken; B: unharmed`), for a player reading the
    /// policy; by default the axes of [`Decisions::describe`].
    fn state_words(&self, state: &Self::State) -> String {
        self.describe(state)
            .iter()
            .map(|(axis, value)| format!("{axis}={value}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// One axis of [`Decisions::describe`] in the card's words, for the
    /// simple rules and the policy maps; `None` leaves it in its code.
    fn axis_words(&self, _axis: &str) -> Option<AxisWords> {
        None
    }
}

/// How a rule or a policy map says one axis of a decision state.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisWords {
    /// The axis named (`B's steps lost`, `turns left`).
    pub name: String,
    /// A yes-or-no axis: its words when it holds and when it does not
    /// (`B is Shaken`, `B is not Shaken`).
    pub flag: Option<(String, String)>,
    /// A coded axis: each code's word from 0 up, in the order of worse
    /// (`Good Order`, `Disorder`, `Shaken`).
    pub codes: &'static [&'static str],
}

impl AxisWords {
    /// A number (`B's steps lost`).
    pub fn count(name: impl Into<String>) -> AxisWords {
        AxisWords {
            name: name.into(),
            flag: None,
            codes: &[],
        }
    }

    /// A yes or no: its name, and its words either way.
    pub fn flag(
        name: impl Into<String>,
        holds: impl Into<String>,
        not: impl Into<String>,
    ) -> AxisWords {
        AxisWords {
            name: name.into(),
            flag: Some((holds.into(), not.into())),
            codes: &[],
        }
    }

    /// Codes from 0 up, each a word, worse as it grows.
    pub fn coded(name: impl Into<String>, codes: &'static [&'static str]) -> AxisWords {
        AxisWords {
            name: name.into(),
            flag: None,
            codes,
        }
    }

    /// The condition `axis >= value` (or `<=`) in these words: `B is
    /// Shaken`, `B's steps lost at least 2`, `B's level Disorder or worse`.
    pub fn condition(&self, at_least: bool, value: i64) -> String {
        if let Some((holds, not)) = &self.flag {
            return if at_least { holds.clone() } else { not.clone() };
        }
        let code = usize::try_from(value).ok().and_then(|v| self.codes.get(v));
        match (code, at_least) {
            // Nothing is better than the first code, nor fewer than none.
            (Some(word), false) if value == 0 => format!("{} {word}", self.name),
            (None, false) if value == 0 => format!("{} 0", self.name),
            (Some(word), true) => format!("{} {word} or worse", self.name),
            (Some(word), false) => format!("{} {word} or better", self.name),
            (None, true) => format!("{} at least {value}", self.name),
            (None, false) => format!("{} at most {value}", self.name),
        }
    }

    /// A value of the axis as a picture's tick says it: a code's word,
    /// `no` or `yes`, else the number.
    pub fn value(&self, value: i64) -> String {
        if self.flag.is_some() {
            return if value == 0 { "no" } else { "yes" }.to_string();
        }
        usize::try_from(value)
            .ok()
            .and_then(|v| self.codes.get(v))
            .map_or_else(|| value.to_string(), |w| w.to_string())
    }
}

/// Two sides' conditions as a policy row says them: `A: 1 step lost,
/// Shaken; B: unharmed`, and what concerns neither side after.
pub fn sides_in_words(a: &[String], b: &[String], both: &[String]) -> String {
    let side = |name: &str, words: &[String]| {
        if words.is_empty() {
            format!("{name}: unharmed")
        } else {
            format!("{name}: {}", words.join(", "))
        }
    };
    let mut text = format!("{}; {}", side("A", a), side("B", b));
    for w in both {
        text.push_str("; ");
        text.push_str(w);
    }
    text
}

/// The side that is not `side` (`"a"` or `"b"`).
pub fn other_side(side: &str) -> &'static str {
    if side == "a" { "b" } else { "a" }
}
