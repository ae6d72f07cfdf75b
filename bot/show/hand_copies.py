"""Each player's copy of the game (the table above their hand): drawn for a seat, sent by DM
once a game and edited in place, kept current through a click's token (see :mod:`.token_copies`),
its controls kept while the seat's choice is the same. The Publisher's ``copies``: each call is
handed the table's ``ShownTable`` (what each message shows, when a seat's copy was last drawn), and
nothing of a table is kept here."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.play.tables import Live, Tables, choice_of
from bot.runtime.limits import ChannelLimits
from bot.runtime.workers import Workers
from bot.show import controls
from bot.show.display import Batch, DrawnCopy, clock_line, same_clock
from bot.show.learning import Learning, help_items
from bot.show.shown_table import ShownTable
from bot.show.token_copies import live_copy, without_dm
from games.core.base import State
from renderers.describe import describe_seat

DM_CLOSED = 50007
NOTICE_AFTER = 120.0  # seconds without news after which a turn's hand comes as a new message


class CopyHost(Protocol):
    """What the copies ask of the client."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def workers(self) -> Workers: ...


def moves_view(live: Live, seat: int, state: State, chosen: list[int] | None = None) -> discord.ui.View | None:
    """A seat's controls in ``state``: its moves, and its pick with the cards ``chosen``; between
    rounds none (the table's buttons answer, see bot.play.rounds)."""
    if state.between_rounds or seat not in state.to_move:
        return None
    actions, pick, clock = state.offered(seat), state.pick(seat), state.clock
    if not actions and pick is None:
        return None
    on_clock = clock.since if clock is not None and seat in clock.seats else None
    if on_clock is None:  # (on a clock the first move is the one that acts: its order stands)
        actions = tuple(controls.as_drawn(actions, state.rules.sort_cards, state.rules.card_order.family))
    return controls.move_view(live.guild_id, live.table_id, len(state.history), actions, pick=pick,
                              chosen=chosen or (), clock=on_clock, label=live.text,
                              family=state.rules.card_order.family, help_items=help_items(live, seat, state))


def ended_line(live: Live, seat: int, who: str) -> str:
    """What every copy of a hand says once ``who`` stopped the table without a result."""
    return (f"**{live.state.rules.title}** · table #{live.table_id} · {live.names[seat]}\n"
            f"🛑 {who} ended this table, so it is not played any more and no result was recorded.")


