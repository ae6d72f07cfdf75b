"""Showing a table in Discord once an action is committed: the table message (edited in place),
notable events as short lines, each player's hand by DM, and the result.

Each table has one display task that shows what its committed moves changed, in order, while
play goes on: the action path only hands it the move (``moved``) and never waits for a picture.
When moves come faster than they can be shown (computers answering at once, a burst of clicks,
a channel at Discord's write limit), the task shows the newest state and skips drawing the ones
in between; every notable line still goes out, in order, and a hand is drawn from the newest
state, never an older one.

What the display keeps of each table it shows is one ``ShownTable`` (``bot.show.shown_table``), in
``tables``, keyed once by (guild, table) and dropped whole when the game ends. The Publisher hands
it to its collaborators (the table message, the players' copies, those kept through a click's token,
the learner's help, the result's posts), which keep nothing of a table themselves and know nothing
of the Publisher; the router reaches them only through the Publisher's named methods.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import replace
from typing import Any, Protocol, cast

import discord

from bot.play.custom_ids import AskRef
from bot.play.protocols import Hands
from bot.play.tables import Live, Tables
from bot.runtime import budget
from bot.runtime.budget import Budget
from bot.runtime.config import Config
from bot.runtime.limits import ChannelLimits
from bot.runtime.logs import table_extra
from bot.runtime.workers import Workers
from bot.show.display import (
    Batch,
    Display,
    DrawnCopy,
    clock_moves,
    passing,
    worth_a_message,
)
from bot.show.hand_copies import HandCopies, ended_line
from bot.show.learning import Learning
from bot.show.result_posts import ResultHost, ResultPosts
from bot.show.shown_table import ShownTable, TableKey, table_key
from bot.show.story import Story
from bot.show.table_message import TableMessage
from bot.show.token_copies import TokenCopies, live_copy, soonest_expiry
from bot.store.rows import TableExtra
from games.core.base import State

log = logging.getLogger("parlour.publish")
# The display waits (at most HOLD seconds) for a computer that answers at once (PARLOUR_AI_DELAY at
# most QUICK), so that a move and the answer are drawn as one picture: under load the answer may take
# a while to be thought of, and drawing the move alone would be a picture nobody needs. A computer
# that takes its time (the default second) lets the move be seen first.
QUICK = 0.25
HOLD = 2.0
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


class PublishHost(ResultHost, Protocol):
    """What the display asks of the client (besides what saying a result asks)."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def stopping(self) -> bool: ...

    @property
    def budget(self) -> Budget: ...

    @property
    def config(self) -> Config: ...

    @property
    def workers(self) -> Workers: ...

    @property
    def tables(self) -> Tables: ...


