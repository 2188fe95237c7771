//! A comparison as terminal text or Markdown (`md`): the method, then each
//! variant's differences against the baseline.

use crate::ask::compare::{Compared, DifferenceRow, VariantAnswer};
use crate::contract::PatchJson;
use crate::output::{Answer, aligned, markdown, number_digits, p_value_text, percent_digits};
use std::fmt::Write;

/// A difference in percentage points (probabilities) or in the mean's unit, with
/// its interval unless exact.
fn difference_text(row: &DifferenceRow, exact: bool) -> String {
    let d = &row.difference;
    let scale = |x: f64| match row.value {
        Some(_) => signed_points(100.0 * x),
        None => {
            let text = number_digits(x.abs());
            if x < 0.0 {
                format!("-{text}")
            } else {
                format!("+{text}")
            }
        }
    };
    let unit = if row.value.is_some() { " pts" } else { "" };
    if exact {
        format!("{}{unit}", scale(d.value))
    } else {
        format!(
            "{}{unit} [{}, {}]",
            scale(d.value),
            scale(d.low),
            scale(d.high)
        )
    }
}

/// Points with a sign, to two decimals, or to two significant digits when
/// smaller (a real difference never prints as `-0.00`); below 1e-10 points
/// (rounding between two sums of the same probabilities), `+0.00`.
fn signed_points(points: f64) -> String {
    let size = points.abs();
    if size < 1e-10 {
        return "+0.00".to_string();
    }
    if size >= 0.005 {
        return format!("{points:+.2}");
    }
    let decimals = (2 - size.log10().floor() as i32 - 1).clamp(3, 12) as usize;
    format!("{points:+.decimals$}")
}

/// Where a variant that changes nothing here would change something, when
/// that was looked for.
fn differs_line(v: &VariantAnswer) -> Option<String> {
    let probe = format!(
        "each field moved one step, {} paired trials each",
        crate::dice::grouped(crate::ask::effects::PROBE_TRIALS)
    );
    v.differs_at.as_ref().map(|moves| match moves.as_slice() {
        [] => format!("no one-step move of a field makes it differ ({probe})"),
        moves => format!("it would differ with {} ({probe})", moves.join(", or ")),
    })
}

/// The sentence a variant leads with: how it moves the action's headline,
/// or, where the headline stays, how it moves the outcome that moved most
/// (first in the table's order among equals), then that the headline stays.
fn lead(v: &VariantAnswer, h: &DifferenceRow, exact: bool) -> String {
    let moved = |r: &DifferenceRow| signed_points(100.0 * r.difference.value) != "+0.00";
    if moved(h) {
        return moves(v, h, exact);
    }
    let mut most: Option<&DifferenceRow> = None;
    for r in v.differences.iter().filter(|r| r.value.is_some()) {
        if most.is_none_or(|m| r.difference.value.abs() > m.difference.value.abs()) {
            most = Some(r);
        }
    }
    match most.filter(|m| moved(m)) {
        Some(m) => {
            let value = h.value.as_deref().unwrap_or_default();
            let stays = v
                .summary
                .probability(&h.variable, value)
                .map(|e| {
                    format!(
                        " P({} = {value}) stays at {}%.",
                        h.variable,
                        percent_digits(e.value)
                    )
                })
                .unwrap_or_default();
            format!("{}{stays}", moves(v, m, exact))
        }
        None => moves(v, h, exact),
    }
}

