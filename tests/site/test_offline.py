"""The site offline after one visit, updated whole by a new deploy, installable, and one
engine for a whole visit: headless Chromium, the site served under a sub-path.

Expected answers come from the CPython engine, the data files and the browser's own
reading of the manifest, never from the page under test.
"""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from cribbage.core.cards import Card, parse_cards
from cribbage.core.show import score_show
from cribbage.i18n import LANGUAGES
from cribbage.widgets.game.state import game_of
from helpers import SERVICE_WORKER_IN_CONTROL

import site_build

READY_TIMEOUT = 90_000
WEB_APP_MESSAGES = site_build.ROOT / "content" / "web_app.json"
THEME_WORDS = json.loads((site_build.ROOT / "content" / "theme.json").read_text(encoding="utf-8"))
SUB_PATH = "/cribbage/"  # as the site_url fixture serves it


def started_from(page) -> str:
    """How the page's engine started: "snapshot" (the build's memory snapshot) or "runtime"."""
    engine = next(worker for worker in page.workers if worker.url.endswith("/assets/cribbage/worker.js"))
    return engine.evaluate("self.startedFrom")


class FailedRequests:
    """Every request of a context that failed or answered with an HTTP error."""

    def __init__(self, context) -> None:
        self.failed: list[str] = []
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url} ({request.failure})"))
        context.on(
            "response",
            lambda response: response.status >= 400 and self.failed.append(f"{response.url} (HTTP {response.status})"),
        )


def link_to(page, url: str):
    """The first visible link to ``url`` (Material's instant navigation makes every link absolute)."""
    return page.locator(f'a[href="{url}"]:visible').first


def wait_ready(page, selector: str):
    widget = page.locator(selector).first
    page.wait_for_function(
        "w => w.dataset.ready === 'true' && !w.hasAttribute('aria-busy')",
        arg=widget.element_handle(),
        timeout=READY_TIMEOUT,
    )
    return widget


def wait_answered(widget, previous_state: str) -> str:
    widget.page.wait_for_function(
        "([w, previous]) => !w.hasAttribute('aria-busy') && w.dataset.state !== previous",
        arg=[widget.element_handle(), previous_state],
        timeout=READY_TIMEOUT,
    )
    return widget.get_attribute("data-state")


def use_hand_scorer(page) -> None:
    hand = wait_ready(page, '[data-widget="hand"]')
    before = hand.get_attribute("data-state")
    hand.locator("select[name=starter]").select_option("4C")
    wait_answered(hand, before)
    cards = [hand.locator(f"select[name=card{index}]").input_value() for index in range(4)]
    crib = hand.locator('input[type=radio][value="1"]').is_checked()
    expected = score_show(parse_cards(" ".join(cards)), Card.parse("4C"), crib=crib).total
    assert hand.locator("[data-total]").get_attribute("data-total") == str(expected)


def use_play_stepper(page) -> None:
    play = wait_ready(page, '[data-widget="play"]')
    before = play.get_attribute("data-state")
    play.locator('button[data-key="forward"]').click()
    after = wait_answered(play, before)
    assert json.loads(after)["step"] == json.loads(before)["step"] + 1


def use_game(page) -> None:
    game = wait_ready(page, '[data-widget="game"]')
    before = game.get_attribute("data-state")
    assert game_of(json.loads(before)).phase == "cut_for_deal"
    game.locator('button[data-key="cut"]').click()
    after = wait_answered(game, before)
    assert game_of(json.loads(after)).phase != "cut_for_deal"


def test_after_one_visit_every_language_and_every_live_example_works_offline(first_visit_context, site_url):
    browser_context = first_visit_context
    failures = FailedRequests(browser_context)
    page = browser_context.new_page()
    page.goto(site_url + "history/")  # a page without a live example: the runtime comes with the precache
    assert page.evaluate(SERVICE_WORKER_IN_CONTROL) == site_url + "sw.js"
    browser_context.set_offline(True)
    for path, use in (("pl/basics/", use_hand_scorer), ("cs/play/", use_play_stepper), ("bg/game/", use_game)):
        page = browser_context.new_page()
        page.goto(site_url + path)
        assert page.evaluate("document.documentElement.lang") == path[:2]
        use(page)
        assert started_from(page) == "snapshot"  # the precached snapshot, checked by its hash
        page.close()
    assert failures.failed == []
    assert browser_context.watch.foreign == []
    assert browser_context.watch.errors == []


def test_a_snapshot_that_does_not_match_its_hash_is_refused_and_the_engine_starts_without_it(
    watched_context, deployment
):
    folder, url = deployment
    snapshot = folder / "pyodide" / "snapshot.bin.gz"
    snapshot.write_bytes(snapshot.read_bytes()[:-1] + b"\0")  # one byte changed after the build
    subprocess.run(["node", site_build.ROOT / "web_app" / "build.mjs", folder], check=True, capture_output=True)
    context = watched_context(url, block_foreign=True, fresh=True, service_workers="allow")
    page = context.new_page()
    page.goto(url + "history/")
    page.evaluate(SERVICE_WORKER_IN_CONTROL)
    page = context.new_page()
    page.goto(url + "sk/basics/")
    use_hand_scorer(page)
    assert started_from(page) == "runtime"
    assert context.watch.errors == []


