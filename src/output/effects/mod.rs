//! What each modifier is worth (`volley effects`): the headline's change for
//! every one-step move of a field, largest first.

mod to_csv;
mod to_text;

use super::Format;
use crate::contract::{self, EffectsJson};
use crate::effects::Effects;

/// Render the effects of a question in `format`.
pub fn render_effects(
    system: &str,
    action: &str,
    title: &str,
    e: &Effects,
    format: Format,
) -> String {
    match format {
        Format::Json => contract::to_pretty_json(&EffectsJson::new(system, action, e)),
        Format::Csv => to_csv::csv_effects(e),
        Format::Table => to_text::text_effects(system, action, title, e, false),
        Format::Markdown => to_text::text_effects(system, action, title, e, true),
    }
}
