//! `volley rules micro-force [CHART]`: the charts as volley reads them.

use super::charts::{BILL_COLUMNS, BILL_MIN_ROW, BILL_ROWS, Charts};
use std::fmt::Write;

pub const CHARTS: [&str; 10] = [
    "options",
    "competence",
    "dv",
    "butchers-bill",
    "fire-modifiers",
    "cohesion-loss",
    "officer",
    "movement",
    "melee",
    "recovery",
];

fn table(
    out: &mut String,
    title: &str,
    provenance: &str,
    rows: &std::collections::BTreeMap<String, std::collections::BTreeMap<String, i32>>,
) {
    let _ = writeln!(out, "{title} [{provenance}]");
    for (cover, cells) in rows {
        let cells: Vec<String> = cells.iter().map(|(f, v)| format!("{f} {v}")).collect();
        let _ = writeln!(out, "  {cover:<7} {}", cells.join(", "));
    }
}

/// Print chart `name` (any of [`CHARTS`] but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    let d = &charts.data;
    match name {
        "competence" => describe_competence(charts, out),
        "dv" => describe_dv(charts, out),
        "butchers-bill" => describe_butchers_bill(charts, out),
        "fire-modifiers" => describe_fire_modifiers(charts, out),
        "cohesion-loss" => describe_cohesion_loss(charts, out),
        "officer" => describe_officer(charts, out),
        "movement" => describe_movement(charts, out),
        "melee" => describe_melee(charts, out),
        _ => {
            let r = &d.recovery;
            let _ = writeln!(
                out,
                "## Marker recovery [{}]\ncease fire {:+}; rally shaken {:+}; rally routed {:+}; rejoin {:+}; resupply {:+}; miracle rally on {:?}",
                r.provenance,
                r.cease_fire,
                r.rally_shaken,
                r.rally_routed,
                r.rejoin,
                r.resupply,
                d.options.mf_miracle_rally_face()
            );
        }
    }
}

fn describe_competence(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let c = &d.competence;
    let _ = writeln!(
        out,
        "## Chart 2, Who will follow me? [{}]\nlevel radius bonus cohesion",
        c.provenance
    );
    for level in 0..4 {
        let _ = writeln!(
            out,
            "{level:>5} {:>5}\" {:>5} {:>8}",
            c.radius[level], c.initiative_bonus[level], c.cohesion[level]
        );
    }
}

fn describe_dv(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Chart 5, Like a Stone Wall [{}]; +{} at or below half strength",
        d.dv.provenance, d.dv.at_half_strength
    );
    table(
        out,
        "infantry (and dismounted cavalry)",
        "printed",
        &d.dv.infantry,
    );
    table(out, "mounted cavalry", "reconstructed", &d.dv.cavalry);
    table(out, "artillery", "printed", &d.dv.artillery);
    let _ = writeln!(
        out,
        "options: skirmish/light {}, cavalry skirmish/light {}, cavalry in medium/heavy cover: {:?}",
        d.options.mf_dv_skirmish_light(),
        d.options.mf_dv_cav_light_skirmish(),
        d.options.mf_cav_heavy_cover()
    );
    for (cell, note) in &d.dv_provenance {
        let _ = writeln!(out, "  {cell}: {note}");
    }
}

fn describe_butchers_bill(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Chart 6, The Butcher's Bill [{}]\nrows: modified 2D6 (14 = 14+, below -2 = -2); columns: AV - DV",
        d.butchers_bill.provenance
    );
    let _ = write!(out, "roll");
    for c in &d.butchers_bill.columns {
        let _ = write!(out, "{c:>7}");
    }
    out.push('\n');
    for r in (0..BILL_ROWS).rev() {
        let _ = write!(out, "{:>4}", r as i32 + BILL_MIN_ROW);
        for c in 0..BILL_COLUMNS {
            let _ = write!(out, "{:>7}", charts.bill[r][c].label());
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "n = steps lost (infantry, cavalry); n/x = n steps or x stands (artillery); S = test for Shaken"
    );
}

fn describe_fire_modifiers(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.fire_modifiers;
    let _ = writeln!(
        out,
        "## Firing penalties and bonuses [{}]\nfailed pre-fire cohesion {:+}\nfirer shaken {:+}\nfirer disordered {:+}\ntarget in movement posture {:+}\nfirer in column {:+}, attack column {:+}, skirmish {:+} ({:?})\nrear fire {:+}\nenfilade {:+}\ntarget disordered {:+}\nfirst fire: +{} stands ({:?})",
        m.provenance,
        m.failed_cohesion,
        m.firer_shaken,
        m.firer_disordered,
        m.target_moving,
        m.firer_column,
        m.firer_attack_column,
        m.firer_skirmish,
        d.options.mf_fire_formation_mods(),
        m.rear,
        m.enfilade,
        m.target_disordered,
        m.first_fire_stands,
        d.options.mf_first_fire()
    );
}

fn describe_cohesion_loss(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Chart 7, Steady, Boys! [{}]; rows 8-9: {:?}",
        d.cohesion_loss.provenance,
        d.options.mf_c7_rows89()
    );
    for stands in 1..=9u32 {
        let row: Vec<String> = (1..2 * stands)
            .map(|lost| charts.cohesion_loss(stands, lost).to_string())
            .collect();
        let _ = writeln!(
            out,
            "{stands} stands: {} | {} steps: eliminated",
            row.join(" "),
            2 * stands
        );
    }
    let _ = writeln!(out, "artillery: {:?}", d.options.mf_art_cohesion_loss());
}

fn describe_officer(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let o = &d.officer;
    let _ = writeln!(
        out,
        "## Chart 8, They couldn't hit an elephant [{}]; hit chance {}/6 per step-loss event",
        o.provenance,
        d.options.mf_officer_hit_chance()
    );
    for i in 0..6 {
        let _ = writeln!(
            out,
            "{}: {} (cohesion -{}{}{})",
            i + 1,
            o.results[i],
            o.cohesion_loss[i],
            if o.removed[i] { ", removed" } else { "" },
            if o.results[i].contains("death") {
                format!(", command tests at +{}", o.death_test_modifier[i])
            } else {
                String::new()
            }
        );
    }
}

fn describe_movement(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.movement;
    let _ = writeln!(
        out,
        "## Chart 9, At the Double Quick [{}]: open / road / rough inches (0 = n/a)",
        m.provenance
    );
    for (arm, rows) in [
        ("infantry", &m.infantry),
        ("cavalry", &m.cavalry),
        ("artillery", &m.artillery),
    ] {
        for (formation, v) in rows {
            let _ = writeln!(out, "{arm:<10} {formation:<14} {:?}", v);
        }
    }
    let _ = writeln!(
        out,
        "mounted officers {:?}; charge bonus 1D6{:+}",
        m.officer, m.charge_bonus_offset
    );
}

fn describe_melee(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.melee;
    let _ = writeln!(out, "## Chart 10, Bayonets, Boys! [{}]", m.provenance);
    for diff in -m.max_difference..=m.max_difference {
        let _ = writeln!(out, "{diff:>3}: {}", charts.melee_result(diff).text);
    }
    let _ = writeln!(out, "dice by ratio (attacker:defender): {:?}", m.dice);
    for (k, v) in &m.modifiers {
        let _ = writeln!(out, "  {k} {v:+}");
    }
}
