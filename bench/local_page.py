"""Parlour Local in a real browser: how soon the page is ready, and how soon a click on a move shows
the table's new picture in the page. Prints figures; asserts nothing.

    python -m bench.local_page                 # 1 and 20 tables live, 40 clicks each
    python -m bench.local_page --tables 1 --clicks 20

It starts ``python -m bot`` (Parlour Local) in a folder of its own, opens Fosco tables (the player
against the computer) through the page's API, and drives one of them in Chromium: the page sits in
the table's channel with the player's hand shown there (My hand), and each click on a move is timed
in the page from the click to the table picture's new image having loaded. The other tables are
live (their channels and timers running) but idle: the clicks begin once the bot has shown the
openings of them all. Goals: page ready <= 1 s,
click -> new picture p95 <= 300 ms with one table. The player clicks at a person's pace (``--pace``):
the bot keeps Discord's per-channel write limit even here, so flat-out clicking measures that limit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Local
from tests.browser.test_local_page import open_channel

TIMED_CLICK = """async ([customId]) => {
    // The table's picture is in a message for everyone (the hand is in one for this player alone);
    // the bot may edit it in place or post it anew below the channel's lines: either is a new picture.
    const pictures = () => [...document.querySelectorAll('.msg:not(.ephemeral) img')];
    const before = new Set(pictures().map((i) => i.currentSrc || i.src));
    const start = performance.now();
    const controls = document.querySelectorAll(`[data-custom-id="${customId}"]`);
    controls[controls.length - 1].click();
    return await new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('no new table picture')), 10000);
        const check = () => {
            if (pictures().some((i) => !before.has(i.currentSrc || i.src) && i.complete && i.naturalWidth > 0)) {
                clearTimeout(deadline);
                resolve(performance.now() - start);
            } else {
                requestAnimationFrame(check);
            }
        };
        check();
    });
}"""


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def button(message: dict[str, Any], label: str) -> str | None:
    for row in message["components"]:
        for c in row.get("components", []):
            if c.get("label") == label:
                return str(c["custom_id"])
    return None


def open_tables(local: Local, me: str, count: int) -> list[str]:
    """``count`` Fosco tables, the player against the computer; their channel ids, newest last."""
    general = local.channel("general")
    assert general is not None
    tables: list[str] = []
    for _ in range(count):
        before = {c["id"] for c in local.state()["channels"]}
        post(local.url + "/web/command", {"as": me, "channel_id": general, "path": ["play", "fosco"], "options": {}})
        lobby = local.messages(general, me)[-1]
        post(local.url + "/web/click",
             {"as": me, "message_id": lobby["id"], "custom_id": button(lobby, "Add computer")})
        lobby = next(m for m in local.messages(general, me) if m["id"] == lobby["id"])
        post(local.url + "/web/click", {"as": me, "message_id": lobby["id"], "custom_id": button(lobby, "Start")})
        deadline = time.monotonic() + 20
        while not (new := [c["id"] for c in local.state()["channels"] if c["type"] == 0 and c["id"] not in before]):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        tables.append(new[0])
    return tables


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(tables: int, clicks: int, pace: float, browser: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        local = Local(Path(folder))
        local.start()
        try:
            me = local.member("Alex")
            page = browser.new_page(viewport={"width": 1280, "height": 1400})  # the table and the hand both in view
            loads = []
            for _ in range(5):
                page.goto(local.url)
                page.locator(".msg").first.wait_for()
                loads.append(page.evaluate("performance.now()"))
            channel = open_tables(local, me, tables)[-1]
            # Opening many tables at once leaves the bot a backlog to show (about half a second a table
            # here): measured once it is shown, the other tables are live and idle.
            time.sleep(min(30.0, 1.0 * tables))
            page.goto(f"{local.url}/?as={me}")
            open_channel(page, channel)
            deadline = time.monotonic() + 20
            while not (shown := [m for m in local.messages(channel, me) if button(m, "My hand")]):
                assert time.monotonic() < deadline, "the table was never drawn"
                time.sleep(0.05)
            table_message = shown[0]
            page.locator(f'.msg[data-id="{table_message["id"]}"] img').wait_for()
            page.locator(f'.msg[data-id="{table_message["id"]}"] button:text-is("My hand")').click()
            timings: list[float] = []
            while len(timings) < clicks:
                move = page.locator('.msg [data-custom-id^="pl:a:"]:not([disabled])').last
                try:
                    move.wait_for(timeout=15000)
                except PlaywrightTimeout:  # the hand is over (or the game): the clicks so far stand
                    break
                custom_id = move.get_attribute("data-custom-id")
                time.sleep(pace)  # a person looks at the table before moving
                timings.append(page.evaluate(TIMED_CLICK, [custom_id]))
                page.wait_for_function(
                    f"() => !document.querySelector('[data-custom-id=\"{custom_id}\"]:not([disabled])')")
                if any(button(m, "Rematch") for m in local.messages(channel, me)):
                    break
            print(f"{tables:>3} tables live: page ready {statistics.median(loads):6.0f} ms median, "
                  f"{max(loads):6.0f} ms worst (goal 1000);  click -> new table picture "
                  f"{statistics.median(timings):5.0f} / {pct(timings, 0.95):5.0f} ms p50/p95 over {len(timings)} clicks"
                  f"{'  !' if tables == 1 and pct(timings, 0.95) > 300 else ''}")
            page.close()
        finally:
            local.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,20", help="comma-separated numbers of live tables")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds the player looks before each click (the bot keeps Discord's 5 writes "
                             "per 5 s in a channel, so clicking flat out measures that limit instead)")
    args = parser.parse_args()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for n in (int(x) for x in args.tables.split(",")):
            measure(n, args.clicks, args.pace, browser)
        browser.close()


if __name__ == "__main__":
    main()
