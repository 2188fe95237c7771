//! A regiment's fields under a role prefix (`firer_`, `attacker_`, ...):
//! what a user sets, checked and read into a [`Regiment`].

use super::charts::Charts;
use super::unit::*;
use super::vocabulary::LEVELS;
use super::vocabulary::{ARMS, QUALITIES};
use crate::action::{FieldGroup, FieldSpec, Implied, Scenario, prefixed};
use crate::error::InputError;

/// A unit's fields under a role prefix.
#[derive(Clone, Debug)]
pub struct RegimentGroup {
    pub prefix: &'static str,
    /// The allowed weapons (from the charts).
    pub weapons: Vec<String>,
    /// Defaults: figures, formation, quality.
    pub figures: i64,
    pub formation: &'static str,
    pub quality: &'static str,
    pub cover: &'static str,
    /// Whether the fields include the opening volley (units that may fire).
    pub fires: bool,
    /// The opening volley field's default.
    pub opening_volley_used: bool,
    /// A charging unit: no cover (a charger has none) and no side (it is not a
    /// battery).
    pub charger: bool,
    /// Whether the unit's weapon matters (not for a unit that is only fired at).
    pub weapon: bool,
    /// The figures field's name after the prefix (`figures`; `figs` for impact).
    pub figures_field: &'static str,
    /// The level's default.
    pub level: &'static str,
    /// Whether the unit checks morale here (its leader and supports matter).
    pub morale: bool,
}

impl RegimentGroup {
    pub fn new(prefix: &'static str, charts: &Charts) -> Self {
        RegimentGroup {
            prefix,
            weapons: weapons(charts),
            figures: 12,
            formation: "battle-line",
            quality: "trained",
            cover: "none",
            fires: true,
            opening_volley_used: false,
            charger: false,
            weapon: true,
            morale: true,
            figures_field: "figures",
            level: "good-order",
        }
    }

    fn name(&self, field: &str) -> &'static str {
        prefixed(self.prefix, field)
    }

    /// Figures a stand holds when only the stands are given: the default
    /// unit's (12 figures on 3 stands: 4).
    fn figures_per_stand(&self) -> i64 {
        (self.figures / DEFAULT_STANDS).max(1)
    }

    /// The figures now when they are not given: the original figures where
    /// those are (a unit that has lost none), else, given the stands (not
    /// for a battery, whose figures are its sections), as many a stand as
    /// the default unit has.
    fn figures_from_stands(&self) -> Implied {
        let (stands, original, arm) = (
            self.name("stands"),
            self.name("original_figures"),
            self.name("type"),
        );
        let per_stand = self.figures_per_stand();
        Implied::new(move |given| {
            if let Some(start) = given(original).filter(|v| *v != SAME) {
                return Some(start.to_string());
            }
            if given(arm) == Some("artillery") {
                return None;
            }
            let stands: i64 = given(stands)?.parse().ok()?;
            Some((per_stand * stands).to_string())
        })
    }

    /// The stands when the figures are given alone: 3, unless the unit
    /// started with fewer figures than that (2 figures, or 1: 2 stands, the
    /// fewest a regiment has).
    fn stands_from_figures(&self) -> Implied {
        let (figures, original) = (self.name(self.figures_field), self.name("original_figures"));
        Implied::new(move |given| {
            let start = given(original)
                .filter(|v| *v != SAME)
                .or_else(|| given(figures))?;
            let start: i64 = start.parse().ok()?;
            (start < DEFAULT_STANDS).then(|| MIN_STANDS.to_string())
        })
    }
}

/// The original figures' word for "as many as now".
const SAME: &str = "same";

/// A regiment's stands: 2 or 3, 3 unless said.
const MIN_STANDS: i64 = 2;
const DEFAULT_STANDS: i64 = 3;

