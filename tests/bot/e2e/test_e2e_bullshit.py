"""Bullshit end to end through the stand-in (issue 13): cards chosen in selects and played with
one button; the live window in the channel and in DMs, with its Bullshit! button and closing
time; calls that catch a lie and calls that do not; two calls at once counting once; a click
after the close answered "too late"; a window closed by the clock, also across a restart; a
last play that wins; alice against computers to the end."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from games.bullshit import CALL, BullshitState
from games.core import cards, decks
from localcord import LocalDiscord

from ..parlour_harness import (
    channel_named,
    fix_seed,
    live_table,
    newest_with,
    open_table,
    pick_cards,
    running,
    table_text,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e

CHANNEL = "bullshit-1"
SEED = 11


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)


def game(live: Any) -> BullshitState:
    assert isinstance(live.state, BullshitState)
    return live.state


def clock_message(guild: Any, since: int) -> Any:
    """The channel's message offering the window opened at version ``since``: the table message,
    which carries the window's buttons while it is open (a window costs no message of its own)."""
    table = channel_named(guild, CHANNEL)
    assert table is not None
    return newest_with(table.messages, "pl:w:", since)


async def window_open(standin: LocalDiscord, guild: Any, live: Any) -> Any:
    state = game(live)
    assert state.clock is not None
    return await standin.wait_for(lambda: clock_message(guild, state.clock.since), 10, "the window's message")


async def play(standin: LocalDiscord, live: Any, user: Any, chosen: list[str]) -> None:
    """``user`` ticks ``chosen`` in the selects of their newest hand DM and plays them as the rank
    asked, with one button that names them."""
    pick = game(live).pick(live.seat_of(user.id))
    assert pick is not None and pick.label.startswith("Play these as")
    await pick_cards(standin, live, user, chosen)


async def choose(standin: LocalDiscord, live: Any, message: Any, user: Any, label: str, *, wait: bool = True) -> Any:
    version = live.version
    record = await standin.click(user, message, label=label)
    if wait:
        await wait_past(standin, live, version, f"{user.name}: {label}")
    return record


def declared(state: BullshitState) -> str:
    return str(state.view(None)["rank"])


def honest(state: BullshitState, seat: int) -> list[str]:
    mine = [c for c in state.hands[seat] if cards.rank_of(c) == declared(state)]
    return mine[:4]


def lie(state: BullshitState, seat: int) -> list[str]:
    return [next(c for c in state.hands[seat] if cards.rank_of(c) != declared(state))]


async def test_calls_a_double_call_a_late_click_the_clock_a_restart_and_a_last_play_that_wins(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby_channel = world(standin)
    carol = standin.add_user("carol")
    guild.add_member(carol)
    people = {0: alice, 1: bob, 2: carol}
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "bullshit", {"call_seconds": 4}, joiners=(bob, carol))
        live = await live_table(standin, bot)
        state = game(live)
        (first,) = state.to_move
        assert "AS" in state.hands[first]

        # A lie, called from the channel by the next player but one: the liar takes the pile.
        liar, caller = first, (first + 2) % 3
        await play(standin, live, people[liar], lie(game(live), liar))
        message = await window_open(standin, guild, live)
        assert "<t:" in message.content and ":R>" in message.content  # when it closes, in each reader's time
        assert window_buttons(message) == {"Bullshit!", "No call"}
        dm = await standin.wait_for(lambda: next((m for m in reversed(standin.dm_messages(people[caller])) if any(
            (c.label or "") == "Bullshit!" for c in m.components)), None), 5, "the window by DM")  # offered there too
        assert "<t:" in dm.content
        pile = len(game(live).pile)
        await choose(standin, live, message, people[caller], "Bullshit!")
        after = game(live)
        assert after.reveal is not None and after.reveal["lie"] and len(after.hands[liar]) >= pile
        await bot.publisher.settled(live, timeout=10)
        said = table_text(guild, CHANNEL)
        assert "Turned up:" in said and "calls bullshit" in said
        assert not window_buttons(message) and "<t:" not in message.content  # the window, closed on the table

        # A truthful play, called: the caller takes the pile.
        player = game(live).turn
        while not honest(game(live), player):  # until someone to play holds the rank asked
            await play(standin, live, people[player], lie(game(live), player))
            message = await window_open(standin, guild, live)
            for seat in sorted(game(live).to_move):
                await choose(standin, live, message, people[seat], "No call")
            player = game(live).turn
        await play(standin, live, people[player], honest(game(live), player))
        message = await window_open(standin, guild, live)
        caller = (player + 1) % 3
        await choose(standin, live, message, people[caller], "Bullshit!")
        assert not game(live).reveal["lie"] and game(live).reveal["taker"] == caller  # type: ignore[index]

        # Two calls at once: the first counts and closes the window; the second, after the close, is
        # told it was too late and changes nothing.
        player = game(live).turn
        await play(standin, live, people[player], lie(game(live), player))
        message = await window_open(standin, guild, live)
        others = [s for s in range(3) if s != player]
        version = live.version
        records = await asyncio.gather(*(standin.click(people[s], message, label="Bullshit!") for s in others))
        await wait_past(standin, live, version, "a call")
        await bot.publisher.settled(live, timeout=10)
        calls = [t for _, t in game(live).history[version:] if t == "call"]
        assert calls == ["call"]
        await standin.wait_for(lambda: any(told(r) for r in records), 5, "the second caller's answer")
        assert sorted("Too late" in (told(r) or "") for r in records) == [False, True]

        # Nobody calls: the window closes by itself when its time is up.
        player = game(live).turn
        await play(standin, live, people[player], lie(game(live), player))
        since = game(live).clock.since  # type: ignore[union-attr]
        await standin.wait_for(lambda: game(live).window is None or game(live).window.seat != player, 10,
                               "the clock")
        store = await bot.stores.guild(guild.id)
        log = await store.actions(1, after_version=since - 1)
        opened, closes = log[0], [a for a in log[1:] if a.source == "clock"]
        assert [a.token for a in closes] == ["pass", "pass"] and closes[0].at - opened.at >= 4 - 0.05
        await standin.wait_for(lambda: clock_message(guild, since) is None, 10, "the window's buttons gone")

        # A play, and the bot stops inside its window.
        player = game(live).turn
        await play(standin, live, people[player], lie(game(live), player))
        opened_at = time.time()
        before = live.state
    async with running(standin, tmp_path) as bot:
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before and game(live).window is not None  # not closed at once
        await standin.wait_for(lambda: game(live).window is None, 10, "the window's remaining time")
        store = await bot.stores.guild(guild.id)
        log = await store.actions(1, after_version=len(before.history) - 1)
        closed_at = max(a.at for a in log if a.source == "clock")
        assert log[0].at + 4 - 0.05 <= closed_at < opened_at + 4 + 1.5  # the time left, not a new window

        # alice plays four cards a turn, the others one, nobody calls: her last play stands and wins.
        while not live.state.is_over:
            state = game(live)
            if state.window is not None and state.window.last_cards:
                assert state.window.seat == 0 and state.pick((state.window.seat + 1) % 3) is None
                message = await window_open(standin, guild, live)
                for seat in sorted(state.to_move):
                    await choose(standin, live, message, people[seat], "No call")
                continue
            if state.window is not None:
                message = await window_open(standin, guild, live)
                for seat in sorted(s for s in state.to_move if s != state.next_after(state.window.seat)):
                    await choose(standin, live, message, people[seat], "No call")
            seat = game(live).turn if game(live).window is None else game(live).next_after(game(live).window.seat)
            hand = game(live).hands[seat]
            await play(standin, live, people[seat], list(hand[:4] if seat == 0 else hand[:1]))
        outcome = live.state.outcome
        assert outcome is not None and outcome.winners == {0}
        await bot.publisher.settled(live, timeout=10)
        assert "wins" in table_text(guild, CHANNEL)


