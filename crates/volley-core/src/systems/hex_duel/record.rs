//! What a hex duel records: who won and why play stopped, the turns, each
//! hex's losses, and each hex's figures (and, where hexes fall back, the
//! ground each gave) turn by turn.

use crate::tally::{Category, Mean, Outcome, PerTurn, Schema, Tally};

/// The most ground each hex can lose, for a duel whose hexes fall back: for
/// the means (`None`: no bound known) and for the curves.
pub struct GroundBounds {
    pub mean: [Option<f64>; 2],
    pub curve: [f64; 2],
}

/// The handles of a hex duel's variables; `W` names the `winner` values.
pub struct DuelRecord<W> {
    winner: Outcome<W>,
    turns: Mean,
    lost: [Mean; 2],
    ground: Option<[Mean; 2]>,
    ended: PerTurn,
    figures: [PerTurn; 2],
    ground_by_turn: Option<[PerTurn; 2]>,
}

/// A mean bounded above by `high` when it is known.
fn mean_up_to(schema: &mut Schema, name: &str, high: Option<f64>) -> Mean {
    match high {
        Some(h) => schema.mean_within(name, 0.0, h),
        None => schema.mean(name),
    }
}

impl<W: Category> DuelRecord<W> {
    /// Declare the variables of a duel of hexes of `strength` figures, its
    /// curves over `shown` turns, its turns bounded when `limited`.
    pub fn declare(
        schema: &mut Schema,
        strength: [u32; 2],
        shown: u32,
        limited: bool,
        ground: Option<GroundBounds>,
    ) -> Self {
        let [a, b] = strength.map(f64::from);
        schema.set_turns(shown as usize);
        let winner = schema.outcome("winner");
        let turns = mean_up_to(schema, "turns", limited.then_some(f64::from(shown)));
        let lost = [
            schema.mean_within("a_lost", 0.0, a),
            schema.mean_within("b_lost", 0.0, b),
        ];
        let ground_means = ground.as_ref().map(|g| {
            [
                mean_up_to(schema, "a_ground_lost", g.mean[0]),
                mean_up_to(schema, "b_ground_lost", g.mean[1]),
            ]
        });
        let ended = schema.curve("ended", true);
        let figures = [
            schema.curve_within("a_figures", 0.0, a),
            schema.curve_within("b_figures", 0.0, b),
        ];
        let ground_by_turn = ground.map(|g| {
            [
                schema.curve_within("a_ground_lost", 0.0, g.curve[0]),
                schema.curve_within("b_ground_lost", 0.0, g.curve[1]),
            ]
        });
        DuelRecord {
            winner,
            turns,
            lost,
            ground: ground_means,
            ended,
            figures,
            ground_by_turn,
        }
    }

    /// The curves at the end of `turn`: whether it is over, each hex's
    /// figures and the ground each has given.
    pub fn record_turn(
        &self,
        turn: u32,
        over: bool,
        figures: [u32; 2],
        ground: [u32; 2],
        tally: &mut Tally,
        w: f64,
    ) {
        let t = turn as usize;
        tally.curve(self.ended, t, f64::from(u8::from(over)), w);
        for side in 0..2 {
            tally.curve(self.figures[side], t, f64::from(figures[side]), w);
            if let Some(curves) = self.ground_by_turn {
                tally.curve(curves[side], t, f64::from(ground[side]), w);
            }
        }
    }

    /// The end of play after `turns` turns.
    pub fn record_end(
        &self,
        winner: W,
        turns: u32,
        lost: [u32; 2],
        ground: [u32; 2],
        tally: &mut Tally,
        w: f64,
    ) {
        tally.count(self.winner, winner, w);
        tally.add(self.turns, f64::from(turns), w);
        for side in 0..2 {
            tally.add(self.lost[side], f64::from(lost[side]), w);
            if let Some(means) = self.ground {
                tally.add(means[side], f64::from(ground[side]), w);
            }
        }
    }
}
