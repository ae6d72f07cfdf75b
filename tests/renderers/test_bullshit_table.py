"""The Bullshit table and hand images: real game states (stacked decks are dealt one card at a time
from the top, seat 0 first), what each shows, and that no picture shows a card its viewer may not
see: the pile stays face down whatever it holds, and only a call turns cards up. The table is laid
out for Discord's inline box (renderers.games.bullshit.table): exactly COPY_SIZE, every text at
least COPY_TEXT_MIN px and every face-up card COPY_CARD_WIDTH wide."""

from __future__ import annotations

import copy
import functools
import importlib
import io
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from games import registry
from games.bullshit.rules import BullshitState
from games.core import decks
from games.core.base import State
from renderers import render_hand, render_table
from renderers.games import bullshit
from renderers.games.bullshit import parts, seats
from renderers.games.bullshit.seats import Chip
from renderers.games.bullshit.table import Picture, turned_note
from renderers.games.bullshit.view import merged_log
from renderers.kit import card_rows, fonts, layout, regions, shown
from renderers.kit.theme import card_height
from renderers.tools.gallery import play
from tests.games.stacking import deck_for

RULES = registry.get("bullshit")
NAMES = ["Ann", "Bo", "Cyrille", "Dmitri", "Eve", "Fatima", "Gustavo", "Hiroko", "Ines", "Jonathan"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# The table's module (the package's ``table`` is its drawer, which hides the module of that name).
TABLE = importlib.import_module("renderers.games.bullshit.table")


@pytest.fixture
def texts(drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``drawn``, with every seat's chip drawn afresh (so that the texts on them are recorded)."""
    monkeypatch.setattr(seats, "chip_sprite", seats.chip_sprite.__wrapped__)
    return drawn


@pytest.fixture
def chips(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Chip, ...]]:
    """The seats' chips of every table drawn while the test runs, a tuple a table."""
    drawn: list[tuple[Chip, ...]] = []
    real = seats.paste_chips

    def recording(img: Image.Image, box: layout.Box, strip: tuple[Chip, ...]) -> None:
        drawn.append(tuple(strip))
        real(img, box, strip)

    monkeypatch.setattr(TABLE, "paste_chips", recording)
    return drawn


def game(players: int = 4, hands: list[list[str]] | None = None) -> BullshitState:
    """A game dealt by the last seat, so that seat 0 (given the A♠ here) plays first."""
    pack = decks.standard() * (1 if players <= 6 else 2)
    base, extra = divmod(len(pack), players)
    sizes = [base + (1 if s < extra else 0) for s in range(players)]
    deck = deck_for(pack, sizes, hands or [["AS", "AH", "KS", "7D"], ["2C", "2D", "QS"]])
    state = RULES.new_game(players, seed=3, options={"first_dealer": players - 1}, deck=deck)
    assert isinstance(state, BullshitState) and state.to_move == {0}
    return state


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat) | {"names": NAMES[: state.players]}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def same(a: bytes, b: bytes) -> bool:
    return ImageChops.difference(image(a), image(b)).getbbox() is None


@functools.cache
def history(players: int) -> tuple[State, ...]:
    return tuple(play("bullshit", players, seed=5))


def moments(players: int) -> Iterator[State]:
    """The start, the first open window, the first call turned up, the first play that stood
    and the end of a seeded random game."""
    states = history(players)
    views = [s.view(None) for s in states]
    yield states[0]
    yield from [s for s, v in zip(states, views, strict=True) if v["window"]][:1]
    yield from [s for s, v in zip(states, views, strict=True) if v["reveal"]][:1]
    yield from [s for s, v in zip(states, views, strict=True) if not v["window"] and not v["reveal"] and v["pile"]][:1]
    yield states[-1]


# -- the table -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(3, 11))
def test_every_table_size_draws_the_same_box_sized_table_for_players_and_spectators(players: int) -> None:
    for state in moments(players):
        mover = min(state.to_move) if state.to_move else 0
        table = render_table("bullshit", view(state, mover))
        assert table.startswith(PNG_MAGIC) and len(table) < layout.PNG_LIMIT
        assert same(table, render_table("bullshit", view(state)))  # the table shows no hand
        assert image(table).size == shown.COPY_SIZE
        hand = render_hand("bullshit", view(state, mover))
        assert hand.startswith(PNG_MAGIC) and len(hand) < layout.PNG_LIMIT


