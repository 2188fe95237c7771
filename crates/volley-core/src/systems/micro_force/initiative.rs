//! Initiative: each side's senior officer rolls 2D6 plus the Chart 2
//! command bonus; low wins; a tie keeps last turn's winner (first turn: re-roll).

use super::charts::{Charts, FirstTurnTie};
use super::roll_points::INITIATIVE_ROLL;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RollRules;
use crate::rules::rolls::{Adjust, Value, Verdict};
use crate::tally::{Outcome, Side};
use std::cmp::Ordering;
use std::sync::Arc;

/// The initiative roll-off between sides A and B.
#[derive(Clone, Debug)]
pub struct Initiative {
    pub a_modifier: i32,
    pub b_modifier: i32,
    /// Who keeps a first-turn tie.
    pub first_turn_tie: FirstTurnTie,
    /// Last turn's winner: `Some(true)` = A; `None` on the first turn.
    pub last_winner_a: Option<bool>,
    /// The house rules' roll rules, for the initiative roll point.
    pub rolls: RollRules,
}

impl Initiative {
    pub fn new(
        charts: &Charts,
        a_competence: u32,
        b_competence: u32,
        last_winner_a: Option<bool>,
    ) -> Self {
        Initiative {
            a_modifier: charts.initiative_bonus(a_competence),
            b_modifier: charts.initiative_bonus(b_competence),
            first_turn_tie: charts.data.options.mf_initiative_first_turn_tie(),
            last_winner_a,
            rolls: charts.rolls.clone(),
        }
    }

    /// Wins of A and of B over the 36 x 36 rolls (for the re-roll of ties).
    fn wins(&self, adjust: &Adjust) -> (u32, u32) {
        let two_d6 = Roll::Sum(2, 6).distribution();
        let mut wins = (0, 0);
        for &(a, wa) in &two_d6 {
            for &(b, wb) in &two_d6 {
                match self.order(adjust, a, b) {
                    Ordering::Less => wins.0 += (wa * wb) as u32,
                    Ordering::Greater => wins.1 += (wa * wb) as u32,
                    Ordering::Equal => {}
                }
            }
        }
        wins
    }

    /// A's total against B's, for A's 2D6 of `a` and B's of `b` (a rule's
    /// modifier and a script's reading on A's).
    fn order(&self, adjust: &Adjust, a: u32, b: u32) -> Ordering {
        let a_total = adjust.total(a) as i32 + self.a_modifier + adjust.modifier;
        a_total.cmp(&(b as i32 + self.b_modifier))
    }

    /// `true` when A wins, rolled at the initiative roll point under the
    /// house rules.
    pub fn roll<D: Dice>(&self, dice: &mut D) -> bool {
        let shown = || {
            vec![
                Value::Number(i64::from(self.a_modifier)),
                Value::Number(i64::from(self.b_modifier)),
                Value::Flag(self.last_winner_a.is_none()),
            ]
        };
        self.rolls
            .roll(&INITIATIVE_ROLL, dice, shown, |dice, adjust| {
                let order = dice.classify_pair(Roll::Sum(2, 6), Roll::Sum(2, 6), |a, b| {
                    self.order(adjust, a, b)
                });
                let a_wins = match order {
                    Ordering::Less => true,
                    Ordering::Greater => false,
                    Ordering::Equal => match self.last_winner_a {
                        Some(a) => a,
                        None => match self.first_turn_tie {
                            FirstTurnTie::A => true,
                            FirstTurnTie::B => false,
                            FirstTurnTie::Reroll => {
                                let (a, b) = self.wins(adjust);
                                dice.chance(a, a + b)
                            }
                        },
                    },
                };
                (a_wins, Verdict::failed_if(!a_wins))
            })
    }
}

impl Procedure for Initiative {
    /// `true` when A wins.
    type Outcome = bool;
    type Record = Outcome<Side>;

    fn declare(&self, schema: &mut Schema) -> Outcome<Side> {
        schema.outcome("winner")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> bool {
        self.roll(dice)
    }

    fn record(&self, rec: &Outcome<Side>, a_wins: &bool, tally: &mut Tally, w: f64) {
        tally.count(*rec, Side::a_if(*a_wins), w);
    }
}

/// `micro-force initiative`.
pub struct InitiativeAction;

crate::action_fields! {
    /// The fields of `micro-force initiative`.
    pub struct InitiativeFields(_charts: &Charts) {
        a_competence: u32 = FieldSpec::int(
            0,
            3,
            0,
            "side A's senior officer's competence (bonus 0 to -3)",
        ),
        b_competence: u32 = FieldSpec::int(0, 3, 0, "side B's senior officer's competence"),
        last_winner: String = FieldSpec::choice(
            &["none", "a", "b"],
            "none",
            "last turn's winner (none: the first turn; a tie follows mf_initiative_first_turn_tie)",
        ),
    }
}

impl ChartAction for InitiativeAction {
    type Fields = InitiativeFields;

    const ABOUT: &'static About = &About {
        name: "initiative",
        summary: "the initiative roll-off: 2D6 + command bonus, low wins",
        headline: Some(("winner", "a")),
        ..About::DEFAULT
    };

    fn build(
        &self,
        f: InitiativeFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let last = match f.last_winner.as_str() {
            "a" => Some(true),
            "b" => Some(false),
            _ => None,
        };
        Ok(Box::new(ProcedureModel::new(Initiative::new(
            charts,
            f.a_competence,
            f.b_competence,
            last,
        ))))
    }
}
