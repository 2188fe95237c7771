//! A sheet as one printable HTML document: A4 or Letter, black on white (a
//! changed cell is marked by a border and an asterisk, not by colour alone),
//! every probability a percentage with its exact fraction where the fraction
//! is small.

use super::{Cell, Sheet, Table};
use crate::output::{fraction, percent_digits};
use std::fmt::Write;

/// Largest denominator printed under a percentage: one 2D6 roll (36), two
/// (1,296), a d20 with 2D6 (720).
const SMALL_DENOMINATOR: u64 = 1_296;

/// Tables of at most this many columns are printed two abreast.
const NARROW_COLUMNS: usize = 4;

/// Modifier lists longer than this print in parts side by side (at most
/// three).
const LONG_LIST: usize = 16;

/// Tables of at most this many columns print each fraction beside its
/// percentage (wider ones under it, to fit the page's width).
const ROOMY_COLUMNS: usize = 6;

/// Half-width tables of at most this many columns have that room too.
const ROOMY_NARROW_COLUMNS: usize = 2;

const STYLE: &str = r#"
@page { size: auto; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, sans-serif; color: #000; background: #fff;
       font-size: 9.5pt; line-height: 1.25; margin: 0 auto; max-width: 190mm; padding: 4mm;
       orphans: 1; widows: 1; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 11pt; margin: 3mm 0 1mm; }
