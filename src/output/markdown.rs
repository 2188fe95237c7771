//! The one Markdown table writer: odds answers, probability grids and experiment
//! reports all lay out their tables here.

use std::fmt::Write;

/// A pipe table: the header row, the `---` rule, then the rows (cells as given).
pub fn table(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let line = |cells: &[String]| format!("| {} |", cells.join(" | "));
    let _ = writeln!(out, "{}", line(header));
    let _ = writeln!(out, "|{}", "---|".repeat(header.len()));
    for row in rows {
        let _ = writeln!(out, "{}", line(row));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_has_a_header_a_rule_and_rows() {
        let text = super::table(
            &["a".to_string(), "b".to_string()],
            &[vec!["1".to_string(), "2".to_string()]],
        );
        assert_eq!(text, "| a | b |\n|---|---|\n| 1 | 2 |\n");
    }
}
