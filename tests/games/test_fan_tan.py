"""Fan Tan's rules (docs/rules/fan-tan.md), each test citing its ruling."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core import cards
from games.core.cards import STANDARD_RANKS
from games.core.errors import IllegalAction
from games.fan_tan import FanTanState, ai
from games.fan_tan.rules import SUITS, card_of

RULES = registry.get("fan-tan")
PACK = [f"{r}{s}" for s in SUITS for r in STANDARD_RANKS]


def stacked(hands: list[list[str]], players: int = 4) -> list[str]:
    """A deck that deals ``hands`` (filled up with the other cards) when dealt seat 0 first."""
    rest = iter(c for c in PACK if not any(c in h for h in hands))
    sizes = [52 // players + (1 if s < 52 % players else 0) for s in range(players)]
    full = [list(h) + [next(rest) for _ in range(size - len(h))] for h, size in zip(hands, sizes, strict=True)]
    return [full[s][i] for i in range(max(sizes)) for s in range(players) if i < sizes[s]]


def game(hands: list[list[str]], **options: object) -> FanTanState:
    state = RULES.new_game(4, seed=1, options={"first_dealer": 0, **options}, deck=stacked(hands))
    assert isinstance(state, FanTanState)
    return state


def chips(state: FanTanState) -> int:
    return sum(state.stacks) + state.pot


def test_t1_the_ante_is_2_for_a_longer_hand_and_1_otherwise() -> None:
    state = RULES.new_game(3, seed=4, options={"first_dealer": 2})
    assert isinstance(state, FanTanState)
    sizes = [len(h) for h in state.hands]
    assert sorted(sizes) == [17, 17, 18] and sizes[0] == 18  # the odd card goes left of the dealer
    assert state.stacks == (18, 19, 19) and state.pot == 4
    even = game([[], [], [], []])
    assert even.stacks == (19,) * 4 and even.pot == 4


def test_the_player_left_of_the_dealer_starts_and_a_suit_opens_with_its_7() -> None:
    state = game([[], ["7S", "8S", "6S", "9H"], [], []])
    assert state.to_move == {1}
    tokens = {a.token for a in state.legal_actions(1)}
    assert "play:7S" in tokens and "play:8S" not in tokens and "pass" not in tokens  # strict by default
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply(1, "play:8S")


def test_t2_several_7s_together_and_both_ends_of_a_run() -> None:
    state = game([["7H"], ["7S", "7D", "7C", "6H", "8H"], [], []])
    tokens = {a.token for a in state.legal_actions(1)}
    assert {"play:7S,7D", "play:7S,7C", "play:7D,7C", "play:7S,7D,7C"} <= tokens
    state = state.apply(1, "play:7S,7D,7C")
    assert state.runs[0] == (7, 7) and state.runs[2] == (7, 7) and state.runs[3] == (7, 7)
    for seat in (2, 3):
        state = state.apply(seat, state.legal_actions(seat)[0]) if state.plays(seat) else state.apply(seat, "pass")
    state = state.apply(0, "play:7H")
    assert "play:6H,8H" in {a.token for a in state.legal_actions(1)}
    state = state.apply(1, "play:6H,8H")
    assert state.runs[1] == (6, 8)
    with pytest.raises(IllegalAction):
        RULES.new_game(4, seed=1).apply(1, "play:6H,7H")


def test_t3_a_withheld_card_is_found_out_when_it_is_played_later() -> None:
    state = game([[], ["7H", "2C"], ["7S", "6H"], ["8H"]], strict=False)
    total = chips(state)
    state = state.apply(1, "pass")  # holding the 7H: an offence, not announced yet
    assert not any("Found out" in e.text for e in state.log) and not state.found
    state = state.apply(2, "play:7S")
    for seat in (3, 0):  # whatever they do, honestly
        state = state.apply(seat, state.plays(seat)[0] if state.plays(seat) else "pass")
    before = state.stacks
    state = state.apply(1, "play:7H")
    # 3 into the pot, and 5 to each other holder of the 6H (seat 2) and 8H (seat 3)
    assert state.stacks[1] == before[1] - 3 - 10
    assert state.stacks[2] == before[2] + 5 and state.stacks[3] == before[3] + 5
    assert any("Found out" in e.text and e.notable for e in state.log)
    assert chips(state) == total


def test_t3_offences_not_found_during_the_hand_are_charged_at_its_end() -> None:
    state = RULES.new_game(4, seed=3, options={"strict": False})
    assert isinstance(state, FanTanState)
    rng = random.Random(3)
    passed_holding = False
    while not state.is_over:
        seat = min(state.to_move)
        if not passed_holding and state.playable(seat) and state.opening_passes < 0:
            passed_holding = True
            state = state.apply(seat, "pass")
            continue
        state = state.apply(seat, ai.choose(state, seat, rng))
    assert passed_holding and state.found  # found out by a later play or at the end, never lost
    assert state.pending == ()


def test_t4_a_round_of_passes_with_no_7_is_a_dead_hand() -> None:
    state = game([["7S", "7H", "7D", "7C"], [], [], []], strict=False)
    total, pot = chips(state), state.pot
    for seat in (1, 2, 3, 0):
        state = state.apply(seat, "pass")
    assert state.dealer == 1 and state.deal_no == 1 and state.to_move == {2}
    assert state.runs == (None,) * 4 and sum(len(h) for h in state.hands) == 52
    # the pot keeps the antes, adds 1 chip a player and the new antes, and seat 0's fine (four 7s
    # held back: 3, plus 5 to each other holder of a 6 or 8 of those suits)
    assert state.pot == pot + 4 + 3 + 4
    assert chips(state) == total


def test_a_dead_hand_cannot_happen_in_strict_play() -> None:
    state = game([["7S", "7H", "7D", "7C"], [], [], []])
    for seat in (1, 2, 3):
        assert {a.token for a in state.legal_actions(seat)} == {"pass"}
        state = state.apply(seat, "pass")
    assert "pass" not in {a.token for a in state.legal_actions(0)}


def test_t5_the_hand_winner_takes_the_pot_and_the_game_ends() -> None:
    state = RULES.new_game(4, seed=8)
    rng = random.Random(8)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, ai.choose(state, seat, rng))
    assert isinstance(state, FanTanState) and state.pot == 0 and state.last_hand is not None
    winner = state.last_hand["winner"]
    assert state.hands[winner] == ()
    paid = sum(p["cards"] for p in state.last_hand["paid"])
    assert state.last_hand["pot"] == 4 + paid  # the antes and a chip a card
    outcome = state.outcome
    assert outcome is not None and outcome.scores == state.stacks and winner in outcome.winners


def test_t5_the_game_ends_early_when_a_stack_is_empty() -> None:
    state = RULES.new_game(4, seed=2, options={"chips": 5, "hands": 20})
    rng = random.Random(2)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, ai.choose(state, seat, rng))
    assert isinstance(state, FanTanState)
    assert state.hand_no < 20 and min(state.stacks) <= 0


def test_a_view_shows_only_the_viewers_hand() -> None:
    state = game([[], ["7S"], [], []])
    view = state.view(1)
    assert "7S" in view["hand"] and view["counts"] == [13] * 4
    assert "7S" in view["playable"] and all(c.startswith("7") for c in view["playable"])
    assert state.view(None)["hand"] is None
    assert not set(state.view(2)["hand"] or []) & set(state.hands[1])


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 8), st.integers(0, 10_000), st.booleans(), st.integers(1, 3))
def test_invariants_under_random_play(players: int, seed: int, strict: bool, hands: int) -> None:
    state = RULES.new_game(players, seed=seed, options={"strict": strict, "hands": hands})
    assert isinstance(state, FanTanState)
    rng = random.Random(seed)
    total = chips(state)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert chips(state) == total  # chips are conserved: stacks plus pot
        placed = [card_of(v, s) for s, run in zip(SUITS, state.runs, strict=True) if run for v in
                  range(run[0], run[1] + 1)]
        assert all(run is None or run[0] <= 7 <= run[1] for run in state.runs)  # one block round the 7
        held = [c for h in state.hands for c in h]
        assert sorted(placed + held) == sorted(PACK)  # every card in exactly one place
    assert RULES.from_record(state.to_record()) == state


def test_t6_found_out_mid_hand_names_only_the_card_played_and_holds_back_the_rest() -> None:
    """T-6: seat 1 passes holding two 7s, then plays one: the other stays secret, and its 7-fine
    waits for the hands to be shown."""
    state = game([[], ["7H", "7S", "2C"], ["7D", "6H"], ["8H", "6S"]], strict=False)
    total = chips(state)
    state = state.apply(1, "pass")
    state = state.apply(2, "play:7D")
    for seat in (3, 0):
        state = state.apply(seat, state.plays(seat)[0] if state.plays(seat) else "pass")
    before, lines = state.stacks, len(state.log)
    state = state.apply(1, "play:7H")
    said = " ".join(e.text for e in state.log[lines:])
    assert "Found out" in said and cards.short("7H") in said and cards.short("7S") not in said
    assert state.stacks[1] == before[1] - 3 - 10  # the 7H's fines only: 5 to seat 2 (6H), 5 to seat 3 (8H)
    assert [f["withheld"] for f in state.found] == [["7H"]]
    for viewer in (0, 2, 3, None):
        assert "7S" not in json.dumps(state.view(viewer)), viewer
    owed_7s = [s for s in (0, 2, 3) if {"6S", "8S"} & set(state.hands[s])]
    assert 3 in owed_7s
    rng = random.Random(1)
    while state.hand_no == 0 and not state.is_over:
        seat = min(state.to_move)
        state = state.apply(seat, ai.choose(state, seat, rng))
    later = [e.text for e in state.log if "had also withheld" in e.text]
    assert len(later) == 1 and cards.short("7S") in later[0]
    assert [f["withheld"] for f in state.found if f["hand"] == 1] == [["7H"], ["7S"]]
    assert state.found[1]["fine"] == 5 * len(owed_7s)
    assert chips(state) == total


def test_t6_in_honour_mode_no_line_or_view_names_a_card_still_held() -> None:
    """T-6 swept: whole honour-mode games of random moves (passes made holding cards among them),
    every line checked against the cards hidden from onlookers before and after its step, and
    every view against the cards hidden from its viewer."""
    from games.core.base import random_action

    from .leaks import leaked
    found = 0
    for seed in range(6):
        state = RULES.new_game(4, seed=seed, options={"strict": False})
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_move)
            before = state
            state = state.apply(seat, random_action(state, seat, rng))
            if len(state.round_ends) > len(before.round_ends):
                continue  # the hands are shown
            lines = [e.text for e in state.log[len(before.log):]]
            found += sum("Found out" in line for line in lines)
            assert not leaked(lines, before.hidden_cards(None) & state.hidden_cards(None)), lines
            if found and lines and "Found out" in lines[-1]:  # the views as an offence comes to light
                for viewer in (None, 0, 1, 2, 3):
                    assert not leaked(state.view(viewer), state.hidden_cards(viewer)), viewer
    assert found > 3  # offences were found out mid-hand, so the sweep tested something
