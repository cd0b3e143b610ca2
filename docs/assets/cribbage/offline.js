// Offline after one visit: register the service worker that web_app/build.mjs generates
// (sw.js at the site root, found from this script's own URL, so any sub-path works).
// When a new deploy has been installed in the background, say so in the page's language
// (the text is in the page's <meta name="cribbage-updated">) and let the reader's next
// navigation load the new version whole: pages, widgets and engine together.

const SERVICE_WORKER_URL = new URL("../../sw.js", import.meta.url);

let waiting = null; // the new version's service worker, installed and waiting to take over
const TAKE_OVER_WAIT_MS = 3000;

function announceUpdate(worker) {
  waiting = worker;
  if (document.querySelector(".cb-site-updated")) return;
  const text = document.querySelector('meta[name="cribbage-updated"]');
  if (!text) return;
  const notice = document.createElement("div");
  notice.className = "cb-site-updated";
  notice.setAttribute("role", "status");
  notice.textContent = text.content;
  document.body.append(notice);
}

function watchForUpdates(registration) {
  const check = (worker) => {
    if (!worker) return;
    const settled = () => {
      // Only an update waits: the first install takes over at once (clientsClaim).
      if (worker.state === "installed" && navigator.serviceWorker.controller) announceUpdate(worker);
    };
    settled();
    worker.addEventListener("statechange", settled);
  };
  check(registration.waiting);
  check(registration.installing);
  registration.addEventListener("updatefound", () => check(registration.installing));
}

// The next same-site link the reader follows, once an update waits: the new worker
// takes over first, then the browser loads the page in full from the new version
// (instead of Material swapping in a page of the old one).
function openWithNewVersion(event) {
  if (!waiting || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return;
  if (url.pathname === location.pathname && url.hash) return; // a jump within the page
  event.preventDefault();
  event.stopPropagation();
  let opened = false;
  const open = () => {
    if (!opened) location.assign(url.href);
    opened = true;
  };
  navigator.serviceWorker.addEventListener("controllerchange", open, { once: true });
  setTimeout(open, TAKE_OVER_WAIT_MS); // the link is followed even if the new version never takes over
  waiting.postMessage({ type: "SKIP_WAITING" }); // Workbox's own message for this
}

async function register() {
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    watchForUpdates(registration);
    // Material's instant navigation swaps pages without a browser navigation, which is
    // when browsers look for a new service worker: ask on every page change instead.
    if (window.document$ && typeof window.document$.subscribe === "function") {
      let first = true;
      window.document$.subscribe(() => {
        // Offline there is nothing new to find (and the failed check would be noise).
        if (!first && navigator.onLine) registration.update().catch(() => {});
        first = false;
      });
    }
  } catch (error) {
    console.warn("cribbage: the site will not work offline:", String(error));
  }
}

// The precache downloads the whole site: on a page with live examples it waits until
// the engine is up (or gave up), so that the first visit's start does not share the
// network and the processor with it; elsewhere it waits for the page to load.
const ENGINE_WAIT_MS = 20000;

function engineSettled() {
  const settled = () => document.querySelector(
    '.cribbage-widget[data-ready="true"], .cribbage-widget.cb-unavailable');
  if (!document.querySelector(".cribbage-widget[data-widget]") || settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => { if (settled()) done(); });
    const timer = setTimeout(() => done(), ENGINE_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-ready", "class"] });
  });
}

function loaded() {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  window.addEventListener("click", openWithNewVersion, true); // before Material's instant navigation
  loaded().then(engineSettled).then(register);
}
