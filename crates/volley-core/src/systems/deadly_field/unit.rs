//! A regiment or battery: what it is (arm, quality, weapon, original
//! figures and stands, formation, side, cover, leader, supports) and how it stands
//! now (figures, morale level, opening volley used). Its Morale Point comes from
//! here, and its fields under a role prefix (`firer_`, `target_`, `attacker_`,
//! `a_`, ...) are one field group.

use super::charts::{Charts, StandLoss, best_and_worst_two};
use super::morale::MoraleCheck;
use super::vocabulary::LEVELS;
use super::vocabulary::{ARMS, QUALITIES};
use std::sync::Arc;

/// The arms of service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Arm {
    Infantry,
    MountedCavalry,
    DismountedCavalry,
    Artillery,
}

pub const INFANTRY_FORMATIONS: [&str; 5] = [
    "battle-line",
    "extended-line",
    "skirmishers",
    "attack-column",
    "road-column",
];
pub const CAVALRY_FORMATIONS: [&str; 4] = ["line", "double-line", "skirmishing", "road-column"];
pub const ARTILLERY_FORMATIONS: [&str; 2] = ["unlimbered", "limbered"];

/// Every formation name, for the field's allowed values.
pub const FORMATIONS: [&str; 10] = [
    "battle-line",
    "extended-line",
    "skirmishers",
    "attack-column",
    "road-column",
    "line",
    "double-line",
    "skirmishing",
    "unlimbered",
    "limbered",
];

/// Cover a unit is in (fire modifiers and, read as light or heavy, morale).
pub const COVERS: [&str; 7] = [
    "none",
    "light-woods",
    "heavy-woods",
    "hasty-works",
    "light-works",
    "heavy-works",
    "farm",
];

impl Arm {
    pub fn parse(name: &str) -> Arm {
        match name {
            "mounted-cavalry" => Arm::MountedCavalry,
            "dismounted-cavalry" => Arm::DismountedCavalry,
            "artillery" => Arm::Artillery,
            _ => Arm::Infantry,
        }
    }

    pub fn name(self) -> &'static str {
        ARMS[self as usize]
    }

    pub fn is_cavalry(self) -> bool {
        matches!(self, Arm::MountedCavalry | Arm::DismountedCavalry)
    }

    /// The formations this arm may take.
    pub fn formations(self) -> &'static [&'static str] {
        match self {
            Arm::Infantry => &INFANTRY_FORMATIONS,
            Arm::MountedCavalry | Arm::DismountedCavalry => &CAVALRY_FORMATIONS,
            Arm::Artillery => &ARTILLERY_FORMATIONS,
        }
    }
}

/// How a unit stands now: what changes in a fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Condition {
    /// Figures (artillery: gun sections); 0 = gone.
    pub figures: u32,
    /// Index into [`LEVELS`].
    pub level: u8,
    pub opening_volley_used: bool,
}

impl Condition {
    pub fn gone(&self) -> bool {
        self.figures == 0
    }

    pub fn routed(&self) -> bool {
        usize::from(self.level) == LEVELS.len() - 1
    }

    /// Routed or gone: out of the fight.
    pub fn broken(&self) -> bool {
        self.gone() || self.routed()
    }
}

/// A regiment or battery.
#[derive(Clone, Debug)]
pub struct Regiment {
    pub arm: Arm,
    /// Index into [`QUALITIES`].
    pub quality: usize,
    /// A key of the arm's firepower table.
    pub weapon: String,
    /// Figures (sections) at the start of the game.
    pub original: u32,
    pub stands: u32,
    pub formation: String,
    pub side_cs: bool,
    pub cover: String,
    pub leader_bonus: i32,
    pub supports: i32,
    /// How it stands when the question starts.
    pub now: Condition,
}

/// A regiment as it stands at a moment of a procedure: what it is, and its
/// condition then.
pub type Standing<'a> = (&'a Regiment, &'a Condition);

