//! The charge as steps over a small state ([`Stepped`]): the exact method
//! merges equal states after each step instead of enumerating one dice tree
//! whose volleys repeat under every earlier branch; Monte Carlo plays the
//! same steps on one trial's dice, in the order the card gives them.

use super::charge::{Charge, ChargeEnd, ChargeOutcome, CloseBand, Stand, disorder, level_index};
use super::charts::{Melee, RoutedCharged};
use super::impact::impact_shown;
use super::roll_points;
use super::unit::{Arm, Condition};
use crate::dice::{Dice, OverBudget, Roll};
use crate::engine::{StepMoves, Stepped};
use crate::rules::rolls::{Value, Verdict};

/// Where a charge stands between its steps. A state keeps only what later
/// steps read, so that charges which differ only in what is past merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChargeState {
    /// Declared, not yet moved.
    Declared,
    /// Coming on: both units as they stand, the charge's own disorder (held
    /// to the impact) and the inches of charge left (read by the defender's
    /// pre-impact check only).
    Closing {
        att: Condition,
        def: Condition,
        charge_level: u8,
        remaining: u32,
    },
    /// The impact called for volleys (the melee or the stop-short volleys),
    /// at these bands (attacker, defender; `None`: may not fire there).
    Volleys {
        att: Condition,
        def: Condition,
        class: ChargeEnd,
        bands: [Option<CloseBand>; 2],
    },
    /// The defender's volley is fired (the charger now stands as
    /// `att_after`); the charger's, fired as it stood before, is to come.
    DefenderFired {
        att: Condition,
        def: Condition,
        class: ChargeEnd,
        band: Option<CloseBand>,
        att_after: Condition,
        att_fell_back: bool,
    },
    Over(ChargeOutcome),
}

/// The steps, in the card's order.
const ADVANCE: u32 = 0;
const FIRE_BEFORE_CHECK: u32 = 1;
const PRE_IMPACT_CHECK: u32 = 2;
const FIRE_AFTER_CHECK: u32 = 3;
const IMPACT: u32 = 4;
const DEFENDER_VOLLEY: u32 = 5;
const ATTACKER_VOLLEY: u32 = 6;

impl Stepped for Charge {
    type State = ChargeState;

    fn start(&self) -> ChargeState {
        ChargeState::Declared
    }

    fn steps(&self) -> u32 {
        ATTACKER_VOLLEY + 1
    }

    fn finished(&self, state: &ChargeState) -> Option<ChargeOutcome> {
        match state {
            ChargeState::Over(outcome) => Some(*outcome),
            _ => None,
        }
    }

    fn play_step<D: Dice>(&self, state: &ChargeState, step: u32, dice: &mut D) -> ChargeState {
        use ChargeState::*;
        match (*state, step) {
            (Declared, ADVANCE) => self.advance_step(dice),
            (
                Closing {
                    att,
                    def,
                    charge_level,
                    remaining,
                },
                _,
            ) => match step {
                FIRE_BEFORE_CHECK | FIRE_AFTER_CHECK => {
                    self.fire_step(step, att, def, charge_level, remaining, dice)
                }
                PRE_IMPACT_CHECK => self.check_step(att, def, charge_level, remaining, dice),
                IMPACT => self.impact_step(att, def, dice),
                _ => *state,
            },
            (
                Volleys {
                    att,
                    def,
                    class,
                    bands,
                },
                DEFENDER_VOLLEY,
            ) => {
                let aimed = bands[1].map(|band| self.aim_defenders_volley(att, def, band));
                let (att_after, att_fell_back) = self.fire_if_aimed(aimed.as_ref(), att, dice);
                DefenderFired {
                    att,
                    def,
                    class,
                    band: bands[0],
                    att_after,
                    att_fell_back,
                }
            }
            (
                DefenderFired {
                    att,
                    def,
                    class,
                    band,
                    att_after,
                    att_fell_back,
                },
                ATTACKER_VOLLEY,
            ) => {
                let aimed = band.map(|band| self.aim_attackers_volley(att, def, band));
                let (def_after, def_fell_back) = self.fire_if_aimed(aimed.as_ref(), def, dice);
                let att_after = (att_after, att_fell_back);
                Over(self.after_volleys(class, att_after, (def_after, def_fell_back)))
            }
            _ => *state,
        }
    }

