"""`python -m pyyijing.cli`: the `yijing` command."""

import sys

from .main import main

sys.exit(main())
