"""A Dracula player's copy (issue 37): one picture of COPY_SIZE at every stage, showing the coffin,
the status, each seat and the member's own hand, marked as the hand picture marks it, and nothing
of another player's hand."""

from __future__ import annotations

import copy as deepcopy
import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

import renderers
from games.dracula import DraculaState
from games.dracula.scoring import VAMPIRES, points
from renderers import seat_image
from renderers.games import dracula
from renderers.games.dracula import copy_hand
from renderers.games.dracula.copy import CARD, CARD_H, GAP, PAD, M
from renderers.kit import layout, regions, theme
from renderers.kit.fonts import has_glyph
from renderers.kit.shown import COPY_SIZE
from renderers.tools.gallery import SAMPLE_NAMES, play, stages

from .test_dracula_table import ODD_NAMES, STAGES, stage

NAMES = list(SAMPLE_NAMES[:4])


def views(state: DraculaState, seat: int, names: Sequence[str] = NAMES) -> tuple[dict[str, Any], dict[str, Any]]:
    given = {"names": list(names[: state.players])}
    return state.view(None) | given, state.view(seat) | given


def picture(state: DraculaState, seat: int) -> Image.Image:
    return seat_image("dracula", *views(state, seat))


def mover(state: DraculaState) -> int:
    return min(state.to_move) if state.to_move else 0


@functools.cache
def history(players: int) -> list[DraculaState]:
    return [s for s in play("dracula", players, 3) if isinstance(s, DraculaState)]


def test_the_game_draws_its_own_copy() -> None:
    assert callable(renderers._module("dracula").copy)


@pytest.mark.parametrize("players", [2, 4])
def test_every_stage_and_seat_is_one_picture_of_the_copy_size(players: int) -> None:
    states = [st.state for st in stages("dracula", players, 7)]
    states += [stage(name) for name in STAGES if name.startswith(f"{players}p")]
    for state in states:
        assert isinstance(state, DraculaState)
        for seat in range(players):
            img = picture(state, seat)
            assert img.size == COPY_SIZE and img.mode == "RGB"


def test_drawing_is_pure_and_has_no_tofu(drawn: list[str]) -> None:
    for name in STAGES:
        state = stage(name)
        table, hand = views(state, mover(state), ODD_NAMES)
        before = (deepcopy.deepcopy(table), deepcopy.deepcopy(hand))
        first = dracula.copy(table, hand)
        assert (table, hand) == before, "the views were mutated"
        assert first.tobytes() == dracula.copy(table, hand).tobytes()
    assert drawn
    for text in drawn:
        assert all(has_glyph(ch) for ch in text), f"{text!r} holds a character the font lacks"


def test_the_status_and_every_seat_are_drawn(drawn: list[str]) -> None:
    state = stage("2p mid-coffin")
    seat = state.turn
    table, hand = views(state, seat, ["Ann", "Bo"])
    dracula.copy(table, hand)
    joined = " ".join(drawn)
    status = layout.named(table, table["status"])
    assert status.startswith("Deal 2 of 6: ")
    assert status.removeprefix("Deal 2 of 6: ") in " ".join(joined.split())
    assert f"DEAL 2 OF 6 \u00b7 STOCK {table['stock']}" in drawn
    assert f"{['Ann', 'Bo'][seat]} (you)" in drawn and ["Ann", "Bo"][1 - seat] in drawn
    for n, score in zip(table["hand_sizes"], table["scores"], strict=True):
        assert str(n) in drawn and str(score) in drawn


def test_the_four_seats_are_drawn_with_their_cards_held(drawn: list[str]) -> None:
    state = stage("4p mid-deal")
    table, hand = views(state, 2)
    dracula.copy(table, hand)
    assert "Cyrille (you)" in drawn and all(name in drawn for name in ("Ann", "Bartholomew", "Dmitri"))
    assert all(str(n) in drawn for n in table["hand_sizes"])


