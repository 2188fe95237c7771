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
//! large is played directly, and a memo that does not pay for itself (its
//! positions or branch points past their bounds, or far more recorded than
//! replayed: a state space too large to repeat its situations soon) retires,
//! and play goes on without it. One thread at a time plays through the memo
//! while it learns; once a chunk's worth of trials has gone through it, it
//! is frozen and shared read only by every thread ([`Walk`], [`Frozen`]), so
//! memory does not grow with threads.

use super::declared::Declared;
use super::engagement::Engagement;
use crate::dice::{Draw, Next, Recorder, Roll, Sampler};
use crate::tally::{Schema, Tally};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// Most positions a memo holds (about 30 MB for the GHQ engagements).
const MAX_POSITIONS: usize = 1 << 17;

/// Most words of branch points a memo holds (32 MB).
const MAX_POINT_WORDS: usize = 1 << 23;

/// Most bytes of outcome tables a memo holds (a run meets few distinct
/// draws: each side's shot by marker states, the marker-removal d20).
const MAX_TABLE_BYTES: usize = 1 << 24;

/// Most leaves of a step's recorded dice tree.
const MAX_LEAVES: usize = 1024;

/// Leaves a memo may record before it must show that it pays for itself
/// (enough for the default engagements of every system to settle in; about
/// a tenth of a second of recording).
const RECORDING_ALLOWANCE: u64 = 400_000;

/// Draws replayed that pay for a leaf recorded.
const REPLAYS_PER_LEAF: u64 = 4;

/// Most outcomes of a draw tabulated outcome by outcome (a Micro Squad
/// shot has 720).
const MAX_TABLE: u32 = 4096;

/// A play code, where play goes next: a branch point (below [`POSITION`]),
/// or a position (with the [`POSITION`] bit, and the [`TURN_START`] bit when
/// it starts a turn); in [`Positions::plays`], also one of the two markers.
pub(super) type Code = u32;
const POSITION: Code = 1 << 31;
const TURN_START: Code = 1 << 30;
/// A code's position id.
const ID: Code = TURN_START - 1;
/// In a point's table word: the draw is a die's.
const DIE: u32 = 1 << 31;
/// The step from this position has not been recorded yet.
const UNRECORDED: Code = u32::MAX;
/// The step from this position is played directly (its tree is too large).
const DIRECT: Code = u32::MAX - 1;
/// A lane's code once its trial has fallen off a frozen memo (see
/// [`Frozen`]); no position's code, since ids stay far below it.
pub(super) const FALL_OFF: Code = u32::MAX - 2;

/// Positions interned, with their play codes.
#[derive(Debug)]
struct Positions<S> {
    /// Each position's step and state, by id.
    states: Vec<(u32, S)>,
    ids: FxHashMap<(u32, S), u32>,
    /// Each position's play code.
    plays: Vec<Code>,
}

impl<S: Clone + Eq + std::hash::Hash> Positions<S> {
    fn new() -> Self {
        Positions {
            states: Vec::new(),
            ids: FxHashMap::default(),
            plays: Vec::new(),
        }
    }

    /// The id of `(step, state)`, and whether it is new.
    fn intern(&mut self, step: u32, state: S) -> (u32, bool) {
        match self.ids.entry((step, state)) {
            Entry::Occupied(id) => (*id.get(), false),
            Entry::Vacant(slot) => {
                let id = self.states.len() as u32;
                debug_assert!(id < ID, "position ids fit below the code bits");
                self.states.push(slot.key().clone());
                self.plays.push(UNRECORDED);
                slot.insert(id);
                (id, true)
            }
        }
    }
}

