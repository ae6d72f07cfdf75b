"""The Busca table, hand and hand's-end images: real game states from stacked decks (dealt one
card at a time from the top, seat 0 first), what each shows where, and that the card a
three-player dealer lays aside is drawn for nobody."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from games import registry
from games.busca import BuscaState
from games.core import decks
from renderers import render_hand, render_round_end, render_table
from renderers.games.busca.round_end import CARDS_END, COLUMNS, MARGIN
from renderers.games.busca.table import Table
from renderers.kit import shown, trick_copy, trick_table
from renderers.kit.theme import card_height
from tests.games.stacking import deck_for

RULES = registry.get("busca")
NAMES = ["Annabel", "Bartholomew", "Cyrille", "Dmitri", "Eve"]


def game(players: int, hands: list[list[str]], then: list[str] = ()) -> BuscaState:  # type: ignore[assignment]
    deck = deck_for(decks.busca(), [40 // players] * players, hands, then)
    state = RULES.new_game(players, seed=3, options={"first_dealer": 1}, deck=deck)
    assert isinstance(state, BuscaState)
    return state


def view(state: BuscaState, seat: int | None = None) -> dict[str, object]:
    return state.view(seat) | {"names": NAMES[: state.players]}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def whiteness(img: Image.Image, box: tuple[float, float, float, float]) -> float:
    """How card-white the middle of ``box`` is (0..255): a card face is near 250, the felt near 60."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    patch = img.crop((round(x) - 20, round(y) + 24, round(x) + 20, round(y) + 30))  # under the centre pip
    return float(sum(ImageStat.Stat(patch).mean) / 3)


def plate_boxes(state: BuscaState, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[float, ...]]:
    """Each plate's box on the table, by the name on it."""
    boxes: dict[str, tuple[float, ...]] = {}
    real = trick_copy.region

    def region(img: Any, box: Any, key: Any, *args: Any, **kwargs: Any) -> None:
        boxes[key[1].seat.name] = tuple(box)
        real(img, box, key, *args, **kwargs)

    monkeypatch.setattr(trick_copy, "region", region)
    render_table("busca", view(state))
    monkeypatch.undo()
    return boxes


def card_box(plates: dict[str, tuple[float, ...]], seat: int) -> tuple[float, float, float, float]:
    """Where the card ``seat`` plays lies: under its plate."""
    x0, _, x1, y1 = plates[NAMES[seat]]
    w = shown.COPY_CARD_WIDTH
    return (x0 + x1 - w) / 2, y1 + 5, (x0 + x1 + w) / 2, y1 + 5 + card_height(w)


def test_each_trick_card_lies_under_whoever_played_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game(4, [["4S"], ["5S"], ["6S"], ["7S"]])  # seat 0 leads, then 3, 2, 1
    state = state.apply(0, "play:4S").apply(3, "play:7S")
    plates = plate_boxes(state, monkeypatch)
    # Play goes to the right: the plates left to right in play order from seat 0.
    assert [plates[NAMES[s]][0] for s in (0, 3, 2, 1)] == sorted(plates[n][0] for n in NAMES[:4])
    img = image(render_table("busca", view(state)))
    assert img.size == shown.COPY_SIZE
    assert whiteness(img, card_box(plates, 0)) > 200 and whiteness(img, card_box(plates, 3)) > 200
    assert whiteness(img, card_box(plates, 2)) < 140 and whiteness(img, card_box(plates, 1)) < 140


def test_the_card_laid_aside_is_drawn_for_nobody_but_its_dealer() -> None:
    """Two deals alike but for the card the dealer (seat 1) keeps back: every picture another seat
    or a spectator sees is the same pixel for pixel."""
    first = game(3, [], then=["AS"])
    aside_ace = first.apply(1, "discard:AS")
    aside_four = first.apply(1, f"discard:{next(c for c in first.hands[1] if c.startswith('4'))}")
    for seat in (0, 2, None):
        a = image(render_table("busca", view(aside_ace, seat)))
        b = image(render_table("busca", view(aside_four, seat)))
        assert ImageChops.difference(a, b).getbbox() is None
    for seat in (0, 2):
        assert render_hand("busca", view(aside_ace, seat)) == render_hand("busca", view(aside_four, seat))
    assert view(aside_ace, 1)["discard"] == "AS"


