//! Melee (Chart 10): each side rolls its melee dice by
//! stand ratio and keeps the highest, adds its modifiers; the difference, capped
//! at 5, gives steps lost, cohesion checks, fall-backs and beads. Both sides end
//! in Disorder.

use super::charts::{Bead, Charts, Check as CheckKind, FallBack};
use super::morale::s_test;
use super::roll_points;
use super::unit::Unit;
use crate::action::{About, ChartAction, FieldGroup, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::Verdict;
use crate::tally::{Label, Mean, Outcome};
use std::sync::Arc;

/// Named melee modifiers of Chart 10, as (field, chart key, side: true = defender).
pub const MODIFIERS: [(&str, &str, bool); 11] = [
    ("defender_light_cover", "defender_light_cover", true),
    ("defender_medium_cover", "defender_medium_cover", true),
    ("defender_heavy_cover", "defender_heavy_cover", true),
    ("defender_woods_rough", "defender_woods_rough", true),
    ("defender_higher", "defender_higher", true),
    ("defender_skirmish", "defender_skirmish", false),
    ("defender_disordered", "defender_disordered", false),
    ("defender_column", "defender_column", false),
    (
        "attacker_cavalry_line_half_move",
        "attacker_cavalry_line_half_move",
        false,
    ),
    ("attacker_attack_column", "attacker_attack_column", false),
    ("attacker_flank_rear", "attacker_flank_rear", false),
];

/// The difference (attacker - defender, capped) of melee round `round`'s
/// dice, rolled at the melee roll point under the house rules' roll rules.
#[inline]
pub fn roll_difference<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    dice_counts: (u32, u32),
    mods: (i32, i32),
    round: u32,
) -> i32 {
    let max = charts.data.melee.max_difference;
    let shown = || roll_points::melee_shown(dice_counts, mods, round);
    charts
        .rolls
        .roll(&roll_points::MELEE_DICE, dice, shown, |dice, adjust| {
            let difference = dice.classify_pair(
                [
                    Roll::Highest(dice_counts.0, 6),
                    Roll::Highest(dice_counts.1, 6),
                ],
                |a, d| {
                    let charger = adjust.total(a) as i32 + mods.0 + adjust.modifier;
                    (charger - d as i32 - mods.1).clamp(-max, max)
                },
            );
            (difference, Verdict::failed_if(difference <= 0))
        })
}

fn check_modifier(kind: CheckKind) -> Option<i32> {
    match kind {
        CheckKind::None => None,
        CheckKind::Normal => Some(0),
        CheckKind::Plus1 => Some(1),
    }
}

/// Apply a Chart 10 row to both units.
pub fn apply_result<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    difference: i32,
    attacker: &mut Unit,
    defender: &mut Unit,
) {
    let row = charts.melee_result(difference);
    attacker.lose_steps(row.attacker_steps);
    defender.lose_steps(row.defender_steps);
    let loser = match row.fall_back {
        FallBack::Attacker => Some(&mut *attacker),
        FallBack::Defender => Some(&mut *defender),
        FallBack::None => None,
    };
    if let Some(unit) = loser {
        match row.bead {
            Bead::Shaken => unit.shaken = true,
            Bead::RoutedAndShaken => {
                unit.shaken = true;
                unit.routed = true;
            }
            Bead::None => {}
        }
    }
    if let Some(m) = check_modifier(row.attacker_check) {
        s_test(dice, charts, attacker, m, false);
    }
    if let Some(m) = check_modifier(row.defender_check) {
        s_test(dice, charts, defender, m, false);
    }
    attacker.disorder();
    defender.disorder();
}

/// Chart 10 alone: dice by stand ratio, the named modifiers, the difference.
#[derive(Clone, Debug)]
pub struct Melee {
    pub charts: Arc<Charts>,
    pub dice: (u32, u32),
    pub mods: (i32, i32),
}

crate::categories! {
    /// Who won the melee: the values of `winner`.
    pub enum MeleeWinner {
        Attacker = "attacker",
        Tie = "tie",
        Defender = "defender",
    }
}

/// Where [`Melee`] records.
pub struct MeleeRecord {
    difference: Outcome<i32>,
    result: Outcome<Label>,
    winner: Outcome<MeleeWinner>,
    mean_difference: Mean,
}

impl Procedure for Melee {
    type Outcome = i32;
    type Record = MeleeRecord;

