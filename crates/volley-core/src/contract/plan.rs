//! Best play (`volley plan --format json`): the goal's value under best
//! play, under each fixed policy, the policy as rules and state by state, and
//! its Monte Carlo check.

use super::UsedReadingJson;
use crate::ask::question::Question;
use crate::plan::{Ask, PlanAnswer, PolicyEntry};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanJson {
    pub system: String,
    pub action: String,
    /// Every field of the scenario, as the answer used it.
    pub scenario: serde_json::Value,
    /// The side that chooses, and its choices (the usual one first).
    pub decider: String,
    pub choices: Vec<String>,
    /// How the other side plays: `usual` (its fixed way) or `best` (it
    /// answers at its own decision points to minimise the goal: minimax).
    pub opponent: String,
    /// The other side's choices where it answers at its best (else empty).
    pub opponent_choices: Vec<String>,
    /// What best play maximises: every value of the plan is this goal for
    /// the decider, the opponent's rows included (it takes the lowest).
    pub goal: String,
    pub turn_limit: u32,
    pub best: BestJson,
    /// The goal under the decider's fixed policies (against an opponent at
    /// its best, each met by its best answer), for the gain from playing
    /// well.
    pub fixed: Vec<FixedJson>,
    /// When best play takes each choice other than the usual one (the
    /// decider's, then the opponent's at its best).
    pub rules: Vec<RuleJson>,
    /// Every decision state best play reaches, turn by turn.
    pub policy: Vec<PolicyStateJson>,
    /// The policy played by Monte Carlo, as a check of `best`.
    pub check: Option<CheckJson>,
    /// The answer in one paragraph.
    pub summary: String,
    /// States met at each decision point (the start of each turn; against
    /// an opponent at its best, also where it answers), summed over the
    /// points (a state met at several counts at each; the budget bounds the
    /// distinct ones), and turns enumerated (one per state and open choice).
    pub states: u64,
    pub kernels: u64,
    /// The card's readings the plan consulted.
    pub readings: Vec<UsedReadingJson>,
    /// Why the figures rest on a reconstructed chart cell, or `null`.
    pub provisional: Option<String>,
}

/// The value under best play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestJson {
    pub value: f64,
    /// Always `true`: best play is solved over the exact chain.
    pub exact: bool,
}

/// A fixed policy's value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedJson {
    pub name: String,
    pub value: f64,
}

/// When a choice is best.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleJson {
    /// The side that takes the choice.
    pub side: String,
    pub choice: String,
    pub rule: String,
}

/// One decision state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyStateJson {
    /// The turn about to be played (1 is the first).
    pub turn: u32,
    /// Who chooses here: the decider, or the opponent at its best (who
    /// takes the choice of lowest value).
    pub side: String,
    pub state: BTreeMap<String, i64>,
    /// The state in the card's words (`A: 1 step lost, Shaken; B:
    /// unharmed`).
    pub words: String,
    /// How likely best play is to reach this state at this turn.
    pub reach: f64,
    pub choice: String,
    /// The usual play's choice in this state (best play departs from it
    /// where `choice` differs).
    pub usual: String,
    /// Each open choice's value: the decider's goal, from here, under best
    /// play after (where the opponent chooses, it takes the lowest).
    pub values: BTreeMap<String, f64>,
    /// The best choice's margin over the next best, for its chooser.
    pub gain: f64,
}

/// The Monte Carlo check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckJson {
    pub trials: u64,
    pub seed: u64,
    pub confidence: f64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// The exact value lies within the interval.
    pub agrees: bool,
}

impl PolicyStateJson {
    fn of(r: &PolicyEntry) -> Self {
        PolicyStateJson {
            turn: r.turn,
            side: r.side.to_string(),
            state: r.state.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            words: r.words.clone(),
            reach: r.reach,
            choice: r.choice.to_string(),
            usual: r.usual.to_string(),
            values: r.values.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            gain: r.gain,
        }
    }
}

/// The policy's place in the pretty text of a plan whose policy is left
/// out: the top level's key (two spaces in; a nested key is further in).
const EMPTY_POLICY: &str = "\n  \"policy\": []";

