"""Every game can be played in Parlour Local by a newcomer against the computer: opened with the slash
box, seats filled with computer players, and moves made in the page, in whatever form the game asks
for them (buttons, a select of moves, several cards ticked in card menus, the table's own buttons)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games import registry

from .conftest import Local
from .test_local_page import newest_lobby, open_channel, open_general, run_slash

ENABLED = '[data-custom-id^="pl:a:"]:not([disabled]), [data-custom-id^="pl:w:"]:not([disabled])'
MOVE_SELECT = 'select[data-custom-id^="pl:s:"]:not([disabled])'
CARD_MENU = '.select-menu:not(.disabled)[data-custom-id^="pl:c:"]'
STEPS = 3  # moves (or cards ticked) each game must take from the page


@pytest.fixture(scope="module")
def local(module_local: Local) -> Local:
    return module_local


def wait_gone(page: Any, custom_id: str) -> None:
    page.wait_for_function(f"() => !document.querySelector('[data-custom-id=\"{custom_id}\"]:not([disabled])')",
                           timeout=10000)


def step(page: Any) -> str | None:
    """One thing a player does in the page, if the game offers one: the move it made, else None."""
    moves = page.locator(ENABLED)
    if moves.count():
        custom_id = moves.last.get_attribute("data-custom-id")
        try:  # a move on a clock (Bullshit's call) may close before the click lands
            page.locator(f'[data-custom-id="{custom_id}"]').last.click(timeout=3000)
        except PlaywrightTimeout:
            return None
        wait_gone(page, custom_id)
        return custom_id
    selects = page.locator(MOVE_SELECT)
    if selects.count():
        custom_id = selects.last.get_attribute("data-custom-id")
        try:
            page.locator(f'select[data-custom-id="{custom_id}"]').last.select_option(index=1, timeout=3000)
        except PlaywrightTimeout:
            return None
        wait_gone(page, custom_id)
        return custom_id
    menus = page.locator(CARD_MENU).filter(has=page.locator("button.select-box:not([disabled])"))
    if menus.count():  # a pick: tick one more card; the pick's button then says whether that is enough
        menu = menus.last
        custom_id = menu.get_attribute("data-custom-id")
        ticked = len(json.loads(menu.get_attribute("data-initial") or "[]"))
        try:  # the computer's move may redraw the menu under the pointer: then try again
            menu.locator("button.select-box").click(timeout=3000)
            menu.locator("input[type=checkbox]:not(:checked):not([disabled])").first.check(timeout=3000)
            menu.locator("button.select-done").click(timeout=3000)
        except PlaywrightTimeout:
            return None
        try:
            page.wait_for_function(  # redrawn by the bot with one more card ticked (or the pick is gone)
                """([id, n]) => { const m = document.querySelector(`.select-menu[data-custom-id="${id}"]`);
                    return !m || (JSON.parse(m.dataset.initial || '[]').length > n
                                  && !m.querySelector('.select-box').disabled); }""", arg=[custom_id, ticked],
                timeout=5000)
        except PlaywrightTimeout:  # redrawn without it (the table moved on): look again
            return None
        return custom_id
    return None


@pytest.mark.parametrize("key", registry.keys())
def test_a_newcomer_plays_every_game_against_the_computer(key: str, local: Local, context_of: Any) -> None:
    rules = registry.get(key)
    page = context_of(viewport={"width": 1280, "height": 900}).new_page()
    errors, before = open_general(page, local)
    run_slash(page, "play", key, {})
    lobby = newest_lobby(page)
    for n in range(1, rules.min_players):
        lobby.get_by_role("button", name="Add computer", exact=True).click()
        page.locator(".msg", has_text=f"Computer {n}").last.wait_for()
    newest_lobby(page).get_by_role("button", name="Start", exact=True).click()
    deadline = time.monotonic() + 20
    while not (new := [c["id"] for c in local.state()["channels"] if c["type"] == 0 and c["id"] not in before]):
        assert time.monotonic() < deadline, "the table never opened"
        time.sleep(0.1)
    open_channel(page, new[0])
    table = page.locator(".msg", has=page.locator("img")).first
    table.wait_for()
    if not rules.open_play:  # the hand, shown here to this player alone, follows the table
        page.get_by_role("button", name="My hand").first.click()
        page.locator(".msg.ephemeral img").first.wait_for()
    done: list[str] = []
    deadline = time.monotonic() + 60
    while len(done) < STEPS:
        assert time.monotonic() < deadline, f"only {len(done)} moves were offered in {key}: {done}"
        made = step(page)
        if made is None:
            time.sleep(0.1)
        else:
            done.append(made)
    assert not errors, errors
