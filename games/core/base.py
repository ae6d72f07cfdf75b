"""The contract every game implements: its State and its Rules (with the Outcome, Event and Clock
they speak of; options, moves and teaching have their own modules).

States are immutable values. ``State.apply`` does the checking that is the same for every game
(whose turn, is the action legal, the game not over) and records the action; a game supplies
only what differs, in ``_legal`` and ``_apply``.
"""

from __future__ import annotations

import dataclasses
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple, Self, TypeVar, cast

from .actions import Action, Pick
from .cards import CardOrder
from .errors import BadOptions, IllegalAction
from .options import Option, OptionValue
from .stakes import Settlement, fill_money
from .teaching import Coaching, Example
from .views import OutcomeView, TableView

JSON = dict[str, Any]
VIEW_LOG_LINES = 10
# The tokens of a game played round after round (see State.between_rounds): play another round,
# end the game here, or deal a newcomer in for the next round.
NEXT_ROUND, END_GAME, JOIN = "next", "end", "join"


@dataclass(frozen=True)
class Outcome:
    """The result once a game is over. ``winners`` is empty for a draw. ``sides`` lists the
    partnerships (seats that win or lose together, sharing one score) in games played by sides;
    empty where every seat plays for itself."""

    scores: tuple[int, ...]
    winners: frozenset[int]
    detail: str
    sides: tuple[tuple[int, ...], ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> OutcomeView:
        data: OutcomeView = {"scores": list(self.scores), "winners": sorted(self.winners), "detail": self.detail}
        if self.sides:
            data["sides"] = [list(side) for side in self.sides]
        return data


class Event(NamedTuple):
    """A public log line. Notable ones (a capture, a scored coffin, a deal's result) are what a
    table channel posts; the rest only show in the view's recent log. ``shown`` is said in the
    channel with a notable line, at that moment only, and never kept in the view's log: cards
    turned up for all to see that may later go face down again (Bullshit's call). ``gist`` is what
    the line comes to, for a channel that tells many such lines in brief: lines with the same gist
    are counted together ("{p0} picks up the pile" twice)."""

    text: str
    notable: bool = False
    shown: str = ""
    gist: str = ""


@dataclass(frozen=True)
class Clock:
    """A short clock on some seats' open choices (Bullshit's challenge window): once
    ``seconds`` have passed since the action that made state version ``since``, the table plays
    each of ``seats`` still to move its ``registry.default_action``. Counted from that action, so a
    restart keeps the time that was left."""

    seats: frozenset[int]
    seconds: float
    since: int


def player(seat: int) -> str:
    """A placeholder for a seat's name in status and log lines; see :func:`name_players`."""
    return f"{{p{seat}}}"


T = TypeVar("T")


def replace_at(items: Sequence[T], index: int, item: T) -> tuple[T, ...]:
    """``items`` as a tuple with the one at ``index`` replaced (a seat's new hand, stack …)."""
    return tuple(item if i == index else old for i, old in enumerate(items))


class Leaders(NamedTuple):
    """Who is ahead on a set of scores: the ``best`` score, the seats on it (``top``), the
    ``winners`` (those seats, or none at all, a draw, when every seat is on it) and the top
    seats' names as a line writes them (``names``)."""

    best: int
    top: frozenset[int]
    winners: frozenset[int]
    names: str


def leaders(scores: Sequence[int], low: bool = False) -> Leaders:
    """The seats ahead on ``scores``: the highest, or the lowest where ``low`` scores win.
    Equal best scores share the win."""
    best = min(scores) if low else max(scores)
    top = frozenset(s for s, n in enumerate(scores) if n == best)
    winners = frozenset() if len(top) == len(scores) else top
    return Leaders(best, top, winners, " and ".join(player(s) for s in sorted(top)))


def name_players(text: str, names: Sequence[str], unit: str = "dollars") -> str:
    """Put player names in a line written with :func:`player` placeholders, and amounts written
    with :func:`games.core.stakes.money` placeholders in the guild's ``unit``."""
    named = re.sub(r"\{p(\d+)\}", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                   text)
    return fill_money(named, unit)


def default_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


@dataclass(frozen=True, kw_only=True, repr=False)
class State(ABC):
    """What every game's state shares. Subclasses add their own fields, stay frozen, and are
    declared with ``repr=False`` so that a state printed to a log never shows a hidden card."""

    rules: Rules
    players: int
    seed: int
    options: Mapping[str, OptionValue]
    deck: tuple[str, ...] | None = None
    history: tuple[tuple[int, str], ...] = ()
    log: tuple[Event, ...] = ()
    # Money moved between seats so far, one settlement a round (only games played for stakes).
    settlements: tuple[Settlement, ...] = ()
    # A picture-worthy account of each round as it ended (who went out, who paid what), for
    # games whose renderer draws one (its ``round_end(view, data)``); the table posts each once.
    round_ends: tuple[JSON, ...] = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.rules.key} players={self.players} moves={len(self.history)}>"

    # -- what a game supplies -------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now; empty once the game is over."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def _legal(self, seat: int) -> tuple[Action, ...]:
        """Legal actions for a seat that is in ``to_move``."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> Self:
        """The state after a legal action (history is added by ``apply``)."""

    @abstractmethod
    def _view(self, seat: int | None) -> Mapping[str, object]:
        """The game's own public data, and the viewer's private data, for ``view`` (a game returns
        its view's own part, a TypedDict)."""

    @abstractmethod
    def status(self, seat: int | None) -> str:
        """One line: whose turn it is and what is asked, or the result."""

    def why_illegal(self, seat: int, action: Action) -> str:
        """Why a well-formed action is not legal for a seat to move (games say more)."""
        return f"{action.label} is not a legal move now"

    def held(self, seat: int) -> tuple[str, ...]:
        """The cards ``seat`` may play from as the game stands (its hand, and in Manchester its
        face-up cards): what :meth:`why_not` speaks of. Empty where no one holds cards."""
        return ()

    def why_not(self, seat: int) -> dict[str, str]:
        """Each card in ``seat``'s :meth:`held` cards that it may not play now, with the rule that stops it in
        plain words (its ruling's number in brackets where one applies: "(F-6)"). Empty while the
        seat is not to move, or where every card it holds may go (or the move is not a card)."""
        return {}

    def coaching(self, seat: int) -> Coaching | None:
        """The kind of moment ``seat`` faces now, with a line for a newcomer; None where there is
        nothing to say (or the seat is not to move)."""
        return None

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        """Cards the viewer may not see right now (tests hold views to this)."""
        return frozenset()

    @property
    def rounds_scored(self) -> int:
        """How many rounds (hands, deals, coffins) have been scored so far: each one's end is told in
        every player's copy and posted in the channel. A game that scores rounds without a picture or
        a settlement counts them itself."""
        return len(self.round_ends) + len(self.settlements)

    @property
    def between_rounds(self) -> bool:
        """Whether a game played round after round (``Rules.open_ended``) is waiting between two
        rounds. Then the one seat in ``to_move`` answers for the table: ``NEXT_ROUND`` deals the
        next round, ``END_GAME`` ends the game here, and, while ``can_join``, ``JOIN`` adds a seat
        (numbered ``players``) for a newcomer who plays from the next round on."""
        return False

    @property
    def final_round(self) -> bool:
        """Whether the round being played is the game's last anyway (a set number of rounds)."""
        return False

    @property
    def can_join(self) -> bool:
        return self.between_rounds and self.rules.joinable and self.players < self.rules.max_players

    @property
    def clock(self) -> Clock | None:
        """The short clock running on some seats' choices now, if the game has one."""
        return None

    def pick(self, seat: int) -> Pick | None:
        """The seat's move made by choosing cards, where a game has one (see :class:`Pick`)."""
        return None

    def offered(self, seat: int) -> tuple[Action, ...]:
        """The moves shown one by one (as buttons): every legal move, but for those a ``pick``
        makes, which a game with a pick leaves out rather than list thousands of them."""
        return self.legal_actions(seat)

    def timed_out(self, seat: int) -> Action | None:
        """What the rules themselves make of a seat's time running out, where they say (Bullshit's
        call window: the play stands); None, and the game's computer player plays for the seat
        (``registry.default_action``)."""
        return None

    # -- shared behaviour -----------------------------------------------------------------
    def int_option(self, name: str) -> int:
        value = self.options[name]
        return int(value) if isinstance(value, int) else 0

    def str_option(self, name: str) -> str:
        return str(self.options[name])

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_move:
            return ()
        return self._remembered(("legal", seat), lambda: self._legal(seat))

    def _remembered(self, key: tuple[str, int], make: Callable[[], T]) -> T:
        """``make()``, worked out once per state: a state never changes, and the bot asks the same
        of it several times a move (its view, its controls, the move's check)."""
        memo: dict[tuple[str, int], Any] | None = self.__dict__.get("_memo")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        if key not in memo:
            memo[key] = make()
        return cast(T, memo[key])

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle of the state holds (sent to a worker): its fields, not what it remembered."""
        return {k: v for k, v in self.__dict__.items() if k != "_memo"}

    def apply(self, seat: int, action: Action | str) -> Self:
        act = self.rules.parse_action(action) if isinstance(action, str) else action
        if self.is_over:
            raise IllegalAction("the game is over")
        if not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat} at this table")
        if seat not in self.to_move:
            raise IllegalAction("it is not your turn")
        legal = self._match(seat, act)
        if legal is None:
            raise IllegalAction(self.why_illegal(seat, act))
        new = self._apply(seat, legal)
        return dataclasses.replace(new, history=self.history + ((seat, legal.token),))

    def _match(self, seat: int, action: Action) -> Action | None:
        """The legal action with ``action``'s token, or None. Games whose legal actions are too
        many to list at every move (every handful of cards from a big hand) check directly."""
        return next((legal for legal in self._legal(seat) if legal.token == action.token), None)

    def shared_view(self, seat: int | None) -> TableView:
        """What every game's view holds for ``seat`` (``None``: a spectator)."""
        legal = self.offered(seat) if seat is not None and seat in self.to_move else ()
        pick = self.pick(seat) if seat is not None and seat in self.to_move else None
        outcome = self.outcome
        return {
            "game": self.rules.key,
            "title": self.rules.title,
            "players": self.players,
            "viewer": seat,
            "version": len(self.history),
            "to_move": sorted(self.to_move),
            "over": outcome is not None,
            "status": self.status(seat),
            "log": [e.text for e in self.log[-VIEW_LOG_LINES:]],
            "legal": [{"token": a.token, "label": a.label} for a in legal],
            "pick": pick.to_json() if pick else None,
            "outcome": outcome.to_json() if outcome else None,
            "options": dict(self.options),
        }

    def view(self, seat: int | None) -> TableView:
        """Everything ``seat`` may see (``None``: a spectator), JSON-able: the shared part and the
        game's own. A game names its view's type by overriding this with its own return type
        (``-> FoscoView``), built as ``{**self.shared_view(seat), **self._view(seat)}``."""
        return cast(TableView, {**self.shared_view(seat), **self._view(seat)})

    def with_events(self, *lines: Event) -> tuple[Event, ...]:
        return self.log + lines

    def to_record(self) -> JSON:
        joined = sum(1 for _, tok in self.history if tok == JOIN)  # replay starts with the first seats
        return {
            "key": self.rules.key,
            "players": self.players - joined,
            "seed": self.seed,
            "options": dict(self.options),
            "deck": list(self.deck) if self.deck is not None else None,
            "actions": [[seat, tok] for seat, tok in self.history],
        }


@dataclass(frozen=True, kw_only=True, repr=False)
class TurnState(State):
    """A game where one seat moves at a time: ``turn`` is that seat until ``result`` is set."""

    turn: int = 0
    result: Outcome | None = None

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.result is not None else frozenset((self.turn,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result


class Rules(ABC):
    """A game: its description, its options, how to start it and how to read its tokens."""

    key: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    card_order: ClassVar[CardOrder] = CardOrder()
    # How the pictures draw this game's jokers: the standard pack's, or a game's own ("dracula").
    card_variant: ClassVar[str] = "standard"
    summary: ClassVar[str] = ""
    # The rules as players read them (/rules): our own words, with "Table ruling" marking what we
    # decided where the source is silent. Markdown, as Discord shows it.
    guide: ClassVar[str] = ""
    # Three short lines that open /rules: what the game is about, what a turn is, how it is won.
    quick_start: ClassVar[tuple[str, ...]] = ()
    # The options a practice table starts with unless the member chose otherwise: long enough to
    # learn from (a game that one lopsided deal can end is not).
    practice_options: ClassVar[Mapping[str, OptionValue]] = {}
    # Further sections of the guide, (title, text) each, shown after it (a game's rule sets).
    guide_parts: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Nothing is dealt to private hands: every seat sees the same table, so the moves can be made
    # on the table itself rather than from a hand.
    open_play: ClassVar[bool] = False
    # Played round after round until the table ends it (see State.between_rounds).
    open_ended: ClassVar[bool] = False
    # A newcomer may take a new seat between rounds.
    joinable: ClassVar[bool] = False
    # What outcome scores count: "points", or "money" (cents of the game's stakes, shown in the
    # guild's unit).
    score_unit: ClassVar[Literal["points", "money"]] = "points"
    # Whether the lowest score is the best (Busca): leaderboards and results read scores that way.
    low_scores_win: ClassVar[bool] = False
    # Other names the game goes by, each offered as a command of its own (Bullshit is also Cheat).
    aliases: ClassVar[tuple[str, ...]] = ()
    # Partners may talk freely during play (Conference): the table gives each partnership a
    # private place to talk that the other side cannot read.
    table_talk: ClassVar[bool] = False

    @property
    def rulings(self) -> str:
        """Where the project keeps this game's rules and numbered rulings (a path in the project):
        one document for each game, one for the whole tarot family."""
        return f"docs/rules/{'tarot' if self.card_order.family == 'tarot' else self.key}.md"

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def __repr__(self) -> str:
        return f"<Rules {self.key}>"

    @abstractmethod
    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> State: ...

    @abstractmethod
    def parse_action(self, token: str) -> Action:
        """The action a token names; IllegalAction if it is not one of this game's tokens."""

    def new_game(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None,
                 deck: Sequence[str] | None = None) -> State:
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            counts = " or ".join(str(n) for n in self.player_counts)
            raise BadOptions(f"{self.title} is played by {counts} players, not {players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions("the seed must be a whole number")
        resolved = self.resolve_options(options or {}, players)
        return self._new_game(players, seed, resolved, tuple(deck) if deck is not None else None)

    def resolve_options(self, options: Mapping[str, object], players: int) -> dict[str, OptionValue]:
        """Every option with its value checked and typed, defaults filled in."""
        known = {opt.name: opt for opt in self.options}
        for name in options:
            if name not in known:
                names = ", ".join(known) or "none"
                raise BadOptions(f"{self.title} has no option {name!r} (its options: {names})")
        resolved = {
            name: opt.coerce(options[name], players) if name in options else opt.default_for(players)
            for name, opt in known.items()
        }
        for opt in self.options:
            if opt.required and resolved[opt.name] != opt.default_for(players):
                other, wanted = opt.required
                if resolved[other] not in wanted:
                    raise BadOptions(f"option {opt.name!r} applies only with {other} "
                                     + " or ".join(str(w) for w in wanted))
        return resolved

    def length(self, options: Mapping[str, OptionValue]) -> str:
        """How long a game with these (resolved) options lasts, in a few words for a newcomer: "2
        hands", "until someone has 31 points". By the options' usual names (deals, hands, rounds
        and target); a game whose length is told otherwise says so itself."""
        for name in ("deals", "hands", "rounds"):
            value = options.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return f"{value} {name[:-1] if value == 1 else name}"
        target = options.get("target")
        if isinstance(target, int) and not isinstance(target, bool):
            return f"until someone has {target} points"
        return ""

    def example(self) -> Example[State] | None:
        """A typical moment of the game for the picture /rules opens with (a fixed seed and moves,
        so it is the same every time)."""
        return None

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats that play together as sides at a table of ``players``; empty where every seat
        plays for itself."""
        return ()

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise BadOptions(f"{self.title} has no option {name!r}")

    def from_record(self, record: Mapping[str, Any]) -> State:
        """Replay a record made by ``State.to_record``; the result equals the original."""
        if record.get("key") != self.key:
            raise BadOptions(f"that record is for {record.get('key')!r}, not {self.key!r}")
        state = self.new_game(record["players"], record["seed"], record.get("options") or {}, record.get("deck"))
        for seat, tok in record.get("actions", []):
            state = state.apply(int(seat), str(tok))
        return state

    def sort_cards(self, cards: Sequence[str]) -> list[str]:
        return self.card_order.sort(cards)

    def describe(self) -> JSON:
        """The game's description for help text and command builders."""
        return {
            "key": self.key,
            "title": self.title,
            "players": list(self.player_counts),
            "summary": self.summary,
            "guide": self.guide,
            "options": [dataclasses.asdict(o) for o in self.options],
        }


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    """A random legal move for ``seat`` (tests, benchmarks): one of the moves listed one by one
    or, where the seat has a pick, a random handful of its cards, at even odds, so that a game
    whose every handful is a move is played without listing them all."""
    listed = state.offered(seat)
    pick = state.pick(seat)
    if pick is not None and (not listed or rng.random() < 0.5):
        chosen = rng.sample(pick.cards, rng.randint(pick.fewest, min(pick.most, len(pick.cards))))
        return state.rules.parse_action(pick.token(chosen))
    return rng.choice(listed)
