"""The page: what a member of the local Discord sees and does, in a browser.

Served beside the REST API and the gateway by the same aiohttp application. The page's own API (JSON;
``as`` is the acting member's user id, and every id is a string):

- ``GET /web/state?as=`` — who you are, the members, the guild's channels and threads you may see,
  your DM with the bot, the commands you may use, and a warning to show (or null).
- ``GET /web/channels/{id}/messages?as=`` — the channel's messages you may see, oldest first, with
  your own ephemeral replies.
- ``GET /web/files/{message}/{attachment}/{name}?as=`` — a picture of a message you may see.
- ``WS /web/live?as=`` — pushes ``{"type": "message", "message"}``, ``{"type": "delete", "id",
  "channel_id"}`` and ``{"type": "state", "state"}`` as they happen.
- ``POST /web/command | autocomplete | click | select | dismiss | send | rename`` — act as the member.

Every request is checked as Discord would: a member acts only in channels they can see, on messages
they can see (never another member's ephemeral reply or DM), on components that are there and
enabled, with values a select offers. Bad input is answered ``{"error": "plain words"}`` and changes
nothing. No token reaches the page: interaction tokens and the bot's token stay here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from aiohttp import WSMsgType, web

from .model import SEND_MESSAGES, Channel, Guild, InteractionRecord, Message, User, World
from .rest.api import Rest
from .rest.handlers import SEND_IN_THREADS


class Acting(Protocol):
    """What the page asks of the local Discord it fronts (``LocalDiscord``): its world, and acting as
    a member does. Named here so that the server, which makes the page, is the only one of the two
    that imports the other."""

    @property
    def world(self) -> World: ...

    @property
    def rest(self) -> Rest: ...

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]: ...

    async def slash(self, user: User, channel: Channel, *path: str, options: Mapping[str, Any] | None = None,
                    wait: bool = True) -> InteractionRecord: ...

    async def autocomplete(self, user: User, channel: Channel, *path: str, options: Mapping[str, Any],
                           focused: str) -> list[dict[str, Any]]: ...

    async def click(self, user: User, message: Message, custom_id: str | None = None, *, label: str | None = None,
                    wait: bool = True) -> InteractionRecord: ...

    async def select(self, user: User, message: Message, custom_id: str | None = None, values: Sequence[str] = (),
                     *, wait: bool = True) -> InteractionRecord: ...

STATIC = Path(__file__).resolve().parent / "static"
NOT_CONNECTED = "Parlour is not connected yet (it may still be starting). Try again in a moment."
NO_ANSWER = "Parlour did not respond in time."
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Refused(Exception):
    """Bad input from the page: answered with its words and a status, nothing changed."""

    def __init__(self, text: str, status: int = 400) -> None:
        super().__init__(text)
        self.status = status


class Viewer:
    """One open page: its member and the socket that pushes changes to it."""

    def __init__(self, user: User, ws: web.WebSocketResponse) -> None:
        self.user, self.ws = user, ws
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    async def pump(self) -> None:
        while (frame := await self.queue.get()) is not None:
            if self.ws.closed:
                return
            await self.ws.send_str(json.dumps(frame))


class Page:
    def __init__(self, discord: Acting) -> None:
        self.discord = discord
        self.world = discord.world
        self.viewers: set[Viewer] = set()
        self.warning: str | None = None
        self._state_due = False
        self.world.listeners.append(self._changed)

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/", self.index)
        app.router.add_static("/static/", STATIC)
        app.router.add_get("/web/state", self._json(self.state))
        app.router.add_get("/web/channels/{channel_id}/messages", self._json(self.messages))
        app.router.add_get("/web/files/{message_id}/{attachment_id}/{filename}", self._json(self.file))
        app.router.add_get("/web/live", self.live)
        for name in ("command", "autocomplete", "click", "select", "dismiss", "send", "rename"):
            app.router.add_post(f"/web/{name}", self._json(getattr(self, name)))

    async def close(self) -> None:
        for viewer in list(self.viewers):
            await viewer.ws.close()

    # --- plumbing ------------------------------------------------------------------------------------
    def _json(self, handler: Callable[[web.Request], Awaitable[Any]]) -> Handler:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            try:
                result = await handler(request)
            except Refused as e:
                return web.json_response({"error": str(e)}, status=e.status)
            if isinstance(result, web.StreamResponse):
                return result
            return web.json_response(result, headers={"Cache-Control": "no-store"})

        return wrapped

    @staticmethod
    async def _body(request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Refused("The request was not valid JSON.") from None
        if not isinstance(body, dict):
            raise Refused("The request was not a JSON object.")
        return body

    def member(self, raw: Any) -> User:
        """The acting member (``as``); by default the first guild's owner, the player of a fresh world."""
        if raw in (None, ""):
            guild = next(iter(self.world.guilds.values()), None)
            if guild is None:
                raise Refused("This Discord has no server yet.", 503)
            return self.world.users[guild.owner_id]
        user = self.world.users.get(_int(raw, "member"))
        if user is None or user.bot or not any(user.id in g.members for g in self.world.guilds.values()):
            raise Refused("There is no such member.", 404)
        return user

    def guild_of(self, user: User) -> Guild:
        guild = next((g for g in self.world.guilds.values() if user.id in g.members), None)
        if guild is None:
            raise Refused("That member is in no server.", 404)
        return guild

    def can_view(self, user: User, channel: Channel) -> bool:
        if channel.deleted:
            return False
        if channel.guild is None:
            return channel.recipient is user
        return channel.guild.can_view(user.id, channel)

    def can_see(self, user: User, message: Message) -> bool:
        if message.deleted or message.dismissed or not self.can_view(user, message.channel):
            return False
        if message.ephemeral:
            return message.interaction is not None and message.interaction.user is user
        return True

    def channel(self, user: User, raw: Any) -> Channel:
        channel = self.world.channels.get(_int(raw, "channel"))
        if channel is None or not self.can_view(user, channel):
            raise Refused("You can't see that channel (it may have been deleted).", 404)
        return channel

    def message(self, user: User, raw: Any) -> Message:
        message = self.world.messages.get(_int(raw, "message"))
        if message is None or not self.can_see(user, message):
            raise Refused("That message isn't here any more.", 404)
        return message

    # --- what a member sees --------------------------------------------------------------------------
    def state_of(self, user: User) -> dict[str, Any]:
        guild = self.guild_of(user)
        bot = self.world.bot
        dm = self.world.dm_channel(user)
        perms = guild.base_permissions(user.id)
        commands = []
        for scope in (guild.id, None):
            for command in self.world.commands.get(scope, []):
                needed = int(command.get("default_member_permissions") or 0)
                if command.get("type", 1) == 1 and perms & needed == needed:
                    commands.append(command)
        channels = [c for c in guild.channels.values() if not c.deleted and self._listed(user, c)]
        return {
            "me": {"id": str(user.id), "name": user.name},
            "members": [{"id": str(m.user.id), "name": m.user.name, "bot": m.user.bot} for m in guild.members.values()],
            "guild": {"id": str(guild.id), "name": guild.name},
            "bot": {"id": str(bot.id), "name": bot.name},
            "channels": [{"id": str(c.id), "name": c.name, "type": c.type,
                          "parent_id": str(c.parent_id) if c.parent_id else None, "position": c.position,
                          "archived": c.archived, "locked": c.locked} for c in channels],
            "dms": [{"id": str(dm.id), "name": bot.name, "type": 1}],
            "commands": commands,
            "warning": self.warning,
        }

    def _listed(self, user: User, channel: Channel) -> bool:
        if channel.type != 4:
            return self.can_view(user, channel)
        assert channel.guild is not None
        return any(c.parent_id == channel.id and not c.deleted and self.can_view(user, c)
                   for c in channel.guild.channels.values())

    def message_json(self, message: Message, user: User) -> dict[str, Any]:
        files = {a.url: f"/web/files/{message.id}/{a.id}/{quote(a.filename)}?as={user.id}"
                 for a in message.attachments}
        embeds = []
        for embed in message.embeds:
            embed = dict(embed)
            for key in ("image", "thumbnail"):
                if isinstance(embed.get(key), dict) and embed[key].get("url") in files:
                    url = files[embed[key]["url"]]
                    embed[key] = {**embed[key], "url": url, "proxy_url": url}
            embeds.append(embed)
        rec = message.interaction
        interaction = None
        if rec is not None:
            interaction = {"user": {"id": str(rec.user.id), "name": rec.user.name},
                           "command": _command_path(rec.payload.get("data")) if rec.type == 2 else None}
        return {
            "id": str(message.id), "channel_id": str(message.channel.id),
            "author": {"id": str(message.author.id), "name": message.author.name, "bot": message.author.bot},
            "content": message.content, "embeds": embeds,
            "attachments": [{**{k: v for k, v in a.to_json().items() if k not in ("url", "proxy_url")},
                             "url": files[a.url]} for a in message.attachments],
            "components": message.components_raw, "ephemeral": message.ephemeral, "loading": message.loading,
            "edited": message.edited_timestamp is not None, "timestamp": message.timestamp,
            "interaction": interaction,
        }

    async def index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def state(self, request: web.Request) -> Any:
        return self.state_of(self.member(request.query.get("as")))

    async def messages(self, request: web.Request) -> Any:
        user = self.member(request.query.get("as"))
        channel = self.channel(user, request.match_info["channel_id"])
        limit = min(max(_int(request.query.get("limit", "100"), "limit"), 1), 200)
        shown = [m for m in self.world.messages.values() if m.channel is channel and self.can_see(user, m)]
        shown.sort(key=lambda m: m.id)
        return {"messages": [self.message_json(m, user) for m in shown[-limit:]]}

    async def file(self, request: web.Request) -> Any:
        user = self.member(request.query.get("as"))
        message = self.message(user, request.match_info["message_id"])
        wanted = _int(request.match_info["attachment_id"], "attachment")
        for a in message.attachments:
            if a.id == wanted:
                return web.Response(body=a.data, content_type=a.content_type,
                                    headers={"Cache-Control": "private, max-age=86400"})
        raise Refused("That picture isn't here any more.", 404)

    # --- live updates --------------------------------------------------------------------------------
    async def live(self, request: web.Request) -> web.StreamResponse:
        try:
            user = self.member(request.query.get("as"))
        except Refused as e:
            return web.json_response({"error": str(e)}, status=e.status)
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        viewer = Viewer(user, ws)
        self.viewers.add(viewer)
        pump = asyncio.create_task(viewer.pump())
        try:
            async for msg in ws:
                if msg.type is WSMsgType.ERROR:
                    break
        finally:
            self.viewers.discard(viewer)
            viewer.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await pump
        return ws

    def _changed(self, kind: str, subject: Any) -> None:
        if not self.viewers:
            return
        if kind == "message":
            for viewer in self.viewers:
                if self.can_see(viewer.user, subject):
                    viewer.queue.put_nowait({"type": "message", "message": self.message_json(subject, viewer.user)})
        elif kind == "delete":
            for viewer in self.viewers:
                if self.can_view(viewer.user, subject.channel) or subject.channel.deleted:
                    viewer.queue.put_nowait({"type": "delete", "id": str(subject.id),
                                             "channel_id": str(subject.channel.id)})
        elif kind in ("structure", "commands") and not self._state_due:
            self._state_due = True  # many changes in one moment (a table's channel, its overwrites): one push
            asyncio.get_running_loop().call_soon(self._push_state)

    def _push_state(self) -> None:
        self._state_due = False
        for viewer in self.viewers:
            with contextlib.suppress(Refused):
                viewer.queue.put_nowait({"type": "state", "state": self.state_of(viewer.user)})

    # --- acting --------------------------------------------------------------------------------------
    async def _answered(self, start: Callable[[], Awaitable[Any]]) -> dict[str, Any]:
        """Sends the interaction and waits (Discord's 3 seconds) for the bot to acknowledge it."""
        try:
            rec = await start()
        except RuntimeError:  # no gateway session: the bot is not connected
            raise Refused(NOT_CONNECTED, 503) from None
        except (PermissionError, LookupError, ValueError, TypeError) as e:
            raise Refused(str(e)) from None
        try:
            await asyncio.wait_for(rec.responded.wait(), self.discord.rest.interaction_deadline)
        except TimeoutError:
            raise Refused(NO_ANSWER, 504) from None
        # 4 or 7: the answer is already shown (a message of its own, or this one updated); 5 or 6:
        # acknowledged, the message it changes is still to come
        return {"ok": True, "type": rec.response_type}

    async def command(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        channel = self.channel(user, body.get("channel_id"))
        path, options = self._command_input(user, channel, body)
        return await self._answered(lambda: self.discord.slash(user, channel, *path, options=options, wait=False))

    async def autocomplete(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        channel = self.channel(user, body.get("channel_id"))
        focused = body.get("focused")
        path, options = self._command_input(user, channel, body, focused=focused)
        try:
            choices = await self.discord.autocomplete(user, channel, *path, options=options, focused=str(focused))
        except RuntimeError:
            raise Refused(NOT_CONNECTED, 503) from None
        except AssertionError:
            raise Refused(NO_ANSWER, 504) from None
        except (PermissionError, LookupError, ValueError, TypeError) as e:
            raise Refused(str(e)) from None
        return {"choices": choices}

    def _command_input(self, user: User, channel: Channel, body: dict[str, Any],
                       focused: Any = None) -> tuple[list[str], dict[str, Any]]:
        """The command's path and its options typed as the command declares them (the page sends JSON)."""
        path, raw = body.get("path"), body.get("options") or {}
        if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
            raise Refused("Name the command to run.")
        if not isinstance(raw, dict):
            raise Refused("The command's options were not understood.")
        try:
            command = self.discord.command(path[0], channel.guild)
        except LookupError:
            raise Refused(f"There is no command /{path[0]}.") from None
        defs = command.get("options") or []
        for part in path[1:]:
            found = next((o for o in defs if o["name"] == part and o["type"] in (1, 2)), None)
            if found is None:
                raise Refused(f"/{path[0]} has no subcommand {part}.")
            defs = found.get("options") or []
        options: dict[str, Any] = {}
        for name, value in raw.items():
            d = next((o for o in defs if o["name"] == name), None)
            if d is None:
                raise Refused(f"/{' '.join(path)} has no option {name}.")
            options[name] = value if name == focused else self._typed(user, channel, d, value)
        return path, options

    def _typed(self, user: User, channel: Channel, d: dict[str, Any], value: Any) -> Any:
        kind, name = d["type"], d["name"]
        try:
            if kind == 3:
                return str(value)
            if kind == 4:
                number = float(value)
                if not number.is_integer():
                    raise ValueError
                return int(number)
            if kind == 10:
                return float(value)
            if kind == 5:
                if isinstance(value, bool):
                    return value
                if str(value).lower() in ("true", "false"):
                    return str(value).lower() == "true"
                raise ValueError
        except (TypeError, ValueError):
            kinds = {4: "a whole number", 10: "a number", 5: "true or false"}
            raise Refused(f"{name} must be {kinds[kind]}.") from None
        if kind == 6:
            target = self.world.users.get(_int(value, name))
            if target is None or (channel.guild is not None and target.id not in channel.guild.members):
                raise Refused(f"{name}: there is no such member.")
            return target
        if kind == 7:
            return self.channel(user, value)
        if kind == 8 and channel.guild is not None:
            role = channel.guild.roles.get(_int(value, name))
            if role is None:
                raise Refused(f"{name}: there is no such role.")
            return role
        raise Refused(f"{name}: this kind of option can't be given here.")

    async def click(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        message = self.message(user, body.get("message_id"))
        custom_id = body.get("custom_id")
        button = next((c for c in message.components if c.custom_id == custom_id and custom_id), None)
        if button is None or button.type != 2:
            raise Refused("That button isn't on the message any more.", 409)
        if button.disabled:
            raise Refused("That button is disabled.", 409)
        return await self._answered(lambda: self.discord.click(user, message, button.custom_id, wait=False))

    async def select(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        message = self.message(user, body.get("message_id"))
        custom_id, values = body.get("custom_id"), body.get("values")
        menu = next((c for c in message.components if c.custom_id == custom_id and custom_id), None)
        if menu is None or menu.type != 3:
            raise Refused("That menu isn't on the message any more.", 409)
        if menu.disabled:
            raise Refused("That menu is disabled.", 409)
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise Refused("Choose from the menu's options.")
        if set(values) - set(menu.values) or len(set(values)) != len(values):
            raise Refused("That choice isn't offered.")
        low, high = menu.raw.get("min_values", 1), menu.raw.get("max_values", 1)
        if not low <= len(values) <= high:
            raise Refused(f"Choose {low} option{'s' * (low != 1)}." if low == high else
                          f"Choose from {low} to {high} options.")
        return await self._answered(lambda: self.discord.select(user, message, custom_id, values, wait=False))

    async def dismiss(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        message = self.message(user, body.get("message_id"))
        if not message.ephemeral:
            raise Refused("Only a message meant for you alone can be dismissed.")
        message.dismissed = True
        self.world.notify("delete", message)
        return {"ok": True}

    async def send(self, request: web.Request) -> Any:
        body = await self._body(request)
        user = self.member(body.get("as"))
        channel = self.channel(user, body.get("channel_id"))
        content = body.get("content")
        if not isinstance(content, str) or not content.strip():
            raise Refused("Type a message first.")
        if len(content) > 2000:
            raise Refused("A message can be at most 2,000 characters.")
        if channel.guild is not None:
            need = SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES
            if not channel.guild.permissions_for(user.id, channel) & need or channel.locked:
                raise Refused("You can't send messages in this channel.", 403)
        self.discord.rest.member_message(channel, user, content)
        return {"ok": True}

    async def rename(self, request: web.Request) -> Any:
        body = await self._body(request)
        self.member(body.get("as"))
        target = self.member(body.get("user_id"))
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 32:
            raise Refused("A name has 1 to 32 characters.")
        target.name = name.strip()
        self.world.notify("structure")
        return {"ok": True}


def _int(raw: Any, what: str) -> int:
    try:
        return int(str(raw))
    except ValueError:
        raise Refused(f"That {what} id is not a number.") from None


def _command_path(data: Any) -> str | None:
    """``play fosco`` from a command interaction's data (its name and the subcommands chosen)."""
    if not isinstance(data, dict) or "name" not in data:
        return None
    parts = [data["name"]]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(parts)
