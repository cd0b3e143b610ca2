// Runs the engine's test suite (tests/engine) inside Pyodide on Node, against the runtime and the
// cribbage wheel that the built site ships (site/pyodide/), so the code readers run
// is the code that is tested.
//
//   node tests/site/pyodide_engine_tests.mjs [pytest arguments]
//
// The Pyodide npm package holds no package wheels and nothing may be fetched at run
// time (never micropip), so pytest and hypothesis, both pure Python, come from the
// project's .venv: its site-packages is mounted read-only and appended to sys.path,
// after Pyodide's own standard library. The tests folder is mounted too; the engine
// itself is imported only from the installed wheel.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const runtime = path.join(root, "site", "pyodide");

function venvSitePackages() {
  const lib = path.join(root, ".venv", "lib");
  const python = fs.existsSync(lib) ? fs.readdirSync(lib).find((name) => name.startsWith("python3")) : undefined;
  if (!python) {
    throw new Error("no .venv/lib/python3.*: run `python3 site_build.py build` first");
  }
  return path.join(lib, python, "site-packages");
}

if (!fs.existsSync(path.join(runtime, "pyodide.mjs"))) {
  console.error("site/pyodide/ is missing: run `python3 site_build.py build` first");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime + path.sep });
const loadErrors = [];
await pyodide.loadPackage("cribbage", { messageCallback: () => {}, errorCallback: (e) => loadErrors.push(e) });
if (loadErrors.length) {
  console.error(`loadPackage("cribbage") failed: ${loadErrors.join("\n")}`);
  process.exit(1);
}

function mount(hostDirectory, target) {
  pyodide.FS.mkdirTree(target);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostDirectory }, target);
}
// The tests sit at the same path as on the host, so paths they derive from their own
// location (the peer vectors in tests/engine/data) hold inside Pyodide too; engine/
// is not mounted, so `cribbage` can only come from the wheel.
const tests = path.join(root, "tests");
mount(tests, tests);
mount(venvSitePackages(), "/host/site-packages");
pyodide.globals.set("engine_tests", path.join(tests, "engine"));

pyodide.globals.set("pytest_args", pyodide.toPy(process.argv.slice(2)));
const exitCode = await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True  # never write 3.14 bytecode into the host's tree
sys.path.append("/host/site-packages")
import cribbage, pytest
where = cribbage.__file__
assert where.startswith(sys.prefix) or "site-packages" in where, where
print(f"cribbage {cribbage.__version__} from {where}; Python {sys.version.split()[0]} ({sys.platform})")
# Pyodide cannot start processes: modules that run the CLI in a subprocess stay out; so do
# the checks of the checkout itself (READS_THE_CHECKOUT: its locks and workflows), not mounted here.
from pathlib import Path
left_out = []
for path in sorted(Path(engine_tests).glob("test_*.py")):
    text = path.read_text(encoding="utf-8")
    if "import subprocess" in text:
        print(f"left out (starts processes, which Pyodide cannot): {path.name}")
    elif "READS_THE_CHECKOUT = True" in text.splitlines():
        print(f"left out (reads the checkout, which is not mounted): {path.name}")
    else:
        continue
    left_out.append(str(path))
# The docstrings' examples run from the installed wheel, as a reader's worker imports it.
pytest.main([
    engine_tests, str(Path(where).parent), "--doctest-modules",
    "-p", "no:cacheprovider", "-p", "no:xdist", f"--rootdir={engine_tests}", "-q",
    # the markers are registered in pyproject.toml, which this rootdir does not read
    "-W", "ignore::pytest.PytestUnknownMarkWarning",
    *(f"--ignore={path}" for path in left_out), *pytest_args,
])
`);
process.exit(Number(exitCode));
