// Live examples: find the widgets, start ONE module worker (Pyodide + the engine)
// on the first interaction or when the browser is idle after the first paint of a
// page with a live example, send it the reader's actions and swap in the HTML it
// returns. Every word and every number comes from the Python engine; this file only
// moves messages. With Material's instant navigation this module runs once per visit:
// the worker, started once, serves every page the reader moves to.

const WORKER_URL = new URL("./worker.js", import.meta.url);
const STREAK_KEY = "cribbage-practice-streak";
const LOAD_TIMEOUT_MS = 90000;
// How long one request may wait for its answer before its widget is given up (a hang in
// the engine would leave it busy for ever). The clock runs from the post, so it counts the
// wait behind other widgets' requests in the one worker too. The slowest answers are the
// game's (the computers' moves and the coach's review of a deal: about 0.1 s in CPython,
// within 1 s in the page) and a Learn page's discard stages preparing one after another
// (a few hundred ms each); a slow phone or a loaded CI machine is several times slower.
// 30 s is a wide margin over all of that, and still a wait a reader sees end.
const REQUEST_TIMEOUT_MS = 30000;

let worker = null;
let workerState = "idle"; // idle | loading | ready | failed
let nextId = 1;
const pending = new Map(); // request id -> {root, timer}
const queues = new WeakMap(); // widget root -> {busy, actions: []}

function widgets() {
  return Array.from(document.querySelectorAll(".cribbage-widget[data-widget]"));
}

function setStatus(root, text) {
  const status = root.querySelector(":scope > .cb-status");
  if (status) status.textContent = text;
}

function startWorker() {
  if (workerState !== "idle") return;
  workerState = "loading";
  widgets().forEach(showLoading);
  const timer = setTimeout(() => fail(), LOAD_TIMEOUT_MS);
  try {
    worker = new Worker(WORKER_URL, { type: "module" });
  } catch (error) {
    clearTimeout(timer);
    fail();
    return;
  }
  worker.addEventListener("error", () => { clearTimeout(timer); fail(); });
  worker.addEventListener("message", (event) => {
    const message = event.data || {};
    if (message.type === "ready") {
      clearTimeout(timer);
      workerState = "ready";
      widgets().forEach(markReady);
      widgets().forEach(pump);
    } else if (message.type === "failed") {
      clearTimeout(timer);
      console.warn("cribbage: the engine could not start:", message.message);
      fail();
    } else if (message.type === "result") {
      receive(message);
    }
  });
}

function showLoading(root) {
  root.classList.add("cb-loading");
  root.setAttribute("aria-busy", "true");
  setStatus(root, root.dataset.msgLoading || "");
}

function markReady(root) {
  root.classList.remove("cb-loading");
  root.removeAttribute("aria-busy");
  if (!root.classList.contains("cb-unavailable")) {
    root.dataset.ready = "true";
    setStatus(root, "");
  }
}

function fail() {
  if (workerState === "failed") return;
  workerState = "failed";
  if (worker) worker.terminate();
  worker = null;
  widgets().forEach(unavailable);
}

function unavailable(root) {
  // The static example stays; only the controls that need the engine go.
  root.classList.remove("cb-enhanced", "cb-loading", "cb-restoring");
  root.classList.add("cb-unavailable");
  root.removeAttribute("aria-busy");
  delete root.dataset.ready;
  setStatus(root, root.dataset.msgUnavailable || "");
}

// An exception in the engine, or a request it never answered: this widget is given up
// (the others go on with the engine), and nothing more is sent for it.
function broken(root, code, detail) {
  console.error("cribbage engine:", code, detail);
  queueOf(root).actions.length = 0;
  unavailable(root);
}

function accepts(root) {
  return workerState !== "failed" && !root.classList.contains("cb-unavailable");
}

function queueOf(root) {
  let queue = queues.get(root);
  if (!queue) {
    queue = { busy: false, actions: [] };
    queues.set(root, queue);
  }
  return queue;
}

function send(root, action) {
  if (!accepts(root)) return;
  queueOf(root).actions.push(action);
  startWorker();
  pump(root);
}