def record_hands(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every row of cards the copy's hand draws: its cards and those glowing, dimmed and raised."""
    calls: list[dict[str, Any]] = []
    real = copy_hand.card_rows.draw_cards

    def recording(img: Image.Image, cards: Sequence[str], xs: Sequence[float], y: float, **kw: Any) -> Any:
        calls.append({"cards": list(cards), "glow": set(kw.get("highlight", ())), "dim": set(kw.get("dim", ())),
                      "raised": set(kw.get("raised", ()))})
        return real(img, cards, xs, y, **kw)

    monkeypatch.setattr(copy_hand.card_rows, "draw_cards", recording)
    return calls


@pytest.mark.parametrize("players", [2, 4])
def test_the_members_hand_is_drawn_and_its_legal_cards_glow(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = record_hands(monkeypatch)
    for state in history(players)[::7]:
        if state.phase != "place" or state.is_over:
            continue
        for seat in range(players):
            calls.clear()
            table, hand = views(state, seat)
            dracula.copy(table, hand)
            assert [c for call in calls for c in call["cards"]] == hand["hand"]
            legal = {a["token"].split(":")[1].split("@")[0] for a in hand.get("legal") or []}
            for call in calls:
                glow = call["glow"] & set(call["cards"])
                assert glow == (legal & set(call["cards"]) if seat == state.turn else set())
                assert not call["dim"] and not call["raised"]  # every held card may go: none dims, none rises


def test_a_long_hand_lies_in_two_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = record_hands(monkeypatch)
    state = history(4)[1]
    assert len(state.view(0)["hand"]) >= 13
    dracula.copy(*views(state, 0))
    assert len(calls) == 2 and sum(len(c["cards"]) for c in calls) == len(state.view(0)["hand"])


def test_a_short_hand_tags_each_card_with_its_worth(drawn: list[str]) -> None:
    # The first state where the player to move holds a Vampire: its tag says it drains.
    state = next(s for s in history(2) if s.phase == "place" and not s.is_over
                 and set(s.view(s.turn)["hand"]) & set(VAMPIRES))
    table, hand = views(state, state.turn)
    dracula.copy(table, hand)
    way = hand["directions"][state.turn]
    for card in hand["hand"]:
        if card in VAMPIRES:
            assert "drains" in drawn
        else:
            assert f"{points(card, way)} pts" in drawn or str(points(card, way)) in drawn


def test_legal_cells_glow_only_in_the_movers_copy() -> None:
    state = stage("2p mid-coffin")
    (r, c), *_ = state.view(state.turn)["legal_cells"]
    x = M + PAD + c * (CARD + GAP) + CARD // 2
    y = M + PAD + r * (CARD_H + GAP) + CARD_H // 2
    assert picture(state, state.turn).getpixel((x, y)) == theme.HIGHLIGHT  # the "+" in the free cell
    assert picture(state, 1 - state.turn).getpixel((x, y)) != theme.HIGHLIGHT


@pytest.mark.parametrize("players", [2, 4])
def test_nothing_of_another_hand_is_drawn(players: int) -> None:
    state = next(s for s in history(players)[5:] if s.phase == "place" and not s.is_over)
    other = (state.turn + 1) % players
    hands = list(state.hands)
    n = len(hands[other])  # as many cards (the count is shown), other ones
    if players == 2:
        pool = list(hands[other]) + list(state.stock)
        hands[other] = tuple(pool[-n:])
    else:
        third = (state.turn + 2) % 4
        pool = sorted(hands[other] + hands[third], reverse=True)
        hands[other], hands[third] = tuple(pool[:n]), tuple(pool[n:])
    swapped = dataclasses.replace(state, hands=tuple(hands))
    assert swapped.view(other)["hand"] != state.view(other)["hand"]
    assert picture(state, state.turn).tobytes() == picture(swapped, state.turn).tobytes()


@pytest.mark.parametrize("name", ["2p game over", "4p game over", "2p session over"])
def test_the_result_is_shown_when_over(name: str, drawn: list[str]) -> None:
    state = stage(name)
    table, hand = views(state, 0)
    dracula.copy(table, hand)
    joined = " ".join(drawn)
    assert ("SESSION OVER" if "session" in name else "GAME OVER") in drawn
    assert " wins" in joined or " win" in joined or "drawn" in joined.lower()
    for score in table["outcome"]["scores"]:
        assert str(score) in joined


def test_the_cut_and_the_choice_of_way_are_shown(drawn: list[str]) -> None:
    state = stage("2p choosing the way after a cut")
    table, hand = views(state, state.first_dealer)
    dracula.copy(table, hand)
    joined = " ".join(drawn)
    assert "THE CUT" in drawn and "THE WAY" in drawn and "Queen's way" in drawn and "King's way" in drawn
    assert f"{NAMES[state.first_dealer]} wins the cut and deals first." in joined
    assert "earlier round" in joined


@pytest.mark.parametrize("players", [2, 4])
def test_kept_plates_are_the_ones_a_fresh_drawing_gives(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The sides' plates are kept by what they show: a key missing something would paste a stale one.
    states = [s for s in history(players)[::4]]
    kept = [picture(s, mover(s)).tobytes() for s in states]
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    assert kept == [picture(s, mover(s)).tobytes() for s in states]
