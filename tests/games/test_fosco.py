"""Fosco: one test per ruling and rule point (docs/rules/fosco.md), using stacked decks."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.core import decks
from games.core.errors import BadOptions, IllegalAction
from games.fosco import RULES as FOSCO
from games.fosco import counting
from games.fosco.rules import FoscoState

from .stacking import deck_for

RULES = FOSCO
SPADES = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def game(*hands: list[str], players: int = 2, jokers: int = 0, **options: object) -> FoscoState:
    pack = decks.standard(jokers)
    sizes = [len(pack) // players + (1 if s < len(pack) % players else 0) for s in range(players)]
    deck = deck_for(pack, sizes, hands)
    state = RULES.new_game(players, seed=1, options={"jokers": jokers, **options}, deck=deck)
    assert isinstance(state, FoscoState)
    for seat, hand in enumerate(hands):  # the stacking convention really dealt these cards
        assert set(hand) <= set(state.hands[seat])
    return state


def others(*cards: str) -> list[str]:
    return [c for c in SPADES if c not in cards]


def play(state: FoscoState, *cards: str) -> FoscoState:
    for card in cards:
        (seat,) = state.to_move
        state = state.apply(seat, f"play:{card}")
    return state


def legal_cards(state: FoscoState) -> set[str]:
    (seat,) = state.to_move
    return {a.token.split(":")[1] for a in state.legal_actions(seat)}


# -- the King rules ------------------------------------------------------------------------
def test_king_double_at_11_is_illegal() -> None:
    s = play(game(["5S", "KS", "QS"], others("5S", "KS", "QS")), "5S", "6S")
    assert s.count == 22 and s.to_move == {0}
    assert legal_cards(s) == {"QS"}
    with pytest.raises(IllegalAction, match="above 10"):
        s.apply(0, "play:KS")


def test_f6_a_king_that_doubles_may_not_be_played_on_ten_and_a_half() -> None:
    # 4 + 6 + a joker's ½: doubled it would be exactly 21, but the count is above 10 (F-6).
    s = play(game(["4S", "KS", "QS"], ["6S", "X1"], jokers=2), "4S", "6S")
    s = play(s, "QS", "X1")
    assert s.count == 21 and s.to_move == {0}
    assert "KS" not in legal_cards(s)
    with pytest.raises(IllegalAction, match="above 10"):
        s.apply(0, "play:KS")
    # a Jack copying a King that doubles is held to the same rule
    assert not counting.fits(("double", 0), 21, 0) and counting.fits(("double", 0), 20, 0)
    assert counting.fits(("squares", 0), 21, 0)  # 10½ -> 16: the other King rules only mind 21


def test_king_double_at_10_makes_20() -> None:
    s = play(game(["4S", "KS"], others("4S", "KS")), "4S", "6S", "KS")
    assert s.count == 40


def test_king_fives_at_20_is_illegal() -> None:
    s = game(others("6S", "KS", "QS"), ["6S", "KS", "QS"], king="fives")
    s = play(s, "10S", "6S", "4S")
    assert s.count == 40 and s.to_move == {1}
    assert legal_cards(s) == {"QS"}
    with pytest.raises(IllegalAction):
        s.apply(1, "play:KS")


def test_king_fives_goes_to_next_multiple_strictly_above() -> None:
    s = play(game(others("KS"), ["KS"], king="fives"), "5S", "KS")
    assert s.count == 20  # 5 -> 10


def test_king_squares_takes_9_to_16() -> None:
    s = play(game(others("KS"), ["KS"], king="squares"), "9S", "KS")
    assert s.count == 32


def test_king_primes_takes_13_to_17() -> None:
    s = play(game(others("3S"), ["3S"], king="primes"), "10S", "3S", "KS")
    assert s.count == 34


def test_king_led_adds_the_led_cards_value() -> None:
    s = play(game(others("KS"), ["KS"], king="led"), "7S", "KS")
    assert s.count == 28  # 7 + 7


def test_king_led_when_a_king_leads_adds_nothing() -> None:
    s = play(game(others("AS"), ["AS"], king="led"), "KS")
    assert s.count == 0


def test_king_led_after_a_led_jack_adds_nothing() -> None:
    s = play(game(others("KS"), ["KS"], king="led"), "JS", "KS")
    assert s.count == 0


def test_king_rules_by_arithmetic() -> None:
    assert counting.raised("squares", 32, 0) == 50  # 16 -> 25: past 21
    assert counting.raised("primes", 21, 0) == 22  # 10½ -> 11
    assert counting.raised("fives", 0, 0) == 10  # 0 -> 5
    assert counting.raised("double", 21, 0) == 42  # 10½ -> 21 is allowed


# -- the Jack ------------------------------------------------------------------------------
def test_jack_after_a_number_repeats_it() -> None:
    s = play(game(others("JS"), ["JS"]), "5S", "JS")
    assert s.count == 20


def test_jack_after_a_queen_adds_nothing() -> None:
    s = play(game(others("QS"), ["QS"]), "5S", "QS", "JS")
    assert s.count == 10


def test_jack_after_a_king_acts_as_a_king() -> None:
    s = play(game(others("KS"), ["KS"]), "3S", "KS", "JS")
    assert s.count == 24  # 3 -> 6 -> 12


def test_jack_after_a_jack_does_what_that_jack_did() -> None:
    # Seat 1 holds no spades, so it plays from hearts and can answer a Jack with a Jack.
    s = play(game(SPADES, ["JH", "KH"]), "4S", "JH", "JS")
    assert s.count == 24  # 4, the Jack of hearts adds 4, the Jack of spades adds 4 again


def test_jack_copying_a_jack_that_copied_a_king_doubles() -> None:
    s = play(game(SPADES, ["KH", "JH"]), "3S", "KH", "JS")
    assert s.count == 24  # 3 -> 6 -> 12
    assert "JH" not in legal_cards(s)  # 12 doubled is past 21


def test_jack_leading_a_count_adds_nothing() -> None:
    s = play(game(others(), []), "JS")
    assert s.count == 0 and s.pile == ((0, "JS"),)


# -- the hand order ------------------------------------------------------------------------
def test_may_not_leave_spades_while_holding_one() -> None:
    s = game(["5S", "3H"], others("5S"))
    assert all(c.endswith("S") for c in legal_cards(s))
    with pytest.raises(IllegalAction, match="spades"):
        s.apply(0, "play:3H")


def test_next_suit_after_the_last_spade() -> None:
    s = game(["AS", "2H", "9H"], others("AS"))
    assert legal_cards(s) == {"AS"}
    s = play(s, "AS", "2S")
    assert legal_cards(s) == {c for c in s.hands[0] if c.endswith("H")} >= {"2H", "9H"}


def test_a_player_keeps_to_spades_while_the_opponent_has_moved_on() -> None:
    s = game(SPADES, ["2H", "3H"])
    s = play(s, "AS")
    assert all(c.endswith("H") for c in legal_cards(s))
    s = play(s, "2H")
    assert all(c.endswith("S") for c in legal_cards(s))


# -- jokers (F-2) --------------------------------------------------------------------------
def test_f2_a_joker_may_be_played_instead_of_the_current_suit() -> None:
    s = game(["X1", "5S"], ["X2"], jokers=2)
    assert "X1" in legal_cards(s)
    s = play(s, "5S", "X2")
    assert s.count == 11  # 5½


def test_f2_jokers_deal_evenly() -> None:
    two = RULES.new_game(2, seed=3, options={"jokers": 4})
    assert isinstance(two, FoscoState)
    assert [len(h) for h in two.hands] == [28, 28]
    four = RULES.new_game(4, seed=3, options={"jokers": 2})
    assert isinstance(four, FoscoState)
    assert sorted(len(h) for h in four.hands) == [13, 13, 14, 14]


# -- the optional extras: a Joker's rule (F-7), the overhaul of Jack, Queen and King (F-8) ----
def test_f7_a_joker_may_take_a_kings_rule_and_still_plays_out_of_turn_order() -> None:
    s = game(["5S", "X1"], ["X2", "7H"], jokers=2, joker="double")
    assert "X2" in legal_cards(play(s, "5S"))  # still outside the suit order (F-2)
    s = play(s, "5S", "X2")
    assert s.count == 20  # 5 doubled
    s = game(["6S", "X1"], ["5S", "X2"], jokers=2, joker="fives")
    s = play(s, "6S", "5S")  # 11
    assert "X1" in legal_cards(s) and play(s, "X1").count == 30  # 11 -> 15
    s = game(["6S", "X1"], ["5S", "X2"], jokers=2, joker="double")
    s = play(s, "6S", "5S")
    assert "X1" not in legal_cards(s)  # a Joker that doubles keeps F-6: 11 is above 10
    with pytest.raises(IllegalAction, match="doubles"):
        s.apply(0, "play:X1")


def test_f7_a_jokers_rule_without_jokers_is_refused_and_jokers_still_score_nothing() -> None:
    with pytest.raises(BadOptions, match=r"joker.*jokers 2 or 4"):
        RULES.new_game(2, seed=1, options={"joker": "primes"})
    assert counting.deal_points(["X1", "X2", *SPADES[:6]]) == 0


def test_f8_a_queen_with_a_kings_rule_counts_no_longer_zero() -> None:
    s = play(game(others("QS"), ["QS"], queen="fives"), "3S", "QS")
    assert s.count == 10  # 3 -> 5
    s = play(game(["QS"], others("QS"), queen="primes"), "QS")
    assert s.count == 4  # leading: 0 -> 2


def test_f8_a_queen_that_doubles_keeps_to_ten_as_a_king_does() -> None:
    s = play(game(["5S", "QS", "KS", "AS"], others("5S", "QS", "KS", "AS"), queen="double"), "5S", "6S")
    assert s.count == 22 and legal_cards(s) == {"AS"}
    with pytest.raises(IllegalAction, match="doubles"):
        s.apply(0, "play:QS")


def test_f8_a_jack_with_its_own_rule_no_longer_copies() -> None:
    s = play(game(others("JS"), ["JS"], jack="primes"), "5S", "JS")
    assert s.count == 14  # 5 -> 7, not 5 + 5
    s = play(game(["JS"], others("JS"), jack="squares"), "JS")
    assert s.count == 2  # leading: 0 -> 1


def test_f8_a_copying_jack_repeats_a_queens_rule() -> None:
    s = play(game(others("QS"), ["QS"], queen="fives"), "3S", "QS", "JS")
    assert s.count == 20  # 3 -> 5 -> 10


def test_f8_the_led_rule_adds_what_the_counts_first_card_came_to() -> None:
    s = play(game(others("QS"), ["QS"], queen="led"), "7S", "QS")
    assert s.count == 28  # 7 + 7
    s = play(game(["KS"], ["QS"], king="fives", queen="led"), "KS", "QS")
    assert s.count == 20  # the King made 5 of the lead; the Queen adds those 5
    s = play(game(others("AS"), ["AS"], queen="led"), "QS")
    assert s.count == 0  # led itself, it adds nothing


def test_f8_every_card_rule_is_in_the_view() -> None:
    s = game(others(), [], jokers=2, king="fives", queen="double", jack="led", joker="primes")
    assert s.view(None)["card_rules"] == {"king": "fives", "queen": "double", "jack": "led", "joker": "primes"}
    assert game(others(), []).view(0)["card_rules"] == {"king": "double", "queen": "zero", "jack": "copy",
                                                       "joker": "half"}


# -- the capture (F-3) ---------------------------------------------------------------------
def _capture_state() -> FoscoState:
    hand0 = [c for c in SPADES if c not in ("AS", "QS", "JS")]
    hand1 = ["AS", "QS", "JS", "10H"]
    return game(hand0, hand1)


def test_f3_capture_and_next_leader() -> None:
    s = _capture_state()
    s = play(s, "10S", "AS", "9S")  # 10, 11, 20: seat 1 holds only Q and J of spades
    assert s.count == 40 and s.to_move == {1}
    s = play(s, "QS")  # 20: seat 0 holds 2..8 and K of spades: nothing fits
    assert s.pile == () and s.count == 0
    assert sorted(s.captured[1]) == sorted(["10S", "AS", "9S", "QS"])
    assert s.to_move == {0}  # the player who could not play leads
    assert any(e.notable and "takes the count" in e.text for e in s.log)


def test_f4_deal_ends_when_every_hand_is_empty_and_all_cards_are_captured() -> None:
    s = RULES.new_game(4, seed=11, options={"deals": 1})
    rng = random.Random(5)
    while not s.is_over:
        (seat,) = s.to_move
        assert isinstance(s, FoscoState)
        assert s.hands[seat], "the seat to move always holds a card (F-4)"
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert isinstance(s, FoscoState)
    assert sorted(s.captured[0] + s.captured[1]) == sorted(decks.standard())


def test_f4_a_player_without_cards_passes_the_lead_on() -> None:
    # Four players; hands run out unevenly. Whenever a count starts, its leader holds cards.
    for seed in range(5):
        s = RULES.new_game(4, seed=seed, options={"deals": 1, "jokers": 2})
        rng = random.Random(seed)
        while not s.is_over:
            assert isinstance(s, FoscoState)
            (seat,) = s.to_move
            if not s.pile:
                assert s.hands[seat]
            s = s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_f5_seat_0_leads_first_and_the_lead_moves_each_deal() -> None:
    s = RULES.new_game(2, seed=4, options={"deals": 3})
    assert isinstance(s, FoscoState)
    assert s.to_move == {0}
    rng = random.Random(0)
    starts = {0: 0}
    while not s.is_over:
        (seat,) = s.to_move
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert isinstance(s, FoscoState)
        if s.deal not in starts and not s.is_over:
            starts[s.deal] = next(iter(s.to_move))
    assert starts == {0: 0, 1: 1, 2: 0}


def test_f1_every_hand_is_in_every_view() -> None:
    s = RULES.new_game(2, seed=2)
    assert isinstance(s, FoscoState)
    for viewer in (0, 1, None):
        assert s.view(viewer)["hands"] == [RULES.sort_cards(h) for h in s.hands]


# -- scoring and the end of the game -------------------------------------------------------
def test_deal_points_count_cards_above_six_by_suit_weight() -> None:
    diamonds = [r + "D" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
    assert counting.deal_points(diamonds + SPADES[:7]) == 4 * 4 + 1
    assert counting.deal_points(decks.standard(4)) == 70
    assert counting.deal_points(SPADES[:6]) == 0


def test_partnership_captures_go_to_the_side() -> None:
    s = RULES.new_game(4, seed=8, options={"deals": 1})
    rng = random.Random(1)
    captures = 0
    while not s.is_over:
        (seat,) = s.to_move
        before = s
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert isinstance(s, FoscoState) and isinstance(before, FoscoState)
        if not s.pile:  # this play ended the count: the player who made it takes it for the side
            side = seat % 2
            assert len(s.captured[side]) == len(before.captured[side]) + len(before.pile) + 1
            assert s.captured[1 - side] == before.captured[1 - side] or s.is_over
            captures += 1
    assert captures > 4
    assert s.outcome is not None
    scores = s.outcome.scores
    assert scores[0] == scores[2] and scores[1] == scores[3]


def test_target_ends_the_game_after_the_deal_that_reaches_it() -> None:
    s = RULES.new_game(2, seed=9, options={"target": 1})
    rng = random.Random(2)
    while not s.is_over:
        (seat,) = s.to_move
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert isinstance(s, FoscoState)
    assert len(s.deal_scores) == 1 and s.outcome is not None
    assert max(s.outcome.scores) >= 1


def test_deals_option_plays_exactly_that_many_deals() -> None:
    s = RULES.new_game(2, seed=9, options={"deals": 2, "target": 1})
    rng = random.Random(2)
    while not s.is_over:
        (seat,) = s.to_move
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert isinstance(s, FoscoState)
    assert len(s.deal_scores) == 2
    assert s.outcome is not None and list(s.outcome.scores) == list(s.totals)


@pytest.mark.parametrize("players", [2, 4])
def test_every_deals_end_is_recorded_and_told_suit_by_suit(players: int) -> None:
    """Issue 44 point 4: each deal's end is a round end (the picture's data) and its lines say which
    suits scored, a card over six times the suit's weight, and the game's totals."""
    s = RULES.new_game(players, seed=4, options={"deals": 3})
    rng = random.Random(players)
    while not s.is_over:
        (seat,) = s.to_move
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert isinstance(s, FoscoState) and len(s.round_ends) == 3
    totals = [0, 0]
    for n, (ended, points) in enumerate(zip(s.round_ends, s.deal_scores, strict=True)):
        assert ended["deal"] == n + 1 and ended["points"] == list(points)
        assert sum(map(sum, ended["taken"])) == 52  # every card of the pack, taken by one side
        for side, taken in enumerate(ended["taken"]):
            assert points[side] == sum(max(0, k - 6) * w for k, w in zip(taken, (1, 2, 3, 4), strict=True))
            totals[side] += points[side]
        assert ended["totals"] == totals
        assert ended["sides"] == ([[0], [1]] if players == 2 else [[0, 2], [1, 3]])
    told = [e.text for e in s.log if e.notable and e.text.startswith(("Deal", "Game:"))]
    assert len(told) == 6 and told[0].startswith("Deal 1 scored: ")
    first = s.round_ends[0]
    for side, taken in enumerate(first["taken"]):
        for suit, k in zip("\u2660\u2665\u2663\u2666", taken, strict=True):
            weight = "\u2660\u2665\u2663\u2666".index(suit) + 1
            assert (f"{suit} {k} cards +{(k - 6) * weight}" in told[0]) == (k > 6), (told[0], side)
    assert told[1] == "Game: " + ", ".join(
        f"{s._side_name(side)} {t}" for side, t in enumerate(first["totals"])) + " (3 deals)"


def test_equal_totals_are_a_draw() -> None:
    s = RULES.new_game(2, seed=1)
    assert isinstance(s, FoscoState)
    over = dataclasses.replace(s, totals=(40, 40))._finish()
    assert over.outcome is not None and over.outcome.is_draw and over.outcome.winners == frozenset()


def test_highest_total_wins() -> None:
    s = RULES.new_game(2, seed=1)
    assert isinstance(s, FoscoState)
    over = dataclasses.replace(s, totals=(12, 40))._finish()
    assert over.outcome is not None and over.outcome.winners == frozenset({1})
    assert over.outcome.scores == (12, 40)


# -- options and tokens --------------------------------------------------------------------
def test_three_players_are_refused() -> None:
    with pytest.raises(BadOptions, match="2 or 4"):
        RULES.new_game(3, seed=1)


@pytest.mark.parametrize("options", [{"king": "triple"}, {"jokers": 3}, {"target": 0}, {"colour": "red"}])
def test_bad_options_name_the_option(options: dict[str, object]) -> None:
    with pytest.raises(BadOptions, match=next(iter(options))):
        RULES.new_game(2, seed=1, options=options)


@pytest.mark.parametrize("token", ["play:", "play:ZZ", "take:5S", "", "play:" + "x" * 60])
def test_malformed_tokens_are_refused(token: str) -> None:
    with pytest.raises(IllegalAction):
        RULES.parse_action(token)


def test_a_card_not_held_is_refused_with_a_reason() -> None:
    s = game(["5S"], others("5S"))
    with pytest.raises(IllegalAction, match="do not hold"):
        s.apply(0, "play:6S")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "play:6S")
