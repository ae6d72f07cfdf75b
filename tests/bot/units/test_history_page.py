"""A page of /history (issue 49): each game's line says how it went in a few words, each has a
numbered button opening its replay, four rows of five, and Previous and Next turn the page, disabled
at the ends; a page press from another server, or by anyone but the member who asked, is refused."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.commands.history import (
    ANOTHER_SERVER,
    NOT_YOURS,
    HistoryCommands,
    game_line,
    history_embed,
    history_view,
    how_it_went,
    nothing_yet,
    players,
    signed,
)
from bot.play import custom_ids
from bot.play.refusals import Refusal
from bot.store.history import PAGE, Finish, Page, Played

GUILD, ALICE = 77, 4001


def played(table_id: int, **given: Any) -> Played:
    values: dict[str, Any] = {
        "table_id": table_id, "game": "fosco", "finished_at": 1_700_000_000.5, "names": ("Alice", "Bob"),
        "seat": 0, "practice": False, "private": False, "ended": False, "resigned": False,
        "finish": Finish(31, True, False, 1, 2, False), "rating_change": 12}
    values.update(given)
    return Played(**values)


def test_a_line_says_how_the_game_went() -> None:
    line = game_line(3, played(42), "dollars")
    assert line.startswith("` 3.` <t:1700000000:d> **Fosco** #42 · ")
    assert "won, 1st of 2 · 31 points · rating **+12**" in line and line.endswith("\n\u2003with Bob")
    lost = played(7, finish=Finish(-4, False, False, 3, 4, False), rating_change=-5,
                  names=("Alice", "Bob", "Computer 3", "Carol"))
    assert how_it_went(lost, "dollars") == "lost, 3rd of 4 · -4 points · rating **\u22125**"
    assert players(lost) == "with Bob, Computer 3, Carol"
    teams = played(8, finish=Finish(5, False, True, 1, 2, True), rating_change=0)
    assert how_it_went(teams, "dollars") == "drew, 1st of 2 teams · 5 points · rating **±0**"
    resigned = played(9, resigned=True, finish=Finish(0, False, False, 2, 2, False))
    assert how_it_went(resigned, "dollars").startswith("resigned, 2nd of 2")
    money = played(10, game="fscking-ace", finish=Finish(250, True, False, 1, 3, False))
    assert "+$2.50" in how_it_went(money, "dollars")
    assert signed(3) == "+3" and signed(-3) == "\u22123" and signed(0) == "±0"


def test_practice_games_and_games_ended_early_are_marked_without_a_result() -> None:
    practice = played(1, practice=True, finish=None, rating_change=None)
    assert how_it_went(practice, "dollars") == "*practice*"
    early = played(2, ended=True, finish=None, rating_change=None)
    assert how_it_went(early, "dollars") == "*ended early*"
    both = played(3, practice=True, ended=True, private=True, finish=None, rating_change=None)
    assert how_it_went(both, "dollars") == "*practice* · *ended early* · *private*"


def test_many_players_are_cut_short() -> None:
    crowd = played(1, names=("Alice", *(f"A player with a long name {n}" for n in range(7))))
    text = players(crowd)
    assert text.startswith("with A player with a long") and text.endswith(" more") and len(text) < 110


def test_no_games_says_how_to_start_one() -> None:
    assert "/play" in nothing_yet(ALICE, True, None) and "/practice" in nothing_yet(ALICE, True, None)
    assert nothing_yet(ALICE, True, None).startswith("You haven't finished a game here yet.")
    assert nothing_yet(ALICE, False, "fan-tan").startswith(f"<@{ALICE}> hasn't finished a game of Fan Tan")
    assert "`/practice fan-tan`" in nothing_yet(ALICE, False, "fan-tan")


def buttons(view: Any) -> list[Any]:
    return list(view.children)


def test_a_full_page_has_twenty_numbered_replays_and_turns_to_the_next() -> None:
    page = Page(tuple(played(100 - n) for n in range(PAGE)), 0, True)
    view = history_view(GUILD, ALICE, page, None)
    items = buttons(view)
    assert len(items) == PAGE + 2
    for n, item in enumerate(items[:PAGE]):
        assert custom_ids.parse(item.item.custom_id) == custom_ids.ReplayRef(GUILD, 100 - n, "open", 0, None)
        assert item.item.label == f"{n + 1} · #{100 - n}" and item.item.row == n // 5
    previous, following = (item.item for item in items[PAGE:])
    assert previous.row == following.row == 4 and previous.label == "◀ Previous" and following.label == "Next ▶"
    assert previous.disabled and not following.disabled
    assert custom_ids.parse(following.custom_id) == custom_ids.HistoryRef(GUILD, ALICE, 1, None)
    embed = history_embed(ALICE, page, None, "dollars")
    assert embed.description is not None and len(embed.description) <= 4096
    assert "`20.`" in embed.description and "Page 1" in str(embed.footer.text)


def test_the_last_page_goes_back_and_one_page_needs_no_turning() -> None:
    last = Page((played(5),), 1, False)
    previous, following = (item.item for item in buttons(history_view(GUILD, ALICE, last, "fan-tan"))[1:])
    assert not previous.disabled and following.disabled
    assert custom_ids.parse(previous.custom_id) == custom_ids.HistoryRef(GUILD, ALICE, 0, "fan-tan")
    assert "`21.`" in str(history_embed(ALICE, last, "fan-tan", "dollars").description)  # numbered on from page 1
    alone = history_view(GUILD, ALICE, Page((played(5), played(4)), 0, False), None)
    assert [item.item.label for item in buttons(alone)] == ["1 · #5", "2 · #4"]


def press(guild_id: int, user: int, asker: int | None) -> Any:
    meta = None if asker is None else SimpleNamespace(user=SimpleNamespace(id=asker))
    return SimpleNamespace(guild_id=guild_id, user=SimpleNamespace(id=user),
                           message=SimpleNamespace(interaction_metadata=meta))


async def test_a_page_press_from_another_server_or_another_member_is_refused() -> None:
    history = HistoryCommands(stores=None)  # type: ignore[arg-type]  # refused before the store is asked
    ref = custom_ids.HistoryRef(GUILD, ALICE, 1, None)
    with pytest.raises(Refusal, match=ANOTHER_SERVER):
        await history.turn(press(GUILD + 1, ALICE, ALICE), ref)  # type: ignore[arg-type]
    with pytest.raises(Refusal, match=NOT_YOURS):
        await history.turn(press(GUILD, ALICE + 1, ALICE), ref)  # type: ignore[arg-type]
