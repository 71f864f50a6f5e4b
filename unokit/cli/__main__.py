"""``python -m unokit.cli``: the ``unokit`` command."""

import sys

from . import main

sys.exit(main())
