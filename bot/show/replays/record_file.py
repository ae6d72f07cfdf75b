"""An ended game's record as a file to share: a documented, versioned JSON (``docs/record-format.md``).

``build`` makes the document from the store's row and action log, ``dumps`` writes it (UTF-8 JSON,
one seat or move a line, keys in a fixed order), ``loads`` reads one back and checks all of it: the
format and its version, every field's type, the game, and every move replayed through the rules,
so a file it accepts replays to the result it says. Anything wrong is a ``RecordError`` in one
plain sentence. ``moments_of`` gives the game's moments (``moments.py``) and ``story`` tells it
in words, as ``python -m bot replay FILE`` prints it.

The file is meant to be shared: it names seats as the table named them and holds no Discord id.
A finished game hides nothing, so the moves' tokens (which name cards) are in it; a game still
being played is refused.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import cache
from importlib import metadata
from typing import Any, Literal, TypedDict, cast

from bot.show.results import headline, repeats
from bot.store.rows import ActionRow, Seat, TableRow
from games import registry
from games.core.base import Outcome, Rules, State, name_players
from games.core.errors import BadOptions, IllegalAction, UnknownGame
from games.core.stakes import UNITS

from .moments import Moments

FORMAT = "parlour-game-record"
VERSION = 1  # the format version this Parlour writes and the newest it reads

Kind = Literal["member", "computer"]
Level = Literal["normal", "easy", "hard"]
Status = Literal["finished", "ended"]

# Who made a move that no seat's member or computer made: a timer, a clock, the break between rounds.
THE_TABLE = "the table"
# ActionRow.source values (bot/play/tables.py's ActionSource) for a move the table made for a seat.
TABLE_SOURCES = ("timeout", "clock")
RESIGNED_SUFFIX = " (computer)"  # what Tables.resign adds to the name of a seat the computer took over


class RecordError(ValueError):
    """A record that cannot be made or read; its message is one plain sentence for a person."""


class SeatDoc(TypedDict):
    seat: int  # from 0, the seat's place in ``seats``
    name: str  # as the table named it
    kind: Kind
    level: Level | None  # a computer's level; None for a member
    resigned: bool  # a member who resigned: the computer played the seat after that


class MoveDoc(TypedDict):
    number: int  # from 1: the moment the move made
    seat: int
    token: str  # the move as the rules name it (games/core/actions.py)
    by: str  # who made it, in words: the seat's name (or a member's), or "the table"
    source: str  # how: click, computer, timeout, clock, table, join (bot/play/tables.py)
    at: str  # ISO 8601, UTC


class ResultDoc(TypedDict):
    scores: list[int]  # by seat
    winners: list[int]  # seats; empty for a draw
    sides: list[list[int]]  # partnerships; empty where every seat plays for itself
    detail: str  # the game's own account, names filled in
    headline: str  # who won, by how much (bot/show/results.py), in plain text


class RecordDoc(TypedDict):
    format: str
    version: int
    parlour: str | None  # the Parlour that wrote it
    game: str  # the registry's key
    title: str
    table: int
    status: Status
    practice: bool
    opened: str  # ISO 8601, UTC: when the table was opened
    finished: str | None  # ISO 8601, UTC: when it ended
    unit: str  # the server's money unit for amounts in lines: dollars, cents or points
    players: int  # the seats the game started with (a game played round after round may seat more)
    options: dict[str, Any]
    seed: int
    deck: list[str] | None  # a stacked first deck (tests); almost always None
    seats: list[SeatDoc]
    result: ResultDoc | None  # None for a table ended before its game was over
    moves: list[MoveDoc]


DOC_KEYS: tuple[str, ...] = tuple(RecordDoc.__annotations__)
SEAT_KEYS: tuple[str, ...] = tuple(SeatDoc.__annotations__)
MOVE_KEYS: tuple[str, ...] = tuple(MoveDoc.__annotations__)
RESULT_KEYS: tuple[str, ...] = tuple(ResultDoc.__annotations__)


# -- writing -----------------------------------------------------------------------------------

@cache
def parlour_version() -> str | None:
    """The installed Parlour's version (pyproject.toml's), or None when it is run uninstalled."""
    try:
        return metadata.version("parlour")
    except metadata.PackageNotFoundError:
        return None


def iso(at: float) -> str:
    """A time as ISO 8601 in UTC to the millisecond: ``2026-11-29T12:07:06.123Z``."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def plain(text: str) -> str:
    """Discord's bold marks taken out: the file is plain text."""
    return text.replace("**", "")


