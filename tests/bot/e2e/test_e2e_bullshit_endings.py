"""Bullshit against two computers to each way a game can end (issue 43): a call on a player's last
cards, a last play every other player lets stand, one whose window times out, a resignation, and
``/table end``. Discord's real write limit holds in each channel (5 messages in 5 s) and the
computers answer at once and call often, so the table channel's story is long; still the result
reaches the channel where ``/play`` was used, and every copy of the member's hand shows the end
without controls, within seconds of the last move. The story follows, every call told once, one by
one or in brief, never in a message of its own each. (Under ruling S-3 a next play cannot close a
window on a player's last cards: only the answers or the clock do.)

The computers play a fixed policy, the same whatever order they answer in (only one of them ever
calls), and the member plays by the same policy as the test decides; each scenario's seed is found
by playing that policy through the rules alone, so the game ends the scenario's way."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.play import custom_ids
from bot.runtime import limits
from bot.show.story import STORY_MOST
from games import registry
from games.bullshit import CALL, PASS, BullshitState, Play
from games.core import cards
from games.core.actions import Action
from localcord import LocalDiscord

from ..parlour_harness import (
    channel_named,
    fix_seed,
    hand_copies,
    live_table,
    newest_with,
    open_table,
    pick_cards,
    running,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]

RULES = registry.get("bullshit")
OPTIONS = {"call_seconds": 6}  # (time enough for her answer on a loaded machine; the clock scenario waits it out once)
WITHIN = 10.0  # seconds after the last move by which the result and the copies' end must show


def caller(state: BullshitState) -> int:
    """The one computer that calls in the open window: the first seat after the player's."""
    assert state.window is not None
    return next(s for s in (state.next_after(state.window.seat), state.next_after(state.next_after(
        state.window.seat))) if s != 0)


def play_for(state: BullshitState, seat: int) -> Action:
    """Every card of the rank asked (up to four), or one card as a bluff."""
    asked = str(state.view(None)["rank"])
    pick = state.pick(seat)
    assert pick is not None
    mine = [c for c in state.hands[seat] if cards.rank_of(c) == asked][:4]
    return RULES.parse_action(pick.token(mine or [state.hands[seat][0]]))


def computer(state: BullshitState, seat: int, last_call: bool) -> Action:
    """Calls every other play (and a player's last cards if ``last_call``), only as the window's
    caller; otherwise plays when it may, or lets the play stand."""
    window = state.window
    if window is not None and seat != window.seat and CALL in state.legal_actions(seat):
        if seat == caller(state) and ((window.last_cards and last_call)
                                      or (not window.last_cards and (window.opened * 31 + window.seat) % 5 < 2)):
            return CALL
        if not state.can_play(seat):
            return PASS
    return play_for(state, seat)


def member(state: BullshitState, way: str) -> Action | None:
    """The member's move once no computer is to move: their last-card window answered the
    scenario's way (None: left to the clock), a play, or No call. Where a computer is to go out
    (a play let stand or timed out), she plays one card at a time."""
    window = state.window
    if window is not None and not state.can_play(0):
        if window.last_cards:
            return {"call": CALL, "stand": PASS}.get(way)
        return PASS
    if way in ("stand", "clock"):
        pick = state.pick(0)
        assert pick is not None
        return RULES.parse_action(pick.token([state.hands[0][0]]))
    return play_for(state, 0)


def ended_the_way(state: BullshitState, way: str, clock: Callable[[int], bool]) -> bool:
    seat, token = state.history[-1]
    return {"call": token == CALL.token, "stand": seat == 0 and token == PASS.token and not clock(len(state.history)),
            "clock": seat == 0 and token == PASS.token and clock(len(state.history))}[way]


def simulated(seed: int, way: str) -> tuple[BullshitState, set[int]]:
    """The game the policies make of ``seed``, and the versions the clock made."""
    state = RULES.new_game(players=3, seed=seed, options=OPTIONS)
    by_clock: set[int] = set()
    while not state.is_over and len(state.history) < 400:
        computers = sorted(s for s in state.to_move if s != 0)
        if computers:
            state = state.apply(computers[0], computer(state, computers[0], way == "call"))
            continue
        move = member(state, way)
        state = state.apply(0, move or PASS)
        if move is None:
            by_clock.add(len(state.history))
    assert isinstance(state, BullshitState)
    return state, by_clock


def seed_for(way: str) -> int:
    """A seed whose game ends ``way`` (resign and end: any long one), with many calls to tell."""
    for seed in range(1, 400):
        state, by_clock = simulated(seed, "call" if way in ("resign", "end") else way)
        calls = sum(token == CALL.token for _, token in state.history)
        if not state.is_over or calls < 12 or len(state.history) > 260:
            continue
        if way in ("resign", "end") or ended_the_way(state, way, by_clock.__contains__):
            return seed
    raise AssertionError(f"no seed ends a game {way}")


def enabled_moves(message: Any) -> list[Any]:
    return [c for c in message.components if (c.custom_id or "").startswith(("pl:a:", "pl:s:", "pl:c:", "pl:w:"))
            and not c.disabled]


