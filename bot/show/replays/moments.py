"""An ended game's moments, replayed from its record: moment 0 is the deal, moment n the table
after its n-th move. The rules make every moment (``Rules.from_record`` move by move), so the
replay shows exactly what was played; states are kept as they are made, so stepping back and
forth replays nothing twice.

A replay hides nothing: the game is over, so every hand may be named (the viewer, the record's
story and the animated summary all read them here). Nothing here may be used for a game still
being played: ``bot/show/replays/access.py`` refuses those before a ``Moments`` is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import cards
from games.core.base import Event, Rules, State, name_players
from games.core.views import TableView, shared


@dataclass(frozen=True)
class Round:
    """One round (hand, deal) of the game: the moment it was dealt and the moment it was scored
    (None for a round the game ended in before scoring it, such as a table ended early)."""

    number: int  # from 1
    start: int
    end: int | None


@dataclass(frozen=True)
class Seen:
    """One seat's hand at a moment, in words: its name and its cards (short labels, in the
    game's order)."""

    seat: int
    name: str
    cards: tuple[str, ...]


class Moments:
    """The moments of one ended game. ``names`` are its seats' names (seats that joined later
    included), ``unit`` the server's money unit for lines that mention amounts."""

    def __init__(self, rules: Rules, record: Mapping[str, Any], names: Sequence[str], unit: str = "dollars") -> None:
        self.rules = rules
        self.names = list(names)
        self.unit = unit
        self.moves: list[tuple[int, str]] = [(int(seat), str(tok)) for seat, tok in record.get("actions", [])]
        first = rules.new_game(record["players"], record["seed"], record.get("options") or {}, record.get("deck"))
        self._states: list[State] = [first]
        self._rounds: list[Round] | None = None

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def last(self) -> int:
        """The last moment: the number of moves made."""
        return len(self.moves)

    def clamp(self, moment: int) -> int:
        return max(0, min(moment, self.last))

    def state(self, moment: int) -> State:
        """The table after ``moment`` moves (clamped to the game)."""
        moment = self.clamp(moment)
        while len(self._states) <= moment:
            seat, tok = self.moves[len(self._states) - 1]
            self._states.append(self._states[-1].apply(seat, tok))
        return self._states[moment]

    @property
    def final(self) -> State:
        return self.state(self.last)

    def view(self, moment: int, seat: int | None) -> TableView:
        """What ``seat`` saw at ``moment`` (None: the table as onlookers saw it), named as the bot
        names its views for the pictures."""
        view = self.state(moment).view(seat)
        view["names"] = self.names
        view["unit"] = self.unit
        return view

    def text(self, line: str) -> str:
        return name_players(line, self.names, self.unit)

    def events(self, moment: int) -> tuple[Event, ...]:
        """The lines the move to ``moment`` added to the game's log (the deal's, for moment 0)."""
        moment = self.clamp(moment)
        before = 0 if moment == 0 else len(self.state(moment - 1).log)
        return self.state(moment).log[before:]

    def lines(self, moment: int) -> list[str]:
        """The move's lines in words, cards turned up for all at that moment included."""
        said: list[str] = []
        for event in self.events(moment):
            said.append(self.text(event.text))
            if event.shown:
                said.append(self.text(event.shown))
        return said

    def mover(self, moment: int) -> int | None:
        """The seat whose move made ``moment`` (None for the deal)."""
        moment = self.clamp(moment)
        return None if moment == 0 else self.moves[moment - 1][0]

    def to_move(self, moment: int) -> list[int]:
        return sorted(self.state(moment).to_move)

    def focus(self, moment: int, asked: int | None = None) -> int | None:
        """Whose hand the moment's picture draws: the seat asked for; else the one seat to move;
        else the seat that just moved; else the first. None where nothing is dealt to hands."""
        if self.rules.open_play:
            return None
        players = self.state(moment).players
        if asked is not None and 0 <= asked < players:
            return asked
        waiting = self.to_move(moment)
        if len(waiting) == 1:
            return waiting[0]
        mover = self.mover(moment)
        if mover is not None and mover < players:
            return mover
        return waiting[0] if waiting else 0

    def hands(self, moment: int) -> list[Seen]:
        """Every seat's hand at ``moment``, in words: empty where nothing is dealt to hands, or
        where the hands are played face up (the table's picture shows them all)."""
        state = self.state(moment)
        if self.rules.open_play or "hands" in state.view(None):
            return []
        family = self.rules.card_order.family
        seen: list[Seen] = []
        for seat in range(state.players):
            held = shared(state.view(seat)).get("hand") or []
            named = [cards.short(c, family) for c in self.rules.sort_cards(held) if cards.is_card(c, family)]
            name = self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"
            seen.append(Seen(seat, name, tuple(named)))
        return seen

    def rounds(self) -> list[Round]:
        """The game's rounds, from its first deal to its end. A round is scored at the moment the
        count of scored rounds grows; the next is dealt then, or, in a game that waits between
        rounds, at the first moment after that it is not waiting."""
        if self._rounds is None:
            found: list[Round] = []
            start: int | None = 0
            scored = self.state(0).rounds_scored
            for moment in range(1, self.last + 1):
                state = self.state(moment)
                dealing = not state.between_rounds and not state.is_over
                if state.rounds_scored > scored:
                    scored = state.rounds_scored
                    found.append(Round(len(found) + 1, moment if start is None else start, moment))
                    start = moment if dealing else None  # dealt at once, or after the wait between rounds
                elif start is None and dealing:
                    start = moment
            if start is not None and (not found or start > (found[-1].end or 0) or not self.final.is_over):
                # a round not scored: the game ended in it (its end), or the table was ended during it
                found.append(Round(len(found) + 1, start, self.last if self.final.is_over else None))
            self._rounds = found
        return self._rounds

    def round_at(self, moment: int) -> Round | None:
        """The round being played at ``moment`` (the one just scored, at its scoring moment)."""
        moment = self.clamp(moment)
        at: Round | None = None
        for found in self.rounds():
            if found.start <= moment:
                at = found
            if found.end is not None and found.start <= moment <= found.end:
                return found
        return at
