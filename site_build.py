#!/usr/bin/env python3
"""The one entry point of the cribbage site.

    python3 site_build.py build [--force] # write site/ (kept when none of its inputs changed)
    python3 site_build.py serve [--port]  # build, then serve site/ on http://127.0.0.1:8000/
    python3 site_build.py test [ARGS]     # build, then run every test on every core (ARGS go to pytest)
    python3 site_build.py bench           # build, then print every speed number (benchmarks/)

Needs only Python and Node on the machine. It creates and reuses ``.venv`` (Python 3.12
or newer, which pyodide-build needs) and ``node_modules``, and installs the pinned
dependencies only when their pins changed. The build:

1. builds the engine wheel from ``engine/cribbage`` with a standard PEP 517 build;
2. runs MkDocs (the live-block hook imports the engine, so ``engine/`` is on sys.path);
3. copies the Pyodide runtime the pages need from ``node_modules/pyodide`` into
   ``site/pyodide/``, after checking every file against the npm tarball whose integrity
   ``package-lock.json`` pins, and registers the wheel in the site's ``pyodide-lock.json``
   with ``pyodide lockfile add-wheels`` so a page can ``loadPackage("cribbage")``;
4. makes a memory snapshot of Pyodide with the engine imported (``web_app/snapshot.mjs``),
   renders the app icons and writes the service worker that precaches the whole site
   (``web_app/build.mjs``, Workbox), so that it works offline after one visit.

(MkDocs itself, through hooks/search_per_language.py, gives each language its own search index.)

This file runs with the standard library alone: everything else runs in ``.venv``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
from pathlib import Path
from typing import Iterator, Sequence

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements" / "site.txt"
PACKAGE_LOCK = ROOT / "package-lock.json"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PACKAGE = NODE_MODULES / "pyodide"
DOCS = ROOT / "docs"
SITE = ROOT / "site"
SITE_PYODIDE = SITE / "pyodide"
# Where the tests and benchmarks serve the site, as GitHub Pages serves a project site
# (https://USER.github.io/REPO/): every URL in the site must work under a sub-path.
SUB_PATH = "/cribbage/"
WHEEL_DIR = ROOT / ".cache" / "wheel"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_PACKAGES = ("chromium", "chromium-driver")
HUNSPELL_DIR = Path("/usr/share/hunspell")
# The Debian dictionary the pages of each language are spell-checked with: (name, package).
HUNSPELL_DICTIONARIES = {
    "en": ("en_US", "hunspell-en-us"),
    "pl": ("pl_PL", "hunspell-pl"),
    "cs": ("cs_CZ", "hunspell-cs"),
    "sk": ("sk_SK", "hunspell-sk"),
    "bg": ("bg_BG", "hunspell-bg"),
}
# Debian's Chromium, headless as root, never calling home (this machine has no network).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

MINIMUM_VENV_PYTHON = (3, 12)  # pyodide-build 0.39
# What pyodide.mjs 314 fetches at start-up: the loader's own module, the Emscripten
# module and its WebAssembly, the standard library and the package lock.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Written beside the runtime by web_app/snapshot.mjs: Pyodide's memory with the engine imported.
SNAPSHOT_FILES = ("snapshot.bin.gz", "snapshot.json")
# Served with these types whatever the host's mimetypes database says: module
# workers refuse scripts that are not JavaScript, and WebAssembly streaming
# compilation needs application/wasm.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".xml": "application/xml",
    ".gz": "application/gzip",
    ".webmanifest": "application/manifest+json",
}


class SetupError(RuntimeError):
    """Something the build needs is missing and cannot be installed from here."""


def log(message: str) -> None:
    print(f"site_build: {message}", file=sys.stderr, flush=True)


def run(command: Sequence[str | os.PathLike], **kwargs) -> subprocess.CompletedProcess:
    """Run a command from the repository root, failing loudly."""
    kwargs.setdefault("cwd", ROOT)
    return subprocess.run([str(part) for part in command], check=True, **kwargs)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(functools.partial(stream.read, 1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --- the environment: .venv and node_modules --------------------------------------


def python_version(executable: str | Path) -> tuple[int, int] | None:
    """The (major, minor) of a Python executable, or None when it does not run."""
    try:
        result = subprocess.run(
            [str(executable), "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if result.returncode != 0:
        return None  # e.g. a pyenv shim for a version that is not selected
    major, minor = result.stdout.split()
    return int(major), int(minor)


def find_venv_python() -> str:
    """A Python new enough for pyodide-build: this one, one on PATH, or one of pyenv's."""
    if sys.version_info[:2] >= MINIMUM_VENV_PYTHON:
        return sys.executable
    candidates: list[str | Path] = []
    for minor in range(20, MINIMUM_VENV_PYTHON[1] - 1, -1):
        found = shutil.which(f"python3.{minor}")
        if found:
            candidates.append(found)
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += sorted((pyenv_root / "versions").glob("3.*/bin/python3"), reverse=True)
    for candidate in candidates:
        version = python_version(candidate)
        if version and version >= MINIMUM_VENV_PYTHON:
            return str(candidate)
    raise SetupError(
        "Python 3.12 or newer is needed for pyodide-build and none was found "
        "(looked for python3.12+ on PATH and in pyenv). Install one, e.g. "
        "`apt-get install python3.12-venv` or `pyenv install 3.12`, and run again."
    )


