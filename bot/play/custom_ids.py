"""custom_id grammar for every Parlour component. All state a click needs is in its custom_id
(guild, table, version, action), so buttons keep working after a restart and no View holds state.

    pl:a:<guild>:<table>:<version>:<token>   an action button
    pl:s:<guild>:<table>:<version>:<n>       an action select (its values are action tokens)
    pl:w:<guild>:<table>:<since>:<token>     a move on a clock (a State.clock's seats' choice), good
                                             for as long as the clock that began at version
                                             <since> runs, however many moves others make meanwhile
    pl:c:<guild>:<table>:<version>:<n>       the n-th select of cards for a pick (State.pick): the
                                             choice so far is in the pick's button, nowhere else
    pl:l:<guild>:<table>:<verb>              a lobby button (join, leave, computer, easy, hard, start, cancel)
    pl:q:<guild>:<table>:<what>              a learner's question, answered to them alone: "hint" (what
                                             the computer would play for their seat now, and why) or
                                             "why" (a select of the cards they may not play now: why not)
    pl:h:<guild>:<table>                     "My hand"
    pl:t:<guild>:<table>:<verb>              a table button for a game of rounds (join, leave, end,
                                             stay, next): requests any seated player or newcomer may make;
                                             and "rematch" under a finished table's result
    pl:r:<guild>:<table>:<verb>:<moment>:<seat>
                                             the replay of an ended game (bot/show/replays/): "open" a
                                             viewer (a new message to the asker alone), "go" show
                                             <moment> in it ("first" and "last" too: ⏮ and ⏭, whose
                                             ids must differ from ◀'s and ▶'s), "jump" a select of
                                             moments, "seat" a select of whose hand is drawn, "post"
                                             the moment in the channel, "record" the game's record as
                                             a file, "animate" the round
                                             and "animate_game" the game as one animated picture; <seat>
                                             is whose hand is drawn, "-" for the seat to move
    pl:y:<guild>:<member>:<page>:<game>      a page of /history: <member>'s games, <game> one game's
                                             key or "-" for every game

Numbers are base 36 to stay well inside Discord's 100 characters. The guild is carried because
hand controls are also clicked in DMs, where an interaction has no guild.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "pl:"
LOBBY_VERBS = ("join", "leave", "computer", "easy", "hard", "start", "cancel")
QUESTIONS = ("hint", "why")
TABLE_VERBS = ("join", "leave", "end", "stay", "next", "rematch")
REPLAY_VERBS = ("open", "go", "first", "last", "jump", "seat", "post", "record", "animate", "animate_game")
_GAME = re.compile(r"[a-z][a-z0-9_-]{0,39}|-")  # a registry key ("fan-tan"), or "-" for every game
_B36 = re.compile(r"[0-9a-z]{1,14}")
_TOKEN = re.compile(r"[!-~]{1,40}")  # printable ASCII, no spaces: what game tokens are made of


def b36(n: int) -> str:
    if n < 0:
        raise ValueError("ids are not negative")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def unb36(text: str) -> int:
    if not _B36.fullmatch(text):
        raise ValueError(f"not an id: {text!r}")
    return int(text, 36)


class BadCustomId(ValueError):
    """A custom_id that is not one of ours, or is damaged."""


@dataclass(frozen=True)
class ActionRef:
    guild_id: int
    table_id: int
    version: int
    token: str  # the action, or for a select its index ("0", "1", …)
    select: bool = False
    clock: bool = False  # a clock move: ``version`` is the clock's start (see ``window``)


@dataclass(frozen=True)
class PickRef:
    guild_id: int
    table_id: int
    version: int
    index: int


@dataclass(frozen=True)
class LobbyRef:
    guild_id: int
    table_id: int
    verb: str


@dataclass(frozen=True)
class HandRef:
    guild_id: int
    table_id: int


@dataclass(frozen=True)
class TableRef:
    guild_id: int
    table_id: int
    verb: str


@dataclass(frozen=True)
class AskRef:
    guild_id: int
    table_id: int
    what: str  # one of QUESTIONS


@dataclass(frozen=True)
class ReplayRef:
    guild_id: int
    table_id: int
    verb: str  # one of REPLAY_VERBS
    moment: int  # the number of moves made by then (0: the deal)
    seat: int | None  # whose hand is drawn; None: the seat to move (or the last to have moved)


@dataclass(frozen=True)
class HistoryRef:
    guild_id: int
    member_id: int
    page: int  # 0 is the newest games
    game: str | None  # one game's key, or None for every game


Ref = ActionRef | PickRef | LobbyRef | HandRef | TableRef | AskRef | ReplayRef | HistoryRef


def action(guild_id: int, table_id: int, version: int, token: str) -> str:
    if not _TOKEN.fullmatch(token):
        raise ValueError(f"token not fit for a custom_id: {token!r}")
    return f"{PREFIX}a:{b36(guild_id)}:{b36(table_id)}:{b36(version)}:{token}"


def select(guild_id: int, table_id: int, version: int, index: int) -> str:
    return f"{PREFIX}s:{b36(guild_id)}:{b36(table_id)}:{b36(version)}:{index}"


def clock(guild_id: int, table_id: int, since: int, token: str) -> str:
    return action(guild_id, table_id, since, token).replace(f"{PREFIX}a:", f"{PREFIX}w:", 1)


def pick(guild_id: int, table_id: int, version: int, index: int) -> str:
    return f"{PREFIX}c:{b36(guild_id)}:{b36(table_id)}:{b36(version)}:{index}"


def lobby(guild_id: int, table_id: int, verb: str) -> str:
    if verb not in LOBBY_VERBS:
        raise ValueError(f"unknown lobby verb {verb!r}")
    return f"{PREFIX}l:{b36(guild_id)}:{b36(table_id)}:{verb}"


def hand(guild_id: int, table_id: int) -> str:
    return f"{PREFIX}h:{b36(guild_id)}:{b36(table_id)}"


def ask(guild_id: int, table_id: int, what: str) -> str:
    if what not in QUESTIONS:
        raise ValueError(f"unknown question {what!r}")
    return f"{PREFIX}q:{b36(guild_id)}:{b36(table_id)}:{what}"


def table(guild_id: int, table_id: int, verb: str) -> str:
    if verb not in TABLE_VERBS:
        raise ValueError(f"unknown table verb {verb!r}")
    return f"{PREFIX}t:{b36(guild_id)}:{b36(table_id)}:{verb}"


def replay(guild_id: int, table_id: int, verb: str, moment: int = 0, seat: int | None = None) -> str:
    if verb not in REPLAY_VERBS:
        raise ValueError(f"unknown replay verb {verb!r}")
    return f"{PREFIX}r:{b36(guild_id)}:{b36(table_id)}:{verb}:{b36(moment)}:{'-' if seat is None else b36(seat)}"


def history(guild_id: int, member_id: int, page: int, game: str | None = None) -> str:
    if game is not None and not _GAME.fullmatch(game):
        raise ValueError(f"not a game's key: {game!r}")
    return f"{PREFIX}y:{b36(guild_id)}:{b36(member_id)}:{b36(page)}:{game or '-'}"


def parse(custom_id: str) -> Ref:
    """Read a custom_id; BadCustomId if it is not a well-formed Parlour id."""
    if not isinstance(custom_id, str) or not custom_id.startswith(PREFIX) or len(custom_id) > 100:
        raise BadCustomId("not a Parlour control")
    kind, _, rest = custom_id[len(PREFIX):].partition(":")
    try:
        if kind in ("a", "s", "w", "c"):
            guild, table, version, token = rest.split(":", 3)
            if kind in ("s", "c") and not (token.isdigit() and len(token) < 3):
                raise ValueError("select index")
            if not _TOKEN.fullmatch(token):
                raise ValueError("token")
            if kind == "c":
                return PickRef(unb36(guild), unb36(table), unb36(version), int(token))
            return ActionRef(unb36(guild), unb36(table), unb36(version), token, select=kind == "s", clock=kind == "w")
        if kind in ("l", "t", "q"):
            guild, table_id, verb = rest.split(":")
            if verb not in {"l": LOBBY_VERBS, "t": TABLE_VERBS, "q": QUESTIONS}[kind]:
                raise ValueError("verb")
            if kind == "q":
                return AskRef(unb36(guild), unb36(table_id), verb)
            ref = LobbyRef if kind == "l" else TableRef
            return ref(unb36(guild), unb36(table_id), verb)
        if kind == "h":
            guild, table_id = rest.split(":")
            return HandRef(unb36(guild), unb36(table_id))
        if kind == "r":
            guild, table_id, verb, moment, seat = rest.split(":")
            if verb not in REPLAY_VERBS:
                raise ValueError("verb")
            return ReplayRef(unb36(guild), unb36(table_id), verb, unb36(moment), None if seat == "-" else unb36(seat))
        if kind == "y":
            guild, member, page, game = rest.split(":")
            if not _GAME.fullmatch(game):
                raise ValueError("game")
            return HistoryRef(unb36(guild), unb36(member), unb36(page), None if game == "-" else game)
    except ValueError:
        pass
    raise BadCustomId("this control is damaged or from an older version of Parlour")
