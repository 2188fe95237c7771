//! Mine attacks: a stand leaving a minefield is attacked on the
//! minefield's CRT column, rolling 2D6 plus its terrain and the minefield's own
//! modifier (assumed).

use super::artillery::class_word;
use super::fields::{self, Conditions, MINEFIELDS, MarkerGroup};
use super::roll_points::MINE_ATTACK;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::Value as Shown;
use crate::systems::ghq::{Column, CrtAttack, attack_at};
use crate::systems::ghq::{Effect, Stand, StandState};
use crate::tally::Outcome;
use std::sync::Arc;

use super::charts::Charts;

/// A mine attack on one stand.
#[derive(Clone, Debug)]
pub struct MineAttack {
    pub charts: Arc<Charts>,
    pub column: usize,
    pub drm: i32,
    pub target: Stand,
    /// What the mine attack's roll point shows a house rule.
    pub shown: Vec<Shown>,
}

/// Where [`MineAttack`] records.
pub struct MineRecord {
    result: Outcome<Effect>,
    target_after: Outcome<StandState>,
}

impl Procedure for MineAttack {
    type Outcome = (Effect, StandState);
    type Record = MineRecord;

    fn declare(&self, schema: &mut Schema) -> MineRecord {
        MineRecord {
            result: schema.outcome("result"),
            target_after: schema.outcome("target_after"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (Effect, StandState) {
        let mut target = self.target;
        let attack = CrtAttack {
            column: Column::Index(self.column),
            drm: self.drm,
            dash_s_suppresses: false,
        };
        let shown = || self.shown.clone();
        let effect = attack_at(
            dice,
            &*self.charts,
            &MINE_ATTACK,
            shown,
            attack,
            &mut target,
        );
        (effect, target.state())
    }

    fn record(&self, rec: &MineRecord, o: &(Effect, StandState), tally: &mut Tally, w: f64) {
        tally.count(rec.result, o.0, w);
        tally.count(rec.target_after, o.1, w);
    }
}

crate::action_fields! {
    /// The fields of `micro-squad mine-attack`.
    pub struct MineFields(charts: &Charts) {
        minefield: String = FieldSpec::choice(
            &MINEFIELDS,
            "prepared",
            "minefield type",
        ),
        terrain: Vec<String> = fields::terrain(
            charts,
            "other terrain of the stand (the minefield's own -2 is always added)",
        ),
        target: String = fields::target_class("the stand's class for terrain"),
        die_mod: i32 = fields::die_mod("extra modifier to the CRT roll"),
    }
    groups {
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: true },
        conditions: Conditions = Conditions,
    }
}

/// `micro-squad mine-attack`.
pub struct MineAttackAction;

impl ChartAction for MineAttackAction {
    type Fields = MineFields;

    const ABOUT: &'static About = &About {
        name: "mine-attack",
        summary: "a stand leaving a minefield is attacked on the Hasty (-2), Prepared (+1) or Defensive (+7) column",
        headline: Some(("result", "E")),
        ..About::DEFAULT
    };

    fn build(&self, f: MineFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let mines = &charts.data.mines;
        let column = match f.minefield.as_str() {
            "hasty" => mines.hasty,
            "prepared" => mines.prepared,
            _ => mines.defensive,
        };
        let personnel = f.target == "personnel";
        let mut terrain = f.terrain.clone();
        if !terrain.iter().any(|t| t == "minefield") {
            terrain.push("minefield".to_string());
        }
        let drm = charts.terrain_drms(&terrain, personnel, &f.conditions).1 + f.die_mod;
        let minefield = MINEFIELDS
            .into_iter()
            .find(|m| *m == f.minefield)
            .unwrap_or("prepared");
        Ok(Box::new(ProcedureModel::new(MineAttack {
            column: (column.clamp(-3, 9) + 3) as usize,
            drm,
            shown: vec![
                Shown::Word(minefield),
                Shown::Flag(f.target_stand.suppressed),
                Shown::Flag(f.target_stand.disorganized),
                Shown::Word(class_word(&f.target)),
            ],
            target: f.target_stand,
            charts: charts.clone(),
        })))
    }
}
