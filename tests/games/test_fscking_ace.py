"""Fscking Ace's rules (docs/rules/fscking-ace.md): each test names the ruling or rule it holds to.

Most use a stacked deck: nothing is dealt, so the deck is the first round's stock, flipped from
the top in order. ``new`` seats the first shuffler last, so that seat 0 flips first.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core import decks
from games.core.base import VIEW_LOG_LINES
from games.core.errors import BadOptions, IllegalAction
from games.core.stakes import fill_money
from games.fscking_ace import RULES, FsckingAceState
from games.fscking_ace import values as v
from games.fscking_ace.rules import pack_for

from .leaks import leaked


def new(players: int = 4, deck: Sequence[str] | None = None, seed: int = 1, **options: Any) -> FsckingAceState:
    options.setdefault("first_dealer", players - 1)
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, FsckingAceState)
    return state


def play(state: FsckingAceState, *tokens: str) -> FsckingAceState:
    """Apply each token for whoever is to move."""
    for token in tokens:
        (seat,) = state.to_move
        state = state.apply(seat, token)
    return state


def tokens(state: FsckingAceState, seat: int) -> list[str]:
    return [a.token for a in state.legal_actions(seat)]


def by_payee(state: FsckingAceState) -> dict[int, int]:
    last = state.last_settlement
    assert last is not None
    out: Counter[int] = Counter()
    for t in last.transfers:
        out[t.payee] += t.cents
    return dict(out)


# -- the pack ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size"), [(3, 48), (5, 48), (6, 95), (10, 95), (11, 142), (15, 142),
                                                (16, 189), (20, 189), (21, 236), (26, 283), (30, 283)])
def test_packs_by_player_count_keep_one_ace_of_spades(players: int, size: int) -> None:
    state = new(players)
    assert len(pack_for(players, False)) == size
    assert len(state.stock) == size and sorted(state.stock) == sorted(pack_for(players, False))
    assert state.stock.count("AS") == 1
    packs = -(-players // 5)
    assert Counter(state.stock)["X2"] == Counter(state.stock)["7S"] == packs


def test_a_table_seats_thirty_and_refuses_a_thirty_first() -> None:
    """docs/rules/fscking-ace.md, players and pack: one more pack for every five players, up to 30."""
    assert RULES.player_counts == tuple(range(3, 31))
    with pytest.raises(BadOptions):
        RULES.new_game(31, seed=1)


def test_remove_extra_twos_keeps_one_packs_twos() -> None:
    many = Counter(pack_for(11, False))
    few = Counter(pack_for(11, True))
    assert [many[t] for t in ("2H", "2D", "2C", "2S")] == [3, 3, 3, 3]
    assert [few[t] for t in ("2H", "2D", "2C", "2S")] == [1, 1, 1, 1]
    assert sum(few.values()) == 142 - 8
    assert len(new(11, remove_extra_twos=True).stock) == 134


def test_a_stacked_deck_is_the_first_stock_and_later_rounds_are_shuffled_afresh() -> None:
    state = new(3, deck=["7D", "AS"])
    assert state.stock[:2] == ("7D", "AS")
    state = play(state, "flip", "stop", "flip")  # seat 1 turns up the Ace
    assert state.phase == "between"
    again = play(state, "next")
    assert again.round_no == 2 and again.drawn == 0 and again.stock.count("AS") == 1
    assert again.stock == tuple(decks.stack(pack_for(3, False), None, decks.rng(1, "round", 2)))


def test_a_stacked_deck_with_a_card_not_in_the_pack_is_refused() -> None:
    with pytest.raises(BadOptions, match="8S"):
        new(3, deck=["8S"])


# -- a turn -----------------------------------------------------------------------------------

def test_the_first_action_of_a_turn_must_be_a_flip() -> None:
    state = new(4, deck=["7D"])
    assert state.to_move == {0}
    assert tokens(state, 0) == ["flip"]
    before = state.to_record()
    with pytest.raises(IllegalAction, match="flip at least one card before you stop"):
        state.apply(0, "stop")
    assert state.to_record() == before
    state = play(state, "flip")
    assert tokens(state, 0) == ["flip", "stop"] and state.flips == ("7D",)


def test_stop_scores_the_turns_cards_and_passes_the_turn() -> None:
    state = play(new(4, deck=["7D", "4C", "9H"]), "flip", "flip", "stop")
    assert state.scored[0] == ("7D", "4C") and state.flips == ()
    assert state.to_move == {1}
    assert fill_money(state.log[-1].text) == "{p0} stops and scores 2 cards; this round 2 cards worth $2."


def test_each_flip_is_logged() -> None:
    state = play(new(4, deck=["7D", "X2"]), "flip", "flip")
    assert [e.text for e in state.log[-2:]] == ["{p0} flips 7♦.", "{p0} flips $10 joker."]


def test_a2_scored_cards_pile_up_over_a_players_turns() -> None:
    state = play(new(3, deck=["5D", "9C", "KH", "6D", "8H", "2H"]),
                 "flip", "stop", "flip", "stop", "flip", "stop",  # 5♦ for 0, 9♣ for 1, K♥ for 2
                 "flip", "flip", "stop")  # 6♦ and 8♥ for 0
    assert state.scored[0] == ("5D", "6D", "8H")
    assert state.view(None)["values"][0] == 300
    state = play(state, "flip", "stop")  # seat 1's red 2 doubles its earlier 9♣ too
    assert state.view(None)["values"][1] == 400


@pytest.mark.parametrize("spade", ["3S", "4S", "5S", "6S"])
def test_three_to_six_of_spades_end_the_turn_and_discard_its_cards(spade: str) -> None:
    state = play(new(4, deck=["5D", "6D", spade]), "flip", "flip", "flip")
    assert state.scored[0] == () and state.flips == ()
    assert state.discards == ("5D", "6D", spade)
    assert state.to_move == {1} and state.step == 1
    assert state.log[-1].text == (f"{{p0}} flips {spade[0]}♠: the turn ends. "
                                  "The 2 cards flipped this turn are discarded.")
    assert state.log[-1].notable


def test_a_spade_costs_only_this_turns_cards() -> None:
    state = play(new(3, deck=["5D", "QD", "QC", "6D", "3S"]), "flip", "stop", "flip", "stop", "flip", "stop",
                 "flip", "flip")
    assert state.scored[0] == ("5D",) and state.discards == ("6D", "3S")


def test_seven_of_spades_reverses_the_direction() -> None:
    state = play(new(4, deck=["5D", "7S", "9D", "JD"]), "flip", "flip")
    assert state.step == -1 and state.to_move == {3}
    assert state.discards == ("5D", "7S")
    assert state.view(None)["direction"] == "counterclockwise"
    assert "play reverses" in state.log[-1].text and state.log[-1].notable
    state = play(state, "flip", "stop")
    assert state.to_move == {2}
    state = play(state, "flip", "stop")
    assert state.to_move == {1}


def test_a1_two_of_spades_is_kept_and_ends_the_turn() -> None:
    state = play(new(4, deck=["5D", "2S"]), "flip", "flip")
    assert state.scored[0] == ("2S",) and state.discards == ("5D",)
    assert state.to_move == {1}
    view = state.view(None)
    assert view["doublers"][0] == [0, 0, 1] and view["values"][0] == 100 and view["card_counts"][0] == 1
    assert state.log[-1].notable


def test_a1_two_of_spades_is_kept_and_counts_for_the_bonus() -> None:
    # Seat 0 keeps a 2♠ (its only card); seat 1 turns up the Ace; seat 2 scored nothing.
    state = play(new(3, deck=["2S", "AS"]), "flip", "flip")
    assert state.phase == "between"
    assert by_payee(state) == {0: 100 + 100 + 1500, 2: 100}


def test_ace_of_spades_ends_the_round_and_its_flipper_loses() -> None:
    state = play(new(4, deck=["5D", "6D", "AS"]), "flip", "flip", "flip")
    assert state.phase == "between" and state.scored[0] == ()
    assert state.discards == ("5D", "6D", "AS")
    last = state.last_settlement
    assert last is not None and last.loser == 0 and last.round == 1
    assert {t.payer for t in last.transfers} == {0}
    assert "loses round 1" in state.log[-2].text and state.log[-2].notable and state.log[-1].notable
    assert tokens(state, 1) == ["next", "end", "join"] and tokens(state, 0) == []


# -- values -----------------------------------------------------------------------------------

def test_every_card_is_a_dollar_and_the_jokers_five_and_ten() -> None:
    assert v.value(["7D", "KH", "AC"]) == 300
    assert v.value(["X1"]) == 500 and v.value(["X2"]) == 1000


def test_worked_example_seven_four_king_and_five_dollar_joker_is_eight_dollars() -> None:
    state = play(new(4, deck=["7D", "4C", "KC", "X1"]), "flip", "flip", "flip", "flip")
    assert fill_money([a.label for a in state.legal_actions(0)][1]) == "Stop and score 4 cards (+$8)"
    state = play(state, "stop")
    assert state.view(None)["values"][0] == 800


def test_red_twos_double_the_regular_cards_and_compound() -> None:
    assert v.value(["2H", "5C", "X1"]) == 2 * 200 + 500
    assert v.value(["2H", "2D", "5C"]) == 3 * 400
    assert v.value(["2H", "2D", "2H", "5C", "9S"]) == 5 * 800


def test_twos_of_clubs_double_the_jokers_and_three_make_the_ten_dollar_joker_eighty() -> None:
    assert v.value(["2C", "X1"]) == 100 + 1000
    assert v.value(["2C", "2C", "2C", "X2"]) - v.value(["2C", "2C", "2C"]) == 8000
    state = play(new(11, deck=["2C", "2C", "2C", "X2"]), "flip", "flip", "flip", "flip", "stop")
    assert state.view(None)["values"][0] == 300 + 8000
    assert state.view(None)["doublers"][0] == [0, 3, 0]


def test_red_twos_and_clubs_twos_compound_each_on_their_own_cards() -> None:
    # regular: 2♥, 2♣, 8♦ = 3 cards x2; jokers: $15 x2
    assert v.value(["2H", "2C", "8D", "X1", "X2"]) == 600 + 3000


# -- settlement -------------------------------------------------------------------------------

def four_player_round() -> FsckingAceState:
    """Seat 0 scores 7♦ 4♣ K♣ $5-joker ($8, 4 cards), seat 1 3♦ ($1), seat 2 nothing, seat 3
    turns up the Ace."""
    deck = ["7D", "4C", "KC", "X1", "3D", "4S", "AS"]
    return play(new(4, deck=deck), "flip", "flip", "flip", "flip", "stop", "flip", "stop", "flip", "flip")


def test_the_loser_pays_each_player_their_value_plus_a_dollar() -> None:
    state = four_player_round()
    last = state.last_settlement
    assert last is not None and last.loser == 3 and last.multiplier == 1
    stakes = [(t.payee, t.cents, fill_money(t.reason)) for t in last.transfers if not t.reason.startswith("most")]
    assert stakes == [(0, 900, "scored $8 + $1"), (1, 200, "scored $1 + $1"), (2, 100, "scored $0 + $1")]


def test_the_bonus_is_five_dollars_a_player_to_the_most_cards() -> None:
    state = four_player_round()
    last = state.last_settlement
    assert last is not None
    bonus = [(t.payee, t.cents, t.reason) for t in last.transfers if t.reason.startswith("most")]
    assert bonus == [(0, 2000, "most cards bonus")]
    assert state.balances == (2900, 200, 100, -3200)
    summary = state.view(None)["last_settlement"]
    assert summary["stakes"] == [900, 200, 100, 0] and summary["bonus"] == [2000, 0, 0, 0]
    assert fill_money(state.log[-1].text) == (
        "Round 1 settled: {p3} pays {p0} $9, {p1} $2, {p2} $1, and the $20 most-cards bonus to {p0}; $32 in all.")


def test_a3_the_loser_is_not_eligible_for_the_bonus() -> None:
    # Seat 0 scores three cards, seat 1 one, seat 2 none; then seat 0 turns up the Ace.
    deck = ["5D", "6D", "7D", "8D", "3S", "AS"]
    state = play(new(3, deck=deck), "flip", "flip", "flip", "stop", "flip", "stop", "flip", "flip")
    last = state.last_settlement
    assert last is not None and last.loser == 0
    assert by_payee(state) == {1: 200 + 1500, 2: 100}


def test_a3_a_tied_bonus_is_split_and_odd_cents_go_in_turn_order_from_the_loser() -> None:
    # Seats 0, 1 and 3 score a card each, seat 2 loses a turn to the 4♠; seat 2 later turns up
    # the Ace: the $20 bonus three ways is 666.67 each, and the two odd cents go round from the loser.
    deck = ["5D", "6D", "4S", "7D", "3S", "5S", "AS"]
    state = play(new(4, deck=deck), "flip", "stop", "flip", "stop", "flip", "flip", "stop", "flip", "flip", "flip")
    last = state.last_settlement
    assert last is not None and last.loser == 2
    bonus = [(t.payee, t.cents, t.reason) for t in last.transfers if t.reason.startswith("most")]
    assert bonus == [(3, 667, "most cards bonus, split 3 ways"), (0, 667, "most cards bonus, split 3 ways"),
                     (1, 666, "most cards bonus, split 3 ways")]  # clockwise from the loser: 3, 0, 1
    assert "the $20 most-cards bonus shared by {p3}, {p0} and {p1}" in fill_money(state.log[-1].text)


def test_a3_odd_cents_follow_the_direction_in_force() -> None:
    # Seat 1's 7♠ turns play counterclockwise; seats 1, 2 and 3 score a card each and seat 0 turns
    # up the Ace. Counterclockwise from seat 0 the order is 3, 2, 1.
    deck = ["5D", "7S", "3S", "6D", "7D", "8D", "AS"]
    state = play(new(4, deck=deck), "flip", "stop", "flip", "flip", "flip", "stop", "flip", "stop", "flip", "stop")
    assert state.step == -1 and state.to_move == {0} and state.scored[0] == ("5D",)
    state = play(state, "flip")
    last = state.last_settlement
    assert last is not None and last.loser == 0
    assert {t.payee: t.cents for t in last.transfers if t.reason.startswith("most")} == {3: 667, 2: 667, 1: 666}
    assert state.to_move == {3}  # the next opener, counterclockwise after the loser
    # The same piles with play running clockwise: 1, 2, 3.
    s = v.settle(1, 0, [("5D",), ("8D",), ("7D",), ("6D",)], step=1)
    assert {t.payee: t.cents for t in s.transfers if t.reason.startswith("most")} == {1: 667, 2: 667, 3: 666}


def test_a3_nobody_else_scored_so_everyone_else_shares_the_bonus() -> None:
    state = play(new(4, deck=["AS"]), "flip")
    assert by_payee(state) == {1: 100 + 667, 2: 100 + 667, 3: 100 + 666}


def test_a1_each_kept_two_of_spades_doubles_everything_the_loser_pays() -> None:
    # Seat 0 keeps a 2♠, seats 1 and 2 score a card each, seat 0 turns up the Ace.
    state = play(new(3, deck=["2S", "3D", "4D", "AS"]), "flip", "flip", "stop", "flip", "stop", "flip")
    last = state.last_settlement
    assert last is not None and last.loser == 0 and last.multiplier == 2
    assert by_payee(state) == {1: 400 + 1500, 2: 400 + 1500}
    reasons = {fill_money(t.reason) for t in last.transfers}
    assert reasons == {"scored $1 + $1, doubled (the loser kept a two of spades)",
                       "most cards bonus, split 2 ways, doubled (the loser kept a two of spades)"}
    assert "Everything is doubled, as {p0} kept a two of spades." in state.log[-1].text


def test_a1_two_twos_of_spades_make_it_four_times() -> None:
    # Six players, two packs: seat 0 keeps a 2♠ on each of two turns, the others score one card
    # a turn, then seat 0 turns up the Ace.
    deck = ["2S", "9D", "3D", "3H", "3C", "JD", "2S", "4D", "5D", "6D", "8D", "10D", "AS"]
    moves = ["flip"] + ["flip", "stop"] * 5 + ["flip"] + ["flip", "stop"] * 5 + ["flip"]
    state = play(new(6, deck=deck), *moves)
    last = state.last_settlement
    assert last is not None and last.loser == 0 and last.multiplier == 4
    assert state.scored[0] == ("2S", "2S")
    # Each of five players: ($2 + $1) x 4, and a fifth of the $30 bonus x 4.
    assert by_payee(state) == {seat: 300 * 4 + 3000 * 4 // 5 for seat in range(1, 6)}
    assert all("quadrupled (the loser kept 2 twos of spades)" in t.reason for t in last.transfers)
    assert state.balances[0] == -5 * 3600


def test_a4_every_settlement_is_zero_sum() -> None:
    state = four_player_round()
    last = state.last_settlement
    assert last is not None
    net = last.net(4)
    assert sum(net) == 0 and net[3] == -last.total == -3200
    assert sum(state.balances) == 0


# -- rounds -----------------------------------------------------------------------------------

def test_first_round_is_opened_by_the_player_after_the_dealer_going_clockwise() -> None:
    state = new(5, first_dealer=2)
    assert state.to_move == {3} and state.step == 1 and state.dealer == 2
    assert state.log[-1].text == "Round 1: {p2} shuffles and {p3} flips first."


def test_the_first_dealer_is_drawn_by_lot_from_the_seed() -> None:
    state = RULES.new_game(6, seed=42)
    assert isinstance(state, FsckingAceState)
    lots = decks.rng(42, "first_dealer").sample(range(1, 101), 6)
    assert list(state.lots) == lots and state.view(None)["lots"] == lots
    assert state.dealer == lots.index(max(lots)) and state.to_move == {(state.dealer + 1) % 6}
    assert state.log[0].text.startswith("Lots for the first shuffle: {p0} ")


def test_the_next_round_is_opened_by_the_player_after_the_loser() -> None:
    state = play(new(4, deck=["5D", "6D", "AS"]), "flip", "stop", "flip", "stop", "flip")  # seat 2 loses
    assert state.to_move == {3} and state.view(None)["opener"] == 3
    assert state.status(None) == "Round 1 settled; {p3} opens the next round."
    state = play(state, "next")
    assert state.to_move == {3} and state.round_no == 2 and state.phase == "play"
    assert state.scored == ((),) * 4 and state.discards == () and state.flips == ()


def test_after_a_reversal_the_next_round_is_opened_counterclockwise_from_the_loser_and_runs_clockwise() -> None:
    state = play(new(4, deck=["7S", "AS"]), "flip", "flip")  # seat 0 reverses; seat 3 turns up the Ace
    last = state.last_settlement
    assert last is not None and last.loser == 3
    assert state.to_move == {2}
    state = play(state, "next")
    assert state.to_move == {2} and state.step == 1


def test_between_rounds_only_next_or_end() -> None:
    state = play(new(3, deck=["AS"]), "flip")
    before = state.to_record()
    for token in ("flip", "stop"):
        with pytest.raises(IllegalAction, match="the round is over: the table is choosing whether to play another"):
            state.apply(1, token)
    assert state.to_record() == before
    assert registry.default_action(state, 1).token == "next"
    with pytest.raises(IllegalAction, match="still going"):
        new(3).apply(0, "next")


def test_end_between_rounds_ends_the_game_with_net_cents_summing_to_zero() -> None:
    state = play(four_player_round(), "end")
    out = state.outcome
    assert out is not None and state.is_over and state.to_move == frozenset()
    assert out.scores == (2900, 200, 100, -3200) and sum(out.scores) == 0
    assert out.winners == {0}
    assert fill_money(out.detail) == "{p0} finishes ahead after 1 round: {p0} +$29, {p1} +$2, {p2} +$1, {p3} -$32."
    assert state.status(None) == f"Game over. {out.detail}"


def test_the_rounds_limit_ends_the_game_by_itself() -> None:
    state = play(new(3, deck=["AS"], rounds=2), "flip")
    assert state.phase == "between" and not state.is_over
    state = play(state, "next")
    while not state.is_over:
        state = play(state, "flip")  # everyone flips until somebody turns up the Ace
        if not state.is_over and state.phase == "play" and state.flips:
            state = play(state, "stop")
    assert len(state.settlements) == 2 and state.outcome is not None
    assert sum(state.outcome.scores) == 0 and state.outcome.scores == state.balances
    assert "last of the 2 rounds" in state.log[-2].text


def test_a_tie_at_the_top_shares_the_win() -> None:
    state = play(new(3, deck=["AS"]), "flip")  # seat 0 pays 1 and 2 the same
    out = play(state, "end").outcome
    assert out is not None and out.winners == {1, 2}
    assert out.detail.startswith("{p1} and {p2} finish ahead after 1 round")


# -- views ------------------------------------------------------------------------------------

def test_the_view_shows_the_table_but_not_the_stock() -> None:
    state = play(new(4, deck=["7D", "4C", "KC", "X1", "2H"]), "flip", "flip", "stop", "flip")
    view = state.view(None)
    assert view["scored"][0] == ["7D", "4C"] and view["flips"] == ["KC"] and view["turn"] == 1
    assert view["turn_value"] == 100 and view["stock"] == 45 and view["unseen_spades"] == 7
    assert view == state.view(2) | {"viewer": None, "legal": []}
    hidden = state.hidden_cards(None)
    assert "X1" in hidden and "2H" in hidden and "7D" not in hidden and "AS" in hidden
    assert hidden == set(state.stock[state.drawn:]) - {"7D", "4C", "KC"}
    for seat in (None, 0, 1, 2, 3):
        assert not leaked(state.view(seat), state.hidden_cards(seat))
    assert json.loads(json.dumps(view)) == view


def test_hidden_cards_leave_out_cards_on_view_in_the_log() -> None:
    # Round 1 shows 7♦ and the Ace; round 2's fresh stock holds them again, and while the log lines
    # naming them are on view those tokens are not counted hidden (their place in the stock is).
    state = play(new(3, deck=["7D", "AS"]), "flip", "stop", "flip", "next")
    assert {"7D", "AS"} <= set(state.stock)
    assert not {"7D", "AS"} & state.hidden_cards(None)
    assert any("7♦" in line for line in state.view(None)["log"])
    while state.phase == "play" and any("7♦" in e.text or "A♠" in e.text for e in state.log[-VIEW_LOG_LINES:]):
        state = play(state, "stop" if state.flips else "flip")
    face_up, left = set(state.stock[:state.drawn]), set(state.stock[state.drawn:])
    for tok in ("7D", "AS"):
        named = any(v.label(tok) in e.text for e in state.log[-VIEW_LOG_LINES:])
        assert (tok in state.hidden_cards(None)) == (tok in left and tok not in face_up and not named)


def test_status_says_who_is_to_flip_and_what_is_on_the_line() -> None:
    state = new(4, deck=["7D"])
    assert state.status(0) == "Round 1: {p0} to flip a card (48 cards left, play goes clockwise)."
    state = play(state, "flip")
    assert state.status(None) == ("Round 1: {p0} has 1 card on the line; flip again or stop and score them "
                                  "(47 cards left).")


def test_the_record_replays_to_the_same_state() -> None:
    state = play(four_player_round(), "next", "flip", "flip")
    assert RULES.from_record(json.loads(json.dumps(state.to_record()))) == state
    assert registry.get("fscking-ace") is RULES


# -- a property over whole games ----------------------------------------------------------------

@settings(max_examples=30, deadline=None, derandomize=True)
@given(players=st.integers(3, 8), seed=st.integers(0, 10_000), stop=st.floats(0.1, 0.9))
def test_a4_every_round_balances_and_balances_are_the_sum_of_movements(players: int, seed: int,
                                                                      stop: float) -> None:
    state = RULES.new_game(players, seed=seed)
    assert isinstance(state, FsckingAceState)
    rng = random.Random(seed)
    while not state.is_over:
        (seat,) = state.to_move
        legal = tokens(state, seat)
        if "next" in legal:
            token = "end" if rng.random() < 0.25 else "next"
        else:
            token = "stop" if "stop" in legal and rng.random() < stop else "flip"
        state = state.apply(seat, token)
    moved = [0] * players
    for s in state.settlements:
        assert sum(s.net(players)) == 0
        assert all(t.payer == s.loser != t.payee and t.cents > 0 for t in s.transfers)
        for t in s.transfers:
            moved[t.payer] -= t.cents
            moved[t.payee] += t.cents
    assert tuple(moved) == state.balances
    assert state.outcome is not None and state.outcome.scores == state.balances and sum(moved) == 0


def test_a_newcomer_joins_between_rounds_and_the_next_pack_fits_the_new_table() -> None:
    state = play(new(5, deck=["5D", "AS"]), "flip", "flip")  # seat 0 loses round 1 at once
    assert state.between_rounds and state.can_join
    before = state.balances
    state = state.apply(state.turn, "join")
    assert state.players == 6 and state.balances == (*before, 0) and state.between_rounds
    assert "{p5} joins the table and plays from round 2." in state.log[-1].text
    state = state.apply(state.turn, "next")
    assert state.round_no == 2 and len(state.stock) == 95  # six players: two packs, one Ace of spades
    assert state.to_record()["players"] == 5  # the record replays the join itself
    assert RULES.from_record(state.to_record()) == state
    with pytest.raises(IllegalAction, match="round is still going"):
        state.apply(state.turn, "join")


def test_no_one_can_join_a_full_table() -> None:
    state = play(new(RULES.max_players, deck=["AS"]), "flip")
    assert state.between_rounds and not state.can_join
    assert tokens(state, state.turn) == ["next", "end"]
    with pytest.raises(IllegalAction):
        state.apply(state.turn, "join")


def test_the_last_of_a_set_number_of_rounds_is_known_while_it_is_played() -> None:
    state = new(4, deck=["5D", "AS"], rounds=2)
    assert not state.final_round
    state = play(state, "flip", "flip")
    state = state.apply(state.turn, "next")
    assert state.round_no == 2 and state.final_round and not RULES.new_game(4, seed=1).final_round
