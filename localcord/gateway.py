"""The gateway: plain JSON text frames (no compression), HELLO / heartbeat ACK, IDENTIFY -> READY and one
GUILD_CREATE per guild of the shard, RESUME with replay, member chunks (op 8) and dispatches in order."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .model import World, snowflake_shard

GUILDS, GUILD_MEMBERS = 1 << 0, 1 << 1


@dataclass(eq=False)
class Session:
    session_id: str
    shard: tuple[int, int] | None
    intents: int
    seq: int = 0
    guild_ids: set[int] = field(default_factory=set)
    backlog: list[dict[str, Any]] = field(default_factory=list)  # every dispatch, for RESUME replay
    queue: asyncio.Queue[dict[str, Any] | None] | None = None  # None while disconnected
    ws: web.WebSocketResponse | None = None

    @property
    def shard_id(self) -> int:
        return self.shard[0] if self.shard else 0

    def covers(self, guild_id: int) -> bool:
        return self.shard is None or snowflake_shard(guild_id, self.shard[1]) == self.shard[0]


# discord.py notes when it sent a heartbeat only once its sending thread wakes, after the send; an
# acknowledgement back within that moment (a loopback server's) made it measure from the heartbeat
# before, a whole interval ago, and warn "Can't keep up, shard ID 0 websocket is 41.3s behind".
# Discord's own comes a network's round trip later.
ACK_DELAY = 0.02


class Gateway:
    def __init__(self, world: World, token: str, heartbeat_interval_ms: int = 41250) -> None:
        self.world = world
        self.token = token
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""  # set once the server listens
        self.sessions: dict[str, Session] = {}
        self.received: list[dict[str, Any]] = []  # every frame the client sent, for tests
        self.on_change: Any = lambda: None
        self.refusing = False  # the gateway is down: new connections are turned away (an outage)
        world.dispatch = self.emit

    # --- dispatching -------------------------------------------------------------------------------
    def emit(self, event: str, data: dict[str, Any], guild_id: int | None = None, intent: int | None = None) -> None:
        """Sends a dispatch to every live session concerned: a guild's shard, or shard 0 for DMs."""
        for session in self.sessions.values():
            if intent is not None and not session.intents & intent:
                continue
            if guild_id is None:
                if session.shard_id != 0:
                    continue
            elif event == "GUILD_CREATE":
                if not session.covers(guild_id):
                    continue
                session.guild_ids.add(guild_id)
            elif guild_id not in session.guild_ids:
                continue
            self._send_dispatch(session, event, data)

    def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.backlog.append(frame)
        if session.queue is not None:
            session.queue.put_nowait(frame)

    def session_for(self, guild_id: int | None) -> Session:
        for session in self.sessions.values():
            if session.queue is None:
                continue
            if (guild_id is None and session.shard_id == 0) or (guild_id is not None and guild_id in session.guild_ids):
                return session
        raise RuntimeError(f"no connected gateway session receives guild {guild_id}: is the bot running?")

    def dispatch_to(self, guild_id: int | None, event: str, data: dict[str, Any]) -> None:
        self._send_dispatch(self.session_for(guild_id), event, data)

    async def drop(self, shard_id: int | None = None, code: int = 4000) -> None:
        """Closes live connections (all, or one shard's) as a network failure would; the client resumes."""
        for session in list(self.sessions.values()):
            if session.ws is not None and (shard_id is None or session.shard_id == shard_id):
                await session.ws.close(code=code)

    async def close(self) -> None:
        for session in list(self.sessions.values()):
            if session.ws is not None:
                await session.ws.close(code=1001)

    # --- the websocket -----------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.refusing:
            return web.Response(status=503, text="the gateway is down")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        writer = asyncio.create_task(self._writer(ws, out))
        out.put_nowait({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None})
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.received.append(frame)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:  # acknowledged after a network's round trip, as Discord's arrives (see ACK_DELAY)
                    asyncio.get_running_loop().call_later(ACK_DELAY, out.put_nowait,
                                                          {"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    session = await self._identify(ws, out, d)
                elif op == 6:
                    session = await self._resume(ws, out, d)
                elif op == 8 and session is not None:
                    self._chunk(session, d)
                self.on_change()
        finally:
            if session is not None and session.ws is ws:
                session.ws, session.queue = None, None
            out.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            self.on_change()
        return ws

    @staticmethod
    async def _writer(ws: web.WebSocketResponse, out: asyncio.Queue[dict[str, Any] | None]) -> None:
        while (frame := await out.get()) is not None:
            if ws.closed:
                return
            await ws.send_str(json.dumps(frame))

    async def _identify(self, ws: web.WebSocketResponse, out: asyncio.Queue[Any], d: dict[str, Any]) -> Session | None:
        if d.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = tuple(d["shard"]) if d.get("shard") else None
        if shard is not None and not (len(shard) == 2 and 0 <= shard[0] < shard[1]):
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), shard, int(d.get("intents", 0)))
        session.ws, session.queue = ws, out
        self.sessions[session.session_id] = session
        guilds = [g for g in self.world.guilds.values() if session.covers(g.id)]
        ready: dict[str, Any] = {
            "v": 10, "user": self.world.bot.to_json(), "session_id": session.session_id, "session_type": "normal",
            "resume_gateway_url": self.url, "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "application": {"id": str(self.world.application_id), "flags": 0}, "private_channels": [],
            "relationships": [], "user_settings": {}, "presences": [], "geo_ordered_rtc_regions": [], "_trace": [],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        self._send_dispatch(session, "READY", ready)
        for guild in guilds:
            session.guild_ids.add(guild.id)
            self._send_dispatch(session, "GUILD_CREATE", guild.to_json())
        return session

    async def _resume(self, ws: web.WebSocketResponse, out: asyncio.Queue[Any], d: dict[str, Any]) -> Session | None:
        session = self.sessions.get(d.get("session_id", ""))
        if d.get("token") != self.token or session is None or (session.ws is not None and not session.ws.closed):
            out.put_nowait({"op": 9, "d": False, "s": None, "t": None})
            return None
        session.ws, session.queue = ws, out
        for frame in session.backlog:
            if frame["s"] > (d.get("seq") or 0):
                out.put_nowait(frame)
        self._send_dispatch(session, "RESUMED", {})
        return session

    def _chunk(self, session: Session, d: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(d["guild_id"]))
        if guild is None or guild.id not in session.guild_ids:
            return
        members = list(guild.members.values())
        if d.get("user_ids"):
            wanted = {int(u) for u in d["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif d.get("query"):
            members = [m for m in members if m.user.name.lower().startswith(d["query"].lower())]
        if d.get("limit"):
            members = members[: d["limit"]]
        data: dict[str, Any] = {"guild_id": str(guild.id), "members": [m.to_json() for m in members],
                                "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce"):
            data["nonce"] = d["nonce"]
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", data)
