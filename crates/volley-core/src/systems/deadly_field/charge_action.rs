//! `deadly-field charge` as an action: its fields, their checks, how its
//! outcomes read, and the [`Charge`] they build (played in [`super::charge`]).

use super::charge::{CLOSE_BANDS, Charge, REACTIONS};
use super::charts::Charts;
use super::fire;
use super::impact::{FLANKS, flank_modifier, impact_parts};
use super::regiment_fields::RegimentGroup;
use super::shot::{self, FireSituation, refusal};
use super::unit::{Arm, Condition};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, SteppedModel};
use crate::error::InputError;
use std::sync::Arc;

/// The charge's working: how its numbers come about.
impl Charge {
    /// The charger's possible levels on arrival (before any fire), over the
    /// charge bonus rolls that reach.
    fn arrival_levels(&self) -> Vec<usize> {
        let mut levels: Vec<usize> = (self.bonus_dice..=6 * self.bonus_dice)
            .map(|total| self.advance(total))
            .filter(|(reaches, _, _)| *reaches)
            .map(|(_, disordered, _)| {
                usize::from(self.attacker.now.level).max(usize::from(disordered))
            })
            .collect();
        levels.sort_unstable();
        levels.dedup();
        levels
    }

    /// How the charge's numbers come about, for the units as they start.
    fn working(&self) -> Vec<String> {
        let charts = &self.charts;
        let (att, def) = (self.attacker.now, self.defender.now);
        let mut lines = vec![format!(
            "the charge: {} inches of move + half of {}D6 (rounded up) against {} {} to go",
            self.move_inches,
            self.bonus_dice,
            self.distance,
            if self.distance == 1 { "inch" } else { "inches" }
        )];
        lines.push(match self.attacker.quality_name() {
            "green" => "a Green charger arrives Disordered".to_string(),
            "trained" => "a Trained charger is Disordered once past half the charge".to_string(),
            _ => "an Elite or Veteran charger is Disordered once past the move plus half the bonus"
                .to_string(),
        });
        let fire_lines = |lines: &mut Vec<String>, band: &'static str| {
            let situation = FireSituation::at_front(charts, band, &self.attacker, true);
            let which = if band == "desperation" {
                "desperation fire (the defender's reaction went to another unit)"
            } else {
                "reaction fire"
            };
            let (firer, target) = ((&self.defender, &def), (&self.attacker, &att));
            for line in fire::working(charts, firer, target, &situation) {
                lines.push(format!("{which}: {line}"));
            }
        };
        let after_check = self.fire_after_check();
        if let Some(band) = self.reaction.filter(|_| after_check.is_none()) {
            fire_lines(&mut lines, band);
        }
        let bad = self.defender_bad(&att);
        let mmp = self.defender.mmp(charts, &def, false, &bad, 0);
        let bmp = self.defender.bmp(charts, def.figures);
        let addon = charts.data.levels.addon[usize::from(def.level)];
        lines.push(format!(
            "the defender's pre-impact check: MMP {mmp} = BMP {bmp} + level {addon:+} + situation {:+} (best two of leader, cover and support; worst two of flank {:+} and the charger within 1 inch {:+}), clamped 0-12",
            mmp - bmp - addon,
            bad[0],
            bad[1]
        ));
        if let Some(band) = after_check {
            fire_lines(&mut lines, band);
        }
        // The impact as computed, for each level the charger can arrive at
        // (the charge's disorder holds to the impact), both sides unhurt.
        for level in self.arrival_levels() {
            let arrival = Condition {
                level: level as u8,
                ..att
            };
            let a = impact_parts(
                charts,
                &self.attacker,
                &arrival,
                true,
                &self.attacker_bad(&def),
                None,
            );
            let d = impact_parts(
                charts,
                &self.defender,
                &def,
                false,
                &self.defender_bad(&arrival),
                None,
            );
            lines.push(format!(
                "impact, the charger arriving {} and both unhurt: attacker {}; defender {}",
                level_words(level),
                a.describe(false),
                d.describe(false)
            ));
        }
        lines
    }
}

