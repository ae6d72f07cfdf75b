"""Tables in play, held in memory beside their rows, and the one path every action takes:
lock the table, check the version, apply, commit, then render and publish."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.play import places
from bot.play.refusals import Refusal
from bot.runtime import exporter
from bot.runtime.logs import table_extra
from bot.store import EASY_COMPUTER, HARD_COMPUTER, GuildStore, Movement, Stores, TableRow
from bot.store.rows import Seat
from games.core import registry
from games.core.base import JOIN, Clock, Outcome, State, name_players
from games.core.errors import IllegalAction
from games.core.views import TableView

log = logging.getLogger("parlour.tables")

# What made an action, as its row in the action log says: a member's button ("click"), a button on
# the table between rounds ("table"), a newcomer seated ("join"), a computer player's move
# ("computer"), the computer covering an absent player's turn ("timeout"), or a clock's default move
# when its time ran out ("clock").
ActionSource = Literal["click", "table", "join", "computer", "timeout", "clock"]

STALE = "That button is out of date: the table has moved on. Use the newest controls."
MOVED_ON = "That button was out of date: the table has moved on. Here is how things stand now."
ALREADY_MADE = "You already made that move: it counted once. Here is how things stand now."
NOT_SEATED = "You are not playing at this table, so you can't move here. You can watch the table channel."


class Stale(Refusal):
    """The action was made for a version the table has moved past (a repeated or late click)."""

    def __init__(self) -> None:
        super().__init__(STALE)


@dataclass
class Live:
    """A table being played: its stored row and its game state, which always agree."""

    guild_id: int
    row: TableRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    unit: str = "dollars"  # the guild's stakes unit, for amounts in lines and images
    clock_started: tuple[int, float] | None = None  # (version, time) of the action that began a clock
    # (version, its lines): the last action that ended a round (a hand scored), and what the channel
    # was told of it, so each player's copy says it too until they next move
    round_news: tuple[int, tuple[str, ...]] | None = None

    @property
    def table_id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.row.seats]

    def take_stored(self, stored: TableRow) -> None:
        """Take the row as the store returned it, keeping the hand messages sent in a batch the
        display has not written yet (it writes them with the batch, ``record_shown``): without them
        the player's next turn would come as a second direct message."""
        sent = self.row.extra.get("dm")
        if sent and sent != stored.extra.get("dm"):
            stored = replace(stored, extra={**stored.extra, "dm": {**stored.extra.get("dm", {}), **sent}})
        self.row = stored

    def seat_of(self, member_id: int) -> int | None:
        for i, seat in enumerate(self.row.seats):
            if seat.member_id == member_id and not seat.ai:
                return i
        return None

    def is_computer(self, seat: int) -> bool:
        return self.row.seats[seat].ai

    def text(self, line: str) -> str:
        return name_players(line, self.names, self.unit)

    def view(self, seat: int | None, state: State | None = None) -> TableView:
        """What ``seat`` may see of the table now (or of an earlier ``state`` being shown)."""
        view = (self.state if state is None else state).view(seat)
        view["names"] = self.names
        view["unit"] = self.unit
        return view

    def movements(self, before: State, after: State) -> list[Movement]:
        """The ledger rows of the settlements an action made: each transfer from both sides.
        A computer's side (or a seat the computer took over) carries no member."""
        seats = self.row.seats
        rows: list[Movement] = []
        for settled in after.settlements[len(before.settlements):]:
            for n, t in enumerate(settled.transfers):
                sides = ((2 * n, t.payer, t.payee, -t.cents), (2 * n + 1, t.payee, t.payer, t.cents))
                for entry, seat, other, amount in sides:
                    who = seats[seat]
                    rows.append(Movement(settled.round, entry, seat, None if who.ai else who.member_id, who.name,
                                         amount, other, seats[other].name, t.reason))
        return rows


# Hands a committed action to the display (which shows it soon, without the action path waiting);
# set by the bot so this module needs no Discord.
Publish = Callable[[Live, State, State], None]


