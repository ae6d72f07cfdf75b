"""A computer player for Dracula: determinized Monte Carlo over the current coffin.

Each candidate placement is tried against a fixed set of guesses at the unseen hands (the same
guesses for every candidate, so the comparison is fair). A rollout places cards at random until
few cells are left, then solves the rest exactly with both sides playing their best; its result
is this side's coffin score minus the other side's. Sequential halving spends a fixed amount of
work on the candidates that still look best. Works on small ints and bitmasks rather than
State.apply, for speed; deterministic given ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.core import decks
from games.core.base import Action, State
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
    if not isinstance(state, DraculaState):
        raise TypeError("the Dracula player needs a Dracula game")
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction("that seat has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    if isinstance(legal[0], Way):
        return rng.choice(legal)  # the two directions are mirror images of each other
    places = [a for a in legal if isinstance(a, Place)]
    return _search(state, seat, places, rng)


def _candidates(board: list[int], places: list[Place]) -> list[Place]:
    """One placement per class of placements that a board symmetry makes equivalent."""
    symmetries = [m for m in MIRRORS if all(board[m[i]] == board[i] for i in range(9))]
    seen: set[tuple[str, int]] = set()
    out = []
    for p in places:
        key = (p.card, min([p.cell, *(m[p.cell] for m in symmetries)]))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _guesses(state: DraculaState, seat: int, rng: random.Random) -> list[list[list[int]]]:
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
    for _ in range(SAMPLES):
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
             mine: scoring.Direction, my_side: int, rnd: Callable[[], float], spent: list[int]) -> int:
    """Place at random until few enough cells are left to solve exactly; the margin for my side."""
    depth = ENDGAME[players]
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


def _search(state: DraculaState, seat: int, places: list[Place], rng: random.Random) -> Place:
    """Sequential halving: each round shares the work budget among the candidates still in the
    running and keeps the better half, until two are left."""
    assert state.ways is not None
    mine = state.ways[side_of(seat)]
    board = [-1 if t is None else INDEX[t] for t in state.cells]
    occ = sum(1 << i for i in range(9) if board[i] >= 0)
    cands = _candidates(board, places)
    if len(cands) == 1:
        return cands[0]
    guesses = _guesses(state, seat, rng)
    players, nxt, my_side, rnd = state.players, (seat + 1) % state.players, seat % 2, rng.random
    # Solved exactly from the candidate on, a guess always gives the same answer: try each once.
    exact = 8 - occ.bit_count() <= ENDGAME[players]
    sums = [0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    per_round = WORK[players] // max(1, (len(cands) - 1).bit_length())
    spent = [0]
    while True:
        share = per_round // len(alive)
        for i in alive:
            card, cell = INDEX[cands[i].card], cands[i].cell
            start = spent[0]
            while not (exact and counts[i] >= SAMPLES):
                hands = [h[:] for h in guesses[counts[i] % SAMPLES]]
                hands[seat].remove(card)
                trial = board[:]
                trial[cell] = card
                sums[i] += _rollout(trial, occ | 1 << cell, hands, nxt, players, mine, my_side, rnd, spent)
                counts[i] += 1
                if spent[0] - start >= share:
                    break
        alive.sort(key=lambda i: -sums[i] / counts[i])
        if len(alive) <= 2:
            return cands[alive[0]]
        alive = alive[:(len(alive) + 1) // 2]