p { margin: 0 0 1.5mm; }
.meta { font-size: 8.5pt; }
.legend { font-size: 8pt; margin-top: 1mm; }
section { break-inside: avoid; page-break-inside: avoid; }
section.narrow { display: inline-block; width: 49%; vertical-align: top; padding-right: 3mm; }
section.narrow th.row, thead th.row { white-space: normal; }
table { border-collapse: collapse; width: 100%; margin: 1mm 0 2mm; line-height: 1.15; }
th, td { border: 0.3mm solid #555; padding: 0.2mm 1.2mm; text-align: right; vertical-align: top; }
th { background: #eee; font-weight: bold; }
th.row { text-align: left; width: 1%; white-space: nowrap; }
td small { display: block; font-size: 6pt; line-height: 1; color: #333; }
section.roomy td small { display: inline; margin-left: 1.5mm; }
table.list { font-size: 7.5pt; }
section table.list th.row { white-space: nowrap; }
td.changed { border: 0.8mm solid #000; font-weight: bold; }
td.changed::after { content: "*"; }
.provisional { border-left: 1.2mm solid #000; padding-left: 2mm; }
@media print { body { padding: 0; } a { color: #000; text-decoration: none; } }
"#;

/// The page asked for a sheet that cannot be made (an unknown system, a
/// house rule that does not apply): the error, each system's sheet, and the
/// way back to the calculator.
pub fn render_error_html(message: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>volley: no sheet</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>No sheet for this address</h1>\n<p class=\"provisional\">{}</p>\n<p>The odds sheets volley prints:</p>\n<ul>\n",
        escape(message.trim())
    );
    for system in crate::contract::SystemJson::all() {
        let _ = writeln!(
            out,
            "<li><a href=\"/sheet/{}\">{}</a></li>",
            escape(&system.name),
            escape(&system.title)
        );
    }
    out.push_str("</ul>\n<p><a href=\"/\">Back to the calculator</a></p>\n</body>\n</html>\n");
    out
}

/// The sheet as HTML.
pub fn render_html(sheet: &Sheet) -> String {
    let mut out = String::new();
    let title = format!("{}: odds sheet", sheet.title);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    let _ = writeln!(out, "<h1>{}</h1>", escape(&title));
    let rules = if sheet.house_rules.is_empty() {
        "the card as printed".to_string()
    } else {
        format!(
            "under house rules {}; cells they change are boxed and starred (*)",
            sheet.house_rules.join(", ")
        )
    };
    let _ = writeln!(
        out,
        "<p class=\"meta\">Every figure is an exact probability, computed by volley (<code>volley sheet {}</code>) from the same code as its answers, {rules}. Under each percentage, the exact fraction where it is small.</p>",
        escape(&sheet.system)
    );
    // What the odds rest on, before them: the readings, why a table is
    // provisional, what a house rule changed.
    if !sheet.readings.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"meta\">Readings of the card these tables rest on (see <code>volley rules {} options</code>): {}.</p>",
            escape(&sheet.system),
            escape(&sheet.readings.join("; "))
        );
    }
    let mut reasons: Vec<&str> = Vec::new();
    for reason in sheet.tables.iter().filter_map(|t| t.provisional.as_deref()) {
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    for reason in reasons {
        let _ = writeln!(
            out,
            "<p class=\"provisional\">Provisional (the tables marked \u{2020}): {}.</p>",
            escape(reason)
        );
    }
    if !sheet.patched.is_empty() {
        let changed = sheet
            .tables
            .iter()
            .flat_map(|t| t.cells.iter().flatten())
            .any(|c| c.changed);
        let same = |p: &crate::contract::PatchJson| p.old.as_deref() == Some(p.new.as_str());
        if sheet.patched.iter().all(same) {
            let _ = writeln!(
                out,
                "<p class=\"meta\"><strong>These house rules change nothing</strong>: every value they set is the card's own.</p>"
            );
        } else if !changed {
            let paths: Vec<&str> = sheet.patched.iter().map(|p| p.path.as_str()).collect();
            let _ = writeln!(
                out,
                "<p class=\"meta\"><strong>These house rules change none of the odds on this sheet</strong>: they act on {}, which none of its odds reads.</p>",
                escape(&paths.join(", "))
            );
        }
        let _ = writeln!(out, "<ul class=\"meta\">");
        for patch in &sheet.patched {
            let _ = writeln!(
                out,
                "<li>{} changes <code>{}</code></li>",
                escape(&patch.rule),
                escape(&patch.said())
            );
        }
        let _ = writeln!(out, "</ul>");
    }
    // Each list after the table it is placed by, the rest after them all.
    let placed = |after: Option<usize>| {
        sheet
            .references
            .iter()
            .filter(move |r| r.after_table == after)
    };
    for (i, table) in sheet.tables.iter().enumerate() {
        section(&mut out, table);
        for reference in placed(Some(i)) {
            reference_section(&mut out, reference);
        }
    }
    for reference in placed(None) {
        reference_section(&mut out, reference);
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn section(out: &mut String, table: &Table) {
    // A table of few columns takes half the page's width, two side by
    // side; one of a few more has room for each fraction beside its
    // percentage.
    let class = match table.columns.len() {
        n if n <= ROOMY_NARROW_COLUMNS => " class=\"narrow roomy\"",
        n if n <= NARROW_COLUMNS => " class=\"narrow\"",
        n if n <= ROOMY_COLUMNS => " class=\"roomy\"",
        _ => "",
    };
    // A provisional table is marked by its title; why, once at the top.
    let mark = if table.provisional.is_some() {
        " \u{2020}"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "<section{class}>\n<h2>{}{mark}</h2>",
        escape(&table.title)
    );
    let _ = writeln!(out, "<p>{}</p>", escape(&table.note));
    let _ = write!(
        out,
        "<table>\n<thead><tr><th class=\"row\">{} \\ {}</th>",
        escape(&table.row_label),
        escape(&table.column_label)
    );
    for column in &table.columns {
        let _ = write!(out, "<th>{}</th>", escape(column));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (row, cells) in table.rows.iter().zip(&table.cells) {
        let _ = write!(out, "<tr><th class=\"row\">{}</th>", escape(row));
        for cell in cells {
            out.push_str(&cell_html(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    if !table.legend.is_empty() {
        let said: Vec<String> = table
            .legend
            .iter()
            .map(|(value, meaning)| format!("<b>{}</b>: {}", escape(value), escape(meaning)))
            .collect();
        let _ = writeln!(out, "<p class=\"legend\">{}.</p>", said.join("; "));
    }
    out.push_str("</section>\n");
}

/// A modifier list: half the page's width, its numbers as the card prints
/// them (under the sheet's house rules, a changed cell marked as in the
/// odds); a long one in two or three parts side by side across the page.
fn reference_section(out: &mut String, reference: &super::references::Reference) {
    let rows = &reference.rows;
    let parts = rows.len().div_ceil(LONG_LIST).clamp(1, 3);
    let per_part = rows.len().div_ceil(parts);
    let class = if parts == 1 { " class=\"narrow\"" } else { "" };
    let _ = writeln!(
        out,
        "<section{class}>\n<h2>{}</h2>\n<table class=\"list\">\n<thead><tr>",
        escape(&reference.title)
    );
    for _ in 0..parts {
        let _ = write!(
            out,
            "<th class=\"row\">{}</th>",
            escape(&reference.rows_are)
        );
        for column in &reference.columns {
            let _ = write!(out, "<th>{}</th>", escape(column));
        }
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for i in 0..per_part {
        out.push_str("<tr>");
        for part in 0..parts {
            let r = part * per_part + i;
            match rows.get(r) {
                Some((name, values)) => {
                    let _ = write!(out, "<th class=\"row\">{}</th>", escape(name));
                    for (c, value) in values.iter().enumerate() {
                        let class = if reference.changed.contains(&(r, c)) {
                            " class=\"changed\""
                        } else {
                            ""
                        };
                        let _ = write!(out, "<td{class}>{}</td>", escape(value));
                    }
                }
                None => {
                    for _ in 0..=reference.columns.len() {
                        out.push_str("<td></td>");
                    }
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// A cell: its percentage, and its fraction where the denominator is small.
fn cell_html(cell: &Cell) -> String {
    let class = if cell.changed {
        " class=\"changed\""
    } else {
        ""
    };
    let p = cell.probability;
    let small = fraction(p)
        .filter(|&(n, d)| d <= SMALL_DENOMINATOR && n != 0 && n != d)
        .map(|(n, d)| format!("<small>{n}/{d}</small>"))
        .unwrap_or_default();
    let text = match p {
        0.0 => "0".to_string(),
        1.0 => "100%".to_string(),
        _ => format!("{}%", percent_digits(p)),
    };
    format!("<td{class}>{}{small}</td>", escape(&text))
}

/// Text safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
