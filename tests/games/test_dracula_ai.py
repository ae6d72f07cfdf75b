"""Dracula's computer player: legal, deterministic, in step with the scoring rules, and far
better than chance."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.core import decks
from games.dracula import RULES, ai
from games.dracula import scoring as sc
from games.dracula.rules import DraculaState


def new(players: int, seed: int = 0, options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None) -> DraculaState:
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, DraculaState)
    return state


def test_fast_scoring_matches_the_rules() -> None:
    rng = random.Random(7)
    pack = decks.standard(2)
    for _ in range(500):
        grid = rng.sample(pack, 9)
        board = [ai.INDEX[t] for t in grid]
        for mine in ("rows", "cols"):
            result = sc.score_coffin(grid, (mine, sc.other(mine)))
            assert ai.coffin_margin(board, mine) == result.scored[0] - result.scored[1]
            assert ai.line_values(board, mine) == list(sc.line_values(grid, mine))


def _game(players: int, seed: int, ai_side: int | None, work: int = ai.WORK[2]) -> DraculaState:
    """One game: the AI plays for ``ai_side`` (None: every seat), the rest play at random."""
    state = new(players, seed=seed)
    chance = decks.rng(seed, "random-player")
    thinking = decks.rng(seed, "ai-player")
    while not state.is_over:
        seat = min(state.to_move)
        if ai_side is None or seat % 2 == ai_side:
            action = ai.choose(state, seat, thinking)
            assert action in state.legal_actions(seat)
        else:
            action = chance.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_ai_plays_only_legal_moves(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ai.WORK, players, 1500)  # a lighter search keeps the test quick
    for seed in range(2):
        assert _game(players, seed, None).outcome is not None


def test_ai_is_deterministic_given_its_rng() -> None:
    state = new(2, seed=3, options={"first_dealer": 0}).apply(0, "way:rows")
    seat = min(state.to_move)
    first = ai.choose(state, seat, random.Random(5))
    assert all(ai.choose(state, seat, random.Random(5)) == first for _ in range(3))


def test_ai_completes_its_own_five_times_line() -> None:
    # Seat 1 scores columns and holds only 9C; the left column already has 5C and 7C.
    deck = ["7C", "2D", "AH", "6D", "3H", "5C", "10H", "9C", "4S"]
    state = new(2, seed=1, options={"first_dealer": 0}, deck=deck).apply(0, "way:rows")
    for seat, token in [(1, "place:2D@01"), (0, "place:7C@10"), (1, "place:6D@12"), (0, "place:AH@21"),
                        (1, "place:5C@00"), (0, "place:3H@02")]:
        state = state.apply(seat, token)
    assert {a.token for a in state.legal_actions(1)} == {"place:9C@20", "place:9C@22"}
    assert ai.choose(state, 1, random.Random(1)).token == "place:9C@20"


def test_ai_beats_random_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ai.WORK, 2, 1500)
    wins = 0
    for seed in range(30):
        side = seed % 2
        outcome = _game(2, 1000 + seed, side).outcome
        assert outcome is not None
        wins += side in outcome.winners
    assert wins >= 26  # measured 30/30; full strength wins 100% of 500 games


def test_ai_choice_does_not_depend_on_the_opponents_hidden_cards() -> None:
    mine, centre = ["AS", "2S", "3S", "4S"], ["QS"]
    decks_ = [[c for pair in zip(mine, theirs, strict=True) for c in pair] + centre
              for theirs in (["5H", "6H", "7H", "8H"], ["9C", "10C", "KD", "2D"])]
    choices = set()
    for deck in decks_:
        state = new(2, seed=4, options={"first_dealer": 1}, deck=deck).apply(1, "way:rows")
        choices.add(ai.choose(state, 0, random.Random(2)).token)
    assert len(choices) == 1


# -- the Hard computer (issue 50) -----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_hard_plays_only_legal_moves_and_the_same_move_for_the_same_generator(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ai.HARD_WORK, players, 3000)  # a lighter search keeps the test quick
    state = new(players, seed=2)
    thinking = decks.rng(2, "hard-player")
    for _ in range(24 if players == 2 else 12):
        if state.is_over:
            break
        seat = min(state.to_move)
        action = ai.choose_hard(state, seat, random.Random(len(state.history)))
        assert action in state.legal_actions(seat)
        assert ai.choose_hard(state, seat, random.Random(len(state.history))) == action
        state = state.apply(seat, action if seat % 2 == 0 else thinking.choice(state.legal_actions(seat)))


def test_hard_is_offered_and_its_shipped_search_is_deterministic() -> None:
    from games import registry
    assert "hard" in registry.levels("dracula")
    state = new(2, seed=3, options={"first_dealer": 0}).apply(0, "way:rows")
    seat = min(state.to_move)
    first = registry.computer_move(state, seat, "hard")
    assert first in state.legal_actions(seat) and registry.computer_move(state, seat, "hard") == first


def test_hard_completes_its_own_five_times_line() -> None:
    deck = ["7C", "2D", "AH", "6D", "3H", "5C", "10H", "9C", "4S"]
    state = new(2, seed=1, options={"first_dealer": 0}, deck=deck).apply(0, "way:rows")
    for seat, token in [(1, "place:2D@01"), (0, "place:7C@10"), (1, "place:6D@12"), (0, "place:AH@21"),
                        (1, "place:5C@00"), (0, "place:3H@02")]:
        state = state.apply(seat, token)
    assert ai.choose_hard(state, 1, random.Random(1)).token == "place:9C@20"


@pytest.mark.parametrize("players", [2, 4])
def test_hard_choice_does_not_depend_on_the_cards_the_seat_cannot_see(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from .test_dracula_teaching import redealt
    if players == 4:
        monkeypatch.setitem(ai.HARD_WORK, 4, 20_000)
    state = new(players, seed=9, options={"first_dealer": 0}).apply(0, "way:cols")
    for _ in range(2):  # into the coffin, so there are real choices
        seat = min(state.to_move)
        state = state.apply(seat, ai.choose(state, seat, random.Random(0)))
    seat = min(state.to_move)
    first = ai.choose_hard(state, seat, random.Random(4))
    for seed in range(2):
        other = redealt(state, seat, seed)
        assert other.hands != state.hands or other.stock != state.stock
        assert ai.choose_hard(other, seat, random.Random(4)) == first
