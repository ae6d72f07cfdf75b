"""Bullshit's rules (docs/rules/bullshit.md), each test citing its ruling where there is one."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from games import registry
from games.bullshit import BullshitState
from games.bullshit.rules import _hand_sizes, packs_for
from games.core import decks
from games.core.base import Clock, random_action
from games.core.cards import STANDARD_RANKS
from games.core.errors import IllegalAction

from .leaks import leaked
from .stacking import deck_for

RULES = registry.get("bullshit")


def game(players: int, hands: list[list[str]], dealer: int = 0, **options: object) -> BullshitState:
    pack = decks.standard() * packs_for(players)
    deck = deck_for(pack, _hand_sizes(players, dealer, len(pack)), hands)
    state = RULES.new_game(players, seed=3, options={"first_dealer": dealer, **options}, deck=deck)
    assert isinstance(state, BullshitState)
    return state


def four(**options: object) -> BullshitState:
    """Seat 1 holds the Ace of spades and starts; seat 3 deals."""
    return game(4, [["2C", "3C"], ["AS", "AH", "KD"], ["AD", "5S"], ["AC", "9S"]], dealer=3, **options)


def test_one_pack_to_six_players_two_from_seven_and_every_card_dealt() -> None:  # S-1
    for players in RULES.player_counts:
        state = RULES.new_game(players, seed=players)
        assert isinstance(state, BullshitState)
        packs = 1 if players <= 6 else 2
        assert sorted(c for h in state.hands for c in h) == sorted(decks.standard() * packs)
        sizes = sorted(len(h) for h in state.hands)
        assert sizes[-1] - sizes[0] <= 1
        assert state.most == 4 * packs


def test_the_odd_cards_go_to_the_dealers_left_first() -> None:
    state = RULES.new_game(5, seed=1, options={"first_dealer": 2})
    assert isinstance(state, BullshitState)
    assert [len(h) for h in state.hands] == [10, 10, 10, 11, 11]  # 52 = 5 x 10 + 2, to seats 3 and 4


def test_the_ace_of_spades_starts_and_the_declared_rank_climbs_round_to_aces() -> None:
    state = four()
    assert state.to_move == {1} and state.view(None)["rank"] == "A"
    declared = []
    for _ in range(14):
        declared.append(state.view(None)["rank"])
        seat = state.turn
        state = state.apply(seat, f"play:{state.hands[seat][0]}")
        for other in sorted(state.to_move):
            if not state.window or other != state.window.seat:
                state = state.apply(other, "pass")
    assert declared == ["A", *"23456789", "10", "J", "Q", "K", "A"]


def test_with_two_packs_the_first_ace_of_spades_holder_left_of_the_dealer_starts() -> None:
    state = game(8, [["AS"], [], [], [], [], ["AS"]], dealer=4)  # seats 5 and 0 hold one each
    assert state.to_move == {5}
    state = game(8, [["AS"], [], [], [], [], ["AS"]], dealer=6)
    assert state.to_move == {0}


def test_a_play_opens_a_window_for_every_other_seat_and_the_next_seat_may_play_over_it() -> None:  # S-2
    state = four().apply(1, "play:AS,KD")
    assert state.window is not None and state.to_move == {0, 2, 3}
    assert state.view(None)["pile"] == 2 and state.status(None).startswith("{p1} says 2 \u00d7 Aces")
    assert state.pick(2) is not None and state.pick(3) is None and state.pick(0) is None
    assert {a.token for a in state.offered(3)} == {"call", "pass"}
    after = state.apply(2, "play:5S")  # the next seat plays: the window closes, the play stands
    assert after.window is not None and after.window.seat == 2 and after.view(None)["rank"] == "3"
    assert len(after.hands[1]) == 11 and after.pile[:2] == ("AS", "KD") and after.to_move == {0, 1, 3}


def test_the_window_closes_when_every_other_seat_lets_it_stand() -> None:  # S-2
    state = four().apply(1, "play:AS")
    for seat in (3, 0):
        state = state.apply(seat, "pass")
        assert state.window is not None and seat not in state.to_move
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(3, "call")  # passed already: out of this window
    state = state.apply(2, "pass")
    assert state.window is None and state.to_move == {2} and state.pile == ("AS",)


def test_a_call_on_a_lie_gives_the_player_the_pile() -> None:  # S-2
    state = four().apply(1, "play:AS").apply(2, "play:AD")  # a truthful Ace, then a 2 that is an Ace
    state = state.apply(0, "call")
    assert state.window is None and state.pile == ()
    assert sorted(state.hands[2]) == sorted(["5S", "AS", "AD"] + list(four().hands[2][2:]))
    assert state.reveal is not None and state.reveal["lie"] and state.reveal["taker"] == 2
    assert state.reveal["cards"] == ["AD"] and state.to_move == {3}  # play goes on after the one called
    assert state.view(None)["rank"] == "3"
    assert "picks up the pile of 2" in state.log[-1].text and state.log[-1].shown == "Turned up: A\u2666"


def test_a_call_on_the_truth_gives_the_caller_the_pile_and_only_the_first_call_counts() -> None:  # S-2
    state = four().apply(1, "play:AS,AH").apply(3, "call")
    assert state.hands[3][-2:] == ("AS", "AH") and not state.reveal["lie"]  # type: ignore[index]
    assert state.to_move == {2}
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(0, "call")  # the window closed with the first call


def near_the_end(declare: str, last: tuple[str, ...] = ("2C",), **options: object) -> BullshitState:
    """Four players, seat 0 to play holding only ``last``, the table up to ``declare``."""
    start = four(**options)
    spare = [c for c in start.hands[0] if c not in last]
    hands = (last, start.hands[1] + tuple(spare[:6]), start.hands[2] + tuple(spare[6:]), start.hands[3])
    return dataclasses.replace(start, hands=hands, turn=0, rank=STANDARD_RANKS.index(declare))


def test_last_cards_cannot_be_played_over_and_win_once_they_stand() -> None:  # S-2, S-3
    state = near_the_end("9", last=("2C", "3C")).apply(0, "play:2C,3C")
    assert state.window is not None and state.window.last_cards and state.to_move == {1, 2, 3}
    with pytest.raises(IllegalAction, match="last cards"):
        state.apply(1, f"play:{state.hands[1][0]}")
    assert state.pick(1) is None and state.status(None).endswith("call bullshit or let it stand")
    won = state.apply(1, "pass").apply(2, "pass").apply(3, "pass")
    assert won.outcome is not None and won.outcome.winners == {0} and won.outcome.scores == (3, 0, 0, 0)
    assert won.to_move == frozenset()


def test_last_cards_caught_lying_pick_up_the_pile_and_play_on() -> None:  # S-3
    state = near_the_end("3").apply(0, "play:2C").apply(2, "call")
    assert not state.is_over and state.hands[0] == ("2C",) and state.reveal["lie"]  # type: ignore[index]
    assert state.to_move == {1}


def test_last_cards_called_and_true_win() -> None:  # S-3
    state = near_the_end("2").apply(0, "play:2C").apply(3, "call")
    assert state.outcome is not None and state.outcome.winners == {0}
    assert state.hands[3][-1] == "2C"  # the caller took the pile all the same


def test_with_places_the_game_goes_on_until_one_seat_holds_cards() -> None:  # S-3
    rng = random.Random(4)
    state = RULES.new_game(4, seed=4, options={"places": True})
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    assert isinstance(state, BullshitState) and state.outcome is not None
    assert len(state.out) == 3
    last = next(s for s in range(4) if s not in state.out)
    order = [*state.out, last]
    assert [state.outcome.scores[s] for s in order] == [3, 2, 1, 0]
    assert state.outcome.winners == {order[0]}


def test_the_clock_runs_on_the_window_from_the_play_that_opened_it() -> None:  # S-2
    state = four(call_seconds=7)
    assert state.clock is None
    state = state.apply(1, "play:AS")
    assert state.clock == Clock(frozenset({0, 2, 3}), 7.0, 1)
    state = state.apply(0, "pass")
    assert state.clock == Clock(frozenset({2, 3}), 7.0, 1)  # the same window, counted from the same play
    assert registry.default_action(state, 3).token == "pass" and registry.default_action(state, 2).token == "pass"
    state = state.apply(2, "play:AD")
    assert state.clock is not None and state.clock.since == 3


def test_a_play_is_any_one_to_four_of_ones_cards_and_nothing_else() -> None:
    state = four()
    pick = state.pick(1)
    assert pick is not None and (pick.fewest, pick.most) == (1, 4) and pick.label == "Play these as Aces"
    assert sorted(pick.cards) == sorted(state.hands[1])
    for bad, why in (("play:2C", "do not hold"), ("play:AS,AS", "do not hold"),
                     ("play:" + ",".join(state.hands[1][:5]), "1 to 4")):
        with pytest.raises(IllegalAction, match=why):
            state.apply(1, bad)
    with pytest.raises(IllegalAction, match="no play to call"):
        state.apply(1, "call")
    with pytest.raises(IllegalAction, match="not a Bullshit move"):
        RULES.parse_action("play:ZZ")
    assert state.apply(1, "play:KD,AS").history[-1] == (1, "play:AS,KD")  # one token for a handful


def test_two_packs_allow_eight_cards_and_twins_in_one_play() -> None:  # S-1
    state = game(7, [["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]], dealer=6)
    assert state.most == 8 and state.to_move == {0}
    state = state.apply(0, "play:AS,AS,AH,AH,AD,AD,AC,AC")
    assert len(state.pile) == 8 and state.hands[0].count("AS") == 0


def test_the_legal_moves_are_every_handful_of_the_hand() -> None:
    state = four()
    hand = state.hands[1]
    handfuls = {tuple(sorted(c)) for n in range(1, 5) for c in itertools.combinations(hand, n)}
    assert len(state.legal_actions(1)) == len(handfuls)


def test_views_show_counts_claims_and_a_calls_cards_but_never_the_pile() -> None:
    state = four().apply(1, "play:AS,KD")
    for viewer in (None, 0, 2, 3):
        view = state.view(viewer)
        assert not leaked(view, {"AS", "KD"}), "the pile's cards are hidden"
        assert view["counts"][1] == len(state.hands[1]) and view["pile"] == 2
        assert view["claims"][-1] == {"seat": 1, "count": 2, "rank": "A"}
        assert view["window"]["waiting"] == [0, 2, 3]
    assert "AH" in state.view(1)["hand"] and state.view(0)["hand"] != state.view(1)["hand"]
    called = state.apply(0, "call")
    assert called.reveal is not None and called.view(None)["reveal"]["cards"] == ["AS", "KD"]
    assert "KD" not in called.hidden_cards(None)  # turned up for all to see, until the next play
    moved_on = called.apply(called.turn, f"play:{called.hands[called.turn][0]}")
    assert moved_on.reveal is None and not leaked(moved_on.view(None), moved_on.hidden_cards(None))


def test_a_closed_window_refuses_late_choices_and_says_why() -> None:
    state = four().apply(1, "play:AS").apply(2, "play:AD")
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(2, "call")  # nobody calls their own play
    assert state.why_illegal(0, RULES.parse_action("play:2C")) == "it is not your turn to play"
