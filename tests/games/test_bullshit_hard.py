"""Bullshit's Hard computer (issue 50): a legal move, the same for the same generator, and blind:
re-dealing every card its seat has not seen (the other hands, the pile, the play open to a call,
and the cards of every play no call turned up, in the history too) changes none of its moves
(bench.seat_strength --game bullshit --level hard --baseline normal measures its strength)."""

from __future__ import annotations

import dataclasses
import random

from games import registry
from games.bullshit import RULES, BullshitState, ai
from games.bullshit.hard import knowledge, lie_chance
from games.core import cards, decks
from games.core.base import random_action

from .test_bullshit import four, game, near_the_end


def hard(state: BullshitState, seat: int, seed: int = 0) -> str:
    return ai.choose_hard(state, seat, random.Random(seed)).token


def hard_positions(players: int, seed: int, steps: int = 150) -> list[tuple[BullshitState, set[str]]]:
    """A game with a Hard seat among Normal ones (a random move now and then): each position,
    with the cards the Hard seat has seen by then (held, or turned up by a call)."""
    state = RULES.new_game(players, seed=seed)
    assert isinstance(state, BullshitState)
    me = seed % players
    rng = random.Random(seed)
    seen: set[str] = set(state.hands[me])
    out = [(state, set(seen))]
    while not state.is_over and len(out) <= steps:
        seat = min(state.to_move)
        if rng.random() < 0.15:
            action = random_action(state, seat, rng)
        else:
            action = registry.computer_move(state, seat, "hard" if seat == me else "normal")
        state = state.apply(seat, action)
        seen |= set(state.hands[me]) | set(state.reveal["cards"] if state.reveal else ())
        out.append((state, set(seen)))
    return out


def unrevealed(state: BullshitState, seat: int) -> list[int]:
    """The history's plays by other seats that no call turned up."""
    called = set()
    last = -1
    for i, (_, token) in enumerate(state.history):
        if token.startswith("play:"):
            last = i
        elif token == "call":
            called.add(last)
    return [i for i, (by, token) in enumerate(state.history)
            if token.startswith("play:") and by != seat and i not in called]


def redealt(state: BullshitState, seat: int, seen: set[str], seed: int) -> BullshitState:
    """Every card ``seat`` has not seen dealt again among the other hands and the pile (each its
    size; the play open to a call is the pile's last cards), and the plays no call turned up
    rewritten in the history with other cards of the same number."""
    rng = random.Random(seed)
    others = [s for s in range(state.players) if s != seat]
    places = [list(state.hands[s]) for s in others] + [list(state.pile)]
    pool = [c for place in places for c in place if c not in seen]
    rng.shuffle(pool)
    for place in places:
        for i, c in enumerate(place):
            if c not in seen:
                place[i] = pool.pop()
    hands = list(state.hands)
    for s, place in zip(others, places[:-1], strict=True):
        hands[s] = tuple(place)
    pile = tuple(places[-1])
    moved = dataclasses.replace(state, hands=tuple(hands), pile=pile)
    history = list(state.history)
    every = decks.standard()
    for i in unrevealed(state, seat):
        n = len(cards.split(history[i][1][5:]))
        history[i] = (history[i][0], "play:" + cards.join(RULES.sort_cards(rng.sample(every, n))))
    w = state.window
    if w is not None and w.seat != seat:
        played = pile[len(pile) - len(w.cards):]
        at = max(i for i, (_, token) in enumerate(history) if token.startswith("play:"))
        history[at] = (w.seat, f"play:{cards.join(RULES.sort_cards(played))}")
        moved = dataclasses.replace(moved, window=dataclasses.replace(w, cards=played))
    return dataclasses.replace(moved, history=tuple(history))


def test_the_hard_move_does_not_depend_on_the_cards_the_seat_has_not_seen() -> None:
    checked = 0
    for seed in range(4):
        for players in (3, 4, 5, 7):
            me = seed % players
            for n, (state, seen) in enumerate(hard_positions(players, seed)):
                if n % 3 or me not in state.to_move:
                    continue
                expected = hard(state, me)
                for k in range(2):
                    assert hard(redealt(state, me, seen, k), me) == expected
                    checked += 1
    assert checked > 200


def test_the_hard_move_is_legal_and_the_same_for_the_same_generator() -> None:
    for seed in range(4):
        players = (3, 4, 5, 7)[seed]
        state = RULES.new_game(players, seed=seed, options={"places": seed % 2 == 1})
        assert isinstance(state, BullshitState)
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 300:
            seat = rng.choice(sorted(state.to_move))
            move = registry.computer_move(state, seat, "hard")
            assert registry.computer_move(state, seat, "hard") == move
            assert ai.choose_hard(state, seat, decks.rng(state.seed, "default", len(state.history))) == move
            state = state.apply(seat, move)  # legal, or this raises
            assert isinstance(state, BullshitState)
        assert state.is_over or len(state.history) >= 300


def test_hard_calls_what_cannot_be_true_and_a_winning_last_play() -> None:
    state = game(4, [["2C"], ["AS", "KD", "QD"], ["AD", "AC"], []], dealer=3)
    state = state.apply(1, "play:AS,KD,QD")  # three "Aces", and seat 2 holds two of the four
    assert lie_chance(state, 2) == (1.0, True) and hard(state, 2) == "call"
    last = near_the_end("9").apply(0, "play:2C")
    assert all(hard(last, seat) == "call" for seat in (1, 2, 3))


def test_hard_knows_who_took_up_its_cards_and_what_a_call_turned_up() -> None:
    state = four().apply(1, "play:AS,AH").apply(3, "call")  # true: seat 3 takes both Aces
    for seat in (0, 1, 2):
        know = knowledge(state, seat)
        assert know.sure[3] == {"A": 2} and not know.pile_sure


def test_hard_never_plays_over_an_open_window() -> None:
    state = four().apply(1, "play:AS")
    assert state.can_play(2) and hard(state, 2) in ("call", "pass")


def test_hard_is_offered() -> None:
    assert "hard" in registry.levels("bullshit")
