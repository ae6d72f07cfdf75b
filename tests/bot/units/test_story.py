"""The table channel's story (issue 43): the lines of the moves shown together go out in as few
messages as Discord's length allows, a new one only after pictures; past a few messages the
oldest lines are told in brief; each message says where a retry goes on from. And a display that
falls behind its pace says so in the log, once."""

from __future__ import annotations

import io
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.show import publisher as publishing
from bot.show.display import Display
from bot.show.results import repeats
from bot.show.story import StoryPart, StoryPost, Told, brief, story_posts


def calls(first: int, count: int, who: str = "Alice") -> list[Told]:
    return [Told(i, f"Bob calls bullshit on {who}: not all Kings. {who} picks up the pile of {i}. Turned up: KS",
                 f"{who} picks up the pile") for i in range(first, first + count)]


def picture(name: str) -> discord.File:
    return discord.File(io.BytesIO(b"png"), filename=name)


def texts(posts: list[StoryPost]) -> list[str]:
    return [post.text or "" for post in posts]


def test_the_lines_of_many_steps_share_one_message() -> None:
    parts = [StoryPart(i + 1, [line]) for i, line in enumerate(calls(0, 12))]
    posts = story_posts(parts)
    assert len(posts) == 1 and texts(posts)[0].count("calls bullshit") == 12
    assert posts[0].resume == 12 and not posts[0].pictures


def test_a_new_message_only_after_pictures_which_follow_their_own_lines() -> None:
    account = picture("round-end-1.png")
    parts = [StoryPart(3, calls(0, 3)), StoryPart(5, calls(3, 2), [account]), StoryPart(9, calls(5, 4))]
    posts = story_posts(parts)
    assert [len(p.text.splitlines()) for p in posts if p.text] == [5, 4]
    assert posts[0].pictures == [account] and not posts[1].pictures
    assert [p.resume for p in posts] == [5, 9]  # a retry after the second failed goes on from the log's 5th line


def test_a_long_story_is_cut_at_discords_length_and_a_retry_goes_on_from_the_next_line() -> None:
    lines = calls(0, 60)
    posts = story_posts([StoryPart(60, lines)], most=100)
    assert all(len(p.text or "") <= 2000 for p in posts) and len(posts) > 1
    told = [line for p in posts for line in (p.text or "").splitlines()]
    assert told == [line.text for line in lines], "every line once, in order"
    first_of_next = len((posts[0].text or "").splitlines())
    assert posts[0].resume == lines[first_of_next].index


def test_past_three_messages_the_oldest_lines_are_told_in_brief() -> None:
    lines = calls(0, 70, "Alice") + calls(70, 30, "Computer 1")
    parts = [StoryPart(line.index + 1, [line]) for line in lines]
    posts = story_posts(parts, mention="<@1>: your turn.")
    assert len(posts) <= 3
    said = "\n".join(texts(posts))
    summary = next(line for line in said.splitlines() if "in brief" in line)
    kept = said.count("calls bullshit on")
    briefed = 100 - kept
    assert 30 < briefed < 70
    assert summary == f"\u23e9 {briefed} moves in brief: Alice picks up the pile {briefed} times."
    assert said.splitlines()[0] == summary, "the brief line comes first, the newest lines in full after it"
    assert said.endswith("Computer 1 picks up the pile of 99. Turned up: KS\n<@1>: your turn.")
    assert posts[-1].resume == 100


def test_pictures_are_never_dropped_when_lines_are_told_in_brief() -> None:
    accounts = [picture(f"round-end-{n}.png") for n in range(3)]
    parts = [StoryPart(40 * (n + 1), calls(40 * n, 40), [accounts[n]]) for n in range(3)]
    posts = story_posts(parts)
    assert [f for p in posts for f in p.pictures] == accounts
    assert len(posts) == 3 and "in brief" in texts(posts)[0]


def test_brief_counts_each_gist_and_the_other_lines() -> None:
    lines = [*calls(0, 2, "Alice"), Told(2, "Alice is out of cards, place 1"), *calls(3, 1, "Bob")]
    assert brief(lines) == ("\u23e9 4 moves in brief: Alice picks up the pile twice, Bob picks up the pile once, "
                            "1 other move.")


def test_a_display_behind_its_pace_warns_once_until_it_catches_up(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    host: Any = SimpleNamespace(workers=SimpleNamespace(drawing_behind=False), stores=None)
    shower = publishing.Publisher(host)
    live: Any = SimpleNamespace(guild_id=7, table_id=3)
    display = Display()
    now = [1000.0]
    monkeypatch.setattr(publishing.time, "monotonic", lambda: now[0])
    display.oldest = 1000.0
    display.moves = [(None, None)] * 4  # type: ignore[list-item]
    with caplog.at_level(logging.WARNING, "parlour.publish"):
        now[0] = 1000.0 + publishing.SPECTATED_EVERY + publishing.LATE_MARGIN - 1
        assert shower.behind(live, display) < publishing.SPECTATED_EVERY + publishing.LATE_MARGIN
        assert not caplog.records
        now[0] = 1030.0
        assert shower.behind(live, display) == 30.0
        now[0] = 1040.0
        shower.behind(live, display)
        assert [r.getMessage() for r in caplog.records] == [
            "table 3 of guild 7 is 30 s behind its game (4 moves not yet shown)"]
        assert caplog.records[0].table_id == 3  # type: ignore[attr-defined]
        display.oldest, display.moves = None, []  # caught up
        assert shower.behind(live, display) == 0.0
        display.oldest = 1040.0
        now[0] = 1100.0
        shower.behind(live, display)
        assert len(caplog.records) == 2, "a new fall behind is told again"


def test_a_result_that_only_repeats_the_headline_is_said_once() -> None:
    assert repeats("**Alice wins** 47 to 14", "Alice wins, 47 to 14")
    assert not repeats("**Alice wins** 47 to 14", "Alice wins, 47 to 14, after three deals")
    assert not repeats("**Computer 1 wins** 326 to 300", "Final: Computer 1 326, Alice 300.")