    /// The two volleys of a melee or a stop-short, fired at once: each
    /// volley's dice enumerated on its own (neither reads the other's), their
    /// ends paired. Stepping them plays the charger's volley again for every
    /// way the defender's left the charger, which it does not read.
    fn exact_step(
        &self,
        state: &ChargeState,
        step: u32,
        budget: u64,
    ) -> Option<Result<StepMoves<ChargeState>, OverBudget>> {
        match (*state, step) {
            (
                ChargeState::Volleys {
                    att,
                    def,
                    class,
                    bands,
                },
                DEFENDER_VOLLEY,
            ) => Some(self.volleys_paired(att, def, class, bands, budget)),
            _ => None,
        }
    }
}

impl Charge {
    /// The advance: the charge bonus roll, the charge's own disorder; a
    /// charge that does not reach falls short, and a Routed defender may
    /// surrender at once (an option).
    fn advance_step<D: Dice>(&self, dice: &mut D) -> ChargeState {
        let (mut att, mut def) = (self.attacker.now, self.defender.now);
        let shown = || {
            vec![
                Value::Word(self.attacker.quality_name()),
                Value::Word(self.attacker.arm.name()),
                Value::Number(i64::from(self.distance)),
                Value::Number(i64::from(self.move_inches)),
                Value::Number(i64::from(self.bonus_dice)),
            ]
        };
        let point = &roll_points::CHARGE_BONUS;
        let (reaches, disordered, remaining) =
            self.charts.rolls.roll(point, dice, shown, |dice, adjust| {
                let advance = dice.classify(Roll::Sum(self.bonus_dice, 6), |total| {
                    self.advance((total as i32 + adjust.modifier).max(0) as u32)
                });
                (advance, Verdict::failed_if(!advance.0))
            });
        let charge_level = u8::from(disordered);
        att.level = att.level.max(charge_level);
        if !reaches {
            return ChargeState::Over(self.end(ChargeEnd::FallsShort, att, def, false));
        }
        if def.routed() && self.charts.data.options.adf_routed_charged() == RoutedCharged::Surrender
        {
            def.figures = 0;
            let end = self.end(ChargeEnd::DefenderSurrenders, disorder(att), def, true);
            return ChargeState::Over(end);
        }
        ChargeState::Closing {
            att,
            def,
            charge_level,
            remaining,
        }
    }

    /// The defender's one fire at the charger, at its step: before the
    /// pre-impact check, or after it (point-blank and desperation fire).
    fn fire_step<D: Dice>(
        &self,
        step: u32,
        mut att: Condition,
        def: Condition,
        charge_level: u8,
        remaining: u32,
        dice: &mut D,
    ) -> ChargeState {
        let after_check = self.fire_after_check();
        let band = match step {
            FIRE_BEFORE_CHECK => self.reaction.filter(|_| after_check.is_none()),
            _ => after_check,
        };
        if let Some(band) = band
            && self.fire_at_charger(band, &mut att, &def, charge_level, dice)
        {
            return ChargeState::Over(self.end(ChargeEnd::StoppedByFire, att, def, false));
        }
        // Past the last fire at it, the charge's own disorder is read no more.
        let charge_level = if step == FIRE_AFTER_CHECK {
            0
        } else {
            charge_level
        };
        ChargeState::Closing {
            att,
            def,
            charge_level,
            remaining,
        }
    }

    /// The defender's pre-impact check: it routs, or falls back out of reach,
    /// or stands to meet the charge.
    fn check_step<D: Dice>(
        &self,
        att: Condition,
        def: Condition,
        charge_level: u8,
        remaining: u32,
        dice: &mut D,
    ) -> ChargeState {
        let (def, stand) = self.pre_impact(def, &att, remaining, dice);
        let class = match stand {
            Stand::Routs => ChargeEnd::DefenderRoutsBeforeImpact,
            Stand::FallsBackBeyond => ChargeEnd::DefenderFallsBackBeforeImpact,
            Stand::Holds | Stand::FallsBackWithin => {
                // The inches left are read by this check only.
                return ChargeState::Closing {
                    att,
                    def,
                    charge_level,
                    remaining: 0,
                };
            }
        };
        ChargeState::Over(self.end(class, disorder(att), def, true))
    }

