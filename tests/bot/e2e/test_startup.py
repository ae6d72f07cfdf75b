"""Starting `python -m bot` as a host would: `.env` read from the working directory, and every way it
can fail to start said in one line (exit 2 for a setting, exit 1 for Discord or the network), with the
traceback only under --debug. Discord is a local stand-in on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

from localcord import LocalDiscord

ROOT = Path(__file__).resolve().parents[3]
# A log line (plain format) that may come before the one line about the failure.
LOG_LINE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (DEBUG|INFO) [\w.]+: ")
SETTINGS = ("DISCORD_TOKEN", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "SHARD_COUNT", "SHARD_IDS",
            "PARLOUR_DEV_GUILD", "PARLOUR_AI_DELAY", "PARLOUR_WORKERS", "PARLOUR_LOG_LEVEL", "PARLOUR_LOG_FORMAT",
            "PARLOUR_DATA_DIR")


def environ(tmp: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env.update(PYTHONPATH=str(ROOT), PARLOUR_DATA_DIR=str(tmp / "data"), PARLOUR_WORKERS="0", **settings)
    return env


def bot(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60)


async def bot_async(cwd: Path, env: dict[str, str], *args: str) -> tuple[int, str]:
    """The bot run beside a stand-in served by this test's event loop."""
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", *args, cwd=cwd, env=env,
                                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _, err = await asyncio.wait_for(proc.communicate(), 60)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def the_one_line(stderr: str) -> str:
    """The failure, said in one line at the end (after any ordinary log lines), with no traceback."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    said = [line for line in lines if line.startswith("parlour: ")]
    assert len(said) == 1 and lines[-1] == said[0], stderr
    assert all(LOG_LINE.match(line) for line in lines[:-1]), stderr
    return said[0]


def test_dotenv_is_read_from_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("# a host's settings\nPARLOUR_AI_DELAY=nan\n")
    result = bot(tmp_path, environ(tmp_path))
    assert result.returncode == 2
    line = the_one_line(result.stderr)
    assert line == "parlour: PARLOUR_AI_DELAY must be a number of seconds from 0 to 60, not 'nan'"
    assert not (tmp_path / "data").exists()  # nothing was started


def test_the_environment_wins_over_dotenv(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("PARLOUR_AI_DELAY=1\nSHARD_COUNT=0\n")
    result = bot(tmp_path, environ(tmp_path, SHARD_COUNT="2", SHARD_IDS="0,0"))
    assert result.returncode == 2
    line = the_one_line(result.stderr)
    assert line.startswith("parlour: SHARD_IDS must be shard numbers from 0 to 1") and "twice" in line


def test_a_utf16_dotenv_is_said_in_one_line(tmp_path: Path) -> None:
    (tmp_path / ".env").write_bytes("DISCORD_TOKEN=abc\n".encode("utf-16"))
    result = bot(tmp_path, environ(tmp_path), "--discord")
    assert result.returncode != 0
    line = the_one_line(result.stderr)
    assert str(tmp_path / ".env") in line and "UTF-16" in line and "UTF-8" in line


async def test_a_wrong_token_is_one_line_and_debug_shows_the_traceback(tmp_path: Path) -> None:
    async with LocalDiscord() as local:
        env = environ(tmp_path, DISCORD_TOKEN="wrong", DISCORD_API_BASE=local.api_base,
                      DISCORD_GATEWAY_URL=local.gateway_url)
        code, err = await bot_async(tmp_path, env, "--discord")
        assert code == 1
        line = the_one_line(err)
        assert line.startswith("parlour: Discord did not accept DISCORD_TOKEN") and "Reset Token" in line
        code, err = await bot_async(tmp_path, env, "--discord", "--debug")
        assert code == 1
        assert "Traceback (most recent call last)" in err and "discord.errors.LoginFailure" in err
        assert err.strip().splitlines()[-1] == line


def test_no_network_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = environ(tmp_path, DISCORD_TOKEN="anything", DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10")
    result = bot(tmp_path, env, "--discord")
    assert result.returncode == 1
    line = the_one_line(result.stderr)
    assert line.startswith(f"parlour: cannot reach Discord at 127.0.0.1:{port}") and "network" in line


def test_each_way_discord_can_refuse_to_start_has_its_own_line() -> None:
    import aiohttp
    import discord
    from aiohttp.client_reqrep import ConnectionKey

    from bot.__main__ import startup_problem

    class Socket:
        close_code = 4011

    key = ConnectionKey("discord.example", 443, True, True, None, None, None)
    refused = aiohttp.ClientConnectorError(key, ConnectionRefusedError(111, "Connect call failed"))
    said = {
        "intents": startup_problem(discord.PrivilegedIntentsRequired(None)),
        "gateway": startup_problem(discord.GatewayNotFound()),
        "timeout": startup_problem(TimeoutError()),
        "refused": startup_problem(refused),
        "unreachable": startup_problem(OSError(101, "Network is unreachable")),
        "shards": startup_problem(discord.ConnectionClosed(Socket(), shard_id=0)),  # type: ignore[arg-type]
    }
    assert "privileged intents" in str(said["intents"]) and "gateway" in str(said["gateway"])
    assert "in time" in str(said["timeout"])
    assert str(said["refused"]).startswith("cannot reach Discord at discord.example:443 (connection refused)")
    assert "network is unreachable" in str(said["unreachable"]) and "SHARD_COUNT" in str(said["shards"])
    assert all(text and "\n" not in text for text in said.values())
    assert startup_problem(ValueError("a bug")) is None  # not a way to fail at start: its traceback is shown
