"""Bullshit's computer player: it calls what cannot be true and a winning last play, never plays
over an open window, tells the truth when it can and lies with a card it can spare when it
cannot (bench.seat_strength --game bullshit measures its strength)."""

from __future__ import annotations

import random

from games.bullshit import ai

from .test_bullshit import four, game, near_the_end


def choice(state, seat: int, seed: int = 0) -> str:  # type: ignore[no-untyped-def]
    return ai.choose(state, seat, random.Random(seed)).token


def test_it_calls_a_claim_it_can_see_is_impossible() -> None:
    state = game(4, [["2C"], ["AS", "KD", "QD"], ["AD", "AC"], []], dealer=3)
    state = state.apply(1, "play:AS,KD,QD")  # three "Aces", and seat 2 holds two of the four
    assert all(choice(state, 2, seed) == "call" for seed in range(20))


def test_it_calls_a_last_play_when_only_the_winner_counts() -> None:
    state = near_the_end("9").apply(0, "play:2C")
    assert all(choice(state, seat, seed) == "call" for seat in (1, 2, 3) for seed in range(5))


def test_it_never_plays_over_an_open_window() -> None:
    state = four().apply(1, "play:AS")
    assert state.can_play(2)
    assert {choice(state, 2, seed) for seed in range(30)} <= {"call", "pass"}


def test_it_plays_every_card_of_the_rank_it_holds_or_one_card_it_can_spare() -> None:
    state = four()
    honest = {choice(state, 1, seed) for seed in range(40)}
    assert all(t.startswith("play:") and {"AS", "AH"} <= set(t[5:].split(",")) for t in honest)
    lie = four().apply(1, "play:AS,AH").apply(2, "pass").apply(3, "pass").apply(0, "pass")
    token = choice(lie, 2)  # seat 2 must declare 2s and holds none? then one card, far from its turn
    played = token[5:].split(",")
    twos = [c for c in lie.hands[2] if c.startswith("2")]
    assert played == twos[: lie.most] or (not twos and len(played) == 1)
