// Module worker: Pyodide and the cribbage engine, off the page's main thread.
// The runtime is served by the site itself (site/pyodide/), so the page works
// under any sub-path and never asks another host for anything.

const base = new URL("../../pyodide/", import.meta.url);

async function boot() {
  const { loadPyodide } = await import(base + "pyodide.mjs");
  // Naming the package here fetches it while the runtime boots, instead of after.
  const pyodide = await loadPyodide({ indexURL: base.href, packages: ["cribbage"] });
  return pyodide.pyimport("cribbage.widgets");
}

const ready = boot();
ready.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

self.addEventListener("message", async (event) => {
  const { id, kind, lang, state, action } = event.data || {};
  try {
    const widgets = await ready;
    const answer = widgets.update(kind, state, action, lang);
    postMessage({ type: "result", id, result: JSON.parse(answer) });
  } catch (error) {
    postMessage({ type: "result", id, error: String(error) });
  }
});
