"""The local Discord's page API, as the browser uses it, with the real Parlour bot behind it: what a
member sees, what they may do, and the clear refusal of everything else (which changes nothing)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from localcord import Channel, Guild, LocalDiscord, Overwrite, User
from localcord.model import VIEW_CHANNEL
from tests.bot.parlour_harness import running
from tests.discord_spec import local_discord


class Page:
    """One member's page: the same requests app.js makes."""

    def __init__(self, http: aiohttp.ClientSession, base: str, user: User) -> None:
        self.http, self.base, self.user = http, base, user

    async def get(self, path: str, status: int = 200) -> Any:
        sep = "&" if "?" in path else "?"
        async with self.http.get(f"{self.base}{path}{sep}as={self.user.id}") as resp:
            body = await resp.json()
            assert resp.status == status, (resp.status, body)
            return body

    async def post(self, verb: str, status: int = 200, **body: Any) -> Any:
        async with self.http.post(f"{self.base}/web/{verb}", json={"as": str(self.user.id), **body}) as resp:
            answer = await resp.json()
            assert resp.status == status, (resp.status, answer)
            return answer

    async def messages(self, channel: Channel) -> list[dict[str, Any]]:
        return list((await self.get(f"/web/channels/{channel.id}/messages"))["messages"])


@pytest.fixture
async def local() -> AsyncIterator[LocalDiscord]:
    async with local_discord() as server:
        yield server
    server.assert_clean()


def club(local: LocalDiscord) -> tuple[Guild, User, User, Channel]:
    guild = local.add_guild("Card club")
    alice, bob = local.add_user("alice"), local.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    return guild, alice, bob, guild.add_text_channel("games")


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def button(message: dict[str, Any], label: str) -> str:
    for row in message["components"]:
        for c in row.get("components", []):
            if c.get("label") == label:
                return str(c["custom_id"])
    raise LookupError(label)


async def test_a_member_sees_their_channels_their_dm_and_the_commands(local: LocalDiscord, tmp_path: Path,
                                                                      http: aiohttp.ClientSession) -> None:
    guild, alice, bob, _games = club(local)
    secret = guild.add_text_channel("staff", overwrites=[Overwrite.for_role(guild.everyone, deny=VIEW_CHANNEL),
                                                        Overwrite.for_member(alice, allow=VIEW_CHANNEL)])
    async with running(local, tmp_path):
        state = await Page(http, local.http_base, bob).get("/web/state")
        assert state["me"] == {"id": str(bob.id), "name": "bob"}
        names = [c["name"] for c in state["channels"]]
        assert "games" in names and "staff" not in names
        assert {m["name"] for m in state["members"]} >= {"alice", "bob", "Parlour"}
        assert state["dms"][0]["name"] == "Parlour"
        assert {c["name"] for c in state["commands"]} >= {"play", "help", "rules", "table"}
        assert local.token not in json.dumps(state)  # no secret reaches the page
        assert "staff" in [c["name"] for c in (await Page(http, local.http_base, alice).get("/web/state"))["channels"]]
        await Page(http, local.http_base, bob).get(f"/web/channels/{secret.id}/messages", status=404)
        # Without ``as`` the page is the server owner's, the player of a fresh world.
        async with http.get(f"{local.http_base}/web/state") as resp:
            assert (await resp.json())["me"]["id"] == str(guild.owner_id)