@pytest.fixture
def deployment(built_site: Path, tmp_path: Path, request):
    """A copy of the built site served under the sub-path, to deploy a new version over;
    with the parameter "instant", served as deployed at its address (pages swap in)."""
    folder = tmp_path / "deployed"
    shutil.copytree(built_site, folder, symlinks=False)
    if getattr(request, "param", "full") == "full":
        with site_build.served(folder, SUB_PATH) as url:
            yield folder, url
        return
    at_its_address = tmp_path / "at-its-address"  # links to the copy's files
    at_its_address.mkdir()
    with site_build.served(at_its_address, SUB_PATH) as url:
        site_build.deploy_copy(folder, at_its_address, url)
        yield at_its_address, url


@pytest.mark.parametrize("deployment", ["full", "instant"], indirect=True)
def test_a_new_deploy_is_announced_and_shown_whole_on_the_next_navigation(watched_context, deployment, request):
    folder, url = deployment
    instant = request.node.callspec.params["deployment"] == "instant"
    context = watched_context(url, block_foreign=True, fresh=True, service_workers="allow")
    page = context.new_page()
    page.goto(url + "pl/basics/")
    page.evaluate(SERVICE_WORKER_IN_CONTROL)
    page.evaluate("window.firstDocument = true")

    # A new version: one page changes, and the build writes its service worker again.
    marker = "cb-new-deploy-marker"
    changed = folder / "pl" / "history" / "index.html"
    changed.write_text(
        changed.read_text(encoding="utf-8").replace("</article>", f'<p id="{marker}">new</p></article>', 1),
        encoding="utf-8",
    )
    subprocess.run(["node", site_build.ROOT / "web_app" / "build.mjs", folder], check=True, capture_output=True)

    # The browser (or offline.js, when Material swaps the page in) finds the new version
    # on this navigation.
    link_to(page, url + "pl/play/").click()
    page.wait_for_url(url + "pl/play/")
    page.wait_for_load_state()
    notice = page.locator(".cb-site-updated")
    notice.wait_for(timeout=READY_TIMEOUT)
    assert notice.text_content() == json.loads(WEB_APP_MESSAGES.read_text(encoding="utf-8"))["updated"]["pl"]
    assert notice.get_attribute("role") == "status"
    assert page.locator(f"#{marker}").count() == 0  # until the next navigation, the old version whole
    assert page.evaluate("window.firstDocument") is (True if instant else None)  # swapped in, or loaded

    with page.expect_navigation():
        link_to(page, url + "pl/history/").click()
    page.wait_for_load_state()
    assert page.locator(f"#{marker}").count() == 1
    assert page.evaluate("window.firstDocument") is None  # loaded in full, from the new version
    assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
    assert context.watch.foreign == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_links_a_valid_manifest_whose_icons_exist(browser_context, site_url, lang):
    page = browser_context.new_page()
    root = site_url if lang == "en" else f"{site_url}{lang}/"
    page.goto(root + "play/")
    # Chromium's own reading of the manifest: what it would install.
    reading = browser_context.new_cdp_session(page).send("Page.getAppManifest")
    assert reading["url"] == root + "manifest.webmanifest"
    assert reading["errors"] == []
    manifest = json.loads(reading["data"])
    title = page.title()
    separator = THEME_WORDS["title_separator"][lang]
    assert title.endswith(f" {separator} " + manifest["name"])  # the site name in the page's language
    assert manifest["description"] == page.locator('meta[name="description"]').get_attribute("content")
    assert manifest["lang"] == lang
    assert (
        page.evaluate(
            "(start) => new URL(start, document.querySelector('link[rel=manifest]').href).href", manifest["start_url"]
        )
        == root
    )
    assert (
        page.evaluate(
            "(scope) => new URL(scope, document.querySelector('link[rel=manifest]').href).href", manifest["scope"]
        )
        == site_url
    )
    primary = page.evaluate("getComputedStyle(document.body).getPropertyValue('--md-primary-fg-color').trim()")
    assert manifest["theme_color"].lower() == primary.lower()
    for icon in manifest["icons"]:
        response = page.request.get(
            page.evaluate("(src) => new URL(src, document.querySelector('link[rel=manifest]').href).href", icon["src"])
        )
        assert response.ok and response.headers["content-type"] == "image/png"
        width, height = png_size(response.body())
        assert f"{width}x{height}" == icon["sizes"]
    assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}
    assert max(int(icon["sizes"].split("x")[0]) for icon in manifest["icons"]) >= 512


def test_moving_to_another_page_keeps_the_one_engine_of_the_visit(watched_context, deployed_url):
    context = watched_context(deployed_url, block_foreign=True)
    engine_starts = []  # the runtime fetched by a page's worker (the service worker precaches it too)
    context.on(
        "request",
        lambda request: (
            request.service_worker is None
            and request.url.endswith("/pyodide/pyodide.asm.wasm")
            and engine_starts.append(request.url)
        ),
    )
    page = context.new_page()
    page.goto(deployed_url + "basics/")
    use_hand_scorer(page)
    page.evaluate("window.sameDocument = true")
    link_to(page, deployed_url + "play/").click()
    page.wait_for_function("() => location.pathname.endsWith('/play/') && document.querySelector('[data-widget=play]')")
    assert page.evaluate("window.sameDocument") is True  # the page was swapped, not loaded
    use_play_stepper(page)
    assert len(engine_starts) == 1
    engines = [worker for worker in page.workers if worker.url == deployed_url + "assets/cribbage/worker.js"]
    assert len(engines) == 1
    assert context.watch.errors == []
