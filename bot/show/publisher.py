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
from typing import Any, Protocol, cast

import discord

from bot.play import timers
from bot.play.partners_talk import Talk
from bot.play.protocols import Hands, OverLobbies
from bot.play.tables import Live, Tables
from bot.play.timers import Turns
from bot.runtime import budget
from bot.runtime.budget import Budget
from bot.runtime.config import Config
from bot.runtime.limits import ChannelLimits
from bot.runtime.logs import table_extra
from bot.runtime.workers import Workers
from bot.show import controls
from bot.show.display import (
    Batch,
    Display,
    clock_moves,
    messages_of,
    passing,
    picture_digest,
    table_content,
    table_controls,
    worth_a_message,
)
from bot.show.hand_copies import HandCopies
from bot.show.learning import Learning, hints_used_line, practice_line
from bot.show.results import headline, repeats
from bot.show.story import Story
from bot.show.token_copies import Replies
from bot.store import Stores
from bot.store.rows import TableExtra
from games.core.base import Outcome, State
from renderers.describe import describe_table

log = logging.getLogger("parlour.publish")
# The display waits (at most HOLD seconds) for a computer that answers at once (PARLOUR_AI_DELAY at
# most QUICK), so that a move and the answer are drawn as one picture: under load the answer may take
# a while to be thought of, and drawing the move alone would be a picture nobody needs. A computer
# that takes its time (the default second) lets the move be seen first.
QUICK = 0.25
HOLD = 2.0
PICTURES_KEPT = 10_000  # digests of the pictures messages show, kept to skip unchanged uploads
RETRY_FIRST, RETRY_MAX = 1.0, 30.0  # seconds before a failed display tries again, doubling each time
# While every member seated follows the game in their own copy (see ``spectated``), the table message is
# there for onlookers only: it is edited at most once in this many seconds, the moves between merging.
SPECTATED_EVERY = 10.0
# While pictures wait for a drawing worker, the players' copies come first: a table message that only
# onlookers need waits up to this many times its pace, looking again every BEHIND_LOOK of it.
BEHIND_STRETCH = 6.0
BEHIND_LOOK = 0.5
LATE_MARGIN = 5.0  # seconds beyond its pace after which a display that fell behind is logged
ANSWER_WAIT = 3.0  # seconds the display gives a click on the table to redraw it in its answer


