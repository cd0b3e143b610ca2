// A memory snapshot of Pyodide with the engine imported, made at build time so that a
// visit whose files are already in the service worker's precache starts the engine by
// restoring memory instead of starting Python and importing the engine again.
//
//     node web_app/snapshot.mjs SITE_DIR
//
// Writes SITE_DIR/pyodide/snapshot.bin.gz (gzip: static hosts do not compress an unknown
// type) and SITE_DIR/pyodide/snapshot.json, which names it with its sha256 (the worker
// refuses a snapshot that does not match) and the runtime it was made with.
// Pyodide's snapshots are experimental (the _makeSnapshot option): the worker falls back
// to a plain start whenever restoring fails.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const site = resolve(process.argv[2] || "site");
const runtime = join(site, "pyodide");
const wheel = readdirSync(runtime).find((name) => /^cribbage-.*\.whl$/.test(name));
if (!wheel) throw new Error(`no cribbage wheel in ${runtime}`);

const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + "/", _makeSnapshot: true });
// loadPackage would leave references to JavaScript objects that a snapshot cannot hold,
// so the (pure Python) wheel is unpacked here; the worker unpacks it again after the
// restore, for the files the engine reads. The message catalogues are read here too, so
// that the first answers need no file at all.
pyodide.FS.writeFile("/home/pyodide/" + wheel, readFileSync(join(runtime, wheel)));
pyodide.runPython(`
import importlib, pkgutil, sysconfig, zipfile
zipfile.ZipFile("/home/pyodide/${wheel}").extractall(sysconfig.get_path("purelib"))
import cribbage
for module in pkgutil.iter_modules(cribbage.__path__):
    if module.name != "__main__":  # running the command line is not importing it
        importlib.import_module("cribbage." + module.name)
from cribbage.i18n import LANGUAGES, catalogue
for lang in LANGUAGES:
    catalogue(lang)
`);
const packed = gzipSync(pyodide.makeMemorySnapshot(), { level: 6 });
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
writeFileSync(join(runtime, "snapshot.bin.gz"), packed);
writeFileSync(join(runtime, "snapshot.json"), JSON.stringify({
  file: "snapshot.bin.gz",
  sha256: sha256(packed),
  runtime: sha256(readFileSync(join(runtime, "pyodide.asm.wasm"))),
  wheel,
}, null, 2) + "\n");
console.log(`web_app: snapshot.bin.gz ${(packed.length / 1048576).toFixed(1)} MB`);
