"""The channel reads as the game's story (issue 36 point 3): in Busca every trick is told, points
or none; in Fan Tan every play and pass."""

from __future__ import annotations

import random

from games import registry
from games.core.base import State, random_action


def played(key: str, players: int, seed: int) -> State:
    state = registry.get(key).new_game(players, seed=seed, options={"hands": 1})
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return state


def test_every_busca_trick_is_told() -> None:
    pointless = 0
    for seed in range(6):
        state = played("busca", 4, seed)
        tricks = [e for e in state.log if " takes the " in e.text and "trick" in e.text]
        assert len(tricks) == 40 // 4 and all(e.notable for e in tricks)
        pointless += sum("point" not in e.text for e in tricks)
    assert pointless  # a trick worth nothing is told too


def test_every_fan_tan_play_and_pass_is_told() -> None:
    state = played("fan-tan", 4, 5)
    moves = [e for e in state.log if e.text.endswith(" passes") or " plays " in e.text]
    assert len(moves) == len([tok for _, tok in state.history if tok.startswith(("play:", "pass"))])
    assert all(e.notable for e in moves)
