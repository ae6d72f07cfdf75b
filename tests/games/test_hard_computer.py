"""The Hard computer in every game that offers it (issue 50): its move is legal at every kind of
moment, and the same for the same position and seed (a replay chooses what was chosen). Each game's
own tests hold it blind to the cards its seat cannot see (they re-deal those and find the same move)."""

from __future__ import annotations

import random

import pytest

from games.core import registry
from games.core.base import State, random_action

HARD = [r.key for r in registry.all_rules() if "hard" in registry.levels(r.key)]


def positions(key: str, players: int, seed: int, count: int) -> list[State]:
    """Positions of one game played by random moves, a few spread over it."""
    rules = registry.get(key)
    state = rules.new_game(players, seed=seed, options={})
    rng = random.Random(seed)
    seen: list[State] = []
    while not state.is_over and len(state.history) < 400:
        seen.append(state)
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return seen[:: max(1, len(seen) // count)][:count]


def test_every_game_offers_a_hard_computer() -> None:
    assert [r.key for r in registry.all_rules()] == HARD


@pytest.mark.parametrize("key", HARD)
def test_the_hard_computer_plays_legal_moves_and_the_same_again(key: str) -> None:
    rules = registry.get(key)
    for players in rules.player_counts[:2]:
        for state in positions(key, players, 3, 4):
            for seat in sorted(state.to_move)[:1]:
                chosen = registry.computer_move(state, seat, "hard")
                state.apply(seat, chosen)  # legal: an illegal move raises
                assert registry.computer_move(state, seat, "hard") == chosen
