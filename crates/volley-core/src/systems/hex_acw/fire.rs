//! Fightin': up to three hexes add their firepower on one target
//! hex, cover halves the total once, and a d6 on the Casualties table gives the
//! figures lost.

use super::charts::Charts;
use super::hex::Hex;
use super::roll_points::CASUALTY_DIE;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Mean, Outcome};
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

/// Where a volley's casualty roll is made: the firing side, and the range
/// (as the casualty die's roll point shows them).
#[derive(Clone, Copy, Debug)]
pub struct FiredFrom {
    pub side: &'static str,
    pub range: u32,
}

/// Roll the casualties of `firepower` (halved once for cover), the d6 at
/// its roll point under the house rules' roll rules.
pub fn casualties<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    firepower: u32,
    cover: bool,
    from: FiredFrom,
) -> u32 {
    if firepower == 0 {
        return charts.casualties.zero_firepower_casualties;
    }
    let shown = || casualty_shown(firepower, cover, from);
    charts
        .rolls
        .roll(&CASUALTY_DIE, dice, shown, |dice, adjust| {
            let lost = dice.classify(Roll::Die(6), |face| {
                let face = (adjust.total(face) as i32 + adjust.modifier).clamp(1, 6) as u32;
                charts.casualties(firepower, cover, face)
            });
            (lost, Verdict::failed_if(lost == 0))
        })
}

/// What the casualty die's roll point shows.
fn casualty_shown(firepower: u32, cover: bool, from: FiredFrom) -> Vec<Value> {
    vec![
        Value::Word(from.side),
        Value::Number(i64::from(firepower)),
        Value::Flag(cover),
        Value::Number(i64::from(from.range)),
    ]
}

/// Can fire of `firepower` (halved once for cover) cause a casualty, the
/// casualty die as the house rules' roll rules move it?
pub fn can_hurt(charts: &Charts, firepower: u32, cover: bool, from: FiredFrom) -> bool {
    if firepower == 0 {
        return false;
    }
    if charts.rolls.scripted(&CASUALTY_DIE) {
        // A script decides at the roll: the fire may hurt.
        return true;
    }
    let adjust = charts
        .rolls
        .adjust(&CASUALTY_DIE, || casualty_shown(firepower, cover, from));
    (1..=6).any(|face| {
        let face = (face + adjust.modifier).clamp(1, 6) as u32;
        charts.casualties(firepower, cover, face) > 0
    })
}

/// Where [`Volley`] records.
pub struct VolleyRecord {
    casualties: Outcome<u32>,
    mean_casualties: Mean,
    firepower: Mean,
}

impl Procedure for Volley {
    type Outcome = u32;
    type Record = VolleyRecord;

    fn declare(&self, schema: &mut Schema) -> VolleyRecord {
        VolleyRecord {
            casualties: schema.count("casualties", self.charts.max_casualties()),
            mean_casualties: schema.mean("casualties"),
            firepower: schema.mean("firepower"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        let range = self.firing.first().map_or(1, |f| f.range);
        let from = FiredFrom { side: "a", range };
        casualties(dice, &self.charts, self.firepower(), self.cover, from)
    }

    fn record(&self, rec: &VolleyRecord, n: &u32, tally: &mut Tally, w: f64) {
        tally.count(rec.casualties, *n, w);
        tally.add(rec.mean_casualties, f64::from(*n), w);
        tally.add(rec.firepower, f64::from(self.firepower()), w);
    }
}

/// `hex-acw fire`.
pub struct FireAction;

crate::action_fields! {
    /// The fields of `hex-acw fire`: up to three firing hexes and the cover.
    pub struct FireFields(_charts: &Charts) {
        infantry: u32 = FieldSpec::int(0, 200, 10, "infantry figures firing (2 each, up to 2 hexes)"),
        cavalry: u32 = FieldSpec::int(0, 200, 0, "cavalry figures firing (3 at 1 hex, 1 at 2 hexes)"),
        guns: u32 = FieldSpec::int(0, 20, 0, "guns firing (20 each, up to 5 hexes)"),
        range: u32 = FieldSpec::int(1, 5, 1, "range to the target in hexes (adjacent = 1)"),
        hex2_infantry: u32 = FieldSpec::int(0, 200, 0, "a second hex's infantry figures"),
        hex2_cavalry: u32 = FieldSpec::int(0, 200, 0, "a second hex's cavalry figures"),
        hex2_guns: u32 = FieldSpec::int(0, 20, 0, "a second hex's guns"),
        hex2_range: u32 = FieldSpec::int(1, 5, 1, "the second hex's range to the target"),
        hex3_infantry: u32 = FieldSpec::int(0, 200, 0, "a third hex's infantry figures"),
        hex3_cavalry: u32 = FieldSpec::int(0, 200, 0, "a third hex's cavalry figures"),
        hex3_guns: u32 = FieldSpec::int(0, 20, 0, "a third hex's guns"),
        hex3_range: u32 = FieldSpec::int(1, 5, 1, "the third hex's range to the target"),
        cover: bool = FieldSpec::flag("cover in the target hex or between (halves the total)"),
    }
}

impl ChartAction for FireAction {
    type Fields = FireFields;

    const ABOUT: &'static About = &About {
        name: "fire",
        summary: "up to three hexes fire on one target hex: firepower, cover halving, the Casualties table",
        headline: Some(("casualties", "0")),
        ..About::DEFAULT
    };

    fn build(&self, f: FireFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let hexes = [
            (f.infantry, f.cavalry, f.guns, f.range),
            (f.hex2_infantry, f.hex2_cavalry, f.hex2_guns, f.hex2_range),
            (f.hex3_infantry, f.hex3_cavalry, f.hex3_guns, f.hex3_range),
        ];
        let firing: Vec<Firing> = hexes
            .into_iter()
            .map(|(infantry, cavalry, guns, range)| Firing {
                hex: Hex::new(infantry, cavalry, guns, charts),
                range,
            })
            .filter(|firing| !firing.hex.is_empty())
            .collect();
        let max = charts.options.hx_max_combined_hexes() as usize;
        if firing.len() > max {
            return Err(InputError::argument(
                "hex3_infantry",
                format!(
                    "at most {max} hexes may fire on one target (options.hx_max_combined_hexes)"
                ),
            ));
        }
        Ok(Box::new(ProcedureModel::new(Volley {
            charts: charts.clone(),
            firing,
            cover: f.cover,
        })))
    }
}
