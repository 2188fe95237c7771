//! Monte Carlo play through the memo, learning or frozen, against plain
//! play: the same tallies, bit for bit.

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

/// The tally of `trials` played through a memo frozen after learning
/// from the trials `learnt` (those that fall off it played again
/// plainly), as JSON.
fn frozen_tally(game: &Duel, trials: Range<u64>, learnt: Range<u64>) -> String {
    let game = &Declared::new(game.clone());
    let sampler = Sampler::new(4);
    let mut memo = StepMemo::new(game.steps(), &game.schema);
    let mut scratch = Tally::new(&game.schema);
    play_memoized(game, &mut memo, &sampler, learnt, &mut scratch);
    let mut tally = Tally::new(&game.schema);
    let next = play_frozen(game, &memo, &sampler, trials.clone(), &mut tally);
    assert_eq!(next, trials.end, "the memo knows the start");
    tally.settle_held_curves();
    tally.trial((trials.end - trials.start) as f64);
    serde_json::to_string(&tally).unwrap()
}

#[test]
fn trials_through_a_frozen_memo_are_the_trials_played_plainly() {
    let game = Duel {
        turns: 10,
        to_the_end: false,
        start: (6, 6),
    };
    let plain = tally(&game, 5..3005, None);
    // Learnt from a handful of trials, most trials fall off and are
    // played again; learnt from many, few do.
    assert_eq!(plain, frozen_tally(&game, 5..3005, 0..3));
    assert_eq!(plain, frozen_tally(&game, 5..3005, 0..2000));
    let endless = Duel {
        turns: 3,
        to_the_end: true,
        start: (6, 6),
    };
    let plain = tally(&endless, 5..3005, None);
    assert_eq!(plain, frozen_tally(&endless, 5..3005, 0..10));
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
