"""site_build.py's own checks: it refuses runtime files that are not the pinned ones, and
its server gives module workers and WebAssembly the types browsers require."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import urllib.error
import urllib.request

import pytest
from prerequisites import require

import site_build


@pytest.fixture
def served(tmp_path):
    (tmp_path / "worker.mjs").write_text("export {};\n")
    (tmp_path / "engine.wasm").write_bytes(b"\0asm\1\0\0\0")
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text("<h1>page</h1>")
    with site_build.served(tmp_path, "/cribbage/") as url:
        yield url.removesuffix("/cribbage/")  # the origin: tests ask for paths in and outside the prefix


def fetch(url: str):
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        return urllib.request.build_opener(NoRedirect).open(url, timeout=10)
    except urllib.error.HTTPError as error:
        return error


def test_server_sends_modules_as_javascript_and_wasm_as_application_wasm(served):
    assert fetch(f"{served}/cribbage/worker.mjs").headers["Content-Type"].startswith("text/javascript")
    assert fetch(f"{served}/cribbage/engine.wasm").headers["Content-Type"] == "application/wasm"


def test_server_serves_the_site_only_under_its_sub_path(served):
    assert fetch(f"{served}/cribbage/page/").status == 200
    assert fetch(f"{served}/page/").status == 404
    redirect = fetch(f"{served}/cribbage")
    assert redirect.status == 301 and redirect.headers["Location"] == "/cribbage/"


def test_server_answers_a_missing_address_at_any_depth_with_the_sites_404_page(tmp_path):
    (tmp_path / "404.html").write_text("<h1>not here</h1>")
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text("<h1>page</h1>")
    with site_build.served(tmp_path, "/cribbage/") as url:
        for missing in ("nothing", "page/nothing/deeper/", "cs/no-page/"):
            answer = fetch(url + missing)
            assert answer.status == 404 and answer.read() == b"<h1>not here</h1>", missing
        assert fetch(url + "page/").read() == b"<h1>page</h1>"


def test_a_runtime_file_that_differs_from_the_pinned_npm_package_is_refused(tmp_path, monkeypatch):
    require(site_build.PYODIDE_PACKAGE.is_dir(), "node_modules/pyodide: run `python3 site_build.py build` (needs npm)")
    package = tmp_path / "pyodide"
    package.mkdir()
    for name in site_build.RUNTIME_FILES:
        shutil.copyfile(site_build.PYODIDE_PACKAGE / name, package / name)
    with (package / "pyodide.mjs").open("a") as tampered:
        tampered.write("\n// changed after npm installed it\n")
    monkeypatch.setattr(site_build, "PYODIDE_PACKAGE", package)
    monkeypatch.setattr(site_build, "SITE_PYODIDE", tmp_path / "site-pyodide")
    with pytest.raises(site_build.SetupError, match="pyodide.mjs differs"):
        site_build.vendor_pyodide(site_build.venv_python(), wheel=tmp_path / "never-read.whl")


def test_a_shipped_package_that_differs_from_its_lock_checksum_is_refused(tmp_path):
    wheel = tmp_path / "cribbage-1.0-py3-none-any.whl"
    wheel.write_bytes(b"the wheel as built")
    lock = tmp_path / "pyodide-lock.json"
    entry = {"file_name": wheel.name, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    lock.write_text(json.dumps({"packages": {"cribbage": entry}}))
    site_build.check_lock_checksums(lock)  # as built: accepted
    wheel.write_bytes(b"the wheel, changed")
    with pytest.raises(site_build.SetupError, match="does not match its sha256"):
        site_build.check_lock_checksums(lock)


def test_a_lock_without_the_engine_is_refused(tmp_path):
    lock = tmp_path / "pyodide-lock.json"
    lock.write_text(json.dumps({"packages": {}}))
    with pytest.raises(site_build.SetupError, match="cribbage wheel is missing"):
        site_build.check_lock_checksums(lock)


@pytest.mark.slow  # a whole MkDocs build of its own
def test_a_pages_site_url_gives_the_404_page_absolute_assets_and_keeps_the_switcher_relative(pages_site):
    """GitHub Pages serves 404.html at any depth, so only it needs the project's path;
    every other link, the language switcher's included, stays relative."""
    site = pages_site
    not_found = (site / "404.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="stylesheet" href="/cribbage/assets/stylesheets/main\.[0-9a-f]+\.min\.css"', not_found)
    for home in (site / "index.html", site / "bg" / "index.html"):
        switcher = re.findall(
            r'href="([^"]*)" hreflang="[a-z]{2}" class="md-select__link"', home.read_text(encoding="utf-8")
        )
        assert len(switcher) == 5
        assert not [link for link in switcher if link.startswith(("/", "http"))], switcher
