//! The firefight with choices: at the start of its active phase A may fire,
//! as the firefight plays it; reform, when it is Disordered, spending its
//! first action returning to Good Order (automatic); or charge B. The
//! `reform` field says what each side usually does when Disordered (the
//! firefight's own play, and where ties go); A's choice is the plan's.
//!
//! A charge is the charge procedure run from both regiments as they stand
//! (figures, morale level, opening volley): A advances `charge_distance`
//! inches over `charge_terrain`, B answers with its reaction fire at the
//! firefight's band (when the firefight has reactions), then the pre-impact
//! check, impact, melee or stop-short volleys and aftermath. The charge is
//! A's whole active phase; B's active phase follows as the firefight plays
//! it, from the regiments as the charge left them.
//!
//! Readings this takes, where the card leaves the sequence open:
//! - A charge that neither breaks a regiment nor ends the fight leaves both
//!   at the firefight's band: a fall-back or a repulse is not followed on
//!   the table, only its losses and morale levels.
//! - The charge starts from `charge_distance` inches, a field of its own:
//!   the card gives the normal range of each weapon (3 inches for
//!   rifle-muskets, the default) but no band's inches to derive it from.
//!
//! Against B at its best (`--opponent best`), B chooses the same way at the
//! start of its own active phase, knowing how A's phase went: fire, reform
//! when Disordered (the `reform` field then says nothing), or charge A (A's
//! reaction fire at the charge). Each turn has two decision points, A's and
//! B's; B takes whatever lowers A's goal.

use super::charge::Charge;
use super::charge_action::charge_of;
use super::charge_steps::ChargeState;
use super::firefight::{BreaksFirst, Firefight, State};
use crate::dice::{Dice, OverBudget};
use crate::engine::{Engagement, SharedSteps, Stepped};
use crate::plan::{Decisions, Figures, Opponent, Turn};
use crate::tally::Category;

mod phase;
mod stages;

pub use phase::Phase;

/// The choices, the usual one first.
pub const CHOICES: [&str; 3] = ["fire", "reform", "charge"];

/// The firefight's steps of each side's active phase (action, the other's
/// reaction, action).
const A_PHASE: std::ops::Range<u32> = 0..3;
const B_PHASE: std::ops::Range<u32> = 3..STEPS;

/// The firefight's steps in a turn.
const STEPS: u32 = 6;

/// A's choices in the firefight (and B's, against B at its best).
pub struct FirefightChoices {
    fight: Firefight,
    opponent: Opponent,
    /// A's charge from the start, checked once (`None`: A cannot charge, an
    /// arm or a formation that may not, or ground it may not cross).
    charge: Option<Charge>,
    /// B's charge on A, the same way (built against B at its best only).
    b_charge: Option<Charge>,
    /// Each charge's steps after the advance (A's, B's), shared by the
    /// charges from every state: only the advance reads how the regiments
    /// stood.
    charge_steps: [SharedSteps<ChargeState>; 2],
    /// The firefight's steps, shared by the turns from every state (fire
    /// turns, and B's active phase after a charge): turns from different
    /// states meet the same states within them.
    fight_steps: SharedSteps<State>,
}

