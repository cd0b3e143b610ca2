"""The peers' test vectors, from shared/reference beside the project (as CI lays it out)."""

import json
from pathlib import Path

import pytest

PEER_VECTORS_FILE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "peer-vectors.json"


def peer_vectors(*kinds: str) -> list[dict]:
    """The vectors of these kinds; none when shared/ is not beside the project."""
    if not PEER_VECTORS_FILE.exists():
        return []
    return [vector for vector in json.loads(PEER_VECTORS_FILE.read_text())["vectors"] if vector["kind"] in kinds]


needs_peer_vectors = pytest.mark.skipif(not PEER_VECTORS_FILE.exists(), reason="shared/reference is not beside the project")
