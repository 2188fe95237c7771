//! Initiative: each side's senior officer rolls 2D6 plus the Chart 2
//! command bonus; low wins; a tie keeps last turn's winner (first turn: re-roll).

use super::charts::{Charts, FirstTurnTie};
use super::roll_points::INITIATIVE_ROLL;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::rules::RollRules;
use crate::rules::rolls::{Value, Verdict};
use crate::systems::ghq::roll_off::{RollOff, SideRoll, SideRollProcedure};
use std::sync::Arc;

/// The initiative roll-off between sides A and B.
#[derive(Clone, Debug)]
pub struct Initiative {
    /// Each side's 2D6 plus its command bonus, the lower winning.
    pub roll_off: RollOff,
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
            roll_off: RollOff::lower_wins(
                charts.initiative_bonus(a_competence),
                charts.initiative_bonus(b_competence),
            ),
            first_turn_tie: charts.data.options.mf_initiative_first_turn_tie(),
            last_winner_a,
            rolls: charts.rolls.clone(),
        }
    }
}

impl SideRoll for Initiative {
    const OUTCOME: &'static str = "winner";

    /// `true` when A wins, rolled at the initiative roll point under the
    /// house rules.
    fn a_wins<D: Dice>(&self, dice: &mut D) -> bool {
        let shown = || {
            let [a, b] = self.roll_off.shown();
            vec![a, b, Value::Flag(self.last_winner_a.is_none())]
        };
        let roll_off = &self.roll_off;
        self.rolls
            .roll(&INITIATIVE_ROLL, dice, shown, |dice, adjust| {
                let a_wins = roll_off.roll(dice, adjust).unwrap_or_else(|| {
                    self.last_winner_a
                        .unwrap_or_else(|| match self.first_turn_tie {
                            FirstTurnTie::A => true,
                            FirstTurnTie::B => false,
                            FirstTurnTie::Reroll => roll_off.reroll_tie(dice, adjust),
                        })
                });
                (a_wins, Verdict::failed_if(!a_wins))
            })
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
        Ok(Box::new(ProcedureModel::new(SideRollProcedure(
            Initiative::new(charts, f.a_competence, f.b_competence, last),
        ))))
    }
}
