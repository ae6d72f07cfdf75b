"""What the store hands back: small frozen values with their JSON columns already parsed."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, TypedDict

from . import codec
from .errors import StoreError

TableStatus = Literal["lobby", "playing", "finished", "cancelled"]
STATUSES: tuple[TableStatus, ...] = ("lobby", "playing", "finished", "cancelled")
OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "playing")


@dataclass(frozen=True)
class Seat:
    """One seat: a member (``member_id``) or a computer (``ai``, no member). ``name`` is what the
    table shows, kept so a finished table still reads well after a member leaves the guild."""

    member_id: int | None
    name: str
    ai: bool = False
    level: Literal["normal", "easy", "hard"] = "normal"  # a computer's: Easy weaker, Hard stronger, each rated apart

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"member_id": self.member_id, "name": self.name, "ai": self.ai}
        if self.level != "normal":
            data["level"] = self.level
        return data

    @classmethod
    def coerce(cls, value: Seat | Mapping[str, Any]) -> Seat:
        """A Seat from itself or from its JSON dict; StoreError if a field has the wrong type."""
        if isinstance(value, Seat):
            seat = value
        elif isinstance(value, Mapping):
            seat = cls(value.get("member_id"), value.get("name", ""), value.get("ai", False),
                       value.get("level", "normal"))
        else:
            raise StoreError(f"a seat must be a Seat or a dict, not {value!r}")
        codec.whole_or_none(seat.member_id, "seat member_id")
        if not isinstance(seat.name, str):
            raise StoreError(f"seat name must be a string, not {seat.name!r}")
        if not isinstance(seat.ai, bool):
            raise StoreError(f"seat ai must be true or false, not {seat.ai!r}")
        if seat.level not in ("normal", "easy", "hard"):
            raise StoreError(f"a computer's level is normal, easy or hard, not {seat.level!r}")
        return seat


def seats_json(seats: Iterable[Seat | Mapping[str, Any]]) -> str:
    """The ``seats`` column for a list of Seats or seat dicts (checked, so bad data never lands)."""
    if isinstance(seats, str | bytes | Mapping) or not isinstance(seats, Iterable):
        raise StoreError(f"seats must be a list of seats, not {seats!r}")
    return codec.dumps([Seat.coerce(s).to_json() for s in seats], "seats")


class MemberRef(TypedDict):
    """A member named where a table keeps them: their id and the name they had then."""

    id: int
    name: str


class TableExtra(TypedDict, total=False):
    """What a table keeps beside its record (the ``extra`` JSON column), one key per need; a key
    given None in ``GuildStore.merge_extra`` is removed. Seats are keys as strings (JSON)."""

    dm: dict[str, list[int]]  # seat -> [channel id, message id] of its copy sent by DM
    dm_closed: list[int]  # seats whose member's DMs are closed (they use My hand)
    replies: dict[str, list[Any]]  # seat -> its copy kept through a click's token (ReplyCopy.to_json())
    practice: bool  # a practice table (not rated, no stakes)
    private: bool  # created while the server's tables were private: replayable by its players and managers only
    hints: bool  # False: hints are off at this table
    hints_used: dict[str, int]  # seat -> hints asked
    hinted_at: dict[str, int]  # seat -> the version its last hint was for (one counted a decision)
    resigned: list[int]  # members who resigned (the game counts as their loss)
    joining: list[MemberRef]  # members waiting for a seat from the next round
    end_after: MemberRef  # who asked to end the game after this round
    awaiting: list[int]  # members invited back to a rematch who have not answered
    rematch_of: int  # the table this one is a rematch of
    rematch: int  # the rematch opened from this table
    lines_at: int  # how many of the log's notable lines the channel has been sent
    talk: dict[str, Any]  # partners' private talk: their threads, or the relay (bot/play/partners_talk.py)


@dataclass(frozen=True)
class TableRow:
    """A row of ``tables``. ``record`` is the game record (``State.to_record``), None in the lobby;
    ``version`` is the number of actions applied, the number every custom_id carries."""

    id: int
    game: str
    options: Mapping[str, Any]
    seed: int
    status: TableStatus
    host_id: int
    seats: tuple[Seat, ...]
    record: Mapping[str, Any] | None
    version: int
    origin_channel_id: int | None
    lobby_message_id: int | None
    channel_id: int | None
    is_thread: bool
    table_message_id: int | None
    turn_started_at: float | None
    reminded: bool
    created_at: float
    updated_at: float
    finished_at: float | None
    delete_channel_at: float | None
    extra: TableExtra
    shown_version: int = 0  # the version the table message last showed (restart redraws only those behind)

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> TableRow:
        return cls(
            id=row["id"],
            game=row["game"],
            options=codec.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            host_id=row["host_id"],
            seats=tuple(Seat.coerce(s) for s in codec.loads(row["seats"])),
            record=codec.loads(row["record"]),
            version=row["version"],
            origin_channel_id=row["origin_channel_id"],
            lobby_message_id=row["lobby_message_id"],
            channel_id=row["channel_id"],
            is_thread=bool(row["is_thread"]),
            table_message_id=row["table_message_id"],
            turn_started_at=row["turn_started_at"],
            reminded=bool(row["reminded"]),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
            delete_channel_at=row["delete_channel_at"],
            extra=codec.loads(row["extra"]),
            shown_version=row["shown_version"],
        )

    @property
    def is_open(self) -> bool:
        """In the lobby or being played: what start-up restores."""
        return self.status in OPEN_STATUSES

    @property
    def member_ids(self) -> frozenset[int]:
        return frozenset(s.member_id for s in self.seats if s.member_id is not None)

    def seat_of(self, member_id: int) -> int | None:
        """The seat number of a member, or None for a watcher."""
        for number, seat in enumerate(self.seats):
            if seat.member_id == member_id:
                return number
        return None


@dataclass(frozen=True)
class ActionRow:
    """One entry of the append-only action log. ``version`` is the version the action produced
    (1 for the first action); ``actor_id`` is who clicked, None when the computer played."""

    table_id: int
    version: int
    seat: int
    token: str
    actor_id: int | None
    source: str
    at: float


class SeatResult(NamedTuple):
    """A seat's result, as ``finish_table`` takes it; plain tuples in this order work too. ``team``
    and ``place`` say how the game finished, for the ratings (bot/play/places.py); left out, every
    seat is its own team and winners come first, then the higher score."""

    seat: int
    member_id: int | None
    score: int
    won: bool
    drew: bool
    team: int | None = None
    place: int | None = None


@dataclass(frozen=True)
class StatRow:
    """A member's record in one game: ``best_score`` is the highest, ``lowest_score`` the
    lowest (the best in a game where low scores win)."""

    game: str
    games: int
    wins: int
    draws: int
    points: int
    best_score: int
    lowest_score: int
