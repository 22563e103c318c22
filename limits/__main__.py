"""``python -m limits``.

The package may not be this distribution's (PyPI's rate-limiting ``limits``
installs one of the same name): say so in one line rather than fail on an
import deep inside.
"""

import sys

import limits

from . import _identity

if not _identity.is_ours(limits):
    print(f"limits: error: {_identity.foreign_message(limits)}", file=sys.stderr)
    sys.exit(1)
limits._quiet_interrupts()  # already done while the package loaded, unless it was imported before

from .cli import main

sys.exit(main())
