//! GHQ *Micro Armour: The Game - Modern*, seed card 002: stands with tech levels
//! 1-5, AP and HE firepower, front and flank defense, on the GHQ core (its CRT
//! with the `-S-` result, S and D capped at +7 together, marker removal).
//!
//! Charts are data (`src/rules/micro_armour.toml`, typed in [`charts`]). Actions:
//! fire, direct-artillery, indirect-artillery, air-strike, anti-aircraft,
//! marker-removal, overrun, close-assault, orders, move, posture, and the
//! multi-turn engagement.

mod air;
mod artillery;
mod assault;
pub mod charts;
mod command;
mod engagement;
mod fields;
mod fire;
mod marker_removal;

use crate::action::{System, SystemAbout};
use crate::error::InputError;
use crate::rules::{Card, RuleBook};
use charts::Charts;
use std::fmt::Write;
use std::sync::Arc;

/// The Micro Armour system.
pub struct MicroArmour;

/// Typed, compiled charts from a (possibly patched) rule book.
pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

const CHARTS: [&str; 6] = ["options", "crt", "range", "terrain", "command", "assault"];

impl System for MicroArmour {
    fn about(&self) -> &SystemAbout {
        const ABOUT: SystemAbout = SystemAbout {
            name: "micro-armour",
            title: "GHQ Micro Armour: The Game - Modern",
            card: Card {
                file: "crates/volley-core/src/rules/micro_armour.toml",
                text: include_str!("../../rules/micro_armour.toml"),
            },
            actions: &[
                &fire::FireAction,
                &marker_removal::MarkerRemovalAction,
                &artillery::ArtilleryAction::<false>,
                &artillery::ArtilleryAction::<true>,
                &air::AirStrikeAction,
                &air::AntiAircraftAction,
                &assault::OverrunAction,
                &assault::CloseAssaultAction,
                &command::OrdersAction,
                &command::MoveAction,
                &command::PostureAction,
                &engagement::EngagementAction,
            ],
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
        let d = &charts.data;
        match chart {
            "crt" => {
                let _ = writeln!(
                    out,
                    "## Combat Results Table [{}]\n{}\nrestored cells (row/column): {}\nrows: modified 2D6 clamped to 0-19; differential above +9 is E",
                    d.crt.provenance,
                    d.crt.key,
                    d.crt.restored_cells.join(" ")
                );
                let _ = write!(out, "{:>4}", "");
                for c in &d.crt.columns {
                    let _ = write!(out, "{c:>5}");
                }
                out.push('\n');
                for row in (0..crate::systems::ghq::CRT_ROWS).rev() {
                    let _ = write!(out, "{row:>4}");
                    for cell in &charts.crt.cells[row] {
                        let _ = write!(out, "{:>5}", cell.label());
                    }
                    out.push('\n');
                }
            }
            "range" => {
                let r = &d.range;
                let _ = writeln!(out, "## Range Effect Chart by firer TL [{}]", r.provenance);
                for (tl, bands) in [
                    ("TL1", &r.tl1),
                    ("TL2", &r.tl2),
                    ("TL3", &r.tl3),
                    ("TL4", &r.tl4),
                    ("TL5 extrapolated", &r.tl5_extrapolated),
                ] {
                    let text: Vec<String> = bands
                        .iter()
                        .map(|b| format!("<={}\": {:+}", b.max, b.drm))
                        .collect();
                    let _ = writeln!(
                        out,
                        "{tl:<17} {}; beyond {:+}",
                        text.join(", "),
                        r.beyond_drm
                    );
                }
                let _ = writeln!(
                    out,
                    "TL5 reads: {:?}; ATGMs take no range DRM",
                    d.options.ma_tl5_range()
                );
            }
            "terrain" => {
                let _ = writeln!(
                    out,
                    "## Terrain Effects Chart (DRM to the firer's cohesion and the CRT roll)\nname                 personnel other applies        concealing  provenance"
                );
                for (key, t) in &d.terrain {
                    let _ = writeln!(
                        out,
                        "{key:<20} {:>9} {:>5} {:<14} {:<11} {}",
                        t.personnel,
                        t.other,
                        format!("{:?}", t.applies),
                        t.concealing,
                        t.provenance
                    );
                }
            }
            "command" => {
                let c = &d.command_efficiency;
                let _ = writeln!(out, "## Command Efficiency Table [{}]", c.provenance);
                let orders: Vec<String> =
                    c.orders.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                let _ = writeln!(out, "orders by modified roll: {}", orders.join(", "));
                let _ = writeln!(out, "generation: {:?}", c.generation);
                let m = &d.movement_orders;
                let _ = writeln!(
                    out,
                    "## Movement Cohesion Chart [{}]\nHQ attached {:+} each; under order {:+}; R without order {:+}; other without order {:+}; S {:+}; D {:+}",
                    m.provenance,
                    m.hq_attached_each,
                    m.under_order,
                    m.r_without_order,
                    m.other_without_order,
                    m.suppressed,
                    m.disorganized
                );
            }
            _ => {
                let o = &d.overrun;
                let _ = writeln!(
                    out,
                    "## Overrun [{}]\ndefender's cohesion: tracked {:+}, IFV carrying troops {:+}; failures attacked on column {:+}; failed attackers on {:+}",
                    o.provenance,
                    o.tracked,
                    o.ifv_carrying_troops,
                    o.defender_failure_column,
                    o.attacker_failure_column
                );
                let c = &d.close_assault;
                let _ = writeln!(
                    out,
                    "## Close assault [{}]\n{:+}; engineers or Type S {:+} more; mounted cavalry against unarmored {:+} more; closed range {:+}",
                    c.provenance,
                    c.drm,
                    c.engineer_or_type_s,
                    c.cavalry_vs_unarmored,
                    c.closed_range
                );
                let m = &d.markers;
                let _ = writeln!(
                    out,
                    "## Markers [{}]\nS {:+}, D {:+}, together at most {:+}",
                    m.provenance, m.suppressed, m.disorganized, m.combined_cap
                );
            }
        }
        Ok(())
    }
}
