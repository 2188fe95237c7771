// volley serve: the page. It knows no rule system and no action: the system and
// action lists come from /api/systems, each form from /api/fields (kinds,
// defaults, bounds, choices, help), and every answer from /api/ask, which
// streams Monte Carlo progress and then the JSON of `volley odds` (or of
// `volley compare` when a variant is given). The address bar holds the question.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

const state = {
  systems: [],
  fields: [],
  values: {}, // baseline field values that differ from the defaults
  variant: {}, // variant field values that differ from the baseline's
  variantRule: "",
  method: "auto",
  trials: "",
  precision: "",
  confidence: "",
  seed: "",
  budget: "", // kept from the address; the page has no box for it
  rule: "", // a house rule for both sides
  outcomes: [], // what each outcome value means, from /api/fields
};
let running = null; // the AbortController of the question being asked
let askTimer = null;

// ---------- the question in the address bar ----------

function readAddress() {
  const params = new URLSearchParams(location.search);
  const read = { fields: {}, variant: {}, system: null, action: null };
  for (const [key, value] of params) {
    if (key === "system" || key === "action") read[key] = value;
    else if (key === "method") state.method = value;
    else if (["trials", "precision", "confidence", "seed", "budget", "rule"].includes(key)) {
      state[key] = value;
    }
    else if (key === "variant.rule") state.variantRule = value;
    else if (key.startsWith("variant.")) read.variant[key.slice(8)] = value;
    else read.fields[key] = value;
  }
  // `trials` or `precision` alone mean Monte Carlo, as on the command line.
  if (!params.has("method") && (state.trials || state.precision)) state.method = "monte-carlo";
  return read;
}

function query() {
  const params = new URLSearchParams();
  params.set("system", $("system").value);
  params.set("action", $("action").value);
  for (const f of state.fields) {
    if (f.name in state.values) params.set(f.name, state.values[f.name]);
  }
  if (state.method !== "auto") params.set("method", state.method);
  if (state.method === "monte-carlo") {
    if (state.precision) params.set("precision", state.precision);
    else if (state.trials) params.set("trials", state.trials);
  }
  for (const key of ["confidence", "seed", "budget"]) {
    if (state[key]) params.set(key, state[key]);
  }
  if (state.rule.trim()) params.set("rule", state.rule);
  for (const f of state.fields) {
    if (f.name in state.variant) params.set("variant." + f.name, state.variant[f.name]);
  }
  if (state.variantRule.trim()) params.set("variant.rule", state.variantRule);
  return params;
}

// ---------- forms built from the field declarations ----------

const valueOf = (f) => (f.name in state.values ? state.values[f.name] : f.default);

function buildForms() {
  buildForm($("fields"), state.fields, valueOf, (f, v) => {
    if (v === f.default) delete state.values[f.name];
    else state.values[f.name] = v;
    // A variant field equal to the baseline's value is no change.
    if (state.variant[f.name] === v) delete state.variant[f.name];
    buildVariantForm();
    changed();
  });
  buildVariantForm();
}

function buildVariantForm() {
  const variantValue = (f) => (f.name in state.variant ? state.variant[f.name] : valueOf(f));
  buildForm($("variant-fields"), state.fields, variantValue, (f, v, label) => {
    if (v === valueOf(f)) delete state.variant[f.name];
    else state.variant[f.name] = v;
    label.classList.toggle("changed", f.name in state.variant);
    changed();
  });
  for (const label of $("variant-fields").querySelectorAll("label.field")) {
    const el = label.querySelector("[data-field]");
    if (el && el.dataset.field in state.variant) label.classList.add("changed");
  }
}

// ---------- systems, actions and fields ----------

function fillActions(systemName, wanted) {
  const system = state.systems.find((s) => s.name === systemName) || state.systems[0];
  $("sheet-link").href = backend.sheetHref(system.name);
  const select = $("action");
  select.replaceChildren();
  for (const a of system.actions) {
    select.add(new Option(a.name + (a.provisional ? " (provisional)" : ""), a.name));
  }
  select.value = system.actions.some((a) => a.name === wanted) ? wanted : system.actions[0].name;
}

let fieldsAsked = 0; // only the latest /api/fields answer builds the form

