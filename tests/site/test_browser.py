"""The built site in headless Chromium (Debian's), served under a sub-path as on GitHub
Pages: it loads Pyodide and the engine from itself and nothing from anywhere else."""

from __future__ import annotations

import pytest

from cribbage.show import score_show as score_show_in_cpython

# In the page: the runtime from <site>/pyodide/, the engine with loadPackage (from the
# site's pyodide-lock.json), then the 29 hand scored by the engine.
SCORE_IN_PYODIDE = """
async () => {
  const runtime = new URL("pyodide/", document.baseURI.replace(/[^/]*$/, "")).href;
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: runtime });
  const errors = [];
  await pyodide.loadPackage("cribbage", { messageCallback: () => {}, errorCallback: (e) => errors.push(e) });
  if (errors.length) throw new Error(errors.join("\\n"));
  return pyodide.runPython(`
from cribbage.cards import parse_cards
from cribbage.show import score_show
score_show(parse_cards("5H 5S 5C JD"), parse_cards("5D")[0]).total
`);
}
"""


def test_site_under_a_sub_path_runs_the_engine_from_its_own_pyodide(browser_context, site_url):
    page = browser_context.new_page()
    errors, failed = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    response = page.goto(site_url)
    assert response.ok
    assert page.locator("h1").first.is_visible()
    total = page.evaluate(SCORE_IN_PYODIDE)
    expected = score_show_in_cpython(*_hand_and_starter()).total
    assert total == expected == 29
    assert errors == [] and failed == []
    log = browser_context.watch
    assert log.foreign == []
    assert any(url.endswith("/cribbage/pyodide/pyodide.asm.wasm") for url in log.urls)
    assert any("/cribbage/pyodide/cribbage-" in url and url.endswith(".whl") for url in log.urls)


def _hand_and_starter():
    from cribbage.cards import parse_cards

    return parse_cards("5H 5S 5C JD"), parse_cards("5D")[0]


@pytest.mark.parametrize("lang", ["en", "pl", "cs", "sk", "bg"])
def test_search_looks_only_in_the_readers_language(browser_context, site_url, lang):
    page = browser_context.new_page()
    root = site_url + ("" if lang == "en" else f"{lang}/")
    page.goto(root + "basics/")
    # The page's own title in its navigation: Czech and Slovak share some words
    # ("Základy"), so a search that is not restricted would find the other language.
    query = page.locator(".md-nav--primary .md-nav__link--active").first.inner_text().strip()
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(query)
    # Material searches on keyup. Playwright types letters its US keyboard lacks
    # (Cyrillic) as text input without key events, which a Bulgarian keyboard does send.
    search.dispatch_event("keyup")
    page.wait_for_selector(".md-search-result__link")
    links = page.locator(".md-search-result__link")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs, f"{lang}: nothing found for {query!r}"
    other_roots = [f"{site_url}{other}/" for other in ("pl", "cs", "sk", "bg") if other != lang]
    assert all(href.startswith(root) and not href.startswith(tuple(other_roots)) for href in hrefs), hrefs