impl FirefightChoices {
    /// A side's choices, less `charge` unless it `may_charge`, its usual one
    /// first: reforming where the `reform` field has the firefight reform (a
    /// regiment not Disordered then fires, as the firefight plays it),
    /// firing otherwise.
    fn usual_first(&self, may_charge: bool) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = CHOICES
            .into_iter()
            .filter(|c| *c != "charge" || may_charge)
            .collect();
        if self.fight.reform {
            all.sort_by_key(|c| *c != "reform");
        }
        all
    }

    pub fn new(fight: Firefight, distance: u32, terrain: &str, opponent: Opponent) -> Self {
        let reaction = if fight.reactions {
            fight.situation.band
        } else {
            "none"
        };
        let charge_by = |attacker: &super::unit::Regiment, defender: &super::unit::Regiment| {
            charge_of(
                &fight.charts,
                attacker.clone(),
                defender.clone(),
                distance,
                terrain,
                reaction,
                "none",
            )
            .ok()
        };
        let charge = charge_by(&fight.a, &fight.b);
        let b_charge = match opponent {
            Opponent::Usual => None,
            Opponent::Best => charge_by(&fight.b, &fight.a),
        };
        FirefightChoices {
            fight,
            opponent,
            charge,
            b_charge,
            charge_steps: Default::default(),
            fight_steps: SharedSteps::default(),
        }
    }

    /// The charge's template: A's on B, or B's on A.
    fn template(&self, by_b: bool) -> Option<&Charge> {
        if by_b {
            self.b_charge.as_ref()
        } else {
            self.charge.as_ref()
        }
    }

    /// The charge of A on B (of B on A when `by_b`) from `s`.
    fn charge_from(&self, s: &State, by_b: bool) -> Option<Charge> {
        let mut charge = self.template(by_b)?.clone();
        let (attacker, defender) = if by_b { (s.b, s.a) } else { (s.a, s.b) };
        charge.attacker.now = attacker;
        charge.defender.now = defender;
        Some(charge)
    }

    /// Steps of a charge (by B when `by_b`).
    fn charge_steps_of(&self, by_b: bool) -> u32 {
        self.template(by_b)
            .expect("charge is open only where it is built")
            .steps()
    }

    /// The state after A's active phase: B's to choose in, unless the fight
    /// is over.
    fn after_a_phase(&self, s: State) -> Phase {
        if self.fight.is_over(&s) {
            Phase::Fight(s)
        } else {
            Phase::BActive(s)
        }
    }

    /// Step `step` of a charge by A (by B when `by_b`) from `from`, the
    /// charge at `charge`.
    fn charge_step<D: Dice>(
        &self,
        from: State,
        charge: ChargeState,
        by_b: bool,
        step: u32,
        dice: &mut D,
    ) -> Phase {
        let template = self
            .template(by_b)
            .expect("charge is open only where it is built");
        // Only the advance reads how the regiments stood (as the shared
        // steps hold): later steps play the template without a copy.
        let from_here;
        let procedure = if charge == ChargeState::Declared {
            from_here = self
                .charge_from(&from, by_b)
                .expect("the template is built");
            &from_here
        } else {
            template
        };
        if procedure.finished(&charge).is_some() {
            return Phase::charging(from, charge, by_b);
        }
        Phase::charging(from, procedure.play_step(&charge, step, dice), by_b)
    }

    /// Step `step` of a charge turn past the charge, B playing its usual
    /// way: B's active phase as the firefight plays it.
    fn b_phase_after_charge<D: Dice>(&self, s: &Phase, step: u32, dice: &mut D) -> Phase {
        let b_step = B_PHASE.start + (step - self.charge_steps_of(false));
        let reforms = [false, self.fight.reform];
        Phase::Fight(self.fight.step_with(&s.fight(), b_step, dice, reforms))
    }
}

/// The card's names of the morale levels, by the plan's code.
const LEVEL_WORDS: [&str; 4] = ["Good Order", "Disorder", "Shaken", "Routed"];

impl Decisions for FirefightChoices {
    type State = Phase;

    fn start(&self) -> Phase {
        Phase::Fight(self.fight.start())
    }

    fn turn_limit(&self) -> u32 {
        self.fight.turns
    }

    fn points_per_turn(&self) -> u32 {
        self.opponent.points_per_turn()
    }