class Tables:
    def __init__(self, stores: Stores, publish: Publish, on_change: Callable[[Live], None]) -> None:
        self.stores = stores
        self.publish = publish
        self.on_change = on_change  # reschedules the table's timers
        self.live: dict[tuple[int, int], Live] = {}
        self.begun_here: set[tuple[int, int]] = set()  # started by this process: nothing to restore
        self.in_flight: set[asyncio.Future[State]] = set()  # actions being applied and committed

    async def store(self, guild_id: int) -> GuildStore:
        return await self.stores.guild(guild_id)

    async def get(self, guild_id: int, table_id: int) -> Live | None:
        """The table if it is being played (loaded from its record on first use)."""
        key = (guild_id, table_id)
        if key in self.live:
            return self.live[key]
        row = await (await self.store(guild_id)).get_table(table_id)
        if row is None or row.status != "playing" or row.record is None:
            return None
        return self.adopt(guild_id, row)

    def adopt(self, guild_id: int, row: TableRow, *, begun: bool = False) -> Live:
        """The live table of ``row``; ``begun``: the lobby has just started it in this process."""
        assert row.record is not None
        if begun:
            self.begun_here.add((guild_id, row.id))
        live = self.live.get((guild_id, row.id))
        if live is None:
            state = registry.get(row.game).from_record(row.record)
            live = self.live.setdefault((guild_id, row.id), Live(guild_id, row, state))
        elif live.row.channel_id is None and row.channel_id is not None:
            # loaded by a click between the start and its channel being made: take the channel
            live.row = replace(live.row, channel_id=row.channel_id, is_thread=row.is_thread)
        return live

    async def clock_deadline(self, live: Live, clock: Clock) -> float:
        """When ``clock`` runs out: its seconds after the action that began it, whose time is in
        the action log, so a restart keeps the time that was left."""
        started = live.clock_started
        if started is None or started[0] != clock.since:
            rows = await (await self.store(live.guild_id)).actions(live.table_id, after_version=clock.since - 1)
            at = next((row.at for row in rows if row.version == clock.since), time.time())
            live.clock_started = started = (clock.since, at)
        return started[1] + clock.seconds

    @staticmethod
    def state_at(live: Live, version: int) -> State:
        """The table's state as it was at ``version`` (replayed: for the rare late click)."""
        record = live.state.to_record()
        record["actions"] = record["actions"][:version]
        return live.state.rules.from_record(record)

    async def drain(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) for the actions being committed to finish: a stop
        lets every move that was accepted reach the store."""
        if self.in_flight:
            await asyncio.wait(list(self.in_flight), timeout=timeout)

    def forget(self, live: Live) -> None:
        self.live.pop((live.guild_id, live.table_id), None)

    async def act(self, live: Live, version: int, seat: int, token: str, actor_id: int | None,
                  source: ActionSource, newcomer: Seat | None = None) -> State:
        """Apply one action exactly once, commit it (with the money it settles and, for a
        ``join``, the ``newcomer``'s seat), then hand it to the display. Refusal if it cannot be.

        The work runs as a task of its own that a cancelled caller (a timer rescheduled, a
        shutdown) cannot interrupt between the commit and the table taking the new state."""
        work = asyncio.ensure_future(self._act(live, version, seat, token, actor_id, source, newcomer))
        self.in_flight.add(work)
        work.add_done_callback(self.in_flight.discard)
        try:
            after = await asyncio.shield(work)
        except asyncio.CancelledError:
            # The caller (a timer being replaced) is gone, but its move may still be committed:
            # then the table must still be rescheduled from the new state, or it waits forever.
            work.add_done_callback(lambda done: self._orphan_done(live, done))
            raise
        self.on_change(live)
        return after

    def _orphan_done(self, live: Live, work: asyncio.Future[State]) -> None:
        """An action whose caller was cancelled has finished: reschedule the table if it moved;
        say if it failed (a Refusal is an answer for a caller who is no longer there)."""
        if work.cancelled():
            return
        err = work.exception()
        if err is None:
            self.on_change(live)
        elif not isinstance(err, Refusal):
            log.error("an action failed after its caller had gone", exc_info=err)

    async def _act(self, live: Live, version: int, seat: int, token: str, actor_id: int | None,
                   source: ActionSource, newcomer: Seat | None) -> State:
        async with live.lock:
            if live.row.status != "playing" or live.state.is_over:
                raise Refusal("This game is over.")
            if version != live.version:
                raise Stale()
            before = live.state
            try:
                after = before.apply(seat, token)
            except IllegalAction as err:
                raise Refusal(_sentence(str(err))) from None
            store = await self.store(live.guild_id)
            applied = after.history[-1][1]
            seats = live.row.seats
            if applied == JOIN:
                if newcomer is None or after.players != len(seats) + 1:
                    raise Refusal("Only someone taking the new seat can join the table.")
                seats = (*seats, newcomer)
            elif after.players != len(seats):
                raise Refusal("That move would change the seats at the table.")
            record = after.to_record()
            at = time.time()
            # a practice table moves no stakes: its game is for learning, not for keeps
            money = [] if live.row.extra.get("practice") else live.movements(before, after)
            writing = time.monotonic()
            if not await store.commit_action(live.table_id, version, seat, applied, record, actor_id, source, at,
                                             seats=seats if applied == JOIN else None, movements=money):
                raise Stale()
            exporter.COMMITS.inc()
            exporter.COMMIT_SECONDS.observe(time.monotonic() - writing)
            exporter.MOVES.labels(live.row.game).inc()
            live.state = after
            if after.clock is not None and after.clock.since == version + 1:
                live.clock_started = (version + 1, at)
            if after.rounds_scored > before.rounds_scored:
                live.round_news = (version + 1, tuple(e.text for e in after.log[len(before.log):] if e.notable))
            # what the commit just wrote, without reading it back on every move
            live.row = replace(live.row, record=record, version=version + 1, updated_at=at,
                               turn_started_at=at, reminded=False, seats=seats)
            # The move itself is not logged: a token can name a card that others may not see.
            log.debug("move %d committed (seat %d, %s)", version + 1, seat, source, extra=where(live))
            if after.is_over:
                await self._record_result(live, store)
                live.take_stored(await _reload(store, live.row))
            self.publish(live, before, after)
        return after

    async def conclude(self, live: Live) -> bool:
        """Record the result of a game whose last action was committed but whose end was not (the
        process stopped in between); True if there was one to record."""
        async with live.lock:
            if live.row.status != "playing" or not live.state.is_over:
                return False
            store = await self.store(live.guild_id)
            await self._record_result(live, store)
            live.take_stored(await _reload(store, live.row))
            return True

    async def _record_result(self, live: Live, store: GuildStore) -> None:
        outcome = live.state.outcome
        assert outcome is not None
        resigned = set(live.row.extra.get("resigned", []))
        gave_up = {i for i, seat in enumerate(live.row.seats) if seat.member_id in resigned}
        placings = places.game_placings(live.row.game, outcome, gave_up)
        results = [(*_result(i, seat, outcome, resigned), *placings[i]) for i, seat in enumerate(live.row.seats)]
        if live.row.extra.get("practice"):
            results = []  # unrated: no result, rating or leaderboard line comes of a practice game
        await places.place_older_results(store)  # so this game is rated after every one before it
        await store.finish_table(live.table_id, live.version, live.state.to_record(), results)
        log.info("table finished after %d moves", live.version, extra=where(live))

    async def resign(self, live: Live, seat: int, member_id: int) -> None:
        """The computer takes the seat over; the member's result is recorded as a loss."""
        async with live.lock:
            if live.row.status != "playing":
                raise Refusal("This game is over.")
            store = await self.store(live.guild_id)
            seats = list(live.row.seats)
            seats[seat] = replace(seats[seat], ai=True, name=f"{seats[seat].name} (computer)")
            resigned = sorted({*live.row.extra.get("resigned", []), member_id})
            await store.merge_extra(live.table_id, {"resigned": resigned})
            live.take_stored(await store.update_table(live.table_id, seats=seats))
        log.info("seat %d resigned; the computer plays it", seat, extra=where(live))
        self.on_change(live)

    async def end(self, live: Live) -> None:
        """Stop the table without a result (the host or a manager ended it)."""
        async with live.lock:
            store = await self.store(live.guild_id)
            await store.cancel_table(live.table_id)
            live.take_stored(await _reload(store, live.row))
        log.info("table stopped without a result", extra=where(live))
        self.forget(live)


def where(live: Live) -> dict[str, int]:
    """The ``extra`` of a log line about ``live``: its guild and table, in every log format."""
    return table_extra(live.guild_id, live.table_id)


def _result(seat: int, info: Seat, outcome: Outcome, resigned: set[int]) -> tuple[int, int | None, int, bool, bool]:
    member = info.member_id
    if info.ai and member is None and info.level != "normal":
        member = EASY_COMPUTER if info.level == "easy" else HARD_COMPUTER  # each rated as a player of its own
    gave_up = member is not None and member in resigned
    won = seat in outcome.winners and not gave_up
    return (seat, member, int(outcome.scores[seat]), won, outcome.is_draw and not gave_up)


async def _reload(store: GuildStore, row: TableRow) -> TableRow:
    fresh = await store.get_table(row.id)
    return fresh if fresh is not None else row


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def choice_of(state: State, seat: int) -> tuple[Any, ...]:
    """What ``seat`` may choose in ``state``: its pick and its moves (a seat's controls show them)."""
    if seat not in state.to_move:
        return ()
    return state.pick(seat), tuple(a.token for a in state.offered(seat))


def same_choice(live: Live, seat: int, version: int) -> bool:
    """Whether ``seat`` faces the very choice it had at ``version``: to move then and now, without
    a move of its own since, with the same moves and pick. Others moving at the same time (two
    players discarding at once) leave a choice half made as good as it was."""
    state = live.state
    history = state.history
    if version >= len(history) or seat not in state.to_move or any(s == seat for s, _ in history[version:]):
        return False
    old = Tables.state_at(live, version)
    return seat in old.to_move and choice_of(old, seat) == choice_of(state, seat)
