"""Where a sweep would be slow the suite runs a sample (CI's ten minutes); PARLOUR_FULL_SWEEP=1 runs
every case (`bench/` prints the full figures)."""

from __future__ import annotations

import os

FULL = bool(os.environ.get("PARLOUR_FULL_SWEEP"))
