"""Busca end to end through the stand-in (issue 12): three people play a whole game by clicks —
the dealer lays a card aside by a click in their DM, nobody else is ever shown it, it goes to the
last trick's winner — with a restart in the middle; the leaderboard reads the lowest total as
the best; /rules and /play know the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.busca import BuscaState
from games.core.cards import short
from localcord import LocalDiscord

from ..parlour_harness import (
    answer_of,
    attachments,
    controls,
    fix_seed,
    open_table,
    play_to_end,
    running,
    table_text,
    take_turn,
    token_of,
)
from .test_e2e import standin, world

__all__ = ["standin"]  # the fixture, shared with test_e2e

CHANNEL = "busca-1"
SEED = 5  # the table's seed: the same deals every run


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, SEED)


def busca(live: Any) -> BuscaState:
    assert isinstance(live.state, BuscaState)
    return live.state


async def test_three_players_with_the_dealers_card_laid_aside_play_to_the_end_with_a_restart(
        standin: LocalDiscord, tmp_path: Path) -> None:
    guild, alice, bob, lobby_channel = world(standin)
    carol = standin.add_user("carol")
    guild.add_member(carol)
    people = {0: alice, 1: bob, 2: carol}
    async with running(standin, tmp_path) as bot:
        await open_table(standin, alice, lobby_channel, "busca", {"first_dealer": 1, "target": 12},
                         joiners=(bob, carol))
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and busca(live).discarding and live.state.to_move == {0}
        # alice (seat 1 as players count, 0 here) deals herself 14 cards and may lay any aside, by DM.
        version = live.version
        dm = await standin.wait_for(lambda: next((m for m in reversed(standin.dm_messages(alice))
                                                  if controls(m, version)), None), 10, "alice's hand")
        offered = [token_of(c) for c in controls(dm, version)]
        assert len(offered) == 14 and all(t.startswith("discard:") for t in offered)
        assert dm.attachments  # her hand, drawn
        await take_turn(standin, bot, live, alice)  # the first button: a card laid aside
        aside = busca(live).discard
        assert aside is not None and aside not in busca(live).hands[0] and busca(live).to_move == {2}
        for _ in range(12):  # some of the first tricks, by clicks (play goes to the right: 2, then 1)
            (seat,) = live.state.to_move
            await take_turn(standin, bot, live, people[seat])
        await bot.publisher.settled(live, timeout=10)
        before = live.state

    async with running(standin, tmp_path) as bot:  # a new process: the table picks up where it was
        await standin.wait_for(lambda: "restored" in table_text(guild, CHANNEL), 5, "the notice")
        live = await bot.tables.get(guild.id, 1)
        assert live is not None and live.state == before and busca(live).discard == aside
        while not busca(live).round_ends:  # to the end of the first hand
            (seat,) = live.state.to_move
            await take_turn(standin, bot, live, people[seat])
        await bot.publisher.settled(live, timeout=10)
        first = busca(live).round_ends[0]
        assert first["discard"] == aside and sum(first["thirds"]) == 32  # every card went to someone
        # The card laid aside was shown to nobody but alice: not in the channel, not in a DM.
        assert short(aside) not in table_text(guild, CHANNEL)
        for user in (bob, carol):
            assert all(short(aside) not in m.content for m in standin.dm_messages(user))
        assert f"goes to {{p{first['last_trick']}}}" in " ".join(e.text for e in busca(live).log)
        await play_to_end(standin, bot, live, people)  # humans all: every move, a discard too, by click
        state = busca(live)
        outcome = state.outcome
        assert outcome is not None and max(state.totals) >= 12 and list(outcome.scores) == list(state.totals)
        assert outcome.winners == {s for s, t in enumerate(state.totals) if t == min(state.totals)}
        assert "lowest total" in table_text(guild, CHANNEL) and "takes the last trick" in table_text(guild, CHANNEL)
        assert any(n.startswith("round-end") for n in attachments(guild, CHANNEL))
        board = await standin.slash(alice, lobby_channel, "leaderboard", options={"game": "busca"})
        text = str(board.embeds)
        assert f"<@{alice.id}>" in text and "skill rating" in text
        stats = await answer_of(standin, await standin.slash(alice, lobby_channel, "stats"))
        assert "(low scores win)" in str(stats.embeds)


async def test_rules_and_play_know_busca(standin: LocalDiscord, tmp_path: Path) -> None:
    _guild, alice, _bob, lobby_channel = world(standin)
    async with running(standin, tmp_path):
        rules = await standin.slash(alice, lobby_channel, "rules", options={"game": "busca"})
        assert rules.ephemeral and "Table ruling" in str(rules.embeds) and "cappotto" in str(rules.embeds)
        play = next(c for c in standin.commands if c["name"] == "play")
        options = {o["name"]: o for o in next(g for g in play["options"] if g["name"] == "busca")["options"]}
        assert (options["target"]["min_value"], options["target"]["max_value"]) == (5, 200)
        assert options["hands"]["min_value"] == 0
