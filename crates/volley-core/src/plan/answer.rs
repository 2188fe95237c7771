//! What a plan asks and answers, the same for every rule system: the
//! choices, the goal and the limits asked; best play's value, the fixed
//! policies', the policy as rules and as a table of states, and a Monte Carlo
//! check of it.

use super::watch::{PlanError, Watch};
use super::{Decisions, Goal, Opponent, Plan, simple_rule, solve};
use crate::error::InputError;
use crate::stats::Estimate;

/// What `volley plan` asks.
#[derive(Clone, Debug)]
pub struct Ask {
    /// `SIDE:CHOICE,CHOICE...` as given (`a:fire,charge`); `None`: every
    /// choice of the deciding side.
    pub choices: Option<String>,
    pub goal: Goal,
    /// How the other side plays: its usual way, or its best.
    pub opponent: Opponent,
    /// States met, and leaves of each turn's dice tree, at most.
    pub budget: u64,
    /// Monte Carlo trials playing the policy found, as a check (0: none).
    pub check_trials: u64,
    pub seed: u64,
    pub confidence: f64,
    /// Told how far the solving is, and stopped from outside.
    pub watch: Watch,
}

/// One decision state best play reaches.
#[derive(Clone, Debug)]
pub struct PolicyEntry {
    pub turn: u32,
    /// Who chooses here: the decider, or the opponent at its best.
    pub side: &'static str,
    pub state: Vec<(&'static str, i64)>,
    /// The state in the card's words ([`Decisions::state_words`]).
    pub words: String,
    pub reach: f64,
    pub choice: &'static str,
    /// The usual play's choice in this state.
    pub usual: &'static str,
    pub values: Vec<(&'static str, f64)>,
    pub gain: f64,
}

/// When one side takes one of its choices other than the usual one, in
/// words.
#[derive(Clone, Debug)]
pub struct RuleText {
    pub side: &'static str,
    pub choice: &'static str,
    pub text: String,
}

/// A plan, answered.
#[derive(Clone, Debug)]
pub struct PlanAnswer {
    pub decider: &'static str,
    pub choices: Vec<&'static str>,
    pub opponent: Opponent,
    /// The opponent's choices where it answers at its best (else none).
    pub opponent_choices: Vec<&'static str>,
    pub goal: String,
    /// The goal is one probability.
    pub probability: bool,
    pub best: f64,
    pub fixed: Vec<(String, f64)>,
    pub policy: Vec<PolicyEntry>,
    /// Each choice other than the usual one, and when best play takes it
    /// (the decider's, then the opponent's at its best).
    pub rules: Vec<RuleText>,
    pub states: usize,
    pub kernels: usize,
    pub turn_limit: u32,
    /// Each axis of the policy's states (and the turns left) in words,
    /// where the game words it.
    pub axis_words: Vec<(&'static str, super::AxisWords)>,
    /// The policy played by Monte Carlo: its goal's mean and interval.
    pub check: Option<(u64, Estimate)>,
}

/// The choices `Ask::choices` leaves open, checked against the game's.
fn asked_choices<G: Decisions>(game: &G, ask: &Ask) -> Result<Vec<&'static str>, InputError> {
    let all = game.all_choices();
    let Some(text) = &ask.choices else {
        return Ok(all);
    };
    let bad = |m: String| InputError::argument("choices", m);
    let (side, list) = text.split_once(':').ok_or_else(|| {
        bad(format!(
            "`{text}`: write SIDE:CHOICE,CHOICE (e.g. {}:{})",
            game.decider(),
            all.join(",")
        ))
    })?;
    if side != game.decider() {
        return Err(bad(format!(
            "side `{side}` does not choose here; `{}` does",
            game.decider()
        )));
    }
    let mut chosen = Vec::new();
    for name in list.split(',').map(str::trim) {
        let Some(c) = all.iter().find(|c| **c == name) else {
            return Err(bad(format!(
                "`{name}` is not a choice here; the choices are {}",
                all.join(", ")
            )));
        };
        chosen.push(*c);
    }
    if !chosen.contains(&all[0]) {
        return Err(bad(format!(
            "keep `{}`, the usual choice, among them",
            all[0]
        )));
    }
    Ok(all.into_iter().filter(|c| chosen.contains(c)).collect())
}

/// A game with some of its choices only.
struct Restricted<'a, G> {
    game: &'a G,
    open: Vec<&'static str>,
}

impl<G: Decisions> Decisions for Restricted<'_, G> {
    type State = G::State;
    fn start(&self) -> G::State {
        self.game.start()
    }
    fn turn_limit(&self) -> u32 {
        self.game.turn_limit()
    }
    fn points_per_turn(&self) -> u32 {
        self.game.points_per_turn()
    }
    fn chooser(&self, s: &G::State) -> &'static str {
        self.game.chooser(s)
    }
    fn opponent_choices(&self) -> Vec<&'static str> {
        self.game.opponent_choices()
    }
    fn is_over(&self, s: &G::State) -> bool {
        self.game.is_over(s)
    }
    fn decider(&self) -> &'static str {
        self.game.decider()
    }
    fn all_choices(&self) -> Vec<&'static str> {
        self.open.clone()
    }
    /// The decider's choices, restricted; the opponent's as they are.
    fn usual_play(&self, side: &str) -> Option<&'static str> {
        self.game.usual_play(side)
    }

    fn choices(&self, s: &G::State) -> Vec<&'static str> {
        if self.game.chooser(s) != self.game.decider() {
            return self.game.choices(s);
        }
        let open: Vec<_> = self
            .game
            .choices(s)
            .into_iter()
            .filter(|c| self.open.contains(c))
            .collect();
        if open.is_empty() {
            vec![self.open[0]]
        } else {
            open
        }
    }
    fn steps(&self, s: &G::State, choice: &str) -> u32 {
        self.game.steps(s, choice)
    }
    fn play_step<D: crate::dice::Dice>(
        &self,
        s: &G::State,
        choice: &str,
        step: u32,
        dice: &mut D,
    ) -> G::State {
        self.game.play_step(s, choice, step, dice)
    }
    fn stages(&self, s: &G::State, choice: &str) -> u32 {
        self.game.stages(s, choice)
    }
    fn stage(
        &self,
        s: &G::State,
        choice: &str,
        stage: u32,
        budget: u64,
    ) -> Option<Result<super::Turn<G::State>, crate::dice::OverBudget>> {
        self.game.stage(s, choice, stage, budget)
    }
    fn carried(&self, s: &G::State, choice: &str) -> Option<(G::State, u32)> {
        self.game.carried(s, choice)
    }
    fn restored(&self, s: G::State, label: u32) -> G::State {
        self.game.restored(s, label)
    }
    fn figures(&self, s: &G::State) -> super::Figures {
        self.game.figures(s)
    }
    fn describe(&self, s: &G::State) -> Vec<(&'static str, i64)> {
        self.game.describe(s)
    }

    fn state_words(&self, s: &Self::State) -> String {
        self.game.state_words(s)
    }

    fn axis_words(&self, axis: &str) -> Option<super::AxisWords> {
        self.game.axis_words(axis)
    }
}

