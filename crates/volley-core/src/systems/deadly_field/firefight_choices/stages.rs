//! A Deadly Field turn as the plan's solver steps it: in stages of the
//! firefight's steps, each stage's moves from a state found once for every
//! turn that meets it (the firefight's steps shared further through
//! `fight_steps`), a charge whole (built once, its steps after the advance
//! shared through `charge_steps`).

use super::super::charge_steps::ChargeState;
use super::super::firefight::State;
use super::phase::merged;
use super::{A_PHASE, B_PHASE, FirefightChoices, Phase, STEPS};
use crate::dice::{Enumerator, OverBudget};
use crate::engine::{Engagement, exact_ends_shared};
use crate::plan::{Decisions, Opponent, Turn};
use rustc_hash::FxHashMap;

impl FirefightChoices {
    /// A turn in stages of the firefight's steps, each shared by every
    /// turn of a decision point that meets its state; a charge is one stage
    /// (built once, its steps after the advance shared), then B's active
    /// phase a step a stage.
    pub(super) fn stage_count(&self, from: &Phase, choice: &str) -> u32 {
        let best = self.opponent == Opponent::Best;
        match (from, choice) {
            (Phase::Fight(_), "charge") if !best => 1 + B_PHASE.len() as u32,
            (Phase::Fight(_), _) if !best => STEPS,
            // Against B at its best, each side's phase whole: its
            // decision points between them share most of what its steps
            // would.
            (Phase::Fight(_) | Phase::BActive(_), _) => 1,
            _ => self.steps(from, choice),
        }
    }

    /// Stage `stage` from `at`: a decision point at stage 0, then the
    /// states a turn's steps leave.
    pub(super) fn turn_stage(
        &self,
        at: Phase,
        choice: &str,
        stage: u32,
        budget: u64,
    ) -> Option<Result<Turn<Phase>, OverBudget>> {
        let reforms = choice == "reform";
        let usual = self.fight.reform;
        let best = self.opponent == Opponent::Best;
        let step_from = |now: State, step: u32, flags: [bool; 2], end: &dyn Fn(State) -> Phase| {
            self.fight_steps_from(now, step..step + 1, flags, end, budget)
        };
        let turn = match (at, choice) {
            (Phase::Fight(from), "charge") if stage == 0 => {
                let end = |s| {
                    if best {
                        self.after_a_phase(s)
                    } else {
                        Phase::Fight(s)
                    }
                };
                self.charge_ends(&from, false, budget)
                    .map(|ends| merged(ends, end))
            }
            // B's active phase after A's charge, as the firefight plays it.
            (Phase::Fight(now), "charge") if !best => step_from(
                now,
                B_PHASE.start + stage - 1,
                [false, usual],
                &Phase::Fight,
            ),
            (Phase::Fight(now), _) if !best => {
                step_from(now, stage, [reforms, usual], &Phase::Fight)
            }
            (Phase::Fight(from), _) if stage == 0 => self.fight_steps_from(
                from,
                A_PHASE,
                [reforms, usual],
                |s| self.after_a_phase(s),
                budget,
            ),
            (Phase::BActive(from), "charge") if stage == 0 => self
                .charge_ends(&from, true, budget)
                .map(|ends| merged(ends, Phase::Fight)),
            (Phase::BActive(from), _) if stage == 0 => {
                self.fight_steps_from(from, B_PHASE, [false, reforms], Phase::Fight, budget)
            }
            _ => return None,
        };
        Some(turn)
    }

    /// A charge's ends from `from` (by B when `by_b`), exactly (the
    /// procedure built once for its whole dice tree), each mapped back into
    /// the firefight.
    fn charge_ends(
        &self,
        from: &State,
        by_b: bool,
        budget: u64,
    ) -> Result<Vec<(State, f64)>, OverBudget> {
        let procedure = self
            .charge_from(from, by_b)
            .expect("charge is open only where it is built");
        let steps = &self.charge_steps[usize::from(by_b)];
        Ok(exact_ends_shared(&procedure, steps, budget)?
            .into_iter()
            .map(|(end, p)| {
                (
                    Phase::charging(*from, ChargeState::Over(end), by_b).fight(),
                    p,
                )
            })
            .collect())
    }

    /// The firefight's `steps` from `from`, as
    /// [`Decisions::play_step`] plays them (a state whose fight is over
    /// stays), each side reforming at the start of its phase as `reforms`
    /// says (A's, B's), each end made a decision point by `end`; every step
    /// shared with the other turns but a reform that the firefight's own
    /// `reform` does not play.
    fn fight_steps_from(
        &self,
        from: State,
        steps: std::ops::Range<u32>,
        reforms: [bool; 2],
        end: impl Fn(State) -> Phase,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let shared = [false, self.fight.reform];
        let mut now = vec![(from, 1.0)];
        let mut enumerator = Enumerator::new(budget);
        for step in steps {
            let mut next: FxHashMap<State, f64> = FxHashMap::default();
            let side = usize::from(step >= B_PHASE.start);
            let own = step % 3 == 0 && reforms[side] != shared[side];
            for (s, w) in now.drain(..) {
                if self.fight.is_over(&s) {
                    *next.entry(s).or_insert(0.0) += w;
                } else if own {
                    enumerator.explore(
                        |dice| self.fight.step_with(&s, step, dice, reforms),
                        |after, p| *next.entry(after).or_insert(0.0) += p * w,
                    )?;
                } else {
                    let moves = self
                        .fight_steps
                        .moves(step, &s, &mut enumerator, |s, dice| {
                            self.fight.step_with(s, step, dice, shared)
                        })?;
                    for (after, p) in moves.iter() {
                        *next.entry(*after).or_insert(0.0) += p * w;
                    }
                }
            }
            now.extend(next);
        }
        let mut kernel: Vec<(Phase, f64)> = now.into_iter().map(|(s, p)| (end(s), p)).collect();
        kernel.sort_by_key(|a| a.0);
        Ok(kernel)
    }
}
