//! Fightin' (RULES.md 4.1): up to three hexes add their firepower on one target
//! hex, cover halves the total once, and a d6 on the Casualties table gives the
//! figures lost.

use super::charts::Charts;
use super::hex::Hex;
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use std::sync::Arc;

/// One firing hex and its range to the target.
#[derive(Clone, Copy, Debug)]
pub struct Firing {
    pub hex: Hex,
    pub range: u32,
}

/// Several hexes firing on one target hex.
#[derive(Clone, Debug)]
pub struct Volley {
    pub charts: Arc<Charts>,
    pub firing: Vec<Firing>,
    pub cover: bool,
}

impl Volley {
    pub fn firepower(&self) -> u32 {
        self.firing
            .iter()
            .map(|f| f.hex.firepower(f.range, &self.charts))
            .sum()
    }
}

/// Roll the casualties of `firepower` (halved once for cover).
pub fn casualties<D: Dice>(dice: &mut D, charts: &Charts, firepower: u32, cover: bool) -> u32 {
    if firepower == 0 {
        return charts.casualties.zero_firepower_casualties;
    }
    dice.classify(Roll::Die(6), |face| {
        charts.casualties(firepower, cover, face)
    })
}

impl Procedure for Volley {
    type Outcome = u32;

    fn schema(&self) -> Schema {
        Schema::default()
            .count("casualties", self.charts.max_casualties())
            .mean("casualties")
            .mean("firepower")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        casualties(dice, &self.charts, self.firepower(), self.cover)
    }

    fn record(&self, n: &u32, tally: &mut Tally, w: f64) {
        tally.count(0, *n as usize, w);
        tally.add(0, f64::from(*n), w);
        tally.add(1, f64::from(self.firepower()), w);
    }
}

/// `hex-acw fire`.
pub struct FireAction;

const HEX_FIELDS: [[&str; 4]; 3] = [
    ["infantry", "cavalry", "guns", "range"],
    ["hex2_infantry", "hex2_cavalry", "hex2_guns", "hex2_range"],
    ["hex3_infantry", "hex3_cavalry", "hex3_guns", "hex3_range"],
];

impl Action for FireAction {
    fn name(&self) -> &'static str {
        "fire"
    }

    fn summary(&self) -> &'static str {
        "up to three hexes fire on one target hex: firepower, cover halving, the Casualties table"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        let mut specs = Vec::new();
        for (i, [inf, cav, guns, range]) in HEX_FIELDS.iter().enumerate() {
            let first = i == 0;
            specs.push(FieldSpec::int(
                inf,
                0,
                200,
                if first { 10 } else { 0 },
                "infantry figures firing (2 each, up to 2 hexes)",
            ));
            specs.push(FieldSpec::int(
                cav,
                0,
                200,
                0,
                "cavalry figures firing (3 at 1 hex, 1 at 2 hexes)",
            ));
            specs.push(FieldSpec::int(
                guns,
                0,
                20,
                0,
                "guns firing (20 each, up to 5 hexes)",
            ));
            specs.push(FieldSpec::int(
                range,
                1,
                5,
                1,
                "range to the target in hexes (adjacent = 1)",
            ));
        }
        specs.push(FieldSpec::flag(
            "cover",
            "cover in the target hex or between (halves the total)",
        ));
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("casualties", "0"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let mut firing = Vec::new();
        for [inf, cav, guns, range] in HEX_FIELDS {
            let hex = Hex::new(
                s.int(inf) as u32,
                s.int(cav) as u32,
                s.int(guns) as u32,
                &charts,
            );
            if !hex.is_empty() {
                firing.push(Firing {
                    hex,
                    range: s.int(range) as u32,
                });
            }
        }
        let max = charts.options.hx_max_combined_hexes as usize;
        if firing.len() > max {
            return Err(InputError::argument(
                "hex3_infantry",
                format!(
                    "at most {max} hexes may fire on one target (options.hx_max_combined_hexes)"
                ),
            ));
        }
        Ok(Box::new(ProcedureModel(Volley {
            charts,
            firing,
            cover: s.flag("cover"),
        })))
    }
}
