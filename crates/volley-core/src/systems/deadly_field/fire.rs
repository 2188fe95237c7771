//! Fire: one shot (see [`super::shot`]) on the Fire Combat Results table; the
//! target loses the hit figures and takes its morale check with the result's
//! add-on. Pass-through fire rolls again with one die fewer at the next unit
//! in the zone.
//!
//! The results table is not readable on the card: everything read from it is
//! provisional until the user supplies the published one (see `charts::Fcr`).

use super::charts::Charts;
use super::levels::AfterFire;
use super::morale::CheckOutcome;
use super::regiment_fields::RegimentGroup;
use super::roll_points;
use super::unit::{Arm, Condition, Regiment, Standing};
use super::vocabulary::BANDS;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::tally::{Category, Label, Mean, Outcome, YesNo};
use std::sync::Arc;

use super::shot::*;

/// How a fire's numbers come about, line by line (for the answer's working).
pub fn working(
    charts: &Charts,
    firer: Standing,
    target: Standing,
    s: &FireSituation,
) -> Vec<String> {
    let Some(shot) = shot(charts, firer, target, s) else {
        return vec!["the firer cannot fire".to_string()];
    };
    let ((firer, by), (target, _)) = (firer, target);
    let f = &charts.data.firer;
    let states = firer_states(firer, by);
    let base = table_firepower(charts, firer, by.figures, s.band).unwrap_or(0);
    let halved = applying(&states, &f.half);
    let lost = applying(&states, &f.lose_die);
    let unit = if firer.arm == Arm::Artillery {
        "section(s)"
    } else {
        "figure(s)"
    };
    let mut lines = vec![format!(
        "firepower: {} with {} {unit}: {base}{}",
        weapon_name(firer),
        by.figures,
        if halved.is_empty() {
            String::new()
        } else {
            format!(", halved for {}: {}", halved.join(", "), shot.firepower)
        }
    )];
    lines.push(format!(
        "dice: {} range {}D6{}",
        s.band,
        shot.dice + lost.len() as u32,
        if lost.is_empty() {
            String::new()
        } else {
            format!(
                ", less one for each of {}: {}D6",
                lost.join(", "),
                shot.dice
            )
        }
    ));
    let signed = |mods: &[(&str, i32)]| {
        mods.iter()
            .map(|(name, v)| format!("{name} {v:+}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let firer_mods = firer_modifiers(charts, firer, by, s);
    lines.push(format!(
        "firer modifiers: {}",
        if firer_mods.is_empty() {
            "none".to_string()
        } else {
            signed(&firer_mods)
        }
    ));
    let (target_sum, good, bad) = target_modifier(charts, firer, target, s);
    lines.push(format!(
        "target modifiers (best two positive, worst two negative): {} -> {target_sum:+}",
        if good.is_empty() && bad.is_empty() {
            "none".to_string()
        } else {
            signed(&[bad, good].concat())
        }
    ));
    let low = shot.firepower + shot.modifier + shot.dice as i32;
    let high = shot.firepower + shot.modifier + 6 * shot.dice as i32;
    lines.push(format!(
        "total: {} + {}D6 {:+} = {low} to {high}, read on the {} row of the results table",
        shot.firepower,
        shot.dice,
        shot.modifier,
        super::charts::FCR_ROWS[shot.row]
    ));
    lines
}

/// What a fire did to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    /// Index into the results table's labels.
    pub result: usize,
    pub hits: u32,
    pub after: Condition,
    /// The morale check, when the target took one.
    pub check: Option<CheckOutcome>,
}

/// Apply result `result` to `target` standing as `at`: hits, then the morale check
/// (with the result's add-on and the situation's `bad` modifiers). With `coarse`,
/// the check's fall-back is only 0 or 1 (it falls back or not), so that the exact
/// method branches less where the distance does not matter.
#[allow(clippy::too_many_arguments)]
pub fn apply<D: Dice>(
    charts: &Arc<Charts>,
    result: usize,
    target: &Regiment,
    at: &Condition,
    charging: bool,
    bad: &[i32],
    coarse: bool,
    dice: &mut D,
) -> Effect {
    let fcr = &charts.fcr;
    let hits = fcr.hits[result].min(at.figures);
    let mut after = Condition {
        figures: at.figures - hits,
        ..*at
    };
    if result == 0 || after.gone() {
        return Effect {
            result,
            hits,
            after,
            check: None,
        };
    }
    let mmp = target.mmp(charts, &after, charging, bad, fcr.add[result]);
    let check = target.check(charts, &after, mmp);
    let outcome = check.rolled(
        &roll_points::MORALE_CHECK,
        dice,
        || check.shown(),
        |o| CheckOutcome {
            fall_back: if coarse {
                o.fall_back.min(1)
            } else {
                o.fall_back
            },
            ..o
        },
    );
    after.level = outcome.level_after as u8;
    if outcome.recovers {
        after.figures = (after.figures + 1).min(target.original);
    }
    if outcome.guns_lost {
        after.figures = 0;
    }
    Effect {
        result,
        hits,
        after,
        check: Some(outcome),
    }
}

/// `deadly-field fire`: one fire and the target's morale check.
#[derive(Clone, Debug)]
pub struct Fire {
    pub charts: Arc<Charts>,
    pub target: Regiment,
    pub situation: FireSituation,
    pub shot: Shot,
    /// Bad morale modifiers for the target's check.
    pub bad: Vec<i32>,
    pub pass_through: bool,
}

/// One fire's outcome: the effect and the pass-through result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireOutcome {
    pub effect: Effect,
    pub pass_through: Option<usize>,
}

/// Where [`Fire`] records.
pub struct FireRecord {
    hit: Outcome<YesNo>,
    result: Outcome<Label>,
    hits: Outcome<u32>,
    target_after: Outcome<AfterFire>,
    target_broken: Outcome<YesNo>,
    fall_back: Outcome<u32>,
    mean_hits: Mean,
    mean_fall_back: Mean,
    pass_through_result: Option<Outcome<Label>>,
}

impl Procedure for Fire {
    type Outcome = FireOutcome;
    type Record = FireRecord;

    fn declare(&self, schema: &mut Schema) -> FireRecord {
        let labels = &self.charts.fcr.labels;
        // The most hits a result scores; never listed below the 4 the answers
        // have always shown.
        let most_hits = self
            .charts
            .fcr
            .hits
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(4);
        FireRecord {
            hit: schema.outcome("hit"),
            result: schema.labelled("result", labels.iter().cloned()),
            hits: schema.count("hits", most_hits),
            target_after: schema.outcome("target_after"),
            target_broken: schema.outcome("target_broken"),
            fall_back: schema.count("fall_back", self.charts.most_fall_back()),
            mean_hits: schema.mean("hits"),
            mean_fall_back: schema.mean("fall_back"),
            pass_through_result: self
                .pass_through
                .then(|| schema.labelled("pass_through_result", labels.iter().cloned())),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> FireOutcome {
        let result = self.shot.roll(&self.charts, dice);
        let effect = apply(
            &self.charts,
            result,
            &self.target,
            &self.target.now,
            self.situation.target_charging,
            &self.bad,
            false,
            dice,
        );
        let pass_through = self
            .pass_through
            .then(|| self.shot.roll_with(&self.charts, dice, 1));
        FireOutcome {
            effect,
            pass_through,
        }
    }

    fn record(&self, rec: &FireRecord, o: &FireOutcome, tally: &mut Tally, w: f64) {
        let e = &o.effect;
        let after = if e.after.gone() {
            AfterFire::Eliminated
        } else {
            AfterFire::ALL[usize::from(e.after.level)]
        };
        let fall_back = e.check.map_or(0, |c| c.fall_back);
        tally.count(rec.hit, (e.hits > 0).into(), w);
        tally.count(rec.result, Label(e.result), w);
        tally.count(rec.hits, e.hits, w);
        tally.count(rec.target_after, after, w);
        tally.count(rec.target_broken, e.after.broken().into(), w);
        tally.count(rec.fall_back, fall_back, w);
        tally.add(rec.mean_hits, f64::from(e.hits), w);
        tally.add(rec.mean_fall_back, f64::from(fall_back), w);
        if let (Some(handle), Some(r)) = (rec.pass_through_result, o.pass_through) {
            tally.count(handle, Label(r), w);
        }
    }
}

crate::action_fields! {
    /// The fields of `deadly-field fire`.
    pub struct FireFields(charts: &Charts) {
        band: String = FieldSpec::choice(
            &BANDS,
            "normal",
            "the range band: long (1D6), normal (2D6), short (3D6), canister (artillery), point-blank (against or in a charge), desperation (1D6)",
        ),
        enfilade: String = FieldSpec::choice(
            &ENFILADES,
            "none",
            "the target's side the fire strikes (lines: partial-flank, full-flank, rear; columns and limbered guns: side, front, rear; unlimbered guns: side, full-flank, rear)",
        ),
        behind_skirmishers: bool = FieldSpec::flag("the target is 2 inches or more behind its own skirmishers"),
        target_charging: bool = FieldSpec::flag("the target is charging (no cover; mounted cavalry's charging modifier)"),
        deliberate: bool = FieldSpec::flag("artillery deliberate fire at long or normal range (two actions, +2)"),
        target_enemy_within_1: bool = FieldSpec::flag("the target is within 1 inch of a non-Shaken, non-skirmishing enemy (+1 to its MMP)"),
        pass_through: bool = FieldSpec::flag("another unit stands in the zone beyond the target: roll again at it with one die fewer (the first target's modifiers)"),
    }
    groups {
        firer: RegimentGroup = RegimentGroup {
            figures: 6,
            opening_volley_used: true,
            morale: false,
            ..RegimentGroup::new("firer", charts)
        },
        target: RegimentGroup = RegimentGroup {
            quality: "trained",
            fires: false,
            weapon: false,
            ..RegimentGroup::new("target", charts)
        },
    }
}

impl FireFields {
    pub(super) fn situation(&self) -> FireSituation {
        FireSituation {
            band: named(&BANDS, &self.band),
            enfilade: named(&ENFILADES, &self.enfilade),
            behind_skirmishers: self.behind_skirmishers,
            target_charging: self.target_charging,
            deliberate: self.deliberate,
        }
    }

    /// The target's bad morale modifiers: enfilade, an enemy within 1 inch.
    pub(super) fn bad(&self, charts: &Charts) -> Vec<i32> {
        let near = if self.target_enemy_within_1 {
            charts.data.bad.enemy_within_1
        } else {
            0
        };
        target_bad(charts, &self.firer, &self.target, &self.situation(), near).to_vec()
    }
}

/// Check a situation's enfilade against the target's formation.
pub fn check_enfilade(
    charts: &Charts,
    target: &Regiment,
    enfilade: &str,
    field: &str,
) -> Result<(), InputError> {
    if enfilade == "none" {
        return Ok(());
    }
    let Some(kind) = target.enfilade_kind() else {
        return Err(InputError::argument(
            field,
            "skirmishers are never enfiladed",
        ));
    };
    let sides = &charts.data.target.enfilade[kind];
    if sides.contains_key(enfilade) {
        Ok(())
    } else {
        Err(InputError::argument(
            field,
            format!(
                "a target in {} is enfiladed from {}",
                target.formation,
                sides.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        ))
    }
}

/// `deadly-field fire`.
pub struct FireAction;

impl ChartAction for FireAction {
    type Fields = FireFields;

    const ABOUT: &'static About = &About {
        name: "fire",
        summary: "one fire: firepower + band dice + modifiers on the Fire Combat Results table, hits and the target's morale check",
        headline: Some(("hit", "yes")),
        default_table: Some(("firer_figures=2..12", Some("band=long,normal,short"))),
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "hit",
                "yes",
                "the target loses at least one figure or section",
            ),
            (
                "result",
                "no-effect, MC ... 4H",
                "the Fire Combat Results entry (MC: a morale check; 1MC/2MC: +1/+2 to it; nH: n hits and a check at +2, +2, +3, +4)",
            ),
            ("target_after", "eliminated", "no figures or guns left"),
            (
                "target_broken",
                "yes",
                "the target ends Routed or eliminated",
            ),
            ("fall_back", "0-24", "inches the target falls back"),
        ]
    }

    fn provisional(&self, charts: &Charts) -> Option<String> {
        charts.fcr.provisional.clone()
    }

    fn working(&self, f: FireFields, charts: &Arc<Charts>) -> Vec<String> {
        let situation = f.situation();
        let (firer, target) = (f.firer.standing_now(), f.target.standing_now());
        let mut lines = working(charts, firer, target, &situation);
        let morale = f
            .target
            .mmp(charts, &f.target.now, f.target_charging, &f.bad(charts), 0);
        lines.push(format!(
            "the target's morale check: MMP {morale} before the result's add-on and any hits"
        ));
        lines
    }

    fn build(&self, f: FireFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        if let Some((field, message)) = refusal(charts, "firer", &f.firer, &f.band) {
            return Err(InputError::argument(&field, message));
        }
        if f.firer.now.broken() {
            return Err(InputError::argument(
                "firer_level",
                "a Routed unit (or one with no figures) does not fire",
            ));
        }
        if f.target.now.gone() {
            return Err(InputError::argument(
                "target_figures",
                "the target has no figures left",
            ));
        }
        if f.deliberate
            && (f.firer.arm != Arm::Artillery || !matches!(f.band.as_str(), "long" | "normal"))
        {
            return Err(InputError::argument(
                "deliberate",
                "deliberate fire is artillery's, at long or normal range",
            ));
        }
        check_enfilade(charts, &f.target, &f.enfilade, "enfilade")?;
        let situation = f.situation();
        let shot = shot(
            charts,
            f.firer.standing_now(),
            f.target.standing_now(),
            &situation,
        )
        .ok_or_else(|| InputError::argument("firer_figures", "the firer cannot fire"))?;
        let bad = f.bad(charts);
        Ok(Box::new(ProcedureModel::new(Fire {
            target: f.target,
            situation,
            shot,
            bad,
            pass_through: f.pass_through,
            charts: charts.clone(),
        })))
    }
}
