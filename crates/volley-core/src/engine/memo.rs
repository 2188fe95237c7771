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
//! and play goes on without it. Each thread at work has its own memo, kept
//! with the model.

use super::chain::{Declared, Engagement};
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
            let at = *code as usize;
            let (n, table) = (self.points[at], self.points[at + 1]);
            let branch = if n > 0 {
                let outcome = sampler.outcome(n, table & DIE != 0);
                usize::from(self.tables[(table & !DIE) as usize + outcome as usize])
            } else {
                self.other_draws[table as usize].branch(sampler)
            };
            let slot = at + 2 + branch;
            *code = self.points[slot];
            if *code & (POSITION | TURN_START) == POSITION {
                let play = self.mids.plays[(*code & ID) as usize];
                if play < DIRECT {
                    // A shortcut past the position.
                    self.points[slot] = play;
                    *code = play;
                }
            }
            None
        } else if *code & TURN_START != 0 {
            Some(*code & ID)
        } else {
            *code = self.enter(game, *code, sampler);
            None
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Weighted};
    use crate::engine::{Ending, turn_in_steps};
    use crate::tally::{Mean, PerTurn};

    /// Two counters wearing each other down: a pick, a chance, a pair of
    /// rolls and a multinomial, with steps that roll no dice once a side is
    /// gone.
    struct Attrition;

    struct AttritionRecord {
        a: PerTurn,
        turns: Mean,
    }

    fn declare_attrition(schema: &mut Schema) -> AttritionRecord {
        schema.set_turns(30);
        AttritionRecord {
            a: schema.curve("a", false),
            turns: schema.mean_within("turns", 0.0, 30.0),
        }
    }

    impl Engagement for Attrition {
        type State = (u8, u8);
        type Record = AttritionRecord;

        fn declare(&self, schema: &mut Schema) -> AttritionRecord {
            declare_attrition(schema)
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
        fn record_turn(
            &self,
            rec: &AttritionRecord,
            turn: u32,
            &(a, _): &(u8, u8),
            tally: &mut Tally,
            w: f64,
        ) {
            tally.curve(rec.a, turn as usize, f64::from(a), w);
        }
        fn record_end(
            &self,
            _: &AttritionRecord,
            _: &(u8, u8),
            _: u32,
            _: Ending,
            _: &mut Tally,
            _: f64,
        ) {
        }
    }

    /// A memo of [`Attrition`]'s steps, within `positions` positions and
    /// `leaves` leaves a step.
    fn attrition_memo(positions: usize, leaves: usize) -> StepMemo<(u8, u8)> {
        StepMemo::with_limits(
            Attrition.steps(),
            &Declared::new(Attrition).schema,
            positions,
            leaves,
        )
    }

    /// A whole turn from the turn start `turn`, through `memo`.
    fn play_turn(
        game: &Declared<Attrition>,
        memo: &mut StepMemo<(u8, u8)>,
        turn: u32,
        sampler: &mut Sampler,
    ) -> u32 {
        let mut code = memo.begin_turn(game, turn, sampler);
        loop {
            if let Some(next) = memo.advance(game, &mut code, sampler) {
                return next;
            }
        }
    }

    /// Twenty turns of trials through `memo` and by the rule code, side by
    /// side: the same states, and the streams at the same word.
    fn agree(memo: &mut StepMemo<(u8, u8)>) {
        let game = &Declared::new(Attrition);
        let (mut replayed, mut played) = (Sampler::new(3), Sampler::new(3));
        for trial in 0..2000 {
            memo.retire_unless_paying();
            replayed.start_trial(trial);
            played.start_trial(trial);
            let mut state = Attrition.start();
            if !memo.in_use() {
                continue;
            }
            let mut at = memo.turn_start(game, state);
            for _ in 0..20 {
                at = play_turn(game, memo, at, &mut replayed);
                state = turn_in_steps(&Attrition, &state, &mut played);
                assert_eq!(*memo.state(at), state, "trial {trial}");
                assert_eq!(memo.is_over(at), Attrition.is_over(&state));
            }
            assert_eq!(replayed.next_word(), played.next_word());
        }
    }

    #[test]
    fn a_replayed_turn_is_the_played_turn() {
        let mut memo = attrition_memo(MAX_POSITIONS, MAX_LEAVES);
        agree(&mut memo);
        assert!(memo.in_use());
        assert!(!memo.mids.plays.contains(&DIRECT) && !memo.turns.plays.contains(&DIRECT));
    }

    #[test]
    fn each_turn_start_s_curves_are_captured_once() {
        let mut memo = attrition_memo(MAX_POSITIONS, MAX_LEAVES);
        agree(&mut memo);
        for turn in 0..memo.turns.states.len() as u32 {
            let (a, _) = *memo.state(turn);
            assert_eq!(
                memo.curve_sums(turn),
                Some(&[[f64::from(a), f64::from(a * a)]][..])
            );
        }
    }

    /// [`Attrition`] recording what its `record_turn` must not.
    struct Recording(fn(&AttritionRecord, u32, &mut Tally));

    impl Engagement for Recording {
        type State = (u8, u8);
        type Record = AttritionRecord;

        fn declare(&self, schema: &mut Schema) -> AttritionRecord {
            declare_attrition(schema)
        }
        fn start(&self) -> (u8, u8) {
            Attrition.start()
        }
        fn turn_limit(&self) -> u32 {
            Attrition.turn_limit()
        }
        fn is_over(&self, state: &(u8, u8)) -> bool {
            Attrition.is_over(state)
        }
        fn play_step<D: Dice>(&self, state: &(u8, u8), step: u32, dice: &mut D) -> (u8, u8) {
            Attrition.play_step(state, step, dice)
        }
        fn record_turn(
            &self,
            rec: &AttritionRecord,
            turn: u32,
            _: &(u8, u8),
            tally: &mut Tally,
            _: f64,
        ) {
            (self.0)(rec, turn, tally)
        }
        fn record_end(
            &self,
            _: &AttritionRecord,
            _: &(u8, u8),
            _: u32,
            _: Ending,
            _: &mut Tally,
            _: f64,
        ) {
        }
    }

    #[test]
    fn curves_that_depend_on_the_turn_or_records_of_more_are_not_captured() {
        let by_turn =
            Recording(|rec, turn, tally| tally.curve(rec.a, turn as usize, f64::from(turn), 1.0));
        let a_mean = Recording(|rec, _, tally| tally.add(rec.turns, 1.0, 1.0));
        for game in [by_turn, a_mean] {
            let game = Declared::new(game);
            let mut memo = StepMemo::new(game.steps(), &game.schema);
            let start = memo.turn_start(&game, game.start());
            assert_eq!(memo.curve_sums(start), None);
        }
    }

    #[test]
    fn steps_too_large_to_record_are_played_directly_to_the_same_end() {
        // Three leaves at most: the pair and the multinomial are played.
        let mut memo = attrition_memo(MAX_POSITIONS, 3);
        agree(&mut memo);
        assert!(memo.mids.plays.contains(&DIRECT) || memo.turns.plays.contains(&DIRECT));
        assert!(memo.mids.plays.iter().any(|&c| c < POSITION));
    }

    #[test]
    fn a_memo_that_does_not_pay_is_retired_between_trials() {
        let mut memo = attrition_memo(50, MAX_LEAVES);
        agree(&mut memo);
        assert!(!memo.in_use());
        assert!(memo.turns.states.is_empty() && memo.mids.states.is_empty());
        // Recording more than replaying: retired too.
        let mut memo: StepMemo<(u8, u8)> = attrition_memo(MAX_POSITIONS, MAX_LEAVES);
        memo.recorded_leaves = RECORDING_ALLOWANCE + 1;
        assert!(!memo.paying());
    }
}