/// The allowed weapons: every table's keys, and `standard` (rifle-muskets for
/// infantry and cavalry, a 12 pounder Napoleon battery for artillery).
pub fn weapons(charts: &Charts) -> Vec<String> {
    let d = &charts.data;
    let mut names = vec!["standard".to_string()];
    for name in d
        .infantry_fp
        .rows
        .keys()
        .chain(d.cavalry_fp.rows.keys())
        .chain(d.artillery_fp.rows.keys())
    {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

impl FieldGroup for RegimentGroup {
    type Value = Regiment;

    fn specs(&self) -> Vec<FieldSpec> {
        let mut specs = vec![
            FieldSpec::choice(self.name("type"), &ARMS, "infantry", "the unit's arm"),
            FieldSpec::choice(
                self.name("quality"),
                &QUALITIES,
                self.quality,
                "the unit's quality",
            ),
            FieldSpec::choice_of(
                self.name("weapon"),
                self.weapons.clone(),
                "standard",
                "the unit's weapon or battery (standard: rifle-muskets; artillery 12pdr-napoleon)",
            ),
            FieldSpec::int(
                self.name(self.figures_field),
                0,
                60,
                self.figures,
                "figures now (artillery: gun sections, at most 3); given only the original figures, as many; given only the stands, as many a stand as the default unit has",
            )
            .implied_by(self.figures_from_stands()),
            FieldSpec::optional(
                self.name("original_figures"),
                1,
                60,
                SAME,
                "figures (sections) at the start of the game; stands lost follow from it",
            ),
            FieldSpec::int(
                self.name("stands"),
                MIN_STANDS,
                DEFAULT_STANDS,
                DEFAULT_STANDS,
                "the unit's original stands, each holding at least one figure (2 for a unit of 2 figures)",
            )
            .implied_by(self.stands_from_figures()),
            FieldSpec::choice(
                self.name("formation"),
                &FORMATIONS,
                self.formation,
                "formation (infantry: battle-line ... road-column; cavalry: line, double-line, skirmishing, road-column; artillery: unlimbered, limbered)",
            ),
            FieldSpec::choice(self.name("level"), &LEVELS, self.level, "morale level now"),
            FieldSpec::choice(
                self.name("side"),
                &["us", "cs"],
                "us",
                "the side (artillery firepower differs)",
            ),
            FieldSpec::choice(
                self.name("cover"),
                &COVERS,
                self.cover,
                "the cover the unit is in (fire modifiers; morale: light woods and hasty works light, the rest heavy)",
            ),
            FieldSpec::int(
                self.name("leader_bonus"),
                0,
                3,
                0,
                "an adjacent leader's bonus (a good morale modifier)",
            ),
            FieldSpec::int(
                self.name("supports"),
                0,
                3,
                0,
                "adjacent non-Shaken friendly units (-1 each; at most -2, -3 in a charge)",
            ),
        ];
        let mut dropped = Vec::new();
        if self.charger {
            dropped.extend([self.name("side"), self.name("cover")]);
        }
        if !self.weapon {
            // The side only sets a battery's firepower.
            dropped.extend([self.name("weapon"), self.name("side")]);
        }
        if !self.morale {
            dropped.extend([self.name("leader_bonus"), self.name("supports")]);
        }
        specs.retain(|s| !dropped.contains(&s.name));
        if self.fires {
            let help = "the unit has already fired this game (no opening-volley bonus: infantry +2, dismounted cavalry +1)";
            specs.push(if self.opening_volley_used {
                FieldSpec::flag_on(self.name("opening_volley_used"), help)
            } else {
                FieldSpec::flag(self.name("opening_volley_used"), help)
            });
        }
        specs
    }

    fn read(&self, s: &Scenario) -> Result<Regiment, InputError> {
        let arm = Arm::parse(s.text(self.name("type")));
        if self.charger && arm == Arm::Artillery {
            return Err(InputError::argument(
                self.name("type"),
                "artillery does not charge",
            ));
        }
        let formation = s.text(self.name("formation")).to_string();
        let formation_field = self.name("formation");
        if !arm.formations().contains(&formation.as_str()) {
            return Err(InputError::argument(
                formation_field,
                format!(
                    "{} has no formation `{formation}`; it takes {}",
                    arm.name(),
                    arm.formations().join(", ")
                ),
            ));
        }
        let figures_field = self.name(self.figures_field);
        let figures = u32::try_from(s.int(figures_field)).unwrap_or(0);
        let original = s
            .limit(self.name("original_figures"))
            .map_or(figures, |o| o as u32);
        if figures > original {
            return Err(InputError::argument(
                figures_field,
                format!("{figures} figures is more than the unit's original {original}"),
            ));
        }
        if arm == Arm::Artillery && original > 3 {
            return Err(InputError::argument(
                if s.limit(self.name("original_figures")).is_some() {
                    self.name("original_figures")
                } else {
                    figures_field
                },
                "a battery has 1 to 3 gun sections",
            ));
        }
        if original == 0 {
            return Err(InputError::argument(
                figures_field,
                "a unit with no figures at the start is not a unit",
            ));
        }
        let stands_field = self.name("stands");
        let stands = u32::try_from(s.int(stands_field)).unwrap_or(3);
        // A start that leaves a stand empty is refused; a single figure (a
        // remnant asked about on its own) is taken on the fewest stands, 2.
        let remnant = original == 1 && stands == MIN_STANDS as u32;
        if arm != Arm::Artillery && original < stands && !remnant {
            let start_field = if s.limit(self.name("original_figures")).is_some() {
                self.name("original_figures")
            } else {
                figures_field
            };
            return Err(InputError::argument(
                stands_field,
                format!(
                    "{stands} stands cannot hold {original} figure{} ({start_field}): a regiment has 2 or 3 stands, each with at least one figure",
                    if original == 1 { "" } else { "s" }
                ),
            ));
        }
        let level = LEVELS
            .iter()
            .position(|l| *l == s.text(self.name("level")))
            .unwrap_or(0);
        let quality = QUALITIES
            .iter()
            .position(|q| *q == s.text(self.name("quality")))
            .unwrap_or(2);
        let weapon = if self.weapon {
            s.text(self.name("weapon")).to_string()
        } else {
            "standard".to_string()
        };
        let (leader_bonus, supports) = if self.morale {
            (
                s.int32(self.name("leader_bonus")),
                s.int32(self.name("supports")),
            )
        } else {
            (0, 0)
        };
        Ok(Regiment {
            arm,
            quality,
            weapon,
            original,
            stands,
            formation,
            side_cs: !self.charger && self.weapon && s.text(self.name("side")) == "cs",
            cover: if self.charger {
                "none".to_string()
            } else {
                s.text(self.name("cover")).to_string()
            },
            leader_bonus,
            supports,
            now: Condition {
                figures,
                level: level as u8,
                opening_volley_used: self.fires && s.flag(self.name("opening_volley_used")),
            },
        })
    }
}
