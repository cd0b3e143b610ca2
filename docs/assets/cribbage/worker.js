// Module worker: Pyodide and the cribbage engine, off the page's main thread.
// The runtime is served by the site itself (site/pyodide/), so the page works
// under any sub-path and never asks another host for anything.

const base = new URL("../../pyodide/", import.meta.url);
const SNAPSHOT = new URL("snapshot.json", base);

function hex(digest) {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Pyodide's memory with the engine already imported (web_app/snapshot.mjs), once the
// service worker holds it: a first visit starts without it rather than download it first.
// Fetched through the service worker, so it is always the one of this page's version,
// and used only when it matches the sha256 the build gave it.
async function localSnapshot() {
  if (!("caches" in self) || !("DecompressionStream" in self)) return null;
  if (!(await caches.match(SNAPSHOT.href, { ignoreSearch: true }))) return null;
  const described = await (await fetch(SNAPSHOT)).json();
  const packed = await (await fetch(new URL(described.file, base))).arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", packed)) !== described.sha256) {
    console.warn("cribbage: the snapshot does not match its sha256; starting without it");
    return null;
  }
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return { memory: new Uint8Array(await new Response(stream).arrayBuffer()), wheel: described.wheel };
}

// The snapshot holds the imported modules. Unpacking the wheel again brings back the
// engine's files, as loadPackage would without its own start-up (which costs more than
// the rest of the restore); and every visit gets its own random numbers.
const AFTER_RESTORE = `
import random, sysconfig, zipfile
zipfile.ZipFile("/home/pyodide/cribbage.whl").extractall(sysconfig.get_path("purelib"))
random.seed()
`;

async function restore(loadPyodide) {
  const snapshot = await localSnapshot().catch(() => null);
  if (!snapshot) return null;
  try {
    const wheel = fetch(new URL(snapshot.wheel, base)).then((response) => response.arrayBuffer());
    const pyodide = await loadPyodide({ indexURL: base.href, _loadSnapshot: snapshot.memory });
    pyodide.FS.writeFile("/home/pyodide/cribbage.whl", new Uint8Array(await wheel));
    pyodide.runPython(AFTER_RESTORE);
    return pyodide;
  } catch (error) {
    console.warn("cribbage: starting without the snapshot:", String(error));
    return null;
  }
}

async function boot() {
  const { loadPyodide } = await import(base + "pyodide.mjs");
  let pyodide = await restore(loadPyodide);
  // How this engine started, for the benchmark and the tests to read.
  self.startedFrom = pyodide ? "snapshot" : "runtime";
  if (!pyodide) {
    // Naming the package here fetches it while the runtime boots, instead of after.
    pyodide = await loadPyodide({ indexURL: base.href, packages: ["cribbage"] });
  }
  return pyodide.pyimport("cribbage.widgets");
}

const ready = boot();
ready.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

// update() answers a reader's bad input with a message ({"error": ...} in its JSON), so an
// exception is a bug in the engine: it goes to the page with its traceback, to be logged.
// A PythonError (known by its class name, as Pyodide itself tells it) holds the Python
// traceback in .message and the exception's type name in .type.
function described(error) {
  if (error && error.constructor && error.constructor.name === "PythonError") {
    const lines = error.message.trim().split("\n");
    return { code: error.type, message: lines[lines.length - 1], traceback: error.message };
  }
  return { code: "javascript", message: String(error), traceback: (error && error.stack) || String(error) };
}

self.addEventListener("message", async (event) => {
  const { id, kind, lang, state, action } = event.data || {};
  try {
    const widgets = await ready;
    const answer = widgets.update(kind, state, action, lang);
    postMessage({ type: "result", id, result: JSON.parse(answer) });
  } catch (error) {
    postMessage({ type: "result", id, error: described(error) });
  }
});
