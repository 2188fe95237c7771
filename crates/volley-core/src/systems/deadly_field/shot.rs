//! The shot: a firer's firepower (its weapon's table by figures, or the
//! battery's by sections and side, halved for Disorder, Shaken, skirmishers
//! and a farm), the range band's dice less any lost, and the firer's and the
//! best two / worst two of the target's die-roll modifiers, read on the Fire
//! Combat Results table. Fire, the charge and the firefight all shoot through
//! it.

use super::charts::{Charts, DrmOrder, FcrRowBy, HalfRound, best_and_worst_two};
use super::roll_points::FIRE_ROLL;
use super::shot_seen::ShotSeen;
use super::unit::{Arm, Condition, Regiment, Standing};
use super::vocabulary::BANDS;
use super::vocabulary::LEVELS;
use crate::dice::{Dice, Roll};
use crate::rules::rolls::Verdict;

pub use super::fire_situation::FireSituation;

/// Enfilade: the side of the target the fire comes from.
pub const ENFILADES: [&str; 6] = [
    "none",
    "side",
    "partial-flank",
    "full-flank",
    "front",
    "rear",
];

/// The bad morale modifiers a fire gives its target's check: the enfilade the
/// fire comes from, and `near` (an enemy within 1 inch, or 0). The one place
/// `fire` and the charge take them from.
pub fn target_bad(
    charts: &Charts,
    firer: &Regiment,
    target: &Regiment,
    s: &FireSituation,
    near: i32,
) -> [i32; 2] {
    [enfilade_morale(charts, firer, target, s), near]
}

/// The `&'static` spelling of a value a choice field already checked against
/// `names` (a situation then costs no allocation per fire).
pub fn named(names: &[&'static str], value: &str) -> &'static str {
    names
        .iter()
        .copied()
        .find(|n| *n == value)
        .unwrap_or(names[0])
}

/// One fire, its numbers settled: firepower, dice, modifiers, table row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub firepower: i32,
    pub dice: u32,
    pub modifier: i32,
    pub row: usize,
    /// Who fires at whom, as its roll point shows a house rule
    /// ([`ShotSeen::shown`]).
    pub seen: ShotSeen,
}

impl Shot {
    /// Roll the dice and read the table: an index into the table's labels.
    pub fn roll<D: Dice>(&self, charts: &Charts, dice: &mut D) -> usize {
        self.roll_with(charts, dice, 0)
    }

    /// As [`Shot::roll`] with `fewer` dice (pass-through fire), rolled at
    /// the fire roll point under the house rules' roll rules.
    pub fn roll_with<D: Dice>(&self, charts: &Charts, dice: &mut D, fewer: u32) -> usize {
        let base = self.firepower + self.modifier;
        let n = self.dice.saturating_sub(fewer);
        if n == 0 {
            // No dice, no roll.
            return charts.fcr_result(self.row, base);
        }
        let shown = || self.seen.shown(self.firepower, self.dice);
        charts.rolls.roll(&FIRE_ROLL, dice, shown, |dice, adjust| {
            let base = base + adjust.modifier;
            let result = dice.classify(Roll::Sum(n, 6), |total| {
                charts.fcr_result(self.row, base + total as i32)
            });
            // The table's first result is no effect.
            (result, Verdict::failed_if(result == 0))
        })
    }
}

/// The arm's key in the bands table.
fn band_key(charts: &Charts, firer: &Regiment) -> &'static str {
    match firer.arm {
        Arm::Infantry => "infantry",
        Arm::MountedCavalry | Arm::DismountedCavalry => "cavalry",
        Arm::Artillery => {
            if battery(charts, firer).is_some_and(|b| b.rifled) {
                "rifled"
            } else {
                "smoothbore"
            }
        }
    }
}

pub(super) fn weapon_name(firer: &Regiment) -> &str {
    match (firer.weapon.as_str(), firer.arm) {
        ("standard", Arm::Artillery) => "12pdr-napoleon",
        ("standard", _) => "rifle-muskets",
        (name, _) => name,
    }
}

