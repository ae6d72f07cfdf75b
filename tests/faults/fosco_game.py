"""A game of Fosco played against the bot by clicks, as a member would; what the bot committed is
read from the guild's SQLite file, read-only, as a person inspecting the store would."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.client import RESTORED
from bot.play import custom_ids
from localcord import LocalDiscord
from localcord.model import Channel, InteractionRecord, Message
from tests.bot.parlour_harness import moves_on

from .bot_process import BotProcess

OVER = "is over"  # in the table channel once the game's result is shown
# PARLOUR_AI_DELAY of the last run of a game, after the faults: the computers play it out quickly.
# Not 0: with no delay a computer can be inside Tables.act when /table resign's turns.schedule cancels
# its turn task; the move is committed but the table never rescheduled, and the game freezes. 0.1 s
# is well past the command's answer, so the new turn task replaces one that is still waiting.
FINISH_AI_DELAY = 0.1


@dataclass(eq=False)
class Click:
    """One click on a move: what Discord saw of it."""

    record: InteractionRecord
    custom_id: str
    ref: custom_ids.Ref
    token: str | None  # a move's: the button's, or the value picked in a select
    sent: float  # time.monotonic()

    @property
    def version(self) -> int:
        """The table version a move's control was made for; the move, committed, is the action at version + 1."""
        assert isinstance(self.ref, custom_ids.ActionRef), f"{self.custom_id} is not a move"
        return self.ref.version

    @property
    def answered(self) -> bool:
        return bool(self.record.callbacks)

    @property
    def acknowledged(self) -> bool:
        """Acknowledged as a move taken: the answer to a move that stood (an update of the message clicked,
        type 7 with the hand redrawn, or type 6 when the picture was not ready in time)."""
        return any(c.get("type") in (6, 7) for c in self.record.callbacks)

    @property
    def said(self) -> str | None:
        """The text of a message answer (type 4), if that was the answer."""
        for callback in self.record.callbacks:
            if callback.get("type") == 4:
                return str((callback.get("data") or {}).get("content"))
        return None


@dataclass(frozen=True)
class Action:
    version: int
    seat: int
    token: str
    actor_id: int | None
    source: str
    at: float  # time.time() of the commit


