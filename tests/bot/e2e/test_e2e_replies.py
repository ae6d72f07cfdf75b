"""Controls that never go stale, results in words, Rematch and /help, end to end through the
stand-in (issue 10): an out-of-date click is answered with the player's current hand and moves;
a hand shown in reply to a click is edited as the table moves, and loses its controls before
Discord stops letting it be edited; a result says who won before the detail; a rematch reopens
the same game for the same seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.play import custom_ids
from bot.play.tables import ALREADY_MADE, MOVED_ON, Live
from bot.show import token_copies
from localcord import LocalDiscord
from localcord.model import Message

from ..parlour_harness import (
    channel_named,
    controls,
    hand_reply,
    live_table,
    open_table,
    play_to_end,
    running,
    take_turn,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e


def board(table: object) -> Message:
    return next(m for m in table.messages if any(c.label == "My hand" for c in m.components))  # type: ignore[attr-defined]


async def dm_hand_at_fosco(standin: LocalDiscord, bot: Parlour) -> tuple[Live, Any, Message]:
    """alice against the computer, on her turn: the table, alice and the DM with her moves."""
    _guild, alice, _bob, lobby = world(standin)
    await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
    live = await live_table(standin, bot)
    await standin.wait_for(lambda: 0 in live.state.to_move, 10, "alice's turn")
    version = live.version
    message = await standin.wait_for(
        lambda: next((m for m in reversed(standin.dm_messages(alice)) if controls(m, version)), None), 5)
    return live, alice, message


async def my_hand_at_fosco(standin: LocalDiscord, bot: Parlour) -> tuple[Live, Any, Message, Any]:
    """alice (DMs closed) against the computer, on her turn: the table, its channel, her My hand
    reply and alice."""
    guild, alice, _bob, lobby = world(standin, dm_closed=True)
    await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
    live = await live_table(standin, bot)
    table = channel_named(guild, "fosco-1")
    await standin.wait_for(lambda: 0 in live.state.to_move, 10, "alice's turn")
    reply = await hand_reply(standin, await standin.click(alice, board(table), label="My hand"))
    return live, table, reply, alice


async def test_a_click_on_an_old_hand_is_answered_with_the_hand_as_it_is_now(standin: LocalDiscord,
                                                                            tmp_path: Path) -> None:
    """A button from a hand the table has moved past (the computer has played since) is not just
    refused: the reply carries the current hand and moves, and those moves work."""
    async with running(standin, tmp_path) as bot:
        live, alice, old = await dm_hand_at_fosco(standin, bot)
        version = live.version
        old_buttons = [(c.custom_id, c.label) for c in controls(old, version)]
        await take_turn(standin, bot, live, alice)
        await standin.wait_for(lambda: 0 in live.state.to_move or live.state.is_over, 10, "alice's next turn")
        await bot.publisher.settled(live, timeout=10)
        now = live.version
        # Another button of the old hand (as a client that never refreshed still shows it): the table
        # has moved on; or, if that hand had one move only, the very move made.
        custom_id = old_buttons[-1][0]
        button = {"type": 2, "style": 1, "label": "old", "custom_id": custom_id}
        old.components_raw = [{"type": 1, "components": [button]}]
        reply = await hand_reply(standin, await standin.click(alice, old, custom_id))
        assert (MOVED_ON if len(old_buttons) > 1 else ALREADY_MADE) in reply.content and reply.ephemeral
        fresh = controls(reply, now)
        assert fresh, "the reply offers the moves that work now"
        assert live.version == now  # the old click changed nothing
        await standin.click(alice, reply, fresh[0].custom_id)
        await wait_past(standin, live, now, "the move made from the reply")


async def test_my_hand_is_kept_current_as_the_table_moves(standin: LocalDiscord, tmp_path: Path) -> None:
    """With DMs closed a player lives on My hand: the reply is edited after every move, to the new
    hand with moves on their turn and without buttons off it."""
    async with running(standin, tmp_path) as bot:
        live, _table, mine, alice = await my_hand_at_fosco(standin, bot)
        for _ in range(3):  # three turns played from the one reply, which follows the table
            version = live.version
            move = await standin.wait_for(lambda v=version: controls(mine, v) or None, 10, "moves on the reply")
            await standin.click(alice, mine, move[0].custom_id)
            await wait_past(standin, live, version, "alice's move")
            if live.state.is_over:
                break
            await standin.wait_for(lambda: 0 in live.state.to_move or live.state.is_over, 10, "the computer")
        await bot.publisher.settled(live, timeout=10)
        if not live.state.is_over:
            assert controls(mine, live.version), "the reply shows the moves of the turn now"
        # Off turn (the computer to move, held back): no buttons that could only be refused.
        assert all(controls(mine, v) == [] for v in range(live.version))


async def test_a_reply_loses_its_controls_before_its_token_expires(standin: LocalDiscord, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(token_copies, "REPLY_LIFE", 1.5)
    monkeypatch.setattr(token_copies, "REPLY_MARGIN", 0.5)
    async with running(standin, tmp_path) as bot:
        live, table, mine, alice = await my_hand_at_fosco(standin, bot)
        assert controls(mine, live.version)
        await standin.wait_for(lambda: token_copies.EXPIRED_REPLY in mine.content, 5, "the reply retired")
        assert not mine.components
        again = await hand_reply(standin, await standin.click(alice, board(table), label="My hand"))
        assert controls(again, live.version), "a new press gives a fresh reply"


async def test_a_second_my_hand_retires_the_first(standin: LocalDiscord, tmp_path: Path) -> None:
    async with running(standin, tmp_path) as bot:
        live, table, first, alice = await my_hand_at_fosco(standin, bot)
        second = await hand_reply(standin, await standin.click(alice, board(table), label="My hand"))
        await standin.wait_for(lambda: token_copies.REPLACED_REPLY in first.content, 5, "the first reply retired")
        assert not first.components
        assert controls(second, live.version)


async def test_a_double_click_is_told_it_counted_once(standin: LocalDiscord, tmp_path: Path) -> None:
    async with running(standin, tmp_path) as bot:
        live, alice, message = await dm_hand_at_fosco(standin, bot)
        version = live.version
        button = controls(message, version)[0]
        clicks = [await standin.click(alice, message, button.custom_id, wait=False) for _ in range(2)]
        for click in clicks:
            await click.wait_response(5)
        await wait_past(standin, live, version, "the move")
        answered = await standin.wait_for(
            lambda: [c for c in clicks if c.followups or (c.message and c.message.ephemeral)] or None, 5,
            "the answer to the second click")
        assert len(answered) == 1
        assert ALREADY_MADE in (await hand_reply(standin, answered[0])).content
        token = custom_ids.parse(button.custom_id).token  # type: ignore[union-attr]
        assert tuple(live.state.history[version]) == (0, token)
        assert (0, token) not in [tuple(a) for a in live.state.history[version + 1:]]


async def test_the_result_says_who_won_first(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fosco", {"deals": 1}, computers=1)
        live = await live_table(standin, bot)
        await play_to_end(standin, bot, live, {0: alice})
        outcome = live.state.outcome
        assert outcome is not None
        table = channel_named(guild, "fosco-1")
        over = await standin.wait_for(lambda: [m for m in table.messages if "is over" in m.content], 5, "the result")
        first_line = over[0].content.splitlines()[0]
        scores = sorted(outcome.scores, reverse=True)
        if outcome.is_draw:
            assert first_line.startswith("**alice and Computer 1 draw** at")
        else:
            (winner,) = outcome.winners
            assert first_line.startswith(f"**{live.names[winner]} wins** {scores[0]} to {scores[1]}")
        detail = live.text(outcome.detail)  # then the detail, unless it only says the headline again
        assert detail in over[0].content or over[0].content.count(detail.split(",")[0]) == 1
        assert any(c.label == "Rematch" for c in over[0].components)


async def test_a_rematch_reopens_the_same_game_for_the_same_seats(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fosco", {"deals": 1, "king": "primes"}, joiners=(bob,))
        live = await live_table(standin, bot)
        await play_to_end(standin, bot, live, {0: alice, 1: bob})
        table = channel_named(guild, "fosco-1")
        result = await standin.wait_for(
            lambda: next((m for m in table.messages if any(c.label == "Rematch" for c in m.components)), None),
            5, "the result with its Rematch button")
        stranger = standin.add_user("carol")
        guild.add_member(stranger)
        refused = await standin.click(stranger, result, label="Rematch")
        assert "Only the players" in (refused.content or "")
        asked = await standin.click(bob, result, label="Rematch")
        await standin.wait_for(lambda: asked.message is not None and "open" in asked.message.content, 5)
        invite = await standin.wait_for(
            lambda: next((m for m in lobby.messages if "asks for a rematch" in m.content), None), 5, "the lobby")
        assert f"<@{alice.id}>" in invite.content and "#1" in invite.embeds[0]["description"]
        assert invite.component(label="Start").disabled  # alice is not back yet
        twice = await standin.click(alice, result, label="Rematch")
        await standin.wait_for(lambda: "open already" in (twice.content or ""), 5)
        await standin.click(alice, invite, label="Join")
        assert not invite.component(label="Start").disabled
        start = await standin.click(bob, invite, label="Start")
        await start.wait_response(5)
        second = await standin.wait_for(
            lambda: next((t for t in bot.tables.live.values() if t.table_id != live.table_id), None), 10,
            "the rematch being played")
        assert [s.member_id for s in second.row.seats] == [alice.id, bob.id]  # the same seats, in order
        assert second.state.options["king"] == "primes" and second.state.options["deals"] == 1
        assert second.row.host_id == bob.id


async def test_help_lists_the_games_and_commands(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby = world(standin)
    async with running(standin, tmp_path):
        shown = await standin.slash(alice, lobby, "help")
        assert shown.ephemeral and len(shown.embeds) == 1
        text = shown.embeds[0]["description"]
        assert "**Fosco** (2 or 4 players)" in text and "**Fscking Ace** (3 to 30 players)" in text
        for command in ("/play <game>", "/table resign", "/rules", "/leaderboard", "/stakes balance", "/help"):
            assert f"`{command}`" in text


async def test_a_reply_is_looked_after_across_a_restart(standin: LocalDiscord, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The replies being kept current are stored with the table: a restarted bot still takes the
    controls off one before its token expires."""
    monkeypatch.setattr(token_copies, "REPLY_LIFE", 4.0)
    monkeypatch.setattr(token_copies, "REPLY_MARGIN", 0.5)
    async with running(standin, tmp_path) as bot:
        live, _table, mine, _alice = await my_hand_at_fosco(standin, bot)
    assert controls(mine, live.version)
    async with running(standin, tmp_path):  # nothing carried over in memory
        await standin.wait_for(lambda: token_copies.EXPIRED_REPLY in mine.content, 8, "the reply retired")
        assert not mine.components
