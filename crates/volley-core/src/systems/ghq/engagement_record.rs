//! What a GHQ engagement records (Micro Squad's and Micro Armour's alike):
//! who is out at the end, the turns and the stands lost, and each side's
//! stands alive, suppressed and (where the card tracks it across turns)
//! disorganized, turn by turn; and what both cards' engagements play between
//! turns, written once as [`between_turns`], which each card's `Engagement`
//! impl expands.

use super::group::StandGroup;
use crate::action::About;
use crate::tally::{Category, Mean, Outcome, PerTurn, Schema, Tally};

/// What an engagement action says about itself: its summary, the headline
/// P(A wins), each side's stands alive turn by turn as its curves.
pub const fn engagement_about(summary: &'static str) -> About {
    About {
        name: "engagement",
        summary,
        headline: Some(("winner", "a")),
        default_curves: &["a_alive", "b_alive"],
        ..About::DEFAULT
    }
}

/// The methods of [`crate::engine::Engagement`] that a GHQ engagement of two
/// forces plays between its turns, the same on both cards: its record
/// (`disorganized`: whether D markers last across turns and are counted),
/// its start with every stand fresh, its turn limit, when a force is out (all
/// its stands lost, or its Break Point reached), its turn starts, and what it
/// records each turn and at its end. Expanded inside each card's impl, whose
/// engagement has `a` and `b` (their `stands` and `break_point`) and `turns`:
/// the cards differ only within a turn.
macro_rules! between_turns {
    (disorganized: $disorganized:expr) => {
        fn declare(&self, schema: &mut $crate::tally::Schema) -> Self::Record {
            let (a, b) = (self.a.stands, self.b.stands);
            $crate::systems::ghq::engagement_record::EngagementRecord::declare(
                schema,
                a,
                b,
                self.turns,
                $disorganized,
            )
        }

        fn start(&self) -> Self::State {
            $crate::systems::ghq::fire_phase::State::Between {
                a: $crate::systems::ghq::group::StandGroup::fresh(self.a.stands),
                b: $crate::systems::ghq::group::StandGroup::fresh(self.b.stands),
            }
        }

        fn turn_limit(&self) -> u32 {
            self.turns
        }

        fn is_over(&self, state: &Self::State) -> bool {
            let (a, b) = state.sides();
            a.is_out(self.a.break_point) || b.is_out(self.b.break_point)
        }

        fn turn_start_states(&self) -> Option<u64> {
            let (a, b) = (self.a.stands, self.b.stands);
            Some($crate::systems::ghq::fire_phase::turn_start_states(a, b))
        }

        fn record_turn(
            &self,
            rec: &Self::Record,
            turn: u32,
            state: &Self::State,
            tally: &mut $crate::tally::Tally,
            w: f64,
        ) {
            let (a, b) = state.sides();
            rec.record_turn(turn, self.is_over(state), [&a, &b], tally, w);
        }

        fn record_end(
            &self,
            rec: &Self::Record,
            state: &Self::State,
            turns: u32,
            _ending: $crate::engine::Ending,
            tally: &mut $crate::tally::Tally,
            w: f64,
        ) {
            let (a, b) = state.sides();
            let decided = $crate::systems::ghq::engagement_record::Decided::of(
                a.is_out(self.a.break_point),
                b.is_out(self.b.break_point),
            );
            rec.record_end(decided, turns, [&a, &b], tally, w);
        }
    };
}

pub(crate) use between_turns;

/// Which sides are out (every stand lost, or the Break Point reached) when
/// play stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// B is out and A is not.
    A,
    /// A is out and B is not.
    B,
    /// Both are out at the end of the same turn.
    Both,
    /// Neither is out: the turn limit came first.
    Neither,
}

impl Decided {
    pub fn of(a_out: bool, b_out: bool) -> Self {
        match (a_out, b_out) {
            (false, true) => Decided::A,
            (true, false) => Decided::B,
            (true, true) => Decided::Both,
            (false, false) => Decided::Neither,
        }
    }
}

