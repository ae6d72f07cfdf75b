"""A newcomer looks back at their first game in Parlour Local (issue 49): a practice game of Dracula
played to its end, then /history lists it (its title and the practice mark), its button opens the
replay viewer for them alone, and they step through it: ▶ a few moves (the text's "Move N of M"
advancing, the picture redrawn in place), ⏭ to the result (🏁), ◀ back one, the jump select to a
round's start, and the hand select; on a desktop and on a phone. The gallery keeps the list
(``history.png``), the viewer at the result on a desktop (``replay-viewer.png``) and a few moves in
on a phone (``replay-viewer-phone.png``), looked at by eye."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from bot.show.replays.viewer import BACK, FIRST, LAST, NEXT

from .conftest import Local, shoot
from .test_local_page import is_over, move_if_offered, open_channel, run_slash, table_channel

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# Each test is a newcomer of their own, so the two share one Parlour Local and each list holds one game.
SCREENS = {"desktop": ("Alex", DESKTOP), "phone": ("Blair", PHONE)}
VIEWER = '.msg.ephemeral:has-text("⏪")'  # the viewer's first line: "⏪ **Dracula** table #1"
WAIT = 15_000  # ms: a press answered, its picture drawn by a busy worker (xdist beside another suite)


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Local]:
    program = Local(Path(tmp_path_factory.mktemp("history-replay")), ai_delay=0.05)
    program.start()
    yield program
    program.stop()


def open_as(page: Any, local: Local, member: str) -> tuple[list[str], set[str]]:
    """Opens the page as ``member`` at #general; returns the page's script errors and the channels
    there are before the test opens a table."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{local.url}/?as={local.member(member)}")
    general = local.channel("general")
    assert general is not None
    open_channel(page, general)
    return errors, {c["id"] for c in local.state()["channels"]}


def play_practice_to_the_end(page: Any, local: Local, before: set[str]) -> str:
    """/practice dracula (two deals: a round to jump to), every move the first one offered, from the
    hand the table's My hand shows; returns the table's channel."""
    run_slash(page, "practice", "dracula", {"deals": "2"})
    table = table_channel(local, before)
    open_channel(page, table)
    page.get_by_role("button", name="My hand").first.click()
    page.locator(".msg.ephemeral img").first.wait_for()
    moves, deadline = 0, time.monotonic() + 60
    while not is_over(local, table):
        assert time.monotonic() < deadline, f"the practice game did not end ({moves} moves made)"
        if move_if_offered(page):
            moves += 1
        else:
            time.sleep(0.05)
    assert moves >= 3, moves
    return table


def run_command(page: Any, command: str) -> None:
    """Types /command (one with no subcommands), picks it in the slash box and runs it."""
    composer = page.locator("#composer")
    composer.click()
    composer.fill(f"/{command}")
    page.locator(f'.slash-item[data-name="{command}"]').click()
    page.locator("#run-command").click()


def picture_shown(page: Any, viewer: Any, table: int, moment: int) -> str:
    """Waits for the viewer's picture of ``moment`` to be loaded; returns its address."""
    img = viewer.locator(f'.attachments img[src*="replay-{table}-{moment}.png"]')
    img.wait_for(timeout=WAIT)
    page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=img.element_handle(), timeout=WAIT)
    return str(img.get_attribute("src"))