function pump(root) {
  const queue = queueOf(root);
  if (workerState !== "ready" || queue.busy || queue.actions.length === 0) return;
  queue.busy = true;
  let action = queue.actions.shift();
  if (action.keys) {
    const saved = {};
    action.keys.forEach((key) => { saved[key] = savedText(key); });
    action = { action: action.action, value: JSON.stringify(saved) };
  }
  const id = nextId++;
  const kind = root.dataset.widget;
  const timer = setTimeout(() => {
    pending.delete(id); // an answer that comes after all is ignored
    broken(root, "timeout", `${kind}: no answer within ${REQUEST_TIMEOUT_MS} ms`);
  }, REQUEST_TIMEOUT_MS);
  pending.set(id, { root, timer });
  root.setAttribute("aria-busy", "true");
  worker.postMessage({
    id,
    kind,
    lang: root.dataset.lang,
    state: root.dataset.state,
    action: JSON.stringify(action),
  });
}

function receive(message) {
  const request = pending.get(message.id);
  if (!request) return; // timed out already
  pending.delete(message.id);
  clearTimeout(request.timer);
  const root = request.root;
  const queue = queueOf(root);
  queue.busy = false;
  root.removeAttribute("aria-busy");
  root.classList.remove("cb-restoring");
  if (message.error) {
    // An exception in the engine: a bug, so it is logged with its traceback.
    const { code, traceback } = message.error;
    broken(root, code, traceback);
    return;
  }
  // A reader's bad input is no exception: update() answers it with a message to show.
  const result = message.result || {};
  if (result.error) {
    setStatus(root, result.error);
  } else {
    swap(root, result);
  }
  pump(root);
}

function swap(root, result) {
  const view = root.querySelector(":scope > .cb-view");
  const active = document.activeElement;
  // A control may name the one that follows it (data-focus-next: a card picker's suits after its rank).
  const focusKey = active && root.contains(active) ? active.dataset.focusNext || active.dataset.key : null;
  root.dataset.state = JSON.stringify(result.state);
  setRootData(root, result.root);
  persist(root, result.state);
  view.innerHTML = result.html; // HTML written by cribbage.widgets, every text escaped there
  if (Array.isArray(result.forget)) forget(root, result.forget);
  if (result.prepare === true) send(root, { action: "prepare" });
  if ("correct" in result) recordAnswer(result.correct); // only an answer the engine counts (one per hand)
  showStreak(root);
  if (result.fragment && root === fragmentOwner(root.dataset.fragmentKey)) {
    history.replaceState(history.state, "", "#" + result.fragment);
  }
  if (focusKey) restoreFocus(root, focusKey);
  // The view was replaced, so its own text is not announced: the persistent
  // status line says what the engine marked as the news of this answer, once
  // (news inside other news is already part of it).
  const news = Array.from(view.querySelectorAll("[data-announce]:not([data-announce] *)"), spokenText);
  setStatus(root, news.join(" "));
}

// What a listener should hear of an element: its text without what is hidden from
// screen readers (a card's symbol, which the card's name repeats), the pieces apart
// so that names and numbers never run together, and each cell of a table row after
// its column's heading.
function spokenText(element) {
  if (element instanceof HTMLTableRowElement) {
    const headings = element.closest("table")?.tHead?.rows[0]?.cells || [];
    return Array.from(element.cells, (cell, i) => [headings[i] && spokenText(headings[i]), spokenText(cell)]
      .filter(Boolean).join(": ")).join(", ");
  }
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement.closest('[aria-hidden="true"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const pieces = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text) pieces.push(text);
  }
  // Each text node is a word or more; punctuation sticks to the word before it ("king of spades, count 10").
  return pieces.join(" ").replace(/ ([,.;:!?)])/g, "$1");
}

const OPPOSITE = { forward: "back", back: "forward", last: "first", first: "last" };

