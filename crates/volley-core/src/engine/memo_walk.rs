//! How play walks a step memo: learning, or frozen and shared.
//!
//! A learning memo serves one thread: what it lacks it records, and it
//! counts what it replays to know whether it pays. Once it has learnt an
//! engagement's situations (a whole chunk of trials played through it), it
//! is frozen and shared, read only, by every thread, so memory does not grow
//! with threads. A frozen memo records nothing: a trial that reaches a
//! position it has never recorded falls off, and is played again plainly
//! from its start, on its own stream, so its draws and its record are those
//! of plain play.

use super::{Code, DIRECT, FALL_OFF, ID, POSITION, StepMemo, TURN_START};
use crate::dice::Sampler;
use crate::engine::declared::Declared;
use crate::engine::engagement::Engagement;

/// A memo as play walks it.
pub(in crate::engine) trait Walk<S> {
    /// The memo read (turn starts, their states and curves).
    fn memo(&self) -> &StepMemo<S>;

    /// Whether trials may still begin through it.
    fn paying(&self) -> bool;

    /// The play of the turn from the turn start `turn` ([`FALL_OFF`] when
    /// a frozen memo lacks it).
    fn begin_turn<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        turn: u32,
        sampler: &mut Sampler,
    ) -> Code;

    /// The next draw of a turn in play at `code`: the turn start reached
    /// when the turn is over (`code` is [`FALL_OFF`] when a frozen memo
    /// lacks the step to come).
    fn advance<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        code: &mut Code,
        sampler: &mut Sampler,
    ) -> Option<u32>;
}

impl<S: Clone + Eq + std::hash::Hash> Walk<S> for StepMemo<S> {
    fn memo(&self) -> &StepMemo<S> {
        self
    }

    fn paying(&self) -> bool {
        StepMemo::paying(self)
    }

    #[inline]
    fn begin_turn<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        turn: u32,
        sampler: &mut Sampler,
    ) -> Code {
        StepMemo::begin_turn(self, game, turn, sampler)
    }

    #[inline(always)]
    fn advance<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        code: &mut Code,
        sampler: &mut Sampler,
    ) -> Option<u32> {
        StepMemo::advance(self, game, code, sampler)
    }
}

/// A frozen memo, shared: read only.
pub(in crate::engine) struct Frozen<'a, S>(pub &'a StepMemo<S>);

impl<S: Clone + Eq + std::hash::Hash> Walk<S> for Frozen<'_, S> {
    fn memo(&self) -> &StepMemo<S> {
        self.0
    }

    fn paying(&self) -> bool {
        true
    }

    #[inline]
    fn begin_turn<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        turn: u32,
        sampler: &mut Sampler,
    ) -> Code {
        self.enter(game, POSITION | TURN_START | turn, sampler)
    }

    /// As [`StepMemo::advance`], without counting or writing shortcuts.
    #[inline(always)]
    fn advance<E: Engagement<State = S>>(
        &mut self,
        game: &Declared<E>,
        code: &mut Code,
        sampler: &mut Sampler,
    ) -> Option<u32> {
        let memo = self.0;
        if *code & POSITION == 0 {
            let slot = memo.branch_slot(*code, sampler);
            *code = memo.points[slot];
            if let Some(play) = memo.shortcut(*code) {
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
}

impl<S: Clone + Eq + std::hash::Hash> Frozen<'_, S> {
    /// The play code of the position `position`; a step played directly
    /// leads on only to a position the memo knows.
    fn enter<E: Engagement<State = S>>(
        &self,
        game: &Declared<E>,
        position: Code,
        sampler: &mut Sampler,
    ) -> Code {
        let memo = self.0;
        let id = (position & ID) as usize;
        let positions = if position & TURN_START != 0 {
            &memo.turns
        } else {
            &memo.mids
        };
        let code = positions.plays[id];
        if code < DIRECT {
            return code;
        }
        if code > DIRECT {
            return FALL_OFF;
        }
        let (step, state) = &positions.states[id];
        let after = game.play_step(state, *step, sampler);
        let next_step = (step + 1) % memo.steps;
        let known = if next_step == 0 {
            memo.turns
                .ids
                .get(&(0, after))
                .map(|&id| POSITION | TURN_START | id)
        } else {
            memo.mids
                .ids
                .get(&(next_step, after))
                .map(|&id| POSITION | id)
        };
        known.unwrap_or(FALL_OFF)
    }
}