    fn chooser(&self, s: &Phase) -> &'static str {
        if matches!(s, Phase::BActive(_)) {
            "b"
        } else {
            "a"
        }
    }

    fn is_over(&self, s: &Phase) -> bool {
        matches!(s, Phase::Fight(f) if self.fight.is_over(f))
    }

    fn decider(&self) -> &'static str {
        "a"
    }

    /// Every choice, less `charge` where A cannot charge at all.
    fn usual_play(&self, _side: &str) -> Option<&'static str> {
        self.fight
            .reform
            .then_some("the usual play (reform when Disordered, else fire)")
    }

    /// A's choices, its usual one first.
    fn all_choices(&self) -> Vec<&'static str> {
        self.usual_first(self.charge.is_some())
    }

    /// B's choices, less `charge` where B cannot charge at all; its usual
    /// one first, as A's.
    fn opponent_choices(&self) -> Vec<&'static str> {
        match self.opponent {
            Opponent::Usual => Vec::new(),
            Opponent::Best => self.usual_first(self.b_charge.is_some()),
        }
    }

    /// Reforming is a choice only for a Disordered regiment. Each side's
    /// usual choice comes first (reforming, where the `reform` field has the
    /// firefight reform): a tie goes to it.
    fn choices(&self, s: &Phase) -> Vec<&'static str> {
        let f = s.fight();
        let (all, level) = match s {
            Phase::BActive(_) => (self.opponent_choices(), f.b.level),
            _ => (self.all_choices(), f.a.level),
        };
        let mut open: Vec<&'static str> = all
            .into_iter()
            .filter(|c| *c != "reform" || level == 1)
            .collect();
        if self.fight.reform && level == 1 {
            open.sort_by_key(|c| *c != "reform");
        }
        open
    }

    /// Fire and reform: the firefight's six steps. Charge: the charge's
    /// steps, then B's active phase. Against B at its best, each side's
    /// choice plays its own active phase: three steps of fire, or the
    /// charge's steps and one that ends the phase.
    fn steps(&self, from: &Phase, choice: &str) -> u32 {
        let by_b = matches!(from, Phase::BActive(_));
        match (self.opponent, choice) {
            (Opponent::Usual, "charge") => self.charge_steps_of(false) + B_PHASE.len() as u32,
            (Opponent::Usual, _) => self.fight.steps(),
            (Opponent::Best, "charge") => self.charge_steps_of(by_b) + 1,
            (Opponent::Best, _) => A_PHASE.len() as u32,
        }
    }

    fn play_step<D: Dice>(&self, s: &Phase, choice: &str, step: u32, dice: &mut D) -> Phase {
        let reforms = choice == "reform";
        match (*s, self.opponent) {
            // A charge declared: its first step, from A's state or B's.
            (Phase::Fight(from), _) if choice == "charge" && step == 0 => {
                self.charge_step(from, ChargeState::Declared, false, step, dice)
            }
            (Phase::BActive(from), _) if choice == "charge" => {
                self.charge_step(from, ChargeState::Declared, true, step, dice)
            }
            (Phase::Charging { from, charge }, _) if step < self.charge_steps_of(false) => {
                self.charge_step(from, charge, false, step, dice)
            }
            // Against B at its best, A's charge is A's phase; else B's active
            // phase follows as the firefight plays it.
            (Phase::Charging { .. }, Opponent::Best) => self.after_a_phase(s.fight()),
            (Phase::Charging { .. }, Opponent::Usual) => self.b_phase_after_charge(s, step, dice),
            (Phase::Fight(_), Opponent::Usual) if choice == "charge" => {
                self.b_phase_after_charge(s, step, dice)
            }
            (Phase::BCharging { from, charge }, _) => {
                if step < self.charge_steps_of(true) {
                    return self.charge_step(from, charge, true, step, dice);
                }
                Phase::Fight(s.fight())
            }
            (Phase::Fight(from), Opponent::Usual) => {
                Phase::Fight(
                    self.fight
                        .step_with(&from, step, dice, [reforms, self.fight.reform]),
                )
            }
            (Phase::Fight(from), Opponent::Best) => {
                let next = self.fight.step_with(&from, step, dice, [reforms, false]);
                if step + 1 == A_PHASE.end {
                    self.after_a_phase(next)
                } else {
                    Phase::Fight(next)
                }
            }
            (Phase::BActive(from), _) => {
                let b_step = B_PHASE.start + step;
                let next = self.fight.step_with(&from, b_step, dice, [false, reforms]);
                if b_step + 1 == B_PHASE.end || self.fight.is_over(&next) {
                    Phase::Fight(next)
                } else {
                    Phase::BActive(next)
                }
            }
        }
    }

    /// A turn in stages of the firefight's steps ([`stages`]).
    fn stages(&self, from: &Phase, choice: &str) -> u32 {
        self.stage_count(from, choice)
    }

    fn stage(
        &self,
        s: &Phase,
        choice: &str,
        stage: u32,
        budget: u64,
    ) -> Option<Result<Turn<Phase>, OverBudget>> {
        self.turn_stage(*s, choice, stage, budget)
    }

    fn figures(&self, s: &Phase) -> Figures {
        let s = s.fight();
        let breaks_first = BreaksFirst::LABELS[Firefight::breaks_first(&s) as usize];
        let [a_lost, b_lost] = self.fight.figures_lost(&s);
        Figures {
            outcomes: vec![("breaks_first", breaks_first.to_string())],
            numbers: vec![("a_figures_lost", a_lost), ("b_figures_lost", b_lost)],
        }
    }

    /// Figures as they stand, not the figures lost (which the firefight's
    /// record floors at 0): a regiment below its original strength that
    /// regains a figure is another state.
    fn describe(&self, s: &Phase) -> Vec<(&'static str, i64)> {
        let s = s.fight();
        vec![
            ("a_figures", i64::from(s.a.figures)),
            ("b_figures", i64::from(s.b.figures)),
            // Morale levels: 0 Good Order, 1 Disorder, 2 Shaken.
            ("a_level", s.a.level as i64),
            ("b_level", s.b.level as i64),
            ("a_opening_volley", i64::from(!s.a.opening_volley_used)),
            ("b_opening_volley", i64::from(!s.b.opening_volley_used)),
        ]
    }

    fn axis_words(&self, axis: &str) -> Option<crate::plan::AxisWords> {
        use crate::plan::AxisWords;
        let (side, rest) = axis.split_once('_')?;
        let side = match side {
            "a" => "A",
            "b" => "B",
            _ => return None,
        };
        Some(match rest {
            "figures" => AxisWords::count(format!("{side}'s figures")),
            "level" => AxisWords::coded(format!("{side}'s morale"), &LEVEL_WORDS),
            "opening_volley" => AxisWords::flag(
                format!("{side}'s opening volley unfired"),
                format!("{side}'s opening volley is unfired"),
                format!("{side}'s opening volley is spent"),
            ),
            _ => return None,
        })
    }

    fn state_words(&self, s: &Phase) -> String {
        let s = s.fight();
        let side = |figures: u32, level: usize, volley_used: bool| {
            let mut words = vec![format!("{figures} figures"), LEVEL_WORDS[level].to_string()];
            if !volley_used {
                words.push("opening volley unfired".to_string());
            }
            words
        };
        crate::plan::sides_in_words(
            &side(s.a.figures, s.a.level as usize, s.a.opening_volley_used),
            &side(s.b.figures, s.b.level as usize, s.b.opening_volley_used),
            &[],
        )
    }
}

#[cfg(test)]
mod tests;