/// Where no simple rule says when `side` takes `choice`: the (at most)
/// three states best play reaches most where it does, in the card's words.
fn most_reached<G: Decisions>(game: &G, plan: &Plan<G::State>, side: &str, choice: &str) -> String {
    let mut taken: Vec<_> = plan
        .policy
        .iter()
        .filter(|r| r.side == side && r.choice == choice)
        // Where it departs from the usual play.
        .filter(|r| game.choices(&r.state).first() != Some(&r.choice))
        .collect();
    taken.sort_by(|a, b| b.reach.total_cmp(&a.reach));
    let said: Vec<String> = taken
        .iter()
        .take(3)
        .map(|r| format!("(turn {}: {})", r.turn, game.state_words(&r.state)))
        .collect();
    if said.is_empty() {
        return String::new();
    }
    format!("; most often {}", said.join(", "))
}

/// Solve `game` as `ask` asks: best play, the fixed policies, the rules,
/// and (with `check_trials`) the policy played by Monte Carlo.
/// `outcome_values` are the outcomes the game's figures can hold, for the
/// goal's check.
pub fn answer<G: Decisions>(
    game: &G,
    ask: &Ask,
    outcome_values: &[(&str, Vec<String>)],
) -> Result<PlanAnswer, PlanError> {
    let open = asked_choices(game, ask).map_err(PlanError::Input)?;
    if ask.opponent == Opponent::Best && game.opponent_choices().is_empty() {
        return Err(PlanError::Input(InputError::argument(
            "opponent",
            "here the other side has no choices of its own: it plays its usual way".to_string(),
        )));
    }
    ask.goal
        .check(&game.figures(&game.start()), outcome_values)
        .map_err(PlanError::Input)?;
    let game = Restricted { game, open };
    let plan: Plan<G::State> = solve(&game, ask.goal.clone(), ask.budget, &ask.watch)?;
    let opponent_choices = game.opponent_choices();
    let other = super::other_side(game.decider());
    let mut rules = Vec::new();
    for (side, choices) in [(game.decider(), &game.open), (other, &opponent_choices)] {
        for c in choices.iter().skip(1) {
            let rule = simple_rule(&game, &plan, side, c);
            let mut text = rule.said(c, game.usual_play(side).unwrap_or(choices[0]), &|c| {
                c.words(&game)
            });
            if matches!(rule, super::Rule::Irregular) {
                text.push_str(&most_reached(&game, &plan, side, c));
            }
            rules.push(RuleText {
                side,
                choice: c,
                text,
            });
        }
    }
    let check = (ask.check_trials > 0).then(|| {
        (
            ask.check_trials,
            plan.simulate(&game, ask.check_trials, ask.seed, ask.confidence),
        )
    });
    let axis_words = plan
        .policy
        .first()
        .map(|r| {
            super::with_turns_left(game.describe(&r.state), game.turn_limit(), r.turn)
                .into_iter()
                .filter_map(|(axis, _)| Some((axis, super::axis_words(&game, axis)?)))
                .collect()
        })
        .unwrap_or_default();
    Ok(PlanAnswer {
        decider: game.decider(),
        choices: game.open.clone(),
        opponent: ask.opponent,
        opponent_choices,
        goal: plan.goal.text().to_string(),
        probability: plan.goal.is_probability(),
        best: plan.best,
        fixed: plan.fixed.clone(),
        policy: plan
            .policy
            .iter()
            .map(|r| PolicyEntry {
                turn: r.turn,
                side: r.side,
                state: game.describe(&r.state),
                words: game.state_words(&r.state),
                reach: r.reach,
                choice: r.choice,
                usual: game.choices(&r.state)[0],
                values: r.values.clone(),
                gain: r.gain(),
            })
            .collect(),
        rules,
        states: plan.states,
        kernels: plan.kernels,
        turn_limit: game.turn_limit(),
        axis_words,
        check,
    })
}

