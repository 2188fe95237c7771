//! The charge as steps over a small state ([`Stepped`]): the charge bonus,
//! the defender's opportunity fire, the charger's and the defender's
//! cohesion checks, then each melee round as its roll and its result. The
//! exact method merges equal states after each step, so a tie played out at
//! once (option `mf_tie_rounds = immediate`) costs a step per round, not a
//! copy of the whole tree under every earlier round.

use super::charge::{Charge, ChargeEnd, ChargeOutcome, MAX_ROUNDS, melee_class};
use super::charts::{SkedaddleBead, TieRounds};
use super::fire::volley;
use super::melee::{apply_result, roll_difference};
use super::roll_points::{self, charge_check};
use super::unit::Unit;
use crate::dice::{Dice, Roll};
use crate::engine::Stepped;
use crate::rules::rolls::Verdict;

/// Where a charge stands between its steps; a state keeps only what later
/// steps read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChargeState {
    /// Declared, not yet moved.
    Declared,
    /// In reach and coming on: the charge move (allowance and bonus) and
    /// what is left of it 1" from the target.
    Closing {
        attacker: Unit,
        defender: Unit,
        charge_move: i32,
        spare: i32,
    },
    /// In contact, melee round `round` (from 0) to roll; `covered` is the
    /// inches moved into contact.
    Melee {
        attacker: Unit,
        defender: Unit,
        charge_move: i32,
        covered: i32,
        round: u32,
    },
    /// Round `round`'s difference rolled, its Chart 10 row to apply.
    Rolled {
        attacker: Unit,
        defender: Unit,
        charge_move: i32,
        covered: i32,
        round: u32,
        difference: i32,
    },
    Over(ChargeOutcome),
}

/// The steps before the melee, in the card's order (step 0 is the charge
/// bonus, played from [`ChargeState::Declared`]); then two a round.
const OPPORTUNITY_FIRE: u32 = 1;
const CHARGER_CHECK: u32 = 2;
const DEFENDER_CHECK: u32 = 3;
const FIRST_ROUND: u32 = 4;

impl Charge {
    /// Melee rounds played now: one, or a tie's re-melees at once (an option).
    fn rounds(&self) -> u32 {
        match self.charts.data.options.mf_tie_rounds() {
            TieRounds::NextTurn => 1,
            TieRounds::Immediate => MAX_ROUNDS,
        }
    }
}

impl Stepped for Charge {
    type State = ChargeState;

    fn start(&self) -> ChargeState {
        ChargeState::Declared
    }

    fn steps(&self) -> u32 {
        FIRST_ROUND + 2 * self.rounds()
    }

    fn finished(&self, state: &ChargeState) -> Option<ChargeOutcome> {
        match state {
            ChargeState::Over(outcome) => Some(*outcome),
            _ => None,
        }
    }

    fn play_step<D: Dice>(&self, state: &ChargeState, step: u32, dice: &mut D) -> ChargeState {
        use ChargeState::*;
        match *state {
            Declared => self.bonus_step(dice),
            Closing {
                mut attacker,
                mut defender,
                charge_move,
                spare,
            } => {
                let over = |class, a, d| Over(self.ended(class, a, d));
                match step {
                    OPPORTUNITY_FIRE => {
                        if let Some(fire) = &self.opportunity_fire {
                            attacker.moving = true;
                            volley(
                                dice,
                                &self.charts,
                                &mut defender,
                                &mut attacker,
                                &fire.situation,
                            );
                            attacker.moving = false;
                            if attacker.eliminated() || attacker.routed {
                                return over(ChargeEnd::StoppedByFire, attacker, defender);
                            }
                        }
                        // Both units as the fire left them (the firer's first fire is spent).
                        Closing {
                            attacker,
                            defender,
                            charge_move,
                            spare,
                        }
                    }
                    CHARGER_CHECK => {
                        let point = &roll_points::CHARGER_CHECK;
                        if !charge_check(point, dice, &self.charts, &attacker, &defender) {
                            return over(ChargeEnd::Falter, attacker, defender);
                        }
                        *state
                    }
                    DEFENDER_CHECK => {
                        self.defender_check_step(attacker, defender, charge_move, spare, dice)
                    }
                    _ => *state,
                }
            }
            Melee {
                attacker,
                defender,
                charge_move,
                covered,
                round,
            } => {
                let charts = &self.charts;
                let counts = charts.melee_dice(attacker.half_stands(), defender.half_stands());
                let mods = self.melee_mods(&attacker, &defender, charge_move, covered);
                let difference = roll_difference(dice, charts, counts, mods, round + 1);
                // Only a later round's modifiers read the charge move and the
                // inches covered: past the last round's roll, rolls that differ
                // only in them merge.
                let last = round + 1 == self.rounds();
                Rolled {
                    attacker,
                    defender,
                    charge_move: if last { 0 } else { charge_move },
                    covered: if last { 0 } else { covered },
                    round,
                    difference,
                }
            }
            Rolled {
                mut attacker,
                mut defender,
                charge_move,
                covered,
                round,
                difference,
            } => {
                apply_result(dice, &self.charts, difference, &mut attacker, &mut defender);
                let decided = difference != 0 || attacker.eliminated() || defender.eliminated();
                if decided || round + 1 == self.rounds() {
                    return Over(ChargeOutcome {
                        class: melee_class(difference, &attacker, &defender),
                        difference: Some(difference),
                        attacker,
                        defender,
                    });
                }
                Melee {
                    attacker,
                    defender,
                    charge_move,
                    covered,
                    round: round + 1,
                }
            }
            Over(_) => *state,
        }
    }

