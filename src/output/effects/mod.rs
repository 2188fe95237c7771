//! What each modifier is worth (`volley effects`): the headline's change for
//! every one-step move of a field, largest first.

#[cfg(feature = "native")]
mod to_csv;
mod to_text;

use super::Document;
use crate::ask::effects::Effects;
use crate::contract::{self, EffectsJson};

/// The effects of a question on a system's action, under a title.
pub struct EffectsDocument<'a> {
    pub system: &'a str,
    pub action: &'a str,
    pub title: &'a str,
    pub effects: &'a Effects,
}

impl Document for EffectsDocument<'_> {
    fn json(&self) -> String {
        contract::to_pretty_json(&EffectsJson::new(self.system, self.action, self.effects))
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        to_csv::csv_effects(self.effects)
    }

    fn text(&self, markdown: bool) -> String {
        to_text::text_effects(self.system, self.action, self.title, self.effects, markdown)
    }
}