async function loadFields(values, variant) {
  const params = new URLSearchParams({ system: $("system").value, action: $("action").value });
  const asked = ++fieldsAsked;
  clearTimeout(askTimer);
  const spec = await apiJSON("fields", params.toString());
  if (asked !== fieldsAsked) return false;
  state.fields = spec.fields;
  const known = new Set(spec.fields.map((f) => f.name));
  state.values = {};
  state.variant = {};
  for (const [k, v] of Object.entries(values || {})) if (known.has(k)) state.values[k] = v;
  for (const [k, v] of Object.entries(variant || {})) if (known.has(k)) state.variant[k] = v;
  state.outcomes = spec.outcomes;
  $("summary").textContent = `${spec.title}: ${spec.summary}`;
  $("provisional").hidden = !spec.provisional;
  $("provisional").textContent = spec.provisional ? "Provisional: " + spec.provisional + "." : "";
  buildForms();
  return true;
}

// ---------- asking ----------

function changed() {
  history.replaceState(null, "", "?" + query());
  // The answer shown is now to another question: dim it, stop asking the old one.
  $("result").classList.add("stale");
  if (running) {
    running.abort();
    running = null;
  }
  clearTimeout(askTimer);
  askTimer = setTimeout(ask, 150);
}

function showProgress(done, planned) {
  $("status").hidden = false;
  $("progress").max = planned;
  $("progress").value = done;
  $("progress-text").textContent =
    `Monte Carlo: ${done.toLocaleString("en")} of ${planned.toLocaleString("en")} trials`;
}

function showError(message) {
  $("error").hidden = false;
  // The API names the query's keys; on the page, the key is the box.
  $("error").textContent = message.replace(/^error: (command line|query): /, "error: ");
  $("result").classList.add("stale");
}

// Ask the question of the form, or `asked` (a query string) as it stands.
async function ask(asked) {
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  $("error").hidden = true;
  $("result").classList.add("stale");
  const slow = setTimeout(() => {
    if (running === controller) {
      $("status").hidden = false;
      $("progress").removeAttribute("value");
      $("progress-text").textContent = "asking...";
    }
  }, 300);
  try {
    const question = typeof asked === "string" ? asked : query().toString();
    if (backend.inBrowser) {
      // The worker answers at once, whole: its error is the answer's.
      let line;
      try {
        line = await backend.text("ask", question, controller.signal, (progress) => {
          if (running === controller) handle({ progress });
        });
      } catch (e) {
        if (e.name === "AbortError") throw e;
        line = JSON.stringify({ error: e.message });
      }
      if (running === controller) handle(JSON.parse(line));
      return;
    }
    const response = await fetch("/api/ask?" + question, { signal: controller.signal });
    // A question asked since: stop reading this one.
    const finished = await readLines(response, (m) => running !== controller || handle(m));
    if (!finished && running === controller) {
      showError("error: the server closed the answer before it was complete; change anything to ask again");
    }
  } catch (e) {
    if (e.name !== "AbortError") showError("error: " + e.message);
  } finally {
    clearTimeout(slow);
    if (running === controller) {
      running = null;
      $("status").hidden = true;
    }
  }
}

// One line of /api/ask; `true` once the answer (or its error) is in.
function handle(message) {
  if (message.waiting) return false;
  if (message.progress) {
    showProgress(message.progress.done, message.progress.planned);
    return false;
  }
  if (message.error) {
    showError(message.error);
    return true;
  }
  if (message.odds) renderOdds(message.odds);
  else if (message.compare) renderCompare(message.compare);
  $("result").classList.remove("stale");
  return true;
}

// ---------- numbers ----------

function pValue(p) {
  if (p === null || p === undefined) return "";
  return p < 1e-4 ? "p < 0.0001" : "p = " + p.toFixed(4);
}

function methodLine(a) {
  if (a.method === "exact") return "exact: every branch of the dice tree enumerated";
  let line = `Monte Carlo: ${a.trials.toLocaleString("en")} trials, seed ${a.seed}; ` +
    `${Math.round(100 * a.confidence)}% intervals`;
  if (a.exact_refused) line += ` (not exact: ${a.exact_refused})`;
  return line;
}

function byVariable(rows) {
  const out = new Map();
  for (const r of rows) {
    if (!out.has(r.variable)) out.set(r.variable, []);
    out.get(r.variable).push(r);
  }
  return out;
}

// ---------- charts (SVG) ----------

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Horizontal bars, one row per value; several series (baseline, variant) side
// by side; interval whiskers for Monte Carlo.
// Drawn at the width it is shown at, so that its text is the page's size.
function chartWidth() {
  return Math.max(280, Math.min(900, $("result").clientWidth || 600));
}

