//! Chart 10's melee modifiers as a charge reads them, looked up by name
//! once when the card is compiled: a charge reads them at every leaf of its
//! melee rolls.

use std::collections::BTreeMap;

/// Chart 10's modifiers as a charge reads them (0 where the chart lacks one).
#[derive(Clone, Copy, Debug)]
pub struct ChargeMeleeModifiers {
    pub defender_light_cover: i32,
    pub defender_heavy_cover: i32,
    pub defender_woods_rough: i32,
    pub defender_higher: i32,
    pub defender_skirmish: i32,
    pub defender_disordered: i32,
    pub defender_column: i32,
    pub attacker_cavalry_line_half_move: i32,
    pub attacker_attack_column: i32,
    pub attacker_flank_rear: i32,
}

impl ChargeMeleeModifiers {
    /// Read from Chart 10's modifiers by name.
    pub fn read(modifiers: &BTreeMap<String, i32>) -> Self {
        let m = |name: &str| modifiers.get(name).copied().unwrap_or(0);
        ChargeMeleeModifiers {
            defender_light_cover: m("defender_light_cover"),
            defender_heavy_cover: m("defender_heavy_cover"),
            defender_woods_rough: m("defender_woods_rough"),
            defender_higher: m("defender_higher"),
            defender_skirmish: m("defender_skirmish"),
            defender_disordered: m("defender_disordered"),
            defender_column: m("defender_column"),
            attacker_cavalry_line_half_move: m("attacker_cavalry_line_half_move"),
            attacker_attack_column: m("attacker_attack_column"),
            attacker_flank_rear: m("attacker_flank_rear"),
        }
    }
}
