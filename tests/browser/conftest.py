"""Parlour Local in a real Chromium: the program started as a newcomer starts it (``python -m bot``
with no token), driven by Playwright through Debian's ``chromium`` (Playwright's own browser download
is not available here, so the system one is launched)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Screenshots go to $PARLOUR_GALLERY when set (docs/gallery/ keeps the reviewed ones), else to a temporary folder.
GALLERY = Path(os.environ.get("PARLOUR_GALLERY") or Path(tempfile.gettempdir()) / "parlour-gallery")
CHROMIUM = os.environ.get("PARLOUR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Local:
    """``python -m bot`` in a folder of its own, on a fixed port so a page outlives a restart."""

    def __init__(self, folder: Path, ai_delay: float = 0.3) -> None:
        self.folder, self.port = folder, free_port()
        self.ai_delay = ai_delay
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
        env.update(PYTHONPATH=str(ROOT), PARLOUR_DATA_DIR=str(self.folder / "data"),
                   PARLOUR_AI_DELAY=str(self.ai_delay), PARLOUR_WORKERS="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "bot", "--port", str(self.port)], cwd=self.folder,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert re.search(r"open http://127\.0\.0\.1:\d+ in your browser", line), line
        deadline = time.monotonic() + 30
        while not self.state()["commands"]:  # the bot is connected once its commands are registered
            assert time.monotonic() < deadline, "the bot did not connect"
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                _, err = self.proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()  # never left behind, whatever the test found
                raise
            assert self.proc.returncode == 0, err
            assert "Traceback" not in err, err
        self.proc = None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as resp:
            return json.load(resp)

    def state(self, member: str | None = None) -> Any:
        return self.get("/web/state" + (f"?as={member}" if member else ""))

    def member(self, name: str) -> str:
        return str(next(m["id"] for m in self.state()["members"] if m["name"] == name))

    def channel(self, name: str) -> str | None:
        return next((c["id"] for c in self.state()["channels"] if c["name"] == name), None)

    def messages(self, channel_id: str, member: str | None = None) -> list[dict[str, Any]]:
        query = f"?as={member}" if member else ""
        return list(self.get(f"/web/channels/{channel_id}/messages{query}")["messages"])


@pytest.fixture
def local(tmp_path: Path) -> Iterator[Local]:
    program = Local(tmp_path)
    program.start()
    yield program
    program.stop()


@pytest.fixture(scope="module")
def module_local(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Local]:
    """One Parlour Local for a module's tests (each opens its own tables), in a folder named after it."""
    program = Local(Path(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])))
    program.start()
    yield program
    program.stop()


@pytest.fixture(scope="module")  # not the session: sync Playwright's loop would outlive the module and
def browser() -> Iterator[Any]:    # stand in the way of the asyncio tests that follow
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is not installed at {CHROMIUM}: .ci/run installs Debian's chromium")
        pytest.skip("the browser tests need Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def shoot(page: Any, name: str) -> None:
    """A screenshot for the gallery, looked at by eye whenever the page changes: taken once every
    picture on screen has loaded."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # a picture that never loads is shown as it is
        page.wait_for_function("""() => [...document.images].every(i => {
            const r = i.getBoundingClientRect();
            return !r.width || !r.height || r.bottom < 0 || r.top > innerHeight
                || (i.complete && i.naturalWidth > 0); })""", timeout=10000)
    # Loaded is not yet painted: a picture decoded off the main thread can still show its empty box.
    page.evaluate("() => Promise.all([...document.images].map(i => i.decode().catch(() => null)))")
    page.wait_for_timeout(200)  # the list settles at the bottom once the pictures have their size
    page.screenshot(path=str(GALLERY / name))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        item.failed_browser_test = True


@pytest.fixture
def context_of(request: Any, browser: Any) -> Iterator[Any]:
    """Makes browser contexts; when the test fails, every open page is kept as a screenshot."""
    contexts: list[Any] = []

    def make(**options: Any) -> Any:
        contexts.append(browser.new_context(**options))
        return contexts[-1]

    yield make
    if getattr(request.node, "failed_browser_test", False):
        for i, context in enumerate(contexts):
            for j, page in enumerate(context.pages):
                shoot(page, f"failed-{request.node.name}-{i}-{j}.png")
    for context in contexts:
        context.close()
