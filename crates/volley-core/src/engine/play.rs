//! Monte Carlo play of an engagement: each trial played to its end, then
//! recorded.
//!
//! Played plainly, each turn runs the engagement's rule code. Played through
//! the step memo ([`StepMemo`]), turns are replayed draw by draw, and a few
//! trials are played abreast: each draw waits on the one before it in its own
//! trial (which branch point comes next), never on another trial's, so the
//! processor overlaps the trials' draws. Either way, trials are recorded one
//! after the other in trial order, by the same [`record`], so the tally is bit
//! for bit the same.

use super::declared::Declared;
use super::engagement::{Ending, Engagement, HARD_TURN_CAP};
use super::memo::{Code, StepMemo};
use crate::dice::Sampler;
use crate::tally::Tally;
use std::ops::Range;

/// A trial played, as Monte Carlo records it; `A` says where play stood (a
/// state, or a memo's turn start).
struct Played<A> {
    /// Where play stood at the start and after each turn, up to the turn
    /// limit.
    seen: Vec<A>,
    /// Where it stood at the end.
    last: Option<A>,
    turns: u32,
    ending: Ending,
}

impl<A: Clone> Played<A> {
    fn new() -> Self {
        Played {
            seen: Vec::new(),
            last: None,
            turns: 0,
            ending: Ending::Over,
        }
    }

    fn begin(&mut self, at: A) {
        self.seen.clear();
        self.seen.push(at);
        self.last = None;
    }

    /// Play stood at `at` after turn `turn`.
    fn after_turn<E: Engagement>(&mut self, game: &Declared<E>, turn: u32, at: &A) {
        if turn <= game.turn_limit() {
            self.seen.push(at.clone());
        }
    }

    /// Play stopped at `at` after `turns` turns, over or not.
    fn end<E: Engagement>(&mut self, game: &Declared<E>, at: A, turns: u32, over: bool) {
        self.last = Some(at);
        self.turns = turns;
        self.ending = match over {
            true => Ending::Over,
            false if game.to_the_end() => Ending::Unfinished,
            false => Ending::TurnLimit,
        };
    }
}

/// The last turn Monte Carlo plays.
fn last_turn<E: Engagement>(game: &Declared<E>) -> u32 {
    if game.to_the_end() {
        HARD_TURN_CAP
    } else {
        game.turn_limit()
    }
}

/// The state where play stood, and its curves recorded.
trait StateAt<A, S> {
    fn state_at<'s>(&'s self, at: &'s A) -> &'s S;

    /// Record the curves of `at` after `turn`.
    fn record_turn<E: Engagement<State = S>>(
        &self,
        game: &Declared<E>,
        turn: u32,
        at: &A,
        tally: &mut Tally,
    ) {
        game.record_turn(turn, self.state_at(at), tally, 1.0);
    }
}

/// Play that kept its states.
struct Kept;

impl<S> StateAt<S, S> for Kept {
    fn state_at<'s>(&'s self, at: &'s S) -> &'s S {
        at
    }
}

impl<S: Clone + Eq + std::hash::Hash> StateAt<u32, S> for StepMemo<S> {
    fn state_at<'s>(&'s self, &at: &'s u32) -> &'s S {
        self.state(at)
    }

    /// The captured sums where the memo has them.
    #[inline]
    fn record_turn<E: Engagement<State = S>>(
        &self,
        game: &Declared<E>,
        turn: u32,
        &at: &u32,
        tally: &mut Tally,
    ) {
        match self.curve_sums(at) {
            Some(sums) => tally.add_curves_at(turn as usize, sums),
            None => game.record_turn(turn, self.state(at), tally, 1.0),
        }
    }
}

/// Record a trial played: the curves at the start and after each turn, held
/// to the last turn of the curves when it ended early, and its end.
fn record<E: Engagement, A>(
    game: &Declared<E>,
    played: &Played<A>,
    states: &impl StateAt<A, E::State>,
    tally: &mut Tally,
) {
    for (turn, at) in played.seen.iter().enumerate() {
        states.record_turn(game, turn as u32, at, tally);
    }
    let last = played.last.as_ref().expect("a trial played to its end");
    let turns = played.turns;
    if played.ending == Ending::Over && turns < game.turn_limit() {
        // The state holds to the last turn of the curves: one record.
        tally.holding_curves(|t| states.record_turn(game, turns + 1, last, t));
    }
    game.record_end(states.state_at(last), turns, played.ending, tally, 1.0);
}

/// Play `trials` plainly, each turn by the engagement's rule code, and record
/// them into `tally`.
pub(super) fn play_plainly<E: Engagement>(
    game: &Declared<E>,
    sampler: &mut Sampler,
    trials: Range<u64>,
    tally: &mut Tally,
) {
    let mut played = Played::new();
    for trial in trials {
        sampler.start_trial(trial);
        let mut state = game.start();
        played.begin(state.clone());
        let mut over = game.is_over(&state);
        let mut turn = 0;
        while turn < last_turn(game) && !over {
            turn += 1;
            state = game.play_turn(&state, sampler);
            over = game.is_over(&state);
            played.after_turn(game, turn, &state);
        }
        played.end(game, state, turn, over);
        record(game, &played, &Kept, tally);
    }
}

