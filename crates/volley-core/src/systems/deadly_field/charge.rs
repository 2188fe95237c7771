//! The charge, from declaration to aftermath:
//! 1. the advance: the formation's move plus the charge bonus (the routed move's
//!    dice, halved, rounded up); Green chargers arrive Disordered, Trained ones
//!    once past half the charge, Elite and Veteran ones once past the move plus
//!    half the bonus; a charge that cannot reach falls short;
//! 2. the defender's one fire at the charger: its reaction fire (a point-blank
//!    fire only after its pre-impact check), or, when its one reaction went to
//!    another unit, its 1D6 desperation fire (after the check), never both; a
//!    charger that routs, falls back or is destroyed is stopped by fire, and a
//!    morale check passed on the way may lift a worse level (Shaken to
//!    Disorder) but never the charge's own disorder, which holds to the impact;
//! 3. the defender's pre-impact morale check, with the flank modifiers: a
//!    defender that routs, or falls back farther than the charge can still
//!    follow, is gone before impact;
//! 4. the impact roll-off ([`super::impact`]): a tie is an infantry melee (both
//!    fire FP + 5D6 on the results table and check morale), a margin of 1 stops
//!    the charger short for a free volley each way, 2-11 drives the loser off
//!    with losses, 12 or more makes it surrender;
//! 5. the aftermath: every unit still there is Disordered.

use super::charts::{ChargeBonus, Charts};
use super::impact::{Impact, enemy_near, impact_parts};
use super::levels::AfterCharge;
use super::roll_points;
use super::unit::{Arm, Condition, Regiment};
use super::vocabulary::{BANDS, LEVELS};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally, run_steps};
use crate::rules::rolls::Value;
use crate::tally::{Category, Mean, Outcome, YesNo};
use std::sync::Arc;

crate::categories! {
    /// Values of `charge`.
    pub enum ChargeEnd {
        FallsShort = "falls-short",
        StoppedByFire = "stopped-by-fire",
        DefenderRoutsBeforeImpact = "defender-routs-before-impact",
        DefenderFallsBackBeforeImpact = "defender-falls-back-before-impact",
        DefenderDrivenOff = "defender-driven-off",
        DefenderSurrenders = "defender-surrenders",
        AttackerRepulsed = "attacker-repulsed",
        AttackerSurrenders = "attacker-surrenders",
        Melee = "melee",
        StopShort = "stop-short",
    }
}

/// The defender's fire at the charger: none, its reaction fire at a band, or
/// its desperation fire (its reaction spent on another unit): the bands after
/// `none`.
pub const REACTIONS: [&str; 7] = [
    "none", BANDS[0], BANDS[1], BANDS[2], BANDS[3], BANDS[4], BANDS[5],
];

/// The fires at the charger that wait for the defender's pre-impact check.
const AFTER_THE_CHECK: [&str; 2] = ["point-blank", "desperation"];

/// The charge, its units and choices settled.
#[derive(Clone, Debug)]
pub struct Charge {
    pub charts: Arc<Charts>,
    pub attacker: Regiment,
    pub defender: Regiment,
    pub distance: u32,
    /// The charger's move and charge-bonus dice in this terrain.
    pub move_inches: u32,
    pub bonus_dice: u32,
    /// The band of the defender's one fire at the charger (`desperation`: its
    /// reaction went to another unit), if it fires.
    pub reaction: Option<&'static str>,
    /// The flank modifier of the charge on the defender's morale.
    pub flank: i32,
    /// Whether the attacker (`[0]`) and the defender (`[1]`) may fire at each of
    /// [`CLOSE_BANDS`] in the stop-short volleys, settled once.
    pub close_fire: [[bool; 3]; 2],
}

/// The bands of the stop-short volleys.
pub(super) const CLOSE_BANDS: [&str; 3] = ["short", "normal", "canister"];

/// The band a side fires at in the melee or the stop-short volleys, as a
/// charge's state holds it (a byte: the exact method compares and hashes
/// millions of states). Declared in the order of the names, so that states
/// sort as they did when they held the names: the exact sums follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CloseBand {
    Canister,
    Melee,
    Normal,
    Short,
}

impl CloseBand {
    pub fn name(self) -> &'static str {
        match self {
            CloseBand::Canister => "canister",
            CloseBand::Melee => "melee",
            CloseBand::Normal => "normal",
            CloseBand::Short => "short",
        }
    }
}