// The label column for `values`: wide enough for the longest, at most half the
// chart (longer labels are shortened, in full on hover). Shared by an answer's
// charts so that their bars line up.
function labelWidth(values) {
  const longest = Math.max(1, ...values.map((v) => String(v).length));
  return Math.min(Math.round(chartWidth() * 0.5), 14 + Math.ceil(7.4 * longest));
}

function barChart(rows, series, exact, highlight, labelW) {
  const barH = 14;
  const rowH = series.length * (barH + 2) + 8;
  const width = chartWidth();
  const plotW = width - labelW - 64;
  const fits = Math.floor((labelW - 10) / 7.4);
  const height = rows.length * rowH + 4;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "bars", role: "img" });
  rows.forEach((row, i) => {
    const y0 = 2 + i * rowH;
    const text = String(row.value);
    const shown = text.length > fits ? text.slice(0, Math.max(1, fits - 1)) + "\u2026" : text;
    const label = svg("text", { x: labelW - 6, y: y0 + rowH / 2, class: "label" }, shown);
    label.append(svg("title", {}, row.meaning ? `${text}: ${row.meaning}` : text));
    if (row.value === highlight) label.classList.add("headline-value");
    chart.append(label);
    series.forEach((s, k) => {
      const r = s.rows[i];
      if (!r) return;
      const y = y0 + 3 + k * (barH + 2);
      const w = Math.max(r.p * plotW, r.p > 0 ? 1 : 0);
      chart.append(svg("rect", { x: labelW, y, width: w, height: barH, class: `bar s${k}` }));
      if (!exact && r.low !== null && r.high !== null) {
        const mid = y + barH / 2;
        const lo = labelW + r.low * plotW;
        const hi = labelW + r.high * plotW;
        chart.append(svg("line", { x1: lo, x2: hi, y1: mid, y2: mid, class: "whisker" }));
        chart.append(svg("line", { x1: lo, x2: lo, y1: mid - 4, y2: mid + 4, class: "whisker" }));
        chart.append(svg("line", { x1: hi, x2: hi, y1: mid - 4, y2: mid + 4, class: "whisker" }));
      }
      chart.append(svg("text", { x: labelW + plotW + 6, y: y + barH - 3, class: "value" },
        percent(r.p)));
    });
  });
  return chart;
}

// Per-turn curves on one chart: each series' value at the end of each turn,
// with its band when Monte Carlo.
function curveChart(series, exact, W) {
  const H = 190, left = 44, right = 12, top = 10, bottom = 30;
  const all = series.flatMap((s) => s.points);
  const maxTurn = Math.max(1, ...all.map((p) => p.turn));
  const highest = Math.max(...all.map((p) => (exact ? p.value : p.ci_high)), 1e-9);
  const yMax = highest <= 1 ? 1 : Math.ceil(highest);
  const x = (t) => left + (t / maxTurn) * (W - left - right);
  const y = (v) => top + (1 - v / yMax) * (H - top - bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "curve", role: "img" });
  // Whole-number scales get whole-number ticks.
  const ticks = yMax > 1 && yMax <= 8 ? yMax : 4;
  for (let k = 0; k <= ticks; k++) {
    const v = (yMax * k) / ticks;
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick y" },
      yMax === 1 ? v.toFixed(2) : String(Math.round(v * 100) / 100)));
  }
  const step = Math.max(1, Math.ceil(maxTurn / 12));
  for (let t = 0; t <= maxTurn; t += step) {
    chart.append(svg("text", { x: x(t), y: H - bottom + 16, class: "tick x" }, String(t)));
  }
  chart.append(svg("text", { x: (left + W - right) / 2, y: H - 2, class: "axis" }, "turn"));
  series.forEach((s, k) => {
    const points = s.points;
    if (!exact) {
      const band = points.map((p) => `${x(p.turn)},${y(p.ci_high)}`)
        .concat(points.slice().reverse().map((p) => `${x(p.turn)},${y(p.ci_low)}`));
      chart.append(svg("polygon", { points: band.join(" "), class: `band s${k}` }));
    }
    chart.append(svg("polyline", {
      points: points.map((p) => `${x(p.turn)},${y(p.value)}`).join(" "), class: `line s${k}` }));
    for (const p of points) {
      chart.append(svg("circle", { cx: x(p.turn), cy: y(p.value), r: 2.5, class: `dot s${k}` }));
    }
  });
  return chart;
}

