"""The two-player tarot games end to end through the stand-in (issue 14): alice against the
computer to the end of each game, with a restart in the middle: her discards ticked in the
card menus, her Piccadilly hand chosen by a button, her cards and her dummy's played by
buttons; both parts scored in the channel; /rules and /play know the games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.tarot.manchester.state import ManchesterState
from localcord import LocalDiscord

from ..parlour_harness import (
    fix_seed,
    live_table,
    newest_with,
    open_table,
    pick_cards,
    quick_tarot_computers,
    running,
    table_text,
    take_turn,
    wait_past,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e

SEED = 8


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)
    quick_tarot_computers(monkeypatch)


async def alice_moves(standin: LocalDiscord, bot: Any, live: Any, alice: Any, until: int) -> None:
    """alice makes her moves (the computer its own) until ``until`` moves are made or the game ends."""
    while not live.state.is_over and live.version < until:
        state = live.state
        assert isinstance(state, ManchesterState)
        if state.to_move != {0}:  # the computer first, where both move at once: alice's controls then stay put
            await wait_past(standin, live, live.version, "the computer")
            continue
        pick = state.pick(0)
        if pick is not None:
            await pick_cards(standin, live, alice, [*pick.fixed, *pick.cards[: pick.most]])
        else:
            await take_turn(standin, bot, live, alice)


@pytest.mark.parametrize(("key", "second"), [("manchester-piccadilly", "Piccadilly"),
                                             ("manchester-truffle", "Truffle")])
async def test_alice_against_the_computer_to_the_end_with_a_restart(standin: LocalDiscord, tmp_path: Path, key: str,
                                                                     second: str) -> None:
    guild, alice, _bob, lobby_channel = world(standin)
    channel = f"{key}-1"
    async with running(standin, tmp_path, workers=0) as bot:
        await open_table(standin, alice, lobby_channel, key, {"first_dealer": 2}, computers=1)
        live = await live_table(standin, bot)
        state = live.state
        assert state.dealer == 1 and state.phase == "discard" and 0 in state.to_move  # both discard at once
        await alice_moves(standin, bot, live, alice, until=40)  # into the first hand's second part
        await bot.publisher.settled(live, timeout=10)
        before = live.state
    async with running(standin, tmp_path, workers=0) as bot:  # a new process: the table picks up where it was
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before
        await alice_moves(standin, bot, live, alice, until=10_000)
        await bot.publisher.settled(live, timeout=10)
        state = live.state
        assert isinstance(state, ManchesterState) and state.outcome is not None
        assert len(state.round_ends) == 2 and state.outcome.scores == state.game_points
        said = table_text(guild, channel)
        assert "Manchester scores" in said and f"{second} scores" in said and "game points" in said
        sources = {a.source for a in await (await bot.stores.guild(guild.id)).actions(1)}
        assert {"click", "computer"} <= sources


async def test_rules_and_play_know_the_two_player_tarot_games(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path):
        for key, word in (("manchester-piccadilly", "dummy"), ("manchester-truffle", "lays")):
            rules = await standin.slash(alice, lobby_channel, "rules", options={"game": key})
            text = str(rules.embeds)
            assert rules.ephemeral and "Table ruling" in text and word in text
        play = next(c for c in standin.commands if c["name"] == "play")
        names = {g["name"] for g in play["options"]}
        assert {"manchester-piccadilly", "manchester-truffle"} <= names


async def test_two_players_discarding_at_once_neither_loses_a_choice_half_made(standin: LocalDiscord,
                                                                                tmp_path: Path) -> None:
    _guild, alice, bob, lobby_channel = world(standin)
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "manchester-truffle", {}, joiners=(bob,))
        live = await live_table(standin, bot)
        state = live.state
        assert isinstance(state, ManchesterState) and state.to_move == {0, 1}
        version = live.version
        message = await standin.wait_for(lambda: newest_with(standin.dm_messages(alice), "pl:c:", version), 10,
                                         "alice's cards")
        pick = state.pick(0)
        assert pick is not None
        select = next(c for c in message.components if c.type == 3)
        await standin.select(alice, message, select.custom_id, values=["0", "1", "2"])
        button = next(c for c in message.components if c.type == 2 and (c.label or "").startswith(pick.label))
        bob_pick = state.pick(1)
        assert bob_pick is not None
        await pick_cards(standin, live, bob, [*bob_pick.fixed, *bob_pick.cards[:3]])  # bob, meanwhile
        assert live.version == version + 1
        await standin.click(alice, message, button.custom_id)  # made for the version before bob's discard
        await wait_past(standin, live, version + 1, "alice's discard")
        assert live.state.history[-1] == (0, pick.token(list(pick.cards[:3])))
        assert live.state.phase == "play1"
