"""Discord having a bad moment: one request in five answered 503 (which discord.py does not retry),
from the first deal to the result. Every game still reaches its result, shown in the table's
channel: a table update Discord refused is shown again, a computer move that failed is tried again."""

from __future__ import annotations

import contextlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from bot import publish, turns
from games import registry
from localcord.rest import Call
from tests.discord_spec import local_discord

from .parlour_harness import channel_named, live_table, open_table, running

UNAVAILABLE = {"message": "503: Service Unavailable", "code": 0}


def one_in_five() -> Any:
    """Refuses every fifth request, and the first post of the result whatever its place."""
    refused: list[Call] = []
    count = itertools.count()

    def inject(call: Call) -> tuple[int, Any] | None:
        result = "is over" in json.dumps(call.body) and not any("is over" in json.dumps(c.body) for c in refused)
        if next(count) % 5 == 2 or result:
            refused.append(call)
            return 503, UNAVAILABLE
        return None

    inject.refused = refused  # type: ignore[attr-defined]
    return inject


@pytest.mark.parametrize("key", registry.keys())
async def test_every_game_shows_its_result_while_discord_refuses_one_request_in_five(
        key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (publish, turns):  # the same back-off, in hundredths of the real seconds
        monkeypatch.setattr(module, "RETRY_FIRST", 0.01)
        monkeypatch.setattr(module, "RETRY_MAX", 0.1)
    rules = registry.get(key)
    async with local_discord() as standin:
        guild = standin.add_guild("Card club")
        alice = standin.add_user("alice")
        guild.add_member(alice)
        lobby = guild.add_text_channel("games")
        async with running(standin, tmp_path) as bot:
            await open_table(standin, alice, lobby, key, {}, computers=rules.min_players - 1)
            live = await live_table(standin, bot)
            table = channel_named(guild, f"{key}-{live.table_id}")
            assert table is not None
            inject = one_in_five()
            standin.rest.inject = inject
            # Alice leaves the game to the computers (asking again if Discord lost her command).
            for _ in range(20):
                if live.is_computer(0):
                    break
                await standin.slash(alice, table, "table", "resign", wait=False)
                with contextlib.suppress(AssertionError):
                    await standin.wait_for(lambda: live.is_computer(0), 1, "the resignation")
            assert live.is_computer(0), "the resignation never got through"
            await standin.wait_for(lambda: live.state.is_over or None, 60, "the end of the game")
            over = await standin.wait_for(
                lambda: [m for m in table.messages if "is over" in m.content] or None, 30,
                "the result shown in the table's channel")
            assert len(over) == 1, "the result is shown once"
            standin.rest.inject = lambda call: None
            refused = inject.refused  # type: ignore[attr-defined]
            assert any("is over" in json.dumps(c.body) for c in refused), "the result's first post was refused"
