// The offline, installable site: run by site_build.py once site/ holds every page,
// the assets, the Pyodide runtime and the engine wheel.
//
//     node web_app/build.mjs SITE_DIR
//
// 1. renders the icons the manifests name from the one source picture, icon.svg;
// 2. writes SITE_DIR/sw.js with Workbox: a precache of every file the site serves,
//    each with a revision (its content hash), so a new deploy is a new service worker
//    that replaces the old cache whole when it takes over.
// Every precached URL is relative to sw.js, so the site works under any sub-path, and
// the worker has no runtime route: it never fetches nor caches another origin.

import { Resvg } from "@resvg/resvg-js";
import { generateSW } from "workbox-build";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

// Name and width of every icon; hooks/web_app.py names the same files in the manifests.
const ICONS = [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
];
const ICON_FOLDER = "assets/cribbage/icons";

// What the pages fetch: HTML, styles, scripts (Material's, the search workers and
// lunr's languages, the widgets), the search indexes and the sitemap Material's
// instant navigation reads, images, the manifests, the runtime, the engine wheel and
// the memory snapshot of both (web_app/snapshot.mjs).
const PRECACHED = ["**/*.{html,css,js,mjs,json,xml,png,svg,ico,webmanifest,wasm,zip,whl}", "pyodide/snapshot.bin.gz"];
// lunr's word splitters for Japanese and Thai serve none of the site's languages.
const NOT_PRECACHED = ["sw.js", "**/*.map", "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/lunr/wordcut.js"];
// Material names its bundles by content hash: those need no revision of their own.
const HASHED_NAMES = /\.[0-9a-f]{8}\.min\.(?:js|css)$/;
// The WebAssembly runtime is the largest file (about 10 MB raw; the snapshot, 7 MB gzipped).
const LARGEST_FILE = 32 * 1024 * 1024;

function renderIcons(site) {
  const source = readFileSync(new URL("./icon.svg", import.meta.url));
  const folder = join(site, ICON_FOLDER);
  mkdirSync(folder, { recursive: true });
  for (const [name, width] of ICONS) {
    const png = new Resvg(source, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } });
    writeFileSync(join(folder, name), png.render().asPng());
  }
}

async function writeServiceWorker(site) {
  const { count, size, warnings } = await generateSW({
    globDirectory: site,
    globPatterns: PRECACHED,
    globIgnores: NOT_PRECACHED,
    swDest: join(site, "sw.js"),
    cacheId: "cribbage",
    mode: "production",
    sourcemap: false,
    inlineWorkboxRuntime: true, // one file: nothing else to fetch before the worker runs
    maximumFileSizeToCacheInBytes: LARGEST_FILE,
    dontCacheBustURLsMatching: HASHED_NAMES,
    // A new worker waits until the page asks it to take over (on the reader's next
    // navigation, see offline.js), then controls every open page of the site.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    directoryIndex: "index.html",
    // The site's own query strings (the search page's ?q=, the highlight's ?h=) name no file.
    ignoreURLParametersMatching: [/.*/],
  });
  if (warnings.length) throw new Error(warnings.join("\n"));
  console.log(`web_app: sw.js precaches ${count} files, ${(size / 1048576).toFixed(1)} MB`);
}

const site = resolve(process.argv[2] || "site");
renderIcons(site);
await writeServiceWorker(site);
