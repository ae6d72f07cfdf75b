"""The replay viewer's presses: open a viewer for the asker alone, show the moment a press names,
post a moment in the channel, hand over the game's record as a file, and animate a round or the
game. Every press is checked by ``access`` first (a game still being played is never shown), and
answered within Discord's three seconds: a picture drawn in time goes with the answer itself; a
slower one (a busy drawing worker) follows it.

Pictures are kept (the newest ``DRAWN_KEPT``), and once a viewer shows a moment the next one is
drawn ahead while the member looks (unless pictures already wait for a drawing worker), so ▶, the
press made most, is answered without waiting for a worker, and ◀ and ⏮ find the moments already
shown. ``python -m bench.replay_viewer`` measured why: the viewer's own work for a press (its text,
controls and views) is under a millisecond, and the press waits for its picture; with eight members
pressing at once on a machine loaded by other work (load average 12 on 2 cores, the workers at a
lower priority) a press took 636 ms at the 95th percentile, 487 of them waiting for the picture;
drawn ahead, 185 ms (docs/development.md).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections import OrderedDict
from typing import Any, Protocol

import discord

from bot.play import custom_ids
from bot.play.answers import payload
from bot.play.refusals import Refusal
from bot.runtime.workers import Workers
from bot.show.replays import access, animation, record_file, viewer
from bot.show.replays.moments import Moments
from bot.show.replays.viewer import Moment
from bot.store.guild import GuildStore
from bot.store.rows import TableRow
from bot.store.stores import Stores
from games.core import registry
from renderers.describe import describe_seat, describe_table

log = logging.getLogger("parlour.replays")
ANSWER_WITHIN = 2.0  # a picture drawn within this answers the press itself; else it follows (Discord allows 3 s)
KEPT = 32  # games whose moments are kept in memory: stepping through one replays nothing twice
DRAWN_KEPT = 64  # pictures kept (about 20 KB each): the moments viewers show, and the next ones drawn ahead
NOT_A_CHOICE = "That choice isn't one of the menu's. Use the newest viewer."


class ReplayHost(Protocol):
    """What the replays ask of the client."""

    @property
    def stores(self) -> Stores: ...

    @property
    def workers(self) -> Workers: ...


class Replays:
    def __init__(self, host: ReplayHost) -> None:
        self.host = host
        self.kept: OrderedDict[tuple[int, int, int], Moments] = OrderedDict()
        # (guild, table, version, moment, the seat whose hand is drawn): the picture and its alt text,
        # drawn or being drawn (a press waits on the drawing under way rather than draw it twice)
        self.drawn: OrderedDict[tuple[int, int, int, int, int | None], asyncio.Future[tuple[bytes, str]]] = \
            OrderedDict()

    # -- what a press may see --------------------------------------------------------------------
    async def table(self, interaction: discord.Interaction[Any], guild_id: int, table_id: int) -> tuple[
            GuildStore, TableRow]:
        """The table, if the presser may replay it now (else Refusal)."""
        access.same_server(guild_id, interaction.guild_id)
        store = await self.host.stores.guild(guild_id)
        row = await store.get_table(table_id)
        manager = bool(interaction.permissions.manage_guild)
        return store, access.check(row, table_id, interaction.user.id, manager)

    async def moments(self, store: GuildStore, row: TableRow) -> Moments:
        key = (store.guild_id, row.id, row.version)
        found = self.kept.get(key)
        if found is None:
            assert row.record is not None  # access.check refused a table without one
            unit = str(await store.get_setting("stakes_unit", "dollars"))
            found = Moments(registry.get(row.game), row.record, [seat.name for seat in row.seats], unit)
            self.kept[key] = found
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return found

    # -- pictures ----------------------------------------------------------------------------------
    async def picture(self, guild_id: int, moments: Moments, row: TableRow, at: Moment) -> discord.File:
        """The moment drawn by its game's own pictures: the table with the drawn seat's hand."""
        moment = moments.clamp(at.moment)
        drawn = self.drawing(guild_id, moments, row, moment, moments.focus(moment, at.seat))
        png, alt = await asyncio.shield(drawn)  # a press given up on leaves the drawing to the next
        return discord.File(io.BytesIO(png), filename=f"replay-{row.id}-{moment}.png", description=alt)

    def drawing(self, guild_id: int, moments: Moments, row: TableRow, moment: int, focus: int | None
                ) -> asyncio.Future[tuple[bytes, str]]:
        """The moment's picture and alt text: kept, being drawn, or drawn now."""
        key = (guild_id, row.id, row.version, moment, focus)
        found = self.drawn.get(key)
        if found is None:
            found = asyncio.ensure_future(self.draw(moments, moment, focus))
            found.add_done_callback(functools.partial(self.drawn_done, key))
            self.drawn[key] = found
            while len(self.drawn) > DRAWN_KEPT:
                self.drawn.popitem(last=False)
        self.drawn.move_to_end(key)
        return found

    def drawn_done(self, key: tuple[int, int, int, int, int | None], done: asyncio.Future[tuple[bytes, str]]) -> None:
        """A drawing that failed is not kept (the next press draws again; a press waiting on it is told,
        a drawing ahead fails unheard)."""
        failed = done.cancelled() or done.exception() is not None
        if failed and self.drawn.get(key) is done:
            del self.drawn[key]

    async def draw(self, moments: Moments, moment: int, focus: int | None) -> tuple[bytes, str]:
        table = moments.view(moment, None)
        if focus is None:
            png = await self.host.workers.table(moments.key, table)
            alt = describe_table(moments.key, table)
        else:
            hand = moments.view(moment, focus)
            png = await self.host.workers.seat(moments.key, table, hand)
            alt = describe_seat(moments.key, table, hand)
        return png, f"{viewer.where(moments, moment)}. {alt}"[:1024]

    def draw_ahead(self, guild_id: int, moments: Moments, row: TableRow, at: Moment) -> None:
        """Once a viewer shows ``at``, its ▶'s moment is drawn while the member looks, unless pictures
        already wait for a drawing worker (the tables being played come first)."""
        moment = moments.clamp(at.moment)
        if moment < moments.last and not self.host.workers.drawing_behind:
            self.drawing(guild_id, moments, row, moment + 1, moments.focus(moment + 1, at.seat))

    # -- presses ---------------------------------------------------------------------------------
    async def press(self, interaction: discord.Interaction[Any], ref: custom_ids.ReplayRef) -> None:
        store, row = await self.table(interaction, ref.guild_id, ref.table_id)
        moments = await self.moments(store, row)
        at = Moment(moments.clamp(ref.moment), ref.seat)
        if ref.verb == "jump":
            at = Moment(self.chosen_moment(interaction, moments), ref.seat)
        elif ref.verb == "seat":
            at = Moment(at.moment, self.chosen_seat(interaction, moments, at.moment))
        if ref.verb == "open":
            await self.show(interaction, moments, row, ref.guild_id, at, in_place=False)
        elif ref.verb in ("go", "first", "last", "jump", "seat"):
            await self.show(interaction, moments, row, ref.guild_id, at, in_place=True)
        elif ref.verb == "post":
            await self.post(interaction, moments, row, ref.guild_id, at)
        elif ref.verb == "record":
            await self.record(interaction, store, row)
        else:  # "animate" (the round at the moment) or "animate_game"
            await self.animate(interaction, moments, at, whole=ref.verb == "animate_game")

    async def open(self, interaction: discord.Interaction[Any], table_id: int, moment: int = 0) -> None:
        """/replay: a viewer of ``table_id`` for the asker alone, at ``moment``."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(access.NOT_IN_DMS)
        store, row = await self.table(interaction, guild_id, table_id)
        moments = await self.moments(store, row)
        await self.show(interaction, moments, row, guild_id, Moment(moments.clamp(moment)), in_place=False)

    @staticmethod
    def chosen_moment(interaction: discord.Interaction[Any], moments: Moments) -> int:
        values = payload(interaction).get("values") or []
        if len(values) != 1 or not str(values[0]).isdigit() or not 0 <= int(values[0]) <= moments.last:
            raise Refusal(NOT_A_CHOICE)
        return int(values[0])

    @staticmethod
    def chosen_seat(interaction: discord.Interaction[Any], moments: Moments, moment: int) -> int | None:
        values = payload(interaction).get("values") or []
        if len(values) != 1:
            raise Refusal(NOT_A_CHOICE)
        value = str(values[0])
        if value == "-":
            return None
        if not value.isdigit() or not 0 <= int(value) < moments.state(moment).players:
            raise Refusal(NOT_A_CHOICE)
        return int(value)

    async def show(self, interaction: discord.Interaction[Any], moments: Moments, row: TableRow, guild_id: int,
                   at: Moment, in_place: bool) -> None:
        """Answer with the viewer at ``at``: the press's own message redrawn (``in_place``), or a new
        message for the asker alone. Within the answer when the picture is drawn in time."""
        text = viewer.content(moments, row, at)
        controls = viewer.controls(moments, row, guild_id, at)
        drawing = asyncio.ensure_future(self.picture(guild_id, moments, row, at))
        done, _ = await asyncio.wait({drawing}, timeout=ANSWER_WITHIN)
        if not done:  # a busy worker: acknowledge now, show it when drawn
            if in_place:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        file = await drawing
        self.draw_ahead(guild_id, moments, row, at)  # in a worker while the answer goes out
        if interaction.response.is_done():
            if in_place:
                await interaction.edit_original_response(content=text, attachments=[file], view=controls)
            else:
                await interaction.followup.send(text, file=file, view=controls, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
        elif in_place:
            await interaction.response.edit_message(content=text, attachments=[file], view=controls,
                                                    allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(text, file=file, view=controls, ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())

    async def record(self, interaction: discord.Interaction[Any], store: GuildStore, row: TableRow) -> None:
        """The game's record as a file, for the asker alone (``docs/record-format.md``)."""
        unit = str(await store.get_setting("stakes_unit", "dollars"))
        try:
            doc = record_file.build(row, await store.actions(row.id), unit)
        except record_file.RecordError as err:
            raise Refusal(f"I couldn't write this game's record: {err}") from None
        name = record_file.file_name(doc)
        text = (f"The record of **{doc['title']}** table #{row.id}: its options, seed, seats and every move, "
                f"with who made it and when. `python -m bot replay {name}` tells the game and draws any moment.")
        file = discord.File(io.BytesIO(record_file.dumps(doc)), filename=name)
        await interaction.response.send_message(text, file=file, ephemeral=True)

    async def animate(self, interaction: discord.Interaction[Any], moments: Moments, at: Moment, whole: bool) -> None:
        """One animated picture of the round being shown (or of the whole game), for the asker alone:
        acknowledged at once (it takes a few seconds to draw), then sent."""
        found = None if whole else moments.round_at(at.moment)
        first, last = (0, moments.last) if found is None else (found.start, moments.last if found.end is None
                                                                else found.end)
        await interaction.response.defer(ephemeral=True, thinking=True)
        made = await animation.animate(self.host.workers, moments, first, last, moments.rules.title, at.seat)
        file = discord.File(io.BytesIO(made.data), filename=made.filename, description=made.alt)
        what = "the whole game" if found is None else f"round {found.number}"
        text = (f"**{moments.rules.title}**, {what}: {made.frames} pictures, {round(made.seconds)} seconds, "
                "played over and over. Save it or share it as you like.")
        await interaction.followup.send(text, file=file, ephemeral=True)

    async def post(self, interaction: discord.Interaction[Any], moments: Moments, row: TableRow, guild_id: int,
                   at: Moment) -> None:
        """The moment, for everyone in the channel the viewer was opened in: its picture and lines."""
        if row.extra.get("private"):
            raise Refusal(f"Table #{row.id} was a private table, so its moments can't be posted in the channel.")
        who = getattr(interaction.user, "display_name", None) or interaction.user.name
        text = viewer.content(moments, row, at, shared_by=f"**{who}**")
        await interaction.response.defer(thinking=True)
        file = await self.picture(guild_id, moments, row, at)
        await interaction.followup.send(text, file=file, allowed_mentions=discord.AllowedMentions.none())