class Fosco:
    """One member against one computer in Fosco in a guild of its own, played by clicking the first move
    offered in the newest hand message sent by DM; what was committed is read from the guild's store."""

    def __init__(self, standin: LocalDiscord, name: str = "Fault club", shard: tuple[int, int] | None = None) -> None:
        self.standin = standin
        self.guild = standin.add_guild(name, shard=shard)
        self.human = standin.add_user(f"{name.split()[0].lower()}-player")
        self.guild.add_member(self.human)
        self.lobby = self.guild.add_text_channel("games")
        self.data_dir: Path | None = None
        self.table_id = 0
        self.clicks: list[Click] = []

    async def open(self, data_dir: Path, options: Mapping[str, Any] | None = None, timeout: float = 15.0) -> None:
        """/play fosco (``options``, e.g. ``{"deals": 2}``), Add computer, Start; returns once the
        human's first controls are up (Fosco's first lead may be the computer's)."""
        self.data_dir = data_dir
        lobby = await self.standin.slash(self.human, self.lobby, "play", "fosco", options=dict(options or {}))
        assert lobby.message is not None, f"/play was not answered with a lobby: {lobby.callbacks}"
        ref = next(custom_ids.parse(c.custom_id) for c in lobby.message.components if c.custom_id)
        assert isinstance(ref, custom_ids.LobbyRef)
        self.table_id = ref.table_id
        await self.standin.click(self.human, lobby.message, label="Add computer")
        await self.standin.click(self.human, lobby.message, label="Start")
        await self.standin.wait_for(lambda: self.offered() or self.over(), timeout, "the human's first move")

    # -- the store ---------------------------------------------------------------------------------
    @property
    def store_path(self) -> Path:
        assert self.data_dir is not None, "open the table first"
        return self.data_dir / "guilds" / f"{self.guild.id}.sqlite3"

    def _query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if not self.store_path.exists():
            return []
        conn = sqlite3.connect(f"file:{self.store_path}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def actions(self) -> list[Action]:
        """Every move committed at the table, in order."""
        return [Action(*row) for row in self._query(
            "SELECT version, seat, token, actor_id, source, at FROM actions WHERE table_id = ? ORDER BY version",
            (self.table_id,))]

    def row(self) -> tuple[str, int]:
        """The table's status and version as committed."""
        rows = self._query("SELECT status, version FROM tables WHERE id = ?", (self.table_id,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else ("absent", 0)

    def lost(self) -> list[Click]:
        """Clicks acknowledged as moves whose move is not in the store."""
        return [c for c in self.clicks if c.acknowledged and not self.committed(c)]

    def committed(self, click: Click) -> Action | None:
        """The action ``click`` asked for, if it is in the store: at its version, by the human, that move."""
        if not isinstance(click.ref, custom_ids.ActionRef):
            return None
        for action in self._query(
                "SELECT version, seat, token, actor_id, source, at FROM actions WHERE table_id = ? AND version = ?",
                (self.table_id, click.version + 1)):
            found = Action(*action)
            if found.token == click.token and found.actor_id == self.human.id:
                return found
        return None

    # -- the channels ------------------------------------------------------------------------------
    @property
    def channel(self) -> Channel | None:
        name = f"fosco-{self.table_id}"
        return next((c for c in self.guild.channels.values() if c.name == name), None)

    def said_in_table(self, text: str) -> int:
        """How many of the table channel's messages contain ``text``."""
        channel = self.channel
        return sum(text in m.content for m in channel.messages) if channel else 0

    def over(self) -> bool:
        """The game's result is shown in the table channel."""
        return self.said_in_table(OVER) > 0

    def restored_count(self) -> int:
        return self.said_in_table(RESTORED)

    def restored_since(self, count: int) -> Callable[[], bool]:
        """For ``BotProcess.start(ready=...)``: the restart announced at the table (after the restore
        pass put every table back in play), or the game no longer being played."""
        return lambda: self.restored_count() > count or self.row()[0] != "playing"

    # -- clicking ----------------------------------------------------------------------------------
    def controls(self, version: int | None = None) -> list[tuple[Message, Any, custom_ids.ActionRef]]:
        """The move controls on the human's newest hand messages (newest first), at ``version`` if given."""
        newest = reversed(self.standin.dm_messages(self.human)[-4:])
        return [found for found in moves_on(newest) if version is None or found[2].version == version]

    def offered(self) -> tuple[Message, Any, custom_ids.ActionRef] | None:
        """The first move offered to the human at the table's committed version, if it is theirs to make."""
        status, version = self.row()
        if status != "playing":
            return None
        found = self.controls(version)
        return found[0] if found else None

    def any_control(self) -> tuple[Message, Any, custom_ids.Ref] | None:
        """Some Parlour control the human can click now: a move on their newest hand message, else one
        on the table channel's newest message that has any ("My hand")."""
        moves = self.controls()
        if moves:
            return moves[0]
        channel = self.channel
        for message in reversed(channel.messages if channel else []):
            for comp in message.components:
                if comp.custom_id and comp.custom_id.startswith(custom_ids.PREFIX) and not comp.disabled \
                        and comp.type == 2:
                    return message, comp, custom_ids.parse(comp.custom_id)
        return None

    async def send(self, message: Message, comp: Any, ref: custom_ids.Ref) -> Click:
        """Clicks (or picks the first value of) ``comp`` without waiting for the answer."""
        sent = time.monotonic()
        if comp.type == 2:
            record = await self.standin.click(self.human, message, comp.custom_id, wait=False)
            token = ref.token if isinstance(ref, custom_ids.ActionRef) else None
        else:
            token = comp.values[0]
            record = await self.standin.select(self.human, message, comp.custom_id, values=[token], wait=False)
        click = Click(record, comp.custom_id, ref, token, sent)
        self.clicks.append(click)
        return click

    async def click(self, timeout: float = 15.0) -> Click:
        """Waits for the human's turn, then clicks the first move offered; does not wait for the answer."""
        found = await self.standin.wait_for(self.offered, timeout, "the human's move to be offered")
        assert found is not None
        return await self.send(*found)

    async def move(self, timeout: float = 15.0) -> Click:
        """The human makes one move: clicks when it is their turn and waits for it to be taken."""
        click = await self.click(timeout)
        await click.record.wait_response(5)
        assert click.acknowledged, f"the move was not taken: {click.record.callbacks}"
        return click

    async def restart(self, bot: BotProcess) -> None:
        """Starts ``bot`` again; returns once it has restored this table (see ``restored_since``)."""
        await bot.start(ready=self.restored_since(self.restored_count()))

    async def finish(self, bot: BotProcess, timeout: float = 60.0) -> None:
        """After the faults: the bot started again (its computers quick), one more move by the human
        (play goes on), then /table resign, and the computers play the game out to its result."""
        bot.ai_delay = FINISH_AI_DELAY
        await self.restart(bot)
        await self.move()
        await self.resign_and_finish(timeout)

    async def resign_and_finish(self, timeout: float = 60.0) -> None:
        """/table resign in the table channel: the computer takes the human's seat and plays the game out;
        returns once its result is shown at the table."""
        channel = self.channel
        assert channel is not None, "the table has no channel"
        record = await self.standin.slash(self.human, channel, "table", "resign")
        assert "resigned" in (record.content or ""), f"/table resign was answered {record.callbacks}"
        await self.standin.wait_for(self.over, timeout, "the game's result at the table")


@contextlib.asynccontextmanager
async def game_on_bot(standin: LocalDiscord, folder: Path, name: str = "Fault club", *, ai_delay: float,
                      options: Mapping[str, Any] | None = None) -> AsyncIterator[tuple[Fosco, BotProcess]]:
    """A game of Fosco (``options``) opened in a guild ``name`` against a bot started on ``folder`` (one
    worker, its computer waiting ``ai_delay`` s before a move); on the way out what is left of the bot is
    killed."""
    game = Fosco(standin, name)
    bot = BotProcess(standin, folder, workers=1, ai_delay=ai_delay)
    try:
        await bot.start()
        await game.open(bot.data_dir, options)
        yield game, bot
    finally:
        await bot.close()