def press(viewer: Any, label: str) -> None:
    viewer.get_by_role("button", name=label, exact=True).click(timeout=WAIT)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_newcomer_finds_their_first_game_under_history_and_steps_through_it(screen: str, local: Local,
                                                                              context_of: Any) -> None:
    member, options = SCREENS[screen]
    phone = screen == "phone"
    page = context_of(**options).new_page()
    errors, before = open_as(page, local, member)
    play_practice_to_the_end(page, local, before)

    # /history in #general lists the game: its title, its table and the practice mark, and its button.
    general = local.channel("general")
    assert general is not None
    open_channel(page, general)
    run_command(page, "history")
    listed = page.locator(".msg.ephemeral", has_text="Game history").last
    listed.wait_for(timeout=WAIT)
    text = listed.inner_text()
    found = re.search(r"Dracula #(\d+) · practice", text)
    assert found, text
    table = int(found.group(1))
    assert "with Easy computer 1" in text, text
    assert listed.locator("em", has_text="practice").count() == 1  # the mark is set apart, in italics
    buttons = listed.locator("button[data-custom-id]")
    assert buttons.all_inner_texts() == [f"1 · #{table}"]  # one game: no page to turn
    if not phone:
        shoot(page, "history.png")

    # Its button opens the viewer at the deal, for this member alone.
    buttons.first.click()
    viewer = page.locator(VIEWER).last
    expect(viewer).to_contain_text(re.compile(r"The deal · move 0 of \d+ · round 1 of 2"), timeout=WAIT)
    last = int(re.search(r"move 0 of (\d+)", viewer.inner_text()).group(1))  # type: ignore[union-attr]
    assert last >= 10, last
    viewer_id = viewer.get_attribute("data-id")
    viewer = page.locator(f'.msg[data-id="{viewer_id}"]')  # the same message, edited in place from here on
    others = [m["content"] for m in local.messages(general, local.member("Casey"))]
    assert not any("⏪ **Dracula**" in said for said in others), "the viewer is shown to another member"
    mine = [m["content"] for m in local.messages(general, local.member(member))]
    assert any("⏪ **Dracula**" in said for said in mine), "the viewer is not in the member's channel"
    seen = {picture_shown(page, viewer, table, 0)}
    expect(viewer).not_to_contain_text("The picture shows")  # nothing dealt yet: no "(no cards)" for each
    for name in (FIRST, BACK):
        expect(viewer.get_by_role("button", name=name, exact=True)).to_be_disabled()
    drawn = viewer.locator(".attachments img").screenshot()

    # ▶ steps a move at a time: the text says which, and the picture is redrawn each time.
    for moment in range(1, 4):
        press(viewer, NEXT)
        expect(viewer).to_contain_text(f"Move {moment} of {last}", timeout=WAIT)
        seen.add(picture_shown(page, viewer, table, moment))
        if moment == 1:  # a new picture, and not only by name: the cards dealt are drawn
            assert viewer.locator(".attachments img").screenshot() != drawn
    assert len(seen) == 4, seen
    if phone:
        shoot(page, "replay-viewer-phone.png")
        # ▶ just tapped looks as its neighbours (a phone keeps no hover), not darker as if disabled.
        looks = viewer.locator(".comp-row").first.locator("button").evaluate_all(
            "bs => bs.map(b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).opacity])")
        assert len(looks) == 4 and len({tuple(look) for look in looks}) == 1, looks
    assert page.locator(VIEWER).count() == 1, "each press is shown in the viewer, not in a new message"
    expect(viewer.get_by_role("button", name=BACK, exact=True)).to_be_enabled()

    # ⏭ shows the end: the result line, and nothing further to step to.
    press(viewer, LAST)
    expect(viewer).to_contain_text(f"Move {last} of {last}", timeout=WAIT)
    expect(viewer).to_contain_text("🏁")
    expect(viewer).to_contain_text("wins")
    expect(viewer).not_to_contain_text("The picture shows")  # every card played: no "(no cards)" for each
    picture_shown(page, viewer, table, last)
    for name in (NEXT, LAST):
        expect(viewer.get_by_role("button", name=name, exact=True)).to_be_disabled()
    if not phone:
        shoot(page, "replay-viewer.png")

    # ◀ goes back one: the game is not over there yet.
    press(viewer, BACK)
    expect(viewer).to_contain_text(f"Move {last - 1} of {last}", timeout=WAIT)
    expect(viewer).not_to_contain_text("🏁")
    picture_shown(page, viewer, table, last - 1)

    # The jump select goes to the second deal's start, then back to the deal.
    jump = viewer.locator('select[data-custom-id*=":jump:"]')
    labels = jump.locator("option").all_inner_texts()
    second = next(label for label in labels if "round 2 starts" in label.lower())
    start = int(second.rsplit("move ", 1)[1])
    jump.select_option(label=second)
    expect(viewer).to_contain_text(f"Move {start} of {last}", timeout=WAIT)
    expect(viewer).to_contain_text("Deal 2 of 2")
    picture_shown(page, viewer, table, start)
    expect(jump).to_have_value(str(start))  # the menu, redrawn, names where the viewer is
    jump.select_option(value="0")
    expect(viewer).to_contain_text(f"The deal · move 0 of {last}", timeout=WAIT)
    picture_shown(page, viewer, table, 0)

    # The hand select draws the newcomer's own hand once the cards are dealt.
    press(viewer, NEXT)
    expect(viewer).to_contain_text(f"Move 1 of {last}", timeout=WAIT)
    hand = viewer.locator('select[data-custom-id*=":seat:"]')
    hand.select_option(label=f"Draw {member}'s hand")
    expect(viewer).to_contain_text(f"(The picture shows {member}'s hand.)", timeout=WAIT)
    expect(hand.locator("option:checked")).to_have_text(f"Draw {member}'s hand")
    picture_shown(page, viewer, table, 1)

    if phone:  # the viewer fits the phone: the picture across it, every control on screen
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        box = viewer.locator(".attachments .media").bounding_box()
        assert box and 300 <= box["width"] <= 390, box
        for control in viewer.locator(".components button, .components select").all():
            shown = control.bounding_box()
            assert shown and shown["x"] >= 0 and shown["x"] + shown["width"] <= 390, (control.inner_text(), shown)
    else:  # within Discord's 550 x 350 on a desktop
        box = viewer.locator(".attachments .media").bounding_box()
        assert box and box["width"] <= 550.5 and box["height"] <= 350.5, box
    assert not errors, errors
