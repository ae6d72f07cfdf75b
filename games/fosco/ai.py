"""Fosco's computer player.

Fosco is a game of perfect information, so the player searches: alpha-beta through the rest of
the current count, up to the capture, each side trying to make the pile its own. A pile is worth
the suit weights of its cards (what a card adds to the difference between the sides' deal
scores), plus the weight again for a capture that takes a side to its seventh card of a suit,
where the scoring starts. A node budget keeps every move well under the time a player notices.
"""

from __future__ import annotations

import random

from games.core.base import Action

from . import counting
from .counting import LIMIT, SUIT_WEIGHT, Effect
from .rules import FoscoState, Play, side_of

NODE_BUDGET = 2500
LEAD_BONUS = 0.25  # leading the next count is a small edge: the leader picks the suit's pace


class _Search:
    def __init__(self, state: FoscoState, me: int) -> None:
        self.players = state.players
        self.rules = state.card_rules
        self.my_side = side_of(me, state.players)
        self.nodes = 0
        self.held = [{s: 0 for s in counting.HAND_ORDER} for _ in state.captured]
        for side, pile in enumerate(state.captured):
            for c in pile:
                s = counting.suit(c)
                if s in self.held[side]:
                    self.held[side][s] += 1

    def pile_value(self, pile: list[str], taker: int) -> float:
        """What capturing ``pile`` is worth to ``taker``'s side, from our side's point of view."""
        side = side_of(taker, self.players)
        gained: dict[str, int] = {}
        value = 0.0
        for c in pile:
            s = counting.suit(c)
            if s in SUIT_WEIGHT:
                value += SUIT_WEIGHT[s]
                gained[s] = gained.get(s, 0) + 1
        for s, n in gained.items():
            if self.held[side][s] < 7 <= self.held[side][s] + n:
                value += SUIT_WEIGHT[s]
        return value if side == self.my_side else -value

    def search(self, hands: list[list[str]], pile: list[str], last: int, turn: int, count: int,
               previous: Effect | None, led: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        hand = tuple(hands[turn])
        moves = counting.playable(hand, count, previous, self.rules, led) if hand else ()
        if not moves or self.nodes > NODE_BUDGET:
            value = self.pile_value(pile, last)
            leader_side = side_of(turn, self.players)
            return value + (LEAD_BONUS if leader_side == self.my_side else -LEAD_BONUS)
        maximising = side_of(turn, self.players) == self.my_side
        best = -1e9 if maximising else 1e9
        for card in _ordered(moves):
            effect = counting.effect_of(card, previous, self.rules)
            after = counting.after(effect, count, led)
            hands[turn].remove(card)
            pile.append(card)
            value = self.search(hands, pile, turn, (turn + 1) % self.players, after, effect, led, alpha, beta)
            pile.pop()
            hands[turn].append(card)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


def _ordered(moves: tuple[str, ...]) -> list[str]:
    # Heavier suits first: the cards worth most are the ones worth deciding about early.
    return sorted(moves, key=lambda c: -SUIT_WEIGHT.get(counting.suit(c), 0))


def choose(state: FoscoState, seat: int, rng: random.Random) -> Action:
    """The best card by search; ties broken by ``rng`` so play is varied but reproducible."""
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError("that seat has nothing to play")
    if len(legal) == 1:
        return legal[0]
    search = _Search(state, seat)
    pile = [c for _, c in state.pile]
    scored: list[tuple[float, float, Action]] = []
    for action in legal:
        assert isinstance(action, Play)
        card = action.card
        hands = [list(h) for h in state.hands]
        effect, after, led = counting.step(card, state.count, state.previous, state.led, search.rules,
                                           not state.pile)
        assert after <= LIMIT
        hands[seat].remove(card)
        value = search.search(hands, pile + [card], seat, (seat + 1) % state.players, after, effect, led,
                              -1e9, 1e9)
        # Among equals, keep heavy cards for later, when the scoring is decided.
        keep = -SUIT_WEIGHT.get(counting.suit(card), 0) * 0.01
        scored.append((value + keep, rng.random(), action))
    return max(scored, key=lambda t: (t[0], t[1]))[2]