async def test_a_game_opened_and_joined_from_the_page_with_private_hands(local: LocalDiscord, tmp_path: Path,
                                                                         http: aiohttp.ClientSession) -> None:
    guild, alice, bob, games = club(local)
    a, b = Page(http, local.http_base, alice), Page(http, local.http_base, bob)
    async with running(local, tmp_path):
        # the lobby is the command's own answer (type 4); alice deals: a hand at once
        assert await a.post("command", channel_id=str(games.id), path=["play", "dracula"],
                            options={"deals": 1, "first_dealer": 1}) == {"ok": True, "type": 4}
        lobby = (await a.messages(games))[-1]
        assert lobby["interaction"]["command"] == "play dracula" and lobby["author"]["bot"]
        await b.post("click", message_id=lobby["id"], custom_id=button(lobby, "Join"))
        lobby = next(m for m in await a.messages(games) if m["id"] == lobby["id"])
        await a.post("click", message_id=lobby["id"], custom_id=button(lobby, "Start"))
        table = await local.wait_for(lambda: next((c for c in guild.channels.values() if c.name != "games"
                                                   and c.type == 0 and c.messages), None), 10, "the table")
        # Each player's hand goes to their own DM: the other sees neither the channel nor its pictures.
        dm_a = await local.wait_for(lambda: local.dm_channel(alice) if local.dm_messages(alice) else None, 10,
                                    "alice's hand")
        hand = (await a.messages(dm_a))[-1]
        assert hand["attachments"] and hand["attachments"][0]["url"].startswith(f"/web/files/{hand['id']}/")
        await b.get(f"/web/channels/{dm_a.id}/messages", status=404)
        picture = hand["attachments"][0]["url"].split("?")[0]
        async with http.get(f"{local.http_base}{picture}?as={bob.id}") as resp:
            assert resp.status == 404
        async with http.get(f"{local.http_base}{picture}?as={alice.id}") as resp:
            assert resp.status == 200 and (await resp.read()).startswith(b"\x89PNG")
        before = len(local.world.interactions)
        await b.post("click", status=404, message_id=hand["id"], custom_id="pl:x")
        assert len(local.world.interactions) == before
        # "My hand" in the table channel answers alice alone, and bob cannot press its controls.
        table_message = next(m for m in await a.messages(table) if m["components"])
        await a.post("click", message_id=table_message["id"], custom_id=button(table_message, "My hand"))
        mine = await local.wait_for(lambda: [m for m in local.world.messages.values()
                                             if m.channel is table and m.ephemeral and m.attachments], 10, "the hand")
        shown = await a.messages(table)
        assert any(m["ephemeral"] and m["id"] == str(mine[0].id) for m in shown)
        assert all(m["id"] != str(mine[0].id) for m in await b.messages(table))
        await b.post("click", status=404, message_id=str(mine[0].id), custom_id=mine[0].components[0].custom_id)
        assert len(local.world.interactions) == before + 1
        # Dismissed, it is gone for good from alice's page.
        await a.post("dismiss", message_id=str(mine[0].id))
        assert all(m["id"] != str(mine[0].id) for m in await a.messages(table))


async def test_bad_input_is_refused_in_plain_words_and_changes_nothing(local: LocalDiscord, tmp_path: Path,
                                                                        http: aiohttp.ClientSession) -> None:
    guild, alice, bob, games = club(local)
    a = Page(http, local.http_base, alice)
    async with running(local, tmp_path):
        await a.post("command", channel_id=str(games.id), path=["play", "fosco"], options={})
        lobby = (await a.messages(games))[-1]
        before = (len(local.world.interactions), len(local.world.messages))
        cases: list[tuple[str, int, dict[str, Any], str]] = [
            ("command", 400, {"channel_id": str(games.id), "path": ["nope"]}, "no command /nope"),
            ("command", 400, {"channel_id": str(games.id), "path": ["play", "fosco"], "options": {"target": "x"}},
             "target must be a whole number"),
            ("command", 400, {"channel_id": str(games.id), "path": ["play", "fosco"], "options": {"colour": 1}},
             "has no option colour"),
            ("command", 400, {"channel_id": str(games.id), "path": ["play", "fosco"], "options": {"target": 9999}},
             "within"),
            ("command", 400, {"channel_id": "abc", "path": ["help"]}, "not a number"),
            ("click", 409, {"message_id": lobby["id"], "custom_id": "pl:l:999:join"}, "isn't on the message"),
            ("click", 404, {"message_id": "12345", "custom_id": button(lobby, "Join")}, "isn't here"),
            ("select", 409, {"message_id": lobby["id"], "custom_id": button(lobby, "Join"), "values": []},
             "menu isn't on the message"),
            ("send", 400, {"channel_id": str(games.id), "content": "  "}, "Type a message"),
            ("rename", 400, {"user_id": str(bob.id), "name": "x" * 40}, "1 to 32"),
        ]
        for verb, status, body, words in cases:
            answer = await a.post(verb, status=status, **body)
            assert words in answer["error"], (verb, answer)
        async with http.post(f"{local.http_base}/web/click", data=b"{not json") as resp:
            assert resp.status == 400 and "JSON" in (await resp.json())["error"]
        async with http.post(f"{local.http_base}/web/click", json={"as": "1", "message_id": lobby["id"]}) as resp:
            assert resp.status == 404 and "no such member" in (await resp.json())["error"]
        assert (len(local.world.interactions), len(local.world.messages)) == before
        assert [c.name for c in guild.channels.values()] == ["games"]