def build(row: TableRow, actions: Sequence[ActionRow], unit: str) -> RecordDoc:
    """The record of an ended table (finished, or ended early by /table end) from its stored row
    and its action log (``GuildStore.actions``); ``unit`` is the server's money unit. RecordError
    for a table still in its lobby or being played, or whose log does not match its record."""
    if row.status not in ("finished", "cancelled") or row.record is None:
        raise RecordError(f"Table #{row.id} has no record to download: only a game that has ended has one.")
    try:
        rules = registry.get(row.game)
    except UnknownGame:
        raise RecordError(f"Table #{row.id} is of a game this Parlour does not have ('{row.game}').") from None
    record = row.record
    state = rules.from_record(record)
    names = [seat.name for seat in row.seats]
    logged = {action.version: action for action in actions if action.table_id == row.id}
    resigned = {int(m) for m in row.extra.get("resigned", [])}
    moves: list[MoveDoc] = []
    for number, (seat, token) in enumerate(state.history, start=1):
        action = logged.get(number)
        if action is None or action.seat != seat or action.token != token:
            raise RecordError(f"Table #{row.id}'s action log does not match its record at move {number}.")
        moves.append(MoveDoc(number=number, seat=seat, token=token, by=_by(action, row.seats, resigned),
                             source=action.source, at=iso(action.at)))
    return RecordDoc(
        format=FORMAT,
        version=VERSION,
        parlour=parlour_version(),
        game=rules.key,
        title=rules.title,
        table=row.id,
        status="finished" if row.status == "finished" else "ended",
        practice=bool(row.extra.get("practice")),
        opened=iso(row.created_at),
        finished=None if row.finished_at is None else iso(row.finished_at),
        unit=unit,
        players=int(record["players"]),
        options=dict(sorted(dict(record.get("options") or {}).items())),
        seed=int(record["seed"]),
        deck=None if record.get("deck") is None else [str(c) for c in record["deck"]],
        seats=[_seat_doc(n, seat, resigned) for n, seat in enumerate(row.seats)],
        result=None if state.outcome is None else _result_doc(state, state.outcome, names, unit),
        moves=moves,
    )


def _seat_doc(number: int, seat: Seat, resigned: set[int]) -> SeatDoc:
    return SeatDoc(seat=number, name=seat.name, kind="computer" if seat.ai else "member",
                   level=seat.level if seat.ai else None,
                   resigned=seat.member_id is not None and seat.member_id in resigned)


def _member_name(seat: Seat, resigned: set[int]) -> str:
    """A member's own name: a resigned member's seat is named for the computer that took it over."""
    if seat.member_id in resigned and seat.name.endswith(RESIGNED_SUFFIX):
        return seat.name[: -len(RESIGNED_SUFFIX)]
    return seat.name


def _by(action: ActionRow, seats: Sequence[Seat], resigned: set[int]) -> str:
    """Who made a move, in words: the member who clicked (their seat's name), the seat's computer,
    or the table (a time-out, a clock, the break between rounds)."""
    if action.source in TABLE_SOURCES:
        return THE_TABLE
    if action.actor_id is not None:
        for seat in seats:
            if seat.member_id == action.actor_id:
                return _member_name(seat, resigned)
    if action.source == "computer" and action.seat < len(seats):
        return seats[action.seat].name
    return THE_TABLE


def _result_doc(state: State, outcome: Outcome, names: Sequence[str], unit: str) -> ResultDoc:
    return ResultDoc(
        scores=[int(s) for s in outcome.scores],
        winners=sorted(outcome.winners),
        sides=[list(side) for side in outcome.sides],
        detail=name_players(outcome.detail, names, unit),
        headline=plain(headline(outcome, names, state.rules.score_unit, unit)),
    )


