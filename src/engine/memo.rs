//! Monte Carlo's memo of an engagement's steps.
//!
//! A step is a pure function of the state and the dice, and a Monte Carlo run
//! meets the same few thousand situations again and again. The first time a
//! step is played from a state, the memo records its dice tree ([`Recorder`])
//! with the states it leads to; every later visit replays the recording: the
//! same draws from the same stream, a table lookup per draw, and no rule
//! code. So results are bit for bit those of playing the steps (a test holds
//! every engagement to it); only the speed changes.
//!
//! States are interned as positions `(step about to be played, state)`, and
//! a recording's leaves point straight at positions, so a replayed turn
//! touches no hash table. The memo is bounded: a step whose dice tree is too
//! large is played directly, and once the positions fill the memo it stops
//! recording and play goes on without it, for the rest of the model's life
//! (a state space that large rarely repeats a situation).

use super::chain::Engagement;
use crate::dice::{Dice, Draw, Next, Recorder, Roll, Sampler, Weighted};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// Most positions a memo holds (about 30 MB for the GHQ engagements).
const MAX_POSITIONS: usize = 1 << 17;

/// Most leaves of a step's recorded dice tree.
const MAX_LEAVES: usize = 4096;

/// A play code, where play goes next: a branch point (below [`POSITION`]),
/// a position (with the [`POSITION`] bit), or one of the two markers.
type Code = u32;
const POSITION: Code = 1 << 31;
/// The step from this position has not been recorded yet.
const UNRECORDED: Code = u32::MAX;
/// The step from this position is played directly (its tree is too large).
const DIRECT: Code = u32::MAX - 1;

/// A recorded branch point: its draw and where each branch leads.
#[derive(Debug)]
struct BranchPoint {
    draw: Draw,
    next: Box<[Code]>,
}

/// One memo: it serves one thread at a time.
#[derive(Debug)]
pub(super) struct StepMemo<S> {
    steps: u32,
    max_positions: usize,
    /// Each position's step and state, by id.
    positions: Vec<(u32, S)>,
    ids: FxHashMap<(u32, S), u32>,
    /// Each position's play code.
    plays: Vec<Code>,
    /// Each position's `is_over`, for positions between turns.
    over: Vec<bool>,
    points: Vec<BranchPoint>,
    recorder: Recorder,
    /// The positions filled the memo: it is no longer used.
    full: bool,
}

impl<S: Clone + Eq + std::hash::Hash> StepMemo<S> {
    pub(super) fn new(steps: u32) -> Self {
        Self::with_limits(steps, MAX_POSITIONS, MAX_LEAVES)
    }

    fn with_limits(steps: u32, max_positions: usize, max_leaves: usize) -> Self {
        StepMemo {
            steps,
            max_positions,
            positions: Vec::new(),
            ids: FxHashMap::default(),
            plays: Vec::new(),
            over: Vec::new(),
            points: Vec::new(),
            recorder: Recorder::new(max_leaves),
            full: false,
        }
    }

    /// `false` once the memo is full: play without it.
    pub(super) fn in_use(&self) -> bool {
        !self.full
    }

    /// Stop using the memo when it is full; called between trials, so that
    /// no trial's positions are lost under it.
    pub(super) fn check_size(&mut self) {
        if self.positions.len() >= self.max_positions {
            *self = StepMemo {
                full: true,
                ..StepMemo::with_limits(self.steps, 0, 0)
            };
        }
    }

    /// The position of `state` before the first step of a turn.
    pub(super) fn turn_start<E: Engagement<State = S>>(&mut self, game: &E, state: S) -> u32 {
        self.position(game, 0, state)
    }

    /// The state at `position`.
    #[inline]
    pub(super) fn state(&self, position: u32) -> &S {
        &self.positions[position as usize].1
    }

    /// Whether the engagement is over at `position`, a turn's start.
    #[inline]
    pub(super) fn is_over(&self, position: u32) -> bool {
        self.over[position as usize]
    }

    /// Play a whole turn from the turn start `position`: every step, replayed
    /// where recorded.
    #[inline]
    pub(super) fn play_turn<E: Engagement<State = S>>(
        &mut self,
        game: &E,
        mut position: u32,
        sampler: &mut Sampler,
    ) -> u32 {
        for _ in 0..self.steps {
            position = self.play_step(game, position, sampler);
        }
        position
    }

    /// Play the step at `position`; the position it leads to.
    #[inline]
    fn play_step<E: Engagement<State = S>>(
        &mut self,
        game: &E,
        position: u32,
        sampler: &mut Sampler,
    ) -> u32 {
        let mut code = self.plays[position as usize];
        if code == UNRECORDED {
            code = self.record(game, position);
        }
        if code == DIRECT {
            let (step, state) = self.positions[position as usize].clone();
            let after = game.play_step(&state, step, &mut Canonical(sampler));
            return self.position(game, (step + 1) % self.steps, after);
        }
        while code & POSITION == 0 {
            let point = &self.points[code as usize];
            code = point.next[point.draw.branch(sampler)];
        }
        code & !POSITION
    }

    /// Record the step at `position`: its play code.
    #[cold]
    fn record<E: Engagement<State = S>>(&mut self, game: &E, position: u32) -> Code {
        let (step, state) = self.positions[position as usize].clone();
        let code = match self
            .recorder
            .record(|dice| game.play_step(&state, step, dice))
        {
            Err(_) => DIRECT,
            Ok(recording) => {
                let next_step = (step + 1) % self.steps;
                let leaves: Vec<Code> = recording
                    .leaves
                    .into_iter()
                    .map(|after| POSITION | self.position(game, next_step, after))
                    .collect();
                let base = self.points.len() as Code;
                let code_of = |next: Next| match next {
                    Next::Node(node) => base + node,
                    Next::Leaf(leaf) => leaves[leaf as usize],
                };
                for node in recording.nodes {
                    let next = node.next.iter().map(|&n| code_of(n)).collect();
                    self.points.push(BranchPoint {
                        draw: node.draw,
                        next,
                    });
                }
                code_of(recording.root)
            }
        };
        self.plays[position as usize] = code;
        code
    }

