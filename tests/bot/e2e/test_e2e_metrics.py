"""The operator's view (issue 46 point 5): ``/metrics`` in Prometheus's text format, scraped as play
goes on, every family moving with it; ``/healthz`` 503 with its reason while Discord's gateway is
down, 200 once it is back."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from localcord import LocalDiscord
from tests.discord_spec import local_discord

from ..parlour_harness import live_table, open_table, play_to_end, running


@pytest.fixture
async def standin() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def scrape(port: int) -> Samples:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as resp:
        assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/plain")
        text = await resp.text()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def total(samples: Samples, name: str, **labels: str) -> float:
    return sum(v for (n, ls), v in samples.items() if n == name and all((k, v2) in ls for k, v2 in labels.items()))


async def until_health(port: int, status: int, timeout: float, what: str) -> str:
    """/healthz's text once it answers ``status`` (asked again every 50 ms, as the stand-in's wait_for)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        got, text = await health(port)
        if got == status:
            return text
        assert loop.time() < deadline, f"timed out after {timeout} s waiting for {what} (last: {got} {text!r})"
        await asyncio.sleep(0.05)


async def health(port: int) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/healthz") as resp:
        return resp.status, await resp.text()


async def test_every_family_moves_as_play_goes_on(standin: LocalDiscord, tmp_path: Path) -> None:
    guild = standin.add_guild("Card club")
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    games = guild.add_text_channel("games")
    port = free_port()
    async with running(standin, tmp_path, metrics_port=port, backup_dir=tmp_path / "backups",
                       backup_every=3600.0, backup_keep=2) as bot:
        # The schedule's first backup comes at once (no backup in the folder yet).
        await standin.wait_for(lambda: bot.backups is not None and bot.backups.last_taken is not None, 20,
                               "the first backup")
        before = await scrape(port)
        await open_table(standin, alice, games, "fosco", {"deals": 1, "target": 1}, joiners=(bob,))
        live = await live_table(standin, bot)
        during = await scrape(port)
        assert total(during, "parlour_live_tables", game="fosco") >= 1
        await play_to_end(standin, bot, live, {0: alice, 1: bob})
        await bot.publisher.settled(live, timeout=10)
        after = await scrape(port)
    moved = {
        "parlour_clicks_total": {}, "parlour_click_answer_seconds_count": {},
        "parlour_moves_total": {"game": "fosco"}, "parlour_commits_total": {}, "parlour_commit_seconds_count": {},
        "parlour_worker_jobs_total": {"pool": "draw"}, "parlour_worker_job_seconds_count": {"pool": "draw"},
        "parlour_discord_requests_total": {"method": "POST"},
        "process_cpu_seconds_total": {},
    }
    for name, labels in moved.items():
        assert total(after, name, **labels) > total(before, name, **labels), name
    assert total(before, "parlour_backups_total", outcome="taken") >= 1
    assert total(before, "parlour_last_backup_timestamp_seconds") > 0
    assert total(after, "parlour_workers_busy", pool="draw") >= 0 and ("parlour_workers_queued", (("pool", "think"),)) \
        in after
    for family in ("parlour_errors_total", "parlour_store_faults_total", "parlour_discord_rate_limited_total",
                   "parlour_budget_waits_total", "parlour_channel_write_waits_total", "parlour_backup_seconds_count"):
        assert any(n == family for n, _ in after), family  # present even while nothing went wrong


async def test_a_429_and_a_store_fault_are_counted(standin: LocalDiscord, tmp_path: Path) -> None:
    from bot.store.database import fault_from

    guild = standin.add_guild("Card club")
    alice = standin.add_user("alice")
    guild.add_member(alice)
    games = guild.add_text_channel("games")
    port = free_port()
    async with running(standin, tmp_path, metrics_port=port):
        before = await scrape(port)
        standin.rate_limit("create_message", times=1)
        await standin.slash(alice, games, "help")
        await open_table(standin, alice, games, "fan-tan", {}, computers=2)
        import sqlite3

        fault_from(sqlite3.OperationalError("database or disk is full"), tmp_path / "guilds" / "1.sqlite3")
        await standin.wait_for(lambda: not any(r.times_left for r in standin.rest.ratelimits), 10,
                               "the 429 to be answered")
        after = await scrape(port)
    assert total(after, "parlour_store_faults_total") > total(before, "parlour_store_faults_total")
    assert total(after, "parlour_discord_rate_limited_total") > total(before, "parlour_discord_rate_limited_total")


async def test_healthz_is_503_while_the_gateway_is_down_and_200_when_it_is_back(standin: LocalDiscord,
                                                                                 tmp_path: Path) -> None:
    port = free_port()
    async with running(standin, tmp_path, metrics_port=port) as bot:
        status, text = await health(port)
        assert (status, text) == (200, "ok\n")
        await standin.gateway_outage()
        text = await until_health(port, 503, 20, "/healthz to say 503")
        assert "disconnected from Discord's gateway" in text, text
        standin.gateway_back()
        assert await until_health(port, 200, 60, "/healthz back to 200") == "ok\n"
        assert bot.is_ready()
