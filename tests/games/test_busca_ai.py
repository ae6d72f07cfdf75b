"""Busca's computer player: always legal, and sensible in set positions: it ducks under a trick
with points, throws its costliest card when it cannot follow, takes a trick it must take as
cheaply as it can, leads cards that lose, lays aside a dangerous card
(bench.seat_strength --game busca measures its strength)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games import registry
from games.busca import BuscaState, ai, search
from games.core import decks

from .test_busca import RULES, game

SPADELESS = ["AH", "4D", "5D", "6D", "7D", "JD", "QD", "KD", "AD", "2D"]


def choice(state: BuscaState) -> str:
    seat = state.turn
    return ai.choose(state, seat, random.Random(0)).token


def test_it_ducks_under_the_best_card_shedding_the_costliest_card_that_ducks() -> None:
    state = game(4, [["QH"], [], [], ["KH", "JH", "5H", "4S"]]).apply(0, "play:QH")
    assert choice(state) == "play:JH"  # the Jack is worth a third, the 5 nothing; both lose to the Queen


def test_unable_to_follow_it_throws_away_an_ace() -> None:
    state = game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S")
    assert state.to_move == {3} and "AD" in state.hands[3]
    assert choice(state) == "play:AD"


def test_last_to_play_and_bound_to_win_it_wins_without_points() -> None:
    state = game(4, [["4S"], ["7S", "2S"], ["5S"], ["6S"]])
    for seat, card in ((0, "4S"), (3, "6S"), (2, "5S")):
        state = state.apply(seat, f"play:{card}")
    assert state.to_move == {1} and set(state.playable(1)) >= {"7S", "2S"}
    assert choice(state) == "play:7S"


def test_leading_it_keeps_a_sure_winner_back_and_leads_a_card_that_loses() -> None:
    lead = ["3S", "4H", "5D", "6D", "7D", "JD", "QD", "KD", "AD", "2D"]
    state = game(4, [lead])
    assert choice(state) in {"play:4H", "play:5D", "play:6D", "play:7D"}


def test_a_three_player_dealer_lays_aside_a_high_card() -> None:
    state = game(3, [[], ["3C"]], then=["4D"])
    assert state.discarding and state.to_move == {1}
    token = choice(state)
    assert token.startswith("discard:") and token.split(":")[1][:-1] in {"3", "2", "A"}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_computers_in_every_seat_play_legal_moves_to_the_end(players: int) -> None:
    state = RULES.new_game(players, seed=players)
    assert isinstance(state, BuscaState)
    while not state.is_over:
        seat = state.turn
        action = ai.choose(state, seat, decks.rng(1, len(state.history)))
        assert action.token in {a.token for a in state.legal_actions(seat)}
        state = state.apply(seat, action)
    assert state.outcome is not None and max(state.totals) >= 31


def test_holding_every_counting_card_still_out_it_plays_to_win_them_all() -> None:
    """Cappotto is 0 against 11 for everyone else: with every counting card taken so far and the
    last one in hand, it leads that card to win it rather than a card that loses."""
    start = game(4, [])
    hands = (("3S", "4H"), ("5S", "5H"), ("6S", "6H"), ("7S", "7H"))
    rest = tuple(c for c in decks.busca() if not any(c in h for h in hands))
    won = dataclasses.replace(start, hands=hands, taken=(rest, (), (), ()), tricks_won=(8, 0, 0, 0))
    assert choice(won) == "play:3S"
    mine = tuple(c for c in rest if c != "KC")
    shared = dataclasses.replace(won, taken=(mine, ("KC",), (), ()), tricks_won=(7, 1, 0, 0))
    assert choice(shared) == "play:4H"  # someone else has a point: no cappotto to chase, so it ducks


# -- the Hard computer -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_hard_plays_legal_moves_to_the_end_and_chooses_the_same_for_the_same_rng(players: int) -> None:
    state = RULES.new_game(players, seed=players + 20, options={"hands": 1})
    assert isinstance(state, BuscaState)
    assert "hard" in registry.levels("busca")
    while not state.is_over:
        seat = state.turn
        action = search.choose_hard(state, seat, decks.rng(2, len(state.history)), budget=2000)
        assert action in state.legal_actions(seat)
        if len(state.history) % 7 == 0:
            assert search.choose_hard(state, seat, decks.rng(2, len(state.history)), budget=2000) == action
        if len(state.history) == 3 * players:  # the shipped budget, through the registry
            assert registry.computer_move(state, seat, "hard") == registry.computer_move(state, seat, "hard")
        state = state.apply(seat, action)


def test_hard_infers_voids_and_never_deals_a_seat_a_suit_it_lacks() -> None:
    state = game(4, [["4S"], [], [], ["KH", *SPADELESS[1:]]]).apply(0, "play:4S")
    state = state.apply(3, "play:AD")
    state = state.apply(2, state.legal_actions(2)[0])
    seat = state.turn
    assert seat == 1
    known = search.knowledge(state, seat)
    assert known.voids[3] == search.SUIT_MASK[search.SUITS.index("S")]
    rng = random.Random(3)
    for _ in range(20):
        hands, _ = search.sample(known, rng)
        assert not hands[3] & search.SUIT_MASK[0]
        assert [h.bit_count() for h in hands] == [len(h) for h in state.hands]


def test_hard_ducks_under_a_trick_with_points_when_it_can() -> None:
    state = game(4, [["AH"], [], [], ["KH", "JH", "5H", "4S"]]).apply(0, "play:AH")
    assert ai.choose_hard(state, 3, random.Random(0)).token in {"play:KH", "play:JH", "play:5H"}