/// A morale level as the working names it.
fn level_words(level: usize) -> &'static str {
    match level {
        0 => "in Good Order",
        1 => "Disordered",
        2 => "Shaken",
        _ => "Routed",
    }
}

crate::action_fields! {
    /// The fields of `deadly-field charge`.
    pub struct ChargeFields(charts: &Charts) {
        distance: u32 = FieldSpec::int(1, 30, 4, "inches from the charger to the defender when the charge is declared"),
        terrain: String = FieldSpec::choice_of(
            charts.data.movement.terrain.clone(),
            "open",
            "the ground charged over (the move and the charge bonus dice)",
        ),
        reaction_fire: String = FieldSpec::choice(
            &REACTIONS,
            "normal",
            "the defender's one fire at this charger: its reaction fire at a band (point-blank only after its pre-impact check), or desperation (1D6, after the check) when its one reaction went to another unit; never both",
        ),
        charged_flank: String = FieldSpec::choice(
            &FLANKS,
            "none",
            "the charge strikes the defender's flank (infantry +2 / +4; cavalry +3 / +6 to its MMP)",
        ),
    }
    groups {
        attacker: RegimentGroup = RegimentGroup {
            formation: "attack-column",
            opening_volley_used: true,
            charger: true,
            ..RegimentGroup::new("attacker", charts)
        },
        defender: RegimentGroup = RegimentGroup {
            opening_volley_used: true,
            ..RegimentGroup::new("defender", charts)
        },
    }
}

/// `deadly-field charge`.
pub struct ChargeAction;

impl ChartAction for ChargeAction {
    type Fields = ChargeFields;

    const ABOUT: &'static About = &About {
        name: "charge",
        summary: "will this charge carry the position? advance, the defender's reaction or desperation fire, the pre-impact check, impact, melee or stop-short volleys, aftermath",
        headline: Some(("carries", "yes")),
        default_table: Some((
            "attacker_quality=elite,veteran,trained,green",
            Some("defender_cover=none,light-woods,heavy-woods,hasty-works"),
        )),
        renamed: &[(
            "desperation_fire",
            "reaction_fire=desperation (the defender's one fire at this charger is its desperation fire, its reaction having gone to another unit)",
        )],
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "carries",
                "yes",
                "the defender is driven off or surrenders: it routs or falls back out of reach before impact, loses the impact by 2 or more, or breaks (routs, falls back, is destroyed) in the melee or the stop-short volleys while the charger does not",
            ),
            (
                "charge",
                "falls-short",
                "the move and charge bonus do not reach the defender",
            ),
            (
                "charge",
                "defender-routs-before-impact",
                "the pre-impact check routed the defender (or a battery lost its guns)",
            ),
            (
                "charge",
                "defender-driven-off",
                "the charger won the impact by 2-11: the defender falls back, loses figures, is Disordered or Shaken",
            ),
            (
                "charge",
                "defender-surrenders",
                "the charger won the impact by 12 or more",
            ),
            (
                "charge",
                "attacker-repulsed",
                "the defender won the impact by 2-11: the charger falls back with losses",
            ),
            (
                "charge",
                "attacker-surrenders",
                "the defender won the impact by 12 or more",
            ),
            (
                "charge",
                "stopped-by-fire",
                "the defender's reaction or desperation fire made the charger rout, fall back or vanish",
            ),
            (
                "charge",
                "defender-falls-back-before-impact",
                "the pre-impact check sent the defender back farther than the charge can follow",
            ),
            (
                "charge",
                "melee",
                "the impact tied: both sides fire FP + 5D6 and check morale",
            ),
            (
                "charge",
                "stop-short",
                "the impact margin was 1: the charger stops 1D6 half-inches short and both fire a volley",
            ),
            ("attacker_after", "gone", "no figures left, or surrendered"),
        ]
    }

    fn answer_notes(&self, _charts: &Charts) -> Vec<String> {
        vec!["carries = yes is the defender driven off or surrendering (see `volley odds deadly-field charge --help`)".to_string()]
    }

    fn provisional(&self, charts: &Charts) -> Option<String> {
        charts.fcr.provisional.clone()
    }

    fn working(&self, f: ChargeFields, charts: &Arc<Charts>) -> Vec<String> {
        charge(charts, f).map(|c| c.working()).unwrap_or_default()
    }

    fn build(&self, f: ChargeFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(SteppedModel::new(charge(charts, f)?)))
    }
}

