"""Showing a table in Discord once an action is committed: the table message (edited in place),
notable events as short lines, each player's hand by DM, and the result.

Each table has one display task that shows what its committed moves changed, in order, while
play goes on: the action path only hands it the move (``moved``) and never waits for a picture.
When moves come faster than they can be shown (computers answering at once, a burst of clicks,
a channel at Discord's write limit), the task shows the newest state and skips drawing the ones
in between; every notable line still goes out, in order, and a hand is drawn from the newest
state, never an older one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from games.core.base import State
from renderers.describe import describe_hand, describe_round_end, describe_settlement, describe_table

from . import controls, turns
from .display import Batch, Display, Hands, is_dm, nudges, passing, picture_digest, table_content, table_controls
from .limits import ChannelLimits
from .live import Live
from .logs import table_extra
from .results import headline

if TYPE_CHECKING:
    from .client import Parlour

log = logging.getLogger("parlour.publish")
DM_CLOSED = 50007
# The display waits (at most HOLD seconds) for a computer that answers at once (PARLOUR_AI_DELAY at
# most QUICK), so that a move and the answer are drawn as one picture: under load the answer may take
# a while to be thought of, and drawing the move alone would be a picture nobody needs. A computer
# that takes its time (the default second) lets the move be seen first.
QUICK = 0.25
HOLD = 2.0
# Discord lets an interaction's token edit its replies for 15 minutes; a hand shown in reply (My hand,
# or the answer to an out-of-date click) is kept current until a little before that, then its
# controls are taken away, since no later edit could reach it.
REPLY_LIFE = 15 * 60.0
REPLY_MARGIN = 45.0
EXPIRED_REPLY = "This hand is no longer kept up to date. Press **My hand** on the table for a fresh one."
REPLACED_REPLY = "A newer copy of your hand was sent: use that one."
PICTURES_KEPT = 10_000  # digests of the pictures messages show, kept to skip unchanged uploads
NOTICE_AFTER = 120.0  # seconds without news after which a turn's hand comes as a new message
RETRY_FIRST, RETRY_MAX = 1.0, 30.0  # seconds before a failed display tries again, doubling each time


class Publisher:
    def __init__(self, bot: Parlour) -> None:
        self.bot = bot
        self.limits = ChannelLimits()
        self.displays: dict[tuple[int, int], Display] = {}
        self.hand_shown: dict[tuple[int, int, int], float] = {}  # (guild, table, seat): when last drawn
        self.pictures: dict[int, bytes] = {}  # message id: digest of the picture (and alt text) it shows
        self.reply_watch: dict[tuple[int, int], asyncio.Task[None]] = {}

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def post(self, channel_id: int, content: str | None = None, **kwargs: Any) -> discord.Message:
        """Send a message into a channel, within its write limit."""
        async with self.limits.write(channel_id):
            return await self.channel(channel_id).send(content, **kwargs)

    # -- what the action path and the services ask for -------------------------------------
    def moved(self, live: Live, before: State, after: State) -> None:
        """A committed move, to be shown (soon, in order, perhaps together with the next)."""
        display = self._display(live)
        display.moves.append((before, after))
        self._wake(live, display)

    def refresh(self, live: Live, hands: Hands = None) -> None:
        """Draw the table message again (and, with ``hands``, the hands of the seats to move)."""
        display = self._display(live)
        display.redraw = True
        if hands == "fresh" or display.hands is None:
            display.hands = hands
        self._wake(live, display)

    async def settled(self, live: Live, timeout: float | None = None) -> None:
        """Wait until everything asked of the table so far has been shown."""
        display = self.displays.get((live.guild_id, live.table_id))
        if display is not None and display.task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(display.task), timeout)

    async def settle_all(self, timeout: float) -> None:
        tasks = [d.task for d in self.displays.values() if d.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    def _display(self, live: Live) -> Display:
        return self.displays.setdefault((live.guild_id, live.table_id), Display())

    def _wake(self, live: Live, display: Display) -> None:
        display.changed.set()
        if display.task is None or display.task.done():
            display.task = asyncio.create_task(self._run(live, display),
                                               name=f"parlour-show-{live.guild_id}-{live.table_id}")

    # -- the display task ------------------------------------------------------------------
    async def _run(self, live: Live, display: Display) -> None:
        delay = RETRY_FIRST
        where = table_extra(live.guild_id, live.table_id)
        try:
            while display.pending:
                await self._hold(live, display)
                if live.row.channel_id is not None:  # room for the table message, before choosing what to draw
                    await self.limits.ready(live.row.channel_id)
                batch = self._take(live, display)
                try:
                    await self._show(live, batch)
                    delay = RETRY_FIRST
                except Exception as err:  # the moves are committed: a failure must not stop the ones after
                    if not passing(err) or self.bot.stopping:
                        log.exception("showing table %s of guild %s failed", live.table_id, live.guild_id,
                                      extra=where)
                        continue
                    # Discord or the store failed for a while: show it again, with whatever came meanwhile.
                    log.warning("showing the table failed (%s); trying again in %.0f s", err, delay, extra=where)
                    display.failed = batch
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, RETRY_MAX)
        finally:
            if not display.pending and self.displays.get((live.guild_id, live.table_id)) is display:
                del self.displays[(live.guild_id, live.table_id)]

    async def _hold(self, live: Live, display: Display) -> None:
        """When a computer is to move and moves at once, wait (briefly) for its move, so that the
        two are drawn as one picture."""
        if self.bot.config.ai_delay > QUICK or self.bot.stopping:  # stopping: no computer will answer
            return
        deadline = time.monotonic() + HOLD
        while (left := deadline - time.monotonic()) > 0:
            state = live.state
            if state.is_over or state.between_rounds or not any(live.is_computer(s) for s in state.to_move):
                return
            display.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(display.changed.wait(), left)

    @staticmethod
    def _take(live: Live, display: Display) -> Batch:
        moves, display.moves = display.moves, []
        failed, display.failed = display.failed, None
        if failed is not None and not (moves or display.redraw or display.hands):
            batch = failed  # the same again, from the step that failed
        else:
            states = (moves[0][0], *(after for _, after in moves)) if moves else (live.state,)
            batch = Batch(states, display.redraw or bool(moves), display.hands, dms=live.row.extra.get("dm"))
            if failed is not None:
                batch = failed.then(batch)
        display.redraw, display.hands = False, None
        return batch

    async def _show(self, live: Live, batch: Batch) -> None:
        state = batch.last
        done = batch.done
        if "table" not in done:
            await self.table_message(live, state)
            done.add("table")
        if "events" not in done:
            await self.events(live, batch)
            done.add("events")
        if "hands" not in done:
            if not state.rules.open_play:
                await self.hands(live, batch)
            done.add("hands")
        if "replies" not in done:
            await self.update_replies(live, state, batch)
            done.add("replies")
        if "clock" not in done:
            await self.clock_message(live, state)
            done.add("clock")
        if "shown" not in done:
            # One write notes what is shown now and where the hands went (a restart redraws a table
            # only if it was left behind, and takes the controls off the old hand messages).
            live.row = replace(live.row, shown_version=max(len(state.history), live.row.shown_version))
            store = await self.bot.stores.guild(live.guild_id)
            moved = live.row.extra.get("dm")
            await store.record_shown(live.table_id, live.row.shown_version, moved if moved != batch.dms else None)
            done.add("shown")
        if state.is_over and "results" not in done:
            await self.results(live, state, done)
            done.add("results")

    # -- the table message -------------------------------------------------------------------
    async def table_message(self, live: Live, state: State) -> None:
        if live.row.channel_id is None:
            return
        store = await self.bot.stores.guild(live.guild_id)
        live.unit = str(await store.get_setting("stakes_unit", "dollars"))
        seen = live.view(None, state)
        png = await self.bot.workers.table(live.row.game, seen)
        content = table_content(live, state, seen)
        alt = describe_table(live.row.game, seen)
        file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        playing = not state.is_over
        view = table_controls(live, state) if playing else discord.utils.MISSING
        channel = self.channel(live.row.channel_id)
        if live.row.table_message_id:
            message = channel.get_partial_message(live.row.table_message_id)
            picture = self.new_picture(message.id, file)
            try:
                async with self.limits.write(channel.id):
                    await message.edit(content=content, view=view if playing else None,
                                       attachments=[file] if picture else discord.utils.MISSING)
                self.shown_picture(message.id, file)
                return
            except discord.NotFound:
                file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        async with self.limits.write(channel.id):
            sent = await channel.send(content=content, file=file, view=view)
        self.shown_picture(sent.id, file)
        live.row = await store.update_table(live.table_id, table_message_id=sent.id)

    def new_picture(self, message_id: int, file: discord.File) -> bool:
        """Whether ``file`` differs from the picture ``message_id`` shows: an unchanged one is not
        uploaded again (the edit keeps the message's attachment)."""
        return self.pictures.get(message_id) != picture_digest(file)

    def shown_picture(self, message_id: int, file: discord.File) -> None:
        if len(self.pictures) > PICTURES_KEPT:  # a bound, not a cache policy: forgetting costs one upload
            self.pictures.clear()
        self.pictures[message_id] = picture_digest(file)

    async def clock_message(self, live: Live, state: State) -> None:
        """A short clock is announced in the channel by a message of its own, with the moves every
        waiting seat shares (Bullshit! and No call) and when it closes; once the clock stops,
        that message says so and loses its buttons. Kept in the table's extra for a restart."""
        channel_id = live.row.channel_id
        if channel_id is None:
            return
        clock = state.clock
        shown = live.row.extra.get("clock")
        if shown and (clock is None or clock.since != shown["since"]):
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(channel_id):
                    await self.channel(channel_id).get_partial_message(shown["message"]).edit(
                        content=f"{shown['text']}\n*Closed.*", view=None)
            shown = None
        if clock is not None and not shown and not state.is_over:
            seats = [s for s in sorted(clock.seats & state.to_move)]
            shared = [a for a in state.offered(seats[0])
                      if all(a.token in {b.token for b in state.offered(s)} for s in seats[1:])] if seats else []
            text = live.text(state.status(None))
            view = controls.move_view(live.guild_id, live.table_id, len(state.history), shared, clock=clock.since,
                                      label=live.text)
            sent = await self.post(channel_id, f"{text}\n{await self.clock_line(live, state)}", view=view,
                                   allowed_mentions=discord.AllowedMentions.none())
            shown = {"message": sent.id, "since": clock.since, "text": text}
        if shown != live.row.extra.get("clock"):
            await self.merge_extra(live, {"clock": shown})

    async def events(self, live: Live, batch: Batch) -> None:
        """Notable lines, with a picture of any settlement (who paid whom, how much and why) or
        round's end (who went out, what each paid); where moves are made on the table, also a
        nudge to whoever's turn begins (an edited message notifies nobody, and there is no DM
        to do it). A message holds at most ten files: the newest are kept."""
        if live.row.channel_id is None:
            return
        lines: list[str] = []
        nudged: list[int] = []
        files = []
        for before, after in batch.steps():
            lines += [live.text(f"{e.text} {e.shown}" if e.shown else e.text)
                      for e in after.log[len(before.log):] if e.notable]
            for member in nudges(live, before, after):
                if member not in nudged:
                    nudged.append(member)
            for settled in after.settlements[len(before.settlements):]:
                seen, account = live.view(None, after), settled.to_json()
                png = await self.bot.workers.settlement(live.row.game, seen, account)
                files.append(discord.File(io.BytesIO(png), filename=f"round-{settled.round}.png",
                                          description=describe_settlement(seen, account)))
            for ended in after.round_ends[len(before.round_ends):]:
                seen = live.view(None, after)
                png = await self.bot.workers.round_end(live.row.game, seen, ended)
                files.append(discord.File(io.BytesIO(png), filename=f"round-end-{len(files) + 1}.png",
                                          description=describe_round_end(seen)))
        waiting = [m for m in nudged if (s := live.seat_of(m)) is not None and s in batch.last.to_move]
        if waiting and not batch.last.between_rounds:
            lines.append(", ".join(f"<@{m}>" for m in waiting) + ": your turn.")
        if lines or files:
            mentions = discord.AllowedMentions(everyone=False, roles=False,
                                               users=[discord.Object(m) for m in waiting])
            await self.post(live.row.channel_id, "\n".join(lines)[:2000] or None,
                            files=files[-10:] or discord.utils.MISSING, allowed_mentions=mentions)

    # -- hands ---------------------------------------------------------------------------------
    async def hand_message(self, live: Live, seat: int, state: State | None = None) -> dict[str, Any]:
        """The content, image and controls of a seat's hand, as keyword arguments for a send."""
        state = live.state if state is None else state
        view = live.view(seat, state)
        png = await self.bot.workers.hand(live.row.game, view)
        status = live.text(str(view["status"]))
        content = f"**{state.rules.title}** · table #{live.table_id} · {live.names[seat]}\n{status}"
        clock = state.clock
        if clock is not None and seat in clock.seats and seat in state.to_move:
            content += f"\n{await self.clock_line(live, state)}"
        kwargs: dict[str, Any] = {"content": content[:2000],
                                  "file": discord.File(io.BytesIO(png), filename="hand.png",
                                                       description=describe_hand(live.row.game, view))}
        moves = self.moves_view(live, seat, state)
        if moves is not None:
            kwargs["view"] = moves
        return kwargs

    def moves_view(self, live: Live, seat: int, state: State,
                   chosen: list[int] | None = None) -> discord.ui.View | None:
        """A seat's controls in ``state``: its moves, and its pick with the cards ``chosen``;
        between rounds none (the table's buttons answer, see bot.rounds)."""
        if state.between_rounds or seat not in state.to_move:
            return None
        actions, pick, clock = state.offered(seat), state.pick(seat), state.clock
        if not actions and pick is None:
            return None
        on_clock = clock.since if clock is not None and seat in clock.seats else None
        return controls.move_view(live.guild_id, live.table_id, len(state.history), actions, pick=pick,
                                  chosen=chosen or (), clock=on_clock, label=live.text,
                                  family=state.rules.card_order.family)

    async def clock_line(self, live: Live, state: State) -> str:
        clock = state.clock
        assert clock is not None
        deadline = await self.bot.tables.clock_deadline(live, clock)
        return f"⏱ Closes <t:{int(deadline + 0.999)}:R>"

    @staticmethod
    def same_clock(seat: int, batch: Batch) -> bool:
        """Whether ``seat`` was waiting on one clock all through ``batch``: its controls, made for
        that clock, are still good, and redrawing them would lose a choice half made."""
        first, last = batch.states[0].clock, batch.last.clock
        return (first is not None and last is not None and first.since == last.since
                and seat in first.seats and seat in last.seats and seat in batch.last.to_move)

    async def hands(self, live: Live, batch: Batch) -> None:
        """Each member whose turn is on now gets their hand (a new DM if the turn began in these
        moves, so they are notified, or if asked for; else the last one edited); one whose turn
        ended loses the controls."""
        state = batch.last
        for seat, info in enumerate(live.row.seats):
            if info.ai or info.member_id is None:
                continue
            had = [seat in s.to_move for s in batch.states]
            if had[-1] and self.same_clock(seat, batch) and not batch.hands:
                continue
            if f"hand:{seat}" in batch.done:  # shown before a later seat failed: not again
                continue
            if self.live_copy(live, seat) and batch.hands != "fresh":
                continue  # kept current through the token of the click made on it (update_replies)
            if had[-1]:
                if len(batch.states) > 1 or batch.hands:
                    # One message per game, edited in place; a new one (which notifies) only when asked
                    # for, or when a turn begins after the player has long had nothing new.
                    fresh = (batch.hands == "fresh" or (not all(had) and self.quiet(live, seat))) \
                        and seat not in batch.fresh_sent
                    await self.send_hand(live, seat, fresh=fresh, state=state)
                    if fresh:
                        batch.fresh_sent.add(seat)
                        await self.untrack_dm(live, seat)
            elif any(had):  # their turn is over: take the controls away, no need to draw the hand again
                await self.retire_controls(live, seat)
            batch.done.add(f"hand:{seat}")

    def quiet(self, live: Live, seat: int) -> bool:
        """Whether the seat's hand message has gone unchanged for NOTICE_AFTER seconds (or since
        this process started): a turn that begins now deserves a new message, which notifies."""
        shown = self.hand_shown.get((live.guild_id, live.table_id, seat))
        return shown is None or time.monotonic() - shown > NOTICE_AFTER

    async def retire_controls(self, live: Live, seat: int) -> None:
        previous = live.row.extra.get("dm", {}).get(str(seat))
        if previous:
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(previous[0]):
                    await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)

    async def send_hand(self, live: Live, seat: int, fresh: bool, state: State | None = None) -> None:
        """A new DM when a turn starts (so the player is notified), else the last one edited."""
        member_id = live.row.seats[seat].member_id
        assert member_id is not None
        closed = live.row.extra.get("dm_closed", [])
        if seat in closed:
            return
        dms = dict(live.row.extra.get("dm", {}))
        previous = dms.get(str(seat))
        kwargs = await self.hand_message(live, seat, state)
        if previous and not fresh:
            message = self.channel(previous[0]).get_partial_message(previous[1])
            file = kwargs.pop("file")
            edits = {**kwargs, "view": kwargs.get("view")}
            if self.new_picture(message.id, file):
                edits["attachments"] = [file]
            try:
                async with self.limits.write(previous[0]):
                    await message.edit(**edits)
                self.shown_picture(message.id, file)
                self.hand_shown[(live.guild_id, live.table_id, seat)] = time.monotonic()
                return
            except discord.NotFound:  # deleted: only then a new message (other failures are tried again)
                kwargs["file"] = file
                file.reset()
        if previous:  # the old message's controls are out of date: take them away
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(previous[0]):
                    await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)
        try:
            dm = await self.bot.create_dm(discord.Object(member_id))
            async with self.limits.write(dm.id):
                sent = await dm.send(**{k: v for k, v in kwargs.items() if v is not None})
        except discord.Forbidden as err:
            if err.code == DM_CLOSED:
                await self.dm_closed(live, seat, member_id)
                return
            raise
        dms[str(seat)] = [sent.channel.id, sent.id]
        live.row = replace(live.row, extra={**live.row.extra, "dm": dms})  # stored with the batch (record_shown)
        self.shown_picture(sent.id, kwargs["file"])
        self.hand_shown[(live.guild_id, live.table_id, seat)] = time.monotonic()

    async def dm_closed(self, live: Live, seat: int, member_id: int) -> None:
        closed = sorted({*live.row.extra.get("dm_closed", []), seat})
        await self.merge_extra(live, {"dm_closed": closed})
        if live.row.channel_id is not None:
            await self.post(
                live.row.channel_id,
                f"<@{member_id}>, your direct messages are closed to me, so I can't send you your hand. "
                "Use the **My hand** button on the table message to see your cards and play.",
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(member_id)]))

    # -- hands shown in reply to a click (ephemeral) ------------------------------------------
    async def track_reply(self, live: Live, seat: int, application_id: int, token: str, message_id: int,
                          *, dm: bool = False) -> None:
        """Remember the copy of ``seat``'s hand that a click was made on, so that every move edits
        it through the click's token while that lives (Discord does not count those edits against
        the bot's global allowance): a hand shown in reply, or (``dm``) the hand's direct message
        itself. It is the seat's one live copy: the previous one loses its controls (a reply is
        told a newer copy was sent), and the direct message is not redrawn meanwhile. Kept in the
        table's extra, so a restart goes on editing it."""
        replies = dict(live.row.extra.get("replies", {}))
        previous = replies.get(str(seat))
        expires = time.time() + REPLY_LIFE - REPLY_MARGIN
        replies[str(seat)] = [application_id, token, message_id, expires, *(["dm"] if dm else [])]
        await self._store_replies(live, replies)
        if previous and previous[2] != message_id and previous[3] > time.time():
            if is_dm(previous):
                await self._edit_reply(previous, view=None)
            else:
                await self._edit_reply(previous, content=REPLACED_REPLY, attachments=[], view=None)
        self.watch_replies(live)

    def live_copy(self, live: Live, seat: int) -> bool:
        """Whether ``seat``'s hand is kept current through a click's token now (not by the DM path)."""
        entry = live.row.extra.get("replies", {}).get(str(seat))
        return bool(entry) and entry[3] > time.time()

    async def untrack_dm(self, live: Live, seat: int) -> None:
        """A new hand message was sent: the token of a click on the old one no longer reaches it."""
        replies = live.row.extra.get("replies", {})
        entry = replies.get(str(seat))
        if entry and is_dm(entry):
            await self._store_replies(live, {k: e for k, e in replies.items() if k != str(seat)})

    async def update_replies(self, live: Live, state: State, batch: Batch | None = None) -> None:
        """Show each tracked reply the seat's hand as it is in ``state``: its moves if it is to
        move, none if not; once the game is over they are left as they are, without controls."""
        replies = dict(live.row.extra.get("replies", {}))
        if not replies:
            return
        now = time.time()
        gone = []
        for key, entry in list(replies.items()):
            if entry[3] <= now:
                continue  # the watcher takes its controls away
            if batch is not None and self.same_clock(int(key), batch):
                continue
            message = await self.hand_message(live, int(key), state)
            file, message_id = message["file"], int(entry[2])
            picture = {"attachments": [file]} if self.new_picture(message_id, file) else {}
            if await self._edit_reply(entry, content=message["content"], view=message.get("view"), **picture):
                self.shown_picture(message_id, file)
                self.hand_shown[(live.guild_id, live.table_id, int(key))] = time.monotonic()
            else:
                gone.append((key, entry))
        # The map as it is now (a click may have noted a new reply meanwhile), less the ones gone.
        current = dict(live.row.extra.get("replies", {}))
        kept = {} if state.is_over else {k: e for k, e in current.items() if (k, e) not in gone}
        if kept != current:
            await self._store_replies(live, kept)

    def watch_replies(self, live: Live) -> None:
        """(Re)start the task that takes the controls off each tracked reply before its token expires."""
        key = (live.guild_id, live.table_id)
        task = self.reply_watch.get(key)
        if task is not None and not task.done():
            task.cancel()
        if live.row.extra.get("replies") and not self.bot.stopping:
            self.reply_watch[key] = asyncio.create_task(self._expire_replies(live),
                                                        name=f"parlour-replies-{live.guild_id}-{live.table_id}")

    def stop(self) -> None:
        """The bot is stopping: no more showing (what is committed is shown after the restart)."""
        for task in [*self.reply_watch.values(), *(d.task for d in self.displays.values() if d.task)]:
            task.cancel()
        self.reply_watch.clear()

    async def _expire_replies(self, live: Live) -> None:
        while (replies := dict(live.row.extra.get("replies", {}))) and not self.bot.is_closed():
            soonest = min(entry[3] for entry in replies.values())
            await asyncio.sleep(max(0.0, soonest - time.time()))
            if self.bot.is_closed():  # a restart looks after them (they are stored with the table)
                return
            now = time.time()
            replies = dict(live.row.extra.get("replies", {}))
            for key, entry in list(replies.items()):
                if entry[3] <= now:
                    if is_dm(entry):  # the direct message stays, kept current the usual way from now on
                        self.refresh(live, hands="edit")
                    else:
                        await self._edit_reply(entry, content=EXPIRED_REPLY, view=None)
                    del replies[key]
            await self._store_replies(live, replies)

    async def _edit_reply(self, entry: list[Any], **kwargs: Any) -> bool:
        """Edit a tracked reply through its interaction's token; False if it is gone."""
        application_id, token, message_id = entry[:3]
        webhook = discord.Webhook.partial(int(application_id), str(token), client=self.bot)
        kwargs.setdefault("view", None)
        try:
            await webhook.edit_message(int(message_id), **kwargs)
        except discord.HTTPException as err:
            log.info("a hand shown in reply could not be edited (%s)", err.status)
            return False
        return True

    async def _store_replies(self, live: Live, replies: dict[str, Any]) -> None:
        await self.merge_extra(live, {"replies": replies or None})

    async def merge_extra(self, live: Live, values: dict[str, Any]) -> None:
        """Store these keys of the table's extra, and change only them in the row in memory: it may
        hold hand messages sent in this batch and not yet written (reading the row back would lose
        them, and the next move would send each player a new message)."""
        extra = {**live.row.extra, **values}
        live.row = replace(live.row, extra={k: v for k, v in extra.items() if v is not None})
        store = await self.bot.stores.guild(live.guild_id)
        await store.merge_extra(live.table_id, values)

    # -- the end -------------------------------------------------------------------------------
    async def results(self, live: Live, state: State | None = None, done: set[str] | None = None) -> None:
        """The result, in words first (who won, by how much), then the game's own account; with a
        Rematch button, in the table's channel and where the game was opened. ``done`` names the
        parts already posted (tried again after a failure, each is posted once)."""
        state = live.state if state is None else state
        outcome = state.outcome
        if outcome is None:
            return
        done = set() if done is None else done
        said = headline(outcome, live.names, state.rules.score_unit, live.unit)
        title = f"{said}. **{state.rules.title}** table #{live.table_id} is over."
        detail = live.text(outcome.detail)
        again = controls.rematch_view(live.guild_id, live.table_id)
        if live.row.channel_id is not None and "result:table" not in done:
            await self.post(live.row.channel_id,
                            f"{title}\n{detail}\nThank you for playing! This channel will be tidied away later.",
                            view=again, allowed_mentions=discord.AllowedMentions.none())
            done.add("result:table")
        if live.row.origin_channel_id and live.row.origin_channel_id != live.row.channel_id \
                and "result:origin" not in done:
            where = f" (played in <#{live.row.channel_id}>)" if live.row.channel_id else ""
            await self.post(live.row.origin_channel_id, f"{title}{where}\n{detail}", view=again,
                            allowed_mentions=discord.AllowedMentions.none())
            done.add("result:origin")
        if "result:talk" not in done:
            await self.bot.talk.close(live.guild_id, live.table_id, live)
            done.add("result:talk")
        await self.schedule_cleanup(live)

    async def schedule_cleanup(self, live: Live) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        delay = int(await store.get_setting("cleanup_delay", 30))
        live.row = await store.update_table(live.table_id, delete_channel_at=time.time() + turns.MINUTE * delay)
        self.bot.turns.cleanup_later(live.guild_id, live.row)
