// volley in the browser: the Web Worker that answers the page's questions
// with volley's core compiled to WebAssembly (volley_web.js, written by
// `volley site`), so that the page stays responsive while an answer runs.
// A message { id, op, args } is answered { id, ok: true, body } or
// { id, ok: false, error }: the body is what the server's /api/OP returns,
// the error the one line volley prints for bad input; a Monte Carlo run
// sends { id, progress: { done, planned } } as it goes. The page cancels a
// question by ending this worker and starting another.
import init, * as volley from "./volley_web.js";

const ready = init();

// The question being answered: a Monte Carlo run's progress goes to it.
let current = null;
self.volleyProgress = (done, planned) => self.postMessage({ id: current, progress: { done, planned } });

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  current = id;
  try {
    await ready;
    const body = volley[op](...args);
    self.postMessage({ id, ok: true, body });
  } catch (e) {
    self.postMessage({ id, ok: false, error: String(e && e.message !== undefined ? e.message : e) });
  }
};
