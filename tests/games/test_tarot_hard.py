"""The tarot base games' Hard computer (Scarto, Tarocchi, Conference under every rule set):
offered by the registry, always legal, the same for the same random numbers, blind to what its
seat cannot see (its partner's hand included), in the game's last hand as much as before, and
playing the last hand for the game (bench.seat_strength --level hard --baseline normal measures
it against Normal)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.core.base import random_action
from games.tarot import simulation as sim
from games.tarot.base import hard, knowledge
from games.tarot.base import search as ai
from games.tarot.base.state import TarotTableState

from .test_table_ai import EVERY, GAMES, IDS, assert_a_legal_move, new_game, permuted, position, positions


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's search with the smallest budgets, so that whole games stay fast (its shortlist and
    its last hand's objective are kept: the choices are still Hard's)."""
    monkeypatch.setattr(hard, "EFFORT", dataclasses.replace(
        hard.EFFORT, budget=1, min_deals=2, max_deals=2, shortlist_deals=2, exact_tree=30, discard_candidates=3,
        discard_budget=1))


def hard_choice(state: TarotTableState, seat: int, seed: int = 0) -> str:
    return hard.choose_hard(state, seat, random.Random(seed)).token


def last_hand_positions(key: str, ruleset: str, seed: int) -> list[TarotTableState]:
    """Positions of the game's last hand (random play up to it), where Hard plays for the game."""
    state = new_game(key, seed, ruleset=ruleset)
    rng = random.Random(seed)
    found: list[TarotTableState] = []
    while not state.is_over and len(found) < 6:
        seat = min(state.to_move)
        if (state.hand_no == state.players - 1 and len(state.legal_actions(seat)) > 1
                and (state.phase != "play" or len(state.played) % 7 == 3)):
            found.append(state)
        state = state.apply(seat, random_action(state, seat, rng))
    return found


@pytest.mark.parametrize("key", GAMES)
def test_the_registry_offers_hard(key: str) -> None:
    assert "hard" in registry.levels(key)


@pytest.mark.parametrize(("key", "ruleset"), [("scarto", "courtship"), ("tarocchi", "last-laugh"),
                                               ("conference", "tontine"), ("scarto", "plain")])
def test_hard_finishes_whole_games_making_only_legal_moves(key: str, ruleset: str, small: None) -> None:
    """One Hard seat (a whole side in the partnership games) against random play, through every
    hand of a game, through the registry; every move is one the game offers (the blindness test
    below makes Hard's moves in every game and rule set)."""
    state = new_game(key, 4, ruleset=ruleset)
    rules = state.table
    mine = set(rules.partnerships(state.players)[0]) if rules.partnerships(state.players) else {0}
    rng = random.Random(4)
    while not state.is_over:
        seat = min(state.to_move)
        if seat not in mine:
            state = state.apply(seat, random_action(state, seat, rng))
            continue
        action = registry.computer_move(state, seat, "hard")
        assert_a_legal_move(state, seat, action)
        state = state.apply(seat, action)
    assert state.outcome is not None


@pytest.mark.parametrize(("key", "ruleset"), EVERY, ids=IDS)
def test_hard_chooses_the_same_whatever_lies_in_the_cards_it_cannot_see(key: str, ruleset: str, small: None) -> None:
    """Two states that differ only in how the hidden cards are split (a partner's as much as an
    opponent's) give the same view and the same Hard move for the same random numbers, in the
    first hand and in the last."""
    rng = random.Random(7)
    phases = set()
    tried = 0
    for state in [*positions(key, ruleset, 11), *last_hand_positions(key, ruleset, 12)]:
        for seat in sorted(state.to_move):
            other = permuted(state, seat, rng)
            if {a.token for a in other.legal_actions(seat)} != {a.token for a in state.legal_actions(seat)}:
                continue  # K-14: whether a summons is offered may depend on where the servant is
            assert other.view(seat) == state.view(seat)
            assert hard_choice(other, seat, seed=11) == hard_choice(state, seat, seed=11)
            assert hard_choice(state, seat, seed=11) == hard_choice(state, seat, seed=11)
            phases.add(state.phase)
            tried += state.hand_no == state.players - 1
    assert {"discard", "play"} <= phases and tried


@pytest.mark.parametrize("key", GAMES)
def test_in_the_last_hand_hard_counts_winning_the_game(key: str) -> None:
    """Normal's objective is the points; Hard's adds what winning the game is worth (half of it
    for partners level), and only in the game's last hand, where the totals then decide it."""
    state = new_game(key, 2)
    rng = random.Random(2)
    while state.hand_no < state.players - 1 or state.phase != "play":
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    seat = min(state.to_move)
    table = ai.Knowledge(state, seat).table(rng)
    while table.done < table.total:
        table.play(table.legal(table.to_move())[0])
    points = table.side_points()
    totals = [state.scores[s] + points[state.side(s)] for s in range(state.players)]
    mine = totals[seat]
    others = [totals[s] for s in range(state.players) if state.side(s) != state.side(seat)]
    if state.table.partnerships(state.players):
        bonus = 30.0 if mine > others[0] else 15.0 if mine == others[0] else 0.0
    else:
        bonus = 30.0 if mine >= max(others) else 0.0
    assert ai._objective(state, seat, 30.0)(table) - ai._objective(state, seat)(table) == bonus
    earlier = dataclasses.replace(state, hand_no=0)
    assert ai._objective(earlier, seat, 30.0)(table) == ai._objective(earlier, seat)(table)


def test_soft_inference_doubts_the_cards_a_seat_would_have_taken_a_trick_with() -> None:
    """Seat 1 followed under seat 0's 9 of swords, and seat 2 did so last to play (so surely it
    could not beat it): higher swords in their hands become unlikely, seat 2's the more, and Hard's
    deals hold them there less often than the plain deals do. Only the public plays count: seat 0's
    own card doubts nothing, and the hands' true contents change nothing."""
    hands = [["9S", "T3", "T1", "5D", "6D", "7B", "8B"], ["2S", "KS", "NS", "4S", "2B", "3B", "4B"],
             ["3S", "T2", "7C", "8C", "9C", "7D", "8D"]]
    state = position("scarto", hands, dealer=2, discard=("9D", "10D"))
    for seat, card in ((0, "9S"), (1, "2S"), (2, "3S")):
        state = state.apply(seat, f"play:{card}")
    assert state.to_move == {0}
    seen = knowledge.Knowledge(state, 0, soft=0.3)
    higher = {sim.ID[c] for c in ("10S", "JS", "NS", "QS", "KS")}
    assert set(seen.doubts) == {1, 2}
    assert seen.doubts[1] == pytest.approx(dict.fromkeys(higher, 0.3))
    assert seen.doubts[2] == pytest.approx(dict.fromkeys(higher, 0.09))
    assert knowledge.Knowledge(state, 0).doubts == {}  # Normal's: off
    rng = random.Random(5)
    plain = sum(len(higher & set(seen.sample(rng)[2])) for _ in range(300))
    likely = sum(len(higher & set(seen.likely(rng)[2])) for _ in range(300))
    assert likely < plain / 2
    other = permuted(state, 0, random.Random(9))
    assert other.hands != state.hands
    assert knowledge.Knowledge(other, 0, soft=0.3).doubts == seen.doubts
    assert knowledge.Knowledge(state, 1, soft=0.3).doubts == {2: dict.fromkeys(higher, pytest.approx(0.09))}