fn battery<'a>(charts: &'a Charts, firer: &Regiment) -> Option<&'a super::charts::Battery> {
    charts.data.artillery_fp.rows.get(weapon_name(firer))
}

/// A 2..8-figure row read for any number of figures: more than 8 fire as 8, one
/// figure half the 2-figure value (rounded down).
fn by_figures(row: &[i32; 7], figures: u32) -> i32 {
    match figures {
        0 => 0,
        1 => row[0] / 2,
        f => row[(f.min(8) - 2) as usize],
    }
}

/// Why a unit's weapon is not one of its arm's: (field, message).
pub fn weapon_refusal(charts: &Charts, prefix: &str, firer: &Regiment) -> Option<(String, String)> {
    let d = &charts.data;
    let weapon = weapon_name(firer);
    let known = match firer.arm {
        Arm::Infantry => d.infantry_fp.rows.contains_key(weapon),
        Arm::MountedCavalry | Arm::DismountedCavalry => d.cavalry_fp.rows.contains_key(weapon),
        Arm::Artillery => d.artillery_fp.rows.contains_key(weapon),
    };
    if known {
        return None;
    }
    let table: Vec<String> = match firer.arm {
        Arm::Infantry => d.infantry_fp.rows.keys().cloned().collect(),
        Arm::Artillery => d.artillery_fp.rows.keys().cloned().collect(),
        _ => d.cavalry_fp.rows.keys().cloned().collect(),
    };
    Some((
        format!("{prefix}_weapon"),
        format!(
            "`{weapon}` is not a {} weapon; it takes {}",
            firer.arm.name(),
            table.join(", ")
        ),
    ))
}

/// Why a unit cannot make this fire at all: (field, message). Checked once when a
/// question is built (a unit that routs later simply holds its fire).
pub fn refusal(
    charts: &Charts,
    prefix: &str,
    firer: &Regiment,
    band: &str,
) -> Option<(String, String)> {
    let field = |name: &str| format!("{prefix}_{name}");
    let d = &charts.data;
    let weapon = weapon_name(firer);
    if let Some(refused) = weapon_refusal(charts, prefix, firer) {
        return Some(refused);
    }
    let columns = matches!(
        firer.formation.as_str(),
        "attack-column" | "road-column" | "limbered"
    );
    if columns {
        return Some((
            field("formation"),
            format!("a unit in {} cannot fire", firer.formation),
        ));
    }
    let key = band_key(charts, firer);
    if !d.bands.rows.get(band).is_some_and(|b| b.contains_key(key)) {
        return Some(("band".to_string(), {
            let bands: Vec<&str> = BANDS
                .iter()
                .copied()
                .filter(|b| d.bands.rows.get(*b).is_some_and(|b| b.contains_key(key)))
                .collect();
            format!(
                "{} ({key}) has no {band} range band; it fires at {}",
                firer.arm.name(),
                bands.join(", ")
            )
        }));
    }
    if firer.arm == Arm::MountedCavalry && band != "point-blank" {
        return Some((
            "band".to_string(),
            "mounted cavalry fire only at point-blank range".to_string(),
        ));
    }
    if firer.arm.is_cavalry() && d.cavalry_fp.rows[weapon].pbf_only && band != "point-blank" {
        return Some((
            field("weapon"),
            format!("{weapon} fire only at point-blank range"),
        ));
    }
    None
}

/// A unit's firepower from its table, before any halving. Cavalry at point-blank
/// add their pistols ("cav FP + pistol FP"); mounted cavalry fire at no other
/// range.
pub(super) fn table_firepower(
    charts: &Charts,
    firer: &Regiment,
    figures: u32,
    band: &str,
) -> Option<i32> {
    let d = &charts.data;
    let weapon = weapon_name(firer);
    Some(match firer.arm {
        Arm::Infantry => by_figures(&d.infantry_fp.rows.get(weapon)?.fp, figures),
        Arm::MountedCavalry | Arm::DismountedCavalry => {
            let own = by_figures(&d.cavalry_fp.rows.get(weapon)?.fp, figures);
            let pistols = match (weapon, d.cavalry_fp.rows.get("pistols")) {
                ("pistols", _) | (_, None) => 0,
                (_, Some(_)) if band != "point-blank" => 0,
                (_, Some(p)) => by_figures(&p.fp, figures),
            };
            own + pistols
        }
        Arm::Artillery => {
            let b = battery(charts, firer)?;
            b.fp[(figures.clamp(1, 3) - 1) as usize][usize::from(firer.side_cs)]
        }
    })
}

