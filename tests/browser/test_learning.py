"""A newcomer learns a game in Parlour Local (issue 35): /practice opens a table against the computer
at once, and the whole game is played pressing nothing but the moves the Hint button names (a
button, a move in a select, or the cards of a pick ticked in the card menu). The gallery keeps a
hint, a why-not answer and a practice table."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.sampling import FULL

from .conftest import Local, shoot
from .test_local_page import is_over, open_channel, open_general, run_slash, table_channel

HINT_BUTTON = 'button[data-custom-id^="pl:q:"][data-custom-id$=":hint"]:not([disabled])'
HINT = f".msg.ephemeral {HINT_BUTTON}"
WHY = '.msg.ephemeral select[data-custom-id^="pl:q:"][data-custom-id$=":why"]'
# A pick of cards (Manchester's discard) is pressed in test_every_game; the whole Manchester game
# pressing hints (45 s) runs with the full sweep.
GAMES = {"fosco": {"deals": "1"}, "busca": {"hands": "1"}} | ({"manchester-piccadilly": {}} if FULL else {})


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Local]:
    # the computers answer quickly: the newcomer reads the hint, the test need not wait on them
    program = Local(Path(tmp_path_factory.mktemp("learning")), ai_delay=0.05)
    program.start()
    yield program
    program.stop()


def copy_of(page: Any) -> Any:
    """The player's copy of the game: the hand shown to them alone, with its Hint."""
    return page.locator(".msg.ephemeral", has=page.locator(HINT_BUTTON)).last


SAID_JS = """(hint) => {
    const copies = [...document.querySelectorAll('.msg.ephemeral')].filter(m => m.querySelector(hint));
    const copy = copies[copies.length - 1];
    for (const strong of copy ? copy.querySelectorAll('.msg-content strong') : []) {
        if ((strong.previousSibling?.textContent || '').includes('I would choose')) return strong.textContent;
    }
    return null; }"""


def hinted(page: Any) -> str:
    """Presses the copy's Hint and returns the move it names (the answer comes in the copy)."""
    page.locator(HINT).last.click()
    return str(page.wait_for_function(SAID_JS, arg=HINT_BUTTON, timeout=15000).json_value())


def press(page: Any, said: str) -> None:
    """Makes the move the hint named ``said`` on the newest copy, however it is offered (a tarot card
    is named after its code, as the menus show it: the move's label has the codes alone)."""
    label = re.sub(r" (?:trump \d+ \([^)]*\)|(?:King|Queen|Cavalier|Jack|Ace|\d+) of (?:swords|batons|cups|coins))",
                   "", said).replace(",", "")
    copy = copy_of(page)
    button = copy.get_by_role("button", name=label, exact=True)
    if button.count():
        custom_id = button.first.get_attribute("data-custom-id")
        button.first.click()
        page.wait_for_function(f"() => !document.querySelector('[data-custom-id=\"{custom_id}\"]:not([disabled])')",
                               timeout=10000)
        return
    for select in copy.locator('select[data-custom-id^="pl:s:"]').all():
        if label in select.inner_text():
            select.select_option(label=label)
            return
    # A pick: tick the hinted cards in the card menus, then press the pick's button.
    verb, _, shown = label.partition(" ")
    for menu in copy.locator('.select-menu[data-custom-id^="pl:c:"]').all():
        menu.locator("button.select-box").click()
        for card in shown.split():
            box = menu.locator(f'input[data-label^="{card} "]')
            if box.count() and not box.first.is_checked():
                box.first.check()
        menu.locator("button.select-done").click()
    done = copy.locator('button[data-custom-id^="pl:a:"]:not([disabled])').filter(has_text=verb)
    done.first.wait_for(timeout=10000)
    done.first.click()


@pytest.mark.parametrize("key", list(GAMES))
def test_a_newcomer_plays_a_practice_game_pressing_only_the_hinted_moves(key: str, local: Local,
                                                                        context_of: Any) -> None:
    page = context_of(viewport={"width": 1280, "height": 1080}).new_page()
    errors, before = open_general(page, local)
    run_slash(page, "practice", key, GAMES[key])
    table = table_channel(local, before)
    open_channel(page, table)
    page.locator(".msg", has=page.locator("img")).first.wait_for()
    page.get_by_role("button", name="My hand").first.click()
    page.locator(".msg.ephemeral img").first.wait_for()
    if key == "fosco":
        shoot(page, "practice-table.png")
    moves, shot_hint, shot_why = 0, False, False
    deadline = time.monotonic() + 240
    while not is_over(local, table):
        assert time.monotonic() < deadline, f"{key}: the game did not end ({moves} moves made)"
        try:
            page.locator(HINT).last.wait_for(timeout=2000)
        except PlaywrightTimeout:
            continue  # the computer's turn, or the game's end
        if not shot_why and page.locator(WHY).count():
            why = page.locator(WHY).last
            why.select_option(index=1)
            page.locator('.msg.ephemeral:has-text("Why not")').last.wait_for(timeout=10000)
            if key == "busca":
                shoot(page, "learn-why-not.png")
            shot_why = True
            continue
        label = hinted(page)
        if not shot_hint and key == "fosco":
            shoot(page, "learn-hint.png")
            shot_hint = True
        press(page, label)
        moves += 1
    assert moves >= 5, f"{key}: only {moves} hinted moves"
    messages = " ".join(m["content"] for m in local.messages(table))
    assert "practice game" in messages and "Hints used" in messages
    assert not errors, errors