@pytest.mark.parametrize("way", ["call", "stand", "clock", "resign", "end"])
async def test_the_end_shows_within_seconds_of_the_last_move(
        standin: LocalDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str) -> None:
    seed = seed_for(way)
    fix_seed(monkeypatch, seed)
    last_call = way != "stand" and way != "clock"
    monkeypatch.setattr(registry, "computer_move", lambda state, seat, level="normal": computer(state, seat, last_call))
    guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path, write_window=limits.WINDOW, workers=0) as bot:
        await open_table(standin, alice, lobby_channel, "bullshit", OPTIONS, computers=2)
        live = await live_table(standin, bot)
        table = channel_named(guild, "bullshit-1")
        assert table is not None
        stale: tuple[Any, str] | None = None  # a move control of the member's, pressed after the end
        for _ in range(400):
            state = live.state
            assert isinstance(state, BullshitState)
            if state.is_over or (way in ("resign", "end") and sum(t == CALL.token for _, t in state.history) >= 12):
                break
            if any(s != 0 for s in state.to_move) or 0 not in state.to_move:
                await wait_past(standin, live, live.version, "the computers")
                continue
            move = member(state, way)
            version = live.version
            if move is None:  # the clock answers for her
                await wait_past(standin, live, version, "the window's clock")
            elif isinstance(move, Play):
                await pick_cards(standin, live, alice, list(move.cards))
            else:
                word = "Bullshit!" if move == CALL else "No call"
                assert state.clock is not None
                message = await standin.wait_for(window_offering(standin, alice, state.clock.since), 10, "the window")
                await standin.click(alice, message, label=word)
                await wait_past(standin, live, version, word)
            if stale is None:
                copies = [(m, c) for m in hand_copies(standin, alice) for c in enabled_moves(m) if c.type == 2]
                # (the message as it was then: the click reaches the bot as Discord sends one made on
                # a control an instant before the bot took it away)
                stale = (replace(copies[-1][0], components_raw=list(copies[-1][0].components_raw)),
                         copies[-1][1].custom_id) if copies else None
        if way == "resign":
            await standin.slash(alice, table, "table", "resign")
        elif way == "end":
            await standin.slash(alice, table, "table", "end")
        else:
            assert live.state.is_over
        if way != "end":
            await standin.wait_for(lambda: live.state.is_over, 20, "the computers to finish the game")
        ended_at = time.monotonic()
        seen_by_the_end = len(table.messages)

        # The end, first: the result where /play was used (or the table stopped), every copy without controls.
        if way == "end":
            await standin.wait_for(lambda: "ended this table" in standin.dm_messages(alice)[-1].content, WITHIN,
                                   "her copy to say the table was ended")
        else:
            store = await bot.stores.guild(guild.id)
            clocked = {a.version for a in await store.actions(live.table_id) if a.source == "clock"}
            assert way == "resign" or ended_the_way(live.state, way, clocked.__contains__)
            over = f"table #{live.table_id} is over"
            await standin.wait_for(lambda: any(over in m.content for m in lobby_channel.messages), WITHIN,
                                   "the result where /play was used")
            await standin.wait_for(lambda: "Game over" in standin.dm_messages(alice)[-1].content, WITHIN,
                                   "her copy to show the end")
        await standin.wait_for(lambda: not any(enabled_moves(m) for m in hand_copies(standin, alice)),
                               max(0.0, WITHIN - (time.monotonic() - ended_at)), "every copy without controls")

        # Then the story, whole: every call told once (one by one or in brief), in few messages.
        if way != "end":
            await standin.wait_for(lambda: any("Thank you for playing" in m.content for m in table.messages), 60,
                                   "the table channel's end")
            said = "\n".join(m.content for m in table.messages if not m.attachments or not any(
                a.filename == "table.png" for a in m.attachments))  # the story, not the table message
            calls = sum(t == CALL.token for _, t in live.state.history)
            told = said.count("calls bullshit on") + sum(briefed(said))
            assert told == calls, (told, calls, said)
            def is_story(message: Any) -> bool:
                return "calls bullshit on" in message.content or "in brief" in message.content

            story = [m for m in table.messages if is_story(m)]
            assert len(story) <= calls
            # No backlog: what was still untold when the game ended goes out grouped (told in brief past
            # STORY_MOST messages a batch: the batch on its way and the last one), not a message a call.
            # Counted in messages, not seconds, so a busy machine (calls far apart) holds it as well.
            late = [m for m in table.messages[seen_by_the_end:] if is_story(m)]
            assert len(late) <= 2 * STORY_MOST, ("the story's end told grouped", [m.content for m in late])

        # A press on a control made before the end is answered with the result.
        if stale is not None and way != "end":
            message, custom_id = stale
            assert custom_ids.parse(custom_id).table_id == live.table_id
            record = await standin._answered(standin._interact(
                3, alice, message.channel, {"custom_id": custom_id, "component_type": 2}, message), True)
            reply = await standin.wait_for(lambda: next((m for m in [record.message, *record.followups]
                                                         if m is not None and m.content), None), 5, "the answer")
            assert "This game is over" in reply.content and "wins" in reply.content


def window_offering(standin: LocalDiscord, user: Any, since: int) -> Callable[[], Any]:
    """The member's copy offering the window opened at version ``since`` (kept current through her
    click's token: the table message may wait for the channel's write limit)."""
    return lambda: newest_with(hand_copies(standin, user), "pl:w:", since)


def briefed(said: str) -> list[int]:
    """The calls told in brief ("alice picks up the pile twice, Computer 1 picks up the pile 3 times")."""
    return [{"once": 1, "twice": 2}.get(n) or int(n) for n in re.findall(r"picks up the pile (\d+|once|twice)", said)]
