"""What the whole run reports at its end (this file is read by xdist's controller as well as its
workers; the fixtures are nearer the tests that use them)."""

from __future__ import annotations

from typing import Any

# (tables, seconds): the ended tables whose records were round-tripped after a test, and the time it
# took (tests/bot/e2e/conftest.py).
RECORDS_CHECKED = "records_round_tripped"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many ended tables' records were round-tripped after the end-to-end tests, from every
    test's report (every worker's), so that a run shows the check ran."""
    reports = [r for found in terminalreporter.stats.values() for r in found if getattr(r, "when", "") == "teardown"]
    checks = [value for r in reports for name, value in getattr(r, "user_properties", ()) if name == RECORDS_CHECKED]
    if checks:
        tables, seconds = sum(n for n, _ in checks), sum(s for _, s in checks)
        terminalreporter.write_line(f"records round-tripped: {tables} ended tables, after {len(checks)} end-to-end "
                                    f"tests, in {seconds:.1f} s")
