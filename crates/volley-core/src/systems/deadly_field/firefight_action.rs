//! `deadly-field firefight` as an action: its fields, the engagement
//! they build, and best play over its choices (fire, reform or charge).

use super::charts::Charts;
use super::firefight::Firefight;
use super::regiment_fields::RegimentGroup;
use super::shot::{FireSituation, named, refusal};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{EngagementModel, Model};
use crate::error::InputError;
use std::sync::Arc;

/// The bands a firefight may be fought at.
const FIGHT_BANDS: [&str; 4] = ["long", "normal", "short", "canister"];

crate::action_fields! {
    /// The fields of `deadly-field firefight`.
    pub struct FirefightFields(charts: &Charts) {
        band: String = FieldSpec::choice(
            &FIGHT_BANDS,
            "normal",
            "the range band the fight is fought at (falling back is not modelled as opening the range)",
        ),
        turns: u32 = FieldSpec::int(1, 30, 6, "turn limit"),
        fire_twice: bool = FieldSpec::flag_on("an active unit fires with both its actions"),
        reactions: bool = FieldSpec::flag_on("the other unit answers each active phase with its one reaction fire"),
        reform: bool = FieldSpec::flag_on("a Disordered active unit spends its first action reforming to Good Order"),
        charge_distance: u32 = FieldSpec::int(1, 30, 3, "inches between the regiments should A charge (volley plan's `charge`; the fire reads `band`; 3 is the rifle-musket's normal range)"),
        charge_terrain: String = FieldSpec::choice_of(
            charts.data.movement.terrain.clone(),
            "open",
            "the ground A charges over should it charge (volley plan's `charge`)",
        ),
    }
    groups {
        a: RegimentGroup = RegimentGroup {
            quality: "veteran",
            ..RegimentGroup::new("a", charts)
        },
        b: RegimentGroup = RegimentGroup {
            quality: "green",
            ..RegimentGroup::new("b", charts)
        },
    }
}

/// `deadly-field firefight`.
pub struct FirefightAction;

impl ChartAction for FirefightAction {
    type Fields = FirefightFields;

    const ABOUT: &'static About = &About {
        name: "firefight",
        summary: "two regiments trade fire (two actions and a reaction each turn) with morale checks until one routs or is destroyed",
        headline: Some(("breaks_first", "b")),
        default_curves: &["a_figures_lost", "b_figures_lost"],
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "breaks_first",
                "a, b",
                "the unit that routed or lost its last figure (the fight stops there)",
            ),
            (
                "breaks_first",
                "neither",
                "both still stand at the turn limit",
            ),
        ]
    }

    fn provisional(&self, charts: &Charts) -> Option<String> {
        charts.fcr.provisional.clone()
    }

    const CHOICES: &'static [&'static str] = &super::firefight_choices::CHOICES;

    fn plan(
        &self,
        f: FirefightFields,
        charts: &Arc<Charts>,
        ask: &crate::plan::Ask,
        outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        let (distance, terrain) = (f.charge_distance, f.charge_terrain.clone());
        Some(
            Self::firefight(f, charts)
                .map_err(crate::plan::PlanError::Input)
                .and_then(|fight| {
                    let game = super::firefight_choices::FirefightChoices::new(
                        fight,
                        distance,
                        &terrain,
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
        Ok(Box::new(EngagementModel::new(Self::firefight(f, charts)?)))
    }
}

impl FirefightAction {
    /// The firefight these fields ask for, or the field at fault.
    pub(super) fn firefight(
        f: FirefightFields,
        charts: &Arc<Charts>,
    ) -> Result<Firefight, InputError> {
        for (prefix, unit) in [("a", &f.a), ("b", &f.b)] {
            if let Some((field, message)) = refusal(charts, prefix, unit, &f.band) {
                return Err(InputError::argument(&field, message));
            }
            if unit.now.broken() {
                return Err(InputError::argument(
                    &format!("{prefix}_level"),
                    "a Routed unit (or one with no figures) is out of the fight already",
                ));
            }
        }
        Ok(Firefight {
            situation: FireSituation::plain(named(&FIGHT_BANDS, &f.band), false),
            a: f.a,
            b: f.b,
            turns: f.turns,
            fire_twice: f.fire_twice,
            reactions: f.reactions,
            reform: f.reform,
            charts: charts.clone(),
        })
    }
}