def test_the_hand_shows_the_trick_so_far_above_the_cards() -> None:
    state = game(4, [["4S"], ["5S"], ["6S"], ["7S"]])
    lead = image(render_hand("busca", view(state, 0)))
    state = state.apply(0, "play:4S")
    follow = image(render_hand("busca", view(state, 3)))
    assert follow.height > lead.height  # the strip with the 4 of spades


def test_a_hands_end_shows_each_players_points_and_what_they_scored() -> None:
    state = game(4, [])
    while not state.round_ends:
        seat = state.turn
        state = state.apply(seat, state.legal_actions(seat)[0])
    data = dict(state.round_ends[0])
    plain = image(render_round_end("busca", view(state), data))
    other = dict(data, thirds=[t + (1 if s == 0 else -1 if s == 1 else 0) for s, t in enumerate(data["thirds"])])
    changed = ImageChops.difference(plain, image(render_round_end("busca", view(state), other))).getbbox()
    assert changed is not None and changed[3] - changed[1] < 200  # only the two points figures moved
    points_x = shown.COPY_SIZE[0] - MARGIN - COLUMNS[0][0]
    assert changed[0] >= CARDS_END and changed[2] <= points_x + 40  # in the POINTS column
    assert plain.size == shown.COPY_SIZE


def test_the_header_says_who_deals_now_and_next_to_the_right() -> None:
    """Issue 27 point 7 (docs/rules/busca.md, "to the right"): the deal passes to the dealer's right,
    seat n to seat n - 1, as play does; the header names this hand's dealer and the next one's."""
    for players in (3, 4, 5):
        state = RULES.new_game(players, seed=3, options={"first_dealer": 1})
        assert isinstance(state, BuscaState) and state.dealer == 1
        assert "Bartholomew deals, Annabel next" in Table(view(state)).subtitle()
    state = RULES.new_game(4, seed=3, options={"first_dealer": 0})
    assert "Annabel deals, Dmitri next" in Table(view(state)).subtitle()


def test_the_next_hand_is_dealt_by_the_one_the_header_named() -> None:
    from renderers.tools.gallery import play
    history = play("busca", 4, 5)
    named = {state.hand_no: Table(view(state)).subtitle() for state in history
             if isinstance(state, BuscaState) and not state.is_over}
    dealers = {state.hand_no: state.dealer for state in history
               if isinstance(state, BuscaState) and not state.is_over}
    assert len(dealers) > 1
    for hand_no in sorted(dealers)[1:]:
        previous = dealers[hand_no - 1]
        assert dealers[hand_no] == (previous - 1) % 4
        assert f"{NAMES[previous]} deals, {NAMES[dealers[hand_no]]} next" in named[hand_no - 1]


def test_a_long_name_beside_the_pointer_the_button_and_a_score_is_drawn_whole(drawn: list[str]) -> None:
    """Issue 36: "Easy computer 3" was cut to "Easy co…" on the dealer's plate at its turn: the
    table's plates give a name that one line would cut two."""
    for players in (3, 4, 5):
        for to_move in (False, True):
            for score in ("0", "31", "99"):  # a game to 31 (a total of three figures may cut it)
                seats = [trick_table.Seat(name=f"Player {s}", cards=9, tricks=0, score="5") for s in range(players)]
                seats[1] = trick_table.Seat(name="Easy computer 3", cards=9, tricks=0, score=score, to_move=to_move,
                                            dealer=True)
                drawn.clear()
                img = trick_copy.draw_table(trick_table.Scene(seats=seats, direction=-1), ("Busca", "Hand 1"),
                                            "Your turn", trick_table.Extras(), [])
                assert img.size == shown.COPY_SIZE
                whole = "Easy computer 3"  # on a line, or its two lines one after the other
                assert any(t == whole or f"{t} {n}" == whole for t, n in zip(drawn, [*drawn[1:], ""], strict=True)), \
                    (players, to_move, score, drawn)


def test_the_copy_says_which_way_play_goes(drawn: list[str]) -> None:
    """Issue 44 point 8: the seats read in the order of play; the copy says which way it goes, as the
    table does, until the game is over."""
    from renderers import render_seat
    for players in (3, 4, 5):
        state = RULES.new_game(players, seed=3)
        assert isinstance(state, BuscaState)
        drawn.clear()
        render_seat("busca", view(state), view(state, 0))
        assert any("play goes to the right" in t for t in drawn), drawn