def disjoint(a: layout.Box, b: layout.Box) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("players", range(3, 11))
def test_the_parts_never_overlap_and_every_text_and_card_reads_in_the_box(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The status, the band, the seats and what lies under them stack inside the picture; every
    text is drawn at COPY_TEXT_MIN px or more and every face-up card (those a call turned up) at
    COPY_CARD_WIDTH, inside the felt they lie in."""
    sizes: list[int] = []
    real_mask = fonts.text_mask
    real_text = ImageDraw.ImageDraw.text

    def mask(text: str, size: int, *args: Any) -> Any:
        sizes.append(size)
        return real_mask(text, size, *args)

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> None:
        sizes.append(int(kwargs["font"].size))
        real_text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(fonts, "text_mask", mask)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    monkeypatch.setattr(seats, "chip_sprite", seats.chip_sprite.__wrapped__)
    boxes: list[layout.Box] = []  # the face-up cards' of a table
    real_card = card_rows.paste_card

    def card(img: Image.Image, token: str | None, xy: Any, **kwargs: Any) -> layout.Box:
        box = real_card(img, token, xy, **kwargs)
        if token is not None:
            assert kwargs["card_width"] >= shown.COPY_CARD_WIDTH
            boxes.append(box)
        return box

    monkeypatch.setattr(card_rows, "paste_card", card)
    width, height = shown.COPY_SIZE
    for state in moments(players):
        picture = Picture(view(state))
        areas = [picture.status_box, picture.band, picture.strip, picture.bottom]
        assert all(0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height for x0, y0, x1, y1 in areas)
        assert all(a[3] < b[1] for a, b in itertools.pairwise(areas))
        sizes.clear()
        boxes.clear()
        assert picture.draw().size == shown.COPY_SIZE
        assert sizes and min(sizes) >= shown.COPY_TEXT_MIN
        x0, y0, x1, y1 = picture.bottom
        assert all(x0 < a[0] and a[2] < x1 and y0 < a[1] and a[3] < y1 for a in boxes)
        assert len(boxes) == len((state.view(None)["reveal"] or {}).get("cards") or [])


def test_the_pile_looks_the_same_whatever_it_hides() -> None:
    """Seat 0 plays the A♠ as an Ace, or the K♠: every other seat and a spectator see the same
    table (and the same hands) while the play lies face down, until a call turns it up."""
    start = game()
    honest, bluff = start.apply(0, "play:AS"), start.apply(0, "play:KS")
    for a, b in ((honest, bluff), (honest.apply(1, "pass"), bluff.apply(1, "pass"))):
        for seat in (1, 2, 3, None):
            assert same(render_table("bullshit", view(a, seat)), render_table("bullshit", view(b, seat)))
        for seat in (1, 2, 3):
            assert render_hand("bullshit", view(a, seat)) == render_hand("bullshit", view(b, seat))
    called = (honest.apply(2, "call"), bluff.apply(2, "call"))
    assert not same(render_table("bullshit", view(called[0])), render_table("bullshit", view(called[1])))


@pytest.mark.parametrize("players", [4, 10])
def test_only_the_cards_a_call_turned_up_and_the_viewers_own_are_drawn_face_up(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    faces: list[str] = []
    real = card_rows.paste_card

    def recording(img: Image.Image, token: str | None, *args: Any, **kwargs: Any) -> layout.Box:
        if token is not None:
            faces.append(token)
        return real(img, token, *args, **kwargs)

    monkeypatch.setattr(card_rows, "paste_card", recording)
    for state in history(players)[::3]:
        public = state.view(None)
        turned_up = set((public["reveal"] or {}).get("cards") or [])
        for seat in (min(state.to_move) if state.to_move else 0, None):
            faces.clear()
            bullshit.table(view(state, seat))
            assert set(faces) == turned_up
            faces.clear()
            bullshit.hand(view(state, seat))
            assert set(faces) <= set(state.view(seat)["hand"] or [])
            assert not set(faces) & state.hidden_cards(seat)


def test_rendering_is_pure_and_the_same_whatever_was_drawn_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sprite and text caches change nothing: each view gives the same picture drawn again,
    in the other order, with every chip and part drawn in place or after the caches were emptied; drawing
    never changes a view."""
    views = [view(state, seat) for players in (3, 10) for state in moments(players)
             for seat in (min(state.to_move) if state.to_move else 0, None)]
    before = copy.deepcopy(views)
    tables = [render_table("bullshit", v) for v in views]
    hands = [render_hand("bullshit", v) for v in views]
    assert [render_table("bullshit", v) for v in reversed(views)][::-1] == tables
    monkeypatch.setattr(seats, "chip_sprite", seats.chip_sprite.__wrapped__)
    monkeypatch.setattr(regions, "REGIONS", regions.RegionCache(budget=0))
    assert [render_table("bullshit", v) for v in views] == tables, "a kept chip or part is not the one drawn in place"
    monkeypatch.undo()
    for cached in (parts.pile_sprite, seats.chip_sprite, parts.cross,
                   parts.verdict_mark, layout.rich_width, layout.ellipsize):
        cached.cache_clear()
    regions.REGIONS.clear()
    assert [render_table("bullshit", v) for v in views] == tables
    assert [render_hand("bullshit", v) for v in views] == hands
    assert views == before


def test_the_pile_grows_with_its_size_up_to_a_point() -> None:
    heights = [parts.pile_sprite(parts.layers_for(n)).height for n in range(1, 60)]
    assert heights == sorted(heights) and heights[-1] > heights[0] + 30
    assert parts.layers_for(40) == parts.layers_for(104) == parts.MOST_LAYERS


def test_the_window_shows_the_claim_and_who_may_still_call(texts: list[str], chips: list[tuple[Chip, ...]]) -> None:
    state = game().apply(0, "play:KS,7D")
    bullshit.table(view(state))
    assert {"Ann says", "2", "Aces", "Bo plays", "2s"} <= set(texts)
    assert any(t.startswith("Call it or let it stand") for t in texts)
    (strip,) = chips
    assert [c.waiting for c in strip] == [False, True, True, True]  # Ann just played: the rest may call
    assert [c.nxt for c in strip] == [False, True, False, False] and [c.cards for c in strip] == [11, 13, 13, 13]
    texts.clear()
    chips.clear()
    bullshit.table(view(state.apply(2, "pass")))
    (strip,) = chips
    assert [c.waiting for c in strip] == [False, True, False, True]  # Cyrille let it stand
    assert any(t.startswith("Call it or let it stand") for t in texts)  # the seats tell who may still call


def quietly(state: State) -> State:
    """``state`` with every open window passed by all who may call."""
    while state.view(None)["window"] is not None:
        state = state.apply(min(state.to_move), "pass")
    return state


def test_last_cards_are_announced(texts: list[str]) -> None:
    state: State = game()
    while True:  # four cards a turn, nobody calling, until someone can play their last
        state = quietly(state)
        seat = state.view(None)["turn"]
        held = state.view(seat)["hand"]
        state = state.apply(seat, "play:" + ",".join(held[:4]))
        if len(held) <= 4:
            break
    assert state.view(None)["window"]["last_cards"]
    bullshit.table(view(state))
    assert "Last cards!" in texts
    assert any(t.startswith(f"Unless it is called, {NAMES[seat]} wins") for t in texts)  # the first out wins


@pytest.mark.parametrize(("played", "lie"), [("KS", True), ("AS", False)])
def test_a_call_turns_the_play_up_and_says_who_picks_up_the_pile(
        played: str, lie: bool, texts: list[str], chips: list[tuple[Chip, ...]]) -> None:
    state = game().apply(0, f"play:{played}").apply(1, "call")
    assert state.view(None)["reveal"]["lie"] is lie
    bullshit.table(view(state))
    taker = "Ann" if lie else "Bo"
    assert {"Lie!" if lie else "True!", f"{taker} picks up 1", "Bo called Ann's",
            "It was not an Ace" if lie else "It was an Ace"} <= set(texts)
    assert not any(t.startswith("Call it or let it stand") for t in texts)
    (strip,) = chips
    assert not any(c.waiting for c in strip) and strip[0 if lie else 1].cards == 13 + (not lie)


def test_the_game_line_tells_the_deal_and_the_rules() -> None:
    four, eight = Picture(view(game())), Picture(view(history(8)[0]))
    assert four.head_texts() == ("Bullshit (Cheat)", "Dmitri deals \u00b7 1 pack \u00b7 1-4 cards a play")
    assert "2 packs \u00b7 1-8 cards a play" in eight.head_texts()[1]
    placed = RULES.new_game(3, seed=3, options={"places": True})
    assert Picture(view(placed)).head_texts()[1].endswith("play on for places \u00b7 1-4 cards a play")


def test_a_game_played_on_for_places_ends_with_the_places(texts: list[str], chips: list[tuple[Chip, ...]]) -> None:
    state = RULES.new_game(3, seed=3, options={"places": True})
    seen = 0
    while not state.is_over:  # one card a play, every play let stand: seats go out in turn
        seat = min(state.to_move)
        state = state.apply(seat, "pass" if state.view(None)["window"] else "play:" + state.view(seat)["hand"][0])
        if state.view(None)["out"] and (state.view(None)["window"] or {}).get("last_cards"):
            texts.clear()
            bullshit.table(view(state))  # a second seat's last cards: out in its place, not winning
            who = NAMES[state.view(None)["window"]["seat"]]
            assert any(t.startswith(f"Unless it is called, {who} is out") for t in texts)
            seen += 1
    assert seen
    out = state.view(None)["out"]
    assert len(out) == 2  # the last one left is last
    last = ({0, 1, 2} - set(out)).pop()
    texts.clear()
    chips.clear()
    bullshit.table(view(state))
    assert f"{NAMES[out[0]]} wins" in texts
    assert f"2nd {NAMES[out[1]]} \u00b7 3rd {NAMES[last]}" in texts
    assert [c.place for c in chips[0]] == [out.index(s) + 1 if s in out else 0 for s in range(3)]


def card_white(img: Image.Image, box: tuple[float, float, float, float]) -> int:
    """How many pixels of ``box`` are the white of a card's face (text is a little greyer)."""
    crop = img.crop((round(box[0]), round(box[1]), round(box[2]), round(box[3]))).convert("L")
    return sum(crop.histogram()[249:])


def test_the_cards_a_call_turns_up_lie_face_up_under_the_seats() -> None:
    before = game().apply(0, "play:KS")
    after = before.apply(1, "call")
    counts = []
    for state in (before, after):
        bottom = Picture(view(state)).bottom
        counts.append(card_white(image(render_table("bullshit", view(state))), bottom))
    face = shown.COPY_CARD_WIDTH * card_height(shown.COPY_CARD_WIDTH)
    assert counts[1] > counts[0] + face // 4  # the K\u2660 face up where the plays were listed


# -- the hand ------------------------------------------------------------------------------------

def raised_in_hand(view_: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> set[str]:
    raised: set[str] = set()
    real = card_rows.draw_cards

    def recording(img: Image.Image, cards: Any, xs: Any, y: float, **kwargs: Any) -> list[layout.Box]:
        raised.update(kwargs.get("raised") or ())
        return real(img, cards, xs, y, **kwargs)

    monkeypatch.setattr(card_rows, "draw_cards", recording)
    bullshit.hand(view_)
    monkeypatch.undo()
    return raised


def of_rank(state: State, seat: int, rank: str) -> set[str]:
    return {c for c in state.view(seat)["hand"] if c[:-1] == rank}


def test_the_hand_raises_the_cards_of_the_rank_declared_next(monkeypatch: pytest.MonkeyPatch) -> None:
    start = game()
    assert raised_in_hand(view(start, 0), monkeypatch) == of_rank(start, 0, "A") >= {"AS", "AH"}
    state = start.apply(0, "play:KS")
    assert view(state, 1)["rank"] == "2"
    assert raised_in_hand(view(state, 1), monkeypatch) == of_rank(state, 1, "2") >= {"2C", "2D"}  # plays 2s next
    assert raised_in_hand(view(state, 2), monkeypatch) == of_rank(state, 2, "2")  # may only call: still the 2s
    assert raised_in_hand(view(state), monkeypatch) == set()  # a spectator holds nothing


def test_the_hand_tells_how_many_of_the_claimed_rank_the_viewer_holds(texts: list[str]) -> None:
    state = game().apply(0, "play:KS,7D")
    held = state.view(2)["hand"]
    twos, aces = (sum(1 for c in held if c[:-1] == r) for r in ("2", "A"))
    bullshit.hand(view(state, 2))
    assert {"NEXT PLAY", f"2s \u00b7 you hold {twos or 'none'}", "Ann says", "Aces",
            f" \u00b7 you hold {aces or 'none'}", "pile 2"} <= set(texts)


def test_passes_are_told_in_one_line() -> None:
    log = ["{p0} plays 2 \u00d7 Kings", "{p1} lets it stand", "{p2} lets it stand", "{p3} lets it stand",
           "{p1} plays 1 \u00d7 Ace", "{p2} lets it stand"]
    assert merged_log(log) == ["{p0} plays 2 \u00d7 Kings", "{p1}, {p2} and {p3} let it stand",
                                        "{p1} plays 1 \u00d7 Ace", "{p2} lets it stand"]


def test_rank_words_places_and_what_a_call_turned_up() -> None:
    assert [parts.rank_word(r, n) for r, n in (("A", 1), ("K", 3), ("10", 2), ("2", 1))] == \
        ["Ace", "Kings", "10s", "2"]
    assert [parts.ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 21)] == \
        ["1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "21st"]
    turned = (["KS"], ["2S"], ["KS", "KH"], ["KS", "2H"], ["2S", "3H"])
    assert [turned_note(cards, "K") for cards in turned] == \
        ["It was a King", "It was not a King", "All 2 were Kings", "Only 1 of 2 were Kings", "None of the 2 were Kings"]
    assert turned_note(["8S"], "8") == "It was an 8"
