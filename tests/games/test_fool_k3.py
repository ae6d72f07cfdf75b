"""K-3 (docs/rules/tarot.md): the Fool's owner pays for it with the cheapest card of their own pile
only if they took a trick; an owner who took none gives up the Fool itself, whatever their pile
holds (a dealer's discard counts for nothing here)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.tarot import pack
from games.tarot.base.state import TarotTableState
from games.tarot.pack import FOOL


def deck() -> list[str]:
    """The 78 cards, from a real deal."""
    state = registry.get("scarto").new_game(3, seed=1)
    assert isinstance(state, TarotTableState)
    return sorted({c for hand in state.hands for c in hand} | set(state.discard))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_k3_an_owner_with_no_trick_loses_the_fool_whatever_their_pile_holds(data: st.DataObject) -> None:
    cards = [c for c in deck() if c != FOOL]
    owner_pile = data.draw(st.lists(st.sampled_from(cards), unique=True, max_size=6))
    rest = [c for c in cards if c not in owner_pile]
    taker_pile = data.draw(st.lists(st.sampled_from(rest), unique=True, max_size=6))
    took = data.draw(st.booleans())
    out = pack.settle_fool({0: owner_pile, 1: [*taker_pile, FOOL]}, owner=0, taker=1, owner_took_a_trick=took)
    if took and owner_pile:  # paid for with the cheapest card of the pile (K-4), the Fool back home
        assert FOOL in out[0] and FOOL not in out[1] and len(out[1]) == len(taker_pile) + 1
    else:
        assert FOOL in out[1] and FOOL not in out[0] and sorted(out[0]) == sorted(owner_pile)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(["scarto", "tarocchi", "conference"]))
def test_k3_in_play_a_dealer_with_only_the_discard_loses_the_fool(seed: int, game: str) -> None:
    """Over random deals: the dealer owns the Fool and took no trick, so their side's pile holds only
    the discard; at the hand's end the Fool stays with whoever took its trick."""
    rules = registry.get(game)
    state = rules.new_game(rules.min_players, seed=seed)
    assert isinstance(state, TarotTableState)
    rng = random.Random(seed)
    owner = state.dealer
    side = state.side(owner)
    others = [s for s in range(state.players) if state.side(s) != side]
    taker = rng.choice(others)
    cards = [c for hand in state.hands for c in hand if c != FOOL and c not in state.discard]
    rng.shuffle(cards)
    discard = state.discard or tuple(cards[:3])  # not yet laid aside in this deal: three of the cards
    piles = [list[str]() for _ in range(state.players)]
    for card in cards[len(discard) if not state.discard else 0:]:
        piles[rng.choice(others)].append(card)
    piles[taker].append(FOOL)
    ended = dataclasses.replace(state, piles=tuple(tuple(p) for p in piles), discard=discard,
                                fool=(owner, 0))
    settled = ended.side_piles()
    assert FOOL in settled[state.side(taker)] and FOOL not in settled[side]
    assert sorted(settled[side]) == sorted(discard)  # nothing else was taken from or given to the dealer
