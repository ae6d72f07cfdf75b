"""The Hard computer player for the two-player tarot games (draft: figures below once measured)."""

from __future__ import annotations

import math
import random

from games.core.actions import Action

from .. import determinize, pack
from ..moves import CardsMove
from ..simulation import ID, NAMES, PTS, encode
from . import search
from .search import DISCARDS, POS, Key, Knowledge, play_deal
from .simulation import COSTS, Deal, Solver, rollout, tree_size
from .state import ManchesterState

BUDGET = 9000  # card plays (or exact-search positions) for one card decision
MIN_DEALS, MAX_DEALS = 6, 80
EXACT_TREE = 400_000  # the rest of the part is solved exactly on each deal when it can go this few ways
EXACT_NODES = 60_000  # and then the exact search's positions for a decision, over all its deals
REPAIR = 60  # swaps tried to bring a deal to the points the other player announced
WIN_SCALE = (22.0, 8.0)  # the spread of the game's final margin still to come, in the first part and the second


def choose_hard(state: ManchesterState, seat: int, rng: random.Random) -> Action:
    if state.phase in ("discard", "discard2"):
        pick = state.pick(seat)
        assert pick is not None
        groups, _, _, best = search._discard(state, seat, rng, pick.cards, pick.most, pick.fixed,
                                             Inferred(state, seat))
        return CardsMove("discard", groups[best])
    if state.phase == "choose":
        return search.choose(state, seat, rng)
    position = state.to_play
    assert position is not None
    legal = state.playable(position)
    if len(legal) == 1:
        return CardsMove("play", (legal[0],))
    return CardsMove("play", (NAMES[card(state, seat, rng, encode(legal))],))


class Inferred(Knowledge):
    """What the Normal player knows, and in the first part the points the other player announced:
    their hand, hidden discards, shown discards and cards played add up to them."""

    def __init__(self, state: ManchesterState, seat: int) -> None:
        super().__init__(state, seat)
        other = 1 - seat
        self.target: int | None = None
        if state.phase in ("discard", "play1"):
            played = [ID[c] for _, t in state.won for p, c in t.plays if p == other]
            played += [ID[c] for p, c in state.trick.plays if p == other]
            shown = [ID[c] for c in state.shown if c not in state.discards[seat]]
            self.target = state.announced[other] - sum(PTS[c] for c in played) - sum(PTS[c] for c in shown)
        self.mine = {k for k, _, _ in self.slots if k in ((POS, other), (DISCARDS, other))}

    def sample(self, rng: random.Random) -> dict[Key, list[int]]:
        dealt = super().sample(rng)
        if self.target is None:
            return dealt
        theirs = [k for k in dealt if k in self.mine]
        rest = [k for k in dealt if k not in self.mine]
        allowed = {k: a for k, _, a in self.slots}
        diff = sum(PTS[c] for k in theirs for c in dealt[k]) - self.target
        mine = [(k, i) for k in theirs for i in range(len(dealt[k]))]
        others = [(k, j) for k in rest for j in range(len(dealt[k]))]
        for _ in range(REPAIR):
            if diff == 0:
                break
            k1, i = mine[rng.randrange(len(mine))]
            a = dealt[k1][i]
            if diff > 0 and PTS[a] <= 1:
                continue
            start = rng.randrange(len(others))
            for n in range(len(others)):
                k2, j = others[(start + n) % len(others)]
                b = dealt[k2][j]
                change = PTS[b] - PTS[a]
                if change == 0 or abs(diff + change) >= abs(diff):
                    continue
                a1, a2 = allowed[k1], allowed[k2]
                if (a1 is not None and b not in a1) or (a2 is not None and a not in a2):
                    continue
                dealt[k1][i], dealt[k2][j] = b, a
                diff += change
                break
        return dealt


def _so_far(state: ManchesterState, seat: int) -> float:
    """The seat's lead in the game as it stands before the cards still to play in this part: game
    points, the first part's score once made, and the points and tricks of this part taken so far
    (the first part's discards counted for the seat; the other player's hidden ones come with each deal)."""
    other = 1 - seat
    lead = float(state.game_points[seat] - state.game_points[other])
    piles = pack.piles(state.won, state.owner)
    taken = [pack.total(piles.get(s, [])) for s in (0, 1)]
    lead += taken[seat] - taken[other]
    if state.phase == "play1":
        shown_theirs = [c for c in state.shown if c not in state.discards[seat]]
        lead += pack.total(state.discards[seat]) - pack.total(shown_theirs)
        lead -= state.announced[seat] - state.announced[other]
    else:
        lead += state.first[seat] - state.first[other]
        tricks = [sum(1 for p, _ in state.won if state.owner(p) == s) for s in (0, 1)]
        lead += tricks[seat] - tricks[other]
    return lead


def card(state: ManchesterState, seat: int, rng: random.Random, legal: list[int]) -> int:
    """The card to play: every legal card on the same deals, dealt with what the play and the
    announcement say, played out by the quick policy or solved exactly for the last tricks; each
    result counted, in the game's last hand, as the chance it leaves of winning the game."""
    knowledge = Inferred(state, seat)
    other = 1 - seat
    cards_left = sum(len(h) for h in state.holdings) - 1
    last_hand = state.hand_no == 1
    scale = WIN_SCALE[state.phase == "play2"]
    lead = _so_far(state, seat)

    def play_out(deal: Deal) -> float:
        rollout(deal)
        return deal.margin(seat)

    solver = Solver(seat)
    playout = determinize.PlayOut(solver, lambda deal: tree_size(deal) <= EXACT_TREE, 1.0, play_out, cards_left)
    totals = [0.0] * len(legal)
    deals = 0
    while deals < MIN_DEALS or (deals < MAX_DEALS and (
            solver.nodes < EXACT_NODES if playout.exact else playout.work < BUDGET)):
        dealt = knowledge.sample(rng)
        deal = play_deal(state, dealt)
        base = lead
        if state.phase == "play1":
            base -= sum(PTS[c] for c in dealt.get((DISCARDS, other), []))
        deals += 1
        for i, c in enumerate(legal):
            child = deal.copy()
            child.play(c)
            margin = playout.worth(child)
            totals[i] += math.tanh((base + margin + 0.5) / scale) if last_hand else margin
    return legal[max(range(len(legal)), key=lambda i: (totals[i], -COSTS[1][legal[i]]))]


__all__ = ["choose_hard"]
