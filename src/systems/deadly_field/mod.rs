//! *Across A Deadly Field* (ACW regiments), seed card 004, heavily garbled. So
//! far: the morale check and rally attempt (the Morale Point from quality, level
//! and situation, and the 2D6 resolution table) and the charge impact roll-off.
//! Fire, the Fire Combat Results table (not recoverable from the card), the full
//! charge and the firefight are still to come.

mod charts;
mod impact;
mod morale;

use crate::action::{Action, System};
use crate::error::InputError;
use crate::rules::{Card, RuleBook};
use charts::Charts;
use std::fmt::Write;
use std::sync::Arc;

/// The Across A Deadly Field system.
pub struct DeadlyField;

pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

const CHARTS: [&str; 4] = ["options", "morale", "cmm", "impact"];

impl System for DeadlyField {
    fn name(&self) -> &'static str {
        "deadly-field"
    }

    fn title(&self) -> &'static str {
        "Across A Deadly Field (ACW regiments)"
    }

    fn card(&self) -> Card {
        Card {
            file: "src/rules/deadly_field.toml",
            text: include_str!("../../rules/deadly_field.toml"),
        }
    }

    fn actions(&self) -> Vec<&'static dyn Action> {
        vec![
            &morale::MoraleAction { rally: false },
            &morale::MoraleAction { rally: true },
            &impact::ImpactAction,
        ]
    }

    fn check_rules(&self, rules: &RuleBook) -> Result<(), String> {
        crate::action::compile_charts::<Charts>(rules).map(|_| ())
    }

    fn chart_names(&self) -> Vec<&'static str> {
        CHARTS.to_vec()
    }

    fn describe_chart(
        &self,
        rules: &RuleBook,
        chart: &str,
        out: &mut String,
    ) -> Result<(), InputError> {
        let charts = charts_of(rules)?;
        let d = &charts.data;
        match chart {
            "morale" => {
                let b = &d.bmp;
                let _ = writeln!(
                    out,
                    "## Basic Morale Point [{}]\n(no stand lost, one lost of three, last stand)\nelite {:?}  veteran {:?}  trained {:?}  green {:?}; artillery +{} per section lost",
                    b.provenance,
                    b.elite,
                    b.veteran,
                    b.trained,
                    b.green,
                    b.artillery_per_section_lost
                );
                let _ = writeln!(
                    out,
                    "## Levels [{}]: {:?} add {:?}; MMP clamped to {}-{}",
                    d.levels.provenance, d.levels.names, d.levels.addon, d.mmp.min, d.mmp.max
                );
                let r = &d.resolution;
                let _ = writeln!(
                    out,
                    "## Morale check [{}]\n2D6, pass at or above the MMP. natural {}: Good Order; natural {}: Routed (Elite Shaken); natural {}: Shaken (Elite Disorder); margin <= {}: drop 2; -4..-1: drop 1; 0: no change; +1..+4: improve 1; >= +{}: improve 2",
                    r.provenance,
                    r.natural_good_order,
                    r.natural_rout,
                    r.natural_shaken,
                    r.drop_two_at_or_below,
                    r.improve_two_at_or_above
                );
            }
            "cmm" => {
                let c = &d.cmm;
                let _ = writeln!(out, "## Charge Morale Modifier [{}]", c.provenance);
                let _ = writeln!(out, "infantry: {:?}", c.infantry);
                let _ = writeln!(out, "mounted cavalry: {:?}", c.cavalry);
                let _ = writeln!(out, "dismounted cavalry: {:?}", c.dismounted_cavalry);
                let _ = writeln!(out, "routed: {}", c.routed_provenance);
            }
            _ => {
                let i = &d.impact;
                let _ = writeln!(
                    out,
                    "## Charge impact [{}]\nmargin 0 melee; {} stop short; ",
                    i.provenance, i.stop_short_margin
                );
                for b in &i.bands {
                    let _ = writeln!(
                        out,
                        "{}-{}: losers fall back that far, lose {} figure(s), become {}",
                        b.min, b.max, b.figures, b.level
                    );
                }
                let _ = writeln!(out, "{}+: the losers surrender", i.surrender_margin);
            }
        }
        Ok(())
    }
}