impl Regiment {
    /// The regiment as it stands when the question starts.
    pub fn standing_now(&self) -> Standing<'_> {
        (self, &self.now)
    }

    pub fn quality_name(&self) -> &'static str {
        QUALITIES[self.quality]
    }

    /// Stands lost with `figures` left. The original figures stand on the
    /// unit's stands as evenly as they go (7 on 3 stands: 3, 2 and 2), so a
    /// unit at full strength has lost none. `ceil`: a stand goes with its last
    /// figure, so the stands present are the fewest that hold the figures left,
    /// largest first; `floor`: a stand goes with its first figure, so the stands
    /// present are the most that are still full, smallest first. Either way a
    /// unit with more figures never loses a stand sooner.
    pub fn stands_lost(&self, charts: &Charts, figures: u32) -> u32 {
        // A stand holds at least one figure: fewer figures than stands leave
        // the rest empty from the start.
        let stands = self.stands.min(self.original).max(1);
        let size = |i: u32| self.original / stands + u32::from(i < self.original % stands);
        let largest_first = (0..stands).map(size);
        let present = match charts.data.options.adf_stand_loss_rule() {
            StandLoss::Ceil => largest_first
                .scan(0, |held, s| {
                    let needed = *held < figures;
                    *held += s;
                    Some(needed)
                })
                .filter(|&needed| needed)
                .count() as u32,
            StandLoss::Floor => largest_first
                .rev()
                .scan(0, |held, s| {
                    *held += s;
                    Some(*held <= figures)
                })
                .take_while(|&full| full)
                .count() as u32,
        };
        stands - present
    }

    /// The Basic Morale Point with `figures` left (artillery: +3 per section lost).
    pub fn bmp(&self, charts: &Charts, figures: u32) -> i32 {
        if self.arm == Arm::Artillery {
            let lost = self.original.saturating_sub(figures) as i32;
            charts.bmp(self.quality_name(), 3, 0)
                + charts.data.bmp.artillery_per_section_lost * lost
        } else {
            charts.bmp(
                self.quality_name(),
                self.stands,
                self.stands_lost(charts, figures).min(self.stands - 1),
            )
        }
    }

    /// Morale cover: light woods and hasty works are light cover; heavy woods,
    /// works and farms heavy.
    pub fn morale_cover(&self, charts: &Charts) -> i32 {
        match self.cover.as_str() {
            "light-woods" | "hasty-works" => charts.data.good.light_cover,
            "none" => 0,
            _ => charts.data.good.heavy_cover,
        }
    }

    /// The good situational modifiers that come with the unit: its leader, cover
    /// (not when charging), support (at most -2, -3 in a charge) and charging.
    pub fn good_modifiers(&self, charts: &Charts, charging: bool) -> Vec<i32> {
        let g = &charts.data.good;
        let support_max = if charging {
            g.support_max_charge
        } else {
            g.support_max
        };
        let mut good = vec![
            -self.leader_bonus,
            (g.support_each * self.supports).max(-support_max),
        ];
        if charging {
            good.push(if self.arm == Arm::MountedCavalry {
                g.mounted_charging
            } else {
                g.charging
            });
        } else {
            good.push(self.morale_cover(charts));
        }
        good
    }

    /// The Morale Point in condition `now`, with the situation's `bad` modifiers
    /// and the fire result's add-on, clamped to 0-12.
    pub fn mmp(
        &self,
        charts: &Charts,
        now: &Condition,
        charging: bool,
        bad: &[i32],
        add: i32,
    ) -> i32 {
        charts.clamp_mmp(
            self.bmp(charts, now.figures)
                + charts.data.levels.addon[usize::from(now.level)]
                + best_and_worst_two(&self.good_modifiers(charts, charging), bad)
                + add,
        )
    }

    /// The morale check of this unit against `mmp` in condition `now`.
    pub fn check(&self, charts: &Arc<Charts>, now: &Condition, mmp: i32) -> MoraleCheck {
        MoraleCheck {
            charts: charts.clone(),
            mmp,
            level: usize::from(now.level),
            elite: self.quality == 0,
            mounted_cavalry: self.arm == Arm::MountedCavalry,
            artillery: self.arm == Arm::Artillery,
            rally: false,
            quality: self.quality_name(),
            unit_type: self.arm.name(),
        }
    }

    /// Skirmishing: no enfilade from or at it.
    pub fn skirmishing(&self) -> bool {
        matches!(self.formation.as_str(), "skirmishers" | "skirmishing")
    }

    /// The enfilade table this unit's formation reads (none for skirmishers).
    pub fn enfilade_kind(&self) -> Option<&'static str> {
        match self.formation.as_str() {
            "battle-line" | "extended-line" | "line" | "double-line" => Some("line"),
            "attack-column" | "road-column" | "limbered" => Some("column"),
            "unlimbered" => Some("unlimbered-artillery"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regiment(original: u32, stands: u32) -> Regiment {
        Regiment {
            arm: Arm::Infantry,
            quality: 2,
            weapon: "standard".to_string(),
            original,
            stands,
            formation: "battle-line".to_string(),
            side_cs: false,
            cover: "none".to_string(),
            leader_bonus: 0,
            supports: 0,
            now: Condition {
                figures: original,
                level: 0,
                opening_volley_used: true,
            },
        }
    }

    fn charts(rule: &str) -> std::sync::Arc<Charts> {
        let text = format!("[set]\n\"options.adf_stand_loss_rule\" = \"{rule}\"\n");
        let rule = crate::rules::HouseRule::parse("stand loss", &text).unwrap();
        let system = crate::systems::find("deadly-field").unwrap();
        super::super::charts_of(&crate::systems::rulebook(system, &[rule]).unwrap()).unwrap()
    }

    #[test]
    fn stands_go_as_the_figures_on_them_go() {
        let ceil = charts("ceil");
        // 7 figures on 3 stands stand 3, 2, 2: a stand goes with its last
        // figure, so the first is lost at 5 figures left, the second at 3.
        let lost = |u: &Regiment, f| u.stands_lost(&ceil, f);
        let seven = regiment(7, 3);
        assert_eq!(
            (7..=7)
                .chain((0..7).rev())
                .map(|f| lost(&seven, f))
                .collect::<Vec<_>>(),
            [0, 0, 1, 1, 2, 2, 2, 3]
        );
        // 4 on 3 stand 2, 1, 1: full strength is no stand lost (BMP 5, not 7).
        let four = regiment(4, 3);
        assert_eq!(lost(&four, 4), 0);
        assert_eq!(four.bmp(&ceil, 4), 5);
        assert_eq!(lost(&four, 3), 1);
        // Floor: a stand goes with its first figure (the smallest first).
        let floor = charts("floor");
        assert_eq!(seven.stands_lost(&floor, 7), 0);
        assert_eq!(seven.stands_lost(&floor, 6), 1);
        assert_eq!(seven.stands_lost(&floor, 4), 1);
        assert_eq!(seven.stands_lost(&floor, 3), 2);
    }

    #[test]
    fn no_unit_loses_a_stand_sooner_for_having_more_figures() {
        for rule in ["ceil", "floor"] {
            let charts = charts(rule);
            for stands in 2..=3 {
                for original in stands..=24 {
                    let unit = regiment(original, stands);
                    assert_eq!(
                        unit.stands_lost(&charts, original),
                        0,
                        "{rule} {original}/{stands}"
                    );
                    let bigger = regiment(original + 1, stands);
                    for casualties in 0..=original {
                        let now = unit.stands_lost(&charts, original - casualties);
                        let more = bigger.stands_lost(&charts, original + 1 - casualties);
                        assert!(more <= now, "{rule} {original}/{stands} after {casualties}");
                        if casualties > 0 {
                            let before = unit.stands_lost(&charts, original - casualties + 1);
                            assert!(before <= now, "{rule} {original}/{stands}");
                        }
                    }
                }
            }
        }
    }
}
