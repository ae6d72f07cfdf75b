"""Running as a service: the log lines (plain and JSON), the summary line a minute, and slash commands
synced only when their definition changed."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.commands import sync
from bot.commands.sync import hash_file, sync_commands
from bot.runtime import logs
from bot.runtime.metrics import Metrics, percentile


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """Whatever ``logs.configure`` sends, and the logging set-up as it was afterwards."""
    root, library = logging.getLogger(), logging.getLogger("discord")
    saved = root.level, list(root.handlers), library.level
    stream = io.StringIO()
    yield stream
    for handler in list(root.handlers):
        if handler not in saved[1]:
            root.removeHandler(handler)
    root.setLevel(saved[0])
    library.setLevel(saved[2])
    logging.captureWarnings(False)


# --- logs ------------------------------------------------------------------------------------------------
def test_json_lines_carry_the_table_extras_and_the_traceback_on_one_line(captured: io.StringIO) -> None:
    logs.configure("INFO", "json", stream=captured)
    log = logging.getLogger("parlour.tables")
    log.info("table %s restored", 4, extra=logs.table_extra(123, 4))
    log.debug("not at INFO")
    try:
        raise ValueError("broken\nacross lines")
    except ValueError:
        log.exception("could not restore", extra={**logs.table_extra(123, 5), "attempt": 2})
    logging.getLogger("parlour.turns").warning("slow", extra=logs.table_extra(7, 8))
    lines = captured.getvalue().splitlines()
    assert len(lines) == 3
    first, second, third = (json.loads(line) for line in lines)
    assert first["message"] == "table 4 restored" and first["level"] == "INFO"
    assert first["logger"] == "parlour.tables" and (first["guild_id"], first["table_id"]) == (123, 4)
    assert first["time"].endswith("Z") and "traceback" not in first
    assert (second["table_id"], second["attempt"]) == (5, 2) and second["level"] == "ERROR"
    assert "Traceback" in second["traceback"] and "ValueError: broken\nacross lines" in second["traceback"]
    assert (third["guild_id"], third["table_id"], third["logger"]) == (7, 8, "parlour.turns")


def test_plain_lines_show_the_table_and_keep_discord_py_to_warnings(captured: io.StringIO) -> None:
    logs.configure("INFO", "plain", stream=captured)
    logging.getLogger("parlour.tables").info("restored", extra=logs.table_extra(123, 4))
    logging.getLogger("parlour.lobby").info("opened", extra=logs.table_extra(55))
    logging.getLogger("parlour").info("connected")
    logging.getLogger("discord.gateway").info("shard connected")  # discord.py's chatter: not at INFO
    logging.getLogger("discord.client").warning("PyNaCl is not installed, voice will NOT be supported")
    logging.getLogger("discord.http").warning("rate limited")
    lines = captured.getvalue().splitlines()
    assert len(lines) == 4, lines
    date, clock, rest = lines[0].split(" ", 2)
    assert len(date) == 10 and date[4] == "-" and len(clock) == 8 and clock[2] == ":"
    assert rest == "INFO parlour.tables: [guild 123 table 4] restored"
    assert lines[1].endswith("INFO parlour.lobby: [guild 55] opened")
    assert lines[2].endswith("INFO parlour: connected")
    assert lines[3].endswith("WARNING discord.http: rate limited")


def test_debug_lets_discord_py_speak_and_a_second_configure_replaces_the_first(captured: io.StringIO) -> None:
    logs.configure("WARNING", "plain", stream=io.StringIO())
    logs.configure("DEBUG", "json", stream=captured)
    logging.getLogger("discord.gateway").debug("heartbeat")
    logging.getLogger("parlour").debug("detail")
    said = [json.loads(line)["message"] for line in captured.getvalue().splitlines()]
    assert said == ["heartbeat", "detail"]
    with pytest.raises(ValueError):
        logs.configure("LOUD", "plain")


# --- metrics ---------------------------------------------------------------------------------------------
def test_the_summary_gives_the_minutes_figures_and_starts_again_after_each() -> None:
    metrics = Metrics()
    assert metrics.snapshot(0) == "summary: 0 live tables, 0 clicks, p95 response none, 0 errors"
    for ms in range(1, 101):  # 1 ms .. 100 ms: the 95th percentile is 95 ms
        metrics.click(ms / 1000)
    metrics.error()
    metrics.error()
    assert metrics.snapshot(12) == "summary: 12 live tables, 100 clicks, p95 response 95 ms, 2 errors"
    metrics.click(0.084)
    assert metrics.snapshot(1) == "summary: 1 live table, 1 click, p95 response 84 ms, 0 errors"
    assert metrics.snapshot(1) == "summary: 1 live table, 0 clicks, p95 response none, 0 errors"
    assert percentile([5.0, 1.0, 3.0], 0.95) == 5.0 and percentile([5.0, 1.0, 3.0], 0.5) == 3.0


async def test_run_logs_the_summary_every_period_until_cancelled(caplog: pytest.LogCaptureFixture) -> None:
    metrics = Metrics()
    tables = iter(range(3, 100))
    caplog.set_level(logging.INFO, logger="parlour.summary")
    metrics.click(0.2)

    def summaries() -> list[logging.LogRecord]:
        return [r for r in caplog.records if r.name == "parlour.summary"]

    async def logged(count: int) -> None:  # the period's line, however late a loaded machine runs it
        while len(summaries()) < count:
            await asyncio.sleep(0)

    task = asyncio.create_task(metrics.run(lambda: next(tables), every=0.05))
    await asyncio.wait_for(logged(1), 10)
    metrics.click(0.01)  # in the second period
    metrics.error()
    await asyncio.wait_for(logged(2), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    records = summaries()
    assert len(records) == 2 and all(r.levelno == logging.INFO for r in records)
    assert records[0].getMessage() == "summary: 3 live tables, 1 click, p95 response 200 ms, 0 errors"
    assert records[1].getMessage() == "summary: 4 live tables, 1 click, p95 response 10 ms, 1 error"
    assert records[1].__dict__["errors"] == 1 and records[1].__dict__["p95_ms"] == pytest.approx(10)


# --- command sync ----------------------------------------------------------------------------------------
class FakeTree:
    """What sync_commands uses of a CommandTree: its commands, and a sync that counts."""

    def __init__(self, commands: list[app_commands.Command[Any, ..., Any] | app_commands.Group]) -> None:
        self.commands = commands
        self.synced: list[discord.abc.Snowflake | None] = []
        self.allowed_contexts = app_commands.AppCommandContext()
        self.allowed_installs = app_commands.AppInstallationType()
        self.fail = False

    def get_commands(self, *, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        return list(self.commands)

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        if self.fail:
            raise discord.DiscordServerError(_Response(), "try later")  # type: ignore[arg-type]
        self.synced.append(guild)
        return []


class _Response:
    status, reason = 503, "Service Unavailable"


def play_command(description: str = "Open a table", with_seats: bool = False) -> app_commands.Command[Any, ..., Any]:
    if with_seats:
        async def play_seats(interaction: discord.Interaction, game: str, seats: int = 4) -> None: ...
        callback: Any = play_seats
    else:
        async def play(interaction: discord.Interaction, game: str) -> None: ...
        callback = play
    return app_commands.Command(name="play", description=description, callback=callback)


def table_group() -> app_commands.Group:
    group = app_commands.Group(name="table", description="The table here")

    async def status(interaction: discord.Interaction) -> None: ...
    group.add_command(app_commands.Command(name="status", description="Where the game is", callback=status))
    return group


async def test_commands_are_synced_only_when_their_definition_changed(tmp_path: Path) -> None:
    tree = FakeTree([play_command(), table_group()])
    assert await sync_commands(tree, tmp_path, None, leader=True) is True  # type: ignore[arg-type]
    assert tree.synced == [None] and hash_file(tmp_path, None).is_file()
    assert await sync_commands(tree, tmp_path, None, leader=True) is False  # type: ignore[arg-type]
    assert tree.synced == [None]
    tree.commands = [table_group(), play_command()]  # the same commands, registered in another order
    assert await sync_commands(tree, tmp_path, None, leader=True) is False  # type: ignore[arg-type]
    tree.commands = [play_command(with_seats=True), table_group()]  # a new option
    assert await sync_commands(tree, tmp_path, None, leader=True) is True  # type: ignore[arg-type]
    tree.commands = [play_command("Open a card table", with_seats=True), table_group()]  # a new description
    assert await sync_commands(tree, tmp_path, None, leader=True) is True  # type: ignore[arg-type]
    assert await sync_commands(tree, tmp_path, None, leader=True) is False  # type: ignore[arg-type]
    assert len(tree.synced) == 3
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


async def test_each_guild_is_its_own_scope_and_only_the_leader_syncs(tmp_path: Path) -> None:
    tree = FakeTree([play_command()])
    guild = discord.Object(987654321)
    assert await sync_commands(tree, tmp_path, guild, leader=False) is False  # type: ignore[arg-type]
    assert tree.synced == [] and not hash_file(tmp_path, guild).exists()
    assert await sync_commands(tree, tmp_path, guild, leader=True) is True  # type: ignore[arg-type]
    assert await sync_commands(tree, tmp_path, None, leader=True) is True  # type: ignore[arg-type]
    assert tree.synced == [guild, None] and hash_file(tmp_path, guild) != hash_file(tmp_path, None)
    assert "987654321" in hash_file(tmp_path, guild).name
    tree.commands = [play_command("Changed")]
    assert await sync_commands(tree, tmp_path, guild, leader=False) is False  # type: ignore[arg-type]


async def test_a_failed_sync_is_tried_again_next_time(tmp_path: Path) -> None:
    tree = FakeTree([play_command()])
    tree.fail = True
    with pytest.raises(discord.DiscordServerError):
        await sync_commands(tree, tmp_path, None, leader=True)  # type: ignore[arg-type]
    assert not hash_file(tmp_path, None).exists()
    tree.fail = False
    assert await sync_commands(tree, tmp_path, None, leader=True) is True  # type: ignore[arg-type]


async def test_an_unwritable_data_dir_syncs_every_time_and_says_so_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "file").write_text("")
    nowhere = tmp_path / "file" / "data"  # a folder that cannot be made, whoever runs the test
    sync._warned.discard(str(nowhere))
    tree = FakeTree([play_command()])
    for _ in range(3):
        assert await sync_commands(tree, nowhere, None, leader=True) is True  # type: ignore[arg-type]
    assert len(tree.synced) == 3
    warnings = [r for r in caplog.records if r.name == "parlour.commands" and r.levelno == logging.WARNING]
    assert len(warnings) == 1 and str(nowhere) in warnings[0].getMessage()


async def test_the_hash_is_of_what_a_real_tree_would_send(tmp_path: Path) -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    tree.add_command(play_command())
    calls: list[discord.abc.Snowflake | None] = []

    async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        calls.append(guild)
        return []

    tree.sync = sync  # type: ignore[method-assign]
    guild = discord.Object(42)
    assert await sync_commands(tree, tmp_path, guild, leader=True) is True  # no guild commands yet: [] is synced
    assert await sync_commands(tree, tmp_path, guild, leader=True) is False
    tree.copy_global_to(guild=guild)  # the guild now gets the global commands too: a change
    assert await sync_commands(tree, tmp_path, guild, leader=True) is True
    assert calls == [guild, guild]


def test_every_store_fault_kind_is_counted_from_the_start() -> None:
    """The exporter names the store's fault kinds itself (the plumbing and the store know nothing of
    each other): the two lists must agree."""
    from prometheus_client import generate_latest

    from bot.runtime import exporter
    from bot.store.errors import FAULT_KINDS

    text = generate_latest(exporter.REGISTRY).decode()
    for kind in FAULT_KINDS:
        assert f'parlour_store_faults_total{{kind="{kind}"}}' in text, kind


def test_the_leader_sums_the_clusters_figures() -> None:
    from bot.runtime.metrics import cluster_line

    reports = [{"live_tables": 4, "clicks": 100, "p95_ms": 80.0, "errors": 0},
               {"live_tables": 1, "clicks": 20, "p95_ms": None, "errors": 1},
               {"live_tables": 7, "clicks": 300, "p95_ms": 120.4, "errors": 2}]
    assert cluster_line(reports) == ("cluster summary: 3 processes, 12 live tables, 420 clicks, worst p95 response "
                                     "120 ms, 3 errors")
    assert cluster_line([]).endswith("0 processes, 0 live tables, 0 clicks, worst p95 response none, 0 errors")
