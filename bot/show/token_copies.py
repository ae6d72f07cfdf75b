"""The copies of a player's hand kept current through a click's token: the hand shown in answer to
a click (My hand, an out-of-date click), or the hand's direct message once the player clicked on
it. Discord does not count the answer to a click, nor the edits made with its token for 15
minutes, against the bot's global allowance, so a hand kept this way costs the bot nothing: the
click that makes a move is answered with that copy redrawn (``answer_with_hand``), and every later
move edits it through the token (``update``), at once even when the bot is short of its allowance
(``now``). A copy whose token is about to expire loses its controls; a direct message goes back to
being edited the usual way. A click on the table message itself (a game played on the table) is
answered the same way, with the table redrawn (``Publisher.answer_with_table``).

The copies are kept in the table's ``extra["replies"]`` (so a restart goes on editing them); what
the display knows of each in memory is the seat's in the table's ``ShownTable``, which each call is
handed. When they are redrawn, and the task that retires them, are the Publisher's."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.play.tables import Live
from bot.show.display import Batch, DrawnCopy, same_clock
from bot.show.shown_table import ShownTable
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


def stored_copies(live: Live) -> dict[str, Any]:
    """The table's copies kept through tokens, as stored: seat (as a string) to ``ReplyCopy.to_json``."""
    return dict(live.row.extra.get("replies", {}))


def live_copy(live: Live, seat: int) -> bool:
    """Whether ``seat``'s hand is kept current through a click's token now (not by the DM path)."""
    entry = live.row.extra.get("replies", {}).get(str(seat))
    return bool(entry) and ReplyCopy.from_json(entry or []).expires > time.time()


def soonest_expiry(live: Live) -> float | None:
    """When the first of the table's tokens stops being used (``time.time()``); None without any."""
    return min((ReplyCopy.from_json(entry).expires for entry in stored_copies(live).values()), default=None)


def without_dm(live: Live, seat: int) -> dict[str, Any] | None:
    """The stored copies less ``seat``'s if that is its hand's direct message (a new one was sent,
    which the old click's token does not reach); None if there is nothing to take away."""
    replies = stored_copies(live)
    entry = replies.get(str(seat))
    if not entry or not ReplyCopy.from_json(entry).dm:
        return None
    return {k: e for k, e in replies.items() if k != str(seat)}


class CopyDrawer(Protocol):
    """Draws a seat's copy of the game (HandCopies)."""

    async def hand_message(self, live: Live, shown: ShownTable, seat: int, state: State | None = None,
                           copy: int | None = None) -> DrawnCopy: ...


class TokenHost(Protocol):
    """What the token copies ask of the client."""

    @property
    def client(self) -> discord.Client: ...