class HandCopies:
    """The players' copies of a table, as the Publisher shows them."""

    def __init__(self, bot: CopyHost, limits: ChannelLimits, learning: Learning,
                 merge_extra: Callable[[Live, dict[str, Any]], Awaitable[None]]) -> None:
        self.bot = bot
        self.limits = limits  # the channels' write limits (the Publisher's)
        self.learning = learning
        self.merge_extra = merge_extra

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.client.get_partial_messageable(channel_id)

    # -- a copy drawn -----------------------------------------------------------------------------
    async def hand_message(self, live: Live, shown: ShownTable, seat: int, state: State | None = None,
                           copy: int | None = None) -> DrawnCopy:
        """A seat's copy of the game: the table as everyone sees it above the seat's hand, so a
        player can follow the game from their copy alone (kept current through a click's token, it
        costs the bot nothing, and the channel's table message can then wait, see ``spectated``).
        Redrawing message ``copy`` whose controls are still good (the seat faces the same choice:
        others moved meanwhile), its controls are left as they are (``kept``), for they may hold a
        choice half made."""
        state = live.state if state is None else state
        mine = shown.seat(seat)
        view = live.view(seat, state)
        seen = live.view(None, state)
        png = await self.bot.workers.seat(live.row.game, seen, view)
        status = live.text(str(view["status"]))
        content = f"**{state.rules.title}** · table #{live.table_id} · {live.names[seat]}\n{status}"
        news = live.round_news
        if news is not None and news[0] <= len(state.history) and news[1] \
                and not any(s == seat for s, _ in state.history[news[0]:]):
            content += "".join(f"\n🏁 {live.text(line)}" for line in news[1][-3:])  # the round that just ended
        coach, mine.coach = await self.learning.coach_line(live, seat, state, mine.coach)
        if coach:
            content += f"\n{coach}"
        clock = state.clock
        if clock is not None and seat in clock.seats and seat in state.to_move:
            content += f"\n{await clock_line(self.bot.tables, live, state)}"
        file = discord.File(io.BytesIO(png), filename="hand.png", description=describe_seat(live.row.game, seen, view))
        made = mine.controls_of(copy) if copy is not None else None
        version, choice = len(state.history), choice_of(state, seat)
        kept = made is not None and made[0] <= version and made[1] == choice and seat in state.to_move \
            and not any(s == seat for s, _ in state.history[made[0]:])
        return DrawnCopy(content[:2000], file, None if kept else moves_view(live, seat, state), version, choice,
                         kept=kept)

    # -- the hands' direct messages -----------------------------------------------------------------
    async def hands(self, live: Live, shown: ShownTable, batch: Batch) -> None:
        """Each member whose turn is on now gets their hand (a new DM if the turn began in these
        moves, so they are notified, or if asked for; else the last one edited); one whose turn
        ended loses the controls."""
        state = batch.last
        for seat, info in enumerate(live.row.seats):
            if info.member_id is None or (info.ai and not state.is_over):  # (a member who resigned sees the end)
                continue
            had = [seat in s.to_move for s in batch.states]
            if had[-1] and same_clock(seat, batch) and not batch.hands:
                continue
            if f"hand:{seat}" in batch.done:  # shown before a later seat failed: not again
                continue
            if live_copy(live, seat) and batch.hands != "fresh":
                continue  # kept current through the token of the click made on it (TokenCopies.update)
            if state.is_over:  # every copy shows the end, its controls gone, whatever it showed before
                dm = live.row.extra.get("dm", {}).get(str(seat))
                made = shown.seat(seat).controls_of(dm[1]) if dm else None
                if dm and not (shown.seat(seat).token_shows(dm[1], len(state.history))
                               or (made is not None and made[0] >= len(state.history))):
                    await self.send_hand(live, shown, seat, fresh=False, state=state)
            elif had[-1]:
                if len(batch.states) > 1 or batch.hands:
                    # One message per game, edited in place; a new one (which notifies) only when asked
                    # for, or when a turn begins after the player has long had nothing new.
                    fresh = (batch.hands == "fresh" or (not all(had) and self.quiet(shown, seat))) \
                        and seat not in batch.fresh_sent
                    await self.send_hand(live, shown, seat, fresh=fresh, state=state)
                    if fresh:
                        batch.fresh_sent.add(seat)
                        await self.untrack_dm(live, seat)
            elif any(had):  # their turn is over: take the controls away, no need to draw the hand again
                await self.retire_controls(live, seat)
            batch.done.add(f"hand:{seat}")

    @staticmethod
    def quiet(shown: ShownTable, seat: int) -> bool:
        """Whether the seat's hand message has gone unchanged for NOTICE_AFTER seconds (or since
        this process started): a turn that begins now deserves a new message, which notifies."""
        drawn_at = shown.seat(seat).drawn_at
        return drawn_at is None or time.monotonic() - drawn_at > NOTICE_AFTER

    async def untrack_dm(self, live: Live, seat: int) -> None:
        """A new hand message was sent: the token of a click on the old one no longer reaches it."""
        kept = without_dm(live, seat)
        if kept is not None:
            await self.merge_extra(live, {"replies": kept or None})

    async def retire_controls(self, live: Live, seat: int) -> None:
        previous = live.row.extra.get("dm", {}).get(str(seat))
        if previous:
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(previous[0]):
                    await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)

    async def ended(self, live: Live, said: dict[int, str]) -> None:
        """The table was stopped without a result: every hand's direct message says so (``said``
        by seat) and loses its controls, so nothing there can be pressed."""
        for seat, (channel_id, message_id) in ((int(k), v) for k, v in live.row.extra.get("dm", {}).items()):
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(channel_id):
                    message = self.channel(channel_id).get_partial_message(message_id)
                    await message.edit(content=said[seat], view=None)

    async def send_hand(self, live: Live, shown: ShownTable, seat: int, fresh: bool,
                        state: State | None = None) -> None:
        """A new DM when a turn starts (so the player is notified), else the last one edited."""
        member_id = live.row.seats[seat].member_id
        assert member_id is not None
        closed = live.row.extra.get("dm_closed", [])
        if seat in closed:
            return
        mine = shown.seat(seat)
        dms = dict(live.row.extra.get("dm", {}))
        previous = dms.get(str(seat))
        drawn = await self.hand_message(live, shown, seat, state, copy=previous[1] if previous and not fresh else None)
        if previous and not fresh:
            message = self.channel(previous[0]).get_partial_message(previous[1])
            edits: dict[str, Any] = {"content": drawn.content, "view": drawn.controls}
            if mine.new_picture(message.id, drawn.file):
                edits["attachments"] = [drawn.file]
            try:
                async with self.limits.write(previous[0]):
                    await message.edit(**edits)
                mine.drawn(message.id, drawn.file, drawn.made_for)
                return
            except discord.NotFound:  # deleted: only then a new message (other failures are tried again)
                drawn = await self.hand_message(live, shown, seat, state)
        if previous:  # the old message's controls are out of date: take them away
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(previous[0]):
                    await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)
        try:
            dm = await self.bot.client.create_dm(discord.Object(member_id))
            async with self.limits.write(dm.id):
                sent = await dm.send(content=drawn.content, file=drawn.file, view=drawn.view or discord.utils.MISSING)
        except discord.Forbidden as err:
            if err.code == DM_CLOSED:
                await self.dm_closed(live, seat, member_id)
                return
            raise
        dms[str(seat)] = [sent.channel.id, sent.id]
        live.row = replace(live.row, extra={**live.row.extra, "dm": dms})  # stored with the batch (record_shown)
        mine.drawn(sent.id, drawn.file, drawn.made_for)

    async def dm_closed(self, live: Live, seat: int, member_id: int) -> None:
        closed = sorted({*live.row.extra.get("dm_closed", []), seat})
        await self.merge_extra(live, {"dm_closed": closed})
        if live.row.channel_id is not None:
            async with self.limits.write(live.row.channel_id):
                await self.channel(live.row.channel_id).send(
                    f"<@{member_id}>, your direct messages are closed to me, so I can't send you your hand. "
                    "Use the **My hand** button on the table message to see your cards and play.",
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(member_id)]))
