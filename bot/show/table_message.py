"""The table message, in the table's channel, for onlookers: its text, picture and controls drawn for
a state, edited in place (sent anew if it is gone, its first message opening with the table's
greeting), an unchanged picture not uploaded again; one drawing of it at a time, the display's or a
click's answer (a game played on the table), and not drawn again at a version it already shows.
The Publisher's ``table``: each call is handed the table's ``ShownTable`` (the version its message
shows, its lock, greeting and picture), and nothing of a table is kept here."""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any, Protocol

import discord

from bot.play.tables import Live, Tables
from bot.runtime.limits import ChannelLimits
from bot.runtime.workers import Workers
from bot.show.display import clock_line, clock_moves, table_content, table_controls
from bot.show.shown_table import ShownTable
from bot.store import Stores
from games.core.base import State
from renderers.describe import describe_table

TableParts = tuple[str, discord.File, discord.ui.View | None]


class TableHost(Protocol):
    """What the table message asks of the client."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def workers(self) -> Workers: ...


class TableMessage:
    """Draws a table's message, as the Publisher shows it."""

    def __init__(self, bot: TableHost, limits: ChannelLimits) -> None:
        self.bot = bot
        self.limits = limits  # the channels' write limits (the Publisher's)

    async def parts(self, live: Live, state: State) -> TableParts:
        """The table message's text, picture and controls (None once the game is over) for ``state``."""
        store = await self.bot.stores.guild(live.guild_id)
        live.unit = str(await store.get_setting("stakes_unit", "dollars"))
        seen = live.view(None, state)
        png = await self.bot.workers.table(live.row.game, seen)
        content = table_content(live, state, seen)
        if clock_moves(live, state):  # a window open on the table message: when it closes
            content = f"{content}\n{await clock_line(self.bot.tables, live, state)}"[:2000]
        file = discord.File(io.BytesIO(png), filename="table.png", description=describe_table(live.row.game, seen))
        return content, file, None if state.is_over else table_controls(live, state)

    async def draw(self, live: Live, shown: ShownTable, state: State, force: bool = True) -> None:
        """Draw ``state`` on the table message (sent anew if it is gone); unless ``force``, not if it
        shows that state already (a click on the table was answered with it, see ``answer``)."""
        if live.row.channel_id is None:
            return
        async with shown.lock:
            if not force and shown.version >= len(state.history):
                return
            await self._draw(live, shown, state)
        shown.version = len(state.history)

    async def _draw(self, live: Live, shown: ShownTable, state: State) -> None:
        assert live.row.channel_id is not None
        store = await self.bot.stores.guild(live.guild_id)
        content, file, view = await self.parts(live, state)
        png, alt = file.fp.getvalue() if isinstance(file.fp, io.BytesIO) else b"", file.description
        channel = self.bot.client.get_partial_messageable(live.row.channel_id)
        if live.row.table_message_id:
            message = channel.get_partial_message(live.row.table_message_id)
            picture = shown.new_picture(message.id, file)
            try:
                async with self.limits.write(channel.id):
                    await message.edit(content=content, view=view,
                                       attachments=[file] if picture else discord.utils.MISSING)
                shown.shown_picture(message.id, file)
                return
            except discord.NotFound:
                file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        greeting = shown.greeting
        async with self.limits.write(channel.id):
            sent = await channel.send(content=f"{greeting}\n{content}"[:2000] if greeting else content, file=file,
                                      view=view or discord.utils.MISSING,
                                      allowed_mentions=discord.AllowedMentions(users=True) if greeting
                                      else discord.utils.MISSING)
        shown.greeting = None
        shown.shown_picture(sent.id, file)
        live.take_stored(await store.update_table(live.table_id, table_message_id=sent.id))

    async def answer(self, interaction: discord.Interaction[Any], live: Live, shown: ShownTable,
                     within: float) -> bool:
        """Answer a click made on the table message by redrawing the table, as it is now, in the
        answer itself; False if it was not drawn within ``within`` seconds, or the display drew
        that state already."""
        message = interaction.message
        began = time.monotonic()
        state = live.state
        drawing = asyncio.ensure_future(self.parts(live, state))
        done, _ = await asyncio.wait({drawing}, timeout=within)
        if drawing not in done or message is None or interaction.response.is_done():
            drawing.cancel()
            return False
        content, file, view = drawing.result()
        try:  # the display may be drawing it: after that edit, not during it
            await asyncio.wait_for(shown.lock.acquire(), max(0.0, within - (time.monotonic() - began)))
        except TimeoutError:
            return False
        try:
            if shown.version >= len(state.history):
                return False
            picture = [file] if shown.new_picture(message.id, file) else discord.utils.MISSING
            await interaction.response.edit_message(content=content, attachments=picture, view=view)
            shown.shown_picture(message.id, file)
            shown.version = len(state.history)
            shown.drawn_at = time.monotonic()
        finally:
            shown.lock.release()
        return True
