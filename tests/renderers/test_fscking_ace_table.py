"""The Fscking Ace table and settlement images: real game states at 3, 6, 20 and 30 players (stacked
decks: nothing is dealt, so the deck is the first round's stock, top first), sizes, what the
table shows, the money unit, and that the stock is never drawn face up."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from PIL import Image

import renderers
from games import registry
from games.core.base import State
from games.fscking_ace import FsckingAceState
from renderers import render_settlement, render_table
from renderers.games import fscking_ace
from renderers.games.fscking_ace.parts import SMALL, legible
from renderers.games.fscking_ace.seats import cards_line
from renderers.games.fscking_ace.table import shape
from renderers.kit import card_rows, cards, fonts, layout, regions, shown
from renderers.kit import settlement as generic
from renderers.kit.fonts import has_glyph

from .helpers import png_size

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
LIMIT = 300_000
RULES = registry.get("fscking-ace")
NAMES = ["Annabel", "Bartholomew", "Cyrille", "Dmitri", "Eve", "Fatima", "Gustavo", "Hiroko", "Ines",
         "Jonathan", "Kalinda", "Lev", "Maximiliana", "Nils", "Oona", "Pradeep", "Quentin", "Rosalind",
         "Sven", "Tariq", "Ulla", "Vikram", "Wen", "Ximena", "Yusuf", "Zara", "Ada", "Bo", "Cai", "Dov"]
ODD_NAMES = ["Zo\u00eb \u2665", "\u0141ukasz\u2192", "\u674e\u96f7", "Ren\u00e9e \u00bd \u2660"]

# Seat 0 scores 7♦ 2♥ $5; seat 1 flips 5♥ then keeps 2♠ (the turn ends); seat 2 scores $10 2♣;
# seat 0 has 9♥ on the line.
OPENING = ["7D", "2H", "X1", "5H", "2S", "X2", "2C", "9H"]
OPENING_MOVES = ["flip"] * 3 + ["stop", "flip", "flip", "flip", "flip", "stop", "flip"]


def new(players: int, deck: Sequence[str], seed: int = 1) -> State:
    """A game where seat 0 flips first (the last seat shuffles)."""
    return RULES.new_game(players, seed=seed, options={"first_dealer": players - 1}, deck=list(deck))


def play(state: State, *tokens: str) -> State:
    for token in tokens:
        (seat,) = state.to_move
        state = state.apply(seat, token)
    return state


def mid_turn(players: int, tail: Sequence[str] = ()) -> State:
    return play(new(players, OPENING + list(tail)), *OPENING_MOVES)


def settled(players: int, doubled: bool) -> State:
    """Round 1 settled: after the opening, everyone else scores a plain card until seat 1 (who
    kept 2♠) turns up the Ace, or seat 0 (who kept none) does."""
    deck, moves = list(OPENING), [*OPENING_MOVES, "stop"]
    plain = iter(["4D", "5D", "6D", "8D", "9D", "10D", "JD", "QD", "KD", "3H", "4H", "6H", "8H", "10H", "JH",
                  "QH", "KH", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC", "KC", "7D", "7H", "7C"])
    seat, loser = (3 % players + 1) % players, 1 if doubled else 0
    while seat != loser:
        deck.append(next(plain))
        moves += ["flip", "stop"]
        seat = (seat + 1) % players
    return play(new(players, [*deck, "AS"]), *moves, "flip")


STATES: dict[str, Callable[[], State]] = {
    "3p start": lambda: new(3, []),
    "3p mid-turn": lambda: mid_turn(3),
    "3p settled, doubled": lambda: settled(3, doubled=True),
    "3p reversed": lambda: play(new(3, ["7S", "4D"]), "flip", "flip"),
    "3p over": lambda: play(settled(3, doubled=False), "end"),
    "6p mid-turn": lambda: mid_turn(6),
    "6p settled": lambda: settled(6, doubled=True),
    "20p mid-turn": lambda: mid_turn(20),
    "20p settled": lambda: settled(20, doubled=False),
    "20p over": lambda: play(settled(20, doubled=True), "end"),
    "30p mid-turn": lambda: mid_turn(30),  # the most a table seats (docs/rules/fscking-ace.md)
    "30p settled": lambda: settled(30, doubled=False),
}


@functools.cache
def state(name: str) -> State:
    return STATES[name]()


def view(name: str, seat: int | None = None, **extra: Any) -> dict[str, Any]:
    v = state(name).view(seat)
    v["names"] = NAMES[: v["players"]]
    v.update(extra)
    return v


# --- sizes and the API -------------------------------------------------------------------------

def test_the_states_are_what_they_claim() -> None:
    mid = view("3p mid-turn")
    assert mid["phase"] == "play" and mid["flips"] == ["9H"] and mid["turn"] == 0
    assert mid["doublers"] == [[1, 0, 0], [0, 0, 1], [0, 1, 0]]
    doubled = view("3p settled, doubled")
    assert doubled["phase"] == "between" and doubled["last_settlement"]["loser"] == 1
    assert doubled["last_settlement"]["multiplier"] == 2
    assert view("3p reversed")["direction"] == "counterclockwise"
    assert view("3p over")["over"] and view("20p over")["over"]
    assert view("20p mid-turn")["players"] == 20 and view("6p settled")["last_settlement"]["multiplier"] == 2


@pytest.mark.parametrize("name", list(STATES))
def test_tables_are_phone_sized_pngs(name: str) -> None:
    for seat in (0, None):
        data = render_table("fscking-ace", view(name, seat))
        assert data.startswith(PNG_MAGIC) and len(data) <= layout.PNG_LIMIT, f"{name}: {len(data)} bytes"
        assert png_size(data) == shown.COPY_SIZE, name  # the inline box's size, at every stage and size


@pytest.mark.parametrize("name", list(STATES))
def test_every_text_and_face_up_card_reads_where_shown(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []
    widths: list[int] = []
    real_mask, real_card = fonts.text_mask, cards.card_image

    def mask(shown_text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(shown_text, size, *args)

    def card(token: str, family: str = "standard", width: int = 80, *args: Any, **kwargs: Any) -> Image.Image:
        widths.append(width)
        return real_card(token, family, width, *args, **kwargs)

    monkeypatch.setattr(fonts, "text_mask", mask)
    monkeypatch.setattr(card_rows, "card_image", card)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))  # every part is painted
    card_rows._dimmed.cache_clear()
    fscking_ace.table(view(name))
    assert sizes and min(sizes) >= shown.COPY_TEXT_MIN, (name, sorted(set(sizes)))
    assert all(w >= shown.COPY_CARD_WIDTH for w in widths), (name, sorted(set(widths)))


def test_seats_sit_in_two_line_cells_then_one_line_cells_in_up_to_three_columns() -> None:
    assert shape(3) == (2, 1, 3)
    assert shape(6) == (2, 2, 3), "six players take three rows of two"
    assert shape(20) == (1, 2, 10)
    assert shape(30) == (1, 3, 10), "the most a table seats (docs/rules/fscking-ace.md)"
    for players in (3, 6, 20, 30):  # the picture stays the same size
        assert png_size(render_table("fscking-ace", view(f"{players}p mid-turn"))) == shown.COPY_SIZE


def test_the_table_module_is_found_by_key() -> None:
    assert renderers.has_table("fscking-ace")
    assert renderers._module("fscking-ace") is fscking_ace
    assert not renderers.has_table("settlement"), "a helper module is not a game"


@pytest.mark.parametrize("name", ["3p mid-turn", "3p settled, doubled", "20p over"])
def test_rendering_is_pure(name: str) -> None:
    v = view(name)
    before = copy.deepcopy(v)
    first = render_table("fscking-ace", v)
    assert v == before, "the view was mutated"
    assert render_table("fscking-ace", v) == first


# --- what the table shows ------------------------------------------------------------------------

def test_the_image_follows_balances_direction_and_turn() -> None:
    v = view("3p mid-turn")
    base = render_table("fscking-ace", v)
    assert render_table("fscking-ace", {**v, "balances": [500, -250, -250]}) != base
    assert render_table("fscking-ace", {**v, "direction": "counterclockwise"}) != base
    assert render_table("fscking-ace", {**v, "turn": 1}) != base
    assert render_table("fscking-ace", {**v, "unseen_spades": 3}) != base


def test_names_money_and_status_are_drawn(drawn: list[str]) -> None:
    fscking_ace.table(view("3p mid-turn", balances=[1250, -1000, -250]))
    joined = " | ".join(drawn)
    for text in ("Annabel", "Bartholomew", "Cyrille", "+$12.50", "-$10", "regular x2", "jokers x2", "loses x2",
                 "clockwise", "still hidden", "Stop now: $11 (+$2)", "$10", "$5"):  # the jokers, as text
        assert text in joined, text
    assert "{p" not in joined and "{$" not in joined, "placeholders are filled"


def test_the_settlement_is_summed_up_between_rounds(drawn: list[str]) -> None:
    v = view("3p settled, doubled")
    fscking_ace.table(v)
    joined = " | ".join(drawn)
    last = v["last_settlement"]
    assert f"pays ${last['total'] // 100}" in joined and "opens round 2" in joined and "bonus" in joined
    assert "all doubled" in joined
    gained = last["stakes"][0] + last["bonus"][0]
    assert f"+${gained // 100}" in joined


def test_the_end_names_who_came_out_ahead(drawn: list[str]) -> None:
    v = view("3p over")
    fscking_ace.table(v)
    ahead = [NAMES[s] for s in v["outcome"]["winners"]]
    assert any("Game over" in t for t in drawn) and any(all(n in t for n in ahead) for t in drawn)


@pytest.mark.parametrize(("unit", "expected"), [("dollars", "Stop now: $11"), ("cents", "Stop now: 11c"),
                                                ("points", "Stop now: 11 pts")])
def test_the_guilds_unit_is_used(unit: str, expected: str, drawn: list[str]) -> None:
    fscking_ace.table(view("3p mid-turn", unit=unit))
    assert any(expected in t for t in drawn), unit
    dollars = render_table("fscking-ace", view("3p mid-turn"))
    if unit != "dollars":
        assert render_table("fscking-ace", view("3p mid-turn", unit=unit)) != dollars


def test_named_fills_money_in_the_views_unit() -> None:
    v = {"players": 2, "names": ["Ann", "Bo"], "unit": "points"}
    assert layout.named(v, "{p0} pays {p1} {$250}") == "Ann pays Bo 2.50 pts"
    assert layout.named({"players": 1}, "{+$100}") == "+$1"


def test_no_tofu_with_odd_names(drawn: list[str]) -> None:
    for name in ("3p mid-turn", "3p settled, doubled", "3p over"):
        v = view(name, names=ODD_NAMES[:3])
        fscking_ace.table(v)
        for done in state(name).settlements:
            fscking_ace.settlement(v, done.to_json())
    assert drawn and all(all(has_glyph(ch) for ch in t) for t in drawn)


def test_scored_cards_as_text_keep_doublers_and_jokers() -> None:
    cards_ = ["3D", "4D", "2H", "5D", "X2", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "2C", "KD"]
    full = cards_line(cards_, 1000)
    assert full.split() == ["3\u2666", "4\u2666", "2\u2665", "5\u2666", "$10", "6\u2666", "7\u2666", "8\u2666",
                            "9\u2666", "10\u2666", "J\u2666", "Q\u2666", "2\u2663", "K\u2666"]
    short = cards_line(cards_, 150)
    assert layout.rich_width(short, SMALL) <= 150
    first, *shown_ = short.split()
    assert first.startswith("+") and int(first) + len(shown_) == len(cards_)
    assert {"2\u2665", "$10", "2\u2663"} <= set(shown_), "the cards that change a pile's worth stay in view"
    assert "K\u2666" in shown_ and "3\u2666" not in shown_, "then the latest plain cards"


def test_crowded_fans_keep_doublers_and_jokers() -> None:
    cards = ["3D", "4D", "2H", "5D", "X2", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "2C", "KD"]
    shown, left_out = legible(cards, 160, 40)
    assert left_out and len(shown) + left_out == len(cards)
    assert {"2H", "X2", "2C"} <= set(shown), "the cards that change a pile's worth stay in view"
    assert "KD" in shown and "3D" not in shown, "then the latest plain cards"
    assert shown == [c for c in cards if c in shown], "in the order they were scored"
    assert legible(cards[:4], 400, 40) == (cards[:4], 0)


# --- the stock stays face down -------------------------------------------------------------------

def face_up(v: dict[str, Any]) -> set[str]:
    """Every card the table shows as a face: on the line, and the Ace that ended a round (the
    scored cards are said as text)."""
    return set(v["flips"]) | ({"AS"} if v["last_settlement"] else set())


@pytest.mark.parametrize("name", list(STATES))
def test_only_face_up_cards_are_drawn(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    faces: list[str] = []
    real = cards.card_image

    def recording(token: str, *args: Any, **kwargs: Any) -> Image.Image:
        faces.append(token)
        return real(token, *args, **kwargs)

    monkeypatch.setattr(card_rows, "card_image", recording)
    v = view(name)
    fscking_ace.table(v)
    assert set(faces) <= face_up(v), set(faces) - face_up(v)
    assert bool(faces) == bool(face_up(v)), "the face-up cards are drawn"


def test_the_table_does_not_depend_on_the_stocks_order() -> None:
    # Two stocks that share the cards turned up so far and differ in every card still down.
    def seat_1_loses(tail: Sequence[str]) -> State:
        return play(new(3, [*OPENING, "AS", *tail]), *OPENING_MOVES, "stop", "flip")

    builds: list[Callable[[Sequence[str]], State]] = [lambda tail: mid_turn(3, tail), seat_1_loses]
    for build in builds:
        a, b = build(["3C", "4C", "5C", "6C"]), build(["8D", "JC", "QH", "10D"])
        assert isinstance(a, FsckingAceState) and isinstance(b, FsckingAceState)
        assert a.stock != b.stock and a.stock[:a.drawn] == b.stock[:b.drawn]
        for seat in (0, 1, None):
            va, vb = a.view(seat), b.view(seat)
            assert render_table("fscking-ace", va) == render_table("fscking-ace", vb), seat


# --- the settlement image ------------------------------------------------------------------------

def test_a_doubled_settlement_says_so(drawn: list[str]) -> None:
    doubled = state("3p settled, doubled").settlements[-1].to_json()
    plain = state("3p over").settlements[-1].to_json()
    assert doubled["multiplier"] == 2 and plain["multiplier"] == 1
    v = view("3p settled, doubled")
    a, b = render_settlement("fscking-ace", v, doubled), render_settlement("fscking-ace", v, plain)
    assert a != b and a.startswith(PNG_MAGIC) and len(a) < LIMIT
    assert png_size(a) == png_size(b) == shown.COPY_SIZE, "the inline box's size, doubled or not"
    drawn.clear()
    fscking_ace.settlement(v, plain)
    assert not any("Everything" in t for t in drawn), "the doubling note is only there when doubled"
    drawn.clear()
    fscking_ace.settlement(v, doubled)
    joined = " | ".join(drawn)
    assert "Everything doubled" in joined and "Bartholomew" in joined and "x2" in joined
    assert "doubled (the loser" not in joined, "the reasons do not repeat the note"
    assert "most cards bonus" in joined and "{$" not in joined


def test_the_generic_drawer_copes_without_loser_or_multiplier(drawn: list[str]) -> None:
    data = {"round": 4, "total": 750, "transfers": [
        {"from": 0, "to": 1, "cents": 500, "reason": "{p0} owes {p1} {$500}"},
        {"from": 2, "to": 1, "cents": 250, "reason": "a side bet"}]}
    v = {"game": "fosco", "title": "Fosco", "players": 3, "names": ["Ann", "Bo", "Cy"], "unit": "points"}
    png = render_settlement("fosco", v, data)  # fosco has no drawer of its own
    assert png.startswith(PNG_MAGIC)
    assert png_size(png) == shown.COPY_SIZE
    generic.settlement(v, data)
    joined = " | ".join(drawn)
    assert "Ann owes Bo 5 pts" in joined and "7.50 pts" in joined and "FROM ANN" in joined
    generic.settlement({}, {"transfers": []})  # nothing at all still draws
    with pytest.raises(ValueError):
        render_settlement("nonesuch", v, data)


def test_twenty_players_settlement_stays_bounded() -> None:
    # The Ace comes first: nobody has a card, so all 19 others share the bonus (38 payments).
    ace_first = play(new(20, ["AS"]), "flip")
    data = ace_first.settlements[-1].to_json()
    assert len(data["transfers"]) == 38  # type: ignore[arg-type]
    rows, more = generic.fit_rows(generic.rows_of({}, data))
    assert len(rows) == 19 and more is None, "a payee's stake and bonus share a row"
    v = ace_first.view(None)
    v["names"] = NAMES
    png = render_settlement("fscking-ace", v, data)
    assert len(png) < LIMIT and png_size(png) == shown.COPY_SIZE
    many = {"transfers": [{"from": i, "to": i + 1, "cents": 100, "reason": f"bet {i}"} for i in range(60)]}
    rows, more = generic.fit_rows(generic.rows_of({}, many))
    assert len(rows) == generic.MAX_ROWS - 1 and more is not None and more.cents == 100 * 60 - sum(
        r.cents for r in rows)
    big = generic.rows_of({}, state("30p settled").settlements[-1].to_json())
    rows, more = generic.fit_rows(big, 20)
    assert more is not None and len(rows) == 19
    hidden = {r.payee for r in big} - {r.payee for r in rows}
    assert len(hidden) == 10 and min(r.cents for r in rows) >= max(r.cents for r in big if r.payee in hidden), \
        "the small payments are the ones summed up"
    order = list(dict.fromkeys(r.payee for r in big))
    assert [r.payee for r in rows] == sorted((r.payee for r in rows), key=order.index), "in their order"
