// volley serve: best play (/plan). It knows no rule system: the actions with
// choices come from /api/systems (an action's `choices`), each form from
// /api/fields, and the answer from /api/plan, the JSON of `volley plan`.
// Solving takes seconds, so it waits for the button; the address bar holds the
// question, and a link to it solves it on opening.
"use strict";

const plan = {
  systems: [], // the systems with an action that has choices, and those actions
  fields: [],
  values: {}, // field values that differ from the defaults
};
const PLAN_KEYS = ["choices", "goal", "opponent", "check_trials"];
const POLICY_ROWS = 40; // the policy table shows the states best play reaches most

function planQuery() {
  const params = new URLSearchParams();
  params.set("system", $("system").value);
  params.set("action", $("action").value);
  for (const f of plan.fields) if (f.name in plan.values) params.set(f.name, plan.values[f.name]);
  for (const key of PLAN_KEYS) if ($(key).value.trim()) params.set(key, $(key).value.trim());
  return params;
}

function remember() {
  history.replaceState(null, "", backend.planHref + "?" + planQuery());
  $("result").classList.add("stale");
}

function fillPlanActions(systemName, wanted) {
  const system = plan.systems.find((s) => s.name === systemName) || plan.systems[0];
  const select = $("action");
  select.replaceChildren();
  for (const a of system.actions) select.add(new Option(a.name, a.name));
  select.value = system.actions.some((a) => a.name === wanted) ? wanted : system.actions[0].name;
}

async function loadPlanFields(values) {
  const params = new URLSearchParams({ system: $("system").value, action: $("action").value });
  const spec = await apiJSON("fields", params.toString());
  plan.fields = spec.fields;
  const known = new Set(spec.fields.map((f) => f.name));
  plan.values = {};
  for (const [k, v] of Object.entries(values || {})) if (known.has(k)) plan.values[k] = v;
  $("summary").textContent = `${spec.title}: ${spec.summary}`;
  $("provisional").hidden = !spec.provisional;
  $("provisional").textContent = spec.provisional ? "Provisional: " + spec.provisional + "." : "";
  const action = plan.systems
    .find((s) => s.name === $("system").value)
    .actions.find((a) => a.name === $("action").value);
  $("choices").placeholder = "a:" + action.choices.join(",");
  $("goal").placeholder = spec.headline ? `P(${spec.headline.variable}=${spec.headline.value})` : "";
  // Pickers beside the typed boxes: every set of two or more choices, and
  // the chance of each outcome the action names.
  const sets = [];
  for (let mask = 1; mask < 1 << action.choices.length; mask++) {
    const set = action.choices.filter((_, i) => mask & (1 << i));
    if (set.length >= 2) sets.push("a:" + set.join(","));
  }
  $("choices-options").replaceChildren(...sets.map((s) => new Option(s, s)));
  const goals = [];
  for (const o of spec.outcomes) {
    for (const value of o.value.split(", ")) {
      const goal = `P(${o.variable}=${value})`;
      if (!goals.includes(goal)) goals.push(goal);
    }
  }
  $("goal-options").replaceChildren(...goals.map((g) => new Option(g, g)));
  const valueFor = (f) => (f.name in plan.values ? plan.values[f.name] : f.default);
  buildForm($("fields"), plan.fields, valueFor, (f, v) => {
    if (v === f.default) delete plan.values[f.name];
    else plan.values[f.name] = v;
    remember();
  });
}

let solving = null; // the AbortController of the plan being solved

async function solve(asked) {
  if (solving) solving.abort();
  const controller = new AbortController();
  solving = controller;
  $("error").hidden = true;
  $("status").hidden = false;
  $("progress").removeAttribute("value");
  $("progress-text").textContent = "solving: every state of every turn, exactly...";
  $("result").classList.add("stale");
  try {
    const question = typeof asked === "string" ? asked : planQuery().toString();
    const plan = backend.inBrowser
      ? JSON.parse(await backend.text("plan", question, controller.signal))
      : await streamedPlan(question, controller);
    if (solving === controller) renderPlan(plan);
  } catch (e) {
    if (e.name !== "AbortError" && solving === controller) {
      $("error").hidden = false;
      $("error").textContent = e.message.replace(/^error: (command line|query): /, "error: ");
    }
  } finally {
    if (solving === controller) {
      solving = null;
      $("status").hidden = true;
    }
  }
}

// Best play from the server as it is solved (/api/plan/ask): the solver's
// progress shown as it comes, then the plan (or its error, thrown). Leaving
// (another solve, a closed tab) closes the stream, and the server stops the
// plan once nobody waits for it.
async function streamedPlan(question, controller) {
  const response = await fetch("/api/plan/ask?" + question, { signal: controller.signal });
  let last = null;
  const finished = await readLines(response, (m) => {
    if (m.waiting) return false;
    if (m.progress) {
      if (solving === controller) showSolving(m.progress.done, m.progress.planned);
      return false;
    }
    last = m;
    return true;
  });
  if (!finished) throw new Error("error: the server closed the plan before it was complete; solve again");
  if (last.error) throw new Error(last.error);
  return last.plan;
}

function showSolving(done, planned) {
  $("progress").max = planned;
  $("progress").value = done;
  $("progress-text").textContent =
    `solving: ${done} of ${planned} steps (each turn's states found, then valued from the last turn back)`;
}

// A value as the goal reads: a percentage for a probability, else a number.
function goalValue(p, x) {
  return p.goal.startsWith("P(") ? percent(x) : number(x);
}

