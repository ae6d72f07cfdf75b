"""Fan Tan's hand's end, laid out for the box Discord shows inline (COPY_SIZE): every seeded hand's
end at that size with legible text and no small face-up cards, the offences found listed (merged
per offender, then counted, when many), and the cards left as text."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import ImageDraw

from games import registry
from games.fan_tan.view import HandEnd, OffenceView, PaidView, RunView
from renderers import round_end_image
from renderers.games.fan_tan import parts
from renderers.games.fan_tan.parts import LEAST
from renderers.games.fan_tan.round_end import MOST_OFFENCES, card_lines
from renderers.kit import card_rows, fonts, layout, shown
from renderers.kit.regions import REGIONS
from renderers.tools.gallery import SAMPLE_NAMES, stages

RUNS: list[RunView | None] = [{"suit": s, "low": 1, "high": 13} for s in parts.SUITS]


def honour_game(players: int, seed: int) -> Any:
    """A game played at random in honour mode (random play passes often, so offences are found)."""
    state = registry.get("fan-tan").new_game(players, seed=seed, options={"strict": False, "first_dealer": 0})
    rng = random.Random(seed)
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_hands_end_is_one_picture_of_the_box_size_with_legible_text_and_no_small_cards(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    real_mask, real_text = fonts.text_mask, ImageDraw.ImageDraw.text

    def recording(text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(text, size, *args)

    def pillow(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        font = kwargs.get("font")
        sizes.append(int(font.size) if font is not None else 0)
        real_text(self, xy, text, *args, **kwargs)

    def no_card(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a card picture in a hand's end")

    monkeypatch.setattr(fonts, "text_mask", recording)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", pillow)
    monkeypatch.setattr(card_rows, "card_image", no_card)
    monkeypatch.setattr(parts, "card_image", no_card)
    parts.tile_sprite.cache_clear()
    REGIONS.clear()
    ends = [(stage.view(None), stage.state.round_ends[-1]) for stage in stages("fan-tan", players)
            if stage.name == "over"]
    state = honour_game(players, 7)
    ends += [(state.view(None), ended) for ended in state.round_ends]
    assert ends
    for view, ended in ends:
        img = round_end_image("fan-tan", view, ended)
        assert img.mode == "RGB" and img.size == shown.COPY_SIZE
    assert sizes and min(sizes) >= shown.COPY_TEXT_MIN
    REGIONS.clear()


def test_many_offences_are_told_a_line_an_offender_with_their_fines(drawn: list[str]) -> None:
    names = ["Ann", "Bartholomew", "Cyrille", "Dmitri"]
    state = honour_game(4, 7)
    ended = state.round_ends[-1]
    assert len(ended["offences"]) > MOST_OFFENCES
    round_end_image("fan-tan", state.view(None) | {"names": names}, ended)
    for seat in {int(f["seat"]) for f in ended["offences"]}:
        assert any(t.startswith(f"{names[seat]} withheld ") for t in drawn)
        assert f"fined {sum(f['fine'] for f in ended['offences'] if f['seat'] == seat)}" in drawn


def test_past_the_lines_that_fit_the_other_offenders_are_counted_with_their_fines(drawn: list[str]) -> None:
    players = 8
    offences: list[OffenceView] = [{"seat": s, "hand": 1, "withheld": ["9S"], "fine": 3 + s, "held_back": False}
                                   for s in range(players)]
    left: list[list[str]] = [[] if s == 0 else ["KS"] for s in range(players)]
    paid: list[PaidView] = [{"seat": s, "cards": 1} for s in range(1, players)]
    data: HandEnd = {"hand": 1, "winner": 0, "pot": 40, "paid": paid, "offences": offences, "runs": RUNS, "left": left,
                     "stacks": [40] * players, "antes": [1] * players, "dealer": players - 1}
    view = honour_game(players, 1).view(None) | {"names": list(SAMPLE_NAMES[:players])}
    assert round_end_image("fan-tan", view, data).size == shown.COPY_SIZE
    counted = players - MOST_OFFENCES + 1
    assert f"and {counted} more offenders" in drawn
    assert f"fined {sum(f['fine'] for f in offences[-counted:])}" in drawn
    assert all(f"fined {f['fine']}" in drawn for f in offences[: MOST_OFFENCES - 1])


def test_the_cards_left_are_text_by_suit_kept_together_and_cut_where_they_do_not_fit() -> None:
    assert card_lines(["KH", "2S", "AS", "10D"], 300, 300, 2) == ["\u2660 A 2  \u2665 K  \u2666 10"]
    many = ["AS", "2S", "3S", "4S", "5S", "6S", "AH", "2H", "3H", "4H", "AC", "2C"]
    wrapped = card_lines(many, 130, 184, 3)
    assert wrapped[0] == "\u2660 A 2 3 4 5 6" and wrapped[1].startswith("\u2665 A 2 3 4")  # a suit not split
    assert all(layout.rich_width(line, LEAST) <= 184 for line in wrapped)
    cut = card_lines(many, 130, 184, 1)
    assert len(cut) == 1 and cut[0].endswith("\u2026") and layout.rich_width(cut[0], LEAST) <= 130
