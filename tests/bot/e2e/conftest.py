"""After every end-to-end test that passed, each ended table it left in its data folder (under its
``tmp_path``) must make a record that round-trips (issue 49, ``tests/bot/record_roundtrip.py``).
A table still being played when the test ends is not looked at. The count of tables checked is kept
with the test's report (``user_properties``), which ``tests/conftest.py`` adds up at the end of the run,
from every xdist worker."""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from ..record_roundtrip import CHECKED, check_folder

_CALL = pytest.StashKey[pytest.TestReport]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    report = yield
    if report.when == "call":
        item.stash[_CALL] = report
    return report


@pytest.fixture(autouse=True)
def records_round_trip(request: pytest.FixtureRequest, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # (asking for monkeypatch puts this teardown before its undoing: a game a test registered for
    # itself is still known here)
    yield
    report = request.node.stash.get(_CALL, None)
    if report is None or not report.passed:
        return  # a failed or skipped test's folder may hold anything; its own failure says enough
    started = time.perf_counter()
    checked = check_folder(tmp_path)
    request.node.user_properties.append((CHECKED, (checked, time.perf_counter() - started)))

