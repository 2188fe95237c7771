//! Scenario fields for a Micro Force unit, shared by every action, with the
//! validation the card implies (formations per arm, cover a unit may claim).

use super::charts::Charts;
use super::unit::{Arm, COVERS, FORMATIONS, Unit};
use crate::action::{FieldGroup, FieldSpec, Scenario};
use crate::error::{InputError, one_of};

/// The field names of one unit role (`firer_arm`, `firer_formation`, ...).
struct UnitNames {
    arm: &'static str,
    formation: &'static str,
    stands: &'static str,
    steps_lost: &'static str,
    cover: &'static str,
    shaken: &'static str,
    routed: &'static str,
    competence: &'static str,
    wounds: &'static str,
}

/// The field names of the role `$p`.
macro_rules! unit_names {
    ($p:literal) => {
        UnitNames {
            arm: concat!($p, "_arm"),
            formation: concat!($p, "_formation"),
            stands: concat!($p, "_stands"),
            steps_lost: concat!($p, "_steps_lost"),
            cover: concat!($p, "_cover"),
            shaken: concat!($p, "_shaken"),
            routed: concat!($p, "_routed"),
            competence: concat!($p, "_competence"),
            wounds: concat!($p, "_wounds"),
        }
    };
}

fn names(role: &str) -> UnitNames {
    match role {
        "firer" => unit_names!("firer"),
        "target" => unit_names!("target"),
        "attacker" => unit_names!("attacker"),
        "defender" => unit_names!("defender"),
        "a" => unit_names!("a"),
        "b" => unit_names!("b"),
        _ => unit_names!("unit"),
    }
}

/// Fields describing a unit in `role`, with defaults for an arm.
pub fn unit_fields(role: &str, arm: &str, formation: &str, stands: i64) -> Vec<FieldSpec> {
    let n = names(role);
    vec![
        FieldSpec::choice(
            n.arm,
            &Arm::NAMES,
            arm,
            "infantry, mounted cavalry, dismounted cavalry or artillery",
        ),
        FieldSpec::choice(
            n.formation,
            &FORMATIONS,
            formation,
            "formation (artillery: limbered or unlimbered)",
        ),
        FieldSpec::int(
            n.stands,
            1,
            9,
            stands,
            "original stands (2 steps each; artillery loses half stands)",
        ),
        FieldSpec::int(
            n.steps_lost,
            0,
            17,
            0,
            "steps already lost (artillery: half stands)",
        ),
        FieldSpec::choice(n.cover, &COVERS, "open", "cover (Chart 5)"),
        FieldSpec::flag(n.shaken, "carries a white bead (+2 to cohesion rolls)"),
        FieldSpec::flag(n.routed, "carries a black bead (+4 to cohesion rolls)"),
        FieldSpec::int(
            n.competence,
            0,
            3,
            0,
            "commanding officer's competence (Chart 2: cohesion 14-17)",
        ),
        FieldSpec::int(
            n.wounds,
            0,
            3,
            0,
            "cohesion points the officer has lost to wounds",
        ),
    ]
}

/// The unit described by the fields of `role`; errors name the field at fault.
pub fn unit(s: &Scenario, role: &str, charts: &Charts) -> Result<Unit, InputError> {
    let n = names(role);
    let arm =
        Arm::parse(s.text(n.arm)).ok_or_else(|| InputError::argument(n.arm, "unknown arm"))?;
    let formation = s.text(n.formation);
    if !arm.formations().contains(&formation) {
        return Err(InputError::argument(
            n.formation,
            format!(
                "{} has no formation `{formation}`; it has {}",
                s.text(n.arm),
                one_of(arm.formations())
            ),
        ));
    }
    let unit = Unit {
        arm,
        original_stands: s.int(n.stands) as u8,
        steps_lost: s.int(n.steps_lost) as u8,
        formation: FORMATIONS.iter().position(|f| *f == formation).unwrap_or(0) as u8,
        cover: COVERS
            .iter()
            .position(|c| *c == s.text(n.cover))
            .unwrap_or(0) as u8,
        shaken: s.flag(n.shaken),
        routed: s.flag(n.routed),
        moving: false,
        first_fire_used: false,
        competence: s.int(n.competence) as u8,
        wounds: s.int(n.wounds) as u8,
    };
    if unit.eliminated() {
        return Err(InputError::argument(
            n.steps_lost,
            format!(
                "{} steps lost leaves nothing of {} stands ({} steps)",
                unit.steps_lost,
                unit.original_stands,
                unit.steps()
            ),
        ));
    }
    unit.dv(charts)
        .map_err(|m| InputError::argument(n.cover, m))?;
    Ok(unit)
}

/// An attack value per stand field (decimal, 0 to 20).
pub fn av_per_stand(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::decimal(name, 0.0, 20.0, 1.0, help)
}

/// What `av_per_stand` fields say, unless a field's own help is more precise.
pub const AV_HELP: &str = "attack value per stand at this range (the rulebook's Charts 3 & 4)";

/// A weapon from a user-supplied Charts 3 & 4 (house rule), or `none`.
pub fn weapon(name: &'static str, charts: &Charts) -> FieldSpec {
    FieldSpec::choice_of(
        name,
        charts.weapon_names(),
        "none",
        "a weapon from a user-supplied Charts 3 & 4 (house rule); replaces the AV field",
    )
}

/// The range field, used with a weapon chart.
pub fn range(name: &'static str) -> FieldSpec {
    FieldSpec::decimal(
        name,
        0.0,
        100.0,
        0.0,
        "range in inches (only read with a weapon)",
    )
}

/// The AV per stand: from the weapon chart at `range` when a weapon is named,
/// else the AV field's value.
pub fn attack_value_per_stand(
    charts: &Charts,
    av_per_stand: f64,
    weapon: &str,
    range: f64,
) -> Result<f64, InputError> {
    match weapon {
        "none" => Ok(av_per_stand),
        name => charts
            .weapon_av(name, range)
            .map_err(|m| InputError::argument("range", m)),
    }
}

/// A unit's fields under a role prefix (`attacker_arm`, `attacker_stands`, ...),
/// with the defaults of an arm, read into a checked [`Unit`].
pub struct UnitGroup<'a> {
    pub charts: &'a Charts,
    pub role: &'static str,
    pub arm: &'static str,
    pub formation: &'static str,
    pub stands: i64,
}

impl FieldGroup for UnitGroup<'_> {
    type Value = Unit;

    fn specs(&self) -> Vec<FieldSpec> {
        unit_fields(self.role, self.arm, self.formation, self.stands)
    }

    fn read(&self, s: &Scenario) -> Result<Unit, InputError> {
        unit(s, self.role, self.charts)
    }
}
