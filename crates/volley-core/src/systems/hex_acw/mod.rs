//! "The American Civil War" (Marchin' & Fightin'), seed file 003: a
//! small hex rule set counting figures. Actions: `fire` (up to three hexes on one
//! target) and `duel` (two hexes trading fire, exact by state stepping).

mod charts;
mod duel;
mod fire;
mod hex;

use crate::action::{System, SystemAbout};
use crate::error::InputError;
use crate::rules::{Card, RuleBook};
use charts::Charts;
use std::fmt::Write;
use std::sync::Arc;

/// The hex ACW system.
pub struct HexAcw;

pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

const CHARTS: [&str; 3] = ["options", "firepower", "casualties"];

impl System for HexAcw {
    fn about(&self) -> &SystemAbout {
        const ABOUT: SystemAbout = SystemAbout {
            name: "hex-acw",
            title: "The American Civil War (Marchin' & Fightin'), hex rules",
            card: Card {
                file: "crates/volley-core/src/rules/hex_acw.toml",
                text: include_str!("../../rules/hex_acw.toml"),
            },
            actions: &[&fire::FireAction, &duel::DuelAction],
            charts: &CHARTS,
            preamble: "",
        };
        &ABOUT
    }

    fn check_rules(&self, rules: &RuleBook) -> Result<(), String> {
        crate::action::compile_charts::<Charts>(rules).map(|_| ())
    }

    fn describe_chart(
        &self,
        rules: &RuleBook,
        chart: &str,
        out: &mut String,
    ) -> Result<(), InputError> {
        let charts = charts_of(rules)?;
        match chart {
            "firepower" => {
                let f = &charts.firepower;
                let _ = writeln!(
                    out,
                    "## Firepower per figure by range in hexes [{}]",
                    f.provenance
                );
                for (arm, fire) in [
                    ("infantryman", &f.infantry),
                    ("cavalryman", &f.cavalry),
                    ("gun", &f.artillery),
                ] {
                    let _ = writeln!(out, "{arm:<12} {:?} (ranges 1..{})", fire.power, fire.range);
                }
                let _ = writeln!(
                    out,
                    "cover in or between: total halved once ({:?})",
                    charts.options.hx_half_round()
                );
            }
            _ => {
                let c = &charts.casualties;
                let _ = writeln!(out, "## Casualties (d6) [{}]", c.provenance);
                let mut low = 1;
                for band in &c.bands {
                    let label = if band.max >= 1_000_000 {
                        format!("{low}+")
                    } else {
                        format!("{low}-{}", band.max)
                    };
                    let _ = writeln!(out, "{label:<8} {:?}", band.casualties);
                    low = band.max + 1;
                }
            }
        }
        Ok(())
    }
}