/// The end of one charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChargeOutcome {
    pub class: ChargeEnd,
    pub attacker: Condition,
    pub defender: Condition,
    pub carries: bool,
}

/// How the defender came through its pre-impact check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stand {
    Holds,
    Routs,
    /// Falls back no farther than the charger can follow.
    FallsBackWithin,
    FallsBackBeyond,
}

impl Charge {
    /// The advance: (reaches, Disordered on arrival or where it stops, inches of
    /// charge left). Disorder is judged on the distance actually moved: the
    /// distance to the defender, or the whole charge when it falls short.
    pub(super) fn advance(&self, bonus_total: u32) -> (bool, bool, u32) {
        let bonus = match self.charts.data.options.adf_charge_bonus() {
            ChargeBonus::HalfUp => bonus_total.div_ceil(2),
            ChargeBonus::HalfDown => bonus_total / 2,
            ChargeBonus::None => 0,
        };
        let total = self.move_inches + bonus;
        let moved = self.distance.min(total);
        let disordered = match self.attacker.quality_name() {
            "green" => true,
            "trained" => 2 * moved > total,
            _ => 2 * moved > 2 * self.move_inches + bonus,
        };
        if self.distance > total {
            return (false, disordered, 0);
        }
        (true, disordered, total - self.distance)
    }

    /// The defender's bad morale modifiers with the charger standing as `att`:
    /// the flank, and the charger within 1 inch.
    pub(super) fn defender_bad(&self, att: &Condition) -> [i32; 2] {
        [self.flank, enemy_near(&self.charts, &self.attacker, att)]
    }

    /// The charger's bad morale modifier with the defender standing as `def`.
    pub(super) fn attacker_bad(&self, def: &Condition) -> [i32; 1] {
        [enemy_near(&self.charts, &self.defender, def)]
    }

    /// The defender's pre-impact morale check, the charger standing as `att`.
    pub(super) fn pre_impact<D: Dice>(
        &self,
        def: Condition,
        att: &Condition,
        remaining: u32,
        dice: &mut D,
    ) -> (Condition, Stand) {
        let charts = &self.charts;
        let bad = self.defender_bad(att);
        let mmp = self.defender.mmp(charts, &def, false, &bad, 0);
        let check = self.defender.check(charts, &def, mmp);
        let shown = || {
            vec![
                Value::Word(self.defender.quality_name()),
                Value::Word(self.defender.arm.name()),
                Value::Word(LEVELS[usize::from(def.level)]),
                Value::Number(i64::from(def.figures)),
                Value::Word(self.attacker.quality_name()),
                Value::Word(self.attacker.arm.name()),
                Value::Number(i64::from(mmp)),
            ]
        };
        let point = &roll_points::PRE_IMPACT_CHECK;
        let (level, stand, recovers, guns_lost) = check.rolled(point, dice, shown, |o| {
            let stand = if o.level_after == LEVELS.len() - 1 || o.guns_lost {
                Stand::Routs
            } else if o.fall_back > remaining {
                Stand::FallsBackBeyond
            } else if o.fall_back > 0 {
                Stand::FallsBackWithin
            } else {
                Stand::Holds
            };
            (o.level_after, stand, o.recovers, o.guns_lost)
        });
        let mut after = Condition {
            level: level as u8,
            ..def
        };
        if recovers {
            after.figures = (after.figures + 1).min(self.defender.original);
        }
        if guns_lost {
            after.figures = 0;
        }
        (after, stand)
    }

    /// The defender's volley at the charger; `true` when it stops the charge.
    /// The charger's morale check may lift a worse level, never below the
    /// charge's own disorder (`charge_level`), which holds to the impact.
    pub(super) fn fire_at_charger<D: Dice>(
        &self,
        band: &'static str,
        att: &mut Condition,
        def: &Condition,
        charge_level: u8,
        dice: &mut D,
    ) -> bool {
        // Only a close fire finds the charger within an inch of the defender.
        let close = matches!(band, "short" | "point-blank" | "desperation");
        let near = if close { self.attacker_bad(def)[0] } else { 0 };
        let bad = [0, near];
        let (d, a) = (&self.defender, &self.attacker);
        let aimed = self.aim(d, def, a, att, band, true, bad);
        let (mut after, fell_back) = self.fire_aimed(&aimed, dice);
        if !after.gone() {
            after.level = after.level.max(charge_level);
        }
        *att = after;
        after.broken() || fell_back
    }

