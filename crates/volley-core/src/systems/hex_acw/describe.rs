//! The charts of the hex ACW card as `volley rules` prints them.

use super::charts::Charts;
use std::fmt::Write;

/// Print chart `name` (any of the system's charts but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    match name {
        "firepower" => describe_firepower(charts, out),
        _ => {
            let c = &charts.casualties;
            let _ = writeln!(out, "## Casualties (d6) [{}]", c.provenance);
            let mut low = 1;
            for band in &c.bands {
                let label = if band.max >= 1_000_000 {
                    format!("{low}+")
                } else {
                    format!("{low}-{}", band.max)
                };
                let _ = writeln!(out, "{label:<8} {:?}", band.casualties);
                low = band.max + 1;
            }
        }
    }
}

fn describe_firepower(charts: &Charts, out: &mut String) {
    let f = &charts.firepower;
    let _ = writeln!(
        out,
        "## Firepower per figure by range in hexes [{}]",
        f.provenance
    );
    for (arm, fire) in [
        ("infantryman", &f.infantry),
        ("cavalryman", &f.cavalry),
        ("gun", &f.artillery),
    ] {
        let _ = writeln!(out, "{arm:<12} {:?} (ranges 1..{})", fire.power, fire.range);
    }
    let _ = writeln!(
        out,
        "cover in or between: total halved once ({:?})",
        charts.options.hx_half_round()
    );
}