/// An outcome's change as a sentence: who gains and by how much
/// (`woods6 moves P(winner = a) from 48.10% to 31.70%: 16.40 points lower,
/// toward b (exact).`).
fn moves(v: &VariantAnswer, h: &DifferenceRow, exact: bool) -> String {
    let value = h.value.as_deref().unwrap_or_default();
    let outcome = format!("P({} = {value})", h.variable);
    let d = &h.difference;
    let (before, after) = match v.summary.probability(&h.variable, value) {
        Some(after) => (after.value - d.value, after.value),
        None => return format!("{outcome} changes by {}", difference_text(h, exact)),
    };
    let how_sure = if exact {
        "exact".to_string()
    } else {
        format!(
            "interval {} to {} points, p {}",
            signed_points(100.0 * d.low),
            signed_points(100.0 * d.high),
            p_text(h)
        )
    };
    let size = signed_points(100.0 * d.value);
    if size == "+0.00" {
        return format!(
            "{} leaves {outcome} at {}% ({how_sure}).",
            v.name,
            percent_digits(after)
        );
    }
    let direction = if d.value > 0.0 { "higher" } else { "lower" };
    // A side's chance of winning: the points go to the other side.
    let toward = match (h.variable.as_str(), value, d.value > 0.0) {
        ("winner", "a", false) => ", toward b".to_string(),
        ("winner", "b", false) => ", toward a".to_string(),
        ("winner", side @ ("a" | "b"), true) => format!(", toward {side}"),
        _ => String::new(),
    };
    format!(
        "{} moves {outcome} from {}% to {}%: {} points {direction}{toward} ({how_sure}).",
        v.name,
        percent_digits(before),
        percent_digits(after),
        size.trim_start_matches(['+', '-'])
    )
}

fn p_text(row: &DifferenceRow) -> String {
    p_value_text(row.difference.p_value)
}

/// The baseline's or a variant's estimate of a row's outcome or mean.
fn estimate_text(answer: &Answer, row: &DifferenceRow) -> String {
    let s = answer.summary;
    match &row.value {
        Some(value) => s
            .probability(&row.variable, value)
            .map_or("-".to_string(), |e| format!("{}%", percent_digits(e.value))),
        None => s
            .mean(&row.variable)
            .map_or("-".to_string(), |e| number_digits(e.value)),
    }
}

/// What a variant that changes nothing here says instead of a table of zeros.
const SAME: &str = "identical here: every outcome and every mean is the same as the baseline's (the differences are exactly 0); the variant changes nothing in this scenario";

/// What a Monte Carlo variant none of whose trials differed says instead of
/// a table of zeros: how rare a difference would have to be to go unseen,
/// and, when all it changes is options no trial read, which.
fn no_trial_differed(compared: &Compared, v: &VariantAnswer) -> String {
    let trials = compared.trials.unwrap_or(0).max(1);
    // A share of trials that differ, never seen in `trials`: at most this
    // (the exact one-sided bound).
    let rarest = 1.0 - (1.0 - compared.confidence).powf(1.0 / trials as f64);
    let mut line = format!(
        "no trial differed: on all {trials} paired trials every outcome and every mean was the baseline's, so the differences are 0 here; if the variant changes anything in this scenario, it does so on fewer than {}% of trials ({:.0}% bound); --exact settles it where the question fits",
        percent_digits(rarest),
        100.0 * compared.confidence
    );
    if !v.unread_changes.is_empty() {
        line.push_str(&format!(
            ". It changes only {}, which no trial read",
            v.unread_changes.join(", ")
        ));
    }
    line
}

pub(super) fn text_compared(
    compared: &Compared,
    base: &Answer,
    variants: &[Answer],
    md: bool,
) -> String {
    let mut out = String::new();
    let method = if compared.exact {
        "exact: every side enumerated, the differences are exact".to_string()
    } else {
        let mut method = format!(
            "Monte Carlo, {} paired trials (every side on the same dice), seed {}; {:.0}% paired intervals, each the test beside it inverted: Tango's score interval and McNemar's test (probabilities), the paired t interval and test (means)",
            compared.trials.unwrap_or(0),
            compared.seed,
            100.0 * compared.confidence
        );
        if let Some(why) = &compared.exact_refused {
            method.push_str(&format!("\nnot exact: {why}"));
        }
        method
    };
    if md {
        let _ = writeln!(
            out,
            "### {} {}: compared\n\n{method}.\n",
            base.system, base.action
        );
    } else {
        let _ = writeln!(out, "{} {}: compared\n{method}", base.system, base.action);
    }
    if let Some(reason) = &base.provisional {
        let _ = writeln!(out, "PROVISIONAL (baseline): {reason}.");
    }
    let used = |a: &Answer| crate::ask::readings::pairs(&a.readings);
    if !base.readings.is_empty() {
        let _ = writeln!(
            out,
            "readings (baseline): {}",
            crate::ask::readings::line(&used(base))
        );
    }
    for (v, answer) in compared.variants.iter().zip(variants) {
        variant_section(&mut out, compared, base, v, answer, md);
    }
    out
}

