"""The copies of a player's hand kept current through a click's token: the hand shown in answer to
a click (My hand, an out-of-date click), or the hand's direct message once the player clicked on
it. Discord does not count the answer to a click, nor the edits made with its token for 15
minutes, against the bot's global allowance, so a hand kept this way costs the bot nothing: the
click that makes a move is answered with that copy redrawn (``answer_with_hand``), and every later
move edits it through the token (``update``), at once even when the bot is short of its allowance
(``now``). A copy whose token is about to expire loses its controls; a direct message goes back to
being edited the usual way. A click on the table message itself (a game played on the table) is
answered the same way, with the table redrawn (``answer_with_table``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.play.protocols import Hands
from bot.play.tables import Live
from bot.runtime.logs import table_extra
from bot.show.display import Batch, Display
from games.core.base import State

log = logging.getLogger("parlour.publish")
# Discord lets an interaction's token edit its replies for 15 minutes; a hand shown in reply (My hand,
# or the answer to an out-of-date click) is kept current until a little before that, then its
# controls are taken away, since no later edit could reach it.
REPLY_LIFE = 15 * 60.0
REPLY_MARGIN = 45.0
EXPIRED_REPLY = "This hand is no longer kept up to date. Press **My hand** on the table for a fresh one."
REPLACED_REPLY = "A newer copy of your hand was sent: use that one."


@dataclass(frozen=True)
class ReplyCopy:
    """A copy of a seat's hand kept current through a click's token: the click's application and
    token, the message they edit, when the token stops being used (``time.time()``), and whether
    the copy is the hand's direct message (``dm``) rather than a reply shown to the click. Stored
    in the table's ``extra["replies"]`` by seat, as the list ``to_json`` makes."""

    application_id: int
    token: str
    message_id: int
    expires: float
    dm: bool

    def to_json(self) -> list[Any]:
        """``[application_id, token, message_id, expires]``, and ``"dm"`` after them for a direct message."""
        return [self.application_id, self.token, self.message_id, self.expires, *(["dm"] if self.dm else [])]

    @classmethod
    def from_json(cls, entry: list[Any]) -> ReplyCopy:
        return cls(int(entry[0]), str(entry[1]), int(entry[2]), float(entry[3]), len(entry) > 4 and entry[4] == "dm")


class HandDrawer(Protocol):
    """What the copies kept through tokens ask of the players' copies of a table (HandCopies):
    a seat's copy drawn, what each copy's controls were made for, and when each was last drawn."""

    @property
    def hand_shown(self) -> dict[tuple[int, int, int], float]: ...

    async def hand_message(self, live: Live, seat: int, state: State | None = None,
                           copy: int | None = None) -> dict[str, Any]: ...

    def shown_hand(self, message_id: int, drawn: dict[str, Any]) -> None: ...

    def same_clock(self, seat: int, batch: Batch) -> bool: ...


class Shower(Protocol):
    """What the copies kept through tokens ask of the display that owns them (the Publisher):
    its drawings, what each message shows, and its pace."""

    @property
    def copies(self) -> HandDrawer: ...

    @property
    def displays(self) -> dict[tuple[int, int], Display]: ...

    @property
    def table_versions(self) -> dict[tuple[int, int], int]: ...

    @property
    def table_shown(self) -> dict[tuple[int, int], float]: ...

    @property
    def client(self) -> discord.Client: ...

    @property
    def stopping(self) -> bool: ...

    def display_of(self, live: Live) -> Display: ...

    def wake(self, live: Live, display: Display) -> None: ...

    async def hold(self, live: Live, display: Display, seconds: float = ...) -> None: ...

    def drawn_within(self, seconds: float) -> bool: ...

    def new_picture(self, message_id: int, file: discord.File) -> bool: ...

    def shown_picture(self, message_id: int, file: discord.File) -> None: ...

    async def table_parts(self, live: Live, state: State) -> tuple[str, discord.File, discord.ui.View | None]: ...

    def table_lock(self, live: Live) -> asyncio.Lock: ...

    def table_drawn(self, live: Live, version: int) -> bool: ...

    def spectated(self, live: Live, state: State) -> bool: ...

    def refresh(self, live: Live, hands: Hands = None) -> None: ...

    async def merge_extra(self, live: Live, values: dict[str, Any]) -> None: ...


