"""Showing a table in Discord once an action is committed: the table message (edited in place),
notable events as short lines, each player's hand by DM, and the result."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from games.core.base import State
from renderers import render_hand, render_settlement, render_table

from . import controls, rounds, turns
from .live import Live

if TYPE_CHECKING:
    from .client import Parlour

log = logging.getLogger("parlour.publish")
DM_CLOSED = 50007


def scores_line(live: Live, view: dict[str, Any]) -> str:
    scores = view.get("scores")
    if not isinstance(scores, list) or len(scores) != len(live.names):
        return ""
    return " · ".join(f"{name} {score}" for name, score in zip(live.names, scores, strict=True))


def table_content(live: Live) -> str:
    view = live.view(None)
    title = f"**{live.state.rules.title}** · table #{live.table_id}"
    lines = [title, live.text(str(view["status"]))]
    scores = scores_line(live, view)
    if scores:
        lines.append(scores)
    lines += rounds.notes(live)
    return "\n".join(lines)[:2000]


def table_controls(live: Live) -> discord.ui.View:
    state = live.state
    open_play = state.rules.open_play
    movers = sorted(state.to_move)
    # Where nothing is hidden a member's moves sit on the table itself (a computer's are its own
    # business); between rounds the table's buttons answer instead, as any seated player may.
    shown = open_play and len(movers) == 1 and not state.between_rounds and not live.is_computer(movers[0])
    moves = state.legal_actions(movers[0]) if shown else ()
    return controls.table_view(live.guild_id, live.table_id, hand=not open_play, version=live.version,
                               moves=moves, verbs=rounds.verbs(live), label=live.text)


class Publisher:
    def __init__(self, bot: Parlour) -> None:
        self.bot = bot

    async def __call__(self, live: Live, before: State, after: State) -> None:
        await self.table_message(live)
        await self.events(live, before, after)
        if not after.rules.open_play:
            await self.hands(live, before, after)
        if after.is_over:
            await self.results(live)

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    # -- the table message -------------------------------------------------------------------
    async def table_message(self, live: Live) -> None:
        if live.row.channel_id is None:
            return
        store = await self.bot.stores.guild(live.guild_id)
        live.unit = str(await store.get_setting("stakes_unit", "dollars"))
        png = await asyncio.to_thread(render_table, live.row.game, live.view(None))
        file = discord.File(io.BytesIO(png), filename="table.png")
        playing = not live.state.is_over
        view = table_controls(live) if playing else discord.utils.MISSING
        channel = self.channel(live.row.channel_id)
        if live.row.table_message_id:
            message = channel.get_partial_message(live.row.table_message_id)
            try:
                await message.edit(content=table_content(live), attachments=[file], view=view if playing else None)
                return
            except discord.NotFound:
                file = discord.File(io.BytesIO(png), filename="table.png")
        sent = await channel.send(content=table_content(live), file=file, view=view)
        live.row = await store.update_table(live.table_id, table_message_id=sent.id)

    async def events(self, live: Live, before: State, after: State) -> None:
        """Notable lines, with a picture of any settlement (who paid whom, how much and why);
        where moves are made on the table, also a nudge to whoever's turn begins (an edited
        message notifies nobody, and there is no DM to do it)."""
        if live.row.channel_id is None:
            return
        lines = [live.text(e.text) for e in after.log[len(before.log):] if e.notable]
        nudged: list[int] = []
        if after.rules.open_play and not after.between_rounds:
            # Between rounds the seat "to move" only answers for the table: a round's first turn is new.
            waiting = frozenset() if before.between_rounds else before.to_move
            for seat in sorted(after.to_move - waiting):
                member = live.row.seats[seat].member_id
                if member is not None and not live.is_computer(seat):
                    nudged.append(member)
            if nudged:
                lines.append(", ".join(f"<@{m}>" for m in nudged) + ": your turn.")
        files = []
        for settled in after.settlements[len(before.settlements):]:
            png = await asyncio.to_thread(render_settlement, live.row.game, live.view(None), settled.to_json())
            files.append(discord.File(io.BytesIO(png), filename=f"round-{settled.round}.png"))
        if lines or files:
            mentions = discord.AllowedMentions(everyone=False, roles=False,
                                               users=[discord.Object(m) for m in nudged])
            await self.channel(live.row.channel_id).send("\n".join(lines)[:2000] or None,
                                                         files=files or discord.utils.MISSING,
                                                         allowed_mentions=mentions)

    # -- hands ---------------------------------------------------------------------------------
    async def hand_message(self, live: Live, seat: int) -> dict[str, Any]:
        """The content, image and controls of a seat's hand, as keyword arguments for a send."""
        view = live.view(seat)
        png = await asyncio.to_thread(render_hand, live.row.game, view)
        # Between rounds the table's buttons answer (bot.rounds), not the opener's hand.
        actions = () if live.state.between_rounds else live.state.legal_actions(seat)
        status = live.text(str(view["status"]))
        content = f"**{live.state.rules.title}** · table #{live.table_id} · {live.names[seat]}\n{status}"
        kwargs: dict[str, Any] = {"content": content[:2000],
                                  "file": discord.File(io.BytesIO(png), filename="hand.png")}
        if actions:
            kwargs["view"] = controls.action_view(live.guild_id, live.table_id, live.version, actions)
        return kwargs

    async def hands(self, live: Live, before: State, after: State) -> None:
        for seat, info in enumerate(live.row.seats):
            if info.ai or info.member_id is None:
                continue
            now, was = seat in after.to_move, seat in before.to_move
            if now:
                await self.send_hand(live, seat, fresh=not was)
            elif was:  # their turn is over: take the controls away, no need to draw the hand again
                await self.retire_controls(live, seat)

    async def retire_controls(self, live: Live, seat: int) -> None:
        previous = live.row.extra.get("dm", {}).get(str(seat))
        if previous:
            with contextlib.suppress(discord.HTTPException):
                await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)

    async def send_hand(self, live: Live, seat: int, fresh: bool) -> None:
        """A new DM when a turn starts (so the player is notified), else the last one edited."""
        member_id = live.row.seats[seat].member_id
        assert member_id is not None
        closed = live.row.extra.get("dm_closed", [])
        if seat in closed:
            return
        dms = dict(live.row.extra.get("dm", {}))
        previous = dms.get(str(seat))
        kwargs = await self.hand_message(live, seat)
        if previous and not fresh:
            message = self.channel(previous[0]).get_partial_message(previous[1])
            kwargs["attachments"] = [kwargs.pop("file")]
            kwargs.setdefault("view", None)
            try:
                await message.edit(**kwargs)
                return
            except discord.HTTPException:
                kwargs["file"] = kwargs.pop("attachments")[0]
                kwargs["file"].reset()
        if previous:  # the old message's controls are out of date: take them away
            with contextlib.suppress(discord.HTTPException):
                await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)
        try:
            dm = await self.bot.create_dm(discord.Object(member_id))
            sent = await dm.send(**{k: v for k, v in kwargs.items() if v is not None})
        except discord.Forbidden as err:
            if err.code == DM_CLOSED:
                await self.dm_closed(live, seat, member_id)
                return
            raise
        dms[str(seat)] = [sent.channel.id, sent.id]
        store = await self.bot.stores.guild(live.guild_id)
        live.row = await store.merge_extra(live.table_id, {"dm": dms})

    async def dm_closed(self, live: Live, seat: int, member_id: int) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        closed = sorted({*live.row.extra.get("dm_closed", []), seat})
        live.row = await store.merge_extra(live.table_id, {"dm_closed": closed})
        if live.row.channel_id is not None:
            await self.channel(live.row.channel_id).send(
                f"<@{member_id}>, your direct messages are closed to me, so I can't send you your hand. "
                "Use the **My hand** button on the table message to see your cards and play.",
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(member_id)]))

    # -- the end -------------------------------------------------------------------------------
    async def results(self, live: Live) -> None:
        outcome = live.state.outcome
        if outcome is None:
            return
        detail = live.text(outcome.detail)
        title = f"**{live.state.rules.title}** table #{live.table_id} is over: {detail}"
        if live.row.channel_id is not None:
            await self.channel(live.row.channel_id).send(
                f"{title}\nThank you for playing! This channel will be tidied away later.",
                allowed_mentions=discord.AllowedMentions.none())
        if live.row.origin_channel_id and live.row.origin_channel_id != live.row.channel_id:
            where = f" in <#{live.row.channel_id}>" if live.row.channel_id else ""
            await self.channel(live.row.origin_channel_id).send(
                f"{title}{where}", allowed_mentions=discord.AllowedMentions.none())
        await self.schedule_cleanup(live)

    async def schedule_cleanup(self, live: Live) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        delay = int(await store.get_setting("cleanup_delay", 30))
        live.row = await store.update_table(live.table_id, delete_channel_at=time.time() + turns.MINUTE * delay)
        self.bot.turns.cleanup_later(live.guild_id, live.row)
