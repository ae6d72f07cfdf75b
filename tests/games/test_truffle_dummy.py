"""Manchester Truffle's dummy (docs/rules/tarot.md, "Manchester Truffle", issue 27 point 3): it is
turned face up only once the Dealer has laid three cards aside, so the Dealer chooses them unseen."""

from __future__ import annotations

import random

from games import registry
from games.core.base import random_action
from games.tarot.manchester.state import ManchesterState

TRUFFLE = registry.get("manchester-truffle")
DUMMY = 1  # the dummy's position in Truffle's second part


def at_laying_aside(seed: int) -> ManchesterState:
    state = TRUFFLE.new_game(2, seed=seed)
    rng = random.Random(seed)
    while state.phase != "discard2":  # type: ignore[attr-defined]
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    assert isinstance(state, ManchesterState)
    return state


def test_the_dealer_lays_aside_without_seeing_the_dummy_then_both_see_it() -> None:
    for seed in (1, 2, 3):
        state = at_laying_aside(seed)
        dummy = set(state.holdings[DUMMY])
        assert len(dummy) == 16
        for viewer in (0, 1, None):
            assert dummy <= state.hidden_cards(viewer)
            assert state.view(viewer)["positions"][DUMMY]["cards"] is None
        dealer = state.dealer
        after = state.apply(dealer, random_action(state, dealer, random.Random(seed)))
        assert isinstance(after, ManchesterState) and after.phase == "play2"
        for viewer in (0, 1, None):
            assert not dummy & after.hidden_cards(viewer)
            assert sorted(after.view(viewer)["positions"][DUMMY]["cards"]) == sorted(dummy)
