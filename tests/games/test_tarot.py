"""The tarot core and the two-player games Manchester Piccadilly and Manchester Truffle
(docs/rules/tarot.md), each test citing its ruling where there is one."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from games import registry
from games.core import decks
from games.core.base import random_action
from games.core.errors import IllegalAction
from games.core.tricks import Trick
from games.tarot import pack
from games.tarot.manchester.hand import DUMMY
from games.tarot.manchester.state import ManchesterState

from .stacking import deck_for

PICCADILLY = registry.get("manchester-piccadilly")
TRUFFLE = registry.get("manchester-truffle")
PACK = decks.tarot()


def game(rules: object, hands: list[list[str]], then: list[str] = (), dealer: int = 0) -> ManchesterState:  # type: ignore[assignment]
    deck = deck_for(PACK, [13, 13], hands, then)
    state = rules.new_game(2, seed=4, options={"first_dealer": dealer}, deck=deck)  # type: ignore[attr-defined]
    assert isinstance(state, ManchesterState)
    return state


def discard_all(state: ManchesterState) -> ManchesterState:
    for seat in sorted(state.to_move):
        pick = state.pick(seat)
        assert pick is not None
        state = state.apply(seat, pick.token(pick.cards[: pick.most]))
    return state


def play_part(state: ManchesterState, rng: random.Random) -> ManchesterState:
    phase = state.phase
    while state.phase == phase and not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    return state


# -- the pack and the trick rules ----------------------------------------------------------------

def test_the_pack_has_78_cards_worth_146_points() -> None:
    assert len(PACK) == 78 and len(set(PACK)) == 78 and pack.total(PACK) == 146
    assert [pack.points(c) for c in ("T1", "T21", "FOOL", "KS", "QB", "NC", "JD", "AS", "10S", "T12")] == \
        [5, 5, 5, 5, 4, 3, 2, 5, 1, 1]
    assert len(decks.tarot(good_and_evil=True)) == 80 and pack.points("GOOD") == 1


def test_follow_suit_else_trump_else_anything() -> None:
    trick = Trick(0).add(0, "5S")
    assert pack.legal(["KS", "2S", "T3", "QB"], trick) == ("KS", "2S")
    assert pack.legal(["T3", "QB", "T9"], trick) == ("T3", "T9")  # void in swords: a trump
    assert pack.legal(["QB", "4C"], trick) == ("QB", "4C")  # neither: anything


def test_k2_over_a_trump_or_when_trumps_are_led_beat_the_best_if_you_can() -> None:
    assert pack.legal(["T3", "T9", "QB"], Trick(0).add(0, "5S").add(1, "T5")) == ("T9",)
    assert pack.legal(["T3", "QB"], Trick(0).add(0, "5S").add(1, "T5")) == ("T3",)  # cannot beat: any trump
    assert pack.legal(["T3", "T9", "KS"], Trick(0).add(0, "T7")) == ("T9",)
    assert pack.legal(["T3", "KS"], Trick(0).add(0, "T7")) == ("T3",)
    assert pack.legal(["KS", "QB"], Trick(0).add(0, "T7")) == ("KS", "QB")


def test_k3_the_fool_may_always_be_played_never_wins_and_a_led_fool_lets_the_next_card_set_the_suit() -> None:
    assert "FOOL" in pack.legal(["KS", "FOOL"], Trick(0).add(0, "5S"))
    assert pack.winner(Trick(0).add(0, "5S").add(1, "FOOL")) == 0
    led_fool = Trick(0).add(0, "FOOL").add(1, "2B")
    assert pack.legal(["KB", "T4"], led_fool) == ("KB",) and pack.winner(led_fool.add(2, "KB")) == 2
    assert pack.winner(Trick(1).add(1, "FOOL").add(0, "2C")) == 0


def test_k4_the_fools_owner_pays_the_taker_with_an_empty_card_or_the_fool_itself() -> None:
    piles = {0: ["KS", "3B", "QC"], 1: ["FOOL", "T4", "2D"]}  # seat 0's Fool went to seat 1's trick
    settled = pack.settle_fool(piles, owner=0, taker=1)
    assert "FOOL" in settled[0] and "3B" in settled[1] and "3B" not in settled[0]
    assert pack.total(settled[0]) + pack.total(settled[1]) == pack.total(piles[0] + piles[1])
    nothing = pack.settle_fool({0: [], 1: ["FOOL", "2D"]}, owner=0, taker=1)
    assert nothing[1].count("FOOL") == 1 and nothing[0] == []
    lost = pack.settle_fool(piles, owner=0, taker=1, last_trick=True, lost_on_last=True)  # K-6
    assert "FOOL" in lost[1] and "FOOL" not in lost[0]


# -- Manchester, the first part ------------------------------------------------------------------

def test_thirteen_each_seat_0_first_and_the_values_announced() -> None:
    state = game(PICCADILLY, [["T21", "KS"], ["FOOL", "2B"]])
    assert state.holdings[0][:2] == ("T21", "KS") and state.holdings[1][:2] == ("FOOL", "2B")
    assert state.announced == (pack.total(state.holdings[0]), pack.total(state.holdings[1]))
    assert len(state.stock) == 52 and state.view(None)["announced"] == list(state.announced)
    assert state.to_move == {0, 1}  # both discard at once


def test_discards_are_three_free_cards_face_down_or_shown_when_forced() -> None:
    trumps = [f"T{n}" for n in range(1, 12)]
    state = game(PICCADILLY, [["KS", "KB", *trumps], ["2C", "3C", "4C", "KD"]])  # seat 0 holds nothing free
    pick = state.pick(0)
    assert pick is not None and pick.fixed == () and pick.most == 3 and set(pick.cards) == set(state.holdings[0])
    with pytest.raises(IllegalAction, match="Honours or Kings"):
        state.apply(1, "discard:KD,2C,3C")  # a King, while free cards are held
    after = state.apply(0, "discard:KS,KB,T2").apply(1, "discard:2C,3C,4C")
    assert set(after.shown) == {"KB", "KS", "T2"} and after.phase == "play1"
    assert "KS" in str(after.view(1)) and "2C" not in str(after.view(0)["shown"])
    assert sorted(after.view(1)["my_discards"]) == ["2C", "3C", "4C"]
    assert sorted(after.view(0)["my_discards"]) == ["KB", "KS", "T2"]


def test_a_hand_with_two_free_cards_must_discard_both() -> None:
    trumps = [f"T{n}" for n in range(1, 12)]
    state = game(PICCADILLY, [["2S", "3S", *trumps]])
    pick = state.pick(0)
    assert pick is not None and set(pick.fixed) == {"2S", "3S"} and pick.most == 1
    with pytest.raises(IllegalAction):
        state.apply(0, "discard:2S,T4,T5")
    assert state.apply(0, "discard:2S,3S,T4").shown == ("T4",)


def test_k5_the_lead_alternates_whoever_wins_opposite_first() -> None:
    state = discard_all(game(PICCADILLY, [], dealer=0))
    leaders = []
    rng = random.Random(1)
    while state.phase == "play1":
        if not state.trick.plays:
            leaders.append(state.trick.leader)
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    assert leaders == [1, 0] * 5


def test_the_first_score_is_the_pile_less_the_value_announced() -> None:
    start = game(PICCADILLY, [])
    state = play_part(discard_all(start), random.Random(2))
    piles = state.first_piles
    assert Counter(piles[0] + piles[1]) == Counter(start.holdings[0] + start.holdings[1])
    assert state.first == (pack.total(piles[0]) - state.announced[0], pack.total(piles[1]) - state.announced[1])
    assert sum(state.first) == 0  # the same 26 cards are announced and taken


# -- Piccadilly ------------------------------------------------------------------------------------

def test_piccadilly_four_hands_two_each_chosen_at_once_and_secret_until_both_have() -> None:
    start = game(PICCADILLY, [])
    state = play_part(discard_all(start), random.Random(3))
    assert state.phase == "choose" and state.to_move == {0, 1}
    dealt, _ = decks.deal_round(start.stock, [13] * 4)
    assert [list(h) for h in state.candidates] == dealt  # the dealer's two first
    mine = state.view(0)["candidates"]
    assert [c["cards"] for c in mine] == [pack.ORDER.sort(h) for h in dealt[:2]]
    assert mine[0]["points"] == pack.total(dealt[0])
    half = state.apply(1, "choose:1")
    assert half.to_move == {0} and half.view(0)["chosen"] == [False, True]
    assert not any(c in str(half.view(0)) for c in dealt[3] if len(c) > 2)  # seat 1's hands stay unseen
    both = half.apply(0, "choose:0")
    assert both.phase == "play2" and both.holdings == (tuple(dealt[0]), tuple(dealt[3]), tuple(dealt[1]),
                                                       tuple(dealt[2]))
    assert both.view(1)["positions"][2]["cards"] == pack.ORDER.sort(dealt[1])  # dummies face up
    assert both.view(1)["positions"][0]["cards"] is None


def test_piccadilly_play_order_and_who_plays_each_position() -> None:
    state = play_part(discard_all(game(PICCADILLY, [], dealer=1)), random.Random(5))
    state = state.apply(0, "choose:0").apply(1, "choose:0")
    assert state.trick.leader == 0 and state.to_play == 0 and state.to_move == {1}  # the dealer leads
    order = []
    rng = random.Random(5)
    for _ in range(4):
        order.append((state.to_play, min(state.to_move)))
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    assert order == [(0, 1), (1, 0), (2, 1), (3, 0)]


def test_piccadilly_scores_points_and_a_point_a_trick_and_the_hand_gives_the_difference() -> None:
    state = game(PICCADILLY, [])
    rng = random.Random(7)
    while not state.round_ends:
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    end = state.round_ends[0]
    piles = end["piles"]
    for seat in (0, 1):
        assert end["second"][seat] == pack.total(piles["second"][seat]) + end["tricks"][seat]
    assert sum(end["tricks"]) == 13 and piles["second"][2] == []
    totals = [end["first"][s] + end["second"][s] for s in (0, 1)]
    assert end["totals"] == totals and max(end["gained"]) == abs(totals[0] - totals[1]) and min(end["gained"]) == 0
    assert state.hand_no == 1 and state.dealer != end["dealer"]  # the deal alternates


# -- Truffle ---------------------------------------------------------------------------------------

def test_k7_truffle_sixteen_each_three_to_the_dealer_one_out_of_play() -> None:
    start = game(TRUFFLE, [], dealer=0)
    state = play_part(discard_all(start), random.Random(8))
    assert state.phase == "discard2" and state.to_move == {0}
    dealt, left = decks.deal_round(start.stock, [16, 16, 16])
    assert state.holdings == (tuple(dealt[0]) + tuple(left[:3]), tuple(dealt[2]), tuple(dealt[1]))
    assert state.out_of_play == tuple(left[3:]) and left[3] in state.hidden_cards(0)
    # The dummy is face down while the Dealer lays aside (docs/rules/tarot.md, Manchester Truffle).
    assert state.view(1)["positions"][1]["cards"] is None and set(dealt[2]) <= state.hidden_cards(0)
    pick = state.pick(0)
    assert pick is not None and not any(c in pack.HONOURS or pack.is_king(c) for c in pick.cards)
    aside = pick.cards[:3]
    after = state.apply(0, pick.token(aside))
    assert after.phase == "play2" and set(aside) <= set(after.shown) and len(after.holdings[0]) == 16


def test_truffle_the_dummy_is_played_by_opposite_first_then_turn_about_and_takes_for_nobody() -> None:
    state = play_part(discard_all(game(TRUFFLE, [], dealer=0)), random.Random(9))
    state = state.apply(0, state.pick(0).token(state.pick(0).cards[:3]))  # type: ignore[union-attr]
    rng = random.Random(9)
    dummy_players = []
    while state.phase == "play2" and not state.round_ends:
        if state.to_play == 1:
            dummy_players.append((len(state.won), min(state.to_move)))
        seat = min(state.to_move)
        state = state.apply(seat, random_action(state, seat, rng))
    assert all(player == (1 if trick % 2 == 0 else 0) for trick, player in dummy_players)
    end = state.round_ends[0]
    assert sum(end["tricks"]) <= 16 and end["second"][0] == pack.total(end["piles"]["second"][0]) + end["tricks"][0]


def test_truffle_the_dealers_cards_laid_aside_go_to_opposite_if_the_dealer_wins_no_trick() -> None:
    state = play_part(discard_all(game(TRUFFLE, [], dealer=0)), random.Random(10))
    pick = state.pick(0)
    assert pick is not None
    state = state.apply(0, pick.token(pick.cards[:3]))
    aside = state.discards[0][3:]
    nobody = dataclasses.replace(state, won=tuple((2, t) for _, t in state.won))  # no tricks yet: nothing moves
    assert set(aside) <= set(nobody.part_piles()[1])
    some = dataclasses.replace(state, won=((0, Trick(0).add(0, "2S").add(1, "3S").add(2, "4S")),))
    assert set(aside) <= set(some.part_piles()[0])


# -- invariants ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [PICCADILLY, TRUFFLE], ids=lambda r: r.key)
def test_every_card_ends_in_one_pile_146_points_and_the_fool_never_wins(rules: object) -> None:
    for seed in range(12):
        state = rules.new_game(2, seed=seed)  # type: ignore[attr-defined]
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_move)
            before = state
            state = state.apply(seat, random_action(state, seat, rng))
            if isinstance(before, ManchesterState) and len(state.won if state.phase == before.phase else ()) > len(
                    before.won):
                taker, trick = state.won[-1]
                assert dict(trick.plays)[taker] != "FOOL"
        assert isinstance(state, ManchesterState) and len(state.round_ends) == 2
        for end in state.round_ends:
            piles = end["piles"]
            every = [*piles["first"][0], *piles["first"][1], *piles["second"][0], *piles["second"][1],
                     *piles["second"][2], *piles["out_of_play"]]
            assert Counter(every) == Counter(PACK)
            assert pack.total(every) == 146
        assert rules.from_record(state.to_record()) == state  # type: ignore[attr-defined]
        outcome = state.outcome
        assert outcome is not None and outcome.scores == state.game_points
        assert state.round_ends[1]["game_points"] == list(state.game_points)
        assert DUMMY not in outcome.winners
