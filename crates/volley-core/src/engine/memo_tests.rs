//! The step memo against plain play: the same states, the same draws, the
//! same curves, and memos that do not pay retired.

use super::*;
use crate::dice::{Dice, Weighted};
use crate::engine::{Ending, turn_in_steps};
use crate::tally::{Mean, PerTurn};

/// Two counters wearing each other down: a pick, a chance, a pair of
/// rolls and a multinomial, with steps that roll no dice once a side is
/// gone. `turn_record`: what its `record_turn` records in place of A's
/// curve (for the records a memo must not capture).
struct Attrition {
    turn_record: Option<fn(&AttritionRecord, u32, &mut Tally)>,
}

/// [`Attrition`] recording A's curve each turn.
const ATTRITION: Attrition = Attrition { turn_record: None };

struct AttritionRecord {
    a: PerTurn,
    turns: Mean,
}

impl Engagement for Attrition {
    type State = (u8, u8);
    type Record = AttritionRecord;

    fn declare(&self, schema: &mut Schema) -> AttritionRecord {
        schema.set_turns(30);
        AttritionRecord {
            a: schema.curve("a", false),
            turns: schema.mean_within("turns", 0.0, 30.0),
        }
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
                let hits = dice.classify_pair([Roll::Die(20), Roll::Sum(2, 6)], |d, t| {
                    u8::from(d <= 12 && t >= 8)
                });
                (a - hits.min(a), b)
            }
            _ => {
                let [_, lost]: [u32; 2] =
                    dice.multinomial(u32::from(a.min(3)), Roll::Die(6), |n| usize::from(n == 6));
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
        match self.turn_record {
            Some(record) => record(rec, turn, tally),
            None => tally.curve(rec.a, turn as usize, f64::from(a), w),
        }
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
        ATTRITION.steps(),
        &Declared::new(ATTRITION).schema,
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
    let game = &Declared::new(ATTRITION);
    let (mut replayed, mut played) = (Sampler::new(3), Sampler::new(3));
    for trial in 0..2000 {
        memo.retire_unless_paying();
        replayed.start_trial(trial);
        played.start_trial(trial);
        let mut state = ATTRITION.start();
        if !memo.in_use() {
            continue;
        }
        let mut at = memo.turn_start(game, state);
        for _ in 0..20 {
            at = play_turn(game, memo, at, &mut replayed);
            state = turn_in_steps(&ATTRITION, &state, &mut played);
            assert_eq!(*memo.state(at), state, "trial {trial}");
            assert_eq!(memo.is_over(at), ATTRITION.is_over(&state));
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

#[test]
fn curves_that_depend_on_the_turn_or_records_of_more_are_not_captured() {
    let by_turn = Attrition {
        turn_record: Some(|rec, turn, tally| {
            tally.curve(rec.a, turn as usize, f64::from(turn), 1.0)
        }),
    };
    let a_mean = Attrition {
        turn_record: Some(|rec, _, tally| tally.add(rec.turns, 1.0, 1.0)),
    };
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
