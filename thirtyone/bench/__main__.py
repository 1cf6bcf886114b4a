"""``python -m thirtyone.bench``: the benchmarks' command line (``thirtyone.bench.cli``)."""

import sys

from .cli import main

sys.exit(main())
