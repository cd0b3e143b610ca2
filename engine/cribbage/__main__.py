"""``python -m cribbage``: see :mod:`cribbage.cli`."""

import sys

from .cli import main

sys.exit(main())
