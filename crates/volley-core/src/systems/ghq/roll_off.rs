//! A roll-off between two sides: each rolls 2D6 plus its modifier and the
//! better total wins (the higher on Micro Armour's posture roll, the lower on
//! Micro Force's initiative); and such a roll asked alone, as a procedure
//! whose outcome is the winning side.

use crate::dice::{Dice, Roll};
use crate::engine::{Procedure, Schema};
use crate::rules::rolls::{Adjust, Value};
use crate::tally::{Outcome, Side, Tally};
use std::cmp::Ordering;

/// Two sides' 2D6 and modifiers, compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollOff {
    a_modifier: i32,
    b_modifier: i32,
    /// The lower total wins.
    low_wins: bool,
}

impl RollOff {
    /// The higher total wins (Micro Armour's posture roll).
    pub const fn higher_wins(a_modifier: i32, b_modifier: i32) -> RollOff {
        RollOff {
            a_modifier,
            b_modifier,
            low_wins: false,
        }
    }

    /// The lower total wins (Micro Force's initiative).
    pub const fn lower_wins(a_modifier: i32, b_modifier: i32) -> RollOff {
        RollOff {
            a_modifier,
            b_modifier,
            low_wins: true,
        }
    }

    /// What the roll shows a house rule first: A's modifier, then B's.
    pub fn shown(&self) -> [Value; 2] {
        [
            Value::Number(i64::from(self.a_modifier)),
            Value::Number(i64::from(self.b_modifier)),
        ]
    }

    /// How A's total stands against B's, for A's 2D6 of `a` and B's of `b`
    /// (a rule's modifier and a script's reading on A's): `Greater` when A's
    /// is the better.
    fn order(&self, adjust: &Adjust, a: u32, b: u32) -> Ordering {
        let a_total = adjust.total(a) as i32 + self.a_modifier + adjust.modifier;
        let order = a_total.cmp(&(b as i32 + self.b_modifier));
        if self.low_wins {
            order.reverse()
        } else {
            order
        }
    }

    /// Roll both sides once: `Some(true)` when A wins, `None` on a tie.
    pub fn roll<D: Dice>(&self, dice: &mut D, adjust: &Adjust) -> Option<bool> {
        let two_d6 = Roll::Sum(2, 6);
        match dice.classify_pair([two_d6, two_d6], |a, b| self.order(adjust, a, b)) {
            Ordering::Greater => Some(true),
            Ordering::Less => Some(false),
            Ordering::Equal => None,
        }
    }

    /// A tie rolled off again until it breaks, drawn at once from the odds
    /// of the rolls that do not tie: `true` when A wins.
    pub fn reroll_tie<D: Dice>(&self, dice: &mut D, adjust: &Adjust) -> bool {
        let (a, b) = self.wins(adjust);
        dice.chance(a, a + b)
    }

    /// Wins of A and of B over the 36 x 36 rolls.
    fn wins(&self, adjust: &Adjust) -> (u32, u32) {
        let two_d6 = Roll::Sum(2, 6).distribution();
        let mut wins = (0, 0);
        for &(a, wa) in &two_d6 {
            for &(b, wb) in &two_d6 {
                match self.order(adjust, a, b) {
                    Ordering::Greater => wins.0 += (wa * wb) as u32,
                    Ordering::Less => wins.1 += (wa * wb) as u32,
                    Ordering::Equal => {}
                }
            }
        }
        wins
    }
}

/// A roll that one of two sides wins.
pub trait SideRoll: Sync {
    /// The name of the outcome that says who won, when the roll is asked alone.
    const OUTCOME: &'static str;

    /// Roll it: `true` when A wins.
    fn a_wins<D: Dice>(&self, dice: &mut D) -> bool;
}

/// A [`SideRoll`] asked alone.
#[derive(Clone, Debug)]
pub struct SideRollProcedure<R>(pub R);

impl<R: SideRoll> Procedure for SideRollProcedure<R> {
    /// `true` when A wins.
    type Outcome = bool;
    type Record = Outcome<Side>;

    fn declare(&self, schema: &mut Schema) -> Outcome<Side> {
        schema.outcome(R::OUTCOME)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> bool {
        self.0.a_wins(dice)
    }

    fn record(&self, rec: &Outcome<Side>, a_wins: &bool, tally: &mut Tally, w: f64) {
        tally.count(*rec, Side::a_if(*a_wins), w);
    }
}
