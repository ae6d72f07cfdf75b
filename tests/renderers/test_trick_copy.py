"""A player's copy for the trick-taking games (renderers.kit.trick_copy): Busca, the tarot base games
and the two Manchester games, laid out for the box Discord shows inline."""

from __future__ import annotations

import dataclasses
from typing import Any, cast

import pytest
from PIL import Image, ImageChops

from renderers import seat_image
from renderers.kit import shown
from renderers.kit.trick_copy import CardRow, hand_lines
from renderers.tools.gallery import SAMPLE_NAMES, play, stages

GAMES = [("busca", 3), ("busca", 5), ("scarto", 3), ("tarocchi", 4), ("conference", 4),
         ("manchester-piccadilly", 2), ("manchester-truffle", 2)]
STATUS_BOTTOM = 40  # the status line's panel ends above this row
HAND_TOP = 382 - 118  # a one-row hand lies below this row


def copy_of(key: str, state: Any, seat: int, **hand: Any) -> Image.Image:
    names = {"names": list(SAMPLE_NAMES[: state.players])}
    return seat_image(key, state.view(None) | names, state.view(seat) | names | hand)


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def yellow(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels in ``box`` are of the playable cards' glow (yellow)."""
    pixels = cast(list[tuple[int, int, int]], list(img.crop(box).get_flattened_data()))
    return sum(1 for r, g, b in pixels if r > 200 and g > 160 and b < 130)


@pytest.mark.parametrize(("key", "players"), GAMES)
def test_every_stage_is_the_copy_size(key: str, players: int) -> None:
    for stage in stages(key, players, 7):
        for seat in {stage.mover, (stage.mover + 1) % players}:
            img = seat_image(key, stage.view(None), stage.view(seat))
            assert img.size == shown.COPY_SIZE and img.mode == "RGB", (stage.label, seat)


def middle(key: str, players: int) -> Any:
    """A state in the middle of a seeded game where one seat is to play a card."""
    history = play(key, players, 3)
    for state in history[len(history) // 2:]:
        seat = min(state.to_move) if state.to_move else None
        if seat is not None and any(a.token.startswith("play:") for a in state.legal_actions(seat)) \
                and len(state.view(seat).get("hand") or []) >= 3:
            return state
    raise AssertionError("no state to play a card")


@pytest.mark.parametrize(("key", "players"), [("busca", 4), ("tarocchi", 4)])
def test_the_status_and_the_hand_are_the_members(key: str, players: int) -> None:
    state = middle(key, players)
    seat = min(state.to_move)
    base = copy_of(key, state, seat)
    # Another status: only the status line changes.
    other = copy_of(key, state, seat, status="Somebody else's words")
    assert differs(base, other, (0, 0, 600, STATUS_BOTTOM))
    assert not differs(base, other, (0, STATUS_BOTTOM, 600, 382))
    # Another hand: the felt stays, the hand changes.
    cards = list(state.view(seat)["hand"])
    fewer = copy_of(key, state, seat, hand=cards[1:])
    assert not differs(base, fewer, (0, 0, 600, HAND_TOP - 60))
    assert differs(base, fewer, (0, HAND_TOP, 600, 382))


@pytest.mark.parametrize(("key", "players"), [("busca", 4), ("scarto", 3)])
def test_the_playable_cards_glow_for_the_member_to_move_only(key: str, players: int) -> None:
    state = middle(key, players)
    mover = min(state.to_move)
    hand = (0, HAND_TOP - 20, 600, 382)
    marked, plain = copy_of(key, state, mover), copy_of(key, state, mover, legal=[])
    assert yellow(marked, hand) > yellow(plain, hand) + 300  # the glow round the playable cards
    assert not differs(marked, plain, (0, 0, 600, HAND_TOP - 60))
    waiting = next(s for s in range(players) if s not in state.to_move)
    assert not differs(copy_of(key, state, waiting), copy_of(key, state, waiting, legal=[]), (0, 0, 600, 382))


def test_another_seats_hand_is_not_drawn() -> None:
    state = middle("busca", 4)
    seat = min(state.to_move)
    others = [s for s in range(4) if s != seat]
    a, b = next((x, y) for x in others for y in others if x < y and len(state.hands[x]) == len(state.hands[y]))
    hands = list(state.hands)
    hands[a], hands[b] = hands[b], hands[a]
    swapped = dataclasses.replace(state, hands=tuple(hands))
    assert swapped.view(a)["hand"] != state.view(a)["hand"]
    assert not differs(copy_of("busca", state, seat), copy_of("busca", swapped, seat), (0, 0, 600, 382))


def test_a_long_hand_takes_two_lines_and_another_dummy_gives_way() -> None:
    long = CardRow(tuple(f"{r}S" for r in range(1, 11)) + tuple(f"T{n}" for n in range(1, 18)))
    assert [len(line[0].cards) for line in hand_lines([long])] == [14, 13]
    mine = CardRow(long.cards[:12], label="Your dummy")
    theirs = CardRow(long.cards[12:24], label="Ann's dummy", optional=True)
    hand = CardRow(long.cards[:12])
    assert [[r.label for r in line] for line in hand_lines([mine, theirs, hand])] == [["Your dummy"], [""]]
    few = [CardRow(long.cards[:4], label="Your dummy"), CardRow(long.cards[4:8], label="Ann's dummy", optional=True)]
    assert [[r.label for r in line] for line in hand_lines([*few, hand])] == [["Your dummy", "Ann's dummy"], [""]]
