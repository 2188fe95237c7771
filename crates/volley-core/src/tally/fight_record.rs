//! What a firefight of two units records (Micro Force's and Deadly Field's
//! alike): which breaks first, the turns, each side's losses, and turn by
//! turn whether it has ended, each side's losses and one state each side is
//! in (Shaken, broken).

use super::{Category, Mean, Outcome, PerTurn, Schema, Tally};

/// The handles of a firefight's variables; `W` names the `breaks_first`
/// values as the card's action does.
pub struct FightRecord<W> {
    breaks_first: Outcome<W>,
    turns: Mean,
    lost: [Mean; 2],
    ended: PerTurn,
    lost_by_turn: [PerTurn; 2],
    flagged: [PerTurn; 2],
}

impl<W: Category> FightRecord<W> {
    /// Declare the variables of a firefight of `turns` turns between units
    /// that can lose at most `strength` of what `lost` counts (`a_LOST`,
    /// `b_LOST`: a mean and a curve each), with `a_FLAG` and `b_FLAG` the
    /// share of each side in that state, turn by turn.
    pub fn declare(
        schema: &mut Schema,
        turns: u32,
        strength: [f64; 2],
        lost: &str,
        flag: &str,
    ) -> Self {
        schema.set_turns(turns as usize);
        let breaks_first = schema.outcome("breaks_first");
        let turns = schema.mean_within("turns", 0.0, f64::from(turns));
        let lost_means = [0, 1].map(|side| {
            schema.mean_within(&format!("{}_{lost}", SIDES[side]), 0.0, strength[side])
        });
        let ended = schema.curve("ended", true);
        let lost_by_turn = [0, 1].map(|side| {
            schema.curve_within(&format!("{}_{lost}", SIDES[side]), 0.0, strength[side])
        });
        let flagged = [0, 1].map(|side| schema.curve(&format!("{}_{flag}", SIDES[side]), true));
        FightRecord {
            breaks_first,
            turns,
            lost: lost_means,
            ended,
            lost_by_turn,
            flagged,
        }
    }

    /// After turn `turn`: whether the fight is over, each side's losses so
    /// far and whether it is in the flagged state.
    #[inline]
    pub fn record_turn(
        &self,
        tally: &mut Tally,
        turn: u32,
        over: bool,
        lost: [f64; 2],
        flagged: [bool; 2],
        w: f64,
    ) {
        let t = turn as usize;
        tally.curve(self.ended, t, f64::from(u8::from(over)), w);
        for ((by_turn, flag), (lost, flagged)) in self
            .lost_by_turn
            .iter()
            .zip(&self.flagged)
            .zip(lost.into_iter().zip(flagged))
        {
            tally.curve(*by_turn, t, lost, w);
            tally.curve(*flag, t, f64::from(u8::from(flagged)), w);
        }
    }

    /// At the end: which broke first, after how many turns, each side's
    /// losses.
    #[inline]
    pub fn record_end(
        &self,
        tally: &mut Tally,
        breaks_first: W,
        turns: u32,
        lost: [f64; 2],
        w: f64,
    ) {
        tally.count(self.breaks_first, breaks_first, w);
        tally.add(self.turns, f64::from(turns), w);
        for (mean, lost) in self.lost.iter().zip(lost) {
            tally.add(*mean, lost, w);
        }
    }
}

/// The sides' prefixes in variable names.
const SIDES: [&str; 2] = ["a", "b"];