class Replies:
    def __init__(self, publisher: Shower) -> None:
        self.publisher = publisher
        self.watching: dict[tuple[int, int], asyncio.Task[None]] = {}
        self.answering: set[tuple[int, int, int]] = set()  # (guild, table, seat): a click's answer redraws it
        self.version: dict[tuple[int, int, int], tuple[int, int]] = {}  # seat: (message, version) it shows
        self.locks: dict[tuple[int, int], asyncio.Lock] = {}  # one redraw of a table's copies at a time
        self.running: dict[tuple[int, int], asyncio.Task[None]] = {}
        self.again: set[tuple[int, int]] = set()
        self.table_answers: dict[tuple[int, int], asyncio.Event] = {}  # a click on the table being answered
        self.notes: dict[int, str] = {}  # reply id: what it told the clicker, said until their next click on it

    def stop(self) -> None:
        for task in [*self.watching.values(), *self.running.values()]:
            task.cancel()
        self.watching.clear()

    def forget(self, live: Live) -> None:
        """The table is over: nothing of its hands is redrawn any more."""
        for seat in range(len(live.row.seats)):
            self.version.pop((live.guild_id, live.table_id, seat), None)
        self.locks.pop((live.guild_id, live.table_id), None)

    async def track_reply(self, live: Live, seat: int, application_id: int, token: str, message_id: int,
                          *, dm: bool = False, answering: bool = False) -> None:
        """Remember the copy of ``seat``'s hand that a click was made on, so that every move edits
        it through the click's token while that lives (Discord does not count those edits against
        the bot's global allowance): a hand shown in reply, or (``dm``) the hand's direct message
        itself. It is the seat's one live copy: the previous one loses its controls (a reply is
        told a newer copy was sent), and the direct message is not redrawn meanwhile. Kept in the
        table's extra, so a restart goes on editing it. ``answering``: the click will redraw it in
        its own answer (``answer_with_hand``), so the display leaves it alone until ``answered``."""
        if answering:
            self.answering.add((live.guild_id, live.table_id, seat))
        replies = dict(live.row.extra.get("replies", {}))
        stored = replies.get(str(seat))
        previous = ReplyCopy.from_json(stored) if stored else None
        expires = time.time() + REPLY_LIFE - REPLY_MARGIN
        replies[str(seat)] = ReplyCopy(application_id, token, message_id, expires, dm).to_json()
        await self._store_replies(live, replies)
        if previous and previous.message_id != message_id and previous.expires > time.time():
            if previous.dm:
                await self._edit_reply(previous, view=None)
            else:
                await self._edit_reply(previous, content=REPLACED_REPLY, attachments=[], view=None)
        self.watch(live)

    async def answer_with_hand(self, interaction: discord.Interaction[Any], live: Live, seat: int, message_id: int,
                               within: float) -> int | None:
        """Answer a click made on a copy of ``seat``'s hand by redrawing that copy as the hand is now,
        in the answer itself (unchanged picture not uploaded again). Returns the version shown, or
        None if the picture was not (or would not be) drawn within ``within`` seconds: the display
        redraws it then.
        A computer that answers at once is waited for (briefly), so that the answer shows its move too."""
        if not self.publisher.drawn_within(within):
            # A busy bot: the picture would come too late for the answer (the click is deferred, and
            # the display draws the copy once, from the newest state) rather than be drawn twice.
            return None
        began = time.monotonic()
        await self.publisher.hold(live, self.publisher.display_of(live), within / 2)
        within -= time.monotonic() - began
        state = live.state
        version = len(state.history)
        drawing = asyncio.ensure_future(self.publisher.copies.hand_message(live, seat, state, copy=message_id))
        done, _ = await asyncio.wait({drawing}, timeout=within)
        if drawing not in done or interaction.response.is_done():
            drawing.cancel()
            return None
        message = drawing.result()
        file = message["file"]
        picture = [file] if self.publisher.new_picture(message_id, file) else discord.utils.MISSING
        self.notes.pop(message_id, None)  # a new click on it: what it said before is past
        await interaction.response.edit_message(content=message["content"], attachments=picture,
                                                view=message.get("view"))
        self.publisher.shown_picture(message_id, file)
        self.publisher.copies.shown_hand(message_id, message)
        self.publisher.copies.hand_shown[(live.guild_id, live.table_id, seat)] = time.monotonic()
        self.version[(live.guild_id, live.table_id, seat)] = (message_id, version)
        return version

    def answering_table(self, live: Live) -> None:
        """A click on the table message will redraw it in its answer: the display waits for that."""
        self.table_answers.setdefault((live.guild_id, live.table_id), asyncio.Event()).clear()

    def table_answered(self, live: Live) -> None:
        answered = self.table_answers.pop((live.guild_id, live.table_id), None)
        if answered is not None:
            answered.set()

    async def table_answer(self, live: Live, seconds: float) -> None:
        """Wait (at most ``seconds``) for a click on the table message to be answered."""
        answered = self.table_answers.get((live.guild_id, live.table_id))
        if answered is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(answered.wait(), seconds)

    async def answer_with_table(self, interaction: discord.Interaction[Any], live: Live, within: float) -> bool:
        """Answer a click made on the table message (a game played on the table) by redrawing the
        table in the answer itself: one call, outside the global limit, and the display leaves
        that state alone. False if it was not drawn within ``within`` seconds (the display draws it)."""
        publisher, key = self.publisher, (live.guild_id, live.table_id)
        message = interaction.message
        began = time.monotonic()
        display = publisher.displays.get(key)
        if display is not None:  # a computer that answers at once: shown in the same picture
            await publisher.hold(live, display, within / 2)
        state = live.state
        drawing = asyncio.ensure_future(publisher.table_parts(live, state))
        done, _ = await asyncio.wait({drawing}, timeout=within - (time.monotonic() - began))
        if drawing not in done or message is None or interaction.response.is_done():
            drawing.cancel()
            return False
        content, file, view = drawing.result()
        lock = publisher.table_lock(live)
        try:  # the display may be drawing it: after that edit, not during it
            await asyncio.wait_for(lock.acquire(), max(0.0, within - (time.monotonic() - began)))
        except TimeoutError:
            return False
        try:
            if publisher.table_drawn(live, len(state.history)):
                return False
            picture = [file] if publisher.new_picture(message.id, file) else discord.utils.MISSING
            await interaction.response.edit_message(content=content, attachments=picture, view=view)
            publisher.shown_picture(message.id, file)
            publisher.table_versions[key] = len(state.history)
            publisher.table_shown[key] = time.monotonic()
        finally:
            lock.release()
        return True

    def answered(self, live: Live, seat: int, version: int | None) -> None:
        """The click made on ``seat``'s copy of the hand is answered (having shown ``version``, or
        nothing): if the table has moved on since, the display brings the copy up to date."""
        self.answering.discard((live.guild_id, live.table_id, seat))
        # (a game over: the copy is drawn at its end, or noted as showing it, and no longer kept)
        if (version is None or version < live.version or live.state.is_over) and self.live_copy(live, seat):
            if self.publisher.spectated(live, live.state):  # the display is waiting for its pace: not this
                self.now(live)
                return
            display = self.publisher.display_of(live)
            display.replies = True
            self.publisher.wake(live, display)

    def now(self, live: Live) -> None:
        """Show the copies of hands kept through tokens the newest state now, apart from the display."""
        key = (live.guild_id, live.table_id)
        if not live.row.extra.get("replies"):
            return
        self.again.add(key)
        task = self.running.get(key)
        if task is None or task.done():
            self.running[key] = asyncio.create_task(self._replies_runner(live),
                                                     name=f"parlour-replies-now-{live.guild_id}-{live.table_id}")

    async def _replies_runner(self, live: Live) -> None:
        key = (live.guild_id, live.table_id)
        try:
            while key in self.again and not self.publisher.stopping:
                # A computer that answers at once is waited for, as the display waits: one redraw shows both.
                display = self.publisher.displays.get(key)
                if display is not None:
                    await self.publisher.hold(live, display)
                self.again.discard(key)
                await self.update(live, live.state)
        except Exception:  # the display shows them again with its next batch
            log.warning("showing hands through tokens failed", exc_info=True, extra=table_extra(*key))
        finally:
            self.again.discard(key)

    def shows(self, live: Live, seat: int, message_id: int, version: int) -> bool:
        """Whether message ``message_id`` was last drawn through a token at ``version`` or later."""
        shown = self.version.get((live.guild_id, live.table_id, seat))
        return shown is not None and shown[0] == message_id and shown[1] >= version

    def live_copy(self, live: Live, seat: int) -> bool:
        """Whether ``seat``'s hand is kept current through a click's token now (not by the DM path)."""
        entry = live.row.extra.get("replies", {}).get(str(seat))
        return bool(entry) and ReplyCopy.from_json(entry or []).expires > time.time()

    async def ended(self, live: Live, content: dict[int, str]) -> None:
        """The table was stopped: each tracked reply says so (``content`` by seat), without controls."""
        for key, stored in dict(live.row.extra.get("replies", {})).items():
            entry = ReplyCopy.from_json(stored)
            if entry.expires > time.time() and int(key) in content:
                await self._edit_reply(entry, content=content[int(key)], view=None)

    async def untrack_dm(self, live: Live, seat: int) -> None:
        """A new hand message was sent: the token of a click on the old one no longer reaches it."""
        replies = live.row.extra.get("replies", {})
        entry = replies.get(str(seat))
        if entry and ReplyCopy.from_json(entry).dm:
            await self._store_replies(live, {k: e for k, e in replies.items() if k != str(seat)})

    async def update(self, live: Live, state: State, batch: Batch | None = None) -> None:
        """Show each tracked reply the seat's hand as it is in ``state``: its moves if it is to
        move, none if not; once the game is over they are left as they are, without controls."""
        if not live.row.extra.get("replies"):
            return
        lock = self.locks.setdefault((live.guild_id, live.table_id), asyncio.Lock())
        async with lock:
            await self._update(live, state, batch)

    async def _update(self, live: Live, state: State, batch: Batch | None) -> None:
        replies = dict(live.row.extra.get("replies", {}))
        now = time.time()
        gone: list[tuple[str, ReplyCopy]] = []
        ended: set[str] = set()  # copies showing the game's end: no longer kept current
        for key, entry in ((k, ReplyCopy.from_json(e)) for k, e in list(replies.items())):
            if entry.expires <= now:
                continue  # the watcher takes its controls away
            if batch is not None and self.publisher.copies.same_clock(int(key), batch):
                continue
            seat_key = (live.guild_id, live.table_id, int(key))
            shown = self.version.get(seat_key)
            if seat_key in self.answering:
                continue  # a click is redrawing it in its answer
            if shown and shown[0] == entry.message_id and shown[1] >= len(state.history):
                if state.is_over:
                    ended.add(key)
                continue  # it shows this state or a newer one
            message = await self.publisher.copies.hand_message(live, int(key), state, copy=entry.message_id)
            file, message_id = message["file"], entry.message_id
            picture = {"attachments": [file]} if self.publisher.new_picture(message_id, file) else {}
            note = self.notes.get(message_id)
            content = f"{note}\n{message['content']}"[:2000] if note else message["content"]
            if await self._edit_reply(entry, content=content, view=message.get("view"), **picture):
                self.publisher.shown_picture(message_id, file)
                self.publisher.copies.shown_hand(message_id, message)
                self.publisher.copies.hand_shown[seat_key] = time.monotonic()
                self.version[seat_key] = (message_id, len(state.history))
                if state.is_over:
                    ended.add(key)
            else:
                gone.append((key, entry))
        # The map as it is now (a click may have noted a new reply meanwhile), less the ones gone and
        # those that show the end (one a click is still answering is drawn once that answer is in).
        current = dict(live.row.extra.get("replies", {}))
        kept = {k: e for k, e in current.items()
                if (k, ReplyCopy.from_json(e)) not in gone and not (k in ended and e == replies.get(k))}
        if kept != current:
            await self._store_replies(live, kept)

    def watch(self, live: Live) -> None:
        """(Re)start the task that takes the controls off each tracked reply before its token expires."""
        key = (live.guild_id, live.table_id)
        task = self.watching.get(key)
        if task is not None and not task.done():
            task.cancel()
        if live.row.extra.get("replies") and not self.publisher.stopping:
            self.watching[key] = asyncio.create_task(self._expire_replies(live),
                                                        name=f"parlour-replies-{live.guild_id}-{live.table_id}")

    async def _expire_replies(self, live: Live) -> None:
        while (replies := dict(live.row.extra.get("replies", {}))) and not self.publisher.client.is_closed():
            soonest = min(ReplyCopy.from_json(entry).expires for entry in replies.values())
            await asyncio.sleep(max(0.0, soonest - time.time()))
            if self.publisher.client.is_closed():  # a restart looks after them (they are stored with the table)
                return
            now = time.time()
            replies = dict(live.row.extra.get("replies", {}))
            for key, entry in ((k, ReplyCopy.from_json(e)) for k, e in list(replies.items())):
                if entry.expires <= now:
                    if entry.dm:  # the direct message stays, kept current the usual way from now on
                        self.publisher.refresh(live, hands="edit")
                    else:
                        await self._edit_reply(entry, content=EXPIRED_REPLY, view=None)
                    del replies[key]
            await self._store_replies(live, replies)

    async def _edit_reply(self, entry: ReplyCopy, **kwargs: Any) -> bool:
        """Edit a tracked reply through its interaction's token; False if it is gone."""
        webhook = discord.Webhook.partial(entry.application_id, entry.token, client=self.publisher.client)
        kwargs.setdefault("view", None)
        try:
            await webhook.edit_message(entry.message_id, **kwargs)
        except discord.HTTPException as err:
            log.info("a hand shown in reply could not be edited (%s)", err.status)
            return False
        return True

    async def _store_replies(self, live: Live, replies: dict[str, Any]) -> None:
        await self.publisher.merge_extra(live, {"replies": replies or None})