impl PlanJson {
    /// [`crate::contract::to_pretty_json`] of [`PlanJson::of_question`],
    /// the same text, written a policy state at a time: a plan can reach
    /// hundreds of thousands of states, and the whole document as one JSON
    /// value held several times the memory of its text.
    pub fn pretty_of_question(question: &Question, plan: &PlanAnswer, ask: &Ask) -> String {
        let text = super::to_pretty_json(&PlanJson::without_policy(question, plan, ask));
        let Some(at) = text.find(EMPTY_POLICY).filter(|_| !plan.policy.is_empty()) else {
            return text;
        };
        // A policy state's pretty text runs to about 800 bytes: room for all
        // of them at once, not a copy of the growing text at each doubling.
        let mut out = String::with_capacity(text.len() + plan.policy.len() * 900);
        out.push_str(&text[..at]);
        out.push_str("\n  \"policy\": [");
        for (i, row) in plan.policy.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            let row = serde_json::to_string_pretty(&super::to_value(&PolicyStateJson::of(row)))
                .unwrap_or_default();
            for (j, line) in row.lines().enumerate() {
                if j > 0 {
                    out.push('\n');
                }
                out.push_str("    ");
                out.push_str(line);
            }
        }
        out.push_str("\n  ]");
        out.push_str(&text[at + EMPTY_POLICY.len()..]);
        out
    }

    /// The contract of `plan`, found for `question` as `ask` asked: what
    /// every front end prints (the command line's `--format json`, the
    /// page's API, Python).
    pub fn of_question(question: &Question, plan: &PlanAnswer, ask: &Ask) -> Self {
        PlanJson {
            policy: plan.policy.iter().map(PolicyStateJson::of).collect(),
            ..Self::without_policy(question, plan, ask)
        }
    }

    /// [`PlanJson::of_question`] with an empty policy (its summary still
    /// says what the policy does).
    fn without_policy(question: &Question, plan: &PlanAnswer, ask: &Ask) -> Self {
        Self::new(
            question.system().name(),
            question.action().name(),
            question.scenario().to_json(),
            plan,
            (ask.seed, ask.confidence),
            UsedReadingJson::list(&crate::ask::readings::used(question)),
            question.provisional(),
        )
    }

    /// The contract of `plan` for `system action` at `scenario`, its
    /// policy left empty.
    fn new(
        system: &str,
        action: &str,
        scenario: serde_json::Value,
        plan: &PlanAnswer,
        (seed, confidence): (u64, f64),
        readings: Vec<UsedReadingJson>,
        provisional: Option<String>,
    ) -> Self {
        PlanJson {
            system: system.to_string(),
            action: action.to_string(),
            scenario,
            decider: plan.decider.to_string(),
            choices: plan.choices.iter().map(|c| c.to_string()).collect(),
            opponent: plan.opponent.name().to_string(),
            opponent_choices: plan
                .opponent_choices
                .iter()
                .map(|c| c.to_string())
                .collect(),
            goal: plan.goal.clone(),
            turn_limit: plan.turn_limit,
            best: BestJson {
                value: plan.best,
                exact: true,
            },
            fixed: plan
                .fixed
                .iter()
                .map(|(name, value)| FixedJson {
                    name: name.clone(),
                    value: *value,
                })
                .collect(),
            rules: plan
                .rules
                .iter()
                .map(|r| RuleJson {
                    side: r.side.to_string(),
                    choice: r.choice.to_string(),
                    rule: r.text.clone(),
                })
                .collect(),
            // Filled by `of_question`, or written row by row.
            policy: Vec::new(),
            check: plan.check.map(|(trials, e)| CheckJson {
                trials,
                seed,
                confidence,
                value: e.value,
                ci_low: e.low,
                ci_high: e.high,
                agrees: e.low <= plan.best && plan.best <= e.high,
            }),
            summary: plan.summary(),
            states: plan.states as u64,
            kernels: plan.kernels as u64,
            readings,
            provisional,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Goal, Opponent, Watch};
    use crate::systems::Origin;

    /// The plan's JSON written a policy state at a time is the text of the
    /// whole document as one value, byte for byte, for both firefights' plans
    /// (one against an opponent at its best, one with a single turn).
    #[test]
    fn a_plans_json_written_row_by_row_is_the_whole_documents_text() {
        for (system, turns, opponent) in [
            ("micro-force", "3", Opponent::Best),
            ("deadly-field", "3", Opponent::Usual),
            ("micro-force", "1", Opponent::Usual),
        ] {
            let raw = [("turns".to_string(), turns.to_string(), Origin::arguments())];
            let question = Question::new(system, "firefight", &[], &raw).unwrap();
            let ask = Ask {
                choices: None,
                goal: Goal::parse("P(breaks_first=b)").unwrap(),
                opponent,
                budget: 2_000_000,
                check_trials: 0,
                seed: 7,
                confidence: 0.999,
                watch: Watch::default(),
            };
            let plan = question.plan(&ask).unwrap();
            let whole =
                super::super::to_pretty_json(&PlanJson::of_question(&question, &plan, &ask));
            assert!(whole.contains("\"policy\": [\n    {"), "{system}: a policy");
            assert_eq!(
                PlanJson::pretty_of_question(&question, &plan, &ask),
                whole,
                "{system} turns={turns}"
            );
        }
    }
}
