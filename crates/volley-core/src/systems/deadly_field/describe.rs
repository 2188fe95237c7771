//! The charts of the Across A Deadly Field card as `volley rules` prints them.

use super::charts::Charts;
use std::fmt::Write;

/// Print chart `name` (any of the system's charts but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    let d = &charts.data;
    match name {
        "morale" => describe_morale(charts, out),
        "firepower" => describe_firepower(charts, out),
        "fcr" => describe_fcr(charts, out),
        "movement" => describe_movement(charts, out),
        "cmm" => describe_cmm(charts, out),
        _ => {
            let i = &d.impact;
            let _ = writeln!(
                out,
                "## Charge impact [{}]\nmargin 0 melee; {} stop short; ",
                i.provenance, i.stop_short_margin
            );
            for b in &i.bands {
                let _ = writeln!(
                    out,
                    "{}-{}: losers fall back that far, lose {} figure(s), become {}",
                    b.min, b.max, b.figures, b.level
                );
            }
            let _ = writeln!(out, "{}+: the losers surrender", i.surrender_margin);
        }
    }
}

fn describe_morale(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let b = &d.bmp;
    let _ = writeln!(
        out,
        "## Basic Morale Point [{}]\n(no stand lost, one lost of three, last stand)\nelite {:?}  veteran {:?}  trained {:?}  green {:?}; artillery +{} per section lost",
        b.provenance, b.elite, b.veteran, b.trained, b.green, b.artillery_per_section_lost
    );
    let _ = writeln!(
        out,
        "## Levels [{}]: {:?} add {:?}; MMP clamped to {}-{}",
        d.levels.provenance, d.levels.names, d.levels.addon, d.mmp.min, d.mmp.max
    );
    let r = &d.resolution;
    let _ = writeln!(
        out,
        "## Morale check [{}]\n2D6, pass at or above the MMP. natural {}: Good Order; natural {}: Routed (Elite Shaken); natural {}: Shaken (Elite Disorder); margin <= {}: drop 2; -4..-1: drop 1; 0: no change; +1..+4: improve 1; >= +{}: improve 2",
        r.provenance,
        r.natural_good_order,
        r.natural_rout,
        r.natural_shaken,
        r.drop_two_at_or_below,
        r.improve_two_at_or_above
    );
}

fn describe_movement(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.movement;
    let _ = writeln!(
        out,
        "## Movement, inches per move [{}]\n(0 = not allowed)\nterrain: {}",
        m.provenance,
        m.terrain.join(", ")
    );
    for (arm, table) in [
        ("infantry", &m.infantry),
        ("mounted cavalry", &m.mounted_cavalry),
        ("dismounted cavalry", &m.dismounted_cavalry),
    ] {
        for (formation, moves) in table {
            let _ = writeln!(out, "{arm} {formation}: {moves:?}");
        }
    }
    let _ = writeln!(
        out,
        "routed: infantry {:?} D6, cavalry {:?} D6; the charge bonus is half the routed roll (options.adf_charge_bonus)",
        m.infantry_routed_dice, m.cavalry_routed_dice
    );
    for (battery, moves) in &m.artillery {
        let cells: Vec<String> = moves.iter().map(|p| format!("{}-{}", p[0], p[1])).collect();
        let _ = writeln!(out, "{battery} (limbered-unlimbered): {}", cells.join(" "));
    }
}

fn describe_cmm(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let c = &d.cmm;
    let _ = writeln!(out, "## Charge Morale Modifier [{}]", c.provenance);
    let _ = writeln!(out, "infantry: {:?}", c.infantry);
    let _ = writeln!(out, "mounted cavalry: {:?}", c.cavalry);
    let _ = writeln!(out, "dismounted cavalry: {:?}", c.dismounted_cavalry);
    let _ = writeln!(out, "routed: {}", c.routed_provenance);
}

fn describe_firepower(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Infantry firepower [{}]\n(2 to 8 figures; more fire as 8, one as half of 2)",
        d.infantry_fp.provenance
    );
    for (name, w) in &d.infantry_fp.rows {
        let _ = writeln!(
            out,
            "{name:<28} NR {:>4}  {:?}{}  [{}]",
            w.nr,
            w.fp,
            if w.smoothbore { " smoothbore" } else { "" },
            w.provenance
        );
    }
    let _ = writeln!(
        out,
        "## Cavalry firepower [{}]\n(dismounted; mounted cavalry fire at point-blank only, adding pistols)",
        d.cavalry_fp.provenance
    );
    for (name, w) in &d.cavalry_fp.rows {
        let _ = writeln!(
            out,
            "{name:<28} NR {:>4}  {:?}{}",
            w.nr,
            w.fp,
            if w.pbf_only { " point-blank only" } else { "" }
        );
    }
    let _ = writeln!(
        out,
        "## Artillery firepower [{}]\n(1, 2, 3 sections as US-CS)",
        d.artillery_fp.provenance
    );
    for (name, b) in &d.artillery_fp.rows {
        let cells: Vec<String> = b.fp.iter().map(|p| format!("{}-{}", p[0], p[1])).collect();
        let _ = writeln!(
            out,
            "{name:<28} NR {:>4}  {:<18} {}  [{}]",
            b.nr,
            cells.join(" "),
            if b.rifled { "rifled" } else { "smoothbore" },
            b.provenance
        );
    }
    let _ = writeln!(out, "## Range bands: dice [{}]", d.bands.provenance);
    for (band, dice) in &d.bands.rows {
        let cells: Vec<String> = dice.iter().map(|(arm, n)| format!("{arm} {n}D6")).collect();
        let _ = writeln!(out, "{band:<12} {}", cells.join(", "));
    }
}

fn describe_fcr(charts: &Charts, out: &mut String) {
    let f = &charts.fcr;
    let _ = writeln!(
        out,
        "## Fire Combat Results [{}]",
        charts.data.fcr.provenance
    );
    if let Some(reason) = &f.provisional {
        let _ = writeln!(out, "PROVISIONAL: {reason}.");
    } else {
        let _ = writeln!(out, "the user's published table (fcr.user)");
    }
    let _ = write!(out, "{:<10}", "total");
    for (i, c) in f.columns.iter().enumerate() {
        let label = match f.columns.get(i + 1) {
            Some(next) if next - 1 > *c => format!("{c}-{}", next - 1),
            Some(_) => c.to_string(),
            None => format!("{c}+"),
        };
        let _ = write!(out, " {label:>5}");
    }
    out.push('\n');
    for (r, row) in f.rows.iter().enumerate() {
        let _ = write!(out, "{:<10}", super::charts::FCR_ROWS[r]);
        for result in row {
            let label = if *result == 0 {
                "-"
            } else {
                &f.labels[*result]
            };
            let _ = write!(out, " {label:>5}");
        }
        out.push('\n');
    }
    let key: Vec<String> = f
        .labels
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, l)| format!("{l}: {} hit(s), MMP +{}", f.hits[i], f.add[i]))
        .collect();
    let _ = writeln!(out, "{}", key.join("; "));
}
