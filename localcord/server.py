"""The test driver: start the stand-in, build a world, point discord.py at it, act as users
(slash commands, clicks, selects) and observe what the bot did.

    async with LocalDiscord() as standin:
        guild = standin.add_guild("Club")
        alice = standin.add_user("alice")
        guild.add_member(alice)
        lobby = guild.add_text_channel("lobby")
        async with standin.running(make_bot()):
            reply = await standin.slash(alice, lobby, "play", options={"game": "fosco"})
            await standin.click(alice, reply.message, label="Join")
        standin.assert_clean()
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web

from . import openapi
from .gateway import Gateway
from .model import (
    DM_PERMISSIONS,
    EVERYONE_DEFAULT,
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Message,
    Role,
    User,
    World,
    perm_value,
)
from .persist import rebase
from .rest.api import Rest
from .rest.records import Call, RateLimit, Violation
from .rest.routes import API_PREFIX
from .web import Page

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)
DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, embed_links=True, attach_files=True,
    read_message_history=True, add_reactions=True, manage_channels=True, manage_roles=True, manage_threads=True,
    manage_messages=True, create_public_threads=True, create_private_threads=True, use_application_commands=True,
)
OPTION_TYPES = {3: str, 4: int, 5: bool, 10: float}


class LocalDiscord:
    """A local Discord: REST v10 under `api_base`, the gateway at `gateway_url`, on 127.0.0.1."""

    def __init__(self, *, shards: int = 1, bot_name: str = "Parlour", spec: Path | None = None,
                 reject_invalid: bool = True, interaction_deadline: float = 3.0, world: World | None = None) -> None:
        """`spec`: Discord's OpenAPI description to validate every request against (a few ms a request;
        None: no validation); `reject_invalid` answers an invalid request 400/50035 as Discord would
        (else it is only recorded); `world`: one loaded from a file (see persist.py), else a new one."""
        self.world = world or World(bot_name)
        self.token = "standin." + secrets.token_urlsafe(24)
        self.spec, self.openapi_skip_reason = openapi.load(spec)
        self.gateway = Gateway(self.world, self.token)
        self.rest = Rest(self.world, self.gateway, self.token, self.spec, shards=shards,
                         reject_invalid=reject_invalid, interaction_deadline=interaction_deadline)
        self.rest.on_change = self.gateway.on_change = self._changed
        self._change = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.page = Page(self)
        self.http_base = self.api_base = self.gateway_url = ""

    # --- lifecycle -----------------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> LocalDiscord:
        """Listens on ``host:port`` (port 0: any free one). An address other than loopback lets anyone
        who reaches it act as any member: the caller says so to whoever starts it."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        self.page.add_routes(app)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        app.router.add_get("/attachments/{channel_id}/{message_id}/{attachment_id}/{filename}", self.rest.attachment)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            await self._runner.cleanup()
            raise
        port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        # A bot beside us talks over loopback when the address covers it (a wildcard listens there too).
        wildcard = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "localhost": "127.0.0.1"}
        local = wildcard.get(host, f"[{host}]" if family == socket.AF_INET6 else host)
        self.http_base = f"http://{local}:{port}"
        self.api_base = self.http_base + API_PREFIX
        self.gateway_url = self.gateway.url = f"ws://{local}:{port}/gateway"
        rebase(self.world, self.http_base)
        return self

    async def close(self) -> None:
        await self.page.close()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> LocalDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def configure_discord(self) -> Callable[[], None]:
        """Points discord.py (REST, interaction webhooks, gateway) here; returns a function that undoes it.
        Sets Route.BASE directly: never call discord.http._set_api_version afterwards, it overwrites BASE."""
        saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def restore() -> None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved

        return restore

    def environ(self) -> dict[str, str]:
        """The settings a bot process reads to use the stand-in (the bot's configuration: docs/design.md)."""
        return {"DISCORD_TOKEN": self.token, "DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url}

    @contextlib.asynccontextmanager
    async def running(self, client: ClientT, *, timeout: float = 10.0) -> AsyncIterator[ClientT]:
        """Starts `client` against the stand-in, waits for on_ready, and closes it on exit."""
        restore = self.configure_discord()
        task = asyncio.create_task(client.start(self.token))
        try:
            await self.wait_for(lambda: client.is_ready() or task.done(), timeout, "the client to become ready")
            if task.done():
                task.result()
                raise RuntimeError("the client stopped before it was ready")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            restore()

    # --- world building ------------------------------------------------------------------------------
    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> User:
        return self.world.bot

    @property
    def shards(self) -> int:
        """The shard count GET /gateway/bot recommends."""
        return self.rest.shards

    @shards.setter
    def shards(self, value: int) -> None:
        self.rest.shards = value

    def add_user(self, name: str, *, dm_closed: bool = False) -> User:
        return self.world.add_user(name, dm_closed=dm_closed)

    def add_guild(self, name: str, *, bot_permissions: int | discord.Permissions = DEFAULT_BOT_PERMISSIONS,
                  owner: User | None = None, shard: tuple[int, int] | None = None) -> Guild:
        """A guild the bot is in, its role holding `bot_permissions`. `shard=(id, count)` picks an id that
        lands on that shard."""
        world = self.world
        gid = world.ids.next(shard)
        owner = owner or world.add_user(f"{name} owner")
        guild = Guild(gid, name, owner.id, world)
        guild.roles[gid] = Role(gid, "@everyone", EVERYONE_DEFAULT)
        bot_role = Role(world.ids.next(), world.bot.name, perm_value(bot_permissions), position=1, bot_id=world.bot.id)
        guild.roles[bot_role.id] = bot_role
        guild.members[world.bot.id] = Member(world.bot, [bot_role.id])
        guild.members[owner.id] = Member(owner, [])
        world.guilds[gid] = guild
        world.emit("GUILD_CREATE", guild.to_json(), gid)
        return guild

    def bot_role(self, guild: Guild) -> Role:
        return next(r for r in guild.roles.values() if r.bot_id == self.world.bot.id)

    # --- observing -----------------------------------------------------------------------------------
    @property
    def calls(self) -> list[Call]:
        return self.rest.calls

    @property
    def violations(self) -> list[Violation]:
        return self.rest.violations

    @property
    def response_problems(self) -> list[Violation]:
        """Where the stand-in's own replies differ from Discord's description (a stand-in defect)."""
        return self.rest.response_problems

    def calls_to(self, operation_id: str) -> list[Call]:
        return [c for c in self.calls if c.operation_id == operation_id]

    @property
    def commands(self) -> list[dict[str, Any]]:
        """Synced application commands; guild ones carry guild_id."""
        return self.world.all_commands()

    @property
    def identifies(self) -> list[dict[str, Any]]:
        return [f["d"] for f in self.gateway.received if f.get("op") == 2]

    def dm_channel(self, user: User) -> Channel | None:
        return self.world.dm_channels.get(user.id)

    def dm_messages(self, user: User) -> list[Message]:
        channel = self.world.dm_channels.get(user.id)
        return list(channel.messages) if channel else []

    def busiest_window(self, seconds: float) -> tuple[int, int]:
        """(channel id, writes) for the channel that took the most message sends and edits within
        any ``seconds`` (Discord allows 5 in 5 s in one channel)."""
        writes: dict[int, list[float]] = {}
        for call in self.rest.calls:
            if call.operation_id in ("create_message", "update_message") and call.status < 300:
                writes.setdefault(int(call.path.split("/")[2]), []).append(call.at)
        best = (0, 0)
        for channel_id, times in writes.items():
            start = 0
            for end, at in enumerate(times):
                while at - times[start] >= seconds:
                    start += 1
                best = max(best, (channel_id, end - start + 1), key=lambda pair: pair[1])
        return best

    def assert_clean(self) -> None:
        if self.violations:
            raise AssertionError("REST violations:\n" + "\n".join(f"  {v}" for v in self.violations))

    def _changed(self) -> None:
        self._change.set()
        self._change = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 10.0, what: str | None = None) -> T:
        """Returns predicate()'s first truthy value: re-checked on every world change and every 50 ms."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (result := predicate()):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout} s waiting for {what or predicate}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._change.wait(), min(remaining, 0.05))
        return result

    # --- control -------------------------------------------------------------------------------------
    def rate_limit(self, operation_id: str, times: int = 1, retry_after: float = 0.05, is_global: bool = False) -> None:
        """Answers the next `times` calls of an operation with a 429 (with the Via header discord.py wants)."""
        self.rest.ratelimits.append(RateLimit(operation_id, times, retry_after, is_global))

    async def drop_gateway(self, shard_id: int | None = None, code: int = 4000) -> None:
        await self.gateway.drop(shard_id, code)

    async def gateway_outage(self) -> None:
        """The gateway goes down: live connections drop and new ones are turned away until
        :meth:`gateway_back`."""
        self.gateway.refusing = True
        await self.gateway.drop()

    def gateway_back(self) -> None:
        self.gateway.refusing = False

    # --- acting as users -----------------------------------------------------------------------------
    def _interact(self, kind: int, user: User, channel: Channel, data: dict[str, Any],
                  message: Message | None = None) -> InteractionRecord:
        world = self.world
        payload: dict[str, Any] = {
            "id": "", "application_id": str(world.application_id), "type": kind, "data": data, "token": "",
            "version": 1, "locale": "en-US", "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
        }
        guild = channel.guild
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise PermissionError(f"{user.name} is not a member of {guild.name}")
            perms = guild.permissions_for(user.id, channel)
            if not guild.can_view(user.id, channel):
                raise PermissionError(f"{user.name} cannot see #{channel.name}")
            payload.update(
                guild_id=str(guild.id), guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US", member=member.to_json(perms), context=0,
                app_permissions=str(guild.permissions_for(world.bot.id, channel)),
                authorizing_integration_owners={"0": str(guild.id)},
                channel={**channel.to_json(), "permissions": str(perms)},
            )
        else:
            if channel.recipient is not user:
                raise PermissionError(f"{user.name} is not in that DM")
            payload.update(user=user.to_json(), context=1, app_permissions=str(DM_PERMISSIONS),
                           authorizing_integration_owners={"0": "0"},
                           channel={**channel.to_json(), "permissions": str(DM_PERMISSIONS)})
        if message is not None:
            if message.ephemeral and message.interaction and message.interaction.user is not user:
                raise PermissionError(f"{user.name} cannot see another user's ephemeral message")
            payload["message"] = message.to_json()
        rec = InteractionRecord(world.ids.next(), "standin-" + secrets.token_urlsafe(32), kind, world.application_id,
                                user, channel, payload, source=message)
        payload.update(id=str(rec.id), token=rec.token)
        world.interactions[rec.id] = rec
        world.notify("interaction", rec)
        self.gateway.dispatch_to(guild.id if guild else None, "INTERACTION_CREATE", payload)
        return rec

    async def _answered(self, rec: InteractionRecord, wait: bool) -> InteractionRecord:
        return await rec.wait_response(self.rest.interaction_deadline) if wait else rec

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]:
        """The synced command `name` a user in `guild` (or a DM) sees: guild commands first."""
        for scope in ([guild.id] if guild else []) + [None]:
            for c in self.world.commands.get(scope, []):
                if c["name"] == name and c.get("type", 1) == 1:
                    return c
        raise LookupError(f"no command /{name} synced: {[c['name'] for c in self.commands]}")

    async def slash(self, user: User, channel: Channel, *path: str, options: Mapping[str, Any] | None = None,
                    wait: bool = True) -> InteractionRecord:
        """Runs /path[0] path[1:] (group, subcommand) with typed options; waits for the first response
        (within the 3-second deadline) unless wait=False."""
        data = self._command_data(user, channel, path, options or {}, focused=None)
        return await self._answered(self._interact(2, user, channel, data), wait)

    async def autocomplete(self, user: User, channel: Channel, *path: str, options: Mapping[str, Any],
                           focused: str) -> list[dict[str, Any]]:
        """The choices the bot suggests while `user` types option `focused` (partial values allowed)."""
        data = self._command_data(user, channel, path, options, focused=focused)
        rec = await self._interact(4, user, channel, data).wait_response(self.rest.interaction_deadline)
        return rec.choices or []

    def _command_data(self, user: User, channel: Channel, path: tuple[str, ...], options: Mapping[str, Any],
                      focused: str | None) -> dict[str, Any]:
        name, *sub = path[0].split() + list(path[1:])
        guild = channel.guild
        command = self.command(name, guild)
        contexts = command.get("contexts")
        if guild is None and (command.get("dm_permission") is False or (contexts and 1 not in contexts)
                              or "guild_id" in command):
            raise PermissionError(f"/{name} is not available in DMs")
        required = int(command.get("default_member_permissions") or 0)
        if guild is not None and required and guild.base_permissions(user.id) & required != required:
            raise PermissionError(f"{user.name} does not see /{name} (default_member_permissions)")
        defs, chain = command.get("options") or [], []
        for part in sub:
            found = next((o for o in defs if o["name"] == part and o["type"] in (1, 2)), None)
            if found is None:
                raise LookupError(f"/{name} has no subcommand {part!r}")
            chain.append(found)
            defs = found.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            raise LookupError(f"/{' '.join(path)} needs one of {[o['name'] for o in defs]}")
        resolved: dict[str, dict[str, Any]] = {}
        nested = [self._option(defs, k, v, guild, resolved, k == focused) for k, v in options.items()]
        missing = [d["name"] for d in defs if d.get("required") and d["name"] not in options]
        if missing and focused is None:
            raise ValueError(f"/{' '.join(path)} needs {missing}")
        for d in reversed(chain):
            nested = [{"name": d["name"], "type": d["type"], "options": nested}]
        data: dict[str, Any] = {"id": command["id"], "name": name, "type": 1, "options": nested}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, defs: list[dict[str, Any]], name: str, value: Any, guild: Guild | None,
                resolved: dict[str, dict[str, Any]], focused: bool) -> dict[str, Any]:
        d = next((o for o in defs if o["name"] == name), None)
        if d is None:
            raise LookupError(f"no option {name!r}; options are {[o['name'] for o in defs]}")
        kind = d["type"]
        out: dict[str, Any] = {"name": name, "type": kind}
        if focused:
            return {**out, "value": str(value), "focused": True}
        if kind in OPTION_TYPES:
            if not isinstance(value, OPTION_TYPES[kind]) or (kind == 4 and isinstance(value, bool)):
                raise TypeError(f"option {name!r} takes a {OPTION_TYPES[kind].__name__}, not {value!r}")
            choices = [c["value"] for c in d.get("choices") or []]
            if choices and value not in choices:
                raise ValueError(f"option {name!r} must be one of {choices}")
            low, high = d.get("min_value"), d.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ValueError(f"option {name!r} must be within [{low}, {high}]")
            return {**out, "value": value}
        if kind == 6:  # user
            user = value if isinstance(value, User) else self.world.users[int(value)]
            resolved.setdefault("users", {})[str(user.id)] = user.to_json()
            if guild is not None and user.id in guild.members:
                member = guild.members[user.id].to_json(guild.base_permissions(user.id))
                del member["user"]
                resolved.setdefault("members", {})[str(user.id)] = member
            return {**out, "value": str(user.id)}
        if kind == 7:  # channel
            ch = value
            assert isinstance(ch, Channel)
            resolved.setdefault("channels", {})[str(ch.id)] = {**ch.to_json(), "permissions": "0"}
            return {**out, "value": str(ch.id)}
        if kind == 8:  # role
            assert isinstance(value, Role)
            resolved.setdefault("roles", {})[str(value.id)] = value.to_json()
            return {**out, "value": str(value.id)}
        raise NotImplementedError(f"option type {kind}")

    async def click(self, user: User, message: Message, custom_id: str | None = None, *, label: str | None = None,
                    wait: bool = True) -> InteractionRecord:
        """Clicks a button found by custom_id or label."""
        button = message.component(custom_id, label=label)
        if button.type != 2 or button.custom_id is None:
            raise ValueError(f"{custom_id or label!r} is not a button with a custom_id")
        if button.disabled:
            raise AssertionError(f"button {button.label or button.custom_id!r} is disabled")
        data = {"custom_id": button.custom_id, "component_type": 2}
        return await self._answered(self._interact(3, user, message.channel, data, message), wait)

    async def select(self, user: User, message: Message, custom_id: str | None = None, values: Sequence[str] = (),
                     *, wait: bool = True) -> InteractionRecord:
        """Picks `values` in a string select (the first select when custom_id is None)."""
        menu = next((c for c in message.components if c.type == 3 and custom_id in (None, c.custom_id)), None)
        if menu is None:
            raise LookupError(f"no string select {custom_id!r} on message {message.id}")
        if menu.disabled:
            raise AssertionError(f"select {menu.custom_id!r} is disabled")
        unknown = set(values) - set(menu.values)
        low, high = menu.raw.get("min_values", 1), menu.raw.get("max_values", 1)
        if unknown or not low <= len(values) <= high:
            raise ValueError(f"cannot pick {values} in {menu.custom_id!r}: options {menu.values}, {low}..{high}")
        data = {"custom_id": menu.custom_id, "component_type": 3, "values": list(values)}
        return await self._answered(self._interact(3, user, message.channel, data, message), wait)