class Publisher:
    def __init__(self, bot: PublishHost) -> None:
        self.bot = bot
        self.limits = ChannelLimits()
        self.tables: dict[TableKey, ShownTable] = {}  # what is shown of each live table
        self.spectated_every = SPECTATED_EVERY
        self.learning = Learning(bot.workers, bot.stores, self.merge_extra)
        self.copies = HandCopies(bot, self.limits, self.learning, self.merge_extra)  # the players' copies
        self.token_copies = TokenCopies(bot, self.copies, self.merge_extra)  # those kept through a click's token
        self.story = Story(bot.workers, self.post, self.merge_extra)  # the table channels' notable lines
        self.table = TableMessage(bot, self.limits)  # the table message, for onlookers
        self.ending = ResultPosts(bot, self.post)  # the result, where it is said

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
        for task in [t for shown in self.tables.values() for t in shown.tasks()]:
            task.cancel()

    # -- each table's ShownTable ---------------------------------------------------------------
    def shown(self, live: Live) -> ShownTable:
        """What the display keeps of ``live`` (made when first needed)."""
        key = table_key(live)
        shown = self.tables.get(key)
        if shown is None:
            shown = self.tables[key] = ShownTable()
        return shown

    def drop(self, live: Live) -> None:
        """The table is over (its end shown) or stopped: nothing of it is shown any more."""
        self.tables.pop(table_key(live), None)

    # -- what the action path and the services ask for -------------------------------------
    def moved(self, live: Live, before: State, after: State) -> None:
        """A committed move, to be shown (soon, in order, perhaps together with the next)."""
        shown = self.shown(live)
        display = shown.display
        display.moves.append((before, after))
        if display.oldest is None:
            display.oldest = time.monotonic()
        self.behind(live, display)
        self.wake(live, shown)
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
            self.tokens_now(live)

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
        return bool(members) and all(live_copy(live, seat) for seat in members)

    def greet(self, live: Live, text: str) -> None:
        """Open the table's first message with ``text`` (mentioning its members, who are notified):
        one message, not a greeting and then the table."""
        self.shown(live).greeting = text

    def refresh(self, live: Live, hands: Hands = None) -> None:
        """Draw the table message again (and, with ``hands``, the hands of the seats to move)."""
        shown = self.shown(live)
        display = shown.display
        display.redraw = True
        if hands == "fresh" or display.hands is None:
            display.hands = hands
        self.wake(live, shown)

    async def settled(self, live: Live, timeout: float | None = None) -> None:
        """Wait until everything asked of the table so far has been shown."""
        shown = self.tables.get(table_key(live))
        if shown is not None and shown.display.task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(shown.display.task), timeout)

    async def settle_all(self, timeout: float) -> None:
        displays = [shown.display for shown in self.tables.values()]
        tasks = [d.task for d in displays if d.task is not None and not d.task.done()]
        for display in displays:  # none waits for its pace any more (see _onlookers_wait)
            display.changed.set()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    def wake(self, live: Live, shown: ShownTable) -> None:
        display = shown.display
        display.changed.set()
        if display.task is None or display.task.done():
            display.task = asyncio.create_task(self._run(live, shown),
                                               name=f"parlour-show-{live.guild_id}-{live.table_id}")

    # -- the display task ------------------------------------------------------------------
    async def _run(self, live: Live, shown: ShownTable) -> None:
        display = shown.display
        delay = RETRY_FIRST
        where = table_extra(live.guild_id, live.table_id)
        try:
            while display.pending:
                await self.hold(live, display)
                await self._onlookers_wait(live, shown)
                await self.table_answer(shown, ANSWER_WAIT)  # a click's answer draws the table
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
                        await self._show(live, shown, batch)
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
            # A game's end, once shown, is the table's last: all that was kept of it goes at once.
            if not display.pending and live.state.is_over and self.tables.get(table_key(live)) is shown:
                self.drop(live)

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
                        after.rules.open_play or not live_copy(live, seat)):
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

    async def _onlookers_wait(self, live: Live, shown: ShownTable) -> None:
        """While only onlookers need the table message (``spectated``), moves wait to be drawn on it
        until SPECTATED_EVERY seconds after its last edit, merging meanwhile (the players' own copies
        show each at once, see ``moved``), and, while pictures wait for a drawing worker, up to
        BEHIND_STRETCH times that: a busy bot draws the players' copies first. Anything else asked
        of the display does not wait, nor does a step the channel's story tells (a round's end, cards
        turned up): the story keeps up with the game."""
        display = shown.display
        while (display.moves and not (display.redraw or display.hands or display.failed or self.bot.stopping)
               and self.spectated(live, live.state) and not any(worth_a_message(*step) for step in display.moves)):
            left = shown.drawn_at + self.spectated_every - time.monotonic()
            if left <= 0:
                stretched = shown.drawn_at + self.spectated_every * BEHIND_STRETCH - time.monotonic()
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
            batch = Batch((live.state,), False, None,
                          done={"table", "events", "hands", "shown", "results", "result:origin"})
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
            await self.ending.in_origin(live, after, display.end_done)
        except Exception as err:  # the display's own batch shows it
            log.warning("showing the game's end failed (%s); the display shows it", err,
                        extra=table_extra(live.guild_id, live.table_id))

    async def _show(self, live: Live, shown: ShownTable, batch: Batch) -> None:
        state = batch.last
        done = batch.done
        if state.is_over:
            # The end first: the result where the game was opened and every copy of a hand, then the
            # table's channel, whose story (paced by the channel's write limit) may still be told.
            display = shown.display
            if display.ending is not None:
                await asyncio.wait({display.ending})
                done |= display.end_done
            await self.ending.in_origin(live, state, done)
            await self._copies(live, shown, batch)
        if "table" not in done:
            await self.table.draw(live, shown, state, force=batch.forced)
            shown.drawn_at = time.monotonic()
            done.add("table")
        if "events" not in done and not state.is_over:
            await self.story.tell(live, batch)
            done.add("events")
        await self._copies(live, shown, batch)
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
            await self.ending.post(live, state, done, preface=batch.preface)
            done.add("results")

    async def _copies(self, live: Live, shown: ShownTable, batch: Batch) -> None:
        """Each player's copies of the batch's last state: hand messages, and those kept through tokens;
        none of an earlier state once the game is over (its end is shown, see ``_end_first``)."""
        if live.state.is_over and not batch.last.is_over:
            batch.done |= {"hands", "replies"}
        if "hands" not in batch.done:
            if not batch.last.rules.open_play:
                await self.copies.hands(live, shown, batch)
            batch.done.add("hands")
        if "replies" not in batch.done:
            await self.token_copies.update(live, shown, batch.last, batch)
            batch.done.add("replies")

    # -- the table message -------------------------------------------------------------------
    def answering_table(self, live: Live) -> None:
        """A click on the table message will redraw it in its answer: the display waits for that."""
        shown = self.shown(live)
        if shown.table_answer is None:
            shown.table_answer = asyncio.Event()
        shown.table_answer.clear()

    def table_answered(self, live: Live) -> None:
        shown = self.tables.get(table_key(live))  # (none left once the game's end is shown)
        answered = shown.table_answer if shown is not None else None
        if shown is not None and answered is not None:
            shown.table_answer = None
            answered.set()

    @staticmethod
    async def table_answer(shown: ShownTable, seconds: float) -> None:
        """Wait (at most ``seconds``) for a click on the table message to be answered."""
        answered = shown.table_answer
        if answered is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(answered.wait(), seconds)

    async def answer_with_table(self, interaction: discord.Interaction[Any], live: Live, within: float) -> bool:
        """Answer a click made on the table message (a game played on the table) by redrawing the
        table in the answer itself (``TableMessage.answer``): one call, outside the global limit,
        and the display leaves that state alone. False if it was not drawn within ``within``
        seconds (the display draws it). A computer that answers at once is shown in the same picture."""
        shown = self.shown(live)
        began = time.monotonic()
        await self.hold(live, shown.display, within / 2)
        return await self.table.answer(interaction, live, shown, within - (time.monotonic() - began))

    # -- the players' copies, for the router ----------------------------------------------------
    async def draw_copy(self, live: Live, seat: int) -> DrawnCopy:
        """``seat``'s copy of the game as it is now, to answer a click with (see ``replied_with_copy``)."""
        return await self.copies.hand_message(live, self.shown(live), seat)

    async def replied_with_copy(self, live: Live, seat: int, drawn: DrawnCopy, message_id: int,
                                interaction: discord.Interaction[Any], note: str = "") -> None:
        """A click was answered with ``drawn`` on message ``message_id`` (a reply for the clicker
        alone): its controls are noted, its ``note`` is said atop it as the game moves on, and it is
        the seat's copy kept current through the click's token from now on."""
        copy = self.shown(live).seat(seat).copy(message_id)
        if drawn.made_for is not None:
            copy.controls = drawn.made_for
        copy.note = note
        await self.track_reply(live, seat, interaction.application_id, interaction.token, message_id)

    async def track_reply(self, live: Live, seat: int, application_id: int, token: str, message_id: int,
                          *, dm: bool = False, answering: bool = False) -> None:
        """The seat's copy on message ``message_id`` is kept current through this click's token
        (``TokenCopies.track``), its controls retired before the token expires (``watch_tokens``)."""
        await self.token_copies.track(live, self.shown(live), seat, application_id, token, message_id, dm=dm,
                                      answering=answering)
        self.watch_tokens(live)

    async def answer_with_hand(self, interaction: discord.Interaction[Any], live: Live, seat: int, message_id: int,
                               within: float) -> int | None:
        """Answer a click made on a copy of ``seat``'s hand by redrawing that copy in the answer itself
        (``TokenCopies.answer_with_hand``). Returns the version shown, or None if the picture was not
        (or would not be) drawn within ``within`` seconds: the display redraws it then. A computer
        that answers at once is waited for (briefly), so that the answer shows its move too."""
        if not self.drawn_within(within):
            # A busy bot: the picture would come too late for the answer (the click is deferred, and
            # the display draws the copy once, from the newest state) rather than be drawn twice.
            return None
        shown = self.shown(live)
        began = time.monotonic()
        await self.hold(live, shown.display, within / 2)
        within -= time.monotonic() - began
        return await self.token_copies.answer_with_hand(interaction, live, shown, seat, message_id, within)

    def answered(self, live: Live, seat: int, version: int | None) -> None:
        """The click made on ``seat``'s copy of the hand is answered (having shown ``version``, or
        nothing): if the table has moved on since, the display brings the copy up to date."""
        kept = self.tables.get(table_key(live))  # (none left once the game's end is shown)
        if kept is not None:
            kept.seat(seat).answering = False
        # (a game over: the copy is drawn at its end, or noted as showing it, and no longer kept)
        if (version is None or version < live.version or live.state.is_over) and live_copy(live, seat):
            if self.spectated(live, live.state):  # the display is waiting for its pace: not this
                self.tokens_now(live)
                return
            shown = self.shown(live)
            shown.display.replies = True
            self.wake(live, shown)

    async def ask(self, interaction: discord.Interaction[Any], ref: AskRef, live: Live, seat: int) -> None:
        """A learner's question (Hint, or why not a card), answered to them alone."""
        await self.learning.ask(interaction, ref, live, seat)

    async def ended(self, live: Live, who: str) -> None:
        """The table was stopped without a result: every copy of a hand (its DM, a hand shown in
        reply) says so, names its table, and loses its controls, so nothing there can be pressed;
        nothing of the table is shown any more."""
        said = {seat: ended_line(live, seat, who) for seat in range(len(live.row.seats))}
        await self.token_copies.ended(live, said)
        await self.copies.ended(live, said)
        self.drop(live)

    # -- the copies kept through a click's token ------------------------------------------------
    def tokens_now(self, live: Live) -> None:
        """Show the copies of hands kept through tokens the newest state now, apart from the display."""
        if not live.row.extra.get("replies"):
            return
        shown = self.shown(live)
        shown.tokens_again = True
        task = shown.tokens_now
        if task is None or task.done():
            shown.tokens_now = asyncio.create_task(self._tokens_now(live, shown),
                                                   name=f"parlour-replies-now-{live.guild_id}-{live.table_id}")

    async def _tokens_now(self, live: Live, shown: ShownTable) -> None:
        try:
            while shown.tokens_again and not self.stopping:
                # A computer that answers at once is waited for, as the display waits: one redraw shows both.
                await self.hold(live, shown.display)
                shown.tokens_again = False
                await self.token_copies.update(live, shown, live.state)
        except Exception:  # the display shows them again with its next batch
            log.warning("showing hands through tokens failed", exc_info=True,
                        extra=table_extra(live.guild_id, live.table_id))
        finally:
            shown.tokens_again = False

    def watch_tokens(self, live: Live) -> None:
        """(Re)start the task that takes the controls off each copy kept through a token before its
        token expires (a restart starts it again for every table, the copies being in its row)."""
        shown = self.shown(live)
        task = shown.tokens_watch
        if task is not None and not task.done():
            task.cancel()
        if live.row.extra.get("replies") and not self.stopping:
            shown.tokens_watch = asyncio.create_task(self._retire_tokens(live),
                                                     name=f"parlour-replies-{live.guild_id}-{live.table_id}")

    async def _retire_tokens(self, live: Live) -> None:
        while (soonest := soonest_expiry(live)) is not None and not self.client.is_closed():
            await asyncio.sleep(max(0.0, soonest - time.time()))
            if self.client.is_closed():  # a restart looks after them (they are stored with the table)
                return
            if await self.token_copies.retire_expired(live):  # a direct message: kept current the usual way now
                self.refresh(live, hands="edit")

    # -- the end -------------------------------------------------------------------------------
    async def schedule_cleanup(self, live: Live) -> None:
        """Set the finished table's channel to be tidied away after the guild's delay."""
        await self.ending.schedule_cleanup(live)