def venv_python() -> Path:
    return VENV / "bin" / "python"


def venv_bin(name: str) -> Path:
    return VENV / "bin" / name


def ensure_venv() -> Path:
    """Create or reuse .venv and install requirements/site.txt (pins with hashes) when it changed."""
    python = venv_python()
    version = python_version(python) if python.exists() else None
    if version is None or version < MINIMUM_VENV_PYTHON:
        if VENV.exists():
            log(f"replacing {VENV.name} (Python {version} is too old or broken)")
            shutil.rmtree(VENV)
        base = find_venv_python()
        log(f"creating {VENV.name} with {base}")
        run([base, "-m", "venv", VENV])
    stamp = VENV / ".requirements.sha256"
    wanted = sha256_of(REQUIREMENTS)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        log(f"installing {REQUIREMENTS.relative_to(ROOT)} into {VENV.name}")
        # Every file is checked against the lock's sha256; pip itself stays the one the
        # venv came with, so nothing unpinned is installed.
        run(
            [
                python,
                "-m",
                "pip",
                "install",
                "--disable-pip-version-check",
                "--quiet",
                "--require-hashes",
                "-r",
                REQUIREMENTS,
            ]
        )
        stamp.write_text(wanted + "\n")
    return python


def require_node() -> None:
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise SetupError(
                f"`{tool}` was not found on PATH. Node.js 18 or newer with npm is needed "
                "for the vendored Pyodide runtime (e.g. `apt-get install nodejs npm`)."
            )


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules does not match package-lock.json."""
    require_node()
    stamp = NODE_MODULES / ".package-lock.sha256"
    wanted = sha256_of(PACKAGE_LOCK)
    if stamp.exists() and stamp.read_text().strip() == wanted and PYODIDE_PACKAGE.is_dir():
        return
    log("installing node_modules with npm ci")
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"])
    stamp.write_text(wanted + "\n")


def in_ci() -> bool:
    """CI (``CI=true``): whatever the tests need must be there, nothing may be skipped."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def missing_chromium_packages() -> list[str]:
    return [] if CHROMIUM.exists() else list(CHROMIUM_PACKAGES)


def missing_hunspell_packages() -> list[str]:
    """The Debian packages the spelling tests lack: hunspell and each language's dictionary."""
    missing = [] if shutil.which("hunspell") else ["hunspell"]
    return missing + [
        package for name, package in HUNSPELL_DICTIONARIES.values() if not (HUNSPELL_DIR / f"{name}.dic").exists()
    ]


def ensure_debian_packages(packages: list[str], needed_by: str, required: bool) -> None:
    """Install ``packages`` with apt when we are root; otherwise say what to install, and
    stop when they are ``required`` (outside CI the tests that need them skip instead)."""
    if not packages:
        return
    command = f"sudo apt-get install -y {' '.join(packages)}"
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        message = f"{needed_by} need {', '.join(packages)}, which only root can install: run `{command}`"
        if required:
            raise SetupError(message)
        log(f"warning: {message}; those tests will be skipped")
        return
    log(f"installing {', '.join(packages)} with apt for {needed_by}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update", "-q"], env=env)
    run(["apt-get", "install", "-y", "-q", *packages], env=env)


