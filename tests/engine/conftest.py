"""Put engine/ on sys.path so the tests import the package the site ships."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))
