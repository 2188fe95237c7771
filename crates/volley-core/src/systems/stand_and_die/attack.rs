//! Musketry and attacking: add the chances of every figure and gun
//! in the attacking hex against the target's posture and cover (plus the rear
//! bonus); each whole 1 is a casualty, and a d10 decides the fraction.

use super::charts::{Charts, Target};
use super::hex::Hex;
use super::roll_points::FRACTION_DIE;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Mean, Outcome};
use std::sync::Arc;

/// Casualties from side `side`'s attack of `tenths` tenths of a casualty,
/// its fraction's d10 rolled under the house rules' roll rules.
#[inline]
pub fn casualties<D: Dice>(dice: &mut D, charts: &Charts, tenths: u32, side: &'static str) -> u32 {
    let (whole, fraction) = (tenths / 10, tenths % 10);
    if fraction == 0 {
        return whole;
    }
    let shown = || fraction_shown(tenths, side);
    let extra = charts
        .rolls
        .roll(&FRACTION_DIE, dice, shown, |dice, adjust| {
            let at_most = adjust.threshold(fraction as i32) - adjust.modifier;
            let extra = dice.classify(Roll::Die(10), |face| adjust.total(face) as i32 <= at_most);
            (extra, Verdict::failed_if(!extra))
        });
    whole + u32::from(extra)
}

/// What the fraction die's roll point shows.
fn fraction_shown(tenths: u32, side: &'static str) -> Vec<Value> {
    vec![
        Value::Word(side),
        Value::Number(i64::from(tenths)),
        Value::Number(i64::from(tenths % 10)),
    ]
}

/// Can side `side`'s attack of `tenths` cause a casualty, its fraction die
/// as the house rules' roll rules move it?
pub fn can_hurt(charts: &Charts, tenths: u32, side: &'static str) -> bool {
    let fraction = tenths % 10;
    if tenths >= 10 || fraction == 0 {
        // A whole casualty always comes; nothing left over, no die.
        return tenths >= 10;
    }
    if charts.rolls.scripted(&FRACTION_DIE) {
        // A script decides at the roll: the attack may hurt.
        return true;
    }
    let adjust = charts
        .rolls
        .adjust(&FRACTION_DIE, || fraction_shown(tenths, side));
    adjust.threshold(fraction as i32) - adjust.modifier >= 1
}

/// One attack from one hex.
#[derive(Clone, Debug)]
pub struct Attack {
    pub charts: Arc<Charts>,
    pub attacker: Hex,
    pub target: Target,
    pub rear: bool,
}

impl Attack {
    fn tenths(&self) -> u32 {
        self.attacker.attack(&self.charts, self.target, self.rear)
    }
}

impl Procedure for Attack {
    type Outcome = u32;
    type Record = (Outcome<u32>, Mean);

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        (
            schema.count("casualties", self.tenths() / 10 + 1),
            schema.mean("casualties"),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        casualties(dice, &self.charts, self.tenths(), "a")
    }

    fn record(&self, rec: &Self::Record, n: &u32, tally: &mut Tally, w: f64) {
        tally.count(rec.0, *n, w);
        tally.add(rec.1, f64::from(*n), w);
    }
}

/// Fields of a hex's troops; errors for mixes the card forbids.
pub fn hex_of(infantry: u32, cavalry: u32, guns: u32, names: [&str; 3]) -> Result<Hex, InputError> {
    let hex = Hex {
        infantry,
        cavalry,
        guns,
        gun_damage: 0,
    };
    if hex.cavalry > 0 && (hex.infantry > 0 || hex.guns > 0) {
        return Err(InputError::argument(
            names[1],
            "a hex holds cavalry, or infantry, or infantry and artillery: not cavalry with others",
        ));
    }
    if hex.guns > 0 && hex.infantry == 0 {
        return Err(InputError::argument(
            names[2],
            "a hex holds cavalry, or infantry, or infantry and artillery: guns need infantry with them",
        ));
    }
    Ok(hex)
}

crate::action_fields! {
    /// The fields of `stand-and-die attack`.
    pub struct AttackFields(_charts: &Charts) {
        infantry: u32 = FieldSpec::int(0, 200, 10, "attacking infantrymen"),
        cavalry: u32 = FieldSpec::int(0, 200, 0, "attacking cavalrymen"),
        guns: u32 = FieldSpec::int(0, 20, 0, "attacking guns"),
        posture: String = FieldSpec::choice(
            &["standing", "fallback"],
            "standing",
            "the target hex stands or falls back under pressure",
        ),
        cover: bool = FieldSpec::flag("the target is in (or falls back from) cover"),
        rear: bool = FieldSpec::flag("attacking through one of the target's rear three hexsides"),
    }
}

/// `stand-and-die attack`.
pub struct AttackAction;

impl ChartAction for AttackAction {
    type Fields = AttackFields;

    const ABOUT: &'static About = &About {
        name: "attack",
        summary: "one hex attacks an adjacent enemy hex: chances by posture and cover, rear bonus, d10 fraction",
        // As the hex rules' fire: the chance the attack takes no one.
        headline: Some(("casualties", "0")),
        ..About::DEFAULT
    };

    fn build(&self, f: AttackFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(Attack {
            charts: charts.clone(),
            attacker: hex_of(
                f.infantry,
                f.cavalry,
                f.guns,
                ["infantry", "cavalry", "guns"],
            )?,
            target: Target {
                fallback: f.posture == "fallback",
                cover: f.cover,
            },
            rear: f.rear,
        })))
    }
}
