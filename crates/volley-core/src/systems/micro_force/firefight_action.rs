//! `micro-force firefight` as an action: its fields, the engagement
//! they build, and best play over its choices (fire or charge each turn).

use super::charts::Charts;
use super::fields::{self, UnitGroup};
use super::fire::Situation;
use super::firefight::Firefight;
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{EngagementModel, Model};
use crate::error::InputError;
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-force firefight`.
    pub struct FirefightFields(charts: &Charts) {
        a_av_per_stand: f64 = fields::av_per_stand(fields::AV_HELP),
        a_weapon: String = fields::weapon(charts),
        b_av_per_stand: f64 = fields::av_per_stand(fields::AV_HELP),
        b_weapon: String = fields::weapon(charts),
        range: f64 = fields::range(),
        charge_distance: u32 = FieldSpec::int(1, 40, 4, "inches A charges across should it charge (volley plan's `charge`; the fire reads `range` only with a weapon): the charge's own bounds and default"),
        a_first_fire: bool = FieldSpec::flag_on("A still has its first-fire bonus"),
        b_first_fire: bool = FieldSpec::flag_on("B still has its first-fire bonus"),
        a_officer: bool = FieldSpec::flag_on("an officer is with A (casualty checks)"),
        b_officer: bool = FieldSpec::flag_on("an officer is with B (casualty checks)"),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
    groups {
        a: UnitGroup<'static> = UnitGroup {
            charts,
            role: "a",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
        b: UnitGroup<'static> = UnitGroup {
            charts,
            role: "b",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

/// `micro-force firefight`.
pub struct FirefightAction;

impl FirefightAction {
    pub fn firefight(f: FirefightFields, charts: Arc<Charts>) -> Result<Firefight, InputError> {
        let (mut a, mut b) = (f.a, f.b);
        a.first_fire_used = !f.a_first_fire;
        b.first_fire_used = !f.b_first_fire;
        // Each side's volleys, and whether the enemy's officer is checked.
        let situation = |av: f64, weapon: &str, officer: bool| -> Result<Situation, InputError> {
            Ok(Situation {
                av_per_stand: fields::attack_value_per_stand(&charts, av, weapon, f.range)?,
                target_officer: officer,
                ..Situation::default()
            })
        };
        let a_fire = situation(f.a_av_per_stand, &f.a_weapon, f.b_officer)?;
        let b_fire = situation(f.b_av_per_stand, &f.b_weapon, f.a_officer)?;
        Ok(Firefight {
            a,
            b,
            a_fire,
            b_fire,
            turns: f.turns,
            charts: charts.clone(),
        })
    }
}

impl ChartAction for FirefightAction {
    type Fields = FirefightFields;

    const ABOUT: &'static About = &About {
        name: "firefight",
        summary: "two units trade volleys turn after turn, with rallies, until one routs or is destroyed",
        headline: Some(("breaks_first", "b")),
        default_curves: &["a_steps_lost", "b_steps_lost"],
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            ("breaks_first", "a", "A is routed or destroyed and B is not"),
            ("breaks_first", "b", "B is routed or destroyed and A is not"),
            ("breaks_first", "both", "both break in the same turn"),
            (
                "breaks_first",
                "neither",
                "both still stand at the turn limit",
            ),
        ]
    }

    const CHOICES: &'static [&'static str] = &super::firefight_choices::CHOICES;

    fn plan(
        &self,
        f: FirefightFields,
        charts: &Arc<Charts>,
        ask: &crate::plan::Ask,
        outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        let distance = f.charge_distance as i32;
        Some(
            Self::firefight(f, charts.clone())
                .map_err(crate::plan::PlanError::Input)
                .and_then(|fight| {
                    let game = super::firefight_choices::FirefightChoices::new(
                        fight,
                        distance,
                        ask.opponent,
                    );
                    crate::plan::answer(&game, ask, outcomes)
                }),
        )
    }

    fn build(
        &self,
        f: FirefightFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(EngagementModel::new(Self::firefight(
            f,
            charts.clone(),
        )?)))
    }
}