async def test_selects_take_only_offered_values_within_their_range(local: LocalDiscord, http: aiohttp.ClientSession,
                                                                   tmp_path: Path) -> None:
    _guild, alice, _bob, games = club(local)
    menu = {"type": 1, "components": [{"type": 3, "custom_id": "pick", "min_values": 1, "max_values": 2, "options": [
        {"label": n, "value": n} for n in ("a", "b", "c")]}]}
    message = local.rest.member_message(games, local.world.bot, "choose")
    message.components_raw = [menu]
    a = Page(http, local.http_base, alice)
    for values, words in ((["z"], "isn't offered"), (["a", "b", "c"], "from 1 to 2"), ([], "from 1 to 2"),
                          (["a", "a"], "isn't offered")):
        assert words in (await a.post("select", status=400, message_id=str(message.id), custom_id="pick",
                                      values=values))["error"]
    menu["components"][0]["disabled"] = True
    assert "disabled" in (await a.post("select", status=409, message_id=str(message.id), custom_id="pick",
                                       values=["a"]))["error"]
    # With no bot connected, a valid choice is answered that the bot is not there.
    menu["components"][0]["disabled"] = False
    assert "not connected" in (await a.post("select", status=503, message_id=str(message.id), custom_id="pick",
                                            values=["a"]))["error"]


async def test_the_live_socket_pushes_what_the_member_may_see(local: LocalDiscord, http: aiohttp.ClientSession) -> None:
    _guild, alice, bob, games = club(local)
    frames: dict[str, list[dict[str, Any]]] = {"alice": [], "bob": []}

    async def listen(user: User, into: list[dict[str, Any]]) -> aiohttp.ClientWebSocketResponse:
        ws = await http.ws_connect(f"{local.http_base}/web/live?as={user.id}")

        async def read() -> None:
            async for msg in ws:
                into.append(json.loads(msg.data))

        asyncio.get_running_loop().create_task(read())
        return ws

    sockets = [await listen(alice, frames["alice"]), await listen(bob, frames["bob"])]
    await local.wait_for(lambda: len(local.page.viewers) == 2, 5, "two pages")
    await Page(http, local.http_base, alice).post("send", channel_id=str(games.id), content="hello **all**")
    said = await local.wait_for(lambda: [f for f in frames["bob"] if f["type"] == "message"], 5, "the message")
    assert said[0]["message"]["content"] == "hello **all**" and said[0]["message"]["author"]["name"] == "alice"
    dm = local.world.dm_channel(alice)
    local.rest.member_message(dm, local.world.bot, "your cards")
    await local.wait_for(lambda: any(f["type"] == "message" and f["message"]["content"] == "your cards"
                                     for f in frames["alice"]), 5, "alice's DM")
    assert not any(f.get("message", {}).get("content") == "your cards" for f in frames["bob"])
    await Page(http, local.http_base, bob).post("rename", user_id=str(bob.id), name="Bobby")
    renamed = await local.wait_for(lambda: [f for f in frames["alice"] if f["type"] == "state"], 5, "a new state")
    assert "Bobby" in [m["name"] for m in renamed[-1]["state"]["members"]]
    for ws in sockets:
        await ws.close()


async def test_the_slash_box_types_options_and_asks_the_bot_for_suggestions(local: LocalDiscord,
                                                                            http: aiohttp.ClientSession) -> None:
    from tests.bot.e2e.test_standin import make_bot

    _guild, alice, bob, games = club(local)
    a = Page(http, local.http_base, alice)
    async with local.running(make_bot()) as bot:
        await bot.tree.sync()
        commands = {c["name"] for c in (await a.get("/web/state"))["commands"]}
        assert {"play", "rules", "table"} <= commands and "parlour" not in commands  # for managers only
        suggested = await a.post("autocomplete", channel_id=str(games.id), path=["rules"], options={"game": "dr"},
                                 focused="game")
        assert suggested == {"choices": [{"name": "Dracula", "value": "dracula"}]}
        assert "whole number" in (await a.post("command", status=400, channel_id=str(games.id), path=["play"],
                                               options={"game": "fosco", "seats": 2.5}))["error"]
        await a.post("command", channel_id=str(games.id), path=["play"],
                     options={"game": "fosco", "seats": 3, "ranked": True, "rival": str(bob.id)})
        lobby = (await a.messages(games))[-1]
        assert lobby["embeds"][0]["description"] == "3 seats, ranked=True"
        assert lobby["embeds"][0]["fields"][0]["value"] == "bob"
        assert lobby["embeds"][0]["image"]["url"] == lobby["attachments"][0]["url"]  # the picture, served to the page
        await a.post("command", channel_id=str(games.id), path=["table", "status"], options={})
        assert (await a.messages(games))[-1]["ephemeral"]
