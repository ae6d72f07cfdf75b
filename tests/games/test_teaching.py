"""Learning as you play (issue 35), held against every game: a hint is the Normal computer's
legal move with one or two reasons; "why not" names exactly the held cards that may not go now;
the Easy computer plays legal moves; a coach's line, a hint's reasons and a why-not name no card
hidden from the seat they are shown to; every game opens its rules with a quick start and an
example moment."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.core import cards
from games.core.base import Rules, State, name_players, random_action
from games.core.errors import IllegalAction

from .leaks import leaked

ALL = registry.all_rules()
SMALL = {"fscking-ace": (3, 5), "bullshit": (3, 4), "fan-tan": (3, 4), "busca": (3, 4)}  # table sizes drawn


def named_cards(token: str, family: cards.Family) -> set[str]:
    """The cards a move's token names ("play:6D,JD", "place:7H@01", "discard:T3,KS")."""
    _, _, arg = token.partition(":")
    return {part for piece in arg.split(",") for part in piece.split("@") if cards.is_card(part, family)}


def playable(state: State, seat: int) -> set[str]:
    family = state.rules.card_order.family
    found = {c for a in state.offered(seat) for c in named_cards(a.token, family)}
    pick = state.pick(seat)
    return found | set(pick.cards) if pick is not None else found


def positions(rules: Rules, players: int, seed: int, steps: int) -> list[State]:
    """The states of a random game, up to ``steps`` moves in."""
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    seen = [state]
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(sorted(state.to_move))
        state = state.apply(seat, random_action(state, seat, rng))
        seen.append(state)
    return seen


def game_and_size(data: st.DataObject) -> tuple[Rules, int]:
    rules = data.draw(st.sampled_from(ALL), label="game")
    players = data.draw(st.sampled_from(SMALL.get(rules.key, rules.player_counts)), label="players")
    return rules, players


@settings(max_examples=22, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_why_not_names_exactly_the_held_cards_that_may_not_go(data: st.DataObject) -> None:
    rules, players = game_and_size(data)
    family = rules.card_order.family
    for state in positions(rules, players, data.draw(st.integers(0, 9999), label="seed"), 60):
        for seat in range(state.players):
            why = state.why_not(seat)
            if seat not in state.to_move:
                assert why == {}, "a seat not to move is asked nothing"
                continue
            held, may = set(state.held(seat)), playable(state, seat)
            assert set(why) <= held - may, f"{rules.key}: a reason for a card that may go, or is not held"
            if may:  # the move is a card: every held card that may not go says why
                assert set(why) == held - may, f"{rules.key}: {sorted(held - may - set(why))} without a reason"
            for card, reason in why.items():
                assert reason.strip() and reason == reason.strip()
                assert not leaked(reason, state.hidden_cards(seat), family), f"{rules.key}: {reason}"
                action = f"play:{card}"
                try:  # where a card's move is "play:<card>", the rules refuse it
                    parsed = rules.parse_action(action)
                except IllegalAction:
                    continue
                assert parsed.token not in {a.token for a in state.legal_actions(seat)}


@settings(max_examples=22, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_hints_are_the_computers_legal_move_with_reasons_that_hide_nothing(data: st.DataObject) -> None:
    """(The hint is the computer's move by construction: ``registry.hint`` asks ``computer_move``;
    each game's own tests hold its reasons to the decision and to the seat's view.)"""
    rules, players = game_and_size(data)
    family = rules.card_order.family
    states = positions(rules, players, data.draw(st.integers(0, 9999), label="seed"), 80)
    rng = random.Random(len(states))
    for state in rng.sample(states, min(4, len(states))):
        for seat in sorted(state.to_move)[:1]:
            hint = registry.hint(state, seat)
            state.apply(seat, hint.action)  # legal
            assert 1 <= len(hint.reasons) <= 2 and all(r.strip() for r in hint.reasons)
            text = [name_players(r, [f"Seat {i}" for i in range(state.players)]) for r in hint.reasons]
            assert not leaked(text, state.hidden_cards(seat), family), f"{rules.key}: {text}"
            coach = state.coaching(seat)
            if coach is not None:
                assert coach.kind and coach.line.strip()
                assert not leaked(coach.line, state.hidden_cards(seat), family), f"{rules.key}: {coach.line}"
            state.apply(seat, registry.computer_move(state, seat, "easy"))  # legal
        for seat in set(range(state.players)) - state.to_move:
            assert state.coaching(seat) is None


def test_every_game_opens_its_rules_with_a_quick_start_and_an_example() -> None:
    for rules in ALL:
        # Three or four short lines: the aim, a turn, what scores (with the card order where it is not the
        # usual one) and how the game ends; each line fits a phone's width in three lines at most.
        assert 3 <= len(rules.quick_start) <= 4, rules.key
        assert all(0 < len(line.strip()) <= 140 for line in rules.quick_start), rules.key
        example = rules.example()
        assert example is not None, rules.key
        assert example.state.rules is rules and not example.state.is_over
        assert example.seat in range(example.state.players) and example.caption.strip()
        hidden = example.state.hidden_cards(example.seat)
        assert not leaked(example.caption, hidden, rules.card_order.family), rules.key
        assert rules.example() == example or rules.example().state.history == example.state.history


def test_every_game_coaches_the_kinds_of_moment_a_newcomer_meets() -> None:
    """Over a few random games each game names at least two kinds of moment."""
    for rules in ALL:
        kinds: set[str] = set()
        for seed in range(3):
            for state in positions(rules, SMALL.get(rules.key, rules.player_counts)[0], seed, 200):
                for seat in state.to_move:
                    coach = state.coaching(seat)
                    if coach is not None:
                        kinds.add(coach.kind)
        assert len(kinds) >= 2, f"{rules.key}: {kinds}"
