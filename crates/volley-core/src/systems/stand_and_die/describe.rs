//! The charts of the Stand and Die! card as `volley rules` prints them.

use super::charts::Charts;
use std::fmt::Write;

/// Print chart `name` (any of the system's charts but `options`) into `out`.
pub fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
    match name {
        "chances" => describe_chances(charts, out),
        _ => {
            let c = &charts.casualties;
            let _ = writeln!(
                out,
                "## Casualties [{}]\neach whole 1 of the total: one casualty; the fraction: one more on a d{} roll at or under ten times it\ninfantry fall first; a gun takes {} casualties (only when no infantry is left), then is inoperable",
                c.provenance, c.fraction_die, c.casualties_per_gun
            );
        }
    }
}

fn describe_chances(charts: &Charts, out: &mut String) {
    let c = &charts.chances;
    let r = &charts.rear;
    let _ = writeln!(
        out,
        "## Chance per firer that an enemy figure dies [{}]",
        c.provenance
    );
    let _ = writeln!(
        out,
        "{:<10} {:>8} {:>8} {:>14} {:>14} {:>6}",
        "firer", "standing", "fallback", "standing cover", "fallback cover", "rear"
    );
    for (arm, ch, rear) in [
        ("infantry", &c.infantry, r.infantry),
        ("cavalry", &c.cavalry, r.cavalry),
        ("gun", &c.gun, r.gun),
    ] {
        let t = |v: u32| f64::from(v) / 10.0;
        let _ = writeln!(
            out,
            "{arm:<10} {:>8} {:>8} {:>14} {:>14} {:>+6}",
            t(ch.standing),
            t(ch.fallback),
            t(ch.standing_cover),
            t(ch.fallback_cover),
            t(rear)
        );
    }
}