crate::categories! {
    /// The values of `winner`.
    pub enum Winner {
        A = "a",
        B = "b",
        None = "none",
        TurnLimit = "turn-limit",
    }
}

impl From<Decided> for Winner {
    fn from(decided: Decided) -> Self {
        match decided {
            Decided::A => Winner::A,
            Decided::B => Winner::B,
            Decided::Both => Winner::None,
            Decided::Neither => Winner::TurnLimit,
        }
    }
}

/// What a GHQ engagement's `winner` values mean, for `--help`.
pub fn winner_notes() -> Vec<(&'static str, &'static str, &'static str)> {
    crate::action::notes_of(
        "winner",
        &[
            (
                Winner::A.label(),
                "B is out (every stand lost, or its Break Point reached) and A is not",
            ),
            (Winner::B.label(), "A is out and B is not"),
            (
                Winner::None.label(),
                "both sides are out at the end of the same turn",
            ),
            (
                Winner::TurnLimit.label(),
                "both sides still stand at the turn limit",
            ),
        ],
    )
}

/// The handles of a GHQ engagement's variables.
pub struct EngagementRecord {
    winner: Outcome<Winner>,
    turns: Mean,
    a_lost: Mean,
    b_lost: Mean,
    ended: PerTurn,
    alive: [PerTurn; 2],
    suppressed: [PerTurn; 2],
    disorganized: Option<[PerTurn; 2]>,
}

impl EngagementRecord {
    /// Declare the variables of an engagement of `a` and `b` stands over
    /// `turns` turns; `disorganized` adds the D curves.
    pub fn declare(schema: &mut Schema, a: u8, b: u8, turns: u32, disorganized: bool) -> Self {
        let (a, b) = (f64::from(a), f64::from(b));
        schema.set_turns(turns as usize);
        let winner = schema.outcome("winner");
        let turns_mean = schema.mean_within("turns", 0.0, f64::from(turns));
        let a_lost = schema.mean_within("a_lost", 0.0, a);
        let b_lost = schema.mean_within("b_lost", 0.0, b);
        let ended = schema.curve("ended", true);
        let alive = [
            schema.curve_within("a_alive", 0.0, a),
            schema.curve_within("b_alive", 0.0, b),
        ];
        let suppressed = [
            schema.curve_within("a_suppressed", 0.0, a),
            schema.curve_within("b_suppressed", 0.0, b),
        ];
        let disorganized = disorganized.then(|| {
            [
                schema.curve_within("a_disorganized", 0.0, a),
                schema.curve_within("b_disorganized", 0.0, b),
            ]
        });
        EngagementRecord {
            winner,
            turns: turns_mean,
            a_lost,
            b_lost,
            ended,
            alive,
            suppressed,
            disorganized,
        }
    }

    /// The curves at the end of `turn`.
    pub fn record_turn(
        &self,
        turn: u32,
        over: bool,
        [a, b]: [&StandGroup; 2],
        tally: &mut Tally,
        w: f64,
    ) {
        let t = turn as usize;
        tally.curve(self.ended, t, f64::from(u8::from(over)), w);
        for (side, group) in [a, b].into_iter().enumerate() {
            tally.curve(self.alive[side], t, f64::from(group.alive()), w);
            tally.curve(self.suppressed[side], t, f64::from(group.suppressed()), w);
            if let Some(disorganized) = self.disorganized {
                tally.curve(disorganized[side], t, f64::from(group.disorganized()), w);
            }
        }
    }

    /// The end of play after `turns` turns.
    pub fn record_end(
        &self,
        decided: Decided,
        turns: u32,
        [a, b]: [&StandGroup; 2],
        tally: &mut Tally,
        w: f64,
    ) {
        tally.count(self.winner, Winner::from(decided), w);
        tally.add(self.turns, f64::from(turns), w);
        tally.add(self.a_lost, f64::from(a.lost), w);
        tally.add(self.b_lost, f64::from(b.lost), w);
    }
}
