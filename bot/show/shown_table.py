"""What the display keeps in memory of one table it shows, in one object (``ShownTable``): the
table message (the version it shows, one drawing of it at a time, the greeting its first message
opens with, its picture), the display's work still to do (``Display``), the tasks that keep the
copies kept through a click's token, and each seat's copies (``ShownSeat``: what each message
shows, the note a reply carries, when the seat's copy was last drawn, what its token last drew, a
click answering it, the coach's line being said).

The Publisher holds one per live table, keyed once by (guild, table), and drops it whole when the
game ends. Its collaborators (the copies, the token copies, the learner's help) are handed it and
keep nothing of a table themselves. What must outlive the process (the hand messages sent, the
copies kept through a click's token) is in the table's row (``extra``), not here: a restart starts
with an empty one and reads the row."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.play.tables import Live
from bot.show.display import Display, picture_digest
from bot.show.learning import CoachTold

TableKey = tuple[int, int]  # (guild id, table id)
# The messages of a seat whose picture, controls and note are remembered, the newest (drawn or
# noted) kept: a seat's live copies are its hand's direct message and its one copy kept through a
# token; older ones are only ever retired. Forgetting one costs an upload of an unchanged picture.
COPIES_KEPT = 8


def table_key(live: Live) -> TableKey:
    """The one key of a table's ``ShownTable``."""
    return live.guild_id, live.table_id


@dataclass
class ShownCopy:
    """One message showing a seat's copy: the picture it shows (with its alt text, as a digest),
    the version and choice its controls were made for, and the note a reply told the clicker,
    said atop it until their next click on it."""

    picture: bytes | None = None
    controls: tuple[int, tuple[Any, ...]] | None = None
    note: str = ""


@dataclass
class ShownSeat:
    """What the display knows of one seat's copies of the game."""

    copies: dict[int, ShownCopy] = field(default_factory=dict)  # message id: what it shows
    drawn_at: float | None = None  # when a copy was last drawn (time.monotonic())
    token_drew: tuple[int, int] | None = None  # (message, version) last drawn through a click's token
    answering: bool = False  # a click redraws the seat's copy in its own answer: the display leaves it
    coach: CoachTold | None = None  # the coach's line said on the seat's copy until it moves

    def copy(self, message_id: int) -> ShownCopy:
        """What message ``message_id`` shows, remembered as the seat's newest (COPIES_KEPT at most)."""
        copy = self.copies.pop(message_id, None) or ShownCopy()
        self.copies[message_id] = copy
        while len(self.copies) > COPIES_KEPT:
            del self.copies[next(iter(self.copies))]
        return copy

    def new_picture(self, message_id: int, file: discord.File) -> bool:
        """Whether ``file`` differs from the picture message ``message_id`` shows (an unchanged one is
        not uploaded again: the edit keeps the message's attachment)."""
        known = self.copies.get(message_id)
        return known is None or known.picture != picture_digest(file)

    def drawn(self, message_id: int, file: discord.File, controls: tuple[int, tuple[Any, ...]] | None) -> None:
        """Message ``message_id`` shows a copy drawn just now: its picture, and the version and choice
        its controls were made for (None: it kept the controls it had)."""
        copy = self.copy(message_id)
        copy.picture = picture_digest(file)
        if controls is not None:
            copy.controls = controls
        self.drawn_at = time.monotonic()

    def controls_of(self, message_id: int) -> tuple[int, tuple[Any, ...]] | None:
        """The version and choice the controls of message ``message_id`` were made for, if known."""
        known = self.copies.get(message_id)
        return known.controls if known is not None else None

    def note_on(self, message_id: int) -> str:
        known = self.copies.get(message_id)
        return known.note if known is not None else ""

    def token_shows(self, message_id: int, version: int) -> bool:
        """Whether message ``message_id`` was last drawn through a token at ``version`` or later."""
        return self.token_drew is not None and self.token_drew[0] == message_id and self.token_drew[1] >= version


@dataclass
class ShownTable:
    """What the display keeps of one live table (see the module's words)."""

    display: Display = field(default_factory=Display)
    version: int = -1  # the version the table message shows
    drawn_at: float = 0.0  # when the table message was last drawn (time.monotonic())
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one drawing of the table message at a time
    greeting: str | None = None  # said atop the table's first message, mentioning its members
    picture: tuple[int, bytes] | None = None  # (message, digest): the picture the table message shows
    table_answer: asyncio.Event | None = None  # set when a click on the table message has been answered
    seats: dict[int, ShownSeat] = field(default_factory=dict)
    tokens_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one redraw of the token copies at a time
    tokens_now: asyncio.Task[None] | None = None  # token copies redrawn apart from the display
    tokens_again: bool = False  # asked again while ``tokens_now`` ran
    tokens_watch: asyncio.Task[None] | None = None  # retires each token copy before its token expires

    def seat(self, seat: int) -> ShownSeat:
        found = self.seats.get(seat)
        if found is None:
            found = self.seats[seat] = ShownSeat()
        return found

    def new_picture(self, message_id: int, file: discord.File) -> bool:
        """Whether ``file`` differs from the picture the table message ``message_id`` shows."""
        return self.picture != (message_id, picture_digest(file))

    def shown_picture(self, message_id: int, file: discord.File) -> None:
        self.picture = (message_id, picture_digest(file))

    def tasks(self) -> list[asyncio.Task[None]]:
        """The tasks at work for this table (stopped when the bot stops)."""
        display = self.display
        return [t for t in (display.task, display.ending, self.tokens_now, self.tokens_watch) if t is not None]