/// Check the fields and build the charge.
pub(super) fn charge(charts: &Arc<Charts>, f: ChargeFields) -> Result<Charge, InputError> {
    charge_of(
        charts,
        f.attacker,
        f.defender,
        f.distance,
        &f.terrain,
        &f.reaction_fire,
        &f.charged_flank,
    )
}

/// A charge of `attacker` on `defender` from `distance` inches over
/// `terrain`, the defender firing `reaction_fire` (a band, `desperation` or
/// `none`) at the charger: checked, with the refusals naming the charge
/// action's fields.
pub(super) fn charge_of(
    charts: &Arc<Charts>,
    attacker: super::unit::Regiment,
    defender: super::unit::Regiment,
    distance: u32,
    terrain: &str,
    reaction_fire: &str,
    charged_flank: &str,
) -> Result<Charge, InputError> {
    let d = &charts.data;
    if attacker.now.broken() {
        return Err(InputError::argument(
            "attacker_level",
            "a Routed unit (or one with no figures) cannot charge",
        ));
    }
    if defender.now.gone() {
        return Err(InputError::argument(
            "defender_figures",
            "the defender has no figures left",
        ));
    }
    for (prefix, unit) in [("attacker", &attacker), ("defender", &defender)] {
        if let Some((field, message)) = shot::weapon_refusal(charts, prefix, unit) {
            return Err(InputError::argument(&field, message));
        }
    }
    let m = &d.movement;
    let table = match attacker.arm {
        Arm::MountedCavalry => &m.mounted_cavalry,
        Arm::DismountedCavalry => &m.dismounted_cavalry,
        _ => &m.infantry,
    };
    let terrain_name = terrain;
    let terrain = m
        .terrain
        .iter()
        .position(|t| *t == terrain_name)
        .unwrap_or(0);
    let Some(moves) = table.get(&attacker.formation) else {
        return Err(InputError::argument(
            "attacker_formation",
            format!(
                "{} cannot charge in {}; it charges in {}",
                attacker.arm.name(),
                attacker.formation,
                table.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        ));
    };
    if moves[terrain] == 0 {
        return Err(InputError::argument(
            "terrain",
            format!(
                "{} in {} may not move on {} ground",
                attacker.arm.name(),
                attacker.formation,
                terrain_name
            ),
        ));
    }
    let bonus = if attacker.arm.is_cavalry() {
        &m.cavalry_routed_dice
    } else {
        &m.infantry_routed_dice
    };
    let reaction = (reaction_fire != "none").then(|| shot::named(&REACTIONS, reaction_fire));
    if let Some(band) = reaction {
        if let Some((field, message)) = refusal(charts, "defender", &defender, band) {
            let field = if field == "band" {
                "reaction_fire".to_string()
            } else {
                field
            };
            return Err(InputError::argument(&field, message));
        }
        if defender.now.routed() {
            return Err(InputError::argument(
                "reaction_fire",
                "a Routed defender does not fire; set reaction_fire=none",
            ));
        }
    }
    let flank = flank_modifier(charts, &attacker, charged_flank);
    let close_fire = [("attacker", &attacker), ("defender", &defender)].map(|(prefix, unit)| {
        CLOSE_BANDS.map(|band| refusal(charts, prefix, unit, band).is_none())
    });
    Ok(Charge {
        charts: charts.clone(),
        move_inches: moves[terrain],
        bonus_dice: bonus[terrain],
        attacker,
        defender,
        distance,
        reaction,
        flank,
        close_fire,
    })
}