class TokenCopies:
    """Keeps the copies of hands kept through a click's token: given each table's ``ShownTable``,
    keeping nothing of a table itself."""

    def __init__(self, bot: TokenHost, drawer: CopyDrawer,
                 merge_extra: Callable[[Live, dict[str, Any]], Awaitable[None]]) -> None:
        self.bot = bot
        self.drawer = drawer
        self.merge_extra = merge_extra

    async def track(self, live: Live, shown: ShownTable, seat: int, application_id: int, token: str,
                    message_id: int, *, dm: bool = False, answering: bool = False) -> None:
        """Remember the copy of ``seat``'s hand that a click was made on, so that every move edits
        it through the click's token while that lives (Discord does not count those edits against
        the bot's global allowance): a hand shown in reply, or (``dm``) the hand's direct message
        itself. It is the seat's one live copy: the previous one loses its controls (a reply is
        told a newer copy was sent), and the direct message is not redrawn meanwhile. Kept in the
        table's extra, so a restart goes on editing it. ``answering``: the click will redraw it in
        its own answer (``answer_with_hand``), so the display leaves it alone until it is answered."""
        if answering:
            shown.seat(seat).answering = True
        replies = stored_copies(live)
        stored = replies.get(str(seat))
        previous = ReplyCopy.from_json(stored) if stored else None
        expires = time.time() + REPLY_LIFE - REPLY_MARGIN
        replies[str(seat)] = ReplyCopy(application_id, token, message_id, expires, dm).to_json()
        await self._store(live, replies)
        if previous and previous.message_id != message_id and previous.expires > time.time():
            if previous.dm:
                await self.edit(previous, view=None)
            else:
                await self.edit(previous, content=REPLACED_REPLY, attachments=[], view=None)

    async def answer_with_hand(self, interaction: discord.Interaction[Any], live: Live, shown: ShownTable,
                               seat: int, message_id: int, within: float) -> int | None:
        """Answer a click made on a copy of ``seat``'s hand by redrawing that copy as the hand is now,
        in the answer itself (unchanged picture not uploaded again). Returns the version shown, or
        None if the picture was not drawn within ``within`` seconds: the display redraws it then."""
        state = live.state
        version = len(state.history)
        drawing = asyncio.ensure_future(self.drawer.hand_message(live, shown, seat, state, copy=message_id))
        done, _ = await asyncio.wait({drawing}, timeout=within)
        if drawing not in done or interaction.response.is_done():
            drawing.cancel()
            return None
        drawn = drawing.result()
        mine = shown.seat(seat)
        picture = [drawn.file] if mine.new_picture(message_id, drawn.file) else discord.utils.MISSING
        mine.copy(message_id).note = ""  # a new click on it: what it said before is past
        await interaction.response.edit_message(content=drawn.content, attachments=picture, view=drawn.controls)
        mine.drawn(message_id, drawn.file, drawn.made_for)
        mine.token_drew = (message_id, version)
        return version

    async def ended(self, live: Live, content: dict[int, str]) -> None:
        """The table was stopped: each tracked reply says so (``content`` by seat), without controls."""
        for key, stored in stored_copies(live).items():
            entry = ReplyCopy.from_json(stored)
            if entry.expires > time.time() and int(key) in content:
                await self.edit(entry, content=content[int(key)], view=None)

    async def update(self, live: Live, shown: ShownTable, state: State, batch: Batch | None = None) -> None:
        """Show each tracked reply the seat's hand as it is in ``state``: its moves if it is to
        move, none if not; once the game is over they are left as they are, without controls."""
        if not live.row.extra.get("replies"):
            return
        async with shown.tokens_lock:
            await self._update(live, shown, state, batch)

    async def _update(self, live: Live, shown: ShownTable, state: State, batch: Batch | None) -> None:
        replies = stored_copies(live)
        now = time.time()
        gone: list[tuple[str, ReplyCopy]] = []
        ended: set[str] = set()  # copies showing the game's end: no longer kept current
        for key, entry in ((k, ReplyCopy.from_json(e)) for k, e in list(replies.items())):
            if entry.expires <= now:
                continue  # the watcher takes its controls away
            if batch is not None and same_clock(int(key), batch):
                continue
            mine = shown.seat(int(key))
            if mine.answering:
                continue  # a click is redrawing it in its answer
            if mine.token_shows(entry.message_id, len(state.history)):
                if state.is_over:
                    ended.add(key)
                continue  # it shows this state or a newer one
            drawn = await self.drawer.hand_message(live, shown, int(key), state, copy=entry.message_id)
            message_id = entry.message_id
            picture = {"attachments": [drawn.file]} if mine.new_picture(message_id, drawn.file) else {}
            note = mine.note_on(message_id)
            content = f"{note}\n{drawn.content}"[:2000] if note else drawn.content
            if await self.edit(entry, content=content, view=drawn.controls, **picture):
                mine.drawn(message_id, drawn.file, drawn.made_for)
                mine.token_drew = (message_id, len(state.history))
                if state.is_over:
                    ended.add(key)
            else:
                gone.append((key, entry))
        # The map as it is now (a click may have noted a new reply meanwhile), less the ones gone and
        # those that show the end (one a click is still answering is drawn once that answer is in).
        current = stored_copies(live)
        kept = {k: e for k, e in current.items()
                if (k, ReplyCopy.from_json(e)) not in gone and not (k in ended and e == replies.get(k))}
        if kept != current:
            await self._store(live, kept)

    async def retire_expired(self, live: Live) -> bool:
        """Take the copies whose tokens expire now out of use: a reply loses its controls and says
        so; a direct message stays, to be kept current the usual way from now on (True if there
        was one: the display then redraws it)."""
        now = time.time()
        replies = stored_copies(live)
        dm = False
        for key, entry in ((k, ReplyCopy.from_json(e)) for k, e in list(replies.items())):
            if entry.expires <= now:
                if entry.dm:
                    dm = True
                else:
                    await self.edit(entry, content=EXPIRED_REPLY, view=None)
                del replies[key]
        await self._store(live, replies)
        return dm

    async def edit(self, entry: ReplyCopy, **kwargs: Any) -> bool:
        """Edit a tracked reply through its interaction's token; False if it is gone."""
        webhook = discord.Webhook.partial(entry.application_id, entry.token, client=self.bot.client)
        kwargs.setdefault("view", None)
        try:
            await webhook.edit_message(entry.message_id, **kwargs)
        except discord.HTTPException as err:
            log.info("a hand shown in reply could not be edited (%s)", err.status)
            return False
        return True

    async def _store(self, live: Live, replies: dict[str, Any]) -> None:
        await self.merge_extra(live, {"replies": replies or None})
