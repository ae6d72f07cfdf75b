"""Busca's rules (docs/rules/busca.md), each test citing its ruling where there is one."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.busca import BuscaState
from games.busca.rules import HAND_SIZES
from games.busca.scoring import ALL_THIRDS, hand_scores, thirds, thirds_text
from games.core import decks
from games.core.errors import IllegalAction

from .leaks import leaked
from .stacking import deck_for

RULES = registry.get("busca")
PACK = decks.busca()


def game(players: int, hands: list[list[str]], then: list[str] = (), **options: object) -> BuscaState:  # type: ignore[assignment]
    deck = deck_for(PACK, [HAND_SIZES[players]] * players, hands, then)
    state = RULES.new_game(players, seed=3, options={"first_dealer": 1, **options}, deck=deck)
    assert isinstance(state, BuscaState)
    return state


def first_legal(state: BuscaState) -> BuscaState:
    """Play the hand in progress to its end, every seat its first legal card."""
    hand = state.hand_no
    while state.hand_no == hand and not state.is_over:
        seat = state.turn
        state = state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_the_pack_has_40_cards_and_each_table_size_deals_it_all() -> None:
    assert len(PACK) == 40 and not any(c[:-1] in ("8", "9", "10") for c in PACK)
    for players, size in ((3, 13), (4, 10), (5, 8)):
        state = RULES.new_game(players, seed=5, options={"first_dealer": 0})
        assert isinstance(state, BuscaState)
        got = sorted(len(h) for h in state.hands)
        assert got == [size] * (players - 1) + [size + (1 if players == 3 else 0)]
        assert sorted(c for h in state.hands for c in h) == sorted(PACK)


def test_a_stacked_deck_deals_seat_0_first_and_three_players_give_the_40th_card_to_the_dealer() -> None:
    state = game(3, [["3S", "2S"], ["3H"], ["3C"]], then=["4D"])
    assert state.hands[0][:2] == ("3S", "2S") and state.hands[1][0] == "3H" and state.hands[2][0] == "3C"
    assert len(state.hands[1]) == 14 and state.hands[1][-1] == "4D"  # seat 1 deals


def test_play_goes_counter_clockwise_from_the_dealers_right() -> None:
    state = game(4, [["4S"], ["5S"], ["6S"], ["7S"]])  # seat 1 deals: seat 0 is on its right
    assert state.to_move == {0} and state.status(None) == "{p0} to lead"
    order = []
    while len(order) < 4:
        seat = state.turn
        order.append(seat)
        state = state.apply(seat, f"play:{['4S', '5S', '6S', '7S'][seat]}")
    assert order == [0, 3, 2, 1]


def test_follow_suit_if_able_and_the_refusal_says_why_and_changes_nothing() -> None:
    state = game(4, [["4S"], ["5S", "QH"], ["JH", "6S"], ["AH", "7S"]])
    state = state.apply(0, "play:4S")
    assert state.to_move == {3}
    with pytest.raises(IllegalAction, match="you must follow spades"):
        state.apply(3, "play:AH")
    with pytest.raises(IllegalAction, match="you do not hold"):
        state.apply(3, "play:3D")
    assert state.hands[3][0] == "AH" and len(state.history) == 1
    following = {a.token for a in state.legal_actions(3)}
    assert following == {f"play:{c}" for c in state.hands[3] if c.endswith("S")}


def test_the_highest_card_of_the_suit_led_wins_in_busca_order_and_others_never_win() -> None:
    # 3 beats 2 beats Ace beats King …; an Ace of another suit does not win a spade trick.
    void = ["AH", "4D", "5D", "6D", "7D", "JD", "QD", "KD", "AD", "2D"]  # no spades
    state = game(4, [["KS"], ["3S"], ["2S"], void])
    for seat, card in ((0, "KS"), (3, "AH"), (2, "2S"), (1, "3S")):
        state = state.apply(seat, f"play:{card}")
    assert state.last_trick is not None and state.last_trick[0] == 1 and state.to_move == {1}
    assert state.tricks_won == (0, 1, 0, 0) and thirds(state.taken[1]) == 6


def test_b2_others_score_their_points_rounded_down_and_the_last_trick_the_rest_of_11() -> None:
    scores, cappotto = hand_scores([5, 7, 10, 10], last=3)  # 1⅔, 2⅓, 3⅓, 3⅓
    assert scores == (1, 2, 3, 5) and cappotto is None and sum(scores) == 11
    assert hand_scores([0, 0, 32], last=0) == ((11, 11, 0), 2)  # B-1, whoever took the last trick
    assert [thirds_text(v) for v in (0, 1, 2, 3, 11, 32)] == ["0", "\u2153", "\u2154", "1", "3\u2154", "10\u2154"]


def test_b1_cappotto_one_player_takes_every_counting_card() -> None:
    tops = [f"{r}{s}" for s in "SHCD" for r in ("3", "2")]
    state = game(5, [tops], first_dealer=1)  # seat 0 leads every trick with a winner
    state = first_legal(state)
    record = state.round_ends[0]
    assert record["cappotto"] == 0 and record["thirds"][0] == ALL_THIRDS
    assert state.totals == (0, 11, 11, 11, 11)
    assert any("Cappotto" in e.text and e.notable for e in state.log)


def test_three_players_the_dealers_card_laid_aside_is_hidden_then_goes_to_the_last_trick() -> None:
    state = game(3, [], then=["AS"])
    assert state.discarding and state.to_move == {1}
    assert all(a.token.startswith("discard:") for a in state.legal_actions(1)) and len(state.legal_actions(1)) == 14
    with pytest.raises(IllegalAction, match="lays a card aside first"):
        state.apply(1, "play:" + state.hands[1][0])
    state = state.apply(1, "discard:AS")
    assert state.to_move == {0} and "AS" not in state.hands[1] and len(state.hands[1]) == 13
    for seat in (0, 2, None):
        assert "AS" in state.hidden_cards(seat) and not leaked(state.view(seat), {"AS"})
    assert state.view(1)["discard"] == "AS" and state.view(1)["set_aside"]
    state = first_legal(state)
    record = state.round_ends[0]
    last = record["last_trick"]
    assert record["discard"] == "AS" and "AS" in record["counting"][last]
    assert sum(record["thirds"]) == ALL_THIRDS
    assert any("AS" not in e.text and "A\u2660" in e.text and "goes to" in e.text for e in state.log)


def test_the_deal_passes_to_the_right_and_the_view_log_starts_with_the_last_result() -> None:
    state = first_legal(RULES.new_game(4, seed=9, options={"first_dealer": 2}))  # type: ignore[arg-type]
    assert state.dealer == 1 and state.to_move == {0} and state.hand_no == 1
    log = state.view(0)["log"]
    assert log[0].startswith("Hand 1 scores") and not any(" plays " in line for line in log)
    assert state.view(0)["last_trick"] is None and state.view(0)["last_hand"]["hand"] == 1


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000))
def test_every_hand_scores_11_in_all_and_every_card_is_taken(players: int, seed: int) -> None:
    state = RULES.new_game(players, seed=seed, options={"hands": 3})
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, BuscaState) and len(state.round_ends) == 3
    for record in state.round_ends:
        assert sum(record["thirds"]) == ALL_THIRDS
        assert sum(record["tricks"]) == HAND_SIZES[players]
        if record["cappotto"] is None:
            assert sum(record["scores"]) == 11
    assert list(state.totals) == [sum(r["scores"][s] for r in state.round_ends) for s in range(players)]


def test_the_game_ends_at_the_target_and_the_lowest_total_wins() -> None:
    state = RULES.new_game(4, seed=2, options={"target": 11})
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert isinstance(state, BuscaState) and max(state.totals) >= 11
    assert all(max(r["totals"]) < 11 for r in state.round_ends[:-1])
    outcome = state.outcome
    assert outcome is not None and outcome.scores == state.totals
    assert outcome.winners == {s for s, t in enumerate(state.totals) if t == min(state.totals)}
    assert "lowest total" in outcome.detail


def test_b3_equal_lowest_totals_share_the_win_and_all_level_is_a_draw() -> None:
    state = RULES.new_game(3, seed=1, options={"hands": 1})
    assert isinstance(state, BuscaState)
    two = dataclasses.replace(state, totals=(4, 4, 9))._finish()
    assert two.outcome is not None and two.outcome.winners == {0, 1} and "share the win" in two.outcome.detail
    level = dataclasses.replace(state, totals=(5, 5, 5))._finish()
    assert level.outcome is not None and level.outcome.is_draw


def test_a_set_number_of_hands_ends_the_game_whatever_the_totals() -> None:
    state = RULES.new_game(5, seed=4, options={"hands": 2, "target": 5})
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert isinstance(state, BuscaState) and state.hand_no == 2


@pytest.mark.parametrize("token", ["play:8S", "play:10H", "discard:", "lead:3S", "play:3S,2S", "play:X1"])
def test_tokens_that_are_not_busca_moves_are_refused(token: str) -> None:
    with pytest.raises(IllegalAction, match="not a Busca move"):
        RULES.parse_action(token)