/// The firer's states the card halves firepower or takes a die for, and which
/// of them hold.
pub(super) fn firer_states(firer: &Regiment, by: &Condition) -> [(&'static str, bool); 3] {
    [
        (LEVELS[usize::from(by.level)], true),
        ("skirmishers", firer.skirmishing()),
        ("farm", firer.cover == "farm"),
    ]
}

/// The states of `firer_states` that the chart's `list` names.
pub(super) fn applying(states: &[(&'static str, bool); 3], list: &[String]) -> Vec<&'static str> {
    states
        .iter()
        .filter(|(name, on)| *on && list.iter().any(|l| l == name))
        .map(|(name, _)| *name)
        .collect()
}

/// The firer's die-roll modifiers, named.
pub(super) fn firer_modifiers(
    charts: &Charts,
    firer: &Regiment,
    by: &Condition,
    s: &FireSituation,
) -> Vec<(&'static str, i32)> {
    let d = &charts.data;
    let f = &d.firer;
    let quality = firer.quality_name();
    let table = match firer.arm {
        Arm::Infantry => &f.infantry_quality,
        Arm::Artillery => &f.artillery_quality,
        _ => &f.cavalry_quality,
    };
    let mut mods = vec![(quality, table.get(quality).copied().unwrap_or(0))];
    if !by.opening_volley_used {
        match firer.arm {
            Arm::Infantry => mods.push(("opening volley", f.infantry_opening_volley)),
            Arm::DismountedCavalry => mods.push(("opening volley", f.dismounted_opening_volley)),
            _ => {}
        }
    }
    if firer.formation == "extended-line" {
        mods.push(("extended line", f.extended_line));
    }
    if firer.arm == Arm::Infantry
        && s.band == "point-blank"
        && d.infantry_fp
            .rows
            .get(weapon_name(firer))
            .is_some_and(|w| w.smoothbore)
    {
        mods.push(("smoothbore at point-blank", f.smoothbore_point_blank));
    }
    if s.deliberate {
        mods.push(("deliberate fire", f.deliberate));
    }
    mods.retain(|(_, v)| *v != 0);
    mods
}

/// The fire of `firer` at `target`, each as it stands; `None` when the firer
/// cannot fire now (routed or gone).
pub fn shot(charts: &Charts, firer: Standing, target: Standing, s: &FireSituation) -> Option<Shot> {
    let ((firer, by), (target, at)) = (firer, target);
    if by.broken() || at.gone() {
        return None;
    }
    let d = &charts.data;
    let f = &d.firer;
    let states = firer_states(firer, by);
    let mut firepower = table_firepower(charts, firer, by.figures, s.band)?;
    for _ in applying(&states, &f.half) {
        firepower = halve(charts, firepower);
    }
    let lost = applying(&states, &f.lose_die).len() as u32;
    let dice = d.bands.rows[s.band][band_key(charts, firer)].saturating_sub(lost);
    let modifier = firer_modifiers(charts, firer, by, s)
        .iter()
        .map(|(_, v)| v)
        .sum::<i32>()
        + target_modifier(charts, firer, target, s).0;
    let row_arm = match d.options.adf_fcr_row_by() {
        FcrRowBy::Firer => firer.arm,
        FcrRowBy::Target => target.arm,
    };
    let row = match row_arm {
        Arm::Infantry => 0,
        Arm::Artillery => 1,
        _ => 2,
    };
    Some(Shot {
        firepower,
        dice,
        modifier,
        row,
        seen: ShotSeen::new(firer, (target, at), s),
    })
}

/// Half firepower: rounded as the options say, at least 1 (none stays none).
fn halve(charts: &Charts, firepower: i32) -> i32 {
    match charts.data.options.adf_half_round() {
        HalfRound::Floor => firepower / 2,
        HalfRound::Up => (firepower + 1) / 2,
    }
    .max(firepower.min(1))
}

/// Whether enfilade counts: not at long range, not from or at skirmishers.
fn enfilades(firer: &Regiment, target: &Regiment, s: &FireSituation) -> bool {
    s.enfilade != "none" && s.band != "long" && !firer.skirmishing() && !target.skirmishing()
}

type Named = Vec<(&'static str, i32)>;

/// The target modifiers: the best two positive and worst two negative summed,
/// and the candidates (negative, positive) they were chosen from.
pub(super) fn target_modifier(
    charts: &Charts,
    firer: &Regiment,
    target: &Regiment,
    s: &FireSituation,
) -> (i32, Named, Named) {
    let t = &charts.data.target;
    let column = usize::from(firer.arm != Arm::Artillery);
    let mut good: Named = Vec::new();
    let mut bad: Named = Vec::new();
    let mut push = |name: &'static str, value: i32| {
        if value < 0 {
            good.push((name, value))
        } else if value > 0 {
            bad.push((name, value))
        }
    };
    let enfilade = enfilades(firer, target, s);
    if enfilade
        && let Some(pair) = target
            .enfilade_kind()
            .and_then(|k| t.enfilade.get(k))
            .and_then(|table| table.get(s.enfilade))
    {
        push("enfilade", pair[column]);
    }
    let rifled = firer.arm == Arm::Artillery && battery(charts, firer).is_some_and(|b| b.rifled);
    if rifled && target.arm == Arm::Artillery {
        push("rifled guns at artillery", t.rifled_at_artillery);
    }
    if let Some(pair) = t.quality.get(target.quality_name()) {
        push(target.quality_name(), pair[column]);
    }
    match target.arm {
        Arm::MountedCavalry => {
            let swapped = charts.data.options.adf_mtd_cav_drm_order() == DrmOrder::Swapped;
            let pair = if s.target_charging != swapped {
                t.mounted_cavalry_charging
            } else {
                t.mounted_cavalry_not_charging
            };
            push("mounted cavalry", pair[column]);
        }
        Arm::DismountedCavalry if target.skirmishing() => {
            push("dismounted skirmishers", t.dismounted_skirmishers[column])
        }
        Arm::DismountedCavalry => push("dismounted line", t.dismounted_line[column]),
        Arm::Infantry if target.skirmishing() => {
            push("skirmishers", t.infantry_skirmishers[column])
        }
        _ => {}
    }
    if s.behind_skirmishers {
        push("behind skirmishers", t.behind_skirmishers[column]);
    }
    // Cover: none for a charging unit; a farm shuts out every other benefit; an
    // unlimbered battery keeps no cover against enfilade.
    let cover = if s.target_charging {
        0
    } else {
        t.cover.get(&target.cover).map_or(0, |pair| pair[column])
    };
    if target.cover == "farm" && cover < 0 {
        good.clear();
    }
    if cover < 0 && !(target.formation == "unlimbered" && enfilade) {
        good.push(("cover", cover));
    }
    let values = |named: &Named| named.iter().map(|(_, v)| *v).collect::<Vec<_>>();
    (best_and_worst_two(&values(&good), &values(&bad)), good, bad)
}

/// The morale modifier enfilade fire gives its target ([artillery, other]).
pub fn enfilade_morale(
    charts: &Charts,
    firer: &Regiment,
    target: &Regiment,
    s: &FireSituation,
) -> i32 {
    if !enfilades(firer, target, s) {
        return 0;
    }
    let column = usize::from(firer.arm != Arm::Artillery);
    target
        .enfilade_kind()
        .and_then(|k| charts.data.bad.enfilade.get(k))
        .and_then(|table| table.get(s.enfilade))
        .map_or(0, |pair| pair[column])
}
