"""What the display of a table works with: the table message's text and controls, the batch of
committed moves shown together (and what of it is already shown, should Discord fail part-way),
what a table still has to show, a seat's copy as drawn, and the small tests the display applies
(is a failure passing, is a picture the same as the one a message shows)."""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord

from bot.play import rounds
from bot.play.protocols import Hands
from bot.play.tables import Live, Tables
from bot.runtime.budget import Ticket
from bot.show import controls
from bot.show.learning import hints_on
from bot.store import StoreFault
from games.core.actions import Action
from games.core.base import State


def picture_digest(file: discord.File) -> bytes:
    """What a picture shows, and what its alt text says, in 16 bytes."""
    data = file.fp.getvalue() if isinstance(file.fp, io.BytesIO) else b""
    return hashlib.blake2b(data + (file.description or "").encode(), digest_size=16).digest()


def passing(err: BaseException) -> bool:
    """Whether a failure may clear by itself: Discord's 5xx, the network, a timeout, the store."""
    if isinstance(err, discord.HTTPException):
        return err.status >= 500 or err.status == 429
    return isinstance(err, aiohttp.ClientError | OSError | TimeoutError | StoreFault)


RECENT_LINES = 2  # notable lines the table message repeats


def scores_line(live: Live, view: Mapping[str, Any]) -> str:
    scores = view.get("scores")
    if not isinstance(scores, list) or len(scores) != len(live.names):
        return ""
    return " · ".join(f"{name} {score}" for name, score in zip(live.names, scores, strict=True))


def table_content(live: Live, state: State | None = None, view: Mapping[str, Any] | None = None) -> str:
    """The table message's text for ``state`` (the newest by default); pass its spectator ``view``
    if it is already at hand."""
    state = live.state if state is None else state
    view = live.view(None, state) if view is None else view
    title = f"**{state.rules.title}** · table #{live.table_id}"
    lines = [title, live.text(str(view["status"]))]
    scores = scores_line(live, view)
    if scores:
        lines.append(scores)
    lines += [f"-# {line}" for line in recent(live, state)]  # small grey lines in Discord
    lines += rounds.notes(live, state)
    return "\n".join(lines)[:2000]


def recent(live: Live, state: State) -> list[str]:
    """The table's newest notable lines (a capture, a deal's result): said on the table message, which
    is edited anyway, rather than each posted as a message of its own (see ``worth_a_message``)."""
    return [live.text(e.text) for e in [e for e in state.log if e.notable][-RECENT_LINES:]]


def worth_a_message(before: State, after: State) -> bool:
    """Whether a step's notable lines are also posted in the channel: when it ends a round or the
    game (the round's account goes with them, as a picture where the game draws one), or turns up
    cards for all to see at that moment only."""
    return (after.is_over or (after.between_rounds and not before.between_rounds)
            or after.rounds_scored > before.rounds_scored
            or any(e.notable and e.shown for e in after.log[len(before.log):]))


def table_controls(live: Live, state: State) -> discord.ui.View:
    open_play = state.rules.open_play
    movers = sorted(state.to_move)
    # Where nothing is hidden a member's moves sit on the table itself (a computer's are its own
    # business); between rounds the table's buttons answer instead, as any seated player may.
    shown = open_play and len(movers) == 1 and not state.between_rounds and not live.is_computer(movers[0])
    moves = state.legal_actions(movers[0]) if shown else ()
    clock = state.clock
    on_clock = clock_moves(live, state)
    hint = shown and hints_on(live.row.extra)
    return controls.table_view(live.guild_id, live.table_id, hand=not open_play, version=len(state.history),
                               moves=moves, verbs=rounds.verbs(live, state), label=live.text,
                               clock=clock.since if clock is not None and on_clock else None, on_clock=on_clock,
                               hint=hint)


async def clock_line(tables: Tables, live: Live, state: State) -> str:
    """When the short clock running in ``state`` closes, as Discord shows a time to each reader."""
    clock = state.clock
    assert clock is not None
    deadline = await tables.clock_deadline(live, clock)
    return f"⏱ Closes <t:{int(deadline + 0.999)}:R>"


def clock_moves(live: Live, state: State) -> list[Action]:
    """While a short clock runs, the moves every member it waits for shares (Bullshit! and No call):
    shown on the table message, so the window costs no message of its own."""
    clock = state.clock
    if clock is None or state.is_over:
        return []
    seats = sorted(s for s in clock.seats & state.to_move if not live.is_computer(s))
    if not seats:
        return []
    tokens = [{b.token for b in state.offered(s)} for s in seats[1:]]
    return [a for a in state.offered(seats[0]) if all(a.token in t for t in tokens)]