    /// The defender's fire at the charger when it waits for the pre-impact
    /// check (point-blank or desperation), if it does.
    pub(super) fn fire_after_check(&self) -> Option<&'static str> {
        self.reaction.filter(|band| AFTER_THE_CHECK.contains(band))
    }

    pub(super) fn end(
        &self,
        class: ChargeEnd,
        attacker: Condition,
        defender: Condition,
        carries: bool,
    ) -> ChargeOutcome {
        ChargeOutcome {
            class,
            attacker,
            defender,
            carries,
        }
    }

    /// The band a unit fires at when the charger stops `half_inches` half-inches
    /// short (`None`: the melee): short range under 1" (dismounted cavalry at 1"
    /// too), normal beyond; a battery's guns fire canister (within 3").
    fn close_band(unit: &Regiment, half_inches: Option<u32>) -> CloseBand {
        match (half_inches, unit.arm) {
            (None, _) => CloseBand::Melee,
            (Some(_), Arm::Artillery) => CloseBand::Canister,
            (Some(h), Arm::DismountedCavalry) if h <= 2 => CloseBand::Short,
            (Some(h), _) if h < 2 => CloseBand::Short,
            _ => CloseBand::Normal,
        }
    }

    /// The bands the attacker (`[0]`) and the defender (`[1]`) fire at in
    /// the melee (`half_inches` `None`) or the stop-short volleys, `None` for
    /// a side whose weapons may not fire there.
    pub(super) fn exchange_bands(&self, half_inches: Option<u32>) -> [Option<CloseBand>; 2] {
        [&self.attacker, &self.defender]
            .into_iter()
            .enumerate()
            .map(|(side, unit)| {
                let band = Self::close_band(unit, half_inches);
                let allowed = CLOSE_BANDS
                    .iter()
                    .position(|b| *b == band.name())
                    .is_none_or(|i| self.close_fire[side][i]);
                allowed.then_some(band)
            })
            .collect::<Vec<_>>()
            .try_into()
            .expect("two sides")
    }

    /// The impact roll-off's two values with the units standing as `att`, `def`.
    pub(super) fn impact(&self, att: &Condition, def: &Condition) -> Impact {
        let charts = &self.charts;
        Impact {
            charts: charts.clone(),
            attacker_base: impact_parts(
                charts,
                &self.attacker,
                att,
                true,
                &self.attacker_bad(def),
                None,
            )
            .base(),
            defender_surrenders: false,
            shown: Vec::new(),
            defender_base: impact_parts(
                charts,
                &self.defender,
                def,
                false,
                &self.defender_bad(att),
                None,
            )
            .base(),
        }
    }
}

/// The aftermath: a unit still there is at least Disordered.
pub(super) fn disorder(mut c: Condition) -> Condition {
    if !c.gone() {
        c.level = c.level.max(1);
    }
    c
}

/// Where [`Charge`] records.
pub struct ChargeRecord {
    carries: Outcome<YesNo>,
    charge: Outcome<ChargeEnd>,
    after: [Outcome<AfterCharge>; 2],
    figures_lost: [Mean; 2],
}

impl Procedure for Charge {
    type Outcome = ChargeOutcome;
    type Record = ChargeRecord;