    /// The id of position `(step, state)`, interned when new.
    fn position<E: Engagement<State = S>>(&mut self, game: &E, step: u32, state: S) -> u32 {
        match self.ids.entry((step, state)) {
            Entry::Occupied(id) => *id.get(),
            Entry::Vacant(slot) => {
                let id = self.positions.len() as u32;
                let (step, state) = slot.key().clone();
                self.over.push(step == 0 && game.is_over(&state));
                self.positions.push((step, state));
                self.plays.push(UNRECORDED);
                slot.insert(id);
                id
            }
        }
    }
}

/// The sampler, telling the step to keep its states canonical (as the
/// recorder does), so that a step played directly lands on the positions
/// recorded ones do.
struct Canonical<'a>(&'a mut Sampler);

impl Dice for Canonical<'_> {
    fn merges_states(&self) -> bool {
        true
    }

    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T {
        self.0.classify(roll, classify)
    }

    fn classify_pair<T: Copy + PartialEq>(
        &mut self,
        first: Roll,
        second: Roll,
        classify: impl Fn(u32, u32) -> T,
    ) -> T {
        self.0.classify_pair(first, second, classify)
    }

    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.0.chance(numerator, denominator)
    }

    fn pick(&mut self, odds: &Weighted) -> usize {
        self.0.pick(odds)
    }

    fn multinomial<const K: usize>(
        &mut self,
        n: u32,
        roll: Roll,
        classify: impl Fn(u32) -> usize,
    ) -> [u32; K] {
        self.0.multinomial(n, roll, classify)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Ending, Schema, Tally, turn_in_steps};

    /// Two counters wearing each other down: a pick, a chance, a pair of
    /// rolls and a multinomial, with steps that roll no dice once a side is
    /// gone.
    struct Attrition;

    impl Engagement for Attrition {
        type State = (u8, u8);

        fn schema(&self) -> Schema {
            Schema::default()
        }
        fn start(&self) -> (u8, u8) {
            (9, 9)
        }
        fn turn_limit(&self) -> u32 {
            30
        }
        fn is_over(&self, &(a, b): &(u8, u8)) -> bool {
            a == 0 || b == 0
        }
        fn steps(&self) -> u32 {
            3
        }
        fn play_step<D: Dice>(&self, &(a, b): &(u8, u8), step: u32, dice: &mut D) -> (u8, u8) {
            if a == 0 || b == 0 {
                return (a, b);
            }
            match step {
                0 => {
                    let hit = dice.pick(&Weighted::new(&[5, 0, 2]));
                    (a, b - u8::from(hit == 2))
                }
                1 => {
                    let hits = dice.classify_pair(Roll::Die(20), Roll::Sum(2, 6), |d, t| {
                        u8::from(d <= 12 && t >= 8)
                    });
                    (a - hits.min(a), b)
                }
                _ => {
                    let [_, lost]: [u32; 2] =
                        dice.multinomial(u32::from(a.min(3)), Roll::Die(6), |n| {
                            usize::from(n == 6)
                        });
                    let again = dice.chance(1, 4);
                    (a - (lost as u8).min(a), b - u8::from(again && b > 1))
                }
            }
        }
        fn record_turn(&self, _: u32, _: &(u8, u8), _: &mut Tally, _: f64) {}
        fn record_end(&self, _: &(u8, u8), _: u32, _: Ending, _: &mut Tally, _: f64) {}
    }

    /// Twenty turns of trials through `memo` and by the rule code, side by
    /// side: the same states, and the streams at the same word.
    fn agree(memo: &mut StepMemo<(u8, u8)>) {
        let (mut replayed, mut played) = (Sampler::new(3), Sampler::new(3));
        for trial in 0..2000 {
            memo.check_size();
            replayed.start_trial(trial);
            played.start_trial(trial);
            let mut state = Attrition.start();
            if !memo.in_use() {
                continue;
            }
            let mut at = memo.turn_start(&Attrition, state);
            for _ in 0..20 {
                at = memo.play_turn(&Attrition, at, &mut replayed);
                state = turn_in_steps(&Attrition, &state, &mut played);
                assert_eq!(*memo.state(at), state, "trial {trial}");
                assert_eq!(memo.is_over(at), Attrition.is_over(&state));
            }
            assert_eq!(replayed.next_word(), played.next_word());
        }
    }

    #[test]
    fn a_replayed_turn_is_the_played_turn() {
        let mut memo = StepMemo::new(Attrition.steps());
        agree(&mut memo);
        assert!(memo.in_use());
        assert!(!memo.plays.contains(&DIRECT));
    }

    #[test]
    fn steps_too_large_to_record_are_played_directly_to_the_same_end() {
        // Three leaves at most: the pair and the multinomial are played.
        let mut memo = StepMemo::with_limits(Attrition.steps(), MAX_POSITIONS, 3);
        agree(&mut memo);
        assert!(memo.plays.contains(&DIRECT));
        assert!(memo.plays.iter().any(|&c| c < POSITION));
    }

    #[test]
    fn a_full_memo_is_dropped_between_trials() {
        let mut memo = StepMemo::with_limits(Attrition.steps(), 50, MAX_LEAVES);
        agree(&mut memo);
        assert!(!memo.in_use());
        assert!(memo.positions.is_empty());
    }
}
