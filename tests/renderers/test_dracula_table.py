"""The Dracula table and hand images: every stage of a game for players and spectators, purity,
text that never shows tofu, what the table shows, that it is laid out for Discord's inline box
(COPY_SIZE, readable cards and text), and that the images give away no hidden card."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import renderers
from games.dracula import RULES, DraculaState
from games.dracula.scoring import Direction, points
from renderers import render_hand, render_table
from renderers.games import dracula
from renderers.games.dracula.hand import SPREAD_MOST
from renderers.games.dracula.table import RUNG_TEXT
from renderers.kit import card_rows, cards, fonts, layout, regions, shown
from renderers.kit.fonts import has_glyph
from renderers.tools.gallery import stages

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
    assert way["phase"] == "way" and len(way["cut"]) > 1  # the earlier rounds are counted
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
    assert stage("2p session over").view(None)["session"] is not None


@pytest.mark.parametrize("name", list(STAGES))
def test_table_and_hand_are_small_pngs(name: str) -> None:
    for view in views(name):
        table, hand = render_table("dracula", view), render_hand("dracula", view)
        for data in (table, hand):
            assert data.startswith(PNG_MAGIC)
            assert len(data) < LIMIT, f"{name}: {len(data)} bytes"
        assert png_size(table) == shown.COPY_SIZE


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
            if line["multiplier"] == 0:  # a red 0 (and a bat)
                assert "0" in drawn
            else:
                assert str(line["value"]) in drawn and f"x{line['multiplier']}" in drawn


def test_unsettled_lines_show_points_so_far(drawn: list[str]) -> None:
    view = stage("2p mid-coffin").view(None)
    dracula.table(view)
    grid = view["coffin"]
    ways: tuple[Direction, ...] = ("rows", "cols")
    for direction in ways:
        for i, line in enumerate(view["lines"][direction]):
            cells = grid[i] if direction == "rows" else [row[i] for row in grid]
            toks = [t for t in cells if t is not None]
            if line is None and toks:
                assert str(sum(points(t, direction) for t in toks)) in drawn


def test_the_last_coffin_and_its_rung_are_shown(drawn: list[str]) -> None:
    view = stage("2p coffin just scored").view(None)
    dracula.table(view)
    last = view["last_coffin"]
    assert RUNG_TEXT[last["rung"]] in " ".join(drawn)
    for side in last["sides"]:
        assert f"+{side['scored']}" in drawn
        assert all(str(v) in drawn for v in side["lines"])


def test_the_cut_and_the_choice_are_shown(drawn: list[str]) -> None:
    view = stage("2p choosing the way after a cut").view(None)
    dracula.table(view)
    joined = " ".join(drawn)
    dealer = layout.names(view)[view["first_dealer"]]
    assert "THE CUT" in drawn and f"{dealer} wins the cut and deals first." in joined
    assert layout.plural(len(view["cut"]) - 1, "earlier round") in drawn
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


# --- laid out for the inline box --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_every_table_is_the_box_size_with_readable_cards_and_text(players: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every stage, for the mover and a spectator: COPY_SIZE, every face-up card at least the
    copy's card width, every text at least the copy's smallest size (drawn afresh: no kept parts)."""
    sizes: list[int] = []
    widths: list[int] = []
    real_mask, real_card = fonts.text_mask, cards.card_image  # card_rows draws with it

    def mask(text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(text, size, *args)

    def card(token: str, family: str = "standard", width: int = 80, *args: Any, **kwargs: Any) -> Any:
        widths.append(width)
        return real_card(token, family, width, *args, **kwargs)

    monkeypatch.setattr(fonts, "text_mask", mask)
    monkeypatch.setattr(card_rows, "card_image", card)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    card_rows._dimmed.cache_clear()
    states = [st.state for st in stages("dracula", players, 5)]
    states += [stage(name) for name in STAGES if name.startswith(f"{players}p")]
    shown_cards = 0
    try:
        for state in states:
            for seat in (min(state.to_move) if state.to_move else 0, None):
                sizes.clear()
                widths.clear()
                picture = dracula.table(state.view(seat))
                assert picture.size == shown.COPY_SIZE and picture.mode == "RGB"
                assert not widths or min(widths) >= shown.COPY_CARD_WIDTH, sorted(set(widths))
                assert sizes and min(sizes) >= shown.COPY_TEXT_MIN, sorted(set(sizes))
                shown_cards += len(widths)
    finally:
        card_rows._dimmed.cache_clear()
    assert shown_cards, "the stages show cards"


def test_the_session_and_the_moves_are_told(drawn: list[str]) -> None:
    view = stage("2p mid-coffin").view(None)
    view["names"] = ["Ann", "Bo"]
    dracula.table({**view, "session": {"target": 300, "game": 2, "games": [[190, 396]], "totals": [190, 396]}})
    assert "Game 2 to 300" in drawn and "Session: Ann 190 \u00b7 Bo 396" in drawn
    newest = layout.named(view, view["log"][-1])
    assert all(run in drawn for kind, run in layout.rich_parts(newest) if kind == "text"), newest  # its suits drawn


def test_a_four_player_result_keeps_its_room(drawn: list[str]) -> None:
    view = stage("4p game over").view(None)
    dracula.table(view)
    assert "GAME OVER" in drawn and any(" win, " in t or t.endswith(" win,") for t in drawn)


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
    assert len(view["hand"]) > SPREAD_MOST
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