    /// The impact roll-off and what its margin does: the volleys of a melee
    /// or of a charger stopped short, or the loser driven off or surrendering.
    fn impact_step<D: Dice>(
        &self,
        mut att: Condition,
        mut def: Condition,
        dice: &mut D,
    ) -> ChargeState {
        let impact = self.impact(&att, &def);
        let class = impact.rolled(dice, || {
            impact_shown((&self.attacker, &att), (&self.defender, &def))
        });
        let bands = &self.charts.data.impact.bands;
        let volleys = |class, half_inches| ChargeState::Volleys {
            att,
            def,
            class,
            bands: self.exchange_bands(half_inches),
        };
        let end = match class {
            0 => match self.charts.data.options.adf_melee() {
                Melee::FireBoth => return volleys(ChargeEnd::Melee, None),
                Melee::None => self.end(ChargeEnd::Melee, disorder(att), disorder(def), false),
            },
            // Stopped 1D6 half-inches short.
            1 => return volleys(ChargeEnd::StopShort, Some(dice.d(6))),
            2..=4 => {
                let band = &bands[class - 2];
                def.figures = def.figures.saturating_sub(band.figures);
                def.level = def.level.max(level_index(&band.level));
                self.end(
                    ChargeEnd::DefenderDrivenOff,
                    disorder(att),
                    disorder(def),
                    true,
                )
            }
            5 => {
                def.figures = 0;
                self.end(ChargeEnd::DefenderSurrenders, disorder(att), def, true)
            }
            6..=8 => {
                let band = &bands[class - 6];
                // Attacking infantry lose one figure fewer and drop no lower than Shaken.
                let infantry = self.attacker.arm == Arm::Infantry;
                let lost = if infantry {
                    band.figures.saturating_sub(1)
                } else {
                    band.figures
                };
                att.figures = att.figures.saturating_sub(lost);
                let worse = att.level.max(level_index(&band.level));
                att.level = if infantry { worse.min(2) } else { worse };
                self.end(
                    ChargeEnd::AttackerRepulsed,
                    disorder(att),
                    disorder(def),
                    false,
                )
            }
            _ => {
                att.figures = 0;
                self.end(ChargeEnd::AttackerSurrenders, att, disorder(def), false)
            }
        };
        ChargeState::Over(end)
    }
}

#[cfg(test)]
mod tests {
    use super::super::charge_action::{ChargeFields, charge};
    use super::*;
    use crate::action::fields_under;
    use crate::engine::assert_steps_match_tree;

    /// Options or fields, as name and value.
    type Settings<'a> = &'a [(&'a str, &'a str)];

    /// The charge of `fields` under the card's options with `options` set.
    fn charge_of(options: Settings, fields: Settings) -> Charge {
        let (charts, read) = fields_under::<ChargeFields>("deadly-field", options, fields);
        charge(&charts, read).unwrap()
    }

    #[test]
    fn stepping_merged_states_gives_the_whole_trees_answer() {
        let cases: &[(Settings, Settings)] = &[
            (&[], &[]),
            (&[], &[("attacker_quality", "green"), ("distance", "9")]),
            (
                &[],
                &[
                    ("attacker_quality", "elite"),
                    ("defender_cover", "heavy-woods"),
                ],
            ),
            (
                &[],
                &[
                    ("reaction_fire", "point-blank"),
                    ("charged_flank", "partial"),
                ],
            ),
            (
                &[],
                &[
                    ("reaction_fire", "desperation"),
                    ("defender_level", "shaken"),
                ],
            ),
            (
                &[],
                &[
                    ("reaction_fire", "none"),
                    ("defender_type", "artillery"),
                    ("defender_formation", "unlimbered"),
                    ("defender_weapon", "12pdr-napoleon"),
                    ("defender_figures", "3"),
                ],
            ),
            (
                &[],
                &[
                    ("attacker_type", "mounted-cavalry"),
                    ("attacker_formation", "line"),
                    ("attacker_figures", "8"),
                    ("defender_type", "dismounted-cavalry"),
                    ("defender_formation", "line"),
                ],
            ),
            (
                &[],
                &[("defender_level", "routed"), ("reaction_fire", "none")],
            ),
            (
                &[("adf_routed_charged", "surrender")],
                &[("defender_level", "routed"), ("reaction_fire", "none")],
            ),
            (
                &[("adf_melee", "none"), ("adf_charge_bonus", "none")],
                &[("attacker_figures", "7")],
            ),
            (
                &[("adf_fcr_candidate", "B")],
                &[("reaction_fire", "short"), ("attacker_supports", "3")],
            ),
        ];
        for (options, fields) in cases {
            let charge = charge_of(options, fields);
            assert_steps_match_tree(&charge, &format!("{options:?} {fields:?}"));
        }
    }
}