def ensure_test_tools() -> None:
    """Debian's Chromium (browser tests) and hunspell with its dictionaries (spelling tests)."""
    ensure_debian_packages(
        missing_chromium_packages() + missing_hunspell_packages(), "the browser and spelling tests", required=in_ci()
    )


# --- the build ------------------------------------------------------------------


def build_wheel(python: Path) -> Path:
    """The engine wheel, built from engine/cribbage with the PEP 517 `build` frontend."""
    if WHEEL_DIR.exists():
        shutil.rmtree(WHEEL_DIR)
    # No isolation: the backend (hatchling) is pinned in .venv, so no download per build.
    run([python, "-m", "build", "--wheel", "--no-isolation", "--outdir", WHEEL_DIR, "."], stdout=subprocess.DEVNULL)
    wheels = sorted(WHEEL_DIR.glob("cribbage-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SetupError(f"expected one pure-Python cribbage wheel in {WHEEL_DIR}, got {wheels}")
    return wheels[0]


def build_pages(python: Path, site_dir: Path = SITE, site_url: str | None = None) -> None:
    """MkDocs with the engine on PYTHONPATH for the live-block hook; ``site_url`` (as the
    Pages workflow sets it) only changes the 404 page's asset paths."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "engine"), env.get("PYTHONPATH")]))
    if site_url is not None:
        env["SITE_URL"] = site_url
    run(
        [
            python,
            "-m",
            "mkdocs",
            "build",
            "--quiet",
            "--clean",
            "--strict",
            "--config-file",
            ROOT / "mkdocs.yml",
            "--site-dir",
            site_dir,
        ],
        env=env,
    )


def npm_locked_package(name: str) -> dict:
    """The entry of package-lock.json for node_modules/<name> (version, integrity)."""
    lock = json.loads(PACKAGE_LOCK.read_text(encoding="utf-8"))
    return lock["packages"][f"node_modules/{name}"]


def verified_tarball_digests(name: str) -> dict[str, str]:
    """sha256 of each file of the npm tarball of `name`, after checking the tarball
    against the integrity (sha512) that package-lock.json pins.

    `npm pack` takes the tarball from npm's cache, which `npm ci` has just filled.
    """
    locked = npm_locked_package(name)
    algorithm, _, expected = locked["integrity"].partition("-")
    with tempfile.TemporaryDirectory() as scratch:
        result = run(
            [
                "npm",
                "pack",
                f"{name}@{locked['version']}",
                "--prefer-offline",
                "--silent",
                "--pack-destination",
                scratch,
            ],
            capture_output=True,
            text=True,
        )
        tarball = Path(scratch) / result.stdout.strip().splitlines()[-1]
        actual = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
        if actual != expected:
            raise SetupError(f"npm tarball of {name} does not match package-lock.json integrity")
        digests = {}
        with tarfile.open(tarball) as archive:
            for member in archive.getmembers():
                if member.isfile():
                    content = archive.extractfile(member).read()
                    relative = member.name.split("/", 1)[1]  # drop the "package/" prefix
                    digests[relative] = hashlib.sha256(content).hexdigest()
        return digests


def vendor_pyodide(python: Path, wheel: Path) -> None:
    """Copy the runtime into site/pyodide/, checked, and register the engine wheel."""
    expected = verified_tarball_digests("pyodide")
    SITE_PYODIDE.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        source = PYODIDE_PACKAGE / name
        if sha256_of(source) != expected.get(name):
            raise SetupError(f"{source} differs from the npm package pinned in package-lock.json (run `npm ci` again)")
        shutil.copyfile(source, SITE_PYODIDE / name)
    shutil.copyfile(wheel, SITE_PYODIDE / wheel.name)
    lock = SITE_PYODIDE / "pyodide-lock.json"
    run(
        [
            venv_bin("pyodide"),
            "lockfile",
            "add-wheels",
            "--input",
            lock,
            "--output",
            lock,
            "--base-path",
            SITE_PYODIDE,
            SITE_PYODIDE / wheel.name,
        ],
        stdout=subprocess.DEVNULL,
    )
    check_lock_checksums(lock)


def check_lock_checksums(lock_path: Path) -> None:
    """Every file the site ships that its lock lists has the sha256 the lock gives."""
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    shipped = {path.name for path in lock_path.parent.iterdir()}
    listed = {entry["file_name"]: entry["sha256"] for entry in lock["packages"].values()}
    if not any(name.startswith("cribbage-") for name in listed):
        raise SetupError("the cribbage wheel is missing from the site's pyodide-lock.json")
    for name in shipped & listed.keys():
        if sha256_of(lock_path.parent / name) != listed[name]:
            raise SetupError(f"{name} does not match its sha256 in {lock_path}")


def build_web_app() -> None:
    """Pyodide's memory snapshot with the engine imported, the icons and site/sw.js,
    last: the service worker precaches every file of site/."""
    run(["node", ROOT / "web_app" / "snapshot.mjs", SITE], stdout=subprocess.DEVNULL)
    run(["node", ROOT / "web_app" / "build.mjs", SITE], stdout=subprocess.DEVNULL)


# Everything site/ is made from: when none of it changed since the last build, site/ is kept.
BUILD_INPUTS = (
    "engine",
    "docs",
    "hooks",
    "overrides",
    "content",
    "web_app",
    "mkdocs.yml",
    "package-lock.json",
    "requirements/site.txt",
    "pyproject.toml",
    "site_build.py",
)
BUILD_STAMP = SITE / ".build-inputs.sha256"


def build_inputs_digest() -> str:
    """One sha256 over the names and contents of every file site/ is built from, and the
    ``SITE_URL`` it is built for."""
    digest = hashlib.sha256(os.environ.get("SITE_URL", "").encode() + b"\0")
    for name in BUILD_INPUTS:
        top = ROOT / name
        files = (
            [top]
            if top.is_file()
            else sorted(path for path in top.rglob("*") if path.is_file() and "__pycache__" not in path.parts)
        )
        for path in files:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(sha256_of(path).encode() + b"\0")
    return digest.hexdigest()


def build(force: bool = False) -> Path:
    """Set up what is missing and write site/, unless it was built from these very inputs
    (``force`` builds anyway). Returns the venv's Python."""
    ensure_node_modules()
    python = ensure_venv()
    inputs = build_inputs_digest()
    if not force and BUILD_STAMP.exists() and BUILD_STAMP.read_text().strip() == inputs:
        log(f"{SITE.relative_to(ROOT)}/ is up to date with its inputs: not built again")
        return python
    wheel = build_wheel(python)
    build_pages(python)
    vendor_pyodide(python, wheel)
    build_web_app()
    BUILD_STAMP.write_text(inputs + "\n")
    log(f"built {SITE.relative_to(ROOT)}/ with {wheel.name}")
    return python


# --- serving ----------------------------------------------------------------------


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under a URL prefix (e.g. /cribbage/), with the right MIME types,
    and answers a missing address with the directory's 404.html, as GitHub Pages does."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path + "/" == self.prefix:
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, f"outside {self.prefix}")
            return None
        not_found_page = Path(self.directory, "404.html")
        if not os.path.exists(self.translate_path(path)) and not_found_page.is_file():
            return self.send_not_found_page(not_found_page.read_bytes())
        return super().send_head()

    def send_not_found_page(self, page: bytes) -> io.BytesIO:
        """As GitHub Pages answers a missing address at any depth: 404, with the site's 404 page."""
        self.send_response(404)
        self.send_header("Content-Type", MIME_TYPES[".html"])
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        return io.BytesIO(page)

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server that lets a browser close a connection mid-answer (a page closed
    while it loads) without printing a traceback."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, prefix: str = "/", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    """A threaded static server for `directory` at http://host:port{prefix} (port 0: any free)."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("Handler", (SiteRequestHandler,), {"prefix": prefix, "quiet": quiet})
    handler_factory = functools.partial(handler, directory=str(directory))
    return SiteServer((host, port), handler_factory)


@contextlib.contextmanager
def served(directory: Path, prefix: str = "/") -> Iterator[str]:
    """`directory` served on 127.0.0.1 (a free port) under `prefix` while the block runs; yields its URL."""
    server = make_server(directory, prefix=prefix, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}{prefix}"
    finally:
        server.shutdown()
        server.server_close()


def deploy_copy(source: Path, target: Path, site_url: str) -> None:
    """``target`` as the site in ``source`` deployed at ``site_url``: its files linked, and
    its sitemap naming that address, as a build with ``SITE_URL`` writes it. Material's
    instant navigation swaps in only the pages its sitemap names, so a local server needs
    this to keep one page (and one engine) for a whole visit."""
    for folder, _, names in os.walk(source):
        into = target / Path(folder).relative_to(source)
        into.mkdir(parents=True, exist_ok=True)
        for name in names:
            if name != "sitemap.xml":
                (into / name).symlink_to(Path(folder, name).resolve())
                continue
            sitemap = Path(folder, name).read_text(encoding="utf-8")
            # A build without SITE_URL writes "None" where the sitemap names the site's address.
            deployed, count = re.subn(r'(<loc>|href=")None', lambda found: found.group(1) + site_url, sitemap)
            if not count:
                raise SetupError(f"{folder}/sitemap.xml was built with a SITE_URL: build it without one")
            (into / name).write_text(deployed, encoding="utf-8")


def serve(port: int) -> None:
    build()
    server = make_server(SITE, port=port)
    log(f"serving {SITE.relative_to(ROOT)}/ on http://127.0.0.1:{port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- tests and benchmarks -------------------------------------------------------------


def parallel_args(pytest_args: list[str]) -> list[str]:
    """pytest-xdist on every core unless the arguments choose otherwise: tests that must share
    a process are grouped (``xdist_group``), and tests/conftest.py sends the longest first."""
    chosen = any(
        arg in ("-n", "--numprocesses", "no:xdist") or arg.startswith(("-n", "--numprocesses=")) for arg in pytest_args
    )
    return [] if chosen else ["-n", "auto", "--dist", "loadgroup"]


def test(pytest_args: list[str]) -> int:
    python = build()
    ensure_test_tools()
    env = dict(os.environ, CRIBBAGE_REQUIRE_SITE="1", NO_MKDOCS_2_WARNING="1")
    result = subprocess.run([str(python), "-m", "pytest", *parallel_args(pytest_args), *pytest_args], cwd=ROOT, env=env)
    if result.returncode == 5:
        # pytest's "no tests collected": fine for a filter that matched nothing,
        # never for the whole suite.
        log("pytest collected no tests" + (" for the given arguments" if pytest_args else ""))
        return 0 if pytest_args else 1
    return result.returncode


BENCHMARKS = (
    "engine.py",
    "site.py",
    "widgets.py",
    "lesson.py",
    "game_page.py",
    "table.py",
    "offline.py",
    "coach.py",
    "computer_strength.py",
    "browser_contexts.py",
)


def bench() -> int:
    """Every speed target of the issues, one script each (computer_strength takes minutes)."""
    python = build()
    ensure_debian_packages(missing_chromium_packages(), "the benchmarks", required=True)
    failures = 0
    for script in BENCHMARKS:
        print(f"\n== benchmarks/{script}", flush=True)
        failures += subprocess.run([str(python), str(ROOT / "benchmarks" / script)], cwd=ROOT).returncode != 0
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="write site/ (kept when its inputs did not change)")
    build_parser.add_argument("--force", action="store_true", help="build even when site/ is up to date")
    serve_parser = commands.add_parser("serve", help="build, then serve on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="build, then run every test (extra arguments go to pytest)")
    commands.add_parser("bench", help="build, then print every speed number (benchmarks/)")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        if args.command == "build":
            build(force=args.force)
            return 0
        if args.command == "serve":
            serve(args.port)
            return 0
        if args.command == "test":
            return test(rest)
        return bench()
    except SetupError as error:
        log(f"error: {error}")
        return 2
    except subprocess.CalledProcessError as error:
        log(f"error: `{' '.join(map(str, error.cmd))}` exited with {error.returncode}")
        return error.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