    fn declare(&self, schema: &mut Schema) -> ChargeRecord {
        let figures = [self.attacker.now.figures, self.defender.now.figures].map(f64::from);
        ChargeRecord {
            carries: schema.outcome("carries"),
            charge: schema.outcome("charge"),
            after: [
                schema.outcome("attacker_after"),
                schema.outcome("defender_after"),
            ],
            figures_lost: [
                schema.mean_within("attacker_figures_lost", 0.0, figures[0]),
                schema.mean_within("defender_figures_lost", 0.0, figures[1]),
            ],
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> ChargeOutcome {
        run_steps(self, dice)
    }

    fn record(&self, rec: &ChargeRecord, o: &ChargeOutcome, tally: &mut Tally, w: f64) {
        let after = |c: &Condition| {
            if c.gone() {
                AfterCharge::Gone
            } else {
                AfterCharge::ALL[usize::from(c.level)]
            }
        };
        let lost = |start: u32, now: u32| f64::from(start.saturating_sub(now));
        tally.count(rec.carries, o.carries.into(), w);
        tally.count(rec.charge, o.class, w);
        tally.count(rec.after[0], after(&o.attacker), w);
        tally.count(rec.after[1], after(&o.defender), w);
        let start = [self.attacker.now.figures, self.defender.now.figures];
        tally.add(rec.figures_lost[0], lost(start[0], o.attacker.figures), w);
        tally.add(rec.figures_lost[1], lost(start[1], o.defender.figures), w);
    }
}

pub(super) fn level_index(name: &str) -> u8 {
    LEVELS.iter().position(|l| *l == name).unwrap_or(1) as u8
}

#[cfg(test)]
mod tests {
    use super::super::charge_action::{ChargeFields, charge};
    use super::super::fire::{FireFields, apply};
    use super::super::shot::shot;
    use super::*;
    use crate::action::fields_under;
    use crate::dice::Enumerator;
    use std::collections::BTreeMap;

    /// Outcomes of a fire as (the target after, it fell back), exactly.
    type Ends = BTreeMap<(Condition, bool), f64>;

    fn ends(mut fire: impl FnMut(&mut Enumerator) -> (Condition, bool)) -> Ends {
        let mut ends = Ends::new();
        Enumerator::new(1 << 20)
            .explore(&mut fire, |end, p| *ends.entry(end).or_default() += p)
            .unwrap();
        ends
    }

    /// The charge's fire at the charger is the `fire` action at the charger's
    /// front: the same firepower, dice, modifiers (a column's front-fire DRM
    /// included) and morale check, band by band and formation by formation.
    #[test]
    fn the_charges_fire_at_the_charger_is_the_fire_action_at_its_front() {
        for formation in ["attack-column", "battle-line", "road-column"] {
            for band in ["normal", "short", "point-blank", "desperation"] {
                for quality in ["green", "veteran"] {
                    let (charts, f) = fields_under::<ChargeFields>(
                        "deadly-field",
                        &[],
                        &[
                            ("attacker_formation", formation),
                            ("attacker_quality", quality),
                            ("attacker_figures", "10"),
                            ("defender_figures", "8"),
                            ("defender_opening_volley_used", "true"),
                            ("reaction_fire", band),
                        ],
                    );
                    let c = charge(&charts, f).unwrap();
                    let def = c.defender.now;
                    let by_charge = ends(|dice| {
                        let mut att = c.attacker.now;
                        let stopped = c.fire_at_charger(band, &mut att, &def, 0, dice);
                        // (A target's own opening volley is no part of a fire at it.)
                        att.opening_volley_used = false;
                        (att, stopped && !att.broken())
                    });
                    let close = matches!(band, "short" | "point-blank" | "desperation");
                    let enfilade = if formation == "battle-line" {
                        "none"
                    } else {
                        "front"
                    };
                    let (charts, f) = fields_under::<FireFields>(
                        "deadly-field",
                        &[],
                        &[
                            ("firer_figures", "8"),
                            ("firer_opening_volley_used", "true"),
                            ("target_formation", formation),
                            ("target_quality", quality),
                            ("target_figures", "10"),
                            ("target_charging", "true"),
                            (
                                "target_enemy_within_1",
                                if close { "true" } else { "false" },
                            ),
                            ("band", band),
                            ("enfilade", enfilade),
                        ],
                    );
                    let situation = f.situation();
                    let (firer, target) = (f.firer.standing_now(), f.target.standing_now());
                    let s = shot(&charts, firer, target, &situation).unwrap();
                    let bad = f.bad(&charts);
                    let by_fire = ends(|dice| {
                        let result = s.roll(&charts, dice);
                        let e = apply(
                            &charts,
                            result,
                            &f.target,
                            &f.target.now,
                            true,
                            &bad,
                            true,
                            dice,
                        );
                        let fell_back = e.check.is_some_and(|c| c.fall_back > 0);
                        (e.after, fell_back && !e.after.broken())
                    });
                    let case = format!("{formation} {band} {quality}");
                    assert_eq!(by_charge.len(), by_fire.len(), "{case}");
                    for (end, p) in &by_fire {
                        let q = by_charge.get(end).copied().unwrap_or(0.0);
                        assert!((p - q).abs() < 1e-12, "{case}: {end:?} {p} vs {q}");
                    }
                }
            }
        }
    }
}
