//! Overrun (RULES.md 2.5.6): the defender rolls cohesion once per attacking stand
//! and suffers an attack at +5 for each failure; each attacker rolls cohesion and
//! suffers an attack at +2 if it fails. All rolls before any result (MS-O1); each
//! attack is 2D6 plus the victim's terrain, no range.

use super::charts::Charts;
use super::fields::{self, Conditions, MarkerGroup};
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::{Column, attack};
use crate::systems::ghq::{Effect, STATE_LABELS, Stand};
use std::sync::Arc;

/// An overrun by a group of identical vehicles on one stand.
#[derive(Clone, Debug)]
pub struct Overrun {
    pub charts: Arc<Charts>,
    pub attackers: u32,
    pub defender_test: CohesionTest,
    pub attacker_test: CohesionTest,
    pub defender: Stand,
    pub attacker: Stand,
    pub defender_drm: i32,
    pub attacker_drm: i32,
    pub defender_column: usize,
    pub attacker_column: usize,
}

/// Defender state index, attacks suffered by each side, attackers eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverrunOutcome {
    pub defender_after: usize,
    pub defender_attacks: u32,
    pub attacker_attacks: u32,
    pub attackers_eliminated: u32,
}

impl Procedure for Overrun {
    type Outcome = OverrunOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("defender_after", STATE_LABELS)
            .count("attackers_eliminated", self.attackers)
            .mean_within("defender_attacks", 0.0, f64::from(self.attackers))
            .mean_within("attacker_attacks", 0.0, f64::from(self.attackers))
            .mean("attackers_eliminated")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> OverrunOutcome {
        let defender_failures = (0..self.attackers)
            .filter(|_| !self.defender_test.roll(dice))
            .count() as u32;
        let attacker_failures = (0..self.attackers)
            .filter(|_| !self.attacker_test.roll(dice))
            .count() as u32;
        let mut defender = self.defender;
        for _ in 0..defender_failures {
            attack(
                dice,
                &*self.charts,
                Column::Index(self.defender_column),
                self.defender_drm,
                &mut defender,
            );
        }
        let mut eliminated = 0;
        for _ in 0..attacker_failures {
            let mut attacker = self.attacker;
            let effect = attack(
                dice,
                &*self.charts,
                Column::Index(self.attacker_column),
                self.attacker_drm,
                &mut attacker,
            );
            eliminated += u32::from(effect == Effect::Eliminated);
        }
        OverrunOutcome {
            defender_after: defender.state_index(),
            defender_attacks: defender_failures,
            attacker_attacks: attacker_failures,
            attackers_eliminated: eliminated,
        }
    }

    fn record(&self, o: &OverrunOutcome, tally: &mut Tally, w: f64) {
        tally.count(0, o.defender_after, w);
        tally.count(1, o.attackers_eliminated as usize, w);
        tally.add(0, f64::from(o.defender_attacks), w);
        tally.add(1, f64::from(o.attacker_attacks), w);
        tally.add(2, f64::from(o.attackers_eliminated), w);
    }
}

crate::action_fields! {
    /// The fields of `micro-squad overrun`.
    pub struct OverrunFields(charts: &Charts) {
        attackers: u32 = FieldSpec::int(1, 12, 1, "overrunning stands"),
        attacker_type: String = FieldSpec::choice(&["tracked", "wheeled"], "tracked", "overrunning vehicles"),
        defender_class: String = FieldSpec::choice(
            &["personnel", "weapons", "vehicle"],
            "personnel",
            "the overrun stand",
        ),
        attacker_cohesion: i32 = fields::cohesion(charts, "attacking force's cohesion"),
        defender_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion"),
        defender_terrain: Vec<String> = fields::terrain(charts, "defender's terrain"),
        attacker_terrain: Vec<String> = fields::terrain(
            charts,
            "attackers' terrain (for the attacks on failed attackers)",
        ),
    }
    groups {
        attacker: MarkerGroup = MarkerGroup { prefix: "attacker", this_turn: false },
        defender: MarkerGroup = MarkerGroup { prefix: "defender", this_turn: true },
        conditions: Conditions = Conditions,
    }
}

/// `micro-squad overrun`.
pub struct OverrunAction;

impl Action for OverrunAction {
    fn name(&self) -> &'static str {
        "overrun"
    }

    fn summary(&self) -> &'static str {
        "vehicles overrun one stand: defender attacked at +5 per failed roll, failed attackers at +2"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        super::charts_of(rules).map_or_else(|_| Vec::new(), |c| OverrunFields::specs(&c))
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("defender_after", "E"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let f = OverrunFields::read(&charts, s)?;
        let table = &charts.data.overrun;
        let tracked = f.attacker_type == "tracked";
        let class = f.defender_class.as_str();
        let vehicle_drm = match (tracked, class) {
            (true, "personnel") => table.tracked_vs_personnel,
            (true, "weapons") => table.tracked_vs_weapons,
            (false, "weapons") => table.wheeled_vs_weapons,
            _ => 0,
        };
        let own = |stand: &Stand| charts.marker_penalties().of(stand);
        let defender_own = if charts.data.options.ms_overrun_defender_markers {
            own(&f.defender)
        } else {
            0
        };
        let naturals = charts.data.options.ms_naturals;
        let column = |k: i32| (k.clamp(-3, 9) + 3) as usize;
        Ok(Box::new(ProcedureModel(Overrun {
            attackers: f.attackers,
            defender_test: CohesionTest {
                cohesion: f.defender_cohesion,
                modifier: vehicle_drm + defender_own,
                naturals,
            },
            attacker_test: CohesionTest {
                cohesion: f.attacker_cohesion,
                modifier: own(&f.attacker),
                naturals,
            },
            defender: f.defender,
            attacker: f.attacker,
            defender_drm: charts
                .terrain_drms(&f.defender_terrain, class == "personnel", &f.conditions)
                .1,
            attacker_drm: charts
                .terrain_drms(&f.attacker_terrain, false, &f.conditions)
                .1,
            defender_column: column(table.defender_failure_column),
            attacker_column: column(table.attacker_failure_column),
            charts: charts.clone(),
        })))
    }
}