function fixedTable(p) {
  const table = el("table", "plan-fixed");
  const head = table.createTHead().insertRow();
  for (const h of ["play", p.goal]) head.append(el("th", "", h));
  const body = table.createTBody();
  const best = body.insertRow();
  best.className = "best";
  best.append(el("td", "", "best play"), el("td", "", goalValue(p, p.best.value) + " (exact)"));
  const answered = p.opponent === "best" ? `, ${p.decider === "a" ? "B" : "A"}'s best answer` : "";
  for (const f of p.fixed) {
    const row = body.insertRow();
    row.append(el("td", "", f.name + answered), el("td", "", goalValue(p, f.value) + " (exact)"));
  }
  return table;
}

function policyTable(p) {
  const rows = [...p.policy].sort((a, b) => b.reach - a.reach).slice(0, POLICY_ROWS);
  rows.sort((a, b) => a.turn - b.turn || a.side.localeCompare(b.side) || b.reach - a.reach);
  const twoSided = p.opponent === "best";
  const choices = [...p.choices, ...p.opponent_choices.filter((c) => !p.choices.includes(c))];
  const table = el("table", "plan-policy");
  const head = table.createTHead().insertRow();
  const sides = twoSided ? ["side"] : [];
  for (const h of ["turn", ...sides, "state", "reach", ...choices, "usual", "best"]) {
    head.append(el("th", "", h));
  }
  const body = table.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    if (r.choice !== r.usual) row.className = "departs";
    row.append(el("td", "", String(r.turn)));
    if (twoSided) row.append(el("td", "", r.side.toUpperCase()));
    row.append(el("td", "state", r.words));
    row.append(el("td", "", percent(r.reach)));
    for (const c of choices) {
      row.append(el("td", "", c in r.values ? goalValue(p, r.values[c]) : ""));
    }
    row.append(el("td", "", r.usual), el("td", "choice", r.choice));
  }
  return table;
}

function renderPlan(p) {
  const out = $("result");
  out.replaceChildren();
  out.classList.remove("stale");
  const other = p.decider === "a" ? "B" : "A";
  const against = p.opponent === "best" ? ` against ${other} at its best` : "";
  out.append(el("h2", "", `Best play for ${p.decider.toUpperCase()}${against}: ${goalValue(p, p.best.value)}`));
  out.append(el("p", "plan-summary", p.summary));
  out.append(fixedTable(p));
  if (p.rules.length) {
    const list = el("ul", "plan-rules");
    for (const r of p.rules) {
      const who = r.side === p.decider ? "" : `${r.side.toUpperCase()} answers, `;
      list.append(el("li", "", `${who}${r.choice}: ${r.rule}`));
    }
    out.append(el("h3", "", "The policy in words"), list);
  }
  if (p.check) {
    const agrees = p.check.agrees ? "agrees" : "DISAGREES";
    out.append(el("p", "hint",
      `Checked: the policy played by Monte Carlo (${p.check.trials.toLocaleString("en")} trials, ` +
      `seed ${p.check.seed}) gives ${goalValue(p, p.check.value)}, ` +
      `${Math.round(100 * p.check.confidence)}% interval ${interval(p.check.ci_low, p.check.ci_high, p.goal.startsWith("P("))}: ${agrees} with the exact value.`));
  }
  out.append(el("h3", "", `The states best play reaches most (${Math.min(POLICY_ROWS, p.policy.length)} of ${p.policy.length.toLocaleString("en")})`));
  // Every value is the decider's goal, the opponent's rows too.
  const whose = p.opponent === "best"
    ? `Each value is ${p.goal} for ${p.decider.toUpperCase()}: where ${other} chooses, it takes the lowest. `
    : `Each value is ${p.goal} from that state. `;
  out.append(el("p", "hint", whose + "Rows where best play departs from the usual play are marked."));
  out.append(policyTable(p));
  if (p.readings.length) {
    const shown = p.readings.map((r) => `${r.option} = ${r.value}`).join(", ");
    out.append(el("p", "hint", `Readings of the card this rests on: ${shown}.`));
  }
  out.append(el("p", "hint",
    `${p.states.toLocaleString("en")} decision states, ${p.kernels.toLocaleString("en")} choices enumerated, ` +
    `${p.turn_limit} turns at most.`));
}

async function startPlan() {
  const params = new URLSearchParams(location.search);
  const wanted = { fields: {} };
  for (const [key, value] of params) {
    if (key === "system" || key === "action") wanted[key] = value;
    else if (PLAN_KEYS.includes(key)) $(key).value = value;
    else wanted.fields[key] = value;
  }
  try {
    const systems = await apiJSON("systems");
    plan.systems = systems
      .map((s) => ({ ...s, actions: s.actions.filter((a) => a.choices.length) }))
      .filter((s) => s.actions.length);
    for (const s of plan.systems) $("system").add(new Option(s.title, s.name));
    $("system").value = plan.systems.some((s) => s.name === wanted.system)
      ? wanted.system : plan.systems[0].name;
    fillPlanActions($("system").value, wanted.action);
    await loadPlanFields(wanted.fields);
  } catch (e) {
    $("error").hidden = false;
    $("error").textContent = String(e.message);
    return;
  }
  const reload = async () => {
    await loadPlanFields({});
    remember();
  };
  $("system").addEventListener("change", () => {
    fillPlanActions($("system").value, null);
    reload();
  });
  $("action").addEventListener("change", reload);
  for (const key of PLAN_KEYS) $(key).addEventListener("input", remember);
  $("solve").addEventListener("click", () => solve());
  // A link with a question solves it as it stands (a key the form cannot
  // show gets the API's error).
  if (params.has("system")) solve(params.toString());
  else remember();
}

startPlan();
