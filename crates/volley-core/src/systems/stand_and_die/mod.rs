//! "Stand and Die!" (16th-19th century), seed file 003: figures in
//! hexes, chances per figure by the target's posture and cover. Actions: `attack`
//! and `duel` (exact by stepping the distribution over both hexes' figures).

mod attack;
mod charts;
mod duel;
mod hex;

use crate::action::{System, SystemAbout};
use crate::error::InputError;
use crate::rules::{Card, RuleBook};
use charts::Charts;
use std::fmt::Write;
use std::sync::Arc;

/// The Stand and Die! system.
pub struct StandAndDie;

pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

const CHARTS: [&str; 3] = ["options", "chances", "casualties"];

impl System for StandAndDie {
    fn about(&self) -> &SystemAbout {
        const ABOUT: SystemAbout = SystemAbout {
            name: "stand-and-die",
            title: "Stand and Die! (16th-19th century), hex rules",
            card: Card {
                file: "crates/volley-core/src/rules/stand_and_die.toml",
                text: include_str!("../../rules/stand_and_die.toml"),
            },
            actions: &[&attack::AttackAction, &duel::DuelAction],
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
            "chances" => {
                let c = &charts.chances;
                let r = &charts.rear;
                let _ = writeln!(
                    out,
                    "## Chance per firer that an enemy figure dies [{}]",
                    c.provenance
                );
                let _ = writeln!(
                    out,
                    "{:<10} {:>8} {:>8} {:>14} {:>14} {:>6}",
                    "firer", "standing", "fallback", "standing cover", "fallback cover", "rear"
                );
                for (arm, ch, rear) in [
                    ("infantry", &c.infantry, r.infantry),
                    ("cavalry", &c.cavalry, r.cavalry),
                    ("gun", &c.gun, r.gun),
                ] {
                    let t = |v: u32| f64::from(v) / 10.0;
                    let _ = writeln!(
                        out,
                        "{arm:<10} {:>8} {:>8} {:>14} {:>14} {:>+6}",
                        t(ch.standing),
                        t(ch.fallback),
                        t(ch.standing_cover),
                        t(ch.fallback_cover),
                        t(rear)
                    );
                }
            }
            _ => {
                let c = &charts.casualties;
                let _ = writeln!(
                    out,
                    "## Casualties [{}]\neach whole 1 of the total: one casualty; the fraction: one more on a d{} roll at or under ten times it\ninfantry fall first; a gun takes {} casualties (only when no infantry is left), then is inoperable",
                    c.provenance, c.fraction_die, c.casualties_per_gun
                );
            }
        }
        Ok(())
    }
}