async def moved_on(standin: LocalDiscord, live: Any, what: str) -> None:
    version = live.version
    await standin.wait_for(lambda: live.version > version, 10, what)


def told(record: Any) -> str | None:
    """What the bot told the clicker alone, if anything yet."""
    for message in [record.message, *record.followups]:
        if message is not None and message.ephemeral and message.content:
            return str(message.content)
    return None


async def answer(standin: LocalDiscord, record: Any) -> str:
    return await standin.wait_for(lambda: told(record), 5, "the answer to the click")


def window_buttons(message: Any) -> set[str]:
    """The labels of the window's buttons on ``message``."""
    return {str(c.label) for c in message.components if (c.custom_id or "").startswith("pl:w:")}


async def test_alice_against_two_computers_to_the_end(standin: LocalDiscord, tmp_path: Path) -> None:
    """She plays what she holds of the rank asked (one card when she holds none) and calls any
    claim of three or more; the computers call and bluff as they see fit."""
    guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "bullshit", {"call_seconds": 5}, computers=2)
        live = await live_table(standin, bot)
        for _ in range(600):
            state = game(live)
            if state.is_over:
                break
            if 0 not in state.to_move:
                await moved_on(standin, live, "the computers")
                continue
            if state.window is not None and state.window.seat != 0:
                message = await window_open(standin, guild, live)
                word = "Bullshit!" if state.window.last_cards or len(state.window.cards) >= 3 else "No call"
                await choose(standin, live, message, alice, word)
                continue
            if state.pick(0) is not None:
                await play(standin, live, alice, honest(state, 0) or [state.hands[0][0]])
                continue
            await moved_on(standin, live, "the computers' answers")  # her own play's window
        outcome = live.state.outcome
        assert outcome is not None and len(outcome.winners) == 1
        await bot.publisher.settled(live, timeout=10)
        said = table_text(guild, CHANNEL)
        assert "wins" in said and "is over" in said
        sources = {a.source for a in await (await bot.stores.guild(guild.id)).actions(1)}
        assert {"click", "computer"} <= sources
        assert any(token == CALL.token for seat, token in live.state.history if seat != 0), "the computers call too"
        assert len(standin.dm_messages(alice)) == 1, "one hand message for the whole game, kept current"
        # The channel names cards only where a call turned them up.
        for line in said.splitlines():
            if any(cards.short(c) in line for c in decks.standard()):
                assert "Turned up:" in line, line


async def test_rules_and_play_know_bullshit_by_either_name(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path):
        rules = await standin.slash(alice, lobby_channel, "rules", options={"game": "bullshit"})
        text = str(rules.embeds)
        assert rules.ephemeral and "Table ruling" in text and "Cheat" in text
        play = next(c for c in standin.commands if c["name"] == "play")
        for name in ("bullshit", "cheat"):  # either name opens the same game
            entry = next(g for g in play["options"] if g["name"] == name)
            options = {o["name"]: o for o in entry["options"]}
            assert (options["call_seconds"]["min_value"], options["call_seconds"]["max_value"]) == (3, 60)
        cheat = next(g for g in play["options"] if g["name"] == "cheat")
        assert cheat["description"].startswith("Bullshit (Cheat): ")
        lobby = await standin.slash(alice, lobby_channel, "play", "cheat", options={"places": True})
        assert lobby.message is not None and "Bullshit (Cheat)" in str(lobby.message.embeds)