@dataclass
class DrawnCopy:
    """A seat's copy of the game drawn (``HandCopies.hand_message``): its text, picture and controls
    (None: none), made for ``version`` and the seat's ``choice`` then. ``kept``: the message it
    redraws keeps the controls it has (they may hold a choice half made), so an edit leaves them."""

    content: str
    file: discord.File
    view: discord.ui.View | None
    version: int
    choice: tuple[Any, ...]
    kept: bool = False

    @property
    def controls(self) -> Any:
        """What an edit passes as its ``view``: these controls, or MISSING to leave the message's."""
        return discord.utils.MISSING if self.kept else self.view

    @property
    def made_for(self) -> tuple[int, tuple[Any, ...]] | None:
        """The version and choice the message's controls are made for now (None: left as they were)."""
        return None if self.kept else (self.version, self.choice)


@dataclass
class Display:
    """What one table still has to show, and the task showing it."""

    moves: list[tuple[State, State]] = field(default_factory=list)  # committed, not yet shown
    redraw: bool = False  # the table message needs drawing again (a request, a restart)
    hands: Hands = None  # show the hands of the seats to move: new DMs, or the last ones edited
    replies: bool = False  # only the copies of hands kept current through a click's token
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    failed: Batch | None = None  # shown in part: Discord or the store refused the rest, tried again
    ticket: Ticket | None = None  # its place in the bot's request budget (bot.runtime.budget)
    oldest: float | None = None  # when the oldest move not yet shown was committed (time.monotonic())
    ending: asyncio.Task[None] | None = None  # the game's end, shown at once beside the task (Publisher._end_first)
    end_done: set[str] = field(default_factory=set)  # what of the end that showed (as ``Batch.done``)
    warned: bool = False  # the log was told this table fell behind (once, until it catches up)

    @property
    def pending(self) -> bool:
        return bool(self.moves or self.redraw or self.hands or self.replies or self.failed)


@dataclass
class Batch:
    """Moves shown together: the states from the first one's before to the last one's after.
    ``done`` names the steps already shown, so that a batch tried again after a failure does not
    post its lines twice; ``lines_from`` is the first step whose lines are still to be posted."""

    states: tuple[State, ...]
    redraw: bool
    hands: Hands
    done: set[str] = field(default_factory=set)
    lines_from: int = 0
    dms: Any = None  # where the hands were when the batch began: written only if they moved
    fresh_sent: set[int] = field(default_factory=set)  # seats already sent a new hand message
    preface: list[str] = field(default_factory=list)  # the game's last lines, said with its result
    forced: bool = False  # the table message is drawn again even if it shows this state (a redraw asked for)
    oldest: float | None = None  # when its first move was committed (time.monotonic())

    @property
    def last(self) -> State:
        return self.states[-1]

    def steps(self) -> Iterable[tuple[State, State]]:
        return zip(self.states[self.lines_from:], self.states[self.lines_from + 1:], strict=False)

    def then(self, later: Batch) -> Batch:
        """This batch (which failed part-way) followed by moves committed since: shown as one, from
        the newest state, with the lines already posted left out."""
        lines_from = len(self.states) - 1 if "events" in self.done else self.lines_from
        hands: Hands = "fresh" if "fresh" in (self.hands, later.hands) else self.hands or later.hands
        # What cannot be shown twice stays done: the result's posts, and a new hand message sent.
        posted = {step for step in self.done if step.startswith("result:")}
        return Batch((*self.states, *later.states[1:]), True, hands, done=posted, lines_from=lines_from,
                     dms=self.dms, fresh_sent=set(self.fresh_sent), preface=list(self.preface),
                     forced=self.forced or later.forced,
                     oldest=min((t for t in (self.oldest, later.oldest) if t is not None), default=None))


def same_clock(seat: int, batch: Batch) -> bool:
    """Whether ``seat`` was waiting on one clock all through ``batch``: its controls, made for that
    clock, are still good, and redrawing them would lose a choice half made."""
    first, last = batch.states[0].clock, batch.last.clock
    return (first is not None and last is not None and first.since == last.since
            and seat in first.seats and seat in last.seats and seat in batch.last.to_move)


def nudges(live: Live, before: State, after: State) -> list[int]:
    """Members whose turn began with this move, in a game played on the table."""
    if not after.rules.open_play or after.between_rounds:
        return []
    # Between rounds the seat "to move" only answers for the table: a round's first turn is new.
    waiting = frozenset() if before.between_rounds else before.to_move
    found = []
    for seat in sorted(after.to_move - waiting):
        member = live.row.seats[seat].member_id
        if member is not None and not live.is_computer(seat):
            found.append(member)
    return found


def messages_of(lines: list[str], limit: int = 2000) -> list[str]:
    """``lines`` in as few messages as Discord's length limit allows, none cut (a line longer than
    the limit alone is cut)."""
    return [text for text, _ in message_groups(lines, limit)]


def message_groups(lines: list[str], limit: int = 2000) -> list[tuple[str, int]]:
    """``messages_of``, each message with how many of ``lines`` it holds (so a poster that fails
    part-way knows which lines went)."""
    groups: list[tuple[str, int]] = []
    for line in lines:
        line = line[:limit]
        if groups and len(groups[-1][0]) + 1 + len(line) <= limit:
            groups[-1] = (groups[-1][0] + "\n" + line, groups[-1][1] + 1)
        else:
            groups.append((line, 1))
    return groups