// An engagement's curves, one chart per measure: `a_alive` and `b_alive` on one
// chart, side a blue and side b vermillion.
function curveGroups(curves) {
  const byName = byVariable(curves);
  const groups = [];
  const done = new Set();
  for (const name of byName.keys()) {
    if (done.has(name)) continue;
    const m = /^a_(.+)$/.exec(name);
    const other = m ? "b_" + m[1] : null;
    if (other && byName.has(other)) {
      groups.push({ title: m[1], series: [
        { name: "side a", points: byName.get(name) },
        { name: "side b", points: byName.get(other) },
      ] });
      done.add(other);
    } else {
      groups.push({ title: name, series: [{ name, points: byName.get(name) }] });
    }
    done.add(name);
  }
  return groups;
}

// ---------- answers ----------

function notesBlock(a) {
  const box = el("div", "notes");
  for (const n of a.notes || []) box.append(el("p", "note", n));
  if (a.working && a.working.length) {
    const d = el("details", "working");
    d.append(el("summary", "", "How volley read this scenario"));
    const ul = el("ul");
    for (const w of a.working) ul.append(el("li", "", w));
    d.append(ul);
    box.append(d);
  }
  return box;
}

// What an outcome value means (from the action's declarations), if it says.
function meaning(variable, value) {
  const found = state.outcomes.find((o) => o.variable === variable && o.value === value);
  return found ? found.meaning : null;
}

// The meanings of a variable's values, under its chart.
function meanings(variable) {
  const list = state.outcomes.filter((o) => o.variable === variable);
  if (!list.length) return null;
  const box = el("dl", "meanings");
  for (const o of list) box.append(el("dt", "", o.value), el("dd", "", o.meaning));
  return box;
}

function headBox(a, exact) {
  const head = el("div", "headline-box");
  const headline = el("div", "headline", a.headline ? a.headline.text : "");
  headline.id = "headline";
  if (!a.headline) {
    headline.classList.add("none");
    headline.textContent = "No single outcome stands first here: every outcome is below.";
  }
  head.append(headline, el("div", "method-line", methodLine(a)));
  const short = a.precision_not_reached;
  if (short) {
    const warning = el("p", "provisional", "Precision not reached: asked for every half-width below " +
      short.asked + ", stopped at the cap of " + a.trials.toLocaleString("en") +
      " trials with the widest at " + short.reached.toPrecision(3) + "; the intervals are wider than asked.");
    warning.id = "precision-warning";
    head.append(warning);
  }
  if (a.provisional) head.append(el("p", "provisional", "Provisional: " + a.provisional + "."));
  const patched = patchedList(a.patched || []);
  if (patched) head.append(patched);
  const readings = readingsBox(a.readings || []);
  if (readings) head.append(readings);
  return head;
}

// The chart values the house rules change, old -> new.
function patchedList(patched) {
  if (!patched.length) return null;
  const list = el("ul", "patched");
  for (const p of patched) {
    list.append(el("li", "", `${p.rule} changes ${p.path}: ${p.old === null ? "(not on the card)" : p.old} -> ${p.new}`));
  }
  return list;
}

// The card's readings the answer rests on: those that move the headline by a
// point or more first, with the headline under each alternative.
function readingsBox(readings) {
  if (!readings.length) return null;
  const box = el("details", "readings");
  box.id = "readings";
  const moving = readings.filter((r) => r.alternatives.length);
  box.open = moving.length > 0;
  // Readings with alternatives built whose effect was not measured here.
  const unmeasured = readings.filter((r) => r.others.length && !r.measured).length;
  const untold = unmeasured ? " (" + unmeasured + " not measured here)" : "";
  box.append(el("summary", "", (moving.length
    ? "Rests on " + moving.length + " reading" + (moving.length > 1 ? "s" : "") + " of the card that move it"
    : "Readings of the card consulted (" + readings.length + ")") + untold));
  const list = el("ul");
  for (const r of moving.concat(readings.filter((r) => !r.alternatives.length))) {
    let text = r.option + " = " + r.value;
    if (r.alternatives.length) {
      text += ": " + r.alternatives.map((x) => "under " + x.value + ", " +
        (100 * x.probability).toFixed(2) + "% (" + (x.difference >= 0 ? "+" : "") +
        (100 * x.difference).toFixed(2) + " points)").join("; ");
    } else if (r.measured === "exact") {
      text += ": no other reading moves it by a point";
    } else if (r.not_measured) {
      text += " (" + r.not_measured + ")";
    }
    list.append(el("li", r.alternatives.length ? "moves" : "", text));
  }
  box.append(list);
  return box;
}