def dumps(doc: RecordDoc) -> bytes:
    """The record as UTF-8 JSON: keys in the format's order, a seat or a move a line, so that the
    same record is always the same bytes and a person can read it."""

    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)

    def item(value: Mapping[str, Any], keys: tuple[str, ...]) -> str:
        return one({key: value[key] for key in keys})

    def lines(values: Sequence[Mapping[str, Any]], keys: tuple[str, ...]) -> str:
        if not values:
            return "[]"
        return "[\n" + ",\n".join("    " + item(v, keys) for v in values) + "\n  ]"

    parts: list[str] = []
    for key in DOC_KEYS:
        value: Any = cast(Mapping[str, Any], doc)[key]
        if key == "seats":
            text = lines(value, SEAT_KEYS)
        elif key == "moves":
            text = lines(value, MOVE_KEYS)
        elif key == "result" and value is not None:
            text = "{\n" + ",\n".join(f"    {one(k)}: {one(value[k])}" for k in RESULT_KEYS) + "\n  }"
        elif key == "options":
            text = one(dict(sorted(value.items())))
        else:
            text = one(value)
        parts.append(f"  {one(key)}: {text}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode("utf-8")


def file_name(doc: RecordDoc) -> str:
    """The name a downloaded record goes by: ``parlour-fosco-table-12.json``."""
    return f"parlour-{doc['game']}-table-{doc['table']}.json"


# -- reading -----------------------------------------------------------------------------------

def damaged(problem: str) -> RecordError:
    return RecordError(f"This record is damaged: {problem}.")


def _kind_of(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true or false"
    return {int: "a whole number", float: "a number", str: "text", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


class _Fields:
    """Reads one JSON object's fields, each checked for its type, saying where a problem is."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise damaged(f"{where} should be an object, not {_kind_of(data)}")
        self.data: dict[str, Any] = data
        self.where = where

    def need(self, key: str) -> object:
        if key not in self.data:
            raise damaged(f"{self._name(key)} is missing")
        return self.data[key]

    def _name(self, key: str) -> str:
        return f"'{key}'" if not self.where else f"the '{key}' of {self.where}"

    def _wrong(self, key: str, want: str) -> RecordError:
        return damaged(f"{self._name(key)} should be {want}, not {_kind_of(self.data[key])}")

    def whole(self, key: str, least: int | None = None) -> int:
        value = self.need(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(key, "a whole number")
        if least is not None and value < least:
            raise damaged(f"{self._name(key)} should be at least {least}, not {value}")
        return value

    def text(self, key: str) -> str:
        value = self.need(key)
        if not isinstance(value, str):
            raise self._wrong(key, "text")
        return value

    def text_or_none(self, key: str) -> str | None:
        return None if self.need(key) is None else self.text(key)

    def flag(self, key: str) -> bool:
        value = self.need(key)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def one_of(self, key: str, choices: tuple[str, ...]) -> str:
        value = self.need(key)
        if value not in choices:
            said = " or ".join(f"'{c}'" for c in choices)
            raise damaged(f"{self._name(key)} should be {said}, not {json.dumps(value)[:40]}")
        return str(value)

    def time(self, key: str) -> str:
        value = self.text(key)
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise damaged(f"{self._name(key)} should be a time (ISO 8601), not '{value[:40]}'") from None
        return value

    def time_or_none(self, key: str) -> str | None:
        return None if self.need(key) is None else self.time(key)

    def items(self, key: str) -> list[Any]:
        value = self.need(key)
        if not isinstance(value, list):
            raise self._wrong(key, "a list")
        return value

    def wholes(self, key: str) -> list[int]:
        values = self.items(key)
        if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
            raise damaged(f"{self._name(key)} should list whole numbers")
        return [int(v) for v in values]

    def obj(self, key: str) -> dict[str, Any]:
        value = self.need(key)
        if not isinstance(value, dict):
            raise self._wrong(key, "an object")
        return value


def loads(data: bytes) -> RecordDoc:
    """A record read back from its file, every field checked and every move replayed through the
    game's rules; RecordError, in one sentence, for anything that is not a whole, readable record
    of this format version or older. Fields a newer writer added are left out."""
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError("This file is not a Parlour game record: it is not JSON.") from None
    if not isinstance(parsed, dict) or parsed.get("format") != FORMAT:
        raise RecordError("This file is not a Parlour game record.")
    top = _Fields(parsed, "")
    version = top.whole("version", least=1)
    if version > VERSION:
        reads = f"format {VERSION}" if VERSION == 1 else f"formats 1 to {VERSION}"
        raise RecordError(f"This record was written by a newer Parlour (format {version}); this Parlour reads "
                          f"{reads}. Update Parlour to open it.")
    key = top.text("game")
    try:
        rules = registry.get(key)
    except UnknownGame:
        raise RecordError(f"This record is of a game this Parlour does not know ('{key[:40]}'): a newer Parlour "
                          "may know it.") from None
    doc = RecordDoc(
        format=FORMAT,
        version=version,
        parlour=top.text_or_none("parlour"),
        game=key,
        title=top.text("title"),
        table=top.whole("table", least=0),
        status=cast(Status, top.one_of("status", ("finished", "ended"))),
        practice=top.flag("practice"),
        opened=top.time("opened"),
        finished=top.time_or_none("finished"),
        unit=top.one_of("unit", UNITS),
        players=top.whole("players", least=1),
        options=top.obj("options"),
        seed=top.whole("seed"),
        deck=_deck(top),
        seats=[_read_seat(n, s) for n, s in enumerate(top.items("seats"))],
        result=None if top.need("result") is None else _read_result(top.obj("result")),
        moves=[_read_move(n, m) for n, m in enumerate(top.items("moves"), start=1)],
    )
    _replay(rules, doc)
    return doc


def _deck(top: _Fields) -> list[str] | None:
    if top.need("deck") is None:
        return None
    cards = top.items("deck")
    if not all(isinstance(c, str) for c in cards):
        raise damaged("'deck' should list cards as text")
    return [str(c) for c in cards]


def _read_seat(number: int, data: object) -> SeatDoc:
    seat = _Fields(data, f"seat {number}")
    if seat.whole("seat") != number:
        raise damaged(f"seat {number} is numbered {seat.data['seat']}")
    kind = cast(Kind, seat.one_of("kind", ("member", "computer")))
    level = None if kind == "member" else cast(Level, seat.one_of("level", ("normal", "easy", "hard")))
    return SeatDoc(seat=number, name=seat.text("name"), kind=kind, level=level, resigned=seat.flag("resigned"))


def _read_move(number: int, data: object) -> MoveDoc:
    move = _Fields(data, f"move {number}")
    if move.whole("number") != number:
        raise damaged(f"move {number} is numbered {move.data['number']}")
    return MoveDoc(number=number, seat=move.whole("seat", least=0), token=move.text("token"), by=move.text("by"),
                   source=move.text("source"), at=move.time("at"))


def _read_result(data: dict[str, Any]) -> ResultDoc:
    result = _Fields(data, "the result")
    sides = result.items("sides")
    if any(not isinstance(side, list) or any(isinstance(s, bool) or not isinstance(s, int) for s in side)
           for side in sides):
        raise damaged("the result's 'sides' should be lists of seats")
    return ResultDoc(scores=result.wholes("scores"), winners=result.wholes("winners"),
                     sides=[[int(s) for s in side] for side in sides], detail=result.text("detail"),
                     headline=result.text("headline"))


def _record(doc: RecordDoc) -> dict[str, Any]:
    """The document as the rules' record (``State.to_record``)."""
    return {"key": doc["game"], "players": doc["players"], "seed": doc["seed"], "options": doc["options"],
            "deck": doc["deck"], "actions": [[m["seat"], m["token"]] for m in doc["moves"]]}


def _replay(rules: Rules, doc: RecordDoc) -> None:
    """Every move replayed: a move the rules refuse, or a result the moves do not reach, is damage."""
    try:
        state = rules.new_game(doc["players"], doc["seed"], doc["options"], doc["deck"])
    except BadOptions as err:
        raise damaged(f"its game cannot be set up ({_clause(str(err))})") from None
    except Exception:  # a stacked deck the rules cannot deal, or the like
        raise damaged("its game cannot be set up from its seed, options and deck") from None
    for move in doc["moves"]:
        try:
            state = state.apply(move["seat"], move["token"])
        except IllegalAction as err:
            raise damaged(f"move {move['number']} is not a legal move ({_clause(str(err))})") from None
        except Exception:
            raise damaged(f"move {move['number']} cannot be played") from None
    if len(doc["seats"]) != state.players:
        raise damaged(f"it names {len(doc['seats'])} seats but its game has {state.players}")
    outcome = state.outcome
    if doc["status"] == "finished" and outcome is None:
        raise damaged("it says the game finished, but its moves do not finish it")
    if outcome is None:
        if doc["result"] is not None:
            raise damaged("it gives a result, but its moves do not finish the game")
        return
    result = doc["result"]
    if result is None or (result["scores"], result["winners"], result["sides"]) != (
            [int(s) for s in outcome.scores], sorted(outcome.winners), [list(s) for s in outcome.sides]):
        raise damaged("its result is not the one its moves reach")


def _clause(text: str) -> str:
    """A sentence made a clause inside another: no final stop."""
    return " ".join(text.split()).rstrip(".")


# -- replaying and telling ---------------------------------------------------------------------

def moments_of(doc: RecordDoc) -> Moments:
    """The game's moments, replayed from a document ``build`` made or ``loads`` accepted."""
    return Moments(registry.get(doc["game"]), _record(doc), [s["name"] for s in doc["seats"]], doc["unit"])


def _when(at: str, seconds: bool = False) -> str:
    return datetime.fromisoformat(at).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC" if seconds else
                                                               "%Y-%m-%d %H:%M UTC")


def _names_and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def header(doc: RecordDoc) -> list[str]:
    """What the story opens with: the game, the table, the players and the dates."""
    def who(seat: SeatDoc) -> str:
        name = seat["name"]
        if seat["resigned"]:
            name = name.removesuffix(RESIGNED_SUFFIX)
            return f"{name} (resigned; the computer played on)"
        if seat["kind"] == "computer" and "computer" not in name.lower():
            return f"{name} (computer)"
        return name

    kind = " (practice)" if doc["practice"] else ""
    ended = "finished" if doc["status"] == "finished" else "ended before the game was over"
    opened = _when(doc["opened"])
    when = f"Opened {opened}" + (f"; {ended} {_when(doc['finished'])}" if doc["finished"] else f"; {ended}")
    moves = len(doc["moves"])
    return [f"{doc['title']}, table #{doc['table']}{kind}",
            f"Players: {_names_and([who(s) for s in doc['seats']]) if doc['seats'] else 'none'}",
            f"{when}; {moves} move{'' if moves == 1 else 's'}."]


def story(doc: RecordDoc, moments: Moments | None = None) -> list[str]:
    """The game told in words, as ``python -m bot replay`` prints it: the header, then each
    round's heading and each move's lines numbered by move, then the result."""
    moments = moments_of(doc) if moments is None else moments
    said = [*header(doc), ""]
    starts = {r.start: r for r in moments.rounds()}
    ends = {r.end for r in moments.rounds() if r.end is not None}

    def heading(moment: int) -> None:
        found = starts[moment]
        said.append(f"Round {found.number}" if len(starts) > 1 else "The game")

    for moment in range(moments.last + 1):
        later = moment in starts and moment in ends and moment > 0  # scored and dealt in one move
        if moment in starts and not later:
            heading(moment)
        said.extend(_move_lines(doc, moments, moment))
        if later:
            heading(moment)
    said.append("")
    result = doc["result"]
    if result is None:
        said.append("The table was ended before the game was over: no result.")
    else:
        said.append(f"Result: {result['headline']}.")
        if result["detail"] and not repeats(result["headline"], result["detail"]):
            said.append(result["detail"])
    return said


def _move_lines(doc: RecordDoc, moments: Moments, moment: int) -> list[str]:
    """A moment's lines in words, numbered by its move (the deal's are not numbered)."""
    lines = moments.lines(moment)
    if moment == 0:
        return [f"      {line}" for line in lines]
    move = doc["moves"][moment - 1]
    if not lines:
        lines = [f"{move['by']}: {move['token']}"]
    if move["source"] in TABLE_SOURCES:
        lines[0] += " (time ran out: the table moved)"
    return [f"{moment:4}. {lines[0]}", *(f"      {line}" for line in lines[1:])]


def moment_told(doc: RecordDoc, moments: Moments, moment: int) -> list[str]:
    """One moment in words: the header, which move made it (and when), its lines, and every hand
    then (a finished game hides nothing)."""
    moment = moments.clamp(moment)
    found = moments.round_at(moment)
    where = "" if found is None or len(moments.rounds()) < 2 else f", in round {found.number}"
    if moment == 0:
        what = f"Moment 0 of {moments.last}: the deal{where}."
    else:
        move = doc["moves"][moment - 1]
        when = _when(move["at"], seconds=True)
        what = f"Moment {moment} of {moments.last}: move {moment}, by {move['by']} at {when}{where}."
    said = [*header(doc), "", what, *_move_lines(doc, moments, moment)]
    hands = moments.hands(moment)
    if hands:
        said.append("Hands:")
        said.extend(f"      {seen.name}: {' '.join(seen.cards) or '(none)'}" for seen in hands)
    waiting = [doc["seats"][seat]["name"] for seat in moments.to_move(moment)]
    if waiting:
        said.append(f"To move: {_names_and(waiting)}.")
    return said
