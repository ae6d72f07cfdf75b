"""Fscking Ace's computer player: legal, never stopping before a flip, reading only what is face
up, sensible at the extremes, and better than fixed "stop after k cards" play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.core import decks
from games.fscking_ace import RULES, FsckingAceState, ai, values
from games.fscking_ace.hard import choose_hard
from games.fscking_ace.rules import pack_for


def new(players: int = 4, deck: Sequence[str] | None = None, seed: int = 1, **options: Any) -> FsckingAceState:
    options.setdefault("first_dealer", players - 1)
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, FsckingAceState)
    return state


def choose(state: FsckingAceState, seat: int) -> str:
    return ai.choose(state, seat, random.Random(0)).token


def reshuffled(state: FsckingAceState, rng: random.Random) -> FsckingAceState:
    """The same round with the cards not yet turned up in another order: what no seat can see."""
    unseen = list(state.stock[state.drawn:])
    rng.shuffle(unseen)
    return dataclasses.replace(state, stock=state.stock[:state.drawn] + tuple(unseen))


def test_the_ais_fast_valuation_matches_the_rules() -> None:
    rng = random.Random(3)
    pack = list(pack_for(20, False))
    for _ in range(500):
        pile = tuple(c for c in rng.sample(pack, rng.randrange(0, 30)) if c != "AS")
        assert ai.worth(ai.summary(pile)) == values.value(pile)
        assert ai.summary(pile)[5] == len(pile) and ai.summary(pile)[4] == pile.count("2S")


@pytest.mark.parametrize("players", [3, 4, 7, 12, 20])
def test_ai_moves_are_legal_and_it_never_stops_before_flipping(players: int) -> None:
    state = RULES.new_game(players, seed=players, options={"rounds": 3})
    assert isinstance(state, FsckingAceState)
    moves = 0
    while not state.is_over:
        (seat,) = state.to_move
        action = ai.choose(state, seat, decks.rng(players, len(state.history)))
        assert action in state.legal_actions(seat)
        if not state.flips and state.phase == "play":
            assert action.token == "flip"
        if state.phase == "between":
            assert action.token == "next"
        state = state.apply(seat, action)
        moves += 1
    assert len(state.settlements) == 3 and moves > 3


def test_ai_flips_on_early_with_little_on_the_line() -> None:
    state = new(4, deck=["9D"]).apply(0, "flip")
    assert choose(state, 0) == "flip"  # one dollar at stake, the Ace is 1 card in 47


def test_ai_stops_when_the_ace_is_close() -> None:
    # Every card but the Ace has been turned up save three: seat to move has one card on the line.
    pack = list(pack_for(4, False))
    rest = [c for c in pack if c not in ("AS", "9D", "8D", "7D", "6D")]
    state = new(4, deck=["9D", *rest, "8D", "7D", "6D", "AS"])
    state = state.apply(0, "flip")
    while state.stock_left > 4:
        (seat,) = state.to_move
        state = state.apply(seat, "stop" if state.flips else "flip")
    (seat,) = state.to_move
    state = state.apply(seat, "flip")
    assert state.flips and state.stock_left == 3
    assert choose(state, seat) == "stop"  # one card in three is the Ace


def test_ai_choice_does_not_depend_on_the_stock_order() -> None:
    # Same face-up cards, different unseen orders: the same decision.
    chosen = set()
    for rest in (["AS", "3S", "KD"], ["KD", "3S", "AS"], ["3S", "KD", "AS"]):
        state = new(3, deck=["9D", "8D", *rest]).apply(0, "flip").apply(0, "flip")
        chosen.add(choose(state, 0))
    assert len(chosen) == 1


def test_the_ai_looks_a_fixed_few_cards_ahead_at_any_table_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """The weighing looks LOOKAHEAD cards ahead, one branch a kind of card, however many play:
    at twenty seats a choice weighs at most 1 + 8 + 8² positions, so it answers at once."""
    weighed = 0
    flip_value = ai.RoundModel.flip_value

    def counted(model: Any, scored: Any, turn: Any, depth: int) -> float:
        nonlocal weighed
        weighed += 1
        return flip_value(model, scored, turn, depth)

    monkeypatch.setattr(ai.RoundModel, "flip_value", counted)
    state = new(20, deck=["9D", "8D"]).apply(0, "flip").apply(0, "flip")
    ai.choose(state, 0, random.Random(0))
    assert 1 < weighed <= sum(8 ** d for d in range(ai.LOOKAHEAD))


def _fixed(k: int) -> Callable[[FsckingAceState], str]:
    return lambda state: "flip" if len(state.flips) < k else "stop"


def _computer_winnings(k: int, games: int, rounds: int) -> float:
    """The computer's average cents per round at four-player tables where the other three
    always stop after ``k`` cards; its seat moves round game by game."""
    total = 0
    fixed = _fixed(k)
    for g in range(games):
        me = g % 4
        state = RULES.new_game(4, seed=500 + g, options={"rounds": rounds})
        assert isinstance(state, FsckingAceState)
        while not state.is_over:
            (seat,) = state.to_move
            token = choose(state, seat) if seat == me or state.phase == "between" else fixed(state)
            state = state.apply(seat, token)
        total += state.balances[me]
    return total / (games * rounds)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_ai_beats_each_fixed_policy(k: int) -> None:
    # Zero-sum with three identical opponents: winning on average means beating them.
    # Measured over 2000+ rounds (bench.fscking_ace_strength): about +$10, +$7 and +$5 a round.
    assert _computer_winnings(k, games=16, rounds=25) > 100  # more than $1 a round


# -- the Hard computer (games/fscking_ace/hard.py) --------------------------------------------


def hard(state: FsckingAceState, seat: int) -> str:
    return choose_hard(state, seat, random.Random(0)).token


def test_hard_flips_on_a_full_stock_with_one_card_on_the_line() -> None:
    for players in (3, 4, 5):
        state = new(players, deck=["9D"]).apply(0, "flip")
        assert hard(state, 0) == "flip"  # $1 on the line, the Ace 1 card in 47


def test_hard_stops_with_a_big_pile_when_the_ace_is_likely() -> None:
    # Every card but five has been turned up, and the seat to move flips the $10 joker and a red 2:
    # one card in three left is the Ace, and stopping hands those three to the three other seats,
    # each of which must flip at least once. (With four left, flipping once more and then stopping
    # would be as safe: the fourth card would come back to this seat.)
    pack = list(pack_for(4, False))
    rest = [c for c in pack if c not in ("AS", "X2", "2D", "8D", "7D")]
    state = new(4, deck=[*rest, "X2", "2D", "8D", "AS", "7D"])
    while state.stock_left > 5 or state.flips:
        (seat,) = state.to_move
        state = state.apply(seat, "stop" if state.flips else "flip")
    (seat,) = state.to_move
    state = state.apply(seat, "flip").apply(seat, "flip")
    assert state.flips == ("X2", "2D") and state.stock_left == 3
    assert hard(state, seat) == "stop"


def test_hard_reads_only_what_is_face_up() -> None:
    # The stock's order is hidden: shuffling the unseen cards again changes no decision.
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        state = new(4, seed=seed)
        while state.phase == "play" and checked < 6 * (seed + 1):
            (seat,) = state.to_move
            if state.flips:
                chosen = hard(state, seat)
                for _ in range(3):
                    assert hard(reshuffled(state, rng), seat) == chosen
                checked += 1
            state = state.apply(seat, choose(state, seat))
    assert checked >= 12


def test_hard_plays_for_finishing_ahead_in_a_game_of_set_length() -> None:
    from games.fscking_ace.hard import Aim

    money = Aim(0)
    assert money.value([300, -100, -200]) == 300
    last = Aim(0, balances=(1000, 0, 0), rounds_after=0)  # the game's last round: ahead or not
    assert last.value([-400, 200, 200]) == 1 and last.value([-1100, 550, 550]) == 0
    assert last.value([-500, 500, 0]) == 0.5  # level with one rival: half a win
    earlier = Aim(0, balances=(1000, 0, 0), rounds_after=3)  # rounds to come: a smooth chance
    assert 0 < earlier.value([-1100, 550, 550]) < earlier.value([-400, 200, 200]) < 1
