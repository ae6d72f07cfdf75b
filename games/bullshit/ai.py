"""Bullshit's computer player.

It keeps count of what it can know: its own cards of each rank, the cards it put into the pile
itself since the pile was last picked up (it knows what they were), and the cards a call turned
up (and whose hand they went into). From that it judges each claim.

- **Calling.** A claim of more cards of a rank than can be out of its sight is a lie: it calls.
  Otherwise it weighs how likely the claimer is to hold that many of the rank among the cards it
  cannot place, against the size of the pile it would pick up if wrong. A player putting down
  their last cards is always called when only the winner counts (letting them stand loses the
  game; a wrong call only costs a pile nobody needs any more).
- **Waiting.** As the next player it lets a window run its course rather than play over it,
  so a person at the table always has their time to call.
- **Playing.** It plays every card it holds of the rank asked. With none it must lie, and puts
  down one card of the rank it will be asked for last (the one it can least use honestly soon).
  Now and then, when the pile is small and the claim stays believable, it slips one such card in
  with honest ones. It never bluffs its last cards unless it has to.
"""

from __future__ import annotations

import random
from collections import Counter

from games.core import cards
from games.core.base import Action
from games.core.cards import STANDARD_RANKS

from .rules import CALL, PASS, BullshitState, Play, packs_for

BLUFF_CHANCE = 0.3


def choose(state: BullshitState, seat: int, rng: random.Random) -> Action:
    window = state.window
    if window is not None:
        # Call or let it stand; never play over an open window, which would cut short the
        # others' time to call (it plays once the window has closed).
        return CALL if seat in window.waiting and _should_call(state, seat, rng) else PASS
    return _play(state, seat, rng)


def _sight(state: BullshitState, seat: int) -> Counter[str]:
    """How many of each rank this seat can place: in its hand, or put into the pile by itself
    since it was last picked up."""
    known = Counter(cards.rank_of(c) for c in state.hands[seat])
    for by, played in _pile_plays(state):
        if by == seat:
            known.update(cards.rank_of(c) for c in played)
    return known


def _pile_plays(state: BullshitState) -> list[tuple[int, tuple[str, ...]]]:
    """The plays (seat, cards) in the pile now, from the history: those since the last call."""
    plays: list[tuple[int, tuple[str, ...]]] = []
    for seat, token in state.history:
        if token == "call":
            plays = []
        elif token.startswith("play:"):
            plays.append((seat, cards.split(token[5:])))
    return plays


def _should_call(state: BullshitState, seat: int, rng: random.Random) -> bool:
    window = state.window
    assert window is not None
    if window.last_cards and not state.options["places"]:
        return True
    copies = 4 * packs_for(state.players)
    known = _sight(state, seat)[window.rank]
    n = len(window.cards)
    if n > copies - known:
        return True  # more than can be out of its sight
    unseen = sum(len(h) for s, h in enumerate(state.hands) if s != seat) + n  # the claimer's cards were in hand
    out_there = copies - known
    holder = len(state.hands[window.seat]) + n
    # The chance a random hand of ``holder`` cards from ``unseen`` holds ``n`` or more of the
    # ``out_there`` cards of the rank, roughly: expected count against the claim.
    expected = holder * out_there / max(1, unseen)
    doubt = max(0.0, min(1.0, (n - expected) / max(1.0, n)))
    risk = len(state.pile) / 20
    return doubt - risk > 0.45 or (doubt > 0.3 and rng.random() < 0.15)


def _call_rate(state: BullshitState, seat: int) -> tuple[float, int]:
    """How often the others have called the plays they could have called this game (with a
    prior of one call in two), and how many such plays there were."""
    plays = sum(1 for s, t in state.history if t.startswith("play:") and s != seat)
    calls = sum(1 for s, t in state.history if t == "call" and s != seat)
    return (calls + 1) / (plays + 2), plays


def _play(state: BullshitState, seat: int, rng: random.Random) -> Play:
    hand = state.rules.sort_cards(state.hands[seat])
    rank = STANDARD_RANKS[state.rank]
    honest = [c for c in hand if cards.rank_of(c) == rank][: state.most]
    rate, seen = _call_rate(state, seat)
    if seen >= 6 and rate < 0.08 and len(hand) > state.most:  # a table that does not call: unload
        spare = sorted((c for c in hand if c not in honest), key=lambda c: -_distance(c, state.rank))
        return Play(tuple(state.rules.sort_cards([*honest, *spare][: max(len(honest), min(4, state.most))])), rank)
    if honest:
        spare = [c for c in hand if c not in honest]
        copies = 4 * packs_for(state.players)
        if (spare and len(honest) < state.most and len(honest) + 1 <= copies - 1 and len(state.pile) < 8
                and len(spare) > 2 and rng.random() < BLUFF_CHANCE):
            return Play(tuple(state.rules.sort_cards([*honest, _furthest(spare, state.rank)])), rank)
        return Play(tuple(honest), rank)
    return Play((_furthest(hand, state.rank),), rank)


def _distance(card: str, rank_index: int) -> int:
    """How many plays until the card's rank is asked for."""
    return (STANDARD_RANKS.index(cards.rank_of(card)) - rank_index) % len(STANDARD_RANKS)


def _furthest(hand: list[str], rank_index: int) -> str:
    """The card whose rank comes round last from here."""
    return max(hand, key=lambda c: _distance(c, rank_index))
