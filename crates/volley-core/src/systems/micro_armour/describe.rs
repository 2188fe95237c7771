//! The charts of the Micro Armour card as `volley rules` prints them.

use super::charts::Charts;
use std::fmt::Write;

/// The charts `volley rules micro-armour` knows, `options` first.
pub const CHARTS: [&str; 6] = ["options", "crt", "range", "terrain", "command", "assault"];

/// Print chart `name` (any of [`CHARTS`] but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    let d = &charts.data;
    match name {
        "crt" => describe_crt(charts, out),
        "range" => describe_range(charts, out),
        "terrain" => describe_terrain(charts, out),
        "command" => describe_command(charts, out),
        _ => {
            let o = &d.overrun;
            let _ = writeln!(
                out,
                "## Overrun [{}]\ndefender's cohesion: tracked {:+}, IFV carrying troops {:+}; failures attacked on column {:+}; failed attackers on {:+}",
                o.provenance,
                o.tracked,
                o.ifv_carrying_troops,
                o.defender_failure_column,
                o.attacker_failure_column
            );
            let c = &d.close_assault;
            let _ = writeln!(
                out,
                "## Close assault [{}]\n{:+}; engineers or Type S {:+} more; mounted cavalry against unarmored {:+} more; closed range {:+}",
                c.provenance, c.drm, c.engineer_or_type_s, c.cavalry_vs_unarmored, c.closed_range
            );
            let m = &d.markers;
            let _ = writeln!(
                out,
                "## Markers [{}]\nS {:+}, D {:+}, together at most {:+}",
                m.provenance, m.suppressed, m.disorganized, m.combined_cap
            );
        }
    }
}

fn describe_crt(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Combat Results Table [{}]\n{}\nrestored cells (row/column): {}\nrows: modified 2D6 clamped to 0-19; differential above +9 is E",
        d.crt.provenance,
        d.crt.key,
        d.crt.restored_cells.join(" ")
    );
    let _ = write!(out, "{:>4}", "");
    for c in &d.crt.columns {
        let _ = write!(out, "{c:>5}");
    }
    out.push('\n');
    for row in (0..crate::systems::ghq::CRT_ROWS).rev() {
        let _ = write!(out, "{row:>4}");
        for cell in &charts.crt.cells[row] {
            let _ = write!(out, "{:>5}", cell.label());
        }
        out.push('\n');
    }
}

fn describe_range(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let r = &d.range;
    let _ = writeln!(out, "## Range Effect Chart by firer TL [{}]", r.provenance);
    for (tl, bands) in [
        ("TL1", &r.tl1),
        ("TL2", &r.tl2),
        ("TL3", &r.tl3),
        ("TL4", &r.tl4),
        ("TL5 extrapolated", &r.tl5_extrapolated),
    ] {
        let text: Vec<String> = bands
            .iter()
            .map(|b| format!("<={}\": {:+}", b.max, b.drm))
            .collect();
        let _ = writeln!(
            out,
            "{tl:<17} {}; beyond {:+}",
            text.join(", "),
            r.beyond_drm
        );
    }
    let _ = writeln!(
        out,
        "TL5 reads: {:?}; ATGMs take no range DRM",
        d.options.ma_tl5_range()
    );
}

fn describe_terrain(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let _ = writeln!(
        out,
        "## Terrain Effects Chart (DRM to the firer's cohesion and the CRT roll)\nname                 personnel other applies        concealing  provenance"
    );
    for (key, t) in &d.terrain {
        let _ = writeln!(
            out,
            "{key:<20} {:>9} {:>5} {:<14} {:<11} {}",
            t.personnel,
            t.other,
            format!("{:?}", t.applies),
            t.concealing,
            t.provenance
        );
    }
}

fn describe_command(charts: &Charts, out: &mut String) {
    let d = &charts.data;
    let c = &d.command_efficiency;
    let _ = writeln!(out, "## Command Efficiency Table [{}]", c.provenance);
    let orders: Vec<String> = c.orders.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    let _ = writeln!(out, "orders by modified roll: {}", orders.join(", "));
    let _ = writeln!(out, "generation: {:?}", c.generation);
    let m = &d.movement_orders;
    let _ = writeln!(
        out,
        "## Movement Cohesion Chart [{}]\nHQ attached {:+} each; under order {:+}; R without order {:+}; other without order {:+}; S {:+}; D {:+}",
        m.provenance,
        m.hq_attached_each,
        m.under_order,
        m.r_without_order,
        m.other_without_order,
        m.suppressed,
        m.disorganized
    );
}
