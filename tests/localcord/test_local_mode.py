"""Parlour Local: ``python -m bot`` without a token starts the local Discord and the bot in one process,
keeps the local world in the data folder, and comes back to it after a stop; ``--discord`` never falls
back to it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from localcord import LocalDiscord
from localcord.persist import WorldFile

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n" + bytes(30)


def environ(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), PARLOUR_DATA_DIR=str(data), PARLOUR_WORKERS="0", PARLOUR_AI_DELAY="0")
    return env


def start(cwd: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "bot", *args], cwd=cwd, env=environ(cwd / "data"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"open (http://127\.0\.0\.1:\d+) in your browser", line)
    assert found, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, found[1]


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def stop(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> str:
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()  # never left behind, whatever the test found
        raise
    assert proc.returncode == 0, err
    return err


def test_without_a_token_parlour_local_starts_says_where_and_keeps_its_world(tmp_path: Path) -> None:
    proc, url = start(tmp_path, "--port", "0")
    try:
        state = get(f"{url}/web/state")
        assert state["guild"]["name"] == "Parlour Local" and state["me"]["name"] == "Alex"
        assert sorted(m["name"] for m in state["members"] if not m["bot"]) == ["Alex", "Blair", "Casey", "Devon"]
        general = next(c for c in state["channels"] if c["name"] == "general")
        welcome = get(f"{url}/web/channels/{general['id']}/messages")["messages"]
        assert "Welcome to Parlour Local" in welcome[0]["content"]
        deadline = time.monotonic() + 20  # the bot registers its commands once connected
        while not get(f"{url}/web/state")["commands"] and time.monotonic() < deadline:
            time.sleep(0.1)
        post(f"{url}/web/send", {"as": state["me"]["id"], "channel_id": general["id"], "content": "back soon"})
        post(f"{url}/web/rename", {"as": state["me"]["id"], "user_id": state["me"]["id"], "name": "Sam"})
        assert get(f"{url}/web/state")["commands"], "the bot never synced its commands"
        html = urllib.request.urlopen(url, timeout=10).read().decode()
        assert "<title>Parlour Local</title>" in html
    finally:
        err = stop(proc)
    assert "Traceback" not in err and "voice" not in err
    assert (tmp_path / "data" / "local" / "world.sqlite3").is_file()
    again, url = start(tmp_path, "--port", "0")
    try:
        state = get(f"{url}/web/state")
        assert state["me"]["name"] == "Sam"
        general = next(c for c in state["channels"] if c["name"] == "general")
        said = [m["content"] for m in get(f"{url}/web/channels/{general['id']}/messages")["messages"]]
        assert said[-1] == "back soon" and len(said) == 2
    finally:
        stop(again, signal.SIGINT)


def test_discord_mode_refuses_to_start_without_a_token(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "bot", "--discord"], cwd=tmp_path, env=environ(tmp_path / "d"),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "developers" in lines[0]
    assert not (tmp_path / "d").exists()
    assert (ROOT / "Procfile").read_text().split() == ["worker:", "python", "-m", "bot", "--discord"]


def test_a_port_in_use_is_said_plainly(tmp_path: Path) -> None:
    proc, url = start(tmp_path, "--port", "0")
    try:
        port = url.rsplit(":", 1)[1]
        result = subprocess.run([sys.executable, "-m", "bot", "--local", "--port", port], cwd=tmp_path / "data",
                                env=environ(tmp_path / "other"), capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in result.stderr
        assert "Traceback" not in result.stderr
    finally:
        stop(proc)


async def test_the_world_file_keeps_every_channel_message_picture_and_reply(tmp_path: Path) -> None:
    async with LocalDiscord() as local:
        guild = local.add_guild("Club")
        alice = local.add_user("alice")
        guild.add_member(alice)
        games = guild.add_text_channel("games", topic="cards")
        thread_parent = guild.add_category("Tables")
        table = guild.add_text_channel("table-1", category=thread_parent)
        file = WorldFile(tmp_path / "world.sqlite3")
        file.attach(local.world)
        said = local.rest.member_message(games, alice, "hi")
        shown = local.rest.member_message(table, local.world.bot, "the table")
        local.rest._apply(shown, {"embeds": [{"title": "T", "image": {"url": "attachment://t.png"}}]},
                          {0: ("t.png", PNG)})
        local.rest.member_message(local.world.dm_channel(alice), local.world.bot, "your hand")
        gone = local.rest.member_message(games, alice, "oops")
        local.rest._delete(gone)
        file.close()
        before = {m.id: m.to_json() for m in local.world.messages.values() if not m.deleted}
        old_base = local.http_base
    loaded = WorldFile(tmp_path / "world.sqlite3").load()
    assert loaded is not None
    after = {m.id: m.to_json() for m in loaded.messages.values()}
    assert after == before and gone.id not in after
    assert loaded.guilds[guild.id].channels[table.id].parent_id == thread_parent.id
    assert [m.content for m in loaded.channels[games.id].messages] == ["hi"]
    assert loaded.messages[shown.id].attachments[0].data == PNG
    assert loaded.users[alice.id].name == "alice" and loaded.dm_channels[alice.id].messages[0].content == "your hand"
    assert loaded.ids.next() > max(after)
    async with LocalDiscord(world=loaded) as again:  # on another port, pictures follow the new address
        picture = again.world.messages[shown.id]
        assert again.http_base != old_base
        assert picture.attachments[0].url.startswith(again.http_base)
        assert picture.embeds[0]["image"]["url"] == picture.attachments[0].url
    assert said.id in after


def test_an_open_address_is_warned_of_and_requests_are_checked_when_asked(tmp_path: Path) -> None:
    """--host beyond this machine says plainly that anyone reaching it can act as any member, on the
    terminal and on the page; --openapi checks the bot's requests against Discord's description."""
    from tests.discord_spec import SPEC

    proc = subprocess.Popen([sys.executable, "-m", "bot", "--host", "0.0.0.0", "--port", "0", "--openapi", str(SPEC)],
                            cwd=tmp_path, env=environ(tmp_path / "data"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first, second = proc.stdout.readline(), proc.stdout.readline()
    url = re.search(r"open (http://127\.0\.0\.1:\d+)", first)
    try:
        assert url and "anyone who can reach" in second and "act as any member" in second
        state = get(f"{url[1]}/web/state")
        assert "act as any member" in state["warning"]
        deadline = time.monotonic() + 20
        while not get(f"{url[1]}/web/state")["commands"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        err = stop(proc)
    assert "Discord would refuse" not in err  # every request the bot made on the way was valid
