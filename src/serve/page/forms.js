// volley serve: what both pages share (the odds at / and best play at
// /plan): forms built from an action's field declarations (/api/fields), the
// API's JSON, elements and numbers. Loaded before each page's own script.
"use strict";

const $ = (id) => document.getElementById(id);

// Where the questions go: `volley serve` answers them over HTTP; the static
// site (`volley site`, whose pages say <html data-backend="browser">)
// answers them in a Web Worker running volley's core compiled to
// WebAssembly. Both give the same text for the same query: the body of
// /api/OP, or an error whose message is the one line volley prints.
const backend = document.documentElement.dataset.backend === "browser" ? workerBackend() : serverBackend();

// The lines of a streamed answer (/api/ask, /api/plan/ask) as they come,
// each read as JSON and handed to `onLine`, which returns true at the last
// (the answer, or its error). `false` if the stream ended before it. A line
// can be a plan of 100 MB: its pieces are kept apart and joined once, and
// only each new piece is searched for the line's end.
async function readLines(response, onLine) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pieces = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    let text = decoder.decode(value, { stream: true });
    let newline;
    while ((newline = text.indexOf("\n")) >= 0) {
      pieces.push(text.slice(0, newline));
      const line = pieces.join("");
      pieces = [];
      text = text.slice(newline + 1);
      if (line.trim() && onLine(JSON.parse(line))) return true;
    }
    pieces.push(text);
  }
}

function serverBackend() {
  return {
    inBrowser: false,
    async text(op, query, signal) {
      const response = await fetch(`/api/${op}` + (query === undefined ? "" : "?" + query), { signal });
      const text = await response.text();
      if (!response.ok) throw new Error(text.trim());
      return text;
    },
    sheetHref: (system) => "/sheet/" + encodeURIComponent(system),
    planHref: "/plan",
  };
}

function workerBackend() {
  if (location.protocol === "file:") {
    // Browsers start no Web Worker and load no WebAssembly from a file.
    const served = () => Promise.reject(new Error(
      "error: this page runs volley in your browser, which browsers allow only for a page that is served: " +
      "serve this folder with any static file server (python3 -m http.server -d FOLDER) and open http://127.0.0.1:8000/"));
    return { inBrowser: true, text: served, sheet: served, sheetHref: () => "#", planHref: "plan.html" };
  }
  // Two lanes, each its own worker: the forms' questions (systems, fields)
  // never wait behind an answer being run, and cancelling an answer ends
  // only the answers' worker.
  const lanes = {};
  let next = 0;
  const laneOf = (op) => (op === "systems" || op === "fields" ? "forms" : "answers");
  const start = (lane) => {
    const worker = new Worker("worker.js", { type: "module" });
    lane.worker = worker;
    worker.onmessage = (event) => {
      const asked = lane.waiting.get(event.data.id);
      if (!asked) return;
      if (event.data.progress) {
        if (asked.onProgress) asked.onProgress(event.data.progress);
        return;
      }
      lane.waiting.delete(event.data.id);
      if (event.data.ok) asked.resolve(event.data.body);
      else asked.reject(new Error(event.data.error));
    };
  };
  const call = (op, args, signal, onProgress) => new Promise((resolve, reject) => {
    const name = laneOf(op);
    const lane = lanes[name] || (lanes[name] = { worker: null, waiting: new Map() });
    if (!lane.worker) start(lane);
    const id = ++next;
    lane.waiting.set(id, { resolve, reject, onProgress });
    if (signal) {
      signal.addEventListener("abort", () => {
        if (!lane.waiting.has(id)) return;
        // A question withdrawn mid-run: end its lane's worker and what it
        // runs; the next question there starts another.
        lane.worker.terminate();
        lane.worker = null;
        for (const [, w] of lane.waiting) w.reject(new DOMException("withdrawn", "AbortError"));
        lane.waiting.clear();
      }, { once: true });
    }
    lane.worker.postMessage({ id, op, args });
  });
  return {
    inBrowser: true,
    text: (op, query, signal, onProgress) => call(op, query === undefined ? [] : [query], signal, onProgress),
    sheet: (system, query) => call("sheet", [system, query]),
    sheetHref: (system) => "sheet.html?system=" + encodeURIComponent(system),
    planHref: "plan.html",
  };
}

// /api/OP?QUERY's JSON.
async function apiJSON(op, query, signal) {
  return JSON.parse(await backend.text(op, query, signal));
}

