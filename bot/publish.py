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
from typing import Any, Protocol

import discord

from games.core.base import State
from renderers.describe import describe_round_end, describe_seat, describe_settlement, describe_table

from . import budget, controls, turns
from .budget import Budget
from .config import Config
from .display import (
    Batch,
    Display,
    clock_moves,
    messages_of,
    nudges,
    passing,
    picture_digest,
    table_content,
    table_controls,
    worth_a_message,
)
from .limits import ChannelLimits
from .live import Live, Tables, choice_of
from .logs import table_extra
from .replies import Replies
from .results import headline
from .roles import Hands
from .store import Stores
from .talk import Talk
from .turns import Turns
from .workers import Workers

log = logging.getLogger("parlour.publish")
DM_CLOSED = 50007
# The display waits (at most HOLD seconds) for a computer that answers at once (PARLOUR_AI_DELAY at
# most QUICK), so that a move and the answer are drawn as one picture: under load the answer may take
# a while to be thought of, and drawing the move alone would be a picture nobody needs. A computer
# that takes its time (the default second) lets the move be seen first.
QUICK = 0.25
HOLD = 2.0
PICTURES_KEPT = 10_000  # digests of the pictures messages show, kept to skip unchanged uploads
NOTICE_AFTER = 120.0  # seconds without news after which a turn's hand comes as a new message
RETRY_FIRST, RETRY_MAX = 1.0, 30.0  # seconds before a failed display tries again, doubling each time
# While every member seated follows the game in their own copy (see ``spectated``), the table message is
# there for onlookers only: it is edited at most once in this many seconds, the moves between merging.
SPECTATED_EVERY = 10.0
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