/// One memo: it serves one thread at a time.
#[derive(Debug)]
pub(super) struct StepMemo<S> {
    steps: u32,
    max_positions: usize,
    /// Positions at the start of a turn, apart (the walk reads their states
    /// once a turn, and there are few of them, so they stay near the
    /// processor).
    turns: Positions<S>,
    /// Each turn start's `is_over`.
    over: Vec<bool>,
    /// Each turn start's curve sums, as `record_turn` records them (a hot
    /// part of play, and the same at every visit), `curve_count` of them a
    /// turn start; or `None` where the engagement's `record_turn` does more
    /// (see [`StepMemo::capture`]).
    captured: Option<Vec<[f64; 2]>>,
    curve_count: usize,
    /// An empty tally of the engagement's schema, to capture curves in.
    blank: Tally,
    /// Positions in the middle of a turn.
    mids: Positions<S>,
    /// The recorded branch points, packed: a point's code is where it
    /// starts. A point is its draw (two words: see [`StepMemo::draw_of`])
    /// and then, by branch, where each leads: a run's few thousand points
    /// stay near the processor, and a draw reads one of them.
    points: Vec<Code>,
    /// Each draw's outcome table: the branch of each outcome.
    tables: Vec<u8>,
    /// The draws met so far, as their points begin.
    draw_words: FxHashMap<Draw, [u32; 2]>,
    /// The draws [`Sampler::outcome`] cannot make, played by their
    /// [`Draw::branch`].
    other_draws: Vec<Draw>,
    recorder: Recorder,
    /// Leaves recorded, and draws replayed, so far.
    recorded_leaves: u64,
    replayed_draws: u64,
    /// The memo did not pay for itself: it is no longer used.
    retired: bool,
}

impl<S: Clone + Eq + std::hash::Hash> StepMemo<S> {
    pub(super) fn new(steps: u32, schema: &Schema) -> Self {
        Self::with_limits(steps, schema, MAX_POSITIONS, MAX_LEAVES)
    }

    pub(super) fn with_limits(
        steps: u32,
        schema: &Schema,
        max_positions: usize,
        max_leaves: usize,
    ) -> Self {
        let blank = Tally::new(schema);
        StepMemo {
            steps,
            max_positions,
            turns: Positions::new(),
            over: Vec::new(),
            // Two turns at least, to see that a record is the same at both.
            captured: (schema.turns >= 2).then(Vec::new),
            curve_count: schema.curves.len(),
            blank,
            mids: Positions::new(),
            points: Vec::new(),
            tables: Vec::new(),
            draw_words: FxHashMap::default(),
            other_draws: Vec::new(),
            recorder: Recorder::new(max_leaves),
            recorded_leaves: 0,
            replayed_draws: 0,
            retired: false,
        }
    }

    /// `false` once the memo is retired: play without it.
    pub(super) fn in_use(&self) -> bool {
        !self.retired
    }

    /// Whether the memo pays for itself: its positions, branch points and
    /// outcome tables within bounds, and the leaves it has recorded (each one
    /// play of a step's rule code, and more) few beside the draws it has
    /// replayed. A state space too large to repeat its situations soon
    /// (Micro Squad 4 against 4 and larger) fails it within a few thousand
    /// trials.
    pub(super) fn paying(&self) -> bool {
        let positions = self.turns.states.len() + self.mids.states.len();
        positions < self.max_positions
            && self.points.len() < MAX_POINT_WORDS
            && self.tables.len() < MAX_TABLE_BYTES
            && self.recorded_leaves <= RECORDING_ALLOWANCE + self.replayed_draws / REPLAYS_PER_LEAF
    }

    /// Retire the memo (for good, its memory freed) when it does not pay
    /// for itself; called between trials.
    pub(super) fn retire_unless_paying(&mut self) {
        if !self.retired && !self.paying() {
            *self = StepMemo {
                retired: true,
                ..StepMemo::with_limits(self.steps, &Schema::default(), 0, 0)
            };
        }
    }

