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
use super::memo::{Code, FALL_OFF, Frozen, StepMemo, Walk};
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
    /// Its trial reached a step a frozen memo lacks: it is to be played
    /// again plainly.
    fell_off: bool,
    played: Played<u32>,
}

impl Lane {
    /// Start trial `trial` at the turn start `start`.
    fn begin<E: Engagement, W: Walk<E::State>>(
        &mut self,
        game: &Declared<E>,
        memo: &mut W,
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
    fn next_turn<E: Engagement, W: Walk<E::State>>(
        &mut self,
        game: &Declared<E>,
        memo: &mut W,
        at: u32,
    ) {
        let over = memo.memo().is_over(at);
        self.playing = !over && self.turn < last_turn(game);
        if self.playing {
            self.code = memo.begin_turn(game, at, &mut self.sampler);
            self.check_fall_off();
        } else {
            self.played.end(game, at, self.turn, over);
        }
    }
}

impl Lane {
    /// Stop the trial if it has fallen off a frozen memo.
    #[inline]
    fn check_fall_off(&mut self) {
        if self.code == FALL_OFF {
            self.playing = false;
            self.fell_off = true;
        }
    }
}

/// A trial ended, waiting for the trials before it to be recorded.
enum Parked {
    Played(Played<u32>),
    /// To be played again plainly (it fell off a frozen memo).
    FellOff,
}

/// Trials played through the memo, [`LANES`] abreast, and recorded in trial
/// order.
struct Abreast<'a, E: Engagement, W: Walk<E::State>> {
    game: &'a Declared<E>,
    memo: &'a mut W,
    /// Plays the trials that fell off again (each starts its own stream).
    plain: Sampler,
    start: u32,
    trials: Range<u64>,
    /// The next trial to begin, and the next to record.
    to_begin: u64,
    to_record: u64,
    /// Trials played and not yet recorded, by trial modulo [`WINDOW`].
    ended: Vec<Option<Parked>>,
    spare: Vec<Played<u32>>,
}

impl<E: Engagement, W: Walk<E::State>> Abreast<'_, E, W> {
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
        let parked = if std::mem::take(&mut lane.fell_off) {
            Parked::FellOff
        } else {
            let spare = self.spare.pop().unwrap_or_else(Played::new);
            Parked::Played(std::mem::replace(&mut lane.played, spare))
        };
        self.ended[(lane.trial % WINDOW) as usize] = Some(parked);
        while let Some(parked) = self.ended[(self.to_record % WINDOW) as usize].take() {
            match parked {
                Parked::Played(played) => {
                    record(self.game, &played, self.memo.memo(), tally);
                    self.spare.push(played);
                }
                Parked::FellOff => {
                    let trial = self.to_record;
                    play_plainly(self.game, &mut self.plain, trial..trial + 1, tally);
                }
            }
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
    play_abreast(game, memo, start, sampler, trials, tally)
}

/// Play `trials` through the frozen memo `memo`, shared with other threads,
/// and record them into `tally` in trial order: those that fall off it are
/// played again plainly. Returns the first trial not played (the memo never
/// learnt the start: all of them).
pub(super) fn play_frozen<E: Engagement>(
    game: &Declared<E>,
    memo: &StepMemo<E::State>,
    sampler: &Sampler,
    trials: Range<u64>,
    tally: &mut Tally,
) -> u64 {
    match memo.known_turn_start(&game.start()) {
        Some(start) => play_abreast(game, &mut Frozen(memo), start, sampler, trials, tally),
        None => trials.start,
    }
}

/// Trials from the turn start `start` through `memo`, [`LANES`] abreast.
fn play_abreast<E: Engagement, W: Walk<E::State>>(
    game: &Declared<E>,
    memo: &mut W,
    start: u32,
    sampler: &Sampler,
    trials: Range<u64>,
    tally: &mut Tally,
) -> u64 {
    let mut lanes: [Lane; LANES] = std::array::from_fn(|_| Lane {
        sampler: sampler.clone(),
        trial: 0,
        code: 0,
        turn: 0,
        playing: false,
        fell_off: false,
        played: Played::new(),
    });
    let mut abreast = Abreast {
        game,
        memo,
        plain: sampler.clone(),
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
            } else {
                lane.check_fall_off();
            }
            if !lane.playing {
                abreast.park(lane, tally);
                abreast.refill(lane, tally);
            }
        }
    }
    abreast.trials.end
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
