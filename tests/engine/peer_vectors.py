"""The peers' test vectors, vendored in data/peer-vectors.json (data/README.md says where from)."""

import functools
import json
from pathlib import Path

PEER_VECTORS_FILE = Path(__file__).with_name("data") / "peer-vectors.json"


@functools.cache
def _all_vectors() -> tuple[dict, ...]:
    return tuple(json.loads(PEER_VECTORS_FILE.read_text(encoding="utf-8"))["vectors"])


def peer_vectors(*kinds: str) -> list[dict]:
    """The vectors of these kinds (``hand``, ``crib``, ``pegging``, ``pegging_sequence``)."""
    return [vector for vector in _all_vectors() if vector["kind"] in kinds]