    fn declare(&self, schema: &mut Schema) -> MeleeRecord {
        let max = self.charts.data.melee.max_difference;
        MeleeRecord {
            difference: schema.span("difference", -max, max, |d| d.to_string()),
            result: schema.labelled(
                "result",
                (-max..=max).map(|d| self.charts.melee_result(d).text.clone()),
            ),
            winner: schema.outcome("winner"),
            mean_difference: schema.mean_within("difference", -f64::from(max), f64::from(max)),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> i32 {
        roll_difference(dice, &self.charts, self.dice, self.mods, 1)
    }

    fn record(&self, rec: &MeleeRecord, difference: &i32, tally: &mut Tally, w: f64) {
        let max = self.charts.data.melee.max_difference;
        tally.count(rec.difference, *difference, w);
        // The results are listed by difference, from -max.
        tally.count(rec.result, Label((difference + max) as usize), w);
        let winner = match difference.signum() {
            1 => MeleeWinner::Attacker,
            0 => MeleeWinner::Tie,
            _ => MeleeWinner::Defender,
        };
        tally.count(rec.winner, winner, w);
        tally.add(rec.mean_difference, f64::from(*difference), w);
    }
}

/// Sum the named modifiers that are set: (attacker's, defender's).
pub fn named_modifiers(charts: &Charts, set: impl Fn(&str) -> bool) -> (i32, i32) {
    let mut mods = (0, 0);
    for (field, key, defender_side) in MODIFIERS {
        if set(field) {
            let value = if key == "defender_medium_cover" {
                charts.data.options.mf_melee_medium_cover()
            } else {
                charts.melee_modifier(key)
            };
            if defender_side {
                mods.1 += value;
            } else {
                mods.0 += value;
            }
        }
    }
    mods
}

/// The named Chart 10 modifiers as flags, summed per side.
pub struct NamedModifiers<'a> {
    pub charts: &'a Charts,
}

impl FieldGroup for NamedModifiers<'_> {
    type Value = (i32, i32);

    fn specs(&self) -> Vec<FieldSpec> {
        MODIFIERS
            .iter()
            .map(|(field, _, _)| FieldSpec::flag(field, "a Chart 10 melee modifier"))
            .collect()
    }

    fn read(&self, s: &Scenario) -> Result<(i32, i32), InputError> {
        // A defender is in one cover at most.
        const COVERS: [&str; 3] = [
            "defender_light_cover",
            "defender_medium_cover",
            "defender_heavy_cover",
        ];
        let covers: Vec<&str> = COVERS.into_iter().filter(|c| s.flag(c)).collect();
        if covers.len() > 1 {
            return Err(InputError::argument(
                covers[1],
                format!(
                    "a defender is in one cover at most: {} are set together",
                    covers.join(" and ")
                ),
            ));
        }
        Ok(named_modifiers(self.charts, |f| s.flag(f)))
    }
}

crate::action_fields! {
    /// The fields of `micro-force melee`.
    pub struct MeleeFields(charts: &Charts) {
        attacker_stands: u32 = FieldSpec::int(1, 30, 4, "attacker's stands in contact"),
        defender_stands: u32 = FieldSpec::int(1, 30, 4, "defender's stands in contact"),
        attacker_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the attacker's highest die",
        ),
        defender_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the defender's highest die",
        ),
    }
    groups {
        named: NamedModifiers<'static> = NamedModifiers { charts },
    }
}

/// `micro-force melee`.
pub struct MeleeAction;

impl ChartAction for MeleeAction {
    type Fields = MeleeFields;

    const ABOUT: &'static About = &About {
        name: "melee",
        summary: "Chart 10 alone: melee dice by stand ratio, highest die plus modifiers, the difference",
        headline: Some(("winner", "attacker")),
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "winner",
                "attacker",
                "the attacker's highest die plus modifiers beats the defender's (difference +1 or more)",
            ),
            (
                "winner",
                "tie",
                "difference 0: the melee stays open (Chart 10's tie row)",
            ),
            (
                "winner",
                "defender",
                "the defender's highest die plus modifiers beats the attacker's (difference -1 or less)",
            ),
        ]
    }

    fn build(&self, f: MeleeFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let dice = charts.melee_dice(2 * f.attacker_stands, 2 * f.defender_stands);
        Ok(Box::new(ProcedureModel::new(Melee {
            dice,
            mods: (f.named.0 + f.attacker_mod, f.named.1 + f.defender_mod),
            charts: charts.clone(),
        })))
    }
}