function prettyName(name) {
  return name.replace(/_/g, " ");
}

// Fields that share a prefix (attacker_, defender_, a_, b_, firer_, target_) sit
// together under it, in the order the action declares them.
function groups(fields) {
  const count = {};
  for (const f of fields) {
    const p = f.name.split("_")[0];
    count[p] = (count[p] || 0) + 1;
  }
  const order = [];
  const byGroup = {};
  for (const f of fields) {
    const p = f.name.split("_")[0];
    const g = count[p] >= 3 && f.name.includes("_") ? p : "";
    if (!(g in byGroup)) {
      byGroup[g] = [];
      order.push(g);
    }
    byGroup[g].push(f);
  }
  return order.map((g) => ({ name: g, fields: byGroup[g] }));
}

function input(f, value, onChange) {
  const title = `${f.help} (${f.allowed}; default ${f.default})`;
  let el;
  if (f.kind === "bool") {
    el = document.createElement("input");
    el.type = "checkbox";
    el.checked = value === "true";
    el.addEventListener("change", () => onChange(el.checked ? "true" : "false"));
  } else if (f.kind === "choice") {
    el = document.createElement("select");
    for (const c of f.choices) el.add(new Option(c, c, false, c === value));
    el.addEventListener("change", () => onChange(el.value));
  } else if (f.kind === "choice-list") {
    // A long list of features: folded, its summary the current choice.
    el = document.createElement("details");
    el.className = "choice-list";
    const summary = document.createElement("summary");
    summary.textContent = value;
    const list = document.createElement("span");
    list.className = "choices";
    el.append(summary, list);
    const chosen = new Set(value.split("+"));
    const boxes = f.choices.map((c) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = c;
      box.checked = chosen.has(c);
      label.append(box, " " + c);
      list.append(label);
      return box;
    });
    const changed = () => {
      const picked = boxes.filter((b) => b.checked).map((b) => b.value);
      summary.textContent = picked.length ? picked.join("+") : f.default;
      onChange(summary.textContent);
    };
    for (const b of boxes) b.addEventListener("change", changed);
  } else {
    el = document.createElement("input");
    el.type = "number";
    el.min = f.min;
    el.max = f.max;
    el.step = f.kind === "decimal" ? "any" : "1";
    if (f.kind === "limit") {
      el.placeholder = f.word;
      el.value = value === f.word ? "" : value;
    } else {
      el.value = value;
    }
    el.required = f.kind !== "limit";
    // Every value goes to the server, valid or not: an invalid one gets
    // volley's own message, and the last answer is dimmed, never passed off
    // as the answer to what the box shows.
    el.addEventListener("input", () => {
      onChange(el.value === "" && f.kind === "limit" ? f.word : el.value);
    });
  }
  el.title = title;
  el.dataset.field = f.name;
  return el;
}

function buildForm(form, fields, valueFor, onChange) {
  form.replaceChildren();
  for (const group of groups(fields)) {
    const box = document.createElement("fieldset");
    if (group.name) {
      const legend = document.createElement("legend");
      legend.textContent = group.name.length === 1 ? "side " + group.name : group.name;
      box.append(legend);
    }
    for (const f of group.fields) {
      const label = document.createElement("label");
      label.className = "field";
      label.title = `${f.help} (${f.allowed}; default ${f.default})`;
      const name = document.createElement("span");
      name.className = "name";
      const shown = group.name ? f.name.slice(group.name.length + 1) : f.name;
      name.textContent = prettyName(shown);
      const help = document.createElement("small");
      help.textContent = f.help;
      label.append(name, input(f, valueFor(f), (v) => onChange(f, v, label)), help);
      box.append(label);
    }
    form.append(box);
  }
}

// ---------- numbers and elements ----------

function percent(p) {
  if (p === null || p === undefined) return "n/a";
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  if (p < 0.0001) return "<0.01%";
  if (p > 0.9999) return ">99.99%";
  return (100 * p).toFixed(2) + "%";
}

// Fixed decimals, never "-0.00".
function fixed(x, digits) {
  const text = x.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

function number(x) {
  if (x === null || x === undefined) return "n/a";
  return fixed(x, Math.abs(x) >= 100 ? 1 : 3);
}

function interval(low, high, asPercent) {
  const f = asPercent ? (x) => fixed(100 * x, 2) : number;
  return `[${f(low)}, ${f(high)}]`;
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
