"""A Fosco deal's end at Discord's inline size (issue 44 point 4): one picture of
:data:`renderers.kit.shown.COPY_SIZE` a deal, legible, each side's cards by suit with what each suit
scored, the deal's points and the game's total, every name whole."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from games.fosco.rules import FoscoState
from renderers import render_round_end, round_end_image
from renderers.kit import fonts, shown
from renderers.tools.gallery import play

LONG = ["Annabel of the Thirty Two Letters", "Easy computer 1", "Bartholomew the Second of Nine", "Easy computer 2"]


def final(players: int, seed: int = 5) -> FoscoState:
    state = play("fosco", players, seed)[-1]
    assert isinstance(state, FoscoState) and state.round_ends
    return state


def named(state: FoscoState) -> dict[str, Any]:
    return state.view(None) | {"names": LONG[: state.players]}


@pytest.mark.parametrize("players", [2, 4])
def test_every_deals_end_is_one_picture_of_the_box_size_with_legible_text(text_sizes: list[int],
                                                                           players: int) -> None:
    state = final(players)
    for end in state.round_ends:
        img = round_end_image("fosco", named(state), end)
        assert img.mode == "RGB" and img.size == shown.COPY_SIZE
    assert text_sizes and min(text_sizes) >= shown.COPY_TEXT_MIN


@pytest.mark.parametrize("players", [2, 4])
def test_each_suit_says_what_it_scored_and_every_name_is_whole(drawn: list[str], players: int) -> None:
    state = final(players)
    end = state.round_ends[0]
    render_round_end("fosco", named(state), end)
    assert not [t for t in drawn if t.endswith("...")], drawn  # nothing cut
    text = " ".join(drawn)
    for name in LONG[:players]:
        assert all(word in text for word in name.split()), name
    for taken in end["taken"]:
        for weight, k in enumerate(taken, start=1):
            assert str(k) in drawn
            if k > 6:
                assert f"+{(k - 6) * weight}" in drawn
    for points, total in zip(end["points"], end["totals"], strict=True):
        assert f"+{points}" in drawn and str(total) in drawn
    assert "Deal 1 scored" in text and "scores its weight" in text


def test_the_last_deal_says_who_won() -> None:
    state = final(2)
    assert state.outcome is not None
    seen: list[str] = []
    real = fonts.text_mask

    def recording(text: str, *args: Any) -> Any:
        seen.append(text)
        return real(text, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fonts, "text_mask", recording)
        round_end_image("fosco", named(state), state.round_ends[-1])
    best, worst = max(state.totals), min(state.totals)
    if best != worst:
        winner = LONG[state.totals.index(best)]
        assert any(f"{winner} wins, {best} to {worst}" in t for t in seen), seen


def test_a_png_is_small() -> None:
    state = final(4)
    png = render_round_end("fosco", named(state), state.round_ends[0])
    assert Image.open(io.BytesIO(png)).size == shown.COPY_SIZE and len(png) < 40_000
