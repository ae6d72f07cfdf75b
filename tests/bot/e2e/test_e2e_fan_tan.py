"""Fan Tan end to end through the stand-in (issue 11): alice and three computers play a whole game
by clicks with a restart in the middle; in honour mode a card alice held back is found out,
announced only then, and charged; a round of passes with no 7 kills the hand and deals again;
with her DMs closed alice plays from "My hand"; /rules and /play know the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import Parlour
from bot.play.tables import Live
from games.fan_tan import FanTanState
from localcord import LocalDiscord
from localcord.model import InteractionRecord, Message, User

from ..parlour_harness import (
    attachments,
    channel_named,
    click_move,
    controls,
    fix_seed,
    hand_reply,
    live_table,
    open_table,
    play_to_end,
    running,
    table_text,
    take_turn,
    token_of,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e

CHANNEL = "fan-tan-1"
SEED = 11  # the table's seed: the same deals, and the same computer moves, every run


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)


def fan_tan(live: Live) -> FanTanState:
    assert isinstance(live.state, FanTanState)
    return live.state


async def offered(standin: LocalDiscord, live: Live, user: User) -> tuple[Message, list[Any]]:
    """alice's newest DM with controls for the table as it is now, and those controls."""
    version = live.version

    def found() -> tuple[Message, list[Any]] | None:
        for message in reversed(standin.dm_messages(user)):
            comps = controls(message, version)
            if comps:
                return message, comps
        return None

    return await standin.wait_for(found, 10, f"{user.name}'s moves for version {version}")


async def choose(standin: LocalDiscord, live: Live, user: User, token: str) -> InteractionRecord:
    """``user`` clicks the move ``token`` in their newest hand; the table moves past it."""
    version = live.version
    message, comps = await offered(standin, live, user)
    comp = next(c for c in comps if token_of(c) == token)
    record = await click_move(standin, user, message, comp)
    await wait_past(standin, live, version, f"{token} to be applied")
    return record


async def my_turn(standin: LocalDiscord, live: Live, seat: int) -> bool:
    """Wait until ``seat`` is to move (True) or the game is over (False)."""
    await standin.wait_for(lambda: seat in live.state.to_move or live.state.is_over, 15, f"seat {seat}'s turn")
    return not live.state.is_over


async def alice_and_three_computers(standin: LocalDiscord, bot: Parlour, options: dict[str, Any],
                                    dm_closed: bool = False) -> tuple[Any, User, Any, Live]:
    guild, alice, _bob, lobby_channel = world(standin, dm_closed=dm_closed)
    await open_table(standin, alice, lobby_channel, "fan-tan", options, computers=3)
    return guild, alice, lobby_channel, await live_table(standin, bot)


async def test_four_players_play_to_the_end_by_clicks_with_a_restart(standin: LocalDiscord, tmp_path: Path) -> None:
    async with running(standin, tmp_path) as bot:
        guild, alice, lobby_channel, live = await alice_and_three_computers(standin, bot, {"chips": 30})
        assert [s.ai for s in live.row.seats] == [False, True, True, True]
        assert fan_tan(live).stacks.count(29) + fan_tan(live).stacks.count(28) == 4  # antes of 1 or 2 (T-1)
        for _ in range(4):  # a few of alice's turns, by the first move in her DM
            if not await my_turn(standin, live, 0):
                break
            message, comps = await offered(standin, live, alice)
            assert message.attachments  # her hand, drawn
            tokens = [token_of(c) for c in comps]
            assert tokens == [a.token for a in live.state.legal_actions(0)]
            assert ("pass" in tokens) == (tokens == ["pass"])  # strict: a pass only with nothing to play
            await take_turn(standin, bot, live, alice)
        await bot.publisher.settled(live, timeout=10)
        before = live.state

    async with running(standin, tmp_path) as bot:  # a new process: the table picks up where it was
        await standin.wait_for(lambda: "restored" in table_text(guild, CHANNEL), 5, "the notice")
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before
        await play_to_end(standin, bot, live, {0: alice})
        state = fan_tan(live)
        outcome = state.outcome
        assert outcome is not None and list(outcome.scores) == list(state.stacks)
        assert sum(state.stacks) == 4 * 30 and state.pot == 0  # every chip accounted for
        assert "takes the pot" in table_text(guild, CHANNEL)
        await standin.wait_for(lambda: any(n.startswith("round-end") for n in attachments(guild, CHANNEL)), 10,
                               "the picture of the hand's end")
        board = await standin.slash(alice, lobby_channel, "leaderboard", options={"game": "fan-tan"})
        assert f"<@{alice.id}>" in str(board.embeds)  # provisional after one game