    /// The turn start of `state`.
    pub(super) fn turn_start<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        state: S,
    ) -> u32 {
        self.code_of(game, 0, state) & ID
    }

    /// The turn start of `state` if the memo has met it (read only).
    pub(super) fn known_turn_start(&self, state: &S) -> Option<u32> {
        self.turns.ids.get(&(0, state.clone())).copied()
    }

    /// The state at the turn start `turn`.
    #[inline]
    pub(super) fn state(&self, turn: u32) -> &S {
        &self.turns.states[turn as usize].1
    }

    /// The curve sums `record_turn` records at the turn start `turn`, when
    /// captured.
    #[inline]
    pub(super) fn curve_sums(&self, turn: u32) -> Option<&[[f64; 2]]> {
        let at = turn as usize * self.curve_count;
        self.captured
            .as_ref()
            .map(|sums| &sums[at..at + self.curve_count])
    }

    /// Whether the engagement is over at the turn start `turn`.
    #[inline]
    pub(super) fn is_over(&self, turn: u32) -> bool {
        self.over[turn as usize]
    }

    /// The play of the turn from the turn start `turn`, for
    /// [`StepMemo::advance`].
    #[inline]
    pub(super) fn begin_turn<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        turn: u32,
        sampler: &mut Sampler,
    ) -> Code {
        self.enter(game, POSITION | TURN_START | turn, sampler)
    }

    /// Take the next draw of a turn in play at `code` (or, where the memo
    /// has no recording to replay, play the next step directly); the turn
    /// start reached when the turn is over.
    ///
    /// A branch that leads to the middle of the turn is pointed straight at
    /// that position's recorded play the first time it is followed, so a
    /// replayed turn goes from draw to draw: past the steps that roll no
    /// dice, and without a stop at each position.
    #[inline(always)]
    pub(super) fn advance<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        code: &mut Code,
        sampler: &mut Sampler,
    ) -> Option<u32> {
        if *code & POSITION == 0 {
            self.replayed_draws += 1;
            let slot = self.branch_slot(*code, sampler);
            *code = self.points[slot];
            if let Some(play) = self.shortcut(*code) {
                // Pointed past the position from now on.
                self.points[slot] = play;
                *code = play;
            }
            None
        } else if *code & TURN_START != 0 {
            Some(*code & ID)
        } else {
            *code = self.enter(game, *code, sampler);
            None
        }
    }

    /// The recorded play of the mid-turn position `code` names, when a
    /// branch leading there can go straight to it (a shortcut past the
    /// position); `None` for a turn start, a branch point, or a position not
    /// recorded or played directly.
    #[inline(always)]
    fn shortcut(&self, code: Code) -> Option<Code> {
        if code & (POSITION | TURN_START) != POSITION {
            return None;
        }
        let play = self.mids.plays[(code & ID) as usize];
        (play < DIRECT).then_some(play)
    }

    /// Draw the branch point at `code`: the slot in `points` of the
    /// branch taken.
    #[inline(always)]
    fn branch_slot(&self, code: Code, sampler: &mut Sampler) -> usize {
        let at = code as usize;
        let (n, table) = (self.points[at], self.points[at + 1]);
        let branch = if n > 0 {
            let outcome = sampler.outcome(n, table & DIE != 0);
            usize::from(self.tables[(table & !DIE) as usize + outcome as usize])
        } else {
            self.other_draws[table as usize].branch(sampler)
        };
        at + 2 + branch
    }

    /// The positions a position code's id counts in.
    fn positions(&mut self, code: Code) -> &mut Positions<S> {
        if code & TURN_START != 0 {
            &mut self.turns
        } else {
            &mut self.mids
        }
    }

    /// The play code of the position `code` names, recorded now if it was
    /// not; for a step played directly, the code of the position it leads
    /// to.
    #[inline]
    fn enter<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        position: Code,
        sampler: &mut Sampler,
    ) -> Code {
        let id = (position & ID) as usize;
        let mut code = self.positions(position).plays[id];
        if code == UNRECORDED {
            code = self.record_step(game, position);
        }
        if code == DIRECT {
            // A step played directly saves nothing: it counts as a leaf.
            self.recorded_leaves += 1;
            let (step, state) = self.positions(position).states[id].clone();
            // Played as plain Monte Carlo plays it: a state that is not
            // canonical plays and records as its canonical form does.
            let after = game.play_step(&state, step, sampler);
            code = self.code_of(game, (step + 1) % self.steps, after);
        }
        code
    }

    /// Record the step at the position `code` names: its play code.
    #[cold]
    fn record_step<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        position: Code,
    ) -> Code {
        if !self.paying() {
            // Trials in play finish without more recordings.
            return DIRECT;
        }
        let id = (position & ID) as usize;
        let (step, state) = self.positions(position).states[id].clone();
        let code = match self
            .recorder
            .record(|dice| game.play_step(&state, step, dice))
        {
            Err(_) => {
                // What the attempt cost: a step past the leaf limit.
                self.recorded_leaves += self.recorder.leaf_limit() as u64 + 1;
                DIRECT
            }
            Ok(recording) => {
                self.recorded_leaves += recording.leaves.len() as u64;
                let next_step = (step + 1) % self.steps;
                let leaves: Vec<Code> = recording
                    .leaves
                    .into_iter()
                    .map(|after| self.code_of(game, next_step, after))
                    .collect();
                // Each node's code: where it will start in `points`.
                let mut starts = Vec::with_capacity(recording.nodes.len());
                let mut end = self.points.len();
                for node in &recording.nodes {
                    starts.push(end as Code);
                    end += 2 + node.next.len();
                }
                let code_of = |next: Next| match next {
                    Next::Node(node) => starts[node as usize],
                    Next::Leaf(leaf) => leaves[leaf as usize],
                };
                for node in recording.nodes {
                    let words = self.draw_of(node.draw);
                    self.points.extend(words);
                    self.points.extend(node.next.iter().map(|&n| code_of(n)));
                }
                code_of(recording.root)
            }
        };
        self.positions(position).plays[id] = code;
        code
    }

    /// Capture what `record_turn` records at the new turn start `turn`:
    /// recorded at turns 1 and 2 of a blank tally, it must be the same
    /// curve sums at both and nothing else, or curves are not captured (and
    /// play calls `record_turn` itself) for the rest of the memo's life.
    fn capture<E: Engagement<State = S>>(&mut self, game: &Declared<E>, turn: u32) {
        let Some(captured) = &mut self.captured else {
            return;
        };
        let state = &self.turns.states[turn as usize].1;
        let mut recorded = self.blank.clone();
        game.record_turn(1, state, &mut recorded, 1.0);
        game.record_turn(2, state, &mut recorded, 1.0);
        let sums = recorded.curves_at(1);
        let mut expected = self.blank.clone();
        expected.add_curves_at(1, &sums);
        expected.add_curves_at(2, &sums);
        if expected == recorded {
            captured.extend(sums);
        } else {
            self.captured = None;
        }
    }

    /// The two words a point's draw is: the number of outcomes `n` and
    /// where its table starts (with [`DIE`] for a die's draw), when
    /// [`Sampler::outcome`] can make it; else 0 and its index in
    /// `other_draws`.
    fn draw_of(&mut self, draw: Draw) -> [u32; 2] {
        if let Some(&words) = self.draw_words.get(&draw) {
            return words;
        }
        let start = self.tables.len() as u32;
        let words = match &draw {
            Draw::Odds(odds) if odds.total() <= MAX_TABLE => {
                self.tables
                    .extend((0..odds.total()).map(|u| odds.class_of(u) as u8));
                [odds.total(), start]
            }
            Draw::Roll {
                roll: Roll::Die(sides),
                branch_of,
            } if *sides <= MAX_TABLE => {
                self.tables.extend(&branch_of[1..]);
                [*sides, start | DIE]
            }
            _ => {
                self.other_draws.push(draw.clone());
                [0, self.other_draws.len() as u32 - 1]
            }
        };
        self.draw_words.insert(draw, words);
        words
    }

    /// The code of position `(step, state)`, interned when new.
    fn code_of<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        step: u32,
        state: S,
    ) -> Code {
        if step > 0 {
            return POSITION | self.mids.intern(step, state).0;
        }
        let (id, new) = self.turns.intern(0, state);
        if new {
            let state = &self.turns.states[id as usize].1;
            self.over.push(game.is_over(state));
            self.capture(game, id);
        }
        POSITION | TURN_START | id
    }
}

#[path = "memo_walk.rs"]
mod walk;
pub(super) use walk::{Frozen, Walk};

#[cfg(test)]
#[path = "memo_tests.rs"]
mod tests;
