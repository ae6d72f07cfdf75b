"""A Fan Tan player's copy (issue 37): one picture of COPY_SIZE at every stage, with the member's
own cards (the playable ones raised and glowing, their places marked in the runs), the status, and
nothing of another player's hand."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from games import registry
from games.core.cards import STANDARD_RANKS
from games.fan_tan import FanTanState
from renderers import render_seat, seat_image
from renderers.games.fan_tan.copy import Copy, copy, tile_box
from renderers.kit import layout, shown, theme
from renderers.kit.cards import card_image
from renderers.kit.theme import RGB, mix
from renderers.tools.gallery import SAMPLE_NAMES, play, stages

RULES = registry.get("fan-tan")
PACK = [f"{r}{s}" for s in "SHDC" for r in STANDARD_RANKS]


def game(players: int = 4) -> FanTanState:
    """A game where seat 1 (left of the dealer, seat 0) holds 7♠ 8♠ 7♥ and starts."""
    firsts = ["7S", "8S", "7H"]
    rest = iter(c for c in PACK if c not in firsts)
    sizes = [52 // players + (1 if (s - 1) % players < 52 % players else 0) for s in range(players)]
    hands = [(firsts if s == 1 else []) + [next(rest) for _ in range(sizes[s] - (3 if s == 1 else 0))]
             for s in range(players)]
    deck = [hands[s][i] for i in range(max(sizes)) for s in range(players) if i < sizes[s]]
    state = RULES.new_game(players, seed=3, options={"first_dealer": 0}, deck=deck)
    assert isinstance(state, FanTanState) and state.to_move == {1}
    return state


def views(state: FanTanState, seat: int) -> tuple[dict[str, object], dict[str, object]]:
    names = {"names": list(SAMPLE_NAMES[: state.players])}
    return state.view(None) | names, state.view(seat) | names


def at(img: Image.Image, x: float, y: float) -> RGB:
    r, g, b = img.getpixel((round(x), round(y)))  # type: ignore[misc]
    return r, g, b


def near(pixel: RGB, colour: RGB, tolerance: int = 12) -> bool:
    return max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= tolerance


@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_stage_is_one_picture_of_the_copy_size(players: int) -> None:
    for stage in stages("fan-tan", players):
        for seat in {stage.mover, (stage.mover + 1) % players}:
            img = seat_image("fan-tan", stage.view(None), stage.view(seat))
            assert img.mode == "RGB" and img.size == shown.COPY_SIZE, stage.label
    data = render_seat("fan-tan", stage.view(None), stage.view(0))
    assert Image.open(io.BytesIO(data)).size == shown.COPY_SIZE and len(data) < 60_000


@pytest.mark.parametrize("players", [3, 8])
def test_the_cards_drawn_are_the_members(players: int) -> None:
    """Off turn nothing is raised or dimmed: each card's index corner is its own sprite's."""
    state = game(players)
    table, hand = views(state, 2)
    img = copy(table, hand)
    cards = hand["hand"]
    assert cards == RULES.sort_cards(list(state.hands[2]))
    xs, top = Copy(table, hand).card_places()
    assert len(xs) == len(cards) and min(xs) >= 6 and max(xs) + shown.COPY_CARD_WIDTH <= 594
    for token, x in zip(cards, xs, strict=True):
        sprite = card_image(token, "standard", shown.COPY_CARD_WIDTH).convert("RGB")
        corner = (4, 6, 4 + round(shown.COPY_CARD_WIDTH * layout.INDEX_SHOWN) - 8, 40)
        drawn = img.crop((round(x) + corner[0], round(top) + corner[1], round(x) + corner[2], round(top) + corner[3]))
        diff = [abs(a - b) for a, b in zip(drawn.tobytes(), sprite.crop(corner).tobytes(), strict=True)]
        assert sum(diff) / len(diff) < 2, token


def test_playable_cards_are_raised_and_glow_and_their_places_marked() -> None:
    state = game(4)
    table, hand = views(state, 1)
    assert hand["playable"] == ["7S", "7H"]
    img = copy(table, hand)
    xs, top = Copy(table, hand).card_places()
    places = dict(zip(hand["hand"], xs, strict=True))  # type: ignore[call-overload]
    for token in ("7S", "7H"):  # raised: face where an unraised card has none, a glow above
        x = places[token]
        assert near(at(img, x + 3, top - layout.LIFT + 50), theme.CARD_FACE)
        r, g, b = at(img, x + 30, top - layout.LIFT - 3)
        assert r > 150 and g > 110 and b < 90, token
    x = places["8S"]  # dimmed, not raised
    assert not near(at(img, x + 3, top + 50), theme.CARD_FACE, 40)
    # In the runs: the 7s the member holds in the highlight, the others' open places dashed.
    for row, colour in ((0, mix(theme.FELT, theme.HIGHLIGHT, 0.3)), (1, mix(theme.FELT, theme.HIGHLIGHT, 0.3)),
                        (2, theme.FELT_DARK), (3, theme.FELT_DARK)):
        x0, y0, _, _ = tile_box(row, 7)
        assert near(at(img, x0 + 4, y0 + 4), colour), row
    # Off turn: nothing raised, nothing marked.
    later = state.apply(1, "play:7S")
    table, hand = views(later, 1)
    img = copy(table, hand)
    x0, y0, _, _ = tile_box(1, 7)
    assert near(at(img, x0 + 4, y0 + 4), theme.FELT_DARK)


def test_the_status_is_drawn(drawn: list[str]) -> None:
    state = game(5)
    for seat in (1, 3):
        table, hand = views(state, seat)
        copy(table, hand)
        assert layout.named(hand, str(hand["status"])) in drawn
    assert "Bartholomew to play a 7 \u00b7 pot 7 chips" in drawn


def test_nothing_of_another_players_hand_is_drawn() -> None:
    history = play("fan-tan", 4, 5)
    state = history[len(history) // 3]
    assert isinstance(state, FanTanState)
    member = min(state.to_move)
    a, b = [s for s in range(4) if s != member][:2]
    hands = list(state.hands)
    hands[a], hands[b] = (hands[b][:1] + hands[a][1:], hands[a][:1] + hands[b][1:])
    other = dataclasses.replace(state, hands=tuple(hands))
    assert other.hands != state.hands
    first = copy(*views(state, member))
    assert first.tobytes() == copy(*views(other, member)).tobytes()