/// Trials played abreast through the memo.
const LANES: usize = 4;

/// Most trials in play or waiting to be recorded: a trial that ends waits
/// for those before it, and a lane stays idle rather than let a long trial
/// fall further behind.
const WINDOW: u64 = 64;

/// One trial in play through the memo.
struct Lane {
    sampler: Sampler,
    trial: u64,
    /// Where its turn goes on (see [`StepMemo::advance`]).
    code: Code,
    turn: u32,
    playing: bool,
    played: Played<u32>,
}

impl Lane {
    /// Start trial `trial` at the turn start `start`.
    fn begin<E: Engagement>(
        &mut self,
        game: &Declared<E>,
        memo: &mut StepMemo<E::State>,
        trial: u64,
        start: u32,
    ) {
        self.trial = trial;
        self.sampler.start_trial(trial);
        self.played.begin(start);
        self.turn = 0;
        self.next_turn(game, memo, start);
    }

    /// Play has reached the turn start `at`: begin its turn, or end.
    fn next_turn<E: Engagement>(
        &mut self,
        game: &Declared<E>,
        memo: &mut StepMemo<E::State>,
        at: u32,
    ) {
        let over = memo.is_over(at);
        self.playing = !over && self.turn < last_turn(game);
        if self.playing {
            self.code = memo.begin_turn(game, at, &mut self.sampler);
        } else {
            self.played.end(game, at, self.turn, over);
        }
    }
}

/// Trials played through the memo, [`LANES`] abreast, and recorded in trial
/// order.
struct Abreast<'a, E: Engagement> {
    game: &'a Declared<E>,
    memo: &'a mut StepMemo<E::State>,
    start: u32,
    trials: Range<u64>,
    /// The next trial to begin, and the next to record.
    to_begin: u64,
    to_record: u64,
    /// Trials played and not yet recorded, by trial modulo [`WINDOW`].
    ended: Vec<Option<Played<u32>>>,
    spare: Vec<Played<u32>>,
}

impl<E: Engagement> Abreast<'_, E> {
    /// Give `lane` the next trial, if the window allows and the memo still
    /// pays for itself; its trial, played to the end at once when it ends
    /// before its first turn, is parked.
    fn refill(&mut self, lane: &mut Lane, tally: &mut Tally) {
        while !lane.playing
            && self.to_begin < self.trials.end
            && self.to_begin - self.to_record < WINDOW
        {
            if !self.memo.paying() {
                // The trials begun finish; the rest are left to the caller.
                self.trials.end = self.to_begin;
                return;
            }
            lane.begin(self.game, self.memo, self.to_begin, self.start);
            self.to_begin += 1;
            if !lane.playing {
                self.park(lane, tally);
            }
        }
    }

    /// `lane`'s trial has ended: keep it until the trials before it are
    /// recorded, and record every trial that can be.
    fn park(&mut self, lane: &mut Lane, tally: &mut Tally) {
        let spare = self.spare.pop().unwrap_or_else(Played::new);
        let played = std::mem::replace(&mut lane.played, spare);
        self.ended[(lane.trial % WINDOW) as usize] = Some(played);
        while let Some(played) = self.ended[(self.to_record % WINDOW) as usize].take() {
            record(self.game, &played, &*self.memo, tally);
            self.spare.push(played);
            self.to_record += 1;
        }
    }
}