function restoreFocus(root, key) {
  let target = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (target && target.type === "radio" && !target.checked) {
    target = root.querySelector(`[data-name="${CSS.escape(target.dataset.name)}"]:checked`) || target;
  }
  if ((!target || target.disabled) && OPPOSITE[key]) {
    // At the end of the play "Forward" goes dim: stay beside it, never on a button that jumps away.
    target = root.querySelector(`[data-key="${OPPOSITE[key]}"]`);
  }
  const family = key.includes("-") ? key.slice(0, key.indexOf("-") + 1) : null;
  if ((!target || target.disabled) && family) {
    // A card just played is gone: stay among its kind ("play-…"), on the next card to choose.
    target = root.querySelector(`[data-key^="${CSS.escape(family)}"]:not([disabled])`);
  }
  if (!target || target.disabled) {
    target = root.querySelector(".cb-controls button:not([disabled]), .cb-controls select");
  }
  // The new view comes with its boxes closed: the one holding the control in use
  // (the game's options) stays open while the reader uses it.
  const box = target && target.closest("details:not([open])");
  if (box && root.contains(box)) box.open = true;
  if (target) target.focus({ preventScroll: true });
}

function readStreak() {
  try {
    const saved = JSON.parse(localStorage.getItem(STREAK_KEY) || "{}");
    return { streak: Number(saved.streak) || 0, best: Number(saved.best) || 0 };
  } catch (error) {
    return { streak: 0, best: 0 };
  }
}

function recordAnswer(correct) {
  const saved = readStreak();
  saved.streak = correct ? saved.streak + 1 : 0;
  saved.best = Math.max(saved.best, saved.streak);
  try {
    localStorage.setItem(STREAK_KEY, JSON.stringify(saved));
  } catch (error) {
    // Storage may be off (private mode): the streak then lasts for the page only.
  }
}

function showStreak(root) {
  const saved = readStreak();
  root.querySelectorAll("[data-streak]").forEach((element) => { element.textContent = String(saved.streak); });
  root.querySelectorAll("[data-streak-best]").forEach((element) => { element.textContent = String(saved.best); });
}

// A widget whose root has data-persist keeps its state in localStorage and gets it
// back on the next visit; one with data-fragment-key takes the address fragment that
// names that key. The engine checks both before using them, like any state.
const PERSIST_PREFIX = "cribbage-widget-";

function persist(root, state) {
  if (!root.dataset.persist) return;
  try {
    localStorage.setItem(PERSIST_PREFIX + root.dataset.persist, JSON.stringify(state));
  } catch (error) {
    // Storage may be off (private mode): the widget then lasts for the page only.
  }
  tellWatchers(root.dataset.persist);
}

// The data-* attributes an answer sets on its root (a lesson's data-stars); null removes one.
function setRootData(root, data) {
  if (!data || typeof data !== "object") return;
  for (const [name, value] of Object.entries(data)) {
    if (!/^data-[a-z][a-z-]*$/.test(name)) continue;
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, String(value));
  }
}

function savedText(key) {
  try {
    return localStorage.getItem(PERSIST_PREFIX + key);
  } catch (error) {
    return null;
  }
}

// A widget whose root has data-watch (space-separated persist keys, such as the
// course's progress) is sent the saved states of those keys, on arrival and each
// time one of them changes; the engine reads them like any state.
// The saved states are read when the message leaves, so one waiting message serves
// every change made meanwhile; on arrival it waits for the engine without starting it.
function tellWatchers(changedKey) {
  widgets().forEach((root) => {
    const keys = (root.dataset.watch || "").split(" ").filter(Boolean);
    if (keys.length === 0 || (changedKey && !keys.includes(changedKey))) return;
    if (queueOf(root).actions.some((action) => action.action === "saved")) return;
    enqueue(root, { action: "saved", keys });
  });
}

// Queue an action for when the engine is up, without starting it any sooner.
function enqueue(root, action) {
  if (!accepts(root)) return;
  queueOf(root).actions.push(action);
  pump(root);
}

// An answer's "forget" lists persist keys to clear (the course's reset); the widgets
// on this page that keep them start again, and the watchers hear of it.
function forget(origin, keys) {
  keys.forEach((key) => {
    if (typeof key !== "string") return;
    try {
      localStorage.removeItem(PERSIST_PREFIX + key);
    } catch (error) {
      // Storage off: nothing was kept.
    }
  });
  widgets().forEach((root) => {
    if (root !== origin && root.dataset.persist && keys.includes(root.dataset.persist)) send(root, { action: "reset" });
  });
}

