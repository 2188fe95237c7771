//! `volley rules micro-squad [CHART]`: the charts as volley reads them, with their
//! provenance, after any house rules.

use super::charts::{Charts, CrtAlignment};
use crate::systems::ghq::{CRT_COLUMNS, CRT_ROWS, GhqCard};
use std::fmt::Write;

pub const CHARTS: [&str; 11] = [
    "options",
    "crt",
    "terrain",
    "range",
    "markers",
    "movement-orders",
    "command-efficiency",
    "overrun",
    "close-assault",
    "mines",
    "anti-aircraft",
];

/// Print chart `name` (any of [`CHARTS`] but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    let d = &charts.data;
    match name {
        "crt" => describe_crt(charts, out),
        "terrain" => describe_terrain(charts, out),
        "range" => describe_range(charts, out),
        "markers" => describe_markers(charts, out),
        "movement-orders" => describe_movement_orders(charts, out),
        "command-efficiency" => describe_command_efficiency(charts, out),
        "overrun" => describe_overrun(charts, out),
        "close-assault" => describe_close_assault(charts, out),
        "mines" => describe_mines(charts, out),
        _ => {
            let a = &d.anti_aircraft;
            let v = &d.deviation;
            let _ = writeln!(
                out,
                "## Anti-aircraft and deviation [{}; {}]\neach successful AA stand of {} mm or less: {:+}; larger: {:+}\nartillery deviation: 1D{} direction, {}D6 inches; air strike: 1D{} direction, {}D6 inches",
                a.provenance,
                v.provenance,
                a.small_calibre_max_mm,
                a.small_calibre_bonus,
                a.large_calibre_bonus,
                v.artillery_direction_die,
                v.artillery_distance_dice,
                v.air_direction_die,
                v.air_distance_dice
            );
        }
    }
}

fn describe_crt(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let reading = match d.options.ms_crt_alignment() {
        CrtAlignment::A => ("a", &d.crt.a),
        CrtAlignment::B => ("b", &d.crt.b),
    };
    let _ = writeln!(
        out,
        "## Combat Results Table, reading ({}) [{}]\n{}\nrows: modified 2D6 clamped to 0-19; columns: differential, > +9 read as +9",
        reading.0, d.crt.provenance, d.crt.key
    );
    let _ = write!(out, "roll ");
    for c in &d.crt.columns {
        let _ = write!(out, "{c:>4}");
    }
    let _ = writeln!(out, "  provenance");
    for row in (0..CRT_ROWS).rev() {
        let _ = write!(out, "{row:>4} ");
        for c in 0..CRT_COLUMNS {
            let _ = write!(out, "{:>4}", charts.crt().cells[row][c].label());
        }
        let provenance = reading
            .1
            .provenance
            .get(&row.to_string())
            .or_else(|| reading.1.provenance.get("other_rows"))
            .map(String::as_str)
            .unwrap_or("");
        let _ = writeln!(out, "  {provenance}");
    }
    let _ = writeln!(
        out,
        "below -3: not allowed, except artillery: result {}",
        d.crt.artillery_below_min
    );
}

fn describe_terrain(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Terrain Effects Chart (firer's cohesion and CRT roll; personnel / other)"
    );
    let _ = writeln!(
        out,
        "{:<26} {:>5} {:>5}  {:<14} {:<8} {:<8} {:<8} {:<12} note",
        "terrain", "pers", "other", "applies", "tracked", "wheeled", "foot", "LOS"
    );
    for (key, t) in &d.terrain {
        let applies = if t.cohesion_only {
            "cohesion only".to_string()
        } else {
            format!("{:?}", t.applies).to_lowercase()
        };
        let _ = writeln!(
            out,
            "{key:<26} {:>+5} {:>+5}  {applies:<14} {:<8} {:<8} {:<8} {:<12} [{}] {}",
            t.personnel,
            t.other,
            t.move_tracked,
            t.move_wheeled,
            t.move_foot,
            t.los_blocked,
            t.provenance,
            t.note
        );
    }
}

fn describe_range(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    for (label, table) in [
        ("general", &d.range.general),
        ("infantry", &d.range.infantry),
    ] {
        let _ = writeln!(
            out,
            "## Range effect on combat die rolls: {label} [{}]",
            table.provenance
        );
        let mut low = 1;
        for band in &table.bands {
            let _ = writeln!(out, "{low:>3}-{:<3} in  {:+}", band.max, band.drm);
            low = band.max + 1;
        }
        if let (Some(every), Some(step)) = (table.beyond_every, table.beyond_drm) {
            let _ = writeln!(out, "each further {every} in  {step:+} more");
        }
    }
    let _ = writeln!(
        out,
        "infantry small arms end at {} in (options.ms_inf_max_range)",
        d.options.ms_inf_max_range()
    );
}

fn describe_markers(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Markers [{}]\nS suppressed: +{} to all cohesion rolls\nD disorganized: +{} to all cohesion rolls; a further D eliminates",
        d.markers.provenance, d.markers.suppressed, d.markers.disorganized
    );
}

fn describe_movement_orders(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.movement_orders;
    let _ = writeln!(
        out,
        "## Movement Orders Chart [{}]\nGHQ eliminated: no further orders\neach HQ stand attached: {:+}\nunder order: {:+}\n[R] without order: {:+}\nother without order: {:+}\nsuppressed: {:+}\ndisorganized: {:+}",
        m.provenance,
        m.hq_attached_each,
        m.under_order,
        m.r_without_order,
        m.other_without_order,
        m.suppressed,
        m.disorganized
    );
}

fn describe_command_efficiency(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Command Efficiency Table [{}]; die: {:?}",
        d.command_efficiency.provenance,
        d.options.ms_command_die()
    );
    let mut rows: Vec<(i32, i64)> = d
        .command_efficiency
        .orders
        .iter()
        .filter_map(|(k, v)| Some((k.parse().ok()?, *v)))
        .collect();
    rows.sort();
    for (roll, orders) in rows {
        let _ = writeln!(out, "roll {roll:>3}: {orders} orders");
    }
}

fn describe_overrun(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let o = &d.overrun;
    let _ = writeln!(
        out,
        "## Overrun [{}]\ntracked vs personnel: defender cohesion {:+}\ntracked vs weapons: {:+}\nwheeled vs weapons: {:+}\neach failed defender roll: attack at {:+}\neach failed attacker roll: attack at {:+}",
        o.provenance,
        o.tracked_vs_personnel,
        o.tracked_vs_weapons,
        o.wheeled_vs_weapons,
        o.defender_failure_column,
        o.attacker_failure_column
    );
}

fn describe_close_assault(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let c = &d.close_assault;
    let _ = writeln!(
        out,
        "## Close Assault [{}]\nattacks at {:+}; engineers {:+} ({:?}); mounted cavalry strength x{} against unarmored; no range modifiers",
        c.provenance,
        c.drm,
        c.engineer_drm,
        d.options.ms_engineer_drm(),
        c.cavalry_strength_multiplier
    );
}

fn describe_mines(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let m = &d.mines;
    let _ = writeln!(
        out,
        "## Mine Attacks Table [{}]\nhasty: column {:+}\nprepared: column {:+}\ndefensive: column {:+}",
        m.provenance, m.hasty, m.prepared, m.defensive
    );
}