class PublishHost(Protocol):
    """What the display asks of the client."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def stopping(self) -> bool: ...

    @property
    def budget(self) -> Budget: ...

    @property
    def config(self) -> Config: ...

    @property
    def stores(self) -> Stores: ...

    @property
    def workers(self) -> Workers: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def lobbies(self) -> OverLobbies: ...


class Publisher:
    def __init__(self, bot: PublishHost) -> None:
        self.bot = bot
        self.limits = ChannelLimits()
        self.displays: dict[tuple[int, int], Display] = {}
        self.pictures: dict[int, bytes] = {}  # message id: digest of the picture (and alt text) it shows
        self.table_shown: dict[tuple[int, int], float] = {}  # (guild, table): when its message was last drawn
        self.spectated_every = SPECTATED_EVERY
        self.greetings: dict[tuple[int, int], str] = {}  # (guild, table): said atop its first table message
        self.table_versions: dict[tuple[int, int], int] = {}  # (guild, table): the version its message shows
        self.table_locks: dict[tuple[int, int], asyncio.Lock] = {}
        self.replies = Replies(self)
        self.learning = Learning(bot.workers, bot.stores, self.merge_extra)
        self.copies = HandCopies(bot, self, self.replies, self.learning)  # the players' copies of each table
        self.story = Story(bot.workers, self.post, self.merge_extra)  # the table channels' notable lines

    @property
    def client(self) -> discord.Client:
        return self.bot.client

    @property
    def stopping(self) -> bool:
        return self.bot.stopping

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.client.get_partial_messageable(channel_id)

    async def post(self, channel_id: int, content: str | None = None, **kwargs: Any) -> discord.Message:
        """Send a message into a channel, within its write limit."""
        async with self.limits.write(channel_id):
            return await self.channel(channel_id).send(content, **kwargs)

    async def merge_extra(self, live: Live, values: dict[str, Any]) -> None:
        """Store these keys of the table's extra, and change only them in the row in memory: it may
        hold hand messages sent in this batch and not yet written (reading the row back would lose
        them, and the next move would send each player a new message)."""
        extra = {**live.row.extra, **values}
        live.row = replace(live.row, extra=cast(TableExtra, {k: v for k, v in extra.items() if v is not None}))
        store = await self.bot.stores.guild(live.guild_id)
        await store.merge_extra(live.table_id, values)

    def stop(self) -> None:
        """The bot is stopping: no more showing (what is committed is shown after the restart)."""
        self.replies.stop()
        for task in [t for d in self.displays.values() for t in (d.task, d.ending) if t]:
            task.cancel()

    # -- what the action path and the services ask for -------------------------------------
    def moved(self, live: Live, before: State, after: State) -> None:
        """A committed move, to be shown (soon, in order, perhaps together with the next)."""
        display = self.display_of(live)
        display.moves.append((before, after))
        if display.oldest is None:
            display.oldest = time.monotonic()
        self.behind(live, display)
        self.wake(live, display)
        ticket = display.ticket
        if ticket is not None and not ticket.urgent and self.urgency(live, display) == budget.URGENT:
            self.bot.budget.hurry(ticket)
        if after.is_over and display.ending is None:
            display.ending = asyncio.create_task(self._end_first(live, display, before, after),
                                                 name=f"parlour-end-{live.guild_id}-{live.table_id}")
        if not self.bot.budget.room() or self.spectated(live, after) or after.is_over:
            # Short of the allowance, or watched only by onlookers, the table message waits; the copies of
            # hands kept through a click's token (outside the global limit) need not: every player sees
            # the move, and a turn that begins reaches its player, at once.
            self.replies.now(live)

    def behind(self, live: Live, display: Display) -> float:
        """How many seconds the table's display is behind its game (the oldest move not yet shown);
        past its designed pace (the onlookers' pace, stretched while pictures wait, plus LATE_MARGIN)
        the log is told once, until it catches up."""
        pending = [t for t in (display.oldest, display.failed.oldest if display.failed else None) if t is not None]
        lag = time.monotonic() - min(pending) if pending else 0.0
        pace = self.spectated_every * (BEHIND_STRETCH if self.bot.workers.drawing_behind else 1.0)
        if lag > pace + LATE_MARGIN and not display.warned:
            display.warned = True
            log.warning("table %s of guild %s is %.0f s behind its game (%d moves not yet shown)",
                        live.table_id, live.guild_id, lag, len(display.moves),
                        extra=table_extra(live.guild_id, live.table_id))
        elif not pending:
            display.warned = False
        return lag

    def spectated(self, live: Live, state: State) -> bool:
        """Whether the table message is there for onlookers only: every member seated follows the
        game in their own copy (the table above their hand) kept current through a click's token,
        and nothing on the table message is theirs to press (no round's end or open window, not a
        game played on the table). Its edits then come at most every SPECTATED_EVERY seconds; the
        game's end shows at once."""
        if state.is_over or state.between_rounds or state.rules.open_play or clock_moves(live, state):
            return False
        members = [seat for seat, info in enumerate(live.row.seats)
                   if info.member_id is not None and not live.is_computer(seat)]
        return bool(members) and all(self.replies.live_copy(live, seat) for seat in members)

    def greet(self, live: Live, text: str) -> None:
        """Open the table's first message with ``text`` (mentioning its members, who are notified):
        one message, not a greeting and then the table."""
        self.greetings[(live.guild_id, live.table_id)] = text

    def refresh(self, live: Live, hands: Hands = None) -> None:
        """Draw the table message again (and, with ``hands``, the hands of the seats to move)."""
        display = self.display_of(live)
        display.redraw = True
        if hands == "fresh" or display.hands is None:
            display.hands = hands
        self.wake(live, display)

    async def settled(self, live: Live, timeout: float | None = None) -> None:
        """Wait until everything asked of the table so far has been shown."""
        display = self.displays.get((live.guild_id, live.table_id))
        if display is not None and display.task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(display.task), timeout)

    async def settle_all(self, timeout: float) -> None:
        tasks = [d.task for d in self.displays.values() if d.task is not None]
        for display in self.displays.values():  # none waits for its pace any more (see _onlookers_wait)
            display.changed.set()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    def display_of(self, live: Live) -> Display:
        return self.displays.setdefault((live.guild_id, live.table_id), Display())

    def wake(self, live: Live, display: Display) -> None:
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
                await self.hold(live, display)
                await self._onlookers_wait(live, display)
                await self.replies.table_answer(live, ANSWER_WAIT)  # a click's answer draws the table
                if live.row.channel_id is not None and not live.state.is_over:
                    await self.limits.ready(live.row.channel_id)  # room for the table message, before choosing
                    # what to draw (a game's end does not wait: it is shown elsewhere first, see _show)
                # The table's place in the bot's request budget: short of the allowance, it waits for a
                # grant for its table message before choosing what to draw, so moves that come meanwhile
                # merge; one that makes the wait urgent (see ``moved``) hurries it.
                urgency = self.urgency(live, display)
                ticket = display.ticket = budget.Ticket(urgent=urgency == budget.URGENT,
                                                        onlookers=urgency == budget.ONLOOKERS)
                spend = self.bot.budget
                with spend.using(ticket):
                    if urgency is not None and not spend.room():
                        await spend.spend()
                        ticket.prepaid = 1
                batch = self._take(live, display)
                try:
                    with spend.using(ticket):
                        await self._show(live, batch)
                    delay = RETRY_FIRST
                    self.behind(live, display)  # (caught up: a later fall is told again)
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

    def urgency(self, live: Live, display: Display) -> int | None:
        """How urgent what the table has to show is for the bot's request budget: URGENT when a turn
        begins for a member who can learn of it only by a request bound by the global limit (a direct
        message, or the table itself in a game played on it), or the game ended; ONLOOKERS when only
        onlookers need the table message (``spectated``); None when all it has to show are copies of
        hands kept through a click's token (outside the global limit)."""
        if display.replies and not (display.moves or display.redraw or display.hands or display.failed):
            return None
        if display.hands == "fresh":
            return budget.URGENT
        for before, after in display.moves:
            if after.is_over:
                return budget.URGENT
            begun = after.to_move - (frozenset() if before.between_rounds else before.to_move)
            for seat in begun:
                member = live.row.seats[seat].member_id
                if member is not None and not live.is_computer(seat) and (
                        after.rules.open_play or not self.replies.live_copy(live, seat)):
                    return budget.URGENT
        if display.moves and not (display.redraw or display.hands or display.failed) \
                and self.spectated(live, live.state):
            return budget.ONLOOKERS
        return budget.NORMAL

    def drawn_within(self, seconds: float) -> bool:
        """Whether a picture asked for now would likely be drawn within ``seconds``."""
        return self.bot.workers.drawn_within(seconds)

    async def hold(self, live: Live, display: Display, seconds: float = HOLD) -> None:
        """When a computer is to move and moves at once, wait (at most ``seconds``) for its move, so
        that the two are drawn as one picture."""
        if self.bot.config.ai_delay > QUICK or self.bot.stopping:  # stopping: no computer will answer
            return
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            state = live.state
            if state.is_over or state.between_rounds or not any(live.is_computer(s) for s in state.to_move):
                return
            display.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(display.changed.wait(), left)

    async def _onlookers_wait(self, live: Live, display: Display) -> None:
        """While only onlookers need the table message (``spectated``), moves wait to be drawn on it
        until SPECTATED_EVERY seconds after its last edit, merging meanwhile (the players' own copies
        show each at once, see ``moved``), and, while pictures wait for a drawing worker, up to
        BEHIND_STRETCH times that: a busy bot draws the players' copies first. Anything else asked
        of the display does not wait, nor does a step the channel's story tells (a round's end, cards
        turned up): the story keeps up with the game."""
        key = (live.guild_id, live.table_id)
        while (display.moves and not (display.redraw or display.hands or display.failed or self.bot.stopping)
               and self.spectated(live, live.state) and not any(worth_a_message(*step) for step in display.moves)):
            shown = self.table_shown.get(key, 0.0)
            left = shown + self.spectated_every - time.monotonic()
            if left <= 0:
                stretched = shown + self.spectated_every * BEHIND_STRETCH - time.monotonic()
                if stretched <= 0 or not self.bot.workers.drawing_behind:
                    return
                left = min(stretched, self.spectated_every * BEHIND_LOOK)
            display.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(display.changed.wait(), left)

    @staticmethod
    def _take(live: Live, display: Display) -> Batch:
        moves, display.moves = display.moves, []
        failed, display.failed = display.failed, None
        replies_only, display.replies = display.replies and not (moves or display.redraw or display.hands), False
        if failed is not None and not (moves or display.redraw or display.hands):
            batch = failed  # the same again, from the step that failed
        elif replies_only:  # a click's answer fell behind the table: only the copies of hands to redraw
            batch = Batch((live.state,), False, None, done={"table", "events", "hands", "shown", "results"})
        else:
            states = (moves[0][0], *(after for _, after in moves)) if moves else (live.state,)
            batch = Batch(states, display.redraw or bool(moves), display.hands, dms=live.row.extra.get("dm"),
                          forced=display.redraw, oldest=display.oldest)
            display.oldest = None
            if failed is not None:
                batch = failed.then(batch)
        display.redraw, display.hands = False, None
        return batch

    async def _end_first(self, live: Live, display: Display, before: State, after: State) -> None:
        """The game's end where it matters most, at once, beside the display task (which may be waiting
        for the table channel's write limit with an earlier batch): the result where the game was
        opened. The copies kept through a token are redrawn at once too (``moved``); the hand messages
        are the display's first step at the end (one drawer of them at a time: two would race to send
        a player a second message)."""
        try:
            await self.result_in_origin(live, after, display.end_done)
        except Exception as err:  # the display's own batch shows it
            log.warning("showing the game's end failed (%s); the display shows it", err,
                        extra=table_extra(live.guild_id, live.table_id))

    async def _show(self, live: Live, batch: Batch) -> None:
        state = batch.last
        done = batch.done
        if state.is_over:
            # The end first: the result where the game was opened and every copy of a hand, then the
            # table's channel, whose story (paced by the channel's write limit) may still be told.
            display = self.displays.get((live.guild_id, live.table_id))
            if display is not None and display.ending is not None:
                await asyncio.wait({display.ending})
                done |= display.end_done
            await self.result_in_origin(live, state, done)
            await self._copies(live, batch)
        if "table" not in done:
            await self.table_message(live, state, force=batch.forced)
            self.table_shown[(live.guild_id, live.table_id)] = time.monotonic()
            done.add("table")
        if "events" not in done and not state.is_over:
            await self.story.tell(live, batch)
            done.add("events")
        await self._copies(live, batch)
        if "shown" not in done:
            # One write notes what is shown now and where the hands went (a restart redraws a table
            # only if it was left behind, and takes the controls off the old hand messages).
            live.row = replace(live.row, shown_version=max(len(state.history), live.row.shown_version))
            store = await self.bot.stores.guild(live.guild_id)
            moved = live.row.extra.get("dm")
            await store.record_shown(live.table_id, live.row.shown_version, moved if moved != batch.dms else None)
            done.add("shown")
        if state.is_over and "results" not in done:
            if "events" not in done:
                await self.story.tell(live, batch)
                done.add("events")
            await self.results(live, state, done, preface=batch.preface)
            done.add("results")
            for seat in range(len(live.row.seats)):  # nothing of this table's hands is redrawn any more
                self.copies.hand_shown.pop((live.guild_id, live.table_id, seat), None)
            self.replies.forget(live)
            for kept in (self.table_shown, self.table_versions, self.table_locks):
                kept.pop((live.guild_id, live.table_id), None)

    async def _copies(self, live: Live, batch: Batch) -> None:
        """Each player's copies of the batch's last state: hand messages, and those kept through tokens;
        none of an earlier state once the game is over (its end is shown, see ``_end_first``)."""
        if live.state.is_over and not batch.last.is_over:
            batch.done |= {"hands", "replies"}
        if "hands" not in batch.done:
            if not batch.last.rules.open_play:
                await self.copies.hands(live, batch)
            batch.done.add("hands")
        if "replies" not in batch.done:
            await self.replies.update(live, batch.last, batch)
            batch.done.add("replies")

    # -- the table message -------------------------------------------------------------------
    async def table_parts(self, live: Live, state: State) -> tuple[str, discord.File, discord.ui.View | None]:
        """The table message's text, picture and controls (None once the game is over) for ``state``."""
        store = await self.bot.stores.guild(live.guild_id)
        live.unit = str(await store.get_setting("stakes_unit", "dollars"))
        seen = live.view(None, state)
        png = await self.bot.workers.table(live.row.game, seen)
        content = table_content(live, state, seen)
        if clock_moves(live, state):  # a window open on the table message: when it closes
            content = f"{content}\n{await self.copies.clock_line(live, state)}"[:2000]
        file = discord.File(io.BytesIO(png), filename="table.png", description=describe_table(live.row.game, seen))
        return content, file, None if state.is_over else table_controls(live, state)

    def table_drawn(self, live: Live, version: int) -> bool:
        """Whether the table message shows ``version`` or a newer one (a click's answer drew it)."""
        return self.table_versions.get((live.guild_id, live.table_id), -1) >= version

    def table_lock(self, live: Live) -> asyncio.Lock:
        """One drawing of the table message at a time: the display's, or a click's answer."""
        return self.table_locks.setdefault((live.guild_id, live.table_id), asyncio.Lock())

    async def table_message(self, live: Live, state: State, force: bool = True) -> None:
        """Draw ``state`` on the table message (sent anew if it is gone); unless ``force``, not if it
        shows that state already."""
        if live.row.channel_id is None:
            return
        async with self.table_lock(live):
            if not force and self.table_drawn(live, len(state.history)):
                return  # a click on the table was answered with it (Replies.answer_with_table)
            await self._table_message(live, state)
        self.table_versions[(live.guild_id, live.table_id)] = len(state.history)

    async def _table_message(self, live: Live, state: State) -> None:
        assert live.row.channel_id is not None
        store = await self.bot.stores.guild(live.guild_id)
        content, file, view = await self.table_parts(live, state)
        png, alt = file.fp.getvalue() if isinstance(file.fp, io.BytesIO) else b"", file.description
        channel = self.channel(live.row.channel_id)
        if live.row.table_message_id:
            message = channel.get_partial_message(live.row.table_message_id)
            picture = self.new_picture(message.id, file)
            try:
                async with self.limits.write(channel.id):
                    await message.edit(content=content, view=view,
                                       attachments=[file] if picture else discord.utils.MISSING)
                self.shown_picture(message.id, file)
                return
            except discord.NotFound:
                file = discord.File(io.BytesIO(png), filename="table.png", description=alt)
        greeting = self.greetings.get((live.guild_id, live.table_id))
        async with self.limits.write(channel.id):
            sent = await channel.send(content=f"{greeting}\n{content}"[:2000] if greeting else content, file=file,
                                      view=view or discord.utils.MISSING,
                                      allowed_mentions=discord.AllowedMentions(users=True) if greeting
                                      else discord.utils.MISSING)
        self.greetings.pop((live.guild_id, live.table_id), None)
        self.shown_picture(sent.id, file)
        live.take_stored(await store.update_table(live.table_id, table_message_id=sent.id))

    def new_picture(self, message_id: int, file: discord.File) -> bool:
        """Whether ``file`` differs from the picture ``message_id`` shows: an unchanged one is not
        uploaded again (the edit keeps the message's attachment)."""
        return self.pictures.get(message_id) != picture_digest(file)

    def shown_picture(self, message_id: int, file: discord.File) -> None:
        if len(self.pictures) > PICTURES_KEPT:  # a bound, not a cache policy: forgetting costs one upload
            self.pictures.clear()
            self.copies.controls_made.clear()  # (and forgetting these, a choice half made)
        self.pictures[message_id] = picture_digest(file)

    # -- the end -------------------------------------------------------------------------------
    async def results(self, live: Live, state: State | None = None, done: set[str] | None = None,
                      preface: list[str] | None = None) -> None:
        """The result, in words first (who won, by how much), then the game's own account; with a
        Rematch button, in the table's channel and where the game was opened. ``done`` names the
        parts already posted (tried again after a failure, each is posted once); ``preface``, the
        game's last lines, follow the result in the table channel's message."""
        state = live.state if state is None else state
        outcome = state.outcome
        if outcome is None:
            return
        done = set() if done is None else done
        title = result_title(live, state, outcome)
        detail = said_once(live, state, outcome)
        again = controls.rematch_view(live.guild_id, live.table_id)
        if live.row.channel_id is not None and "result:table" not in done:
            # Who won first; then the game's last lines in order, its account the last of them. A
            # long account is several messages: each is noted as it goes, so a retry after a later
            # one was refused does not post the earlier ones again.
            learned = [line for line in (practice_line(live.row.extra), hints_used_line(
                live.row.extra, live.names, [None if s.ai else s.member_id for s in live.row.seats])) if line]
            texts = messages_of([title, *(preface or []), *([detail] if detail else []), *learned,
                                 "Thank you for playing! This channel will be tidied away later."])
            for n, text in enumerate(texts):
                if f"result:table:{n}" in done:
                    continue
                last = n == len(texts) - 1
                await self.post(live.row.channel_id, text, view=again if last else discord.utils.MISSING,
                                allowed_mentions=discord.AllowedMentions.none())
                done.add(f"result:table:{n}")
            done.add("result:table")
        await self.result_in_origin(live, state, done)
        if "result:talk" not in done:
            await self.bot.talk.close(live.guild_id, live.table_id, live)
            done.add("result:talk")
        await self.schedule_cleanup(live)

    async def result_in_origin(self, live: Live, state: State, done: set[str]) -> None:
        """The result in the channel where the game was opened (once: ``done`` notes it)."""
        outcome = state.outcome
        if outcome is None or not live.row.origin_channel_id or live.row.origin_channel_id == live.row.channel_id \
                or "result:origin" in done:
            return
        title = result_title(live, state, outcome)
        where = f" (played in <#{live.row.channel_id}>)" if live.row.channel_id else ""
        await self.post(live.row.origin_channel_id, "\n".join(filter(None, (f"{title}{where}",
                                                                              said_once(live, state, outcome)))),
                        view=controls.rematch_view(live.guild_id, live.table_id),
                        allowed_mentions=discord.AllowedMentions.none())
        done.add("result:origin")
        # The lobby above said "Started! Play in #...": it says the game is over now, and how it came out.
        said = headline(outcome, live.names, state.rules.score_unit, live.unit)
        await self.bot.lobbies.show_over(live.guild_id, live.row, f"Finished: {said}.")

    async def schedule_cleanup(self, live: Live) -> None:
        store = await self.bot.stores.guild(live.guild_id)
        delay = int(await store.get_setting("cleanup_delay", 30))
        live.take_stored(await store.update_table(live.table_id, delete_channel_at=time.time() + timers.MINUTE * delay))
        self.bot.turns.cleanup_later(live.guild_id, live.row)


def said_once(live: Live, state: State, outcome: Outcome) -> str:
    """The game's own account of its result, or nothing where it only repeats the headline."""
    detail = live.text(outcome.detail)
    return "" if repeats(headline(outcome, live.names, state.rules.score_unit, live.unit), detail) else detail


def result_title(live: Live, state: State, outcome: Outcome) -> str:
    """The result's first line: who won, by how much, and which table is over."""
    said = headline(outcome, live.names, state.rules.score_unit, live.unit)
    return f"{said}. **{state.rules.title}** table #{live.table_id} is over."
