"""The Dracula table and hand images: every stage of a game for players and spectators, purity,
text that never shows tofu, what the table shows, and that the images give away no hidden card."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import renderers
from games.dracula import RULES, DraculaState
from renderers import render_hand, render_table
from renderers.games import dracula, dracula_parts
from renderers.kit import layout
from renderers.kit.fonts import has_glyph

from .helpers import png_size, views_of

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
LIMIT = 300_000
ODD_NAMES = ["Zo\u00eb \u2665", "\u0141ukasz\u2192", "\u674e\u96f7", "Ren\u00e9e \u00bd \u2660"]


def new(players: int, seed: int, options: dict[str, Any] | None = None,
        deck: Sequence[str] | None = None) -> DraculaState:
    state = RULES.new_game(players, seed=seed, options=options, deck=deck)
    assert isinstance(state, DraculaState)
    return state


def advance(state: DraculaState, seed: int, until: Callable[[DraculaState], bool]) -> DraculaState:
    """``state`` after random legal moves until ``until`` holds (or the game ends)."""
    rng = random.Random(seed)
    while not until(state) and not state.is_over:
        seat = min(state.to_move)
        action = rng.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        assert isinstance(state, DraculaState)
    return state


def placed(state: DraculaState) -> int:
    return sum(c is not None for c in state.cells)


def vampire_in_coffin() -> DraculaState:
    # A stacked deck turns a Vampire up as the first centre card; then play on a little.
    deck = ["AS", "2H", "3S", "4H", "5S", "6H", "7S", "8H", "X1"]
    state = new(2, seed=3, options={"first_dealer": 0}, deck=deck).apply(0, "way:cols")
    assert isinstance(state, DraculaState)
    return advance(state, 3, lambda s: placed(s) >= 5)


STAGES: dict[str, Callable[[], DraculaState]] = {
    "2p choosing the way after a cut": lambda: new(2, seed=36),
    "2p mid-coffin": lambda: advance(new(2, seed=5), 5, lambda s: s.deal == 2 and placed(s) == 5),
    "2p coffin just scored": lambda: advance(new(2, seed=6), 6, lambda s: s.deal == 3),
    "2p Vampire in the coffin": vampire_in_coffin,
    "4p mid-deal": lambda: advance(new(4, seed=7), 7, lambda s: s.coffin_no == 3 and placed(s) == 4),
    "4p new coffin": lambda: advance(new(4, seed=8), 8, lambda s: s.coffin_no == 2),
    "2p game over": lambda: advance(new(2, seed=9), 9, lambda s: False),
    "4p game over": lambda: advance(new(4, seed=10), 10, lambda s: False),
    "2p session over": lambda: advance(new(2, seed=11, options={"session_target": 300}), 11, lambda s: False),
}
@functools.cache
def stage(name: str) -> DraculaState:
    return STAGES[name]()


def views(name: str) -> list[dict[str, Any]]:
    return views_of(stage(name), ["Annabel", "Bartholomew", "Cyrille", "Dmitri"])


# --- every stage -----------------------------------------------------------------------------

def test_the_stages_cover_what_they_claim() -> None:
    way = stage("2p choosing the way after a cut").view(None)
    assert way["phase"] == "way" and len(way["cut"]) > dracula_parts.CUT_ROUNDS  # some rounds are summed up
    assert any(t in ("X1", "X2") for r in way["cut"] for t in r)
    mid = stage("2p mid-coffin")
    assert mid.view(mid.turn)["legal_cells"] and mid.view(None)["last_coffin"] is not None
    scored = stage("2p coffin just scored").view(None)
    assert scored["last_coffin"] is not None and sum(c is not None for r in scored["coffin"] for c in r) == 1
    vampire = stage("2p Vampire in the coffin").view(None)
    assert vampire["coffin"][1][1] == "X1" and vampire["lines"]["rows"][1]["multiplier"] == 0
    four = stage("4p mid-deal").view(None)
    assert four["players"] == 4 and four["coffin_number"] == 3 and not four["over"]
    fresh = stage("4p new coffin")
    assert fresh.view(fresh.turn)["legal_cells"] == [[1, 1]]
    for name in ("2p game over", "4p game over", "2p session over"):
        assert stage(name).is_over
    assert "session" in stage("2p session over").view(None)


@pytest.mark.parametrize("name", list(STAGES))
def test_table_and_hand_are_small_pngs(name: str) -> None:
    for view in views(name):
        table, hand = render_table("dracula", view), render_hand("dracula", view)
        for data in (table, hand):
            assert data.startswith(PNG_MAGIC)
            assert len(data) < LIMIT, f"{name}: {len(data)} bytes"
        width, height = png_size(table)
        assert 800 <= width <= 900 and 600 <= height <= 1000, (width, height)


@pytest.mark.parametrize("name", list(STAGES))
def test_rendering_is_pure(name: str) -> None:
    for view in views(name):
        before = copy.deepcopy(view)
        table_1, hand_1 = render_table("dracula", view), render_hand("dracula", view)
        table_2, hand_2 = render_table("dracula", view), render_hand("dracula", view)
        assert view == before, "the view was mutated"
        assert table_1 == table_2 and hand_1 == hand_2


@pytest.mark.parametrize("name", list(STAGES))
def test_no_tofu(name: str, drawn: list[str]) -> None:
    for view in views(name):
        view["names"] = ODD_NAMES[: view["players"]]
        dracula.table(view)  # the drawers themselves: PNG encoding draws no text
        dracula.hand(view)
    assert drawn
    for text in drawn:
        assert all(has_glyph(ch) for ch in text), f"{text!r} holds a character the font lacks"


def test_dracula_has_its_own_hand() -> None:
    assert renderers._drawer(renderers._module("dracula"), "hand") is dracula.hand
    assert renderers._drawer(renderers._module("dracula"), "table") is dracula.table


# --- what the table shows --------------------------------------------------------------------

def test_names_status_and_ways_are_drawn(drawn: list[str]) -> None:
    view = stage("2p mid-coffin").view(0)
    view["names"] = ["Annabel", "Bo"]
    dracula.table(view)
    joined = " ".join(drawn)
    assert "Annabel (you)" in joined and "Bo" in joined
    assert "{p" not in joined, "placeholders are replaced by names"
    assert "Queen's way (rows)" in joined and "King's way (columns)" in joined
    assert f"stock {view['stock']}" in joined and "Deal 2 of 6" in joined


def test_every_settled_line_shows_its_value_and_multiplier(drawn: list[str]) -> None:
    for name in ("2p game over", "4p game over", "2p Vampire in the coffin"):
        view = stage(name).view(None)
        drawn.clear()
        dracula.table(view)
        settled = [line for d in ("rows", "cols") for line in view["lines"][d] if line is not None]
        assert len(settled) == (6 if view["over"] else 2)  # a Vampire in the centre settles its row and column
        for line in settled:
            if line["multiplier"] == 0:
                assert "drained" in drawn
            else:
                assert str(line["value"]) in drawn and f"x{line['multiplier']}" in drawn


def test_unsettled_lines_show_points_so_far(drawn: list[str]) -> None:
    dracula.table(stage("2p mid-coffin").view(None))
    assert "so far" in drawn


def test_the_last_coffin_and_its_rung_are_shown(drawn: list[str]) -> None:
    view = stage("2p coffin just scored").view(None)
    dracula.table(view)
    last = view["last_coffin"]
    assert dracula.RUNG_TEXT[last["rung"]] in " ".join(drawn)
    for side in last["sides"]:
        assert f"+{side['scored']}" in drawn
        assert all(str(v) in drawn for v in side["lines"])


def test_the_cut_and_the_choice_are_shown(drawn: list[str]) -> None:
    view = stage("2p choosing the way after a cut").view(None)
    dracula.table(view)
    joined = " ".join(drawn)
    dealer = layout.names(view)[view["first_dealer"]]
    assert "THE CUT" in drawn and f"{dealer} wins the cut and deals first." in joined
    assert "Queen's way" in drawn and "King's way" in drawn


def test_legal_cells_mark_the_table_of_the_player_to_move() -> None:
    state = stage("2p mid-coffin")
    mover, other = state.turn, 1 - state.turn
    assert state.view(mover)["legal_cells"] and not state.view(other)["legal_cells"]
    spectator = render_table("dracula", state.view(None))
    assert render_table("dracula", state.view(mover)) != spectator


@pytest.mark.parametrize("name", ["2p game over", "4p game over", "2p session over"])
def test_result_is_shown_when_over(name: str, drawn: list[str]) -> None:
    view = stage(name).view(None)
    dracula.table(view)
    joined = " ".join(drawn)
    assert "GAME OVER" in drawn or "SESSION OVER" in drawn
    for score in view["outcome"]["scores"]:
        assert str(score) in joined


def test_a_tie_broken_by_the_best_line_is_explained(drawn: list[str]) -> None:
    # D-3: equal totals; the bonus is the highest line scored, to its scorer.
    view = stage("2p game over").view(None)
    view = {**view, "scores": [245, 245], "best_lines": [60, 90],
            "outcome": {"scores": [245, 335], "winners": [1], "detail": "..."}}
    dracula.table(view)
    joined = " ".join(drawn)
    assert "Player 2 wins, 335 to 245" in joined and "highest line scored" in joined
    drawn.clear()
    dracula.table({**view, "best_lines": [60, 60], "outcome": {"scores": [245, 245], "winners": [], "detail": "."}})
    assert "Drawn at 245 each" in drawn


# --- the hand --------------------------------------------------------------------------------

def test_the_hand_shows_each_cards_worth_in_the_viewers_way(drawn: list[str]) -> None:
    deck = ["X1", "QS", "QH", "KD", "KS", "4S", "9D", "5S", "7C"]  # seat 0: X1 QH KS 9D; seat 1: QS KD 4S 5S
    state = new(2, seed=1, options={"first_dealer": 1}, deck=deck).apply(1, "way:rows")  # seat 0: King's way
    view = state.view(0)
    assert view["hand"] == ["KS", "QH", "9D", "X1"] and view["directions"][0] == "cols"
    dracula.hand(view)
    assert {"10 pts", "0 pts", "9 pts", "drains"} <= set(drawn)
    assert not any("middle" in t or "centre" in t for t in drawn), "no cell names under the cards"
    drawn.clear()
    dracula.hand(state.view(1))  # Queen's way: the Queen counts, the King does not
    assert {"10 pts", "0 pts", "4 pts", "5 pts"} <= set(drawn) and "drains" not in drawn


def test_spectators_and_big_hands_use_the_generic_hand() -> None:
    four = stage("4p mid-deal")
    view = four.view(four.turn)
    assert len(view["hand"]) > dracula.SPREAD_MOST
    assert dracula.hand(view).width >= renderers.kit.hand.MIN_WIDTH
    assert render_hand("dracula", four.view(None)).startswith(PNG_MAGIC)


# --- hidden information ----------------------------------------------------------------------

def test_images_do_not_depend_on_the_opponents_hidden_cards() -> None:
    # Two games whose decks differ only in seat 1's hand (dealt one at a time, seat 0 first,
    # then the centre card); seat 0 deals first and chooses, so seat 1 places first.
    mine = ["AS", "2S", "3S", "4S"]
    theirs_a, theirs_b = ["5H", "6H", "7H", "8H"], ["5H", "9C", "10C", "KD"]
    deck_a = [c for pair in zip(mine, theirs_a, strict=True) for c in pair] + ["QS"]
    deck_b = [c for pair in zip(mine, theirs_b, strict=True) for c in pair] + ["QS"]
    a = new(2, seed=21, options={"first_dealer": 0}, deck=deck_a).apply(0, "way:rows")
    b = new(2, seed=21, options={"first_dealer": 0}, deck=deck_b).apply(0, "way:rows")
    assert a.hands[1] != b.hands[1] and a.hands[0] == b.hands[0]

    def same_for_others(x: Any, y: Any) -> None:
        for seat in (0, None):
            assert render_table("dracula", x.view(seat)) == render_table("dracula", y.view(seat)), seat
            assert render_hand("dracula", x.view(seat)) == render_hand("dracula", y.view(seat)), seat
        assert render_hand("dracula", x.view(1)) != render_hand("dracula", y.view(1))

    same_for_others(a, b)
    a, b = a.apply(1, "place:5H@01"), b.apply(1, "place:5H@01")  # the card both could play
    same_for_others(a, b)
    a, b = a.apply(0, "place:AS@10"), b.apply(0, "place:AS@10")  # seat 1 to move again: its cells glow
    same_for_others(a, b)
