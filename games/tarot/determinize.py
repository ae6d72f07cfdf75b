"""What the tarot computer players (:mod:`games.tarot.manchester.search` for the two-player games,
:mod:`games.tarot.base.search` for the base games) share in their determinized search: dealing the
cards a seat cannot see at random among the places they may be (``Placement``), the exact search of
a deal's last tricks (``AlphaBeta``), and the bound on a deal's size that says when that search is
affordable (``tree_size``).

Cards are the small integers of :mod:`games.tarot.simulation`. Each game says where its unseen cards
may be and what a finished deal is worth; the random draws, the order cards are tried in and the
positions counted are kept here in one place, since the searches' budgets are counted in positions
and a seeded game must play the same every time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import ClassVar, Generic, Protocol, Self, TypeVar

K = TypeVar("K", bound=Hashable)
P = TypeVar("P", bound="Position")

Slot = tuple[K, int, frozenset[int] | None]  # a place: its key, how many cards it holds, which (None: any)


class Placement(Generic[K]):
    """The unseen cards (``pool``) and the places they may be (``slots``); ``sample`` deals
    them. A subclass may turn down a deal that breaks a rule the slots cannot say (``fits``)."""

    TRIES: ClassVar[int] = 20  # deals tried keeping to what is known before keeping to the sizes alone

    def __init__(self, pool: list[int], slots: list[Slot[K]]) -> None:
        self.pool = pool
        self.slots = slots
        self.eligible = [[i for i, (_, _, allowed) in enumerate(slots) if allowed is None or c in allowed]
                         for c in pool]

    def fits(self, dealt: dict[K, list[int]]) -> bool:
        """Whether a deal that keeps to the slots keeps to the rest of what is known."""
        return True

    def sample(self, rng: random.Random) -> dict[K, list[int]]:
        """One way the unseen cards may lie, at random, keeping to what is known (should that
        fail many times over, the last deal that kept to the slots, or else to the sizes alone)."""
        dealt: dict[K, list[int]] | None = None
        for _ in range(self.TRIES):
            dealt = self._try(rng, strict=True)
            if dealt is not None and self.fits(dealt):
                return dealt
        if dealt is not None:
            return dealt
        dealt = self._try(rng, strict=False)
        assert dealt is not None
        return dealt

    def _try(self, rng: random.Random, strict: bool) -> dict[K, list[int]] | None:
        """Place the cards in a random order, the most constrained first, each in a place that
        may hold it chosen in proportion to the room left there; None at a dead end."""
        room = [size for _, size, _ in self.slots]
        out: list[list[int]] = [[] for _ in self.slots]
        indices = list(range(len(self.pool)))
        rng.shuffle(indices)
        if strict:
            rank = {k: i for i, k in enumerate(indices)}
            indices.sort(key=lambda k: (len(self.eligible[k]), rank[k]))
        everywhere = list(range(len(self.slots)))
        for k in indices:
            options = [i for i in (self.eligible[k] if strict else everywhere) if room[i] > 0]
            if not options:
                return None
            if len(options) == 1:
                slot = options[0]
            else:
                r = rng.randrange(sum(room[i] for i in options))
                for slot in options:
                    r -= room[slot]
                    if r < 0:
                        break
            out[slot].append(self.pool[k])
            room[slot] -= 1
        return {key: out[i] for i, (key, _, _) in enumerate(self.slots)}


class Position(Protocol):
    """A deal in play, as the exact search moves through it: a card played changes it in place."""

    def copy(self) -> Self: ...

    def play(self, card: int, /) -> None: ...


class AlphaBeta(Generic[P]):
    """Alpha-beta on a deal's open cards, one side playing for the most and the other for the
    least; a game says when a deal is over and what it is worth (``end``), any step between
    cards that asks for no choice (``forced``), and whose turn it is (``turn``). ``nodes``
    counts the positions visited, to budget the search."""

    def __init__(self, strength: Sequence[float]) -> None:
        self.strength = strength  # the cards are tried strongest first: cut-offs come sooner
        self.nodes = 0

    def end(self, position: P) -> float | None:
        """The finished deal's worth, None while cards are left to play."""
        raise NotImplementedError

    def forced(self, position: P) -> P | None:
        """The position a step without a choice leads to (a copy), None at a card to play."""
        return None

    def turn(self, position: P) -> tuple[list[int], bool]:
        """The cards that may be played, and whether the side searched for is playing."""
        raise NotImplementedError

    def solve(self, position: P, alpha: float = -1e9, beta: float = 1e9) -> float:
        self.nodes += 1
        value = self.end(position)
        if value is not None:
            return value
        after = self.forced(position)
        if after is not None:
            return self.solve(after, alpha, beta)
        legal, maximizing = self.turn(position)
        strength = self.strength
        legal.sort(key=lambda c: -strength[c])
        best = -1e9 if maximizing else 1e9
        for card in legal:
            child = position.copy()
            child.play(card)
            v = self.solve(child, alpha, beta)
            if maximizing:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


class PlayOut(Generic[P]):
    """What the position after a move is worth to the side searched for: solved exactly when
    the rest of the deal can go few enough ways (``small``, asked of a decision's first position
    only, since every move leaves as many cards), else played out with the quick policy.
    ``work`` adds up the effort in card plays, which is what a decision's budget counts."""

    def __init__(self, solver: AlphaBeta[P], small: Callable[[P], bool], node_cost: float,
                 play_out: Callable[[P], float], play_out_cost: float) -> None:
        self.solver = solver
        self.small = small
        self.node_cost = node_cost  # a position of the exact search, in card plays
        self.play_out = play_out
        self.play_out_cost = play_out_cost
        self.exact: bool | None = None
        self.work = 0.0

    def worth(self, position: P) -> float:
        if self.exact is None:
            self.exact = self.small(position)
        if self.exact:
            before = self.solver.nodes
            value = self.solver.solve(position)
            self.work += self.node_cost * (self.solver.nodes - before)
            return value
        self.work += self.play_out_cost
        return self.play_out(position)


def tree_size(hands: Iterable[Sequence[int]], limit: float = math.inf) -> int:
    """A bound on the ways the rest of a deal can be played (each hand's cards in any order),
    counted no further than past ``limit``."""
    size = 1
    for hand in hands:
        for k in range(2, len(hand) + 1):
            size *= k
            if size > limit:
                return size
    return size
