//! A charge's volleys: each aimed once (the situation, the target's bad
//! modifiers, the shot) and then fired. Its closing volleys, the melee's or
//! a stop-short's: the defender's at the charger and the charger's at the
//! defender, fired at once. The
//! charge's steps play them one after the other on the trial's dice; the
//! exact method of best play ([`crate::engine::Stepped::exact_step`])
//! enumerates each alone and pairs their ends, because the charger's volley
//! reads nothing the defender's changed.

use super::charge::{Charge, ChargeEnd, ChargeOutcome, CloseBand, disorder};
use super::charge_steps::ChargeState;
use super::fire;
use super::shot::{FireSituation, Shot, shot, target_bad};
use super::unit::{Condition, Regiment};
use crate::dice::{Dice, Enumerator, OverBudget};
use crate::engine::StepMoves;
use rustc_hash::FxHashMap;

/// A volley aimed: see [`Charge::aim`].
pub(super) struct Aimed<'a> {
    shot: Option<Shot>,
    bad: [i32; 3],
    target_charging: bool,
    target: &'a Regiment,
    at: Condition,
}

impl Charge {
    /// What a volley settles before its dice: its shot (none when the
    /// firer may not fire) and the target's bad modifiers. The exact
    /// method plays a volley once for every leaf of its dice: aimed once,
    /// the shot is not worked out again for each. `bad`: the target's bad
    /// morale modifiers from the charge (its flank, an enemy within 1 inch);
    /// the fire's own (enfilade) is added as `fire` adds it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn aim<'a>(
        &self,
        firer: &Regiment,
        by: &Condition,
        target: &'a Regiment,
        at: &Condition,
        band: &'static str,
        target_charging: bool,
        bad: [i32; 2],
    ) -> Aimed<'a> {
        let situation = FireSituation::at_front(&self.charts, band, target, target_charging);
        let [enfilade, near] = target_bad(&self.charts, firer, target, &situation, bad[1]);
        Aimed {
            shot: shot(&self.charts, (firer, by), (target, at), &situation),
            bad: [enfilade, bad[0], near],
            target_charging,
            target,
            at: *at,
        }
    }

    /// The volley `aimed`: its target after it, and whether it fell back.
    pub(super) fn fire_aimed<D: Dice>(&self, aimed: &Aimed, dice: &mut D) -> (Condition, bool) {
        match &aimed.shot {
            None => (aimed.at, false),
            Some(s) => {
                let result = s.roll(&self.charts, dice);
                let e = fire::apply(
                    &self.charts,
                    result,
                    aimed.target,
                    &aimed.at,
                    aimed.target_charging,
                    &aimed.bad,
                    true,
                    dice,
                );
                (e.after, e.check.is_some_and(|c| c.fall_back > 0))
            }
        }
    }

    /// The defender's closing volley at the charger, at `band`.
    pub(super) fn aim_defenders_volley(
        &self,
        att: Condition,
        def: Condition,
        band: CloseBand,
    ) -> Aimed<'_> {
        let bad = [0, self.attacker_bad(&def)[0]];
        let (d, a) = (&self.defender, &self.attacker);
        self.aim(d, &def, a, &att, band.name(), true, bad)
    }

    /// The charger's closing volley at the defender, at `band`, fired as the
    /// charger stood before the defender's.
    pub(super) fn aim_attackers_volley(
        &self,
        att: Condition,
        def: Condition,
        band: CloseBand,
    ) -> Aimed<'_> {
        let bad = self.defender_bad(&att);
        let (a, d) = (&self.attacker, &self.defender);
        self.aim(a, &att, d, &def, band.name(), false, bad)
    }

    /// A volley at a target standing as `at`, if one was aimed (a side with
    /// no band fires none): the target after it, and whether it fell back.
    pub(super) fn fire_if_aimed<D: Dice>(
        &self,
        aimed: Option<&Aimed>,
        at: Condition,
        dice: &mut D,
    ) -> (Condition, bool) {
        match aimed {
            Some(aimed) => self.fire_aimed(aimed, dice),
            None => (at, false),
        }
    }

    /// The charge's end once both volleys are fired: it carries when the
    /// defender broke or fell back and the charger did neither.
    pub(super) fn after_volleys(
        &self,
        class: ChargeEnd,
        (att_after, att_fell_back): (Condition, bool),
        (def_after, def_fell_back): (Condition, bool),
    ) -> ChargeOutcome {
        let carries =
            (def_after.broken() || def_fell_back) && !(att_after.broken() || att_fell_back);
        self.end(class, disorder(att_after), disorder(def_after), carries)
    }

    /// Both volleys from `Volleys`, each enumerated alone, paired: the ends
    /// (equal ends merged) in their order.
    pub(super) fn volleys_paired(
        &self,
        att: Condition,
        def: Condition,
        class: ChargeEnd,
        bands: [Option<CloseBand>; 2],
        budget: u64,
    ) -> Result<StepMoves<ChargeState>, OverBudget> {
        let mut enumerator = Enumerator::new(budget);
        // Each volley aimed once, then played for every leaf of its dice.
        let aimed = bands[1].map(|band| self.aim_defenders_volley(att, def, band));
        let (at_charger, _) =
            enumerator.merged(|dice| self.fire_if_aimed(aimed.as_ref(), att, dice))?;
        let aimed = bands[0].map(|band| self.aim_attackers_volley(att, def, band));
        let (at_defender, _) =
            enumerator.merged(|dice| self.fire_if_aimed(aimed.as_ref(), def, dice))?;
        let mut ends: FxHashMap<ChargeState, f64> = FxHashMap::default();
        for &(att_after, p) in &at_charger {
            for &(def_after, q) in &at_defender {
                let end = ChargeState::Over(self.after_volleys(class, att_after, def_after));
                *ends.entry(end).or_insert(0.0) += p * q;
            }
        }
        let mut ends: Vec<_> = ends.into_iter().collect();
        ends.sort_unstable_by_key(|a| a.0);
        Ok(ends)
    }
}

#[cfg(test)]
mod tests {
    use super::super::charge_action::{ChargeFields, charge};
    use super::*;
    use crate::action::fields_under;
    use crate::engine::{SharedSteps, exact_ends, exact_ends_shared};

    #[test]
    fn volleys_paired_give_the_ends_of_the_volleys_stepped() {
        let cases: &[&[(&str, &str)]] = &[
            &[],
            &[
                ("attacker_quality", "elite"),
                ("defender_cover", "heavy-woods"),
            ],
            &[
                ("attacker_quality", "green"),
                ("defender_level", "disorder"),
            ],
            &[("reaction_fire", "none"), ("attacker_figures", "6")],
        ];
        for fields in cases {
            let (charts, read) = fields_under::<ChargeFields>("deadly-field", &[], fields);
            let charge = charge(&charts, read).unwrap();
            let stepped = exact_ends(&charge, 1 << 24).unwrap();
            let paired = exact_ends_shared(&charge, &SharedSteps::default(), 1 << 24).unwrap();
            assert_eq!(stepped.len(), paired.len(), "{fields:?}");
            let volleys = stepped
                .iter()
                .filter(|(o, _)| matches!(o.class, ChargeEnd::Melee | ChargeEnd::StopShort));
            assert!(
                volleys.count() > 0,
                "{fields:?}: the case reaches the volleys"
            );
            for ((a, p), (b, q)) in stepped.iter().zip(&paired) {
                assert_eq!(a, b, "{fields:?}");
                assert!(
                    (p - q).abs() <= 1e-15,
                    "{fields:?} {a:?}: {p} stepped, {q} paired"
                );
            }
        }
    }
}