function renderOdds(a) {
  const exact = a.method === "exact";
  const out = $("result");
  out.replaceChildren(headBox(a, exact));
  const labelW = labelWidth(a.outcomes.map((o) => o.value));
  for (const [variable, rows] of byVariable(a.outcomes)) {
    const section = el("section", "distribution");
    section.append(el("h3", "", variable));
    const data = rows.map((r) => ({ p: r.probability, low: r.ci_low, high: r.ci_high }));
    const labelled = rows.map((r) => ({ value: r.value, meaning: meaning(variable, r.value) }));
    const highlight = a.headline && a.headline.variable === variable ? a.headline.value : null;
    section.append(barChart(labelled, [{ name: "", rows: data }], exact, highlight, labelW));
    const known = meanings(variable);
    if (known) section.append(known);
    out.append(section);
  }
  if (a.means.length) {
    const table = el("table", "means");
    const header = el("tr");
    header.append(el("th", "", "mean"), el("th", "", "value"), el("th", "", exact ? "" : "interval"));
    table.append(header);
    for (const m of a.means) {
      const tr = el("tr");
      tr.append(el("td", "", m.variable), el("td", "num", number(m.mean)),
        el("td", "num", exact ? "" : interval(m.ci_low, m.ci_high, false)));
      table.append(tr);
    }
    out.append(table);
  }
  if (a.curves && a.curves.length) {
    const curves = el("section", "curves");
    curves.append(el("h2", "", "Turn by turn"));
    const legend = el("div", "legend");
    legend.append(el("span", "s0", "side a"), el("span", "s1", "side b"));
    const groups = curveGroups(a.curves);
    if (groups.some((g) => g.series.length > 1)) curves.append(legend);
    // Two side by side where they stay readable.
    const full = chartWidth();
    const width = full >= 560 ? Math.floor((full - 16) / 2) : full;
    for (const group of groups) {
      const box = el("div", "curve-box");
      box.style.width = width + "px";
      box.append(el("h3", "", group.title + (exact ? "" : " (band: interval)")));
      box.append(curveChart(group.series, exact, width));
      curves.append(box);
    }
    out.append(curves);
  }
  out.append(notesBlock(a));
}

function renderCompare(c) {
  const exact = c.method === "exact";
  const base = c.baseline;
  const variant = c.variants[0];
  const v = variant.result;
  const out = $("result");
  const head = headBox(base, exact);
  head.prepend(el("div", "side-title", "baseline"));
  const sides = el("div", "sides");
  const card = el("div", "side");
  card.append(el("div", "side-title", "variant: " + variant.spec));
  card.append(el("div", "side-headline", v.headline ? v.headline.text : "(no headline)"));
  // The variant's own changes: those after the baseline's house rules'.
  const own = patchedList((v.patched || []).slice((base.patched || []).length));
  if (own) card.append(own);
  sides.append(card);
  if (base.headline) {
    const d = variant.differences.find(
      (r) => r.variable === base.headline.variable && r.value === base.headline.value);
    if (d) {
      const diff = el("div", "side difference");
      diff.append(el("div", "side-title", "difference (variant - baseline)"));
      let text = `${d.difference > 0 ? "+" : ""}${fixed(100 * d.difference, 2)} points`;
      if (!exact) text += ` ${interval(d.ci_low, d.ci_high, true)}`;
      diff.append(el("div", "side-headline", text));
      if (!exact) diff.append(el("div", "p", pValue(d.p_value)));
      sides.append(diff);
    }
  }
  head.append(sides);
  out.replaceChildren(head);
  const legend = el("div", "legend");
  legend.append(el("span", "s0", "baseline"), el("span", "s1", "variant: " + variant.spec));
  out.append(legend);
  const variantRows = byVariable(v.outcomes);
  const labelW = labelWidth(base.outcomes.map((o) => o.value));
  for (const [variable, rows] of byVariable(base.outcomes)) {
    const section = el("section", "distribution");
    section.append(el("h3", "", variable));
    const vRows = variantRows.get(variable) || [];
    const pick = (list) => rows.map((r) => {
      const m = list.find((x) => x.value === r.value);
      return m ? { p: m.probability, low: m.ci_low, high: m.ci_high } : null;
    });
    const labelled = rows.map((r) => ({ value: r.value, meaning: meaning(variable, r.value) }));
    section.append(barChart(labelled, [
      { name: "baseline", rows: pick(rows) },
      { name: "variant", rows: pick(vRows) },
    ], exact, null, labelW));
    out.append(section);
  }
  const table = el("table", "differences");
  const header = el("tr");
  for (const h of ["", "baseline", "variant", "difference", exact ? "" : "p"]) header.append(el("th", "", h));
  table.append(header);
  const find = (a, r) => r.value === null
    ? (a.means.find((m) => m.variable === r.variable) || {}).mean
    : (a.outcomes.find((o) => o.variable === r.variable && o.value === r.value) || {}).probability;
  for (const r of variant.differences) {
    const isMean = r.value === null;
    const show = (x) => (isMean ? number(x) : percent(x));
    const tr = el("tr");
    let diff = isMean ? number(r.difference) : `${fixed(100 * r.difference, 2)} pts`;
    if (!exact) diff += " " + interval(r.ci_low, r.ci_high, !isMean);
    tr.append(
      el("td", "", isMean ? `mean ${r.variable}` : `${r.variable} = ${r.value}`),
      el("td", "num", show(find(base, r))),
      el("td", "num", show(find(v, r))),
      el("td", "num", diff),
      el("td", "num", exact ? "" : pValue(r.p_value)),
    );
    table.append(tr);
  }
  out.append(el("h2", "", "Every difference"), table, notesBlock(base));
}

