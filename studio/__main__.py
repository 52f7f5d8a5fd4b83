"""`python -m studio` is the same entry point as the `studio` command."""

import sys

from studio.cli import main

sys.exit(main())
