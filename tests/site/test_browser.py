"""The built site in headless Chromium (Debian's), served under a sub-path as on GitHub
Pages: it loads Pyodide and the engine from itself and nothing from anywhere else."""

from __future__ import annotations

from cribbage.core.show import score_show as score_show_in_cpython

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
from cribbage.core.cards import parse_cards
from cribbage.core.show import score_show
score_show(parse_cards("5H 5S 5C JD"), parse_cards("5D")[0]).total
`);
}
"""


def test_site_under_a_sub_path_runs_the_engine_from_its_own_pyodide(cold_context, site_url):
    browser_context = cold_context
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
    from cribbage.core.cards import parse_cards

    return parse_cards("5H 5S 5C JD"), parse_cards("5D")[0]