    /// The defender's opportunity fire reads the two units, not the charge
    /// move (the bonus die's six faces): it is played once for all six.
    fn read_by(&self, state: &ChargeState, step: u32) -> Option<ChargeState> {
        match *state {
            ChargeState::Closing {
                attacker, defender, ..
            } if step == OPPORTUNITY_FIRE => Some(ChargeState::Closing {
                attacker,
                defender,
                charge_move: 0,
                spare: 0,
            }),
            _ => None,
        }
    }

    fn carried(&self, from: &ChargeState, after: ChargeState, _step: u32) -> ChargeState {
        match (*from, after) {
            (
                ChargeState::Closing {
                    charge_move, spare, ..
                },
                ChargeState::Closing {
                    attacker, defender, ..
                },
            ) => ChargeState::Closing {
                attacker,
                defender,
                charge_move,
                spare,
            },
            _ => after,
        }
    }
}

impl Charge {
    /// The charge bonus roll: in reach 1" from the target, or no contact.
    fn bonus_step<D: Dice>(&self, dice: &mut D) -> ChargeState {
        let charts = &*self.charts;
        let stop = charts.data.charge.stop_short;
        let reach = self.allowance + charts.data.charge.bonus_offset;
        // The charge move (allowance + bonus) for each charge bonus roll.
        let (attacker, defender) = (self.attacker, self.defender);
        let shown = || roll_points::shown(&attacker, &defender);
        let point = &roll_points::CHARGE_BONUS;
        let charge_move = charts.rolls.roll(point, dice, shown, |dice, adjust| {
            let charge_move = dice.classify(Roll::Die(charts.data.charge.bonus_die), |bonus| {
                reach + bonus as i32 + adjust.modifier
            });
            let short = charge_move < self.distance - stop;
            (charge_move, Verdict::failed_if(short))
        });
        // Remaining move once 1" from the target.
        let spare = charge_move - (self.distance - stop);
        if spare < 0 {
            return ChargeState::Over(self.ended(ChargeEnd::NoContact, attacker, defender));
        }
        ChargeState::Closing {
            attacker,
            defender,
            charge_move,
            spare,
        }
    }

    /// The defender's cohesion check: it stands, or skedaddles (1D6" back,
    /// Disordered) and is caught or gets away.
    fn defender_check_step<D: Dice>(
        &self,
        attacker: Unit,
        mut defender: Unit,
        charge_move: i32,
        spare: i32,
        dice: &mut D,
    ) -> ChargeState {
        let charts = &*self.charts;
        let stop = charts.data.charge.stop_short;
        // The charger moves into base contact: the whole distance, and as far
        // again as a skedaddling defender runs, if it is caught.
        let mut covered = self.distance;
        if !charge_check(
            &roll_points::DEFENDER_CHECK,
            dice,
            charts,
            &attacker,
            &defender,
        ) {
            defender.disorder();
            if charts.data.options.mf_skedaddle_bead() == SkedaddleBead::Shaken {
                defender.shaken = true;
            }
            // Caught: the run back (it lengthens the charger's move into contact,
            // which only cavalry in line needs to know). Escaped: None.
            let cavalry = self.cavalry_line(&attacker);
            let shown = || roll_points::shown(&attacker, &defender);
            let point = &roll_points::SKEDADDLE_RUN;
            let caught = charts.rolls.roll(point, dice, shown, |dice, adjust| {
                let run = Roll::Sum(charts.data.charge.skedaddle_dice, 6);
                let caught = dice.classify(run, |back| {
                    let back = (back as i32 + adjust.modifier).max(0);
                    (spare >= stop + back).then_some(if cavalry { back } else { 0 })
                });
                (caught, Verdict::failed_if(caught.is_some()))
            });
            match caught {
                None => {
                    let end = self.ended(ChargeEnd::DefenderSkedaddles, attacker, defender);
                    return ChargeState::Over(end);
                }
                Some(back) => covered += back,
            }
        }
        // Only cavalry in line reads the charge move and the inches covered
        // in the melee: for any other charger they are dropped, so that the
        // melees after every charge bonus roll merge into one.
        let (charge_move, covered) = if self.cavalry_line(&attacker) {
            (charge_move, covered)
        } else {
            (0, 0)
        };
        ChargeState::Melee {
            attacker,
            defender,
            charge_move,
            covered,
            round: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::charge_action::{ChargeAction, ChargeFields};
    use crate::action::fields_under;
    use crate::engine::assert_steps_match_tree;

    /// Options or fields, as name and value.
    type Settings<'a> = &'a [(&'a str, &'a str)];

    #[test]
    fn stepping_merged_states_gives_the_whole_trees_answer() {
        let cases: &[(Settings, Settings)] = &[
            (&[], &[]),
            (&[], &[("distance", "9"), ("defender_fires", "false")]),
            (
                &[],
                &[
                    ("attacker_arm", "cavalry"),
                    ("attacker_formation", "line"),
                    ("defender_shaken", "true"),
                ],
            ),
            (&[("mf_tie_rounds", "immediate")], &[]),
            (
                &[
                    ("mf_tie_rounds", "immediate"),
                    ("mf_skedaddle_bead", "shaken"),
                ],
                &[("attacker_stands", "2"), ("defender_woods", "true")],
            ),
        ];
        for (options, fields) in cases {
            let (charts, read) = fields_under::<ChargeFields>("micro-force", options, fields);
            let charge = ChargeAction::procedure(read, charts).unwrap();
            assert_steps_match_tree(&charge, &format!("{options:?} {fields:?}"));
        }
    }
}