/// Play `trials` through `memo`, [`LANES`] at a time, and record them into
/// `tally` in trial order; stopped early when the memo no longer pays for
/// itself. Returns the first trial not played.
pub(super) fn play_memoized<E: Engagement>(
    game: &Declared<E>,
    memo: &mut StepMemo<E::State>,
    sampler: &Sampler,
    trials: Range<u64>,
    tally: &mut Tally,
) -> u64 {
    let start = memo.turn_start(game, game.start());
    let mut lanes: [Lane; LANES] = std::array::from_fn(|_| Lane {
        sampler: sampler.clone(),
        trial: 0,
        code: 0,
        turn: 0,
        playing: false,
        played: Played::new(),
    });
    let mut abreast = Abreast {
        game,
        memo,
        start,
        to_begin: trials.start,
        to_record: trials.start,
        trials,
        ended: (0..WINDOW).map(|_| None).collect(),
        spare: Vec::new(),
    };
    for lane in &mut lanes {
        abreast.refill(lane, tally);
    }
    while abreast.to_record < abreast.trials.end {
        for lane in &mut lanes {
            if !lane.playing {
                abreast.refill(lane, tally);
                continue;
            }
            let memo = &mut *abreast.memo;
            if let Some(at) = memo.advance(game, &mut lane.code, &mut lane.sampler) {
                lane.turn += 1;
                lane.played.after_turn(game, lane.turn, &at);
                lane.next_turn(game, memo, at);
                if !lane.playing {
                    abreast.park(lane, tally);
                    abreast.refill(lane, tally);
                }
            }
        }
    }
    abreast.trials.end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Roll, Weighted};
    use crate::engine::Schema;
    use crate::tally::{Mean, Outcome, PerTurn};

    /// Two sides trading fire, with curves that are not whole numbers (so
    /// that the order of adds shows in the bits).
    #[derive(Clone)]
    struct Duel {
        turns: u32,
        to_the_end: bool,
        start: (u8, u8),
    }

    crate::categories! {
        enum Winner {
            A = "a",
            B = "b",
            Neither = "none",
        }
    }

    struct DuelRecord {
        winner: Outcome<Winner>,
        turns: Mean,
        a: PerTurn,
        b: PerTurn,
    }

    impl Engagement for Duel {
        type State = (u8, u8);
        type Record = DuelRecord;

        fn declare(&self, schema: &mut Schema) -> DuelRecord {
            schema.set_turns(self.turns as usize);
            DuelRecord {
                winner: schema.outcome("winner"),
                turns: schema.mean_within("turns", 0.0, 1e6),
                a: schema.curve_within("a", 0.0, 1.0),
                b: schema.curve_within("b", 0.0, 1.0),
            }
        }
        fn start(&self) -> (u8, u8) {
            self.start
        }
        fn turn_limit(&self) -> u32 {
            self.turns
        }
        fn to_the_end(&self) -> bool {
            self.to_the_end
        }
        fn is_over(&self, &(a, b): &(u8, u8)) -> bool {
            a == 0 || b == 0
        }
        fn steps(&self) -> u32 {
            2
        }
        fn play_step<D: Dice>(&self, &(a, b): &(u8, u8), step: u32, dice: &mut D) -> (u8, u8) {
            if a == 0 || b == 0 {
                return (a, b);
            }
            if step == 0 {
                let hit = dice.pick(&Weighted::new(&[7, 2, 1]));
                (a, b.saturating_sub(hit as u8))
            } else {
                let [_, hits]: [u32; 2] =
                    dice.multinomial(u32::from(b.min(2)), Roll::Die(6), |n| usize::from(n == 6));
                (a.saturating_sub(hits as u8), b)
            }
        }
        fn record_turn(
            &self,
            rec: &DuelRecord,
            turn: u32,
            &(a, b): &(u8, u8),
            tally: &mut Tally,
            w: f64,
        ) {
            tally.curve(rec.a, turn as usize, f64::from(a) / 7.0, w);
            tally.curve(rec.b, turn as usize, f64::from(b) / 7.0, w);
        }
        fn record_end(
            &self,
            rec: &DuelRecord,
            &(a, b): &(u8, u8),
            turns: u32,
            _: Ending,
            tally: &mut Tally,
            w: f64,
        ) {
            let winner = match (a > 0, b > 0) {
                (true, false) => Winner::A,
                (false, true) => Winner::B,
                _ => Winner::Neither,
            };
            tally.count(rec.winner, winner, w);
            tally.add(rec.turns, f64::from(turns), w);
        }
    }

    /// The tally of `trials` played plainly, or through a memo of at most
    /// `positions` positions and on plainly once it retires (as
    /// `EngagementModel::simulate` plays them), as JSON: equal text, equal
    /// bits.
    fn tally(game: &Duel, trials: Range<u64>, memo_positions: Option<usize>) -> String {
        let game = &Declared::new(game.clone());
        let mut tally = Tally::new(&game.schema);
        let mut sampler = Sampler::new(4);
        let mut next = trials.start;
        if let Some(positions) = memo_positions {
            let mut memo = StepMemo::with_limits(game.steps(), &game.schema, positions, 64);
            next = play_memoized(game, &mut memo, &sampler, trials.clone(), &mut tally);
            memo.retire_unless_paying();
            assert_eq!(memo.in_use(), next == trials.end);
        }
        play_plainly(game, &mut sampler, next..trials.end, &mut tally);
        tally.settle_held_curves();
        tally.trial((trials.end - trials.start) as f64);
        serde_json::to_string(&tally).unwrap()
    }

    #[test]
    fn trials_through_the_memo_are_the_trials_played_plainly() {
        let games = [
            Duel {
                turns: 10,
                to_the_end: false,
                start: (6, 6),
            },
            Duel {
                turns: 0,
                to_the_end: false,
                start: (6, 6),
            },
            Duel {
                turns: 1,
                to_the_end: false,
                start: (6, 6),
            },
            Duel {
                turns: 10,
                to_the_end: false,
                start: (0, 6),
            },
            Duel {
                turns: 3,
                to_the_end: true,
                start: (6, 6),
            },
        ];
        for game in &games {
            let plain = tally(game, 5..3005, None);
            assert_eq!(plain, tally(game, 5..3005, Some(1 << 17)));
            // A memo that fills up retires mid-run; the trials after it are
            // played plainly.
            assert_eq!(plain, tally(game, 5..3005, Some(40)));
        }
    }
}
