"""``python -m cribbage``: see :mod:`cribbage.cli.commands`."""

import sys

from .cli.commands import main

sys.exit(main())
