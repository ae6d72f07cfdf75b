"""A computer player for Dracula: determinized Monte Carlo over the current coffin.

Each candidate placement is tried against a fixed set of guesses at the unseen hands (the same
guesses for every candidate, so the comparison is fair). A rollout places cards at random until
few cells are left, then solves the rest exactly with both sides playing their best; its result
is this side's coffin score minus the other side's. Sequential halving spends a fixed amount of
work on the candidates that still look best. Works on small ints and bitmasks rather than
State.apply, for speed; deterministic given ``rng``.

A hint's reasons (:mod:`.explain`) come from the same search, remembered (``recall``) so a hint
does not search twice. ``choose_easy`` is a greedy beginner that looks no further than the lines
as they stand.

``choose_hard`` (issue 50) is the same search with more guesses (48), more work (ten times at two
players, four at four) and more of each coffin solved exactly (four cells at two players, the last
placement at four); at four, where the search sees only the coffin in play, it also charges a card
spent now its points in a later coffin (``HARD_KEEP``). Against Normal: two players 257/400 =
64.3 % (95 % 59.4-68.8); a Hard partnership at four 251/400 = 62.8 % (57.9-67.3).
Without the charge for spending a card the partnership won 50/100, no better than Normal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from games.core import decks
from games.core.actions import Action
from games.core.base import State
from games.core.errors import IllegalAction

from . import scoring
from .actions import Place, Way
from .rules import DraculaState, side_of

# Placements tried per decision (rollout steps plus search nodes): about 20 ms of work.
WORK = {2: 10_000, 4: 10_000}
# Cells left when a rollout stops playing at random and solves the coffin exactly. Deeper pays
# off little for its cost; with four players' big hands even two cells is dear.
ENDGAME = {2: 3, 4: 0}
SAMPLES = 24  # distinct guesses at the unseen hands, reused round robin
FULL = 0x1FF

# Cards as ints: face value in a row, in a column, and suit (0-3 as S H D C; 4 for a Vampire).
TOKENS: tuple[str, ...] = tuple(decks.standard(2))
INDEX: dict[str, int] = {tok: i for i, tok in enumerate(TOKENS)}
ROW_PTS: tuple[int, ...] = tuple(scoring.points(t, "rows") for t in TOKENS)
COL_PTS: tuple[int, ...] = tuple(scoring.points(t, "cols") for t in TOKENS)
SUIT: tuple[int, ...] = tuple(4 if t in scoring.VAMPIRES else "SHDC".index(t[-1]) for t in TOKENS)


def _mult(a: int, b: int, c: int) -> int:
    """D-2 on suit codes; mirrors scoring.multiplier (a test holds them together)."""
    if 4 in (a, b, c):
        return 0
    if a == b == c:
        return 5
    if (a in (1, 2)) == (b in (1, 2)) == (c in (1, 2)):
        return 3
    return 2 if len({a, b, c}) < 3 else 1


MULT: tuple[int, ...] = tuple(_mult(a, b, c) for a in range(5) for b in range(5) for c in range(5))


def _legal_cells(occ: int) -> tuple[int, ...]:
    if occ == 0:
        return (4,)
    out = []
    for cell in range(9):
        r, c = divmod(cell, 3)
        if occ >> cell & 1:
            continue
        near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if any(0 <= rr < 3 and 0 <= cc < 3 and occ >> (3 * rr + cc) & 1 for rr, cc in near):
            out.append(cell)
    return tuple(out)


LEGAL: tuple[tuple[int, ...], ...] = tuple(_legal_cells(occ) for occ in range(512))
# Reflections that map rows to rows and columns to columns, so leave every score unchanged.
MIRRORS: tuple[tuple[int, ...], ...] = (
    tuple(3 * (i // 3) + 2 - i % 3 for i in range(9)),  # left-right
    tuple(3 * (2 - i // 3) + i % 3 for i in range(9)),  # top-bottom
    tuple(8 - i for i in range(9)),  # half turn
)


def line_values(board: Sequence[int], direction: scoring.Direction) -> list[int]:
    pts = ROW_PTS if direction == "rows" else COL_PTS
    out = []
    for a, b, c in scoring.LINES[direction]:
        x, y, z = board[a], board[b], board[c]
        out.append((pts[x] + pts[y] + pts[z]) * MULT[SUIT[x] * 25 + SUIT[y] * 5 + SUIT[z]])
    return out


def coffin_margin(board: Sequence[int], mine: scoring.Direction) -> int:
    """My side's score for a full coffin minus the other side's (with the tie ladder).

    Unrolled: this is the inner loop of every rollout."""
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = board
    s0, s1, s2, s3, s4, s5, s6, s7, s8 = (SUIT[b] for b in board)
    rp, cp, m = ROW_PTS, COL_PTS, MULT
    rows = _desc(
        (rp[b0] + rp[b1] + rp[b2]) * m[s0 * 25 + s1 * 5 + s2],
        (rp[b3] + rp[b4] + rp[b5]) * m[s3 * 25 + s4 * 5 + s5],
        (rp[b6] + rp[b7] + rp[b8]) * m[s6 * 25 + s7 * 5 + s8],
    )
    cols = _desc(
        (cp[b0] + cp[b3] + cp[b6]) * m[s0 * 25 + s3 * 5 + s6],
        (cp[b1] + cp[b4] + cp[b7]) * m[s1 * 25 + s4 * 5 + s7],
        (cp[b2] + cp[b5] + cp[b8]) * m[s2 * 25 + s5 * 5 + s8],
    )
    a, b = (rows, cols) if mine == "rows" else (cols, rows)
    if a[0] != b[0]:
        return a[0] - b[0]
    if a[1] != b[1]:
        return a[1] - b[1]
    return a[2] - b[2]


def _desc(x: int, y: int, z: int) -> tuple[int, int, int]:
    if x < y:
        x, y = y, x
    if y < z:
        y, z = z, y
        if x < y:
            x, y = y, x
    return x, y, z


def choose(state: State, seat: int, rng: random.Random) -> Action:
    return _decide(state, seat, rng).action


@dataclass(frozen=True)
class Tried:
    """One placement the search weighed: how the coffin came out for my side on average (my
    score minus the other side's) over ``count`` play-outs."""

    place: Place
    mean: float
    count: int


@dataclass(frozen=True)
class Decision:
    """What :func:`choose` decided and what it weighed: the placements it tried, the one it picked
    first and the runner-up second (empty when there was nothing to weigh), whether the coffin was
    solved to the end for every guess (``exact``) and the board's mirror symmetries."""

    action: Action
    tried: tuple[Tried, ...] = ()
    exact: bool = False
    mirrors: tuple[tuple[int, ...], ...] = ()

    def weighed(self, place: Place) -> Tried | None:
        """The search's figures for ``place``, or for the placement a mirror makes the same."""
        key = _class_key(place, self.mirrors)
        return next((t for t in self.tried if _class_key(t.place, self.mirrors) == key), None)


# The last few searches, so that explaining a move does not search again (see :func:`explain`).
# Keyed by all the searching seat may see and the generator's state, which settle the result.
_MEMO: dict[Hashable, Decision] = {}
MEMO_SIZE = 32


def _memo_key(state: DraculaState, seat: int, rng: random.Random) -> Hashable:
    unseen = frozenset(t for s, hand in enumerate(state.hands) if s != seat for t in hand) | frozenset(state.stock)
    return (state.players, seat, state.dealer, state.ways, state.cells, state.hands[seat], unseen,
            tuple(len(h) for h in state.hands), rng.getstate())


def _to_search(state: State, seat: int, rng: random.Random) -> Action | list[Place]:
    """The move where there is nothing to search (the only one; a direction, the two being mirror
    images of each other), else the places to search among."""
    if not isinstance(state, DraculaState):
        raise TypeError("the Dracula player needs a Dracula game")
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction("that seat has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], Way):
        return rng.choice(legal)
    return [a for a in legal if isinstance(a, Place)]


def _decide(state: State, seat: int, rng: random.Random) -> Decision:
    places = _to_search(state, seat, rng)
    if not isinstance(places, list):
        return Decision(places)
    assert isinstance(state, DraculaState)
    key = _memo_key(state, seat, rng)
    decision = _search(state, seat, places, rng)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = decision
    return decision


def recall(state: DraculaState, seat: int) -> Decision:
    """The decision the registry's computer move made here (``registry.computer_move`` seeds its
    generator so), remembered if it was just made, else made again the same way."""
    rng = decks.rng(state.seed, "default", len(state.history))
    found = _MEMO.get(_memo_key(state, seat, rng))
    return found if found is not None else _decide(state, seat, rng)


def _class_key(place: Place, mirrors: Sequence[tuple[int, ...]]) -> tuple[str, int]:
    return place.card, min([place.cell, *(m[place.cell] for m in mirrors)])


def _mirrors(board: list[int]) -> tuple[tuple[int, ...], ...]:
    """The reflections that leave this board as it is."""
    return tuple(m for m in MIRRORS if all(board[m[i]] == board[i] for i in range(9)))


def _candidates(board: list[int], places: list[Place]) -> list[Place]:
    """One placement per class of placements that a board symmetry makes equivalent."""
    symmetries = _mirrors(board)
    seen: set[tuple[str, int]] = set()
    out = []
    for p in places:
        key = _class_key(p, symmetries)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _guesses(state: DraculaState, seat: int, rng: random.Random, samples: int = SAMPLES) -> list[list[list[int]]]:
    """Deals of the unseen cards to the other hands, each hand its known size. A four-player
    Vampire not yet seen is known to be with the seat it was given to (D-4)."""
    n = state.players
    # Out of sight: the pack less this hand and every card placed so far. Gathered from the other
    # hands and the stock, then sorted, so that nothing but the set itself reaches the guesses.
    unseen = sorted(INDEX[t] for s, hand in enumerate(state.hands) if s != seat for t in hand)
    unseen = sorted(unseen + [INDEX[t] for t in state.stock])
    sizes = [len(h) for h in state.hands]
    fixed: dict[int, list[int]] = {s: [] for s in range(n)}
    if n == 4:
        for tok, holder in (("X1", (state.dealer + 1) % 4), ("X2", (state.dealer + 2) % 4)):
            if INDEX[tok] in unseen and holder != seat:
                unseen.remove(INDEX[tok])
                fixed[holder].append(INDEX[tok])
    out = []
    for _ in range(samples):
        pool = list(unseen)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        at = 0
        for s in range(n):
            if s == seat:
                hands.append([INDEX[t] for t in state.hands[seat]])
                continue
            need = sizes[s] - len(fixed[s])
            hands.append(fixed[s] + pool[at:at + need])
            at += need
        out.append(hands)
    return out


def _endgame(board: list[int], occ: int, hands: list[list[int]], turn: int, players: int,
             mine: scoring.Direction, my_side: int, alpha: int, beta: int, spent: list[int]) -> int:
    """Exact minimax (alpha-beta) over the last few placements of a guessed deal: the margin
    for my side, each side playing its best."""
    spent[0] += 1
    if occ == FULL:
        return coffin_margin(board, mine)
    hand = hands[turn]
    maximise = turn % 2 == my_side
    nxt = (turn + 1) % players
    cells = LEGAL[occ]
    for k in range(len(hand)):
        card = hand[k]
        hand[k] = hand[-1]
        hand.pop()
        for cell in cells:
            board[cell] = card
            value = _endgame(board, occ | 1 << cell, hands, nxt, players, mine, my_side, alpha, beta, spent)
            board[cell] = -1
            if maximise:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        hand.append(card)
        hand[k], hand[-1] = hand[-1], hand[k]
        if alpha >= beta:
            break
    return alpha if maximise else beta


def _rollout(board: list[int], occ: int, hands: list[list[int]], turn: int, players: int,
             mine: scoring.Direction, my_side: int, rnd: Callable[[], float], spent: list[int],
             depth: int) -> int:
    """Place at random until ``depth`` cells are left, then solve them exactly; the margin for my side."""
    while 9 - occ.bit_count() > depth:
        cells = LEGAL[occ]
        cell = cells[int(rnd() * len(cells))]
        hand = hands[turn]
        k = int(rnd() * len(hand))
        board[cell] = hand[k]
        hand[k] = hand[-1]
        hand.pop()
        occ |= 1 << cell
        turn = (turn + 1) % players
        spent[0] += 1
    return _endgame(board, occ, hands, turn, players, mine, my_side, -10**6, 10**6, spent)


def _search(state: DraculaState, seat: int, places: list[Place], rng: random.Random,
            work: int | None = None, depth: int | None = None, samples: int = SAMPLES,
            keep: float = 0.0) -> Decision:
    """Sequential halving: each round shares the work budget among the candidates still in the
    running and keeps the better half, until two are left. ``work``, ``depth`` (cells solved
    exactly) and ``samples`` (guesses at the unseen hands) are Normal's unless told."""
    work = WORK[state.players] if work is None else work
    depth = ENDGAME[state.players] if depth is None else depth
    assert state.ways is not None
    mine = state.ways[side_of(seat)]
    board = [-1 if t is None else INDEX[t] for t in state.cells]
    occ = sum(1 << i for i in range(9) if board[i] >= 0)
    cands = _candidates(board, places)
    mirrors = _mirrors(board)
    if len(cands) == 1:
        return Decision(cands[0], mirrors=mirrors)
    guesses = _guesses(state, seat, rng, samples)
    players, nxt, my_side, rnd = state.players, (seat + 1) % state.players, seat % 2, rng.random
    # Solved exactly from the candidate on, a guess always gives the same answer: try each once.
    exact = 8 - occ.bit_count() <= depth
    sums = [0] * len(cands)
    counts = [0] * len(cands)
    pts = ROW_PTS if mine == "rows" else COL_PTS
    # What spending the card now gives up (``keep`` a point): its points in a later coffin.
    bias = [-keep * pts[INDEX[c.card]] for c in cands]
    alive = list(range(len(cands)))
    per_round = work // max(1, (len(cands) - 1).bit_length())
    spent = [0]
    while True:
        share = per_round // len(alive)
        for i in alive:
            card, cell = INDEX[cands[i].card], cands[i].cell
            start = spent[0]
            while not (exact and counts[i] >= samples):
                hands = [h[:] for h in guesses[counts[i] % samples]]
                hands[seat].remove(card)
                trial = board[:]
                trial[cell] = card
                sums[i] += _rollout(trial, occ | 1 << cell, hands, nxt, players, mine, my_side, rnd, spent,
                                    depth)
                counts[i] += 1
                if spent[0] - start >= share:
                    break
        alive.sort(key=lambda i: -sums[i] / counts[i] - bias[i])
        if len(alive) <= 2:
            rest = sorted(set(range(len(cands))) - set(alive), key=lambda i: -sums[i] / counts[i] - bias[i])
            tried = tuple(Tried(cands[i], sums[i] / counts[i], counts[i]) for i in (*alive, *rest))
            return Decision(cands[alive[0]], tried, exact, mirrors)
        alive = alive[:(len(alive) + 1) // 2]


# -- the Easy computer ------------------------------------------------------------------------
def choose_easy(state: State, seat: int, rng: random.Random) -> Action:
    """A beginner's greedy rule, no look-ahead: the placement that leaves the coffin's lines, as
    they stand, best for my side (the points in my lines times what their suits give so far, less
    the same for the other side's lines); a direction at random."""
    if not isinstance(state, DraculaState):
        raise TypeError("the Dracula player needs a Dracula game")
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction("that seat has nothing to do now")
    places = [a for a in legal if isinstance(a, Place)]
    if not places or state.ways is None:
        return rng.choice(legal)
    mine = state.ways[side_of(seat)]
    values = [_greedy_value(state.cells, p, mine) for p in places]
    best = max(values)
    return rng.choice([p for p, v in zip(places, values, strict=True) if v == best])


def _partial_value(toks: Sequence[str | None], direction: scoring.Direction) -> int:
    """A line as a beginner sees it: its points so far times the multiplier its cards make so far."""
    down = [t for t in toks if t is not None]
    if len(down) < 2:
        return sum(scoring.points(t, direction) for t in down)
    return scoring.line_value(down, direction)


def _greedy_value(cells: tuple[str | None, ...], place: Place, mine: scoring.Direction) -> int:
    after = list(cells)
    after[place.cell] = place.card
    theirs = scoring.other(mine)
    return (sum(_partial_value([after[i] for i in line], mine) for line in scoring.LINES[mine])
            - sum(_partial_value([after[i] for i in line], theirs) for line in scoring.LINES[theirs]))


# -- the Hard computer (issue 50) ------------------------------------------------------------------
# The same determinized search as Normal, on the same guesses at the unseen hands (drawn from the
# unseen cards as a set, so it reads nothing the seat may not see), with ten times the work (four
# at a table of four, whose big hands make each play-out dear), twice the guesses, and a play-out
# that solves the coffin exactly from more cells on: four at two players rather than three, and
# the last placement at four.
HARD_WORK = {2: 100_000, 4: 40_000}
HARD_ENDGAME = {2: 4, 4: 1}
HARD_SAMPLES = 48
HARD_KEEP = {2: 0.0, 4: 1.0}


def choose_hard(state: State, seat: int, rng: random.Random) -> Action:
    """The Hard computer: Normal's Monte Carlo search with more guesses, more play-outs and more
    of each coffin solved exactly (see :data:`HARD_WORK`); deterministic given ``rng``."""
    places = _to_search(state, seat, rng)
    if not isinstance(places, list):
        return places
    assert isinstance(state, DraculaState)
    n = state.players
    return _search(state, seat, places, rng, HARD_WORK[n], HARD_ENDGAME[n], HARD_SAMPLES,
                   HARD_KEEP[n]).action