function restore(root) {
  if (!root.dataset.persist) return;
  let saved = null;
  try {
    saved = localStorage.getItem(PERSIST_PREFIX + root.dataset.persist);
  } catch (error) {
    saved = null;
  }
  if (!saved || workerState === "failed") return;
  // Until the engine has checked it, the saved state is not shown, and neither is the
  // fresh one the page was built with (which would look like a lost game).
  root.classList.add("cb-restoring");
  send(root, { action: "restore", value: saved });
}

// A root with data-prepare asks the engine to get ready for the reader's first answer
// (a lesson's discard works out every discard): queued for when the engine is up,
// without starting it any sooner.
function prepare(root) {
  if (root.dataset.prepare === "true") enqueue(root, { action: "prepare" });
}

// The first widget on the page that declares a fragment key owns the fragment naming it.
function fragmentOwner(key) {
  if (!key) return null;
  return widgets().find((root) => root.dataset.fragmentKey === key) || null;
}

function addressFragment() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch (error) {
    return location.hash.slice(1); // a broken escape (#hand=5H%): the engine refuses it with a message
  }
}

function ownFragment(root) {
  const key = root.dataset.fragmentKey;
  if (!key || root !== fragmentOwner(key)) return;
  const hash = addressFragment();
  if (hash.split("&").some((part) => part.startsWith(key + "="))) send(root, { action: "fragment", value: hash });
}

const STEP_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

function enhance(root) {
  if (root.classList.contains("cb-enhanced") || root.classList.contains("cb-unavailable")) return;
  root.classList.add("cb-enhanced");
  if (workerState === "ready") markReady(root);
  if (workerState === "loading") showLoading(root); // a page swapped in while the engine starts
  showStreak(root);
  const wake = () => startWorker();
  root.addEventListener("pointerover", wake, { once: true });
  root.addEventListener("pointerdown", wake);
  root.addEventListener("focusin", wake);
  if ("keepAwake" in root.dataset) root.addEventListener("pointerdown", keepAwake); // a lock lost on the way is asked again at the next tap
  root.addEventListener("change", (event) => {
    const control = event.target;
    if (!control.dataset || control.dataset.action !== "set") return;
    send(root, { action: "set", name: control.dataset.name || control.name, value: control.value });
  });
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled || !root.contains(button)) return;
    send(root, { action: button.dataset.action, value: button.dataset.value ?? null });
  });
  root.addEventListener("submit", (event) => {
    const form = event.target;
    event.preventDefault();
    const input = form.querySelector("input[name=said]");
    send(root, { action: form.dataset.action, value: input ? input.value : "" });
  });
  if (root.dataset.widget === "play") {
    root.addEventListener("keydown", (event) => {
      const key = STEP_KEYS[event.key];
      if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target.closest("input, select, textarea")) return;
      const button = root.querySelector(`button[data-key="${key}"]`);
      if (!button) return;
      event.preventDefault();
      if (!button.disabled) button.click();
    });
  }
}

// A root with data-keep-awake (the Table page, on a real table all evening) keeps the
// screen on while it is shown, where the browser has a Wake Lock; elsewhere nothing happens.
// The browser drops the lock when the page is hidden, so it is asked again on return.
let wakeLock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  if (wakeLock || !document.querySelector(".cribbage-widget[data-keep-awake]")) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch (error) {
    wakeLock = null; // refused (battery saver, no user gesture yet): the screen sleeps as usual
  }
}

document.addEventListener("visibilitychange", keepAwake);

// After the next paint (two animation frames), once the browser has nothing more urgent.
function whenIdleAfterPaint(callback) {
  const idle = () => ("requestIdleCallback" in window
    ? window.requestIdleCallback(callback, { timeout: 2000 })
    : setTimeout(callback, 300));
  requestAnimationFrame(() => requestAnimationFrame(idle));
}

function start() {
  const found = widgets();
  if (found.length === 0) return;
  found.forEach(enhance);
  if (workerState === "failed") found.forEach(unavailable);
  found.forEach((root) => { restore(root); ownFragment(root); prepare(root); });
  tellWatchers(null);
  keepAwake();
  // A reader who acts a few seconds after the page opened finds the engine ready.
  whenIdleAfterPaint(startWorker);
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(start); // Material's instant navigation swaps pages without reloading
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
window.addEventListener("hashchange", () => widgets().forEach(ownFragment));
