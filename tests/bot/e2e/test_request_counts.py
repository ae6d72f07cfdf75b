"""What each game costs in Discord requests (issue 26), counted by the stand-in over a whole game of
each of the 11 games: one member against computers, and two members (with computers in any other
seat the game needs). The figures are ``tests.bot.counting.Figures``; ``python -m bench.requests``
prints them.

* Against computers, at most one request bound by Discord's global limit per move: the table
  message's edit, the computers' answers merged into it, the notable lines said on it and posted
  together at a round's end.
* A click costs at most three requests: its answer (the clicked copy of the hand redrawn in it),
  the edits made with its token, and its move's global requests.
* Two members: each follows the game in their own copy (the table above their hand), kept current
  through a click's token, so the table message waits for the onlookers' pace and a click costs its
  answer, the edit of the other member's copy and at most the table's edit: the same goals, one
  global request a move and three requests a click.
* Each member gets one direct message for the whole game (none where everything is on the table),
  and every image carries alt text.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play import timers
from bot.show import hand_copies
from games import registry
from games.tarot.base import search as base_search
from games.tarot.manchester import search as manchester_search
from localcord import LocalDiscord
from tests.sampling import FULL

from ..counting import Figures, whole_game
from ..parlour_harness import running

# Each game is counted one way on every run: two members in a sample of one game of each kind (cards
# in hands, a pick, a clock, a dummy, partners who talk, play on the table), one member against the
# computers in the others and in Fscking Ace; PARLOUR_FULL_SWEEP=1 counts every game both ways, and
# `python -m bench.requests [--humans 2]` prints every game's figures.
TWO_MEMBER_GAMES = registry.keys() if FULL else (
    "fosco", "bullshit", "manchester-piccadilly", "conference", "fscking-ace")
ONE_MEMBER_GAMES = registry.keys() if FULL else tuple(
    k for k in registry.keys() if k not in TWO_MEMBER_GAMES or k == "fscking-ace")  # noqa: SIM118
PACE = 0.01  # the members' pace (the channel write limit is scaled alike); the computers answer at once
TWO_MEMBERS_GLOBAL, TWO_MEMBERS_CLICK = 1.0, 3.0


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    # Not checked against Discord's OpenAPI description here: the end-to-end tests check every kind of
    # request the bot makes, and checking each of these games' thousands again would only cost time.
    async with LocalDiscord() as server:
        yield server
    server.assert_clean()


async def play(standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str,
               humans: int) -> Figures:
    monkeypatch.setattr(timers, "MINUTE", 12.0)  # Fscking Ace's pause between rounds: 4 s
    # A turn that begins after two minutes without news comes as a new message, which notifies: on a
    # loaded machine a game played at this pace can take that long (125 s seen), and one message a
    # game is what is counted here, not how slow the machine was.
    monkeypatch.setattr(hand_copies, "NOTICE_AFTER", 3600.0)
    # What a move costs does not depend on how well the computers play: the tarot players think a
    # tenth as long (in this process: no worker processes), so the longest games take seconds.
    for module, name in ((base_search, "BUDGET"), (base_search, "DISCARD_BUDGET"), (manchester_search, "BUDGET")):
        monkeypatch.setattr(module, name, getattr(module, name) // 10)
    async with running(standin, tmp_path, ai_delay=0.0, workers=0) as bot:
        return await whole_game(standin, bot, key, humans, PACE)


def check_common(f: Figures, per_click: float) -> None:
    assert f.cost_per_click <= per_click, f
    assert f.undescribed == 0, f"{f.undescribed} images without alt text"
    expected = 0 if registry.get(f.game).open_play else 1
    assert f.dms == [expected] * f.humans, f"direct messages per member: {f.dms}"


@pytest.mark.parametrize("key", ONE_MEMBER_GAMES)
async def test_against_computers_a_move_costs_at_most_one_global_request(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    f = await play(standin, tmp_path, monkeypatch, key, 1)
    assert f.moves > 10 and f.clicks > 3, f
    assert f.global_per_move <= 1.0, f
    check_common(f, 3.0)


@pytest.mark.parametrize("key", TWO_MEMBER_GAMES)
async def test_two_members_a_move_costs_one_edit_and_a_click_three_requests(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    f = await play(standin, tmp_path, monkeypatch, key, 2)
    assert f.moves > 10 and f.clicks > 6, f
    assert f.global_per_move <= TWO_MEMBERS_GLOBAL, f
    check_common(f, TWO_MEMBERS_CLICK)
