"""Fosco's table (renderers.games.fosco.table), laid out for Discord's inline box like the players'
copies: drawn at COPY_SIZE at every stage, its face-up cards no narrower than the copy's, its
texts no smaller than the copy's, every hand written out by suit (the suit played from now
first), the viewer's legal cards gold, the count keeping its room however long the hands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from games.core.base import State
from games.fosco import RULES
from renderers.games import fosco
from renderers.games.fosco import written_hands
from renderers.games.fosco.table import BAND_MIN, Table
from renderers.kit import card_rows, fonts, layout, regions, shown, theme
from renderers.tools.gallery import play, stages

LONG_NAMES = ["Bartholomew", "Maximiliana", "Cyrille", "Dmitri"]


def game(players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[State]:
    state = RULES.new_game(players, seed=seed, options=options or {})
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[int]]:
    """The width of every face-up card and the size of every text drawn (nothing kept from before)."""
    found: dict[str, list[int]] = {"cards": [], "texts": []}
    real_card, real_mask, real_text = card_rows.card_image, fonts.text_mask, ImageDraw.ImageDraw.text

    def card(token: str, family: str = "standard", width: int = 80, *args: Any, **kwargs: Any) -> Any:
        found["cards"].append(width)
        return real_card(token, family, width, *args, **kwargs)

    def mask(shown_text: str, size: int, *args: Any) -> Any:
        found["texts"].append(size)
        return real_mask(shown_text, size, *args)

    def text(self: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kwargs: Any) -> None:
        found["texts"].append(int(getattr(kwargs.get("font"), "size", 99)))
        real_text(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(card_rows, "card_image", card)
    monkeypatch.setattr(fonts, "text_mask", mask)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    card_rows._dimmed.cache_clear()
    written_hands.group_sprite.cache_clear()
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_every_stage_is_drawn_at_the_copys_size_with_readable_cards_and_texts(players: int,
                                                                              sizes: dict[str, list[int]]) -> None:
    for stage in stages("fosco", players, seed=3):
        for seat in (stage.mover, None):
            img = fosco.table(stage.view(seat))
            assert img.mode == "RGB" and img.size == shown.COPY_SIZE, stage.label
    assert sizes["cards"] and min(sizes["cards"]) >= shown.COPY_CARD_WIDTH
    assert sizes["texts"] and min(sizes["texts"]) >= shown.COPY_TEXT_MIN


@pytest.mark.parametrize(("players", "options"), [(2, {}), (2, {"jokers": 4}), (4, {"jokers": 4}),
                                                  (4, {"jokers": 2, "joker": "double", "queen": "fives"})])
def test_every_hand_is_written_out_and_the_count_keeps_its_room(players: int, options: dict[str, Any]) -> None:
    """However many cards and Jokers, and however long the names, every card of every hand is
    written, in the seat's row, the suit played from now first and the Jokers next; the count's
    felt keeps the height of its cards and their tags."""
    for state in list(game(players, 1, options))[::4]:
        view = state.view(None) | {"names": LONG_NAMES[:players]}
        drawing = Table(view)
        assert drawing.draw().size == shown.COPY_SIZE
        assert drawing.band[3] - drawing.band[1] >= BAND_MIN
        for seat, cards in enumerate(view["hands"]):
            (row,) = [r for side in drawing.frames.values() for r in side if r.seat == seat]
            written = [card for line in row.lines for _, group in line for card in group]
            assert sorted(written) == sorted(cards)
            suits = [suit for line in row.lines for suit, _ in line]
            current = view["current_suits"][seat]
            if current is not None:
                assert suits[0] == current
            if any(c.startswith("X") for c in cards):
                assert suits[1 if current is not None else 0] == "X"


def test_hands_are_written_as_large_as_they_fit() -> None:
    """The largest text where the hands leave the count its room: smaller for four hands of 14
    cards with Jokers and long names, the largest once the hands are short."""
    history = list(game(4, 1, {"jokers": 4}))
    first, late = (Table(history[i].view(None) | {"names": LONG_NAMES}) for i in (0, -8))
    first.draw()
    late.draw()
    assert late.style == written_hands.STYLES[0]
    assert late.style.size > first.style.size >= shown.COPY_TEXT_MIN


def test_the_viewers_legal_cards_are_gold_and_their_side_sits_at_the_bottom(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(s for s in game(4, 2) if len(s.view(None)["pile"]) >= 2)
    (mover,) = state.to_move
    view = state.view(mover)
    legal = {str(a["token"]).partition(":")[2] for a in view["legal"]}
    drawn: list[tuple[str, tuple[str, ...], tuple[Any, ...]]] = []
    real = written_hands.group_sprite

    def recording(suit: str, ranks: tuple[str, ...], inks: tuple[Any, ...], style: written_hands.Style) -> Any:
        drawn.append((suit, ranks, inks))
        return real(suit, ranks, inks, style)

    monkeypatch.setattr(written_hands, "group_sprite", recording)
    drawing = Table(view)
    drawing.draw()
    gold = {written_hands.rank_of(c) + ("X" if c.startswith("X") else c[-1]) for c in legal}
    shown_gold = {rank + suit for suit, ranks, inks in drawn for rank, ink in zip(ranks, inks, strict=True)
                  if ink == theme.HIGHLIGHT}
    assert shown_gold == gold
    assert drawing.order[-1] == drawing.board.side_of[mover]
    drawn.clear()
    Table(state.view(None)).draw()  # a spectator: nothing gold
    assert all(theme.HIGHLIGHT not in inks for _, _, inks in drawn)


def test_a_finished_game_shows_the_winners() -> None:
    last = play("fosco", 4, seed=8)[-1]
    view = last.view(None)
    drawing = Table(view)
    img = drawing.draw()
    winners = set(view["outcome"]["winners"])
    side = next(i for i, s in enumerate(view["sides"]) if set(s) <= winners)
    assert drawing.board.won(side)
    # The winners' frame is drawn in the colour of a result, the losers' in their side's colour.
    for each, box in drawing.frame_boxes.items():
        colour = theme.GOOD if each == side else layout.seat_colour(each)
        assert img.getpixel((300, round(box[1]))) == colour
