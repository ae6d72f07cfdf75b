"""Fosco's player copy (renderers.games.fosco.copy): drawn at COPY_SIZE at every stage, the member's
own cards with their legal ones glowing, every card's index in view, the status drawn, and only
what the views give of other seats (how many cards, the suit they play from)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image

from games.core import registry
from renderers import seat_image
from renderers.games import fosco
from renderers.games.fosco.copy import BACK_STRIP, Copy, fits
from renderers.kit import shown, theme
from renderers.tools.gallery import SAMPLE_NAMES, play, stages

NAMES = {"names": list(SAMPLE_NAMES[:4])}


def views(state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    seat = min(state.to_move) if state.to_move else 0
    return state.view(None) | NAMES, state.view(seat) | NAMES


def near(pixel: Any, colour: tuple[int, int, int], tolerance: int = 60) -> bool:
    return sum(abs(int(a) - b) for a, b in zip(pixel, colour, strict=False)) <= tolerance


@pytest.mark.parametrize("players", [2, 4])
def test_every_stage_is_drawn_at_copy_size(players: int) -> None:
    for stage in stages("fosco", players, seed=3):
        img = seat_image("fosco", stage.view(None), stage.view(stage.mover))
        assert img.mode == "RGB" and img.size == shown.COPY_SIZE, stage.label


def test_jokers_and_every_card_rule_fit() -> None:
    options = {"jokers": 4, "joker": "double", "queen": "fives", "jack": "primes", "king": "squares"}
    state = registry.get("fosco").new_game(2, seed=4, options=options)
    rng = random.Random(1)
    for _ in range(12):
        table, hand = views(state)
        assert fosco.copy(table, hand).size == shown.COPY_SIZE
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players", [2, 4])
def test_the_members_whole_hand_shows_every_index(players: int) -> None:
    for state in play("fosco", players, seed=5)[::3]:
        table, hand = views(state)
        drawing = Copy(table, hand)
        drawing.draw()
        seat = hand["viewer"]
        assert set(drawing.placed) == set(hand["hands"][seat])
        rows = drawing.hand_rows()
        for row, xs in rows:
            assert fits(row, xs, {})
        if len(rows) == 2:  # the front row leaves the back row's index strip in view
            back, front = (min(drawing.placed[c][1] for c in row) for row, _ in rows)
            assert front - back >= BACK_STRIP
        for box in drawing.placed.values():
            assert box[0] >= 0 and box[2] <= shown.COPY_SIZE[0] and box[3] <= shown.COPY_SIZE[1]


def test_a_two_player_deal_starts_in_two_rows_the_legal_cards_in_front() -> None:
    state = registry.get("fosco").new_game(2, seed=2)
    table, hand = views(state)
    drawing = Copy(table, hand)
    img = drawing.draw()
    (back, _), (front, _) = drawing.hand_rows()
    assert len(back) + len(front) == 26
    assert drawing.legal and drawing.legal <= set(front)
    for card in drawing.legal:  # raised and glowing, with its "→ N" tag under it
        x0, y0, _, y1 = drawing.placed[card]
        assert near(img.getpixel((round(x0 + 4), round(y0 - 3))), theme.HIGHLIGHT, 150)
        assert near(img.getpixel((round(x0 + 4), round(y1 + 10))), theme.HIGHLIGHT)
    for card in set(front) - drawing.legal:  # the rest dimmed: no white face
        x0, y0, _, _ = drawing.placed[card]
        assert not near(img.getpixel((round(x0 + 3), round(y0 + 60))), theme.CARD_FACE, 30)


def test_the_status_is_drawn() -> None:
    state = play("fosco", 2, seed=5)[10]
    table, hand = views(state)
    one = fosco.copy(table, hand)
    other = fosco.copy(table | {"status": "Something else entirely"}, hand)
    diff = [y for y in range(shown.COPY_SIZE[1]) if one.crop((0, y, shown.COPY_SIZE[0], y + 1)).tobytes()
            != other.crop((0, y, shown.COPY_SIZE[0], y + 1)).tobytes()]
    assert diff and max(diff) < 60  # only the status line at the top changed


def swapped(view: dict[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
    hands = [list(h) for h in view["hands"]]
    hands[seat] = cards
    return view | {"hands": hands}


@pytest.mark.parametrize("players", [2, 4])
def test_another_seats_cards_are_not_drawn(players: int) -> None:
    """Another seat's cards show only as their number and the suit they play from."""
    state = play("fosco", players, seed=6)[8]
    table, hand = views(state)
    me = hand["viewer"]
    other = (me + 1) % players
    held = table["hands"][other]
    suit = table["current_suits"][other]
    pool = [f"{r}{suit}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    changed = sorted(set(pool) - set(held))[:1] + held[1:]  # the same count and first suit, other cards
    assert changed != held and len(changed) == len(held)
    one = fosco.copy(table, hand)
    two = fosco.copy(swapped(table, other, changed), swapped(hand, other, changed))
    assert one.tobytes() == two.tobytes()


def test_game_over_and_no_hand() -> None:
    last = play("fosco", 2, seed=5)[-1]
    table, hand = views(last)
    img = fosco.copy(table, hand)
    assert img.size == shown.COPY_SIZE
    assert Copy(table, hand).hand_rows() == []


def test_copy_is_the_seat_picture() -> None:
    state = play("fosco", 4, seed=5)[6]
    table, hand = views(state)
    assert isinstance(seat_image("fosco", table, hand), Image.Image)
    assert seat_image("fosco", table, hand).tobytes() == fosco.copy(table, hand).tobytes()
