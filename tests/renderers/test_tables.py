"""Table and hand images: the public API, Fosco's table at every stage of a game, the generic
hand, the shared layout helpers, purity, and text that never shows tofu."""

from __future__ import annotations

import copy
import functools
import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image

import renderers
from games.core.base import State
from games.fosco import RULES
from renderers import render_hand, render_table
from renderers.games import fosco
from renderers.games.fosco.parts import card_rules
from renderers.games.fosco.table import Table
from renderers.kit import badges, card_rows, fonts, hand, layout, log_panel, shown
from renderers.kit.fonts import has_glyph
from renderers.kit.palette import palette_image

from .helpers import png_size, views_of

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
LIMIT = 300_000


def play(state: State, moves: int, seed: int) -> State:
    """``state`` after ``moves`` random legal moves (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def finish(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def half_count_state() -> State:
    """A 2-player game with jokers stopped where the count ends in a half."""
    for seed in range(100):
        state = RULES.new_game(2, seed=seed, options={"jokers": 4, "king": "squares"})
        rng = random.Random(seed)
        for _ in range(30):
            (seat,) = state.to_move
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            view = state.view(None)
            if view["count"] % 1 and len(view["pile"]) >= 2:
                return state
    raise AssertionError("no half count found")


STAGES: dict[str, Any] = {
    "2p new game": lambda: RULES.new_game(2, seed=1),
    "2p mid-count": lambda: play(RULES.new_game(2, seed=3), 21, 1),
    "2p jokers, half count": half_count_state,
    "2p later deal": lambda: play(RULES.new_game(2, seed=4, options={"target": 200}), 70, 3),
    "4p new game": lambda: RULES.new_game(4, seed=2, options={"jokers": 2}),
    "4p mid-game": lambda: play(RULES.new_game(4, seed=5, options={"jokers": 2, "king": "primes"}), 23, 2),
    "4p four jokers": lambda: play(RULES.new_game(4, seed=6, options={"jokers": 4, "king": "led"}), 31, 4),
    "4p optional extras": lambda: play(RULES.new_game(4, seed=9, options={
        "jokers": 2, "joker": "primes", "queen": "double", "jack": "led"}), 17, 5),
    "2p game over": lambda: finish(RULES.new_game(2, seed=7, options={"deals": 2}), 4),
    "4p game over": lambda: finish(RULES.new_game(4, seed=8), 4),
}
@functools.cache
def stage(name: str) -> State:
    return STAGES[name]()


def views(name: str) -> list[dict[str, Any]]:
    return views_of(stage(name), ["Ann", "Bo", "Cyrille", "Dmitri"])


# --- the API ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(STAGES))
def test_fosco_table_and_hand_are_small_pngs(name: str) -> None:
    for view in views(name):
        table, hand_png = render_table("fosco", view), render_hand("fosco", view)
        for data in (table, hand_png):
            assert data.startswith(PNG_MAGIC)
            assert len(data) < LIMIT, f"{name}: {len(data)} bytes"
        assert png_size(table) == shown.COPY_SIZE  # the table is laid out for Discord's inline box


def test_the_stages_cover_what_they_claim() -> None:
    assert any(v["count"] % 1 for v in views("2p jokers, half count"))
    assert stage("2p mid-count").view(None)["pile"]
    assert stage("2p later deal").view(None)["deal"] >= 2
    assert stage("2p later deal").view(None)["deal_scores"]
    assert stage("4p mid-game").players == 4
    assert stage("2p game over").is_over and stage("4p game over").is_over
    assert len(stage("2p new game").view(None)["hands"][0]) == 26
    four = stage("4p four jokers").view(None)
    assert four["options"]["jokers"] == 4 and not four["over"] and four["pile"]


def test_the_optional_extras_are_named_on_the_table_and_the_plain_game_is_not_crowded(drawn: list[str]) -> None:
    """F-7, F-8: a table where Queens, Jacks or Jokers follow a King rule names what each does on
    its top line; the plain game keeps "Kings double" there and names no card rules."""
    extras = stage("4p optional extras").view(None)
    assert card_rules(extras) == [("Kings", "double"), ("Queens", "double"), ("Jacks", "add the lead"),
                                        ("Jokers", "next prime")]
    assert card_rules(stage("4p four jokers").view(None)) == []
    assert Table(stage("4p four jokers").view(None)).subtitle().endswith("Kings add the lead \u00b7 4 jokers")
    fosco.table(extras)
    rules = [t for t in drawn if "Q: x2" in t]  # the ring's pill words "double" so: "K: x2"
    assert rules and "J: + lead" in rules[0] and "Jokers: next prime" in rules[0]
    drawn.clear()
    plain = extras | {"card_rules": {**extras["card_rules"], "queen": "zero", "jack": "copy", "joker": "half"},
                      "options": {**extras["options"], "jokers": 2}}
    assert fosco.table(plain).size == fosco.table(extras).size == shown.COPY_SIZE
    drawn.clear()
    fosco.table(plain)
    assert not any("Q:" in t or "J:" in t for t in drawn)
    assert any("Kings double" in t for t in drawn)


def test_unknown_keys_raise_value_error() -> None:
    view = stage("2p new game").view(0)
    for key in ("nonesuch", "layout", "hand", "cards", "theme", "Fosco", "../fosco", "", "fosco.rules"):
        with pytest.raises(ValueError):
            render_table(key, view)
        with pytest.raises(ValueError):
            render_hand(key, view)


def test_a_registered_game_without_a_table_module_still_has_a_hand() -> None:
    # the hand falls back to the generic image for any registered game
    assert renderers._drawer(renderers._module("fosco"), "hand") is None
    data = render_hand("fosco", {**stage("2p new game").view(0)})
    assert data.startswith(PNG_MAGIC)


@pytest.mark.parametrize("name", ["2p mid-count", "4p mid-game", "2p game over"])
def test_rendering_is_pure(name: str) -> None:
    for view in views(name):
        before = copy.deepcopy(view)
        table_1, hand_1 = render_table("fosco", view), render_hand("fosco", view)
        table_2, hand_2 = render_table("fosco", view), render_hand("fosco", view)
        assert view == before, "the view was mutated"
        assert table_1 == table_2 and hand_1 == hand_2


def test_the_image_depends_on_the_view() -> None:
    view = stage("2p mid-count").view(None)
    named = {**view, "names": ["Ann", "Bo"]}
    assert render_table("fosco", view) != render_table("fosco", named)
    assert render_table("fosco", view) != render_table("fosco", stage("2p new game").view(None))
    # the seat decides which side sits at the bottom
    assert render_table("fosco", stage("2p mid-count").view(0)) != render_table("fosco", stage("2p mid-count").view(1))


# --- text ------------------------------------------------------------------------------------


ODD_NAMES = ["Zo\u00eb \u2665", "\u0141ukasz\u2192", "\u674e\u96f7", "Ren\u00e9e \u00bd \u2660"]


@pytest.mark.parametrize("name", list(STAGES))
def test_no_tofu_in_tables_and_hands(name: str, drawn: list[str]) -> None:
    for view in views(name):
        view["names"] = ODD_NAMES[: view["players"]]
        fosco.table(view)  # the drawers themselves: PNG encoding draws no text
        hand.hand(view)
    assert drawn
    for text in drawn:
        assert all(has_glyph(ch) for ch in text), f"{text!r} holds a character the font lacks"


def test_names_and_status_are_drawn(drawn: list[str]) -> None:
    view = stage("2p mid-count").view(0)
    view["names"] = ["Annabel", "Bo"]
    fosco.table(view)
    joined = " ".join(drawn)
    assert "Annabel" in joined and "Bo" in joined
    assert "{p" not in joined, "placeholders are replaced by names"
    drawn.clear()
    fosco.table(stage("2p mid-count").view(None))
    assert "Player 1" in " ".join(drawn)


def test_result_is_shown_when_over(drawn: list[str]) -> None:
    view = stage("2p game over").view(None)
    fosco.table(view)
    detail = layout.named(view, view["outcome"]["detail"])
    assert any(detail in t for t in drawn)


# --- the generic hand ------------------------------------------------------------------------

def test_hand_cards_come_from_hand_or_hands_and_are_sorted() -> None:
    view = stage("2p mid-count").view(1)
    assert hand.hand_cards(view) == RULES.sort_cards(view["hands"][1])
    assert hand.hand_cards({**view, "hand": ["2D", "AS", "X1", "KH"]}) == ["AS", "KH", "2D", "X1"]  # S,H,C,D
    assert hand.hand_cards({**view, "viewer": None}) == []
    assert hand.hand_cards({"game": "no-such-game", "hand": ["3C", "2C"]}) == ["3C", "2C"]


def test_playable_cards_from_legal_tokens() -> None:
    view = {"legal": [
        {"token": "play:7H", "label": "7\u2665 \u2192 14"},
        {"token": "play:X1", "label": "Joker 1 \u2192 0\u00bd"},
        {"token": "play:3S,3D", "label": "two threes"},
        {"token": "place:QS@12", "label": "Q\u2660 at row 2"},
        {"token": "way:rows", "label": "rows"},
    ]}
    cards, results = hand.playable(view)
    assert cards == {"7H", "X1", "3S", "3D", "QS"}
    assert results == {"7H": "14", "X1": "\u00bd"}


def test_generic_hand_for_other_games_and_families() -> None:
    tarot = {"game": "tarocchi", "title": "Tarocchi", "players": 3, "viewer": 0, "to_move": [0], "over": False,
             "status": "{p0} to lead", "hand": ["T21", "FOOL", "KS", "NC", "10B", "T1"],
             "legal": [{"token": "play:T21", "label": "XXI"}]}
    assert layout.family_of(tarot) == "tarot"
    img = hand.hand(tarot)
    assert img.width >= hand.MIN_WIDTH
    dracula = {"game": "dracula", "players": 2, "viewer": 1, "to_move": [1], "status": "{p1} to place",
               "hand": ["X1", "5H"], "legal": [{"token": "place:X1@00", "label": "Vampire"}]}
    assert layout.variant_of(dracula) == "dracula"
    hand.hand(dracula)
    big: dict[str, Any] = {"game": "fan-tan", "players": 2, "viewer": 0, "status": "", "hand": RULES.sort_cards(
        [r + s for s in "SHCD" for r in ("A", "2", "3", "4", "5", "6", "7", "8")])}
    tall = hand.hand(big)
    one_row = hand.hand({**big, "hand": big["hand"][:13]})
    assert tall.height > one_row.height  # 32 cards wrap into rows


# --- layout helpers --------------------------------------------------------------------------

def test_names_helper() -> None:
    assert layout.names({"players": 3}) == ["Player 1", "Player 2", "Player 3"]
    assert layout.names({"players": 3, "names": ["Ann"]}) == ["Ann", "Player 2", "Player 3"]
    assert layout.named({"players": 2, "names": ["Ann", "Bo"]}, "{p1} beats {p0}") == "Bo beats Ann"


@pytest.mark.parametrize("n", [1, 2, 13, 26, 28])
def test_fan_positions_fit_and_keep_order(n: int) -> None:
    groups = [n // 2, n - n // 2] if n > 1 else [1]
    xs = card_rows.fan_positions(groups, 68, 812, max_step=42, group_gap=10)
    assert len(xs) == n
    assert xs == sorted(xs)
    assert card_rows.row_width(xs, 68) <= 812 + 1e-6
    steps = [b - a for a, b in itertools.pairwise(xs)]
    assert all(s >= 68 * layout.INDEX_SHOWN - 1e-6 for s in steps), "every index stays visible"


def test_fan_weights_widen_some_steps() -> None:
    xs = card_rows.fan_positions([4], 110, 2000, max_step=50, weights=[1.5, 1, 1, 1])
    assert xs == [0, 75, 125, 175]


def test_split_rows() -> None:
    cards = [f"{r}{s}" for s in "SHCD" for r in ("A", "2", "3", "4", "5", "6", "7")]  # 28
    assert [len(r) for r in card_rows.split_rows(cards, 14)] == [14, 14]
    assert [len(r) for r in card_rows.split_rows(cards[:13], 14)] == [13]
    suits = layout.suit_group()
    uneven = cards[:5] + cards[7:14] + cards[14:28]  # 5 S, 7 H, 14 more
    rows = card_rows.split_rows(uneven, 14, suits, slack=3)
    assert sum(len(r) for r in rows) == len(uneven) and len(rows) == 2
    assert suits(rows[0][-1]) != suits(rows[1][0]), "the break falls between suits"
    assert card_rows.split_rows([], 14) == []


def test_draw_number_and_rich_text() -> None:
    img, draw = layout.canvas(200, 100)
    layout.draw_number(draw, (100, 50), 10.5, 40, (255, 255, 255))
    assert img.getbbox()
    assert layout.rich_parts("7\u2665: 14") == (("text", "7"), ("suit", "H"), ("text", ": 14"))
    assert layout.rich_width("7\u2665", 24) > layout.rich_width("7", 24)
    assert layout.ellipsize("a very long line of text", 24, 80).endswith("...")
    assert all(fonts.text_width(line, 24) <= 200 for line in layout.wrap("one two three four five six seven", 24, 200))


def test_to_png_maps_to_the_fixed_palette_and_squeezes_only_when_too_big() -> None:
    # A small picture is saved at zlib's level 6 whatever its size; a large one (over a million
    # pixels) fast, and again harder only when it is above the limit.
    img, draw = layout.canvas(1100, 1000)
    layout.header(img, draw, "Fosco", "Deal 1")
    rng = random.Random(1)
    img.paste(Image.frombytes("RGB", (1100, 400), rng.randbytes(1100 * 400 * 3)), (0, 600))
    full = layout.to_png(img, limit=10**9)
    small = layout.to_png(img, limit=1_000)
    assert full.startswith(PNG_MAGIC) and small.startswith(PNG_MAGIC)
    assert len(small) < len(full)
    assert layout.to_png(img.crop((0, 0, 600, 382)), limit=1_000) == layout.to_png(img.crop((0, 0, 600, 382)))
    with Image.open(io.BytesIO(full)) as a, Image.open(io.BytesIO(small)) as b:
        assert a.mode == b.mode == "P" and a.tobytes() == b.tobytes()
        assert a.getpalette() == palette_image().getpalette()
        flat = a.convert("RGB").getpixel((0, 0))
    assert flat == img.getpixel((0, 0)), "theme colours are in the palette exactly"


def test_panels_draw_inside_their_boxes(drawn: list[str]) -> None:
    img, draw = layout.canvas(600, 400)
    layout.header(img, draw, "Dracula", "Deal 1 of 3 \u00b7 rows")
    layout.status_line(img, draw, (10, 60, 590, 110), "Ann to place a card \u2192 row 2")
    badges.badge(img, draw, (10, 120), "Ann", colour=layout.seat_colour(0), to_move=True, score=12,
                 show_suit=True, suit="H", note="5 cards")
    rows = [badges.ScoreRow("Ann", layout.seat_colour(0), "12", "+3", winner=True),
            badges.ScoreRow("Bo", layout.seat_colour(1), "7")]
    badges.score_panel(img, draw, (10, 170, 290, 170 + badges.score_panel_height(2)), rows)
    log_panel.log_panel(img, draw, (300, 170, 590, 300), ["{p0} plays 7\u2665", "a much longer line " * 5])
    badges.progress_bar(draw, (300, 310, 590, 320), 12, 31, layout.seat_colour(0), extra=4)
    layout.banner(img, draw, (10, 330, 590, 395), "Game over", "Ann wins")
    boxes = card_rows.card_row(img, ["AS", "KH", "X1"], (300, 120, 590, 300), card_width=40,
                            group=layout.suit_group(), raised={"KH"}, dim={"AS"}, highlight={"X1"})
    assert all(b[0] >= 300 and b[2] <= 590 for b in boxes)
    assert boxes[1][1] < boxes[0][1], "the raised card sits higher"
    assert any("Ann" in t for t in drawn) and all(all(has_glyph(c) for c in t) for t in drawn)


def test_has_table_tells_which_games_can_be_drawn() -> None:
    assert renderers.has_table("fosco") and renderers.has_table("dracula")
    assert renderers.has_table("fscking-ace")
    assert not renderers.has_table("layout") and not renderers.has_table("settlement")


def test_an_older_log_line_that_does_not_fit_whole_is_left_out_not_cut() -> None:
    """Issue 44: a cut line lost a name or a score; the newest is shown whole where the panel holds it."""
    long = "Easy computer 1 calls bullshit on Easy computer 2: not all Aces, and picks up the pile of 14 cards"
    shown = log_panel.log_lines(["Ann plays 7\u2665", long, "Ann plays 8\u2665"], 17, 200, 4, 4, 1)
    assert [text for text, _ in shown] == ["Ann plays 8\u2665"]  # the long line would need more than one line
    names = ["Ann", "Easy computer 1", "Easy computer 2"]
    shown = log_panel.log_lines([long], 17, 300, 2, 2, 2, names)  # three lines whole, two shortened
    said = " ".join(text for text, _ in shown)
    assert "..." not in said and "Easy 1 calls bullshit on Easy 2" in said and said.endswith("14 cards")