class Publisher:
    def __init__(self, bot: PublishHost) -> None:
        self.bot = bot
        self.limits = ChannelLimits()
        self.displays: dict[tuple[int, int], Display] = {}
        self.hand_shown: dict[tuple[int, int, int], float] = {}  # (guild, table, seat): when last drawn
        self.pictures: dict[int, bytes] = {}  # message id: digest of the picture (and alt text) it shows
        self.table_shown: dict[tuple[int, int], float] = {}  # (guild, table): when its message was last drawn
        self.spectated_every = SPECTATED_EVERY
        self.greetings: dict[tuple[int, int], str] = {}  # (guild, table): said atop its first table message
        self.table_versions: dict[tuple[int, int], int] = {}  # (guild, table): the version its message shows
        self.table_locks: dict[tuple[int, int], asyncio.Lock] = {}
        self.controls_made: dict[int, tuple[int, Any]] = {}  # hand message id: the version and choice of its controls
        self.replies = Replies(self)

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

    # -- what the action path and the services ask for -------------------------------------
    def moved(self, live: Live, before: State, after: State) -> None:
        """A committed move, to be shown (soon, in order, perhaps together with the next)."""
        display = self.display_of(live)
        display.moves.append((before, after))
        self.wake(live, display)
        ticket = display.ticket
        if ticket is not None and not ticket.urgent and self.urgency(live, display) == budget.URGENT:
            self.bot.budget.hurry(ticket)
        if not self.bot.budget.room() or self.spectated(live, after):
            # Short of the allowance, or watched only by onlookers, the table message waits; the copies of
            # hands kept through a click's token (outside the global limit) need not: every player sees
            # the move, and a turn that begins reaches its player, at once.
            self.replies.now(live)

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
                if live.row.channel_id is not None:  # room for the table message, before choosing what to draw
                    await self.limits.ready(live.row.channel_id)
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
        show each at once, see ``moved``). Anything else asked of the display does not wait."""
        key = (live.guild_id, live.table_id)
        while (display.moves and not (display.redraw or display.hands or display.failed or self.bot.stopping)
               and self.spectated(live, live.state)):
            left = self.table_shown.get(key, 0.0) + self.spectated_every - time.monotonic()
            if left <= 0:
                return
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
                          forced=display.redraw)
            if failed is not None:
                batch = failed.then(batch)
        display.redraw, display.hands = False, None
        return batch

    async def _show(self, live: Live, batch: Batch) -> None:
        state = batch.last
        done = batch.done
        if "table" not in done:
            await self.table_message(live, state, force=batch.forced)
            self.table_shown[(live.guild_id, live.table_id)] = time.monotonic()
            done.add("table")
        if "events" not in done:
            await self.events(live, batch)
            done.add("events")
        if "hands" not in done:
            if not state.rules.open_play:
                await self.hands(live, batch)
            done.add("hands")
        if "replies" not in done:
            await self.replies.update(live, state, batch)
            done.add("replies")
        if "shown" not in done:
            # One write notes what is shown now and where the hands went (a restart redraws a table
            # only if it was left behind, and takes the controls off the old hand messages).
            live.row = replace(live.row, shown_version=max(len(state.history), live.row.shown_version))
            store = await self.bot.stores.guild(live.guild_id)
            moved = live.row.extra.get("dm")
            await store.record_shown(live.table_id, live.row.shown_version, moved if moved != batch.dms else None)
            done.add("shown")
        if state.is_over and "results" not in done:
            await self.results(live, state, done, preface=batch.preface)
            done.add("results")
            for seat in range(len(live.row.seats)):  # nothing of this table's hands is redrawn any more
                self.hand_shown.pop((live.guild_id, live.table_id, seat), None)
            self.replies.forget(live)
            for kept in (self.table_shown, self.table_versions, self.table_locks):
                kept.pop((live.guild_id, live.table_id), None)

    # -- the table message -------------------------------------------------------------------
    async def table_parts(self, live: Live, state: State) -> tuple[str, discord.File, discord.ui.View | None]:
        """The table message's text, picture and controls (None once the game is over) for ``state``."""
        store = await self.bot.stores.guild(live.guild_id)
        live.unit = str(await store.get_setting("stakes_unit", "dollars"))
        seen = live.view(None, state)
        png = await self.bot.workers.table(live.row.game, seen)
        content = table_content(live, state, seen)
        if clock_moves(live, state):  # a window open on the table message: when it closes
            content = f"{content}\n{await self.clock_line(live, state)}"[:2000]
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
        live.row = await store.update_table(live.table_id, table_message_id=sent.id)

    def new_picture(self, message_id: int, file: discord.File) -> bool:
        """Whether ``file`` differs from the picture ``message_id`` shows: an unchanged one is not
        uploaded again (the edit keeps the message's attachment)."""
        return self.pictures.get(message_id) != picture_digest(file)

    def shown_picture(self, message_id: int, file: discord.File) -> None:
        if len(self.pictures) > PICTURES_KEPT:  # a bound, not a cache policy: forgetting costs one upload
            self.pictures.clear()
            self.controls_made.clear()  # (and forgetting these, a choice half made)
        self.pictures[message_id] = picture_digest(file)

    async def events(self, live: Live, batch: Batch) -> None:
        """A message in the channel only where it is worth one. Notable lines are said at once on
        the table message (``recent``), which is edited anyway, and posted in the channel together
        when a round or the game ends or cards are turned up for all (each once, in order), with a
        picture of any settlement (who paid whom, how much and why) or round's end (who went out,
        what each paid); where moves are made on the table, a nudge to whoever's turn begins (an
        edited message notifies nobody, and there is no DM to do it). A message holds at most ten
        files: the newest are kept."""
        if live.row.channel_id is None:
            return
        nudged: list[int] = []
        files = []
        digest = False
        for before, after in batch.steps():
            digest = digest or worth_a_message(before, after)
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
        posted = live.row.extra.get("lines_at")
        if posted is None:  # the table's first batch: its lines are posted from here on
            posted = len(batch.states[batch.lines_from].log)
            await self.merge_extra(live, {"lines_at": posted})
        log = batch.last.log
        now = len(batch.states[batch.lines_from].log)  # cards turned up are said with the move that did it only
        lines = [live.text(f"{e.text} {e.shown}" if e.shown and i >= now else e.text)
                 for i, e in enumerate(log[posted:], posted) if e.notable] if digest else []
        outcome = batch.last.outcome
        if outcome is not None:  # the result says it (``results``)
            lines = [line for line in lines if line != live.text(outcome.detail)]
        waiting = [m for m in nudged if (s := live.seat_of(m)) is not None and s in batch.last.to_move]
        if waiting and not batch.last.between_rounds:
            lines.append(", ".join(f"<@{m}>" for m in waiting) + ": your turn.")
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(m) for m in waiting])
        texts = messages_of(lines)
        if outcome is not None and len(texts) == 1 and not files and not waiting:
            batch.preface = texts  # said in the result's own message (``results``): one post, not two
            texts = []
        for n, text in enumerate(texts or ([None] if files else [])):
            last = n == max(0, len(texts) - 1)
            await self.post(live.row.channel_id, text, files=files[-10:] if last and files else discord.utils.MISSING,
                            allowed_mentions=mentions)
        if digest:
            await self.merge_extra(live, {"lines_at": len(log)})

    # -- hands ---------------------------------------------------------------------------------
    async def hand_message(self, live: Live, seat: int, state: State | None = None,
                           copy: int | None = None) -> dict[str, Any]:
        """The content, image and controls of a seat's copy of the game, as keyword arguments for a
        send: the table as everyone sees it above the seat's hand, so a player can follow the game
        from their copy alone (kept current through a click's token, it costs the bot nothing, and
        the channel's table message can then wait, see ``spectated``). Redrawing message ``copy``
        whose controls are still good (the seat faces the same choice: others moved meanwhile), its
        controls are left as they are (``view`` MISSING), for they may hold a choice half made."""
        state = live.state if state is None else state
        view = live.view(seat, state)
        seen = live.view(None, state)
        png = await self.bot.workers.seat(live.row.game, seen, view)
        status = live.text(str(view["status"]))
        content = f"**{state.rules.title}** · table #{live.table_id} · {live.names[seat]}\n{status}"
        clock = state.clock
        if clock is not None and seat in clock.seats and seat in state.to_move:
            content += f"\n{await self.clock_line(live, state)}"
        kwargs: dict[str, Any] = {"content": content[:2000],
                                  "file": discord.File(io.BytesIO(png), filename="hand.png",
                                                       description=describe_seat(live.row.game, seen, view))}
        made = self.controls_made.get(copy) if copy is not None else None
        version, choice = len(state.history), choice_of(state, seat)
        if made is not None and made[0] <= version and made[1] == choice and seat in state.to_move \
                and not any(s == seat for s, _ in state.history[made[0]:]):
            kwargs["view"] = discord.utils.MISSING
        else:
            moves = self.moves_view(live, seat, state)
            if moves is not None:
                kwargs["view"] = moves
        kwargs["version"], kwargs["choice"] = version, choice
        return kwargs

    def shown_hand(self, message_id: int, drawn: dict[str, Any]) -> None:
        """``drawn`` (from ``hand_message``) is on message ``message_id`` now: note its controls'."""
        if drawn.get("view") is not discord.utils.MISSING:
            self.controls_made[message_id] = (drawn["version"], drawn["choice"])

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
            if self.replies.live_copy(live, seat) and batch.hands != "fresh":
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
                        await self.replies.untrack_dm(live, seat)
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
        kwargs = await self.hand_message(live, seat, state, copy=previous[1] if previous and not fresh else None)
        drawn = {"view": kwargs.get("view"), "version": kwargs.pop("version"), "choice": kwargs.pop("choice")}
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
                self.shown_hand(message.id, drawn)
                self.hand_shown[(live.guild_id, live.table_id, seat)] = time.monotonic()
                return
            except discord.NotFound:  # deleted: only then a new message (other failures are tried again)
                kwargs = await self.hand_message(live, seat, state)
                drawn = {"view": kwargs.get("view"), "version": kwargs.pop("version"), "choice": kwargs.pop("choice")}
        if previous:  # the old message's controls are out of date: take them away
            with contextlib.suppress(discord.HTTPException):
                async with self.limits.write(previous[0]):
                    await self.channel(previous[0]).get_partial_message(previous[1]).edit(view=None)
        try:
            dm = await self.bot.client.create_dm(discord.Object(member_id))
            async with self.limits.write(dm.id):
                sent = await dm.send(**{k: v for k, v in kwargs.items() if v is not None})
        except discord.Forbidden as err:
            if err.code == DM_CLOSED:
                await self.dm_closed(live, seat, member_id)
                return
            raise
        self.shown_hand(sent.id, drawn)
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

    def stop(self) -> None:
        """The bot is stopping: no more showing (what is committed is shown after the restart)."""
        self.replies.stop()
        for task in [d.task for d in self.displays.values() if d.task]:
            task.cancel()

    async def merge_extra(self, live: Live, values: dict[str, Any]) -> None:
        """Store these keys of the table's extra, and change only them in the row in memory: it may
        hold hand messages sent in this batch and not yet written (reading the row back would lose
        them, and the next move would send each player a new message)."""
        extra = {**live.row.extra, **values}
        live.row = replace(live.row, extra={k: v for k, v in extra.items() if v is not None})
        store = await self.bot.stores.guild(live.guild_id)
        await store.merge_extra(live.table_id, values)

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
        said = headline(outcome, live.names, state.rules.score_unit, live.unit)
        title = f"{said}. **{state.rules.title}** table #{live.table_id} is over."
        detail = live.text(outcome.detail)
        again = controls.rematch_view(live.guild_id, live.table_id)
        if live.row.channel_id is not None and "result:table" not in done:
            # Who won first; then the game's last lines in order, its account the last of them.
            texts = messages_of([title, *(preface or []), detail,
                                 "Thank you for playing! This channel will be tidied away later."])
            for n, text in enumerate(texts):
                last = n == len(texts) - 1
                await self.post(live.row.channel_id, text, view=again if last else discord.utils.MISSING,
                                allowed_mentions=discord.AllowedMentions.none())
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