async def test_honour_mode_a_held_back_card_is_found_out_and_charged(standin: LocalDiscord, tmp_path: Path) -> None:
    async with running(standin, tmp_path) as bot:
        guild, alice, _lobby, live = await alice_and_three_computers(standin, bot, {"strict": False})
        withheld = 0
        while await my_turn(standin, live, 0):
            _, comps = await offered(standin, live, alice)
            labels = {token_of(c): c.label for c in comps}
            could_play = bool(fan_tan(live).playable(0))
            assert labels["pass"] == ("Pass anyway (fined if found out)" if could_play else "Pass")
            if not could_play or withheld == 2:  # (passing for ever could block the table for ever)
                await take_turn(standin, bot, live, alice)
                continue
            await choose(standin, live, alice, "pass")  # twice she holds back a card she could play
            withheld += 1
            if not fan_tan(live).found:
                await bot.publisher.settled(live, timeout=10)
                assert "passed holding" not in table_text(guild, CHANNEL)  # not announced before it is found out
        await bot.publisher.settled(live, timeout=10)
        state = fan_tan(live)
        mine = [f for f in state.found if f["seat"] == 0]
        assert withheld == 2 and len(mine) == 2  # each found out, by a later play or at the hand's end
        assert "Found out" in table_text(guild, CHANNEL) and "passed holding" in table_text(guild, CHANNEL)
        assert all(f["fine"] >= 3 for f in mine)
        assert sum(state.stacks) == 4 * 20 and state.pot == 0  # fines moved chips, made none


async def test_a_round_of_passes_before_any_7_is_a_dead_hand(standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby_channel = world(standin)
    carol = standin.add_user("carol")
    guild.add_member(carol)
    people = {0: alice, 1: bob, 2: carol}
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "fan-tan", {"strict": False}, joiners=(bob, carol))
        live = await live_table(standin, bot)
        first = fan_tan(live)
        dealt = first.hands
        for _ in range(3):
            (seat,) = live.state.to_move
            await choose(standin, live, people[seat], "pass")
        state = fan_tan(live)
        # T-4: everyone paid a chip into the pot, the deal moved left, new cards and a new ante.
        assert state.deal_no == 1 and state.dealer == (first.dealer + 1) % 3 and state.hands != dealt
        # Whoever passed holding a 7 is found out as the dead hand is shown (T-3), 3 chips to the pot.
        fined = [f for f in state.found if f["hand"] == 1]
        assert state.pot == first.pot + 3 + 3 * len(fined) + sum(state.antes)
        assert sum(state.stacks) + state.pot == 3 * 20
        await bot.publisher.settled(live, timeout=10)
        assert "the hand is dead" in table_text(guild, CHANNEL)
        version = live.version
        (seat,) = live.state.to_move
        message, _ = await offered(standin, live, people[seat])  # a hand of the new deal, to play
        assert message.attachments and live.version == version


async def test_closed_dms_play_from_my_hand(standin: LocalDiscord, tmp_path: Path) -> None:
    async with running(standin, tmp_path) as bot:
        guild, alice, lobby_channel, live = await alice_and_three_computers(standin, bot, {}, dm_closed=True)
        table = channel_named(guild, CHANNEL)
        assert table is not None
        await standin.wait_for(lambda: "direct messages are closed" in table_text(guild, CHANNEL), 5, "the notice")
        assert await my_turn(standin, live, 0)
        board = next(m for m in table.messages if any(c.label == "My hand" for c in m.components))
        mine = await hand_reply(standin, await standin.click(alice, board, label="My hand"))
        version = live.version
        moves = controls(mine, version)
        assert [token_of(c) for c in moves] == [a.token for a in live.state.legal_actions(0)]
        await standin.click(alice, mine, moves[0].custom_id)
        await standin.wait_for(lambda: live.version > version, 5, "the move from My hand")
        assert live.state.history[version] == (0, token_of(moves[0]))

        rules = await standin.slash(alice, lobby_channel, "rules", options={"game": "fan-tan"})
        assert rules.ephemeral and "Table ruling" in str(rules.embeds) and "Honour mode" in str(rules.embeds)
        play = next(c for c in standin.commands if c["name"] == "play")
        options = {o["name"]: o for o in next(g for g in play["options"] if g["name"] == "fan-tan")["options"]}
        assert (options["chips"]["min_value"], options["chips"]["max_value"]) == (5, 200)
        assert options["strict"]["type"] == 5  # a boolean
