"""The Busca hand's end at Discord's inline size: every hand's end of seeded games one picture of
:data:`renderers.kit.shown.COPY_SIZE` with legible text, the counting cards told as text by suit
(no small cards), the cappotto and the card laid aside named."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from games import registry
from games.busca import BuscaState
from games.core import decks
from renderers import render_round_end, round_end_image
from renderers.games.busca.round_end import by_suit, card_lines
from renderers.kit import card_rows, fonts, shown
from renderers.tools.gallery import play
from tests.games.stacking import deck_for

NAMES = ["Annabel", "Bartholomew", "Cyrille", "Dmitri", "Eve"]


def named(state: BuscaState) -> dict[str, Any]:
    return state.view(None) | {"names": NAMES[: state.players]}


def cappotto() -> BuscaState:
    """Five players, seat 0 holding every 3 and 2: it takes every trick (B-1)."""
    tops = [f"{r}{s}" for s in "SHCD" for r in ("3", "2")]
    deck = deck_for(decks.busca(), [8] * 5, [tops])
    state = registry.get("busca").new_game(5, seed=7, options={"first_dealer": 1}, deck=deck)
    while not state.round_ends:
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert isinstance(state, BuscaState) and state.round_ends[0]["cappotto"] == 0
    return state


def test_every_hands_end_is_one_picture_of_the_box_size_with_legible_text(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real_mask = fonts.text_mask

    def recording(text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(text, size, *args)

    def no_card(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a hand's end tells its cards as text")

    monkeypatch.setattr(fonts, "text_mask", recording)
    monkeypatch.setattr(card_rows, "paste_card", no_card)
    ends = [(named(cappotto()), cappotto().round_ends[0])]
    for players in (3, 4, 5):
        final = play("busca", players, 7)[-1]
        assert isinstance(final, BuscaState) and len(final.round_ends) > 1
        ends += [(named(final), end) for end in final.round_ends]
    for view, end in ends:
        img = round_end_image("busca", view, end)
        assert img.mode == "RGB" and img.size == shown.COPY_SIZE
    assert sizes and min(sizes) >= shown.COPY_TEXT_MIN


def test_the_counting_cards_are_told_by_suit_and_the_cappotto_named(drawn: list[str]) -> None:
    state = cappotto()
    render_round_end("busca", named(state), state.round_ends[0])
    text = " ".join(drawn)
    assert "Cappotto by Annabel" in text and text.count("cappotto") == 1  # the status and Annabel's tag
    assert text.count("A 2 3 J Q K") == 4  # every counting card, a suit a run
    assert text.count("no counting cards") == 4
    assert text.count("+11") == 4 and "+0" in drawn


def test_runs_keep_whole_and_in_a_fixed_order() -> None:
    assert by_suit(["KD", "AS", "3H", "2S", "QD", "JS"]) == ["\u2660 A 2 J", "\u2665 3", "\u2666 Q K"]
    runs = by_suit([f"{r}{s}" for s in "SHCD" for r in "A23JQK"])
    lines = card_lines(runs, 230, 2)
    assert len(lines) == 2 and all(line.count("A 2 3 J Q K") == 2 for line in lines)
    cut = card_lines(runs, 230, 1)
    assert len(cut) == 1 and cut[0].endswith("...")


def test_three_players_name_the_card_laid_aside_and_who_had_it(drawn: list[str]) -> None:
    final = play("busca", 3, 7)[-1]
    assert isinstance(final, BuscaState)
    end = final.round_ends[0]
    assert end.get("discard")
    render_round_end("busca", named(final), end)
    text = " ".join(drawn)
    winner = NAMES[end["last_trick"]]
    assert "Laid aside" in text and f"went to {winner} with the last trick" in text
    assert f"{winner} took the last trick" in text and "last trick" in drawn  # the status and the tag


def test_a_png_is_small() -> None:
    state = cappotto()
    png = render_round_end("busca", named(state), state.round_ends[0])
    assert Image.open(io.BytesIO(png)).size == shown.COPY_SIZE and len(png) < 40_000