impl PlanAnswer {
    /// A value as the goal reads: a percentage for a probability, else a
    /// number.
    pub fn shown(&self, value: f64) -> String {
        if self.probability {
            format!("{}%", crate::stats::text::percent_digits(value))
        } else {
            format!("{value:.4}")
        }
    }

    /// The difference of two values, in points for a probability.
    fn gap(&self, from: f64, to: f64) -> String {
        let d = to - from;
        // Two significant digits where two decimals would read as nothing.
        let digits = |x: f64| {
            if x != 0.0 && x.abs() < 0.01 {
                format!("{x:+.2e}")
            } else {
                format!("{x:+.2}")
            }
        };
        if self.probability {
            format!("{} points", digits(100.0 * d))
        } else {
            digits(d)
        }
    }

    /// The plan in one paragraph: best play's value, the fixed policies'
    /// and the gain over the best of them, and the policy's rules.
    pub fn summary(&self) -> String {
        let opponent = super::other_side(self.decider).to_uppercase();
        let against = match self.opponent {
            Opponent::Usual => String::new(),
            Opponent::Best => format!(" against {opponent} at its best (minimax)"),
        };
        let mut text = format!(
            "Best play by {}{against} gives {} = {} (exact).",
            self.decider.to_uppercase(),
            self.goal,
            self.shown(self.best)
        );
        if let Some((name, value)) = self.fixed.iter().max_by(|a, b| a.1.total_cmp(&b.1)) {
            let others: Vec<String> = self
                .fixed
                .iter()
                .map(|(n, v)| format!("{n}: {}", self.shown(*v)))
                .collect();
            let gain = if self.best - value <= super::solver::TIE {
                format!("the best of them, {name}, is already best play here")
            } else {
                format!(
                    "playing well gains {} over the best of them ({name})",
                    self.gap(*value, self.best)
                )
            };
            let answered = match self.opponent {
                Opponent::Usual => String::new(),
                Opponent::Best => format!(", each against {opponent}'s best answer to it"),
            };
            text.push_str(&format!(
                " Fixed policies{answered}: {}; {gain}.",
                others.join("; ")
            ));
        }
        // One sentence a choice, each side's first led by whose play it is.
        for (decides, lead) in [
            (true, "Best play".to_string()),
            (false, format!("{opponent}'s best answer")),
        ] {
            let said = self
                .rules
                .iter()
                .filter(|r| (r.side == self.decider) == decides);
            for (i, rule) in said.enumerate() {
                if i == 0 {
                    text.push_str(&format!(" {lead}: {}.", rule.text));
                } else {
                    let mut letters = rule.text.chars();
                    let first = letters.next().map(|c| c.to_uppercase().to_string());
                    text.push_str(&format!(
                        " {}{}.",
                        first.unwrap_or_default(),
                        letters.as_str()
                    ));
                }
            }
        }
        text
    }
}
