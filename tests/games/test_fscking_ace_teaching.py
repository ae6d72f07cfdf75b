"""Learning Fscking Ace as you play (issue 35; docs/rules/fscking-ace.md): the computer's reasons
come from the figures it weighed (cards on the line, unseen spades, what the Ace would cost, the
expected results of flipping and stopping) and never from the order of the stock; the Easy
computer's rule of thumb; nothing is held, so nothing is barred; the coach's kinds of moment; the
quick start and the example the rules open with.

Positions use a stacked deck, as in tests/games/test_fscking_ace.py: the deck is the first
round's stock, flipped from the top; ``new`` seats the first shuffler last, so seat 0 flips first.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games import registry
from games.core.base import name_players, random_action
from games.core.stakes import money
from games.fscking_ace import RULES, FsckingAceState, ai, values
from games.fscking_ace.rules import EXAMPLE_SEED, pack_for

from .leaks import leaked
from .test_fscking_ace_ai import reshuffled

START_ACE_COST = 3 * 100 + 4 * 500  # four players, nothing scored: $1 to each of three, and the $20 bonus


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


def hint(state: FsckingAceState, seat: int) -> tuple[str, tuple[str, ...]]:
    found = registry.hint(state, seat)
    return found.action.token, found.reasons


def filled(reasons: Sequence[str], players: int) -> list[str]:
    return [name_players(r, [f"Player {i + 1}" for i in range(players)]) for r in reasons]


def kept_two_of_spades() -> FsckingAceState:
    """Seat 0 kept the 2♠ (A-1), the others each lost a turn to a spade, and seat 0 has 9♦ on the line."""
    deck = ["2S", "3S", "4S", "5S", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "KD", "QD", "JD"]
    state = play(new(4, deck), "flip", "flip", "flip", "flip", "flip")
    assert state.turn == 0 and state.flips == ("9D",) and state.scored[0] == ("2S",)
    return state


def only_the_ace_left() -> FsckingAceState:
    """Every card but 7♦, 6♦ and the Ace turned up; seat to move has 8♦ on the line."""
    rest = [c for c in pack_for(4, False) if c not in ("AS", "9D", "8D", "7D", "6D")]
    state = new(4, deck=["9D", *rest, "8D", "7D", "6D", "AS"]).apply(0, "flip")
    while state.stock_left > 4:
        state = play(state, "stop" if state.flips else "flip")
    if state.flips:
        state = play(state, "stop")
    state = play(state, "flip")
    assert state.flips == ("8D",) and state.stock_left == 3
    return state


def playout(players: int, seed: int, moves: int, **options: Any) -> list[FsckingAceState]:
    state = RULES.new_game(players, seed=seed, options=options)
    assert isinstance(state, FsckingAceState)
    rng = random.Random(seed)
    seen = [state]
    for _ in range(moves):
        if state.is_over:
            break
        (seat,) = state.to_move
        state = state.apply(seat, random_action(state, seat, rng))
        seen.append(state)
    return seen


# -- hint reasons -----------------------------------------------------------------------------

def test_the_first_flip_is_explained_as_compulsory_with_the_spades_and_the_aces_cost() -> None:
    """Each turn starts with a compulsory flip (docs/rules/fscking-ace.md, a turn)."""
    state = new(4)
    assert hint(state, 0) == ("flip", (
        "Every turn starts with a flip; a spade cannot touch the cards you already scored",
        f"7 of the 48 unseen cards end a turn; the Ace would cost you {money(START_ACE_COST)}",
    ))


def test_a_flip_names_the_spades_that_would_end_the_turn_and_what_it_gains() -> None:
    state = new(4, deck=["9D"]).apply(0, "flip")
    action, reasons = hint(state, 0)
    w = ai.weigh(state, 0)
    assert action == "flip" and w.flips
    assert reasons[0] == "Only 7 of the 47 unseen cards would end your turn: flip again"
    assert reasons[1] == (f"Worth risking your 1 card (+{money(100)}): another flip gains about "
                          f"{money(round(w.flip - w.stop))} on average")
    assert round(w.flip - w.stop) >= ai.NEARLY_EVEN


def test_a_stop_with_the_ace_close_names_what_the_ace_would_cost() -> None:
    state = only_the_ace_left()
    seat = state.turn
    action, reasons = hint(state, seat)
    assert action == "stop"
    mine = state.scored[seat]
    banked = values.value(mine + state.flips) - values.value(mine)  # the red 2s already scored double it
    assert reasons[0] == f"Stopping banks your 1 card (+{money(banked)}) now: 1 of the 3 unseen cards would lose them"
    cost = ai.weigh(state, seat).ace_cost
    others = sum(values.value(state.scored[s]) + 100 for s in range(4) if s != seat)
    assert cost == others + 4 * 500  # what the loser pays now: values plus $1 each, and the bonus
    assert reasons[1] == f"One of those is the Ace: it would cost you {money(cost)}"


def test_a_kept_two_of_spades_doubles_the_aces_cost_in_the_reasons() -> None:
    """A-1: each kept 2♠ doubles what its holder pays on losing."""
    state = kept_two_of_spades()
    assert hint(state, 0)[0] == "flip"  # one card on the line: worth the risk even so
    while registry.computer_move(state, 0).token == "flip":
        state = state.apply(0, "flip")
    assert state.flips == ("9D", "8D", "7D", "6D")
    assert hint(state, 0) == ("stop", (
        f"Stopping banks your 4 cards (+{money(400)}) now: 3 of the 40 unseen cards would lose them",
        f"One of those is the Ace: it would cost you {money(2 * START_ACE_COST)} (doubled: your kept 2\u2660)",
    ))


def test_between_rounds_the_computer_plays_on_and_says_so() -> None:
    state = play(new(3, deck=["AS"]), "flip")
    assert state.between_rounds
    assert hint(state, state.turn) == ("next", ("Plays another round: a fresh shuffle, and every pile starts empty",))


@pytest.mark.parametrize("players", [3, 4, 12, 30])
def test_reasons_always_match_the_decision_and_its_figures(players: int) -> None:
    for state in playout(players, seed=players, moves=150, rounds=2):
        if state.is_over:
            continue
        (seat,) = state.to_move
        action = ai.choose(state, seat, random.Random(0))
        reasons = ai.explain(state, seat, action)
        assert 1 <= len(reasons) <= 2
        assert all(len(r) <= 95 for r in filled(reasons, players)), reasons
        if state.phase != "play":
            assert action.token == "next"
            continue
        w = ai.weigh(state, seat)
        unseen = f"{w.spades} of the {w.unseen} unseen cards"
        assert w.unseen == state.stock_left and w.spades == state.unseen_spades
        if not state.flips:
            assert action.token == "flip" and reasons[1].startswith(unseen)
        elif action.token == "flip":
            assert w.flip > w.stop and reasons[0].endswith(f"{unseen} would end your turn: flip again")
            assert reasons[1].startswith(f"Worth risking your {ai._cards(len(state.flips))}")
        else:
            assert w.flip <= w.stop and reasons[0].endswith(f"{unseen} would lose them")
            assert reasons[0].startswith(f"Stopping banks your {ai._cards(len(state.flips))}")


def test_choose_is_the_plain_expected_value_comparison() -> None:
    """The refactor into _decide keeps the decision: flip exactly when the model says flipping is worth more."""
    for state in playout(5, seed=11, moves=200, rounds=3):
        if state.is_over or state.phase != "play" or not state.flips:
            continue
        (seat,) = state.to_move
        model = ai.RoundModel.seen_by(state, seat)
        scored, turn = ai.summary(state.scored[seat]), ai.summary(state.flips)
        flips = model.flip_value(scored, turn, ai.LOOKAHEAD) > model.stop_value(ai.merge(scored, turn))
        assert ai.choose(state, seat, random.Random(0)).token == ("flip" if flips else "stop")


def test_the_hint_does_not_depend_on_the_order_of_the_stock() -> None:
    """Only the stock's order is hidden (docs/rules/fscking-ace.md): reshuffling the unseen cards
    changes neither the move nor its reasons."""
    rng = random.Random(5)
    checked = 0
    for state in playout(4, seed=3, moves=120, rounds=2) + playout(12, seed=4, moves=120, rounds=2):
        if state.is_over or state.phase != "play":
            continue
        (seat,) = state.to_move
        expected = hint(state, seat)
        hidden = state.hidden_cards(seat)
        assert not leaked(filled(expected[1], state.players), hidden)
        for _ in range(3):
            assert hint(reshuffled(state, rng), seat) == expected
            checked += 1
    assert checked > 200


# -- why not: nothing is held ------------------------------------------------------------------

def test_nothing_is_held_so_no_card_is_barred() -> None:
    """Nothing is dealt (docs/rules/fscking-ace.md, players and pack): the moves are flip and
    stop, never a card from a hand."""
    for state in (new(4), new(4, deck=["9D"]).apply(0, "flip"), play(new(3, deck=["AS"]), "flip")):
        for seat in range(state.players):
            assert state.held(seat) == () and state.why_not(seat) == {}


# -- the Easy computer -------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (12, 3), (30, 4)])
def test_easy_plays_only_legal_moves_to_the_end(players: int, seed: int) -> None:
    state = RULES.new_game(players, seed=seed)  # no rounds limit: Easy itself ends the game
    moves = 0
    while not state.is_over:
        (seat,) = state.to_move
        action = registry.computer_move(state, seat, "easy")
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
        moves += 1
        assert moves < 20_000
    assert isinstance(state, FsckingAceState) and len(state.settlements) >= ai.EASY_SESSION


def test_easy_stops_at_three_cards_where_normal_flips_on() -> None:
    state = play(new(4, deck=["9D", "8D", "7D"]), "flip", "flip")
    assert ai.choose_easy(state, 0, random.Random(0)).token == "flip"
    state = state.apply(0, "flip")
    assert ai.choose_easy(state, 0, random.Random(0)).token == "stop"
    assert ai.choose(state, 0, random.Random(0)).token == "flip"  # 7 spades in 45: still worth a card


def test_easy_does_not_count_the_spades() -> None:
    """With only the Ace left among the spades, Normal stops on one card; Easy flips on."""
    state = only_the_ace_left()
    assert ai.choose(state, state.turn, random.Random(0)).token == "stop"
    assert ai.choose_easy(state, state.turn, random.Random(0)).token == "flip"


def test_easy_plays_on_between_rounds_until_its_session_is_over() -> None:
    state = play(new(3, deck=["AS"]), "flip")
    assert state.between_rounds and ai.choose_easy(state, state.turn, random.Random(0)).token == "next"
    late = dataclasses.replace(state, round_no=ai.EASY_SESSION)
    assert ai.choose_easy(late, late.turn, random.Random(0)).token == "end"
    assert ai.choose(late, late.turn, random.Random(0)).token == "next"


# -- coaching ----------------------------------------------------------------------------------

def kind(state: FsckingAceState, seat: int) -> str | None:
    coach = state.coaching(seat)
    return coach.kind if coach is not None else None


def test_coaching_kinds_in_set_positions() -> None:
    first = new(4)
    assert kind(first, 0) == "flip" and [kind(first, s) for s in (1, 2, 3)] == [None, None, None]
    assert kind(new(4, deck=["9D"]).apply(0, "flip"), 0) == "push"
    assert kind(kept_two_of_spades(), 0) == "doubled"  # a kept 2♠ doubles what its holder pays
    ace = only_the_ace_left()
    assert kind(ace, ace.turn) == "only-ace"
    between = play(new(3, deck=["AS"]), "flip")
    assert kind(between, between.turn) == "between-rounds"
    assert [kind(between, s) for s in range(3) if s != between.turn] == [None, None]


def test_coaching_lines_are_short_and_hide_nothing() -> None:
    kinds: set[str] = set()
    for state in (playout(4, seed=8, moves=300, rounds=3) + [kept_two_of_spades(), only_the_ace_left()]):
        for seat in range(state.players):
            coach = state.coaching(seat)
            if seat not in state.to_move:
                assert coach is None
                continue
            assert coach is not None and len(coach.line) <= 160
            assert not leaked(coach.line, state.hidden_cards(seat))
            kinds.add(coach.kind)
    assert kinds == {"flip", "push", "doubled", "only-ace", "between-rounds"}


# -- the rules' quick start and example --------------------------------------------------------

def test_the_example_is_fixed_and_a_real_choice() -> None:
    example = RULES.example()
    again = RULES.example()
    assert again.state.history == example.state.history and again.caption == example.caption
    state = example.state
    assert isinstance(state, FsckingAceState) and state.seed == EXAMPLE_SEED and state.players == 4
    assert example.seat == state.turn and state.flips == ("2H", "9H")
    assert example.caption == (f"Your turn: 2 cards on the line (+{money(900)}), and 5 of the 27 unseen cards "
                               "are spades. Flip again or stop?")
    assert not leaked(example.caption, state.hidden_cards(example.seat))
    assert hint(state, example.seat)[0] == "stop"  # the red 2 makes the pair worth keeping
