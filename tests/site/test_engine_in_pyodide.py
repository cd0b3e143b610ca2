"""The engine's own test suite, run inside Pyodide on Node against the runtime and the
wheel the built site ships (see pyodide_engine_tests.mjs)."""

import shutil
import subprocess
from pathlib import Path

import pytest
from prerequisites import require

RUNNER = Path(__file__).with_name("pyodide_engine_tests.mjs")


@pytest.mark.pyodide
def test_engine_suite_passes_inside_the_shipped_pyodide(built_site):
    node = shutil.which("node")
    require(node, "Node.js 18+ to run the engine tests inside Pyodide: `sudo apt-get install -y nodejs npm`")
    result = subprocess.run([node, str(RUNNER)], capture_output=True, text=True, timeout=900)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    assert "(emscripten)" in result.stdout  # it really ran in Pyodide
    assert " passed" in result.stdout.splitlines()[-1], output[-4000:]