/// One variant against the baseline: its readings and mark where they differ,
/// the headline's change, and every difference.
fn variant_section(
    out: &mut String,
    compared: &Compared,
    base: &Answer,
    v: &VariantAnswer,
    answer: &Answer,
    md: bool,
) {
    let used = |a: &Answer| crate::ask::readings::pairs(&a.readings);
    let title = format!("{} ({}) against the baseline", v.name, v.spec);
    let headline = base.headline.and_then(|(variable, value)| {
        v.differences
            .iter()
            .find(|r| r.variable == variable && r.value.as_deref() == Some(value))
    });
    let variant_mark = answer
        .provisional
        .as_ref()
        .filter(|r| Some(*r) != base.provisional.as_ref());
    let mut rows = Vec::new();
    for row in &v.differences {
        rows.push(vec![
            row.variable.clone(),
            row.value.clone().unwrap_or_else(|| "(mean)".to_string()),
            estimate_text(base, row),
            estimate_text(answer, row),
            difference_text(row, compared.exact),
            p_text(row),
        ]);
    }
    let header: Vec<String> = ["variable", "value", "baseline", &v.name, "difference", "p"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let variant_readings = Some(used(answer)).filter(|r| !r.is_empty() && *r != used(base));
    // The values the variant's own house rules change (after the baseline's).
    let changes: Vec<String> = answer
        .patches
        .iter()
        .skip(base.patches.len())
        .map(|p| PatchJson::from(p).said())
        .collect();
    if md {
        let _ = writeln!(out, "\n#### {title}\n");
        for change in &changes {
            let _ = writeln!(out, "- changes `{change}`");
        }
        if !changes.is_empty() {
            out.push('\n');
        }
        if let Some(r) = &variant_readings {
            let _ = writeln!(
                out,
                "Readings ({}): `{}`.\n",
                v.name,
                crate::ask::readings::line(r)
            );
        }
        if let Some(reason) = variant_mark {
            let _ = writeln!(out, "> **PROVISIONAL** ({}): {reason}.\n", v.name);
        }
        if v.no_trial_differed {
            let _ = writeln!(out, "**{}.**", no_trial_differed(compared, v));
            return;
        }
        if v.changes_nothing() {
            let _ = writeln!(out, "**{SAME}**");
            if let Some(line) = differs_line(v) {
                let _ = writeln!(out, "\n{line}");
            }
            return;
        }
        if let Some(h) = headline {
            let _ = writeln!(out, "**{}**\n", lead(v, h, compared.exact));
        }
        out.push_str(&markdown::table(&header, &rows));
    } else {
        let _ = writeln!(out, "\n{title}");
        for change in &changes {
            let _ = writeln!(out, "  changes {change}");
        }
        if let Some(r) = &variant_readings {
            let _ = writeln!(
                out,
                "readings ({}): {}",
                v.name,
                crate::ask::readings::line(r)
            );
        }
        if let Some(reason) = variant_mark {
            let _ = writeln!(out, "PROVISIONAL ({}): {reason}.", v.name);
        }
        if v.no_trial_differed {
            let _ = writeln!(out, "{}.", no_trial_differed(compared, v));
            return;
        }
        if v.changes_nothing() {
            let _ = writeln!(out, "{SAME}");
            if let Some(line) = differs_line(v) {
                let _ = writeln!(out, "{line}");
            }
            return;
        }
        if let Some(h) = headline {
            let _ = writeln!(out, "{}", lead(v, h, compared.exact));
        }
        out.push_str(&aligned(&header, &rows, 2));
    }
}

#[cfg(test)]
mod tests {
    use super::signed_points;

    #[test]
    fn small_real_differences_keep_two_significant_digits() {
        assert_eq!(signed_points(2.61), "+2.61");
        assert_eq!(signed_points(-15.234), "-15.23");
        assert_eq!(signed_points(0.00022), "+0.00022");
        assert_eq!(signed_points(-0.0042), "-0.0042");
        assert_eq!(signed_points(0.0), "+0.00");
        assert_eq!(signed_points(-3e-15), "+0.00");
    }
}
