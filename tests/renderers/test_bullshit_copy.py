"""Bullshit's player copy (renderers.games.bullshit.copy): drawn at COPY_SIZE at every stage, the
member's own cards (those of the next rank glowing and raised) inside the felt with their indices in
view, the status, the claim and what of its rank the member holds, a call's verdict, and nothing of
another seat's hand."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.bullshit.rules import BullshitState
from games.core.cards import rank_of
from renderers import seat_image
from renderers.games.bullshit import seats
from renderers.games.bullshit.copy import CARD_H, MIN_STEP, TIGHT_PITCH, Copy
from renderers.kit import layout, shown, theme
from renderers.kit.fonts import safe_text
from renderers.tools.gallery import SAMPLE_NAMES, play, stages
from tests.renderers.golden import quiet_bullshit


def views(state: Any, seat: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    names = {"names": list(SAMPLE_NAMES[: state.players])}
    if seat is None:
        seat = min(state.to_move) if state.to_move else 0
    return state.view(None) | names, state.view(seat) | names


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


@pytest.fixture
def texts(drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``drawn``, with every seat's chip drawn afresh (so that its texts are recorded)."""
    monkeypatch.setattr(seats, "chip_sprite", seats.chip_sprite.__wrapped__)
    return drawn


@pytest.mark.parametrize("players", [3, 6, 10])
def test_every_stage_is_drawn_at_copy_size_for_every_seat(players: int) -> None:
    for stage in stages("bullshit", players):
        for seat in {stage.mover, (stage.mover + 1) % players}:
            img = seat_image("bullshit", stage.view(None), stage.view(seat))
            assert img.mode == "RGB" and img.size == shown.COPY_SIZE, stage.label


@pytest.mark.parametrize("players", [3, 10])
def test_the_members_whole_hand_lies_in_the_felt_with_every_index_in_view(players: int) -> None:
    for state in play("bullshit", players, seed=2)[::4]:
        table, hand = views(state)
        drawing = Copy(table, hand)
        places = drawing.places()
        assert sorted(card for card, _ in places) == sorted(hand["hand"])
        fx0, fy0, fx1, fy1 = drawing.felt
        tops: dict[float, list[tuple[str, tuple[float, ...]]]] = {}
        for card, box in places:
            assert fx0 < box[0] and box[2] < fx1 and fy0 < box[1] and box[3] < fy1, card
            raised = card in drawing.glow and drawing.spacing(len(drawing.rows()))[1]
            tops.setdefault(box[1] + (layout.LIFT if raised else 0), []).append((card, box))
        for row in tops.values():  # side by side, each card shows its index strip
            lefts = [box[0] for _, box in row]
            assert all(b - a >= MIN_STEP for a, b in itertools.pairwise(lefts))
        rows = sorted(tops)
        assert all(b - a >= TIGHT_PITCH for a, b in itertools.pairwise(rows))
        assert drawing.glow == {c for c in hand["hand"] if rank_of(c) == hand["rank"]}


@pytest.mark.parametrize("players", [3, 10])
def test_a_huge_hand_still_fits_the_felt(players: int) -> None:
    state = play("bullshit", players, seed=1)[players]
    table, hand = views(state)
    many = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    hand = hand | {"hand": many[:45]}
    drawing = Copy(table, hand)
    assert drawing.draw().size == shown.COPY_SIZE
    fx0, fy0, fx1, fy1 = drawing.felt
    assert all(fx0 < b[0] and b[2] < fx1 and fy0 < b[1] and b[3] < fy1 for _, b in drawing.places())


def test_the_cards_of_the_next_rank_glow_raised() -> None:
    state = next(s for s in play("bullshit", 10, seed=1)
                 if s.to_move and any(rank_of(c) == s.view(None)["rank"] for c in s.view(min(s.to_move))["hand"]))
    table, hand = views(state)
    drawing = Copy(table, hand)
    img = drawing.draw()
    assert len(drawing.rows()) == 1
    places = drawing.places()
    assert {c for c, _ in places} & drawing.glow
    lefts = [None, *(c for c, _ in places)]
    for left, (card, (x0, y0, _, y1)) in zip(lefts, places, strict=False):
        glows = card in drawing.glow
        assert y1 - y0 == CARD_H
        if left in drawing.glow and not glows:
            continue  # the raised card at its left glows over it
        # Above a glowing card the felt turns to the glow (a card's height higher); above another, it is felt.
        pixel = img.getpixel((int(x0) + 6, int(y0) - 3 - (0 if glows else layout.LIFT)))
        assert isinstance(pixel, tuple)
        yellow = pixel[0] > 120 and pixel[1] > 110 and pixel[2] < pixel[1] - 30
        assert yellow == glows, card