// ---------- start ----------

async function start() {
  const wanted = readAddress();
  try {
    state.systems = await apiJSON("systems");
  } catch (e) {
    showError(String(e.message));
    return;
  }
  const system = $("system");
  for (const s of state.systems) system.add(new Option(`${s.title}`, s.name));
  const known = state.systems.some((s) => s.name === wanted.system);
  if (wanted.system && !known) {
    // A link to a system volley lacks: the API's error, and no other
    // system's form beside it, until one is picked.
    system.add(new Option("(choose a system)", ""), 0);
    system.value = "";
    ask(location.search.slice(1));
    await new Promise((resolve) => system.addEventListener("change", resolve, { once: true }));
    system.remove(0);
    wanted.action = null;
    wanted.fields = {};
    wanted.variant = {};
    history.replaceState(null, "", "?system=" + encodeURIComponent(system.value));
  } else {
    system.value = known ? wanted.system : "micro-force";
  }
  fillActions(system.value, wanted.action || "charge");
  $("method").value = state.method;
  for (const key of ["trials", "precision", "confidence", "seed", "rule"]) $(key).value = state[key];
  $("variant-rule").value = state.variantRule;
  if (state.rule) $("rule-box").open = true;
  if (Object.keys(wanted.variant).length || state.variantRule) $("compare-box").open = true;
  if (state.method !== "auto" || state.seed || state.confidence) $("method-box").open = true;
  try {
    await loadFields(wanted.fields, wanted.variant);
  } catch (e) {
    showError(String(e.message));
    return;
  }
  const reload = async () => {
    try {
      if (await loadFields({}, {})) changed();
    } catch (e) {
      showError(String(e.message));
    }
  };
  system.addEventListener("change", () => {
    fillActions(system.value, null);
    reload();
  });
  $("action").addEventListener("change", reload);
  $("method").addEventListener("change", () => { state.method = $("method").value; changed(); });
  for (const key of ["trials", "precision", "confidence", "seed", "rule"]) {
    $(key).addEventListener("input", () => {
      state[key] = $(key).value;
      // A trial count or a precision asks for Monte Carlo, as on the command line.
      if ((key === "trials" || key === "precision") && state[key] && state.method !== "monte-carlo") {
        state.method = $("method").value = "monte-carlo";
      }
      changed();
    });
  }
  $("variant-rule").addEventListener("input", () => { state.variantRule = $("variant-rule").value; changed(); });
  $("cancel").addEventListener("click", () => {
    if (running) running.abort();
    showError("Cancelled: the answer below is the last one finished. Change anything to ask again.");
  });
  // A link is asked as it stands, so that a key the form cannot show (an
  // unknown system, field or value) gets the API's error here, not a quiet
  // default; the form's own question is asked from the first change on.
  const linked = new URLSearchParams(location.search);
  if ([...linked.keys()].length) {
    for (const key of ["system", "action"]) if (!linked.has(key)) linked.set(key, $(key).value);
    ask(linked.toString());
  } else {
    history.replaceState(null, "", "?" + query());
    ask();
  }
}

start();
