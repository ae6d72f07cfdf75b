"""Fscking Ace end to end through the stand-in: a member and two computers play several rounds by
clicks on the table message; each settlement lands in the guild's ledger to the cent; the bot
restarts between rounds; a double click on Stop counts once; a newcomer joins at the next round;
a seated player ends the game after a round; /stakes reads the ledger."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.client import Parlour
from bot.commands import lobby
from bot.play import custom_ids, timers
from bot.play.tables import ALREADY_MADE, NOT_SEATED, Live
from bot.store import Stores
from games.core.base import NEXT_ROUND
from games.core.stakes import format_money
from localcord import LocalDiscord
from localcord.model import Message, User
from tests.discord_spec import local_discord

from ..parlour_harness import channel_named, live_table, open_table, running, wait_past

CHANNEL = "fscking-ace-1"
# The table's seed, so the game (lots, every stock, the computers' choices) is the same each run:
# with it Alice has turns (and stops) in the first round, and three rounds take a few dozen moves.
SEED = 55


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: SEED))


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def club(standin: LocalDiscord) -> tuple[Any, User, User, User, Any]:
    guild = standin.add_guild("Card club")
    alice, bob, carol = (standin.add_user(n) for n in ("alice", "bob", "carol"))
    guild.add_member(alice, manager=True)
    guild.add_member(bob)
    guild.add_member(carol)
    return guild, alice, bob, carol, guild.add_text_channel("games")


def more_members(standin: LocalDiscord, guild: Any, *names: str) -> list[User]:
    users = [standin.add_user(n) for n in names]
    for user in users:
        guild.add_member(user)
    return users


def board(guild: Any, live: Live) -> Message:
    """The table message, with the controls for the table as it is now."""
    channel = channel_named(guild, CHANNEL)
    assert channel is not None
    return next(m for m in channel.messages if m.id == live.row.table_message_id)


def move_button(message: Message, version: int, token: str) -> Any:
    for comp in message.components:
        if comp.custom_id and comp.custom_id.startswith("pl:a:"):
            ref = custom_ids.parse(comp.custom_id)
            if isinstance(ref, custom_ids.ActionRef) and ref.version == version and ref.token == token:
                return comp
    return None


async def click_move(standin: LocalDiscord, guild: Any, live: Live, user: User, token: str) -> Any:
    version = live.version
    found = await standin.wait_for(lambda: move_button(board(guild, live), version, token), 10,
                                   f"a {token} button for version {version}")
    return found, await standin.click(user, board(guild, live), found.custom_id)


def said(record: Any) -> str:
    """Everything the bot answered to an interaction: its response and any follow-ups."""
    return " ".join(m.content for m in [record.message, *record.followups] if m is not None)


async def told(standin: LocalDiscord, record: Any) -> str:
    """What the bot told that user alone (an ephemeral response, or a follow-up after a defer)."""
    def private() -> str | None:
        text = " ".join(m.content for m in [record.message, *record.followups] if m is not None and m.ephemeral)
        return text or None
    return await standin.wait_for(private, 5, "an answer for that user alone")


async def double_click_stop(standin: LocalDiscord, guild: Any, live: Live, user: User) -> None:
    """Two clicks on the same Stop button arriving together: one is applied, the other is told
    the move was made already (and shown how things stand)."""
    version = live.version
    stop = await standin.wait_for(lambda: move_button(board(guild, live), version, "stop"), 10, "the Stop button")
    message = board(guild, live)
    clicks = [await standin.click(user, message, stop.custom_id, wait=False) for _ in range(2)]
    for click in clicks:
        await click.wait_response(5)
    await wait_past(standin, live, version, "the stop")
    refused = await standin.wait_for(lambda: [c for c in clicks if ALREADY_MADE in said(c)] or None, 5,
                                     "the answer to the second click")
    assert len(refused) == 1  # and told to that player alone
    assert any(ALREADY_MADE in m.content and m.ephemeral for m in [refused[0].message, *refused[0].followups] if m)
    assert live.state.history[version] == (live.seat_of(user.id), "stop")


async def play_round(standin: LocalDiscord, guild: Any, live: Live, players: dict[int, User]) -> int:
    """Members flip once and then stop, by a double click; computers play themselves; until the
    round is settled. How many stops the members made."""
    start, stops = len(live.state.settlements), 0
    if live.state.between_rounds:  # settled already: computers can be quick
        return stops
    while len(live.state.settlements) == start and not live.state.is_over:
        (seat,) = live.state.to_move
        if live.is_computer(seat):
            await wait_past(standin, live, live.version, "a computer move")
        elif live.state.view(None)["flips"]:
            await double_click_stop(standin, guild, live, players[seat])
            stops += 1
        else:
            version = live.version
            await click_move(standin, guild, live, players[seat], "flip")
            await wait_past(standin, live, version, "the flip")
    return stops


async def alice_and_two_computers(standin: LocalDiscord, bot: Parlour, alice: User, lobby_channel: Any) -> Live:
    """A table of Alice and two computers, being played."""
    await open_table(standin, alice, lobby_channel, "fscking-ace", {}, computers=2)
    return await live_table(standin, bot)


async def click_table(standin: LocalDiscord, guild: Any, live: Live, user: User, verb: str) -> Any:
    custom_id = custom_ids.table(live.guild_id, live.table_id, verb)
    await standin.wait_for(lambda: any(c.custom_id == custom_id for c in board(guild, live).components), 10,
                           f"the {verb} button")
    return await standin.click(user, board(guild, live), custom_id)


async def assert_ledger_matches(bot: Parlour, live: Live) -> None:
    """Every round's ledger rows are the game's transfers, to the cent, and sum to zero."""
    store = await bot.stores.guild(live.guild_id)
    rounds = await store.table_ledger(live.table_id)
    assert sorted(rounds) == [s.round for s in live.state.settlements]
    for settled in live.state.settlements:
        rows = rounds[settled.round]
        assert sum(r.amount for r in rows) == 0
        paid = [(r.seat, r.amount, r.reason) for r in rows]
        assert paid == [side for t in settled.transfers
                        for side in ((t.payer, -t.cents, t.reason), (t.payee, t.cents, t.reason))]
        for r in rows:
            seat = live.row.seats[r.seat]  # type: ignore[index]
            assert r.member_id == (None if seat.ai else seat.member_id) and r.name == seat.name


async def test_several_rounds_with_two_computers_a_restart_a_newcomer_and_the_ledger(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, carol, lobby = club(standin)
    async with running(standin, tmp_path) as bot:
        live = await alice_and_two_computers(standin, bot, alice, lobby)
        assert [s.ai for s in live.row.seats] == [False, True, True]
        assert "My hand" not in [c.label for c in board(guild, live).components]  # nothing is hidden
        table = channel_named(guild, CHANNEL)
        assert table is not None
        assert any("buttons under its picture" in m.content for m in table.messages)

        # An outsider cannot move, and asks to join at the next round instead.
        await standin.wait_for(lambda: live.state.to_move == {0}, 10, "alice's turn")
        flip = await standin.wait_for(lambda: move_button(board(guild, live), live.version, "flip"), 5, "Flip")
        outsider = await standin.click(bob, board(guild, live), flip.custom_id)
        assert outsider.ephemeral and NOT_SEATED in (outsider.content or "")
        joined = await told(standin, await click_table(standin, guild, live, bob, "join"))
        assert "when this round ends" in joined
        again = await click_table(standin, guild, live, bob, "join")
        assert "already on the list" in await told(standin, again)

        stops = await play_round(standin, guild, live, {0: alice})
        # The break: Bob is seated at once, and the settlement is in the ledger and the channel.
        await standin.wait_for(lambda: live.state.players == 4, 10, "Bob's seat")
        assert live.state.between_rounds and live.row.seats[3].member_id == bob.id
        await assert_ledger_matches(bot, live)
        await standin.wait_for(lambda: any(a.filename == "round-1.png" for m in table.messages
                                           for a in m.attachments), 10, "the settlement picture")
        assert any("Round 1 settled" in m.content for m in table.messages)
        await standin.wait_for(lambda: any("joins the table" in m.content for m in table.messages), 10, "the welcome")
        # No hand goes by DM, and whoever's turn begins is mentioned in the channel instead.
        assert standin.dm_messages(alice) == []
        assert stops >= 2  # (with this seed) so the double click below was made, more than once
        assert any(f"<@{alice.id}>: your turn." in m.content for m in table.messages)
        before = live.state

    # A restart between rounds: nothing lost, and the table plays on.
    async with running(standin, tmp_path) as bot:
        await standin.wait_for(lambda: any("restored" in m.content for m in table.messages), 5, "the notice")
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before and live.state.between_rounds
        not_seated = await click_table(standin, guild, live, carol, "next")
        assert not_seated.ephemeral and NOT_SEATED in (not_seated.content or "")
        version = live.version
        await click_table(standin, guild, live, bob, "next")  # any seated player may deal on
        await wait_past(standin, live, version, "the next round")
        # Round 2 is dealt (a quick computer may even have ended it already).
        assert live.state.history[version][1] == NEXT_ROUND and live.state.round_no == 2  # type: ignore[attr-defined]

        stops += await play_round(standin, guild, live, {0: alice, 3: bob})
        version = live.version
        await click_table(standin, guild, live, alice, "next")
        await wait_past(standin, live, version, "the third round")

        # Ending after this round: asked during the round, the game ends when it is settled.
        asked = await click_table(standin, guild, live, bob, "end")
        assert not asked.ephemeral and "end the game after this round" in (asked.content or "")
        stops += await play_round(standin, guild, live, {0: alice, 3: bob})
        await standin.wait_for(lambda: live.state.is_over, 10, "the end of the game")
        assert len(live.state.settlements) == 3
        await assert_ledger_matches(bot, live)
        # Every double click on Stop was applied once, by the member who clicked.
        log = await (await bot.stores.guild(guild.id)).actions(live.table_id)
        assert len([a for a in log if a.token == "stop" and a.actor_id is not None]) == stops
        await standin.wait_for(lambda: any("is over" in m.content for m in table.messages), 10, "the result")

        # /stakes reads the same ledger, in the guild's unit.
        outcome = live.state.outcome
        assert outcome is not None
        mine = await standin.slash(alice, lobby, "stakes", "balance")
        assert format_money(outcome.scores[0], "dollars", sign=True) in (mine.content or "")
        await standin.slash(alice, lobby, "parlour", "settings", options={"stakes_unit": "points"})
        theirs = await standin.slash(alice, lobby, "stakes", "balance", options={"member": bob.id})
        assert format_money(outcome.scores[3], "points", sign=True) in (theirs.content or "")
        board_text = " ".join(e.get("description", "") for e in
                              (await standin.slash(carol, lobby, "stakes", "leaderboard")).embeds)
        assert f"<@{alice.id}>" in board_text and f"<@{bob.id}>" in board_text
        history = await standin.slash(bob, lobby, "stakes", "history", options={"member": bob.id})
        assert "round 2" in " ".join(e.get("description", "") for e in history.embeds)


async def test_stakes_reset_is_for_managers_and_keeps_the_history(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, carol, lobby = club(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby, "fscking-ace", {"rounds": 1}, computers=2)
        # The one round may be over before we look (a computer can turn up the Ace at once).
        live = await standin.wait_for(lambda: next(iter(bot.tables.live.values()), None), 10, "the table")
        await standin.wait_for(lambda: live.row.table_message_id, 10, "the table message")
        # The only round is the last: no button to end after it, and no next round to join.
        assert live.state.final_round and not live.state.is_over  # (with this seed Alice plays in it)
        assert not [c for c in board(guild, live).components if (c.custom_id or "").startswith("pl:t:")]
        message = board(guild, live)
        real = copy.deepcopy(message.components_raw)
        join = custom_ids.table(guild.id, live.table_id, "join")
        message.components_raw = [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Join",
                                                              "custom_id": join}]}]
        assert "no next round to join" in await told(standin, await standin.click(carol, message, join))
        message.components_raw = real
        await play_round(standin, guild, live, {0: alice})
        await standin.wait_for(lambda: live.state.is_over, 10, "the one round")
        store = await bot.stores.guild(guild.id)
        assert [b.member_id for b in await store.stakes_balances()] == [alice.id]
        refused = await standin.slash(bob, lobby, "stakes", "reset")
        assert refused.ephemeral and "manage the server" in (refused.content or "")
        assert await store.stakes_balances() != []
        done = await standin.slash(alice, lobby, "stakes", "reset")
        assert not done.ephemeral and "history" in (done.content or "")
        assert await store.stakes_balances() == []
        empty = await standin.slash(alice, lobby, "stakes", "balance")
        assert "nothing won or lost" in (empty.content or "")
        history = await standin.slash(alice, lobby, "stakes", "history")
        text = " ".join(e.get("description", "") for e in history.embeds)
        assert "Reset" in text and "round 1" in text


async def test_a_table_nobody_plays_at_ends_after_a_round(standin: LocalDiscord, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timers, "MINUTE", 0.1)  # a "minute" of the timers lasts 0.1 s here
    guild, alice, _bob, _carol, lobby = club(standin)
    async with running(standin, tmp_path) as bot:
        await standin.slash(alice, lobby, "parlour", "settings", options={"turn_timeout": 1})
        await open_table(standin, alice, lobby, "fscking-ace", {}, computers=2)
        live = await standin.wait_for(lambda: next(iter(bot.tables.live.values()), None), 10, "the table")
        await standin.wait_for(lambda: live.state.is_over, 30, "the table to give up")
        table = channel_named(guild, CHANNEL)
        assert table is not None
        assert any("Nobody made a move this round" in m.content for m in table.messages)
        # It went on while alice had no turn yet, and stopped after the first round the computer
        # played all of hers.
        log = await (await bot.stores.guild(guild.id)).actions(live.table_id)
        mine = [a for a in log if a.seat == 0 and a.token in ("flip", "stop")]
        assert mine and all(a.source == "timeout" for a in mine)
        assert live.state.history[-1][1] == "end"
        # The computer finished each of her turns in one go: one notice a turn, not one a move.
        turns_taken = sum(1 for a, b in zip([None, *log], log, strict=False)
                          if b.seat == 0 and b.token in ("flip", "stop") and (a is None or a.seat != 0))
        notices = [m for m in table.messages if "ran out of time" in m.content]
        assert len(notices) == turns_taken and len(mine) > turns_taken


async def test_table_buttons_refuse_what_cannot_be_done(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, carol, lobby_channel = club(standin)
    dan, erin = more_members(standin, guild, "dan", "erin")
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "fscking-ace", {}, joiners=(bob,), computers=1)
        live = await live_table(standin, bot)
        stale_controls = copy.deepcopy(board(guild, live).components_raw)

        # Bob gives up his seat; he can't come back through Join.
        await standin.slash(bob, channel_named(guild, CHANNEL), "table", "resign")
        refused = await click_table(standin, guild, live, bob, "join")
        assert "gave up your seat" in await told(standin, refused)

        # Two joins that arrive while the table is busy are both kept.
        async with live.lock:
            clicks = [await standin.click(user, board(guild, live), custom_ids.table(guild.id, live.table_id, "join"),
                                          wait=False) for user in (carol, dan)]
            await asyncio.sleep(0.2)
        for click in clicks:
            assert "when this round ends" in await told(standin, click)
        assert [j["id"] for j in live.row.extra["joining"]] == [carol.id, dan.id]

        await play_round(standin, guild, live, {0: alice})
        await standin.wait_for(lambda: live.state.players == 5, 10, "carol's and dan's seats")
        assert [s.member_id for s in live.row.seats[3:]] == [carol.id, dan.id]

        # Between rounds the table's buttons decide; a forged move button for the opener does nothing.
        forged = custom_ids.action(guild.id, live.table_id, live.version, "next")
        message = board(guild, live)
        real = copy.deepcopy(message.components_raw)
        message.components_raw = [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Next", "custom_id": forged}]}]
        version = live.version
        assert "use the buttons under the table" in await told(standin, await standin.click(alice, message, forged))
        assert live.version == version and live.state.between_rounds
        message.components_raw = real

        # Two clicks on "End the game" at once: the game ends once, and the other click is answered.
        end = custom_ids.table(guild.id, live.table_id, "end")
        await standin.wait_for(lambda: any(c.custom_id == end for c in board(guild, live).components), 10, "End")
        message = board(guild, live)
        both = [await standin.click(user, message, end, wait=False) for user in (alice, carol)]
        for click in both:
            await click.wait_response(5)
        await standin.wait_for(lambda: live.state.is_over, 10, "the end")
        assert [tok for _, tok in live.state.history].count("end") == 1
        await standin.wait_for(lambda: any("over" in said(c) or "moved on" in said(c) for c in both), 5,
                               "an answer to the second click")

        # A button left on an old copy of the message, on a game that is over.
        message.components_raw = stale_controls
        late = await standin.click(erin, message, custom_ids.table(guild.id, live.table_id, "join"))
        assert "This game is over" in await told(standin, late)
        assert live.state.players == 5


async def test_a_game_that_ended_just_as_the_bot_stopped_is_finished_on_restart(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, _bob, _carol, lobby_channel = club(standin)
    async with running(standin, tmp_path) as bot:
        live = await alice_and_two_computers(standin, bot, alice, lobby_channel)
        await play_round(standin, guild, live, {0: alice})
        await standin.wait_for(lambda: live.state.between_rounds, 10, "the break")
        state, table_id = live.state, live.table_id
    # The last action is committed, but the process stops before the result is written.
    ended = state.apply(state.turn, "end")  # type: ignore[attr-defined]
    async with Stores(tmp_path) as stores:
        store = await stores.guild(guild.id)
        assert (await store.get_table(table_id)).status == "playing"  # type: ignore[union-attr]
        assert await store.commit_action(table_id, len(state.history), state.turn, "end",  # type: ignore[attr-defined]
                                         ended.to_record(), alice.id, "table")
    async with running(standin, tmp_path) as bot:
        table = channel_named(guild, CHANNEL)
        assert table is not None
        await standin.wait_for(lambda: any("is over" in m.content for m in table.messages), 10, "the result")
        store = await bot.stores.guild(guild.id)
        row = await store.get_table(table_id)
        assert row is not None and row.status == "finished"
        assert [s.games for s in await store.member_stats(alice.id)] == [1]
