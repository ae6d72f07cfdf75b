"""Reading Parlour Local on a phone (issue 44 point 8): /rules' picture has its alt text, and an answer
meant for the reader is scrolled to, as Discord does, when they had scrolled up to read."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Local, shoot
from .test_first_games import PHONE
from .test_local_page import open_general

AT_END = """() => { const m = document.querySelector('#messages');
  return m.scrollHeight - m.scrollTop - m.clientHeight < 40; }"""


@pytest.fixture(scope="module")
def local(module_local: Local) -> Local:
    return module_local


def ask_rules(page: Any, game: str) -> None:
    composer = page.locator("#composer")
    composer.click()
    composer.fill("/rules")
    page.locator('.slash-item[data-name="rules"]').click()
    page.locator('[data-option="game"]').select_option(game)
    page.locator("#run-command").click()


def test_rules_picture_has_alt_text_and_an_answer_is_scrolled_to(local: Local, context_of: Any) -> None:
    page = context_of(**PHONE).new_page()
    errors, _ = open_general(page, local)
    ask_rules(page, "busca")
    picture = page.locator(".msg .embed-image img").last
    picture.wait_for()
    alt = picture.get_attribute("alt") or ""
    assert alt.startswith("An example of Busca. Your hand: "), alt  # the picture in words, not an empty alt

    # The reader scrolls up to read the rules; their next answer comes into view, not under a pill.
    page.evaluate("""() => { const list = document.querySelector('#messages');
        list.dispatchEvent(new WheelEvent('wheel', { deltaY: -1000 }));  // the reader's own scrolling
        list.scrollTop = 0; }""")
    page.wait_for_function("() => document.querySelector('#messages').scrollTop === 0")
    assert not page.evaluate(AT_END)  # the list is longer than the phone's screen
    ask_rules(page, "fan-tan")
    page.locator(".msg .embed-image img").nth(1).wait_for()
    page.wait_for_function(AT_END)  # scrolled to the answer's end, where the reader's new answer is
    assert page.locator("#jump").is_hidden()
    shoot(page, "rules-answer-phone.png")
    assert not errors, errors
