"""A newcomer's first games in Parlour Local (issue 36), as one is played: /play, computers added in the
lobby, Start, the whole game from the hand in the direct messages, then the table's channel read
back. What got in the way of a first game does not: the lobby after Start does not invite anyone to
join, a hand's end is told in the copy, the channel tells the game in order (Fan Tan's every play
and pass), and the ended game's copy says so with no controls left. The gallery keeps each game's
lobby, copy and channel (``first-<game>-*.png``), looked at by eye.

CI plays Fan Tan on a phone; PARLOUR_FULL_SWEEP=1 adds Fosco and Busca on a desktop."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.sampling import FULL

from .conftest import Local, shoot
from .test_local_page import (
    click_label,
    is_over,
    move_if_offered,
    newest_lobby,
    open_channel,
    open_general,
    run_slash,
    table_channel,
)

OFFERED = '.msg [data-custom-id^="pl:a:"]:not([disabled]), .msg select[data-custom-id^="pl:s:"]:not([disabled])'
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# (options, computers, on a phone); Busca plays two hands, so that a hand's end comes before the game's
FIRST = {"fan-tan": ({}, 2, True)} | ({"fosco": ({"deals": "1"}, 1, False),
                                      "busca": ({"hands": "2"}, 2, False)} if FULL else {})


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Local]:
    program = Local(Path(tmp_path_factory.mktemp("first-games")), ai_delay=0.05)
    program.start()
    yield program
    program.stop()


@pytest.mark.parametrize("key", list(FIRST))
def test_a_newcomers_first_game_from_the_lobby_to_the_story_in_the_channel(key: str, local: Local,
                                                                           context_of: Any) -> None:
    options, computers, phone = FIRST[key]
    page = context_of(**(PHONE if phone else DESKTOP)).new_page()
    errors, before = open_general(page, local)
    run_slash(page, "play", key, options)
    for n in range(1, computers + 1):
        click_label(page, newest_lobby(page), "Add computer")
        page.locator(".msg", has_text=f"Computer {n}").last.wait_for()
    lobby = newest_lobby(page)
    assert "How long" in lobby.inner_text()  # the lobby says how long the game is
    shoot(page, f"first-{key}-lobby.png")
    click_label(page, lobby, "Start")
    table = table_channel(local, before)
    page.locator(".msg", has_text="Started").last.wait_for()
    started = page.locator(".msg", has_text="Started").last.inner_text()
    assert "Join to take a seat" not in started and "idle minutes" not in started, started

    dm = local.state()["dms"][0]["id"]
    open_channel(page, dm)
    page.locator(".msg img").last.wait_for()
    shot, round_end_seen, moves = False, False, 0
    deadline = time.monotonic() + 180
    while not is_over(local, table):
        assert time.monotonic() < deadline, f"{key}: the game did not end ({moves} moves made)"
        copy = " ".join(m["content"] for m in local.messages(dm)[-1:])
        round_end_seen = round_end_seen or "🏁" in copy
        if not shot and page.locator(OFFERED).count():
            shoot(page, f"first-{key}-copy.png")  # the copy as it offers the first move
            shot = True
        if move_if_offered(page):
            moves += 1
        else:
            time.sleep(0.05)
    assert moves >= 3, f"{key}: only {moves} moves"
    if key == "busca":
        assert round_end_seen, "the first hand's end was told in the copy"

    # The ended game's copy says so, and has nothing left to press.
    ended = local.messages(dm)[-1]
    assert "over" in ended["content"].lower() or "ended" in ended["content"].lower(), ended["content"]
    assert not [c for row in ended["components"] for c in row.get("components", [])
                if str(c.get("custom_id", "")).startswith("pl:a:") and not c.get("disabled")]

    # The channel reads as the game's story: its lines in order, the result last.
    open_channel(page, table)
    page.get_by_role("button", name="Rematch").wait_for()
    shoot(page, f"first-{key}-channel.png")
    said = [m["content"] for m in local.messages(table) if m["content"]]
    assert "is over" in said[-1] or any("is over" in line for line in said[-2:]), said[-2:]
    if key == "fan-tan":
        story = "\n".join(said)
        assert "passes" in story and "plays" in story, story[:500]
    if key == "busca":  # every trick told, hand 1's account after its 13 tricks and before hand 2's
        lines = "\n".join(said).split("\n")
        tricks = [n for n, line in enumerate(lines) if " takes " in line]
        hand_one = next(n for n, line in enumerate(lines) if line.startswith("Hand 1 scores"))
        assert len(tricks) == 26 and sum(n < hand_one for n in tricks) == 13, lines
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors
