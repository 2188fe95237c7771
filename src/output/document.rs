//! The one exporter interface: every document volley prints (an answer, a
//! comparison, effects, a search, a plan, a table) writes itself in each
//! format through [`Document`], and [`render`] is the one place a format is
//! chosen. A new format is one method here and one in each document; a new
//! document is one impl.

use super::Format;

/// A document in every format volley prints.
pub trait Document {
    /// The document's JSON contract, pretty, keys in alphabetical order.
    fn json(&self) -> String;
    /// The document's rows as tidy CSV (written with polars: the command
    /// line's, not the browser's).
    #[cfg(feature = "native")]
    fn csv(&self) -> String;
    /// The document for people: a terminal's text, or a Markdown page.
    fn text(&self, markdown: bool) -> String;
}

/// `document` in `format`.
pub fn render(document: &impl Document, format: Format) -> String {
    match format {
        Format::Json => document.json(),
        #[cfg(feature = "native")]
        Format::Csv => document.csv(),
        Format::Table => document.text(false),
        Format::Markdown => document.text(true),
    }
}