def test_the_status_claim_next_rank_and_seats_are_drawn(texts: list[str]) -> None:
    stage = next(s for s in stages("bullshit", 3) if s.name == "middle")
    table, hand = stage.view(None), stage.view(stage.mover)
    seat_image("bullshit", table, hand)
    status = layout.named(table, table["status"])
    window = table["window"]
    claimed = sum(1 for c in hand["hand"] if rank_of(c) == window["rank"])
    nxt = sum(1 for c in hand["hand"] if rank_of(c) == table["rank"])
    assert safe_text(layout.status_lines(status, shown.COPY_SIZE[0] - 16, theme.SMALL_TEXT_SIZE)[0]) in texts
    assert f"{SAMPLE_NAMES[window['seat']]} says" in texts and str(window["count"]) in texts
    assert f"you hold {claimed or 'none'} \u00b7 10 s to call" in texts
    assert f"you hold {nxt or 'none'}" in texts and f"{table['pile']} cards" in texts
    assert set(SAMPLE_NAMES[:3]) <= set(texts)
    assert {str(n) for n in table["counts"]} <= set(texts)


def test_last_cards_and_the_call_that_turns_them_up(texts: list[str]) -> None:
    four = quiet_bullshit(4, 20)
    window = four.view(None)["window"]
    seat_image("bullshit", *views(four, window["next"]))
    assert "Last cards!" in texts and f"{SAMPLE_NAMES[window['seat']]} says" in texts
    texts.clear()
    called = four.apply(window["next"], "call")
    reveal = called.view(None)["reveal"]
    img = seat_image("bullshit", *views(called, reveal["taker"]))
    assert img.size == shown.COPY_SIZE
    verdict = "Lie!" if reveal["lie"] else "True!"
    assert verdict in texts and f"{SAMPLE_NAMES[reveal['taker']]} picks up {reveal['pile']}" in set(texts)
    assert any(t.startswith(f"{SAMPLE_NAMES[reveal['caller']]} called ") for t in texts)  # whose: cut to fit


def test_the_game_over_copy_names_the_winner(texts: list[str]) -> None:
    state = quiet_bullshit(10, 30)
    while not state.is_over:
        state = state.apply(min(state.to_move), "pass" if state.view(None)["window"] else
                            "play:" + ",".join(state.view(min(state.to_move))["hand"][:1]))
    assert seat_image("bullshit", *views(state, 0)).size == shown.COPY_SIZE
    assert any(t.endswith(" wins") for t in texts) or "Lie!" in texts or "True!" in texts


def test_nothing_of_another_seats_hand_is_drawn() -> None:
    state = next(s for s in play("bullshit", 4, seed=3)[20:] if s.to_move and s.view(None)["window"])
    assert isinstance(state, BullshitState)
    seat = min(state.to_move)
    a, b = [s for s in range(4) if s != seat][:2]
    hands = [list(h) for h in state.hands]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]  # two others swap a card: counts unchanged
    swapped = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands))
    assert swapped.hands != state.hands
    assert same(seat_image("bullshit", *views(state, seat)), seat_image("bullshit", *views(swapped, seat)))
    # The member's own cards do show: a card of theirs swapped with another seat's changes the copy.
    hands = [list(h) for h in state.hands]
    mine = next(i for i, c in enumerate(hands[seat]) if rank_of(c) != rank_of(hands[a][0]))
    hands[seat][mine], hands[a][0] = hands[a][0], hands[seat][mine]
    changed = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands))
    assert not same(seat_image("bullshit", *views(state, seat)), seat_image("bullshit", *views(changed, seat)))


def test_seat_chips_share_a_row_by_their_names() -> None:
    assert seats.share([30, 100, 50], 300) == [70, 140, 90]  # room to spare: shared evenly
    assert seats.share([30, 100, 50], 150) == [30, 70, 50]  # short: the widest is cut
    assert seats.share([80, 100], 100) == [50, 50]
